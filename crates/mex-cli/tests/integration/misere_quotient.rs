//! `mex misere-quotient`: the quotient is checked against the multiset
//! search in mex-core (tests/integration/misere_quotients.rs); here the command line.

use crate::common;

use common::{json, mex};

#[test]
fn the_quotient_of_0_75_is_printed_and_proven() {
    let v = json(&["misere-quotient", "0.75", "--max-heap", "30"]);
    // Plambeck–Siegel 2008: the quotient of 0.75 has order 8.
    assert_eq!(v["order"], 8);
    assert_eq!(v["elements"].as_array().unwrap().len(), 8);
    assert_eq!(v["p_portion"].as_array().unwrap().len(), 2);
    assert_eq!(v["heaps"].as_array().unwrap().len(), 31);
    assert_eq!(v["period"]["period"], 2);
    assert_eq!(v["presentation"]["generators"][0]["name"], "a");
    let text =
        String::from_utf8(mex(&["misere-quotient", "0.75", "--max-heap", "30"]).stdout).unwrap();
    assert!(
        text.contains("order 8") && text.contains("Q = ⟨a, b, c |"),
        "{text}"
    );
}

#[test]
fn outcome_of_a_sum_agrees_with_misere_nim() {
    // Nim heaps up to 7 (0.3333333): Bouton's misère rule. 1+1+1 is P
    // (an odd number of ones), 1+1 is N, 3+5+6 is P (nim-sum 0).
    for (sum, expected) in [("1,1,1", "P"), ("1,1", "N"), ("3,5,6", "P"), ("2,3", "N")] {
        let v = json(&[
            "misere-quotient",
            "0.3333333",
            "--max-heap",
            "7",
            "--outcome",
            sum,
        ]);
        assert_eq!(v["outcome"], expected, "{sum}");
    }
    let v = json(&["misere-quotient", "0.75", "--max-heap", "30"]);
    assert!(v.get("outcome").is_none());
}

#[test]
fn big_heaps_use_the_proven_period_and_are_refused_without_one() {
    let v = json(&[
        "misere-quotient",
        "0.75",
        "--max-heap",
        "30",
        "--outcome",
        "1000000000000000000000000000001,2",
    ]);
    assert!(v["outcome"] == "P" || v["outcome"] == "N");
    let out = mex(&[
        "misere-quotient",
        "0.77",
        "--max-heap",
        "10",
        "--outcome",
        "11",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    for args in [
        &["misere-quotient", "0.7x"][..],
        &["misere-quotient", "0.77", "--max-heap", "0"],
        &["misere-quotient", "0.77", "--max-heap", "99999"],
    ] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap().lines().count(),
            1,
            "{args:?}"
        );
    }
}

#[test]
fn kayles_is_proven_at_heap_170() {
    // The quotient and its proof are checked against the direct search in
    // mex-core (tests/integration/misere_quotients.rs); here the JSON of the command.
    let v = json(&["misere-quotient", "0.77", "--max-heap", "170"]);
    assert_eq!(v["order"], 40);
    assert_eq!(v["period"]["period"], 12);
    assert_eq!(v["period"]["preperiod"], 71);
    // Beyond the table, by the period: 10^20 + 5 ≡ 9 and 71 ≡ 11 (mod 12),
    // so heap 10^20 + 5 behaves as heap 71 + 10 = 81.
    let outcome = |heaps: &str| {
        json(&[
            "misere-quotient",
            "0.77",
            "--max-heap",
            "170",
            "--outcome",
            heaps,
        ])["outcome"]
            .clone()
    };
    assert_eq!(outcome("100000000000000000005,3"), outcome("81,3"));
    assert_eq!(outcome("100000000000000000005"), outcome("81"));
}

/// Without `--max-heap` the bound doubles until the period is proven:
/// Kayles (0.77) needs heap 167, so 30 and 60 and 120 do not prove it and
/// 240 does; `--max-heap` stays a cap.
#[test]
fn the_default_bound_grows_until_the_period_is_proven() {
    let grown = json(&["misere-quotient", "0.77"]);
    assert_eq!(grown["max_heap"], 240, "{grown}");
    assert_eq!(grown["period"]["period"], 12, "{grown}");
    assert_eq!(grown["period"]["checked_through"], 167, "{grown}");
    let capped = json(&["misere-quotient", "0.77", "--max-heap", "30"]);
    assert_eq!(capped["max_heap"], 30);
    assert!(capped["period"].is_null());
}
