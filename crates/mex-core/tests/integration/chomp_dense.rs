//! Chomp's dense table (games/chomp_dense.rs) against its slow twin, the
//! generic full Sprague–Grundy solver on the rules (games/chomp.rs), on
//! every staircase of small boxes and on random staircases of larger
//! ones; its ranks against the combinatorial number system; its refusals.

use mex_core::games::chomp::dense::{binomial, ChompTable};
use mex_core::games::chomp::Chomp;
use mex_core::games::{find, Context, Value};
use mex_core::impartial::grundy::GrundySolver;
use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::BTreeSet;

use crate::staircases;
use staircases::{stair, staircases};

const PLENTY: usize = 1 << 30;

/// Every box up to 6×6 (and 2×20, 3×12, 7×4): the table's value of
/// every staircase inside against the full solver, its ranks distinct,
/// in `1 … C(h + w, h) − 1` (rank 0 is the empty board), and nothing
/// outside the box in it.
#[test]
fn every_staircase_of_the_boxes_up_to_6x6_against_the_full_solver() {
    let mut solver = GrundySolver::new(Chomp);
    let boxes = (1..=6).flat_map(|h| (1..=6).map(move |w| (h, w)));
    for (h, w) in boxes.chain([(2, 20), (3, 12), (7, 4)]) {
        let table = ChompTable::solve(h, w, PLENTY).unwrap();
        let count = binomial(h + w, h) as usize;
        let mut ranks = BTreeSet::new();
        for rows in staircases(h, w) {
            let p = stair(&rows);
            let g = solver.grundy(&p).unwrap();
            assert_eq!(table.value(&p), Some(g), "{rows:?} in {h}x{w}");
            let rank = table.rank(&p).unwrap();
            assert!((1..count).contains(&rank), "{rows:?} in {h}x{w}");
            ranks.insert(rank);
        }
        assert_eq!(ranks.len(), count - 1, "{h}x{w}");
        assert_eq!(table.value(&stair(&vec![w + 1; h])), None);
        assert_eq!(table.value(&stair(&vec![w; h + 1])), None);
    }
}

/// Binomials by multiplication against Pascal's triangle, for every
/// `n ≤ 127` (the largest, C(127, 63), fits a `u128`).
#[test]
fn binomials_against_pascal() {
    let mut row = vec![1u128];
    for n in 0..=127usize {
        for (k, &c) in row.iter().enumerate() {
            assert_eq!(binomial(n, k), c, "C({n}, {k})");
        }
        assert_eq!(binomial(n, n + 1), 0);
        let mut next = vec![1u128; n + 2];
        for k in 1..=n {
            next[k] = row[k - 1] + row[k];
        }
        row = next;
    }
}

fn staircase_in(h: usize, w: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(1..=w, 1..=h).prop_map(|mut rows| {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        rows
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random staircases of up to 9×9 valued by the table of their own
    /// box and by the table of 9×9, against the full solver.
    #[test]
    fn random_staircases_inside_9x9(rows in staircase_in(9, 9)) {
        let p = stair(&rows);
        let g = GrundySolver::new(Chomp).grundy(&p).unwrap();
        let own = ChompTable::solve(p.height(), p.width(), PLENTY).unwrap();
        prop_assert_eq!(own.value(&p), Some(g));
        let nine = ChompTable::solve(9, 9, PLENTY).unwrap();
        prop_assert_eq!(nine.value(&p), Some(g));
    }

    /// Three-row staircases up to 100 columns: two bytes a value (more
    /// than 256 squares), against the full solver.
    #[test]
    fn random_staircases_inside_3x100(rows in staircase_in(3, 100)) {
        let p = stair(&rows);
        let g = GrundySolver::new(Chomp).grundy(&p).unwrap();
        let table = ChompTable::solve(p.height(), p.width(), PLENTY).unwrap();
        prop_assert_eq!(table.value(&p), Some(g));
    }
}

/// The two-byte array holds values above 255: 123,118,113 (found as the
/// smallest such staircase inside 3×124 by a search of the table) has
/// the value 256 by the full solver too.
#[test]
fn wide_values_are_kept_whole() {
    let p = stair(&[123, 118, 113]);
    let table = ChompTable::solve(3, 124, PLENTY).unwrap();
    let g = GrundySolver::new(Chomp).grundy(&p).unwrap();
    assert!(g > 255, "{g}");
    assert_eq!(table.value(&p), Some(g));
    assert_eq!(table.value(&stair(&[124])), Some(123));
}

/// The staircases below a board, counted, against their enumeration
/// (the empty board included) on every staircase inside 6×6.
#[test]
fn staircases_below_are_counted() {
    let all = staircases(6, 6);
    for rows in &all {
        let below = all
            .iter()
            .filter(|r| r.len() <= rows.len() && r.iter().zip(rows).all(|(a, b)| a <= b))
            .count();
        assert_eq!(
            stair(rows).staircases_below(),
            below as u128 + 1,
            "{rows:?}"
        );
    }
    assert_eq!(stair(&[30; 30]).staircases_below(), binomial(60, 30));
}

/// A board whose table exceeds the budget is refused at once, in one
/// line naming the memory; a thin board whose box does not fit but whose
/// staircases below do is left to the full solver.
#[test]
fn the_memory_budget_decides() {
    let game = find("chomp").unwrap();
    let refused = game.grundy("30x30").unwrap_err().to_string();
    assert!(refused.contains("of memory"), "{refused}");
    assert!(!refused.contains('\n') && !refused.contains("positions"));
    let refused = game.evaluate("63x64", &mut Context::new()).unwrap_err();
    assert!(refused.to_string().contains("of memory"), "{refused}");
    let mut ctx = Context::new();
    ctx.search_memory = 1 << 20;
    let thin = [&[12][..], &[2; 11][..]].concat();
    let text = thin
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let g = GrundySolver::new(Chomp).grundy(&stair(&thin)).unwrap();
    match game.evaluate(&text, &mut ctx).unwrap().value {
        Value::Grundy(value) => assert_eq!(value, BigUint::from(g)),
        other => panic!("{other:?}"),
    }
}
