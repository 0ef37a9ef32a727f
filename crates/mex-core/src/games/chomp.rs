//! Chomp (Gale 1974): a bar of chocolate whose top-left square is
//! poisoned; a move picks a square and eats it together with every square
//! below it and to its right. Here, as in igsolve (Beling and Rogalski
//! 2020, `igsolve chomp`), the game is played in normal play with the
//! poisoned square removed: who cannot move (only the poisoned square is
//! left) loses. Its outcome is that of Gale's Chomp, where the player left
//! with the poisoned square alone must eat it and loses; so every
//! rectangle other than 1×1 is a first-player win (Gale's
//! strategy-stealing argument: if eating the bottom-right square alone
//! lost, the winning answer to it would be a winning first move).
//!
//! Positions are staircases (Young diagrams): row lengths `l0 ≥ l1 ≥ … ≥
//! l(r-1) ≥ 1`, the poisoned square at the top left. A staircase is stored
//! as its boundary, the lattice path from the bottom-left corner to the
//! top-right one, one bit a step (0 right, 1 up, first step in the lowest
//! bit) under a sentinel bit, in one `u128`: rows + columns ≤ 127. The
//! square in row `i`, column `j` is on the board exactly when the right
//! step under column `j` comes before the up step of row `i`, and eating
//! it rewrites the path between those two steps as all its up steps, then
//! all its right steps (a few bit operations, no decoding). The transpose
//! is the reversed path with the steps swapped, the symmetry of the
//! canonical key. The positions below a staircase are the paths below its
//! boundary, at most `C(rows + columns, rows)`.
//!
//! The catalog values a board by the dense table of every staircase
//! inside its bounding box (`chomp_dense`, one or two bytes a staircase)
//! when that fits the memory budget; else by the full Sprague–Grundy
//! solver when the staircases below the board
//! ([`Staircase::staircases_below`]) fit its table; else it refuses at
//! once, in one line naming the memory.
//!
//! An L (every row but the first of length 1) is two Nim heaps joined at
//! the poisoned square: the column below it and the row right of it, of
//! value `(r − 1) ⊕ (l0 − 1)` (Bouton 1901; igsolve uses the same closed
//! form).

use super::chomp_dense::{self, ChompTable};
use super::grid_board::cell_name;
use super::picture::{Cell, Grid, Owner, Picture};
use super::{
    CheckpointedSearch, Family, Game, GameInfo, ImpartialGame, ImpartialRuleset, Move, Ruleset,
};
use crate::error::quote;
use crate::impartial::ruleset::{GrundyTable, OwnTable};
use crate::MexError;
use num_bigint::BigUint;
use std::fmt;
use std::str::FromStr;

/// Most rows plus columns of a staircase (its boundary, with the sentinel
/// bit, fills a `u128`): 63×64 at most for a rectangle.
pub const MAX_ROWS_PLUS_COLUMNS: usize = 127;

/// Bytes a position takes in the full solver's table, as the catalog
/// counts them against the memory budget.
const FULL_SOLVER_BYTES: u128 = 64;

/// Chomp.
#[derive(Debug, Clone, Copy, Default)]
pub struct Chomp;

/// A staircase of chocolate squares: its boundary path under a sentinel
/// bit (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Staircase(u128);

const ACCEPTED: &str = "RxC (rows x columns) such as 4x7, or the row lengths from the \
                        poisoned row down, non-increasing, separated by commas, such as \
                        7,7,5,2; rows + columns at most 127";

/// The lowest `k` bits set.
fn low_mask(k: u32) -> u128 {
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
    fn steps(self) -> u32 {
        127 - self.0.leading_zeros()
    }

    /// The boundary without the sentinel.
    fn body(self) -> u128 {
        self.0 & low_mask(self.steps())
    }

    /// The boundary without the sentinel: one bit a step from the
    /// bottom-left corner, 1 an up step (see the module's documentation).
    pub(crate) fn boundary(self) -> u128 {
        self.body()
    }

    /// The staircase of a boundary, dropping rows of length 0 (up steps at
    /// the start) and columns of height 0 (right steps at the end).
    fn from_body(body: u128) -> Staircase {
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
    fn bite(self, a: u32, b: u32) -> Staircase {
        let body = self.body();
        let segment = low_mask(b + 1) & !low_mask(a);
        let ups = (body & segment).count_ones();
        Staircase::from_body((body & !segment) | low_mask(ups) << a)
    }

    /// The step of the boundary under column `j` and the step on the
    /// right of row `i`, for the square `(i, j)` of the board.
    fn steps_of(rows: &[usize], i: usize, j: usize) -> (u32, u32) {
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
    fn l_arms(self) -> Option<(u32, u32)> {
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
    fn rectangle_size(self) -> Option<(usize, usize)> {
        let (h, w) = (self.height(), self.width());
        (self.squares() == h * w).then_some((h, w))
    }
}

fn check_size(rows: usize, columns: usize) -> Result<(), MexError> {
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

fn check_rows(rows: &[usize]) -> Result<(), MexError> {
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

fn parse_number(word: &str) -> Result<usize, MexError> {
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

const SQUARE: Cell = Cell::piece(Owner::Neutral, "square", 'o');

/// The cell at `(i, j)` of the board's bounding rectangle.
fn cell_at(rows: &[usize], i: usize, j: usize) -> Cell {
    match (i, j) {
        (0, 0) => Cell::Blocked,
        _ if j < rows[i] => SQUARE,
        _ => Cell::Empty,
    }
}

impl Ruleset for Chomp {
    type Position = Staircase;
}

impl Game for Chomp {
    const INFO: GameInfo = GameInfo {
        name: "chomp",
        family: Family::Impartial,
        description: "Chomp: eat a square and every square below and right of it; the \
                      poisoned corner is out of play",
        syntax: "RxC (rows x columns, e.g. 4x7), or the row lengths from the poisoned row \
                 down, non-increasing, e.g. 7,7,5,2",
        example: "3x5",
        rules: "A bar of chocolate whose top-left square is poisoned. A move eats one \
                square other than the poisoned one, with every square below it and to its \
                right. Who cannot move (only the poisoned square is left) loses: normal \
                play without the poisoned square, as in igsolve, and the outcome of \
                Gale's Chomp.",
    };
    /// The board, `#` the poisoned square, `o` a square, `.` eaten.
    fn drawing(&self, p: &Staircase) -> Option<String> {
        let rows = p.rows();
        let lines: Vec<String> = (0..rows.len())
            .map(|i| {
                (0..p.width())
                    .map(|j| cell_at(&rows, i, j).glyph())
                    .collect()
            })
            .collect();
        Some(lines.join("\n"))
    }
    /// The staircase's bounding rectangle: squares, the poisoned corner
    /// blocked, eaten squares empty.
    fn picture(&self, p: &Staircase) -> Picture {
        let rows = p.rows();
        let (h, w) = (rows.len(), p.width());
        let mut grid = Grid::filled(h, w, Cell::Empty);
        for i in 0..h {
            for j in 0..w {
                grid.cells[i * w + j] = cell_at(&rows, i, j);
            }
        }
        Picture::Grid(grid).bounded(|| p.to_string())
    }
}

impl ImpartialGame for Chomp {
    /// Every square but the poisoned one, in reading order, labelled by
    /// its name (`a1` the poisoned corner, columns by letter).
    fn moves(&self, p: &Staircase) -> Vec<Move<Staircase>> {
        let rows = p.rows();
        let mut out = Vec::new();
        for (i, &length) in rows.iter().enumerate() {
            for j in (0..length).filter(|&j| (i, j) != (0, 0)) {
                let (a, b) = Staircase::steps_of(&rows, i, j);
                out.push(Move::new(
                    format!("chomp {}", cell_name(i, j)),
                    p.bite(a, b),
                ));
            }
        }
        out
    }
    /// The positions reachable are the staircases below `p`.
    fn misere_reach_bound(&self, p: &Staircase, _cap: usize) -> Option<BigUint> {
        Some(BigUint::from(p.staircases_below()))
    }
    /// A move eats one of the squares, so no follower has more moves
    /// than `p` has squares.
    fn misere_move_bound(&self, p: &Staircase) -> Option<BigUint> {
        Some(BigUint::from(p.squares()))
    }
    fn is_terminal(&self, p: &Staircase) -> bool {
        p.steps() == 2
    }
    /// No checkpoint when the dense table of the board's box fits
    /// `memory` ([`ImpartialRuleset::grundy_table`]): it is what a plain
    /// run takes, its time is bounded by its size (one pass over the box's
    /// staircases), and a checkpoint of the full solver would only slow it
    /// down; else the full solver, saved.
    fn checkpointed_search(&self, p: &Staircase, memory: usize) -> CheckpointedSearch<Staircase> {
        if ChompTable::bytes(p.height(), p.width()) <= memory as u128 {
            CheckpointedSearch::NotSaved
        } else {
            CheckpointedSearch::General
        }
    }
}

impl ImpartialRuleset for Chomp {
    /// A staircase never splits into components, and the full solver was
    /// measured four to five times faster than the pruned search on 10×10
    /// and 11×11 (mex-bench example `chomp_nimber`, bench/README.md); the
    /// dense table ([`ImpartialRuleset::grundy_table`]) is faster still,
    /// and the full solver is left for the boards whose box it cannot
    /// hold.
    fn pruned_search_pays(&self) -> bool {
        false
    }

    /// Every pair of a right step `a` and a later up step `b` of the
    /// boundary (a square), except the first and the last step (the
    /// poisoned square).
    fn options(&self, p: &Staircase, out: &mut Vec<Staircase>) {
        let n = p.steps();
        let body = p.body();
        let mut rights = !body & low_mask(n);
        while rights != 0 {
            let a = rights.trailing_zeros();
            rights &= rights - 1;
            let mut ups = body & !low_mask(a + 1);
            while ups != 0 {
                let b = ups.trailing_zeros();
                ups &= ups - 1;
                if (a, b) != (0, n - 1) {
                    out.push(p.bite(a, b));
                }
            }
        }
    }
    /// The dense table of every staircase inside the board's bounding box
    /// ([`ChompTable`]) when it fits `memory`; else `None` (the full
    /// solver) when the staircases below the board fit it in the full
    /// solver's table, and a refusal in one line when they do not.
    fn grundy_table(&self, p: &Staircase, memory: usize) -> Option<OwnTable<Staircase>> {
        let (h, w) = (p.height(), p.width());
        if ChompTable::bytes(h, w) <= memory as u128 {
            let table = ChompTable::solve(h, w, memory);
            return Some(table.map(|t| Box::new(t) as Box<dyn GrundyTable<Staircase>>));
        }
        let full_solver_bytes = p.staircases_below().saturating_mul(FULL_SOLVER_BYTES);
        (full_solver_bytes > memory as u128).then(|| {
            Err(chomp_dense::too_large(
                h,
                w,
                ChompTable::bytes(h, w),
                memory,
            ))
        })
    }
    /// The boundary with its sentinel bit (little-endian).
    fn record_bytes(&self) -> usize {
        16
    }
    fn write_record(&self, p: &Staircase, out: &mut Vec<u8>) {
        out.extend(p.0.to_le_bytes());
    }
    fn read_record(&self, bytes: &[u8]) -> Option<Staircase> {
        let bits = u128::from_le_bytes(bytes.try_into().ok()?);
        let p = Staircase(bits);
        (bits > 1 && Staircase::from_body(p.body()) == p).then_some(p)
    }
    /// The staircase or its transpose, whichever is smaller.
    fn canonical(&self, p: &Staircase) -> Staircase {
        (*p).min(p.transposed())
    }
    /// An L is two Nim heaps (its column and its row without the
    /// poisoned square): their XOR (Bouton 1901).
    fn known_grundy(&self, p: &Staircase) -> Option<BigUint> {
        p.l_arms().map(|(a, b)| BigUint::from(a ^ b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_through_the_boundary() {
        for rows in [
            vec![1],
            vec![3],
            vec![1, 1],
            vec![7, 7, 5, 2],
            vec![4, 1, 1],
        ] {
            let s = Staircase::from_rows(&rows).unwrap();
            assert_eq!(s.rows(), rows);
            assert_eq!(s.height(), rows.len());
            assert_eq!(s.width(), rows[0]);
        }
        let s = Staircase::from_rows(&[3, 1]).unwrap();
        assert_eq!(s.transposed().rows(), [2, 1, 1]);
        assert_eq!(s.transposed().transposed(), s);
    }

    #[test]
    fn eating_squares() {
        let s: Staircase = "3x4".parse().unwrap();
        assert_eq!(s.eat(1, 2).rows(), [4, 2, 2]);
        assert_eq!(s.eat(0, 1).rows(), [1, 1, 1]);
        assert_eq!(s.eat(2, 0).rows(), [4, 4]);
        assert_eq!(s.eat(2, 3).rows(), [4, 4, 3]);
        assert_eq!(s.l_arms(), None);
        assert_eq!(s.eat(1, 1).l_arms(), Some((2, 3)));
        assert_eq!("1x1".parse::<Staircase>().unwrap().l_arms(), Some((0, 0)));
    }

    /// The full solver's table is bounded by the memory budget as it grows:
    /// running out is one line naming the memory, not a count of positions.
    #[test]
    fn a_small_memory_budget_refuses_a_large_board_in_one_line() {
        let game = crate::games::find("chomp").unwrap();
        let mut ctx = crate::games::Context::new();
        ctx.search_memory = 1 << 20;
        let refused = game.evaluate("12x12", &mut ctx).unwrap_err().to_string();
        assert!(refused.contains("1 MiB of memory"), "{refused}");
        assert!(!refused.contains('\n') && !refused.contains("positions"));
    }
}
