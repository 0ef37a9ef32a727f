//! Sides that are not stoppers: the onside (offside) of any loopy game as
//! a simplified game graph, read with every endless play won by Left
//! (Right) (Conway, "Loopy games", 1978; Winning Ways, ch. 11, Bach's
//! carousel; Siegel, Combinatorial Game Theory, 2013, §VI.4; the
//! simplification of sides in Siegel's CGSuite, `LoopyGame.simplifyGraph`,
//! whose algorithm this follows; no code is taken from it).
//!
//! Read as an onside, a game graph G is its own onside G⁺; what is
//! computed here is a smaller graph S with S⁺ = G⁺, by steps that each keep
//! the onside of every position (comparisons by [`onside_geq_table`]):
//!
//! * obvious edges: a Left move to `on` (or `dud`, endless play being
//!   Left's) makes her other moves irrelevant, a Left move to `off` is
//!   never good, and likewise for Right; a Right move that Left can undo at
//!   once (v → v^R with v a Left option of v^R) only gives Left the move;
//! * dominated options and reversible options (bypassed), as for short
//!   games, except where an option can come back to its position by
//!   alternating play (then the usual argument fails);
//! * irrelevant moves on alternating cycles: a Left move whose deletion
//!   leaves the onside of the position no smaller (a Right move: no
//!   larger) is deleted;
//! * fusion of positions of equal value from which play cannot cycle.
//!
//! There is no simplest form of a side that is not a stopper (Siegel
//! 2013, §VI.4; CGSuite's author notes the same), so the result is a
//! simplified form, not a canonical one. It is accepted only if both
//! defining inequalities S⁺ ≥ G⁺ and G⁺ ≥ S⁺ hold; otherwise G itself is
//! returned (it is its own onside). The offside is −((−G)⁺).

use super::graph::{LoopyGraph, Mover};
use super::sidling::{onside_geq_table, stopper_vertices, OnsideTable};
use crate::{stop, MexError};
use std::collections::VecDeque;

/// The most positions of a game whose side is simplified here.
pub const MAX_SIDE_VERTICES: usize = 400;

/// The most pairs of positions compared while simplifying one side (every
/// comparison table of n·m pairs counts n·m).
pub const MAX_SIDE_WORK: usize = 50_000_000;

/// The most bypasses of reversible options at one position in one round
/// (a bypass may bring back options that are bypassed again).
const MAX_BYPASSES: usize = 64;

/// The onside of the game `g` from vertex 0 as a simplified game graph
/// (vertex 0 the game; a stopper when the simplification reaches one).
/// Refused past [`MAX_SIDE_VERTICES`] or [`MAX_SIDE_WORK`].
pub fn onside_form(g: &LoopyGraph) -> Result<LoopyGraph, MexError> {
    let (g, _) = g.reachable(0);
    if g.len() > MAX_SIDE_VERTICES {
        return Err(MexError::above_limit(
            "the number of positions of a loopy game whose sides are not stoppers",
            g.len(),
            MAX_SIDE_VERTICES,
            "use a smaller game",
        ));
    }
    let mut work = 0usize;
    let mut current = g.clone();
    // A round can leave moves that the next round removes: rounds until
    // the graph stops shrinking (so that a printed side reads back as
    // itself), at most MAX_ROUNDS.
    for _ in 0..MAX_ROUNDS {
        let next = simplify_once(&current, &mut work)?;
        let smaller = next.len() < current.len() || next.edges() < current.edges();
        if !same_onside(&next, &g, &mut work)? {
            break;
        }
        current = next;
        if !smaller || current.is_stopper(0)? {
            break;
        }
    }
    Ok(current)
}

/// The most rounds of simplification of one side.
const MAX_ROUNDS: usize = 4;

/// One round: the general pass (every position keeps its own onside);
/// unless that gives a stopper, the pass again keeping only the game's
/// onside, and fusion.
fn simplify_once(g: &LoopyGraph, work: &mut usize) -> Result<LoopyGraph, MexError> {
    let general = Editor::new(g).simplify_pass(None, work)?;
    let (general, _) = general.reachable(0);
    if general.is_stopper(0)? {
        return Ok(general);
    }
    let out = Editor::new(&general).simplify_pass(Some(0), work)?;
    Ok(Editor::new(&out).fuse(work)?.reachable(0).0)
}

/// The offside of the game `g` from vertex 0: −((−G)⁺).
pub fn offside_form(g: &LoopyGraph) -> Result<LoopyGraph, MexError> {
    Ok(onside_form(&g.negative())?.negative())
}

/// Whether `a⁺ = b⁺` (vertex 0 of each), by both inequalities.
pub fn same_onside(a: &LoopyGraph, b: &LoopyGraph, work: &mut usize) -> Result<bool, MexError> {
    Ok(table(a, b, work)?.geq(0, 0) && table(b, a, work)?.geq(0, 0))
}

/// [`onside_geq_table`], counted against [`MAX_SIDE_WORK`].
fn table(a: &LoopyGraph, b: &LoopyGraph, work: &mut usize) -> Result<OnsideTable, MexError> {
    *work = work.saturating_add(a.len().saturating_mul(b.len()));
    if *work > MAX_SIDE_WORK {
        return Err(MexError::too_large(
            "the simplification of a side of a loopy game that is no stopper",
            format!("{MAX_SIDE_WORK} compared pairs of positions"),
            "use a smaller game",
        ));
    }
    onside_geq_table(a, b)
}

/// A game graph being simplified as an onside.
struct Editor {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
}

impl Editor {
    fn new(g: &LoopyGraph) -> Editor {
        Editor {
            left: (0..g.len()).map(|v| g.left(v).to_vec()).collect(),
            right: (0..g.len()).map(|v| g.right(v).to_vec()).collect(),
        }
    }

    fn graph(&self) -> LoopyGraph {
        LoopyGraph::from_options(self.left.clone(), self.right.clone())
    }

    fn options(&self, v: usize, mover: Mover) -> &[usize] {
        match mover {
            Mover::Left => &self.left[v],
            Mover::Right => &self.right[v],
        }
    }

    /// Obvious edges, a round of dominated and reversible options,
    /// irrelevant cyclic moves, another round, and irrelevant moves at
    /// positions with a cycling option; `test` is the position whose
    /// onside must be kept (`None`: every position's own).
    fn simplify_pass(
        &mut self,
        test: Option<usize>,
        work: &mut usize,
    ) -> Result<LoopyGraph, MexError> {
        for v in self.vertices(test) {
            self.obvious_edges(v);
        }
        self.basic_round(test, work)?;
        for v in self.vertices(test) {
            self.irrelevant_cyclic_moves(v, test.unwrap_or(v), false, work)?;
        }
        self.basic_round(test, work)?;
        for v in self.vertices(test) {
            self.irrelevant_cyclic_moves(v, test.unwrap_or(v), true, work)?;
        }
        Ok(self.graph())
    }

    /// Every vertex, or those reachable from `test`.
    fn vertices(&self, test: Option<usize>) -> Vec<usize> {
        match test {
            None => (0..self.left.len()).collect(),
            Some(t) => {
                let (_, old) = self.graph().reachable(t);
                let mut out = old;
                out.sort_unstable();
                out
            }
        }
    }

    fn is_on(&self, v: usize) -> bool {
        self.left[v] == [v] && self.right[v].is_empty()
    }

    fn is_off(&self, v: usize) -> bool {
        self.right[v] == [v] && self.left[v].is_empty()
    }

    fn is_dud(&self, v: usize) -> bool {
        self.left[v] == [v] && self.right[v] == [v]
    }

    /// Moves whose worth is plain from their target (module documentation).
    fn obvious_edges(&mut self, v: usize) {
        let left = self.left[v].clone();
        if let Some(&w) = left.iter().find(|&&w| self.is_on(w) || self.is_dud(w)) {
            self.left[v] = vec![w];
        } else {
            self.left[v] = left.into_iter().filter(|&w| !self.is_off(w)).collect();
        }
        let right = self.right[v].clone();
        if let Some(&w) = right.iter().find(|&&w| self.is_off(w)) {
            self.right[v] = vec![w];
        } else {
            self.right[v] = right
                .into_iter()
                .filter(|&w| !(self.is_on(w) || self.is_dud(w) || self.left[w].contains(&v)))
                .collect();
        }
    }

    /// Whether alternating play can go from `from` with `first` to move to
    /// `to` with `last` to move (in no move when they are the same state).
    fn alternating_reach(&self, from: usize, first: Mover, to: usize, last: Mover) -> bool {
        let n = self.left.len();
        let id = |v: usize, m: Mover| 2 * v + usize::from(m == Mover::Right);
        let mut seen = vec![false; 2 * n];
        let mut queue = VecDeque::from([(from, first)]);
        seen[id(from, first)] = true;
        while let Some((v, m)) = queue.pop_front() {
            if v == to && m == last {
                return true;
            }
            let next = other(m);
            for &w in self.options(v, m) {
                if !seen[id(w, next)] {
                    seen[id(w, next)] = true;
                    queue.push_back((w, next));
                }
            }
        }
        false
    }

    /// Whether some `mover` option of `v` comes back to `v` with `mover`
    /// to move by alternating play.
    fn cycles_back(&self, v: usize, mover: Mover) -> bool {
        self.options(v, mover)
            .iter()
            .any(|&w| self.alternating_reach(w, other(mover), v, mover))
    }

    /// Reversible options bypassed and dominated options deleted at every
    /// position, with one comparison table of the graph as it was at the
    /// start (every step keeps the value of every position).
    fn basic_round(&mut self, test: Option<usize>, work: &mut usize) -> Result<(), MexError> {
        let g = self.graph();
        let t = table(&g, &g, work)?;
        for v in self.vertices(test) {
            stop::check()?;
            self.bypass(v, Mover::Left, &t);
            self.bypass(v, Mover::Right, &t);
            self.drop_dominated(v, Mover::Left, &t);
            self.drop_dominated(v, Mover::Right, &t);
        }
        Ok(())
    }

    /// Bypasses the reversible `mover` options of `v`: a Left option a
    /// with a Right option r ≤ v (`t.geq(v, r)`) that cannot come back to
    /// a by alternating play is replaced by r's Left options.
    fn bypass(&mut self, v: usize, mover: Mover, t: &OnsideTable) {
        let mut i = 0;
        let mut bypasses = 0;
        while i < self.options(v, mover).len() && bypasses < MAX_BYPASSES {
            let a = self.options(v, mover)[i];
            let reverses = |r: usize| match mover {
                Mover::Left => t.geq(v, r),
                Mover::Right => t.geq(r, v),
            };
            let through = self
                .options(a, other(mover))
                .iter()
                .copied()
                .find(|&r| !self.alternating_reach(r, mover, a, other(mover)) && reverses(r));
            let Some(r) = through else {
                i += 1;
                continue;
            };
            bypasses += 1;
            let old = self.options(v, mover).to_vec();
            let mut new: Vec<usize> = old.iter().copied().filter(|&x| x != a).collect();
            new.extend(self.options(r, mover).iter().filter(|x| !old.contains(x)));
            new.dedup();
            match mover {
                Mover::Left => self.left[v] = new,
                Mover::Right => self.right[v] = new,
            }
        }
    }

    /// Deletes dominated `mover` options of `v` (Left: a ≤ b; Right:
    /// a ≥ b); a Right option dominating another must not come back to v
    /// by alternating play (the onside gives endless play to Left).
    fn drop_dominated(&mut self, v: usize, mover: Mover, t: &OnsideTable) {
        let mut opts: Vec<Option<usize>> =
            self.options(v, mover).iter().map(|&x| Some(x)).collect();
        // `worse(a, b)`: option a is no better for the mover than b.
        let worse = |a: usize, b: usize| match mover {
            Mover::Left => t.geq(b, a),
            Mover::Right => t.geq(a, b),
        };
        for i in 0..opts.len() {
            for j in i + 1..opts.len() {
                let (Some(a), Some(b)) = (opts[i], opts[j]) else {
                    continue;
                };
                let kept = |k: usize, this: &Editor| {
                    mover == Mover::Left || !this.alternating_reach(k, Mover::Left, v, Mover::Right)
                };
                self.set_options(v, mover, &opts);
                if a == b || (kept(a, self) && worse(b, a)) {
                    opts[j] = None;
                } else if kept(b, self) && worse(a, b) {
                    opts[i] = None;
                    break;
                }
            }
        }
        self.set_options(v, mover, &opts);
    }

    fn set_options(&mut self, v: usize, mover: Mover, opts: &[Option<usize>]) {
        let list: Vec<usize> = opts.iter().flatten().copied().collect();
        match mover {
            Mover::Left => self.left[v] = list,
            Mover::Right => self.right[v] = list,
        }
    }

    /// Deletes the moves of `v` on alternating cycles (all of a player's
    /// moves when `all` and one of them cycles back) whose deletion keeps
    /// the onside of `test`: Left's moves when it stays ≥, Right's when it
    /// stays ≤.
    fn irrelevant_cyclic_moves(
        &mut self,
        v: usize,
        test: usize,
        all: bool,
        work: &mut usize,
    ) -> Result<(), MexError> {
        for mover in [Mover::Left, Mover::Right] {
            let every = all
                && self
                    .options(v, mover)
                    .iter()
                    .any(|&w| self.cycles_back(w, other(mover)));
            let mut i = 0;
            while i < self.options(v, mover).len() {
                stop::check()?;
                let w = self.options(v, mover)[i];
                if !every && !self.alternating_reach(w, other(mover), v, mover) {
                    i += 1;
                    continue;
                }
                let before = self.graph();
                let mut trial = self.options(v, mover).to_vec();
                trial.remove(i);
                match mover {
                    Mover::Left => self.left[v] = trial,
                    Mover::Right => self.right[v] = trial,
                }
                let after = self.graph();
                let keeps = match mover {
                    Mover::Left => table(&after, &before, work)?.geq(test, test),
                    Mover::Right => table(&before, &after, work)?.geq(test, test),
                };
                if !keeps {
                    match mover {
                        Mover::Left => self.left[v] = before.left(v).to_vec(),
                        Mover::Right => self.right[v] = before.right(v).to_vec(),
                    }
                    i += 1;
                }
            }
        }
        Ok(())
    }

    /// Positions reachable from vertex 0 from which play cannot cycle and
    /// whose values are equal fused into the first of them.
    fn fuse(&mut self, work: &mut usize) -> Result<LoopyGraph, MexError> {
        let g = self.graph();
        let t = table(&g, &g, work)?;
        let acyclic = stopper_vertices(&g)?;
        let reach = self.vertices(Some(0));
        let n = g.len();
        let mut into: Vec<usize> = (0..n).collect();
        for (k, &i) in reach.iter().enumerate() {
            stop::check()?;
            if !acyclic[i] {
                continue;
            }
            if let Some(&j) = reach[..k]
                .iter()
                .find(|&&j| acyclic[j] && t.geq(i, j) && t.geq(j, i))
            {
                into[i] = j;
            }
        }
        let map = |o: &Vec<usize>| {
            let mut out: Vec<usize> = o.iter().map(|&w| into[w]).collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        let left = self.left.iter().map(map).collect();
        let right = self.right.iter().map(map).collect();
        Ok(LoopyGraph::from_options(left, right))
    }
}

fn other(m: Mover) -> Mover {
    match m {
        Mover::Left => Mover::Right,
        Mover::Right => Mover::Left,
    }
}
