//! `mex nim` and `mex mex`.

use crate::output::{fields, table, Output, Report};
use clap::Args;
use mex_core::bigint::parse_natural;
use mex_core::impartial::{mex, misere, nim, Outcome};
use mex_core::MexError;
use serde::Serialize;

/// Nim: nim-sum, outcome and every winning move (piles of any size).
#[derive(Args)]
#[command(
    long_about = "Nim: nim-sum, outcome and every winning move (piles of any size).

Rules: there are piles of tokens; a move takes any positive number of tokens from
one pile. Whoever cannot move (all piles empty) loses. The player to move wins
exactly when the nim-sum (bitwise XOR of the piles) is not 0."
)]
#[command(
    after_help = "With --misere the player who takes the last counter LOSES. Bouton (1901):
a position is then a P-position iff every pile is at most 1 and the nim-sum is
1, or some pile is at least 2 and the nim-sum is 0; the genus is tame (0^{120}
or 1^{031} when every pile is at most 1, else g^{g,g^2}).

Examples:
  mex nim 25 21 11
  mex nim 2^200 5 --json
  mex nim 1 1 4 --misere"
)]
pub struct NimArgs {
    /// Pile sizes: non-negative integers of any size (2^200 allowed).
    #[arg(required = true, allow_negative_numbers = true)]
    piles: Vec<String>,
    /// Misère play: whoever takes the last counter loses (Bouton 1901).
    #[arg(long)]
    misere: bool,
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

/// `mex nim`: piles, counts and moves as decimal strings (any size).
#[derive(Serialize)]
struct NimResult {
    piles: Vec<String>,
    nim_sum: String,
    outcome: Outcome,
    /// `"misere"` under misère play (absent under normal play).
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<&'static str>,
    /// The genus under misère play.
    #[serde(skip_serializing_if = "Option::is_none")]
    genus: Option<String>,
    winning_moves: Vec<NimMoveResult>,
}

#[derive(Serialize)]
struct NimMoveResult {
    /// 0-based.
    pile: usize,
    from: String,
    to: String,
    #[serde(skip)]
    remove: String,
}

impl Report for NimResult {
    fn text(&self) -> String {
        let mut pairs = vec![
            ("nim-sum", self.nim_sum.clone()),
            ("outcome", self.outcome.to_string()),
        ];
        if let Some(genus) = &self.genus {
            pairs.insert(
                0,
                (
                    "play",
                    "misère (whoever takes the last counter loses)".into(),
                ),
            );
            pairs.push(("genus", genus.clone()));
        }
        let mut text = fields(&pairs);
        if self.winning_moves.is_empty() {
            text += "no winning move (P-position: every move loses against best play)\n";
            return text;
        }
        let rows: Vec<Vec<String>> = self
            .winning_moves
            .iter()
            .map(|m| {
                vec![
                    m.pile.to_string(),
                    m.from.clone(),
                    m.to.clone(),
                    m.remove.clone(),
                ]
            })
            .collect();
        text + &table(&["pile", "from", "to", "remove"], &rows)
    }
}

pub fn run(a: &NimArgs) -> Result<Output, MexError> {
    let piles = a
        .piles
        .iter()
        .map(|p| parse_natural(p))
        .collect::<Result<Vec<_>, _>>()?;
    let r = if a.misere {
        misere::nim_analyse(&piles)
    } else {
        nim::analyse(&piles)
    };
    let winning_moves = r
        .winning_moves
        .iter()
        .map(|m| NimMoveResult {
            pile: m.pile + 1,
            from: m.from.to_string(),
            to: m.to.to_string(),
            remove: (&m.from - &m.to).to_string(),
        })
        .collect();
    Ok(Output::report(NimResult {
        piles: piles.iter().map(ToString::to_string).collect(),
        nim_sum: r.nim_sum.to_string(),
        outcome: r.outcome,
        play: a.misere.then_some("misere"),
        genus: a.misere.then(|| misere::nim_genus(&piles).to_string()),
        winning_moves,
    }))
}

/// `mex mex`.
#[derive(Serialize)]
struct MexResult {
    mex: u64,
}

impl Report for MexResult {
    fn text(&self) -> String {
        format!("{}\n", self.mex)
    }
}

pub fn run_mex(a: &MexArgs) -> Result<Output, MexError> {
    let values = a
        .values
        .iter()
        .map(|v| mex_core::bigint::parse_bounded(v, "value", u32::MAX as u64))
        .collect::<Result<Vec<_>, _>>()?;
    let mex = mex::mex(values.iter().copied());
    Ok(Output::report(MexResult { mex }))
}
