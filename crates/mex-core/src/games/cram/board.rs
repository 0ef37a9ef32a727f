//! Cram on one fixed board of at most 64 cells, for the pruned nimber
//! search of a single board ([`crate::impartial::search::NimberSearch`]):
//! a position is a 64-bit mask of free cells with the board's own row
//! stride (bit `r · width + c`, as in [`super::cells::Cells`]), so every
//! subposition is one machine word and its key needs no re-packing into a
//! smaller board.
//!
//! The mathematics is [`super`]'s: the free cells split into
//! orthogonally connected regions whose nimbers XOR (Nash–Sheenko,
//! Theorem 3.14); isolated cells never move; all but one of the tufts
//! (cells with a single free neighbour) of a cell may be removed (the
//! argument at [`super`]'s `one_tuft_per_cell`, as in Beling's
//! igsolve, "reduced stars"); and a region's nimber is kept by the eight
//! symmetries of the square, both directions being open to both players
//! (Gardner 1974). A region's key is moved to the top-left corner of the
//! board (translation keeps the game) and is the least of its images under
//! the symmetries that fit on the board: a shape whose transpose does not
//! fit is never met transposed on this board, so every member of a
//! symmetry class met on the board gets the same key.

use super::cells::{Cells, DIFFICULTY_PER_CELL};
use crate::games::SavedTable;
use crate::impartial::ruleset::{GrundyTable, ImpartialRuleset, OwnTable};
use crate::impartial::search::NimberSearch;
use crate::impartial::search_checkpoint::{self, Subject};
use crate::ruleset::Ruleset;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::Zero;
use std::cell::{Cell, OnceCell};
use std::io::{self, Read, Write};
use std::sync::OnceLock;

/// Most cells of a [`CramBoard`]: one 64-bit mask.
pub const MAX_CELLS: usize = 64;

/// Most dominoes on a board of at most [`MAX_CELLS`] cells: `h(w − 1) +
/// (h − 1)w = 2hw − h − w ≤ 2hw − 2√(hw) ≤ 128 − 16` (at 8 × 8).
const MAX_DOMINOES: usize = 112;

/// Slots of [`CramBoard`]'s cache of keys (256 KiB).
const KEY_CACHE_SLOTS: usize = 1 << 14;

/// Cram on an `height × width` board of at most [`MAX_CELLS`] cells;
/// positions are masks of free cells (bit `r · width + c`).
#[derive(Clone)]
pub struct CramBoard {
    height: u32,
    width: u32,
    all: u64,
    first_column: u64,
    last_column: u64,
    /// `row_of[i]`: the row of bit `i` (`i / width`).
    row_of: [u8; 64],
    /// `spread[b]`: bit `k` of the byte `b` moved to bit `k · width`.
    spread: Box<[u64; 256]>,
    /// The last region seen in each slot, with its key (a region comes
    /// back in every option that plays elsewhere). A fixed size, outside
    /// the search's memory budget; `(0, 0)` is right from the start.
    key_cache: Box<[Cell<(u64, u64)>]>,
    /// The board's dominoes in the order of [`ImpartialRuleset::options`]
    /// for every centre of a shape, built on the first call.
    domino_order: OnceCell<DominoOrder>,
}

/// Every domino of a board, and for each centre of a shape's bounding box
/// (doubled coordinates `(row, column)`, `row < 2h − 1`, `column < 2w −
/// 1`) the dominoes sorted by the order of [`ImpartialRuleset::options`]:
/// Manhattan distance of the domino's centre, vertical before horizontal,
/// then by cell. A position's options are then listed by one pass over
/// its centre's list, keeping the dominoes it holds, with no sort.
#[derive(Clone)]
struct DominoOrder {
    /// The domino's two cells, and its left cell when horizontal (the
    /// cell whose cut at a closed square drops it), 0 when vertical.
    dominoes: Box<[(u64, u64)]>,
    /// `dominoes.len()` indices per centre, row-major over the centres.
    order: Box<[u8]>,
}

impl std::fmt::Debug for CramBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CramBoard({}x{})", self.height, self.width)
    }
}

/// The boxes (rows, columns) of the dense endgame tables, tried in this
/// order: a region whose bounding box fits one is answered from its table.
const ENDGAME_BOXES: [(u32, u32); 5] = [(4, 4), (2, 8), (8, 2), (3, 5), (5, 3)];

/// The dense endgame tables of [`ENDGAME_BOXES`], each built on its first
/// use ([`nimbers_of_box`], 64 KiB each) and shared by every board.
static ENDGAME_TABLES: [OnceLock<Box<[u8]>>; ENDGAME_BOXES.len()] =
    [const { OnceLock::new() }; ENDGAME_BOXES.len()];

/// The table of box `i` of [`ENDGAME_BOXES`].
fn endgame_table(i: usize) -> &'static [u8] {
    ENDGAME_TABLES[i].get_or_init(|| {
        let (rows, columns) = ENDGAME_BOXES[i];
        nimbers_of_box(rows, columns)
    })
}

/// The nimber of every position of Cram on a `rows × columns` box (at
/// most 16 cells), indexed by the mask of free cells (bit `r · columns +
/// c`), straight from the definition: the nimber of a position is the
/// least nimber not among its options' (Sprague 1935, Grundy 1939), and
/// an option (the mask less a domino) is a smaller number, so one pass
/// in increasing order finds every option's nimber before it is needed.
/// No regions, reduction or symmetry; a position of at most 16 cells has
/// at most 8 moves in any play, so its nimber is at most 8 and fits a byte.
fn nimbers_of_box(rows: u32, columns: u32) -> Box<[u8]> {
    let last_column = (0..rows).fold(0usize, |m, r| m | 1 << (r * columns + columns - 1));
    let mut table = vec![0u8; 1 << (rows * columns)];
    for mask in 1..table.len() {
        let mut seen = 0u64;
        // The left cells of the horizontal dominoes, then the top cells of
        // the vertical ones, that the mask holds.
        let across = mask & !last_column & mask >> 1;
        let down = mask & mask >> columns;
        for (mut lefts, other) in [(across, 1), (down, columns)] {
            while lefts != 0 {
                let cell = lefts & lefts.wrapping_neg();
                lefts ^= cell;
                seen |= 1 << table[mask & !(cell | cell << other)];
            }
        }
        table[mask] = (!seen).trailing_zeros() as u8;
    }
    table.into_boxed_slice()
}

/// `x << n`, zero when `n` is 64 or more.
fn shl(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, zero when `n` is 64 or more.
fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// The lowest `n` bits set (`n ≤ 64`).
fn low_bits(n: u32) -> u64 {
    shl(1, n).wrapping_sub(1)
}

/// The cells of `free` from each bit of `seed` upwards to the end of its
/// run, where a run stops at a taken cell or after a cell of `ends` (the
/// 64-bit form of `cram::runs_upwards`).
fn runs_upwards(free: u64, seed: u64, ends: u64) -> u64 {
    let through = free & !ends;
    let run = (through & !through.wrapping_add(seed & through)) | seed;
    run | (run << 1) & free & ends
}

/// A move of every cell one step in a direction.
type Shift = fn(&CramBoard, u64) -> u64;

/// A region moved to the top-left corner: its mask, rows and columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Placed {
    mask: u64,
    rows: u32,
    columns: u32,
}

impl CramBoard {
    /// The board of `height × width` cells; refused above [`MAX_CELLS`].
    pub fn new(height: usize, width: usize) -> Result<CramBoard, MexError> {
        MexError::check_range(
            "cells of a 64-bit Cram board",
            height.saturating_mul(width) as u64,
            1,
            MAX_CELLS as u64,
            "use the general Cram ruleset (games::cram::Cram)",
        )?;
        let (h, w) = (height as u32, width as u32);
        let first_column = (0..h).fold(0u64, |m, r| m | 1 << (r * w));
        let mut spread = Box::new([0u64; 256]);
        for (b, out) in spread.iter_mut().enumerate() {
            for k in 0..8 {
                if b >> k & 1 == 1 {
                    *out |= shl(1, k * w);
                }
            }
        }
        Ok(CramBoard {
            height: h,
            width: w,
            all: low_bits(h * w),
            first_column,
            last_column: first_column << (w - 1),
            row_of: std::array::from_fn(|i| (i as u32 / w) as u8),
            spread,
            key_cache: vec![Cell::new((0, 0)); KEY_CACHE_SLOTS].into_boxed_slice(),
            domino_order: OnceCell::new(),
        })
    }

    /// The board of a [`Cells`] position, with its free cells, when it
    /// has at most [`MAX_CELLS`] cells.
    pub fn of(cells: &Cells) -> Option<(CramBoard, u64)> {
        let board = CramBoard::new(cells.height(), cells.width()).ok()?;
        Some((board, cells.free() as u64))
    }

    /// The position `p` of this board as [`Cells`].
    pub fn cells(&self, p: u64) -> Cells {
        Cells::from_mask(self.height as usize, self.width as usize, u128::from(p))
            .expect("a 64-bit board fits the general one")
    }

    /// Every cell free.
    pub fn whole(&self) -> u64 {
        self.all
    }

    /// Each cell moved one column left (the first column falls off).
    fn to_left(&self, x: u64) -> u64 {
        (x & !self.first_column) >> 1
    }

    /// Each cell moved one column right (the last column falls off).
    fn to_right(&self, x: u64) -> u64 {
        (x & !self.last_column) << 1
    }

    /// Each cell moved one row up.
    fn to_up(&self, x: u64) -> u64 {
        shr(x, self.width)
    }

    /// Each cell moved one row down.
    fn to_down(&self, x: u64) -> u64 {
        shl(x, self.width) & self.all
    }

    /// The cells orthogonally adjacent to some cell of `x`.
    fn neighbours(&self, x: u64) -> u64 {
        self.to_left(x) | self.to_right(x) | self.to_up(x) | self.to_down(x)
    }

    /// `free` without its isolated cells, with one tuft per cell (tufts
    /// whose only neighbour is itself a tuft, a lone domino, stay), and
    /// without its bridges: cells, not tufts, whose every free neighbour
    /// holds a tuft (igsolve removes them too, Beling 2020). The four
    /// directions are taken in turn; a cell whose tuft was seen in an
    /// earlier direction loses the tuft of this one.
    ///
    /// All three are one lemma: *a free cell `x` may be removed when each
    /// of its free neighbours `y` has a tuft `t_y ≠ x`* (a cell whose only
    /// free neighbour is `y`). By induction on the number of free cells:
    /// the option `G − {x, y}` leaves `t_y` isolated, so it has the value
    /// of `(G − x) − {y, t_y}`, an option of `G − x`; an option `G − d`
    /// with `d` away from `x` still meets the hypothesis (a tuft is
    /// covered only with its neighbour), so `G − d ≡ (G − x) − d`; and
    /// these are all the options of `G − x`. So `G` and `G − x` have the
    /// same set of option values. An isolated cell has no neighbours; a
    /// second tuft `x` of a cell `y` has `y`'s other tuft; a bridge's
    /// neighbours hold tufts that are not the bridge. Removing one such
    /// cell keeps the others removable (no tuft loses its neighbour, no
    /// cell holding a tuft loses it), so all go at once.
    fn reduced(&self, free: u64) -> u64 {
        let on_left = self.to_right(free) & free;
        let on_right = self.to_left(free) & free;
        let above = self.to_down(free) & free;
        let below = self.to_up(free) & free;
        let some = on_left | on_right | above | below;
        let two = (on_left & on_right) | (above & below) | ((on_left | on_right) & (above | below));
        let tufts = some & !two;
        let mut seen = 0;
        let mut removed = 0;
        let directions: [(u64, Shift, Shift); 4] = [
            (on_left, Self::to_left, Self::to_right),
            (on_right, Self::to_right, Self::to_left),
            (above, Self::to_up, Self::to_down),
            (below, Self::to_down, Self::to_up),
        ];
        for (side, to_centre, from_centre) in directions {
            let centres = to_centre(self, tufts & side) & !tufts;
            removed |= from_centre(self, centres & seen);
            seen |= centres;
        }
        let stars = seen;
        let bridges = some & !tufts & !self.neighbours(some & !stars);
        some & !removed & !bridges
    }

    /// The orthogonally connected region of `free` holding `seed` (a
    /// subset of `free`): whole runs of a row at a time, then a step in
    /// every direction, until no step adds a cell.
    fn region(&self, free: u64, seed: u64) -> u64 {
        self.region_cut(free, seed, self.last_column)
    }

    /// [`CramBoard::region`] in the graph without the horizontal edges
    /// from each cell of `ends` to the cell on its right (`ends` holds the
    /// last column).
    fn region_cut(&self, free: u64, seed: u64, ends: u64) -> u64 {
        let mut region = seed;
        loop {
            let sideways = (region & !ends) << 1 | (region & !(ends << 1)) >> 1;
            let step = sideways | self.to_up(region) | self.to_down(region);
            let grown = runs_upwards(free, (region | step) & free, ends);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The top-left cells of the 2×2 squares of free cells `a c / d b` or
    /// `c a / b d` (rows) in which `a` and `b` have no free neighbour
    /// outside the square: their horizontal dominoes are redundant
    /// ([`CramBoard::square_cuts`]).
    fn closed_squares(&self, free: u64) -> u64 {
        let left_free = self.to_right(free) & free;
        let right_free = self.to_left(free) & free;
        let up_free = self.to_down(free) & free;
        let down_free = self.to_up(free) & free;
        let corners = right_free & down_free & self.to_up(right_free);
        if corners == 0 {
            return 0;
        }
        // `x` of a cell property: the property at `x`'s right neighbour,
        // at the cell below, at the cell diagonally below right.
        let of_right = |y: u64| self.to_left(y);
        let of_below = |y: u64| self.to_up(y);
        let closed_top_left = !left_free & !up_free;
        let closed_bottom_right = !right_free & !down_free;
        let closed_top_right = !right_free & !up_free;
        let closed_bottom_left = !left_free & !down_free;
        let first = corners & closed_top_left & of_below(of_right(closed_bottom_right));
        let second = corners & of_right(closed_top_right) & of_below(closed_bottom_left);
        first | second
    }

    /// The cells whose horizontal edge to the right may be deleted from
    /// the graph of `free` without changing its nimber: the two rows of
    /// every [`CramBoard::closed_squares`] (Beling's igsolve splits
    /// components there, `forbidden_horizontal_moves`; the proof is ours).
    ///
    /// Cram is played on the graph of free cells (a move removes two
    /// adjacent vertices), so isomorphic graphs have equal nimbers.
    /// *Lemma: let `a`, `b` be vertices of `G` with exactly the
    /// neighbours `c` and `d`, `c ≠ d`; then `G` and `G' = G − ac − bd`
    /// (the edges deleted, not the vertices) have the same nimber.* By
    /// induction on the number of vertices we show that their sets of
    /// option values are equal. Options of both: removing an edge `xy` of
    /// `G'`. (i) `xy` away from `a, b, c, d`: `G − x − y` meets the
    /// hypothesis and `(G − x − y)' = G' − x − y`; induction. (ii) `xy` is
    /// `ad`, `cb` or `cd`: the deleted edges lose an end, so `G − x − y =
    /// G' − x − y`. (iii) `x = d`, `y ∉ {a, b, c}`: in `G − d − y` both `a`
    /// and `b` hang on `c` alone, so `a` may be removed (the lemma of
    /// [`CramBoard::reduced`]: `c` has the tuft `b ≠ a`); in `G' − d − y`
    /// `a` is isolated; removing `a` from both gives the same graph. (iv)
    /// `x = c`, `y ∉ {a, b, d}`: the same with `a` and `b` exchanged.
    /// Options of `G` only: `G − a − c` is isomorphic to `G − c − b` (in
    /// both the one of `a`, `b` left hangs on `d` alone; exchange them),
    /// and `G − b − d` to `G − a − d`; both are of case (ii).
    ///
    /// On the board, a closed square `a c / d b` (or `c a / b d`) meets the
    /// hypothesis, and `ac`, `bd` are its two horizontal edges. Two closed
    /// squares share no horizontal edge (a square's top row has no free
    /// cell above it, its bottom row none below; the same two rows make
    /// the same square), and an `a` or `b` of one square loses no edge by
    /// deleting another's, so the lemma applies to them one after the
    /// other. The regions of the graph without these edges are then the
    /// components of a sum; a region `C` on the board (with every edge
    /// between its cells) has the nimber of the region in the cut graph,
    /// by the lemma for the squares lying wholly in `C` (a square with
    /// only some cells in `C` has no deleted edge inside `C`: `a` is cut
    /// off from `c` and joined to `d`, `b` to `c`, so `a, c ∈ C` forces
    /// `b, d ∈ C`). The horizontal options of a closed square are also
    /// left out of [`ImpartialRuleset::options`]: each is isomorphic to a
    /// vertical option of the same square, so the set of option values is
    /// the same.
    fn square_cuts(&self, free: u64) -> u64 {
        let squares = self.closed_squares(free);
        squares | self.to_down(squares)
    }

    /// `x` moved to the top-left corner, with its rows and columns.
    fn placed(&self, x: u64) -> Placed {
        self.extent(x).0
    }

    /// [`CramBoard::placed`], with the top row and left column of `x`
    /// (rows through a table, no division; the columns by folding the
    /// rows onto the first in log₂(rows) shifts).
    fn extent(&self, x: u64) -> (Placed, u32, u32) {
        if x == 0 {
            let empty = Placed {
                mask: 0,
                rows: 0,
                columns: 0,
            };
            return (empty, 0, 0);
        }
        let top = u32::from(self.row_of[x.trailing_zeros() as usize]);
        let mut mask = x >> (top * self.width);
        let rows = u32::from(self.row_of[63 - mask.leading_zeros() as usize]) + 1;
        let mut folded = mask;
        let (mut step, mut covered) = (self.width, 1);
        while covered < rows {
            folded |= shr(folded, step);
            step *= 2;
            covered *= 2;
        }
        let columns = folded & low_bits(self.width);
        let left = columns.trailing_zeros();
        mask >>= left;
        let placed = Placed {
            mask,
            rows,
            columns: 64 - columns.leading_zeros() - left,
        };
        (placed, top, left)
    }

    /// `p` mirrored left to right (each row's bits reversed).
    fn mirrored(&self, p: Placed) -> u64 {
        let row = low_bits(p.columns);
        let mut out = 0;
        for r in 0..p.rows {
            let bits = shr(p.mask, r * self.width) & row;
            out |= (bits.reverse_bits() >> (64 - p.columns)) << (r * self.width);
        }
        out
    }

    /// `mask` (of a placed shape of `rows × columns`) turned by a half
    /// turn: its bits reversed over the shape's span.
    fn half_turned(&self, mask: u64, rows: u32, columns: u32) -> u64 {
        mask.reverse_bits() >> (64 - ((rows - 1) * self.width + columns))
    }

    /// `p` transposed (row `r` becomes column `r`), a byte of a row at a
    /// time through the spread table; the transpose must fit the board.
    fn transposed(&self, p: Placed) -> Placed {
        let row = low_bits(p.columns);
        let mut out = 0;
        for r in 0..p.rows {
            let mut bits = shr(p.mask, r * self.width) & row;
            let mut at = r;
            while bits != 0 {
                out |= shl(self.spread[(bits & 0xff) as usize], at);
                bits >>= 8;
                at += 8 * self.width;
            }
        }
        Placed {
            mask: out,
            rows: p.columns,
            columns: p.rows,
        }
    }

    /// The least of `p`, its mirror and their half turns.
    fn least_of_four(&self, p: Placed) -> u64 {
        let mirror = self.mirrored(p);
        p.mask
            .min(mirror)
            .min(self.half_turned(p.mask, p.rows, p.columns))
            .min(self.half_turned(mirror, p.rows, p.columns))
    }

    /// The key of a region: placed at the top-left corner, the least of
    /// its images under the square's symmetries that fit on the board.
    fn least_image(&self, x: u64) -> u64 {
        let p = self.placed(x);
        if p.mask == 0 {
            return 0;
        }
        let own = self.least_of_four(p);
        if p.columns <= self.height && p.rows <= self.width {
            own.min(self.least_of_four(self.transposed(p)))
        } else {
            own
        }
    }

    /// [`CramBoard::least_image`] through the cache of keys.
    fn cached_key(&self, region: u64) -> u64 {
        let hash = region.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 50;
        let slot = &self.key_cache[hash as usize % KEY_CACHE_SLOTS];
        let (seen, key) = slot.get();
        if seen == region {
            return key;
        }
        let key = self.least_image(region);
        slot.set((region, key));
        key
    }

    /// The nimber of the region `x` from the dense endgame table of the
    /// first of [`ENDGAME_BOXES`] its bounding box fits (`None` when none
    /// does): `x` moved to the top-left corner is a position of that box,
    /// the same graph of free cells, so the same game.
    fn endgame_nimber(&self, x: u64) -> Option<u64> {
        let p = self.placed(x);
        let i = ENDGAME_BOXES
            .iter()
            .position(|&(rows, columns)| p.rows <= rows && p.columns <= columns)?;
        let columns = ENDGAME_BOXES[i].1;
        let index = if columns == self.width {
            p.mask
        } else {
            let row = low_bits(p.columns);
            (0..p.rows).fold(0, |index, r| {
                index | (shr(p.mask, r * self.width) & row) << (r * columns)
            })
        };
        Some(u64::from(endgame_table(i)[index as usize]))
    }

    /// The keys of the regions of a reduced position `free` in the graph
    /// cut at its closed squares, a region smaller than `free` reduced
    /// and split again (through its own closed squares). With `endgame`,
    /// a region answered by [`CramBoard::endgame_nimber`] is not pushed:
    /// the XOR of those nimbers is returned (else 0).
    fn push_parts(&self, free: u64, out: &mut Vec<u64>, endgame: bool) -> u64 {
        let ends = self.last_column | self.square_cuts(free);
        let mut known = 0;
        let mut rest = free;
        while rest != 0 {
            let mut region = self.region_cut(rest, rest & rest.wrapping_neg(), ends);
            rest &= !region;
            if ends != self.last_column && region != free {
                let reduced = self.reduced(region);
                if reduced != region {
                    if reduced != 0 {
                        known ^= self.push_parts(reduced, out, endgame);
                    }
                    continue;
                }
                region = reduced;
            }
            match endgame.then(|| self.endgame_nimber(region)).flatten() {
                Some(v) => known ^= v,
                None => out.push(self.cached_key(region)),
            }
        }
        known
    }

    /// The board's [`DominoOrder`], built on the first call.
    fn domino_order(&self) -> &DominoOrder {
        self.domino_order.get_or_init(|| self.build_domino_order())
    }

    fn build_domino_order(&self) -> DominoOrder {
        let (h, w) = (self.height as i32, self.width as i32);
        // (cells, cut cell, doubled centre row, doubled centre column).
        let mut dominoes = Vec::new();
        for cell in 0..self.height * self.width {
            let (r, c) = ((cell / self.width) as i32, (cell % self.width) as i32);
            if r + 1 < h {
                dominoes.push((1u64 << cell | 1 << (cell + self.width), 0, 2 * r + 1, 2 * c));
            }
        }
        for cell in 0..self.height * self.width {
            let (r, c) = ((cell / self.width) as i32, (cell % self.width) as i32);
            if c + 1 < w {
                dominoes.push((3u64 << cell, 1 << cell, 2 * r, 2 * c + 1));
            }
        }
        // Indices of at most MAX_DOMINOES < 256 dominoes fit a byte.
        assert!(dominoes.len() <= MAX_DOMINOES);
        let mut order = Vec::new();
        for centre_row in 0..(2 * h - 1).max(1) {
            for centre_column in 0..(2 * w - 1).max(1) {
                let mut indices: Vec<u8> = (0..dominoes.len() as u8).collect();
                indices.sort_by_key(|&i| {
                    let (_, _, r, c) = dominoes[i as usize];
                    (r - centre_row).abs() + (c - centre_column).abs()
                });
                order.extend(indices);
            }
        }
        DominoOrder {
            dominoes: dominoes.iter().map(|d| (d.0, d.1)).collect(),
            order: order.into_boxed_slice(),
        }
    }

    /// Whether `p` is a whole rectangle of free cells, and its sides: its
    /// first row is the run of free cells from its lowest bit to the end
    /// of that run or of the board's row, and `p` must be that row
    /// repeated on the rows below (a test made for every probe that
    /// misses the search's table, so no placement).
    fn rectangle(&self, p: u64) -> Option<(u32, u32)> {
        if p == 0 {
            return None;
        }
        let first = p.trailing_zeros();
        let row = u32::from(self.row_of[first as usize]);
        let column = first - row * self.width;
        let columns = (p >> first).trailing_ones().min(self.width - column);
        let cells = p.count_ones();
        let rows = cells / columns;
        if !cells.is_multiple_of(columns) || row + rows > self.height {
            return None;
        }
        let left_column = self.first_column & low_bits(rows * self.width);
        let full = low_bits(columns).wrapping_mul(left_column) << first;
        (p == full).then_some((rows, columns))
    }
}

/// The pruned nimber search (`impartial::search`) on one 64-bit board,
/// its table kept between the positions of that board (a position and its
/// options, as `mex moves` asks): the catalog's Cram takes it for every
/// board of at most [`MAX_CELLS`] cells (`ImpartialRuleset::grundy_table`).
pub struct BoardSearch {
    height: usize,
    width: usize,
    search: NimberSearch<CramBoard>,
}

impl BoardSearch {
    /// The search of the board of `cells` under `memory` bytes, `None`
    /// when the board has more than [`MAX_CELLS`] cells.
    pub fn of(cells: &Cells, memory: usize) -> Option<OwnTable<Cells>> {
        let search = BoardSearch::new(cells, memory)?;
        Some(Ok(Box::new(search)))
    }

    /// The search of the board of `cells` under `memory` bytes, `None`
    /// when the board has more than [`MAX_CELLS`] cells.
    pub fn new(cells: &Cells, memory: usize) -> Option<BoardSearch> {
        let (board, _) = CramBoard::of(cells)?;
        // Built now rather than on the first option listed: a resumed
        // search's first slice goes to the search.
        board.domino_order();
        Some(BoardSearch {
            height: cells.height(),
            width: cells.width(),
            search: NimberSearch::new(board).with_memory_budget(memory),
        })
    }
}

impl GrundyTable<Cells> for BoardSearch {
    fn grundy(&mut self, cells: &Cells) -> Option<Result<u64, MexError>> {
        let same_board = (cells.height(), cells.width()) == (self.height, self.width);
        same_board.then(|| self.search.nimber(&(cells.free() as u64)))
    }
}

/// The board search's own table in a checkpoint: its keys are the board's
/// 64-bit masks, 8-byte records ([`ImpartialRuleset::write_record`] of
/// [`CramBoard`]), so a file of the general Cram search (18-byte records)
/// is refused by its record width, and the other way round.
impl SavedTable<Cells> for BoardSearch {
    fn positions(&self) -> usize {
        self.search.positions_stored()
    }
    fn save(&self, out: &mut dyn Write, subject: &Subject) -> io::Result<()> {
        let search = &self.search;
        let (known, excluded) = (search.known_nimbers(), search.exclusions());
        search_checkpoint::write(out, search.ruleset(), subject, known, excluded)
    }
    fn resume(&mut self, input: &mut dyn Read, subject: &Subject) -> Result<usize, MexError> {
        let board = self.search.ruleset().clone();
        Ok(search_checkpoint::read(input, &board, subject, &mut self.search)?.known)
    }
}

impl Ruleset for CramBoard {
    type Position = u64;
}

impl ImpartialRuleset for CramBoard {
    /// Every domino (less the horizontal ones of the closed squares,
    /// [`CramBoard::square_cuts`]), nearest the centre of the shape's
    /// bounding box first, by the Manhattan distance of the domino's
    /// centre (ties: vertical before horizontal, then by cell). The
    /// order is only a heuristic of the search (the options are the same
    /// set in any order): a central domino tends to split the shape into
    /// small regions whose nimbers are known, so a search that asks "is
    /// the nimber `r`?" finds the option that answers it sooner. Against
    /// the former order (vertical dominoes column by column from the
    /// central column out, then horizontal ones row by row) it expands
    /// 40% fewer components on 5×7, 21% on 4×9, 17% on 5×8 and 10% on
    /// 3×14 (bench/README.md).
    fn options(&self, p: &u64, out: &mut Vec<u64>) {
        let p = *p;
        if p == 0 {
            return;
        }
        let (placed, top, left) = self.extent(p);
        // Doubled coordinates: a domino's centre against the shape's.
        let centre_row = (2 * top + placed.rows - 1) as i32;
        let centre_column = (2 * left + placed.columns - 1) as i32;
        let centre = centre_row as usize * (2 * self.width as usize - 1) + centre_column as usize;
        let order = self.domino_order();
        let n = order.dominoes.len();
        let cuts = self.square_cuts(p);
        for &i in &order.order[centre * n..(centre + 1) * n] {
            let (domino, cut) = order.dominoes[usize::from(i)];
            if p & domino == domino && cuts & cut == 0 {
                out.push(p & !domino);
            }
        }
    }
    /// The regions of the reduced position (no isolated cells, one tuft
    /// per cell), when there are two or more.
    fn decompose(&self, p: &u64) -> Option<Vec<u64>> {
        let free = self.reduced(*p);
        let first = self.region(free, free & free.wrapping_neg());
        if first == free {
            return None;
        }
        let mut parts = vec![first];
        let mut rest = free & !first;
        while rest != 0 {
            let region = self.region(rest, rest & rest.wrapping_neg());
            rest &= !region;
            parts.push(region);
        }
        Some(parts)
    }
    /// The reduced position moved to the top-left corner, least among its
    /// images that fit on the board (0 when nothing can move).
    fn canonical(&self, p: &u64) -> u64 {
        self.least_image(self.reduced(*p))
    }
    /// The keys of the reduced position's regions, reduced once: a region
    /// of a reduced position is not reduced again (a key needs only to
    /// keep the nimber).
    ///
    /// The regions are taken in the graph without the horizontal edges of
    /// the closed squares ([`CramBoard::square_cuts`]); a region that is
    /// not the whole position is reduced and split again.
    fn canonical_parts(&self, p: &u64, out: &mut Vec<u64>) {
        let before = out.len();
        self.push_parts(self.reduced(*p), out, false);
        if out.len() == before {
            out.push(0);
        }
    }
    /// [`ImpartialRuleset::canonical_parts`] less the regions that fit a
    /// box of the dense endgame tables ([`CramBoard::endgame_nimber`]):
    /// their nimbers are XORed into the value returned, with no key, no
    /// cache and no probe of the search's tables.
    fn unknown_parts(&self, p: &u64, out: &mut Vec<u64>) -> u64 {
        self.push_parts(self.reduced(*p), out, true)
    }
    /// Nothing free is 0; a whole even × even rectangle is 0: the second
    /// player answers each domino by its image under the half turn
    /// (Gardner 1974).
    fn known_grundy(&self, p: &u64) -> Option<BigUint> {
        if *p == 0 {
            return Some(BigUint::zero());
        }
        if !p.count_ones().is_multiple_of(4) {
            return None;
        }
        let (h, w) = self.rectangle(*p)?;
        (h.is_multiple_of(2) && w.is_multiple_of(2)).then(BigUint::zero)
    }
    /// A whole even × odd rectangle is not 0: the first player takes the
    /// two central cells, then answers by the half turn (Gardner 1974).
    fn known_nonzero(&self, p: &u64) -> bool {
        self.rectangle(*p).is_some_and(|(h, w)| (h + w) % 2 == 1)
    }
    /// [`DIFFICULTY_PER_CELL`] times the number of free cells.
    fn difficulty(&self, p: &u64) -> u64 {
        DIFFICULTY_PER_CELL * u64::from(p.count_ones())
    }
    /// The mask, little-endian.
    fn record_bytes(&self) -> usize {
        8
    }
    fn write_record(&self, p: &u64, out: &mut Vec<u8>) {
        out.extend(p.to_le_bytes());
    }
    fn read_record(&self, bytes: &[u8]) -> Option<u64> {
        let p = u64::from_le_bytes(bytes.try_into().ok()?);
        (p & !self.all == 0).then_some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::mex::mex;
    use crate::impartial::search::NimberSearch;
    use std::collections::HashMap;

    /// The catalog's Cram (which searches boards of at most 64 cells on
    /// this board, through `grundy_table`) against the pruned search on
    /// the general ruleset, on random boards with taken cells, and the
    /// values of every move of some of them (one search shared by the
    /// options).
    #[test]
    fn the_catalog_takes_the_board_search_with_the_same_values() {
        use crate::games::cram::Cram;
        use crate::games::{find, Context, Value};
        use proptest::prelude::RngExt;
        use proptest::test_runner::{RngAlgorithm, TestRng};
        let cram = find("cram").unwrap();
        let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
        for round in 0..60 {
            let (h, w) = (rng.random_range(1..6usize), rng.random_range(1..8usize));
            let rows: Vec<String> = (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| {
                            if rng.random_range(0..5) == 0 {
                                '#'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect();
            let text = rows.join("/");
            let cells: Cells = text.parse().unwrap();
            let general = NimberSearch::new(Cram).nimber(&cells).unwrap();
            assert_eq!(cram.grundy(&text).unwrap(), general.into(), "{text}");
            if round % 10 == 0 {
                for m in cram.moves(&text, &mut Context::new()).unwrap() {
                    let option: Cells = m.result.position.parse().unwrap();
                    let expected = NimberSearch::new(Cram).nimber(&option).unwrap();
                    assert!(
                        matches!(&m.result.value, Value::Grundy(g) if *g == expected.into()),
                        "{}",
                        m.result.position
                    );
                    assert_eq!(m.winning, expected == 0);
                }
            }
        }
    }

    /// The nimber straight from the rules, cell by cell on an `h × w`
    /// board: every domino, the MEX; no regions, reduction or symmetry.
    /// One memo for a whole board.
    fn brute(h: u32, w: u32, p: u64, memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let mut values = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let cell = 1u64 << (r * w + c);
                let mut partners = Vec::new();
                if c + 1 < w {
                    partners.push(cell << 1);
                }
                if r + 1 < h {
                    partners.push(cell << w);
                }
                for other in partners {
                    if p & cell != 0 && p & other != 0 {
                        values.push(brute(h, w, p & !(cell | other), memo));
                    }
                }
            }
        }
        let v = mex(values);
        memo.insert(p, v);
        v
    }

    /// The images of `p` under the eight symmetries, cell by cell (bit 2
    /// of `k`: transpose first; bit 0: reverse rows; bit 1: reverse
    /// columns), each placed at every offset where it fits on the board.
    fn images_on_board(b: &CramBoard, p: u64) -> Vec<u64> {
        let placed = b.placed(p);
        let (h, w) = (placed.rows, placed.columns);
        let mut out = Vec::new();
        for k in 0..8u32 {
            let (th, tw) = if k & 4 != 0 { (w, h) } else { (h, w) };
            if th > b.height || tw > b.width {
                continue;
            }
            let mut image = 0u64;
            for r in 0..h {
                for c in 0..w {
                    if placed.mask >> (r * b.width + c) & 1 == 1 {
                        let (r2, c2) = if k & 4 != 0 { (c, r) } else { (r, c) };
                        let r2 = if k & 1 != 0 { th - 1 - r2 } else { r2 };
                        let c2 = if k & 2 != 0 { tw - 1 - c2 } else { c2 };
                        image |= 1 << (r2 * b.width + c2);
                    }
                }
            }
            for dr in 0..=b.height - th {
                for dc in 0..=b.width - tw {
                    out.push(image << (dr * b.width + dc));
                }
            }
        }
        out
    }

    fn small_boards() -> Vec<(usize, usize)> {
        vec![
            (1, 7),
            (2, 4),
            (3, 3),
            (2, 5),
            (3, 4),
            (4, 3),
            (4, 4),
            (2, 8),
        ]
    }

    /// The sides of `p` when its free cells fill their bounding box, cell
    /// by cell.
    fn rectangle_slowly(b: &CramBoard, p: u64) -> Option<(u32, u32)> {
        let cells: Vec<(u32, u32)> = (0..b.height * b.width)
            .filter(|&i| p >> i & 1 == 1)
            .map(|i| (i / b.width, i % b.width))
            .collect();
        let (top, bottom) = (
            cells.iter().map(|c| c.0).min()?,
            cells.iter().map(|c| c.0).max()?,
        );
        let (left, right) = (
            cells.iter().map(|c| c.1).min()?,
            cells.iter().map(|c| c.1).max()?,
        );
        let (rows, columns) = (bottom - top + 1, right - left + 1);
        (cells.len() as u32 == rows * columns).then_some((rows, columns))
    }

    /// Whole rectangles: every position of the small boards and of 1×16,
    /// 16×1 and 4×4, and every rectangle at every offset of boards up to
    /// 64 cells, plus a rectangle with one cell more or less.
    #[test]
    fn rectangles_against_cells() {
        let mut boards = small_boards();
        boards.extend([(1, 16), (16, 1), (4, 4)]);
        for (h, w) in boards {
            let b = CramBoard::new(h, w).unwrap();
            for p in 0..=b.all {
                assert_eq!(b.rectangle(p), rectangle_slowly(&b, p), "{h}x{w}: {p:b}");
            }
        }
        for (h, w) in [(8, 8), (5, 12), (3, 21), (1, 64), (64, 1), (7, 9)] {
            let b = CramBoard::new(h, w).unwrap();
            for (rows, columns) in (1..=h as u32).flat_map(|r| (1..=w as u32).map(move |c| (r, c)))
            {
                for (top, left) in (0..=h as u32 - rows)
                    .flat_map(|t| (0..=w as u32 - columns).map(move |l| (t, l)))
                {
                    let rectangle = (0..rows).fold(0u64, |m, r| {
                        m | low_bits(columns) << ((top + r) * b.width + left)
                    });
                    assert_eq!(
                        b.rectangle(rectangle),
                        Some((rows, columns)),
                        "{h}x{w}: {rectangle:b}"
                    );
                    for cell in [rectangle.trailing_zeros(), 63 - rectangle.leading_zeros()] {
                        for near in [
                            cell.wrapping_sub(1),
                            cell + 1,
                            cell.wrapping_sub(b.width),
                            cell + b.width,
                        ] {
                            if near < b.height * b.width {
                                let q = rectangle ^ (1 << near);
                                assert_eq!(
                                    b.rectangle(q),
                                    rectangle_slowly(&b, q),
                                    "{h}x{w}: {q:b}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every symmetric and translated image of every position of the
    /// small boards has the same key, and the key is a placed image.
    #[test]
    fn keys_are_the_same_for_every_image() {
        for (h, w) in small_boards() {
            let b = CramBoard::new(h, w).unwrap();
            for p in 0..=b.all {
                let key = b.least_image(p);
                let images = images_on_board(&b, p);
                for q in &images {
                    assert_eq!(b.least_image(*q), key, "{h}x{w}: {p:b} / {q:b}");
                    assert_eq!(b.cached_key(*q), key, "{h}x{w}: {p:b} / {q:b}");
                }
                assert!(p == 0 || images.contains(&key), "{h}x{w}: {p:b}");
            }
        }
    }

    /// The key, reduction and regions keep the nimber: the search on the
    /// 64-bit board (one table for the whole board, and a fresh one for
    /// every 7th position) against the rules cell by cell, on every
    /// position of the small boards; the reduction alone, too.
    #[test]
    fn search_against_brute_force() {
        for (h, w) in small_boards() {
            let b = CramBoard::new(h, w).unwrap();
            let mut memo = HashMap::new();
            let mut shared = NimberSearch::new(b.clone());
            for p in 0..=b.all {
                let expected = brute(b.height, b.width, p, &mut memo);
                let text = b.cells(p);
                assert_eq!(shared.nimber(&p).unwrap(), expected, "{text}");
                if p % 7 == 0 {
                    let mut fresh = NimberSearch::new(b.clone());
                    assert_eq!(fresh.nimber(&p).unwrap(), expected, "{text}");
                    assert_eq!(fresh.is_p_position(&p).unwrap(), expected == 0, "{text}");
                }
                let reduced = brute(b.height, b.width, b.reduced(p), &mut memo);
                assert_eq!(reduced, expected, "reduced {text}");
            }
        }
    }

    /// The dense endgame tables against the rules cell by cell
    /// ([`brute`], a board of the box's size): every position of every
    /// box.
    #[test]
    fn endgame_tables_against_brute_force() {
        for (i, &(rows, columns)) in ENDGAME_BOXES.iter().enumerate() {
            let table = endgame_table(i);
            assert_eq!(table.len(), 1 << (rows * columns));
            let mut memo = HashMap::new();
            for (p, &v) in table.iter().enumerate() {
                let expected = brute(rows, columns, p as u64, &mut memo);
                assert_eq!(u64::from(v), expected, "{rows}x{columns}: {p:b}");
            }
        }
    }

    /// The cut at closed squares keeps the nimber: on every position of
    /// the small boards, the keys of the parts XOR to the position's
    /// nimber by the rules (and so do the endgame tables' nimbers of
    /// `unknown_parts` with the keys it leaves), and the options left after the square's
    /// horizontal dominoes are dropped have the same set of values as all
    /// the options (both cell by cell).
    #[test]
    fn square_cuts_against_brute_force() {
        let mut squares_seen = 0;
        for (h, w) in small_boards().into_iter().chain([(3, 6)]) {
            let b = CramBoard::new(h, w).unwrap();
            let mut memo = HashMap::new();
            for p in 0..=b.all {
                let expected = brute(b.height, b.width, p, &mut memo);
                let mut keys = Vec::new();
                b.canonical_parts(&p, &mut keys);
                let parts = keys
                    .iter()
                    .fold(0, |x, k| x ^ brute(b.height, b.width, *k, &mut memo));
                assert_eq!(parts, expected, "{h}x{w}: {}", b.cells(p));
                keys.clear();
                let known = b.unknown_parts(&p, &mut keys);
                let unknown = keys
                    .iter()
                    .fold(0, |x, k| x ^ brute(b.height, b.width, *k, &mut memo));
                assert_eq!(known ^ unknown, expected, "{h}x{w}: {}", b.cells(p));
                if b.closed_squares(p) == 0 {
                    continue;
                }
                squares_seen += 1;
                let mut options = Vec::new();
                b.options(&p, &mut options);
                let kept: std::collections::BTreeSet<u64> = options
                    .iter()
                    .map(|q| brute(b.height, b.width, *q, &mut memo))
                    .collect();
                let all: std::collections::BTreeSet<u64> = all_options(&b, p)
                    .iter()
                    .map(|q| brute(b.height, b.width, *q, &mut memo))
                    .collect();
                assert_eq!(kept, all, "{h}x{w}: {}", b.cells(p));
            }
        }
        assert!(squares_seen > 1000, "{squares_seen}");
    }

    /// The options are every domino but the horizontal ones of the closed
    /// squares, each once, on every position of the small boards, and
    /// they come nearest the centre first.
    #[test]
    fn options_are_the_dominoes_nearest_the_centre_first() {
        for (h, w) in small_boards().into_iter().chain([(3, 6)]) {
            let b = CramBoard::new(h, w).unwrap();
            for p in 0..=b.all {
                let mut options = Vec::new();
                b.options(&p, &mut options);
                let squares = b.square_cuts(p);
                let mut expected: Vec<u64> = all_options(&b, p)
                    .into_iter()
                    .filter(|q| {
                        let taken = p & !q;
                        let horizontal = taken & taken >> 1 != 0;
                        let left_cell = 1u64 << taken.trailing_zeros();
                        !(horizontal && left_cell & squares != 0)
                    })
                    .collect();
                let mut got = options.clone();
                got.sort_unstable();
                expected.sort_unstable();
                assert_eq!(got, expected, "{h}x{w}: {}", b.cells(p));
                let placed = b.placed(p);
                let (top, left) = (
                    p.trailing_zeros() / b.width,
                    (0..b.width)
                        .find(|&c| p & b.first_column << c != 0)
                        .unwrap_or(0),
                );
                let distance = |q: u64| {
                    let taken = p & !q;
                    let (a, z) = (taken.trailing_zeros(), 63 - taken.leading_zeros());
                    let row2 = (a / b.width + z / b.width) as i32;
                    let column2 = (a % b.width + z % b.width) as i32;
                    (row2 - (2 * top + placed.rows - 1) as i32).abs()
                        + (column2 - (2 * left + placed.columns - 1) as i32).abs()
                };
                let distances: Vec<i32> = options.iter().map(|q| distance(*q)).collect();
                assert!(distances.is_sorted(), "{h}x{w}: {}", b.cells(p));
            }
        }
    }

    /// Every domino of `p`, cell by cell.
    fn all_options(b: &CramBoard, p: u64) -> Vec<u64> {
        let mut out = Vec::new();
        for r in 0..b.height {
            for c in 0..b.width {
                let cell = 1u64 << (r * b.width + c);
                if c + 1 < b.width && p & cell != 0 && p & cell << 1 != 0 {
                    out.push(p & !(cell | cell << 1));
                }
                if r + 1 < b.height && p & cell != 0 && p & cell << b.width != 0 {
                    out.push(p & !(cell | cell << b.width));
                }
            }
        }
        out
    }

    /// The closed squares of `free`, cell by cell: the top-left cells of
    /// the 2×2 squares of free cells whose top-left and bottom-right (or
    /// top-right and bottom-left) cells have no free neighbour outside.
    fn closed_squares_slowly(b: &CramBoard, free: u64) -> u64 {
        let (h, w) = (b.height as i64, b.width as i64);
        let at = |r: i64, c: i64| {
            (0..h).contains(&r) && (0..w).contains(&c) && free >> (r * w + c) & 1 == 1
        };
        let mut out = 0;
        for r in 0..h - 1 {
            for c in 0..w - 1 {
                let square = at(r, c) && at(r, c + 1) && at(r + 1, c) && at(r + 1, c + 1);
                let first =
                    !at(r - 1, c) && !at(r, c - 1) && !at(r + 2, c + 1) && !at(r + 1, c + 2);
                let second =
                    !at(r - 1, c + 1) && !at(r, c + 2) && !at(r + 2, c) && !at(r + 1, c - 1);
                if square && (first || second) {
                    out |= 1 << (r * w + c);
                }
            }
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// Closed squares against the cell-by-cell definition, on random
        /// boards of every shape up to 64 cells.
        #[test]
        fn closed_squares_against_cells(height in 1usize..=16, width in 1usize..=16, a: u64, b: u64, sparse: bool) {
            let width = width.min(MAX_CELLS / height);
            let board = CramBoard::new(height, width).unwrap();
            let free = if sparse { a & b } else { a | b } & board.all;
            proptest::prop_assert_eq!(board.closed_squares(free), closed_squares_slowly(&board, free));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// Regions against a flood fill one step at a time, on random
        /// boards of every shape up to 64 cells.
        #[test]
        fn regions_against_steps(height in 1usize..=16, width in 1usize..=16, a: u64, b: u64, sparse: bool) {
            let width = width.min(MAX_CELLS / height);
            let board = CramBoard::new(height, width).unwrap();
            let free = if sparse { a & b } else { a | b } & board.all;
            let mut rest = free;
            while rest != 0 {
                let seed = rest & rest.wrapping_neg();
                let region = board.region(free, seed);
                let mut slow = seed;
                loop {
                    let grown = (slow | board.neighbours(slow)) & free;
                    if grown == slow {
                        break;
                    }
                    slow = grown;
                }
                proptest::prop_assert_eq!(region, slow);
                rest &= !region;
            }
        }
    }

    #[test]
    fn bounds_and_records() {
        assert!(CramBoard::new(8, 9).is_err());
        assert!(CramBoard::new(0, 3).is_err());
        let b = CramBoard::new(1, 64).unwrap();
        assert_eq!(b.whole(), u64::MAX);
        let b = CramBoard::new(3, 4).unwrap();
        let mut bytes = Vec::new();
        b.write_record(&0b1011, &mut bytes);
        assert_eq!(b.read_record(&bytes), Some(0b1011));
        assert_eq!(b.read_record(&u64::MAX.to_le_bytes()), None);
    }
}
