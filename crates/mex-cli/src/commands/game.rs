//! `mex game EXPRESSION`.

use crate::output::{fields, Output};
use clap::Args;
use mex_core::partizan::notation;
use mex_core::partizan::store::GameStore;
use mex_core::MexError;
use serde_json::json;

/// A short partizan game in the standard notation: its canonical form,
/// outcome class (L, R, N, P), birthday, mean and temperature.
#[derive(Args)]
#[command(
    after_help = "Notation: {1|0}, {2||1|0}, 3/4, -2, *, *3, ^, v, ^*, ±1, joined by + or -.

Examples:
  mex game \"{1|0} + {0|-1}\"
  mex game \"^ + ^ + *\" --json"
)]
pub struct GameArgs {
    /// The expression (may start with '-', e.g. "-1/2").
    #[arg(allow_hyphen_values = true)]
    expression: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &GameArgs) -> Result<Output, MexError> {
    let mut store = GameStore::with_budget(mex_core::partizan::store::DEFAULT_BUDGET);
    let g = notation::parse(&mut store, &a.expression)?;
    let canonical = notation::try_show(&store, g, notation::MAX_PRINTED)?;
    let outcome = store.try_outcome(g)?;
    let birthday = store.birthday(g);
    let thermo = mex_core::partizan::thermograph::Thermographs::default().of(&store, g);
    let (mean, temperature) = (thermo.mean.to_string(), thermo.temperature.to_string());
    let text = fields(&[
        ("canonical", canonical.clone()),
        ("outcome", format!("{outcome:?}")),
        ("birthday", birthday.to_string()),
        ("mean", mean.clone()),
        ("temperature", temperature.clone()),
    ]);
    let json = json!({"canonical": canonical, "outcome": outcome, "birthday": birthday, "mean": mean, "temperature": temperature});
    Ok(Output::new(json, text))
}
