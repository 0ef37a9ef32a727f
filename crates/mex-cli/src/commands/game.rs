//! `mex game EXPRESSION`.

use crate::output::{fields, Output, Report};
use clap::Args;
use mex_core::partizan::notation;
use mex_core::partizan::store::{GameStore, OutcomeClass};
use mex_core::MexError;
use serde::Serialize;

/// A short partizan game in the standard notation: its canonical form,
/// outcome class (L, R, N, P), birthday, mean and temperature.
#[derive(Args)]
#[command(
    after_help = "Notation (CGSuite's): {1|0}, {2||1|0}, 3/4, -2, *, *3, ^ or ↑, v or ↓, ^3 (3·↑, not a
power), ^*, ±1 or +-1, 3±1, 1↑*3, joined by + or -. Printed with slashes and ± as CGSuite
does ({0||0|-1}, 3±1) unless --braces.

Examples:
  mex game \"{1|0} + {0|-1}\"
  mex game \"^ + ^ + *\" --json
  mex game \"{0|{0|-1}}\" --braces"
)]
pub struct GameArgs {
    /// The expression (may start with '-', e.g. "-1/2").
    #[arg(allow_hyphen_values = true)]
    expression: String,
    /// Print games with plain braces at every level (`{0 | {0 | -1}}`)
    /// instead of CGSuite's slashes and `±` (`{0||0|-1}`, `3±1`).
    #[arg(long)]
    braces: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// A short game's canonical form and the quantities derived from it.
#[derive(Serialize)]
struct GameResult {
    canonical: String,
    outcome: OutcomeClass,
    birthday: u32,
    /// An exact rational, e.g. "5/4".
    mean: String,
    /// An exact rational; −1/2^k for a number m/2^k, −1 for an integer.
    temperature: String,
}

impl Report for GameResult {
    fn text(&self) -> String {
        fields(&[
            ("canonical", self.canonical.clone()),
            ("outcome", format!("{:?}", self.outcome)),
            ("birthday", self.birthday.to_string()),
            ("mean", self.mean.clone()),
            ("temperature", self.temperature.clone()),
        ])
    }
}

pub fn run(a: &GameArgs) -> Result<Output, MexError> {
    let mut store = GameStore::with_budget(mex_core::partizan::store::DEFAULT_BUDGET);
    let g = notation::parse(&mut store, &a.expression)?;
    let style = if a.braces {
        notation::Style::Braces
    } else {
        notation::Style::Slashes
    };
    let thermo = mex_core::partizan::thermograph::Thermographs::default().of(&store, g);
    Ok(Output::report(GameResult {
        canonical: notation::try_show_with(&store, g, style, notation::MAX_PRINTED)?,
        outcome: store.try_outcome(g)?,
        birthday: store.birthday(g),
        mean: thermo.mean.to_string(),
        temperature: thermo.temperature.to_string(),
    }))
}
