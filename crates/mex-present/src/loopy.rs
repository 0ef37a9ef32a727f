//! The report of a loopy partizan game (`mex game on`, `mex compare`,
//! Python's `CGValue("on")`): its simplest form or sides, outcome with
//! draws and stops (Siegel 2013, ch. VI; CGSuite's printed forms).

use mex_core::partizan::loopy::notation::{parse_value, show_side, show_stopper, show_value};
use mex_core::partizan::loopy::predicates::{predicates, Predicates};
use mex_core::partizan::loopy::{sides, LoopyOutcome, LoopyValue, Stopper};
use mex_core::MexError;
use serde::Serialize;
use std::cmp::Ordering;

/// A loopy game's value and what is derived from it.
#[derive(Debug, Clone, Serialize)]
pub struct LoopyReport {
    /// The value as printed: the simplest form of a stopper, or `onside &
    /// offside` (sides that are no stoppers as simplified game graphs).
    /// JSON `value`, the key of a short game's value in `mex game` too.
    pub value: String,
    /// `stopper` or `sided` (printed as `onside & offside`); `short` for
    /// a short game described in this shape (`mex compare`, whose games
    /// may be short or loopy).
    pub kind: &'static str,
    /// Whether the game is a stopper.
    pub stopper: bool,
    /// The outcome with draws, in CGSuite's names: L, R, N, P, D, NHat,
    /// PHat, NCheck, PCheck.
    pub outcome: String,
    /// The Left stop (stoppers only): a pseudonumber such as `3/2under`.
    pub left_stop: Option<String>,
    /// The Right stop (stoppers only).
    pub right_stop: Option<String>,
    /// The onside (a stopper's onside is itself); null when not computed.
    pub onside: Option<String>,
    /// The offside; null when not computed.
    pub offside: Option<String>,
    /// CGSuite's predicates (`integer`, `number`, `nimber`, `ordinal`,
    /// `uptimal`, `numberish`, `number_tiny`; Siegel 2013, ch. VI); null
    /// when the sides are not computed, and for a short game described in
    /// this shape (`kind` `short`).
    pub predicates: Option<Predicates>,
}

impl LoopyReport {
    /// Reads `text` in CGSuite's loopy notation and reports its value.
    pub fn evaluate(text: &str) -> Result<Self, MexError> {
        Self::of(&parse_value(text)?)
    }

    /// The report of a value.
    pub fn of(v: &LoopyValue) -> Result<Self, MexError> {
        let value = show_value(v)?;
        let predicates = match v {
            LoopyValue::Unsided(_) => None,
            _ => Some(predicates(v)?),
        };
        Ok(match v {
            LoopyValue::Stopper(s) => {
                let (l, r) = s.stops()?;
                LoopyReport {
                    kind: "stopper",
                    stopper: true,
                    outcome: s.outcome()?.to_string(),
                    left_stop: Some(l.to_string()),
                    right_stop: Some(r.to_string()),
                    onside: Some(value.clone()),
                    offside: Some(value.clone()),
                    value,
                    predicates,
                }
            }
            LoopyValue::Sided { onside, offside } => LoopyReport {
                kind: "sided",
                stopper: false,
                outcome: sided_outcome(onside, offside)?.to_string(),
                left_stop: None,
                right_stop: None,
                onside: Some(show_stopper(onside)?),
                offside: Some(show_stopper(offside)?),
                value,
                predicates,
            },
            LoopyValue::GraphSided { onside, offside } => LoopyReport {
                kind: "sided",
                stopper: false,
                outcome: sides::outcome_of_side_graphs(onside, offside)?.to_string(),
                left_stop: None,
                right_stop: None,
                onside: Some(show_side(onside)?),
                offside: Some(show_side(offside)?),
                value,
                predicates,
            },
            LoopyValue::Unsided(g) => LoopyReport {
                kind: "not a stopper",
                stopper: false,
                outcome: LoopyOutcome::of(g, 0)?.to_string(),
                left_stop: None,
                right_stop: None,
                onside: None,
                offside: None,
                value,
                predicates,
            },
        })
    }
}

/// The outcome of `onside & offside` from its sides, as CGSuite combines
/// them (`SidedValue.outcomeClass`; Siegel 2013, §VI.4).
pub fn sided_outcome(onside: &Stopper, offside: &Stopper) -> Result<LoopyOutcome, MexError> {
    sides::outcome_of_sides(onside, offside)
}

/// How two loopy games compare.
#[derive(Debug, Clone, Serialize)]
pub struct LoopyCompareReport {
    /// `<`, `>`, `=` or `||`.
    pub relation: &'static str,
    /// The first game, printed.
    pub g: String,
    /// The second game, printed.
    pub h: String,
}

impl LoopyCompareReport {
    /// Compares two games of the loopy notation: stoppers by survival in
    /// the difference (Siegel 2013, §VI.2), sided values side by side.
    pub fn compare(g: &str, h: &str) -> Result<Self, MexError> {
        Ok(Self::compare_values(g, h)?.0)
    }

    /// [`Self::compare`], with the report of each game as `mex game`
    /// gives it (refused where that report is, e.g. for stops of a
    /// simplest form too big).
    pub fn compare_described(
        g: &str,
        h: &str,
    ) -> Result<(Self, LoopyReport, LoopyReport), MexError> {
        let (relation, a, b) = Self::compare_values(g, h)?;
        Ok((relation, LoopyReport::of(&a)?, LoopyReport::of(&b)?))
    }

    /// The comparison and the two values read.
    fn compare_values(g: &str, h: &str) -> Result<(Self, LoopyValue, LoopyValue), MexError> {
        let (a, b) = (parse_value(g)?, parse_value(h)?);
        let known = |v: &LoopyValue, text: &str| -> Result<(), MexError> {
            match v {
                LoopyValue::Unsided(_) => Err(MexError::invalid(
                    format!(
                        "the sides of {} were not computed",
                        mex_core::error::quote(text)
                    ),
                    "stoppers, games whose sides are stoppers, or G & H",
                )),
                _ => Ok(()),
            }
        };
        known(&a, g)?;
        known(&b, h)?;
        let report = LoopyCompareReport {
            relation: match sides::order(&a, &b)? {
                Some(Ordering::Equal) => "=",
                Some(Ordering::Greater) => ">",
                Some(Ordering::Less) => "<",
                None => "||",
            },
            g: show_value(&a)?,
            h: show_value(&b)?,
        };
        Ok((report, a, b))
    }
}
