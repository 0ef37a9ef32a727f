//! Backsliding Toads and Frogs (Winning Ways, ch. 12 "Games Eternal —
//! Games Entailed"; CGSuite's `GenToadsAndFrogs` with `backsliding`): a
//! strip of cells holding a toad (`T`, Left's), a frog (`F`, Right's) or
//! nothing (`.`). As in Toads and Frogs, a toad moves one cell right into
//! an empty cell or jumps over one frog into the empty cell beyond, and
//! frogs do the same leftwards; besides, a toad may slide one cell back
//! (left) and a frog one cell back (right) into an empty cell. Nobody
//! jumps backwards. A player who cannot move loses; play may go on
//! forever, so positions are solved by retrograde analysis of those
//! reachable ([`crate::solve::partizan_graph`]), draws included.

use super::picture::{Cell, Owner, Picture};
use super::{Family, Game, GameInfo, LoopyPartizanGame, Move, Ruleset};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Backsliding Toads and Frogs.
#[derive(Debug, Clone, Copy, Default)]
pub struct BackslidingToadsAndFrogs;

/// Most cells of a strip.
pub const MAX_CELLS: usize = 32;

/// A strip: its length, and a bit per cell for the toads and the frogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    len: u8,
    toads: u32,
    frogs: u32,
}

const ACCEPTED: &str =
    "a strip of T (toad), F (frog) and . (empty) of 1 to 32 cells, such as TT.FF";

impl Strip {
    fn cell(&self, i: usize) -> u8 {
        if self.toads >> i & 1 == 1 {
            b'T'
        } else if self.frogs >> i & 1 == 1 {
            b'F'
        } else {
            b'.'
        }
    }

    fn is_empty_at(&self, i: isize) -> bool {
        (0..self.len as isize).contains(&i) && self.cell(i as usize) == b'.'
    }

    fn has(&self, i: isize, piece: u8) -> bool {
        (0..self.len as isize).contains(&i) && self.cell(i as usize) == piece
    }

    fn cells(&self) -> Vec<u8> {
        (0..self.len as usize).map(|i| self.cell(i)).collect()
    }
}

impl FromStr for Strip {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let s = s.trim();
        if s.is_empty() || s.len() > MAX_CELLS {
            return Err(MexError::invalid(
                format!("a strip of {} cells", s.chars().count()),
                ACCEPTED,
            ));
        }
        let mut strip = Strip {
            len: s.len() as u8,
            toads: 0,
            frogs: 0,
        };
        for (i, c) in s.chars().enumerate() {
            match c {
                'T' => strip.toads |= 1 << i,
                'F' => strip.frogs |= 1 << i,
                '.' => {}
                other => {
                    return Err(MexError::invalid(
                        format!("'{other}' is not a cell"),
                        ACCEPTED,
                    ))
                }
            }
        }
        Ok(strip)
    }
}

impl fmt::Display for Strip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(std::str::from_utf8(&self.cells()).unwrap_or("?"))
    }
}

impl Ruleset for BackslidingToadsAndFrogs {
    type Position = Strip;
}

impl Game for BackslidingToadsAndFrogs {
    const INFO: GameInfo = GameInfo {
        name: "backsliding-toads-and-frogs",
        family: Family::Partizan,
        description: "Toads and Frogs where pieces may also slide back one cell; positions repeat",
        syntax: "a strip of T, F and . (at most 32 cells)",
        example: "TT..FF",
        rules: "Toads (Left) slide one cell right or jump over one frog; frogs (Right) \
                slide one cell left or jump over one toad; either may also slide one cell \
                back into an empty cell (no backward jumps). Who cannot move loses; play \
                may go on forever (a draw).",
    };
    fn drawing(&self, p: &Strip) -> Option<String> {
        Some(p.to_string())
    }
    /// The strip: toads (Left), frogs (Right), empty cells.
    fn picture(&self, p: &Strip) -> Picture {
        let table = [
            (b'T', Cell::piece(Owner::Left, "toad", 'T')),
            (b'F', Cell::piece(Owner::Right, "frog", 'F')),
            (b'.', Cell::Empty),
        ];
        let cells = p.cells();
        Picture::strips([&cells[..]], &table).bounded(|| p.to_string())
    }
}

/// The moves of the pieces `piece` (moving forward in direction `dir`,
/// over pieces `other`): forward slides, jumps and back slides.
fn moves(p: &Strip, piece: u8, other: u8, dir: isize, name: &str) -> Vec<Move<Strip>> {
    let mut out = Vec::new();
    for i in (0..p.len as isize).filter(|&i| p.has(i, piece)) {
        let targets = [
            (i + dir, p.is_empty_at(i + dir)),
            (
                i + 2 * dir,
                p.has(i + dir, other) && p.is_empty_at(i + 2 * dir),
            ),
            (i - dir, p.is_empty_at(i - dir)),
        ];
        for (j, allowed) in targets {
            if allowed {
                let mut q = *p;
                let bits = if piece == b'T' {
                    &mut q.toads
                } else {
                    &mut q.frogs
                };
                *bits = *bits & !(1 << i) | 1 << j;
                out.push(Move::new(format!("{name} {} to {}", i + 1, j + 1), q));
            }
        }
    }
    out
}

impl LoopyPartizanGame for BackslidingToadsAndFrogs {
    fn left_moves(&self, p: &Strip) -> Vec<Move<Strip>> {
        moves(p, b'T', b'F', 1, "toad")
    }
    fn right_moves(&self, p: &Strip) -> Vec<Move<Strip>> {
        moves(p, b'F', b'T', -1, "frog")
    }
    fn position_bytes(&self, _p: &Strip) -> usize {
        std::mem::size_of::<Strip>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::partizan_graph::{self, LoopyClass};

    fn class(text: &str) -> LoopyClass {
        let p: Strip = text.parse().unwrap();
        let (_, g) = BackslidingToadsAndFrogs.reachable(&p, 1 << 30).unwrap();
        partizan_graph::solve(&g).unwrap()[0].class()
    }

    #[test]
    fn strips_round_trip_and_move() {
        let p: Strip = "T.F.".parse().unwrap();
        assert_eq!(p.to_string(), "T.F.");
        let labels = |m: Vec<Move<Strip>>| -> Vec<String> {
            m.into_iter()
                .map(|m| format!("{} {}", m.label, m.to))
                .collect()
        };
        assert_eq!(
            labels(BackslidingToadsAndFrogs.left_moves(&p)),
            ["toad 1 to 2 .TF."]
        );
        assert_eq!(
            labels(BackslidingToadsAndFrogs.right_moves(&p)),
            ["frog 3 to 2 TF..", "frog 3 to 4 T..F"]
        );
        let q: Strip = ".TF.".parse().unwrap();
        assert_eq!(
            labels(BackslidingToadsAndFrogs.right_moves(&q)),
            ["frog 3 to 1 FT..", "frog 3 to 4 .T.F"]
        );
        for bad in ["", "TX", &"T".repeat(33)] {
            assert!(bad.parse::<Strip>().is_err(), "{bad}");
        }
    }

    /// `TF`: nobody can move (P); `T.`, `.F`: only one side can ever
    /// move (L, R); `T.F` worked by hand: Left first must play `.TF`,
    /// Right jumps to `FT.`, Left must play `F.T`, Right must slide back
    /// to `.FT` and Left is stuck: Right wins in 4; Right first, `TF.`,
    /// `.FT`, `F.T`, `FT.` and Right is stuck: Left wins in 4 (P).
    #[test]
    fn small_strips_by_hand() {
        assert_eq!(class("TF"), LoopyClass::P);
        assert_eq!(class("T."), LoopyClass::L);
        assert_eq!(class(".F"), LoopyClass::R);
        let p: Strip = "T.F".parse().unwrap();
        let (_, g) = BackslidingToadsAndFrogs.reachable(&p, 1 << 30).unwrap();
        let v = partizan_graph::solve(&g).unwrap()[0];
        assert_eq!(
            v.to_string(),
            "Left first: Right wins in 4; Right first: Left wins in 4"
        );
    }

    /// Draws happen: in `TTT..FFF` neither side can force a win, whoever
    /// starts (computed here; the slow twin of the solver is checked in
    /// `solve::partizan_graph`).
    #[test]
    fn a_drawn_strip() {
        assert_eq!(class("TTT..FFF"), LoopyClass::D);
    }

    /// Exchanging toads and frogs and reversing the strip exchanges Left
    /// and Right: the winners swap (every strip of up to 6 cells).
    #[test]
    fn conjugates_swap_winners() {
        for len in 1..=6u32 {
            for code in 0..3u32.pow(len) {
                let text: String = (0..len)
                    .map(|k| ['.', 'T', 'F'][(code / 3u32.pow(k) % 3) as usize])
                    .collect();
                let mirror: String = text
                    .chars()
                    .rev()
                    .map(|c| match c {
                        'T' => 'F',
                        'F' => 'T',
                        c => c,
                    })
                    .collect();
                let swapped = match class(&mirror) {
                    LoopyClass::L => LoopyClass::R,
                    LoopyClass::R => LoopyClass::L,
                    LoopyClass::NHat => LoopyClass::NCheck,
                    LoopyClass::NCheck => LoopyClass::NHat,
                    LoopyClass::PHat => LoopyClass::PCheck,
                    LoopyClass::PCheck => LoopyClass::PHat,
                    c => c,
                };
                assert_eq!(class(&text), swapped, "{text}");
            }
        }
    }
}
