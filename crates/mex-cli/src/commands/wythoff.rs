//! `mex wythoff`.

use crate::number::natural;
use crate::output::{fields, table, Output, Report};
use clap::Args;
use mex_core::bigint::{parse_bounded, parse_natural};
use mex_core::heap::wythoff;
use mex_core::impartial::Outcome;
use mex_core::MexError;
use num_bigint::BigUint;
use serde::Serialize;

/// Wythoff's game in exact integer arithmetic: P/N and every winning move
/// for piles of any size, the k-th P-position for any k, Grundy values.
#[derive(Args)]
#[command(
    long_about = "Wythoff's game in exact integer arithmetic: P/N and every winning move for
piles of any size, the k-th P-position for any k, Grundy values.

Rules: two piles of tokens; a move takes any positive number of tokens from one
pile, or the same positive number from both. Whoever cannot move (both piles
empty) loses."
)]
#[command(after_help = "Examples:
  mex wythoff 153 289
  mex wythoff --pair 10 --json          # \"pair\": [\"16\", \"26\"]
  mex wythoff --pair 10^40
  mex wythoff 3 5 --grundy")]
pub struct WythoffArgs {
    /// The two piles.
    #[arg(num_args = 2, value_names = ["X", "Y"])]
    piles: Vec<String>,
    /// Print the k-th P-position (a_k, b_k), k ≥ 0.
    #[arg(long, value_name = "K", value_parser = natural)]
    pair: Option<BigUint>,
    /// Also compute the Grundy value of (X, Y) (piles up to 512).
    #[arg(long)]
    grundy: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `mex wythoff`: coordinates as decimal strings (any size).
#[derive(Serialize, Default)]
struct WythoffResult {
    #[serde(skip_serializing_if = "Option::is_none")]
    k: Option<String>,
    /// The k-th P-position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pair: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<u32>,
    /// The positions reached, in pile order.
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<[String; 2]>>,
    /// How each winning move is made, for the text.
    #[serde(skip)]
    how: Vec<String>,
}

impl Report for WythoffResult {
    fn text(&self) -> String {
        let mut text = String::new();
        if let (Some(k), Some([a, b])) = (&self.k, &self.pair) {
            text += &fields(&[(&format!("P-position #{k}"), format!("({a}, {b})"))]);
        }
        if let (Some([x, y]), Some(outcome)) = (&self.position, self.outcome) {
            text += &fields(&[
                ("position", format!("({x}, {y})")),
                ("outcome", outcome.to_string()),
            ]);
        }
        if let Some(g) = self.grundy {
            text += &fields(&[("grundy value", g.to_string())]);
        }
        let moves = self.winning_moves.as_deref().unwrap_or_default();
        if !moves.is_empty() {
            let rows: Vec<Vec<String>> = moves
                .iter()
                .zip(&self.how)
                .map(|([p, q], how)| vec![format!("({p}, {q})"), how.clone()])
                .collect();
            text += &table(&["move to", "how"], &rows);
        }
        text
    }
}

pub fn run(a: &WythoffArgs) -> Result<Output, MexError> {
    let mut r = WythoffResult::default();
    if let Some(k) = &a.pair {
        let (x, y) = wythoff::pair(k);
        r.k = Some(k.to_string());
        r.pair = Some([x.to_string(), y.to_string()]);
    }
    if a.piles.len() == 2 {
        let (x, y) = (parse_natural(&a.piles[0])?, parse_natural(&a.piles[1])?);
        let moves = wythoff::winning_moves(&x, &y);
        r.position = Some([x.to_string(), y.to_string()]);
        r.outcome = Some(wythoff::outcome(&x, &y));
        if a.grundy {
            r.grundy = Some(wythoff::grundy(
                parse_bounded(&a.piles[0], "pile", wythoff::MAX_GRUNDY_PILE)?,
                parse_bounded(&a.piles[1], "pile", wythoff::MAX_GRUNDY_PILE)?,
            )?);
        }
        r.how = moves.iter().map(|(p, q)| describe(&x, &y, p, q)).collect();
        r.winning_moves = Some(
            moves
                .iter()
                .map(|(p, q)| [p.to_string(), q.to_string()])
                .collect(),
        );
    } else if a.pair.is_none() {
        return Err(MexError::invalid(
            "nothing to do",
            "two piles X Y, or --pair K",
        ));
    }
    Ok(Output::report(r))
}

fn describe(x: &BigUint, y: &BigUint, p: &BigUint, q: &BigUint) -> String {
    match (p == x, q == y) {
        (true, false) => format!("take {} from the second pile", y - q),
        (false, true) => format!("take {} from the first pile", x - p),
        _ => format!("take {} from both piles", x - p),
    }
}
