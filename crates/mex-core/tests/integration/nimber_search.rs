//! The pruned nimber search (`impartial::search`, after Beling and Rogalski
//! 2020) against its slow twins: the textbook recursion
//! `grundy_by_definition` (options only: no components, symmetry or
//! pruning) and the memoised `GrundySolver`, on Cram boards with blocked
//! cells, on take-and-break heap games written from their octal codes, and
//! on a deep chain (no stack overflow), plus the memory budget's error.

use mex_core::games::cram::{Cells, Cram};
use mex_core::impartial::grundy::{grundy_by_definition, GrundySolver};
use mex_core::impartial::ruleset::ImpartialRuleset;
use mex_core::impartial::search::NimberSearch;
use mex_core::ruleset::Ruleset;
use mex_core::MexError;
use proptest::prelude::*;

/// The board `h × w` whose free cells are the bits of `mask`, as text.
fn board(h: usize, w: usize, mask: u32) -> Cells {
    let rows: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    if mask >> (r * w + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect();
    rows.join("/").parse().unwrap()
}

/// Checks the nimber and every "is it *k" question against the twin.
fn check_cram(search: &mut NimberSearch<Cram>, p: &Cells) {
    let expected = grundy_by_definition(&Cram, p);
    assert_eq!(search.nimber(p).unwrap(), expected, "{p}");
    for k in 0..4 {
        assert_eq!(
            search.is_sum_with_star_p(p, k).unwrap(),
            expected == k,
            "{p} + *{k}"
        );
    }
    assert_eq!(search.is_p_position(p).unwrap(), expected == 0, "{p}");
}

/// Every board of 3×3, 2×5 and 1×9 cells, each cell free or taken, with a
/// fresh search per board and with one search shared by all (the table
/// reused).
#[test]
fn cram_small_boards_exhaustively() {
    for (h, w) in [(3, 3), (2, 5), (5, 2), (1, 9)] {
        let mut shared = NimberSearch::new(Cram);
        for mask in 0..1u32 << (h * w) {
            let p = board(h, w, mask);
            check_cram(&mut NimberSearch::new(Cram), &p);
            check_cram(&mut shared, &p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Random boards of up to 4×4 cells with random blocked cells.
    #[test]
    fn cram_random_boards_up_to_four_by_four(h in 1usize..=4, w in 1usize..=4, mask: u32) {
        let p = board(h, w, mask & ((1 << (h * w)) - 1));
        check_cram(&mut NimberSearch::new(Cram), &p);
    }
}

/// The whole boards 4×5 and 5×4 (Beling's table: 2) and 3×7 against the
/// memoised solver.
#[test]
fn cram_whole_boards_against_the_memoised_solver() {
    for text in ["4x5", "5x4", "3x7", "2x9", "4x4"] {
        let p: Cells = text.parse().unwrap();
        let expected = GrundySolver::new(Cram).grundy(&p).unwrap();
        assert_eq!(
            NimberSearch::new(Cram).nimber(&p).unwrap(),
            expected,
            "{text}"
        );
    }
    assert_eq!(
        NimberSearch::new(Cram)
            .nimber(&"4x5".parse().unwrap())
            .unwrap(),
        2
    );
}

/// A take-and-break game by its octal code digits `d1 d2 …` (Winning Ways
/// ch. 4): taking `k` from a heap is allowed leaving 0 heaps if bit 0 of
/// `dk` is set, one heap if bit 1, two heaps if bit 2. Positions are
/// multisets of heaps.
struct TakeBreak {
    digits: &'static [u8],
    split: bool,
}

impl Ruleset for TakeBreak {
    type Position = Vec<u32>;
}

impl ImpartialRuleset for TakeBreak {
    fn options(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &n) in p.iter().enumerate() {
            let rest: Vec<u32> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
            for (k, &d) in (1..).zip(self.digits) {
                if k > n {
                    break;
                }
                let left = n - k;
                let with = |heaps: &[u32]| {
                    let mut q = rest.clone();
                    q.extend(heaps.iter().filter(|&&h| h > 0));
                    q
                };
                if d & 1 != 0 && left == 0 {
                    out.push(with(&[]));
                }
                if d & 2 != 0 && left > 0 {
                    out.push(with(&[left]));
                }
                if d & 4 != 0 && left >= 2 {
                    for a in 1..=left / 2 {
                        out.push(with(&[a, left - a]));
                    }
                }
            }
        }
    }
    fn decompose(&self, p: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
        (self.split && p.len() > 1).then(|| p.iter().map(|&n| vec![n]).collect())
    }
    fn canonical(&self, p: &Vec<u32>) -> Vec<u32> {
        let mut q = p.clone();
        q.sort_unstable();
        q
    }
    fn difficulty(&self, p: &Vec<u32>) -> u64 {
        p.iter().map(|&n| u64::from(n)).sum()
    }
}

/// Kayles (0.77), Dawson's Kayles (0.07) and 0.137 (Dawson's chess), on
/// sums of up to three heaps, with and without decomposition.
#[test]
fn take_and_break_games_against_the_definition() {
    for digits in [&[7u8, 7][..], &[0, 7], &[1, 3, 7]] {
        for split in [false, true] {
            let game = TakeBreak { digits, split };
            let mut shared = NimberSearch::new(&game);
            for a in 0..12u32 {
                for b in 0..6u32 {
                    for c in 0..4u32 {
                        let p: Vec<u32> = [a, b, c].into_iter().filter(|&n| n > 0).collect();
                        let expected = grundy_by_definition(&game, &p);
                        assert_eq!(shared.nimber(&p).unwrap(), expected, "{digits:?} {p:?}");
                        assert_eq!(
                            NimberSearch::new(&game).nimber(&p).unwrap(),
                            expected,
                            "{digits:?} {p:?}"
                        );
                    }
                }
            }
        }
    }
    // Kayles heaps 1..=20 (OEIS A002186: 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1).
    let kayles = TakeBreak {
        digits: &[7, 7],
        split: true,
    };
    let a002186 = [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1];
    for (n, &g) in (1..).zip(&a002186) {
        assert_eq!(
            NimberSearch::new(&kayles).nimber(&vec![n]).unwrap(),
            g,
            "{n}"
        );
    }
}

/// A heap with many options (beyond the 128-bit candidate sets): Nim, one
/// heap of 300 has nimber 300 and 300 options.
#[test]
fn many_options_fall_back_to_the_definition() {
    struct Nim;
    impl Ruleset for Nim {
        type Position = u32;
    }
    impl ImpartialRuleset for Nim {
        fn options(&self, p: &u32, out: &mut Vec<u32>) {
            out.extend(0..*p);
        }
    }
    assert_eq!(NimberSearch::new(Nim).nimber(&300).unwrap(), 300);
    assert!(NimberSearch::new(Nim)
        .is_sum_with_star_p(&200, 200)
        .unwrap());
    assert!(!NimberSearch::new(Nim).is_p_position(&130).unwrap());
}

/// Each n moves to n − 1: a chain a million moves deep does not overflow
/// the stack (the search hands deep components to the iterative solver).
#[test]
fn deep_games_do_not_overflow_the_stack() {
    struct Chain;
    impl Ruleset for Chain {
        type Position = u32;
    }
    impl ImpartialRuleset for Chain {
        fn options(&self, p: &u32, out: &mut Vec<u32>) {
            if *p > 0 {
                out.push(p - 1);
            }
        }
    }
    let mut search = NimberSearch::new(Chain);
    assert_eq!(search.nimber(&1_000_001).unwrap(), 1);
    assert_eq!(search.nimber(&1_000_000).unwrap(), 0);
}

/// A tiny budget is a one-line error naming the memory.
#[test]
fn the_memory_budget_is_an_error() {
    let mut search = NimberSearch::new(Cram).with_memory_budget(4096);
    let err = search.nimber(&"4x5".parse().unwrap()).unwrap_err();
    assert!(matches!(err, MexError::TooLarge { .. }), "{err}");
    let text = err.to_string();
    assert!(text.contains("memory") && !text.contains('\n'), "{text}");
}

/// Beling's table of Cram nimbers (github.com/beling/impartial-games,
/// README, "Cram"): 4×7 is 3, 5×6 is 2, 4×6 is 0 (and even × even boards
/// are 0 by Gardner's symmetry play).
#[test]
fn cram_entries_of_belings_table() {
    for (text, nimber) in [("4x7", 3), ("7x4", 3), ("5x6", 2), ("4x6", 0)] {
        let p: Cells = text.parse().unwrap();
        assert_eq!(
            NimberSearch::new(Cram).nimber(&p).unwrap(),
            nimber,
            "{text}"
        );
    }
}

/// A game given as a successor table (vertex `v` moves to `succ[v]`), with
/// an optional split of vertices into two components.
struct Graph {
    succ: Vec<Vec<u32>>,
}

impl Ruleset for Graph {
    type Position = u32;
}

impl ImpartialRuleset for Graph {
    fn options(&self, p: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(&self.succ[*p as usize]);
    }
}

/// A chain `n → n−1 → … → 0` whose vertex `back_from` also moves up to
/// `back_to` (a cycle when `back_to > back_from`).
fn chain_with_edge(n: u32, back_from: u32, back_to: u32) -> Graph {
    let mut succ: Vec<Vec<u32>> = (0..=n)
        .map(|v| if v > 0 { vec![v - 1] } else { vec![] })
        .collect();
    succ[back_from as usize].push(back_to);
    Graph { succ }
}

/// With the cycle check, a cycle is an error naming a position of it, both
/// a short one and one longer than the recursion's depth (found by the
/// iterative solver's guard); without a cycle the values are the chain's.
#[test]
fn cycles_are_refused_by_the_cycle_check() {
    for (n, from, to) in [(5, 2, 4), (5, 0, 0), (2000, 10, 1900), (2000, 1500, 1999)] {
        let game = chain_with_edge(n, from, to);
        let mut search = NimberSearch::new(&game).with_cycle_check();
        let err = search.nimber(&n).unwrap_err();
        assert!(err.to_string().contains("reached again"), "{err}");
        let repeated = *search.repeated().expect("named");
        assert!(
            (from..=to).contains(&repeated),
            "{repeated} in {from}..={to}"
        );
        let mut search = NimberSearch::new(&game).with_cycle_check();
        assert!(search.is_p_position(&n).is_err());
    }
    // An edge down (no cycle): the same values with and without the check.
    let game = chain_with_edge(3000, 2500, 3);
    for v in [0, 7, 2499, 2500, 2501, 3000] {
        let want = GrundySolver::new(&game).grundy(&v).unwrap();
        let mut search = NimberSearch::new(&game).with_cycle_check();
        assert_eq!(search.nimber(&v).unwrap(), want, "{v}");
        assert_eq!(search.repeated(), None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Random acyclic games (edges to smaller vertices only): the search
    /// with the cycle check gives the definition's nimbers.
    #[test]
    fn cycle_check_keeps_the_values_of_acyclic_games(
        edges in proptest::collection::vec(proptest::collection::vec(any::<u32>(), 0..5), 1..40)
    ) {
        let succ: Vec<Vec<u32>> = edges
            .iter()
            .enumerate()
            .map(|(v, e)| if v == 0 { vec![] } else { e.iter().map(|x| x % v as u32).collect() })
            .collect();
        let game = Graph { succ };
        let mut search = NimberSearch::new(&game).with_cycle_check();
        for v in 0..game.succ.len() as u32 {
            prop_assert_eq!(search.nimber(&v).unwrap(), grundy_by_definition(&game, &v));
        }
    }
}
