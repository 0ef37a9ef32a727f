//! Domineering: Left places vertical dominoes, Right horizontal ones, on
//! free squares of a grid; who cannot place loses. A position is a set of
//! free cells; independent regions (4-connected components) are summed, and
//! a region is keyed by the least of its four orientation-preserving
//! symmetries (mirror left–right, top–bottom, and both).

use super::ruleset::PartizanRuleset;
use super::store::{GameId, GameStore};
use crate::error::quote;
use crate::ruleset::Ruleset;
use crate::MexError;

/// One side of `HxW`: a decimal number, any size (sizes beyond `u128` are
/// refused as too large, never wrapped).
fn parse_side(side: &str, text: &str, accepted: &str) -> Result<u128, MexError> {
    if side.is_empty() || !side.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MexError::invalid(
            format!("{} is not a grid size", quote(text)),
            accepted,
        ));
    }
    side.parse().map_err(|_| {
        MexError::above_limit(
            "grid size",
            quote(text),
            format!("{MAX_CELLS} cells (exhaustive search)"),
            "choose a smaller grid",
        )
    })
}

/// A board of at most 64 cells (its bounding rectangle): the free cells as
/// bits of one word in row-major order, bit `r·W + c` for row `r`, column
/// `c`. Positions are `Copy` and take ten bytes (packed to an alignment of
/// two, so that a memo entry with its value id is 16 bytes, not 24); the
/// search allocates nothing per position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed(2))]
pub struct Grid {
    height: u8,
    width: u8,
    free: u64,
}

/// Most cells of a board (its bounding rectangle, free and taken cells),
/// so that a board is one 64-bit word. Whether a board of that size can be
/// searched is for the budgets to decide as the search runs (the store's
/// memory and comparisons, a time limit), not for a bound set beforehand.
pub const MAX_CELLS: u32 = 64;

/// `x << k`, 0 when `k` is 64 or more.
fn shl(x: u64, k: u32) -> u64 {
    x.checked_shl(k).unwrap_or(0)
}

/// `x >> k`, 0 when `k` is 64 or more.
fn shr(x: u64, k: u32) -> u64 {
    x.checked_shr(k).unwrap_or(0)
}

/// The low `n` bits.
fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

impl Grid {
    /// A full `height × width` rectangle.
    pub fn rectangle(height: u32, width: u32) -> Result<Self, MexError> {
        Self::check(height.into(), width.into())?;
        Ok(Grid {
            height: height as u8,
            width: width as u8,
            free: low_bits(height * width),
        })
    }

    /// Refuses empty grids and grids of more than [`MAX_CELLS`] cells. The
    /// product is taken in wide arithmetic, so no size can wrap around.
    fn check(height: u128, width: u128) -> Result<(), MexError> {
        let size = format!("{height}x{width}");
        let accepted = format!("H x W with 1 ≤ H·W ≤ {MAX_CELLS} cells");
        if height == 0 || width == 0 {
            return Err(MexError::too_small("grid size", size, "1x1", accepted));
        }
        match height.checked_mul(width) {
            Some(cells) if cells <= MAX_CELLS.into() => Ok(()),
            _ => Err(MexError::above_limit(
                "grid size",
                size,
                format!("{MAX_CELLS} cells (the board's bounding rectangle)"),
                "choose a smaller grid",
            )),
        }
    }

    /// Parses `4x5`, or rows of `.` (free) and `#` (taken) separated by `/`,
    /// `|` (as cgt-tools writes them) or newlines, e.g. `..#/.../...`;
    /// every row has the same width, at least one cell (as for the other
    /// grid games: an empty row, as in `../`, is refused, not dropped).
    pub fn parse(text: &str) -> Result<Self, MexError> {
        let accepted =
            "HxW such as 4x4, or rows of . and # separated by / or | such as ..#/.../...";
        let t = text.trim();
        if t.chars().all(|c| c == '/' || c == '|' || c.is_whitespace()) {
            return Err(MexError::invalid("the grid is empty", accepted));
        }
        if let Some((h, w)) = t.split_once(['x', 'X']) {
            let side = |s: &str| parse_side(s.trim(), t, accepted);
            let (h, w) = (side(h)?, side(w)?);
            Self::check(h, w)?;
            return Self::rectangle(h as u32, w as u32);
        }
        if let Some(e) = crate::error::size_not_understood(t, accepted) {
            return Err(e);
        }
        let lines: Vec<&str> = t.split(['/', '|', '\n']).map(str::trim).collect();
        let width = lines[0].chars().count();
        if lines
            .iter()
            .any(|l| l.chars().count() != width || width == 0)
        {
            let what = format!(
                "the rows of {} have different widths (every row must have the same width, at \
                 least one cell)",
                quote(t)
            );
            return Err(MexError::invalid(what, accepted));
        }
        Self::check(lines.len() as u128, width as u128)?;
        let mut grid = Grid {
            height: lines.len() as u8,
            width: width as u8,
            free: 0,
        };
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => grid.free |= grid.bit(r as u32, c as u32),
                    '#' => {}
                    _ => {
                        return Err(MexError::invalid(
                            format!("{} in the grid", quote(ch.encode_utf8(&mut [0; 4]))),
                            accepted,
                        ))
                    }
                }
            }
        }
        Ok(grid)
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height.into()
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width.into()
    }

    /// The grid as ten bytes (height, width, free cells little-endian), as
    /// search checkpoints store it.
    pub(crate) fn to_bytes(self) -> [u8; 10] {
        let mut b = [0u8; 10];
        b[0] = self.height;
        b[1] = self.width;
        b[2..].copy_from_slice(&{ self.free }.to_le_bytes());
        b
    }

    /// [`Grid::to_bytes`] inverted; `None` for bytes no grid of at most
    /// [`MAX_CELLS`] cells gives (free cells outside the rectangle).
    pub(crate) fn from_bytes(b: [u8; 10]) -> Option<Grid> {
        let (height, width) = (b[0], b[1]);
        let cells = u32::from(height) * u32::from(width);
        let free = u64::from_le_bytes(b[2..].try_into().expect("eight bytes"));
        (cells <= MAX_CELLS && free & !low_bits(cells) == 0).then_some(Grid {
            height,
            width,
            free,
        })
    }

    /// Whether cell `(r, c)` (row and column from 0) is free; cells outside
    /// the grid are not.
    pub fn is_free(&self, r: u32, c: u32) -> bool {
        self.free(r as usize, c)
    }

    /// The number of free cells.
    pub fn free_cells(&self) -> u32 {
        self.free.count_ones()
    }

    fn w(&self) -> u32 {
        self.width.into()
    }

    fn bit(&self, r: u32, c: u32) -> u64 {
        1u64 << (r * self.w() + c)
    }

    fn free(&self, r: usize, c: u32) -> bool {
        (r as u32) < self.height() && c < self.w() && self.free & self.bit(r as u32, c) != 0
    }

    /// Bit `r·W` for every row `r`: the first column.
    fn first_column(&self) -> u64 {
        (0..self.height()).fold(0, |m, r| m | self.bit(r, 0))
    }

    /// The free cells of row `r`, as the low `W` bits.
    fn row(&self, r: u32) -> u64 {
        shr(self.free, r * self.w()) & low_bits(self.w())
    }

    /// A grid of the same shape with these free cells.
    fn with_free(&self, free: u64) -> Grid {
        Grid { free, ..*self }
    }

    /// Builds a `height × width` grid from its rows (low `width` bits each).
    fn from_rows(width: u32, rows: impl Iterator<Item = u64>) -> Grid {
        let mut grid = Grid {
            height: 0,
            width: width as u8,
            free: 0,
        };
        for row in rows {
            grid.free |= shl(row, grid.height() * width);
            grid.height += 1;
        }
        grid
    }

    /// Every free cell orthogonally next to a cell of `set`.
    fn neighbours(&self, set: u64) -> u64 {
        let first = self.first_column();
        let last = shl(first, self.w() - 1);
        (shl(set & !last, 1) | shr(set & !first, 1) | shl(set, self.w()) | shr(set, self.w()))
            & self.free
    }

    /// Removes empty border rows and columns (without allocating: this is
    /// on the search's hot path, once per position).
    fn trimmed(&self) -> Grid {
        let rows = (0..self.height()).map(|r| self.row(r));
        let (Some(first), Some(last)) = (
            rows.clone().position(|m| m != 0),
            rows.clone().rposition(|m| m != 0),
        ) else {
            return Grid {
                height: 0,
                width: 0,
                free: 0,
            };
        };
        let all = rows.fold(0u64, |a, m| a | m);
        let shift = all.trailing_zeros();
        let width = 64 - (all >> shift).leading_zeros();
        let kept = first as u32..=last as u32;
        Grid::from_rows(width, kept.map(|r| self.row(r) >> shift))
    }

    /// The least (by [`Ord`]) of the four images of the board that keep
    /// each player's orientation (itself, its columns mirrored, its rows
    /// mirrored, both), untrimmed: the same shape, so positions of one
    /// board stay comparable.
    pub fn least_image(&self) -> Grid {
        let a = self.mirrored_columns();
        [*self, a, self.mirrored_rows(), a.mirrored_rows()]
            .into_iter()
            .min()
            .expect("four images")
    }

    fn mirrored_columns(&self) -> Grid {
        let w = self.w();
        Grid::from_rows(
            w,
            (0..self.height()).map(|r| self.row(r).reverse_bits() >> (64 - w)),
        )
    }

    fn mirrored_rows(&self) -> Grid {
        Grid::from_rows(self.w(), (0..self.height()).rev().map(|r| self.row(r)))
    }

    /// The board reflected in its main diagonal (rows become columns).
    pub fn transposed(&self) -> Grid {
        let mut t = Grid {
            height: self.width,
            width: self.height,
            free: 0,
        };
        for r in 0..self.height() {
            for c in 0..self.w() {
                if self.free & self.bit(r, c) != 0 {
                    t.free |= t.bit(c, r);
                }
            }
        }
        t
    }

    /// The value of a one-row or one-column strip of free cells: Right
    /// (horizontal) places ⌊n/2⌋ dominoes on a row of `n` and Left none, so
    /// the row is the integer −⌊n/2⌋; a column is +⌊n/2⌋ (Winning Ways
    /// ch. 5). `None` for other boards.
    pub fn strip_value(&self) -> Option<i64> {
        let t = self.trimmed();
        let n = i64::from(t.free.count_ones());
        let full = t.free == low_bits(t.height() * t.w());
        match (t.height, t.width) {
            (1, _) if full => Some(-(n / 2)),
            (_, 1) if full => Some(n / 2),
            _ => None,
        }
    }

    /// The 4-connected regions of free cells, each on the whole board.
    fn components(&self) -> Vec<Grid> {
        let mut left = self.free;
        let mut out = Vec::new();
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            loop {
                let grown = region | self.neighbours(region);
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            out.push(self.with_free(region));
        }
        out
    }
}

/// Domineering as a partizan ruleset; `symmetry` and `decomposition` can be
/// switched off (the slow twin in the tests has neither).
#[derive(Debug, Clone, Copy)]
pub struct Domineering {
    /// Split into regions.
    pub decomposition: bool,
    /// Key positions by their least symmetric image.
    pub symmetry: bool,
}

impl Default for Domineering {
    fn default() -> Self {
        Domineering {
            decomposition: true,
            symmetry: true,
        }
    }
}

impl Ruleset for Domineering {
    type Position = Grid;
}

impl PartizanRuleset for Domineering {
    fn left_options(&self, g: &Grid, out: &mut Vec<Grid>) {
        let mut tops = g.free & shr(g.free, g.w());
        while tops != 0 {
            let bit = tops & tops.wrapping_neg();
            tops ^= bit;
            out.push(g.with_free(g.free ^ bit ^ (bit << g.w())));
        }
    }

    fn right_options(&self, g: &Grid, out: &mut Vec<Grid>) {
        if g.free == 0 {
            return;
        }
        let last = shl(g.first_column(), g.w() - 1);
        let mut lefts = g.free & (g.free >> 1) & !last;
        while lefts != 0 {
            let bit = lefts & lefts.wrapping_neg();
            lefts ^= bit;
            out.push(g.with_free(g.free ^ bit ^ (bit << 1)));
        }
    }

    fn decompose(&self, g: &Grid) -> Option<Vec<Grid>> {
        if !self.decomposition {
            return None;
        }
        let parts = g.components();
        (parts.len() > 1).then_some(parts)
    }

    /// One-row and one-column strips: an integer (see
    /// [`Grid::strip_value`]), when `symmetry` is on (the plain twin
    /// searches them).
    fn known_value(&self, store: &mut GameStore, g: &Grid) -> Result<Option<GameId>, MexError> {
        if !self.symmetry {
            return Ok(None);
        }
        g.strip_value().map(|k| store.try_integer(k)).transpose()
    }

    /// A grid is one word and two bytes: no heap memory.
    fn heap_bytes(&self, _g: &Grid) -> usize {
        0
    }

    fn canonical(&self, g: &Grid) -> Grid {
        if !self.symmetry {
            return *g;
        }
        let t = g.trimmed();
        if t.free == 0 {
            return t;
        }
        let a = t.mirrored_columns();
        let b = t.mirrored_rows();
        let c = a.mirrored_rows();
        [t, a, b, c].into_iter().min().expect("four images")
    }
}

impl std::fmt::Display for Grid {
    /// Rows of `.` (free) and `#` (taken) separated by `/`, as parsed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rows: Vec<String> = (0..self.height())
            .map(|r| {
                (0..self.w())
                    .map(|c| if self.free(r as usize, c) { '.' } else { '#' })
                    .collect()
            })
            .collect();
        f.write_str(&rows.join("/"))
    }
}

impl Grid {
    /// Every placement of a domino with the grid after it: a vertical one
    /// covers `(row, column)` and the cell below, a horizontal one that cell
    /// and the one to its right (0-based).
    pub fn placements(&self, vertical: bool) -> Vec<((usize, u32), Grid)> {
        let mut out = Vec::new();
        for r in 0..self.height() as usize {
            for c in 0..self.w() {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if self.free(r, c) && self.free(r2, c2) {
                    let covered = self.bit(r as u32, c) | self.bit(r2 as u32, c2);
                    out.push(((r, c), self.with_free(self.free & !covered)));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::show;
    use crate::partizan::ruleset::Evaluator;
    use crate::partizan::store::GameStore;

    fn value(
        text: &str,
        rules: Domineering,
        store: &mut GameStore,
    ) -> crate::partizan::store::GameId {
        Evaluator::new(rules, 1 << 22)
            .value(store, &Grid::parse(text).unwrap())
            .unwrap()
    }

    #[test]
    fn small_boards() {
        let mut s = GameStore::new();
        for (board, expected) in [
            ("1x1", "0"),
            ("2x1", "1"),
            ("1x2", "-1"),
            ("2x2", "±1"),
            ("3x1", "1"),
            ("1x4", "-2"),
        ] {
            let g = value(board, Domineering::default(), &mut s);
            assert_eq!(show(&s, g), expected, "{board}");
        }
    }

    /// With decomposition and symmetry the values equal those of the plain
    /// search on whole boards.
    #[test]
    fn decomposition_and_symmetry_preserve_values() {
        let mut s = GameStore::new();
        let plain = Domineering {
            decomposition: false,
            symmetry: false,
        };
        for board in [
            "3x3",
            "2x4",
            "4x2",
            "3x4",
            "..#/.../..#",
            ".#../..../.##.",
            "...#/#.../....",
            "1x9",
            "8x1",
            "..../.#../....",
        ] {
            let fast = value(board, Domineering::default(), &mut s);
            let slow = value(board, plain, &mut s);
            assert_eq!(fast, slow, "{board}");
        }
    }

    /// Transposing a board swaps the players: G(w×h) = −G(h×w).
    #[test]
    fn transpose_negates() {
        let mut s = GameStore::new();
        for (h, w) in [(2, 3), (3, 4), (2, 5), (4, 5), (3, 5), (1, 6)] {
            let a = value(&format!("{h}x{w}"), Domineering::default(), &mut s);
            let b = value(&format!("{w}x{h}"), Domineering::default(), &mut s);
            assert_eq!(s.neg(a), b, "{h}x{w}");
        }
    }

    #[test]
    fn bad_grids() {
        for bad in [
            "0x3",
            "9x8",
            "8x9",
            "ab",
            "..x/...",
            &["."; 65].join("/"),
            "",
        ] {
            assert!(Grid::parse(bad).is_err(), "{bad}");
        }
        // A size typed otherwise than HxW is said to be one, not a bad cell.
        let star = Grid::parse("3*3").unwrap_err().to_string();
        assert!(
            star.starts_with("the size '3*3' was not understood; accepted: HxW"),
            "{star}"
        );
        // A grid of no cells is said to be empty.
        for empty in ["", "/", " | / "] {
            let err = Grid::parse(empty).unwrap_err().to_string();
            assert!(err.starts_with("the grid is empty; accepted: HxW"), "{err}");
        }
        // An empty row is refused, not dropped; rows have one width.
        for ragged in ["../", "/..", "..//..", "..||..", "../.", "#/..", "..\n\n.."] {
            let err = Grid::parse(ragged).unwrap_err().to_string();
            assert!(err.contains("every row must have the same width"), "{err}");
        }
    }

    /// Boards of up to 64 cells of any shape are read and searched; no
    /// bound is set beforehand: the store's budgets stop a search that
    /// outgrows them, with one line naming the budget spent.
    #[test]
    fn budgets_not_a_bound_stop_the_search() {
        for board in ["6x6", "8x8", "4x16", "1x64"] {
            let g = Grid::parse(board).unwrap();
            let mut starved = GameStore::with_limits(1 << 30, 1 << 12);
            let err = Evaluator::new(Domineering::default(), usize::MAX)
                .value(&mut starved, &g)
                .map(|_| ())
                .err();
            if board == "1x64" {
                // A strip's value is known without search.
                assert!(err.is_none(), "{err:?}");
                continue;
            }
            let err = err.expect("stopped by the budget").to_string();
            assert!(err.contains("4096 comparisons"), "{board}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
        let walled = "......../......../......../########/......../......../......../........";
        let g = Grid::parse(walled).unwrap();
        assert_eq!((g.height(), g.width(), g.free_cells()), (8, 8, 56));
        let mut s = GameStore::new();
        let strip = value("1x64", Domineering::default(), &mut s);
        assert_eq!(show(&s, strip), "-32");
        let column = value(&["."; 63].join("|"), Domineering::default(), &mut s);
        assert_eq!(show(&s, column), "31");
    }

    /// Forgetting remembered comparisons (a store whose comparison cache
    /// holds 16 results) changes no value.
    #[test]
    fn a_small_comparison_cache_gives_the_same_values() {
        for board in ["3x4", "4x4", "3x5", "..#./..../....", ".#.../...../....."] {
            let mut big = GameStore::new();
            let mut small = GameStore::with_comparison_cache(16);
            let a = value(board, Domineering::default(), &mut big);
            let b = value(board, Domineering::default(), &mut small);
            assert_eq!(show(&big, a), show(&small, b), "{board}");
        }
    }

    /// Issue 8: sizes whose cell count wrapped around in 32 bits were
    /// accepted (4x1073741825 read as 4 cells, 2147483648x2 as 0 and then
    /// allocated 2^31 rows).
    /// cgt-tools writes rows separated by `|`; both spellings are one grid.
    #[test]
    fn rows_may_be_separated_by_bars() {
        assert_eq!(
            Grid::parse("..#|...").unwrap(),
            Grid::parse("..#/...").unwrap()
        );
        assert_eq!(Grid::parse("..#|...").unwrap().to_string(), "..#/...");
    }

    #[test]
    fn sizes_never_wrap_around() {
        for big in [
            "4x1073741825",
            "65536x65536",
            "2x2147483648",
            "2147483648x2",
            "4294967296x4294967296",
            "1x340282366920938463463374607431768211456",
            "99999999999999999999999999999999999999999x1",
        ] {
            let err = Grid::parse(big).expect_err(big);
            assert!(matches!(err, MexError::AboveLimit { .. }), "{big}: {err}");
        }
        for small in ["0x0", "0x5", "5x0", "0x4294967296"] {
            let err = Grid::parse(small).expect_err(small);
            assert!(matches!(err, MexError::TooSmall { .. }), "{small}: {err}");
            assert!(
                err.to_string().contains(&format!("1 ≤ H·W ≤ {MAX_CELLS}")),
                "{err}"
            );
        }
        assert!(matches!(
            Grid::rectangle(u32::MAX, u32::MAX),
            Err(MexError::AboveLimit { .. })
        ));
        assert!(Grid::parse("8x8").is_ok() && Grid::parse("1x64").is_ok());
        assert!(matches!(
            Grid::parse("5x13"),
            Err(MexError::AboveLimit { .. })
        ));
    }
}
