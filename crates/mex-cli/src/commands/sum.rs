//! `mex sum`.

use super::partizan::form_text;
use crate::output::{fields, table, Output};
use clap::Args;
use mex_core::games::sum::{self, SumAnalysis, Summand};
use mex_core::games::Context;
use mex_core::MexError;
use mex_present::json::to_json;
use mex_present::sum::SumReport;

/// A sum of positions of any games of the catalog: each component's value,
/// the value and outcome of the sum, and every winning move.
#[derive(Args)]
#[command(
    after_help = "Components are GAME:POSITION with any impartial or partizan game of
the catalog (mex games lists them), for example:
  nim:N                a Nim heap (any size, e.g. nim:2^200)
  subtraction:S:N      heap N of the subtraction game S (e.g. subtraction:1,3,4:9)
  octal:CODE:N         heap N of a take-and-break code (e.g. octal:0.07:20)
  domino:N             a free 1xN strip of the domino game
  wythoff:X,Y          Wythoff's game at (X, Y)
  domineering:2x3      a partizan component: the sum is then a canonical form

Impartial components alone add by nim-sum (Sprague-Grundy); with a partizan
component the canonical forms are added, impartial ones as nimbers.

With --misere (impartial components only) the last player to move loses:
misère play has no nim-sum, so the sum is searched as a whole (a multiset of
components, refused beyond 2^18 reachable sums; sums of Nim heaps by Bouton's
rule at any size); it prints the genus, the misère outcome and every move to a
misère P-position.

With --first the outcome search answers, without the value (minimax over the
components with a transposition table, as MCGS does): for sums whose value is
too expensive. --first left|right searches that first player first; the
other search, reusing its table, settles the outcome class too.

Examples:
  mex sum nim:5 octal:0.07:20 subtraction:1,3,4:9 wythoff:3,5
  mex sum clobber:xoxoxoxoxoxoxoxoxoxo clobber:oxxoxoox --first left
  mex sum clobber:xoxo domineering:3x3 --first right --proof s.proof
  mex sum domineering:2x2 nim:1 expression:^
  mex sum octal:0.77:5 octal:0.77:7 nim:2 --misere"
)]
pub struct SumArgs {
    /// The components.
    #[arg(required = true)]
    components: Vec<String>,
    /// Misère play (the last player to move loses), impartial components.
    #[arg(long)]
    misere: bool,
    /// Who wins when this player moves first (left or right, searched
    /// first; both: the outcome class), with the outcome class, by the
    /// outcome search alone (minimax over the components, as MCGS does),
    /// without the value: for sums whose value is too expensive.
    #[arg(long, value_enum, value_name = "PLAYER")]
    first: Option<super::winner::First>,
    /// With --first left or right: write a proof of who wins the sum to
    /// FILE (partizan components; mex check-proof verifies it; format:
    /// docs/proof-format.md).
    #[arg(long, value_name = "FILE", value_parser = super::proof::proof_path, requires = "first")]
    proof: Option<std::path::PathBuf>,
    /// Consult the database of solved regions in FILE (mex db build) for
    /// the components of its game: every region it holds is taken at its
    /// value, unsearched.
    #[arg(long, value_name = "FILE")]
    db: Option<std::path::PathBuf>,
    /// Print values longer than 200 characters in full (text output leaves
    /// them out, with their length; JSON always has them).
    #[arg(long)]
    form: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &SumArgs) -> Result<Output, MexError> {
    if a.misere {
        if a.first.is_some() {
            return Err(MexError::invalid(
                "--first with --misere",
                "--first in normal play",
            ));
        }
        if a.db.is_some() {
            return Err(MexError::invalid(
                "--db with --misere",
                "--db in normal play (a database holds normal-play values)",
            ));
        }
        return super::misere::sum(&a.components);
    }
    let summands = a
        .components
        .iter()
        .map(|c| Summand::parse(c))
        .collect::<Result<Vec<_>, _>>()?;
    if let (Some(file), Some(first)) = (&a.proof, a.first) {
        let options = super::search::SearchOptions {
            db: a.db.clone(),
            ..Default::default()
        };
        return super::proof::write(&summands, first, file, &options, a.json);
    }
    let games: Vec<_> = summands.iter().map(|s| s.game).collect();
    let mut ctx = super::db::context_with(Context::new(), a.db.as_deref(), &games)?;
    if a.first.is_some() {
        let report = super::winner::search(&summands, a.first, &mut ctx, a.json)?;
        return Ok(Output::report(report.of_sum(&a.components)));
    }
    let r = value_of_sum(&summands, &mut ctx, a.json)?;
    Ok(Output::new(
        to_json(&SumReport::of(&r)),
        to_text(&r, a.form),
    ))
}

/// The sum's value, a refusal by its budget pointing to `--first`.
fn value_of_sum(
    summands: &[Summand],
    ctx: &mut Context,
    quiet: bool,
) -> Result<SumAnalysis, MexError> {
    crate::progress::while_searching(quiet, || sum::analyse(summands, ctx))
        .map_err(super::winner::suggest_first)
}

/// The components' values, the sum's and its winning moves as text (long
/// values left out unless `full`, see [`form_text`]).
fn to_text(r: &SumAnalysis, full: bool) -> String {
    let rows: Vec<Vec<String>> = r
        .components
        .iter()
        .enumerate()
        .map(|(i, c)| {
            vec![
                (i + 1).to_string(),
                c.component.clone(),
                form_text(&c.value_text, full),
            ]
        })
        .collect();
    let mut text = table(&["#", "component", "value"], &rows);
    text += &fields(&[
        ("value", form_text(&r.value_text, full)),
        ("outcome", r.outcome.clone()),
    ]);
    let mrows: Vec<Vec<String>> = r
        .winning_moves
        .iter()
        .map(|m| {
            let to = if m.to.is_empty() {
                "(nothing)".into()
            } else {
                m.to.join(" + ")
            };
            let who = m.player.unwrap_or("").to_string();
            vec![(m.component + 1).to_string(), who, m.label.clone(), to]
        })
        .collect();
    if !mrows.is_empty() {
        text += "winning moves:\n";
        text += &table(&["#", "player", "move", "to"], &mrows);
    }
    if !r.unlisted_components.is_empty() {
        let list: Vec<String> = mex_present::sum::numbered(&r.unlisted_components)
            .iter()
            .map(usize::to_string)
            .collect();
        text += &format!(
            "moves not listed in components {} (too many to enumerate)\n",
            list.join(", ")
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use mex_core::partizan::store::GameStore;

    /// A sum whose value outgrows its budget is refused in one line that
    /// points to `--first`; within the budget the same sum has its value.
    #[test]
    fn a_spent_budget_points_to_first() {
        let summands = ["domineering:4x4", "nim:1"]
            .iter()
            .map(|c| Summand::parse(c))
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        let mut starved = Context::with_store(GameStore::with_limits(1 << 30, 1000));
        let Err(err) = value_of_sum(&summands, &mut starved, true) else {
            panic!("not refused by its budget");
        };
        let err = err.to_string();
        assert!(err.contains("1000 comparisons"), "{err}");
        assert!(err.contains("--first left|right|both"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(value_of_sum(&summands, &mut Context::new(), true).is_ok());
    }
}
