//! `mex domineering GRID`.

use crate::number::in_range;
use crate::output::{fields, Output, Report};
use clap::Args;
use mex_core::partizan::domineering::{Domineering, Grid, MAX_CELLS};
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
    after_help = "A grid is HxW (a full rectangle) or rows of . (free) and # (taken) separated by /.

Examples:
  mex domineering 4x4 --json
  mex domineering \"..#./..../....\""
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

/// Checks a `HxW` size before the library does, so that a side of 0 is
/// named as too small, and that the grid is not empty.
fn check_size(text: &str) -> Result<(), MexError> {
    if text.trim().chars().all(|c| c == '/' || c.is_whitespace()) {
        return Err(MexError::invalid(
            "the grid is empty",
            "HxW such as 4x4, or rows of . and # separated by / such as ..#/.../...",
        ));
    }
    let Some((h, w)) = text.trim().split_once(['x', 'X']) else {
        return Ok(());
    };
    if let (Ok(h), Ok(w)) = (h.trim().parse::<u32>(), w.trim().parse::<u32>()) {
        in_range("the grid height", h, 1, MAX_CELLS)?;
        in_range("the grid width", w, 1, MAX_CELLS)?;
    }
    Ok(())
}

pub fn run(a: &DomineeringArgs) -> Result<Output, MexError> {
    check_size(&a.grid)?;
    let grid = Grid::parse(&a.grid)?;
    let mut store = GameStore::with_budget(mex_core::partizan::store::DEFAULT_BUDGET);
    let g = Evaluator::new(Domineering::default(), 1 << 24).value(&mut store, &grid)?;
    Ok(Output::report(DomineeringResult {
        canonical: notation::try_show(&store, g, notation::MAX_PRINTED)?,
        outcome: store.try_outcome(g)?,
    }))
}
