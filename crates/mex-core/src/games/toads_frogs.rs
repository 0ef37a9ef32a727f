//! Toads and Frogs (Guy; Winning Ways ch. 1): strips of cells holding a toad
//! (`T`, Left's), a frog (`F`, Right's) or nothing (`.`). A toad moves one
//! cell right into an empty cell, or jumps over one frog into the empty cell
//! beyond; frogs do the same leftwards. Values by the partizan engine, with
//! two of Erickson's (1996) simplifications as hooks: toads at the right end
//! and frogs at the left end never move again (they act as the board's
//! edge), and a block `TTFF` never changes, so it splits a strip into two
//! independent strips.
//!
//! The search is bounded as it runs, by the store's memory budget (each
//! memoised position charged with its cells) and the stop token, not by a
//! count of positions made in advance.

use super::picture::{Cell, Owner, Picture};
use super::{Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset, MAX_HEAPS};
use crate::error::quote;
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most cells in a position.
pub const MAX_CELLS: usize = 100_000;
/// Most cells in a position whose moves are listed.
pub const MAX_LISTED_CELLS: usize = 1_000;
/// Toads and Frogs.
#[derive(Debug, Clone, Copy, Default)]
pub struct ToadsAndFrogs;

/// Strips of cells `T`, `F` and `.` (bytes), left to right, one after
/// another with a space between two strips (so that no move crosses from
/// one strip into the next); empty when there is none (written `-`). One
/// flat buffer: a position is one allocation, hashed as one slice.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strips(Vec<u8>);

/// The byte between two strips.
const GAP: u8 = b' ';

const ACCEPTED: &str = "strips of T (toad), F (frog) and . (empty) separated by spaces, such as \
                        TT..FF ('-' for none)";

impl Strips {
    /// The position of these strips (each of `T`, `F` and `.` only).
    fn from_strips<'a>(strips: impl IntoIterator<Item = &'a [u8]>) -> Strips {
        let mut cells = Vec::new();
        for (k, strip) in strips.into_iter().enumerate() {
            if k > 0 {
                cells.push(GAP);
            }
            cells.extend_from_slice(strip);
        }
        Strips(cells)
    }

    /// The strips, left to right.
    pub fn strips(&self) -> impl Iterator<Item = &[u8]> {
        self.0.split(|&c| c == GAP).filter(|_| !self.0.is_empty())
    }

    /// The strips read right to left with toads and frogs exchanged: the
    /// same game with Left and Right exchanged.
    fn conjugate(&self) -> Strips {
        let swap = |c: &u8| match c {
            b'T' => b'F',
            b'F' => b'T',
            &other => other,
        };
        Strips(self.0.iter().rev().map(swap).collect())
    }

    /// The independent pieces of every strip (see [`pieces`]).
    fn pieces(&self) -> Vec<&[u8]> {
        self.strips().flat_map(pieces).collect()
    }
}

impl FromStr for Strips {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        if s.trim() == "-" {
            return Ok(Strips(vec![]));
        }
        for word in s.split_whitespace() {
            if let Some(c) = word.chars().find(|c| !matches!(c, 'T' | 'F' | '.')) {
                return Err(MexError::invalid(
                    format!("'{c}' in {} is not a cell", quote(word)),
                    ACCEPTED,
                ));
            }
        }
        if s.split_whitespace().next().is_none() {
            return Err(MexError::invalid("no strip is given", ACCEPTED));
        }
        Ok(Strips::from_strips(s.split_whitespace().map(str::as_bytes)))
    }
}

impl fmt::Display for Strips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        f.write_str(std::str::from_utf8(&self.0).unwrap_or("?"))
    }
}

/// The independent pieces of a strip: split at each `TTFF`, then frogs at
/// the left end and toads at the right end dropped; pieces with no toad or
/// frog left out.
fn pieces(strip: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut rest = strip;
    loop {
        let wall = rest.windows(4).position(|w| w == b"TTFF");
        let (piece, next) = match wall {
            Some(i) => (&rest[..i], Some(&rest[i + 4..])),
            None => (rest, None),
        };
        let start = piece.iter().take_while(|&&c| c == b'F').count();
        let end = piece.len() - piece.iter().rev().take_while(|&&c| c == b'T').count();
        if start < end && piece[start..end].iter().any(|&c| c != b'.') {
            out.push(&piece[start..end]);
        }
        match next {
            Some(n) => rest = n,
            None => return out,
        }
    }
}

/// The pieces `toad`'s player can move (a toad `T` rightwards or a frog `F`
/// leftwards), each as `(from, to)` indices into the flat cells: a step
/// into the empty cell ahead, or a jump over one enemy into the empty cell
/// beyond. The gap between strips is neither empty nor an enemy, so no
/// move crosses it.
fn piece_targets(cells: &[u8], toad: bool) -> impl Iterator<Item = (usize, usize)> + '_ {
    let (me, enemy) = if toad { (b'T', b'F') } else { (b'F', b'T') };
    let ahead = move |i: usize, d: usize| {
        if toad {
            i.checked_add(d).filter(|&j| j < cells.len())
        } else {
            i.checked_sub(d)
        }
    };
    (0..cells.len())
        .filter(move |&i| cells[i] == me)
        .filter_map(move |i| match (ahead(i, 1), ahead(i, 2)) {
            (Some(j), _) if cells[j] == b'.' => Some((i, j)),
            (Some(j), Some(l)) if cells[j] == enemy && cells[l] == b'.' => Some((i, l)),
            _ => None,
        })
}

/// The position after the piece at `from` moves to `to`.
fn moved(p: &Strips, (from, to): (usize, usize)) -> Strips {
    let mut next = p.clone();
    next.0.swap(from, to);
    next
}

/// The moves of `toad`'s player, labelled with cells counted from 1 in
/// their strip (and the strip's number when there are several).
fn piece_moves(p: &Strips, toad: bool) -> Vec<Move<Strips>> {
    let name = if toad { "toad" } else { "frog" };
    let several = p.strips().nth(1).is_some();
    piece_targets(&p.0, toad)
        .map(|(from, to)| {
            let strip = p.0[..from].iter().filter(|&&c| c == GAP).count();
            let start = p.0[..from]
                .iter()
                .rposition(|&c| c == GAP)
                .map_or(0, |g| g + 1);
            let how = if from.abs_diff(to) == 2 { " jumps" } else { "" };
            let of = if several {
                format!(" of strip {}", strip + 1)
            } else {
                String::new()
            };
            let label = format!("{name} {}{how} to {}{of}", from - start + 1, to - start + 1);
            Move::new(label, moved(p, (from, to)))
        })
        .collect()
}

impl Ruleset for ToadsAndFrogs {
    type Position = Strips;
}

impl Game for ToadsAndFrogs {
    const INFO: GameInfo = GameInfo {
        name: "toads-and-frogs",
        family: Family::Partizan,
        description: "Toads and Frogs: toads step or jump right, frogs left",
        syntax: "strips of T (toad), F (frog) and . (empty) separated by spaces, e.g. TT..FF",
        example: "TT..FF",
        rules: "Strips of cells. Left moves a toad (T) one cell right into an empty cell, or \
                jumps it over one frog into the empty cell beyond; Right moves frogs (F) the \
                same way leftwards. Who cannot move loses.",
    };
    fn check(&self, p: &Strips) -> Result<(), MexError> {
        let strips = p.strips().count();
        let cells = p.0.len() + 1 - strips.max(1);
        if cells > MAX_CELLS || strips > MAX_HEAPS {
            return Err(MexError::too_large(
                format!(
                    "a position of {} in {}",
                    crate::error::counted(cells, "cell"),
                    crate::error::counted(strips, "strip")
                ),
                format!("{MAX_CELLS} cells and {MAX_HEAPS} strips"),
                "use a smaller position",
            ));
        }
        Ok(())
    }
    fn check_moves(&self, p: &Strips) -> Result<(), MexError> {
        let cells = p.0.len() + 1 - p.strips().count().max(1);
        if cells > MAX_LISTED_CELLS {
            return Err(MexError::too_large(
                format!("listing the moves of a position of {cells} cells"),
                format!("{MAX_LISTED_CELLS} cells"),
                "ask for the value only",
            ));
        }
        Ok(())
    }
    /// One strip a line: toads, frogs and empty cells.
    fn picture(&self, p: &Strips) -> Picture {
        let table = [
            (b'T', Cell::piece(Owner::Left, "toad", 'T')),
            (b'F', Cell::piece(Owner::Right, "frog", 'F')),
            (b'.', Cell::Empty),
        ];
        Picture::strips(p.strips(), &table).bounded(|| p.to_string())
    }
}

impl PartizanGame for ToadsAndFrogs {
    fn left_moves(&self, p: &Strips) -> Vec<Move<Strips>> {
        piece_moves(p, true)
    }
    fn right_moves(&self, p: &Strips) -> Vec<Move<Strips>> {
        piece_moves(p, false)
    }
}

impl PartizanRuleset for ToadsAndFrogs {
    fn left_options(&self, p: &Strips, out: &mut Vec<Strips>) {
        out.extend(piece_targets(&p.0, true).map(|m| moved(p, m)));
    }
    fn right_options(&self, p: &Strips, out: &mut Vec<Strips>) {
        out.extend(piece_targets(&p.0, false).map(|m| moved(p, m)));
    }
    /// The independent pieces of every strip, when there are several.
    fn decompose(&self, p: &Strips) -> Option<Vec<Strips>> {
        let parts = p.pieces();
        (parts.len() > 1).then(|| parts.into_iter().map(|s| Strips(s.to_vec())).collect())
    }
    /// The pieces, sorted (dead pieces at the ends dropped).
    fn canonical(&self, p: &Strips) -> Strips {
        let mut parts = p.pieces();
        parts.sort_unstable();
        Strips::from_strips(parts)
    }
    /// A key splits and sorts the pieces twice; a lookup hashes once.
    fn memo_reached(&self) -> bool {
        true
    }
    /// The cells' buffer, in allocation steps of 16 bytes, and the
    /// allocator's overhead.
    fn heap_bytes(&self, p: &Strips) -> usize {
        p.0.len().next_multiple_of(16) + 16
    }
    /// The smaller of the canonical position and of its conjugate (every
    /// piece read right to left with toads and frogs exchanged, which
    /// exchanges the players: value −G).
    fn oriented(&self, p: &Strips) -> (Strips, bool) {
        let key = self.canonical(p);
        let conjugate = self.canonical(&key.conjugate());
        if conjugate < key {
            (conjugate, true)
        } else {
            (key, false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{
        all_words, assert_round_trip_in_play, move_lines, value_text, AgainstTwin,
    };
    use crate::games::{find, Context};
    use crate::partizan::notation;
    use crate::partizan::store::GameStore;

    type Strip = String;

    /// The options of one strip straight from the rules, written as string
    /// rewriting (`T.` → `.T`, `TF.` → `.FT` for Left, `.F` → `F.`, `.TF`
    /// → `FT.` for Right): no decomposition, no trimming, no symmetry.
    fn brute_options(s: &Strip, left: bool) -> Vec<Strip> {
        let rewrite = |from: &str, to: &str| -> Vec<String> {
            (0..s.len())
                .filter(|&i| s[i..].starts_with(from))
                .map(|i| format!("{}{to}{}", &s[..i], &s[i + from.len()..]))
                .collect()
        };
        let [(step, step_to), (jump, jump_to)] = if left {
            [("T.", ".T"), ("TF.", ".FT")]
        } else {
            [(".F", "F."), (".TF", "FT.")]
        };
        let mut out = rewrite(step, step_to);
        out.extend(rewrite(jump, jump_to));
        out
    }

    fn all_strips(max: usize) -> Vec<String> {
        all_words(max, b"TF.")
            .into_iter()
            .map(|w| String::from_utf8(w).unwrap())
            .collect()
    }

    /// Every strip of up to 7 cells: the engine (pieces, trimming, memo
    /// keys) against the brute-force tree, compared as printed values.
    #[test]
    fn engine_against_brute_force_on_every_strip_up_to_7() {
        let mut twin = AgainstTwin::new("toads-and-frogs", Box::new(brute_options));
        for s in all_strips(7) {
            twin.check(&s, &s);
        }
    }

    /// Sums of two strips of up to 4 cells against the brute-force sum.
    #[test]
    fn sums_of_two_strips_against_brute_force() {
        let mut twin = AgainstTwin::new("toads-and-frogs", Box::new(brute_options));
        let short = all_strips(4);
        for a in short.iter().step_by(2) {
            for b in short.iter().step_by(3) {
                twin.check_sum((a, b), &format!("{a} {b}"));
            }
        }
    }

    /// Examples from Winning Ways ch. 1 as worked in "Combinatorial Games:
    /// Toads and Frogs" (combinatorialgames.wordpress.com, 2013):
    /// `TFTF. = TF.TF = TFF.T = 0`, `TFT.F = *`, `T.TFF = {0|*} = ↑`.
    /// Erickson, "New Toads and Frogs results" (1996), opens with the play
    /// TT.FF, T.TFF, TFT.F, TF.TF, TFFT., TFF.T, where Left moves first and
    /// wins: each step is a legal move, and Left moving first wins TT.FF.
    #[test]
    fn published_values() {
        let game = find("toads-and-frogs").unwrap();
        let mut ctx = Context::new();
        for (text, value) in [
            ("TFTF.", "0"),
            ("TF.TF", "0"),
            ("TFF.T", "0"),
            ("TFT.F", "*"),
            ("T.TFF", "^"),
            ("TTF.F", "v"),
        ] {
            assert_eq!(value_text(game, text, &mut ctx), value, "{text}");
        }
        let play = ["TT.FF", "T.TFF", "TFT.F", "TF.TF", "TFFT.", "TFF.T"];
        for (k, pair) in play.windows(2).enumerate() {
            let p: Strips = pair[0].parse().unwrap();
            let moves = if k % 2 == 0 {
                ToadsAndFrogs.left_moves(&p)
            } else {
                ToadsAndFrogs.right_moves(&p)
            };
            assert!(
                moves.iter().any(|m| m.to.to_string() == pair[1]),
                "{pair:?}"
            );
        }
        assert!(ToadsAndFrogs
            .right_moves(&"TFF.T".parse().unwrap())
            .is_empty());
        let start = game.evaluate("TT.FF", &mut ctx).unwrap();
        assert!(
            ["L", "N"].contains(&start.outcome.to_string().as_str()),
            "{}",
            start.value_text()
        );
    }

    /// CGSuite's test suite (GameStripTest) gives the canonical form of
    /// `TTTTT..FFFFF` as `+-{{2|*},{5/2||2|X|||0}}` with
    /// `X = {0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}`;
    /// written here with `v<2> = {^*|0}` and `Miny(1/32) = {{1/32|0}|0}`.
    #[test]
    fn agrees_with_cgsuite_on_five_toads_and_frogs() {
        let down2 = "{^*|0}";
        let miny = "{{1/32|0}|0}";
        let x = format!(
            "{{0 | {{{{0 | {{{down2} | -1}}}}, {{0 | {{{{0 | {{{miny} | -2}}}} | -1/2*}}}} \
             | {{{{{down2} | -1/2}} | -1*}}}}}}"
        );
        let y = format!("{{{{5/2 | {{2 | {x}}}}} | 0}}");
        let expected = format!("{{{{2|*}}, {y} | {{*|-2}}, -{y}}}");
        let mut ctx = Context::new();
        let cgsuite = notation::parse(&mut ctx.store, &expected).unwrap();
        let game = find("toads-and-frogs").unwrap();
        assert_eq!(game.canonical("TTTTT..FFFFF", &mut ctx).unwrap(), cgsuite);
    }

    #[test]
    fn round_trip_labels_and_limits() {
        for start in ["TT..FF", "T.F T..F", "TF.TF.T", "-"] {
            assert_round_trip_in_play(&ToadsAndFrogs, start);
        }
        let p: Strips = "TF. .TF".parse().unwrap();
        let labels =
            move_lines([ToadsAndFrogs.left_moves(&p), ToadsAndFrogs.right_moves(&p)].concat());
        assert_eq!(
            labels,
            [
                "toad 1 jumps to 3 of strip 1: .FT .TF",
                "frog 3 jumps to 1 of strip 2: TF. FT."
            ]
        );
        assert_eq!(pieces(b"FT.FTTFF.T.FT"), [&b"T.F"[..], &b".T.F"[..]]);
        for bad in ["", "TX", "T-F", "t.f"] {
            assert!(bad.parse::<Strips>().is_err(), "{bad}");
        }
        let game = find("toads-and-frogs").unwrap();
        let mut ctx = Context::new();
        let mut small = Context::with_store(GameStore::with_budget(8 << 20));
        let refused = game.evaluate("TTTTTTTT.....FFFFFFFF", &mut small);
        let refused = refused.unwrap_err().to_string();
        assert!(refused.contains("8 MiB of memory"), "{refused}");
        assert!(!refused.contains('\n') && !refused.contains("positions"));
        let dead = format!("{}{}", "F".repeat(50_000), "T".repeat(50_000));
        assert_eq!(value_text(game, &dead, &mut ctx), "0");
        assert!(game.evaluate(&format!("{dead}."), &mut ctx).is_err());
        assert!(game.moves(&dead, &mut ctx).is_err());
        let many = vec!["T."; MAX_HEAPS].join(" ");
        assert_eq!(value_text(game, &many, &mut ctx), MAX_HEAPS.to_string());
        assert!(game.evaluate(&format!("{many} T."), &mut ctx).is_err());
    }
}
