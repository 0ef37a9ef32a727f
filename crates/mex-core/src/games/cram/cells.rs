//! Cram's positions: boards of at most [`MAX_CELLS`] cells packed in one
//! `u128`, with the bit operations the game plays on them (regions,
//! trimming, the eight symmetries); below both the game and its 64-bit
//! board engine ([`super::board`]).

use crate::games::grid_board::{Alphabet, Board};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most cells of a Cram board: its free cells are one 128-bit mask. The
/// only limit of Cram: the work of a search is bounded by its memory
/// budget and stop token as it runs, not by an a-priori count.
pub const MAX_CELLS: usize = 128;

/// The weight of a free cell in Cram's [`ImpartialRuleset::difficulty`]:
/// the pruned search asks about a component one cell larger as if it came
/// ten places later in the order of moves (dominoes nearest the centre
/// first). Against the square of the cells alone (the order igsolve uses,
/// `SmallerComponentsFirst`), it expands 22% fewer components over twelve
/// boards from 4×7 to 5×9 (geometric mean; 70% fewer on 3×15, 8% more on
/// 4×11; bench/README.md); weights of 5, 7, 14 and 20 did worse.
pub const DIFFICULTY_PER_CELL: u64 = 10;

pub(in crate::games) const ALPHABET: Alphabet = Alphabet {
    cells: b".#",
    sized: Some(|_, _| b'.'),
    accepted: "HxW such as 3x4, or rows of . (free) and # (taken) separated by / or |, such \
               as ..#/...",
    max_cells: MAX_CELLS,
};

/// A Cram board of at most [`MAX_CELLS`] cells, packed: bit `r * width + c`
/// of `free` is set when the cell in row `r`, column `c` is free. Printed
/// and parsed as rows of `.` (free) and `#` (taken).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cells {
    pub(in crate::games) height: u8,
    pub(in crate::games) width: u8,
    pub(in crate::games) free: u128,
}

impl Cells {
    /// The board's height.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// The mask of free cells (bit `r * width + c`).
    pub fn free(&self) -> u128 {
        self.free
    }

    /// Whether the cell in row `r`, column `c` is free.
    pub fn is_free(&self, r: usize, c: usize) -> bool {
        self.free >> (r * self.width() + c) & 1 == 1
    }

    /// The board as rows of cells.
    pub fn to_board(&self) -> Board {
        let mut board = Board::filled(self.height(), self.width(), b'#');
        for r in 0..self.height() {
            for c in 0..self.width() {
                if self.is_free(r, c) {
                    board.set(r, c, b'.');
                }
            }
        }
        board
    }

    pub(in crate::games) fn from_board(board: &Board) -> Result<Cells, MexError> {
        let (height, width) = (board.height(), board.width());
        if height * width > MAX_CELLS {
            return Err(MexError::above_limit(
                "Cram board size",
                format!("{height}x{width}"),
                format!("{MAX_CELLS} cells (one 128-bit mask)"),
                "use a smaller board",
            ));
        }
        let mut free = 0u128;
        for r in 0..height {
            for c in 0..width {
                if board.get(r, c) == b'.' {
                    free |= 1 << (r * width + c);
                }
            }
        }
        Ok(Cells {
            height: height as u8,
            width: width as u8,
            free,
        })
    }

    /// The `height × width` board whose free cells are the bits of `free`
    /// (bit `r * width + c`), or `None` when it is no board of at most
    /// [`MAX_CELLS`] cells or `free` has bits beyond it.
    pub fn from_mask(height: usize, width: usize, free: u128) -> Option<Cells> {
        let cells = height * width;
        let fits = (1..=MAX_CELLS).contains(&cells)
            && height <= 255
            && width <= 255
            && free & !low_bits(cells) == 0;
        fits.then_some(Cells {
            height: height as u8,
            width: width as u8,
            free,
        })
    }

    pub(in crate::games) fn with_free(self, free: u128) -> Cells {
        Cells { free, ..self }
    }
}

impl FromStr for Cells {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        Cells::from_board(&Board::parse(s, &ALPHABET)?)
    }
}

impl fmt::Display for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_board().fmt(f)
    }
}

/// The masks of a `height × width` board, for shifting free cells.
#[derive(Clone, Copy)]
pub(in crate::games) struct Geometry {
    pub(in crate::games) width: u32,
    pub(in crate::games) all: u128,
    pub(in crate::games) first_column: u128,
    pub(in crate::games) last_column: u128,
}

impl Geometry {
    pub(in crate::games) fn of(p: &Cells) -> Geometry {
        let (h, w) = (u32::from(p.height), u32::from(p.width));
        let first_column = first_column(h, w);
        let cells = h * w;
        let all = if cells >= 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        Geometry {
            width: w,
            all,
            first_column,
            last_column: first_column << (w - 1),
        }
    }

    /// The cells orthogonally adjacent to some cell of `x`.
    pub(in crate::games) fn neighbours(&self, x: u128) -> u128 {
        (((x & !self.last_column) << 1)
            | ((x & !self.first_column) >> 1)
            | shl(x, self.width)
            | shr(x, self.width))
            & self.all
    }

    /// The left cells of the horizontal dominoes that fit on `free`.
    pub(in crate::games) fn horizontal(&self, free: u128) -> u128 {
        free & (free >> 1) & !self.last_column
    }

    /// The top cells of the vertical dominoes that fit on `free`.
    pub(in crate::games) fn vertical(&self, free: u128) -> u128 {
        free & shr(free, self.width)
    }

    /// The free cells with a free neighbour: isolated cells never move.
    pub(in crate::games) fn playable(&self, free: u128) -> u128 {
        free & self.neighbours(free)
    }

    /// The orthogonally connected region of `free` holding `seed` (a
    /// subset of `free`): whole runs of a row at a time, then a step up
    /// and down, until no step adds a cell.
    pub(in crate::games) fn region(&self, free: u128, seed: u128) -> u128 {
        let mut region = seed;
        loop {
            let grown = runs_upwards(
                free,
                (region | self.neighbours(region)) & free,
                self.last_column,
            );
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The region of `free` holding `seed`, one step in every direction
    /// at a time (the slow twin of [`Geometry::region`]).
    #[cfg(test)]
    pub(in crate::games) fn region_by_steps(&self, free: u128, seed: u128) -> u128 {
        let mut region = seed;
        loop {
            let grown = (region | self.neighbours(region)) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The regions of `free` (of two or more cells when `free` is playable).
    pub(in crate::games) fn regions(&self, free: u128) -> Vec<u128> {
        let mut rest = free;
        let mut out = Vec::new();
        while rest != 0 {
            let region = self.region(rest, rest & rest.wrapping_neg());
            rest &= !region;
            out.push(region);
        }
        out
    }
}

/// The cells of `free` from each bit of `seed` upwards to the end of its
/// run, where a run stops at a taken cell or after a cell of `ends`.
pub(in crate::games) fn runs_upwards(free: u128, seed: u128, ends: u128) -> u128 {
    let through = free & !ends;
    let run = (through & !through.wrapping_add(seed & through)) | seed;
    run | (run << 1) & free & ends
}

/// The cells of the first column of an `h × w` board (`h · w ≤ 128`),
/// the column doubled in height at each step.
pub(in crate::games) fn first_column(h: u32, w: u32) -> u128 {
    let mut column = 1u128;
    let mut rows = 1;
    while rows < h {
        column |= shl(column, rows * w);
        rows *= 2;
    }
    column & low_bits((h * w) as usize)
}

/// Whether every cell of the board is free.
pub(in crate::games) fn whole_board(p: &Cells) -> bool {
    p.free == low_bits(p.height() * p.width())
}

/// The lowest `n` bits set (`n ≤ 128`).
pub(in crate::games) fn low_bits(n: usize) -> u128 {
    shl(1, n as u32).wrapping_sub(1)
}

/// `x << n`, zero when `n` is 128.
pub(in crate::games) fn shl(x: u128, n: u32) -> u128 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, zero when `n` is 128.
pub(in crate::games) fn shr(x: u128, n: u32) -> u128 {
    x.checked_shr(n).unwrap_or(0)
}

/// `0..n` from the middle outwards: `n/2, n/2 - 1, n/2 + 1, …`.
pub(in crate::games) fn centre_out(n: u32) -> impl Iterator<Item = u32> {
    let mid = n / 2;
    (0..n).map(move |k| {
        if k % 2 == 0 {
            mid + k / 2
        } else {
            mid - k.div_ceil(2)
        }
    })
}

/// The cells of `p` moved to the smallest board holding them (a 1×1 taken
/// board when there is none).
pub(in crate::games) fn trimmed(p: &Cells) -> Cells {
    if p.free == 0 {
        return Cells {
            height: 1,
            width: 1,
            free: 0,
        };
    }
    if is_trimmed(p) {
        return *p;
    }
    let w = p.width();
    let row = shl(1, w as u32).wrapping_sub(1);
    let top = p.free.trailing_zeros() as usize / w;
    let bottom = (127 - p.free.leading_zeros() as usize) / w;
    let rows = bottom - top + 1;
    let mut columns = p.free >> (top * w);
    let mut folded = 1;
    while folded < rows {
        columns |= shr(columns, (folded * w) as u32);
        folded *= 2;
    }
    columns &= row;
    let left = columns.trailing_zeros() as usize;
    let right = 127 - columns.leading_zeros() as usize;
    let (height, width) = (rows, right - left + 1);
    if width == w {
        return Cells {
            height: height as u8,
            width: width as u8,
            free: p.free >> (top * w),
        };
    }
    let row_mask = shl(1, width as u32).wrapping_sub(1);
    let mut free = 0u128;
    for r in 0..height {
        free |= ((p.free >> ((top + r) * w + left)) & row_mask) << (r * width);
    }
    Cells {
        height: height as u8,
        width: width as u8,
        free,
    }
}

/// Whether `p`'s free cells touch all four sides of its board (trimming
/// then changes nothing).
pub(in crate::games) fn is_trimmed(p: &Cells) -> bool {
    let (h, w) = (u32::from(p.height), u32::from(p.width));
    let row = shl(1, w).wrapping_sub(1);
    let first_column = first_column(h, w);
    let last_column = first_column << (w - 1);
    p.free & row != 0
        && shr(p.free, (h - 1) * w) != 0
        && p.free & first_column != 0
        && p.free & last_column != 0
}

/// Strides for which [`spread_table`] keeps the bytes spread out.
pub(in crate::games) const SPREAD_STRIDES: usize = 16;

/// `SPREAD[s - 1][b]`: bit `k` of the byte `b` moved to bit `k · s`.
pub(in crate::games) fn spread_table() -> &'static [[u128; 256]; SPREAD_STRIDES] {
    static TABLE: std::sync::OnceLock<Box<[[u128; 256]; SPREAD_STRIDES]>> =
        std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[0u128; 256]; SPREAD_STRIDES]);
        for (i, row) in table.iter_mut().enumerate() {
            for (b, out) in row.iter_mut().enumerate() {
                for k in 0..8 {
                    if b >> k & 1 == 1 {
                        *out |= shl(1, k * (i as u32 + 1));
                    }
                }
            }
        }
        table
    })
}

/// `p` transposed (rows become columns), a byte of a row at a time
/// through [`spread_table`]; [`transposed_by_bits`] for tall boards.
pub(in crate::games) fn transposed(p: &Cells) -> Cells {
    let (h, w) = (p.height(), p.width() as u32);
    if h > SPREAD_STRIDES {
        return transposed_by_bits(p);
    }
    let spread = &spread_table()[h - 1];
    let row = shl(1, w).wrapping_sub(1);
    let mut free = 0u128;
    for r in 0..h as u32 {
        let mut bits = shr(p.free, r * w) & row;
        let mut at = r;
        while bits != 0 {
            free |= shl(spread[(bits & 0xff) as usize], at);
            bits >>= 8;
            at += 8 * h as u32;
        }
    }
    Cells {
        height: p.width,
        width: p.height,
        free,
    }
}

/// `p` transposed, one free cell at a time (the slow twin of
/// [`transposed`], and its path for boards taller than 16 rows).
pub(in crate::games) fn transposed_by_bits(p: &Cells) -> Cells {
    let (h, w) = (p.height(), p.width());
    let row = shl(1, w as u32).wrapping_sub(1);
    let mut free = 0u128;
    for r in 0..h {
        let mut bits = (p.free >> (r * w)) & row;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            free |= 1 << (c * h + r);
        }
    }
    Cells {
        height: p.width,
        width: p.height,
        free,
    }
}

/// `p` with its rows in reverse order.
pub(in crate::games) fn rows_reversed(p: &Cells) -> u128 {
    let (h, w) = (p.height(), p.width() as u32);
    let row = shl(1, w).wrapping_sub(1);
    let mut free = 0u128;
    for r in 0..h as u32 {
        free |= (shr(p.free, r * w) & row) << ((h as u32 - 1 - r) * w);
    }
    free
}

/// `p` turned by a half turn: the mask's bits in reverse order.
pub(in crate::games) fn half_turned(p: &Cells) -> u128 {
    let cells = (p.height() * p.width()) as u32;
    shr(p.free.reverse_bits(), 128 - cells)
}

/// The least of the eight images of `p` under the square's group (height,
/// width, then mask): the rows reversed, the half turn and both, of `p`
/// and of its transpose.
///
/// The images keep the board's shape or transpose it, and the order
/// compares heights first: a board wider than tall is least among its
/// own four images, a taller one among its transpose's, and only a
/// square needs all eight.
pub(in crate::games) fn least_image(p: &Cells) -> Cells {
    match p.height.cmp(&p.width) {
        std::cmp::Ordering::Less => least_of_four(p),
        std::cmp::Ordering::Greater => least_of_four(&transposed(p)),
        std::cmp::Ordering::Equal => least_of_four(p).min(least_of_four(&transposed(p))),
    }
}

/// The least of `q`, its rows reversed, its half turn and the half turn's
/// rows reversed.
pub(in crate::games) fn least_of_four(q: &Cells) -> Cells {
    let turned = q.with_free(half_turned(q));
    let free = q
        .free
        .min(rows_reversed(q))
        .min(turned.free)
        .min(rows_reversed(&turned));
    q.with_free(free)
}

/// `free` with all but one of the tufts (cells with a single free
/// neighbour) of each cell removed. The tufts of a cell `x` can only be
/// covered together with `x`, and all the dominoes `x`–tuft leave the same
/// position once the isolated cells are ignored, so by induction on the
/// length of play the reduced position has the same options up to this
/// reduction, hence the same nimber (as in Beling's igsolve, "reduced
/// stars").
pub(in crate::games) fn one_tuft_per_cell(g: &Geometry, free: u128) -> u128 {
    let left = (free & !g.last_column) << 1 & free;
    let right = (free & !g.first_column) >> 1 & free;
    let up = shl(free, g.width) & g.all & free;
    let down = shr(free, g.width) & free;
    let some = left | right | up | down;
    let two = (left & right) | (up & down) | ((left | right) & (up | down));
    let mut tufts = some & !two;
    let mut out = free;
    let mut holding = 0u128;
    while tufts != 0 {
        let t = tufts & tufts.wrapping_neg();
        tufts &= tufts - 1;
        let x = g.neighbours(t) & free;
        if some & !two & x != 0 {
            continue;
        }
        if holding & x != 0 {
            out &= !t;
        } else {
            holding |= x;
        }
    }
    out
}
