//! Conway's sidling: the onside of a loopy game as the limit of
//! stoppers approaching it from above (Conway, "Loopy games", 1978;
//! Winning Ways, ch. 11, "Sidling toward the onside"; Siegel,
//! Combinatorial Game Theory, 2013, §VI.4).
//!
//! Start from stoppers S₀(v) ≥ G_v⁺ at every position v of G and sidle:
//! S_{n+1}(v) = {S_n(v^L) | S_n(v^R)}. The S_n decrease, every one stays
//! ≥ the onside, and when G is stopper-sided they come down to it
//! (Conway 1978). mex starts from S₀ = G without the Right moves that lie
//! on an alternating cycle (a stopper, and ≥ G⁺ since it only takes moves
//! from Right), keeps the positions that are already stoppers fixed (they
//! are their own onsides), brings every S_n to its simplest form, and
//! stops when S_n(G) *is* the onside, or when the S_n stop changing
//! without being it (then G⁺ is no stopper of this sequence, as for Bach's
//! carousel), or at a budget.
//!
//! Whatever produced a candidate, it is accepted only after both defining
//! inequalities are checked by retrograde analysis ([`is_onside`]), so a
//! side is never wrong; a game whose sides are not found is reported as
//! such.

use super::compare::geq_table;
use super::graph::{LoopyGraph, Mover};
use super::stopper::{simplify_many, Simplified};
use super::value::Stopper;
use crate::{stop, MexError};
use std::collections::{HashMap, VecDeque};

/// The most sidling steps tried for one side.
pub const MAX_SIDLING_STEPS: usize = 200;

/// The most positions of the graph of all approximations S_n(v) of one
/// step before simplification (with those of the step before); past it
/// the sidling gives up (the side is reported as not found).
/// Simplification compares all pairs of positions, so this bounds its
/// table at 1 000 000 pairs (the most [`geq_table`] accepts, a few MiB).
pub const MAX_APPROXIMATION_VERTICES: usize = 1_000;

/// The most positions of G times positions of a candidate compared in
/// one check of [`is_onside`] (each check builds tables of that size).
pub const MAX_CHECKED_PAIRS: usize = 400_000;

/// Whether the stopper `s` (vertex 0) is the onside of the game `g`
/// (vertex 0), checked by both defining inequalities (Siegel 2013, §VI.4;
/// the sum X + G⁺ of a stopper X and an onside is played with endless
/// play in G won by Left, and −(G⁺) = (−G)⁻ with endless play in −G won by
/// Right; endless play cannot stay in a stopper alone, as it would
/// alternate there):
/// * G⁺ ≥ S iff Left, moving second in G − S, survives (every endless
///   play is endless in G);
/// * S ≥ G⁺ iff Left, moving second in S − G, survives and makes every
///   endless play have endless moves in S (see [`left_keeps_moving_in_s`]).
///
/// `None` when the tables would pass [`MAX_CHECKED_PAIRS`].
pub fn is_onside(g: &LoopyGraph, s: &LoopyGraph) -> Result<Option<bool>, MexError> {
    if g.len().saturating_mul(s.len()) > MAX_CHECKED_PAIRS {
        return Ok(None);
    }
    if !geq_table(g, s)?.geq(0, 0) {
        return Ok(Some(false));
    }
    Ok(Some(left_keeps_moving_in_s(s, g)?))
}

/// Whether Left, moving second in S − G from (0, 0), can play so that
/// Right is eventually unable to move or the play has infinitely many
/// moves in S (a Büchi game on the states (s, g, mover) of the sum,
/// solved by the nested fixed point W = νZ. μY. {states whose mover can
/// (Left) / must (Right) move along an edge that is a move in S into Z or
/// any move into Y}; Grädel, Thomas and Wilke, Automata, Logics, and
/// Infinite Games, 2002, ch. 2).
pub fn left_keeps_moving_in_s(s: &LoopyGraph, g: &LoopyGraph) -> Result<bool, MexError> {
    Ok(onside_geq_table(s, g)?.geq(0, 0))
}

/// For every pair (a, b) of positions of `s` and `g`, whether the onside
/// of `s` from a is ≥ the onside of `g` from b, for any games (stoppers
/// or not): Left, moving second in S − G, can play so that Right is
/// eventually unable to move or the play has infinitely many moves in S
/// (endless play in S⁺ is Left's, endless play in −(G⁺) = (−G)⁻ is
/// Right's; a play endless in both is Left's, as in CGSuite's
/// comparison of onsides). For stoppers it is survival
/// ([`geq_table`]): an endless play of a difference of stoppers has
/// endless moves in both. Refused past [`super::graph::MAX_VERTICES`]
/// states.
pub fn onside_geq_table(s: &LoopyGraph, g: &LoopyGraph) -> Result<OnsideTable, MexError> {
    let states = s.len().saturating_mul(g.len()).saturating_mul(2);
    if states > super::graph::MAX_VERTICES {
        return Err(MexError::above_limit(
            "the number of states compared (a loopy game's graph times another's, twice)",
            states,
            super::graph::MAX_VERTICES,
            "use smaller components (a sum's graph is the product of theirs)",
        ));
    }
    let sum = StateGraph::new(s, g)?;
    let mut z = vec![true; sum.len()];
    loop {
        stop::check()?;
        let y = sum.attractor(&z)?;
        if y == z {
            return Ok(OnsideTable {
                cols: g.len(),
                win: z,
            });
        }
        z = y;
    }
}

/// The answer of [`onside_geq_table`].
#[derive(Debug, Clone)]
pub struct OnsideTable {
    cols: usize,
    win: Vec<bool>,
}

impl OnsideTable {
    /// Whether the onside of position `a` of S is ≥ that of `b` of G.
    pub fn geq(&self, a: usize, b: usize) -> bool {
        self.win[2 * (a * self.cols + b) + 1]
    }
}

/// The states of S − G: state `2·(a·|G| + b) + (1 if Right moves)`; each
/// edge knows whether it is a move in S.
struct StateGraph {
    succ: Vec<Vec<(usize, bool)>>,
    pred: Vec<Vec<(usize, bool)>>,
}

impl StateGraph {
    fn new(s: &LoopyGraph, g: &LoopyGraph) -> Result<StateGraph, MexError> {
        let m = g.len();
        let id = |a: usize, b: usize, right: bool| 2 * (a * m + b) + usize::from(right);
        let n = 2 * s.len() * m;
        let mut succ = vec![Vec::new(); n];
        let mut pred = vec![Vec::new(); n];
        for a in 0..s.len() {
            stop::check()?;
            for b in 0..m {
                // Left moves in S or in −G (a Right move of G); Right the mirror.
                let left = s.left(a).iter().map(|&x| (id(x, b, true), true));
                let left = left.chain(g.right(b).iter().map(|&y| (id(a, y, true), false)));
                let right = s.right(a).iter().map(|&x| (id(x, b, false), true));
                let right = right.chain(g.left(b).iter().map(|&y| (id(a, y, false), false)));
                succ[id(a, b, false)] = left.collect();
                succ[id(a, b, true)] = right.collect();
            }
        }
        for (from, edges) in succ.iter().enumerate() {
            for &(to, in_s) in edges {
                pred[to].push((from, in_s));
            }
        }
        Ok(StateGraph { succ, pred })
    }

    fn len(&self) -> usize {
        self.succ.len()
    }

    /// μY: the states from which Left forces a move in S into `z` or an
    /// end where Right cannot move.
    fn attractor(&self, z: &[bool]) -> Result<Vec<bool>, MexError> {
        let good_now = |to: usize, in_s: bool| in_s && z[to];
        let mut missing: Vec<usize> = self
            .succ
            .iter()
            .map(|e| e.iter().filter(|&&(t, in_s)| !good_now(t, in_s)).count())
            .collect();
        let mut y = vec![false; self.len()];
        let mut queue = VecDeque::new();
        for st in 0..self.len() {
            let left_moves = st % 2 == 0;
            let has_good = missing[st] < self.succ[st].len();
            if (left_moves && has_good) || (!left_moves && missing[st] == 0) {
                y[st] = true;
                queue.push_back(st);
            }
        }
        while let Some(t) = queue.pop_front() {
            stop::check()?;
            for &(from, in_s) in &self.pred[t] {
                if y[from] || good_now(t, in_s) {
                    continue;
                }
                missing[from] -= 1;
                if from % 2 == 0 || missing[from] == 0 {
                    y[from] = true;
                    queue.push_back(from);
                }
            }
        }
        Ok(y)
    }
}

/// The onside of `g` from vertex 0 by sidling from `start`, a graph on
/// the same vertices that is a stopper everywhere and ≥ `g`'s onside at
/// every vertex; `None` when the sidling ends without it (see the module
/// documentation). Two candidates are tried at every step: S_n(G) itself,
/// and, for sequences that only reach the onside in the limit (1, 1/2,
/// 1/4, … → over), the *closure*: G with every position whose
/// approximation has stopped changing replaced by it (a stopper whenever
/// the positions still changing have no alternating cycle left).
///
/// All the approximations S_n(v) of one step live in one graph, simplified
/// together ([`simplify_many`]): a position shared by the approximations
/// of many positions of G is compared once, not once per copy.
pub fn sidle_onside(g: &LoopyGraph, start: &LoopyGraph) -> Result<Option<Stopper>, MexError> {
    let mut work = Work {
        pairs: 0,
        limit: sidling_work_limit(g.len()),
        max_vertices: approximation_limit(g.len()),
    };
    // The approximations may run down without end (−2, −4, −6, … when
    // G⁺ = off): the extreme stoppers are tried first.
    for extreme in [on(), on().negative()] {
        if work.check(g, &extreme)? {
            return Stopper::new(&extreme, 0).map(Some);
        }
    }
    let mut fixed = stopper_vertices(g)?;
    let Some(start) = with_off_positions(g, start, &mut fixed, &mut work)? else {
        return Ok(None);
    };
    let all: Vec<usize> = (0..g.len()).collect();
    let Some(mut layer) = work.simplify_layer(&start, &all)? else {
        return Ok(None);
    };
    for _ in 0..MAX_SIDLING_STEPS {
        let candidate = Stopper::new(&layer.graph, layer.roots[0])?;
        if work.check(g, candidate.graph())? {
            return Ok(Some(candidate));
        }
        let Some((next, stable)) = sidle_once(g, &layer, &fixed, &mut work)? else {
            return Ok(None);
        };
        if stable.iter().all(|&s| s) {
            return Ok(None);
        }
        let closure = closure_of(g, &next, &stable)?.reachable(0).0;
        if closure.len() <= MAX_APPROXIMATION_VERTICES
            && closure.is_stopper(0)?
            && work.check(g, &closure)?
        {
            return Stopper::new(&closure, 0).map(Some);
        }
        layer = next;
    }
    Ok(None)
}

/// `start` with every position of `g` whose onside is `off` made `off =
/// {|pass}` and marked `fixed` (it is its own onside): sidling would
/// approach such a position by −1, −2, −3, … without end, and the
/// positions above it by limits that no step reaches. Each position is
/// checked by both defining inequalities ([`is_onside`]); `None` past the
/// work budget.
fn with_off_positions(
    g: &LoopyGraph,
    start: &LoopyGraph,
    fixed: &mut [bool],
    work: &mut Work,
) -> Result<Option<LoopyGraph>, MexError> {
    let off = on().negative();
    let mut left: Vec<Vec<usize>> = (0..start.len()).map(|v| start.left(v).to_vec()).collect();
    let mut right: Vec<Vec<usize>> = (0..start.len()).map(|v| start.right(v).to_vec()).collect();
    for v in 0..g.len() {
        stop::check()?;
        if fixed[v] {
            continue;
        }
        let (from_v, _) = g.reachable(v);
        if !work.spend(from_v.len()) {
            return Ok(None);
        }
        if is_onside(&from_v, &off)? == Some(true) {
            fixed[v] = true;
            left[v].clear();
            right[v] = vec![v];
        }
    }
    LoopyGraph::try_from_options(left, right).map(Some)
}

/// `on = {pass|}`.
fn on() -> LoopyGraph {
    LoopyGraph::from_options(vec![vec![0]], vec![vec![]])
}

/// The most work of one sidling, in pairs of positions compared
/// (simplifications and checks); past it the side is not found.
pub const MAX_SIDLING_WORK: usize = 400_000_000;

/// The work allowed for sidling a game of `positions` positions:
/// [`SIDLING_WORK_PER_POSITION`] per position, at least
/// [`MIN_SIDLING_WORK`] and at most [`MAX_SIDLING_WORK`]. Sidling a game
/// whose sides are no stoppers never ends, so a small game must not spend
/// what a big one (TTT..FFF, 560 positions) needs before its side is
/// simplified as a graph instead ([`super::side_form`]).
pub fn sidling_work_limit(positions: usize) -> usize {
    positions
        .saturating_mul(SIDLING_WORK_PER_POSITION)
        .clamp(MIN_SIDLING_WORK, MAX_SIDLING_WORK)
}

/// The most positions of the approximations of one step when sidling a
/// game of `positions` positions: [`APPROXIMATION_VERTICES_PER_POSITION`]
/// per position, at least 64, at most [`MAX_APPROXIMATION_VERTICES`].
pub fn approximation_limit(positions: usize) -> usize {
    positions
        .saturating_mul(APPROXIMATION_VERTICES_PER_POSITION)
        .clamp(64, MAX_APPROXIMATION_VERTICES)
}

/// See [`approximation_limit`].
pub const APPROXIMATION_VERTICES_PER_POSITION: usize = 8;

/// See [`sidling_work_limit`].
pub const SIDLING_WORK_PER_POSITION: usize = 2_000_000;

/// See [`sidling_work_limit`].
pub const MIN_SIDLING_WORK: usize = 20_000_000;

/// The approximations S_n(v) of every position v of G: one simplified
/// stopper graph, and the vertex of each S_n(v) in it.
struct Layer {
    graph: LoopyGraph,
    roots: Vec<usize>,
}

/// The work done so far by one sidling, and its limit
/// ([`sidling_work_limit`]).
struct Work {
    pairs: usize,
    limit: usize,
    max_vertices: usize,
}

impl Work {
    fn spend(&mut self, pairs: usize) -> bool {
        self.pairs = self.pairs.saturating_add(pairs);
        self.pairs <= self.limit
    }

    /// The stoppers `roots` of `graph` simplified together, with the
    /// survival table of the result; `None` past
    /// [`MAX_APPROXIMATION_VERTICES`] or the work budget (a round of
    /// simplification compares all pairs of positions).
    fn simplify_many(
        &mut self,
        graph: &LoopyGraph,
        roots: &[usize],
    ) -> Result<Option<Simplified>, MexError> {
        let (reached, at) = graph.reachable_from(roots);
        let n = reached.len();
        if n > self.max_vertices || !self.spend(n.saturating_mul(n)) {
            return Ok(None);
        }
        simplify_many(&reached, &at).map(Some)
    }

    /// As [`Work::simplify_many`], keeping the graph and the roots.
    fn simplify_layer(
        &mut self,
        graph: &LoopyGraph,
        roots: &[usize],
    ) -> Result<Option<Layer>, MexError> {
        Ok(self.simplify_many(graph, roots)?.map(|s| Layer {
            graph: s.graph,
            roots: s.roots,
        }))
    }

    /// Whether `s` is the onside of `g`; `false` once the budget is spent.
    fn check(&mut self, g: &LoopyGraph, s: &LoopyGraph) -> Result<bool, MexError> {
        if !self.spend(g.len().saturating_mul(s.len())) {
            return Ok(false);
        }
        Ok(is_onside(g, s)? == Some(true))
    }
}

/// G with every `stable` position replaced by its approximation: vertex
/// v < |G| is position v (its approximation's options when v is stable),
/// the approximations' graph follows, shifted by |G|.
fn closure_of(g: &LoopyGraph, layer: &Layer, stable: &[bool]) -> Result<LoopyGraph, MexError> {
    let n = g.len();
    let shifted = |o: &[usize]| o.iter().map(|y| y + n).collect::<Vec<_>>();
    let mut left: Vec<Vec<usize>> = (0..n).map(|v| g.left(v).to_vec()).collect();
    let mut right: Vec<Vec<usize>> = (0..n).map(|v| g.right(v).to_vec()).collect();
    for v in (0..n).filter(|&v| stable[v]) {
        left[v] = shifted(layer.graph.left(layer.roots[v]));
        right[v] = shifted(layer.graph.right(layer.roots[v]));
    }
    for x in 0..layer.graph.len() {
        left.push(shifted(layer.graph.left(x)));
        right.push(shifted(layer.graph.right(x)));
    }
    LoopyGraph::try_from_options(left, right)
}

/// One sidling step: S_{n+1}(v) = {S_n(v^L) | S_n(v^R)} at every vertex
/// that is not already a stopper, all built on the graph of the S_n and
/// simplified together; with them, whether each S_{n+1}(v) equals S_n(v)
/// (each new one is ≤ the old, so ≥ is what is checked). `None` past the
/// size or work budget.
fn sidle_once(
    g: &LoopyGraph,
    layer: &Layer,
    fixed: &[bool],
    work: &mut Work,
) -> Result<Option<(Layer, Vec<bool>)>, MexError> {
    let n = g.len();
    let old = &layer.roots;
    let mut left: Vec<Vec<usize>> = (0..layer.graph.len())
        .map(|x| layer.graph.left(x).to_vec())
        .collect();
    let mut right: Vec<Vec<usize>> = (0..layer.graph.len())
        .map(|x| layer.graph.right(x).to_vec())
        .collect();
    // Positions with the same options in S_n share one new vertex.
    let mut vertex_of: HashMap<(Vec<usize>, Vec<usize>), usize> = HashMap::new();
    let mut roots = Vec::with_capacity(2 * n);
    for v in 0..n {
        stop::check()?;
        if fixed[v] {
            roots.push(old[v]);
            continue;
        }
        let options = |o: &[usize]| {
            let mut out: Vec<usize> = o.iter().map(|&w| old[w]).collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        let key = (options(g.left(v)), options(g.right(v)));
        let next = left.len();
        let x = *vertex_of.entry(key.clone()).or_insert(next);
        if x == next {
            left.push(key.0);
            right.push(key.1);
        }
        roots.push(x);
    }
    roots.extend_from_slice(old);
    let joined = LoopyGraph::try_from_options(left, right)?;
    let Some(done) = work.simplify_many(&joined, &roots)? else {
        return Ok(None);
    };
    let stable = (0..n)
        .map(|v| done.table.geq(done.roots[v], done.roots[n + v]))
        .collect();
    // The reachable part of a simplest form is one too.
    let (graph, roots) = done.graph.reachable_from(&done.roots[..n]);
    Ok(Some((Layer { graph, roots }, stable)))
}

/// For every vertex of `g`, whether the game from it is a stopper: no
/// alternating play from it can go on forever, i.e. neither of its states
/// (vertex, mover) reaches a cycle of the graph of states (a state is
/// settled once all its successors are, as in Kahn's algorithm).
pub fn stopper_vertices(g: &LoopyGraph) -> Result<Vec<bool>, MexError> {
    let n = g.len();
    let state = |v: usize, m: Mover| 2 * v + usize::from(m == Mover::Right);
    let mut pending = vec![0usize; 2 * n];
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    for v in 0..n {
        for (mover, next) in [(Mover::Left, Mover::Right), (Mover::Right, Mover::Left)] {
            let s = state(v, mover);
            pending[s] = g.options(v, mover).len();
            for &w in g.options(v, mover) {
                parents[state(w, next)].push(s);
            }
        }
    }
    let mut settled = vec![false; 2 * n];
    let mut queue: VecDeque<usize> = (0..2 * n).filter(|&s| pending[s] == 0).collect();
    while let Some(s) = queue.pop_front() {
        stop::check()?;
        settled[s] = true;
        for &p in &parents[s] {
            pending[p] -= 1;
            if pending[p] == 0 {
                queue.push_back(p);
            }
        }
    }
    Ok((0..n)
        .map(|v| settled[2 * v] && settled[2 * v + 1])
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopper_vertices_of_dud_and_a_stopper_follower() {
        // 0 = {1 | 0, 1}: Left 0→1, Right 0→0 (no alternating cycle yet),
        // plus vertex 2 = dud reached by Left from 0.
        let g = LoopyGraph::from_options(
            vec![vec![1, 2], vec![], vec![2]],
            vec![vec![0], vec![], vec![2]],
        );
        assert_eq!(stopper_vertices(&g).unwrap(), vec![false, true, false]);
    }

    #[test]
    fn on_is_the_onside_of_dud_and_off_is_not() {
        let dud = LoopyGraph::from_options(vec![vec![0]], vec![vec![0]]);
        let on = LoopyGraph::from_options(vec![vec![0]], vec![vec![]]);
        assert_eq!(is_onside(&dud, &on).unwrap(), Some(true));
        assert_eq!(is_onside(&dud, &on.negative()).unwrap(), Some(false));
    }
}
