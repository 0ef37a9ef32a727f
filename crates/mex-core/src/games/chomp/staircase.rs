//! Chomp's positions: staircases (Young diagrams) stored as their
//! boundary path in one `u128` (see [`super`] for the encoding), parsed,
//! printed and played on; below both the game and its dense table.

use crate::error::quote;
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most rows plus columns of a staircase (its boundary, with the sentinel
/// bit, fills a `u128`): 63×64 at most for a rectangle.
pub const MAX_ROWS_PLUS_COLUMNS: usize = 127;

/// A staircase of chocolate squares: its boundary path under a sentinel
/// bit (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Staircase(pub(super) u128);

pub(super) const ACCEPTED: &str = "RxC (rows x columns) such as 4x7, or the row lengths from the \
                        poisoned row down, non-increasing, separated by commas, such as \
                        7,7,5,2; rows + columns at most 127";

/// The lowest `k` bits set.
pub(super) fn low_mask(k: u32) -> u128 {
    if k >= 128 {
        u128::MAX
    } else {
        (1u128 << k) - 1
    }
}

impl Staircase {
    /// The staircase of the row lengths `rows` (from the poisoned row down,
    /// non-increasing, each at least 1), when rows + columns ≤ 127.
    pub fn from_rows(rows: &[usize]) -> Result<Staircase, MexError> {
        check_rows(rows)?;
        let mut body = 0u128;
        let mut at = 0u32;
        for i in (0..rows.len()).rev() {
            let below = if i + 1 < rows.len() { rows[i + 1] } else { 0 };
            at += (rows[i] - below) as u32;
            body |= 1 << at;
            at += 1;
        }
        Ok(Staircase(body | 1 << at))
    }

    /// The `rows × columns` rectangle.
    pub fn rectangle(rows: usize, columns: usize) -> Result<Staircase, MexError> {
        if rows == 0 || columns == 0 {
            return Err(MexError::invalid(
                format!("a {rows}x{columns} board has no poisoned square"),
                ACCEPTED,
            ));
        }
        check_size(rows, columns)?;
        Staircase::from_rows(&vec![columns; rows])
    }

    /// Steps of the boundary: rows + columns.
    pub(super) fn steps(self) -> u32 {
        127 - self.0.leading_zeros()
    }

    /// The boundary without the sentinel.
    pub(super) fn body(self) -> u128 {
        self.0 & low_mask(self.steps())
    }

    /// The boundary without the sentinel: one bit a step from the
    /// bottom-left corner, 1 an up step (see the module's documentation).
    pub(crate) fn boundary(self) -> u128 {
        self.body()
    }

    /// The staircase of a boundary, dropping rows of length 0 (up steps at
    /// the start) and columns of height 0 (right steps at the end).
    pub(super) fn from_body(body: u128) -> Staircase {
        let body = body >> body.trailing_ones();
        let steps = 128 - body.leading_zeros();
        Staircase(body | 1 << steps)
    }

    /// The row lengths, from the poisoned row down.
    pub fn rows(self) -> Vec<usize> {
        let body = self.body();
        let mut rows = Vec::new();
        let mut right = 0;
        for k in 0..self.steps() {
            if body >> k & 1 == 1 {
                rows.push(right);
            } else {
                right += 1;
            }
        }
        rows.reverse();
        rows
    }

    /// Number of rows.
    pub fn height(self) -> usize {
        self.body().count_ones() as usize
    }

    /// Number of columns (the length of the poisoned row).
    pub fn width(self) -> usize {
        self.steps() as usize - self.height()
    }

    /// Number of squares, the poisoned one included.
    pub fn squares(self) -> usize {
        self.rows().iter().sum()
    }

    /// The mirror image in the diagonal through the poisoned square: the
    /// boundary reversed, right and up steps swapped.
    pub fn transposed(self) -> Staircase {
        let n = self.steps();
        let body = (!self.body() & low_mask(n)).reverse_bits() >> (128 - n);
        Staircase(body | 1 << n)
    }

    /// The staircase after eating the square whose column's right step is
    /// step `a` and whose row's up step is step `b > a` of the boundary:
    /// the steps `a..=b` become their up steps, then their right steps.
    pub(super) fn bite(self, a: u32, b: u32) -> Staircase {
        let body = self.body();
        let segment = low_mask(b + 1) & !low_mask(a);
        let ups = (body & segment).count_ones();
        Staircase::from_body((body & !segment) | low_mask(ups) << a)
    }

    /// The step of the boundary under column `j` and the step on the
    /// right of row `i`, for the square `(i, j)` of the board.
    pub(super) fn steps_of(rows: &[usize], i: usize, j: usize) -> (u32, u32) {
        let shorter = rows.iter().filter(|&&l| l <= j).count();
        let a = j + shorter;
        let b = rows[i] + rows.len() - 1 - i;
        (a as u32, b as u32)
    }

    /// The staircase after eating square `(i, j)` (row, column from the
    /// poisoned corner), which must be on the board and not poisoned.
    pub fn eat(self, i: usize, j: usize) -> Staircase {
        let (a, b) = Staircase::steps_of(&self.rows(), i, j);
        self.bite(a, b)
    }

    /// Whether the board is an L: every row after the first of length 1
    /// (a column and a row of squares joined at the poisoned one).
    pub(super) fn l_arms(self) -> Option<(u32, u32)> {
        let n = self.steps();
        let inner = (self.body() >> 1) & low_mask(n.saturating_sub(2));
        let is_l = inner & inner.wrapping_add(1) == 0;
        is_l.then(|| {
            let below = inner.count_ones();
            (below, n - 2 - below)
        })
    }

    /// How many staircases lie below this one (row lengths at most its
    /// own, non-increasing, the empty board included), saturating: the
    /// positions the full solver may meet.
    pub fn staircases_below(self) -> u128 {
        let rows = self.rows();
        // ways[x]: the fillings of the rows below the current one, that
        // row of length x.
        let mut ways = vec![1u128; rows[rows.len() - 1] + 1];
        for &length in rows.iter().rev().skip(1) {
            let mut next = vec![0u128; length + 1];
            let mut sum = 0u128;
            for (x, slot) in next.iter_mut().enumerate() {
                sum = sum.saturating_add(ways.get(x).copied().unwrap_or(0));
                *slot = sum;
            }
            ways = next;
        }
        ways.iter().fold(0u128, |t, &w| t.saturating_add(w))
    }

    /// Whether `self` is a rectangle.
    pub(super) fn rectangle_size(self) -> Option<(usize, usize)> {
        let (h, w) = (self.height(), self.width());
        (self.squares() == h * w).then_some((h, w))
    }
}

pub(super) fn check_size(rows: usize, columns: usize) -> Result<(), MexError> {
    if rows.saturating_add(columns) > MAX_ROWS_PLUS_COLUMNS {
        return Err(MexError::too_large(
            format!(
                "a board of {} and {}",
                crate::error::counted(rows, "row"),
                crate::error::counted(columns, "column")
            ),
            format!("{MAX_ROWS_PLUS_COLUMNS} rows plus columns"),
            "use a smaller board",
        ));
    }
    Ok(())
}

pub(super) fn check_rows(rows: &[usize]) -> Result<(), MexError> {
    let Some(&first) = rows.first() else {
        return Err(MexError::invalid("no row is given", ACCEPTED));
    };
    check_size(rows.len(), first)?;
    if let Some(k) = (1..rows.len()).find(|&k| rows[k] > rows[k - 1]) {
        return Err(MexError::invalid(
            format!("row {} is longer than the row above it", k + 1),
            ACCEPTED,
        ));
    }
    if rows.contains(&0) {
        return Err(MexError::invalid("a row of length 0 is given", ACCEPTED));
    }
    Ok(())
}

pub(super) fn parse_number(word: &str) -> Result<usize, MexError> {
    word.trim().parse().map_err(|_| {
        MexError::invalid(
            format!("{} is not a number of squares", quote(word)),
            ACCEPTED,
        )
    })
}

impl FromStr for Staircase {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let t = s.trim();
        if let Some((r, c)) = t.split_once(['x', 'X']) {
            return Staircase::rectangle(parse_number(r)?, parse_number(c)?);
        }
        let words: Vec<&str> = t
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        if t.contains(',') && t.split(',').any(|w| w.trim().is_empty()) {
            return Err(MexError::invalid(
                format!("{} has an empty row length", quote(t)),
                ACCEPTED,
            ));
        }
        if words.len() > MAX_ROWS_PLUS_COLUMNS {
            return Err(MexError::too_large(
                format!("{} rows", words.len()),
                format!("{MAX_ROWS_PLUS_COLUMNS} rows plus columns"),
                "use a smaller board",
            ));
        }
        let rows = words
            .into_iter()
            .map(parse_number)
            .collect::<Result<Vec<usize>, MexError>>()?;
        Staircase::from_rows(&rows)
    }
}

/// `RxC` for a rectangle, else the row lengths separated by commas.
impl fmt::Display for Staircase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((h, w)) = self.rectangle_size() {
            return write!(f, "{h}x{w}");
        }
        let rows: Vec<String> = self.rows().iter().map(ToString::to_string).collect();
        f.write_str(&rows.join(","))
    }
}
