use super::*;
use crate::games::test_support::{all_boards, move_lines, rows_text, AgainstTwin, Lcg, Rows};
use crate::games::{find, CatalogGame, Context};
use crate::impartial::mex::mex;
use crate::partizan::outcome::OutcomeClass;
use std::collections::HashMap;

/// The points orthogonally next to `(r, c)` on the rows.
fn around(rows: &Rows, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if r > 0 {
        out.push((r - 1, c));
    }
    if r + 1 < rows.len() {
        out.push((r + 1, c));
    }
    if c > 0 {
        out.push((r, c - 1));
    }
    if c + 1 < rows[r].len() {
        out.push((r, c + 1));
    }
    out
}

/// Whether the group of the stone at `(r, c)` has a liberty: a flood fill
/// over its colour from scratch.
fn has_liberty(rows: &Rows, r: usize, c: usize) -> bool {
    let colour = rows[r][c];
    let mut seen = vec![(r, c)];
    let mut todo = vec![(r, c)];
    while let Some((r, c)) = todo.pop() {
        for (nr, nc) in around(rows, r, c) {
            match rows[nr][nc] {
                b'.' => return true,
                x if x == colour && !seen.contains(&(nr, nc)) => {
                    seen.push((nr, nc));
                    todo.push((nr, nc));
                }
                _ => {}
            }
        }
    }
    false
}

/// Whether every group has a liberty.
fn every_group_breathes(rows: &Rows) -> bool {
    (0..rows.len()).all(|r| {
        (0..rows[r].len()).all(|c| !matches!(rows[r][c], b'x' | b'o') || has_liberty(rows, r, c))
    })
}

/// The positions after each legal placement of `me`, straight from the
/// rules: put the stone down, then the placed stone's group and every
/// adjacent enemy group must still have a liberty.
fn brute_placements(rows: &Rows, me: u8) -> Vec<Rows> {
    let enemy = if me == b'x' { b'o' } else { b'x' };
    let mut out = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            if rows[r][c] != b'.' {
                continue;
            }
            let mut next = rows.clone();
            next[r][c] = me;
            let captures = around(&next, r, c)
                .into_iter()
                .any(|(nr, nc)| next[nr][nc] == enemy && !has_liberty(&next, nr, nc));
            if has_liberty(&next, r, c) && !captures {
                out.push(next);
            }
        }
    }
    out
}

fn brute_options(rows: &Rows, left: bool) -> Vec<Rows> {
    brute_placements(rows, if left { b'x' } else { b'o' })
}

/// The Grundy value of impartial NoGo straight from the rules.
fn brute_grundy(rows: &Rows, memo: &mut HashMap<Rows, u64>) -> u64 {
    if let Some(&g) = memo.get(rows) {
        return g;
    }
    let mut values = Vec::new();
    for next in brute_options(rows, true)
        .into_iter()
        .chain(brute_options(rows, false))
    {
        values.push(brute_grundy(&next, memo));
    }
    let g = mex(values);
    memo.insert(rows.clone(), g);
    g
}

fn texts(positions: impl IntoIterator<Item = Goban>) -> Vec<String> {
    let mut out: Vec<String> = positions.into_iter().map(|p| p.to_string()).collect();
    out.sort();
    out
}

fn row_texts(rows: Vec<Rows>) -> Vec<String> {
    let mut out: Vec<String> = rows.iter().map(|r| rows_text(r)).collect();
    out.sort();
    out
}

/// The fast (bit-parallel) legality against the flood fill on one board:
/// the same positions accepted, the same placements for both colours.
fn check_legality(rows: &Rows) {
    let text = rows_text(rows);
    let parsed = text.parse::<Goban>();
    assert_eq!(parsed.is_ok(), every_group_breathes(rows), "{text}");
    let Ok(p) = parsed else { return };
    assert_eq!(p.to_string(), text);
    for (left, colour) in [(true, Colour::Black), (false, Colour::White)] {
        let fast = texts(positions(p.placements(colour)));
        assert_eq!(fast, row_texts(brute_options(rows, left)), "{text} {left}");
    }
}

fn shapes() -> impl Iterator<Item = (usize, usize, &'static [u8])> {
    (1..=8)
        .map(|w| (1, w, &b"xo.#"[..]))
        .chain([(2, 2), (2, 3), (3, 2), (2, 4)].map(|(h, w)| (h, w, &b"xo.#"[..])))
        .chain([(3, 3, &b"xo."[..])])
}

/// Every board of up to 8 points (1×1 to 1×8, 2×2, 2×3, 3×2, 2×4; each
/// point black, white, empty or off the board) and every 3×3 board of
/// stones and empty points.
#[test]
fn legality_against_flood_fill_on_small_boards() {
    for (h, w, cells) in shapes() {
        for rows in all_boards(h, w, cells) {
            check_legality(&rows);
        }
    }
}

/// A random board of `h × w` points, each point black, white or empty
/// (and off the board when `holes`), with the stones' density chosen.
fn random_rows(rng: &mut Lcg, h: usize, w: usize, holes: bool) -> Rows {
    let stones = rng.below(90) + 5;
    (0..h)
        .map(|_| {
            (0..w)
                .map(|_| match rng.below(100) {
                    x if holes && x < 5 => b'#',
                    x if x < stones / 2 + 5 => b'x',
                    x if x < stones + 5 => b'o',
                    _ => b'.',
                })
                .collect()
        })
        .collect()
}

/// Random boards of every shape up to 128 points, the positions with a
/// group without liberty included (they must be refused).
#[test]
fn legality_against_flood_fill_on_random_boards() {
    let mut rng = Lcg(40);
    for _ in 0..4000 {
        let h = rng.below(16) as usize + 1;
        let w = (rng.below(16) as usize + 1).min(MAX_CELLS / h);
        let holes = rng.below(2) == 0;
        check_legality(&random_rows(&mut rng, h, w, holes));
    }
}

/// The engine (regions, symmetries, colour exchange) against the game
/// tree built from the flood-fill rules, as printed values, on every board
/// of up to 7 points (with points off the board) and 3×3 boards of stones.
#[test]
fn values_against_brute_force_on_small_boards() {
    let mut twin = AgainstTwin::new("nogo", Box::new(brute_options));
    let small = (1..=7)
        .map(|w| (1, w, &b"xo.#"[..]))
        .chain([(2, 2), (2, 3), (3, 2)].map(|(h, w)| (h, w, &b"xo.#"[..])))
        .chain([(3, 3, &b"xo."[..])]);
    for (h, w, cells) in small {
        for rows in all_boards(h, w, cells) {
            if every_group_breathes(&rows) {
                twin.check(&rows, &rows_text(&rows));
            }
        }
    }
    for (h, w) in [(1, 9), (1, 10), (2, 4), (2, 5), (3, 3)] {
        let rows = vec![vec![b'.'; w]; h];
        twin.check(&rows, &format!("{h}x{w}"));
    }
}

fn grundy(game: &dyn CatalogGame, text: &str) -> u64 {
    u64::try_from(game.grundy(text).unwrap()).unwrap()
}

/// Impartial NoGo's Grundy values against the MEX over the flood-fill
/// rules on the same boards.
#[test]
fn grundy_values_against_brute_force_on_small_boards() {
    let game = find("impartial-nogo").unwrap();
    let mut memo = HashMap::new();
    let small = (1..=7)
        .map(|w| (1, w, &b"xo.#"[..]))
        .chain([(2, 2), (2, 3), (3, 2)].map(|(h, w)| (h, w, &b"xo.#"[..])))
        .chain([(3, 3, &b"xo."[..])]);
    for (h, w, cells) in small {
        for rows in all_boards(h, w, cells) {
            if every_group_breathes(&rows) {
                let text = rows_text(&rows);
                assert_eq!(
                    grundy(game, &text),
                    brute_grundy(&rows, &mut memo),
                    "{text}"
                );
            }
        }
    }
    for (h, w) in [(1, 10), (1, 11), (2, 4), (3, 3)] {
        let rows = vec![vec![b'.'; w]; h];
        let text = format!("{h}x{w}");
        assert_eq!(
            grundy(game, &text),
            brute_grundy(&rows, &mut memo),
            "{text}"
        );
    }
}

/// The outcome class of a NoGo position from its canonical form.
fn outcome(text: &str) -> OutcomeClass {
    let game = find("nogo").unwrap();
    let mut ctx = Context::new();
    let g = game.canonical(text, &mut ctx).unwrap();
    ctx.store.try_outcome(g).unwrap()
}

/// Du and Müller (CG 2024): NoGo on 1×n is a first-player win for every
/// n ≤ 39 except n = 1 and 4, second-player wins; Du, Wei and Müller (ACG
/// 2023), as tabulated in MCGS's docs/MCGS-results.html: 2×2 and 3×3 are
/// N, 2×3 and 2×4 are P.
#[test]
fn published_outcomes() {
    for n in 1..=14 {
        let expected = if n == 1 || n == 4 {
            OutcomeClass::P
        } else {
            OutcomeClass::N
        };
        assert_eq!(outcome(&format!("1x{n}")), expected, "1x{n}");
    }
    for (board, expected) in [
        ("2x2", OutcomeClass::N),
        ("2x3", OutcomeClass::P),
        ("3x2", OutcomeClass::P),
        ("2x4", OutcomeClass::P),
        ("3x3", OutcomeClass::N),
    ] {
        assert_eq!(outcome(board), expected, "{board}");
    }
}

/// MCGS's impartial NoGo values (docs/MCGS-results.html and its test
/// inputs, computed there by the Lemoine–Viennot algorithm): 1×n for
/// n = 1…16, 2×2, 2×3, 2×4, 3×3.
#[test]
fn mcgs_impartial_values() {
    let game = find("impartial-nogo").unwrap();
    let row = [0u64, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 1, 0, 3, 1, 0];
    for (n, &value) in (1..).zip(&row) {
        assert_eq!(grundy(game, &format!("1x{n}")), value, "1x{n}");
    }
    for (board, value) in [("2x2", 1), ("2x3", 1), ("2x4", 0), ("3x3", 0)] {
        assert_eq!(grundy(game, board), value, "{board}");
    }
}

#[test]
fn syntax_regions_symmetry_and_labels() {
    // MCGS's X and O are read as x and o; | and / both separate rows.
    let p: Goban = "X.O|...".parse().unwrap();
    assert_eq!(p.to_string(), "x.o/...");
    assert_eq!("2x3".parse::<Goban>().unwrap().to_string(), ".../...");
    let dead = "xo".parse::<Goban>().unwrap_err().to_string();
    assert!(
        dead.contains("the group of the stone at a1 in 'xo' has no liberty"),
        "{dead}"
    );
    assert!("1x129".parse::<Goban>().is_err());
    assert!("1x128".parse::<Goban>().is_ok());
    // A column of stones with liberties on both sides links them: no split.
    let linked: Goban = "..x../..x..".parse().unwrap();
    assert_eq!(NoGo.decompose(&linked), None);
    // Off-board points and a full column of points off the board split.
    let split: Goban = "..#../..#..".parse().unwrap();
    let parts = texts(NoGo.decompose(&split).unwrap());
    assert_eq!(parts, ["../..", "../.."]);
    // The corner a1 is suicide for x (every neighbour is o), not for o
    // (it joins two groups of o that breathe at b2).
    let dead_corner: Goban = ".ox/o../x..".parse().unwrap();
    let legal = dead_corner.legal();
    assert_eq!(legal.black & 1, 0);
    assert_eq!(
        legal.white & 1,
        1,
        "o at a1 joins its groups, which breathe"
    );
    // Symmetric images and the exchange of colours share a key.
    let a: Goban = "x../...".parse().unwrap();
    let b: Goban = ".../..o".parse().unwrap();
    assert_eq!(NoGo.oriented(&a).0, NoGo.oriented(&b).0);
    assert_ne!(NoGo.oriented(&a).1, NoGo.oriented(&b).1);
    assert_eq!(ImpartialNoGo.canonical(&a), ImpartialNoGo.canonical(&b));
    let labels = move_lines(NoGo.left_moves(&"x.o".parse().unwrap()));
    assert_eq!(labels, Vec::<String>::new());
    let labels = move_lines(NoGo.right_moves(&"...".parse().unwrap()));
    assert_eq!(labels, ["o at b1: .o.", "o at a1: o..", "o at c1: ..o"]);
    let moves = ImpartialNoGo.moves(&"..".parse().unwrap());
    assert_eq!(moves.len(), 4);
    let game = find("nogo").unwrap();
    assert!(game.drawing("2x2").unwrap().unwrap().contains('\n'));
}
