//! `mex nim` and `mex mex`.

use crate::output::{fields, table, Output};
use clap::Args;
use mex_core::bigint::parse_natural;
use mex_core::impartial::{mex, nim};
use mex_core::MexError;
use serde_json::json;

/// Nim: nim-sum, outcome and every winning move (piles of any size).
#[derive(Args)]
#[command(after_help = "Examples:\n  mex nim 25 21 11\n  mex nim 2^200 5 --json")]
pub struct NimArgs {
    /// Pile sizes: non-negative integers of any size (2^200 allowed).
    #[arg(required = true)]
    piles: Vec<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The MEX of a set of non-negative integers.
#[derive(Args)]
#[command(after_help = "Example:\n  mex mex 0 1 3   # prints 2")]
pub struct MexArgs {
    /// The values.
    values: Vec<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &NimArgs) -> Result<Output, MexError> {
    let piles = a
        .piles
        .iter()
        .map(|p| parse_natural(p))
        .collect::<Result<Vec<_>, _>>()?;
    let r = nim::analyse(&piles);
    let moves: Vec<_> = r
        .winning_moves
        .iter()
        .map(|m| json!({"pile": m.pile, "from": m.from.to_string(), "to": m.to.to_string()}))
        .collect();
    let rows: Vec<Vec<String>> = r
        .winning_moves
        .iter()
        .map(|m| {
            vec![
                m.pile.to_string(),
                m.from.to_string(),
                m.to.to_string(),
                (&m.from - &m.to).to_string(),
            ]
        })
        .collect();
    let mut text = fields(&[
        ("nim-sum", r.nim_sum.to_string()),
        ("outcome", r.outcome.to_string()),
    ]);
    if rows.is_empty() {
        text += "no winning move (P-position: every move loses against best play)\n";
    } else {
        text += &table(&["pile", "from", "to", "remove"], &rows);
    }
    Ok(Output::new(
        json!({"piles": piles.iter().map(|p| p.to_string()).collect::<Vec<_>>(), "nim_sum": r.nim_sum.to_string(), "outcome": r.outcome, "winning_moves": moves}),
        text,
    ))
}

pub fn run_mex(a: &MexArgs) -> Result<Output, MexError> {
    let values = a
        .values
        .iter()
        .map(|v| mex_core::bigint::parse_bounded(v, "value", u32::MAX as u64))
        .collect::<Result<Vec<_>, _>>()?;
    let m = mex::mex(values.iter().copied());
    Ok(Output::new(json!({"mex": m}), format!("{m}\n")))
}
