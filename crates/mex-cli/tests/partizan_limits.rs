//! The partizan commands stay within time and memory on every input they
//! accept, and refuse the rest with one line and exit status 2 (issues 8,
//! 11, 13).

mod common;

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

/// 6×6 Domineering was accepted and aborted after 141 s at 2.4 GB; it is
/// now refused before the search, by its 2 989 126 727 sets of disjoint
/// dominoes (OEIS A028420): the refusal names that count and the largest
/// rectangle admitted, which only the check before the search knows (a
/// search stopped by its budgets names the memory or the comparisons).
#[test]
fn domineering_beyond_the_measured_limit_is_refused_at_once() {
    let err = refused(&["domineering", "6x6"]);
    assert!(err.contains("2989126727") && err.contains("5x6"), "{err}");
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
