//! Explicit game graphs: named positions, the moves between them, and
//! positions whose value the rules fix; cycles allowed. Solved by
//! retrograde analysis: win, loss or draw with remoteness for the player to
//! move (Zermelo; the winner hurries, the loser delays).

use super::picture::{Edge, Node, Picture, MAX_SPOTS};
use super::{check_move_count, Family, Game, GameInfo, LoopyGame, Move, Ruleset};
use crate::error::quote;
use crate::solve::graph::{ExplicitGraph, GameGraph, Primitive};
use crate::solve::retrograde::{self, Value};
use crate::MexError;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

/// Game graphs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Graph;

/// Most positions of a graph typed as a catalog position.
pub const MAX_INLINE_NODES: usize = 100_000;

#[derive(Debug)]
struct Solved {
    graph: ExplicitGraph,
    text: String,
    values: OnceLock<Result<Vec<Value>, MexError>>,
}

/// A position: the graph and the current node.
#[derive(Debug, Clone)]
pub struct GraphPosition {
    solved: Arc<Solved>,
    node: usize,
}

const ACCEPTED: &str = "statements separated by ';' (a: b c, c:, d = win|loss|draw), then \
                        optionally '@ NODE', e.g. 'a: b c; b: a; c: @ a'";

impl GraphPosition {
    fn at(&self, node: usize) -> GraphPosition {
        GraphPosition {
            solved: Arc::clone(&self.solved),
            node,
        }
    }

    fn name(&self, v: usize) -> &str {
        self.solved.graph.name(v)
    }

    fn successors(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.solved.graph.successors(self.node, &mut out);
        out
    }
}

fn statements(graph: &ExplicitGraph) -> String {
    (0..graph.position_count())
        .map(|v| {
            let name = graph.name(v);
            match graph.primitive(v) {
                Some(Primitive::Win) => format!("{name} = win"),
                Some(Primitive::Loss) => format!("{name} = loss"),
                Some(Primitive::Draw) => format!("{name} = draw"),
                None => {
                    let mut succ = Vec::new();
                    graph.successors(v, &mut succ);
                    let names: Vec<&str> = succ.iter().map(|&w| graph.name(w)).collect();
                    format!("{name}: {}", names.join(" "))
                        .trim_end()
                        .to_string()
                }
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl FromStr for GraphPosition {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let (body, start) = match s.rsplit_once('@') {
            Some((body, start)) => (body, Some(start.trim())),
            None => (s, None),
        };
        let graph = ExplicitGraph::parse(&body.replace(';', "\n"))?;
        if graph.position_count() == 0 {
            return Err(MexError::invalid("the graph has no positions", ACCEPTED));
        }
        if graph.position_count() > MAX_INLINE_NODES {
            return Err(MexError::too_large(
                format!(
                    "a graph of {} positions typed inline",
                    graph.position_count()
                ),
                format!("{MAX_INLINE_NODES} positions"),
                "solve large graphs from a file with mex graph FILE",
            ));
        }
        let node = match start {
            None => 0,
            Some(name) => graph.names().position(|n| n == name).ok_or_else(|| {
                MexError::invalid(
                    format!("the graph has no position {}", quote(name)),
                    ACCEPTED,
                )
            })?,
        };
        let text = statements(&graph);
        let solved = Solved {
            graph,
            text,
            values: OnceLock::new(),
        };
        Ok(GraphPosition {
            solved: Arc::new(solved),
            node,
        })
    }
}

impl fmt::Display for GraphPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @ {}", self.solved.text, self.name(self.node))
    }
}

impl PartialEq for GraphPosition {
    fn eq(&self, other: &Self) -> bool {
        self.node == other.node && self.solved.text == other.solved.text
    }
}

impl Eq for GraphPosition {}

impl Hash for GraphPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.solved.text.hash(state);
        self.node.hash(state);
    }
}

impl Ruleset for Graph {
    type Position = GraphPosition;
}

impl Game for Graph {
    const INFO: GameInfo = GameInfo {
        name: "graph",
        family: Family::Impartial,
        description: "a game graph with cycles: win, loss or draw with remoteness",
        syntax: "statements 'a: b c' (moves), 'c:' (none), 'd = win|loss|draw' separated by ';', then '@ NODE'",
        example: "a: b c; b: a; c: @ a",
        rules: "Positions and the moves between them; players alternate. A position without \
                moves is lost for the player to move, unless the rules fix its value. The \
                winner hurries, the loser delays; a draw when neither can force a win.",
    };
    fn check_moves(&self, p: &GraphPosition) -> Result<(), MexError> {
        check_move_count(&p.successors().len().into(), "this graph position")
    }
    /// The positions and their moves as a directed graph, the current
    /// position marked and each position whose value the rules fix
    /// labelled with it; the text when the graph is too large to draw.
    fn picture(&self, p: &GraphPosition) -> Picture {
        let graph = &p.solved.graph;
        let count = graph.position_count();
        let mut edges = Vec::new();
        let mut successors = Vec::new();
        for v in 0..count {
            if edges.len() + count > MAX_SPOTS {
                return Picture::text(p);
            }
            successors.clear();
            graph.successors(v, &mut successors);
            edges.extend(successors.iter().map(|&to| Edge {
                from: v,
                to,
                owner: None,
            }));
        }
        let node = |v: usize| {
            let fixed = match graph.primitive(v) {
                Some(Primitive::Win) => " (win)",
                Some(Primitive::Loss) => " (loss)",
                Some(Primitive::Draw) => " (draw)",
                None => "",
            };
            Node {
                marked: v == p.node,
                ..Node::labelled(format!("{}{fixed}", graph.name(v)))
            }
        };
        Picture::Graph {
            directed: true,
            nodes: (0..count).map(node).collect(),
            edges,
        }
        .bounded(|| p.to_string())
    }
}

impl LoopyGame for Graph {
    fn moves(&self, p: &GraphPosition) -> Vec<Move<GraphPosition>> {
        p.successors()
            .into_iter()
            .map(|w| Move::new(format!("to {}", p.name(w)), p.at(w)))
            .collect()
    }
    fn solve(&self, p: &GraphPosition) -> Result<Value, MexError> {
        let values = p
            .solved
            .values
            .get_or_init(|| retrograde::solve(&p.solved.graph));
        values.as_ref().map(|v| v[p.node]).map_err(Clone::clone)
    }
}
