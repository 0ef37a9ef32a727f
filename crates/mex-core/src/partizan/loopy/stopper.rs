//! The simplest form of a stopper (Conway 1978; Siegel 2013, §VI.3:
//! every stopper equals a unique *simplest* stopper, reached by deleting
//! dominated options, bypassing reversible ones and fusing equal
//! vertices), and the stops of a stopper (Siegel 2013, §VI.2:
//! pseudonumbers `x`, `x over`, `x under`, `on`, `off`).
//!
//! The simplification works on the whole graph: one survival table
//! ([`super::compare::geq_table`]) of all pairs of vertices gives every
//! comparison needed by a round; a round deletes dominated options,
//! bypasses reversible ones (a bypass is kept only when the result is
//! still a stopper) and fuses vertices of equal value; rounds repeat
//! until nothing changes. Every step keeps the value of every vertex, so
//! the table of the first round stays valid through all of them (read
//! through each vertex's origin in the first graph). The tests check the
//! result equal to the input, and the table kept equal to one computed
//! afresh on the simplified graph (`tests/integration/loopy.rs`).

use super::compare::{geq_table, GeqTable};
use super::graph::{no_alternating_cycle, LoopyGraph};
use crate::partizan::store::{as_number, GameId, GameStore};
use crate::{stop, MexError};
use std::cmp::Ordering;
use std::fmt;

/// The most rounds of simplification (each changes the graph; a bound
/// against a cycle of bypasses).
pub const MAX_ROUNDS: usize = 10_000;

/// The simplest form of the stopper `g` from `start`: a graph whose vertex
/// 0 is the start. The caller has checked that `g` is a stopper.
pub fn simplify(g: &LoopyGraph, start: usize) -> Result<LoopyGraph, MexError> {
    Ok(simplify_many(g, &[start])?.graph)
}

/// Several stoppers simplified together in one graph (see
/// [`simplify_many`]).
pub struct Simplified {
    /// The simplified graph: every vertex is reachable from a root.
    pub graph: LoopyGraph,
    /// The vertex of each root given, in order (equal values share one
    /// vertex when fusing them keeps the graph a stopper).
    pub roots: Vec<usize>,
    /// The survival table of every pair of vertices of `graph`.
    pub table: GeqTable,
}

/// The simplest forms of the vertices `roots` of `g`, a graph in which no
/// alternating play from a root goes on forever, simplified together: the
/// rounds of [`simplify`] on the part reachable from the roots, so that
/// positions shared by several roots are compared once (sidling values
/// every position of a game at each step this way).
pub fn simplify_many(g: &LoopyGraph, roots: &[usize]) -> Result<Simplified, MexError> {
    let (mut cur, mut at) = g.reachable_from(roots);
    // Every step keeps the value of every vertex, so the table of the
    // first graph answers every later comparison through `origin`, the
    // vertex of the first graph whose value each current vertex has.
    let first = geq_table(&cur, &cur)?;
    let mut origin: Vec<usize> = (0..cur.len()).collect();
    for _ in 0..MAX_ROUNDS {
        stop::check()?;
        let ge = |a: usize, b: usize| first.geq(origin[a], origin[b]);
        let mut left: Vec<Vec<usize>> = (0..cur.len()).map(|v| cur.left(v).to_vec()).collect();
        let mut right: Vec<Vec<usize>> = (0..cur.len()).map(|v| cur.right(v).to_vec()).collect();
        let mut changed = false;
        for v in 0..cur.len() {
            changed |= drop_dominated(&mut left[v], ge);
            changed |= drop_dominated(&mut right[v], |a, b| ge(b, a));
        }
        changed |= bypass_all(&mut left, &mut right, &ge)?;
        let (fused, rep) = fuse(&left, &right, &ge)?;
        changed |= rep.iter().enumerate().any(|(v, &r)| r != v);
        let fused_roots: Vec<usize> = at.iter().map(|&r| rep[r]).collect();
        let (next, next_at, old_of) = fused.reachable_with_origins(&fused_roots);
        changed |= next.len() != cur.len();
        if !changed {
            return Ok(Simplified {
                table: first.restricted(&origin),
                graph: cur,
                roots: at,
            });
        }
        origin = old_of.iter().map(|&v| origin[v]).collect();
        cur = next;
        at = next_at;
    }
    Err(MexError::too_large(
        "the simplification of a loopy game",
        format!("{MAX_ROUNDS} rounds"),
        "use a smaller game graph",
    ))
}

/// Deletes from `opts` every option beaten by another (`better(b, a)`:
/// b is at least as good as a), keeping the first of equal ones.
fn drop_dominated(opts: &mut Vec<usize>, better: impl Fn(usize, usize) -> bool) -> bool {
    let before = opts.len();
    opts.sort_unstable();
    opts.dedup();
    let keep: Vec<usize> = opts
        .iter()
        .enumerate()
        .filter(|&(i, &a)| {
            !opts
                .iter()
                .enumerate()
                .any(|(j, &b)| j != i && better(b, a) && (!better(a, b) || j < i))
        })
        .map(|(_, &a)| a)
        .collect();
    *opts = keep;
    opts.len() != before
}

/// Bypasses reversible options: a Left option a of v is reversible
/// through a Right option r of a with r ≤ v, and is replaced by r's Left
/// options (symmetrically for Right). A bypass that would make the graph
/// a non-stopper is not made.
fn bypass_all(
    left: &mut [Vec<usize>],
    right: &mut [Vec<usize>],
    ge: &impl Fn(usize, usize) -> bool,
) -> Result<bool, MexError> {
    let mut changed = false;
    for v in 0..left.len() {
        for is_left in [true, false] {
            let opts = if is_left { &left[v] } else { &right[v] }.clone();
            for a in opts {
                stop::check()?;
                let (mine, theirs) = if is_left {
                    (&*left, &*right)
                } else {
                    (&*right, &*left)
                };
                if !mine[v].contains(&a) {
                    continue;
                }
                let reversing = theirs[a]
                    .iter()
                    .copied()
                    .find(|&r| r != v && if is_left { ge(v, r) } else { ge(r, v) });
                let Some(r) = reversing else { continue };
                let replacement: Vec<usize> = mine[r].clone();
                let mut trial: Vec<usize> = mine[v].iter().copied().filter(|&x| x != a).collect();
                trial.extend(replacement);
                trial.sort_unstable();
                trial.dedup();
                let saved =
                    std::mem::replace(if is_left { &mut left[v] } else { &mut right[v] }, trial);
                if no_alternating_cycle(left, right, |w| w)? {
                    changed = true;
                } else if is_left {
                    left[v] = saved;
                } else {
                    right[v] = saved;
                }
            }
        }
    }
    Ok(changed)
}

/// Identifies vertices of equal value (each with the least of its class):
/// the graph with every vertex `v` replaced by `rep[v]`, and `rep`. An
/// identification that would make the graph a non-stopper (an
/// alternating cycle through the merged vertex) is not made.
fn fuse(
    left: &[Vec<usize>],
    right: &[Vec<usize>],
    ge: &impl Fn(usize, usize) -> bool,
) -> Result<(LoopyGraph, Vec<usize>), MexError> {
    let n = left.len();
    let mut rep: Vec<usize> = (0..n).collect();
    let build = |rep: &[usize]| {
        let map = |o: &Vec<usize>| {
            let mut out: Vec<usize> = o.iter().map(|&w| rep[w]).collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        LoopyGraph::from_options(
            left.iter().map(map).collect(),
            right.iter().map(map).collect(),
        )
    };
    for v in 0..n {
        stop::check()?;
        if let Some(u) = (0..v).find(|&u| rep[u] == u && ge(u, v) && ge(v, u)) {
            rep[v] = u;
            if !no_alternating_cycle(left, right, |w| rep[w])? {
                rep[v] = v;
            }
        }
    }
    Ok((build(&rep), rep))
}

/// The most vertices of a simplest form whose stops and names are
/// computed (the recursions go as deep as the graph).
pub const MAX_NAMED_VERTICES: usize = 20_000;

/// The short games of the loopfree vertices of `g`, in `store`
/// (`None` for vertices that reach a cycle).
pub fn short_values(
    g: &LoopyGraph,
    store: &mut GameStore,
) -> Result<Vec<Option<GameId>>, MexError> {
    let free = g.loopfree_vertices();
    let mut out: Vec<Option<GameId>> = vec![None; g.len()];
    // Loopfree vertices in an order where options come first.
    let mut order = Vec::new();
    let mut state = vec![0u8; g.len()];
    for v in (0..g.len()).filter(|&v| free[v]) {
        let mut stack = vec![(v, false)];
        while let Some((x, done)) = stack.pop() {
            if done {
                if state[x] != 2 {
                    state[x] = 2;
                    order.push(x);
                }
                continue;
            }
            if state[x] != 0 {
                continue;
            }
            state[x] = 1;
            stack.push((x, true));
            for &w in g.left(x).iter().chain(g.right(x)) {
                if state[w] == 0 {
                    stack.push((w, false));
                }
            }
        }
    }
    for v in order {
        stop::check()?;
        let left = g
            .left(v)
            .iter()
            .map(|&w| out[w])
            .collect::<Option<Vec<_>>>();
        let right = g
            .right(v)
            .iter()
            .map(|&w| out[w])
            .collect::<Option<Vec<_>>>();
        if let (Some(l), Some(r)) = (left, right) {
            out[v] = Some(store.try_make(l, r)?);
        }
    }
    Ok(out)
}

/// The pseudonumber a vertex of a simplest form is, read from its shape:
/// `on = {pass|}`, `off = {|pass}`, a short number, `x over = {x|pass}`,
/// `x under = {pass|x}` (Siegel 2013, §VI.2; these are the simplest forms).
pub fn pseudonumber_at(
    g: &LoopyGraph,
    v: usize,
    number: &dyn Fn(usize) -> Option<(i64, u32)>,
) -> Option<Pseudonumber> {
    let (l, r) = (g.left(v), g.right(v));
    if let Some((p, q)) = number(v) {
        return Some(Pseudonumber::Number { p, q, tilt: 0 });
    }
    match (l, r) {
        ([a], []) if *a == v => Some(Pseudonumber::On),
        ([], [a]) if *a == v => Some(Pseudonumber::Off),
        ([x], [a]) if *a == v => number(*x).map(|(p, q)| Pseudonumber::Number { p, q, tilt: 1 }),
        ([a], [x]) if *a == v => number(*x).map(|(p, q)| Pseudonumber::Number { p, q, tilt: -1 }),
        _ => None,
    }
}

/// The Left and Right stops of vertex 0 of a stopper in simplest form
/// (Siegel 2013, §VI.2): a pseudonumber is its own stops; otherwise the
/// Left stop is the largest Right stop of a Left option (`off` without
/// one), the Right stop the least Left stop of a Right option (`on`
/// without one). Alternating play from a stopper ends, so the recursion
/// does.
pub fn stops(g: &LoopyGraph) -> Result<(Pseudonumber, Pseudonumber), MexError> {
    if g.len() > MAX_NAMED_VERTICES {
        return Err(MexError::above_limit(
            "the number of positions of a simplest form whose stops are computed",
            g.len(),
            MAX_NAMED_VERTICES,
            "use a smaller game",
        ));
    }
    let mut store = GameStore::new();
    let shorts = short_values(g, &mut store)?;
    let number = |v: usize| shorts[v].and_then(|x| as_number(&store, x));
    let mut memo: Vec<[Option<Pseudonumber>; 2]> = vec![[None, None]; g.len()];
    let left = stop_of(g, 0, true, &number, &mut memo);
    let right = stop_of(g, 0, false, &number, &mut memo);
    Ok((left, right))
}

fn stop_of(
    g: &LoopyGraph,
    v: usize,
    left_first: bool,
    number: &dyn Fn(usize) -> Option<(i64, u32)>,
    memo: &mut Vec<[Option<Pseudonumber>; 2]>,
) -> Pseudonumber {
    let slot = usize::from(!left_first);
    if let Some(s) = memo[v][slot] {
        return s;
    }
    let s = if let Some(p) = pseudonumber_at(g, v, number) {
        p
    } else if left_first {
        let opts = g.left(v).to_vec();
        opts.iter()
            .map(|&w| stop_of(g, w, false, number, memo))
            .max()
            .unwrap_or(Pseudonumber::Off)
    } else {
        let opts = g.right(v).to_vec();
        opts.iter()
            .map(|&w| stop_of(g, w, true, number, memo))
            .min()
            .unwrap_or(Pseudonumber::On)
    };
    memo[v][slot] = Some(s);
    s
}

/// A pseudonumber: a stop of a stopper (Siegel 2013, §VI.2): `off`,
/// `x under`, `x`, `x over`, `on`, in this order, for dyadic `x = p/2^q`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pseudonumber {
    /// `off`.
    Off,
    /// `p/2^q`, moved by `tilt` (−1: `under`, 0, 1: `over`).
    Number {
        /// Numerator.
        p: i64,
        /// Exponent of the denominator.
        q: u32,
        /// −1 for `x under`, 0 for `x`, 1 for `x over`.
        tilt: i8,
    },
    /// `on`.
    On,
}

impl Pseudonumber {
    fn key(&self) -> (i8, i128, i8) {
        match *self {
            Pseudonumber::Off => (-1, 0, 0),
            Pseudonumber::On => (1, 0, 0),
            Pseudonumber::Number { p, q, tilt } => (0, (p as i128) << (62 - q.min(62)), tilt),
        }
    }
}

impl PartialOrd for Pseudonumber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Pseudonumber {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Pseudonumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Pseudonumber::Off => write!(f, "off"),
            Pseudonumber::On => write!(f, "on"),
            Pseudonumber::Number { p, q, tilt } => {
                let x = dyadic_text(p, q);
                match (tilt, p) {
                    (0, _) => write!(f, "{x}"),
                    (1, 0) => write!(f, "over"),
                    (-1, 0) => write!(f, "under"),
                    (1, _) => write!(f, "{x}over"),
                    _ => write!(f, "{x}under"),
                }
            }
        }
    }
}

/// `p/2^q` as CGSuite prints it (`3/2`, `-1/4`, `5`).
pub fn dyadic_text(p: i64, q: u32) -> String {
    if q == 0 {
        p.to_string()
    } else {
        format!("{p}/{}", 1u128 << q)
    }
}
