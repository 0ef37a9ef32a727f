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
//! inside its bounding box ([`dense`], one or two bytes a staircase)
//! when that fits the memory budget; else by the full Sprague–Grundy
//! solver when the staircases below the board
//! ([`Staircase::staircases_below`]) fit its table; else it refuses at
//! once, in one line naming the memory.
//!
//! An L (every row but the first of length 1) is two Nim heaps joined at
//! the poisoned square: the column below it and the row right of it, of
//! value `(r − 1) ⊕ (l0 − 1)` (Bouton 1901; igsolve uses the same closed
//! form).

pub mod dense;
pub mod staircase;

use super::grid_board::cell_name;
use super::picture::{Cell, Grid, Owner, Picture};
use super::{
    CheckpointedSearch, Family, Game, GameInfo, ImpartialGame, ImpartialRuleset, Move, Ruleset,
};
use crate::impartial::ruleset::{GrundyTable, OwnTable};
use dense::ChompTable;
use num_bigint::BigUint;
use staircase::low_mask;
pub use staircase::{Staircase, MAX_ROWS_PLUS_COLUMNS};

/// Bytes a position takes in the full solver's table, as the catalog
/// counts them against the memory budget.
const FULL_SOLVER_BYTES: u128 = 64;

/// Chomp.
#[derive(Debug, Clone, Copy, Default)]
pub struct Chomp;

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
        (full_solver_bytes > memory as u128)
            .then(|| Err(dense::too_large(h, w, ChompTable::bytes(h, w), memory)))
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
