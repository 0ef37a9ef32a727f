//! Misère quotients of heap games (Plambeck–Siegel 2008) against the
//! definition (a direct search of sums of heaps) and against theorems.

use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::misere::HeapCodeRules;
use mex_core::heap::misere_quotient::{monomial_text, MisereQuotient, QuotientLimits};
use mex_core::impartial::misere::{nim_analyse, MisereSolver};
use mex_core::impartial::Outcome;
use num_bigint::BigUint;
use proptest::prelude::RngExt;
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::collections::HashMap;

fn code(text: &str) -> TakeBreakCode {
    text.parse().unwrap()
}

fn quotient(text: &str, n: usize) -> MisereQuotient {
    MisereQuotient::compute(&code(text), n).unwrap()
}

fn big(heaps: &[usize]) -> Vec<BigUint> {
    heaps.iter().map(|&h| BigUint::from(h)).collect()
}

/// The misère outcome of a sum of heaps by the multiset search.
fn searched(solver: &mut MisereSolver<HeapCodeRules>, heaps: &[usize]) -> bool {
    let parts: Vec<usize> = heaps
        .iter()
        .flat_map(|&h| solver.rules().parts_of(h))
        .collect();
    solver.genus_unchecked(&parts).unwrap().outcome() == Outcome::P
}

/// Every multiset of at most `k` heaps from `1..=n`.
fn sums(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    let mut layer: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..k {
        let mut next = Vec::new();
        for w in &layer {
            let from = w.last().copied().unwrap_or(1);
            for h in from..=n {
                let mut w2 = w.clone();
                w2.push(h);
                next.push(w2);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out
}

/// The slow twin: the quotient's outcome of every sum of at most `k`
/// heaps up to `n` equals the searched outcome.
fn agrees_with_search(text: &str, n: usize, k: usize) {
    let q = quotient(text, n);
    let mut solver = MisereSolver::new(HeapCodeRules::new(code(text), n));
    for w in sums(n, k) {
        let expected = searched(&mut solver, &w);
        assert_eq!(
            q.is_p_position(&big(&w)),
            Some(expected),
            "{text}: sum {w:?}"
        );
    }
}

#[test]
fn outcomes_agree_with_the_multiset_search() {
    // Tame (Nim), wild with a candidate test (0.75), growth by new
    // generators (0.71), and old elements splitting (Kayles at heaps 9, 12).
    for (text, n, k) in [
        ("0.3333", 6, 4),
        ("0.75", 10, 4),
        ("0.71", 10, 4),
        ("0.77", 13, 3),
        ("0.137", 9, 3),
        ("0.07", 9, 3),
        ("0.34", 12, 3),
        ("4.07", 9, 3),
        ("0.f", 8, 3),
    ] {
        agrees_with_search(text, n, k);
    }
}

#[test]
fn every_two_digit_octal_game_agrees_on_small_sums() {
    for a in 0..8 {
        for b in 0..8 {
            let text = format!("0.{a}{b}");
            let Ok(c) = text.parse::<TakeBreakCode>() else {
                continue;
            };
            let Ok(q) = MisereQuotient::compute(&c, 8) else {
                continue;
            };
            let mut solver = MisereSolver::new(HeapCodeRules::new(c, 8));
            for w in sums(8, 3) {
                assert_eq!(
                    q.is_p_position(&big(&w)),
                    Some(searched(&mut solver, &w)),
                    "{text}: {w:?}"
                );
            }
            // Plambeck–Siegel 2008: every misère quotient of impartial
            // games has even order (x ↦ x·a with a the image of a heap of
            // one counter pairs the elements, a² = 1, one of each pair in
            // a different outcome position).
            assert_eq!(q.order() % 2, 0, "{text}: order {}", q.order());
        }
    }
}

/// Nim's quotient of heaps up to n is tame: the fickle 1, a and the firm
/// values 0..2^k − 1 (2^k > n), so order 2 + 2^k (Plambeck–Siegel 2008,
/// the tame quotients T_k; T_2 has order 6), and its outcomes are those of
/// Bouton's misère rule (Conway's genus rule for tame games).
#[test]
fn nim_quotients_are_tame_with_the_genus_rule() {
    for n in 1..=9usize {
        let text = format!("0.{}", "3".repeat(n));
        let q = quotient(&text, n);
        let k = (usize::BITS - n.leading_zeros()) as usize;
        let expected = if n == 1 { 2 } else { 2 + (1 << k) };
        assert_eq!(q.order(), expected, "heaps up to {n}");
        for w in sums(n, 4) {
            let bouton = nim_analyse(&big(&w)).outcome == Outcome::P;
            assert_eq!(q.is_p_position(&big(&w)), Some(bouton), "{w:?}");
        }
    }
    let t2 = quotient("0.333", 3);
    let relations: Vec<String> = t2
        .relations()
        .iter()
        .map(|(l, r)| format!("{}={}", monomial_text(l), monomial_text(r)))
        .collect();
    // T_2 = ⟨a, b | a² = 1, b³ = b⟩ (Plambeck–Siegel 2008).
    assert_eq!(relations, ["a^2=1", "b^3=b"]);
}

/// 0.75: Plambeck–Siegel 2008 give its quotient, of order 8, and prove it
/// by the periodicity theorem; here too.
#[test]
fn quotient_of_0_75_has_order_8_and_is_proven() {
    let q = quotient("0.75", 30);
    assert_eq!(q.order(), 8);
    let c = q.period().expect("a proof");
    assert_eq!(c.period, 2);
    // The period answers for heaps beyond the table.
    let far = BigUint::from(10u32).pow(30) + 1u32;
    assert_eq!(
        q.image_of_heap(&far),
        q.image_of_heap(&BigUint::from(29u32))
    );
    let p: Vec<String> = (0..q.order() as u32)
        .filter(|&x| q.monoid().is_p(x))
        .map(|x| q.name(x))
        .collect();
    assert_eq!(p.len(), 2, "{p:?}");
}

#[test]
fn the_quotient_does_not_change_past_a_proven_period() {
    let a = quotient("0.75", 22);
    let b = quotient("0.75", 60);
    assert_eq!(a.order(), b.order());
    assert_eq!(a.heap_images(), &b.heap_images()[..23]);
}

#[test]
fn heaps_beyond_the_table_without_a_period_are_unknown() {
    let q = quotient("0.77", 10);
    assert!(q.period().is_none());
    assert_eq!(q.image_of_heap(&BigUint::from(11u32)), None);
}

#[test]
fn sizes_are_refused_up_front() {
    assert!(MisereQuotient::compute(&code("0.77"), 0).is_err());
    let e = MisereQuotient::compute(&code("0.77"), 100_000)
        .unwrap_err()
        .to_string();
    assert!(e.contains("4096") && !e.contains('\n'), "{e}");
}

/// Whether every two distinct elements are told apart by some context
/// (`xz ∈ P` for exactly one of them): the quotient is reduced. With
/// outcomes proved right, a reduced monoid is the misère quotient itself,
/// not a larger cover of it (Plambeck–Siegel 2008, §2: the quotient is
/// the monoid divided by indistinguishability).
fn is_reduced(q: &MisereQuotient) -> bool {
    let m = q.monoid();
    let n = q.order() as u32;
    (0..n).all(|x| (x + 1..n).all(|y| (0..n).any(|z| m.is_p(m.mul(x, z)) != m.is_p(m.mul(y, z)))))
}

/// The codes among 0.a1–0.77 that the searched relearning alone refuses
/// at heap 12 with the default budgets (measured: each runs 6–17 s before
/// its search of sums passes the budget). The recalibration answers all 56
/// codes (the sweep below); the twin comparison skips these 8; one refusal
/// of the relearning is kept, under a small budget, to check that a
/// refusal is one line.
const REFUSED_AT_12: [&str; 8] = [
    "0.16", "0.35", "0.64", "0.65", "0.66", "0.67", "0.74", "0.76",
];

#[test]
fn every_computed_quotient_is_reduced() {
    for a in 0..8 {
        for b in 1..8 {
            let text = format!("0.{a}{b}");
            if text == "0.76" {
                // Refused by both methods at heap 12 (measured).
                continue;
            }
            let q = MisereQuotient::compute(&code(&text), 12)
                .unwrap_or_else(|e| panic!("{text} at heap 12 is answered: {e}"));
            assert!(is_reduced(&q), "{text}");
        }
    }
    let small = QuotientLimits {
        searched_bytes: 1 << 20,
        proof_states: 1 << 16,
        recalibrate: false,
        relearn: true,
        steps: mex_core::heap::misere_quotient::MAX_QUOTIENT_STEPS,
    };
    let e = MisereQuotient::compute_within(&code("0.64"), 12, small)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("KiB of searched sums") && !e.contains('\n'),
        "{e}"
    );
}

/// A quotient whose searches do not settle is refused by its budget of
/// steps in one line naming the steps (0.8 up to heap 30 took 40 s to
/// fill its searched bytes before), and the budget decides the same way
/// for the same game: the message names the budget, not a time.
#[test]
fn a_quotient_past_its_steps_is_refused_in_one_line() {
    let limits = QuotientLimits {
        steps: 1 << 20,
        ..QuotientLimits::default()
    };
    let e = MisereQuotient::compute_within(&code("0.8"), 30, limits)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "the misère quotient of this game (the work of its searches) exceeds the limit of \
         1048576 steps; ask for fewer heaps"
    );
    // Within the same budget a quotient that settles is answered.
    let q = MisereQuotient::compute_within(&code("0.77"), 170, limits).unwrap();
    assert!(q.period().is_some());
}

/// Sums of 1 to `heaps` heaps from `1..=max_heap`, drawn by proptest's
/// deterministic generator from `seed`, so that they are the same each run.
fn sample_sums(seed: u64, count: usize, heaps: usize, max_heap: usize) -> Vec<Vec<usize>> {
    let mut rng = TestRng::from_seed(
        RngAlgorithm::ChaCha,
        &[seed.to_le_bytes(), [0; 8], [0; 8], [0; 8]].concat(),
    );
    (0..count)
        .map(|_| {
            let k = rng.random_range(1..=heaps);
            let mut sum: Vec<usize> = (0..k).map(|_| rng.random_range(1..=max_heap)).collect();
            sum.sort_unstable();
            sum
        })
        .collect()
}

/// The misère outcome of a sum of heaps by the definition: a P-position
/// has a move and every move leads to an N-position (a player who cannot
/// move wins). Memoised on the sorted heaps; no genus, so larger sums fit.
fn plain_search(c: &TakeBreakCode, memo: &mut HashMap<Vec<usize>, bool>, word: &[usize]) -> bool {
    if let Some(&p) = memo.get(word) {
        return p;
    }
    let mut has_move = false;
    let mut p = true;
    for (i, &h) in word.iter().enumerate() {
        if i > 0 && word[i - 1] == h {
            continue;
        }
        for (_, left) in c.options(h) {
            has_move = true;
            let mut next: Vec<usize> = word[..i].iter().chain(&word[i + 1..]).copied().collect();
            next.extend(left.into_iter().filter(|&k| k > 0));
            next.sort_unstable();
            if plain_search(c, memo, &next) {
                p = false;
                break;
            }
        }
        if !p {
            break;
        }
    }
    let p = has_move && p;
    memo.insert(word.to_vec(), p);
    p
}

/// Kayles (0.77): mex finds a quotient of order 40, proven by the
/// periodicity theorem (the heap images repeat with period 12 from heap
/// 71; Kayles' normal-play values have the same period from heap 71,
/// Guy–Smith 1956). The brief of this work quotes order 48 for
/// Plambeck–Siegel 2008; see docs/misere-quotients.md. The slow twin: the
/// search by the definition on every sum of at most two heaps up to 28
/// (every generator heap, the last being 27, with every other heap) and
/// on 150 sampled sums of up to four heaps up to 14; and the quotient is
/// reduced, so with right outcomes it is the quotient, not a cover.
#[test]
fn kayles_quotient_has_order_40_proven_and_agrees_with_search() {
    let q = quotient("0.77", 170);
    assert_eq!(q.order(), 40);
    let c = q.period().expect("a proof");
    assert_eq!((c.preperiod, c.period), (71, 12));
    assert!(is_reduced(&q));
    let kayles = code("0.77");
    let mut memo = HashMap::new();
    // The two searches agree where both are cheap.
    let mut solver = MisereSolver::new(HeapCodeRules::new(code("0.77"), 8));
    for w in sums(8, 3) {
        assert_eq!(
            plain_search(&kayles, &mut memo, &w),
            searched(&mut solver, &w)
        );
    }
    let mut checked = sums(28, 2);
    checked.extend(sample_sums(77, 150, 4, 14));
    for w in checked {
        assert_eq!(
            q.is_p_position(&big(&w)),
            Some(plain_search(&kayles, &mut memo, &w)),
            "{w:?}"
        );
    }
}

/// Only MisereSolver's recalibration (no searched relearning).
fn recalibrated(text: &str, n: usize) -> Result<MisereQuotient, mex_core::MexError> {
    let limits = QuotientLimits {
        relearn: false,
        ..QuotientLimits::default()
    };
    MisereQuotient::compute_within(&code(text), n, limits)
}

/// Only the searched relearning (the method before the recalibration).
fn relearned(text: &str, n: usize) -> Result<MisereQuotient, mex_core::MexError> {
    let limits = QuotientLimits {
        recalibrate: false,
        ..QuotientLimits::default()
    };
    MisereQuotient::compute_within(&code(text), n, limits)
}

/// Whether `a` and `b` are the same quotient with the same heap map: the
/// map `Φ_a(w) ↦ Φ_b(w)` over sums `w` of heaps is well defined, one to
/// one, onto, and keeps the P-portion (built from the identity by
/// multiplying by each heap's image, both sides at once).
fn isomorphic_with_heaps(a: &MisereQuotient, b: &MisereQuotient) -> bool {
    let (qa, qb) = (a.monoid(), b.monoid());
    if qa.order() != qb.order() || a.heap_images().len() != b.heap_images().len() {
        return false;
    }
    let mut map: Vec<Option<u32>> = vec![None; qa.order()];
    map[0] = Some(0);
    let mut todo = vec![0u32];
    while let Some(x) = todo.pop() {
        let y = map[x as usize].expect("mapped");
        if qa.is_p(x) != qb.is_p(y) {
            return false;
        }
        for (&ha, &hb) in a.heap_images().iter().zip(b.heap_images()) {
            let (xa, yb) = (qa.mul(x, ha), qb.mul(y, hb));
            match map[xa as usize] {
                Some(z) if z != yb => return false,
                Some(_) => {}
                None => {
                    map[xa as usize] = Some(yb);
                    todo.push(xa);
                }
            }
        }
    }
    let mut targets: Vec<u32> = map.iter().map(|m| m.expect("generated")).collect();
    targets.sort_unstable();
    targets.dedup();
    targets.len() == qb.order()
}

/// The slow twin of the recalibration: wherever the searched relearning
/// answers (every two-digit octal code at heap 12 but the 8 it refuses,
/// and Kayles at heap 30), the recalibration alone answers too, with the
/// same quotient and heap map; and it also answers 7 of the 8 codes the
/// relearning refuses at heap 12 (some checked against the search by the
/// definition below).
#[test]
fn recalibration_agrees_with_the_searched_relearning() {
    let mut compared = 0;
    let mut refused: Vec<String> = Vec::new();
    for a in 0..8 {
        for b in 1..8 {
            let text = format!("0.{a}{b}");
            let Ok(new) = recalibrated(&text, 12) else {
                refused.push(text);
                continue;
            };
            assert!(is_reduced(&new), "{text}");
            if REFUSED_AT_12.contains(&text.as_str()) {
                continue;
            }
            let old = relearned(&text, 12).unwrap();
            assert!(isomorphic_with_heaps(&old, &new), "{text}");
            compared += 1;
        }
    }
    // Measured: the recalibration alone refuses only these at heap 12.
    // Measured (25 November 2026): all 48 compared agree, and the
    // recalibration alone refuses only 0.76 at heap 12 (a candidate's
    // failure it cannot correct within its budget).
    assert_eq!(compared, 48);
    assert_eq!(refused, ["0.76"]);
    let (old, new) = (
        relearned("0.77", 30).unwrap(),
        recalibrated("0.77", 30).unwrap(),
    );
    assert!(isomorphic_with_heaps(&old, &new));
}

/// Siegel (2007, answering Weimerskirch's questions on MisereSolver):
/// "`Q_30(0.07)` has size 360". The one order of a two-digit game other
/// than 0.75's that a readable source states; mex agrees (refused before
/// the (V3) search over states, 28 November 2026).
#[test]
fn q30_of_0_07_has_order_360_as_siegel_states() {
    let q = quotient("0.07", 30);
    assert_eq!(q.order(), 360);
    assert!(is_reduced(&q));
}

/// Codes the relearning refused (at heap 12, or at heap 20 or more),
/// answered by the recalibration: every sum of at most two heaps, and 120
/// sampled sums of up to four heaps, against the search by the definition.
#[test]
fn recalibrated_quotients_agree_with_the_search() {
    for (text, n) in [
        ("0.04", 24),
        ("0.14", 20),
        ("0.72", 24),
        ("0.15", 20),
        ("0.16", 12),
        ("0.64", 12),
    ] {
        let q = recalibrated(text, n).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(q.order() % 2, 0, "{text}");
        let c = code(text);
        let mut memo = HashMap::new();
        let mut checked = sums(n, 2);
        checked.extend(sample_sums(n as u64, 120, 4, n.min(14)));
        for w in checked {
            assert_eq!(
                q.is_p_position(&big(&w)),
                Some(plain_search(&c, &mut memo, &w)),
                "{text}: {w:?}"
            );
        }
    }
}

/// Orders and P-portion sizes computed by Siegel's MisereSolver (CGSuite's
/// source, github:aaron-siegel/cgsuite commit e909ab8, built outside this
/// repository and run beside mex on 28 November 2026; docs/misere-quotients.md,
/// section "MisereSolver beside mex"), with the heaps where its presentation
/// grew, which are mex's generator heaps.
#[test]
fn quotients_agree_with_miseresolver() {
    let peer: [(&str, usize, usize, usize, &[usize]); 6] = [
        ("0.77", 60, 40, 9, &[1, 2, 5, 9, 12, 25, 27]),
        ("0.44", 60, 40, 9, &[3, 5, 11, 19, 25, 51, 55]),
        ("0.53", 60, 16, 3, &[1, 3, 9, 11, 14]),
        ("0.15", 60, 42, 12, &[1, 6, 14, 18, 20, 23, 27, 29, 30]),
        ("0.04", 40, 80, 12, &[4, 7, 16, 17, 33, 37]),
        ("0.06", 16, 48, 11, &[3, 5, 12, 13, 15]),
    ];
    for (text, n, order, p_size, growth_heaps) in peer {
        let q = quotient(text, n);
        assert_eq!(q.order(), order, "{text} at heap {n}");
        let p = (0..order as u32).filter(|&x| q.monoid().is_p(x)).count();
        assert_eq!(p, p_size, "{text} at heap {n}: |P|");
        assert_eq!(q.generator_heaps(), growth_heaps, "{text} at heap {n}");
    }
}
