//! The slow twin: the outcome class of the canonical form.

use super::view::{Board, HORIZONTAL, VERTICAL};
use super::*;
use crate::partizan::domineering::Domineering;
use crate::partizan::outcome::OutcomeClass;
use crate::partizan::ruleset::Evaluator;
use crate::partizan::store::GameStore;
use proptest::prelude::*;

/// The grid of `height × width` whose free cells are the bits of `free`
/// (bit `r·W + c`).
fn grid(height: u32, width: u32, free: u64) -> Grid {
    let rows: Vec<String> = (0..height)
        .map(|r| {
            (0..width)
                .map(|c| {
                    if free >> (r * width + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect();
    Grid::parse(&rows.join("/")).unwrap()
}

/// Who wins moving first (Left, Right), by the canonical form (one store
/// and evaluator for every position of a thread).
fn by_definition(g: &Grid) -> (bool, bool) {
    type Memo = (GameStore, Evaluator<Domineering>);
    thread_local! {
        static MEMO: std::cell::RefCell<Option<Memo>> = const { std::cell::RefCell::new(None) };
    }
    let class = MEMO.with_borrow_mut(|memo| {
        let (store, evaluator) = memo.get_or_insert_with(|| {
            (
                GameStore::new(),
                Evaluator::new(Domineering::default(), 1 << 22),
            )
        });
        let value = evaluator.value(store, g).unwrap();
        store.outcome(value)
    });
    match class {
        OutcomeClass::L => (true, false),
        OutcomeClass::R => (false, true),
        OutcomeClass::N => (true, true),
        OutcomeClass::P => (false, false),
    }
}

fn by_search(search: &mut DomineeringSearch, g: &Grid) -> (bool, bool) {
    (
        search.first_player_wins(g, Player::Left).unwrap(),
        search.first_player_wins(g, Player::Right).unwrap(),
    )
}

/// Every position of the boards up to 12 cells (every set of free
/// cells): the search, and every bound that decides a position, agree
/// with the canonical form.
#[test]
fn every_small_position() {
    let mut search = DomineeringSearch::new(1 << 22).unwrap();
    for (h, w) in [(3, 4), (4, 3), (2, 6), (6, 2), (3, 3), (1, 5), (2, 5)] {
        for free in 0..1u64 << (h * w) {
            let g = grid(h, w, free);
            let exact = by_definition(&g);
            check_bounds(&g, exact);
            assert_eq!(by_search(&mut search, &g), exact, "{g}");
        }
    }
}

/// Every position of the 4×4 board, one table for all: on a square board
/// a position and its transpose with the players exchanged share an entry,
/// and the answers still agree with the canonical forms.
#[test]
fn every_position_of_a_square_board_with_transposes_shared() {
    let mut search = DomineeringSearch::new(1 << 22).unwrap();
    for free in 0..1u64 << 16 {
        let g = grid(4, 4, free);
        assert_eq!(by_search(&mut search, &g), by_definition(&g), "{g}");
    }
}

/// On an empty square board the second first player is answered from the
/// table (the transpose of the root with the players exchanged), and on
/// a board that is not square it is searched.
#[test]
fn the_second_first_player_of_a_square_board_is_a_table_hit() {
    for (shape, shared) in [((6, 6), true), ((5, 6), false)] {
        let mut search = DomineeringSearch::new(1 << 24).unwrap();
        let g = Grid::rectangle(shape.0, shape.1).unwrap();
        search.first_player_wins(&g, Player::Left).unwrap();
        let after_left = search.stats;
        search.first_player_wins(&g, Player::Right).unwrap();
        let hit = search.stats.table_hits == after_left.table_hits + 1
            && search.stats.nodes == after_left.nodes;
        assert_eq!(hit, shared, "{shape:?}");
    }
}

/// Whatever a bound decides agrees with the outcome `(left first wins,
/// right first wins)`.
fn check_bounds(g: &Grid, (left, right): (bool, bool)) {
    let board = Board::of(g).unwrap();
    for (mover, wins) in [(VERTICAL, left), (HORIZONTAL, right)] {
        if let Some(won) = simple_bounds(&board.counts(), mover) {
            assert_eq!(won, wins, "simple bound, {g}, mover {mover}");
        }
        if let Some(won) = bounds::decided(&board, &board.counts(), mover) {
            assert_eq!(won, wins, "packed bound, {g}, mover {mover}");
        }
    }
}

/// Random positions of boards up to 5×6.
fn position() -> impl Strategy<Value = Grid> {
    (2u32..=5, 2u32..=6, any::<u64>(), any::<u64>()).prop_map(|(h, w, a, b)| {
        // About three free cells in four.
        grid(h, w, a | b)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_positions(g in position()) {
            let exact = by_definition(&g);
        check_bounds(&g, exact);
        let mut search = DomineeringSearch::new(1 << 20).unwrap();
        prop_assert_eq!(by_search(&mut search, &g), exact);
        let plain = Switches { packed_bounds: false, ordering: false, safe_moves: true };
        let mut search = DomineeringSearch::with_switches(1 << 16, plain).unwrap();
        prop_assert_eq!(by_search(&mut search, &g), exact);
    }
}

/// Whole rectangles against the canonical forms.
#[test]
fn rectangles() {
    let mut search = DomineeringSearch::new(1 << 24).unwrap();
    for (h, w) in [(4, 4), (4, 5), (5, 4), (3, 7), (5, 5), (2, 9)] {
        let g = Grid::rectangle(h, w).unwrap();
        assert_eq!(by_search(&mut search, &g), by_definition(&g), "{h}x{w}");
    }
}

/// A table of two entries answers the same (every result is exact; the
/// replacement policy only decides what is kept).
#[test]
fn a_tiny_table_gives_the_same_answers() {
    let mut tiny = DomineeringSearch::new(2 * ENTRY_BYTES).unwrap();
    let mut large = DomineeringSearch::new(1 << 22).unwrap();
    for (h, w) in [(4, 4), (3, 6), (5, 3)] {
        let g = Grid::rectangle(h, w).unwrap();
        assert_eq!(by_search(&mut tiny, &g), by_search(&mut large, &g));
    }
    assert!(DomineeringSearch::new(ENTRY_BYTES).is_err());
}

/// Leaving safe moves out altogether (Obsequi's choice) answers every
/// position of the boards up to 4×4 as the canonical forms do.
#[test]
fn safe_moves_left_out_on_small_boards() {
    let no_safe = Switches {
        safe_moves: false,
        ..Switches::default()
    };
    let mut search = DomineeringSearch::with_switches(1 << 22, no_safe).unwrap();
    for (h, w) in [(3, 5), (5, 3), (4, 4)] {
        for free in 0..1u64 << (h * w) {
            let g = grid(h, w, free);
            assert_eq!(by_search(&mut search, &g), by_definition(&g), "{g}");
        }
    }
}

/// A move's counts by the counts kept equal the counts after playing it
/// on a copy (and so does its count change), and the counts kept after moves
/// equal those of the same board counted afresh.
#[test]
fn scores_are_the_changes_of_the_counts() {
    use super::view::{Move, MAX_MOVES};
    let mut seed = 12345u64;
    for _ in 0..300 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let g = grid(6, 7, (seed >> 3) | (seed >> 17));
        let board = Board::of(&g).unwrap();
        for player in [HORIZONTAL, VERTICAL] {
            let mut moves = [Move::default(); MAX_MOVES];
            let n = board.unsafe_moves(player, &mut moves);
            for m in &moves[..n] {
                let mut after = board.clone();
                after.toggle(player, *m);
                after.recount_all();
                let counts = board.counts_after(player, *m);
                assert_eq!(counts, after.counts(), "{g} {m:?}");
                let total = |b: &Board, p: usize| (b.real(p) + b.safe(p)) as i32;
                let change = (total(&after, player) - total(&board, player))
                    - (total(&after, 1 - player) - total(&board, 1 - player));
                assert_eq!(board.count_change(player, &counts), change, "{g} {m:?}");
                let afresh = Board::of(&after.grid()).unwrap();
                for p in [HORIZONTAL, VERTICAL] {
                    assert_eq!(
                        (afresh.real(p), afresh.safe(p)),
                        (after.real(p), after.safe(p))
                    );
                }
            }
        }
    }
}

/// The most non-overlapping moves among the starts `m`, greedy from the
/// lowest start, bit by bit: the slow twin of [`view::disjoint`].
fn disjoint_by_scan(mut m: u32) -> u32 {
    let mut count = 0;
    while m != 0 {
        let bit = m.trailing_zeros();
        m &= !(3u32 << bit);
        count += 1;
    }
    count
}

#[test]
fn disjoint_counts_the_greedy_packing_of_every_short_row() {
    for m in 0..1u32 << 16 {
        assert_eq!(view::disjoint(m), disjoint_by_scan(m), "{m:#b}");
        let high = m << 15;
        assert_eq!(view::disjoint(high), disjoint_by_scan(high), "{high:#b}");
    }
}

proptest! {
    #[test]
    fn disjoint_counts_the_greedy_packing_of_any_row(m in 0u32..1 << 31) {
        prop_assert_eq!(view::disjoint(m), disjoint_by_scan(m));
    }
}

/// The empty board built without a grid is the board of the empty grid:
/// the same counts and the same winners, and a board beyond a grid's 64
/// cells is taken up to the search's own limit.
#[test]
fn empty_boards_are_the_boards_of_empty_grids() {
    for (h, w) in [(1, 1), (2, 3), (4, 4), (3, 7), (5, 5)] {
        let g = Grid::rectangle(h, w).unwrap();
        assert_eq!(
            Board::empty(h, w).unwrap().counts(),
            Board::of(&g).unwrap().counts()
        );
        for first in [Player::Left, Player::Right] {
            let mut by_grid = DomineeringSearch::new(1 << 20).unwrap();
            let mut by_shape = DomineeringSearch::new(1 << 20).unwrap();
            assert_eq!(
                by_grid.first_player_wins(&g, first).unwrap(),
                by_shape.first_player_wins_on_empty(h, w, first).unwrap(),
                "{h}x{w} {first:?}"
            );
            assert_eq!(by_grid.stats, by_shape.stats, "{h}x{w} {first:?}");
        }
    }
    assert!(Board::empty(5, 13).is_ok());
    assert!(Board::empty(11, 12).is_err());
}
