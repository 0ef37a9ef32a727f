//! The 1×N domino game: players in turn cover two adjacent free squares of
//! a strip with a domino; who cannot move loses. A strip of `N` free squares
//! is a heap of the take-and-break game 0.07 (Dawson's Kayles), whose period
//! 34 is proven by the octal periodicity theorem, so any `N` is answered.

use super::heaps::{heap_game, HeapRules, Values};
use super::octal::code_values;
use super::picture::{Cell, Picture, MAX_SPOTS};
use super::{Family, GameInfo};
use crate::heap::code::TakeBreakCode;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::fmt;
use std::str::FromStr;

/// The domino game.
#[derive(Debug, Clone, Copy, Default)]
pub struct Domino;

/// Its rules have no text: a position is the lengths of the free strips.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DominoRules;

impl fmt::Display for DominoRules {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}

impl FromStr for DominoRules {
    type Err = MexError;
    fn from_str(_s: &str) -> Result<Self, MexError> {
        Ok(DominoRules)
    }
}

impl HeapRules for DominoRules {
    fn bare() -> Option<Self> {
        Some(DominoRules)
    }
    fn heap_options(&self, n: &BigUint) -> Vec<(String, Vec<BigUint>)> {
        let n = n.to_u64().unwrap_or(0);
        (1..n)
            .map(|first| {
                let sides = [first - 1, n - first - 1];
                let left = sides.into_iter().filter(|&s| s > 0).map(BigUint::from);
                (
                    format!("cover squares {first} and {}", first + 1),
                    left.collect(),
                )
            })
            .collect()
    }
    fn option_count(&self, n: &BigUint) -> BigUint {
        if n.is_zero() {
            BigUint::zero()
        } else {
            n - BigUint::one()
        }
    }
    fn values(&self, largest: &BigUint) -> Result<Values, MexError> {
        code_values(&dawsons_kayles(), largest)
    }
    fn check_heap_moves(&self, n: &BigUint) -> Result<(), MexError> {
        super::octal::check_code_moves(&dawsons_kayles(), n)
    }
    /// One strip on one line: the free runs, a domino (two covered
    /// squares) between two runs; the runs as heaps when the strip would
    /// be longer than a picture holds.
    fn picture(&self, heaps: &[BigUint]) -> Picture {
        let dominoes = 2 * heaps.len().saturating_sub(1);
        let length = heaps.iter().sum::<BigUint>() + dominoes;
        if length > BigUint::from(MAX_SPOTS) {
            return Picture::heaps(heaps);
        }
        let mut strip = Vec::new();
        for (k, run) in heaps.iter().enumerate() {
            if k > 0 {
                strip.extend([Cell::Blocked; 2]);
            }
            strip.extend(std::iter::repeat_n(
                Cell::Empty,
                run.to_usize().unwrap_or(0),
            ));
        }
        Picture::Strips {
            strips: vec![strip],
        }
    }
}

fn dawsons_kayles() -> TakeBreakCode {
    "0.07".parse().expect("a valid code")
}

heap_game!(
    Domino,
    DominoRules,
    GameInfo {
        name: "domino",
        family: Family::Impartial,
        description: "the 1xN domino game: cover two adjacent free squares of a strip",
        syntax: "lengths of free strips separated by commas (any length)",
        example: "40",
        rules: "A strip of N free squares. A move covers two adjacent free squares with a \
                domino, which may split the free squares into two strips. Who cannot move loses. \
                This is the octal game 0.07 (Dawson's Kayles), period 34 from N = 53.",
    }
);
