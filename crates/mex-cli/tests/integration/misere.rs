//! `--misere` through the `mex` binary: `mex nim`, `mex octal`, `mex value`,
//! `mex moves` and `mex sum`, their JSON fields, and the refusals.

use crate::common;
use common::{json, mex};

fn stderr_line(args: &[&str]) -> String {
    let out = mex(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// Bouton's misère Nim: (1,1,4) is won only by taking the 4 down to 1,
/// leaving three single counters, a misère P-position; (2,2) is one too.
#[test]
fn nim_misere() {
    let v = json(&["nim", "1", "1", "4", "--misere"]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "N");
    let value = json(&["value", "nim", "1,1,4", "--misere"]);
    for key in [
        "game",
        "position",
        "genus",
        "misere_value",
        "normal_value",
        "outcome",
    ] {
        assert_eq!(v[key], value[key], "{key}");
    }
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"label": "take 3 from heap 3", "position": "1,1,1"}])
    );
    assert_eq!(json(&["nim", "1", "1", "1", "--misere"])["outcome"], "P");
    assert_eq!(json(&["nim", "2", "2", "--misere"])["genus"], "0^{02}");
    // Normal play is unchanged: no play or genus field.
    let normal = json(&["nim", "1", "1", "1"]);
    assert!(normal.get("play").is_none() && normal.get("genus").is_none());
    assert_eq!(normal["outcome"], "N");
    // Too many moves to list: Bouton's rule alone (empty the big heap,
    // leaving one single counter).
    let huge = json(&["nim", "2^200", "1", "--misere"]);
    assert_eq!(huge["winning_moves"][0]["position"], "0,1");
    assert_eq!(json(&["value", "nim", "0,1", "--misere"])["outcome"], "P");
}

/// CGSuite's genera of Kayles heaps (its test suite), through the CLI.
#[test]
fn octal_misere_genera() {
    let v = json(&["octal", "0.77", "--misere", "--terms", "10"]);
    let genera: Vec<&str> = v["genera"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_str().unwrap())
        .collect();
    assert_eq!(
        genera,
        [
            "0^{120}", "1^{031}", "2^{20}", "3^{31}", "1^{031}", "4^{146}", "3^{31}", "2^{20}",
            "1^{13}", "4^{046}"
        ]
    );
    assert_eq!(v["misere_p_positions"], serde_json::json!([1, 4, 9]));
    assert_eq!(v["misere_values"][5], 1);
    assert_eq!(v["wild"], serde_json::json!([5, 9]));
    let text = String::from_utf8(mex(&["octal", "0.07", "--misere"]).stdout).unwrap();
    assert!(text.contains("misère P-positions"), "{text}");
}

#[test]
fn value_moves_and_sum_misere() {
    let v = json(&["value", "octal", "0.77:5", "--misere"]);
    assert_eq!(
        (v["genus"].as_str(), v["outcome"].as_str()),
        (Some("4^{146}"), Some("N"))
    );
    assert_eq!(v["misere_value"], "1");
    let m = json(&["moves", "nim", "1,1,4", "--misere"]);
    let winning: Vec<&str> = m["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["winning"] == true)
        .map(|x| x["position"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["1,1,1"]);
    let s = json(&["sum", "octal:0.77:4", "nim:1", "--misere"]);
    // Kayles heap 4 has genus 1^{031}, like a single counter: the sum
    // plays like two single counters, an N-position under misère play.
    assert_eq!(s["outcome"], "N");
    assert_eq!(s["play"], "misere");
    assert!(!s["winning_moves"].as_array().unwrap().is_empty());
    let p = json(&["sum", "nim:1", "nim:1", "nim:1", "--misere"]);
    assert_eq!(p["outcome"], "P");
    assert!(p["winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn refusals_are_one_line() {
    let e = stderr_line(&["value", "domineering", "2x2", "--misere"]);
    assert!(e.contains("partizan"), "{e}");
    stderr_line(&["sum", "nim:1", "domineering:2x2", "--misere"]);
    stderr_line(&["octal", "0.77", "--misere", "--terms", "300"]);
    stderr_line(&["octal", "0.77", "--misere", "--period"]);
    stderr_line(&["sum", "nim:2^100", "octal:0.07:5", "--misere"]);
}

/// Searches past the misère solver's limits are refused before they start,
/// from bounds the games give: Chomp's positions are the staircases below
/// the board (12x12: C(24,12) > 2^18 sums; it took 43 s to count them),
/// Wythoff's `(x+1)(y+1)` positions have at most `x + y + min(x, y)` moves
/// each (300,300: 39 s of search before). Just inside, an answer.
#[test]
fn searches_past_the_limits_are_refused_before_they_start() {
    let e = stderr_line(&["value", "chomp", "12x12", "--misere"]);
    assert!(e.contains("reachable sums"), "{e}");
    for args in [
        &["moves", "wythoff", "300,300", "--misere"][..],
        &["value", "chomp", "10x10", "--misere"],
    ] {
        let e = stderr_line(args);
        assert!(
            e.contains("(the moves between its reachable sums are not bounded by the limit)"),
            "{e}"
        );
    }
    let v = json(&["value", "wythoff", "30,30", "--misere"]);
    assert_eq!(v["outcome"], "N");
    let v = json(&["value", "chomp", "5x5", "--misere"]);
    assert!(v["outcome"] == "N" || v["outcome"] == "P", "{v}");
}
