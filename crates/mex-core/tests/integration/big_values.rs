//! Issue 25: numbers, ups and nimbers of any size ("records", kept without
//! their game trees). Each test sends a record through one path that walks
//! options (the paths where the earlier attempt, branch h6-big-values, gave
//! silent wrong answers: `CanonicalForm::from_store` read records as 0, the
//! outcome search saw a record as a game without options, birthdays
//! saturated), and the theorem for `{a | b} + *N` is checked against the
//! definitions on small values (`GameStore::without_fast_paths`).

use mex_core::partizan::notation;
use mex_core::partizan::simple::Record;
use mex_core::partizan::store::{GameId, GameStore, OutcomeClass, DEFAULT_BUDGET};
use mex_core::partizan::thermograph::Thermographs;
use mex_core::partizan::value::CanonicalForm;
use mex_core::partizan::{infinitesimal, toolkit};
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

fn big_nimber(k: &BigUint) -> Record {
    Record::number(BigInt::from(0), 0).with(BigInt::from(0), k.clone())
}

fn parse(s: &mut GameStore, text: &str) -> GameId {
    notation::parse(s, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

const HUGE: &str = "1606938044258990275541962092341162602522202993782792835301376";

/// The switch theorem of `GameStore::switch_plus_record` on every small
/// case, by the definitions alone: `{a | b} + ε = {a + ε | b + ε}` for
/// numbers `a > b` and `ε = n·↑ + *N ≠ 0`.
#[test]
fn switch_plus_infinitesimal_theorem_holds_by_the_definitions() {
    let numbers = ["-2", "-1", "-1/2", "0", "1/4", "1/2", "1", "3/2", "2"];
    let infinitesimals: Vec<String> = (-2..=2)
        .flat_map(|n: i32| (0..=3).map(move |k| (n, k)))
        .filter(|&(n, k)| (n, k) != (0, 0))
        .map(|(n, k)| format!("^{n}*{k}").replace("^-", "v"))
        .collect();
    let mut s = GameStore::without_fast_paths();
    let mut checked = 0;
    for a in numbers {
        for b in numbers {
            let (ga, gb) = (parse(&mut s, a), parse(&mut s, b));
            if s.leq(ga, gb) {
                continue; // a ≤ b: {a | b} is a number
            }
            let switch = s.make(vec![ga], vec![gb]);
            for e in &infinitesimals {
                let epsilon = parse(&mut s, e);
                let by_definition = s.add(switch, epsilon);
                let (left, right) = (s.add(ga, epsilon), s.add(gb, epsilon));
                let by_theorem = s.make(vec![left], vec![right]);
                assert_eq!(by_definition, by_theorem, "{{{a}|{b}}} + {e}");
                // and the form is canonical as it stands: its only options
                let node = s.node(by_definition).clone();
                assert_eq!((node.left, node.right), (vec![left], vec![right]));
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 36 * 19);
}

/// The theorem with the fast paths on: `{1|0} + ^N` for a huge `N` is the
/// switch of records, reads back, and agrees with trees for small `N`.
#[test]
fn switch_plus_huge_ups_is_answered_in_closed_form() {
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    let g = parse(&mut s, &format!("{{1|0}} + ^{HUGE}*3"));
    let text = notation::show(&s, g);
    assert_eq!(text, format!("{{1^{HUGE}*3|^{HUGE}*3}}"));
    assert_eq!(parse(&mut s, &text), g);
    assert_eq!(s.try_outcome(g).unwrap(), OutcomeClass::L);
    let back = parse(&mut s, &format!("{{1|0}} + ^{HUGE}*3 - {{1|0}}"));
    let expected = format!("^{HUGE}*3");
    assert_eq!(notation::show(&s, back), expected);
    let mut trees = GameStore::without_fast_paths();
    for n in 1..=6 {
        let text = format!("{{3/2|-1}} + v{n}*2");
        let (fast, slow) = (parse(&mut s, &text), parse(&mut trees, &text));
        assert_eq!(
            notation::show(&s, fast),
            notation::show(&trees, slow),
            "{text}"
        );
    }
}

/// The same sums with the fast paths on (records for big nimbers): the
/// switch plus a nimber is printed in the theorem's form and reads back.
#[test]
fn switch_plus_huge_nimber_prints_and_reads_back() {
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    let g = parse(&mut s, &format!("{{1|-1}} + *{HUGE}"));
    let text = notation::show(&s, g);
    assert_eq!(text, format!("{{1*{HUGE}|-1*{HUGE}}}"));
    assert_eq!(parse(&mut s, &text), g);
    assert_eq!(s.try_outcome(g).unwrap(), OutcomeClass::N);
    // ±1 + ±1 = 0, so (±1 + *N) + (±1 + *2) = *(N ⊕ 2).
    let h = parse(&mut s, "{1|-1} + *2");
    let sum = s.try_add(g, h).unwrap();
    let k: BigUint = HUGE.parse::<BigUint>().unwrap() ^ BigUint::from(2u32);
    assert_eq!(s.record_of(sum), Some(big_nimber(&k)));
    // A sum no theorem here covers is built by the definition, and here
    // refused in one line by the memory budget (the 2^200 options of *N).
    let hot = parse(&mut s, "{3|2}");
    let refused = s.try_add(g, hot).expect_err("({1|-1} + {3|2}) + *N");
    assert!(!refused.to_string().contains('\n'));
    assert!(refused.to_string().contains("MiB of memory"), "{refused}");
}

/// A general game beside a big number plus a small nimber (a record, since
/// its number part has no tree) is added and compared, no longer refused
/// (issue 25's audit: `{1|-1} + {3|2} + 100000*3` named "the game tree of
/// 100000*3"): against the same computed with the nimber's tree and Number
/// Translation, `G + (y + *k) − y = G + *k`, and `G ≤ y + *k` iff
/// `G − y ≤ *k` (the comparison goes through the record's options).
#[test]
fn general_games_beside_big_numbers_with_small_nimbers() {
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    for game in [
        "{1|-1} + {3|2}",
        "{0|^}",
        "{2|{1|*}}",
        "{1/2|v*}",
        "{100001|99999*}",
    ] {
        let g = parse(&mut s, game);
        for y in [
            "100000",
            "1/2199023255552",
            "-70000",
            "100000 + 1/2199023255552",
        ] {
            let number = parse(&mut s, y);
            let minus_number = s.try_neg(number).unwrap();
            for k in 0..5u32 {
                let record = parse(&mut s, &format!("{y} + *{k}"));
                let nimber = parse(&mut s, &format!("*{k}"));
                let sum = s.try_add(g, record).unwrap();
                let back = s.try_add(sum, minus_number).unwrap();
                let small = s.try_add(g, nimber).unwrap();
                assert_eq!(back, small, "{game} + {y} + *{k}");
                let shifted = s.try_add(g, minus_number).unwrap();
                for (a, b, c, d) in [(g, record, shifted, nimber), (record, g, nimber, shifted)] {
                    assert_eq!(
                        s.try_leq(a, b).unwrap(),
                        s.try_leq(c, d).unwrap(),
                        "{game} against {y} + *{k}"
                    );
                }
            }
        }
    }
}

/// A general game beside a nimber beyond the trees is built from the
/// nimber's options under the store's budgets: refused in one line by the
/// comparison budget (`*5000`, whose sum needs about 5000³ comparisons) or
/// at once by the memory budget (`*2^200`), never by a fixed depth.
#[test]
fn general_games_beside_big_nimbers_are_refused_by_a_budget() {
    let mut s = GameStore::with_limits(DEFAULT_BUDGET, 1 << 16);
    let g = parse(&mut s, "{1|-1} + {3|2}");
    let n = parse(&mut s, "*5000");
    let err = s.try_add(g, n).unwrap_err().to_string();
    assert!(err.contains("comparisons") && !err.contains('\n'), "{err}");
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    let g = parse(&mut s, "{1|-1} + {3|2}");
    let n = parse(&mut s, &format!("*{HUGE}"));
    let err = s.try_add(g, n).unwrap_err().to_string();
    assert!(
        err.contains("MiB of memory") && !err.contains('\n'),
        "{err}"
    );
    let err = s.try_leq(g, n).unwrap_err().to_string();
    assert!(
        err.contains("MiB of memory") && !err.contains('\n'),
        "{err}"
    );
}

/// Records through `CanonicalForm` (h6 read them as 0): the value, its
/// birthday (exact, not saturated) and its round trip through a store.
#[test]
fn canonical_forms_keep_records() {
    for text in [
        "1823437481924".to_string(),
        "99999999999999999999999/1024".to_string(),
        format!("*{HUGE}"),
        "^99999999999999".to_string(),
        format!("{{1|-1}} + *{HUGE}"),
    ] {
        let mut s = GameStore::with_budget(DEFAULT_BUDGET);
        let g = parse(&mut s, &text);
        let form = CanonicalForm::from_store(&s, g);
        assert_ne!(form, CanonicalForm::zero(), "{text}");
        let mut other = GameStore::with_budget(DEFAULT_BUDGET);
        let back = form.to_store(&mut other).unwrap();
        assert_eq!(notation::show(&other, back), notation::show(&s, g));
        assert_eq!(form.birthday(), s.big_birthday(g));
        let printed: CanonicalForm = form.to_string().parse().unwrap();
        assert_eq!(printed, form, "{text}");
    }
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    let g = parse(&mut s, "1823437481924");
    assert_eq!(s.big_birthday(g), BigUint::from(1823437481924u64));
    let n = parse(&mut s, &format!("*{HUGE}"));
    assert_eq!(s.big_birthday(n), HUGE.parse::<BigUint>().unwrap());
}

/// Stops, thermographs and outcomes of records and of games holding them.
#[test]
fn stops_thermographs_and_outcomes_of_records() {
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    let x = parse(&mut s, "1823437481924");
    let (l, r) = toolkit::stops(&s, x);
    assert_eq!(
        (l.to_string(), r.to_string()),
        ("1823437481924".into(), "1823437481924".into())
    );
    assert_eq!(s.try_outcome(x).unwrap(), OutcomeClass::L);
    let t = Thermographs::default().of(&s, x);
    assert_eq!(t.mean.to_string(), "1823437481924");
    let g = parse(&mut s, &format!("{{1|-1}} + *{HUGE}"));
    let (l, r) = toolkit::stops(&s, g);
    assert_eq!((l.to_string(), r.to_string()), ("1".into(), "-1".into()));
    let t = Thermographs::default().of(&s, g);
    assert_eq!(
        (t.mean.to_string(), t.temperature.to_string()),
        ("0".into(), "1".into())
    );
    // ^N + *k with N huge: positive; ^* fuzzy; their outcomes in closed form.
    let up = parse(&mut s, "^99999999999999");
    assert_eq!(s.try_outcome(up).unwrap(), OutcomeClass::L);
    // Walks without a closed form for records refuse them in one line.
    let cooled = toolkit::cool(&mut s, g, &"1/2".parse().unwrap());
    assert!(cooled.is_err());
    let expansion = infinitesimal::uptimal_expansion(&mut s, g);
    assert!(matches!(expansion, Ok(None) | Err(_)));
}

/// The outcome search refuses records instead of seeing a game without
/// options (h6 answered "the second player wins" for `*N`).
#[test]
fn outcome_search_refuses_records() {
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    let g = parse(&mut s, &format!("*{HUGE}"));
    let mut to = GameStore::with_budget(DEFAULT_BUDGET);
    assert!(mex_core::games::outcome_search::copy_form(&s, g, &mut to).is_err());
}

fn record(p: i64, q: u64, ups: i64, k: u64) -> Record {
    Record::number(BigInt::from(p), q).with(BigInt::from(ups), BigUint::from(k))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Slow twin of record arithmetic: small values built as trees by the
    /// definitions (no fast paths) add, negate and compare as the records.
    #[test]
    fn record_arithmetic_equals_tree_arithmetic(
        a in (-6i64..6, 0u64..3, -3i64..4, 0u64..4),
        b in (-6i64..6, 0u64..3, -3i64..4, 0u64..4),
    ) {
        let (ra, rb) = (record(a.0, a.1, a.2, a.3), record(b.0, b.1, b.2, b.3));
        let mut fast = GameStore::new();
        let (fa, fb) = (fast.try_record(ra.clone()).unwrap(), fast.try_record(rb.clone()).unwrap());
        let text = |r: &Record| notation::show_record(r);
        let mut slow = GameStore::without_fast_paths();
        let sa = parse(&mut slow, &text(&ra));
        let sb = parse(&mut slow, &text(&rb));
        let sum = slow.add(sa, sb);
        prop_assert_eq!(notation::show(&slow, sum), text(&ra.add(&rb)));
        let neg = slow.neg(sa);
        prop_assert_eq!(notation::show(&slow, neg), text(&ra.neg()));
        prop_assert_eq!(slow.leq(sa, sb), ra.leq(&rb));
        prop_assert_eq!(fast.leq(fa, fb), ra.leq(&rb));
        prop_assert_eq!(BigUint::from(slow.birthday(sa)), ra.birthday());
    }

    /// Big records: sums, negatives and comparisons agree with the same
    /// values shifted down to small ones (x + n↑ + *k − (X + N↑ + *K) is
    /// small when the big parts are equal), and printing reads back.
    #[test]
    fn big_records_round_trip_and_cancel(
        a in (-6i64..6, 0u64..3, -3i64..4, 0u64..4),
        shift in (1u64..u64::MAX, 0u64..90, 1u64..u64::MAX),
    ) {
        let small = record(a.0, a.1, a.2, a.3);
        let big = Record::number(BigInt::from(shift.0) << 70u32, shift.1)
            .with(BigInt::from(shift.2) << 64u32, BigUint::from(shift.0) << 80u32);
        let mut s = GameStore::with_budget(DEFAULT_BUDGET);
        let (x, y) = (s.try_record(small.clone()).unwrap(), s.try_record(big.clone()).unwrap());
        let xy = s.try_add(x, y).unwrap();
        let back = s.try_sub(xy, y).unwrap();
        prop_assert_eq!(back, x);
        let text = notation::show(&s, xy);
        prop_assert_eq!(parse(&mut s, &text), xy);
        prop_assert_eq!(s.try_leq(xy, y).unwrap(), s.try_leq(x, s.zero()).unwrap());
    }
}

/// Options of a big `x + n·↑ + *k` are refused in one line, never listed
/// as empty (an empty list would say the game is 0); a big number's are
/// its closed form's.
#[test]
fn options_of_big_records_are_refused_not_empty() {
    let star: CanonicalForm = format!("*{}", BigUint::from(1u8) << 200)
        .parse()
        .expect("a big nimber reads");
    let err = star.left_options().unwrap_err().to_string();
    assert!(!err.contains('\n'), "{err}");
    assert!(star.right_options().is_err());
    let big: CanonicalForm = "1823437481924".parse().expect("a big integer reads");
    let below: CanonicalForm = "1823437481923".parse().expect("a big integer reads");
    assert_eq!(big.left_options().unwrap(), vec![below]);
    assert!(big.right_options().unwrap().is_empty());
}

/// Runs `f` as a hang guard, not a speed target: the walks these budgets
/// prevent would build trees of 2^100000 nodes and never end, so any bound
/// far above the answer's real cost (milliseconds) tells the two apart;
/// 30 s keeps the test from failing on a loaded machine (the old bound of
/// one second failed at 1.4 s with the whole suite running in one process).
fn without_a_walk<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = std::time::Instant::now();
    let v = f();
    assert!(
        start.elapsed().as_secs() < 30,
        "{what} walked a tree: {:?}",
        start.elapsed()
    );
    v
}

/// Budgets on every walk that would build a tree from a record: each huge
/// input is answered in closed form or refused in one line, without a
/// walk of its tree.
#[test]
fn huge_records_are_answered_or_refused_without_a_walk() {
    use mex_core::partizan::thermograph::Q;
    let one = BigInt::from(1);
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    // 1/2^100000: its walls follow a chain of two links.
    let tiny = s.try_record(Record::number(one.clone(), 100_000)).unwrap();
    let t = without_a_walk("1/2^100000", || {
        Thermographs::default().try_of(&s, tiny).unwrap()
    });
    assert_eq!(
        t.temperature,
        -Q::new(one.clone(), one.clone() << 100_000u32)
    );
    // cooled above its temperature, a number is itself; at 0 too
    for t in [Q::from_integer(1.into()), Q::from_integer(0.into())] {
        let cooled = without_a_walk("cooling", || toolkit::cool(&mut s, tiny, &t).unwrap());
        assert_eq!(cooled, tiny);
    }
    // ^N*: above 0 it cools to its number part
    let ups = s
        .try_record(Record::number(one.clone(), 3).with(BigInt::from(1) << 300u32, 1u32.into()))
        .unwrap();
    let cooled = toolkit::cool(&mut s, ups, &Q::new(1.into(), 4.into())).unwrap();
    assert_eq!(s.record_of(cooled), Some(Record::number(one.clone(), 3)));
    // below its temperature the options would be walked: refused
    let refused = toolkit::cool(&mut s, tiny, &Q::from_integer((-1).into())).unwrap_err();
    assert!(!refused.to_string().contains('\n'));
    // 0.0101…01 over 2·10^5 binary digits: 10^5 runs, refused before work.
    let alternating = (0..100_000).fold(BigInt::from(0), |a, _| (a << 2u32) + 1);
    let long = s.try_record(Record::number(alternating, 200_000)).unwrap();
    let switch = s.try_make(vec![long], vec![s.zero()]).unwrap();
    for g in [long, switch] {
        let e =
            without_a_walk("alternating", || Thermographs::default().try_of(&s, g)).unwrap_err();
        assert!(!e.to_string().contains('\n'), "{e}");
    }
    // G + *N for G neither a number nor a switch: refused at once.
    let hot = parse(&mut s, "{1|-1} + {3|2}");
    let star = s.try_record(big_nimber(&HUGE.parse().unwrap())).unwrap();
    let e = without_a_walk("G + *N", || s.try_add(hot, star)).unwrap_err();
    assert!(!e.to_string().contains('\n'), "{e}");
    // trees of records: ordinal sums, Norton products, heating
    let n = s
        .try_record(Record::number(BigInt::from(10).pow(30), 0))
        .unwrap();
    let g = parse(&mut s, "{1|0}");
    without_a_walk("ordinal sum", || toolkit::ordinal_sum(&mut s, g, n)).unwrap_err();
    without_a_walk("heating", || toolkit::heat(&mut s, n, g)).unwrap_err();
}
