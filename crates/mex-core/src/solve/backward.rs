//! Backward induction with per-vertex counters: the one engine behind the
//! win/loss/draw retrograde analysis and the attractor computations of
//! two-player arenas.
//!
//! Decided vertices are processed in first-in first-out order, so levels
//! never decrease. When a vertex is decided with label `L` at level `l`,
//! each undecided predecessor `p` reacts according to `effect(p, L)`:
//!
//! * [`Effect::Decide`]`(M)`: `p` is decided with `M` at level `l + 1` —
//!   the first such successor wins, so the level is `1 + min` (a player who
//!   hurries);
//! * [`Effect::CountDown`]`(M)`: one more successor of `p` is settled; when
//!   all of them are, `p` is decided with `M` at level `l + 1` — the last
//!   one settles it, so the level is `1 + max` (a player who delays);
//! * [`Effect::Ignore`] means nothing happens.
//!
//! Every edge is looked at once: O(V + E).

use crate::MexError;
use std::collections::VecDeque;

/// Largest graph (vertices plus edges) the engine accepts.
pub const MAX_GRAPH_SIZE: usize = 1 << 30;

/// Predecessor lists in compressed (CSR) form and each vertex's number of
/// distinct successors.
#[derive(Debug, Clone)]
pub struct Predecessors {
    start: Vec<usize>,
    preds: Vec<usize>,
    out_degree: Vec<u32>,
}

impl Predecessors {
    /// Builds the reverse graph of `n` vertices from a successor function,
    /// refusing graphs above [`MAX_GRAPH_SIZE`] before allocating them.
    pub fn build(
        n: usize,
        mut successors: impl FnMut(usize, &mut Vec<usize>),
    ) -> Result<Self, MexError> {
        if n > MAX_GRAPH_SIZE {
            return Err(MexError::too_large(
                format!("a graph of {n} positions"),
                format!("{MAX_GRAPH_SIZE} positions"),
                "solve a smaller graph",
            ));
        }
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut out_degree = vec![0u32; n];
        let mut buf = Vec::new();
        for (v, degree) in out_degree.iter_mut().enumerate() {
            buf.clear();
            successors(v, &mut buf);
            buf.sort_unstable();
            buf.dedup();
            if let Some(&bad) = buf.iter().find(|&&s| s >= n) {
                return Err(MexError::invalid(
                    format!("position {v} has successor {bad} outside 0..{n}"),
                    "successors inside the graph",
                ));
            }
            *degree = buf.len() as u32;
            edges.extend(buf.iter().map(|&s| (s, v)));
            if edges.len() + n > MAX_GRAPH_SIZE {
                return Err(MexError::too_large(
                    "the graph's edges",
                    format!("{MAX_GRAPH_SIZE} in all"),
                    "solve a smaller graph",
                ));
            }
        }
        let mut start = vec![0usize; n + 1];
        for &(s, _) in &edges {
            start[s + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut preds = vec![0usize; edges.len()];
        for &(s, v) in &edges {
            preds[fill[s]] = v;
            fill[s] += 1;
        }
        Ok(Predecessors {
            start,
            preds,
            out_degree,
        })
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.out_degree.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.out_degree.is_empty()
    }

    /// Number of distinct successors of `v`.
    pub fn out_degree(&self, v: usize) -> u32 {
        self.out_degree[v]
    }

    /// The predecessors of `v`.
    pub fn of(&self, v: usize) -> &[usize] {
        &self.preds[self.start[v]..self.start[v + 1]]
    }
}

/// How an undecided vertex reacts to a successor being decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect<L> {
    /// Decide it now, with this label.
    Decide(L),
    /// Count the successor; decide with this label when all are counted.
    CountDown(L),
    /// Nothing happens.
    Ignore,
}

/// Runs backward induction from `seeds` (vertex, label, level), which must
/// be listed in non-decreasing level order. Returns each vertex's label and
/// level, or `None` where nothing decided it.
pub fn propagate<L: Copy>(
    graph: &Predecessors,
    seeds: impl IntoIterator<Item = (usize, L, u32)>,
    effect: impl Fn(usize, L) -> Effect<L>,
) -> Vec<Option<(L, u32)>> {
    let mut decided: Vec<Option<(L, u32)>> = vec![None; graph.len()];
    let mut remaining = graph.out_degree.clone();
    let mut queue = VecDeque::new();
    for (v, label, level) in seeds {
        if decided[v].is_none() {
            decided[v] = Some((label, level));
            queue.push_back(v);
        }
    }
    while let Some(u) = queue.pop_front() {
        let (label, level) = decided[u].expect("queued vertices are decided");
        for &p in graph.of(u) {
            if decided[p].is_some() {
                continue;
            }
            let new = match effect(p, label) {
                Effect::Decide(m) => m,
                Effect::CountDown(m) => {
                    remaining[p] -= 1;
                    if remaining[p] > 0 {
                        continue;
                    }
                    m
                }
                Effect::Ignore => continue,
            };
            decided[p] = Some((new, level + 1));
            queue.push_back(p);
        }
    }
    decided
}
