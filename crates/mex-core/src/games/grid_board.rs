//! Rectangular boards of cells for the grid games (Clobber, Konane,
//! Amazons, Cram): parsing and printing in the notation of CGSuite and
//! cgt-tools (rows separated by `/`, `|` or newlines, such as `xo./ox.`),
//! `HxW` where a game gives such boards a meaning, cell names, connected
//! components, and the eight symmetries of the square (the dihedral group
//! D4: the identity, three rotations, two mirrors and two transpositions).

use super::picture::{Cell, CellTable, Grid, Owner, Picture};
use crate::error::{quote, size_not_understood};
use crate::MexError;
use std::fmt;

/// The cells of boards of stones (Clobber, Konane): `x` a stone of
/// Left's, `o` one of Right's, `.` an empty cell.
pub const STONES: [(u8, Cell); 3] = [
    (b'x', Cell::piece(Owner::Left, "stone", 'x')),
    (b'o', Cell::piece(Owner::Right, "stone", 'o')),
    (b'.', Cell::Empty),
];

/// Most cells of a parsed board (the games' own limits are smaller; this one
/// bounds the memory of parsing whatever is typed).
pub const MAX_BOARD_CELLS: usize = 4096;

/// What a game accepts: the cell characters, and what `HxW` means.
pub struct Alphabet {
    /// Every character a cell may hold (ASCII).
    pub cells: &'static [u8],
    /// The content of cell `(row, column)` of an `HxW` board, if `HxW` is
    /// accepted.
    pub sized: Option<fn(usize, usize) -> u8>,
    /// The accepted syntax, for error messages.
    pub accepted: &'static str,
    /// Most cells of a board of the game (at most [`MAX_BOARD_CELLS`]), the
    /// limit a refusal of a larger board names.
    pub max_cells: usize,
}

/// A rectangular board of cells, row by row from the top.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    height: usize,
    width: usize,
    cells: Vec<u8>,
}

/// A rectangle of cells: rows `r0..=r1`, columns `c0..=c1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub r0: usize,
    pub c0: usize,
    pub r1: usize,
    pub c1: usize,
}

impl Rect {
    /// The smallest rectangle holding `cells` (none when empty).
    pub fn around(cells: &[(usize, usize)]) -> Option<Rect> {
        let (&(r, c), rest) = cells.split_first()?;
        Some(rest.iter().fold(
            Rect {
                r0: r,
                c0: c,
                r1: r,
                c1: c,
            },
            |b, &(r, c)| Rect {
                r0: b.r0.min(r),
                c0: b.c0.min(c),
                r1: b.r1.max(r),
                c1: b.c1.max(c),
            },
        ))
    }

    /// The rectangle grown by `by` cells on each side, clipped to a board.
    pub fn grown(self, by: usize, board: &Board) -> Rect {
        Rect {
            r0: self.r0.saturating_sub(by),
            c0: self.c0.saturating_sub(by),
            r1: self.r1.saturating_add(by).min(board.height - 1),
            c1: self.c1.saturating_add(by).min(board.width - 1),
        }
    }

    /// The smallest rectangle holding both.
    pub fn union(self, o: Rect) -> Rect {
        Rect {
            r0: self.r0.min(o.r0),
            c0: self.c0.min(o.c0),
            r1: self.r1.max(o.r1),
            c1: self.c1.max(o.c1),
        }
    }

    /// Whether a cell of one is a cell of the other or orthogonally
    /// adjacent to one.
    pub fn touches(self, o: Rect) -> bool {
        let overlap = |a0: usize, a1: usize, b0: usize, b1: usize| a0 <= b1 && b0 <= a1;
        let near = |a0: usize, a1: usize, b0: usize, b1: usize| a0 <= b1 + 1 && b0 <= a1 + 1;
        (overlap(self.r0, self.r1, o.r0, o.r1) && near(self.c0, self.c1, o.c0, o.c1))
            || (near(self.r0, self.r1, o.r0, o.r1) && overlap(self.c0, self.c1, o.c0, o.c1))
    }

    /// The number of cells.
    pub fn cells(self) -> usize {
        (self.r1 - self.r0 + 1) * (self.c1 - self.c0 + 1)
    }
}

/// The name of a column: `a`…`z`, then `aa`, `ab`, … (bijective base 26).
fn column_name(mut c: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (c % 26) as u8);
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// A cell's name as a chess player reads it: column letter, then row
/// number from the top (`a1` is the top-left cell), as in Domineering.
pub fn cell_name(r: usize, c: usize) -> String {
    format!("{}{}", column_name(c), r + 1)
}

/// The four orthogonal directions, as (row, column) steps.
pub const ORTHOGONAL: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
/// The eight queen directions.
pub const QUEEN: [(isize, isize); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

impl Board {
    /// A `height × width` board of `cell`s (at least one cell).
    pub fn filled(height: usize, width: usize, cell: u8) -> Board {
        Board {
            height,
            width,
            cells: vec![cell; height * width],
        }
    }

    /// Parses `text` over `alphabet`; refuses a size typed otherwise than
    /// `HxW` ([`size_not_understood`](crate::error::size_not_understood)), boards of more than the
    /// alphabet's `max_cells` cells, and rows of different lengths (an
    /// empty row, as between two separators, included).
    pub fn parse(text: &str, alphabet: &Alphabet) -> Result<Board, MexError> {
        let t = text.trim();
        if let Some(board) = Self::parse_size(t, alphabet)? {
            return Ok(board);
        }
        if !alphabet.cells.iter().any(u8::is_ascii_digit) {
            if let Some(e) = size_not_understood(t, alphabet.accepted) {
                return Err(e);
            }
        }
        let rows: Vec<&str> = t.split(['/', '|', '\n']).map(str::trim).collect();
        let width = rows.first().map_or(0, |r| r.len());
        if rows.len() == 1 && width == 0 {
            return Err(MexError::invalid("no row is given", alphabet.accepted));
        }
        if rows.len().saturating_mul(width) > alphabet.max_cells.min(MAX_BOARD_CELLS) {
            return Err(too_big(rows.len(), width, alphabet));
        }
        let mut cells = Vec::with_capacity(rows.len() * width);
        for row in &rows {
            if let Some(ch) = row
                .chars()
                .find(|ch| !ch.is_ascii() || !alphabet.cells.contains(&(*ch as u32 as u8)))
            {
                let what = format!("{} in {} is not a cell", quote(&ch.to_string()), quote(row));
                return Err(MexError::invalid(what, alphabet.accepted));
            }
            if row.len() != width || width == 0 {
                let what = format!(
                    "the rows of {} have different widths (every row must have the same \
                     width, at least one cell)",
                    quote(t)
                );
                return Err(MexError::invalid(what, alphabet.accepted));
            }
            cells.extend_from_slice(row.as_bytes());
        }
        Ok(Board {
            height: rows.len(),
            width,
            cells,
        })
    }

    /// `HxW` (digits on both sides), when the alphabet accepts it.
    fn parse_size(t: &str, alphabet: &Alphabet) -> Result<Option<Board>, MexError> {
        let Some((h, w)) = t.split_once(['x', 'X']) else {
            return Ok(None);
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let (h, w) = (h.trim(), w.trim());
        if !digits(h) || !digits(w) {
            return Ok(None);
        }
        let Some(fill) = alphabet.sized else {
            let what = format!("{} is a size, not a board", quote(t));
            return Err(MexError::invalid(what, alphabet.accepted));
        };
        let side = |s: &str| s.parse::<usize>().unwrap_or(usize::MAX);
        let (height, width) = (side(h), side(w));
        if height == 0 || width == 0 {
            return Err(MexError::too_small(
                "board size",
                t,
                "1x1",
                alphabet.accepted,
            ));
        }
        if height.saturating_mul(width) > alphabet.max_cells.min(MAX_BOARD_CELLS) {
            // The sides as typed: a side past usize is not saturated.
            return Err(too_big(h, w, alphabet));
        }
        let mut board = Board::filled(height, width, b'.');
        for r in 0..height {
            for c in 0..width {
                board.set(r, c, fill(r, c));
            }
        }
        Ok(Some(board))
    }

    /// Refuses listing the moves of a board of more than `max_cells` cells
    /// (the value may still be asked for).
    pub fn check_listing(&self, max_cells: usize) -> Result<(), MexError> {
        let cells = self.height() * self.width();
        if cells > max_cells {
            return Err(MexError::too_large(
                format!("listing the moves of a board of {cells} cells"),
                format!("{max_cells} cells"),
                "ask for the value only",
            ));
        }
        Ok(())
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The cell at `(r, c)` (inside the board).
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.width + c]
    }

    /// Sets the cell at `(r, c)`.
    pub fn set(&mut self, r: usize, c: usize, cell: u8) {
        self.cells[r * self.width + c] = cell;
    }

    /// The cell one step `d` away from `(r, c)`, if on the board.
    pub fn step(&self, (r, c): (usize, usize), d: (isize, isize)) -> Option<(usize, usize)> {
        let r = r.checked_add_signed(d.0).filter(|&r| r < self.height)?;
        let c = c.checked_add_signed(d.1).filter(|&c| c < self.width)?;
        Some((r, c))
    }

    /// Every cell holding `cell`, row by row.
    pub fn find(&self, cell: u8) -> Vec<(usize, usize)> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == cell)
            .map(|i| (i / self.width, i % self.width))
            .collect()
    }

    /// How many cells hold `cell`.
    pub fn count(&self, cell: u8) -> usize {
        self.cells.iter().filter(|&&x| x == cell).count()
    }

    /// The board as a grid picture, each cell's byte read through the
    /// game's `table` (bytes it does not name are blocked): all a grid
    /// game writes for its picture.
    pub fn to_picture(&self, table: &CellTable) -> Picture {
        Picture::Grid(Grid::from_rows(self.cells.chunks(self.width.max(1)), table))
    }

    /// The rows one per line.
    pub fn picture(&self) -> String {
        self.rows().join("\n")
    }

    fn rows(&self) -> Vec<&str> {
        self.cells
            .chunks(self.width.max(1))
            .map(|row| std::str::from_utf8(row).unwrap_or("?"))
            .collect()
    }

    /// The connected sets of cells for which `member` holds, each sorted;
    /// neighbours are orthogonal, and also diagonal when `diagonal`.
    pub fn components(
        &self,
        member: impl Fn(u8) -> bool,
        diagonal: bool,
    ) -> Vec<Vec<(usize, usize)>> {
        let directions: &[(isize, isize)] = if diagonal { &QUEEN } else { &ORTHOGONAL };
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || !member(self.cells[start]) {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![(start / self.width, start % self.width)];
            let mut part = Vec::new();
            while let Some(at) = stack.pop() {
                part.push(at);
                for &d in directions {
                    if let Some((r, c)) = self.step(at, d) {
                        let i = r * self.width + c;
                        if !seen[i] && member(self.cells[i]) {
                            seen[i] = true;
                            stack.push((r, c));
                        }
                    }
                }
            }
            part.sort_unstable();
            out.push(part);
        }
        out
    }

    /// The cells of `rect` as a board of their own.
    pub fn crop(&self, rect: Rect) -> Board {
        let width = rect.c1 - rect.c0 + 1;
        let mut cells = Vec::with_capacity(rect.cells());
        for r in rect.r0..=rect.r1 {
            cells.extend_from_slice(&self.cells[r * self.width + rect.c0..][..width]);
        }
        Board {
            height: rect.r1 - rect.r0 + 1,
            width,
            cells,
        }
    }

    /// The smallest board holding `cells` as they are here, every other
    /// cell `blank`.
    pub fn extract(&self, cells: &[(usize, usize)], blank: u8) -> Option<Board> {
        let rect = Rect::around(cells)?;
        let mut out = Board::filled(rect.r1 - rect.r0 + 1, rect.c1 - rect.c0 + 1, blank);
        for &(r, c) in cells {
            out.set(r - rect.r0, c - rect.c0, self.get(r, c));
        }
        Some(out)
    }

    /// The image under symmetry `k` (0..8) of the square's group: bit 2
    /// transposes, bit 0 mirrors the rows (top to bottom), bit 1 the
    /// columns (left to right), each applied to the source coordinates.
    pub fn image(&self, k: u8) -> Board {
        let transpose = k & 4 != 0;
        let (height, width) = if transpose {
            (self.width, self.height)
        } else {
            (self.height, self.width)
        };
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..height {
            for c in 0..width {
                let (mut sr, mut sc) = if transpose { (c, r) } else { (r, c) };
                if k & 1 != 0 {
                    sr = self.height - 1 - sr;
                }
                if k & 2 != 0 {
                    sc = self.width - 1 - sc;
                }
                cells.push(self.get(sr, sc));
            }
        }
        Board {
            height,
            width,
            cells,
        }
    }

    /// The least of the eight symmetric images (height, width, then cells):
    /// one representative of the board's class under the square's group.
    pub fn least_image(&self) -> Board {
        (1..8)
            .map(|k| self.image(k))
            .fold(self.clone(), |best, b| best.min(b))
    }
}

/// The refusal of a board of `height` × `width` cells (numbers, or sides
/// as typed), naming the game's limit.
fn too_big(height: impl fmt::Display, width: impl fmt::Display, alphabet: &Alphabet) -> MexError {
    MexError::above_limit(
        "board size",
        format!("{height}x{width}"),
        format!("{} cells", alphabet.max_cells.min(MAX_BOARD_CELLS)),
        "use a smaller board",
    )
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("/"))
    }
}

/// `n!/(k!(n−k)!)`, saturating at `u128::MAX`.
pub fn choose(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k)
        .try_fold(1u128, |acc, i| {
            acc.checked_mul((n - i) as u128)
                .map(|v| v / (i as u128 + 1))
        })
        .unwrap_or(u128::MAX)
}

/// `base^exp`, saturating at `u128::MAX`.
pub fn power(base: u128, exp: usize) -> u128 {
    (0..exp).fold(1u128, |acc, _| acc.saturating_mul(base))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_typed_otherwise_than_hxw_is_said_to_be_a_size() {
        for bad in ["3*3", "3 by 3", "3"] {
            let e = Board::parse(bad, &FREE).unwrap_err().to_string();
            assert!(e.starts_with("the size '"), "{bad}: {e}");
            assert!(
                e.contains("was not understood; accepted: HxW"),
                "{bad}: {e}"
            );
        }
    }

    const STONES: Alphabet = Alphabet {
        cells: b"xo.",
        sized: None,
        accepted: "rows of x, o and .",
        max_cells: MAX_BOARD_CELLS,
    };
    const FREE: Alphabet = Alphabet {
        cells: b".#",
        sized: Some(|_, _| b'.'),
        accepted: "HxW or rows of . and #",
        max_cells: 128,
    };

    #[test]
    fn parse_print_and_errors() {
        let b = Board::parse(" xo.|ox.\n", &STONES).unwrap();
        assert_eq!((b.height(), b.width()), (2, 3));
        assert_eq!(b.to_string(), "xo./ox.");
        assert_eq!(b.picture(), "xo.\nox.");
        assert_eq!(Board::parse("xoxo", &STONES).unwrap().to_string(), "xoxo");
        assert_eq!(Board::parse("2x3", &FREE).unwrap().to_string(), ".../...");
        for bad in ["", "/", "xa", "xo/x", "2x3", "é"] {
            assert!(Board::parse(bad, &STONES).is_err(), "{bad}");
        }
        for bad in ["0x3", "99999999999999999999x2", "100x100", "3x"] {
            assert!(Board::parse(bad, &FREE).is_err(), "{bad}");
        }
        // A size too large is quoted as typed, with the game's own limit.
        for (big, limit) in [("99999999999999999999x2", "128"), ("9x15", "128")] {
            let err = Board::parse(big, &FREE).unwrap_err().to_string();
            let said = format!("board size {big} exceeds the limit of {limit} cells");
            assert!(err.contains(&said), "{err}");
        }
        let rows = Board::parse(&["x"; 4097].join("/"), &STONES).unwrap_err();
        assert!(rows.to_string().contains("4097x1"), "{rows}");
        // An empty row is refused, not dropped; rows have one width.
        for ragged in ["xo/", "/xo", "xo//xo", "xo||xo", "xo/x", "xo\n\nox"] {
            let err = Board::parse(ragged, &STONES).unwrap_err().to_string();
            assert!(err.contains("every row must have the same width"), "{err}");
        }
        assert_eq!(cell_name(0, 0), "a1");
        assert_eq!(cell_name(2, 27), "ab3");
    }

    #[test]
    fn eight_distinct_symmetries_and_components() {
        let b = Board::parse("xo./...", &STONES).unwrap();
        let images: std::collections::HashSet<Board> = (0..8).map(|k| b.image(k)).collect();
        assert_eq!(images.len(), 8);
        for k in 0..8 {
            assert_eq!(b.image(k).least_image(), b.least_image());
        }
        let c = Board::parse("x.o/.x./o.x", &STONES).unwrap();
        assert_eq!(c.components(|x| x != b'.', false).len(), 5);
        assert_eq!(c.components(|x| x != b'.', true).len(), 1);
        let part = c.extract(&[(0, 2), (1, 1)], b'.').unwrap();
        assert_eq!(part.to_string(), ".o/x.");
        assert_eq!(choose(10, 3), 120);
        let Picture::Grid(grid) = b.to_picture(&super::STONES) else {
            panic!("not a grid")
        };
        assert_eq!((grid.rows, grid.columns), (2, 3));
        assert_eq!(grid.cell(0, 1), super::STONES[1].1);
        assert_eq!(grid.cell(1, 0), Cell::Empty);
        assert_eq!(power(3, 4), 81);
    }
}
