//! The JSON of `mex sum` (normal play): each component's value, the value
//! and outcome of the sum, and every winning move
//! ([`mex_core::games::sum`]).
//!
//! `{components: [{component, value, grundy?}], value, outcome, grundy?,
//! winning_moves: [SumMoveReport], unlisted_components}`.

use crate::json::grundy_text;
use mex_core::games::sum::{ComponentValue, SumAnalysis, SumMove};
use serde::Serialize;

/// One component and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumComponentReport {
    /// `GAME:POSITION`.
    pub component: String,
    /// The value in its family's notation.
    pub value: String,
    /// Impartial components: the Grundy value, in decimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<String>,
}

impl SumComponentReport {
    /// The report of a component.
    pub fn of(c: &ComponentValue) -> Self {
        SumComponentReport {
            component: c.component.clone(),
            value: c.value_text.clone(),
            grundy: grundy_text(&c.value),
        }
    }
}

/// A winning move of a sum (normal or misère play): `{component, label,
/// from, to, player?}`, the component numbered from 1 as people count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumMoveReport {
    /// `Left` or `Right` in a partizan sum; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<&'static str>,
    /// The component moved in, numbered from 1.
    pub component: usize,
    /// The move in words.
    pub label: String,
    /// The component before the move.
    pub from: String,
    /// The components it leaves, `GAME:POSITION`.
    pub to: Vec<String>,
}

impl SumMoveReport {
    /// The report of a move (the core numbers components from 0).
    pub fn of(m: &SumMove) -> Self {
        SumMoveReport {
            player: m.player,
            component: m.component + 1,
            label: m.label.clone(),
            from: m.from.clone(),
            to: m.to.clone(),
        }
    }
}

/// Components numbered from 1, as people count them (the core counts from
/// 0).
pub fn numbered(indices: &[usize]) -> Vec<usize> {
    indices.iter().map(|i| i + 1).collect()
}

/// `mex sum COMPONENTS --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumReport {
    /// Each component's value.
    pub components: Vec<SumComponentReport>,
    /// The sum's value in notation.
    pub value: String,
    /// `P`/`N`, or `L`/`R`/`N`/`P` for a partizan sum.
    pub outcome: String,
    /// Impartial sums: the nim-sum of the components' Grundy values.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<String>,
    /// Every winning move in the components whose moves can be listed.
    pub winning_moves: Vec<SumMoveReport>,
    /// The components (from 1) too large to list moves in.
    pub unlisted_components: Vec<usize>,
}

impl SumReport {
    /// The report of an analysis.
    pub fn of(r: &SumAnalysis) -> Self {
        SumReport {
            components: r.components.iter().map(SumComponentReport::of).collect(),
            value: r.value_text.clone(),
            outcome: r.outcome.clone(),
            grundy: grundy_text(&r.value),
            winning_moves: r.winning_moves.iter().map(SumMoveReport::of).collect(),
            unlisted_components: numbered(&r.unlisted_components),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::to_json;
    use mex_core::games::sum::{analyse_text, Summand};
    use mex_core::games::Context;

    fn sum_of(text: &str) -> serde_json::Value {
        to_json(&SumReport::of(
            &analyse_text(text, &mut Context::new()).unwrap(),
        ))
    }

    #[test]
    fn an_impartial_sum_has_grundy_values_as_strings() {
        // 5 ^ 3 = 6; the one winning move takes heap 5 to 5 ^ 6 = 3 (heap 3
        // would have to grow to 3 ^ 6 = 5).
        let v = sum_of("nim:5 nim:3");
        assert_eq!(v["grundy"], "6");
        assert_eq!(v["outcome"], "N");
        assert_eq!(v["components"][0]["grundy"], "5");
        assert_eq!(v["components"][1]["component"], "nim:3");
        let moves = v["winning_moves"].as_array().unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0]["component"], 1, "numbered from 1: {v}");
        assert!(moves[0].get("player").is_none());
        assert_eq!(v["unlisted_components"], serde_json::json!([]));
    }

    #[test]
    fn a_partizan_sum_has_no_grundy_and_moves_have_players() {
        let v = sum_of("domineering:2x2 nim:1");
        assert!(v.get("grundy").is_none(), "{v}");
        assert!(v["components"][0].get("grundy").is_none());
        for m in v["winning_moves"].as_array().unwrap() {
            assert!(m["player"] == "Left" || m["player"] == "Right", "{m}");
        }
        // Parsing agrees with the summands the CLI builds.
        assert!(Summand::parse("nim:1").is_ok());
    }
}
