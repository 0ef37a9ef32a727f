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
//! A node named only as a successor is a node with no moves. Each node has
//! at most one statement. At most [`MAX_TEXT_NODES`] nodes and
//! [`MAX_TEXT_MOVES`] moves.

use crate::error::quote;
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

/// Every position's successors as one list each (for the slow twins, which
/// read them many times).
pub fn successor_lists<G: GameGraph + ?Sized>(graph: &G) -> Vec<Vec<usize>> {
    (0..graph.position_count())
        .map(|v| {
            let mut s = Vec::new();
            graph.successors(v, &mut s);
            s
        })
        .collect()
}

/// Largest explicit graph accepted from text, in nodes. Parsing and solving
/// peak at about 130 bytes per node, text included (263 MB for a chain of
/// 2·10^6 nodes, measured); the command line's presentation of every
/// position (a table or a JSON object) costs about 1.8 KB more per node,
/// so this limit keeps `mex graph` under 4 GB.
pub const MAX_TEXT_NODES: usize = 2_000_000;

/// Largest explicit graph accepted from text, in moves: 4 bytes each when
/// stored, 8 while solving (20·10^6 moves: 178 MB with their text).
pub const MAX_TEXT_MOVES: usize = 50_000_000;

/// An explicit graph with named nodes, stored compactly: the names in one
/// string arena, the moves in compressed rows (CSR) of `u32` indices.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExplicitGraph {
    /// All node names, concatenated in order of first appearance.
    name_bytes: String,
    /// `name_ends[v]` is where the name of `v` ends in `name_bytes`.
    name_ends: Vec<u32>,
    /// The moves of `v` are `targets[move_start[v] .. move_start[v] + move_count[v]]`.
    move_start: Vec<u32>,
    move_count: Vec<u32>,
    targets: Vec<u32>,
    /// Primitive values.
    pub primitives: Vec<Option<Primitive>>,
}

const ACCEPTED: &str = "one statement per node: 'NODE: SUCC SUCC ...' or 'NODE = win|loss|draw'";

impl ExplicitGraph {
    /// Builds a graph from successor lists (no primitives); nodes are named
    /// by their index.
    pub fn from_successors(successors: Vec<Vec<usize>>) -> Self {
        let mut g = ExplicitGraph::default();
        for (v, succ) in successors.iter().enumerate() {
            g.push_name(&v.to_string());
            g.move_start.push(g.targets.len() as u32);
            g.move_count.push(succ.len() as u32);
            g.targets.extend(succ.iter().map(|&s| s as u32));
        }
        g.primitives = vec![None; successors.len()];
        g
    }

    /// The name of node `v`.
    pub fn name(&self, v: usize) -> &str {
        let start = if v == 0 {
            0
        } else {
            self.name_ends[v - 1] as usize
        };
        &self.name_bytes[start..self.name_ends[v] as usize]
    }

    /// The names of all nodes, in index order.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        (0..self.name_ends.len()).map(|v| self.name(v))
    }

    /// The moves of node `v`, as listed.
    pub fn moves(&self, v: usize) -> &[u32] {
        let start = self.move_start[v] as usize;
        &self.targets[start..start + self.move_count[v] as usize]
    }

    fn push_name(&mut self, name: &str) {
        self.name_bytes.push_str(name);
        self.name_ends.push(self.name_bytes.len() as u32);
    }

    /// Parses the text format described in the module documentation. Each
    /// node has at most one statement; a node given moves and a value, two
    /// values or two lists of moves is refused, as is a second `:` or `=`.
    /// Sizes are checked as the text is read ([`MAX_TEXT_NODES`],
    /// [`MAX_TEXT_MOVES`], names of at most 4 GiB in all).
    pub fn parse(text: &str) -> Result<Self, MexError> {
        let mut parser = Parser::default();
        for (lineno, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if !line.is_empty() {
                parser.statement(line, lineno + 1)?;
            }
        }
        parser.finish()
    }
}

/// Parsing state: names are borrowed from the text until the end.
#[derive(Default)]
struct Parser<'a> {
    index: HashMap<&'a str, u32>,
    names: Vec<&'a str>,
    /// The line of each node's statement (0: none yet), to refuse a second.
    statement_line: Vec<u32>,
    move_start: Vec<u32>,
    move_count: Vec<u32>,
    targets: Vec<u32>,
    primitives: Vec<Option<Primitive>>,
    name_bytes: usize,
}

impl<'a> Parser<'a> {
    fn statement(&mut self, line: &'a str, lineno: usize) -> Result<(), MexError> {
        let bad = || {
            MexError::invalid(
                format!("line {lineno}: {} is not a graph statement", quote(line)),
                ACCEPTED,
            )
        };
        let separator = line.find([':', '=']).ok_or_else(bad)?;
        let (node, rest) = (&line[..separator], &line[separator + 1..]);
        if rest.contains([':', '=']) {
            return Err(bad());
        }
        let id = self.node(single_name(node).ok_or_else(bad)?)?;
        let earlier = self.statement_line[id];
        if earlier != 0 {
            return Err(MexError::invalid(
                format!(
                    "line {lineno}: node {} already has a statement on line {earlier}",
                    quote(self.names[id])
                ),
                ACCEPTED,
            ));
        }
        self.statement_line[id] = u32::try_from(lineno).unwrap_or(u32::MAX);
        if line.as_bytes()[separator] == b'=' {
            self.primitives[id] = Some(match rest.trim() {
                "win" => Primitive::Win,
                "loss" => Primitive::Loss,
                "draw" => Primitive::Draw,
                _ => return Err(bad()),
            });
            return Ok(());
        }
        self.move_start[id] = self.targets.len() as u32;
        for s in rest.split_whitespace() {
            if self.targets.len() >= MAX_TEXT_MOVES {
                return Err(MexError::above_limit(
                    "the number of moves in the graph",
                    format!("(at least {})", MAX_TEXT_MOVES + 1),
                    MAX_TEXT_MOVES,
                    "solve a smaller graph",
                ));
            }
            let t = self.node(s)?;
            self.targets.push(t as u32);
        }
        self.move_count[id] = self.targets.len() as u32 - self.move_start[id];
        Ok(())
    }

    fn node(&mut self, name: &'a str) -> Result<usize, MexError> {
        if let Some(&i) = self.index.get(name) {
            return Ok(i as usize);
        }
        if self.names.len() >= MAX_TEXT_NODES {
            return Err(MexError::above_limit(
                "the number of nodes in the graph",
                format!("(at least {})", MAX_TEXT_NODES + 1),
                MAX_TEXT_NODES,
                "solve a smaller graph",
            ));
        }
        self.name_bytes += name.len();
        if self.name_bytes > u32::MAX as usize {
            return Err(MexError::above_limit(
                "the total length of node names",
                format!("(more than {} bytes)", u32::MAX),
                format!("{} bytes", u32::MAX),
                "use shorter names",
            ));
        }
        let id = self.names.len();
        self.index.insert(name, id as u32);
        self.names.push(name);
        self.statement_line.push(0);
        self.move_start.push(0);
        self.move_count.push(0);
        self.primitives.push(None);
        Ok(id)
    }

    fn finish(self) -> Result<ExplicitGraph, MexError> {
        if self.names.is_empty() {
            return Err(MexError::invalid(
                "the graph has no nodes",
                "at least one line 'NODE: SUCC ...'",
            ));
        }
        drop(self.index);
        let mut g = ExplicitGraph {
            name_bytes: String::with_capacity(self.name_bytes),
            name_ends: Vec::with_capacity(self.names.len()),
            move_start: self.move_start,
            move_count: self.move_count,
            targets: self.targets,
            primitives: self.primitives,
        };
        for name in &self.names {
            g.push_name(name);
        }
        Ok(g)
    }
}

fn single_name(s: &str) -> Option<&str> {
    let mut parts = s.split_whitespace();
    let name = parts.next()?;
    parts.next().is_none().then_some(name)
}

impl GameGraph for ExplicitGraph {
    fn position_count(&self) -> usize {
        self.name_ends.len()
    }
    fn successors(&self, v: usize, out: &mut Vec<usize>) {
        out.extend(self.moves(v).iter().map(|&t| t as usize));
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
        assert_eq!(g.names().collect::<Vec<_>>(), vec!["a", "b", "c", "d"]);
        let moves: Vec<&[u32]> = (0..4).map(|v| g.moves(v)).collect();
        assert_eq!(moves, vec![&[1, 2][..], &[0], &[], &[]]);
        assert_eq!(g.primitives[3], Some(Primitive::Draw));
    }

    #[test]
    fn rejects_garbage() {
        for bad in ["", "a b c", "a = maybe", "a b: c", "# only a comment"] {
            assert!(ExplicitGraph::parse(bad).is_err(), "{bad}");
        }
    }

    /// Issue 8: a second statement for a node (moves and a value, two
    /// values, two lists of moves) and a doubled separator were accepted,
    /// the later statement silently overriding or extending the first.
    #[test]
    fn refuses_conflicting_statements() {
        for bad in [
            "a = win\na: b",
            "a: b\na = win",
            "a = win\na = loss",
            "a = win\na = win",
            "a: b\na: c",
            "a:: b",
            "a: b: c",
            "a = win = loss",
            "a := b",
            "a =: b",
        ] {
            let err = ExplicitGraph::parse(bad).expect_err(bad).to_string();
            assert!(!err.contains('\n') && !err.contains('\0'), "{err}");
        }
        let err = ExplicitGraph::parse("x:\nx = win").unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("line 1"), "{err}");
    }

    #[test]
    fn names_and_moves_round_trip() {
        let g = ExplicitGraph::from_successors(vec![vec![1], vec![0, 1], vec![]]);
        assert_eq!(g.names().collect::<Vec<_>>(), vec!["0", "1", "2"]);
        assert_eq!(g.moves(1), &[0, 1]);
        let text = "long_name_é: b\nb: c d\nd = draw\n";
        let g = ExplicitGraph::parse(text).unwrap();
        assert_eq!(g.name(0), "long_name_é");
        assert_eq!(g.name(3), "d");
        assert_eq!(g.moves(1), &[2, 3]);
    }

    /// Issue 13: the node limit is checked while reading, before the graph
    /// grows past it.
    #[test]
    fn refuses_more_nodes_than_the_limit() {
        use std::fmt::Write;
        let mut text = String::from("a:");
        for i in 0..MAX_TEXT_NODES {
            write!(text, " {i}").unwrap();
        }
        let err = ExplicitGraph::parse(&text).unwrap_err();
        assert_eq!(err.quantity(), Some("the number of nodes in the graph"));
        text.truncate(text.rfind(' ').unwrap());
        assert_eq!(
            ExplicitGraph::parse(&text).unwrap().position_count(),
            MAX_TEXT_NODES
        );
    }
}
