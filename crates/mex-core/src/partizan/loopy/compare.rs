//! Comparison of stoppers by survival (Siegel 2013, Thm. VI.2.? in the
//! form used by CGSuite): for stoppers G and H, G ≥ H if and only if Left,
//! with Right moving first in G − H, can always move (she *survives*;
//! endless play counts for her).
//!
//! [`geq_table`] decides this for every pair (g, h) of vertices of two
//! graphs at once, by retrograde analysis of the states (g, h, mover) of
//! G − H: a state is *lost* for Left when she is to move and every move
//! (to g^L or to h^R) is lost, or Right is to move and some move (to g^R
//! or h^L) is lost; the least such set is computed from the states where
//! Left cannot move. G ≥ H iff (g, h, Right to move) is not lost.
//!
//! The table costs 2·|G|·|H| states; it is refused past
//! [`super::graph::MAX_VERTICES`] states before any is allocated.

use super::graph::{LoopyGraph, MAX_VERTICES};
use crate::{stop, MexError};
use std::collections::VecDeque;

/// `ge[g][h]`: whether `g ≥ h` for stoppers `g` of `big` and `h` of
/// `small`.
#[derive(Debug, Clone)]
pub struct GeqTable {
    cols: usize,
    lost_right_first: Vec<bool>,
}

impl GeqTable {
    /// Whether vertex `g` (first graph) is ≥ vertex `h` (second graph).
    pub fn geq(&self, g: usize, h: usize) -> bool {
        !self.lost_right_first[g * self.cols + h]
    }

    /// The table of a graph compared with itself whose vertex `v` has the
    /// value of vertex `origin[v]` of this table's (both) graphs.
    pub fn restricted(&self, origin: &[usize]) -> GeqTable {
        let lost_right_first = origin
            .iter()
            .flat_map(|&g| origin.iter().map(move |&h| (g, h)))
            .map(|(g, h)| !self.geq(g, h))
            .collect();
        GeqTable {
            cols: origin.len(),
            lost_right_first,
        }
    }
}

/// The survival table of every pair of vertices of `g` and `h` (see the
/// module documentation). Meaningful as an order only for stoppers.
pub fn geq_table(g: &LoopyGraph, h: &LoopyGraph) -> Result<GeqTable, MexError> {
    let (n, m) = (g.len(), h.len());
    let pairs = n.saturating_mul(m);
    if pairs.saturating_mul(2) > MAX_VERTICES {
        return Err(MexError::above_limit(
            "the number of pairs of positions compared (a loopy game's graph times another's)",
            pairs,
            MAX_VERTICES / 2,
            "use smaller components (a sum's graph is the product of theirs)",
        ));
    }
    let reverse = |x: &LoopyGraph| -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        let mut rl = vec![Vec::new(); x.len()];
        let mut rr = vec![Vec::new(); x.len()];
        for v in 0..x.len() {
            for &w in x.left(v) {
                rl[w].push(v);
            }
            for &w in x.right(v) {
                rr[w].push(v);
            }
        }
        (rl, rr)
    };
    let (g_rl, g_rr) = reverse(g);
    let (h_rl, h_rr) = reverse(h);
    // Left-to-move states: counter of moves not yet known lost.
    let mut count: Vec<u32> = Vec::with_capacity(pairs);
    for a in 0..n {
        for b in 0..m {
            count.push((g.left(a).len() + h.right(b).len()) as u32);
        }
    }
    let mut lost_left = vec![false; pairs];
    let mut lost_right = vec![false; pairs];
    let mut queue: VecDeque<(usize, bool)> = VecDeque::new();
    for (p, &c) in count.iter().enumerate() {
        if c == 0 {
            lost_left[p] = true;
            queue.push_back((p, true));
        }
    }
    while let Some((p, left_to_move)) = queue.pop_front() {
        stop::check()?;
        let (a, b) = (p / m, p % m);
        if left_to_move {
            // Right moved here from (a', b) with a ∈ R(a') or (a, b') with b ∈ L(b').
            let preds = g_rr[a]
                .iter()
                .map(|&x| x * m + b)
                .chain(h_rl[b].iter().map(|&y| a * m + y));
            for q in preds {
                if !lost_right[q] {
                    lost_right[q] = true;
                    queue.push_back((q, false));
                }
            }
        } else {
            // Left moved here from (a', b) with a ∈ L(a') or (a, b') with b ∈ R(b').
            let preds = g_rl[a]
                .iter()
                .map(|&x| x * m + b)
                .chain(h_rr[b].iter().map(|&y| a * m + y));
            for q in preds {
                if !lost_left[q] {
                    count[q] -= 1;
                    if count[q] == 0 {
                        lost_left[q] = true;
                        queue.push_back((q, true));
                    }
                }
            }
        }
    }
    Ok(GeqTable {
        cols: m,
        lost_right_first: lost_right,
    })
}

/// Whether `g` from `a` is ≥ `h` from `b`, both stoppers.
pub fn geq(g: &LoopyGraph, a: usize, h: &LoopyGraph, b: usize) -> Result<bool, MexError> {
    let (g, _) = g.reachable(a);
    let (h, _) = h.reachable(b);
    Ok(geq_table(&g, &h)?.geq(0, 0))
}
