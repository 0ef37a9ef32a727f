//! Wythoff's game: two piles; a move takes any number from one pile or the
//! same number from both. The P-positions are the pairs `(⌊kφ⌋, ⌊kφ²⌋)`
//! (Wythoff 1907), computed exactly with integer square roots, so the
//! outcome and the winning moves are known for piles of any size; Grundy
//! values of N-positions are computed by table up to piles of 512.

use super::picture::Picture;
use super::{
    check_move_count, positions, Family, Game, GameInfo, ImpartialGame, ImpartialRuleset, Move,
    Ruleset,
};
use crate::heap::wythoff::{self as engine, MAX_GRUNDY_PILE};
use crate::MexError;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use std::fmt;
use std::str::FromStr;

/// Wythoff's game.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wythoff;

/// Two piles.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piles {
    /// The first pile.
    pub x: BigUint,
    /// The second pile.
    pub y: BigUint,
}

impl Piles {
    /// The position `(x, y)`.
    pub fn new(x: BigUint, y: BigUint) -> Self {
        Piles { x, y }
    }

    fn to(&self, x: BigUint, y: BigUint, label: String) -> Move<Piles> {
        Move::new(label, Piles { x, y })
    }

    fn small(&self) -> Option<(u64, u64)> {
        let (x, y) = (self.x.to_u64()?, self.y.to_u64()?);
        (x <= MAX_GRUNDY_PILE && y <= MAX_GRUNDY_PILE).then_some((x, y))
    }

    fn label(&self, x: &BigUint, y: &BigUint) -> String {
        match (&self.x - x, &self.y - y) {
            (dx, dy) if dy.is_zero() => format!("take {dx} from the first pile"),
            (dx, dy) if dx.is_zero() => format!("take {dy} from the second pile"),
            (dx, _) => format!("take {dx} from both piles"),
        }
    }
}

impl fmt::Display for Piles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Piles {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let piles = super::parse_heaps(s, "two piles X,Y such as 3,5 (any size)")?;
        match <[BigUint; 2]>::try_from(piles) {
            Ok([x, y]) => Ok(Piles::new(x, y)),
            Err(v) => Err(MexError::invalid(
                format!("Wythoff's game has two piles, not {}", v.len()),
                "two piles X,Y such as 3,5 (any size)",
            )),
        }
    }
}

impl Ruleset for Wythoff {
    type Position = Piles;
}

impl Game for Wythoff {
    const INFO: GameInfo = GameInfo {
        name: "wythoff",
        family: Family::Impartial,
        description: "Wythoff's game: take from one pile, or the same from both",
        syntax: "X,Y (any size; Grundy values of N-positions up to piles of 512)",
        example: "3,5",
        rules: "Two piles of counters. A move takes any positive number from one pile, or the \
                same positive number from both. Who cannot move loses. The P-positions are \
                (floor(k phi), floor(k phi^2)) and their mirror images (Wythoff 1907).",
    };
    fn check(&self, p: &Piles) -> Result<(), MexError> {
        if p.small().is_none() && !engine::is_p_position(&p.x, &p.y) {
            return Err(MexError::too_large(
                format!("the Grundy value of Wythoff's game at ({}, {})", p.x, p.y),
                format!("piles of {MAX_GRUNDY_PILE} (any size for P-positions)"),
                "the outcome and the winning moves are known for any size (mex wythoff X Y)",
            ));
        }
        Ok(())
    }
    fn check_moves(&self, p: &Piles) -> Result<(), MexError> {
        let count = &p.x + &p.y + (&p.x).min(&p.y);
        check_move_count(&count, "this Wythoff position")
    }
    /// The two piles.
    fn picture(&self, p: &Piles) -> Picture {
        Picture::heaps(&[&p.x, &p.y])
    }
}

impl ImpartialGame for Wythoff {
    fn moves(&self, p: &Piles) -> Vec<Move<Piles>> {
        let mut out = Vec::new();
        let mut step = BigUint::from(1u32);
        while step <= p.x || step <= p.y {
            if step <= p.x {
                out.push(p.to(
                    &p.x - &step,
                    p.y.clone(),
                    format!("take {step} from the first pile"),
                ));
            }
            if step <= p.y {
                out.push(p.to(
                    p.x.clone(),
                    &p.y - &step,
                    format!("take {step} from the second pile"),
                ));
            }
            if step <= p.x && step <= p.y {
                out.push(p.to(
                    &p.x - &step,
                    &p.y - &step,
                    format!("take {step} from both piles"),
                ));
            }
            step += 1u32;
        }
        out
    }
    fn is_terminal(&self, p: &Piles) -> bool {
        p.x.is_zero() && p.y.is_zero()
    }
    /// A move never adds counters, so at most the `(x+1)(y+1)` positions
    /// `(i, j)` with `i ≤ x`, `j ≤ y` are reached.
    fn misere_reach_bound(&self, p: &Piles, _cap: usize) -> Option<BigUint> {
        Some((&p.x + 1u32) * (&p.y + 1u32))
    }
    /// From `(i, j)` there are `i + j + min(i, j)` moves, most at `(x, y)`.
    fn misere_move_bound(&self, p: &Piles) -> Option<BigUint> {
        Some(&p.x + &p.y + (&p.x).min(&p.y))
    }
    /// P exactly at the pairs `(⌊kφ⌋, ⌊kφ²⌋)` and their mirror images
    /// (Wythoff 1907), for any size.
    fn known_outcome(&self, p: &Piles) -> Option<crate::impartial::Outcome> {
        Some(engine::outcome(&p.x, &p.y))
    }
    /// The moves to P-positions, by the pairs, for any size.
    fn known_moves_to(&self, p: &Piles, target: &BigUint) -> Option<Vec<Move<Piles>>> {
        target.is_zero().then(|| {
            engine::winning_moves(&p.x, &p.y)
                .into_iter()
                .map(|(x, y)| {
                    let label = p.label(&x, &y);
                    p.to(x, y, label)
                })
                .collect()
        })
    }
}

impl ImpartialRuleset for Wythoff {
    fn options(&self, p: &Piles, out: &mut Vec<Piles>) {
        out.extend(positions(self.moves(p)));
    }
    /// Zero at the Wythoff pairs (any size); the shared table up to 512.
    fn known_grundy(&self, p: &Piles) -> Option<BigUint> {
        if let Some((x, y)) = p.small() {
            return engine::grundy(x, y).ok().map(BigUint::from);
        }
        engine::is_p_position(&p.x, &p.y).then(BigUint::zero)
    }
}
