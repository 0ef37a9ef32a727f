//! The JSON of misère play (the player who makes the last move loses):
//! `mex value/moves/sum … --misere` and `mex octal CODE --misere`
//! ([`mex_core::games::misere`], [`mex_core::heap::misere`]).
//!
//! * [`MisereFields`]: `{position, genus, normal_value, misere_value,
//!   outcome}`, the two values decimal strings.
//! * [`MisereValueReport`]: `{game, play: "misere", …MisereFields}`;
//!   [`MisereMovesReport`] adds `moves` [{`label`, …MisereFields,
//!   `winning`}].
//! * [`MisereSumReport`]: `{play, …MisereFields of the sum, components:
//!   [{component, …MisereFields}], winning_moves, unlisted_components}`.
//! * [`MisereOctalReport`]: `{code, play, terms, genera, normal_values,
//!   misere_values, misere_p_positions, wild}`.

use crate::json::decimal;
use crate::sum::{numbered, SumMoveReport};
use mex_core::games::misere::{MisereEvaluation, MisereMove, MisereSum};
use mex_core::heap::code::TakeBreakCode;
use mex_core::impartial::misere::Genus;
use mex_core::impartial::Outcome;
use num_bigint::BigUint;
use serde::Serialize;

/// What `play` says of misère reports.
pub const PLAY: &str = "misere";

/// A position under misère play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereFields {
    /// The position as the game prints it.
    pub position: String,
    /// The genus `g^{γ0γ1…}` (Winning Ways ch. 13).
    pub genus: String,
    /// The normal-play Grundy value, in decimal.
    #[serde(serialize_with = "decimal")]
    pub normal_value: BigUint,
    /// The misère Grundy value, in decimal.
    #[serde(serialize_with = "decimal")]
    pub misere_value: BigUint,
    /// The misère outcome, `P` or `N`.
    #[serde(serialize_with = "decimal")]
    pub outcome: Outcome,
}

impl MisereFields {
    /// The fields of an evaluation.
    pub fn of(e: &MisereEvaluation) -> Self {
        MisereFields {
            position: e.position.clone(),
            genus: e.genus.clone(),
            normal_value: e.normal_value.clone(),
            misere_value: e.misere_value.clone(),
            outcome: e.outcome,
        }
    }
}

/// `mex value GAME POSITION --misere --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereValueReport {
    /// The game's name.
    pub game: &'static str,
    /// Always [`PLAY`].
    pub play: &'static str,
    /// The position.
    #[serde(flatten)]
    pub fields: MisereFields,
}

impl MisereValueReport {
    /// The report of `e`, a position of the game called `game`.
    pub fn new(game: &'static str, e: &MisereEvaluation) -> Self {
        MisereValueReport {
            game,
            play: PLAY,
            fields: MisereFields::of(e),
        }
    }
}

/// One move under misère play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereMoveReport {
    /// The move in words.
    pub label: String,
    /// The position it leads to.
    #[serde(flatten)]
    pub fields: MisereFields,
    /// Whether it leads to a misère P-position.
    pub winning: bool,
}

/// `mex moves GAME POSITION --misere --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereMovesReport {
    /// The position.
    #[serde(flatten)]
    pub value: MisereValueReport,
    /// Every move.
    pub moves: Vec<MisereMoveReport>,
}

impl MisereMovesReport {
    /// The report of `e` and its `moves`, a position of `game`.
    pub fn new(game: &'static str, e: &MisereEvaluation, moves: &[MisereMove]) -> Self {
        MisereMovesReport {
            value: MisereValueReport::new(game, e),
            moves: moves
                .iter()
                .map(|m| MisereMoveReport {
                    label: m.label.clone(),
                    fields: MisereFields::of(&m.result),
                    winning: m.winning,
                })
                .collect(),
        }
    }
}

/// A component of a misère sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereComponentReport {
    /// `GAME:POSITION` (the same as `position`).
    pub component: String,
    /// The component alone under misère play.
    #[serde(flatten)]
    pub fields: MisereFields,
}

/// `mex sum COMPONENTS --misere --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereSumReport {
    /// Always [`PLAY`].
    pub play: &'static str,
    /// The sum.
    #[serde(flatten)]
    pub fields: MisereFields,
    /// Each component alone.
    pub components: Vec<MisereComponentReport>,
    /// Every move to a misère P-position, among the listed components.
    pub winning_moves: Vec<SumMoveReport>,
    /// The components (from 1) too large to list moves in.
    pub unlisted_components: Vec<usize>,
}

impl MisereSumReport {
    /// The report of a misère sum.
    pub fn of(r: &MisereSum) -> Self {
        MisereSumReport {
            play: PLAY,
            fields: MisereFields::of(&r.value),
            components: r
                .components
                .iter()
                .map(|c| MisereComponentReport {
                    component: c.position.clone(),
                    fields: MisereFields::of(c),
                })
                .collect(),
            winning_moves: r.winning_moves.iter().map(SumMoveReport::of).collect(),
            unlisted_components: numbered(&r.unlisted_components),
        }
    }
}

/// `mex octal CODE --misere --json`: heaps `0..terms`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereOctalReport {
    /// The code as mex prints it.
    pub code: String,
    /// Always [`PLAY`].
    pub play: &'static str,
    /// The number of heaps shown.
    pub terms: usize,
    /// Each heap's genus.
    pub genera: Vec<String>,
    /// Each heap's normal-play Grundy value.
    pub normal_values: Vec<u32>,
    /// Each heap's misère Grundy value.
    pub misere_values: Vec<u32>,
    /// The heaps that are misère P-positions.
    pub misere_p_positions: Vec<usize>,
    /// The heaps whose genus is not tame.
    pub wild: Vec<usize>,
}

impl MisereOctalReport {
    /// The report of the genera of heaps `0..genera.len()` of `code`.
    pub fn new(code: &TakeBreakCode, genera: &[Genus]) -> Self {
        let misere_values: Vec<u32> = genera.iter().map(Genus::misere_value).collect();
        let heaps = |keep: &dyn Fn(usize) -> bool| (0..genera.len()).filter(|&n| keep(n)).collect();
        MisereOctalReport {
            code: code.to_string(),
            play: PLAY,
            terms: genera.len(),
            genera: genera.iter().map(ToString::to_string).collect(),
            normal_values: genera.iter().map(|g| g.normal).collect(),
            misere_p_positions: heaps(&|n| misere_values[n] == 0),
            wild: heaps(&|n| !genera[n].is_tame()),
            misere_values,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::to_json;
    use mex_core::games::{self, misere};
    use mex_core::heap::misere::heap_genera;

    #[test]
    fn misere_nim_values_are_strings_and_play_is_misere() {
        // Bouton (1901): 1,1,4 has a pile of at least 2 and nim-sum 4, so
        // it is an N-position under misère play too.
        let nim = games::find("nim").unwrap();
        let e = misere::evaluate(nim, "1,1,4").unwrap();
        let v = to_json(&MisereValueReport::new("nim", &e));
        assert_eq!(v["play"], "misere");
        assert_eq!(v["game"], "nim");
        assert_eq!(v["normal_value"], "4");
        assert!(v["misere_value"].is_string());
        assert_eq!(v["outcome"], "N");
        let (e, moves) = misere::moves(nim, "1,1,4").unwrap();
        let m = to_json(&MisereMovesReport::new("nim", &e, &moves));
        let listed = m["moves"].as_array().unwrap();
        assert_eq!(listed.len(), moves.len());
        for mv in listed {
            assert_eq!(mv["winning"], mv["outcome"] == "P", "{mv}");
        }
    }

    #[test]
    fn the_octal_report_lists_the_p_positions_of_its_values() {
        let code: TakeBreakCode = "0.77".parse().unwrap();
        let genera = heap_genera(&code, 12).unwrap();
        let r = MisereOctalReport::new(&code, &genera);
        assert_eq!(r.terms, 12);
        for (n, genus) in genera.iter().enumerate() {
            assert_eq!(r.misere_p_positions.contains(&n), r.misere_values[n] == 0);
            assert_eq!(r.wild.contains(&n), !genus.is_tame());
        }
        // A heap of 0 is a misère N-position: the player to move has won.
        assert!(!r.misere_p_positions.contains(&0));
    }
}
