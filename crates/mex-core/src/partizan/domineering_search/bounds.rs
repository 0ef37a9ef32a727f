//! The packed bounds of Bullock (2002, ch. 3), for the player `P` whose
//! dominoes lie along the rows of its view: areas of the board are packed
//! greedily (no claim of optimality), each kind guaranteeing `P` a share of
//! a move, and what they leave bounds the opponent's moves.
//!
//! - A *protective area* is a free 2×2 square with a wall (two taken
//!   cells) along one of its sides across the rows: whatever the opponent
//!   does there, `P` keeps one move in it, and the opponent's real moves
//!   count one move too many in it.
//! - A *vulnerable move* is a move of `P` the opponent can take away with
//!   one move; packed vulnerable moves guarantee `P` one move in three (of
//!   the second kind, whose cells the opponent can also reach from the
//!   next row) or in two (of the first kind).
//! - A *safe move with an option* is a safe move next to a free cell that
//!   can become a further move; the options count as cells the opponent
//!   cannot use.
//!
//! From these, [`decided`] finds positions won or lost whatever is played:
//! the mover's lower bound above the opponent's upper bound, or the
//! opponent's lower bound (as the player not to move) at least the
//! mover's upper bound. Every cut is checked against the canonical forms
//! by the tests of the search.

use super::view::{Board, Counts, ROWS};

/// What the packing finds for one player.
#[derive(Debug, Clone, Copy, Default)]
struct Metrics {
    safe: i32,
    opponent_real: i32,
    empty: i32,
    protective: i32,
    vulnerable2: i32,
    vulnerable2_protected: i32,
    vulnerable1: i32,
    vulnerable1_protected: i32,
    unused: i32,
    safe_options2: i32,
    safe_options1: i32,
    safe_options0: i32,
}

/// Whether the position is decided for `mover` by the packed bounds,
/// given both players' real and safe moves on it.
pub fn decided(board: &Board, counts: &Counts, mover: usize) -> Option<bool> {
    let opponent = 1 - mover;
    let mut mine = metrics(board, counts, mover);
    moving_first(&mut mine);
    let (lower, upper, upper_real) = move_bounds(mine);
    if lower > upper.min(upper_real) {
        return Some(true);
    }
    let (opponent_lower, upper, upper_real) = move_bounds(metrics(board, counts, opponent));
    if opponent_lower >= upper.min(upper_real) {
        return Some(false);
    }
    None
}

fn metrics(board: &Board, counts: &Counts, player: usize) -> Metrics {
    let view = &board.views[player];
    let n = board.rows[player];
    let mut used = [0u32; ROWS];
    let mut m = Metrics {
        safe: counts.safe[player] as i32,
        opponent_real: counts.real[1 - player] as i32,
        empty: board.empty as i32,
        ..Metrics::default()
    };
    m.protective = pack_protective(view, n, &mut used);
    pack_vulnerable(view, n, &mut used, &mut m);
    pack_safe_options(view, n, &mut used, &mut m);
    m
}

/// Packs protective areas (rows `r + 1` and `r + 2`, cells `k` and
/// `k + 1`, with a wall in row `r` or `r + 3`); returns how many.
fn pack_protective(b: &[u32; ROWS], n: usize, used: &mut [u32; ROWS]) -> i32 {
    let mut count = 0;
    for r in 0..n.saturating_sub(1) {
        let mut blocked = used[r] | used[r + 1] | used[r + 2] | used[r + 3] | b[r + 1] | b[r + 2];
        blocked |= blocked >> 1;
        let walls = (b[r] & (b[r] >> 1)) | (b[r + 3] & (b[r + 3] >> 1));
        let mut places = walls & !blocked;
        while places != 0 {
            let lowest = places & places.wrapping_neg();
            places &= !(lowest | (lowest << 1));
            used[r + 1] |= lowest | (lowest << 1);
            used[r + 2] |= lowest | (lowest << 1);
            count += 1;
        }
    }
    count
}

/// The states of the scan of a row by [`scan_row`]: what the free cells
/// since the last packed move were.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scan {
    /// Nothing pending.
    Start,
    /// One protected cell.
    Protected,
    /// One unprotected cell (the start of a vulnerable move).
    Open,
    /// An unprotected cell, then a protected one.
    OpenProtected,
    /// A safe pair after a vulnerable start.
    OpenSafe,
}

/// What the greedy scan of one row packs: the lower cells of its
/// vulnerable moves (each with the cell above it, `cell << 1`), those of
/// them that cover a protected cell, and the protected cells it leaves
/// unused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct RowPacking {
    lows: u32,
    protected: u32,
    unused: u32,
}

/// The greedy packing of vulnerable moves along a row with the free cells
/// `free`, of which `guarded` are protected, from the lowest cell: a run
/// of free cells is scanned cell by cell, a lone protected cell left
/// unused, an unprotected cell paired with the next free cell.
const fn scan_row(mut free: u32, guarded: u32) -> RowPacking {
    let mut out = RowPacking {
        lows: 0,
        protected: 0,
        unused: 0,
    };
    let mut state = Scan::Start;
    let mut last = 0u32;
    let mut start = 0u32;
    while free != 0 {
        let cell = free & free.wrapping_neg();
        free ^= cell;
        if (cell >> 1) & last == 0 {
            out = end_run(out, state, last, start);
            state = Scan::Start;
        }
        last = cell;
        state = if cell & guarded != 0 {
            match state {
                Scan::Start => Scan::Protected,
                Scan::Protected => Scan::Start,
                Scan::Open => Scan::OpenProtected,
                Scan::OpenProtected => Scan::OpenSafe,
                Scan::OpenSafe => Scan::OpenProtected,
            }
        } else {
            match state {
                Scan::Start | Scan::OpenSafe => {
                    start = cell;
                    Scan::Open
                }
                Scan::Protected => {
                    out = packed(out, cell >> 1, true);
                    Scan::Start
                }
                Scan::Open => {
                    out = packed(out, start, false);
                    Scan::Start
                }
                Scan::OpenProtected => {
                    out = packed(out, start, true);
                    start = cell;
                    Scan::Open
                }
            }
        };
    }
    end_run(out, state, last, start)
}

/// `out` with the move of lower cell `low` packed.
const fn packed(mut out: RowPacking, low: u32, protected: bool) -> RowPacking {
    out.lows |= low;
    if protected {
        out.protected |= low;
    }
    out
}

/// The end of a run of free cells: a lone protected cell is unused, a
/// vulnerable start followed by a protected cell is packed.
const fn end_run(mut out: RowPacking, state: Scan, last: u32, start: u32) -> RowPacking {
    match state {
        Scan::Protected => out.unused |= last,
        Scan::OpenProtected => out = packed(out, start, true),
        _ => {}
    }
    out
}

/// Cells of a row that [`NARROW_PACKINGS`] covers (bits 1 to 8 of a view's
/// row).
const NARROW: u32 = 8;

/// [`scan_row`] of every row of at most [`NARROW`] cells, indexed by its
/// free cells and its protected free cells (bits 1 to 8 each), as three
/// bytes: the lows, the protected lows, the unused cells.
static NARROW_PACKINGS: [u32; 1 << (2 * NARROW)] = narrow_packings();

const fn narrow_packings() -> [u32; 1 << (2 * NARROW)] {
    let mut table = [0u32; 1 << (2 * NARROW)];
    let mut index = 0;
    while index < table.len() {
        let free = ((index as u32) & 0xFF) << 1;
        let guarded = (((index as u32) >> NARROW) << 1) & free;
        let p = scan_row(free, guarded);
        table[index] = (p.lows >> 1) | (p.protected >> 1) << 8 | (p.unused >> 1) << 16;
        index += 1;
    }
    table
}

/// [`scan_row`] by [`NARROW_PACKINGS`] when the row's free cells lie in
/// bits 1 to 8.
fn packing_of(free: u32, guarded: u32) -> RowPacking {
    if free >> (NARROW + 1) != 0 {
        return scan_row(free, guarded);
    }
    let index = (free >> 1) | ((guarded & free) >> 1) << NARROW;
    let p = NARROW_PACKINGS[index as usize];
    RowPacking {
        lows: (p & 0xFF) << 1,
        protected: (p >> 8 & 0xFF) << 1,
        unused: (p >> 16 & 0xFF) << 1,
    }
}

/// Packs vulnerable moves along each row ([`scan_row`]) and counts the
/// protected cells left unused. A move is of the second kind when one of
/// its cells can reach a further move from the next row.
fn pack_vulnerable(b: &[u32; ROWS], n: usize, used: &mut [u32; ROWS], m: &mut Metrics) {
    for r in 0..n {
        let below = b[r + 2];
        let reach = used[r] | !(below | (below << 1)) | !(below | (below >> 1));
        let free = !(b[r + 1] | used[r + 1]);
        let p = packing_of(free, b[r] & b[r + 2]);
        let second = p.lows & (reach | (reach >> 1));
        let first = p.lows & !second;
        m.vulnerable2_protected += ones(second & p.protected);
        m.vulnerable2 += ones(second & !p.protected);
        m.vulnerable1_protected += ones(first & p.protected);
        m.vulnerable1 += ones(first & !p.protected);
        m.unused += ones(p.unused);
        used[r + 1] |= p.lows | (p.lows << 1) | p.unused;
    }
    m.vulnerable2 += m.vulnerable2_protected;
    m.vulnerable1 += m.vulnerable1_protected;
}

/// The set bits of `x`: by a table of the rows of up to eight cells
/// (bits 1 to 8), as the portable build has no population-count
/// instruction.
fn ones(x: u32) -> i32 {
    if x >> (NARROW + 1) == 0 {
        i32::from(ROW_ONES[x as usize])
    } else {
        x.count_ones() as i32
    }
}

/// The set bits of every number below 2^9.
static ROW_ONES: [u8; 1 << (NARROW + 1)] = {
    let mut table = [0u8; 1 << (NARROW + 1)];
    let mut x = 0;
    while x < table.len() {
        table[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    table
};

/// Packs safe moves with an option (a free cell beside them that may
/// become a move across the rows, in 0, 1 or 2 directions).
fn pack_safe_options(b: &[u32; ROWS], n: usize, used: &mut [u32; ROWS], m: &mut Metrics) {
    for r in 0..n {
        let guard = b[r] & b[r + 2];
        let mut taken = b[r + 1] | used[r + 1];
        let mut safe = !(taken | (taken >> 1)) & guard & (guard >> 1);
        while safe != 0 {
            let lowest = safe & safe.wrapping_neg();
            safe &= !(lowest | (lowest << 1));
            taken |= lowest | (lowest << 1);
            let beside = [lowest >> 1, lowest << 2];
            let option = beside.into_iter().enumerate().find(|&(i, cell)| {
                let pending = if i == 0 { 0 } else { safe };
                (pending | taken | used[r] | used[r + 2]) & cell == 0
            });
            if let Some((_, cell)) = option {
                taken |= cell;
                used[r + 1] |= cell;
                let up = b[r] & cell == 0 && b[r - 1] & cell != 0;
                let down = b[r + 2] & cell == 0 && b[r + 3] & cell != 0;
                match (up, down) {
                    (true, true) => m.safe_options2 += 1,
                    (false, false) => m.safe_options0 += 1,
                    _ => m.safe_options1 += 1,
                }
            }
        }
    }
}

/// The mover's metrics after the best first move the packing allows: it
/// completes an odd protective area, or an odd group of vulnerable moves,
/// or uses an odd safe move with an option, or any vulnerable move or
/// protective area.
fn moving_first(m: &mut Metrics) {
    if m.protective % 2 == 1 {
        m.protective -= 1;
        m.safe += 2;
        m.opponent_real -= 2;
    } else if m.vulnerable2 % 3 != 0 {
        take_vulnerable2(m);
    } else if m.vulnerable1 % 2 != 0 {
        take_vulnerable1(m);
    } else if m.safe_options2 % 2 != 0 {
        m.safe_options2 -= 1;
        m.unused += 3;
    } else if m.safe_options1 % 2 != 0 {
        m.safe_options1 -= 1;
        m.unused += 2;
    } else if m.safe_options0 % 2 != 0 {
        m.safe_options0 -= 1;
        m.unused += 1;
    } else if m.vulnerable2 > 0 {
        take_vulnerable2(m);
    } else if m.vulnerable1 > 0 {
        take_vulnerable1(m);
    } else if m.protective > 0 {
        m.protective -= 1;
        m.safe += 2;
    }
}

fn take_vulnerable2(m: &mut Metrics) {
    m.vulnerable2 -= 1;
    m.safe += 1;
    if m.vulnerable2_protected > m.vulnerable2 {
        m.vulnerable2_protected -= 1;
    }
}

fn take_vulnerable1(m: &mut Metrics) {
    m.vulnerable1 -= 1;
    m.safe += 1;
    if m.vulnerable1_protected > m.vulnerable1 {
        m.vulnerable1_protected -= 1;
    }
}

/// The player's lower bound on its moves, and two upper bounds on the
/// opponent's: from the cells the packing leaves, and from the opponent's
/// real moves less one per protective area.
fn move_bounds(mut m: Metrics) -> (i32, i32, i32) {
    if m.protective % 2 == 1 {
        m.protective -= 1;
        m.vulnerable2 += 2;
    }
    let mut moves = m.protective + m.vulnerable2 / 3 + m.vulnerable1 / 2 + m.safe;
    let odd2 = m.vulnerable2 % 3 != 0;
    let odd1 = m.vulnerable1 % 2 != 0;
    let paired = if odd2 && odd1 {
        moves += 1;
        m.unused -= 1;
        true
    } else {
        !odd2 && !odd1
    };
    if paired {
        if m.safe_options2 % 2 == 1 {
            m.safe_options2 -= 1;
            m.safe_options1 += 1;
        }
        if m.safe_options1 % 2 == 1 {
            m.safe_options1 -= 1;
            m.safe_options0 += 1;
        }
    } else if m.safe_options2 % 2 == 1 {
        m.unused += 3;
        if m.safe_options1 % 2 == 1 {
            m.safe_options1 -= 1;
            m.safe_options0 += 1;
        }
    } else if m.safe_options1 % 2 == 1 {
        m.unused += 2;
    } else if m.safe_options0 % 2 == 1 {
        m.unused += 1;
    }
    m.unused += m.vulnerable2_protected
        - (m.vulnerable2 / 3 - (m.vulnerable2 - m.vulnerable2_protected) / 3);
    m.unused += m.vulnerable1_protected
        - (m.vulnerable1 / 2 - (m.vulnerable1 - m.vulnerable1_protected) / 2);
    m.unused += (m.safe_options2 / 2) * 3 + (m.safe_options1 / 2) * 2 + m.safe_options0 / 2;
    let opponent = (m.empty - moves * 2 - m.unused) / 2;
    (moves, opponent, m.opponent_real - m.protective)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table answers as the scan on every narrow row, and the scan
    /// packs only free cells, each once.
    #[test]
    fn narrow_packings_are_the_scan() {
        for free in (0..1u32 << NARROW).map(|f| f << 1) {
            for guarded in (0..1u32 << NARROW).map(|g| g << 1) {
                let p = scan_row(free, guarded & free);
                assert_eq!(packing_of(free, guarded), p, "{free:#b} {guarded:#b}");
                let pairs = p.lows | (p.lows << 1);
                assert_eq!(pairs & !free, 0);
                assert_eq!(pairs & p.unused, 0);
                assert_eq!(p.lows & (p.lows << 1), 0);
                assert_eq!(p.protected & !p.lows, 0);
            }
        }
    }
}
