//! The shift game solved exhaustively: its arena (the De Bruijn graph, seed
//! 000 Section 2, Büchi view) solved by min–max reachability on the shared
//! backward engine. Alice minimises the turns until `0^n` returns, Bob
//! maximises them.

use crate::solve::arena::{reach_distances, Arena, Player};
use crate::MexError;

/// Largest `n` for the exhaustive solver (2^n states; memory grows as 2^n).
pub const MAX_EXHAUSTIVE_N: u32 = 24;

/// The arena of an n-bit shift game. A state index has `b0` as its highest
/// bit, so the successors of `s` are `s >> 1` and `(s >> 1) | 2^(n-1)`, and
/// `b(n-1)` is the lowest bit. Alice owns the states where
/// `f(b0 … b(n-2)) XOR b(n-1) = 1` (Weiss, Definition 16); `f = 0` is the
/// shift game of Definition 1. `f` is indexed by `b0 … b(n-2)` read as a
/// binary number, `b0` highest.
#[derive(Debug, Clone)]
pub struct ShiftArena<'a> {
    n: u32,
    f: Option<&'a [u8]>,
}

impl Arena for ShiftArena<'_> {
    fn vertex_count(&self) -> usize {
        1usize << self.n
    }
    fn successors(&self, s: usize, out: &mut Vec<usize>) {
        out.push(s >> 1);
        out.push((s >> 1) | (1 << (self.n - 1)));
    }
    fn owner(&self, s: usize) -> Player {
        let f = self.f.map_or(0, |f| f[s >> 1]);
        if (s & 1) as u8 ^ f == 1 {
            Player::Alice
        } else {
            Player::Bob
        }
    }
}

/// Optimal play of the n-bit shift game, from every state.
#[derive(Debug, Clone)]
pub struct ShiftSolution {
    /// `n`.
    pub n: u32,
    /// The successor of each state (by index) under optimal play of the
    /// player to move; for `0^n`, Bob's move that starts the game.
    pub successors: Vec<u32>,
    /// Turns until `0^n` is reached from each state (0 for `0^n` itself;
    /// `u32::MAX` where Bob can prevent it forever, which Proposition 2
    /// rules out for the plain shift game).
    pub distances: Vec<u32>,
    /// Whether every optimal choice is strict (both strategies unique).
    pub unique: bool,
}

/// Solves the n-bit shift game for `1 ≤ n ≤ MAX_EXHAUSTIVE_N`.
pub fn solve(n: u32) -> Result<ShiftSolution, MexError> {
    solve_arena(n, None)
}

/// Solves the generalized shift game (Definition 16) with the function `f`
/// of `2^(n-1)` bits, for `2 ≤ n ≤ MAX_EXHAUSTIVE_N`.
pub fn solve_generalized(f: &[u8]) -> Result<ShiftSolution, MexError> {
    let len = f.len();
    if !len.is_power_of_two() || f.iter().any(|&b| b > 1) {
        return Err(MexError::invalid(
            format!("f has {len} entries"),
            "2^(n-1) bits of 0/1, indexed by b0 ... b(n-2) with b0 highest",
        ));
    }
    solve_arena(len.trailing_zeros() + 1, Some(f))
}

fn solve_arena(n: u32, f: Option<&[u8]>) -> Result<ShiftSolution, MexError> {
    MexError::check_range(
        "the order n of the exhaustive solver (2^n states)",
        n.into(),
        1,
        MAX_EXHAUSTIVE_N.into(),
        "the O(n) rule answers longer states one move at a time",
    )?;
    let arena = ShiftArena { n, f };
    let size = 1usize << n;
    let mut target = vec![false; size];
    target[0] = true;
    let distances: Vec<u32> = reach_distances(&arena, &target)?
        .into_iter()
        .map(|d| d.unwrap_or(u32::MAX))
        .collect();
    let mut unique = true;
    let successors = (0..size)
        .map(|s| {
            let (a, b) = (s >> 1, (s >> 1) | (size >> 1));
            let (da, db) = (distances[a], distances[b]);
            unique &= da != db;
            let alice = arena.owner(s) == Player::Alice;
            (if (da < db) == alice { a } else { b }) as u32
        })
        .collect();
    Ok(ShiftSolution {
        n,
        successors,
        distances,
        unique,
    })
}

impl ShiftSolution {
    /// The play from `0^n` under optimal play: the states from `0^n` up to
    /// the last one before `0^n` returns.
    pub fn play(&self) -> Vec<u32> {
        let mut play = vec![0u32];
        let mut s = self.successors[0];
        while s != 0 && play.len() < self.successors.len() {
            play.push(s);
            s = self.successors[s as usize];
        }
        play
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn propositions_8_and_9_play_has_2_to_the_n_turns_and_is_unique() {
        for n in 1..=16 {
            let sol = solve(n).unwrap();
            assert!(sol.unique, "n = {n}");
            let play = sol.play();
            assert_eq!(play.len(), 1 << n, "n = {n}");
            let mut seen = play.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 1 << n, "every state once (Theorem 5), n = {n}");
        }
    }

    #[test]
    fn limits() {
        assert!(solve(0).is_err());
        assert!(solve(MAX_EXHAUSTIVE_N + 1).is_err());
    }
}
