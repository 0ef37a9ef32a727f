//! Who wins a Clobber position with a given first player, by a dedicated
//! bitboard search that keeps the small groups of stones as their
//! canonical values: alpha-beta over win and loss (negamax) on a node
//! made of the board's big groups and one canonical form, the sum of the
//! values of the small ones.
//!
//! **Definitions.** A *group* is an orthogonally connected set of stones;
//! stones never enter an empty cell, so the groups are independent and the
//! position is their sum (Albert, Grossman, Nowakowski and Wolfe 2005). A
//! group of one colour is 0 (nobody can ever move in it). A group is
//! *small* when it has at most [`Switches::small_stones`] stones.
//!
//! **The node.** A node is `B + S`: `B` the big two-coloured groups, as
//! two bitboards (Left's `x` and Right's `o` stones, one 64-bit word each,
//! rows of `W + 1` bits, the last bit of each row always empty so that a
//! shift by one never crosses a row), and `S` a canonical form in the
//! search's own [`GameStore`], the sum of the canonical values of every
//! small group met so far (by the memoising evaluator of
//! [`crate::partizan::ruleset`], the value route's own, each group once).
//! A game equals its canonical form, and equal games have the same outcome
//! in every sum (Conway 1976, ch. 10), so `B + S` has the outcome of the
//! position. The moves of a node are the board's moves in `B` and the
//! moves of `S` to its canonical options ([`GameStore::try_options`]);
//! after a move on the board the groups are found again (a flood fill by
//! shifts), dead groups dropped and new small groups added into `S`.
//! When `B` is empty the outcome class of `S` answers the node (a leaf).
//!
//! **Why this and not MCGS's.** MCGS (Müller et al., the Clobber solver of
//! its docs and src/, GPL, read, not copied) searches a sum of subgames:
//! it replaces subgames found in its database by "linked" simplest equal
//! games, deletes those equal to 0, pairs subgames to find more in the
//! database, and decides a node by static rules on outcome classes (all
//! Left, all Right, one N and the rest good for the mover) when every
//! subgame is in the database. Keeping the small groups as one exact sum
//! subsumes the deletion of zeros and the static rules on the small groups
//! (the outcome of the sum is read exactly, not by rules that may not
//! decide) and needs no database file: mex's canonical-form engine values a
//! small group in microseconds. The transposition table is keyed by the
//! sum's value, not by the small groups' shapes, so that nodes whose small
//! groups differ but add up to the same game share one entry.
//!
//! **The sign of the sum.** When `S > 0` (outcome class L), `B + S > B`,
//! so if Left moving first wins `B` alone she wins `B + S`, and if Right
//! moving first loses `B` alone he loses `B + S`; symmetrically for
//! `S < 0` (Conway 1976, ch. 0: `G ≥ H` and `H ⧐ 0` give `G ⧐ 0`). So
//! a node with a sum of sign L or R first asks who wins `B` alone (a node
//! of the same search, which the table shares among all sums); when that
//! answer carries over, the node is decided (MCGS's step "recurse on
//! `G − g` for a subgame `g` positive for the mover" is the first case).
//!
//! **Symmetry.** The rules treat every direction alike, so a reflection
//! or a translation of the stones keeps the value; exchanging the colours
//! negates it. The table key of `(B, S, mover)` is the least of the images
//! of `B` under the rectangle's four reflections (the identity, the two
//! mirrors and the half-turn), each moved to the top-left corner, with `S`
//! and the mover, and of the same with the colours exchanged, `−S` and the
//! other mover (the mover wins both or neither: they are the same game
//! seen from the other side). Transposes of square boards are not used.
//!
//! **Move ordering.** Board moves first, fewest mobile stones of the
//! opponent (its stones next to one of the mover's) after the move first,
//! then the moves in `S` (which is often a number or an infinitesimal,
//! where moving is rarely good). The order changes no answer, only the
//! work; on the 3×8 checkerboard this order searched 1.3 million nodes,
//! the mover's mobile stones less the opponent's 2.1 million, the mover's
//! mobile stones alone 7.2 million.
//!
//! **Small groups.** Groups of at most 6 stones (the default): on the
//! 2×15 checkerboard 8 stones halved the nodes but took twice the time
//! (the sums' canonical forms grow), and on boards up to 3×7 12 stones
//! were 10 to 30 times slower than 0 or 6.
//!
//! **Table.** Exact results keyed by the full node (no two nodes share an
//! entry); buckets of two entries, a new result replacing the entry of the
//! smaller subtree (the nodes searched below it), so results that took
//! long are kept (as Domineering's search, Bullock 2002). The table
//! doubles when half full, up to its share of the memory.

use super::clobber::{Clobber, Stones};
use super::grid_board::Board as Cells;
use crate::error::{memory_amount, Budget};
use crate::partizan::minimax::Player;
use crate::partizan::outcome::OutcomeClass;
use crate::partizan::ruleset::Evaluator;
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;
use rustc_hash::FxHashMap;

#[cfg(test)]
mod tests;

/// The most bits of a board of this search: rows of `W + 1` bits in one
/// 64-bit word, fewer than 64 so that a shift by a row's bits is always
/// below the word's width.
pub const MAX_BITS: usize = 63;

/// Bytes of one entry of the transposition table.
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
/// The entries of a new table; it doubles when half full.
const FIRST_ENTRIES: usize = 1 << 12;

/// What a search did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes expanded (not answered by the table or by the sum alone).
    pub nodes: u64,
    /// Nodes found in the table.
    pub table_hits: u64,
    /// Nodes with no big group, answered by the outcome class of the sum.
    pub sum_leaves: u64,
    /// Small groups valued by the canonical-form engine (each shape once).
    pub groups_valued: u64,
    /// Nodes answered by the big groups alone and the sign of the sum.
    pub sign_cuts: u64,
}

/// The switches of the search, for the tests and for tuning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switches {
    /// The most stones of a group kept as its canonical value (0: none,
    /// every group stays on the board).
    pub small_stones: u32,
    /// Order board moves by the opponent's mobile stones they leave (fewest
    /// first); otherwise in the order generated.
    pub ordering: bool,
    /// Key the table by the board's reflections and the colour exchange.
    pub symmetry: bool,
    /// Answer `B + S` by `B` alone when the sum is positive or negative
    /// and `B` alone is won or lost accordingly.
    pub sign_of_sum: bool,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            small_stones: 6,
            ordering: true,
            symmetry: true,
            sign_of_sum: true,
        }
    }
}

/// One entry of the table: the big groups (Left's stones in the high 64
/// bits), the index of the sum in the store, the flags and the work.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Entry {
    bits: u128,
    sum: u32,
    /// [`USED`], [`RIGHT_MOVES`], [`WON`].
    flags: u32,
    work: u32,
}

const USED: u32 = 1;
const RIGHT_MOVES: u32 = 2;
const WON: u32 = 4;

/// The board's geometry: `rows` rows of `width` cells, `stride` bits a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Shape {
    rows: u32,
    width: u32,
    stride: u32,
}

impl Shape {
    /// The bits of the cells of one row.
    fn row_mask(self) -> u64 {
        (1u64 << self.width) - 1
    }

    /// Every cell's bit.
    fn cells(self) -> u64 {
        (0..self.rows).fold(0, |m, r| m | self.row_mask() << (r * self.stride))
    }

    /// The rows in reverse order.
    fn flip_rows(self, x: u64) -> u64 {
        let mut out = 0;
        for r in 0..self.rows {
            let row = (x >> (r * self.stride)) & self.row_mask();
            out |= row << ((self.rows - 1 - r) * self.stride);
        }
        out
    }

    /// The half-turn: cell `(r, c)` to `(R − 1 − r, W − 1 − c)`, whose bits
    /// add up to `R·s − 2`, so one bit reversal and a shift.
    fn half_turn(self, x: u64) -> u64 {
        if x == 0 {
            return 0;
        }
        x.reverse_bits() >> (65 - self.rows * self.stride)
    }

    /// The four images of `x` under the rectangle's reflections.
    fn images(self, x: u64) -> [u64; 4] {
        let flipped = self.flip_rows(x);
        [x, flipped, self.half_turn(x), self.half_turn(flipped)]
    }

    /// The stones `left` and `right` moved together to the top-left corner
    /// (the least row and the least column holding a stone become 0).
    fn to_corner(self, left: u64, right: u64) -> (u64, u64) {
        let stones = left | right;
        if stones == 0 {
            return (0, 0);
        }
        let top = stones.trailing_zeros() / self.stride * self.stride;
        let mut columns = 0u64;
        for r in 0..self.rows {
            columns |= (stones >> (r * self.stride)) & self.row_mask();
        }
        let shift = top + columns.trailing_zeros();
        (left >> shift, right >> shift)
    }

    /// The cells next to a cell of `x`.
    fn neighbours(self, x: u64) -> u64 {
        let s = self.stride;
        ((x << 1) | (x >> 1) | (x << s) | (x >> s)) & self.cells()
    }
}

/// The stones of the mover and of the opponent that have a move (a stone of
/// the other colour next to them).
fn mobile(shape: Shape, mine: u64, theirs: u64) -> (u32, u32) {
    (
        (mine & shape.neighbours(theirs)).count_ones(),
        (theirs & shape.neighbours(mine)).count_ones(),
    )
}

/// A move: the stone's cell and the cell it takes (single bits), or a move
/// in the sum to the option `option`.
#[derive(Debug, Clone, Copy)]
enum Move {
    Board { from: u64, to: u64, score: i32 },
    Sum(GameId),
}

/// A Clobber who-wins search with its transposition table and the values
/// of the small groups (kept across calls, so that both first players
/// share work).
pub struct ClobberSearch {
    table: Vec<Entry>,
    filled: usize,
    max_entries: usize,
    shift: u32,
    switches: Switches,
    shape: Shape,
    store: GameStore,
    evaluator: Evaluator<Clobber>,
    /// The value of each small group met, by its stones moved to the
    /// top-left corner (Left's, Right's), on the board's stride.
    values: FxHashMap<(u64, u64), GameId>,
    negatives: FxHashMap<GameId, GameId>,
    outcomes: FxHashMap<GameId, OutcomeClass>,
    options: FxHashMap<(GameId, bool), Vec<GameId>>,
    /// What the searches did so far.
    pub stats: SearchStats,
}

impl ClobberSearch {
    /// A search within `memory` bytes: half for the table, half for the
    /// canonical forms.
    pub fn new(memory: usize) -> Result<Self, MexError> {
        Self::with_switches(memory, Switches::default())
    }

    /// [`ClobberSearch::new`] with the switches given.
    pub fn with_switches(memory: usize, switches: Switches) -> Result<Self, MexError> {
        let entries = memory / 2 / ENTRY_BYTES;
        if entries < 2 {
            return Err(MexError::budget_spent(
                Budget::Memory,
                "the transposition table of the Clobber search",
                memory_amount(memory),
                "give the search more memory",
            ));
        }
        let max_entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        let entries = max_entries.min(FIRST_ENTRIES);
        Ok(ClobberSearch {
            table: vec![Entry::default(); entries],
            filled: 0,
            max_entries,
            shift: 64 - entries.trailing_zeros(),
            switches,
            shape: Shape::default(),
            store: GameStore::with_limits(memory / 2, u64::MAX),
            evaluator: Evaluator::new(Clobber, usize::MAX),
            values: FxHashMap::default(),
            negatives: FxHashMap::default(),
            outcomes: FxHashMap::default(),
            options: FxHashMap::default(),
            stats: SearchStats::default(),
        })
    }

    /// Whether the board of `p` fits this search (as it stands or
    /// transposed): rows of `W + 1` bits in [`MAX_BITS`].
    pub fn fits(p: &Stones) -> bool {
        let (h, w) = (p.0.height(), p.0.width());
        h * (w + 1) <= MAX_BITS || w * (h + 1) <= MAX_BITS
    }

    /// Whether `first`, moving first on `p`, wins; refuses a board that
    /// does not fit ([`ClobberSearch::fits`]).
    pub fn first_player_wins(&mut self, p: &Stones, first: Player) -> Result<bool, MexError> {
        let (left, right) = self.bitboards(p)?;
        let zero = self.store.zero();
        self.wins(left, right, zero, first == Player::Right)
    }

    /// The bitboards of `p` (transposed when only that fits); the table is
    /// emptied when the shape changes (its keys are sets of cells of one
    /// shape).
    fn bitboards(&mut self, p: &Stones) -> Result<(u64, u64), MexError> {
        let (h, w) = (p.0.height(), p.0.width());
        let transpose = h * (w + 1) > MAX_BITS;
        let (rows, width) = if transpose { (w, h) } else { (h, w) };
        if rows * (width + 1) > MAX_BITS {
            return Err(MexError::above_limit(
                "board of the Clobber search",
                format!("{h}x{w}"),
                format!("{MAX_BITS} bits in rows of one more bit than the width"),
                "choose a smaller board",
            ));
        }
        let shape = Shape {
            rows: rows as u32,
            width: width as u32,
            stride: width as u32 + 1,
        };
        if shape != self.shape {
            if self.shape != Shape::default() {
                self.table.fill(Entry::default());
                self.filled = 0;
                // Group keys are bits in rows of the old stride.
                self.values.clear();
            }
            self.shape = shape;
        }
        let (mut left, mut right) = (0u64, 0u64);
        for r in 0..h {
            for c in 0..w {
                let (row, col) = if transpose { (c, r) } else { (r, c) };
                let bit = 1u64 << (row as u32 * shape.stride + col as u32);
                match p.0.get(r, c) {
                    b'x' => left |= bit,
                    b'o' => right |= bit,
                    _ => {}
                }
            }
        }
        Ok((left, right))
    }

    /// Whether the mover (Right when `right`) wins `left`/`right` (the
    /// stones, not yet reduced) plus `sum`, moving first.
    fn wins(
        &mut self,
        left: u64,
        right: u64,
        sum: GameId,
        right_moves: bool,
    ) -> Result<bool, MexError> {
        Ok(self.search(left, right, sum, right_moves)?.0)
    }

    /// [`ClobberSearch::wins`] and the nodes searched.
    fn search(
        &mut self,
        left: u64,
        right: u64,
        sum: GameId,
        right_moves: bool,
    ) -> Result<(bool, u64), MexError> {
        crate::stop::check()?;
        let (left, right, sum) = self.reduce(left, right, sum)?;
        if left | right == 0 {
            self.stats.sum_leaves += 1;
            let class = self.outcome(sum)?;
            let won = match class {
                OutcomeClass::L => !right_moves,
                OutcomeClass::R => right_moves,
                OutcomeClass::N => true,
                OutcomeClass::P => false,
            };
            return Ok((won, 0));
        }
        let key = self.key(left, right, sum, right_moves)?;
        if let Some(won) = self.lookup(&key) {
            self.stats.table_hits += 1;
            return Ok((won, 0));
        }
        let zero = self.store.zero();
        if self.switches.sign_of_sum && sum != zero {
            // B + S against B alone: S > 0 makes B + S > B, S < 0 makes it
            // less (see the module's doc).
            let class = self.outcome(sum)?;
            let favourable = match class {
                OutcomeClass::L => Some(!right_moves),
                OutcomeClass::R => Some(right_moves),
                _ => None,
            };
            if let Some(favourable) = favourable {
                let (won_alone, below) = self.search(left, right, zero, right_moves)?;
                if won_alone == favourable {
                    self.stats.sign_cuts += 1;
                    self.store_entry(key, won_alone, below + 1);
                    return Ok((won_alone, below + 1));
                }
            }
        }
        self.stats.nodes += 1;
        let moves = self.moves(left, right, sum, right_moves)?;
        let mut work = 1u64;
        let mut won = false;
        for m in moves {
            let (l, r, s) = match m {
                Move::Board { from, to, .. } => {
                    if right_moves {
                        (left & !to, right ^ from ^ to, sum)
                    } else {
                        (left ^ from ^ to, right & !to, sum)
                    }
                }
                Move::Sum(option) => (left, right, option),
            };
            let (opponent_won, below) = self.search(l, r, s, !right_moves)?;
            work += below;
            if !opponent_won {
                won = true;
                break;
            }
        }
        self.store_entry(key, won, work);
        Ok((won, work))
    }

    /// The mover's moves in the order they are tried.
    fn moves(
        &mut self,
        left: u64,
        right: u64,
        sum: GameId,
        right_moves: bool,
    ) -> Result<Vec<Move>, MexError> {
        let shape = self.shape;
        let (mine, theirs) = if right_moves {
            (right, left)
        } else {
            (left, right)
        };
        let mut out = Vec::with_capacity(32);
        for d in [1, shape.stride] {
            // Towards higher bits, then towards lower ones.
            let mut up = mine & (theirs >> d);
            while up != 0 {
                let from = up & up.wrapping_neg();
                up ^= from;
                out.push(Move::Board {
                    from,
                    to: from << d,
                    score: 0,
                });
            }
            let mut down = mine & (theirs << d);
            while down != 0 {
                let from = down & down.wrapping_neg();
                down ^= from;
                out.push(Move::Board {
                    from,
                    to: from >> d,
                    score: 0,
                });
            }
        }
        if self.switches.ordering {
            for m in &mut out {
                if let Move::Board { from, to, score } = m {
                    let (_, theirs_mobile) = mobile(shape, mine ^ *from ^ *to, theirs & !*to);
                    *score = -(theirs_mobile as i32);
                }
            }
            out.sort_by_key(|m| match m {
                Move::Board { score, .. } => std::cmp::Reverse(*score),
                Move::Sum(_) => std::cmp::Reverse(i32::MIN),
            });
        }
        let options = self.sum_options(sum, !right_moves)?;
        out.extend(options.into_iter().map(Move::Sum));
        Ok(out)
    }

    fn sum_options(&mut self, sum: GameId, left: bool) -> Result<Vec<GameId>, MexError> {
        if let Some(o) = self.options.get(&(sum, left)) {
            return Ok(o.clone());
        }
        let o = self.store.try_options(sum, left)?;
        self.options.insert((sum, left), o.clone());
        Ok(o)
    }

    fn outcome(&mut self, g: GameId) -> Result<OutcomeClass, MexError> {
        if let Some(&c) = self.outcomes.get(&g) {
            return Ok(c);
        }
        let c = self.store.try_outcome(g)?;
        self.outcomes.insert(g, c);
        Ok(c)
    }

    fn negative(&mut self, g: GameId) -> Result<GameId, MexError> {
        if let Some(&n) = self.negatives.get(&g) {
            return Ok(n);
        }
        let n = self.store.try_neg(g)?;
        self.negatives.insert(g, n);
        self.negatives.insert(n, g);
        Ok(n)
    }

    /// The groups of the stones: dead ones dropped, small ones added into
    /// the sum; the big ones stay on the board.
    fn reduce(
        &mut self,
        left: u64,
        right: u64,
        mut sum: GameId,
    ) -> Result<(u64, u64, GameId), MexError> {
        let shape = self.shape;
        let stones = left | right;
        let mut rest = stones;
        let (mut big_left, mut big_right) = (0u64, 0u64);
        while rest != 0 {
            let mut group = rest & rest.wrapping_neg();
            loop {
                let grown = (group | shape.neighbours(group)) & stones;
                if grown == group {
                    break;
                }
                group = grown;
            }
            rest &= !group;
            let (l, r) = (group & left, group & right);
            if l == 0 || r == 0 {
                continue;
            }
            if group.count_ones() <= self.switches.small_stones {
                let v = self.group_value(l, r)?;
                sum = self.store.try_add(sum, v)?;
            } else {
                big_left |= l;
                big_right |= r;
            }
        }
        Ok((big_left, big_right, sum))
    }

    /// The canonical value of the group of stones `left`, `right`.
    fn group_value(&mut self, left: u64, right: u64) -> Result<GameId, MexError> {
        let shape = self.shape;
        let key = shape.to_corner(left, right);
        if let Some(&v) = self.values.get(&key) {
            return Ok(v);
        }
        let group = key.0 | key.1;
        let mut columns = 0u64;
        for r in 0..shape.rows {
            columns |= (group >> (r * shape.stride)) & shape.row_mask();
        }
        let width = (64 - columns.leading_zeros()) as usize;
        let rows = ((63 - group.leading_zeros()) / shape.stride + 1) as usize;
        let mut cells = Cells::filled(rows, width, b'.');
        for r in 0..rows {
            for c in 0..width {
                let bit = 1u64 << (r as u32 * shape.stride + c as u32);
                if key.0 & bit != 0 {
                    cells.set(r, c, b'x');
                } else if key.1 & bit != 0 {
                    cells.set(r, c, b'o');
                }
            }
        }
        let v = self.evaluator.value(&mut self.store, &Stones(cells))?;
        self.stats.groups_valued += 1;
        self.values.insert(key, v);
        Ok(v)
    }

    /// The table key of the node: the least image (see the module's doc).
    fn key(
        &mut self,
        left: u64,
        right: u64,
        sum: GameId,
        right_moves: bool,
    ) -> Result<Entry, MexError> {
        let mover = if right_moves { RIGHT_MOVES } else { 0 };
        let entry = |l: u64, r: u64, s: GameId, flags: u32, store: &GameStore| Entry {
            bits: (u128::from(l) << 64) | u128::from(r),
            sum: store.index_of(s) as u32,
            flags: flags | USED,
            work: 0,
        };
        let order = |e: &Entry| (e.bits, e.sum, e.flags);
        if !self.switches.symmetry {
            return Ok(entry(left, right, sum, mover, &self.store));
        }
        let negative = self.negative(sum)?;
        let shape = self.shape;
        let (ls, rs) = (shape.images(left), shape.images(right));
        let (l, r) = shape.to_corner(left, right);
        let mut best = entry(l, r, sum, mover, &self.store);
        for i in 0..4 {
            let (l, r) = shape.to_corner(ls[i], rs[i]);
            for e in [
                entry(l, r, sum, mover, &self.store),
                entry(r, l, negative, mover ^ RIGHT_MOVES, &self.store),
            ] {
                if order(&e) < order(&best) {
                    best = e;
                }
            }
        }
        Ok(best)
    }

    fn bucket(&self, key: &Entry) -> usize {
        let folded = (key.bits as u64)
            ^ ((key.bits >> 64) as u64).rotate_left(29)
            ^ (u64::from(key.sum) << 32 | u64::from(key.flags)).rotate_left(11);
        ((folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize) & !1
    }

    fn same(a: &Entry, b: &Entry) -> bool {
        a.bits == b.bits && a.sum == b.sum && (a.flags & !WON) == (b.flags & !WON)
    }

    fn lookup(&self, key: &Entry) -> Option<bool> {
        let at = self.bucket(key);
        self.table[at..at + 2]
            .iter()
            .find(|e| Self::same(e, key))
            .map(|e| e.flags & WON != 0)
    }

    /// Stores `key`'s result: over its own entry or an empty one, else over
    /// the entry of the bucket that took less work.
    fn store_entry(&mut self, key: Entry, won: bool, work: u64) {
        let at = self.bucket(&key);
        let slot = (at..at + 2)
            .find(|&i| Self::same(&self.table[i], &key) || self.table[i].flags & USED == 0)
            .unwrap_or(if self.table[at].work <= self.table[at + 1].work {
                at
            } else {
                at + 1
            });
        if self.table[slot].flags & USED == 0 {
            self.filled += 1;
        }
        self.table[slot] = Entry {
            flags: key.flags | if won { WON } else { 0 },
            work: u32::try_from(work).unwrap_or(u32::MAX),
            ..key
        };
        if 2 * self.filled > self.table.len() && self.table.len() < self.max_entries {
            self.grow();
        }
    }

    /// Doubles the table and puts every entry back.
    fn grow(&mut self) {
        let entries = 2 * self.table.len();
        let old = std::mem::replace(&mut self.table, vec![Entry::default(); entries]);
        self.shift -= 1;
        self.filled = 0;
        for e in old.into_iter().filter(|e| e.flags & USED != 0) {
            let won = e.flags & WON != 0;
            self.store_entry(
                Entry {
                    flags: e.flags & !WON,
                    ..e
                },
                won,
                u64::from(e.work),
            );
        }
    }

    /// Bytes the table takes now.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * ENTRY_BYTES
    }

    /// Bytes the store of canonical forms has used, and its budget.
    pub fn store_memory(&self) -> (usize, usize) {
        self.store.memory()
    }
}
