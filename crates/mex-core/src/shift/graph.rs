//! The De Bruijn graph of order n as data for a picture: its vertices (the
//! n-bit states), its edges (the two moves of the shift game from each
//! state: de Bruijn 1946; the game's arena, Weiss Section 2), who moves at
//! each state, and the optimal play from `0^n`, which visits every state
//! once (Weiss, Propositions 8 and 9) and so also serves as the order of the
//! vertices around a circle. No drawing happens here.

use super::exhaustive;
use super::state::{parse_state, show, to_index};
use crate::MexError;

/// Largest order drawn as a picture (64 vertices, 128 edges).
pub const MAX_PICTURE_ORDER: u32 = 6;

/// The De Bruijn graph of order `n` with the shift game's optimal play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeBruijnGraph {
    /// The order n.
    pub n: u32,
    /// The edges `(s, t)` by state index (`b0` highest bit): from `s` to
    /// `s >> 1` and `(s >> 1) | 2^(n-1)`, in that order, for every `s`.
    pub edges: Vec<(u32, u32)>,
    /// Whether Alice chooses the new bit at each state (its last bit is 1).
    pub alice: Vec<bool>,
    /// The optimal play: the states from `0^n` in the order visited,
    /// `2^n` of them; the next turn returns to `0^n`.
    pub play: Vec<u32>,
}

impl DeBruijnGraph {
    /// The graph of order `n`, `1 ≤ n ≤ MAX_PICTURE_ORDER`.
    pub fn new(n: u64) -> Result<Self, MexError> {
        MexError::check_range(
            "the order of a De Bruijn graph picture",
            n,
            1,
            MAX_PICTURE_ORDER.into(),
            "larger graphs have too many vertices to draw",
        )?;
        let n = n as u32;
        let size = 1u32 << n;
        let edges = (0..size)
            .flat_map(|s| [(s, s >> 1), (s, (s >> 1) | (size >> 1))])
            .collect();
        let alice = (0..size).map(|s| s & 1 == 1).collect();
        let play = exhaustive::solve(n)?.play();
        Ok(DeBruijnGraph {
            n,
            edges,
            alice,
            play,
        })
    }

    /// The state with index `s`, `b0` first.
    pub fn label(&self, s: u32) -> String {
        show(&super::state::from_index(s.into(), self.n))
    }

    /// Whether `(s, t)` is a move of the game.
    pub fn is_edge(&self, s: u32, t: u32) -> bool {
        let size = 1u32 << self.n;
        s < size && t < size && t & ((size >> 1) - 1) == s >> 1
    }

    /// The optimal play as edges, closed by the turn back to `0^n`.
    pub fn play_edges(&self) -> Vec<(u32, u32)> {
        let k = self.play.len();
        (0..k)
            .map(|i| (self.play[i], self.play[(i + 1) % k]))
            .collect()
    }

    /// Parses a sequence of states (a play so far) of this order, each a
    /// move from the one before; refuses anything else.
    pub fn parse_path(&self, states: &[&str]) -> Result<Vec<u32>, MexError> {
        let limit = 4 * (1usize << self.n);
        if states.len() > limit {
            return Err(MexError::too_large(
                format!("a path of {} states", states.len()),
                format!("{limit} states"),
                "send the play of one game",
            ));
        }
        let mut path = Vec::with_capacity(states.len());
        for text in states {
            let bits = parse_state(text)?;
            if bits.len() != self.n as usize {
                return Err(MexError::invalid(
                    format!(
                        "the state {} has {} bits",
                        crate::error::quote(text),
                        bits.len()
                    ),
                    format!("states of {} bits, the order of the graph", self.n),
                ));
            }
            let s = to_index(&bits) as u32;
            if let Some(&prev) = path.last() {
                if !self.is_edge(prev, s) {
                    return Err(MexError::invalid(
                        format!("{} does not follow {}", show(&bits), self.label(prev)),
                        "states each one turn of the shift register after the one before",
                    ));
                }
            }
            path.push(s);
        }
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_and_play() {
        for n in 1..=6u64 {
            let g = DeBruijnGraph::new(n).unwrap();
            let size = 1u32 << n;
            assert_eq!(g.edges.len(), 2 * size as usize);
            // every vertex has out-degree and in-degree 2
            let mut indeg = vec![0; size as usize];
            for &(s, t) in &g.edges {
                assert!(g.is_edge(s, t));
                indeg[t as usize] += 1;
            }
            assert!(indeg.iter().all(|&d| d == 2));
            // is_edge against the definition: t's bits b1..b(n-1) are s's b0..b(n-2)
            for s in 0..size {
                for t in 0..size {
                    let (bs, bt) = (g.label(s), g.label(t));
                    assert_eq!(g.is_edge(s, t), bt[1..] == bs[..bs.len() - 1]);
                }
            }
            // the play is a Hamiltonian cycle of the graph from 0^n
            assert_eq!(g.play.len(), size as usize);
            assert_eq!(g.play[0], 0);
            let mut seen = g.play.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), size as usize);
            assert!(g.play_edges().iter().all(|&(s, t)| g.is_edge(s, t)));
            // the path parser accepts the play and refuses a non-move
            let labels: Vec<String> = g.play.iter().map(|&s| g.label(s)).collect();
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            assert_eq!(g.parse_path(&refs).unwrap(), g.play);
        }
    }

    #[test]
    fn play_writes_the_reversed_prefer_one_sequence() {
        // Weiss, Theorem 5: the bits entering the register under optimal
        // play form the reversed prefer-one sequence (up to rotation).
        for n in 1..=6u32 {
            let g = DeBruijnGraph::new(n.into()).unwrap();
            let entering: Vec<u8> = g
                .play_edges()
                .iter()
                .map(|&(_, t)| (t >> (n - 1)) as u8)
                .collect();
            let mut want = super::super::debruijn::prefer_one(n).unwrap();
            want.reverse();
            let k = want.len();
            assert!(
                (0..k).any(|r| (0..k).all(|i| entering[i] == want[(i + r) % k])),
                "n = {n}"
            );
        }
    }

    #[test]
    fn limits() {
        assert!(DeBruijnGraph::new(0).is_err());
        assert!(DeBruijnGraph::new(7).is_err());
        let g = DeBruijnGraph::new(3).unwrap();
        assert!(g.parse_path(&["000", "011"]).is_err());
        assert!(g.parse_path(&["00"]).is_err());
        assert!(g.parse_path(&["0a0"]).is_err());
        assert!(g.parse_path(&["000"; 100]).is_err());
    }
}
