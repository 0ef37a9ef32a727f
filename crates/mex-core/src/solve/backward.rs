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
/// distinct successors, with `u32` indices (8 bytes per vertex and 4 per
/// edge).
#[derive(Debug, Clone)]
pub struct Predecessors {
    start: Vec<u32>,
    preds: Vec<u32>,
    out_degree: Vec<u32>,
}

impl Predecessors {
    /// Builds the reverse graph of `n` vertices from a successor function,
    /// refusing graphs above [`MAX_GRAPH_SIZE`] before allocating them
    /// (and stopping when a stop token installed by the caller is). The
    /// successor function is called twice per vertex (count, then fill), so
    /// no list of edges is held besides the result.
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
        let mut out_degree = vec![0u32; n];
        let mut start = vec![0u32; n + 1];
        let mut buf = Vec::new();
        let mut edges = 0usize;
        for (v, degree) in out_degree.iter_mut().enumerate() {
            crate::stop::check()?;
            distinct_successors(v, n, &mut successors, &mut buf)?;
            *degree = buf.len() as u32;
            edges += buf.len();
            if edges + n > MAX_GRAPH_SIZE {
                return Err(MexError::too_large(
                    "the graph's edges",
                    format!("{MAX_GRAPH_SIZE} in all"),
                    "solve a smaller graph",
                ));
            }
            for &s in &buf {
                start[s + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut preds = vec![0u32; edges];
        for v in 0..n {
            crate::stop::check()?;
            distinct_successors(v, n, &mut successors, &mut buf)?;
            for &s in &buf {
                preds[fill[s] as usize] = v as u32;
                fill[s] += 1;
            }
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
    pub fn of(&self, v: usize) -> &[u32] {
        &self.preds[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// The successors of `v`, sorted and without repetition, checked to lie in
/// the graph.
fn distinct_successors(
    v: usize,
    n: usize,
    successors: &mut impl FnMut(usize, &mut Vec<usize>),
    buf: &mut Vec<usize>,
) -> Result<(), MexError> {
    buf.clear();
    successors(v, buf);
    buf.sort_unstable();
    buf.dedup();
    match buf.iter().find(|&&s| s >= n) {
        Some(&bad) => Err(MexError::invalid(
            format!("position {v} has successor {bad} outside 0..{n}"),
            "successors inside the graph",
        )),
        None => Ok(()),
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
/// level, or `None` where nothing decided it; [`MexError::Stopped`] when a
/// stop token installed by the caller is stopped ([`crate::stop`], checked
/// at every decided vertex).
pub fn propagate<L: Copy>(
    graph: &Predecessors,
    seeds: impl IntoIterator<Item = (usize, L, u32)>,
    effect: impl Fn(usize, L) -> Effect<L>,
) -> Result<Vec<Option<(L, u32)>>, MexError> {
    let mut decided: Vec<Option<(L, u32)>> = vec![None; graph.len()];
    let mut remaining = graph.out_degree.clone();
    let mut queue: VecDeque<u32> = VecDeque::new();
    for (v, label, level) in seeds {
        if decided[v].is_none() {
            decided[v] = Some((label, level));
            queue.push_back(v as u32);
        }
    }
    while let Some(u) = queue.pop_front() {
        crate::stop::check()?;
        let (label, level) = decided[u as usize].expect("queued vertices are decided");
        for &p in graph.of(u as usize) {
            let p = p as usize;
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
            queue.push_back(p as u32);
        }
    }
    Ok(decided)
}
