//! Game graphs given through a trait, and an explicit graph read from text.
//!
//! Text format, one statement per line (`#` starts a comment):
//!
//! ```text
//! a: b c        # from a the player to move may go to b or c
//! b: a          # cycles are allowed
//! c:            # c has no moves: the player to move there loses
//! d = draw      # a primitive value: win, loss or draw for the player to move
//! ```
//!
//! A node named only as a successor is a node with no moves.

use crate::MexError;
use std::collections::HashMap;

/// A value fixed by the rules, from the point of view of the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Primitive {
    /// The player to move has won.
    Win,
    /// The player to move has lost.
    Loss,
    /// The game is drawn here.
    Draw,
}

/// A finite game graph: positions `0..position_count()`, alternating moves.
pub trait GameGraph {
    /// Number of positions.
    fn position_count(&self) -> usize;
    /// Appends the positions reachable in one move from `v`.
    fn successors(&self, v: usize, out: &mut Vec<usize>);
    /// A value fixed by the rules at `v` (the position is then terminal).
    /// Without one, a position with no moves is a loss (normal play).
    fn primitive(&self, _v: usize) -> Option<Primitive> {
        None
    }
}

/// Largest explicit graph accepted from text.
pub const MAX_TEXT_NODES: usize = 10_000_000;

/// An explicit graph with named nodes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExplicitGraph {
    /// Node names, in order of first appearance.
    pub names: Vec<String>,
    /// Successor lists.
    pub successors: Vec<Vec<usize>>,
    /// Primitive values.
    pub primitives: Vec<Option<Primitive>>,
}

impl ExplicitGraph {
    /// Builds a graph from successor lists (no primitives).
    pub fn from_successors(successors: Vec<Vec<usize>>) -> Self {
        let n = successors.len();
        ExplicitGraph {
            names: (0..n).map(|i| i.to_string()).collect(),
            successors,
            primitives: vec![None; n],
        }
    }

    /// Parses the text format described in the module documentation.
    pub fn parse(text: &str) -> Result<Self, MexError> {
        let mut g = ExplicitGraph::default();
        let mut index: HashMap<String, usize> = HashMap::new();
        for (lineno, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = || {
                MexError::invalid(
                    format!("line {}: '{line}' is not a graph statement", lineno + 1),
                    "'NODE: SUCC SUCC ...' or 'NODE = win|loss|draw'",
                )
            };
            if let Some((node, value)) = line.split_once('=') {
                let v = match value.trim() {
                    "win" => Primitive::Win,
                    "loss" => Primitive::Loss,
                    "draw" => Primitive::Draw,
                    _ => return Err(bad()),
                };
                let id = g.node(&mut index, single_name(node).ok_or_else(bad)?)?;
                g.primitives[id] = Some(v);
            } else if let Some((node, succ)) = line.split_once(':') {
                let id = g.node(&mut index, single_name(node).ok_or_else(bad)?)?;
                for s in succ.split_whitespace() {
                    let t = g.node(&mut index, s)?;
                    g.successors[id].push(t);
                }
            } else {
                return Err(bad());
            }
        }
        if g.names.is_empty() {
            return Err(MexError::invalid(
                "the graph has no nodes",
                "at least one line 'NODE: SUCC ...'",
            ));
        }
        Ok(g)
    }

    fn node(&mut self, index: &mut HashMap<String, usize>, name: &str) -> Result<usize, MexError> {
        if let Some(&i) = index.get(name) {
            return Ok(i);
        }
        if self.names.len() >= MAX_TEXT_NODES {
            return Err(MexError::too_large(
                "the graph",
                format!("{MAX_TEXT_NODES} nodes"),
                "split the graph",
            ));
        }
        index.insert(name.to_owned(), self.names.len());
        self.names.push(name.to_owned());
        self.successors.push(Vec::new());
        self.primitives.push(None);
        Ok(self.names.len() - 1)
    }
}

fn single_name(s: &str) -> Option<&str> {
    let mut parts = s.split_whitespace();
    let name = parts.next()?;
    parts.next().is_none().then_some(name)
}

impl GameGraph for ExplicitGraph {
    fn position_count(&self) -> usize {
        self.names.len()
    }
    fn successors(&self, v: usize, out: &mut Vec<usize>) {
        out.extend_from_slice(&self.successors[v]);
    }
    fn primitive(&self, v: usize) -> Option<Primitive> {
        self.primitives[v]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_statements() {
        let g = ExplicitGraph::parse("a: b c # x\nb: a\n\nd = draw\n").unwrap();
        assert_eq!(g.names, vec!["a", "b", "c", "d"]);
        assert_eq!(g.successors, vec![vec![1, 2], vec![0], vec![], vec![]]);
        assert_eq!(g.primitives[3], Some(Primitive::Draw));
    }

    #[test]
    fn rejects_garbage() {
        for bad in ["", "a b c", "a = maybe", "a b: c", "# only a comment"] {
            assert!(ExplicitGraph::parse(bad).is_err(), "{bad}");
        }
    }
}
