//! Smith's generalised Sprague–Grundy values of impartial games on finite
//! graphs with cycles (C. A. B. Smith 1966; Fraenkel and Yesha 1986;
//! Winning Ways, ch. 12 "Games Eternal — Games Entailed").
//!
//! Every position `u` gets a value `γ(u)`: a finite number or `∞_K`, where
//! `K` is the set of finite values of the options of `u`. The values are
//! found in rounds `m = 0, 1, 2, …` (Fraenkel and Yesha 1986, the algorithm
//! GSG): in round `m`,
//!
//! 1. an unlabelled `u` is labelled `m` when no option of `u` is labelled
//!    `m` and every option that is unlabelled or labelled `∞` has an option
//!    labelled `m` (repeated until nothing changes);
//! 2. every unlabelled `u` with no option labelled `m` is labelled `∞`.
//!
//! A position still unlabelled in round `m` has options of every value
//! below `m` (else step 2 of an earlier round made it `∞`), so a finite
//! label is the mex of the options' finite labels.
//!
//! What the values mean (Smith 1966): `γ(u) = 0` is a loss for the player
//! to move, another finite value a win, and `∞_K` a win when `0 ∈ K`, else
//! a draw. Values add: the sum of finite values is their nim-sum,
//! `∞_K + a = ∞_{K ⊕ a}`, and a sum with two or more infinite values is
//! `∞_∅`, a draw ([`add`]).
//!
//! [`values`] runs each round as a backward induction with counters,
//! O((D + 2)(V + E)) for largest out-degree D; [`values_by_rounds`] is its
//! slow twin, the same rounds by repeated scans of every position.

use super::backward::Predecessors;
use super::graph::{successor_lists, GameGraph};
use crate::MexError;
use num_bigint::BigUint;
use num_traits::Zero;
use std::fmt;

/// A generalised Sprague–Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SmithValue {
    /// A finite value: the position behaves as the nimber `*n` in sums.
    Finite(u64),
    /// `∞_K`: `K` is the set of finite values of the options, ascending.
    Infinite(Vec<u64>),
}

/// Who wins from a position, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SmithOutcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
    /// Neither player can force a win.
    Draw,
}

impl SmithOutcome {
    /// `win`, `loss` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            SmithOutcome::Win => "win",
            SmithOutcome::Loss => "loss",
            SmithOutcome::Draw => "draw",
        }
    }
}

impl SmithValue {
    /// The outcome for the player to move (Smith 1966): `0` loses, another
    /// finite value wins, `∞_K` wins iff `0 ∈ K`, else it is a draw.
    pub fn outcome(&self) -> SmithOutcome {
        match self {
            SmithValue::Finite(0) => SmithOutcome::Loss,
            SmithValue::Finite(_) => SmithOutcome::Win,
            SmithValue::Infinite(k) if k.first() == Some(&0) => SmithOutcome::Win,
            SmithValue::Infinite(_) => SmithOutcome::Draw,
        }
    }

    /// Whether the value is finite.
    pub fn is_finite(&self) -> bool {
        matches!(self, SmithValue::Finite(_))
    }
}

/// The value of a sum (Smith 1966): finite values nim-add; `∞_K + a` is
/// `∞_{K ⊕ a}`; two infinite values give `∞_∅`.
pub fn add(a: &SmithValue, b: &SmithValue) -> SmithValue {
    match (a, b) {
        (SmithValue::Finite(x), SmithValue::Finite(y)) => SmithValue::Finite(x ^ y),
        (SmithValue::Infinite(k), SmithValue::Finite(x))
        | (SmithValue::Finite(x), SmithValue::Infinite(k)) => {
            let mut shifted: Vec<u64> = k.iter().map(|v| v ^ x).collect();
            shifted.sort_unstable();
            SmithValue::Infinite(shifted)
        }
        (SmithValue::Infinite(_), SmithValue::Infinite(_)) => SmithValue::Infinite(Vec::new()),
    }
}

/// The value of a sum of graph positions and impartial short games of any
/// size (their Grundy values as big integers): [`add`]'s rule with big
/// finite parts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SumValue {
    /// The nim-sum of the finite values.
    Finite(BigUint),
    /// `∞_K`, `K` ascending.
    Infinite(Vec<BigUint>),
}

impl SumValue {
    /// The sum of `graph_values` and nimbers whose nim-sum is `nimbers`:
    /// finite values nim-add, `∞_K + a = ∞_{K ⊕ a}`, and two infinite
    /// values give `∞_∅` (Smith 1966).
    pub fn of(graph_values: &[&SmithValue], nimbers: &BigUint) -> SumValue {
        let mut finite = nimbers.clone();
        let mut infinite: Option<&Vec<u64>> = None;
        let mut infinities = 0;
        for v in graph_values {
            match v {
                SmithValue::Finite(n) => finite ^= BigUint::from(*n),
                SmithValue::Infinite(k) => {
                    infinities += 1;
                    infinite = Some(k);
                }
            }
        }
        match (infinities, infinite) {
            (0, _) | (_, None) => SumValue::Finite(finite),
            (1, Some(k)) => {
                let mut shifted: Vec<BigUint> =
                    k.iter().map(|&x| BigUint::from(x) ^ &finite).collect();
                shifted.sort_unstable();
                SumValue::Infinite(shifted)
            }
            _ => SumValue::Infinite(Vec::new()),
        }
    }

    /// The outcome for the player to move, as [`SmithValue::outcome`].
    pub fn outcome(&self) -> SmithOutcome {
        match self {
            SumValue::Finite(n) if n.is_zero() => SmithOutcome::Loss,
            SumValue::Finite(_) => SmithOutcome::Win,
            SumValue::Infinite(k) if k.first().is_some_and(Zero::is_zero) => SmithOutcome::Win,
            SumValue::Infinite(_) => SmithOutcome::Draw,
        }
    }
}

/// As [`SmithValue`]'s: `5`, `∞0,2`.
impl fmt::Display for SumValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumValue::Finite(n) => write!(f, "{n}"),
            SumValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(ToString::to_string).collect();
                write!(f, "∞{}", k.join(","))
            }
        }
    }
}

/// `5`, `0`, `∞`, `∞0`, `∞0,2,3` as in Winning Ways (the subscript written
/// after the sign, its elements separated by commas); [`SmithValue::ascii`]
/// writes `inf` for `∞`.
impl fmt::Display for SmithValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmithValue::Finite(n) => write!(f, "{n}"),
            SmithValue::Infinite(k) => write!(f, "∞{}", subscript(k)),
        }
    }
}

impl SmithValue {
    /// The value with `inf` for `∞` (`inf0,2`), for plain-text files.
    pub fn ascii(&self) -> String {
        match self {
            SmithValue::Finite(n) => n.to_string(),
            SmithValue::Infinite(k) => format!("inf{}", subscript(k)),
        }
    }
}

fn subscript(k: &[u64]) -> String {
    k.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// Labels while the rounds run.
const UNLABELLED: u64 = u64::MAX;
const INFINITE: u64 = u64::MAX - 1;

/// Bytes per position and per move of [`values`]' working memory
/// (predecessors, labels, counters, stamps and the successor lists).
const BYTES_PER_POSITION: usize = 40;
const BYTES_PER_MOVE: usize = 12;

/// Smith's values of every position of `graph`, by the rounds of the
/// module documentation, each a backward induction: a position labelled
/// `m` marks its predecessors as having an option labelled `m`; a marked
/// position counts down the unsettled options of its own predecessors,
/// which are labelled `m` when none is left. Refused when the working
/// memory would pass `budget` bytes (checked before it is allocated) or
/// when the graph fixes a position's value (Smith's theory is about
/// normal play alone).
pub fn values<G: GameGraph + ?Sized>(
    graph: &G,
    budget: usize,
) -> Result<Vec<SmithValue>, MexError> {
    let n = graph.position_count();
    refuse_primitives(graph)?;
    let succ = compact_successors(graph, n, budget)?;
    let preds = Predecessors::build(n, |v, out| out.extend(succ.of(v)))?;
    let mut label = vec![UNLABELLED; n];
    let mut alive: Vec<usize> = (0..n).collect();
    let mut marked = vec![UNLABELLED; n];
    let mut pending = vec![0u32; n];
    let mut queue = Vec::new();
    let mut m = 0u64;
    while !alive.is_empty() {
        for &u in &alive {
            crate::stop::check()?;
            pending[u] = succ.of(u).filter(|&v| label[v] >= INFINITE).count() as u32;
        }
        for &u in &alive {
            if pending[u] == 0 {
                label[u] = m;
                queue.push(u);
            }
        }
        while let Some(v) = queue.pop() {
            for &p in preds.of(v) {
                crate::stop::check()?;
                let p = p as usize;
                if marked[p] == m || label[p] < INFINITE && label[p] != m {
                    continue;
                }
                marked[p] = m;
                for &q in preds.of(p) {
                    let q = q as usize;
                    if label[q] == UNLABELLED && marked[q] != m {
                        pending[q] -= 1;
                        if pending[q] == 0 {
                            label[q] = m;
                            queue.push(q);
                        }
                    }
                }
            }
        }
        alive.retain(|&u| {
            if label[u] == UNLABELLED && marked[u] != m {
                label[u] = INFINITE;
            }
            label[u] == UNLABELLED
        });
        m += 1;
    }
    Ok(finish(&label, |u| succ.of(u).collect()))
}

/// The successor lists in compressed rows, sorted and without repetition.
struct Successors {
    start: Vec<usize>,
    targets: Vec<u32>,
}

impl Successors {
    fn of(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.targets[self.start[v]..self.start[v + 1]]
            .iter()
            .map(|&t| t as usize)
    }
}

fn compact_successors<G: GameGraph + ?Sized>(
    graph: &G,
    n: usize,
    budget: usize,
) -> Result<Successors, MexError> {
    let mut start = Vec::with_capacity(n + 1);
    let mut targets = Vec::new();
    let mut buf = Vec::new();
    start.push(0);
    for v in 0..n {
        crate::stop::check()?;
        buf.clear();
        graph.successors(v, &mut buf);
        buf.sort_unstable();
        buf.dedup();
        if let Some(&bad) = buf.iter().find(|&&s| s >= n) {
            return Err(MexError::invalid(
                format!("position {v} has successor {bad} outside 0..{n}"),
                "successors inside the graph",
            ));
        }
        targets.extend(buf.iter().map(|&s| s as u32));
        start.push(targets.len());
        let bytes = n
            .saturating_mul(BYTES_PER_POSITION)
            .saturating_add(targets.len().saturating_mul(BYTES_PER_MOVE));
        if bytes > budget {
            return Err(MexError::too_large(
                "the memory for Smith's values of this graph",
                format!("{budget} bytes"),
                "solve a smaller graph",
            ));
        }
    }
    Ok(Successors { start, targets })
}

fn refuse_primitives<G: GameGraph + ?Sized>(graph: &G) -> Result<(), MexError> {
    match (0..graph.position_count()).find(|&v| graph.primitive(v).is_some()) {
        Some(v) => Err(MexError::invalid(
            format!("position {v} has a value fixed by the rules"),
            "Smith's values are for graphs whose positions without moves are lost \
             (no 'NODE = win|loss|draw' statements)",
        )),
        None => Ok(()),
    }
}

/// Turns labels into values: `∞` gets the finite labels of its options.
fn finish(label: &[u64], options: impl Fn(usize) -> Vec<usize>) -> Vec<SmithValue> {
    (0..label.len())
        .map(|u| match label[u] {
            INFINITE => {
                let mut k: Vec<u64> = options(u)
                    .into_iter()
                    .map(|v| label[v])
                    .filter(|&l| l < INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                SmithValue::Infinite(k)
            }
            l => SmithValue::Finite(l),
        })
        .collect()
}

/// The slow twin of [`values`]: each round's labelling by scanning every
/// position again until nothing changes, straight from the module
/// documentation. O(V · E) per scan; for tests.
pub fn values_by_rounds<G: GameGraph + ?Sized>(graph: &G) -> Vec<SmithValue> {
    let n = graph.position_count();
    let succ = successor_lists(graph);
    let mut label = vec![UNLABELLED; n];
    let mut m = 0u64;
    while label.contains(&UNLABELLED) {
        let has_option_labelled_m =
            |label: &[u64], u: usize| succ[u].iter().any(|&v| label[v] == m);
        loop {
            let mut changed = false;
            for u in 0..n {
                if label[u] == UNLABELLED
                    && !has_option_labelled_m(&label, u)
                    && succ[u]
                        .iter()
                        .filter(|&&v| label[v] >= INFINITE)
                        .all(|&v| has_option_labelled_m(&label, v))
                {
                    label[u] = m;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            if label[u] == UNLABELLED && !has_option_labelled_m(&label, u) {
                label[u] = INFINITE;
            }
        }
        m += 1;
    }
    finish(&label, |u| succ[u].clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::graph::ExplicitGraph;
    use crate::solve::retrograde::{self, Value};
    use proptest::prelude::*;

    const BUDGET: usize = 1 << 30;

    fn named(text: &str) -> Vec<(String, String)> {
        let g = ExplicitGraph::parse(text).unwrap();
        let v = values(&g, BUDGET).unwrap();
        g.names()
            .map(str::to_string)
            .zip(v.iter().map(ToString::to_string))
            .collect()
    }

    /// Acyclic graphs: the ordinary Sprague–Grundy values (here the
    /// subtraction game {1, 2}: n mod 3).
    #[test]
    fn acyclic_graphs_get_grundy_values() {
        let succ: Vec<Vec<usize>> = (0..30usize)
            .map(|n| [1, 2].iter().filter(|&&s| s <= n).map(|&s| n - s).collect())
            .collect();
        let v = values(&ExplicitGraph::from_successors(succ), BUDGET).unwrap();
        for (n, value) in v.iter().enumerate() {
            assert_eq!(*value, SmithValue::Finite(n as u64 % 3));
        }
    }

    /// Worked by hand from the rounds: a position whose only move is to
    /// itself is `∞` (a draw); `a ⇄ b`, both with a move to the terminal
    /// `t`: round 0 labels `t` 0 and leaves `a`, `b` (each has an option
    /// labelled 0), round 1 labels nothing and makes them `∞0` (wins: move
    /// to `t`). And `a: b; b: a c; c:` gives `c` = 0, then
    /// `a` = 0 (its only option `b` has the option `c` labelled 0), then
    /// `b` = mex{0, 0} = 1.
    #[test]
    fn small_cycles_by_hand() {
        assert_eq!(named("a: a"), [("a".into(), "∞".into())]);
        let v = named("a: b t\nb: a t\nt:");
        assert_eq!(v[0].1, "∞0");
        assert_eq!(v[1].1, "∞0");
        assert_eq!(v[2].1, "0");
        let v = named("a: b\nb: a c\nc:");
        assert_eq!(
            v.iter().map(|p| p.1.as_str()).collect::<Vec<_>>(),
            ["0", "1", "0"]
        );
    }

    /// Winning Ways ch. 12's rule: an infinite position with an option of
    /// value 0 is a win; one without is a draw.
    #[test]
    fn outcomes_of_values() {
        assert_eq!(SmithValue::Finite(0).outcome(), SmithOutcome::Loss);
        assert_eq!(SmithValue::Finite(3).outcome(), SmithOutcome::Win);
        assert_eq!(
            SmithValue::Infinite(vec![0, 2]).outcome(),
            SmithOutcome::Win
        );
        assert_eq!(SmithValue::Infinite(vec![1]).outcome(), SmithOutcome::Draw);
        assert_eq!(SmithValue::Infinite(vec![1, 3]).ascii(), "inf1,3");
        let k = add(&SmithValue::Infinite(vec![1, 3]), &SmithValue::Finite(1));
        assert_eq!(k, SmithValue::Infinite(vec![0, 2]));
        let inf13 = SmithValue::Infinite(vec![1, 3]);
        let big = BigUint::from(1u8) << 100;
        let s = SumValue::of(&[&inf13, &SmithValue::Finite(2)], &BigUint::from(3u8));
        assert_eq!(
            (s.to_string(), s.outcome()),
            ("∞0,2".into(), SmithOutcome::Win)
        );
        let s = SumValue::of(&[&inf13], &big);
        assert_eq!(s.outcome(), SmithOutcome::Draw);
        let s = SumValue::of(&[&inf13, &inf13], &BigUint::from(1u8));
        assert_eq!(s, SumValue::Infinite(vec![]));
        let s = SumValue::of(&[&SmithValue::Finite(5)], &BigUint::from(5u8));
        assert_eq!(s.outcome(), SmithOutcome::Loss);
    }

    #[test]
    fn refuses_fixed_values_and_small_budgets() {
        let g = ExplicitGraph::parse("a: b\nb = win").unwrap();
        assert!(values(&g, BUDGET).is_err());
        let g = ExplicitGraph::parse("a: b\nb: a").unwrap();
        let err = values(&g, 10).unwrap_err().to_string();
        assert!(err.contains("memory"), "{err}");
    }

    fn retro(g: &ExplicitGraph) -> Vec<SmithOutcome> {
        retrograde::solve(g)
            .unwrap()
            .into_iter()
            .map(|v| match v {
                Value::Win(_) => SmithOutcome::Win,
                Value::Loss(_) => SmithOutcome::Loss,
                Value::Draw => SmithOutcome::Draw,
            })
            .collect()
    }

    /// The sum of two graphs: positions `(u, v)` numbered `u · n2 + v`, a
    /// move in either component.
    fn product(g: &[Vec<usize>], h: &[Vec<usize>]) -> ExplicitGraph {
        let n2 = h.len();
        let mut succ = Vec::new();
        for (u, g_moves) in g.iter().enumerate() {
            for (v, h_moves) in h.iter().enumerate() {
                let mut s: Vec<usize> = g_moves.iter().map(|&u2| u2 * n2 + v).collect();
                s.extend(h_moves.iter().map(|&v2| u * n2 + v2));
                succ.push(s);
            }
        }
        ExplicitGraph::from_successors(succ)
    }

    fn random_graph(max: usize) -> impl Strategy<Value = Vec<Vec<usize>>> {
        (1..max)
            .prop_flat_map(|n| proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        /// The fast rounds agree with the slow twin.
        #[test]
        fn values_agree_with_the_slow_twin(succ in random_graph(30)) {
            let g = ExplicitGraph::from_successors(succ);
            prop_assert_eq!(values(&g, BUDGET).unwrap(), values_by_rounds(&g));
        }

        /// The outcome read from the value (Smith 1966) is the outcome of
        /// retrograde analysis.
        #[test]
        fn outcomes_agree_with_retrograde(succ in random_graph(30)) {
            let g = ExplicitGraph::from_successors(succ);
            let from_values: Vec<SmithOutcome> =
                values(&g, BUDGET).unwrap().iter().map(SmithValue::outcome).collect();
            prop_assert_eq!(from_values, retro(&g));
        }

        /// Smith's sum rule: the values of the sum graph are the sums of
        /// the components' values, and so is the outcome found by
        /// retrograde analysis of the sum graph.
        #[test]
        fn sums_follow_smiths_rule(g in random_graph(9), h in random_graph(9)) {
            let gv = values(&ExplicitGraph::from_successors(g.clone()), BUDGET).unwrap();
            let hv = values(&ExplicitGraph::from_successors(h.clone()), BUDGET).unwrap();
            let sum = product(&g, &h);
            let sv = values(&sum, BUDGET).unwrap();
            let outcomes = retro(&sum);
            for u in 0..g.len() {
                for v in 0..h.len() {
                    let expected = add(&gv[u], &hv[v]);
                    prop_assert_eq!(&sv[u * h.len() + v], &expected);
                    prop_assert_eq!(outcomes[u * h.len() + v], expected.outcome());
                    let big = SumValue::of(&[&gv[u], &hv[v]], &BigUint::zero());
                    prop_assert_eq!(big.to_string(), expected.to_string());
                }
            }
        }
    }
}
