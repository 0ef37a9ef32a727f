//! Published values of the rulesets added in the last session, computed by
//! mex through the public catalog API (`games::find(..)?.evaluate(..)`).
//!
//! Sources (full references in docs/references.md):
//! * OEIS A002187 (Sloane; Guy and Smith 1956; Winning Ways pp. 89 and 102):
//!   the nim-sequence of Dawson's chess, whose comment reads "Octal game .07
//!   (Dawson's Kayles) has values a(n-1)". Cram on a 1×n strip is the octal
//!   game 0.07 on n squares (a domino covers two adjacent free squares), so
//!   its Grundy value is a(n−1). OEIS A215721 lists the strips that the
//!   second player wins: "0, 1, 5, 9, 15, 21, 25, …".
//! * Gardner (Scientific American, February 1974) and Winning Ways (Cram):
//!   symmetry play. On an even×even board the second player wins by
//!   answering every move with its image under the half-turn about the
//!   centre; on an even×odd board the first player wins by covering the two
//!   central cells and then mirroring.
//! * Beling (github.com/beling/impartial-games, README, "Cram (under the
//!   normal play convention)"): a table of nimbers of m×n boards, m = 4…7,
//!   whose smaller entries were "earlier computed by Glop, which is the
//!   solver developed by Lemoine and Viennot" and, for most boards up to
//!   5×7, by Schneider (master's thesis, 2009). Its row 4, column 5 reads 2.
//!   Only the 4×5 entry is within the 24 free cells mex's Cram solver
//!   accepts (the even×even entries, 0, follow from symmetry and are
//!   checked with the other symmetric boards).
//!
//! Every value below agreed with mex when it was added; the 4×5 nimber is
//! also recomputed by the brute-force twin at the end of this file, written
//! straight from the rules (a bitmask of free cells, no decomposition, no
//! symmetry).

use mex_core::games::{self, Context, Value};
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
        "2x2", "2x4", "2x6", "2x8", "2x10", "2x12", "4x2", "4x4", "6x2", "6x4", "4x6",
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

/// Beling's table, row 4, column 5: 2 (and the board turned a quarter).
#[test]
fn cram_four_by_five_is_star_two_as_in_belings_table() {
    assert_eq!(cram_grundy("4x5"), 2);
    assert_eq!(cram_grundy("5x4"), 2);
    assert_eq!(brute_force_cram_grundy(4, 5), 2);
}

/// The Grundy value of the empty `rows`×`cols` Cram board, from the rules
/// alone: a position is the set of free cells (bit `r * cols + c`); a move
/// fills two free cells that are horizontally or vertically adjacent; the
/// value is the mex of the values of the options.
fn brute_force_cram_grundy(rows: usize, cols: usize) -> u64 {
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
    grundy_of_free_cells(full, &dominoes, &mut HashMap::new())
}

fn grundy_of_free_cells(free: u32, dominoes: &[u32], memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&g) = memo.get(&free) {
        return g;
    }
    let mut seen = Vec::new();
    for &domino in dominoes {
        if free & domino == domino {
            seen.push(grundy_of_free_cells(free & !domino, dominoes, memo));
        }
    }
    let g = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(free, g);
    g
}
