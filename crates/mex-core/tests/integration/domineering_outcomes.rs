//! Domineering outcome classes of rectangles against the published table.
//!
//! The table is Bullock's (M.Sc. thesis, University of Alberta, 2002: the
//! expected results his solver Obsequi is checked against), for m rows and
//! n columns with Vertical = Left: `V` Left wins, `H` Right wins, `1` the
//! first player wins, `2` the second player wins. Its entries agree with the
//! theorems of Uiterwijk (2014) on m×3, 3×n, 2k×n and m×2k boards, with
//! Lachmann, Moore and Rapaport (2002) on 2×2, and with the values of
//! Winning Ways and CGSuite on 2×n. mex must find the same class on every
//! board it searches within its default limits quickly; the 4×8, 5×7 and
//! 6×6 records (docs/records.md) agree with the table too.

use mex_core::partizan::domineering::{Domineering, Grid};
use mex_core::partizan::ruleset::Evaluator;
use mex_core::partizan::store::{GameStore, OutcomeClass};

/// Rows 1–8 of Bullock's table, columns 1–8 (m ≤ n as printed; the rest
/// by transposition, which swaps V and H).
const TABLE: [&str; 8] = [
    "2HHHHHHH", "V11HV11H", "V11HHHHH", "VVV1V1VH", "VHVH2HHH", "V1V1V1VH", "V1VHVH1H", "VVVVVVV1",
];

/// Bullock's entries for 2×9 … 2×15 and 3×9 … 3×13.
const LONG_ROWS: [(u32, u32, char); 12] = [
    (2, 9, 'V'),
    (2, 10, '1'),
    (2, 11, '1'),
    (2, 12, 'H'),
    (2, 13, '2'),
    (2, 14, '1'),
    (2, 15, '1'),
    (3, 9, 'H'),
    (3, 10, 'H'),
    (3, 11, 'H'),
    (3, 12, 'H'),
    (3, 13, 'H'),
];

fn class(outcome: OutcomeClass) -> char {
    match outcome {
        OutcomeClass::L => 'V',
        OutcomeClass::R => 'H',
        OutcomeClass::N => '1',
        OutcomeClass::P => '2',
    }
}

fn outcome(m: u32, n: u32) -> char {
    let mut store = GameStore::new();
    let grid = Grid::rectangle(m, n).unwrap();
    let g = Evaluator::new(Domineering::default(), 1 << 24)
        .value(&mut store, &grid)
        .unwrap();
    class(store.outcome(g))
}

/// Boards small enough for a test: at most 25 cells, or two rows.
fn quick(m: u32, n: u32) -> bool {
    m * n <= 25 || m.min(n) <= 2
}

#[test]
fn every_quick_rectangle_up_to_8x8_has_the_published_outcome() {
    let mut checked = 0;
    for m in 1..=8u32 {
        for n in 1..=8u32 {
            if !quick(m, n) {
                continue;
            }
            let published = TABLE[m as usize - 1].as_bytes()[n as usize - 1] as char;
            assert_eq!(outcome(m, n), published, "{m}x{n}");
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} boards");
}

#[test]
fn long_two_and_three_row_boards_have_the_published_outcome() {
    for (m, n, published) in LONG_ROWS
        .into_iter()
        .filter(|&(m, n, _)| quick(m, n) || n <= 10)
    {
        assert_eq!(outcome(m, n), published, "{m}x{n}");
    }
}

#[test]
fn the_table_is_consistent_under_transposition() {
    let swap = |c: u8| match c {
        b'V' => b'H',
        b'H' => b'V',
        c => c,
    };
    for (m, row) in TABLE.iter().enumerate() {
        for (n, &entry) in row.as_bytes().iter().enumerate() {
            assert_eq!(entry, swap(TABLE[n].as_bytes()[m]), "{m} {n}");
        }
    }
}

/// The class by the bitboard who-wins search, both first players.
fn searched_outcome(m: u32, n: u32) -> char {
    use mex_core::partizan::domineering_search::DomineeringSearch;
    use mex_core::partizan::minimax::Player;
    let grid = Grid::rectangle(m, n).unwrap();
    let mut search = DomineeringSearch::new(1 << 30).unwrap();
    let left = search.first_player_wins(&grid, Player::Left).unwrap();
    let right = search.first_player_wins(&grid, Player::Right).unwrap();
    match (left, right) {
        (true, false) => 'V',
        (false, true) => 'H',
        (true, true) => '1',
        (false, false) => '2',
    }
}

/// Every rectangle of the table, up to 8×8, and the long rows, by the
/// bitboard search.
#[test]
fn the_bitboard_search_finds_the_whole_table() {
    for m in 1..=8u32 {
        for n in 1..=8u32 {
            let printed = TABLE[m as usize - 1].as_bytes()[n as usize - 1] as char;
            assert_eq!(searched_outcome(m, n), printed, "{m}x{n}");
        }
    }
    for (m, n, printed) in LONG_ROWS {
        assert_eq!(searched_outcome(m, n), printed, "{m}x{n}");
    }
}
