//! The board of the Domineering search as two views of 32-bit rows: the
//! board as it stands (Right's dominoes, horizontal, along its rows) and
//! transposed (Left's, vertical, along its rows). In a view, row `i`
//! (counted from 1) holds cell `k` (counted from 1) as bit `k`; a set bit
//! is a taken cell or a wall (bit 0, the bits beyond the last column, and
//! rows 0 and `n + 1`), so that every count needs no special case at the
//! edges.

use crate::partizan::domineering::Grid;
use crate::MexError;

/// The view of Right, whose dominoes are horizontal.
pub const HORIZONTAL: usize = 0;
/// The view of Left, whose dominoes are vertical.
pub const VERTICAL: usize = 1;

/// Rows of a view, with the two walls.
pub const ROWS: usize = 32;
/// The most moves a player can have on a board of at most
/// [`super::MAX_CELLS`] cells, with room.
pub const MAX_MOVES: usize = 128;

/// A move along a row of the mover's view: cells `bit` and `bit + 1` of
/// row `row`, with the score that orders it and the counts after it (set
/// by the search as it orders the moves).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Move {
    pub row: u8,
    pub bit: u8,
    pub score: i32,
    pub after: Counts,
}

/// Both players' real and safe moves ([`Board::real`], [`Board::safe`]),
/// indexed by view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub real: [u32; 2],
    pub safe: [u32; 2],
}

/// Every bit set where cells `k` and `k + 1` of `row` are both free: the
/// moves along it.
pub fn starts(row: u32) -> u32 {
    !(row | (row >> 1))
}

/// The safe moves along a row (bits where one starts), given the rows
/// across it.
pub fn safe_starts(above: u32, row: u32, below: u32) -> u32 {
    let guard = above & below;
    starts(row) & guard & (guard >> 1)
}

/// The most non-overlapping moves among the moves `m` (bits where a move
/// starts): greedy from the lowest, which is optimal on a line; by a table
/// of 16-bit halves.
pub fn disjoint(m: u32) -> u32 {
    if m >> 16 == 0 {
        return u32::from(DISJOINT[m as usize] & !TOOK_LAST);
    }
    let low = DISJOINT[(m & 0xFFFF) as usize];
    let high = if low & TOOK_LAST != 0 {
        (m >> 16) & 0xFFFE
    } else {
        m >> 16
    };
    u32::from(low & !TOOK_LAST) + u32::from(DISJOINT[high as usize] & !TOOK_LAST)
}

/// [`disjoint`] as a signed count.
fn moves_of(m: u32) -> i32 {
    disjoint(m) as i32
}

/// The flag of [`DISJOINT`]: the greedy packing took the move at bit 15,
/// which overlaps the one at bit 16.
const TOOK_LAST: u8 = 0x80;

/// For every 16-bit set of move starts: how many non-overlapping moves the
/// greedy packing takes, and [`TOOK_LAST`].
static DISJOINT: [u8; 1 << 16] = disjoint_table();

const fn disjoint_table() -> [u8; 1 << 16] {
    let mut table = [0u8; 1 << 16];
    let mut m = 0;
    while m < 1 << 16 {
        table[m] = greedy(m as u32);
        m += 1;
    }
    table
}

/// The greedy packing of the starts `m` (16 bits), bit by bit.
const fn greedy(mut m: u32) -> u8 {
    let mut count = 0u8;
    let mut took_last = false;
    while m != 0 {
        let bit = m.trailing_zeros();
        m &= !(3 << bit);
        count += 1;
        took_last = bit == 15;
    }
    if took_last {
        count | TOOK_LAST
    } else {
        count
    }
}

/// The place values of moves in a view of `rows` rows of `cols` cells
/// (Bullock 2002, Obsequi's positional values), by tiers, each mirrored to
/// the four corners and falling away from the corner inside a tier: the
/// second row from an edge across the moves (it makes the edge row's cells
/// protected: safe moves to come) at odd places along it (moves side by
/// side leave no cell between them), then the rest of those rows, then
/// the inner rows at odd places, then the inner rows, then the edge rows.
fn place_values(rows: usize, cols: usize) -> [[i16; ROWS]; ROWS] {
    let mut values = [[0i16; ROWS]; ROWS];
    let half_rows = (rows + 3) / 2;
    let half_cols = cols / 2 + 1;
    let tiers: [(i16, usize, usize, usize); 5] = [
        (127, 2, 2, 2),
        (90, 2, 2, 1),
        (70, 3, 1, 2),
        (50, 3, 1, 1),
        (30, 1, 1, 1),
    ];
    for (top, first_row, row_step, place_step) in tiers {
        let mut value = top;
        for j in (first_row..half_rows).step_by(row_step) {
            for k in (1..half_cols).step_by(place_step) {
                if values[j][k] == 0 {
                    value -= 1;
                    for (r, c) in [
                        (j, k),
                        (rows + 1 - j, k),
                        (rows + 1 - j, cols - k),
                        (j, cols - k),
                    ] {
                        if r < ROWS && c < ROWS {
                            values[r][c] = value;
                        }
                    }
                }
            }
        }
    }
    values
}

/// The board of the search.
#[derive(Debug, Clone)]
pub struct Board {
    /// The two views.
    pub views: [[u32; ROWS]; 2],
    /// The rows of each view (the height, then the width).
    pub rows: [usize; 2],
    /// Free cells.
    pub empty: u32,
    /// Each row's real moves and safe moves, per view, and their totals
    /// (kept as moves are played).
    real_rows: [[u8; ROWS]; 2],
    safe_rows: [[u8; ROWS]; 2],
    real_total: [u32; 2],
    safe_total: [u32; 2],
    /// The free cells under each of the four orientation-preserving
    /// symmetries (identity, columns mirrored, rows mirrored, both), bit
    /// `r·W + c`; on a square board, then the same of its transpose (cell
    /// `(r, c)` at bit `c·H + r`), else zero.
    images: [u128; 8],
    /// The place value of a move at each row and bit of each view.
    places: Box<[[[i16; ROWS]; ROWS]; 2]>,
}

impl Board {
    /// The board of a grid; refuses a grid beyond [`super::MAX_SIDE`] or
    /// [`super::MAX_CELLS`].
    pub fn of(grid: &Grid) -> Result<Board, MexError> {
        Board::of_cells(grid.height(), grid.width(), |r, c| grid.is_free(r, c))
    }

    /// The empty board of `h × w`, which may be larger than a [`Grid`]
    /// holds (up to [`super::MAX_CELLS`]).
    pub fn empty(h: u32, w: u32) -> Result<Board, MexError> {
        Board::of_cells(h, w, |_, _| true)
    }

    /// The board of `h × w` whose free cells are those `free` says.
    fn of_cells(h: u32, w: u32, free: impl Fn(u32, u32) -> bool) -> Result<Board, MexError> {
        if h > super::MAX_SIDE || w > super::MAX_SIDE || h * w > super::MAX_CELLS {
            return Err(MexError::above_limit(
                "board of the Domineering search",
                format!("{h}x{w}"),
                format!(
                    "{} cells and {} on a side",
                    super::MAX_CELLS,
                    super::MAX_SIDE
                ),
                "choose a smaller board",
            ));
        }
        let mut board = Board {
            views: [[u32::MAX; ROWS]; 2],
            rows: [h as usize, w as usize],
            empty: 0,
            real_rows: [[0; ROWS]; 2],
            safe_rows: [[0; ROWS]; 2],
            real_total: [0; 2],
            safe_total: [0; 2],
            images: [0; 8],
            places: Box::new([
                place_values(h as usize, w as usize),
                place_values(w as usize, h as usize),
            ]),
        };
        for r in 0..h {
            for c in 0..w {
                if free(r, c) {
                    board.free_cell(r as usize, c as usize);
                }
            }
        }
        board.recount_all();
        Ok(board)
    }

    fn free_cell(&mut self, r: usize, c: usize) {
        self.views[HORIZONTAL][r + 1] &= !(1 << (c + 1));
        self.views[VERTICAL][c + 1] &= !(1 << (r + 1));
        self.empty += 1;
        self.flip_images(r, c);
    }

    /// Flips cell `(r, c)` (from 0) in the four images, and on a square
    /// board in the four images of its transpose.
    fn flip_images(&mut self, r: usize, c: usize) {
        let (h, w) = (self.rows[HORIZONTAL], self.rows[VERTICAL]);
        let (rr, cc) = (h - 1 - r, w - 1 - c);
        self.images[0] ^= 1 << (r * w + c);
        self.images[1] ^= 1 << (r * w + cc);
        self.images[2] ^= 1 << (rr * w + c);
        self.images[3] ^= 1 << (rr * w + cc);
        if h == w {
            self.images[4] ^= 1 << (c * h + r);
            self.images[5] ^= 1 << (c * h + rr);
            self.images[6] ^= 1 << (cc * h + r);
            self.images[7] ^= 1 << (cc * h + rr);
        }
    }

    /// The table key of the position with `mover` to move: the least image,
    /// the mover (bit 126) and the mark of a used entry (bit 127). On a
    /// square board the key is the lesser of that and the key of the
    /// transposed position with the other player to move: transposing
    /// turns vertical dominoes into horizontal ones, so the transpose with
    /// the players exchanged is the same game (its negative, with the
    /// other first player), and the mover wins both or neither.
    pub fn key(&self, mover: usize) -> u128 {
        let least = |images: &[u128]| images.iter().copied().min().unwrap_or(0);
        let mark = |mover: usize| ((mover as u128) << 126) | (1 << 127);
        let key = least(&self.images[..4]) | mark(mover);
        if self.rows[HORIZONTAL] == self.rows[VERTICAL] {
            key.min(least(&self.images[4..]) | mark(1 - mover))
        } else {
            key
        }
    }

    /// Plays `player`'s move `m`, or takes it back if it was played: the
    /// cells and the images only. The counts kept are those of the board
    /// at the last [`Board::recount_all`] (the search passes each child's
    /// counts down from [`Board::counts_after`] and recounts only the
    /// positions it expands).
    pub fn toggle(&mut self, player: usize, m: Move) {
        let (row, bit) = (m.row as usize, m.bit as usize);
        self.views[player][row] ^= 3 << bit;
        let other = &mut self.views[1 - player];
        other[bit] ^= 1 << row;
        other[bit + 1] ^= 1 << row;
        let (r, c) = if player == HORIZONTAL {
            (row - 1, bit - 1)
        } else {
            (bit - 1, row - 1)
        };
        let (r2, c2) = if player == HORIZONTAL {
            (r, c + 1)
        } else {
            (r + 1, c)
        };
        self.flip_images(r, c);
        self.flip_images(r2, c2);
        if self.views[player][row] & (1 << bit) != 0 {
            self.empty -= 2;
        } else {
            self.empty += 2;
        }
    }

    /// Protected cells of row `i` of `player`'s view: free cells whose
    /// neighbours across the row are taken.
    pub fn guard(&self, player: usize, i: usize) -> u32 {
        let v = &self.views[player];
        v[i - 1] & v[i + 1]
    }

    /// Safe moves along row `i`.
    fn safe_starts(&self, player: usize, i: usize) -> u32 {
        let v = &self.views[player];
        safe_starts(v[i - 1], v[i], v[i + 1])
    }

    /// Counts every row of both views afresh.
    pub fn recount_all(&mut self) {
        for player in [HORIZONTAL, VERTICAL] {
            self.recount(player);
        }
    }

    /// Counts every row of `player`'s view afresh.
    fn recount(&mut self, player: usize) {
        let (mut real_total, mut safe_total) = (0, 0);
        for i in 1..=self.rows[player] {
            let v = &self.views[player];
            let real = disjoint(starts(v[i])) as u8;
            let safe = disjoint(safe_starts(v[i - 1], v[i], v[i + 1])) as u8;
            self.real_rows[player][i] = real;
            self.safe_rows[player][i] = safe;
            real_total += u32::from(real);
            safe_total += u32::from(safe);
        }
        self.real_total[player] = real_total;
        self.safe_total[player] = safe_total;
    }

    /// Both players' real and safe moves now.
    pub fn counts(&self) -> Counts {
        Counts {
            real: self.real_total,
            safe: self.safe_total,
        }
    }

    /// The safe moves of `player`, packed (no two overlap).
    pub fn safe(&self, player: usize) -> u32 {
        self.safe_total[player]
    }

    /// The real moves of `player`: the most non-overlapping moves along
    /// each row, summed.
    pub fn real(&self, player: usize) -> u32 {
        self.real_total[player]
    }

    /// Writes the moves of `player` that are not safe; returns how many.
    pub fn unsafe_moves(&self, player: usize, out: &mut [Move]) -> usize {
        let mut n = 0;
        for i in 1..=self.rows[player] {
            let g = self.guard(player, i);
            let mut m = starts(self.views[player][i]) & !(g & (g >> 1));
            while m != 0 {
                let bit = m.trailing_zeros();
                m &= m - 1;
                out[n] = Move {
                    row: i as u8,
                    bit: bit as u8,
                    ..Move::default()
                };
                n += 1;
            }
        }
        n
    }

    /// Writes the safe moves of `player`, one for all the isolated ones;
    /// returns how many.
    pub fn safe_moves(&self, player: usize, out: &mut [Move]) -> usize {
        let mut n = 0;
        let mut isolated_seen = false;
        for i in 1..=self.rows[player] {
            let row = self.views[player][i];
            let mut m = self.safe_starts(player, i);
            while m != 0 {
                let bit = m.trailing_zeros();
                m &= m - 1;
                let isolated = (row >> bit.saturating_sub(1)) & 0b1001 == 0b1001 && bit > 0;
                if isolated && std::mem::replace(&mut isolated_seen, true) {
                    continue;
                }
                out[n] = Move {
                    row: i as u8,
                    bit: bit as u8,
                    ..Move::default()
                };
                n += 1;
            }
        }
        n
    }

    /// The order of a move (higher first), given the counts after it
    /// ([`Board::counts_after`]): real moves the mover keeps minus those it
    /// takes from the opponent, and safe moves it makes minus those it
    /// takes (Bullock 2002), then its place on the board.
    pub fn score(&self, player: usize, m: Move, after: &Counts) -> i32 {
        let (row, bit) = (m.row as usize, m.bit as usize);
        let guard = self.guard(player, row) >> bit & 3;
        let stage = if guard == 0 { 1 << 20 } else { 0 };
        stage + self.count_change(player, after) * 128 + self.place(player, m)
    }

    /// The change of the mover's real and safe moves less the change of
    /// the opponent's, from this board to the counts `after` a move of
    /// `player`.
    pub fn count_change(&self, player: usize, after: &Counts) -> i32 {
        let change = |p: usize| {
            (after.real[p] + after.safe[p]) as i32 - (self.real(p) + self.safe(p)) as i32
        };
        change(player) - change(1 - player)
    }

    /// Both players' real and safe moves after `player` plays `m`, from the
    /// counts kept, without playing it: only the rows the move touches are
    /// counted again (the rows [`Board::toggle`] recounts).
    pub fn counts_after(&self, player: usize, m: Move) -> Counts {
        let (row, bit) = (m.row as usize, m.bit as usize);
        let mine = self.change_along(player, row, self.views[player][row] | (3 << bit));
        let theirs = self.change_across(1 - player, bit, 1 << row);
        let mut counts = Counts {
            real: self.real_total,
            safe: self.safe_total,
        };
        for (p, (real, safe)) in [(player, mine), (1 - player, theirs)] {
            counts.real[p] = counts.real[p].wrapping_add_signed(real);
            counts.safe[p] = counts.safe[p].wrapping_add_signed(safe);
        }
        counts
    }

    /// The position as a grid (for the tests).
    #[cfg(test)]
    pub fn grid(&self) -> Grid {
        let (h, w) = (self.rows[HORIZONTAL], self.rows[VERTICAL]);
        let rows: Vec<String> = (1..=h)
            .map(|r| {
                (1..=w)
                    .map(|c| {
                        if self.views[HORIZONTAL][r] >> c & 1 == 0 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        Grid::parse(&rows.join("/")).expect("a board of the search is a grid")
    }

    /// The change of the real and of the safe moves of the mover `player`
    /// when row `i` of its view becomes `word`: the safe moves of the rows
    /// beside it change with their guard.
    fn change_along(&self, player: usize, i: usize, word: u32) -> (i32, i32) {
        let v = &self.views[player];
        let (real_rows, safe_rows) = (&self.real_rows[player], &self.safe_rows[player]);
        let real = moves_of(starts(word)) - i32::from(real_rows[i]);
        let mut safe = moves_of(safe_starts(v[i - 1], word, v[i + 1])) - i32::from(safe_rows[i]);
        if i > 1 {
            safe += moves_of(safe_starts(v[i - 2], v[i - 1], word)) - i32::from(safe_rows[i - 1]);
        }
        if i < self.rows[player] {
            safe += moves_of(safe_starts(word, v[i + 1], v[i + 2])) - i32::from(safe_rows[i + 1]);
        }
        (real, safe)
    }

    /// The change of the real and of the safe moves of the opponent
    /// `player` when a move across its rows `i` and `i + 1` takes the
    /// cells `mark` of both.
    fn change_across(&self, player: usize, i: usize, mark: u32) -> (i32, i32) {
        let v = &self.views[player];
        let (real_rows, safe_rows) = (&self.real_rows[player], &self.safe_rows[player]);
        let (x, y) = (v[i] | mark, v[i + 1] | mark);
        let real = moves_of(starts(x)) + moves_of(starts(y))
            - i32::from(real_rows[i])
            - i32::from(real_rows[i + 1]);
        let mut safe = moves_of(safe_starts(v[i - 1], x, y))
            + moves_of(safe_starts(x, y, v[i + 2]))
            - i32::from(safe_rows[i])
            - i32::from(safe_rows[i + 1]);
        if i > 1 {
            safe += moves_of(safe_starts(v[i - 2], v[i - 1], x)) - i32::from(safe_rows[i - 1]);
        }
        if i + 1 < self.rows[player] {
            safe += moves_of(safe_starts(y, v[i + 2], v[i + 3])) - i32::from(safe_rows[i + 2]);
        }
        (real, safe)
    }

    /// A move's place on the board: [`place_values`] of the mover's view.
    fn place(&self, player: usize, m: Move) -> i32 {
        i32::from(self.places[player][m.row as usize][m.bit as usize])
    }
}
