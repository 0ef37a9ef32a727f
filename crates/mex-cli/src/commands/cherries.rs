//! `mex cherries` and `mex stack-cherries`.

use crate::output::{fields, Output, Report};
use clap::Args;
use mex_core::partizan::cherries::{self, Cherries};
use mex_core::partizan::notation;
use mex_core::partizan::ruleset::Evaluator;
use mex_core::partizan::store::GameStore;
use mex_core::MexError;
use serde::Serialize;

/// `mex cherries --help`: what it computes and the rules.
pub const CHERRIES_ABOUT: &str = "Cherries: the value of a position (an integer) and its outcome.

Rules: rows of black (B, Left's) and white (W, Right's) cherries. A move takes one
cherry of one's own colour from either end of a row. Whoever cannot move loses.";

/// `mex stack-cherries --help`: what it computes and the rules.
pub const STACK_CHERRIES_ABOUT: &str =
    "Stack Cherries: the value of a position (an integer) and its outcome.

Rules: rows (stacks) of black (B, Left's) and white (W, Right's) cherries. A move
takes one cherry of one's own colour from the front of a row, never from the back.
Whoever cannot move loses.";

/// The position and options of `mex cherries` and `mex stack-cherries`
/// (their descriptions are on their subcommands in main.rs).
#[derive(Args)]
#[command(
    after_help = "A position is rows of B (Left's, black) and W (Right's, white), front first,
separated by spaces. Values come from closed forms (Theorem 6.2.1 of van den Bergh 2023
for stacks; the closed form in docs for rows); --engine recomputes them with
the canonical-form engine.

Examples:
  mex cherries \"BWB WWB\"
  mex stack-cherries \"BBWB WWB\" --json
  mex cherries \"BWWBB\" --engine"
)]
pub struct CherriesArgs {
    /// The position, e.g. "BWB WWB".
    position: String,
    /// Compute with the canonical-form engine instead of the closed forms
    /// (rows of at most 200 cherries).
    #[arg(long)]
    engine: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Longest row for the engine.
const MAX_ENGINE_ROW: usize = 200;

pub fn run(a: &CherriesArgs, game: Cherries) -> Result<Output, MexError> {
    let rows = cherries::parse_rows(&a.position)?;
    let value = if a.engine {
        if let Some(r) = rows.iter().find(|r| r.len() > MAX_ENGINE_ROW) {
            return Err(MexError::too_large(
                format!("a row of {} cherries for the engine", r.len()),
                format!("{MAX_ENGINE_ROW} cherries"),
                "drop --engine to use the closed forms",
            ));
        }
        let mut store = GameStore::with_budget(mex_core::partizan::store::DEFAULT_BUDGET);
        let mut ev = Evaluator::new(game, 1 << 24);
        let g = ev.value(&mut store, &rows)?;
        match notation::as_number(&store, g) {
            Some((v, 0)) => v,
            _ => {
                return Err(MexError::NotFound {
                    what: format!("the value {} is not an integer", notation::show(&store, g)),
                })
            }
        }
    } else {
        cherries::position_value(game, &rows)
    };
    Ok(Output::report(CherriesResult {
        value,
        outcome: match value.signum() {
            1 => "L",
            -1 => "R",
            _ => "P",
        },
        engine: a.engine,
    }))
}

/// The value of a Cherries position (an integer) and its outcome class.
#[derive(Serialize)]
struct CherriesResult {
    value: i64,
    /// "L", "R" or "P".
    outcome: &'static str,
    #[serde(skip)]
    engine: bool,
}

impl Report for CherriesResult {
    fn text(&self) -> String {
        let method = if self.engine {
            "canonical-form engine"
        } else {
            "closed forms"
        };
        fields(&[
            ("value", self.value.to_string()),
            ("outcome", self.outcome.to_string()),
            ("method", method.to_string()),
        ])
    }
}
