//! The rulesets on graphs and strips through the `mex` binary: Hackenbush
//! on graphs, Col, Snort, Cutcake and Toppling Dominoes, valued by
//! `mex value GAME POS --json`, their moves listed, sums, pictures and
//! refusals in one line.

use crate::common;
use common::{json, mex};

/// Each game with a position, its value and outcome (each value also
/// checked against the brute force in mex-core's tests).
const CASES: [(&str, &str, &str, &str); 7] = [
    ("hackenbush-graph", "0-1:G 1-2:G 2-0:G", "*", "N"),
    ("hackenbush-graph", "g-1:B 1-2:R", "1/2", "L"),
    ("col", "n=3; 0-1 1-2; b..", "1/2", "L"),
    ("snort", "P2", "±1", "N"),
    ("cutcake", "2x4 1x1", "1", "L"),
    ("toppling-dominoes", "LRRLL", "{1|*}", "L"),
    ("toppling-dominoes", "LR", "*", "N"),
];

#[test]
fn values_and_outcomes() {
    for (game, position, value, outcome) in CASES {
        let v = json(&["value", game, position]);
        assert_eq!(v["game"], game);
        assert_eq!(v["value"], value, "{game} {position}");
        assert_eq!(v["outcome"], outcome, "{game} {position}");
    }
}

#[test]
fn every_game_is_listed_with_its_example() {
    let v = json(&["games"]);
    let games = v["games"].as_array().unwrap();
    for name in [
        "hackenbush-graph",
        "col",
        "snort",
        "cutcake",
        "toppling-dominoes",
    ] {
        let g = games
            .iter()
            .find(|g| g["name"] == name)
            .unwrap_or_else(|| panic!("{name} is not listed"));
        assert_eq!(g["family"], "partizan");
        let example = g["example"].as_str().unwrap();
        let value = json(&["value", name, example]);
        assert_eq!(value["position"], example);
        assert!(value["drawing"].is_string(), "{name} has no drawing");
        assert!(
            value["picture"]["shape"].is_string(),
            "{name} has no picture"
        );
    }
}

#[test]
fn moves_sums_and_shorthands() {
    let v = json(&["moves", "snort", "P3"]);
    let labels: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels.len(), 6);
    assert!(labels.contains(&"paint 1 blue"));
    let v = json(&["value", "col", "P3"]);
    assert_eq!(v["position"], "n=3; 0-1 1-2");
    let v = json(&["sum", "cutcake:1x3", "toppling-dominoes:RR"]);
    assert_eq!(v["value"], "0");
    let v = json(&["sum", "hackenbush-graph:0-1:G", "snort:n=1"]);
    assert_eq!(v["value"], "0");
}

#[test]
fn bad_and_oversized_positions_are_refused_in_one_line() {
    let stalk = |n: u32| {
        (0..n)
            .map(|i| format!("{i}-{}:{}", i + 1, if i % 2 == 0 { 'B' } else { 'R' }))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let wide = stalk(MAX_EDGES_PLUS_ONE);
    for (game, position) in [
        ("hackenbush-graph", "0-1:X"),
        ("hackenbush-graph", wide.as_str()),
        ("col", "P3; BB."),
        ("col", "9x9"),
        ("snort", "9x9"),
        ("cutcake", "0x3"),
    ] {
        let out = mex(&["value", game, position]);
        assert_eq!(out.status.code(), Some(2), "{game} {position}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{game} {position}: {err}"
        );
    }
    // No count of positions refuses a search in advance: a long stalk is
    // answered (by its sign expansion, Winning Ways ch. 2: 1 − 1/2 + 1/4
    // − … − 1/2^29 = (2^30 − 1)/(3·2^29)), and large boards and rows are
    // refused by the budget as the search runs, in one line.
    let out = mex(&["value", "hackenbush-graph", &stalk(30)]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("357913941/536870912"));
    for (game, position) in [
        ("snort", "5x5".to_string()),
        ("toppling-dominoes", "LR".repeat(200)),
        ("konane", KONANE_6X6.to_string()),
        ("toads-and-frogs", "TTTTTTTT.....FFFFFFFF".to_string()),
    ] {
        let out = mex(&["value", game, &position, "--comparisons", "100000"]);
        assert_eq!(out.status.code(), Some(2), "{game} {position}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{game}: {err}");
        assert!(err.contains("100000 comparisons"), "{game}: {err}");
        assert!(!err.contains("positions"), "{game}: {err}");
    }
}

/// The 6×6 checkerboard of Konane with its first two stones taken.
const KONANE_6X6: &str = "..xoxo/oxoxox/xoxoxo/oxoxox/xoxoxo/oxoxox";

/// One edge more than a picture may have (`hackenbush_graph::MAX_EDGES`).
const MAX_EDGES_PLUS_ONE: u32 = 10_001;
