//! Amazons (Walter Zamkauskas 1988; as a combinatorial game: Berlekamp 2000,
//! "Sums of N×2 Amazons"; Snatzke 2002): Left's amazons `x` and Right's
//! amazons `o` on a board of empty cells `.` and burned cells `#`. A move
//! takes one of the mover's amazons like a chess queen (any number of empty
//! cells in one of eight directions) and then shoots an arrow from its new
//! cell, again like a queen, burning the cell where the arrow lands.
//!
//! Independent parts: amazons and arrows travel through empty cells only,
//! and a queen step can pass between two diagonal neighbours, so the board
//! splits into the regions of cells not burned that are connected through
//! the eight neighbours; those regions never interact. A region with no
//! amazon is 0 and dropped; a region with amazons of one colour only is an
//! integer, but its value is searched like any other (the number of moves
//! available is not simply its count of empty cells). A queen's moves are
//! kept by the eight symmetries of the square, so a region is keyed by its
//! least image.

use super::grid_board::{cell_name, Alphabet, Board, MAX_BOARD_CELLS, QUEEN};
use super::picture::{Cell, Owner, Picture};
use super::{Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most empty cells in one live region for its full value: every move
/// burns a cell, so a play lasts at most this many moves, and the
/// memoising evaluator (which recurses once per move) stays within a small
/// stack. The work is bounded by the evaluator's budgets as it runs
/// (positions, the store's memory and comparisons, a stop token), not by an
/// a-priori count; who wins a sum of bigger regions is the outcome
/// search's (`games::outcome_search`).
pub const MAX_REGION_CELLS: usize = 64;
/// Most cells of a position whose moves are listed.
pub const MAX_LISTED_CELLS: usize = 256;

/// Amazons.
#[derive(Debug, Clone, Copy, Default)]
pub struct Amazons;

const ALPHABET: Alphabet = Alphabet {
    cells: b"xo.#",
    sized: None,
    accepted: "rows of x (Left's amazon), o (Right's amazon), . (empty) and # (burned) \
               separated by / or |, such as x..#/..../.#.o",
    max_cells: MAX_BOARD_CELLS,
};

/// An Amazons position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Arena(pub Board);

impl FromStr for Arena {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        Board::parse(s, &ALPHABET).map(Arena)
    }
}

impl fmt::Display for Arena {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The regions (cells not burned, connected through the eight
/// neighbours) that hold an amazon.
fn live_regions(b: &Board) -> Vec<Vec<(usize, usize)>> {
    b.components(|x| x != b'#', true)
        .into_iter()
        .filter(|g| g.iter().any(|&(r, c)| b.get(r, c) != b'.'))
        .collect()
}

/// The empty cells a queen at `from` reaches in one move.
fn queen_targets(b: &Board, from: (usize, usize)) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for d in QUEEN {
        let mut at = from;
        while let Some(next) = b.step(at, d).filter(|&(r, c)| b.get(r, c) == b'.') {
            out.push(next);
            at = next;
        }
    }
    out
}

/// Calls `each(from, to, arrow, position after)` for every move of the
/// player whose amazons are `me`.
fn each_amazon_move(
    p: &Arena,
    me: u8,
    mut each: impl FnMut((usize, usize), (usize, usize), (usize, usize), Arena),
) {
    for from in p.0.find(me) {
        let mut lifted = p.0.clone();
        lifted.set(from.0, from.1, b'.');
        for to in queen_targets(&lifted, from) {
            let mut moved = lifted.clone();
            moved.set(to.0, to.1, me);
            for arrow in queen_targets(&moved, to) {
                let mut next = moved.clone();
                next.set(arrow.0, arrow.1, b'#');
                each(from, to, arrow, Arena(next));
            }
        }
    }
}

/// Every move of the player whose amazons are `me`, labelled.
fn amazon_moves(p: &Arena, me: u8) -> Vec<Move<Arena>> {
    let mut out = Vec::new();
    each_amazon_move(p, me, |from, to, arrow, next| {
        let label = format!(
            "{}-{} burns {}",
            cell_name(from.0, from.1),
            cell_name(to.0, to.1),
            cell_name(arrow.0, arrow.1)
        );
        out.push(Move::new(label, next));
    });
    out
}

/// The positions after every move of `me`'s amazons (no labels: the
/// solver's hot path).
fn amazon_options(p: &Arena, me: u8) -> Vec<Arena> {
    let mut out = Vec::new();
    each_amazon_move(p, me, |_, _, _, next| out.push(next));
    out
}

impl Ruleset for Amazons {
    type Position = Arena;
}

impl Game for Amazons {
    const INFO: GameInfo = GameInfo {
        name: "amazons",
        family: Family::Partizan,
        description: "Amazons: move a queen, then shoot an arrow that burns a cell",
        syntax: "rows of x (Left), o (Right), . (empty) and # (burned) separated by / or |, \
                 e.g. x..#/..../.#.o",
        example: "x..|...|..o",
        rules: "Amazons x (Left) and o (Right) on a board. A move takes one of the mover's \
                amazons like a chess queen over empty cells, then shoots an arrow from where it \
                stopped, again like a queen, burning the empty cell where the arrow lands. Who \
                cannot move loses.",
    };
    fn check(&self, p: &Arena) -> Result<(), MexError> {
        let largest = live_regions(&p.0).iter().map(Vec::len).max().unwrap_or(0);
        if largest > MAX_REGION_CELLS {
            return Err(MexError::too_large(
                format!("a region of {largest} cells"),
                format!("regions of {MAX_REGION_CELLS} cells"),
                "ask who wins (the outcome search), or burn more cells",
            ));
        }
        Ok(())
    }
    fn check_moves(&self, p: &Arena) -> Result<(), MexError> {
        p.0.check_listing(MAX_LISTED_CELLS)
    }
    fn drawing(&self, p: &Arena) -> Option<String> {
        Some(p.0.picture())
    }
    /// The board: the amazons of each player, empty cells, and cells
    /// burned by arrows blocked.
    fn picture(&self, p: &Arena) -> Picture {
        p.0.to_picture(&[
            (b'x', Cell::piece(Owner::Left, "amazon", 'x')),
            (b'o', Cell::piece(Owner::Right, "amazon", 'o')),
            (b'.', Cell::Empty),
            (b'#', Cell::Blocked),
        ])
    }
}

impl PartizanGame for Amazons {
    fn left_moves(&self, p: &Arena) -> Vec<Move<Arena>> {
        amazon_moves(p, b'x')
    }
    fn right_moves(&self, p: &Arena) -> Vec<Move<Arena>> {
        amazon_moves(p, b'o')
    }
}

impl PartizanRuleset for Amazons {
    fn left_options(&self, p: &Arena, out: &mut Vec<Arena>) {
        out.extend(amazon_options(p, b'x'));
    }
    fn right_options(&self, p: &Arena, out: &mut Vec<Arena>) {
        out.extend(amazon_options(p, b'o'));
    }
    /// The regions holding an amazon, each on its own board.
    fn decompose(&self, p: &Arena) -> Option<Vec<Arena>> {
        let regions = live_regions(&p.0);
        (regions.len() > 1).then(|| {
            regions
                .iter()
                .filter_map(|g| p.0.extract(g, b'#'))
                .map(Arena)
                .collect()
        })
    }
    /// The regions holding an amazon on the smallest board holding them,
    /// as its least image under the square's symmetries; `#` when none.
    fn canonical(&self, p: &Arena) -> Arena {
        let cells: Vec<(usize, usize)> = live_regions(&p.0).into_iter().flatten().collect();
        match p.0.extract(&cells, b'#') {
            Some(b) => Arena(b.least_image()),
            None => Arena(Board::filled(1, 1, b'#')),
        }
    }
    /// A key computes the regions and eight images; a lookup one hash.
    fn memo_reached(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{
        all_boards, move_lines, rows_text, value_text, AgainstTwin, Lcg, Rows,
    };
    use crate::games::{find, Context};
    use crate::partizan::notation;

    /// The empty cells a queen at `(r, c)` reaches, from the rules.
    fn slides(rows: &Rows, r: isize, c: isize) -> Vec<(isize, isize)> {
        let empty = |r: isize, c: isize| {
            r >= 0 && c >= 0 && rows.get(r as usize).and_then(|x| x.get(c as usize)) == Some(&b'.')
        };
        let mut out = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let mut k = 1;
                while (dr, dc) != (0, 0) && empty(r + k * dr, c + k * dc) {
                    out.push((r + k * dr, c + k * dc));
                    k += 1;
                }
            }
        }
        out
    }

    /// The options of Left (`x`) or Right (`o`) from the rules: an amazon
    /// moves like a queen, then shoots like a queen to burn a cell; no
    /// regions, no symmetry.
    fn brute_options(rows: &Rows, left: bool) -> Vec<Rows> {
        let me = if left { b'x' } else { b'o' };
        let mut out = Vec::new();
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                if rows[r][c] != me {
                    continue;
                }
                let mut lifted = rows.clone();
                lifted[r][c] = b'.';
                for (tr, tc) in slides(&lifted, r as isize, c as isize) {
                    let mut moved = lifted.clone();
                    moved[tr as usize][tc as usize] = me;
                    for (ar, ac) in slides(&moved, tr, tc) {
                        let mut next = moved.clone();
                        next[ar as usize][ac as usize] = b'#';
                        out.push(next);
                    }
                }
            }
        }
        out
    }

    /// Every board of 1×1 to 1×6, 2×2, 2×3 and 3×2 cells over `x o . #`,
    /// and a fixed pseudo-random sample of 3×3, 2×4 and 4×2 boards with a
    /// few amazons and burned cells: the engine against brute force.
    #[test]
    fn engine_against_brute_force() {
        let mut twin = AgainstTwin::new("amazons", Box::new(brute_options));
        let shapes = (1..=6).map(|w| (1, w)).chain([(2, 2), (2, 3), (3, 2)]);
        let mut boards: Vec<Rows> = Vec::new();
        for (h, w) in shapes {
            boards.extend(all_boards(h, w, b"xo.#"));
        }
        let mut random = Lcg(777);
        let mut next = |m: u64| random.below(m);
        for _ in 0..100 {
            let (h, w) = [(3, 3), (2, 4), (4, 2)][next(3) as usize];
            let mut rows = vec![vec![b'.'; w]; h];
            for _ in 0..2 + next(5) {
                rows[next(h as u64) as usize][next(w as u64) as usize] = b"xo##"[next(4) as usize];
            }
            boards.push(rows);
        }
        for rows in boards {
            twin.check(&rows, &rows_text(&rows));
        }
    }

    /// CGSuite's test suite (GameGridTest): `x...|o...` =
    /// `+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}`; cgt-tools' test
    /// (amazons.rs, "confirmed with cgsuite"): `x..#|....|.#.o`; and the
    /// value cgt-tools' command line prints for `x..|...|..o` (run
    /// 2026-11-23, the benchmark's first board).
    #[test]
    fn values_from_cgsuite_and_cgt_tools() {
        let game = find("amazons").unwrap();
        let mut ctx = Context::new();
        // CGSuite writes `+-{A,B}` for the switch {A,B | -A,-B}.
        let plus_minus = |options: &[&str]| {
            let negated: Vec<String> = options.iter().map(|o| format!("-{o}")).collect();
            format!("{{{} | {}}}", options.join(","), negated.join(","))
        };
        let inner = format!(
            "{{4|{{0,{{1/2|0}}|v}},+-1,{}}}",
            plus_minus(&["1", "{2|0}"])
        );
        let cgsuite = plus_minus(&["3", "{4|0,{1|0,*}}", &inner]);
        let cases = [
            ("x...|o...", cgsuite.as_str()),
            ("x..#|....|.#.o", "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {2|0}|0, {0, {2|0, {2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, {{2|0}, {2|{1|1/4}, {2|0}}|v*, {1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, {1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, {0|-1}, {*|-1}|-1}}, {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}"),
            ("x..|...|..o", "{{5|{1*|0, {1/2|0}}, {2|-1/4}}|{{0, {0|-1/2}|-1*}, {1/4|-2}|-5}}"),
        ];
        for (position, value) in cases {
            let expected = notation::parse(&mut ctx.store, value).unwrap();
            assert_eq!(
                game.canonical(position, &mut ctx).unwrap(),
                expected,
                "{position}"
            );
        }
    }

    #[test]
    fn regions_labels_and_limits() {
        let p: Arena = "x.#o/##../x#.#".parse().unwrap();
        let parts: Vec<String> = Amazons
            .decompose(&p)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        // b1 and c2 touch diagonally: one region; a3 is walled in.
        assert_eq!(parts, ["x.#o/##../##.#", "x"]);
        let labels = move_lines(Amazons.left_moves(&"x..".parse().unwrap()));
        assert_eq!(
            labels,
            [
                "a1-b1 burns a1: #x.",
                "a1-b1 burns c1: .x#",
                "a1-c1 burns b1: .#x",
                "a1-c1 burns a1: #.x"
            ]
        );
        let game = find("amazons").unwrap();
        let mut ctx = Context::new();
        let board = ["x.........", ".........."].repeat(4).join("|");
        let refused = game.evaluate(&board, &mut ctx).unwrap_err().to_string();
        assert!(refused.contains("a region of 80 cells"), "{refused}");
        assert_eq!(value_text(game, "x#o", &mut ctx), "0");
        assert!(game.drawing("x.|.o").unwrap().unwrap().contains('\n'));
    }
}
