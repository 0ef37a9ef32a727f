//! Published values of Cram, Snort, Clobber and Amazons, computed by
//! mex through the public catalog API (`games::find(..)?.evaluate(..)`).
//!
//! Sources (full references in docs/references.md):
//! * OEIS A002187 (Sloane; Guy and Smith 1956; Winning Ways pp. 89 and 102):
//!   the nim-sequence of Dawson's chess, whose comment reads "Octal game .07
//!   (Dawson's Kayles) has values a(n-1)". Cram on a 1×n strip is the octal
//!   game 0.07 on n squares (a domino covers two adjacent free squares), so
//!   its Grundy value is a(n−1). OEIS A215721 lists the strips that the
//!   second player wins: "0, 1, 5, 9, 15, 21, 25, …".
//! * Gardner (Scientific American 230, February 1974, pp. 106–108) and the
//!   Wikipedia article "Cram (game)", section "Symmetry play": on an
//!   even×even board the second player wins by answering every move with its
//!   image under the half-turn about the centre; on an even×odd board the
//!   first player wins by covering the two central cells, then mirroring.
//! * Beling (github.com/beling/impartial-games, README, "Cram (under the
//!   normal play convention)"): a table of nimbers of m×n boards, m = 4…7,
//!   whose smaller entries were "earlier computed by Glop, which is the
//!   solver developed by Lemoine and Viennot" and, for most boards up to
//!   5×7, by Schneider (master's thesis, 2009). Its row 4, column 5 reads 2.
//!   Only the 4×5 entry is within the 24 free cells mex's Cram solver
//!   accepts (the even×even entries, 0, follow from symmetry and are
//!   checked with the other symmetric boards).
//! * Plick, nimcalc (github.com/tplick/nimcalc, `cram.ml`, function
//!   `run_tests`): the expected nimbers of 2×c (c = 0…12: `c land 1`), 3×c
//!   (c = 0…9: 0, 1, 1, 0, 1, 1, 4, 1, 3, 1), 4×4 = 0, 4×5 = 2, 4×6 = 0,
//!   5×5 = 0 and 8×20 = 0, which his solver is checked against.
//! * Schneider (github.com/martinschneider/juvavum, the author of the 2009
//!   thesis Beling cites; `CRAMResultsTest.java`): normal and misère
//!   Grundy values of boards up to 4×4; the misère ones are tested here.
//! * The MCGS test suite (University of Alberta, github.com/
//!   ualberta-mueller-group/MCGS, `cgt_tests/`): CGSuite 2.1.1's canonical
//!   forms of the Clobber rows (xo)^n and (xxo)^n and of random 2×6 Amazons
//!   positions. MCGS writes the negatives of CGSuite's values (CGSuite's X
//!   is Left, as mex's x); the tests below undo that.
//! * Huntemann and Maciosowski (2024), "Degrees are useless in Snort when
//!   measuring temperature", abstract: the star K1,n has temperature n.
//! * Gauthier and Huntemann (2024), "Snort played on triangular grids",
//!   abstract: the first player wins on one or two rows of triangles.
//!
//! Every value below agreed with mex when it was added. The 4×5 nimber,
//! the 3×c nimbers for c ≤ 7 and the misère values are also recomputed by
//! the brute-force twin below, written straight from the rules (a bitmask
//! of free cells, no decomposition, no symmetry).

use mex_core::games::{self, misere, Context, Value};
use mex_core::partizan::value::CanonicalForm;
use std::collections::HashMap;

/// The Grundy value of a Cram board as a number (`HxW` syntax).
fn cram_grundy(board: &str) -> u64 {
    let evaluation = games::find("cram")
        .unwrap()
        .evaluate(board, &mut Context::new())
        .unwrap();
    match evaluation.value {
        Value::Grundy(g) => g.to_string().parse().unwrap(),
        other => panic!("Cram {board} has a non-impartial value {other:?}"),
    }
}

/// OEIS A002187, a(0)…a(23): the values of Dawson's Kayles 0.07 are a(n−1).
const A002187: [u64; 24] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3,
];

#[test]
fn cram_on_a_strip_is_dawsons_kayles_oeis_a002187() {
    for n in 1..=24 {
        assert_eq!(cram_grundy(&format!("1x{n}")), A002187[n - 1], "1x{n}");
        assert_eq!(cram_grundy(&format!("{n}x1")), A002187[n - 1], "{n}x1");
    }
}

/// OEIS A215721: "The values of N for which the 1 X N domino-covering game
/// is a second player win", the terms up to 24.
#[test]
fn cram_strips_the_second_player_wins_oeis_a215721() {
    let second_player_wins: Vec<u64> = (1..=24)
        .filter(|n| cram_grundy(&format!("1x{n}")) == 0)
        .collect();
    assert_eq!(second_player_wins, [1, 5, 9, 15, 21]);
}

#[test]
fn cram_even_by_even_boards_are_zero_by_symmetry_play() {
    for board in [
        "2x2", "2x4", "2x6", "2x8", "2x10", "2x12", "4x2", "4x4", "6x2", "4x6",
    ] {
        assert_eq!(cram_grundy(board), 0, "{board}");
    }
}

#[test]
fn cram_even_by_odd_boards_are_first_player_wins_by_symmetry_play() {
    for board in [
        "2x1", "2x3", "2x5", "2x7", "2x9", "2x11", "4x1", "4x3", "4x5", "6x1", "6x3", "3x2", "3x4",
        "3x6", "5x2", "5x4", "7x2", "3x8",
    ] {
        assert_ne!(cram_grundy(board), 0, "{board}");
    }
}

/// Beling's table, row 4, column 5: 2 (and the board turned a quarter);
/// also Plick's `run_test 4 5 2`.
#[test]
fn cram_four_by_five_is_star_two_as_in_belings_table() {
    assert_eq!(cram_grundy("4x5"), 2);
    assert_eq!(cram_grundy("5x4"), 2);
    assert_eq!(brute_force_cram_grundy(4, 5), 2);
}

/// Plick's nimcalc (github.com/tplick/nimcalc, `cram.ml`, `run_tests`):
/// the expected values `run_test 2 c (c land 1)` for c = 0…12 and
/// `three_results = [0; 1; 1; 0; 1; 1; 4; 1; 3; 1]` for 3×c, c = 0…9
/// (3×9, 27 cells, is beyond mex's 24-cell limit and left out).
const PLICK_THREE_ROWS: [u64; 9] = [0, 1, 1, 0, 1, 1, 4, 1, 3];

#[test]
fn cram_two_rows_are_zero_or_star_by_parity_as_in_plicks_tests() {
    for c in 1..=12u64 {
        assert_eq!(cram_grundy(&format!("2x{c}")), c & 1, "2x{c}");
    }
}

#[test]
fn cram_three_rows_match_plicks_tests() {
    for (c, &expected) in PLICK_THREE_ROWS.iter().enumerate().skip(1) {
        assert_eq!(cram_grundy(&format!("3x{c}")), expected, "3x{c}");
        if c <= 7 {
            assert_eq!(
                brute_force_cram_grundy(3, c),
                expected,
                "3x{c} by brute force"
            );
        }
    }
}

/// Schneider (github.com/martinschneider/juvavum, `CRAMResultsTest.java`,
/// `cramResults`): rows `(h, w, g, positions, misère)`; the Grundy value
/// `g` of the h×w board under misère play (`true`), which his analysis is
/// checked against. Its normal-play rows agree with Plick's and OEIS
/// A002187.
const SCHNEIDER_MISERE: [(usize, usize, u64); 12] = [
    (1, 2, 0),
    (1, 3, 0),
    (1, 4, 2),
    (1, 5, 1),
    (2, 2, 1),
    (2, 3, 0),
    (2, 4, 1),
    (2, 5, 0),
    (3, 3, 1),
    (3, 4, 0),
    (3, 5, 0),
    (4, 4, 0),
];

#[test]
fn misere_cram_grundy_values_match_schneiders_tests() {
    let cram = games::find("cram").unwrap();
    for (h, w, expected) in SCHNEIDER_MISERE {
        let board = format!("{h}x{w}");
        let evaluation = misere::evaluate(cram, &board).unwrap();
        assert_eq!(
            evaluation.misere_value.to_string(),
            expected.to_string(),
            "{board}"
        );
        assert_eq!(
            brute_force_cram(h, w, Play::Misere),
            expected,
            "{board} by brute force"
        );
    }
}

/// Who wins when no move is left.
#[derive(Clone, Copy, PartialEq)]
enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

/// The (misère) Grundy value of the empty `rows`×`cols` Cram board, from
/// the rules alone: a position is the set of free cells (bit
/// `r * cols + c`); a move fills two free cells that are horizontally or
/// vertically adjacent; the value is the mex of the values of the options,
/// and a position without options is worth 0 (normal play) or 1 (misère
/// play: Winning Ways ch. 13, the misère Grundy value γ0).
fn brute_force_cram(rows: usize, cols: usize, play: Play) -> u64 {
    let mut dominoes = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                dominoes.push((1u32 << cell) | (1 << (cell + 1)));
            }
            if r + 1 < rows {
                dominoes.push((1u32 << cell) | (1 << (cell + cols)));
            }
        }
    }
    let full = (1u32 << (rows * cols)) - 1;
    value_of_free_cells(full, &dominoes, play, &mut HashMap::new())
}

/// The normal-play Grundy value of the empty board, by brute force.
fn brute_force_cram_grundy(rows: usize, cols: usize) -> u64 {
    brute_force_cram(rows, cols, Play::Normal)
}

fn value_of_free_cells(
    free: u32,
    dominoes: &[u32],
    play: Play,
    memo: &mut HashMap<u32, u64>,
) -> u64 {
    if let Some(&g) = memo.get(&free) {
        return g;
    }
    let mut seen = Vec::new();
    for &domino in dominoes {
        if free & domino == domino {
            seen.push(value_of_free_cells(free & !domino, dominoes, play, memo));
        }
    }
    let g = if seen.is_empty() && play == Play::Misere {
        1
    } else {
        (0..).find(|v| !seen.contains(v)).unwrap()
    };
    memo.insert(free, g);
    g
}

/// The MCGS test suite (github.com/ualberta-mueller-group/MCGS,
/// `cgt_tests/clobber/xo.test`, "Results from: CGSuite 2.1.1"): Clobber
/// rows (xo)^n. Each of these values equals its negative, so the colour
/// convention does not matter here (see the next test). Each is `0`, `*` or
/// `+-{A,B,…}`, CGSuite's ±G = {A,B,… | −A,−B,…}; listed here are the Left
/// options A, B, …, with a nested `+-{P,Q}` written out as `{P,Q|−P,−Q}`.
const MCGS_CLOBBER_XO: [(usize, &[&str]); 4] = [
    (2, &["*", "^"]),
    (4, &["{^|*}", "{^*,^^|0,^*,{0,^*|0,v*}}"]),
    (
        5,
        &["{0|v*}+*", "^", "{0|^,{*,^|*,v}}", "{^^*|v,{*,^|*,v}}"],
    ),
    (6, &["0", "^*"]),
];

/// `{A,B,… | −A,−B,…}` from the Left options' texts.
fn plus_minus(left_options: &[&str]) -> CanonicalForm {
    let left: Vec<CanonicalForm> = left_options.iter().map(|o| o.parse().unwrap()).collect();
    let right: Vec<CanonicalForm> = left.iter().map(|g| -g).collect();
    CanonicalForm::from_options(&left, &right)
}

#[test]
fn clobber_rows_of_alternating_stones_match_cgsuite_values_in_mcgs_tests() {
    assert_eq!(partizan_value("clobber", "xo"), "*".parse().unwrap());
    assert_eq!(partizan_value("clobber", "xoxoxo"), CanonicalForm::zero());
    for (n, left_options) in MCGS_CLOBBER_XO {
        let row = "xo".repeat(n);
        assert_eq!(
            partizan_value("clobber", &row),
            plus_minus(left_options),
            "{row}"
        );
    }
}

/// The MCGS test suite, `cgt_tests/clobber/xxo.test` (CGSuite 2.1.1):
/// `XXO` = v, `XXOXXO` = v, then vv, vv, v3 for 3, 4, 5 groups. MCGS
/// writes values for its own colour convention, the negative of CGSuite's
/// and mex's (its Amazons file below says `-(CGSuite value)`): with x =
/// Left, xxo = {0 | *} = ↑ by hand (Left's only move leaves x.x = 0,
/// Right's leaves xo = *). So the rows are written here with mex's o for
/// MCGS's X, which negates them back.
#[test]
fn clobber_rows_of_oox_groups_match_cgsuite_values_in_mcgs_tests() {
    let expected = ["v", "v", "vv", "vv", "v3"];
    for (groups, value) in expected.iter().enumerate() {
        let row = "oox".repeat(groups + 1);
        assert_eq!(
            partizan_value("clobber", &row),
            value.parse().unwrap(),
            "{row}"
        );
    }
    assert_eq!(partizan_value("clobber", "xxo"), "^".parse().unwrap());
}

/// The MCGS test suite, `cgt_tests/amazons/random_2x6.test`: random 2×6
/// Amazons positions with their values written `-(V)`, V being CGSuite
/// 2.1.1's value with X = Left (mex's x); here V, with `+-{G}` written
/// out as `{G | −G}`. The positions mex solves in about a second or less.
const MCGS_AMAZONS_2X6: [(&str, &str); 9] = [
    ("...##x|...oo.", "-6*"),
    ("x...#.|....oo", "{5|-6*}"),
    ("...#x.|.xo.#.", "3"),
    ("..#.#.|.ox...", "2"),
    ("o.#..o|x..#.x", "0"),
    (".xo.#.|.x....", "{5|-3}"),
    ("...x#o|#..o.x", "{{3*|2}|{-2|-3*}}"),
    (".o#..o|.x.#..", "{-3*|-4}"),
    ("....xo|..#..#", "{7|+-4}"),
];

#[test]
fn amazons_two_by_six_positions_match_cgsuite_values_in_mcgs_tests() {
    for (board, value) in MCGS_AMAZONS_2X6 {
        assert_eq!(
            partizan_value("amazons", board),
            value.parse().unwrap(),
            "{board}"
        );
    }
}

/// The canonical value of a position of a partizan catalog game.
fn partizan_value(game: &str, position: &str) -> CanonicalForm {
    let evaluation = games::find(game)
        .unwrap()
        .evaluate(position, &mut Context::new())
        .unwrap();
    evaluation.value_text().parse().unwrap()
}

/// The star K(1,n) in Snort syntax: vertex 0 joined to vertices 1…n.
fn star(n: usize) -> String {
    let edges: Vec<String> = (1..=n).map(|leaf| format!("0-{leaf}")).collect();
    format!("n={}; {}", n + 1, edges.join(" "))
}

/// Huntemann and Maciosowski (2024), abstract: "It is known that the
/// temperature of Snort in general is infinite (K1,n has temperature n)".
/// (mex finds the value ±n = {n | −n}: whoever paints the centre tints
/// the n leaves for themself.)
#[test]
fn snort_on_the_star_k1n_has_temperature_n() {
    for n in 1..=8 {
        let value = partizan_value("snort", &star(n));
        assert_eq!(value.temperature().to_string(), n.to_string(), "K1,{n}");
    }
}

/// The strip of `n` triangles in a row: vertices 0…n+1, joined when their
/// numbers differ by 1 or 2 (the square of the path on n + 2 vertices).
fn triangle_strip(n: usize) -> String {
    let vertices = n + 2;
    let mut edges: Vec<String> = (0..vertices - 1)
        .map(|v| format!("{v}-{}", v + 1))
        .collect();
    edges.extend((0..vertices - 2).map(|v| format!("{v}-{}", v + 2)));
    format!("n={vertices}; {}", edges.join(" "))
}

/// Gauthier and Huntemann (2024), abstract: "We will show that on
/// triangular grids with one or two rows of triangles, and many of their
/// variants, the first player will win when playing optimally." Checked
/// here on one row of 1 to 12 triangles (the reading of "one row of
/// triangles" above): the outcome is N, fuzzy with 0.
#[test]
fn snort_on_one_row_of_triangles_is_a_first_player_win() {
    for n in 1..=12 {
        let evaluation = games::find("snort")
            .unwrap()
            .evaluate(&triangle_strip(n), &mut Context::new())
            .unwrap();
        assert_eq!(evaluation.outcome.to_string(), "N", "{n} triangles");
    }
}
