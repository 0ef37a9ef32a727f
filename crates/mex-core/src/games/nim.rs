//! Nim: heaps of counters; a move takes any number of counters from one
//! heap. By Bouton (1901) a position is a P-position exactly when the XOR
//! (nim-sum) of its heaps is zero, and its Grundy value is that XOR.

use super::picture::Picture;
use super::{
    check_move_count, parse_heaps, positions, show_heaps, Family, Game, GameInfo, ImpartialGame,
    ImpartialRuleset, Move, Ruleset,
};
use crate::MexError;
use num_bigint::BigUint;
use num_traits::Zero;
use std::fmt;
use std::str::FromStr;

/// Nim.
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

/// A Nim position: heap sizes, in order (zero heaps kept, so that heap
/// numbers stay put).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Heaps(pub Vec<BigUint>);

const ACCEPTED: &str = "heap sizes separated by commas, such as 3,4,5 or 2^200,7";

impl FromStr for Heaps {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        parse_heaps(s, ACCEPTED).map(Heaps)
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&show_heaps(&self.0))
    }
}

fn nim_sum(heaps: &[BigUint]) -> BigUint {
    heaps.iter().fold(BigUint::zero(), |x, h| x ^ h)
}

fn with_heap(p: &Heaps, i: usize, to: BigUint) -> Move<Heaps> {
    let mut next = p.clone();
    let taken = &p.0[i] - &to;
    next.0[i] = to;
    Move::new(format!("take {taken} from heap {}", i + 1), next)
}

impl Ruleset for Nim {
    type Position = Heaps;
}

impl Game for Nim {
    const INFO: GameInfo = GameInfo {
        name: "nim",
        family: Family::Impartial,
        description: "Nim: take any number of counters from one heap",
        syntax: "heap sizes separated by commas (any size: 2^200)",
        example: "3,4,5",
        rules: "Heaps of counters. A move takes one or more counters from one heap. \
                Who cannot move loses. The Grundy value is the XOR of the heaps (Bouton 1901).",
    };
    fn check_moves(&self, p: &Heaps) -> Result<(), MexError> {
        check_move_count(&p.0.iter().sum(), "this Nim position")
    }
    /// The heaps, empty ones kept in place.
    fn picture(&self, p: &Heaps) -> Picture {
        Picture::heaps(&p.0)
    }
}

impl ImpartialGame for Nim {
    fn moves(&self, p: &Heaps) -> Vec<Move<Heaps>> {
        let mut out = Vec::new();
        for (i, h) in p.0.iter().enumerate() {
            let mut to = BigUint::zero();
            while to < *h {
                out.push(with_heap(p, i, to.clone()));
                to += 1u32;
            }
        }
        out
    }
    fn is_terminal(&self, p: &Heaps) -> bool {
        p.0.iter().all(Zero::is_zero)
    }
    /// Every Nim position is hereditarily tame (Bouton 1901; Winning Ways
    /// ch. 13): fickle when every heap is at most 1.
    fn known_misere(&self, p: &Heaps) -> Option<crate::impartial::misere::TameGenus> {
        Some(crate::impartial::misere::nim_genus(&p.0))
    }
    /// Bouton: the move to value `t` in heap `h` of a position of value `x`
    /// leaves `h XOR x XOR t`, when that is smaller than `h`.
    fn known_moves_to(&self, p: &Heaps, target: &BigUint) -> Option<Vec<Move<Heaps>>> {
        let change = nim_sum(&p.0) ^ target;
        Some(
            p.0.iter()
                .enumerate()
                .filter_map(|(i, h)| {
                    let to = h ^ &change;
                    (to < *h).then(|| with_heap(p, i, to))
                })
                .collect(),
        )
    }
}

impl ImpartialRuleset for Nim {
    fn options(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        out.extend(positions(self.moves(p)));
    }
    fn decompose(&self, p: &Heaps) -> Option<Vec<Heaps>> {
        (p.0.len() > 1).then(|| p.0.iter().map(|h| Heaps(vec![h.clone()])).collect())
    }
    fn known_grundy(&self, p: &Heaps) -> Option<BigUint> {
        Some(nim_sum(&p.0))
    }
}
