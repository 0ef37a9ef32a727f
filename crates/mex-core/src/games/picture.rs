//! Positions as pictures in a few shared shapes, so that every front end
//! (the SVG writer of `mex-present`, the playground, Python) draws every
//! game without knowing its name: a grid of cells with pieces, rows of
//! cells (strips), heaps of counters, a graph with coloured edges, a shift
//! register, or plain text.
//!
//! A picture says what is where, never how big it is drawn. Cells, heaps,
//! edges and bits are numbered in reading order, and
//! [`Picture::changes`] names the spots in which two pictures of the same
//! shape differ: a front end marks them after a move, and makes a move by
//! clicking one of them.

/// Whose a piece or an edge is: Left (blue, `x`), Right (red, `o`), or
/// both (green; impartial games and neutral pieces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Owner {
    /// Left's (blue).
    Left,
    /// Right's (red).
    Right,
    /// Either player's (green).
    Neutral,
}

/// What a cell holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Cell {
    /// A free cell.
    Empty,
    /// A cell that cannot be used any more (covered by a domino, burnt by
    /// an arrow, off the board).
    Blocked,
    /// A piece: its owner and a short name a person can read (`stone`,
    /// `amazon`, `toad`, `frog`, `cherry`, `domino`, …); `glyph` is the
    /// character the text form prints.
    Piece {
        /// Whose piece it is.
        owner: Owner,
        /// What it is.
        name: &'static str,
        /// One character for text pictures.
        glyph: char,
    },
    /// A cell painted or reserved for one player (Col, Snort: a tint, no
    /// piece).
    Tint {
        /// For whom.
        owner: Owner,
    },
}

/// A node of a graph picture; coordinates are optional hints in a grid of
/// unit steps (`y` grows upwards; ground nodes at `y = 0`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Node {
    /// A short label (may be empty).
    pub label: String,
    /// Where to draw it, when the game knows (Hackenbush stalks).
    pub at: Option<(i32, i32)>,
    /// The node's tint (Col and Snort on graphs), or none.
    pub tint: Option<Owner>,
    /// Whether it is on the ground (Hackenbush).
    pub ground: bool,
    /// Whether it is marked (the current vertex of a game graph).
    pub marked: bool,
}

/// An edge of a graph picture (an arc when `directed`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Edge {
    /// One end (index into the nodes).
    pub from: usize,
    /// The other end.
    pub to: usize,
    /// Its colour: a Hackenbush edge's owner; `None` for a plain edge.
    pub owner: Option<Owner>,
}

/// A position in one of the shared shapes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "shape", rename_all = "snake_case"))]
pub enum Picture {
    /// A rectangle of cells, row by row from the top.
    Grid {
        /// Rows.
        rows: usize,
        /// Columns.
        columns: usize,
        /// `rows × columns` cells in reading order.
        cells: Vec<Cell>,
    },
    /// Rows of cells of their own lengths, each drawn on one line that
    /// never wraps (Toads and Frogs, Cherries, a domino strip, Kayles
    /// rows, Toppling Dominoes).
    Strips {
        /// The rows, in order.
        strips: Vec<Vec<Cell>>,
    },
    /// Heaps of counters; sizes as decimal strings (they may be huge).
    Heaps {
        /// The heap sizes.
        heaps: Vec<String>,
    },
    /// A graph with coloured edges (Hackenbush, game graphs, Col and Snort
    /// on graphs).
    Graph {
        /// Whether the edges are arcs.
        directed: bool,
        /// The nodes.
        nodes: Vec<Node>,
        /// The edges.
        edges: Vec<Edge>,
    },
    /// A binary shift register: its bits, oldest first.
    Register {
        /// `0`/`1` characters.
        bits: String,
    },
    /// A position best shown as text (a game expression).
    Text {
        /// The text.
        text: String,
    },
}

/// A spot of a picture: a cell (index in reading order over the grid, or
/// over the strips one after another), a heap, an edge, a node or a bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "kind", content = "index", rename_all = "snake_case")
)]
pub enum Spot {
    /// A cell.
    Cell(usize),
    /// A heap.
    Heap(usize),
    /// An edge.
    Edge(usize),
    /// A node.
    Node(usize),
    /// A bit of a register.
    Bit(usize),
}

impl Picture {
    /// The spots in which `after` differs from `self`, when both have the
    /// same shape and size (cells, heaps, bits compared place by place;
    /// graphs by their edges, an edge of `self` missing from `after`
    /// counting as changed, and by their nodes' tints); `None` when the
    /// shapes or sizes differ, so that no place-by-place comparison means
    /// anything.
    pub fn changes(&self, after: &Picture) -> Option<Vec<Spot>> {
        match (self, after) {
            (
                Picture::Grid {
                    rows: r0,
                    columns: c0,
                    cells: a,
                },
                Picture::Grid {
                    rows: r1,
                    columns: c1,
                    cells: b,
                },
            ) if (r0, c0) == (r1, c1) => Some(differing(a, b, Spot::Cell)),
            (Picture::Strips { strips: a }, Picture::Strips { strips: b })
                if a.iter().map(Vec::len).eq(b.iter().map(Vec::len)) =>
            {
                Some(differing(&a.concat(), &b.concat(), Spot::Cell))
            }
            (Picture::Heaps { heaps: a }, Picture::Heaps { heaps: b }) if a.len() == b.len() => {
                Some(differing(a, b, Spot::Heap))
            }
            (Picture::Register { bits: a }, Picture::Register { bits: b })
                if a.len() == b.len() =>
            {
                Some(differing(a.as_bytes(), b.as_bytes(), Spot::Bit))
            }
            (
                Picture::Graph {
                    nodes: n0,
                    edges: e0,
                    ..
                },
                Picture::Graph {
                    nodes: n1,
                    edges: e1,
                    ..
                },
            ) if n0.len() == n1.len() => {
                let mut spots = differing(n0, n1, Spot::Node);
                spots.extend(
                    e0.iter()
                        .enumerate()
                        .filter(|(_, e)| !e1.contains(e))
                        .map(|(i, _)| Spot::Edge(i)),
                );
                Some(spots)
            }
            _ => None,
        }
    }
}

/// The places where `a` and `b` (of one length) differ, as spots.
fn differing<T: PartialEq>(a: &[T], b: &[T], spot: fn(usize) -> Spot) -> Vec<Spot> {
    a.iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, _)| spot(i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stone(owner: Owner) -> Cell {
        Cell::Piece {
            owner,
            name: "stone",
            glyph: 'x',
        }
    }

    #[test]
    fn changes_name_the_cells_a_move_touched() {
        let before = Picture::Grid {
            rows: 1,
            columns: 3,
            cells: vec![stone(Owner::Left), stone(Owner::Right), Cell::Empty],
        };
        let after = Picture::Grid {
            rows: 1,
            columns: 3,
            cells: vec![Cell::Empty, stone(Owner::Left), Cell::Empty],
        };
        assert_eq!(
            before.changes(&after),
            Some(vec![Spot::Cell(0), Spot::Cell(1)])
        );
        assert_eq!(before.changes(&before), Some(vec![]));
    }

    #[test]
    fn pictures_of_other_shapes_or_sizes_have_no_changes() {
        let heaps = Picture::Heaps {
            heaps: vec!["3".into(), "4".into()],
        };
        let fewer = Picture::Heaps {
            heaps: vec!["3".into()],
        };
        assert_eq!(heaps.changes(&fewer), None);
        assert_eq!(heaps.changes(&Picture::Text { text: "3".into() }), None);
        let taken = Picture::Heaps {
            heaps: vec!["3".into(), "1".into()],
        };
        assert_eq!(heaps.changes(&taken), Some(vec![Spot::Heap(1)]));
    }

    #[test]
    fn a_cut_edge_is_a_change() {
        let node = |ground| Node {
            label: String::new(),
            at: None,
            tint: None,
            ground,
            marked: false,
        };
        let edge = |from, to| Edge {
            from,
            to,
            owner: Some(Owner::Left),
        };
        let before = Picture::Graph {
            directed: false,
            nodes: vec![node(true), node(false), node(false)],
            edges: vec![edge(0, 1), edge(1, 2)],
        };
        let after = Picture::Graph {
            directed: false,
            nodes: vec![node(true), node(false), node(false)],
            edges: vec![edge(0, 1)],
        };
        assert_eq!(before.changes(&after), Some(vec![Spot::Edge(1)]));
    }
}
