//! `mex domineering GRID`.

use crate::output::{fields, Output};
use clap::Args;
use mex_core::partizan::domineering::{Domineering, Grid};
use mex_core::partizan::notation;
use mex_core::partizan::ruleset::Evaluator;
use mex_core::partizan::store::GameStore;
use mex_core::MexError;
use serde_json::json;

/// Domineering (Left vertical, Right horizontal): canonical value and
/// outcome, with decomposition into regions and symmetry.
#[derive(Args)]
#[command(
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

pub fn run(a: &DomineeringArgs) -> Result<Output, MexError> {
    let grid = Grid::parse(&a.grid)?;
    let mut store = GameStore::with_budget(mex_core::partizan::store::DEFAULT_BUDGET);
    let g = Evaluator::new(Domineering::default(), 1 << 24).value(&mut store, &grid)?;
    let canonical = notation::try_show(&store, g, notation::MAX_PRINTED)?;
    let outcome = store.try_outcome(g)?;
    let text = fields(&[
        ("canonical", canonical.clone()),
        ("outcome", format!("{outcome:?}")),
    ]);
    Ok(Output::new(
        json!({"canonical": canonical, "outcome": outcome}),
        text,
    ))
}
