//! Subtraction games: a move removes `s` counters from one heap, for some
//! `s` in the subtraction set `S`. The nim sequence is eventually periodic,
//! and mex proves the period by two equal windows of `max S` values
//! (Lemma 4.3 of the lecture notes on subtraction games).

use super::heaps::{heap_game, HeapRules, Values};
use super::{Family, GameInfo};
use crate::heap::subtraction::{SubtractionSet, DEFAULT_MAX_TERMS};
use crate::MexError;
use num_bigint::BigUint;
use num_traits::Zero;
use std::fmt;
use std::str::FromStr;

/// Subtraction games.
#[derive(Debug, Clone, Copy, Default)]
pub struct Subtraction;

/// The rules: the subtraction set.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubtractionRules(pub SubtractionSet);

impl fmt::Display for SubtractionRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.elements().iter().map(u64::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

impl FromStr for SubtractionRules {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        SubtractionSet::parse(s).map(SubtractionRules)
    }
}

impl HeapRules for SubtractionRules {
    fn never_splits(&self) -> bool {
        true
    }
    fn heap_options(&self, n: &BigUint) -> Vec<(String, Vec<BigUint>)> {
        self.0
            .elements()
            .iter()
            .filter(|&&s| BigUint::from(s) <= *n)
            .map(|&s| {
                let left = n - s;
                let heaps = if left.is_zero() { vec![] } else { vec![left] };
                (format!("take {s}"), heaps)
            })
            .collect()
    }
    fn option_count(&self, _n: &BigUint) -> BigUint {
        BigUint::from(self.0.elements().len())
    }
    fn values(&self, _largest: &BigUint) -> Result<Values, MexError> {
        Ok(Values::Periodic(
            self.0.find_period(DEFAULT_MAX_TERMS)?.sequence.into(),
        ))
    }
}

heap_game!(
    Subtraction,
    SubtractionRules,
    GameInfo {
        name: "subtraction",
        family: Family::Impartial,
        description: "subtraction games: remove s counters from a heap, s in a set S",
        syntax: "S:HEAPS, the set and the heaps separated by commas (heaps of any size)",
        example: "1,3,4:9",
        rules: "Heaps of counters and a finite set S of positive integers. A move removes \
                s counters from one heap, for some s in S. Who cannot move loses.",
    }
);
