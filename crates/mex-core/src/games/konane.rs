//! Konane, Hawaiian checkers (Ernst 1995; Lessons in Play): black stones
//! `x` (Left's) and white stones `o` (Right's) on a board with empty cells
//! `.`. A move jumps one of the mover's stones orthogonally over an adjacent
//! enemy stone into the empty cell beyond, removing the enemy stone; the
//! same stone may go on jumping in the same direction, and each stop is a
//! move of its own.
//!
//! Independent parts. Call a group an orthogonally connected set of stones.
//! A move removes a stone, so a group of `n` stones of both colours makes at
//! most `n − 1` moves, and each lands next to a stone it jumped, one cell
//! beyond the group's current bounding box at most: its stones stay in its
//! box grown by `n − 1` cells (a group of one colour never moves by itself
//! and stays in its box). Groups whose grown boxes meet or touch
//! orthogonally are merged (the union grown again) until none do; the
//! merged clusters are then independent (no stone of one can ever be next
//! to, or land on, a cell of another), clusters of one colour are 0, and a
//! cluster is played on its grown box alone, cut from the board (cells
//! beyond it are never reached). Moves are the same in the four directions
//! for both players, so the eight symmetries of the square keep the value.
//!
//! No position is refused in advance: the search is bounded as it runs by
//! the store's memory budget (each memoised position is charged) and the
//! stop token, and fails with a one-line error naming the memory that ran
//! out or the time limit.

use super::adapters::partizan_value;
use super::grid_board::{cell_name, Alphabet, Board, Rect, MAX_BOARD_CELLS, ORTHOGONAL, STONES};
use super::picture::Picture;
use super::{positions, Family, Game, GameInfo, Move, PartizanGame, Ruleset};
use crate::partizan::ruleset::{Evaluator, PartizanRuleset};
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most cells of a position whose moves are listed.
pub const MAX_LISTED_CELLS: usize = 1024;

/// Konane.
#[derive(Debug, Clone, Copy, Default)]
pub struct Konane;

const ALPHABET: Alphabet = Alphabet {
    cells: b"xo.",
    sized: None,
    accepted: "rows of x (Left), o (Right) and . (empty) separated by / or |, such as .ox./o..x",
    max_cells: MAX_BOARD_CELLS,
};

/// A Konane position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stones(pub Board);

impl FromStr for Stones {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        Board::parse(s, &ALPHABET).map(Stones)
    }
}

impl fmt::Display for Stones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Stones that may interact, and the rectangle they stay in.
#[derive(Debug, Clone)]
struct Cluster {
    stones: Vec<(usize, usize)>,
    region: Rect,
    live: bool,
}

impl Cluster {
    fn new(b: &Board, stones: Vec<(usize, usize)>) -> Cluster {
        let has = |s| stones.iter().any(|&(r, c)| b.get(r, c) == s);
        let live = has(b'x') && has(b'o');
        let reach = if live { stones.len() - 1 } else { 0 };
        let region = Rect::around(&stones)
            .expect("a cluster has stones")
            .grown(reach, b);
        Cluster {
            stones,
            region,
            live,
        }
    }
}

/// The independent clusters of stones (see the module's comment).
fn clusters(b: &Board) -> Vec<Cluster> {
    let groups = b.components(|x| x != b'.', false);
    merge_touching(
        groups.into_iter().map(|g| Cluster::new(b, g)).collect(),
        |c| c.region,
        |c, mut d| {
            d.stones.extend_from_slice(&c.stones);
            Cluster::new(b, d.stones)
        },
    )
}

/// Merges clusters whose grown regions touch (`merge` joins a cluster and a
/// later one into the cluster of their stones, with its own grown region,
/// which takes the first one's place) until no two touch.
fn merge_touching<C>(
    mut out: Vec<C>,
    region: impl Fn(&C) -> Rect,
    merge: impl Fn(&C, C) -> C,
) -> Vec<C> {
    'merge: loop {
        for i in 0..out.len() {
            for j in i + 1..out.len() {
                if region(&out[i]).touches(region(&out[j])) {
                    let later = out.swap_remove(j);
                    out[i] = merge(&out[i], later);
                    continue 'merge;
                }
            }
        }
        return out;
    }
}

/// The board cut to `region` with only `stones` kept.
fn cut(b: &Board, region: Rect, stones: &[(usize, usize)]) -> Board {
    let mut only = Board::filled(b.height(), b.width(), b'.');
    for &(r, c) in stones {
        only.set(r, c, b.get(r, c));
    }
    only.crop(region)
}

/// The jumps of the player whose stones are `me`: every stop of every
/// straight run of jumps.
fn jumps(p: &Stones, me: u8, enemy: u8) -> Vec<Move<Stones>> {
    let b = &p.0;
    let mut out = Vec::new();
    for from in b.find(me) {
        for d in ORTHOGONAL {
            let mut next = b.clone();
            next.set(from.0, from.1, b'.');
            let mut at = from;
            while let Some((over, to)) = b
                .step(at, d)
                .filter(|&(r, c)| b.get(r, c) == enemy)
                .and_then(|over| Some((over, b.step(over, d)?)))
                .filter(|&(_, (r, c))| b.get(r, c) == b'.')
            {
                next.set(over.0, over.1, b'.');
                at = to;
                let mut stop = next.clone();
                stop.set(to.0, to.1, me);
                let label = format!(
                    "{} jumps to {}",
                    cell_name(from.0, from.1),
                    cell_name(to.0, to.1)
                );
                out.push(Move::new(label, Stones(stop)));
            }
        }
    }
    out
}

impl Ruleset for Konane {
    type Position = Stones;
}

impl Game for Konane {
    const INFO: GameInfo = GameInfo {
        name: "konane",
        family: Family::Partizan,
        description: "Konane: jump a stone over adjacent enemy stones, removing them",
        syntax: "rows of x (Left), o (Right) and . separated by / or |, e.g. .ox./o..x",
        example: ".ox./o..x/....",
        rules: "Black (x, Left) and white (o, Right) stones on a board. A player jumps one of \
                their stones orthogonally over an adjacent enemy stone into the empty cell \
                beyond, removing the enemy stone, and may go on jumping in the same direction \
                (each stop is a move). Who cannot move loses.",
    };
    fn check_moves(&self, p: &Stones) -> Result<(), MexError> {
        p.0.check_listing(MAX_LISTED_CELLS)
    }
    fn drawing(&self, p: &Stones) -> Option<String> {
        Some(p.0.picture())
    }
    /// The board: Left's stones, Right's stones, empty cells.
    fn picture(&self, p: &Stones) -> Picture {
        p.0.to_picture(&STONES)
    }
}

impl PartizanGame for Konane {
    fn left_moves(&self, p: &Stones) -> Vec<Move<Stones>> {
        jumps(p, b'x', b'o')
    }
    fn right_moves(&self, p: &Stones) -> Vec<Move<Stones>> {
        jumps(p, b'o', b'x')
    }
    /// The search on packed boards when the canonical board has at most
    /// 64 cells (the one on [`Board`]s otherwise).
    fn value(&self, store: &mut GameStore, p: &Stones) -> Result<GameId, MexError> {
        match Packed::from_board(&self.canonical(p).0) {
            Some(k) => Evaluator::new(PackedKonane, usize::MAX).value(store, &k),
            None => partizan_value(self, store, p),
        }
    }
}

impl PartizanRuleset for Konane {
    fn left_options(&self, p: &Stones, out: &mut Vec<Stones>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Stones, out: &mut Vec<Stones>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The clusters of both colours, each on its grown box.
    fn decompose(&self, p: &Stones) -> Option<Vec<Stones>> {
        let live: Vec<Cluster> = clusters(&p.0).into_iter().filter(|c| c.live).collect();
        (live.len() > 1).then(|| {
            live.iter()
                .map(|c| Stones(cut(&p.0, c.region, &c.stones)))
                .collect()
        })
    }
    /// The clusters of both colours alone on the smallest rectangle holding
    /// their grown boxes, as its least image under the square's
    /// symmetries; `.` when there is none.
    fn canonical(&self, p: &Stones) -> Stones {
        let live: Vec<Cluster> = clusters(&p.0).into_iter().filter(|c| c.live).collect();
        let Some(region) = live.iter().map(|c| c.region).reduce(Rect::union) else {
            return Stones(Board::filled(1, 1, b'.'));
        };
        let stones: Vec<(usize, usize)> = live.into_iter().flat_map(|c| c.stones).collect();
        Stones(cut(&p.0, region, &stones).least_image())
    }
}

/// A board of at most 64 cells as two masks (bit `r·w + c`: `x` Left's
/// stones, `o` Right's): the search's position, copied without allocation.
/// [`Konane`]'s value searches these whenever the canonical board fits; the
/// rules and the clusters are those of [`Stones`], computed on bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Packed {
    h: u8,
    w: u8,
    x: u64,
    o: u64,
}

/// A rectangle of a packed board: rows `r0..=r1`, columns `c0..=c1`.
#[derive(Debug, Clone, Copy)]
struct Span {
    r0: u8,
    c0: u8,
    r1: u8,
    c1: u8,
}

impl Span {
    fn as_rect(self) -> Rect {
        let u = usize::from;
        Rect {
            r0: u(self.r0),
            c0: u(self.c0),
            r1: u(self.r1),
            c1: u(self.c1),
        }
    }
    fn union(self, o: Span) -> Span {
        Span {
            r0: self.r0.min(o.r0),
            c0: self.c0.min(o.c0),
            r1: self.r1.max(o.r1),
            c1: self.c1.max(o.c1),
        }
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

impl Packed {
    /// The board as masks, when it has at most 64 cells.
    fn from_board(b: &Board) -> Option<Packed> {
        let (h, w) = (b.height(), b.width());
        if h * w > 64 {
            return None;
        }
        let mut k = Packed {
            h: h as u8,
            w: w as u8,
            x: 0,
            o: 0,
        };
        for r in 0..h {
            for c in 0..w {
                match b.get(r, c) {
                    b'x' => k.x |= 1 << (r * w + c),
                    b'o' => k.o |= 1 << (r * w + c),
                    _ => {}
                }
            }
        }
        Some(k)
    }

    fn width(self) -> usize {
        usize::from(self.w)
    }

    /// Every cell of the board.
    fn full(self) -> u64 {
        let n = usize::from(self.h) * self.width();
        u64::MAX >> (64 - n)
    }

    /// The cells of column `c`.
    fn column(self, c: usize) -> u64 {
        (0..usize::from(self.h)).fold(0, |m, r| m | 1 << (r * self.width() + c))
    }

    /// The cells orthogonally next to a cell of `m`, given the cells of
    /// the first and of the last column.
    fn around(self, m: u64, (first, last): (u64, u64)) -> u64 {
        let w = u32::from(self.w);
        (m.checked_shl(w).unwrap_or(0)
            | m.checked_shr(w).unwrap_or(0)
            | (m & !last) << 1
            | (m & !first) >> 1)
            & self.full()
    }

    /// The smallest span holding the cells of `m` (not empty).
    fn span(self, m: u64) -> Span {
        let w = self.width();
        let rows = (
            m.trailing_zeros() as usize / w,
            (63 - m.leading_zeros()) as usize / w,
        );
        let row_mask = u64::MAX >> (64 - w);
        let columns = (rows.0..=rows.1).fold(0, |acc, r| acc | (m >> (r * w)) & row_mask);
        Span {
            r0: rows.0 as u8,
            c0: columns.trailing_zeros() as u8,
            r1: rows.1 as u8,
            c1: (63 - columns.leading_zeros()) as u8,
        }
    }

    /// The cluster of `stones` before merging: the stones, their span
    /// grown by one less than their number when both colours are present
    /// (clipped to the board), and whether they are.
    fn grown(self, stones: u64) -> (u64, Span, bool) {
        let live = stones & self.x != 0 && stones & self.o != 0;
        let by = if live {
            stones.count_ones() as u8 - 1
        } else {
            0
        };
        let s = self.span(stones);
        let span = Span {
            r0: s.r0.saturating_sub(by),
            c0: s.c0.saturating_sub(by),
            r1: s.r1.saturating_add(by).min(self.h - 1),
            c1: s.c1.saturating_add(by).min(self.w - 1),
        };
        (stones, span, live)
    }

    /// The orthogonally connected group of stones of `within` holding the
    /// lowest one.
    fn first_group(self, within: u64, edges: (u64, u64)) -> u64 {
        let mut group = within & within.wrapping_neg();
        loop {
            let more = (group | self.around(group, edges)) & within;
            if more == group {
                return group;
            }
            group = more;
        }
    }

    /// The clusters (stones, grown span, both colours present) of the
    /// module's comment, as [`clusters`] finds them on a [`Board`].
    fn clusters(self) -> Vec<(u64, Span, bool)> {
        let edges = (self.column(0), self.column(self.width() - 1));
        let mut left = self.x | self.o;
        let mut out = Vec::new();
        while left != 0 {
            let group = self.first_group(left, edges);
            left &= !group;
            out.push(self.grown(group));
        }
        merge_touching(out, |c| c.1.as_rect(), |c, d| self.grown(c.0 | d.0))
    }

    /// The board cut to `span` with only `stones` kept.
    fn cut(self, span: Span, stones: u64) -> Packed {
        let w = self.width();
        let nw = usize::from(span.c1 - span.c0 + 1);
        let mut k = Packed {
            h: span.r1 - span.r0 + 1,
            w: nw as u8,
            x: 0,
            o: 0,
        };
        for i in bits(stones) {
            let (r, c) = (i / w - usize::from(span.r0), i % w - usize::from(span.c0));
            let at = 1 << (r * nw + c);
            if self.x >> i & 1 == 1 {
                k.x |= at;
            } else {
                k.o |= at;
            }
        }
        k
    }

    /// The mask of each row, top to bottom, as `w`-bit numbers.
    fn rows(self, m: u64) -> impl Iterator<Item = u64> {
        let w = self.width();
        let row_mask = u64::MAX >> (64 - w);
        (0..usize::from(self.h)).map(move |r| (m >> (r * w)) & row_mask)
    }

    /// The board mirrored top to bottom (`rows`) and left to right
    /// (`columns`).
    fn mirrored(self, rows: bool, columns: bool) -> Packed {
        let (h, w) = (usize::from(self.h), self.width());
        let flip = |m: u64| {
            self.rows(m).enumerate().fold(0, |acc, (r, row)| {
                let row = if columns {
                    row.reverse_bits() >> (64 - w)
                } else {
                    row
                };
                let r = if rows { h - 1 - r } else { r };
                acc | row << (r * w)
            })
        };
        Packed {
            x: flip(self.x),
            o: flip(self.o),
            ..self
        }
    }

    /// The board reflected in its main diagonal (`h` and `w` exchanged).
    fn transposed(self) -> Packed {
        let (h, w) = (usize::from(self.h), self.width());
        let place = |m: u64| bits(m).fold(0, |acc, i| acc | 1u64 << ((i % w) * h + i / w));
        Packed {
            h: self.w,
            w: self.h,
            x: place(self.x),
            o: place(self.o),
        }
    }

    /// The eight images under the symmetries of the square.
    fn images(self) -> [Packed; 8] {
        let t = self.transposed();
        let four = |k: Packed| {
            [
                k,
                k.mirrored(true, false),
                k.mirrored(false, true),
                k.mirrored(true, true),
            ]
        };
        let (a, b) = (four(self), four(t));
        [a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]]
    }

    /// The colours exchanged.
    fn swapped(self) -> Packed {
        Packed {
            x: self.o,
            o: self.x,
            ..self
        }
    }

    /// The jumps of Left (`left`) or Right, as [`jumps`] makes them.
    fn jumps(self, left: bool, out: &mut Vec<Packed>) {
        let (me, enemy) = if left {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        };
        let empty = self.full() & !(self.x | self.o);
        let (h, w) = (isize::from(self.h), isize::from(self.w));
        for from in bits(me) {
            let (r, c) = ((from as isize) / w, (from as isize) % w);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let at = |k: isize| {
                    let (rr, cc) = (r + k * dr, c + k * dc);
                    (0..h).contains(&rr) && (0..w).contains(&cc)
                };
                let bit = |k: isize| 1u64 << ((r + k * dr) * w + c + k * dc);
                let (mut mine, mut theirs) = (me & !(1 << from), enemy);
                let mut k = 1;
                while at(k + 1) && enemy & bit(k) != 0 && empty & bit(k + 1) != 0 {
                    theirs &= !bit(k);
                    mine |= bit(k + 1);
                    out.push(if left {
                        Packed {
                            x: mine,
                            o: theirs,
                            ..self
                        }
                    } else {
                        Packed {
                            x: theirs,
                            o: mine,
                            ..self
                        }
                    });
                    mine &= !bit(k + 1);
                    k += 2;
                }
            }
        }
    }
}

/// The search on packed boards: the hooks of [`Konane`] on bits, with the
/// colour exchange as the conjugate (Konane's rules are the same for both
/// colours, so exchanging them exchanges the players: value −G).
struct PackedKonane;

/// Boards of at most this many cells are keyed by their least image under
/// the square's symmetries; larger ones (rarely met again in another
/// orientation) only by the exchange of colours.
const MAX_IMAGED_CELLS: usize = 16;

impl PackedKonane {
    /// The live clusters on the smallest span holding them (an empty 1×1
    /// board when there is none).
    fn trimmed(k: Packed) -> Packed {
        // The common case of a search from a dense board: the stones are
        // one group of both colours whose grown span is the whole board.
        let stones = k.x | k.o;
        if stones != 0 {
            let edges = (k.column(0), k.column(k.width() - 1));
            let (group, span, live) = k.grown(k.first_group(stones, edges));
            let whole = span.r0 == 0 && span.c0 == 0 && span.r1 == k.h - 1 && span.c1 == k.w - 1;
            if group == stones && live && whole {
                return k;
            }
        }
        let live: Vec<(u64, Span, bool)> = k.clusters().into_iter().filter(|c| c.2).collect();
        let Some(span) = live.iter().map(|c| c.1).reduce(Span::union) else {
            return Packed {
                h: 1,
                w: 1,
                x: 0,
                o: 0,
            };
        };
        k.cut(span, live.iter().fold(0, |m, c| m | c.0))
    }
}

impl Ruleset for PackedKonane {
    type Position = Packed;
}

impl PartizanRuleset for PackedKonane {
    fn left_options(&self, k: &Packed, out: &mut Vec<Packed>) {
        k.jumps(true, out);
    }
    fn right_options(&self, k: &Packed, out: &mut Vec<Packed>) {
        k.jumps(false, out);
    }
    fn decompose(&self, k: &Packed) -> Option<Vec<Packed>> {
        let live: Vec<(u64, Span, bool)> = k.clusters().into_iter().filter(|c| c.2).collect();
        (live.len() > 1).then(|| live.iter().map(|c| k.cut(c.1, c.0)).collect())
    }
    /// The least of the sixteen images (eight symmetries, colours kept or
    /// exchanged), negated when it exchanges the colours.
    fn oriented(&self, k: &Packed) -> (Packed, bool) {
        let t = Self::trimmed(*k);
        let images = if usize::from(t.h) * t.width() <= MAX_IMAGED_CELLS {
            t.images()
        } else {
            [t; 8]
        };
        images
            .into_iter()
            .flat_map(|i| [(i, false), (i.swapped(), true)])
            .min()
            .unwrap_or((t, false))
    }
    fn heap_bytes(&self, _k: &Packed) -> usize {
        0
    }
    /// A key costs the clusters and sixteen images, a lookup one hash.
    fn memo_reached(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{all_boards, move_lines, rows_text, AgainstTwin, Lcg, Rows};
    use crate::games::{find, Context};
    use crate::partizan::notation;
    use std::collections::HashSet;

    /// The options of Left (`x`) or Right (`o`) straight from the rules:
    /// from every stone, in every direction, jump while an enemy stone is
    /// followed by an empty cell, recording each stop.
    fn brute_options(rows: &Rows, left: bool) -> Vec<Rows> {
        let (me, enemy) = if left { (b'x', b'o') } else { (b'o', b'x') };
        let cell = |r: isize, c: isize| -> Option<u8> {
            let row = rows.get(usize::try_from(r).ok()?)?;
            row.get(usize::try_from(c).ok()?).copied()
        };
        let mut out = Vec::new();
        for r in 0..rows.len() as isize {
            for c in 0..rows[0].len() as isize {
                if cell(r, c) != Some(me) {
                    continue;
                }
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let mut next = rows.clone();
                    next[r as usize][c as usize] = b'.';
                    let mut k = 1;
                    while cell(r + (2 * k - 1) * dr, c + (2 * k - 1) * dc) == Some(enemy)
                        && cell(r + 2 * k * dr, c + 2 * k * dc) == Some(b'.')
                    {
                        let (or, oc) = (r + (2 * k - 1) * dr, c + (2 * k - 1) * dc);
                        next[or as usize][oc as usize] = b'.';
                        let mut stop = next.clone();
                        stop[(r + 2 * k * dr) as usize][(c + 2 * k * dc) as usize] = me;
                        out.push(stop);
                        k += 1;
                    }
                }
            }
        }
        out
    }

    /// Every board of 1×1 to 1×9, 2×2 to 2×4, 3×2, 4×2 and 3×3 cells: the
    /// engine (clusters, cutting, symmetry) against the brute-force tree.
    #[test]
    fn engine_against_brute_force_on_small_boards() {
        let mut twin = AgainstTwin::new("konane", Box::new(brute_options));
        let shapes =
            (1..=9)
                .map(|w| (1, w))
                .chain([(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]);
        for (h, w) in shapes {
            for rows in all_boards(h, w, b"xo.") {
                twin.check(&rows, &rows_text(&rows));
            }
        }
    }

    /// Sparse positions on larger boards, where the clusters matter: the
    /// engine against brute force on boards of up to 4×5 cells holding
    /// at most 5 stones (a fixed pseudo-random sample).
    #[test]
    fn engine_against_brute_force_on_sparse_boards() {
        let mut twin = AgainstTwin::new("konane", Box::new(brute_options));
        let mut random = Lcg(12345);
        let mut next = |m: u64| random.below(m);
        for _ in 0..3000 {
            let (h, w) = (1 + next(4) as usize, 2 + next(4) as usize);
            let mut rows = vec![vec![b'.'; w]; h];
            for _ in 0..1 + next(5) {
                rows[next(h as u64) as usize][next(w as u64) as usize] = b"xo"[next(2) as usize];
            }
            twin.check(&rows, &rows_text(&rows));
        }
    }

    /// The search on bits (clusters, images and colour exchange on masks,
    /// the memo of reached positions) against the search on [`Board`]s,
    /// on random boards of up to 5×5 cells (a fixed pseudo-random sample),
    /// each in a fresh store so that no value is shared.
    #[test]
    fn packed_search_against_board_search() {
        let mut random = Lcg(777);
        let mut next = |m: u64| random.below(m);
        for _ in 0..400 {
            let (h, w) = (1 + next(5) as usize, 1 + next(5) as usize);
            let rows: Vec<Vec<u8>> = (0..h)
                .map(|_| (0..w).map(|_| b"xo.."[next(4) as usize]).collect())
                .collect();
            let p: Stones = rows_text(&rows).parse().unwrap();
            if Konane.check(&p).is_err() {
                continue;
            }
            let mut bits_store = GameStore::new();
            let fast = Konane.value(&mut bits_store, &p).unwrap();
            let mut board_store = GameStore::new();
            let slow = partizan_value(&Konane, &mut board_store, &p).unwrap();
            assert_eq!(
                notation::show(&bits_store, fast),
                notation::show(&board_store, slow),
                "{p}"
            );
        }
    }

    /// cgt-tools' tests (konane.rs): `..ox = 1`, `.ox. = *`,
    /// `.ox.|o..x|.... = {1|-1}`, and the five moves of Left from one
    /// position (checked here as a set).
    #[test]
    fn values_and_moves_from_cgt_tools() {
        let game = find("konane").unwrap();
        let mut ctx = Context::new();
        for (position, value) in [("..ox", "1"), (".ox.", "*"), (".ox.|o..x|....", "{1|-1}")] {
            let expected = notation::parse(&mut ctx.store, value).unwrap();
            assert_eq!(
                game.canonical(position, &mut ctx).unwrap(),
                expected,
                "{position}"
            );
        }
        let p: Stones = ".....|..o..|.oxo.|..o..|.....|..o..|.....".parse().unwrap();
        let ours: HashSet<String> = Konane
            .left_moves(&p)
            .into_iter()
            .map(|m| m.to.to_string())
            .collect();
        let theirs: HashSet<String> = [
            ".....|..o..|.o..x|..o..|.....|..o..|.....",
            ".....|..o..|x..o.|..o..|.....|..o..|.....",
            ".....|..o..|.o.o.|.....|..x..|..o..|.....",
            ".....|..o..|.o.o.|.....|.....|.....|..x..",
            "..x..|.....|.o.o.|..o..|.....|..o..|.....",
        ]
        .iter()
        .map(|t| t.parse::<Stones>().unwrap().to_string())
        .collect();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn clusters_labels_and_limits() {
        let p: Stones = "xo......ox".parse().unwrap();
        let parts: Vec<String> = Konane
            .decompose(&p)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(parts, ["xo.", ".ox"]);
        assert!(Konane.decompose(&"xo..ox".parse().unwrap()).is_none());
        assert_eq!(Konane.canonical(&"x.x.o".parse().unwrap()).to_string(), ".");
        let labels = move_lines(Konane.left_moves(&"xo.o.".parse().unwrap()));
        assert_eq!(labels, ["a1 jumps to c1: ..xo.", "a1 jumps to e1: ....x"]);
        let game = find("konane").unwrap();
        let mut ctx = Context::new();
        let full: Vec<String> = (0..6)
            .map(|r| {
                (0..6)
                    .map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
                    .collect()
            })
            .collect();
        let mut board = full.join("/");
        board.replace_range(0..2, "..");
        let mut small = Context::with_store(GameStore::with_budget(4 << 20));
        let refused = game.evaluate(&board, &mut small).unwrap_err().to_string();
        assert!(refused.contains("4 MiB of memory"), "{refused}");
        assert!(!refused.contains('\n') && !refused.contains("positions"));
        assert!(game.evaluate("2x2", &mut ctx).is_err());
        assert!(game.drawing("xo./...").unwrap().unwrap().contains('\n'));
    }
}
