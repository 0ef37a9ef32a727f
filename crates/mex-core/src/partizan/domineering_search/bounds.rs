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

use super::view::{Board, ROWS};

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

/// Whether the position is decided for `mover` by the packed bounds.
pub fn decided(board: &Board, mover: usize) -> Option<bool> {
    let opponent = 1 - mover;
    let mut mine = metrics(board, mover);
    moving_first(&mut mine);
    let (lower, upper, upper_real) = move_bounds(mine);
    if lower > upper.min(upper_real) {
        return Some(true);
    }
    let (opponent_lower, upper, upper_real) = move_bounds(metrics(board, opponent));
    if opponent_lower >= upper.min(upper_real) {
        return Some(false);
    }
    None
}

fn metrics(board: &Board, player: usize) -> Metrics {
    let view = &board.views[player];
    let n = board.rows[player];
    let mut used = [0u32; ROWS];
    let mut m = Metrics {
        safe: board.safe(player) as i32,
        opponent_real: board.real(1 - player) as i32,
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

/// The states of the scan of a row by [`pack_vulnerable`]: what the free
/// cells since the last packed move were.
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

/// Counts of one row's scan.
struct VulnerableScan<'a> {
    used: &'a mut u32,
    /// Cells whose neighbour across the row leads on to a further move.
    reach: u32,
    m: &'a mut Metrics,
}

impl VulnerableScan<'_> {
    /// Packs the move whose first (lower) cell is `cell` and upper
    /// `cell << 1` (or `cell >> 1` when `down`), of the kind by `reach`.
    fn pack(&mut self, cell: u32, other: u32, protected: bool) {
        *self.used |= cell | other;
        let second_kind = (cell | other) & self.reach != 0;
        match (second_kind, protected) {
            (true, true) => self.m.vulnerable2_protected += 1,
            (true, false) => self.m.vulnerable2 += 1,
            (false, true) => self.m.vulnerable1_protected += 1,
            (false, false) => self.m.vulnerable1 += 1,
        }
    }
}

/// Packs vulnerable moves along each row and counts the protected cells
/// left unused.
fn pack_vulnerable(b: &[u32; ROWS], n: usize, used: &mut [u32; ROWS], m: &mut Metrics) {
    for r in 0..n {
        let below = b[r + 2];
        let reach = used[r] | !(below | (below << 1)) | !(below | (below >> 1));
        let mut free = !(b[r + 1] | used[r + 1]);
        let guarded = b[r] & b[r + 2];
        let mut row_used = used[r + 1];
        let mut scan = VulnerableScan {
            used: &mut row_used,
            reach,
            m,
        };
        let mut state = Scan::Start;
        let mut last = 0u32;
        let mut start = 0u32;
        while free != 0 {
            let cell = free & free.wrapping_neg();
            free ^= cell;
            if (cell >> 1) & last == 0 {
                end_run(&mut scan, state, last, start);
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
                        scan.pack(cell, cell >> 1, true);
                        Scan::Start
                    }
                    Scan::Open => {
                        scan.pack(start, start << 1, false);
                        Scan::Start
                    }
                    Scan::OpenProtected => {
                        scan.pack(start, start << 1, true);
                        start = cell;
                        Scan::Open
                    }
                }
            };
        }
        end_run(&mut scan, state, last, start);
        used[r + 1] = row_used;
    }
    m.vulnerable2 += m.vulnerable2_protected;
    m.vulnerable1 += m.vulnerable1_protected;
}

/// The end of a run of free cells: a lone protected cell is unused, a
/// vulnerable start followed by a protected cell is packed.
fn end_run(scan: &mut VulnerableScan, state: Scan, last: u32, start: u32) {
    match state {
        Scan::Protected => {
            scan.m.unused += 1;
            *scan.used |= last;
        }
        Scan::OpenProtected => scan.pack(start, start << 1, true),
        _ => {}
    }
}

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
