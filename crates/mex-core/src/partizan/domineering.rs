//! Domineering: Left places vertical dominoes, Right horizontal ones, on
//! free squares of a grid; who cannot place loses. A position is a set of
//! free cells; independent regions (4-connected components) are summed, and
//! a region is keyed by the least of its four orientation-preserving
//! symmetries (mirror left–right, top–bottom, and both).

use super::ruleset::PartizanRuleset;
use crate::error::quote;
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

/// A grid of at most 64 columns: one bit mask of free cells per row.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    width: u32,
    rows: Vec<u64>,
}

/// Largest grid (cells of its bounding rectangle) for the exhaustive
/// evaluation, set by measured memory: 5×6 takes 46 s and 0.6 GB (one
/// core, release build), while 6×6 exceeds the 2 GiB budget of
/// [`super::store::DEFAULT_BUDGET`] after minutes of search.
pub const MAX_CELLS: u32 = 30;

impl Grid {
    /// A full `height × width` rectangle.
    pub fn rectangle(height: u32, width: u32) -> Result<Self, MexError> {
        Self::check(height.into(), width.into())?;
        let full = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        Ok(Grid {
            width,
            rows: vec![full; height as usize],
        })
    }

    /// Refuses empty grids and grids of more than [`MAX_CELLS`] cells. The
    /// product is taken in wide arithmetic, so no size can wrap around.
    fn check(height: u128, width: u128) -> Result<(), MexError> {
        let size = format!("{height}x{width}");
        let accepted = format!("H x W with 1 ≤ H·W ≤ {MAX_CELLS} cells (exhaustive search)");
        if height == 0 || width == 0 {
            return Err(MexError::too_small("grid size", size, "1x1", accepted));
        }
        match height.checked_mul(width) {
            Some(cells) if cells <= MAX_CELLS.into() => Ok(()),
            _ => Err(MexError::above_limit(
                "grid size",
                size,
                format!("{MAX_CELLS} cells (exhaustive search)"),
                "choose a smaller grid",
            )),
        }
    }

    /// Parses `4x5`, or rows of `.` (free) and `#` (taken) separated by `/`,
    /// `|` (as cgt-tools writes them) or newlines, e.g. `..#/.../...`.
    pub fn parse(text: &str) -> Result<Self, MexError> {
        let accepted =
            "HxW such as 4x4, or rows of . and # separated by / or | such as ..#/.../...";
        let t = text.trim();
        if let Some((h, w)) = t.split_once(['x', 'X']) {
            let side = |s: &str| parse_side(s.trim(), t, accepted);
            let (h, w) = (side(h)?, side(w)?);
            Self::check(h, w)?;
            return Self::rectangle(h as u32, w as u32);
        }
        let lines: Vec<&str> = t
            .split(['/', '|', '\n'])
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        Self::check(lines.len() as u128, width as u128)?;
        let mut rows = Vec::new();
        for line in &lines {
            let mut mask = 0u64;
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => mask |= 1 << c,
                    '#' => {}
                    _ => {
                        return Err(MexError::invalid(
                            format!("{} in the grid", quote(ch.encode_utf8(&mut [0; 4]))),
                            accepted,
                        ))
                    }
                }
            }
            rows.push(mask);
        }
        Ok(Grid {
            width: width as u32,
            rows,
        })
    }

    fn free(&self, r: usize, c: u32) -> bool {
        self.rows
            .get(r)
            .is_some_and(|&m| c < self.width && m >> c & 1 == 1)
    }

    /// Removes empty border rows and columns.
    fn trimmed(&self) -> Grid {
        let rows: Vec<u64> = {
            let first = self.rows.iter().position(|&m| m != 0);
            let last = self.rows.iter().rposition(|&m| m != 0);
            match (first, last) {
                (Some(f), Some(l)) => self.rows[f..=l].to_vec(),
                _ => {
                    return Grid {
                        width: 0,
                        rows: vec![],
                    }
                }
            }
        };
        let all = rows.iter().fold(0u64, |a, &m| a | m);
        let shift = all.trailing_zeros();
        let width = 64 - (all >> shift).leading_zeros();
        Grid {
            width,
            rows: rows.iter().map(|&m| m >> shift).collect(),
        }
    }

    fn mirrored_columns(&self) -> Grid {
        let rows = self
            .rows
            .iter()
            .map(|&m| m.reverse_bits() >> (64 - self.width))
            .collect();
        Grid {
            width: self.width,
            rows,
        }
    }

    fn mirrored_rows(&self) -> Grid {
        Grid {
            width: self.width,
            rows: self.rows.iter().rev().copied().collect(),
        }
    }

    fn components(&self) -> Vec<Grid> {
        let mut left = self.clone();
        let mut out = Vec::new();
        while let Some(r0) = left.rows.iter().position(|&m| m != 0) {
            let c0 = left.rows[r0].trailing_zeros();
            let mut comp = Grid {
                width: self.width,
                rows: vec![0; self.rows.len()],
            };
            let mut stack = vec![(r0, c0)];
            while let Some((r, c)) = stack.pop() {
                if !left.free(r, c) {
                    continue;
                }
                left.rows[r] &= !(1 << c);
                comp.rows[r] |= 1 << c;
                if r > 0 {
                    stack.push((r - 1, c));
                }
                stack.push((r + 1, c));
                if c > 0 {
                    stack.push((r, c - 1));
                }
                stack.push((r, c + 1));
            }
            out.push(comp);
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

impl PartizanRuleset for Domineering {
    type Position = Grid;

    fn left_options(&self, g: &Grid, out: &mut Vec<Grid>) {
        for r in 0..g.rows.len().saturating_sub(1) {
            let mut both = g.rows[r] & g.rows[r + 1];
            while both != 0 {
                let bit = both & both.wrapping_neg();
                both ^= bit;
                let mut next = g.clone();
                next.rows[r] ^= bit;
                next.rows[r + 1] ^= bit;
                out.push(next);
            }
        }
    }

    fn right_options(&self, g: &Grid, out: &mut Vec<Grid>) {
        for r in 0..g.rows.len() {
            let mut pairs = g.rows[r] & (g.rows[r] >> 1);
            while pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                pairs ^= bit;
                let mut next = g.clone();
                next.rows[r] ^= bit | (bit << 1);
                out.push(next);
            }
        }
    }

    fn decompose(&self, g: &Grid) -> Option<Vec<Grid>> {
        if !self.decomposition {
            return None;
        }
        let parts = g.components();
        (parts.len() > 1).then_some(parts)
    }

    fn canonical(&self, g: &Grid) -> Grid {
        if !self.symmetry {
            return g.clone();
        }
        let t = g.trimmed();
        if t.rows.is_empty() {
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
        let rows: Vec<String> = (0..self.rows.len())
            .map(|r| {
                (0..self.width)
                    .map(|c| if self.free(r, c) { '.' } else { '#' })
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
        for r in 0..self.rows.len() {
            for c in 0..self.width {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if self.free(r, c) && self.free(r2, c2) {
                    let mut next = self.clone();
                    next.rows[r] &= !(1 << c);
                    next.rows[r2] &= !(1 << c2);
                    out.push(((r, c), next));
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
            ("2x2", "{1 | -1}"),
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
        // 6x6 used to be accepted, then aborted after minutes at 2.4 GB.
        for bad in [
            "0x3",
            "7x7",
            "6x6",
            "ab",
            "..x/...",
            "....../....../....../....../....../......",
        ] {
            assert!(Grid::parse(bad).is_err(), "{bad}");
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
        assert!(Grid::parse("5x6").is_ok() && Grid::parse("1x30").is_ok());
        assert!(matches!(
            Grid::parse("6x6"),
            Err(MexError::AboveLimit { .. })
        ));
    }
}
