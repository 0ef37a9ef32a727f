//! Who wins, without the value: the outcome search of mex-core
//! (`games::outcome_search`, minimax over the sum's components as MCGS
//! does) behind `mex value --first` and `mex sum --first` (left, right,
//! or both: the outcome class), for positions and sums whose full value
//! is too expensive.

use crate::output::{fields, Output, Report};
use crate::progress;
use clap::ValueEnum;
use mex_core::games::sum::Summand;
use mex_core::games::{outcome_search, CatalogGame, Context, Family, Side};
use mex_core::MexError;
use mex_present::outcome::OutcomeReport;

/// The player who moves first, or both (the outcome class).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// Left moves first.
    Left,
    /// Right moves first.
    Right,
    /// Both searches: the outcome class (L, R, N or P).
    Both,
}

impl First {
    fn side(self) -> Option<Side> {
        match self {
            First::Left => Some(Side::Left),
            First::Right => Some(Side::Right),
            First::Both => None,
        }
    }
}

impl Report for OutcomeReport {
    fn text(&self) -> String {
        let mut pairs = vec![];
        if let (Some(game), Some(position)) = (&self.game, &self.position) {
            pairs.push(("game", game.clone()));
            pairs.push(("position", position.clone()));
        }
        if let Some(components) = &self.components {
            pairs.push(("sum", components.join(" + ")));
        }
        if let Some(outcome) = &self.outcome {
            pairs.push(("outcome", outcome.clone()));
        }
        if let Some(w) = &self.left_first {
            pairs.push(("Left first", format!("{w} wins")));
        }
        if let Some(w) = &self.right_first {
            pairs.push(("Right first", format!("{w} wins")));
        }
        fields(&pairs)
    }
}

/// The search's answer for a sum: the winner with `first` moving first
/// (searched first) and with the other player first, which together give
/// the outcome class; `question` says whether one first player or both
/// were asked.
/// A spinner shows the search's progress on a terminal unless `json`.
pub fn search(
    summands: &[Summand],
    first: Option<First>,
    ctx: &mut Context,
    json: bool,
) -> Result<OutcomeReport, MexError> {
    progress::while_searching(json, || {
        Ok(match first.and_then(First::side) {
            Some(side) => OutcomeReport::winner(outcome_search::outcome_from(summands, side, ctx)?),
            None => OutcomeReport::outcome(outcome_search::outcome(summands, ctx)?),
        })
    })
}

/// `--first` for one position: the search alone.
pub fn position(
    game: &'static dyn CatalogGame,
    position: &str,
    first: First,
    ctx: &mut Context,
    json: bool,
) -> Result<Output, MexError> {
    check_partizan(game, "--first")?;
    let summand = Summand { game, position };
    let report =
        search(&[summand], Some(first), ctx, json)?.of_position(game.info().name, position);
    Ok(Output::report(report))
}

/// A refusal because the budget of the value (comparisons or memory of
/// canonical forms) is spent, pointing to the cheaper question that
/// `--first` asks: who wins. Other errors are returned unchanged.
pub fn suggest_first(e: MexError) -> MexError {
    match e {
        MexError::TooLarge {
            what,
            limit,
            hint,
            spent: Some(budget),
        } => MexError::budget_spent(
            budget,
            what,
            limit,
            format!(
                "{hint}, or ask who wins with --first left|right|both (the outcome search, \
                 without the value)"
            ),
        ),
        e => e,
    }
}

/// Refuses `--first` with a game that has no Left and Right.
pub fn check_partizan(game: &dyn CatalogGame, option: &str) -> Result<(), MexError> {
    let info = game.info();
    if info.family == Family::Partizan {
        return Ok(());
    }
    Err(MexError::invalid(
        format!(
            "{option} with {} (family: {})",
            info.name,
            info.family.name()
        ),
        format!("{option} with a partizan game (mex games lists the families)"),
    ))
}
