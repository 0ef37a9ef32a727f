//! The partizan commands stay within time and memory on every input they
//! accept, and refuse the rest with one line and exit status 2 (issues 8,
//! 11, 13).

use serde_json::Value;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn mex(args: &[&str]) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .output()
        .expect("binary runs");
    (out, start.elapsed())
}

fn refused(args: &[&str]) -> String {
    let (out, _) = mex(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// `*20` took 20 s and `*22` more than a minute.
#[test]
fn large_nimbers_are_quick() {
    for k in [20, 22, 200, 4096] {
        let (out, took) = mex(&["game", &format!("*{k}"), "--json"]);
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["birthday"], k);
        assert!(took < Duration::from_secs(10), "*{k}: {took:?}");
    }
}

/// Spaces no longer vanish: `{1 0|0}` is not `{10|0}`.
#[test]
fn spaces_inside_numbers_are_errors() {
    for e in ["{1 0|0}", "1 2", "* 3"] {
        let err = refused(&["game", e]);
        assert!(err.contains("accepted:"), "{err}");
    }
    let (out, _) = mex(&["game", "{ 0 , * | 0 , * }", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["canonical"], "*2");
}

/// 6×6 Domineering was accepted and aborted after 141 s at 2.4 GB; it is
/// now refused before the search, by its 2 989 126 727 sets of disjoint
/// dominoes (OEIS A028420).
#[test]
fn domineering_beyond_the_measured_limit_is_refused_at_once() {
    let start = Instant::now();
    let err = refused(&["domineering", "6x6"]);
    assert!(err.contains("2989126727") && err.contains("5x6"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(5));
}

/// Integers whose canonical chains would be huge are refused, not built.
#[test]
fn huge_integers_are_refused() {
    let sum = vec!["4096"; 40].join("+");
    let err = refused(&["game", &sum]);
    assert!(err.contains("65536"), "{err}");
}
