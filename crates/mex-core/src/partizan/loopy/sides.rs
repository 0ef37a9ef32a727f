//! The sides of a loopy game that is not a stopper: its onside G⁺ and
//! offside G⁻ (Conway, "Loopy games", 1978; Winning Ways, ch. 11,
//! "sidling"; Siegel, Combinatorial Game Theory, 2013, §VI.4).
//!
//! The onside G⁺ is the stopper S with o(G + X) = o(S + X) for every
//! stopper X when every endless play is a win for Left; the offside G⁻ is
//! the stopper T with the same property when every endless play is a win
//! for Right; then G = G⁺ & G⁻, and −G = −G⁻ & −G⁺.
//!
//! How a side is found and why it is right. First a cheap try: deleting
//! Right options of G can only help Left, so a stopper S obtained from G
//! by deleting Right options satisfies S ≥ G⁺. If besides Left survives
//! G − S with Right moving first (endless play counts for her, the
//! retrograde analysis of [`super::compare::geq_table`]), then G⁺ ≥ S
//! (Siegel 2013, §VI.4: G⁺ ≥ X iff Left survives G − X, for stoppers X),
//! so S = G⁺. The candidates are G without the Right moves that lie on an
//! alternating cycle (then S is a stopper), then G keeping one, two, … of
//! them, at most [`MAX_TRIALS`] candidates. When none passes, Conway's
//! sidling ([`super::sidling`]) approaches G⁺ from above; its candidates
//! are checked against both defining inequalities. When none passes
//! (Bach's carousel, Winning Ways ch. 11, has sides that are no stoppers
//! at all, and its sidling never settles) the side is given as a
//! simplified game graph ([`super::side_form`]), also checked by both
//! inequalities. The offside is −(−G)⁺.

use super::compare::geq_table;
use super::graph::{LoopyGraph, Mover};
use super::side_form;
use super::sidling::{onside_geq_table, sidle_onside};
use super::value::{self, LoopyOutcome, LoopyValue, Stopper};
use crate::{stop, MexError};
use std::cmp::Ordering;

/// The most candidate stoppers tried for one side.
pub const MAX_TRIALS: usize = 256;

/// The most positions of a game whose sides are searched (each trial
/// compares every pair of positions of the game and the candidate).
pub const MAX_SIDED_VERTICES: usize = 1_000;

/// The most pairs of positions compared over all trials for one side:
/// a game of n positions gets at most `MAX_PAIR_WORK / n²` trials.
pub const MAX_PAIR_WORK: usize = 5_000_000;

/// The value of the game `g` from `start`: the simplest form of a
/// stopper; for another game its sides `G⁺ & G⁻` (the stopper itself when
/// they are equal): stoppers in simplest form when they are, simplified
/// game graphs ([`super::side_form`]) when not. Refused (one line) when a
/// budget runs out.
pub fn sided_value(g: &LoopyGraph, start: usize) -> Result<LoopyValue, MexError> {
    let plain = value::value(g, start)?;
    let LoopyValue::Unsided(graph) = &plain else {
        return Ok(plain);
    };
    let on = side_graph(graph)?;
    let off = side_graph(&graph.negative())?.negative();
    LoopyValue::from_side_graphs(&on, &off)
}

/// The onside of `g` (vertex 0) as a graph: the stopper of [`onside`]
/// when it finds one, else the simplified graph of
/// [`side_form::onside_form`] (in simplest form if that is a stopper).
pub fn side_graph(g: &LoopyGraph) -> Result<LoopyGraph, MexError> {
    if let Some(s) = onside(g)? {
        return Ok(s.graph().clone());
    }
    let form = side_form::onside_form(g)?;
    if form.is_stopper(0)? {
        return Ok(Stopper::new(&form, 0)?.graph().clone());
    }
    Ok(form)
}

/// The outcome with draws of `onside & offside` (Siegel 2013, §VI.4):
/// a first player wins iff he wins in the side worse for him (Left in the
/// offside, Right in the onside), loses iff he loses in the side better
/// for him, and the game is a draw otherwise. Equal to the outcome of the
/// game graph by retrograde analysis (tested).
pub fn outcome_of_sides(onside: &Stopper, offside: &Stopper) -> Result<LoopyOutcome, MexError> {
    outcome_of_side_graphs(onside.graph(), offside.graph())
}

/// [`outcome_of_sides`] for sides that may be no stoppers: the onside is
/// played with endless play won by Left, the offside with endless play
/// won by Right.
pub fn outcome_of_side_graphs(
    onside: &LoopyGraph,
    offside: &LoopyGraph,
) -> Result<LoopyOutcome, MexError> {
    use super::graph::Result3::{Draw, LeftWins, RightWins};
    let first = |mover: Mover| -> Result<_, MexError> {
        let on = onside.side_result(0, mover, Mover::Left)?;
        let off = offside.side_result(0, mover, Mover::Right)?;
        let (mine, theirs, worse, better) = match mover {
            Mover::Left => (LeftWins, RightWins, off, on),
            Mover::Right => (RightWins, LeftWins, on, off),
        };
        Ok(if worse == mine {
            mine
        } else if better == theirs {
            theirs
        } else {
            Draw
        })
    };
    Ok(LoopyOutcome::from_results(
        first(Mover::Left)?,
        first(Mover::Right)?,
    ))
}

/// The sum of two values: (G & H) + (J & K) = (G + J)⁺ & (H + K)⁻, the
/// onside of the sum of the onsides and the offside of the sum of the
/// offsides (Siegel 2013, §VI.4: the onside of a sum is the upsum of the
/// onsides), sides that are no stoppers included.
pub fn add(a: &LoopyValue, b: &LoopyValue) -> Result<LoopyValue, MexError> {
    let ((a_on, a_off), (b_on, b_off)) = (known_sides(a)?, known_sides(b)?);
    let up = a_on.sum(0, b_on, 0)?;
    let down = a_off.sum(0, b_off, 0)?;
    let on = side_graph(&up)?;
    let off = side_graph(&down.negative())?.negative();
    LoopyValue::from_side_graphs(&on, &off)
}

/// Whether `a ≥ b`: side by side, G & H ≥ J & K iff G ≥ J and H ≥ K
/// (Siegel 2013, §VI.4); for stoppers, survival in the difference; for
/// sides that are no stoppers, [`onside_geq_table`] (and −H⁻ = (−H)⁺ for
/// offsides).
pub fn geq(a: &LoopyValue, b: &LoopyValue) -> Result<bool, MexError> {
    let ((a_on, a_off), (b_on, b_off)) = (known_sides(a)?, known_sides(b)?);
    Ok(onside_geq(a_on, b_on)? && onside_geq(&b_off.negative(), &a_off.negative())?)
}

/// The order of two values by [`geq`] both ways: `None` when they are
/// confused.
pub fn order(a: &LoopyValue, b: &LoopyValue) -> Result<Option<Ordering>, MexError> {
    Ok(match (geq(a, b)?, geq(b, a)?) {
        (true, true) => Some(Ordering::Equal),
        (true, false) => Some(Ordering::Greater),
        (false, true) => Some(Ordering::Less),
        (false, false) => None,
    })
}

/// Whether `a⁺ ≥ b⁺` (vertex 0 of each).
pub fn onside_geq(a: &LoopyGraph, b: &LoopyGraph) -> Result<bool, MexError> {
    if a.is_stopper(0)? && b.is_stopper(0)? {
        return Ok(geq_table(a, b)?.geq(0, 0));
    }
    Ok(onside_geq_table(a, b)?.geq(0, 0))
}

fn known_sides(v: &LoopyValue) -> Result<(&LoopyGraph, &LoopyGraph), MexError> {
    v.side_graphs().ok_or_else(|| {
        MexError::invalid(
            "the sides of a game were not computed",
            "values from sides::sided_value or the notation",
        )
    })
}

/// The onside and offside of the game `g` from `start`, both in simplest
/// form; `None` when either is not found (see the module documentation).
pub fn sides(g: &LoopyGraph, start: usize) -> Result<Option<(Stopper, Stopper)>, MexError> {
    let (g, _) = g.reachable(start);
    let Some(on) = onside(&g)? else {
        return Ok(None);
    };
    let Some(neg_off) = onside(&g.negative())? else {
        return Ok(None);
    };
    Ok(Some((on, neg_off.negative())))
}

/// The onside of the game `g` from vertex 0 (reachable part), or `None`.
pub fn onside(g: &LoopyGraph) -> Result<Option<Stopper>, MexError> {
    if g.is_stopper(0)? {
        return Stopper::new(g, 0).map(Some);
    }
    if g.len() > MAX_SIDED_VERTICES {
        return Ok(None);
    }
    let cyclic = cyclic_right_moves(g)?;
    let trials = MAX_PAIR_WORK / (g.len() * g.len()).max(1);
    for keep in subsets(cyclic.len()).take(trials) {
        stop::check()?;
        let candidate = without_right_moves(g, &cyclic, &keep);
        if candidate.is_stopper(0)? && geq_table(g, &candidate)?.geq(0, 0) {
            return Stopper::new(&candidate, 0).map(Some);
        }
    }
    sidle_onside(g, &without_right_moves(g, &cyclic, &[]))
}

/// The Right moves `(v, w)` that lie on an alternating cycle: the states
/// (v, Right to move) and (w, Left to move) are in one strongly connected
/// component of the graph of states.
fn cyclic_right_moves(g: &LoopyGraph) -> Result<Vec<(usize, usize)>, MexError> {
    let component = state_components(g)?;
    let mut out = Vec::new();
    for v in 0..g.len() {
        for &w in g.right(v) {
            if component[state(v, Mover::Right)] == component[state(w, Mover::Left)] {
                out.push((v, w));
            }
        }
    }
    Ok(out)
}

/// The state of `v` with `mover` to move.
fn state(v: usize, mover: Mover) -> usize {
    2 * v + usize::from(mover == Mover::Right)
}

/// The successors of a state: the options of its mover, the other to move.
fn successors(g: &LoopyGraph, s: usize) -> impl Iterator<Item = usize> + '_ {
    let (v, mover, next) = if s.is_multiple_of(2) {
        (s / 2, Mover::Left, Mover::Right)
    } else {
        (s / 2, Mover::Right, Mover::Left)
    };
    g.options(v, mover).iter().map(move |&w| state(w, next))
}

/// The strongly connected component of every state (Kosaraju's algorithm,
/// iterative).
fn state_components(g: &LoopyGraph) -> Result<Vec<usize>, MexError> {
    let n = 2 * g.len();
    let mut reverse: Vec<Vec<usize>> = vec![Vec::new(); n];
    for s in 0..n {
        for t in successors(g, s) {
            reverse[t].push(s);
        }
    }
    // First pass: states in order of finishing.
    let mut seen = vec![false; n];
    let mut finished = Vec::with_capacity(n);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack: Vec<(usize, Vec<usize>)> = vec![(root, successors(g, root).collect())];
        while let Some((s, pending)) = stack.last_mut() {
            stop::check()?;
            match pending.pop() {
                Some(t) if !seen[t] => {
                    seen[t] = true;
                    let next = successors(g, t).collect();
                    stack.push((t, next));
                }
                Some(_) => {}
                None => {
                    finished.push(*s);
                    stack.pop();
                }
            }
        }
    }
    // Second pass on the reversed graph, in reverse finishing order.
    let mut component = vec![usize::MAX; n];
    let mut count = 0;
    for &root in finished.iter().rev() {
        if component[root] != usize::MAX {
            continue;
        }
        component[root] = count;
        let mut stack = vec![root];
        while let Some(s) = stack.pop() {
            stop::check()?;
            for &t in &reverse[s] {
                if component[t] == usize::MAX {
                    component[t] = count;
                    stack.push(t);
                }
            }
        }
        count += 1;
    }
    Ok(component)
}

/// `g` without the Right moves of `moves` whose index is not in `keep`.
fn without_right_moves(g: &LoopyGraph, moves: &[(usize, usize)], keep: &[usize]) -> LoopyGraph {
    let left: Vec<Vec<usize>> = (0..g.len()).map(|v| g.left(v).to_vec()).collect();
    let mut right: Vec<Vec<usize>> = (0..g.len()).map(|v| g.right(v).to_vec()).collect();
    for (i, &(v, w)) in moves.iter().enumerate() {
        if !keep.contains(&i) {
            right[v].retain(|&x| x != w);
        }
    }
    LoopyGraph::from_options(left, right)
}

/// The subsets of `0..n` by increasing size (the empty one first), at
/// most [`MAX_TRIALS`] of them.
fn subsets(n: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    let mut layer: Vec<Vec<usize>> = vec![Vec::new()];
    while out.len() < MAX_TRIALS && !layer.is_empty() {
        let mut next = Vec::new();
        for set in &layer {
            let from = set.last().map_or(0, |&x| x + 1);
            for i in from..n {
                if out.len() + next.len() >= MAX_TRIALS {
                    break;
                }
                let mut bigger = set.clone();
                bigger.push(i);
                next.push(bigger);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out.truncate(MAX_TRIALS);
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_by_size_and_are_bounded() {
        let s: Vec<Vec<usize>> = subsets(3).collect();
        assert_eq!(
            s,
            vec![
                vec![],
                vec![0],
                vec![1],
                vec![2],
                vec![0, 1],
                vec![0, 2],
                vec![1, 2],
                vec![0, 1, 2]
            ]
        );
        assert_eq!(subsets(40).count(), MAX_TRIALS);
    }

    #[test]
    fn dud_has_sides_on_and_off() {
        // dud = {pass|pass} = on & off (Winning Ways, ch. 11).
        let dud = LoopyGraph::from_options(vec![vec![0]], vec![vec![0]]);
        let on = LoopyGraph::from_options(vec![vec![0]], vec![vec![]]);
        let (plus, minus) = sides(&dud, 0).unwrap().unwrap();
        assert_eq!(plus.graph(), Stopper::new(&on, 0).unwrap().graph());
        assert_eq!(minus.graph(), &on.negative());
    }
}
