//! Clobber (Albert, Grossman, Nowakowski and Wolfe 2005): black stones `x`
//! (Left's) and white stones `o` (Right's) on a board. A player moves one of
//! their stones onto an orthogonally adjacent stone of the other colour,
//! which is removed. Stones never enter empty cells, so the stones that can
//! ever meet are those of one orthogonally connected group: the groups are
//! independent components, and a group of one colour is 0 (nobody can move
//! in it, now or later). The moves are the same in every direction for both
//! players, so a group's value is kept by all eight symmetries of the
//! square; a group is keyed by its least image.

use super::clobber_search::ClobberSearch;
use super::database::{self, Shape};
use super::grid_board::{cell_name, Alphabet, Board, MAX_BOARD_CELLS, ORTHOGONAL, STONES};
use super::picture::Picture;
use super::{positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset};
use crate::partizan::minimax::Player;
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most stones in one live group for its full value: every move removes a
/// stone, so a play lasts at most this many moves, and the memoising
/// evaluator (which recurses once per move) stays within a small stack.
/// The work is bounded by the evaluator's budgets as it runs (positions,
/// the store's memory and comparisons, a stop token), not by an a-priori
/// count; who wins a sum of bigger groups is the outcome search's
/// (`games::outcome_search`, which refuses nothing in advance).
pub const MAX_GROUP_STONES: usize = 64;
/// Most cells of a position whose moves are listed.
pub const MAX_LISTED_CELLS: usize = 1024;

/// Clobber.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clobber;

const ALPHABET: Alphabet = Alphabet {
    cells: b"xo.",
    sized: Some(|r, c| if (r + c) % 2 == 0 { b'x' } else { b'o' }),
    accepted: "rows of x (Left), o (Right) and . (empty) separated by / or |, such as xo./ox., \
               or HxW for the checkerboard with x in the top-left corner",
    max_cells: MAX_BOARD_CELLS,
};

/// A Clobber position.
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

/// The orthogonally connected groups of stones holding both colours.
fn live_groups(b: &Board) -> Vec<Vec<(usize, usize)>> {
    b.components(|x| x != b'.', false)
        .into_iter()
        .filter(|g| {
            let has = |s| g.iter().any(|&(r, c)| b.get(r, c) == s);
            has(b'x') && has(b'o')
        })
        .collect()
}

/// The moves of the player whose stones are `me`.
fn clobbers(p: &Stones, me: u8, enemy: u8) -> Vec<Move<Stones>> {
    let b = &p.0;
    let mut out = Vec::new();
    for from in b.find(me) {
        for d in ORTHOGONAL {
            if let Some(to) = b.step(from, d).filter(|&(r, c)| b.get(r, c) == enemy) {
                let mut next = b.clone();
                next.set(from.0, from.1, b'.');
                next.set(to.0, to.1, me);
                let label = format!(
                    "{} takes {}",
                    cell_name(from.0, from.1),
                    cell_name(to.0, to.1)
                );
                out.push(Move::new(label, Stones(next)));
            }
        }
    }
    out
}

impl Ruleset for Clobber {
    type Position = Stones;
}

impl Game for Clobber {
    const INFO: GameInfo = GameInfo {
        name: "clobber",
        family: Family::Partizan,
        description: "Clobber: move a stone onto an adjacent enemy stone, removing it",
        syntax: "rows of x (Left), o (Right) and . separated by / or |, e.g. xo./ox.; or HxW \
                 (checkerboard)",
        example: "xox/oxo",
        rules: "Black (x, Left) and white (o, Right) stones on a board. A player moves one of \
                their stones onto an orthogonally adjacent stone of the other colour, which is \
                removed. Who cannot move loses. HxW is the checkerboard starting position.",
    };
    fn check(&self, p: &Stones) -> Result<(), MexError> {
        let largest = live_groups(&p.0).iter().map(Vec::len).max().unwrap_or(0);
        if largest > MAX_GROUP_STONES {
            return Err(MexError::too_large(
                format!("a group of {largest} stones"),
                format!("groups of {MAX_GROUP_STONES} stones"),
                "ask who wins (the outcome search) or use smaller groups",
            ));
        }
        Ok(())
    }
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

impl PartizanGame for Clobber {
    fn left_moves(&self, p: &Stones) -> Vec<Move<Stones>> {
        clobbers(p, b'x', b'o')
    }
    fn right_moves(&self, p: &Stones) -> Vec<Move<Stones>> {
        clobbers(p, b'o', b'x')
    }
    /// The bitboard search of [`super::clobber_search`], one table for
    /// every first player; `None` for a board it does not take (the outcome
    /// search answers).
    fn dedicated_winners(
        &self,
        p: &Stones,
        firsts: &[Player],
        memory: usize,
    ) -> Result<Option<Vec<Player>>, MexError> {
        if !ClobberSearch::fits(p) {
            return Ok(None);
        }
        let mut search = ClobberSearch::new(memory)?;
        firsts
            .iter()
            .map(|&f| {
                Ok(if search.first_player_wins(p, f)? {
                    f
                } else {
                    f.other()
                })
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }
    /// Its stones.
    fn region_cells(&self, p: &Stones) -> usize {
        p.0.count(b'x') + p.0.count(b'o')
    }
    /// The groups of stones of `shape` in both colours.
    fn regions(&self, shape: &Shape) -> Option<Vec<Stones>> {
        let boards = database::two_coloured(shape).into_iter();
        Some(
            boards
                .filter_map(|rows| database::rows_text(&rows).parse().ok())
                .collect(),
        )
    }
}

impl PartizanRuleset for Clobber {
    fn left_options(&self, p: &Stones, out: &mut Vec<Stones>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Stones, out: &mut Vec<Stones>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The groups holding both colours, each on its own board.
    fn decompose(&self, p: &Stones) -> Option<Vec<Stones>> {
        let groups = live_groups(&p.0);
        (groups.len() > 1).then(|| {
            groups
                .iter()
                .filter_map(|g| p.0.extract(g, b'.'))
                .map(Stones)
                .collect()
        })
    }
    /// The live groups on the smallest board holding them (dead groups
    /// removed), as its least image under the square's symmetries; `.`
    /// when no group is live.
    fn canonical(&self, p: &Stones) -> Stones {
        let cells: Vec<(usize, usize)> = live_groups(&p.0).into_iter().flatten().collect();
        match p.0.extract(&cells, b'.') {
            Some(b) => Stones(b.least_image()),
            None => Stones(Board::filled(1, 1, b'.')),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{
        all_boards, move_lines, rows_text, value_text, AgainstTwin, Rows,
    };
    use crate::games::{find, Context};
    use crate::partizan::notation;

    /// The options of `me` straight from the rules on rows of characters:
    /// a stone takes an orthogonally adjacent enemy stone.
    fn brute_options(rows: &Rows, left: bool) -> Vec<Rows> {
        let (me, enemy) = if left { (b'x', b'o') } else { (b'o', b'x') };
        let mut out = Vec::new();
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                if rows[r][c] != me {
                    continue;
                }
                let targets = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for (tr, tc) in targets {
                    if rows.get(tr).and_then(|row| row.get(tc)) == Some(&enemy) {
                        let mut next = rows.to_vec();
                        next[r][c] = b'.';
                        next[tr][tc] = me;
                        out.push(next);
                    }
                }
            }
        }
        out
    }

    /// Every board of up to 8 cells (1×1 to 1×8, 2×2, 2×3, 2×4, 3×2 and
    /// 4×2) and 3×3: the engine (groups, symmetry, memo keys) against the
    /// brute-force tree, compared as printed values.
    #[test]
    fn engine_against_brute_force_on_small_boards() {
        let mut twin = AgainstTwin::new("clobber", Box::new(brute_options));
        let shapes =
            (1..=8)
                .map(|w| (1, w))
                .chain([(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]);
        for (h, w) in shapes {
            for rows in all_boards(h, w, b"xo.") {
                twin.check(&rows, &rows_text(&rows));
            }
        }
    }

    /// Values from the literature, each also checked above by brute force
    /// (all are on boards of at most 9 cells): `xo = *` (Albert et al.
    /// 2005, and Lessons in Play ch. 1); `xxo = {0|*} = ↑`, `xoo = ↓`; CGSuite's
    /// test suite (GameGridTest): `xox|ox. = {↑↑*|*,↓}`.
    #[test]
    fn published_values() {
        let game = find("clobber").unwrap();
        let mut ctx = Context::new();
        for (position, value) in [
            ("xo", "*"),
            ("xoo", "{*|0}"),
            ("xxo", "{0|*}"),
            ("xox|ox.", "{^^*|*,v}"),
        ] {
            let expected = notation::parse(&mut ctx.store, value).unwrap();
            assert_eq!(
                game.canonical(position, &mut ctx).unwrap(),
                expected,
                "{position}"
            );
        }
        assert_eq!(value_text(game, "xxo", &mut ctx), "^");
    }

    #[test]
    fn groups_symmetry_labels_and_limits() {
        let p: Stones = "xo.x/...o/oxx.".parse().unwrap();
        let parts = Clobber.decompose(&p).unwrap();
        let texts: Vec<String> = parts.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["xo", "x/o", "oxx"]);
        let q: Stones = "ox/x.".parse().unwrap();
        assert_eq!(
            Clobber.canonical(&q),
            Clobber.canonical(&".x/xo".parse().unwrap())
        );
        let labels = move_lines(Clobber.left_moves(&"xo/.o".parse().unwrap()));
        assert_eq!(labels, ["a1 takes b1: .x/.o"]);
        assert_eq!("2x3".parse::<Stones>().unwrap().to_string(), "xox/oxo");
        let game = find("clobber").unwrap();
        let mut ctx = Context::new();
        let group = format!("{}/{}", "xo".repeat(33), "ox".repeat(33));
        let refused = game.evaluate(&group, &mut ctx).unwrap_err().to_string();
        assert!(refused.contains("a group of 132 stones"), "{refused}");
        let dead = format!("{}/{}", "x".repeat(60), "x".repeat(60));
        assert_eq!(value_text(game, &dead, &mut ctx), "0");
        assert!(game.drawing("xo/ox").unwrap().unwrap().contains('\n'));
    }
}
