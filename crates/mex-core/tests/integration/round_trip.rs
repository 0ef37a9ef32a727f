//! Issue 25, "round trip": every value a printer of mex prints is read back
//! by the notation's parser (what `mex game` reads) as the same value. The
//! printers are the notation's two styles (`show`, CGSuite's slashes, and
//! `show_braces`), `CanonicalForm`'s `Display`, and the records' own
//! (`show_record`); the values are random games built from numbers, ups and
//! nimbers of any size (records), small trees, sums, negatives, switches,
//! and what the toolkit computes from them (cooling, the reduced form,
//! conjugates, atomic weights).

use mex_core::partizan::notation::{self, Style};
use mex_core::partizan::simple::{show_record, Record};
use mex_core::partizan::store::{GameId, GameStore, DEFAULT_BUDGET};
use mex_core::partizan::thermograph::Q;
use mex_core::partizan::value::CanonicalForm;
use mex_core::partizan::{infinitesimal, toolkit};
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

/// A random `x + n·↑ + *k`: each part small or of any size.
fn record() -> impl Strategy<Value = Record> {
    let numerator = prop_oneof![
        (-40i64..40).prop_map(BigInt::from),
        any::<i128>().prop_map(BigInt::from),
        (any::<i64>(), 60u32..300).prop_map(|(a, s)| BigInt::from(a) << s),
    ];
    let exponent = prop_oneof![0u64..6, 0u64..300];
    let ups = prop_oneof![
        3 => Just(BigInt::from(0)),
        1 => (-5i64..5).prop_map(BigInt::from),
        1 => any::<i128>().prop_map(BigInt::from),
    ];
    let nimber = prop_oneof![
        3 => Just(BigUint::from(0u32)),
        1 => (0u32..6).prop_map(BigUint::from),
        1 => any::<u128>().prop_map(BigUint::from),
    ];
    (numerator, exponent, ups, nimber).prop_map(|(p, q, n, k)| Record::number(p, q).with(n, k))
}

/// How a game is built: a leaf, or an operation on earlier games.
#[derive(Debug, Clone)]
enum Step {
    Leaf(Record),
    Text(&'static str),
    Braces(Vec<usize>, Vec<usize>),
    Sum(usize, usize),
    Negative(usize),
    Switch(usize),
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let texts = prop::sample::select(vec![
        "{1|0}", "{2||1|0}", "±1", "^*", "{0,*|0}", "{3|-1/2}", "{1/2|*}", "*2",
    ]);
    let step = prop_oneof![
        3 => record().prop_map(Step::Leaf),
        2 => texts.prop_map(Step::Text),
        2 => (prop::collection::vec(any::<usize>(), 0..3), prop::collection::vec(any::<usize>(), 0..3))
            .prop_map(|(l, r)| Step::Braces(l, r)),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Step::Sum(a, b)),
        1 => any::<usize>().prop_map(Step::Negative),
        1 => any::<usize>().prop_map(Step::Switch),
    ];
    prop::collection::vec(step, 1..12)
}

/// The games the steps build (refused operations are skipped: a sum that
/// needs a big record's options is refused, and that is not this test's
/// subject).
fn build(s: &mut GameStore, steps: &[Step]) -> Vec<GameId> {
    let mut games = vec![s.zero()];
    for step in steps {
        let pick = |i: &usize| games[i % games.len()];
        let made = match step {
            Step::Leaf(r) => s.try_record(r.clone()),
            Step::Text(t) => notation::parse(s, t),
            Step::Braces(l, r) => {
                let (l, r) = (l.iter().map(pick).collect(), r.iter().map(pick).collect());
                s.try_make(l, r)
            }
            Step::Sum(a, b) => s.try_add(pick(a), pick(b)),
            Step::Negative(a) => s.try_neg(pick(a)),
            Step::Switch(a) => s.try_switch(pick(a)),
        };
        if let Ok(g) = made {
            games.push(g);
        }
    }
    games
}

/// Every printer's text of `g` reads back as `g`.
fn assert_reads_back(s: &mut GameStore, g: GameId) -> Result<(), TestCaseError> {
    for style in [Style::Slashes, Style::Braces] {
        let Ok(text) = notation::try_show_with(s, g, style, notation::MAX_EXPRESSION) else {
            continue; // too long for a typed expression: `mex game @FILE` reads it
        };
        let back =
            notation::parse(s, &text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, g, "{:?} printed {}", style, text);
    }
    if let Some(r) = s.record_of(g) {
        let text = show_record(&r);
        if text.len() <= notation::MAX_EXPRESSION {
            prop_assert_eq!(notation::parse(s, &text).ok(), Some(g), "record {}", text);
        }
    }
    let form = CanonicalForm::from_store(s, g);
    let text = form.to_string();
    if text.len() <= notation::MAX_EXPRESSION {
        let back: CanonicalForm = text
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, form, "CanonicalForm {}", text);
    }
    Ok(())
}

/// What the toolkit prints as games, computed from `g` (each when it is
/// not refused).
fn derived(s: &mut GameStore, g: GameId) -> Vec<GameId> {
    let mut out = Vec::new();
    for t in [
        Q::from_integer(1.into()),
        Q::new(1.into(), 2.into()),
        Q::new((-1).into(), 2.into()),
    ] {
        out.extend(toolkit::cool(s, g, &t).ok());
    }
    if !s.holds_record(g) && s.birthday(g) <= 6 {
        out.extend(infinitesimal::reduced(s, g).ok());
        out.extend(infinitesimal::atomic_weight(s, g).ok().flatten());
    }
    out.extend(s.try_neg(g).ok());
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn every_printed_value_reads_back(steps in steps()) {
        let mut s = GameStore::with_budget(DEFAULT_BUDGET);
        for g in build(&mut s, &steps) {
            assert_reads_back(&mut s, g)?;
            for h in derived(&mut s, g) {
                assert_reads_back(&mut s, h)?;
            }
        }
    }
}

/// The values the issue names, printed and read back.
#[test]
fn named_values_read_back() {
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    for text in [
        "1/274877906944",
        "1823437481924",
        "*1606938044258990275541962092341162602522202993782792835301376",
        "^99999999999999*3",
        "99999999999999999999999/1024",
        "-3/8v5*7",
        "{1|-1} + *5000",
        "{1|0} + *99999999999999999999999",
    ] {
        let g = notation::parse(&mut s, text).unwrap();
        assert_reads_back(&mut s, g).unwrap();
    }
}
