//! Nash–Sheenko's theorems on S-Pick-Up-Bricks, checked over ranges of sets, and
//! the period search against its brute-force twin.

use super::*;
use proptest::prelude::*;

fn set(e: &[u64]) -> SubtractionSet {
    SubtractionSet::new(e.to_vec()).unwrap()
}

fn period_of(e: &[u64]) -> SubtractionPeriod {
    set(e).find_period(DEFAULT_MAX_TERMS).unwrap()
}

/// Values straight from the definition, with the generic MEX.
fn values_by_definition(e: &[u64], terms: usize) -> Vec<u32> {
    let mut v: Vec<u32> = Vec::new();
    for n in 0..terms as u64 {
        let opts = e
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| v[(n - s) as usize] as u64);
        v.push(crate::impartial::mex::mex(opts) as u32);
    }
    v
}

#[test]
fn seed_004_subtraction_examples() {
    let v = set(&[1, 2, 3]).values(200);
    assert!((0..200).all(|n| (v[n] == 0) == (n % 4 == 0)));
    let v = set(&[1, 3, 4]).values(200);
    assert!((0..200).all(|n| (v[n] == 0) == (n % 7 == 0 || n % 7 == 2)));
    assert_eq!(period_of(&[1, 3, 4]).period, 7);
}

#[test]
fn seed_001_definition_4_2_pick_up_bricks() {
    assert_eq!(set(&[1, 2]).values(9), vec![0, 1, 2, 0, 1, 2, 0, 1, 2]);
}

#[test]
fn seed_001_definition_4_5_and_theorem_4_11_sequence_of_2_4_7() {
    let stated = [0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2, 1, 0, 2];
    assert_eq!(set(&[2, 4, 7]).values(stated.len()), stated);
    let p = period_of(&[2, 4, 7]);
    assert_eq!((p.preperiod, p.period), (8, 3));
}

#[test]
fn seed_001_theorem_4_6_singletons() {
    for n in 1..=40u64 {
        let p = period_of(&[n]);
        assert_eq!((p.preperiod, p.period), (0, 2 * n as usize), "S = {{{n}}}");
        let head = p.sequence.head();
        assert!(head[..n as usize].iter().all(|&v| v == 0));
        assert!(head[n as usize..].iter().all(|&v| v == 1));
    }
}

#[test]
fn seed_001_theorem_4_7_pairs() {
    for a in 1..=25u64 {
        for b in a + 1..=40 {
            let expected = if b % a == 0 && (b / a) % 2 == 1 {
                2 * a
            } else {
                a + b
            };
            let p = period_of(&[a, b]);
            assert_eq!(p.period as u64, expected, "S = {{{a},{b}}}");
            assert_eq!(p.preperiod, 0, "S = {{{a},{b}}} is immediately periodic");
        }
    }
}

#[test]
fn seed_001_theorem_4_8_intervals() {
    for lo in 1..=25u64 {
        for hi in lo..=35 {
            let s: Vec<u64> = (lo..=hi).collect();
            assert_eq!(period_of(&s).period as u64, lo + hi, "S = {{{lo}..{hi}}}");
        }
    }
}

/// Theorem 4.9 as stated ("S contains only odd numbers") is false: S = {3}
/// gives 0,0,0,1,1,1,… (Theorem 4.6). It holds when moreover 1 ∈ S, which
/// the proof silently uses (a heap of 1 must have a move). See docs/errata.md.
#[test]
fn seed_001_theorem_4_9_odd_sets() {
    assert_ne!(set(&[3]).values(4), vec![0, 1, 0, 1]);
    let odds: Vec<u64> = (0..8).map(|i| 2 * i + 1).collect();
    for mask in (1u32..(1 << odds.len())).filter(|m| m & 1 == 1) {
        let s: Vec<u64> = odds
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &o)| o)
            .collect();
        let v = set(&s).values(300);
        assert!(
            v.iter().enumerate().all(|(n, &g)| g == (n % 2) as u32),
            "S = {s:?}"
        );
        let p = period_of(&s);
        assert_eq!((p.preperiod, p.period), (0, 2));
    }
}

/// Theorem 4.10 as proved (no element of X is a multiple of the period);
/// the literal statement ("X does not contain the period") is false.
#[test]
fn seed_001_theorem_4_10_corrected() {
    let mut checked = 0;
    for mask in 1u32..(1 << 7) {
        let s: Vec<u64> = (1..=7).filter(|i| mask >> (i - 1) & 1 == 1).collect();
        let p = period_of(&s);
        let cycle = p.sequence.head();
        let mut distinct = cycle.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if p.preperiod != 0 || distinct.len() != cycle.len() {
            continue;
        }
        let base = set(&s).values(400);
        for x in 1..=30u64 {
            if x % p.period as u64 == 0 {
                continue;
            }
            let mut t = s.clone();
            t.push(x);
            assert_eq!(set(&t).values(400), base, "S = {s:?}, X = {{{x}}}");
            checked += 1;
        }
    }
    assert!(checked > 100);
    // Literal reading refuted: S = {1} has period 2 with distinct values;
    // X = {4} does not contain 2, yet {1,4} has a different sequence.
    assert_ne!(set(&[1, 4]).values(10), set(&[1]).values(10));
}

#[test]
fn seed_001_theorem_4_11_family() {
    let base = set(&[2, 4, 7]).values(600);
    for mask in 0u32..(1 << 10) {
        let mut s = vec![2, 4, 7];
        s.extend(
            (0..10)
                .filter(|z| mask >> z & 1 == 1)
                .map(|z| 7 + 3 * z as u64),
        );
        assert_eq!(set(&s).values(600), base, "S = {s:?}");
        assert!(
            period_of(&s).preperiod > 0,
            "S = {s:?} is not immediately periodic"
        );
    }
}

#[test]
fn seed_001_theorem_4_4_bound() {
    // p, μ ≤ l (|S| + 1)^l for every subset of {1..7}.
    for mask in 1u64..(1 << 7) {
        let s: Vec<u64> = (1..=7).filter(|i| mask >> (i - 1) & 1 == 1).collect();
        let p = period_of(&s);
        let l = *s.last().unwrap();
        let bound = l * (s.len() as u64 + 1).pow(l as u32);
        assert!(p.period as u64 <= bound && p.preperiod as u64 <= bound);
    }
}

#[test]
fn conjecture_5_1_readings() {
    let report = survey(9, |_| {}).unwrap();
    let by_size = &report.conjecture_5_1[0];
    let by_max = &report.conjecture_5_1[1];
    // Under n = |S| the hypothesis forces an interval {s..l} with l − s ≤ 2,
    // where Theorem 4.8 applies: no counterexample can exist.
    assert!(by_size.sets_in_scope > 0 && by_size.counterexamples.is_empty());
    // Under n = l, S = {1,3} is in scope (a = 2 ≤ ⌈3/2⌉) and predicts 4,
    // but Theorem 4.7 gives period 2.
    let c = by_max
        .counterexamples
        .iter()
        .find(|c| c.set == vec![1, 3])
        .unwrap();
    assert_eq!((c.predicted_period, c.actual_period), (4, 2));
    for c in &by_max.counterexamples {
        assert_eq!(period_of(&c.set).period, c.actual_period);
        assert_ne!(c.predicted_period, c.actual_period as u64);
    }
}

#[test]
fn survey_counts_are_consistent() {
    let r = survey(6, |_| {}).unwrap();
    assert_eq!(r.sets, 63);
    let direct = (1u64..64)
        .filter(|mask| {
            let s: Vec<u64> = (1..=6).filter(|i| mask >> (i - 1) & 1 == 1).collect();
            period_of(&s).preperiod > 0
        })
        .count();
    assert_eq!(r.not_immediately_periodic, direct);
}

#[test]
fn bad_sets_are_refused() {
    for bad in ["", "0", "1,0", "-1,2", "a,b", "1,,x", "{}"] {
        assert!(SubtractionSet::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(
        SubtractionSet::parse("{4, 1,3}").unwrap().elements(),
        &[1, 3, 4]
    );
    assert!(SubtractionSet::parse("2000000").is_err());
    assert!(set(&[1]).find_period(MAX_TERMS_LIMIT + 1).is_err());
}

/// Issue 8: malformed sets used to be read as if well-formed.
#[test]
fn malformed_sets_are_refused_with_one_line() {
    for bad in [
        "{{{1,2", "1,2}", "1,,,", "{1,2", "1,2,", ",1", "{1,{2}}", "1,,2", "{1,2}}", "1 2",
    ] {
        let err = SubtractionSet::parse(bad).expect_err(bad).to_string();
        assert!(!err.contains('\n'), "{err}");
    }
    for good in ["1,2", "{1,2}", " { 1 , 2 } ", "2,1,1"] {
        assert_eq!(
            SubtractionSet::parse(good).unwrap().elements(),
            &[1, 2],
            "{good}"
        );
    }
}

/// An element beyond u64 is reported with its own value, not as 2^64 − 1.
#[test]
fn huge_elements_are_reported_as_typed() {
    let err = SubtractionSet::parse("1,10^30").unwrap_err();
    assert!(matches!(err, MexError::AboveLimit { .. }), "{err}");
    assert!(err.to_string().contains("10^30"), "{err}");
    assert!(!err.to_string().contains("--"), "{err}");
    let bound = set(&[1]).find_period(MAX_TERMS_LIMIT + 1).unwrap_err();
    assert_eq!(bound.quantity(), Some(TERM_BOUND));
}

#[test]
fn search_bound_is_reported_not_hung() {
    // {7,50} has period 57 (Theorem 4.7), so 60 values cannot show two windows of 50.
    let err = set(&[7, 50]).find_period(60).unwrap_err();
    assert!(matches!(err, MexError::NotFound { .. }));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn period_search_agrees_with_brute_force(elements in proptest::collection::vec(1u64..13, 1..5)) {
        let s = SubtractionSet::new(elements.clone()).unwrap();
        let found = s.find_period(DEFAULT_MAX_TERMS).unwrap();
        let l = s.max() as usize;
        let len = 4 * (found.preperiod + 2 * found.period + l) + 8;
        let slow = values_by_definition(s.elements(), len);
        prop_assert_eq!(&s.values(len), &slow);
        prop_assert!(found.certificate.holds_for(&slow));
        prop_assert_eq!(period_by_brute_force(&slow), (found.preperiod, found.period));
        for (n, &g) in slow.iter().enumerate() {
            prop_assert_eq!(found.sequence.value_at(&(n as u64).into()), g);
        }
    }
}
