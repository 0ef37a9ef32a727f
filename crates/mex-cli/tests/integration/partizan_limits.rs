//! The partizan commands stay within time and memory on every input they
//! accept, and refuse the rest with one line and exit status 2 (issues 8,
//! 11, 13).

use crate::common;

use common::mex_bounded as mex;
use serde_json::Value;

fn refused(args: &[&str]) -> String {
    let out = mex(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// `*20` took 20 s and `*22` more than a minute: the cost grew
/// exponentially with k, so `*200` and `*4096` would not end in years. Now
/// `*4096`, the largest, takes about a second; each run must end within the
/// hang guard (minutes, for a loaded machine), which a cost exponential in k
/// cannot.
#[test]
fn large_nimbers_are_quick() {
    for k in [20, 22, 200, 4096] {
        let out = mex(&["game", &format!("*{k}"), "--json"]);
        assert!(out.status.success(), "*{k}");
        let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        // Birthdays are decimal strings: they can exceed 2^53.
        assert_eq!(v["birthday"], k.to_string());
    }
}

/// Spaces no longer vanish: `{1 0|0}` is not `{10|0}`.
#[test]
fn spaces_inside_numbers_are_errors() {
    for e in ["{1 0|0}", "1 2", "* 3"] {
        let err = refused(&["game", e]);
        assert!(err.contains("accepted:"), "{err}");
    }
    let out = mex(&["game", "{ 0 , * | 0 , * }", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["value"], "*2");
}

/// 6×6 Domineering was accepted and aborted after 141 s at 2.4 GB, then
/// refused before the search by a bound on its positions (2 989 126 727
/// sets of disjoint dominoes). No bound is left: the budgets decide as the
/// search runs, and the refusal names the one spent (comparisons, memory,
/// time), in one line with status 2. A full value refused by its budget
/// points to the outcome search (`--first`), which `mex value` and
/// `mex sum` accept; `mex domineering` (no `--first`) does not point to it.
#[test]
fn domineering_is_bounded_by_its_budgets_not_by_a_count() {
    let err = refused(&["value", "domineering", "6x6", "--comparisons", "2^16"]);
    assert!(
        err.contains("exceeds the limit of 65536 comparisons"),
        "{err}"
    );
    assert!(err.contains("--first left|right|both"), "{err}");
    assert!(!err.contains("positions to search"), "{err}");
    // The memo tables fill the memory budget (blamed on them, not on the
    // few levels of recursion under way when it ran out).
    let err = refused(&["value", "domineering", "6x6", "--memory", "4M"]);
    assert!(
        err.contains("4 MiB of memory") && err.contains("--first"),
        "{err}"
    );
    assert!(!err.contains("levels of recursion"), "{err}");
    let err = refused(&["--time-limit", "0.3", "value", "domineering", "8x8"]);
    assert!(err.contains("time limit of 0.3 s"), "{err}");
    let err = refused(&["domineering", "6x6", "--comparisons", "2^16"]);
    assert!(
        err.contains("65536 comparisons") && !err.contains("--first"),
        "{err}"
    );
    // Other partizan games the same: Snort on a 5x5 grid.
    let err = refused(&["value", "snort", "5x5", "--comparisons", "2^12"]);
    assert!(
        err.contains("4096 comparisons") && err.contains("--first"),
        "{err}"
    );
    // What the hint proposes answers (a small board, to stay quick).
    let out = mex(&["value", "domineering", "4x4", "--first", "left", "--json"]);
    assert!(out.status.success());
}

/// A big board still lists its moves: `mex moves` on a 2x17 strip of
/// Domineering, refused before the search while a bound on positions
/// stood (277 376 074 sets of disjoint dominoes, above 10^8), answers
/// within the default budgets.
#[test]
fn big_domineering_boards_list_their_moves() {
    let out = mex(&["moves", "domineering", "2x17", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // Left: 17 vertical dominoes; Right: 2 rows of 16 horizontal ones.
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(17 + 32));
    assert_eq!(v["outcome"], "R");
}

/// Integers whose canonical chains would be huge are kept in closed form
/// (records, issue 25), not built: 40 times 4096 is computed at once.
#[test]
fn huge_integers_are_records() {
    let sum = vec!["4096"; 40].join("+");
    let out = mex(&["game", &sum, "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["value"], "163840");
    assert_eq!(v["birthday"], "163840");
}
