//! Fox and Geese (Winning Ways, ch. 20 and 22; CGSuite's `FoxAndGeese`):
//! on the dark squares of a checkerboard, the geese (`G`, Left's) move one
//! square diagonally forward (up the board, towards the first row), the
//! fox (`F`, Right's) one square diagonally in any direction; nobody
//! jumps or captures. A player who cannot move loses: the geese win by
//! trapping the fox, the fox wins when the geese run out of moves.
//!
//! As CGSuite does, Left plays the geese and Right the fox. Our board is
//! finite (at most 64 squares: the classic 8×8 board and smaller ones);
//! CGSuite's `FoxAndGeese` lets the board go on above the geese. The
//! positions may repeat (the fox moves back and forth), so the game is
//! solved by retrograde analysis of the positions reachable
//! ([`crate::solve::partizan_graph`]), draws included (alone, a draw is
//! impossible here: every goose move goes up, so the geese run out of
//! moves; in sums with other games, where one player may move several
//! times in a row, the fox's back-and-forth makes the values loopy).

use super::grid_board::{cell_name, Alphabet, Board};
use super::picture::{Cell, Owner, Picture};
use super::{Family, Game, GameInfo, LoopyPartizanGame, Move, Ruleset};
use crate::error::quote;
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Fox and Geese.
#[derive(Debug, Clone, Copy, Default)]
pub struct FoxAndGeese;

/// Most squares of a board (the classic 8×8 board).
pub const MAX_SQUARES: usize = 64;

/// A position: the board's size, the geese (a bit per square, row by row
/// from the top) and the fox's square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pen {
    height: u8,
    width: u8,
    geese: u64,
    fox: u8,
}

const TABLE: [(u8, Cell); 3] = [
    (b'G', Cell::piece(Owner::Left, "goose", 'G')),
    (b'F', Cell::piece(Owner::Right, "fox", 'F')),
    (b'.', Cell::Empty),
];

/// The start of an `HxW` board: geese on the dark squares of the bottom
/// row, the fox on the dark square of the top row nearest the middle
/// (left of it on a tie). Dark squares: row + column odd, counted from 0
/// at the top left.
fn start(r: usize, c: usize, height: usize, width: usize) -> u8 {
    let dark = (r + c) % 2 == 1;
    let fox_column = (0..width)
        .filter(|&c| c % 2 == 1)
        .min_by_key(|&c| (2 * c).abs_diff(width - 1))
        .unwrap_or(0);
    if r + 1 == height && dark {
        b'G'
    } else if r == 0 && c == fox_column && height > 1 {
        b'F'
    } else {
        b'.'
    }
}

const ACCEPTED: &str = "rows of G (goose), F (fox) and . (empty) separated by / or |, with one \
                        fox and at most 64 squares, such as .F../..../G.G. , or HxW for the \
                        start of an H×W board (8x8: the classic game)";

impl Pen {
    fn index(&self, r: usize, c: usize) -> usize {
        r * self.width as usize + c
    }

    fn at(&self, i: usize) -> (usize, usize) {
        (i / self.width as usize, i % self.width as usize)
    }

    fn occupied(&self, i: usize) -> bool {
        self.geese >> i & 1 == 1 || i == self.fox as usize
    }

    /// The square one diagonal step from `i`, if it is on the board.
    fn step(&self, i: usize, dr: isize, dc: isize) -> Option<usize> {
        let (r, c) = self.at(i);
        let r = r
            .checked_add_signed(dr)
            .filter(|&r| r < self.height as usize)?;
        let c = c
            .checked_add_signed(dc)
            .filter(|&c| c < self.width as usize)?;
        Some(self.index(r, c))
    }

    fn board(&self) -> Board {
        let mut b = Board::filled(self.height as usize, self.width as usize, b'.');
        for i in 0..self.height as usize * self.width as usize {
            let (r, c) = self.at(i);
            if self.geese >> i & 1 == 1 {
                b.set(r, c, b'G');
            } else if i == self.fox as usize {
                b.set(r, c, b'F');
            }
        }
        b
    }
}

impl FromStr for Pen {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let alphabet = Alphabet {
            cells: b"GF.",
            sized: None,
            accepted: ACCEPTED,
            max_cells: MAX_SQUARES,
        };
        let board = match sized(s) {
            Some((h, w)) => start_board(s, h, w)?,
            None => Board::parse(s, &alphabet)?,
        };
        let squares = board.height() * board.width();
        if squares > MAX_SQUARES {
            return Err(MexError::above_limit(
                "the squares of a Fox and Geese board",
                squares,
                MAX_SQUARES,
                "use a board of at most 64 squares",
            ));
        }
        let foxes = board.find(b'F');
        let [(fr, fc)] = foxes[..] else {
            return Err(MexError::invalid(
                format!("the board has {} foxes", foxes.len()),
                ACCEPTED,
            ));
        };
        let mut pen = Pen {
            height: board.height() as u8,
            width: board.width() as u8,
            geese: 0,
            fox: 0,
        };
        pen.fox = pen.index(fr, fc) as u8;
        for (r, c) in board.find(b'G') {
            pen.geese |= 1 << pen.index(r, c);
        }
        Ok(pen)
    }
}

/// `HxW` (both numbers), if `s` is written so.
/// `HxW` (digits on both sides; a side too long for a `usize` saturates).
fn sized(s: &str) -> Option<(usize, usize)> {
    let (h, w) = s.trim().split_once(['x', 'X'])?;
    let side = |t: &str| {
        let t = t.trim();
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().unwrap_or(usize::MAX))
    };
    Some((side(h)?, side(w)?))
}

/// The start of an `h × w` board typed as `text`: refused when it has no
/// square or more than [`MAX_SQUARES`] (saying how many it has).
fn start_board(text: &str, h: usize, w: usize) -> Result<Board, MexError> {
    if h == 0 || w == 0 {
        return Err(MexError::too_small(
            "the board size",
            quote(text.trim()),
            "1x1",
            ACCEPTED,
        ));
    }
    if h.saturating_mul(w) > MAX_SQUARES {
        let squares = match h.checked_mul(w) {
            Some(n) => format!("{n} ({h}x{w})"),
            None => quote(text.trim()),
        };
        return Err(MexError::above_limit(
            "the squares of a Fox and Geese board",
            squares,
            MAX_SQUARES,
            "use a board of at most 64 squares",
        ));
    }
    let mut b = Board::filled(h, w, b'.');
    for r in 0..h {
        for c in 0..w {
            b.set(r, c, start(r, c, h, w));
        }
    }
    Ok(b)
}

impl fmt::Display for Pen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board().fmt(f)
    }
}

impl Ruleset for FoxAndGeese {
    type Position = Pen;
}

impl Game for FoxAndGeese {
    const INFO: GameInfo = GameInfo {
        name: "fox-and-geese",
        family: Family::Partizan,
        description: "geese (Left) trap the fox (Right) on a checkerboard; positions repeat",
        syntax: "rows of G, F and . separated by /, or HxW for the start (8x8: classic)",
        example: "...F../....../....../....../....../G.G.G.",
        rules: "Geese (Left) move one square diagonally up the board, the fox (Right) one \
                square diagonally in any direction, onto an empty square; no jumps. Who \
                cannot move loses: the geese win by trapping the fox. Analysed with draws, \
                for each first player.",
    };
    fn drawing(&self, p: &Pen) -> Option<String> {
        Some(p.board().picture())
    }
    /// The board: geese (Left), the fox (Right), empty squares.
    fn picture(&self, p: &Pen) -> Picture {
        p.board().to_picture(&TABLE)
    }
}

/// Every move of the pieces `from` in the diagonal `steps`, to empty
/// squares, made by `moved`.
fn piece_moves(
    p: &Pen,
    from: impl Iterator<Item = usize>,
    steps: &[(isize, isize)],
    name: &str,
    moved: impl Fn(usize, usize) -> Pen,
) -> Vec<Move<Pen>> {
    let mut out = Vec::new();
    for i in from {
        for &(dr, dc) in steps {
            if let Some(j) = p.step(i, dr, dc).filter(|&j| !p.occupied(j)) {
                let ((r, c), (r2, c2)) = (p.at(i), p.at(j));
                let label = format!("{name} {}-{}", cell_name(r, c), cell_name(r2, c2));
                out.push(Move::new(label, moved(i, j)));
            }
        }
    }
    out
}

impl LoopyPartizanGame for FoxAndGeese {
    fn left_moves(&self, p: &Pen) -> Vec<Move<Pen>> {
        let geese = (0..64).filter(|&i| p.geese >> i & 1 == 1);
        piece_moves(p, geese, &[(-1, -1), (-1, 1)], "goose", |i, j| Pen {
            geese: p.geese & !(1 << i) | 1 << j,
            ..*p
        })
    }
    fn right_moves(&self, p: &Pen) -> Vec<Move<Pen>> {
        let fox = std::iter::once(p.fox as usize);
        let steps = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        piece_moves(p, fox, &steps, "fox", |_, j| Pen { fox: j as u8, ..*p })
    }
    fn position_bytes(&self, _p: &Pen) -> usize {
        std::mem::size_of::<Pen>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::partizan_graph::{self, LoopyClass, Winner};

    fn solved(text: &str) -> partizan_graph::TwoSided {
        let p: Pen = text.parse().unwrap();
        let (_, g) = FoxAndGeese.reachable(&p, 1 << 30).unwrap();
        partizan_graph::solve(&g).unwrap()[0]
    }

    #[test]
    fn positions_round_trip() {
        for text in ["G.G./.F..", ".F../..../G.G.", "F./.G"] {
            let p: Pen = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        let classic: Pen = "8x8".parse().unwrap();
        assert_eq!(
            classic.to_string(),
            "...F..../......../......../......../......../......../......../G.G.G.G."
        );
        for bad in ["G.G.", "FF/..", "9x9", "x"] {
            assert!(bad.parse::<Pen>().is_err(), "{bad}");
        }
    }

    /// A start too large says how many squares it has and the limit, not
    /// "accepted" twice (issue 39, item 16).
    #[test]
    fn a_start_too_large_names_its_squares() {
        let e = "9x9".parse::<Pen>().unwrap_err().to_string();
        assert!(
            e.starts_with("the squares of a Fox and Geese board 81 (9x9) exceeds the limit of 64"),
            "{e}"
        );
        let zero = "0x8".parse::<Pen>().unwrap_err().to_string();
        assert!(zero.contains("below the minimum 1x1"), "{zero}");
        let huge = "99999999999999999999999x9".parse::<Pen>().unwrap_err();
        assert!(
            huge.to_string().contains("exceeds the limit of 64"),
            "{huge}"
        );
    }

    /// By hand: a fox in a corner behind a goose that blocks its only
    /// square is trapped (Right to move loses); with Left to move, the
    /// goose must move away (its only move) and frees the fox.
    #[test]
    fn a_trapped_fox() {
        // F at a1 (top left); goose at b2 blocks its only diagonal.
        let p: Pen = "F../.G./...".parse().unwrap();
        assert!(FoxAndGeese.right_moves(&p).is_empty());
        assert_eq!(FoxAndGeese.left_moves(&p).len(), 1);
        let v = solved("F../.G./...");
        assert_eq!(v.winner_right_first(), Winner::Left);
    }

    /// Alone, Fox and Geese never draws: every goose move goes up, so
    /// plays are finite (checked on every position of a 4×4 start).
    #[test]
    fn no_draws_alone() {
        let p: Pen = "4x4".parse().unwrap();
        let (_, g) = FoxAndGeese.reachable(&p, 1 << 30).unwrap();
        for v in partizan_graph::solve(&g).unwrap() {
            assert!(!matches!(
                v.class(),
                LoopyClass::D
                    | LoopyClass::NHat
                    | LoopyClass::NCheck
                    | LoopyClass::PHat
                    | LoopyClass::PCheck
            ));
        }
    }

    #[test]
    fn exported_graph_has_every_reachable_position() {
        let p: Pen = "4x4".parse().unwrap();
        let (left, right, start) = FoxAndGeese.position_graph(&p).unwrap();
        assert_eq!(
            (left.len(), right.len(), start),
            (right.len(), left.len(), 0)
        );
        assert!(left.iter().chain(&right).flatten().all(|&j| j < left.len()));
    }

    /// Winning Ways (vol. 3, "Fox and Geese; Hare and Hounds"): on the
    /// classic 8×8 board the geese win with correct play. Here, on the
    /// finite board with the fox starting on the top row, they win
    /// whoever moves first (about 3 s of CPU).
    #[test]
    fn classic_board_geese_win() {
        assert_eq!(solved("8x8").class(), LoopyClass::L);
    }
}
