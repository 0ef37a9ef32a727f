//! Who wins a Domineering position with a given first player, by a
//! dedicated bitboard search: alpha-beta over win and loss (negamax), a
//! transposition table, move ordering, and cut-offs by bounds on the number
//! of moves each player can still make. It answers the question the outcome
//! search of [`super::minimax`] answers for any sum, on boards where that
//! generic search is orders of magnitude too slow.
//!
//! The board is kept twice, as rows of bits: once as it stands and once
//! transposed, so that each player's dominoes lie along the rows of its own
//! view (Left, vertical, along the columns) and every count below is one
//! formula over the rows of a view (Bullock 2002, the representation of
//! Obsequi). A position's real and safe moves (below) are counted by its
//! parent, from the rows the move touches, to order the moves; they are
//! passed down with the move, so that a position a bound decides is never
//! counted itself, and only an expanded position is counted afresh.
//!
//! Terms, for the player `P` whose dominoes lie along the rows of a view:
//! a free cell is *protected* when the cells above and below it are taken
//! (the opponent can never cover it); a *safe move* covers two protected
//! cells; the *real* moves of a player are the most non-overlapping moves
//! it has along each row, summed (an upper bound on the moves it can still
//! make, since the board only fills up).
//!
//! Cut-offs, each a theorem checked against the canonical forms by the
//! tests (the slow twin, on every board of a small size and on random
//! positions):
//! - the simple bounds (Lachmann, Moore and Rapaport 2002; Bullock 2002):
//!   the mover wins when its safe moves outnumber the opponent's real moves,
//!   and loses when the opponent's safe moves are at least the mover's real
//!   moves — safe moves can neither be taken away nor overlap;
//! - the packed bounds of Bullock (2002, ch. 3): protective areas,
//!   vulnerable moves and safe moves with an option packed onto the board
//!   give a lower bound on a player's moves and an upper bound on the
//!   opponent's (module [`bounds`]).
//!
//! Safe moves are tried last: a safe move `s` of Left satisfies
//! `G ≥ G^s + 1` (copy every move between `G` and `−G^s`, and answer Right's
//! move in `−1` by `s`), so it is never better than a pass, but it can be
//! the only winning move (`1 + {−2 | 5}`), so it is not left out.
//! Isolated safe moves (two free cells with no other free neighbour) are
//! the same component `1`, so one of them is tried.
//!
//! The table maps a position (its free cells, the least of its four
//! orientation-preserving images, and the mover) to its result exactly: no
//! two positions share an entry but those with one result. On a square
//! board a position and its transpose with the players exchanged share one
//! entry (the mover wins both or neither: the transpose is the negative),
//! so the second first player of an empty square board is answered from
//! the table. Buckets of two entries; a new result
//! replaces the entry of the smaller subtree (the number of nodes searched
//! below it), so that results that took long are kept (Bullock 2002).

mod bounds;
pub mod proof;
mod view;

use super::domineering::Grid;
use super::minimax::Player;
use crate::error::{memory_amount, Budget};
use crate::MexError;
use view::{Board, Counts, Move, MAX_MOVES};

/// The largest side of a board this search takes (30 cells and two walls
/// in a 32-bit row).
pub const MAX_SIDE: u32 = 30;
/// The most cells of a board this search takes: its positions are keyed
/// exactly in 128 bits, three of them for the result, the mover and the
/// occupied mark.
pub const MAX_CELLS: u32 = 125;

/// Bytes of one entry of the transposition table.
const ENTRY_BYTES: usize = 16 + 4;
/// The entries of a new table (2^12); it doubles when half full, up to
/// what the memory budget allows.
const FIRST_ENTRIES: usize = 1 << 12;

/// What a search did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions expanded (not decided by a bound or the table).
    pub nodes: u64,
    /// Positions decided by a bound.
    pub bound_cuts: u64,
    /// Positions found in the table.
    pub table_hits: u64,
}

/// The switches of the search, for the tests and for tuning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switches {
    /// Use the packed bounds of [`bounds`] besides the simple ones.
    pub packed_bounds: bool,
    /// Order moves by their score (otherwise in the order generated).
    pub ordering: bool,
    /// Try safe moves last (otherwise never: Obsequi's choice, which gives
    /// the same answers on every position of the boards up to 4×4, the
    /// tests show, but which we know no proof of).
    pub safe_moves: bool,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            packed_bounds: true,
            ordering: true,
            safe_moves: true,
        }
    }
}

/// A Domineering who-wins search with its transposition table (kept
/// across calls, so that both first players share work).
pub struct DomineeringSearch {
    keys: Vec<u128>,
    work: Vec<u32>,
    /// Entries in use.
    filled: usize,
    /// The most entries the budget allows (a power of two).
    max_entries: usize,
    /// 64 less the bits of an index into the table (whose size is a power
    /// of two): an index is the top bits of a multiplicative hash, which
    /// depend on every bit of the key.
    shift: u32,
    switches: Switches,
    /// The height and width of the boards in the table: keys are sets of
    /// cells, so the table is cleared when the shape changes.
    shape: (u32, u32),
    /// What the searches did so far.
    pub stats: SearchStats,
}

impl DomineeringSearch {
    /// A search whose table takes at most `memory` bytes.
    pub fn new(memory: usize) -> Result<Self, MexError> {
        Self::with_switches(memory, Switches::default())
    }

    /// [`DomineeringSearch::new`] with the switches given.
    pub fn with_switches(memory: usize, switches: Switches) -> Result<Self, MexError> {
        let entries = memory / ENTRY_BYTES;
        if entries < 2 {
            return Err(MexError::budget_spent(
                Budget::Memory,
                "the transposition table of the Domineering search",
                memory_amount(memory),
                "give the search more memory",
            ));
        }
        let max_entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        let entries = max_entries.min(FIRST_ENTRIES);
        Ok(DomineeringSearch {
            keys: vec![0; entries],
            work: vec![0; entries],
            filled: 0,
            max_entries,
            shift: 64 - entries.trailing_zeros(),
            switches,
            shape: (0, 0),
            stats: SearchStats::default(),
        })
    }

    /// Whether `first`, moving first on `grid`, wins.
    pub fn first_player_wins(&mut self, grid: &Grid, first: Player) -> Result<bool, MexError> {
        let board = self.board_of(grid)?;
        self.first_wins_on(board, first)
    }

    /// Whether `first`, moving first on the empty `height × width` board,
    /// wins: boards up to [`MAX_CELLS`], beyond what a [`Grid`] holds.
    pub fn first_player_wins_on_empty(
        &mut self,
        height: u32,
        width: u32,
        first: Player,
    ) -> Result<bool, MexError> {
        let board = Board::empty(height, width)?;
        self.set_shape((height, width));
        self.first_wins_on(board, first)
    }

    fn first_wins_on(&mut self, mut board: Board, first: Player) -> Result<bool, MexError> {
        let counts = board.counts();
        Ok(self.wins(&mut board, view_of(first), counts)?.0)
    }

    /// The first move of `mover` on `grid`, in the order the search tries
    /// them, after which the other player loses (its top or left cell, as
    /// [`Grid::placements`] names it); `None` when `mover` loses. The same
    /// move whatever the table holds: the order depends on the board alone.
    pub fn winning_move(
        &mut self,
        grid: &Grid,
        mover: Player,
    ) -> Result<Option<(u32, u32)>, MexError> {
        let mut board = self.board_of(grid)?;
        let side = view_of(mover);
        let mut moves = [Move::default(); MAX_MOVES];
        let count = self.ordered_moves(&board, side, &mut moves);
        for m in &moves[..count] {
            board.toggle(side, *m);
            let (opponent_won, _) = self.wins(&mut board, 1 - side, m.after)?;
            board.toggle(side, *m);
            if !opponent_won {
                return Ok(Some(cell_of(side, *m)));
            }
        }
        Ok(None)
    }

    /// The search's board of `grid`; the table is emptied when the shape
    /// changes (its keys are images of one shape).
    fn board_of(&mut self, grid: &Grid) -> Result<Board, MexError> {
        let board = Board::of(grid)?;
        self.set_shape((grid.height(), grid.width()));
        Ok(board)
    }

    /// Empties the table when the boards' shape changes.
    fn set_shape(&mut self, shape: (u32, u32)) {
        if shape != self.shape {
            if self.shape != (0, 0) {
                self.keys.fill(0);
                self.filled = 0;
            }
            self.shape = shape;
        }
    }

    /// Whether `mover` wins `board` moving first, and the nodes searched,
    /// given both players' real and safe moves on it (the board's own
    /// counts are recounted only when the position is expanded).
    fn wins(
        &mut self,
        board: &mut Board,
        mover: usize,
        counts: Counts,
    ) -> Result<(bool, u64), MexError> {
        crate::stop::check()?;
        if let Some(won) = simple_bounds(&counts, mover) {
            self.stats.bound_cuts += 1;
            return Ok((won, 0));
        }
        if self.switches.packed_bounds {
            if let Some(won) = bounds::decided(board, &counts, mover) {
                self.stats.bound_cuts += 1;
                return Ok((won, 0));
            }
        }
        let key = board.key(mover);
        if let Some(won) = self.lookup(key) {
            self.stats.table_hits += 1;
            return Ok((won, 0));
        }
        self.stats.nodes += 1;
        board.recount_all();
        debug_assert_eq!(board.counts(), counts);
        let mut moves = [Move::default(); MAX_MOVES];
        let count = self.ordered_moves(board, mover, &mut moves);
        let mut work = 1u64;
        let mut won = false;
        for m in &moves[..count] {
            board.toggle(mover, *m);
            let (opponent_won, below) = self.wins(board, 1 - mover, m.after)?;
            board.toggle(mover, *m);
            work += below;
            if !opponent_won {
                won = true;
                break;
            }
        }
        self.store(key, won, work);
        Ok((won, work))
    }

    /// The mover's moves in the order they are tried: its other moves by
    /// score (best first, ties in the order generated), then its safe
    /// moves. Moves after which the simple bounds show the opponent wins
    /// are left out, each counted as a bound cut-off: the bounds are read
    /// from the counts after the move ([`Board::counts_after`]), without
    /// playing it. Leaving out losing moves keeps the first winning move
    /// the one of the full list.
    fn ordered_moves(&mut self, board: &Board, mover: usize, out: &mut [Move; MAX_MOVES]) -> usize {
        let generated = board.unsafe_moves(mover, out);
        let mut count = 0;
        for i in 0..generated {
            let mut m = out[i];
            m.after = board.counts_after(mover, m);
            if simple_bounds(&m.after, 1 - mover) == Some(true) {
                self.stats.bound_cuts += 1;
                continue;
            }
            if self.switches.ordering {
                m.score = board.score(mover, m, &m.after);
            }
            out[count] = m;
            count += 1;
        }
        if self.switches.ordering {
            out[..count].sort_by_key(|m| std::cmp::Reverse(m.score));
        }
        if self.switches.safe_moves {
            let safe = board.safe_moves(mover, &mut out[count..]);
            for m in &mut out[count..count + safe] {
                m.after = board.counts_after(mover, *m);
            }
            count += safe;
        }
        count
    }

    fn lookup(&self, key: u128) -> Option<bool> {
        let at = self.bucket(key);
        (at..at + 2)
            .find(|&i| self.keys[i] & !WON == key)
            .map(|i| self.keys[i] & WON != 0)
    }

    /// Stores `key`'s result: over its own entry, else over the entry of
    /// the bucket that took less work.
    fn store(&mut self, key: u128, won: bool, work: u64) {
        let at = self.bucket(key);
        let slot = (at..at + 2)
            .find(|&i| self.keys[i] & !WON == key || self.keys[i] == 0)
            .unwrap_or(if self.work[at] <= self.work[at + 1] {
                at
            } else {
                at + 1
            });
        if self.keys[slot] == 0 {
            self.filled += 1;
        }
        self.keys[slot] = key | if won { WON } else { 0 };
        self.work[slot] = u32::try_from(work).unwrap_or(u32::MAX);
        if 2 * self.filled > self.keys.len() && self.keys.len() < self.max_entries {
            self.grow();
        }
    }

    /// Doubles the table and puts every entry back.
    fn grow(&mut self) {
        let entries = 2 * self.keys.len();
        let keys = std::mem::replace(&mut self.keys, vec![0; entries]);
        let work = std::mem::replace(&mut self.work, vec![0; entries]);
        self.shift -= 1;
        self.filled = 0;
        for (key, work) in keys.into_iter().zip(work).filter(|(k, _)| *k != 0) {
            self.store(key & !WON, key & WON != 0, u64::from(work));
        }
    }

    fn bucket(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        ((folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize) & !1
    }

    /// Bytes the table takes now.
    pub fn table_bytes(&self) -> usize {
        self.keys.len() * ENTRY_BYTES
    }
}

/// A move of the view `side` as [`Grid::placements`] names it: its top or
/// left cell.
fn cell_of(side: usize, m: Move) -> (u32, u32) {
    let (row, bit) = (u32::from(m.row) - 1, u32::from(m.bit) - 1);
    if side == view::HORIZONTAL {
        (row, bit)
    } else {
        (bit, row)
    }
}

/// The view whose rows hold `player`'s dominoes.
fn view_of(player: Player) -> usize {
    match player {
        Player::Left => view::VERTICAL,
        Player::Right => view::HORIZONTAL,
    }
}

/// Whether the bounds alone decide `grid` with `mover` to move: the
/// simple bounds, then the packed ones (`Some(true)`: the mover wins).
pub fn decided_by_bounds(grid: &Grid, mover: Player) -> Result<Option<bool>, MexError> {
    let board = Board::of(grid)?;
    let mover = view_of(mover);
    let counts = board.counts();
    Ok(simple_bounds(&counts, mover).or_else(|| bounds::decided(&board, &counts, mover)))
}

/// The bit of a table entry that holds the result (bit 125; 126 is the
/// mover and 127 marks an entry as used).
const WON: u128 = 1 << 125;

/// The simple bounds: `Some(true)` when the mover's safe moves outnumber
/// the opponent's real moves, `Some(false)` when the opponent's safe moves
/// are at least the mover's real moves (Lachmann, Moore and Rapaport 2002).
fn simple_bounds(counts: &Counts, mover: usize) -> Option<bool> {
    let opponent = 1 - mover;
    if counts.safe[mover] > counts.real[opponent] {
        Some(true)
    } else if counts.safe[opponent] >= counts.real[mover] {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
