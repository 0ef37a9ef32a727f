//! `mex sum`.

use crate::output::{fields, table, Output};
use clap::Args;
use mex_core::impartial::sum;
use mex_core::MexError;
use serde_json::json;

/// A sum of components of mixed rulesets: Grundy values, nim-sum, outcome
/// and every winning move.
#[derive(Args)]
#[command(after_help = "Component syntax:
  nim:N                a Nim heap (any size, e.g. nim:2^200)
  subtraction:S:N      heap N of the subtraction game S (e.g. subtraction:1,3,4:9)
  octal:CODE:N         heap N of a take-and-break code (e.g. octal:0.07:20)
  domino:N             a free 1xN strip of the domino game (same as octal:0.07:N)
  wythoff:X,Y          Wythoff's game at (X, Y), piles up to 512

Example:
  mex sum nim:5 octal:0.07:20 subtraction:1,3,4:9 wythoff:3,5")]
pub struct SumArgs {
    /// The components.
    #[arg(required = true)]
    components: Vec<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &SumArgs) -> Result<Output, MexError> {
    let parsed = a
        .components
        .iter()
        .map(|c| sum::Component::parse(c))
        .collect::<Result<Vec<_>, _>>()?;
    let r = sum::analyse(&parsed)?;
    let comps: Vec<_> = parsed
        .iter()
        .zip(&r.grundy_values)
        .map(|(c, g)| json!({"component": c.text(), "grundy": g.to_string()}))
        .collect();
    let moves: Vec<_> = r
        .winning_moves
        .iter()
        .map(|m| json!({"component": m.component, "from": m.from, "to": m.to}))
        .collect();
    let rows: Vec<Vec<String>> = parsed
        .iter()
        .zip(&r.grundy_values)
        .enumerate()
        .map(|(i, (c, g))| vec![i.to_string(), c.text(), g.to_string()])
        .collect();
    let mut text = table(&["#", "component", "grundy"], &rows);
    text += &fields(&[
        ("nim-sum", r.nim_sum.to_string()),
        ("outcome", r.outcome.to_string()),
    ]);
    let mrows: Vec<Vec<String>> = r
        .winning_moves
        .iter()
        .map(|m| {
            vec![
                m.component.to_string(),
                m.from.clone(),
                if m.to.is_empty() {
                    "(nothing)".into()
                } else {
                    m.to.join(" + ")
                },
            ]
        })
        .collect();
    if !mrows.is_empty() {
        text += "winning moves:\n";
        text += &table(&["#", "from", "to"], &mrows);
    }
    Ok(Output::new(
        json!({"components": comps, "nim_sum": r.nim_sum.to_string(), "outcome": r.outcome, "winning_moves": moves}),
        text,
    ))
}
