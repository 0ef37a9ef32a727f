//! `mex graph FILE`.

use crate::files::{read_text, MAX_GRAPH_BYTES};
use crate::output::{fields, table, Output, Report};
use clap::Args;
use mex_core::games::sum::Summand;
use mex_core::solve::graph::ExplicitGraph;
use mex_core::solve::retrograde::{self, Value};
use mex_core::solve::smith::{self, SmithValue, SumValue};
use mex_core::MexError;
use num_bigint::BigUint;
use serde::{Serialize, Serializer};

/// Win/loss/draw with remoteness for every position of a finite game graph
/// (cycles allowed), by retrograde analysis.
#[derive(Args)]
#[command(
    long_about = "Win/loss/draw with remoteness for every position of a finite game graph
(cycles allowed), by retrograde analysis.

Rules: two players alternate moving a token along the edges of the graph; the
player who cannot move loses (unless the file fixes a position's value), and
play that never ends is a draw.

With --sg every position also gets Smith's generalised Sprague-Grundy value
(Smith 1966; Fraenkel and Yesha 1986): a number n (the position acts as a Nim
heap of n in sums) or ∞ with a subscript K, the finite values of its options
(printed ∞0,2 as Winning Ways writes it). 0 loses, another number wins, ∞K
wins iff 0 is in K and is a draw otherwise.

With --sum \"v + nim:3 + kayles:III\" the value and outcome of a sum of graph
positions (names of the file's positions) and impartial catalog games
(GAME:POSITION, as in mex sum), separated by +: numbers nim-add,
∞K + a = ∞(K xor a), and two infinities make ∞ with no subscript, a draw."
)]
#[command(after_help = "Graph format, one statement per line (# comments):
  a: b c        from a the player to move may go to b or c
  c:            c has no moves (the player to move there loses)
  d = draw      a primitive value: win, loss or draw for the player to move

Examples:
  printf 'a: b\\nb: a c\\nc:\\n' | mex graph -
  mex graph game.txt --json
  mex graph game.txt --dot | dot -Tsvg > game.svg
  mex graph game.txt --dot game.dot
  mex graph game.txt --sg
  mex graph game.txt --sum \"a + nim:3 + kayles:III\"")]
pub struct GraphArgs {
    /// The graph file, or - for standard input.
    file: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write the graph as Graphviz text to FILE, or to stdout without FILE:
    /// positions coloured by win (green), loss (red) or draw (grey) for the
    /// player to move, labelled with their remoteness.
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-")]
    pub dot: Option<String>,
    /// Add Smith's generalised Sprague-Grundy value of every position
    /// (graphs without fixed values).
    #[arg(long)]
    pub sg: bool,
    /// Print the value and outcome of a sum of positions of the graph and
    /// impartial catalog components, e.g. "a + b + nim:3".
    #[arg(long, value_name = "SUM", conflicts_with = "dot")]
    pub sum: Option<String>,
}

/// Working memory allowed to Smith's values.
const SMITH_BUDGET: usize = 3 << 30;

pub fn run(a: &GraphArgs) -> Result<Output, MexError> {
    let text_in = read_text(Some(&a.file), "the graph", MAX_GRAPH_BYTES)?;
    let graph = ExplicitGraph::parse(&text_in)?;
    drop(text_in);
    if let Some(sum) = &a.sum {
        return graph_sum(&graph, sum);
    }
    let sg = if a.sg {
        Some(smith::values(&graph, SMITH_BUDGET)?)
    } else {
        None
    };
    let values = retrograde::solve(&graph)?;
    if a.json && a.dot.as_deref() == Some("-") {
        return Err(MexError::invalid(
            "--dot without a file prints Graphviz text, which is not JSON",
            "--dot FILE together with --json, or --dot alone",
        ));
    }
    if let Some(dot) = &a.dot {
        let text = graph_dot(&graph, &values);
        if dot == "-" {
            return Ok(Output::bytes(text.into_bytes()));
        }
        crate::files::write_file(std::path::Path::new(dot), &text, "--dot")?;
    }
    let mut result = GraphResult::default();
    for (i, (name, v)) in graph.names().zip(&values).enumerate() {
        let (outcome, remoteness) = match v {
            Value::Win(r) => (result.wins += 1, ("win", Some(*r))).1,
            Value::Loss(r) => (result.losses += 1, ("loss", Some(*r))).1,
            Value::Draw => (result.draws += 1, ("draw", None)).1,
        };
        result.positions.push((
            name.to_string(),
            Position {
                outcome,
                remoteness,
                sg: sg.as_ref().map(|sg| sg[i].to_string()),
            },
        ));
    }
    Ok(Output::report(result))
}

/// Every position's value and the totals.
#[derive(Serialize, Default)]
struct GraphResult {
    /// Position name → value, in the order of the file.
    #[serde(serialize_with = "as_map")]
    positions: Vec<(String, Position)>,
    wins: usize,
    losses: usize,
    draws: usize,
}

/// A position's value for the player to move.
#[derive(Serialize)]
struct Position {
    /// "win", "loss" or "draw".
    outcome: &'static str,
    /// Moves of both players until the end under optimal play; none for a draw.
    remoteness: Option<u32>,
    /// Smith's value (with --sg): "3", "∞", "∞0,2".
    #[serde(skip_serializing_if = "Option::is_none")]
    sg: Option<String>,
}

/// Serialises pairs as a JSON object.
fn as_map<S: Serializer>(pairs: &[(String, Position)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

impl Report for GraphResult {
    fn text(&self) -> String {
        let with_sg = self.positions.first().is_some_and(|p| p.1.sg.is_some());
        let rows: Vec<Vec<String>> = self
            .positions
            .iter()
            .map(|(name, p)| {
                let mut row = vec![
                    name.clone(),
                    p.outcome.to_string(),
                    p.remoteness.map_or("-".into(), |r| r.to_string()),
                ];
                row.extend(p.sg.clone());
                row
            })
            .collect();
        let header: &[&str] = if with_sg {
            &["position", "outcome", "remoteness", "sg"]
        } else {
            &["position", "outcome", "remoteness"]
        };
        table(header, &rows)
            + &fields(&[
                ("wins", self.wins.to_string()),
                ("losses", self.losses.to_string()),
                ("draws", self.draws.to_string()),
            ])
    }
}

/// The sum of graph positions and catalog components (`--sum`).
#[derive(Serialize)]
struct GraphSum {
    /// Each component with its value: a graph position's Smith value, a
    /// catalog component's Grundy value.
    components: Vec<SumComponent>,
    /// The value of the sum: "5", "∞", "∞0,2".
    value: String,
    /// "win", "loss" or "draw" for the player to move.
    outcome: &'static str,
}

#[derive(Serialize)]
struct SumComponent {
    component: String,
    value: String,
}

impl Report for GraphSum {
    fn text(&self) -> String {
        let rows: Vec<Vec<String>> = self
            .components
            .iter()
            .map(|c| vec![c.component.clone(), c.value.clone()])
            .collect();
        table(&["component", "value"], &rows)
            + &fields(&[
                ("value", self.value.clone()),
                ("outcome", self.outcome.to_string()),
            ])
    }
}

const SUM_ACCEPTED: &str = "positions of the graph and GAME:POSITION components of impartial \
                            games separated by '+', e.g. 'a + b + nim:3'";

/// Parses `--sum` (terms separated by `+`; a term with `:` is a catalog
/// component, any other a position of the graph) and adds the values.
fn graph_sum(graph: &ExplicitGraph, text: &str) -> Result<Output, MexError> {
    let terms: Vec<&str> = text
        .split_whitespace()
        .filter(|t| *t != "+")
        .flat_map(|t| t.split('+').filter(|p| !p.is_empty()))
        .collect();
    if terms.is_empty() {
        return Err(MexError::invalid("the sum has no components", SUM_ACCEPTED));
    }
    let values = smith::values(graph, SMITH_BUDGET)?;
    let mut nimbers = BigUint::default();
    let mut graph_values: Vec<&SmithValue> = Vec::new();
    let mut components = Vec::new();
    for term in terms {
        if term.contains(':') {
            let summand = Summand::parse(term)?;
            let g = summand.game.grundy(summand.position)?;
            nimbers ^= &g;
            components.push(SumComponent {
                component: format!(
                    "{}:{}",
                    summand.game.info().name,
                    summand.game.normalize(summand.position)?
                ),
                value: g.to_string(),
            });
        } else {
            let v = graph.names().position(|n| n == term).ok_or_else(|| {
                MexError::invalid(
                    format!("the graph has no position {}", mex_core::error::quote(term)),
                    SUM_ACCEPTED,
                )
            })?;
            graph_values.push(&values[v]);
            components.push(SumComponent {
                component: term.to_string(),
                value: values[v].to_string(),
            });
        }
    }
    let total = SumValue::of(&graph_values, &nimbers);
    Ok(Output::report(GraphSum {
        components,
        value: total.to_string(),
        outcome: total.outcome().as_str(),
    }))
}

/// Escapes a name for a Graphviz quoted string.
fn dot_escape(name: &str) -> String {
    name.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The game graph as Graphviz text: a statement per position (filled by
/// its outcome for the player to move, labelled with its name, outcome
/// and remoteness) and a statement per move.
pub fn graph_dot(graph: &ExplicitGraph, values: &[Value]) -> String {
    use std::fmt::Write;
    let mut s =
        String::from("digraph \"game graph\" {\n  node [shape=box, style=\"rounded,filled\"];\n");
    for (v, (name, value)) in graph.names().zip(values).enumerate() {
        let (fill, what) = match value {
            Value::Win(r) => ("#c8efc8", format!("win {r}")),
            Value::Loss(r) => ("#f7c9c9", format!("loss {r}")),
            Value::Draw => ("#e2e2e2", "draw".to_string()),
        };
        let _ = writeln!(
            s,
            "  n{v} [label=\"{}\\n{what}\", fillcolor=\"{fill}\"];",
            dot_escape(name)
        );
    }
    for v in 0..values.len() {
        for &w in graph.moves(v) {
            let _ = writeln!(s, "  n{v} -> n{w};");
        }
    }
    s.push_str("}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_has_a_node_per_position_and_an_edge_per_move() {
        let g = ExplicitGraph::parse("a: b\nb: a c\nc:\nd = draw\n\"q: d\n").unwrap();
        let values = retrograde::solve(&g).unwrap();
        let dot = graph_dot(&g, &values);
        assert!(dot.starts_with("digraph ") && dot.ends_with("}\n"));
        let nodes: Vec<&str> = dot.lines().filter(|l| l.contains("[label=")).collect();
        assert_eq!(nodes.len(), g.names().count());
        let edges = dot.lines().filter(|l| l.contains(" -> ")).count();
        let moves: usize = (0..values.len()).map(|v| g.moves(v).len()).sum();
        assert_eq!(edges, moves);
        assert!(nodes
            .iter()
            .any(|l| l.contains("c\\nloss 0") && l.contains("#f7c9c9")));
        assert!(nodes
            .iter()
            .any(|l| l.contains("draw") && l.contains("#e2e2e2")));
    }
}
