//! `mex domineering GRID`.

use crate::output::{fields, Output, Report};
use clap::Args;
use mex_core::partizan::domineering::{Domineering, Grid};
use mex_core::partizan::notation;
use mex_core::partizan::ruleset::Evaluator;
use mex_core::partizan::store::{GameStore, OutcomeClass};
use mex_core::MexError;
use serde::Serialize;

/// Domineering (Left vertical, Right horizontal): canonical value and
/// outcome, with decomposition into regions and symmetry.
#[derive(Args)]
#[command(
    long_about = "Domineering (Left vertical, Right horizontal): canonical value and outcome,
with decomposition into regions and symmetry.

Rules: a grid of free squares; Left places a domino on two vertically adjacent
free squares, Right on two horizontally adjacent ones. Whoever cannot move
loses.",
    after_help = "A grid is HxW (a full rectangle) or rows of . (free) and # (taken) separated
by /, | or newlines, of at most 64 cells. Before searching, the board's regions
are bounded by their sets of disjoint dominoes (at most 10^8 in all: every
rectangle up to 5x6); # cells that split a board into regions make larger
boards searchable.

Examples:
  mex domineering 4x4 --json
  mex domineering \"..#./..../....\"
  mex domineering \"......../......../......../########/......../......../########/........\""
)]
pub struct DomineeringArgs {
    /// The grid.
    grid: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The canonical value and outcome class of a grid.
#[derive(Serialize)]
struct DomineeringResult {
    canonical: String,
    outcome: OutcomeClass,
}

impl Report for DomineeringResult {
    fn text(&self) -> String {
        fields(&[
            ("canonical", self.canonical.clone()),
            ("outcome", format!("{:?}", self.outcome)),
        ])
    }
}

/// Refuses a grid with no rows before the library reads it (sizes, too
/// small or too large, are the library's to check).
fn check_not_empty(text: &str) -> Result<(), MexError> {
    if text.trim().chars().all(|c| c == '/' || c.is_whitespace()) {
        return Err(MexError::invalid(
            "the grid is empty",
            "HxW such as 4x4, or rows of . and # separated by / or | such as ..#/.../...",
        ));
    }
    Ok(())
}

pub fn run(a: &DomineeringArgs) -> Result<Output, MexError> {
    check_not_empty(&a.grid)?;
    let grid = Grid::parse(&a.grid)?;
    grid.check_search()?;
    let mut store = GameStore::with_budget(mex_core::partizan::store::DEFAULT_BUDGET);
    let g = Evaluator::new(Domineering::default(), 1 << 24).value(&mut store, &grid)?;
    Ok(Output::report(DomineeringResult {
        canonical: notation::try_show(&store, g, notation::MAX_PRINTED)?,
        outcome: store.try_outcome(g)?,
    }))
}
