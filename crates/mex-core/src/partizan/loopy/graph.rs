//! Game graphs of loopy partizan games: vertices with Left and Right
//! options, which may form cycles (Conway 1978; Siegel 2013, §VI.1).
//!
//! The operations here are structural: the disjunctive sum (the product
//! graph, Siegel 2013, Def. VI.1.3), the negative (Left and Right
//! exchanged), the part reachable from a vertex, the test for a stopper (no
//! infinite alternating play from any follower, Siegel 2013, Def. VI.1.5)
//! and the outcome with draws (Winning Ways, ch. 11: a player who cannot
//! move loses; play that never ends is a draw).
//!
//! Every construction is bounded: graphs larger than [`MAX_VERTICES`]
//! are refused before they are built, and the loops call
//! [`crate::stop::check`].

use crate::{stop, MexError};
use std::collections::VecDeque;

/// The most vertices of any graph built here (a sum's product graph is
/// counted before it is built). With at most a few options per vertex this
/// keeps every table under a few hundred MiB.
pub const MAX_VERTICES: usize = 2_000_000;

/// The most edges of any graph built here.
pub const MAX_EDGES: usize = 8_000_000;

/// A game graph: vertex `v` has Left options `left[v]` and Right options
/// `right[v]` (vertex numbers).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoopyGraph {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
}

/// Who is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mover {
    /// Left moves next.
    Left,
    /// Right moves next.
    Right,
}

/// The result of play with a given first player (Winning Ways, ch. 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Result3 {
    /// Left can force Right to be unable to move.
    LeftWins,
    /// Right can force Left to be unable to move.
    RightWins,
    /// Neither can force a win: play goes on forever.
    Draw,
}

impl LoopyGraph {
    /// The graph whose vertex `i` has Left options `left[i]` and Right
    /// options `right[i]`.
    ///
    /// # Panics
    /// If the two lists differ in length or an option names no vertex
    /// (use [`LoopyGraph::try_from_options`] for input from users).
    pub fn from_options(left: Vec<Vec<usize>>, right: Vec<Vec<usize>>) -> LoopyGraph {
        match Self::try_from_options(left, right) {
            Ok(g) => g,
            Err(e) => panic!("LoopyGraph::from_options: {e}"),
        }
    }

    /// As [`LoopyGraph::from_options`], refusing malformed or oversized
    /// lists with a [`MexError`].
    pub fn try_from_options(
        left: Vec<Vec<usize>>,
        right: Vec<Vec<usize>>,
    ) -> Result<LoopyGraph, MexError> {
        let n = left.len();
        if right.len() != n {
            return Err(MexError::invalid(
                format!("{n} lists of Left options but {} of Right", right.len()),
                "one list of Left and one of Right options per vertex",
            ));
        }
        check_size(n, edge_count(&left) + edge_count(&right))?;
        for (v, &w) in left.iter().chain(&right).flatten().enumerate() {
            if w >= n {
                return Err(MexError::invalid(
                    format!("option {v} names vertex {w}, but there are {n} vertices"),
                    "options naming vertices 0..n-1",
                ));
            }
        }
        Ok(LoopyGraph { left, right })
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// The Left options of `v`.
    pub fn left(&self, v: usize) -> &[usize] {
        &self.left[v]
    }

    /// The Right options of `v`.
    pub fn right(&self, v: usize) -> &[usize] {
        &self.right[v]
    }

    /// The options of `v` for `mover`.
    pub fn options(&self, v: usize, mover: Mover) -> &[usize] {
        match mover {
            Mover::Left => &self.left[v],
            Mover::Right => &self.right[v],
        }
    }

    /// The negative: every vertex with its Left and Right options
    /// exchanged (Siegel 2013, §VI.1).
    pub fn negative(&self) -> LoopyGraph {
        LoopyGraph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The disjoint union of `self` and `other`: `other`'s vertex `w`
    /// becomes `self.len() + w`.
    pub fn union(&self, other: &LoopyGraph) -> Result<LoopyGraph, MexError> {
        let shift = self.len();
        check_size(
            shift + other.len(),
            self.edges() + other.edges(), // both are already bounded
        )?;
        let moved = |lists: &Vec<Vec<usize>>| -> Vec<Vec<usize>> {
            lists
                .iter()
                .map(|o| o.iter().map(|w| w + shift).collect())
                .collect()
        };
        let mut left = self.left.clone();
        let mut right = self.right.clone();
        left.extend(moved(&other.left));
        right.extend(moved(&other.right));
        Ok(LoopyGraph { left, right })
    }

    /// The number of edges (Left and Right).
    pub fn edges(&self) -> usize {
        edge_count(&self.left) + edge_count(&self.right)
    }

    /// The part reachable from `start`, renumbered so that `start` is 0
    /// (breadth-first order), and the old number of each new vertex.
    pub fn reachable(&self, start: usize) -> (LoopyGraph, Vec<usize>) {
        let (g, _, old_of) = self.renumbered_from(&[start]);
        (g, old_of)
    }

    /// The part reachable from any of `roots`, renumbered in breadth-first
    /// order from them (the first root is 0), and the new number of each
    /// root.
    pub fn reachable_from(&self, roots: &[usize]) -> (LoopyGraph, Vec<usize>) {
        let (g, at, _) = self.reachable_with_origins(roots);
        (g, at)
    }

    /// [`LoopyGraph::reachable_from`], with the old number of every new
    /// vertex.
    pub fn reachable_with_origins(&self, roots: &[usize]) -> (LoopyGraph, Vec<usize>, Vec<usize>) {
        let (g, new_of, old_of) = self.renumbered_from(roots);
        (g, roots.iter().map(|&r| new_of[r]).collect(), old_of)
    }

    /// The part reachable from `roots` in breadth-first order, the new
    /// number of every old vertex (`usize::MAX` if unreachable) and the
    /// old number of every new one.
    fn renumbered_from(&self, roots: &[usize]) -> (LoopyGraph, Vec<usize>, Vec<usize>) {
        let mut new_of = vec![usize::MAX; self.len()];
        let mut old_of = Vec::new();
        for &r in roots {
            if new_of[r] == usize::MAX {
                new_of[r] = old_of.len();
                old_of.push(r);
            }
        }
        let mut i = 0;
        while i < old_of.len() {
            let v = old_of[i];
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if new_of[w] == usize::MAX {
                    new_of[w] = old_of.len();
                    old_of.push(w);
                }
            }
            i += 1;
        }
        let renumber = |o: &[usize]| o.iter().map(|&w| new_of[w]).collect::<Vec<_>>();
        let left = old_of.iter().map(|&v| renumber(&self.left[v])).collect();
        let right = old_of.iter().map(|&v| renumber(&self.right[v])).collect();
        (LoopyGraph { left, right }, new_of, old_of)
    }

    /// The disjunctive sum of `self` from `g` and `other` from `h`: the
    /// product graph of the pairs reachable from `(g, h)`, whose vertex 0 is
    /// `(g, h)` (Siegel 2013, Def. VI.1.3: a move is a move in one
    /// component). Refused past [`MAX_VERTICES`] pairs, counted as they are
    /// found.
    pub fn sum(&self, g: usize, other: &LoopyGraph, h: usize) -> Result<LoopyGraph, MexError> {
        let mut index = std::collections::HashMap::new();
        let mut pairs = vec![(g, h)];
        index.insert((g, h), 0usize);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut edges = 0usize;
        let mut i = 0;
        while i < pairs.len() {
            stop::check()?;
            let (a, b) = pairs[i];
            let mut side = |mover: Mover| -> Result<Vec<usize>, MexError> {
                let moves_a = self.options(a, mover).iter().map(|&x| (x, b));
                let moves_b = other.options(b, mover).iter().map(|&y| (a, y));
                let mut out = Vec::new();
                for p in moves_a.chain(moves_b) {
                    let next = pairs.len();
                    let id = *index.entry(p).or_insert(next);
                    if id == next {
                        pairs.push(p);
                    }
                    out.push(id);
                }
                edges += out.len();
                check_size(pairs.len(), edges)?;
                Ok(out)
            };
            let l = side(Mover::Left)?;
            let r = side(Mover::Right)?;
            left.push(dedup(l));
            right.push(dedup(r));
            i += 1;
        }
        Ok(LoopyGraph { left, right })
    }

    /// Whether the game from `start` is a stopper: no follower has an
    /// infinite alternating play (Siegel 2013, Def. VI.1.5), i.e. the graph
    /// of states (vertex, mover) — with (v, Left) → (v^L, Right) and
    /// (v, Right) → (v^R, Left) — has no cycle reachable from `start`.
    pub fn is_stopper(&self, start: usize) -> Result<bool, MexError> {
        self.reachable(start).0.is_stopper_everywhere()
    }

    /// Whether the game from every vertex is a stopper: the graph of
    /// states has no cycle at all.
    pub fn is_stopper_everywhere(&self) -> Result<bool, MexError> {
        no_alternating_cycle(&self.left, &self.right, |w| w)
    }

    /// Whether no cycle at all is reachable from `start` (a short game).
    pub fn is_loopfree(&self, start: usize) -> bool {
        self.loopfree_vertices()[start]
    }

    /// For every vertex, whether no cycle is reachable from it.
    pub fn loopfree_vertices(&self) -> Vec<bool> {
        // Reverse Kahn: a vertex is loopfree once all its options are.
        let n = self.len();
        let mut pending: Vec<usize> = (0..n)
            .map(|v| self.left[v].len() + self.right[v].len())
            .collect();
        let mut parents = vec![Vec::new(); n];
        for v in 0..n {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                parents[w].push(v);
            }
        }
        let mut free = vec![false; n];
        let mut queue: VecDeque<usize> = (0..n).filter(|&v| pending[v] == 0).collect();
        while let Some(v) = queue.pop_front() {
            free[v] = true;
            for &p in &parents[v] {
                pending[p] -= 1;
                if pending[p] == 0 {
                    queue.push_back(p);
                }
            }
        }
        free
    }

    /// Who wins from `start` with `first` to move, where a player unable
    /// to move loses and endless play is a draw (Winning Ways, ch. 11):
    /// retrograde analysis of the states (vertex, mover).
    pub fn result(&self, start: usize, first: Mover) -> Result<Result3, MexError> {
        let right_wins = self.forced_stuck(Mover::Left)?;
        let left_wins = self.forced_stuck(Mover::Right)?;
        let s = 2 * start + usize::from(first == Mover::Right);
        Ok(if left_wins[s] {
            Result3::LeftWins
        } else if right_wins[s] {
            Result3::RightWins
        } else {
            Result3::Draw
        })
    }

    /// Who wins from `start` with `first` to move when every endless play
    /// is won by `endless` (Left in an onside, Right in an offside; Siegel
    /// 2013, §VI.4): the player other than `endless` wins iff he can force
    /// `endless` to be unable to move. For a stopper this is
    /// [`LoopyGraph::result`] (it has no endless play).
    pub fn side_result(
        &self,
        start: usize,
        first: Mover,
        endless: Mover,
    ) -> Result<Result3, MexError> {
        let s = 2 * start + usize::from(first == Mover::Right);
        let stuck = self.forced_stuck(endless)?;
        Ok(match (endless, stuck[s]) {
            (Mover::Left, true) | (Mover::Right, false) => Result3::RightWins,
            (Mover::Left, false) | (Mover::Right, true) => Result3::LeftWins,
        })
    }

    /// For every state `2v + (mover is Right)`, whether the opponent of
    /// `victim` can force `victim` to be unable to move.
    fn forced_stuck(&self, victim: Mover) -> Result<Vec<bool>, MexError> {
        let n = self.len();
        let state = |v: usize, m: Mover| 2 * v + usize::from(m == Mover::Right);
        let other = |m: Mover| match m {
            Mover::Left => Mover::Right,
            Mover::Right => Mover::Left,
        };
        let mut parents: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
        let mut count = vec![0usize; 2 * n];
        for v in 0..n {
            for m in [Mover::Left, Mover::Right] {
                count[state(v, m)] = self.options(v, m).len();
                for &w in self.options(v, m) {
                    parents[state(w, other(m))].push(state(v, m));
                }
            }
        }
        let mut won = vec![false; 2 * n];
        let mut queue: VecDeque<usize> = VecDeque::new();
        for v in 0..n {
            let s = state(v, victim);
            if count[s] == 0 {
                won[s] = true;
                queue.push_back(s);
            }
        }
        let victim_bit = usize::from(victim == Mover::Right);
        while let Some(s) = queue.pop_front() {
            stop::check()?;
            for &p in &parents[s] {
                if won[p] {
                    continue;
                }
                if p % 2 == victim_bit {
                    count[p] -= 1;
                    if count[p] == 0 {
                        won[p] = true;
                        queue.push_back(p);
                    }
                } else {
                    won[p] = true;
                    queue.push_back(p);
                }
            }
        }
        Ok(won)
    }
}

/// Whether the graph whose vertex `v` has Left options `target(w)` for
/// `w` in `left[v]` (Right likewise) has no infinite alternating play
/// from any vertex: its graph of states (vertex, mover) has no cycle
/// (Kahn's algorithm: a cycle leaves states unremoved). `target` lets a
/// caller test a graph with vertices identified without building it.
pub fn no_alternating_cycle(
    left: &[Vec<usize>],
    right: &[Vec<usize>],
    target: impl Fn(usize) -> usize,
) -> Result<bool, MexError> {
    let n = left.len();
    let mut indegree = vec![0u32; 2 * n];
    for v in 0..n {
        for &w in &left[v] {
            indegree[2 * target(w) + 1] += 1;
        }
        for &w in &right[v] {
            indegree[2 * target(w)] += 1;
        }
    }
    let mut queue: Vec<usize> = (0..2 * n).filter(|&s| indegree[s] == 0).collect();
    let mut removed = 0usize;
    while let Some(s) = queue.pop() {
        if removed.is_multiple_of(4096) {
            stop::check()?;
        }
        removed += 1;
        // (v, Left) → (v^L, Right) = 2v^L + 1; (v, Right) → (v^R, Left).
        let (options, bit) = if s % 2 == 0 {
            (&left[s / 2], 1)
        } else {
            (&right[s / 2], 0)
        };
        for &w in options {
            let t = 2 * target(w) + bit;
            indegree[t] -= 1;
            if indegree[t] == 0 {
                queue.push(t);
            }
        }
    }
    Ok(removed == 2 * n)
}

fn edge_count(lists: &[Vec<usize>]) -> usize {
    lists.iter().map(Vec::len).sum()
}

fn dedup(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v.dedup();
    v
}

/// Refuses a graph of more than [`MAX_VERTICES`] vertices or
/// [`MAX_EDGES`] edges.
pub fn check_size(vertices: usize, edges: usize) -> Result<(), MexError> {
    if vertices > MAX_VERTICES {
        return Err(MexError::above_limit(
            "the number of positions of a loopy game graph",
            vertices,
            MAX_VERTICES,
            "use smaller components (a sum's graph is the product of theirs)",
        ));
    }
    if edges > MAX_EDGES {
        return Err(MexError::above_limit(
            "the number of moves of a loopy game graph",
            edges,
            MAX_EDGES,
            "use smaller components (a sum's graph is the product of theirs)",
        ));
    }
    Ok(())
}
