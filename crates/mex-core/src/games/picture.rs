//! Positions as pictures in a few shared shapes, so that every front end
//! (the SVG writer of `mex-present`, the playground, Python) draws every
//! game without knowing its name: a grid of cells with pieces, several
//! grids side by side, rows of cells (strips), heaps of counters, a graph
//! with coloured edges, a shift register, or plain text.
//!
//! A picture says what is where, never how big it is drawn. Cells, heaps,
//! edges, nodes and bits are numbered in reading order (the spots), and
//! [`Picture::changes`] names the spots of one picture that a move changed
//! in the next: a front end marks them after a move, and makes a move by
//! clicking one of them. Games that tidy their positions (dropping empty
//! heaps, sorting rows, letting cut-off edges fall) still get the spots
//! they touched, by an alignment of the two pictures' parts
//! ([`changes`](self::changes)).
//!
//! Pictures are bounded: a game whose picture would have more than
//! [`MAX_SPOTS`] spots pictures the position as its text.

mod changes;

/// Most spots (cells, heaps, nodes and edges, bits) of a picture a game
/// draws; beyond, the position is pictured as its text.
pub const MAX_SPOTS: usize = 20_000;

/// Whose a piece or an edge is: Left (blue, `x`), Right (red, `o`), or
/// both (green; impartial games and neutral pieces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

/// What a cell (or a node of a graph) holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Cell {
    /// A free cell.
    Empty,
    /// A cell that cannot be used any more (covered by a domino, burnt by
    /// an arrow, off the board).
    Blocked,
    /// A piece: its owner and a short name a person can read (`stone`,
    /// `amazon`, `toad`, `frog`, `cherry`, `pin`, `domino`, `paint`);
    /// `glyph` is the character the text form prints.
    Piece {
        /// Whose piece it is.
        owner: Owner,
        /// What it is.
        name: &'static str,
        /// One character for text pictures.
        glyph: char,
    },
    /// A free cell that only one player may use (a tint of Col and Snort:
    /// reserved for that player, not yet painted).
    Tint {
        /// For whom.
        owner: Owner,
    },
}

impl Cell {
    /// A piece.
    pub const fn piece(owner: Owner, name: &'static str, glyph: char) -> Cell {
        Cell::Piece { owner, name, glyph }
    }

    /// The character the text form prints: `.` empty, `#` blocked, the
    /// piece's glyph, and `l`, `r`, `n` for a tint of Left, Right, either.
    pub fn glyph(&self) -> char {
        match *self {
            Cell::Empty => '.',
            Cell::Blocked => '#',
            Cell::Piece { glyph, .. } => glyph,
            Cell::Tint { owner: Owner::Left } => 'l',
            Cell::Tint {
                owner: Owner::Right,
            } => 'r',
            Cell::Tint {
                owner: Owner::Neutral,
            } => 'n',
        }
    }
}

/// A game's table from the bytes of its positions to cells, such as
/// `[(b'.', Cell::Empty), (b'x', stone of Left)]`.
pub type CellTable = [(u8, Cell)];

/// The cell `byte` stands for in `table`; [`Cell::Blocked`] for a byte the
/// table does not name.
pub fn cell_of(table: &CellTable, byte: u8) -> Cell {
    table
        .iter()
        .find(|(b, _)| *b == byte)
        .map_or(Cell::Blocked, |&(_, cell)| cell)
}

/// A rectangle of cells, row by row from the top.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Grid {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub columns: usize,
    /// `rows × columns` cells in reading order.
    pub cells: Vec<Cell>,
}

impl Grid {
    /// A `rows × columns` grid of `cell`s.
    pub fn filled(rows: usize, columns: usize, cell: Cell) -> Grid {
        Grid {
            rows,
            columns,
            cells: vec![cell; rows * columns],
        }
    }

    /// The grid of rows of bytes (of one length) read through `table`.
    pub fn from_rows<'a>(rows: impl IntoIterator<Item = &'a [u8]>, table: &CellTable) -> Grid {
        let mut grid = Grid::filled(0, 0, Cell::Empty);
        for row in rows {
            grid.rows += 1;
            grid.columns = row.len();
            grid.cells.extend(row.iter().map(|&b| cell_of(table, b)));
        }
        grid
    }

    /// The cell at `(row, column)`.
    pub fn cell(&self, row: usize, column: usize) -> Cell {
        self.cells[row * self.columns + column]
    }
}

/// A node of a graph picture; coordinates are optional hints in a grid of
/// unit steps (`y` grows upwards; ground nodes at `y = 0`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Node {
    /// A short label (may be empty). Labels that are not empty name the
    /// same vertex from one position to the next.
    pub label: String,
    /// Where to draw it, when the game knows (Hackenbush stalks).
    pub at: Option<(i32, i32)>,
    /// What it holds: [`Cell::Empty`], a piece (a painted vertex), a tint.
    pub cell: Cell,
    /// Whether it is on the ground (Hackenbush).
    pub ground: bool,
    /// Whether it is marked (the current vertex of a game graph).
    pub marked: bool,
}

impl Node {
    /// An empty, unmarked node with a label.
    pub fn labelled(label: impl Into<String>) -> Node {
        Node {
            label: label.into(),
            at: None,
            cell: Cell::Empty,
            ground: false,
            marked: false,
        }
    }

    /// A node of the ground at `at`.
    pub fn ground_at(at: (i32, i32)) -> Node {
        Node {
            at: Some(at),
            ground: true,
            ..Node::labelled("")
        }
    }

    /// The node drawn at `at`.
    pub fn at(self, at: (i32, i32)) -> Node {
        Node {
            at: Some(at),
            ..self
        }
    }
}

/// An edge of a graph picture (an arc when the graph is directed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Edge {
    /// One end (index into the nodes).
    pub from: usize,
    /// The other end (may equal `from`: a loop).
    pub to: usize,
    /// Its colour: a Hackenbush edge's owner; `None` for a plain edge.
    pub owner: Option<Owner>,
}

/// A position in one of the shared shapes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "shape", rename_all = "snake_case"))]
pub enum Picture {
    /// A rectangle of cells (a board).
    Grid(Grid),
    /// Several rectangles side by side (a sum of boards, cakes).
    Grids {
        /// The rectangles, left to right.
        grids: Vec<Grid>,
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
    /// A binary shift register: its bits in the order the game prints
    /// them, the newest first; a move shifts them one place on and puts a
    /// new bit in front.
    Register {
        /// `0`/`1` characters.
        bits: String,
    },
    /// A position best shown as text (a game expression, or a position
    /// too large to draw).
    Text {
        /// The text.
        text: String,
    },
}

/// A spot of a picture: a cell (index in reading order over the grid, or
/// over the grids or strips one after another), a heap, an edge, a node or
/// a bit. Front ends write it `KIND:INDEX` (`cell:3`).
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

impl Spot {
    /// The kind as front ends write it: `cell`, `heap`, `edge`, `node`,
    /// `bit`.
    pub fn kind(self) -> &'static str {
        match self {
            Spot::Cell(_) => "cell",
            Spot::Heap(_) => "heap",
            Spot::Edge(_) => "edge",
            Spot::Node(_) => "node",
            Spot::Bit(_) => "bit",
        }
    }

    /// The index within its kind.
    pub fn index(self) -> usize {
        match self {
            Spot::Cell(i) | Spot::Heap(i) | Spot::Edge(i) | Spot::Node(i) | Spot::Bit(i) => i,
        }
    }
}

impl std::fmt::Display for Spot {
    /// `KIND:INDEX`, as the SVG's `data-spot` attributes write it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.kind(), self.index())
    }
}

impl Picture {
    /// Heaps of the given sizes.
    pub fn heaps<T: ToString>(sizes: &[T]) -> Picture {
        Picture::Heaps {
            heaps: sizes.iter().map(ToString::to_string).collect(),
        }
    }

    /// Strips of bytes read through `table`.
    pub fn strips<'a>(rows: impl IntoIterator<Item = &'a [u8]>, table: &CellTable) -> Picture {
        Picture::Strips {
            strips: rows
                .into_iter()
                .map(|row| row.iter().map(|&b| cell_of(table, b)).collect())
                .collect(),
        }
    }

    /// The position's text, for positions too large to draw.
    pub fn text(text: impl ToString) -> Picture {
        Picture::Text {
            text: text.to_string(),
        }
    }

    /// How many spots the picture has (cells, heaps, nodes and edges,
    /// bits; none for text).
    pub fn spot_count(&self) -> usize {
        match self {
            Picture::Grid(g) => g.cells.len(),
            Picture::Grids { grids } => grids.iter().map(|g| g.cells.len()).sum(),
            Picture::Strips { strips } => strips.iter().map(Vec::len).sum(),
            Picture::Heaps { heaps } => heaps.len(),
            Picture::Graph { nodes, edges, .. } => nodes.len() + edges.len(),
            Picture::Register { bits } => bits.len(),
            Picture::Text { .. } => 0,
        }
    }

    /// Every spot, in the order of [`Spot`] (cells, heaps, edges, nodes,
    /// bits), each kind numbered from 0.
    pub fn spots(&self) -> Vec<Spot> {
        let numbered = |n: usize, spot: fn(usize) -> Spot| (0..n).map(spot).collect();
        match self {
            Picture::Graph { nodes, edges, .. } => {
                let mut out: Vec<Spot> = (0..edges.len()).map(Spot::Edge).collect();
                out.extend((0..nodes.len()).map(Spot::Node));
                out
            }
            Picture::Heaps { heaps } => numbered(heaps.len(), Spot::Heap),
            Picture::Register { bits } => numbered(bits.len(), Spot::Bit),
            other => numbered(other.spot_count(), Spot::Cell),
        }
    }

    /// This picture, or the text `fallback` when it has more than
    /// [`MAX_SPOTS`] spots.
    pub fn bounded(self, fallback: impl FnOnce() -> String) -> Picture {
        if self.spot_count() > MAX_SPOTS {
            Picture::text(fallback())
        } else {
            self
        }
    }

    /// The spots of `self` in which `after` differs, sorted; `None` when
    /// the shapes differ (or for text), so that no comparison means
    /// anything.
    ///
    /// Pictures of the same size are compared place by place (graphs by
    /// their edges, an edge of `self` missing from `after` counting as
    /// changed, and by their nodes). Otherwise the parts (heaps, strips,
    /// grids, the connected parts of a graph) are aligned: equal parts at
    /// both ends and equal parts in between are matched, the others paired
    /// by fewest differences, and within a pair of strips of different
    /// lengths the cells left over at the changed end are named; a part
    /// of `self` with no partner (a heap taken away, a row emptied) has
    /// all its spots changed, and a grid cut in two names the row or
    /// column just after the cut. Graphs whose nodes have labels are
    /// compared by label. A register that shifted names its new bit.
    pub fn changes(&self, after: &Picture) -> Option<Vec<Spot>> {
        let mut spots = changes::between(self, after)?;
        spots.sort_unstable();
        spots.dedup();
        Some(spots)
    }
}

#[cfg(test)]
mod tests;
