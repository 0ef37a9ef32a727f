//! Who wins, without the value: the outcome search of mex-core
//! (`games::outcome_search`, minimax over the sum's components as MCGS
//! does) behind `mex value --first`, `mex sum --first`, and behind both
//! commands when the full value of a partizan position or sum is refused
//! by its budget.

use crate::output::{fields, Output, Report};
use crate::progress;
use clap::ValueEnum;
use mex_core::games::sum::Summand;
use mex_core::games::{outcome_search, CatalogGame, Context, Family, Side};
use mex_core::MexError;
use mex_present::outcome::OutcomeReport;

/// The player who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// Left moves first.
    Left,
    /// Right moves first.
    Right,
}

impl First {
    fn side(self) -> Side {
        match self {
            First::Left => Side::Left,
            First::Right => Side::Right,
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
        if let Some(why) = &self.value_refused {
            pairs.push(("value", format!("not computed ({why})")));
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

/// The search's answer for a sum: the winner with `first` moving first,
/// or the outcome class when no first player is given.
/// A spinner shows the search's progress on a terminal unless `json`.
pub fn search(
    summands: &[Summand],
    first: Option<First>,
    ctx: &mut Context,
    json: bool,
) -> Result<OutcomeReport, MexError> {
    progress::while_searching(json, || {
        Ok(match first {
            Some(f) => {
                OutcomeReport::winner(f.side(), outcome_search::winner(summands, f.side(), ctx)?)
            }
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

/// Whether a refusal of the full value leaves the outcome search to try:
/// a budget spent or a size refused, for a partizan position.
pub fn falls_back(game: &dyn CatalogGame, e: &MexError) -> bool {
    game.info().family == Family::Partizan
        && matches!(e, MexError::TooLarge { .. } | MexError::AboveLimit { .. })
}

/// The outcome of one position whose value was refused with `why`.
pub fn position_instead(
    game: &'static dyn CatalogGame,
    position: &str,
    why: &MexError,
    ctx: &mut Context,
    json: bool,
) -> Result<Output, MexError> {
    let summand = Summand { game, position };
    let report = search(&[summand], None, ctx, json)?
        .of_position(game.info().name, position)
        .instead_of_value(why.to_string());
    Ok(Output::report(report))
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
