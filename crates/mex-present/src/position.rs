//! The JSON of a position as the command line reports it: a value report
//! of the catalog (or of misère play), with what the command adds —
//! the files it wrote, what the search took, the winning moves of the old
//! per-position command lines (`mex nim`, `mex wythoff`, `mex domino`) and
//! the tables of `mex domino`. One struct, so that `mex nim 3 4 5 --json`
//! is `mex value nim 3,4,5 --json` with `winning_moves` added.

use crate::json::{decimal, MovesReport, ValueReport};
use crate::misere::{MisereMovesReport, MisereValueReport};
use mex_core::heap::period::PeriodCertificate;
use num_bigint::BigUint;
use serde::Serialize;

/// The position's value, as one of the value reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PositionBody {
    /// `mex value`.
    Value(ValueReport),
    /// `mex moves`.
    Moves(MovesReport),
    /// `mex value --misere`.
    Misere(MisereValueReport),
    /// `mex moves --misere`.
    MisereMoves(MisereMovesReport),
    /// A position whose outcome is known but not its value (Wythoff's game
    /// beyond the Grundy table).
    Outcome(OutcomeReport),
}

/// `{game, position, outcome}`: a position whose value is not computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeReport {
    /// The game's name.
    pub game: &'static str,
    /// The position as the game prints it.
    pub position: String,
    /// `P` or `N`.
    pub outcome: String,
}

/// What a search took: `{games, comparisons, positions?,
/// resumed_positions?}` for a partizan search (Domineering's checkpointed
/// one adds the positions); `{positions, resumed_positions,
/// checkpoint_saved}` for a checkpointed nimber search (Cram, Chomp), or
/// `{checkpoint_saved: false}` alone when no checkpoint was needed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SearchReport {
    /// Canonical forms built (partizan searches).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<usize>,
    /// Comparisons made, in decimal (partizan searches).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_decimal"
    )]
    pub comparisons: Option<u64>,
    /// The checkpointed search: positions memoised after symmetry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<usize>,
    /// The checkpointed search: positions read from the checkpoint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resumed_positions: Option<usize>,
    /// A checkpointed nimber search: whether the checkpoint file was
    /// written (`false` when the game's own bounded table answered).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint_saved: Option<bool>,
}

/// serde `serialize_with` of an optional count that may exceed 2^53: a
/// decimal string (the field is skipped when `None`).
fn optional_decimal<S: serde::Serializer>(value: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => decimal(v, s),
        None => s.serialize_none(),
    }
}

/// A move by its label and the position it leads to: `{label, position}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LabelledMoveReport {
    /// The move in words, as the catalog labels it.
    pub label: String,
    /// The position it leads to.
    pub position: String,
}

/// `mex wythoff --pair K`: `{k, pair: [a_k, b_k]}`, decimal strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WythoffPairReport {
    /// `K`.
    #[serde(serialize_with = "decimal")]
    pub k: BigUint,
    /// The `K`-th P-position `(a_K, b_K)`.
    pub pair: [String; 2],
}

/// `mex domino` tables: `{certificate, second_player_wins?, bound?,
/// count?}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DominoTablesReport {
    /// The proof of the period of 0.07 that every answer uses.
    pub certificate: PeriodCertificate,
    /// Every N ≤ M the second player wins (from 0), in decimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_player_wins: Option<Vec<String>>,
    /// M of `--count-first-player-wins`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<String>,
    /// The boards 1 ≤ N ≤ M the first player wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<String>,
}

/// A position's report with what the command adds; every part left out
/// when it does not apply.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PositionReport {
    /// The value.
    #[serde(flatten)]
    pub body: Option<PositionBody>,
    /// `--thermograph FILE`: the path written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thermograph_svg: Option<String>,
    /// `--svg FILE`: the path written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board_svg: Option<String>,
    /// What a partizan search took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchReport>,
    /// The old command lines: every winning move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_moves: Option<Vec<LabelledMoveReport>>,
    /// `mex wythoff --pair K`.
    #[serde(flatten)]
    pub pair: Option<WythoffPairReport>,
    /// `mex domino` tables.
    #[serde(flatten)]
    pub domino: Option<DominoTablesReport>,
}

impl PositionReport {
    /// The report of a value.
    pub fn of(body: PositionBody) -> Self {
        PositionReport {
            body: Some(body),
            ..PositionReport::default()
        }
    }

    /// The ASCII drawing of the position, where the game draws one.
    pub fn drawing(&self) -> Option<&str> {
        let value = match self.body.as_ref()? {
            PositionBody::Value(v) => v,
            PositionBody::Moves(m) => &m.value,
            _ => return None,
        };
        value.drawing.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{evaluate, to_json, value_json};

    #[test]
    fn the_value_report_is_flattened_and_extras_added() {
        let (g, e, ctx) = evaluate("nim", "3,4,5").unwrap();
        let mut r = PositionReport::of(PositionBody::Value(ValueReport::new(g, &e, &ctx).unwrap()));
        let bare = to_json(&r);
        assert_eq!(bare, value_json(g, &e, &ctx).unwrap());
        r.winning_moves = Some(vec![LabelledMoveReport {
            label: "take 2 from heap 1".into(),
            position: "1,4,5".into(),
        }]);
        r.pair = Some(WythoffPairReport {
            k: BigUint::from(10u32),
            pair: ["16".into(), "26".into()],
        });
        let v = to_json(&r);
        assert_eq!(v["grundy"], "2");
        assert_eq!(v["winning_moves"][0]["position"], "1,4,5");
        assert_eq!(v["k"], "10");
        assert!(v.get("domino").is_none() && v.get("body").is_none());
    }

    #[test]
    fn an_empty_report_is_an_empty_object() {
        assert_eq!(to_json(&PositionReport::default()), serde_json::json!({}));
    }
}
