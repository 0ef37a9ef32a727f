//! NoGo (the Birth of NoGo competition, Barcelona 2011; solved on small
//! boards by Du, Wei and Müller 2023 and on 1×n by Du and Müller 2024) and
//! impartial NoGo (MCGS's impartial variant: a move is any legal move of
//! either player).
//!
//! **Rules.** Black (`x`, Left) and White (`o`, Right) place stones of
//! their colour on empty points of a board, as in Go, but no stone is ever
//! captured: a placement is illegal when afterwards the placed stone's
//! group (its orthogonally connected stones of one colour) has no liberty
//! (an orthogonally adjacent empty point), which is suicide, or when an
//! adjacent group of the other colour has none, which would be a capture.
//! Who cannot place loses (normal play). Points marked `#` are not on the
//! board (MCGS's convention, `X` is Black, is kept: `X`/`O` are read as
//! `x`/`o`).
//!
//! **Invariant.** In a position reached by legal play every group has a
//! liberty (the placed group and the adjacent enemy groups are checked,
//! and any other group keeps its liberties, since the placed point is not
//! one of them). Positions are read with this checked: a typed position
//! with a group without liberty is refused.
//!
//! **Legality in bits.** A point `p` is legal for a colour exactly when it
//! is empty, is not the only liberty of an enemy group (capture), and is
//! not suicide: `p` has an empty neighbour, or an adjacent own group has a
//! liberty besides `p` (a group with two or more liberties). So the legal
//! points are the empty points minus the single liberties of the enemy's
//! groups minus the empty points with no empty neighbour that touch no own
//! group of two or more liberties; one pass over the groups (flood fills
//! on 128-bit masks) gives them. The tests compare this with placing the
//! stone and counting liberties by flood fill on a plain grid.
//!
//! **Independent regions.** Link two empty points when they are adjacent or
//! both liberties of one group, and call a region a class of the linked
//! empty points together with the groups whose liberties it holds (every
//! group has a liberty, and all its liberties lie in one region, so every
//! stone is in exactly one region). Theorem: the position is the sum of its
//! regions, each on a board where every other point is off the board.
//! Proof: whether a move at `p` in region `A` is legal depends only on the
//! groups adjacent to `p` (their liberties, which lie in `A`) and on `p`'s
//! empty neighbours (in `A`). A move at `p` merges only groups of `A`, and
//! the new group's liberties are theirs and `p`'s empty neighbours, all in
//! `A`; no group of another region is adjacent to `p` (else `p` would be
//! its liberty). So after a move in `A` the regions other than `A` keep
//! their points, groups and liberties, the links are unchanged there, and
//! by induction on the length of play the game is the disjunctive sum of
//! the regions (Conway 1976, ch. 7 / Winning Ways ch. 2 for sums). A region
//! where neither colour has a legal point is 0 for ever (its moves never
//! change) and is dropped. The regions are not the pieces MCGS splits
//! into (Shan 2013's immortal points), only this provably safe splitting.
//!
//! **Symmetry.** The rules are the same in every direction, so the eight
//! symmetries of the square keep the value; exchanging the colours gives
//! the negative (the conjugate) in NoGo and the same game in impartial
//! NoGo. A region is keyed by its least image under the sixteen.

use super::cram::cells::{first_column, low_bits, shl, shr};
use super::grid_board::{cell_name, Alphabet, Board};
use super::picture::{Cell, Owner, Picture};
use super::{
    positions, Family, Game, GameInfo, ImpartialGame, ImpartialRuleset, Move, PartizanGame,
    PartizanRuleset, Ruleset,
};
use crate::error::quote;
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most points of a NoGo board: each colour is one 128-bit mask. The
/// work of a search is bounded by its memory budget and stop token as it
/// runs, not by an a-priori count.
pub const MAX_CELLS: usize = 128;

/// The weight of an empty point in impartial NoGo's
/// [`ImpartialRuleset::difficulty`] (as Cram's weight of a free cell).
pub const DIFFICULTY_PER_POINT: u64 = 10;

/// NoGo: Black (`x`) is Left, White (`o`) is Right.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoGo;

/// Impartial NoGo: both players may place either colour where that colour
/// may legally be placed.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImpartialNoGo;

const ALPHABET: Alphabet = Alphabet {
    cells: b"xoXO.#",
    sized: Some(|_, _| b'.'),
    accepted: "HxW for the empty board such as 3x4, or rows of x (Black, Left), o (White, \
               Right), . (empty) and # (no point) separated by / or |, such as x../.o./...",
    max_cells: MAX_CELLS,
};

/// A NoGo board of at most [`MAX_CELLS`] points, packed: bit
/// `r * width + c` of `black`, `white` or `off` is set when the point in
/// row `r`, column `c` holds a black stone, a white stone, or is off the
/// board. Every group has a liberty (checked when read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Goban {
    height: u8,
    width: u8,
    black: u128,
    white: u128,
    off: u128,
}

impl Goban {
    /// The board's height.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    fn cells(&self) -> usize {
        self.height() * self.width()
    }

    /// The empty points.
    fn empty(&self) -> u128 {
        low_bits(self.cells()) & !(self.black | self.white | self.off)
    }

    /// The board as rows of `x`, `o`, `.` and `#`.
    pub fn to_board(&self) -> Board {
        let mut board = Board::filled(self.height(), self.width(), b'.');
        for (mask, ch) in [(self.black, b'x'), (self.white, b'o'), (self.off, b'#')] {
            for i in bits(mask) {
                board.set(i / self.width(), i % self.width(), ch);
            }
        }
        board
    }

    fn from_board(board: &Board) -> Result<Goban, MexError> {
        let (height, width) = (board.height(), board.width());
        let mut p = Goban {
            height: height as u8,
            width: width as u8,
            black: 0,
            white: 0,
            off: 0,
        };
        for r in 0..height {
            for c in 0..width {
                let bit = 1u128 << (r * width + c);
                match board.get(r, c) {
                    b'x' | b'X' => p.black |= bit,
                    b'o' | b'O' => p.white |= bit,
                    b'#' => p.off |= bit,
                    _ => {}
                }
            }
        }
        if let Some(dead) = p.group_without_liberty() {
            let (r, c) = (dead / width, dead % width);
            return Err(MexError::invalid(
                format!(
                    "the group of the stone at {} in {} has no liberty (in NoGo every group \
                     keeps one)",
                    cell_name(r, c),
                    quote(&board.to_string())
                ),
                ALPHABET.accepted,
            ));
        }
        Ok(p)
    }

    /// The lowest point of a group without liberty, if any.
    fn group_without_liberty(&self) -> Option<usize> {
        let g = Geometry::of(self);
        let empty = self.empty();
        [self.black, self.white].into_iter().find_map(|stones| {
            groups(&g, stones)
                .find(|&group| g.neighbours(group) & empty == 0)
                .map(|group| group.trailing_zeros() as usize)
        })
    }

    /// The legal points of each colour.
    fn legal(&self) -> Legal {
        let g = Geometry::of(self);
        let empty = self.empty();
        let lonely = empty & !g.neighbours(empty);
        let black = liberties(&g, self.black, empty);
        let white = liberties(&g, self.white, empty);
        Legal {
            black: empty & !white.single & !(lonely & !black.roomy),
            white: empty & !black.single & !(lonely & !white.roomy),
        }
    }

    /// The position with a stone of `colour` on point `i`.
    fn with_stone(mut self, i: usize, colour: Colour) -> Goban {
        match colour {
            Colour::Black => self.black |= 1 << i,
            Colour::White => self.white |= 1 << i,
        }
        self
    }

    /// The colours exchanged.
    fn swapped(self) -> Goban {
        Goban {
            black: self.white,
            white: self.black,
            ..self
        }
    }

    /// The live regions (see the module's theorem): for each, the mask of
    /// its points (empty points and the stones of its groups); regions
    /// where neither colour has a legal point are left out.
    fn regions(&self) -> Vec<u128> {
        let g = Geometry::of(self);
        let empty = self.empty();
        let legal = self.legal();
        let playable = legal.black | legal.white;
        let mut rest = empty;
        let mut out = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            let stones = loop {
                let touching = g.neighbours(region);
                let stones = g.flood(touching & self.black, self.black)
                    | g.flood(touching & self.white, self.white);
                let grown = region | (g.neighbours(region | stones) & empty);
                if grown == region {
                    break stones;
                }
                region = grown;
            };
            rest &= !region;
            if region & playable != 0 {
                out.push(region | stones);
            }
        }
        out
    }

    /// The points of `keep` on the smallest board holding them, every other
    /// point off the board; a 1×1 board with no point when `keep` is empty.
    fn cropped(&self, keep: u128) -> Goban {
        if keep == 0 {
            return Goban {
                height: 1,
                width: 1,
                black: 0,
                white: 0,
                off: 1,
            };
        }
        let w = self.width();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for i in bits(keep) {
            let (r, c) = (i / w, i % w);
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
        }
        let (height, width) = (r1 - r0 + 1, c1 - c0 + 1);
        let row = low_bits(width);
        let take = |mask: u128| {
            (0..height).fold(0u128, |out, r| {
                out | (shr(mask, ((r0 + r) * w + c0) as u32) & row) << (r * width)
            })
        };
        let kept = take(keep);
        Goban {
            height: height as u8,
            width: width as u8,
            black: take(self.black & keep),
            white: take(self.white & keep),
            off: low_bits(height * width) & !kept,
        }
    }

    /// The image under symmetry `k` (0..8) of the square's group: bit 2
    /// transposes, bit 0 mirrors the rows, bit 1 the columns (as
    /// [`Board::image`]).
    fn image(&self, k: u8) -> Goban {
        let (h, w) = (self.height(), self.width());
        let (th, tw) = if k & 4 != 0 { (w, h) } else { (h, w) };
        let map = |mask: u128| {
            bits(mask).fold(0u128, |out, i| {
                let (r, c) = (i / w, i % w);
                let (mut r2, mut c2) = if k & 4 != 0 { (c, r) } else { (r, c) };
                if k & 1 != 0 {
                    r2 = th - 1 - r2;
                }
                if k & 2 != 0 {
                    c2 = tw - 1 - c2;
                }
                out | 1 << (r2 * tw + c2)
            })
        };
        Goban {
            height: th as u8,
            width: tw as u8,
            black: map(self.black),
            white: map(self.white),
            off: map(self.off),
        }
    }

    /// The least of the eight images, and of the eight images of the
    /// colours exchanged when `swap`; with whether the least is one of the
    /// exchanged.
    fn least_image(&self, swap: bool) -> (Goban, bool) {
        let (h, w) = (self.height, self.width);
        let mut best = (*self, false);
        for k in 0..8 {
            // An image of another shape than the least one cannot win.
            if (k & 4 != 0) != (h > w) && h != w && k != 0 {
                continue;
            }
            let q = self.image(k);
            best = best.min((q, false));
            if swap {
                best = best.min((q.swapped(), true));
            }
        }
        best
    }

    /// The single live region on its own board, or the whole position when
    /// it has several (then it decomposes); the dead regions dropped.
    fn trimmed(&self) -> Goban {
        match self.regions()[..] {
            [] => self.cropped(0),
            [region] => self.cropped(region),
            _ => *self,
        }
    }

    /// The live regions, each on its own board, when there are two or more.
    fn parts(&self) -> Option<Vec<Goban>> {
        let regions = self.regions();
        (regions.len() >= 2).then(|| regions.iter().map(|&r| self.cropped(r)).collect())
    }

    /// Every placement of `colour` (centre first), labelled.
    fn placements(&self, colour: Colour) -> Vec<Move<Goban>> {
        let legal = self.legal();
        let (mask, glyph) = match colour {
            Colour::Black => (legal.black, 'x'),
            Colour::White => (legal.white, 'o'),
        };
        self.centre_first(mask)
            .map(|i| {
                let label = format!(
                    "{glyph} at {}",
                    cell_name(i / self.width(), i % self.width())
                );
                Move::new(label, self.with_stone(i, colour))
            })
            .collect()
    }

    /// The points of `mask`, nearest the centre first (ties in reading
    /// order).
    fn centre_first(&self, mask: u128) -> impl Iterator<Item = usize> {
        let (h, w) = (self.height() as isize, self.width() as isize);
        let distance = |i: usize| {
            let (r, c) = ((i as isize) / w, (i as isize) % w);
            (2 * r - (h - 1)).abs() + (2 * c - (w - 1)).abs()
        };
        let mut points: Vec<usize> = bits(mask).collect();
        points.sort_by_key(|&i| (distance(i), i));
        points.into_iter()
    }
}

/// A stone colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colour {
    Black,
    White,
}

/// The legal points of each colour.
struct Legal {
    black: u128,
    white: u128,
}

/// What the groups of one colour say about legality: the single
/// liberties of its groups in atari (illegal for the other colour), and
/// the points next to its groups of two or more liberties (never suicide
/// for this colour).
struct Liberties {
    single: u128,
    roomy: u128,
}

fn liberties(g: &Geometry, stones: u128, empty: u128) -> Liberties {
    let mut out = Liberties {
        single: 0,
        roomy: 0,
    };
    for group in groups(g, stones) {
        let around = g.neighbours(group);
        let libs = around & empty;
        if libs.count_ones() == 1 {
            out.single |= libs;
        } else {
            out.roomy |= around;
        }
    }
    out
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// The groups (orthogonally connected sets) of `stones`.
fn groups(g: &Geometry, stones: u128) -> impl Iterator<Item = u128> + '_ {
    let mut rest = stones;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let group = g.flood(rest & rest.wrapping_neg(), stones);
            rest &= !group;
            group
        })
    })
}

/// The masks of a board, for shifting points.
struct Geometry {
    width: u32,
    all: u128,
    first_column: u128,
    last_column: u128,
}

impl Geometry {
    fn of(p: &Goban) -> Geometry {
        let (h, w) = (u32::from(p.height), u32::from(p.width));
        let first_column = first_column(h, w);
        Geometry {
            width: w,
            all: low_bits((h * w) as usize),
            first_column,
            last_column: first_column << (w - 1),
        }
    }

    /// The points orthogonally adjacent to some point of `x`.
    fn neighbours(&self, x: u128) -> u128 {
        (((x & !self.last_column) << 1)
            | ((x & !self.first_column) >> 1)
            | shl(x, self.width)
            | shr(x, self.width))
            & self.all
    }

    /// The points of `within` connected to `seed` (a subset of it).
    fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut region = seed;
        loop {
            let grown = (region | self.neighbours(region)) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

impl FromStr for Goban {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        Goban::from_board(&Board::parse(s, &ALPHABET)?)
    }
}

impl fmt::Display for Goban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_board().fmt(f)
    }
}

/// The picture of both games: stones of each colour, empty points, and
/// points off the board blocked.
fn picture(p: &Goban) -> Picture {
    p.to_board().to_picture(&[
        (b'x', Cell::piece(Owner::Left, "stone", 'x')),
        (b'o', Cell::piece(Owner::Right, "stone", 'o')),
        (b'.', Cell::Empty),
        (b'#', Cell::Blocked),
    ])
}

impl Ruleset for NoGo {
    type Position = Goban;
}

impl Game for NoGo {
    const INFO: GameInfo = GameInfo {
        name: "nogo",
        family: Family::Partizan,
        description: "NoGo: place stones as in Go, where capturing and suicide are forbidden",
        syntax: "HxW (empty board), or rows of x (Black, Left), o (White, Right), . (empty) and \
                 # (no point) separated by / or |, e.g. x../.o./...",
        example: "x../.o./...",
        rules: "Black (x, Left) and White (o, Right) place a stone of their colour on an empty \
                point. A placement is illegal if afterwards the placed stone's group, or an \
                adjacent group of the other colour, has no liberty (no capture, no suicide). \
                Who cannot place loses. HxW is the empty board; # marks a point off the board.",
    };
    fn drawing(&self, p: &Goban) -> Option<String> {
        Some(p.to_board().picture())
    }
    /// The board: Black's stones, White's stones, empty points, and the
    /// points off the board blocked.
    fn picture(&self, p: &Goban) -> Picture {
        picture(p)
    }
}

impl PartizanGame for NoGo {
    fn left_moves(&self, p: &Goban) -> Vec<Move<Goban>> {
        p.placements(Colour::Black)
    }
    fn right_moves(&self, p: &Goban) -> Vec<Move<Goban>> {
        p.placements(Colour::White)
    }
}

impl PartizanRuleset for NoGo {
    fn left_options(&self, p: &Goban, out: &mut Vec<Goban>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Goban, out: &mut Vec<Goban>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The live regions (the module's theorem), each on its own board.
    fn decompose(&self, p: &Goban) -> Option<Vec<Goban>> {
        p.parts()
    }
    /// The live region on its own board, as its least image under the
    /// square's symmetries.
    fn canonical(&self, p: &Goban) -> Goban {
        p.trimmed().least_image(false).0
    }
    /// The least image under the square's symmetries and the exchange of
    /// colours, which negates the value.
    fn oriented(&self, p: &Goban) -> (Goban, bool) {
        p.trimmed().least_image(true)
    }
    /// A position owns no heap memory.
    fn heap_bytes(&self, _p: &Goban) -> usize {
        0
    }
}

impl Ruleset for ImpartialNoGo {
    type Position = Goban;
}

impl Game for ImpartialNoGo {
    const INFO: GameInfo = GameInfo {
        name: "impartial-nogo",
        family: Family::Impartial,
        description: "Impartial NoGo: either player places a stone of either colour, NoGo's rules",
        syntax: "HxW (empty board), or rows of x, o, . (empty) and # (no point) separated by / \
                 or |, e.g. x../.o./...",
        example: "2x3",
        rules: "Black (x) and white (o) stones on a board. A move places a stone of either \
                colour on an empty point where NoGo allows that colour: afterwards neither the \
                placed stone's group nor an adjacent group of the other colour may be without \
                liberty. Both players have the same moves; who cannot place loses.",
    };
    fn drawing(&self, p: &Goban) -> Option<String> {
        Some(p.to_board().picture())
    }
    /// The board, as NoGo's.
    fn picture(&self, p: &Goban) -> Picture {
        picture(p)
    }
}

impl ImpartialGame for ImpartialNoGo {
    fn moves(&self, p: &Goban) -> Vec<Move<Goban>> {
        let mut out = p.placements(Colour::Black);
        out.extend(p.placements(Colour::White));
        out
    }
    fn is_terminal(&self, p: &Goban) -> bool {
        let legal = p.legal();
        legal.black | legal.white == 0
    }
}

impl ImpartialRuleset for ImpartialNoGo {
    /// Black's placements then White's, each from the centre outwards.
    fn options(&self, p: &Goban, out: &mut Vec<Goban>) {
        let legal = p.legal();
        out.extend(
            p.centre_first(legal.black)
                .map(|i| p.with_stone(i, Colour::Black)),
        );
        out.extend(
            p.centre_first(legal.white)
                .map(|i| p.with_stone(i, Colour::White)),
        );
    }
    /// The live regions (the module's theorem), each on its own board.
    fn decompose(&self, p: &Goban) -> Option<Vec<Goban>> {
        p.parts()
    }
    /// The live region on its own board, as its least image under the
    /// square's symmetries and the exchange of colours.
    fn canonical(&self, p: &Goban) -> Goban {
        p.trimmed().least_image(true).0
    }
    /// [`DIFFICULTY_PER_POINT`] times the number of empty points.
    fn difficulty(&self, p: &Goban) -> u64 {
        DIFFICULTY_PER_POINT * u64::from(p.empty().count_ones())
    }
}

#[cfg(test)]
mod tests;
