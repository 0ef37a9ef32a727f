//! Chomp (games/chomp.rs) against a brute-force twin on sets of squares,
//! against igsolve's nimbers, and against the theorems known about it.

use mex_core::games::chomp::{Chomp, Staircase, MAX_ROWS_PLUS_COLUMNS};
use mex_core::games::picture::Spot;
use mex_core::games::{find, Context, ImpartialGame, ImpartialRuleset, Ruleset};
use mex_core::impartial::grundy::GrundySolver;
use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

use crate::staircases;
use staircases::{stair, staircases};

/// The squares of a board other than the poisoned one, as (row, column).
type Squares = BTreeSet<(usize, usize)>;

fn squares_of(rows: &[usize]) -> Squares {
    rows.iter()
        .enumerate()
        .flat_map(|(i, &l)| (0..l).map(move |j| (i, j)))
        .filter(|&s| s != (0, 0))
        .collect()
}

/// The rules on a set of squares: eating `(i, j)` removes every square
/// `(k, c)` with `k ≥ i` and `c ≥ j`.
fn brute_options(squares: &Squares) -> Vec<Squares> {
    squares
        .iter()
        .map(|&(i, j)| {
            squares
                .iter()
                .copied()
                .filter(|&(k, c)| k < i || c < j)
                .collect()
        })
        .collect()
}

/// The Grundy value by its definition, the MEX of the options' values.
fn brute(squares: &Squares, memo: &mut HashMap<Squares, u64>) -> u64 {
    if let Some(&g) = memo.get(squares) {
        return g;
    }
    let values: BTreeSet<u64> = brute_options(squares)
        .iter()
        .map(|q| brute(q, memo))
        .collect();
    let g = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(squares.clone(), g);
    g
}

fn grundy(text: &str) -> u64 {
    u64::try_from(find("chomp").unwrap().grundy(text).unwrap()).unwrap()
}

/// The options of a staircase as sets of squares, sorted.
fn options_as_squares(p: Staircase) -> Vec<Squares> {
    let mut out = Vec::new();
    Chomp.options(&p, &mut out);
    let mut sets: Vec<Squares> = out.into_iter().map(|q| squares_of(&q.rows())).collect();
    sets.sort();
    sets
}

/// Every staircase inside 5×5 (251 of them): the options, the labelled
/// moves and the Grundy value (of the solver with the symmetry and the
/// closed form, and of the catalog) against the brute force.
#[test]
fn every_staircase_inside_5x5_against_brute_force() {
    let mut memo = HashMap::new();
    let mut solver = GrundySolver::new(Chomp);
    let all = staircases(5, 5);
    assert_eq!(all.len(), 251); // C(10, 5) - 1: every path but the empty board
    for rows in all {
        let p = stair(&rows);
        let squares = squares_of(&rows);
        let mut expected = brute_options(&squares);
        expected.sort();
        assert_eq!(options_as_squares(p), expected, "{rows:?}");
        let mut moved: Vec<Squares> = Chomp
            .moves(&p)
            .iter()
            .map(|m| squares_of(&m.to.rows()))
            .collect();
        moved.sort();
        assert_eq!(moved, expected, "{rows:?}");
        let g = brute(&squares, &mut memo);
        assert_eq!(solver.grundy(&p).unwrap(), g, "{rows:?}");
        assert_eq!(grundy(&p.to_string()), g, "{rows:?}");
        assert_eq!(Chomp.is_terminal(&p), squares.is_empty());
    }
}

fn staircase_in(h: usize, w: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(1..=w, 1..=h).prop_map(|mut rows| {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        rows
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Random staircases inside 7×7: the solver against the brute force,
    /// and a staircase and its transpose have one canonical key.
    #[test]
    fn random_staircases_inside_7x7(rows in staircase_in(7, 7)) {
        let p = stair(&rows);
        let g = brute(&squares_of(&rows), &mut HashMap::new());
        prop_assert_eq!(GrundySolver::new(Chomp).grundy(&p).unwrap(), g);
        let t = p.transposed();
        prop_assert_eq!(Chomp.canonical(&p), Chomp.canonical(&t));
        let columns: Vec<usize> = (0..rows[0])
            .map(|j| rows.iter().filter(|&&l| l > j).count())
            .collect();
        prop_assert_eq!(t.rows(), columns);
    }
}

/// Nimbers of the rectangles up to 8×8 (row r, column c: r rows, c
/// columns), as printed by igsolve 0.2 (beling/impartial-games,
/// `igsolve chomp -r R -c C`, run on 2026-11-24), which plays Chomp in
/// normal play without the poisoned square, as mex does.
const IGSOLVE_8X8: [[u64; 8]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [1, 2, 4, 5, 7, 8, 10, 11],
    [2, 4, 5, 9, 11, 12, 13, 16],
    [3, 5, 9, 6, 13, 16, 19, 12],
    [4, 7, 11, 13, 6, 21, 23, 22],
    [5, 8, 12, 16, 21, 13, 28, 32],
    [6, 10, 13, 19, 23, 28, 20, 36],
    [7, 11, 16, 12, 22, 32, 36, 13],
];

#[test]
fn rectangles_up_to_8x8_agree_with_igsolve() {
    let mut memo = HashMap::new();
    for (r, row) in IGSOLVE_8X8.iter().enumerate() {
        for (c, &nimber) in row.iter().enumerate() {
            let (h, w) = (r + 1, c + 1);
            assert_eq!(grundy(&format!("{h}x{w}")), nimber, "{h}x{w}");
            if h * w <= 30 {
                let squares = squares_of(&vec![w; h]);
                assert_eq!(brute(&squares, &mut memo), nimber, "{h}x{w}");
            }
        }
    }
}

/// The rules alone: no symmetry, no closed form.
struct RulesOnly;

impl Ruleset for RulesOnly {
    type Position = Staircase;
}

impl ImpartialRuleset for RulesOnly {
    fn options(&self, p: &Staircase, out: &mut Vec<Staircase>) {
        Chomp.options(p, out);
    }
}

/// An L is two Nim heaps joined at the poisoned square (Bouton 1901):
/// the closed form against the search by the rules on every L of up to 16
/// rows and 16 columns, and nothing else is an L.
#[test]
fn l_shapes_are_two_nim_heaps() {
    let mut solver = GrundySolver::new(RulesOnly);
    for h in 1..=16 {
        for w in 1..=16 {
            let mut rows = vec![1; h];
            rows[0] = w;
            let p = stair(&rows);
            let g = (h - 1) ^ (w - 1);
            assert_eq!(Chomp.known_grundy(&p), Some(BigUint::from(g)), "{rows:?}");
            assert_eq!(solver.grundy(&p).unwrap(), g as u64, "{rows:?}");
        }
    }
    for rows in staircases(6, 6) {
        let is_l = rows.get(1).is_none_or(|&l| l == 1);
        assert_eq!(
            Chomp.known_grundy(&stair(&rows)).is_some(),
            is_l,
            "{rows:?}"
        );
    }
}

/// Two-rowed Chomp: the P-positions are exactly the rows (a, a − 1), the
/// one-row board (1) included. Proof: from (a, b) with b < a − 1 eat
/// square b + 2 of the first row, leaving (b + 1, b); from (a, a) eat the
/// last square of the second row; and every move from (a, a − 1) leaves
/// (a', a') or (a, b') with b' < a − 1. Checked on every two-row
/// staircase up to 40 columns.
#[test]
fn two_rows_lose_exactly_when_the_second_is_one_shorter() {
    let mut solver = GrundySolver::new(RulesOnly);
    for a in 1..=40 {
        for b in 1..=a {
            let g = solver.grundy(&stair(&[a, b])).unwrap();
            assert_eq!(g == 0, b + 1 == a, "{a},{b}");
        }
    }
}

/// Gale's strategy stealing: every rectangle but 1×1 is a first-player
/// win, here up to 10×10. On a square the first player wins by eating b2,
/// leaving an L of equal arms (two equal Nim heaps); by computation it is
/// the only winning move on the squares up to 10×10.
#[test]
fn rectangles_are_first_player_wins_and_squares_are_won_by_b2() {
    let mut solver = GrundySolver::new(Chomp);
    for h in 1..=10 {
        for w in h..=10 {
            let g = solver.grundy(&Staircase::rectangle(h, w).unwrap()).unwrap();
            assert_eq!(g == 0, (h, w) == (1, 1), "{h}x{w}");
        }
    }
    for n in 2..=10 {
        let square = Staircase::rectangle(n, n).unwrap();
        let winning: Vec<String> = Chomp
            .moves(&square)
            .into_iter()
            .filter(|m| solver.grundy(&m.to).unwrap() == 0)
            .map(|m| m.label)
            .collect();
        assert_eq!(winning, ["chomp b2"], "{n}x{n}");
    }
}

/// `Display` and `FromStr` round-trip on every staircase inside 6×7; a
/// rectangle prints as `RxC`, both syntaxes give one position.
#[test]
fn syntax_round_trips() {
    for rows in staircases(6, 7) {
        let p = stair(&rows);
        assert_eq!(p.to_string().parse::<Staircase>().unwrap(), p, "{rows:?}");
        let listed: Vec<String> = rows.iter().map(ToString::to_string).collect();
        assert_eq!(listed.join(",").parse::<Staircase>().unwrap(), p);
        assert_eq!(listed.join(" ").parse::<Staircase>().unwrap(), p);
    }
    assert_eq!(stair(&[7, 7, 7]).to_string(), "3x7");
    assert_eq!(
        "7,7,5,2".parse::<Staircase>().unwrap().to_string(),
        "7,7,5,2"
    );
    assert_eq!(" 4X7 ".parse::<Staircase>().unwrap(), stair(&[7; 4]));
    assert_eq!(stair(&[3, 1]).to_string(), "3,1");
}

#[test]
fn refuses_what_is_not_a_staircase_or_too_large() {
    for bad in [
        "", "0x3", "3x0", "3,4", "3,0", "3,,2", "a", "x", "2x", "-1x2", "1.5x2",
    ] {
        assert!(bad.parse::<Staircase>().is_err(), "{bad}");
    }
    let limit = MAX_ROWS_PLUS_COLUMNS;
    assert!(format!("1x{}", limit - 1).parse::<Staircase>().is_ok());
    assert!("63x64".parse::<Staircase>().is_ok());
    let too_large = "64x64".parse::<Staircase>().unwrap_err().to_string();
    assert!(too_large.contains("127 rows plus columns"), "{too_large}");
    assert!(format!("1x{limit}").parse::<Staircase>().is_err());
    assert!(vec!["1"; limit].join(",").parse::<Staircase>().is_err());
    assert!("1x99999999999999999999999".parse::<Staircase>().is_err());
    // An L of any representable size is answered by its closed form.
    assert_eq!(grundy(&format!("100,{}", vec!["1"; 26].join(","))), 99 ^ 26);
    assert_eq!(grundy("1x126"), 125);
}

/// The picture is the bounding rectangle, the poisoned corner blocked;
/// eating a square names exactly the squares eaten (and, when whole
/// columns or rows go, those lines).
#[test]
fn pictures_name_the_squares_eaten() {
    let game = find("chomp").unwrap();
    let mut ctx = Context::new();
    let changes = |position: &str, label: &str| -> Vec<Spot> {
        let moves = game.moves(position, &mut Context::new()).unwrap();
        let m = moves.iter().find(|m| m.label == label).unwrap();
        let before = game.picture(position).unwrap();
        let after = game.picture(&m.result.position).unwrap();
        before.changes(&after).unwrap()
    };
    let cells = |v: &[usize]| v.iter().map(|&i| Spot::Cell(i)).collect::<Vec<_>>();
    // 4,4,2 on a 3×4 grid: c2 eats c2 and d2.
    assert_eq!(changes("4,4,2", "chomp c2"), cells(&[6, 7]));
    assert_eq!(changes("4,4,2", "chomp b3"), cells(&[9]));
    assert_eq!(changes("4,4,2", "chomp c1"), cells(&[2, 3, 6, 7, 10, 11]));
    assert_eq!(
        changes("4,4,2", "chomp a2"),
        cells(&[4, 5, 6, 7, 8, 9, 10, 11])
    );
    assert_eq!(game.drawing("4,4,2").unwrap().unwrap(), "#ooo\noooo\noo..");
    let moves = game.moves("3x5", &mut ctx).unwrap();
    assert_eq!(moves.len(), 14);
    assert!(
        moves.iter().any(|m| m.winning),
        "the example is won by the first player"
    );
    assert!(game.moves("1x1", &mut ctx).unwrap().is_empty());
}
