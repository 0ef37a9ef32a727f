//! Win/loss/draw with remoteness on finite game graphs with cycles, by
//! retrograde analysis (Zermelo 1913; Nash–Sheenko, Theorem 2.5; the *Sequential games* slides).
//!
//! Definitions, for the player to move at `v` under alternating play:
//! * a terminal position (no moves, no primitive value) is a **loss** with
//!   remoteness 0 (normal play); a primitive win/loss has remoteness 0;
//! * `v` is a **win** if some move leads to a loss; its remoteness is
//!   `1 + min` over such losses (the winner hurries);
//! * `v` is a **loss** if every move leads to a win; its remoteness is
//!   `1 + max` over those wins (the loser delays);
//! * every other position is a **draw**: neither side can force a win.
//!
//! The work is done by the shared backward-induction engine
//! ([`super::backward`]): O(V + E).

use super::backward::{propagate, Effect, Predecessors};
use super::graph::{successor_lists, GameGraph, Primitive};
use crate::MexError;
use std::fmt;

/// The solved value of a position for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "outcome", content = "remoteness", rename_all = "lowercase")
)]
pub enum Value {
    /// Wins in this many moves (own and opponent's together).
    Win(u32),
    /// Loses in this many moves at the latest.
    Loss(u32),
    /// Neither player can force a win.
    Draw,
}

impl Value {
    /// The outcome alone, as the JSON's `outcome` field names it: `win`,
    /// `loss` or `draw`.
    pub fn outcome(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        }
    }

    /// The remoteness of a win or a loss: the moves to the end when the
    /// winner hurries and the loser delays (Smith 1966); `None` for a draw.
    pub fn remoteness(self) -> Option<u32> {
        match self {
            Value::Win(r) | Value::Loss(r) => Some(r),
            Value::Draw => None,
        }
    }
}

/// The outcome with its remoteness: `win in 3`, `loss in 0`, `draw`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(r) | Value::Loss(r) => write!(f, "{} in {r}", self.outcome()),
            Value::Draw => f.write_str(self.outcome()),
        }
    }
}

pub use super::backward::MAX_GRAPH_SIZE;

/// Solves every position of `graph`: the positions fixed by the rules (and
/// those without moves) seed the [`backward`](super::backward) engine; a
/// loss makes its predecessors wins at once (the winner hurries), and a
/// position all of whose moves lead to wins becomes a loss when the last of
/// them is settled (the loser delays).
pub fn solve<G: GameGraph + ?Sized>(graph: &G) -> Result<Vec<Value>, MexError> {
    let n = graph.position_count();
    let preds = Predecessors::build(n, |v, out| graph.successors(v, out))?;
    let seeds =
        (0..n).filter_map(|v| initial_value(graph, v, preds.out_degree(v)).map(|val| (v, val, 0)));
    let decided = propagate(&preds, seeds, |_, child| match child {
        Value::Loss(_) => Effect::Decide(Value::Win(0)),
        Value::Win(_) => Effect::CountDown(Value::Loss(0)),
        Value::Draw => Effect::Ignore,
    })?;
    Ok(decided
        .into_iter()
        .map(|d| match d {
            Some((Value::Win(_), level)) => Value::Win(level),
            Some((Value::Loss(_), level)) => Value::Loss(level),
            _ => Value::Draw,
        })
        .collect())
}

fn initial_value<G: GameGraph + ?Sized>(graph: &G, v: usize, moves: u32) -> Option<Value> {
    match graph.primitive(v) {
        Some(Primitive::Win) => Some(Value::Win(0)),
        Some(Primitive::Loss) => Some(Value::Loss(0)),
        Some(Primitive::Draw) => Some(Value::Draw),
        None if moves == 0 => Some(Value::Loss(0)),
        None => None,
    }
}

/// The slow twin: the definitions applied round by round until nothing
/// changes. Round `r` decides wins and losses of remoteness `r` from the
/// values decided in earlier rounds only.
pub fn solve_by_rounds<G: GameGraph + ?Sized>(graph: &G) -> Vec<Value> {
    let n = graph.position_count();
    let succ = successor_lists(graph);
    let mut value: Vec<Option<Value>> = (0..n)
        .map(|v| initial_value(graph, v, succ[v].len() as u32))
        .collect();
    for r in 1u32.. {
        let before = value.clone();
        for v in (0..n).filter(|&v| before[v].is_none()) {
            if succ[v]
                .iter()
                .any(|&s| before[s] == Some(Value::Loss(r - 1)))
            {
                value[v] = Some(Value::Win(r));
            } else if succ[v]
                .iter()
                .all(|&s| matches!(before[s], Some(Value::Win(_))))
                && succ[v]
                    .iter()
                    .any(|&s| before[s] == Some(Value::Win(r - 1)))
            {
                value[v] = Some(Value::Loss(r));
            }
        }
        if value == before {
            break;
        }
    }
    value
        .into_iter()
        .map(|v| v.unwrap_or(Value::Draw))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::graph::ExplicitGraph;
    use proptest::prelude::*;

    #[test]
    fn values_print_with_their_remoteness() {
        let shown: Vec<String> = [Value::Win(3), Value::Loss(0), Value::Draw]
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(shown, ["win in 3", "loss in 0", "draw"]);
        assert_eq!(Value::Loss(7).outcome(), "loss");
    }

    #[test]
    fn small_examples() {
        // a -> b -> c (terminal): c loss 0, b win 1, a loss 2; d <-> e draw.
        let g = ExplicitGraph::parse("a: b\nb: c\nd: e\ne: d\nf: d c").unwrap();
        let v = solve(&g).unwrap();
        assert_eq!(v[..3], [Value::Loss(2), Value::Win(1), Value::Loss(0)]);
        assert_eq!((v[3], v[4]), (Value::Draw, Value::Draw));
        assert_eq!(v[5], Value::Win(1));
    }

    #[test]
    fn loser_delays_winner_hurries() {
        // x can go to a loss at distance 0 or 2: wins in 1.
        // y must choose between wins of remoteness 1 and 3: loses in 4.
        let g = ExplicitGraph::parse("x: t l2\nl2: w1\nw1: t\nt:\ny: w1 w3\nw3: l2").unwrap();
        let v = solve(&g).unwrap();
        let by = |name: &str| v[g.names().position(|n| n == name).unwrap()];
        assert_eq!(by("x"), Value::Win(1));
        assert_eq!(by("w3"), Value::Win(3));
        assert_eq!(by("y"), Value::Loss(4));
    }

    #[test]
    fn subtraction_game_graph_matches_grundy_zero() {
        // Heaps 0..200 of {1,3,4}: losses are exactly the P-positions.
        let succ: Vec<Vec<usize>> = (0..200)
            .map(|n: usize| {
                [1, 3, 4]
                    .iter()
                    .filter(|&&s| s <= n)
                    .map(|&s| n - s)
                    .collect()
            })
            .collect();
        let v = solve(&ExplicitGraph::from_successors(succ)).unwrap();
        for (n, val) in v.iter().enumerate() {
            assert_eq!(matches!(val, Value::Loss(_)), n % 7 == 0 || n % 7 == 2);
        }
    }

    prop_compose! {
        fn random_graph()(n in 1usize..25)(succ in proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n), prim in proptest::collection::vec(0u8..8, n)) -> ExplicitGraph {
            let mut g = ExplicitGraph::from_successors(succ);
            for (i, p) in prim.iter().enumerate() {
                g.primitives[i] = match p { 0 => Some(Primitive::Draw), 1 => Some(Primitive::Win), _ => None };
            }
            g
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn retrograde_agrees_with_rounds(g in random_graph()) {
            prop_assert_eq!(solve(&g).unwrap(), solve_by_rounds(&g));
        }
    }
}
