//! `mex graph --sg` and `--sum`: Smith's generalised Sprague–Grundy values
//! of game graphs and sums with impartial catalog games, through the
//! binary. (The values themselves are checked against their slow twin and
//! against retrograde analysis of sum graphs in mex-core's
//! `solve::smith` tests.)

use crate::common;
use common::{json, mex};
use std::path::PathBuf;

/// Writes `text` to a fresh file and returns its path.
fn graph_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mex-loopy-impartial-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Values worked by hand from the rounds of Fraenkel and Yesha's algorithm
/// (see `solve::smith`): `t`, `e` terminal (0); `d → e` is 1; `a ⇄ b` with
/// moves to `t` are ∞0 (wins); `c` moves to itself or to `d` (1): ∞1, a
/// draw; `f` moves only to itself: ∞, a draw.
const GRAPH: &str = "a: b t\nb: a t\nt:\nc: c d\nd: e\ne:\nf: f\n";

#[test]
fn sg_values_in_json_and_text() {
    let path = graph_file("values.txt", GRAPH);
    let path = path.to_str().unwrap();
    let v = json(&["graph", path, "--sg"]);
    let expected = [
        ("a", "∞0", "win"),
        ("b", "∞0", "win"),
        ("t", "0", "loss"),
        ("c", "∞1", "draw"),
        ("d", "1", "win"),
        ("e", "0", "loss"),
        ("f", "∞", "draw"),
    ];
    for (name, sg, outcome) in expected {
        assert_eq!(v["positions"][name]["sg"], sg, "{name}");
        assert_eq!(v["positions"][name]["outcome"], outcome, "{name}");
    }
    let plain = json(&["graph", path]);
    assert!(plain["positions"]["a"].get("sg").is_none());
    let text = String::from_utf8(mex(&["graph", path, "--sg"]).stdout).unwrap();
    assert!(text.lines().next().unwrap().ends_with("sg"), "{text}");
    assert!(text.contains("∞1"), "{text}");
}

#[test]
fn sums_with_catalog_games() {
    let path = graph_file("sums.txt", GRAPH);
    let path = path.to_str().unwrap();
    // ∞1 + 1 + kayles:III (3): ∞(1 xor 1 xor 3) = ∞3, a draw.
    let v = json(&["graph", path, "--sum", "c + nim:1 + kayles:III"]);
    assert_eq!(v["value"], "∞3");
    assert_eq!(v["outcome"], "draw");
    assert_eq!(v["components"][2]["value"], "3");
    // ∞1 + nim:1 = ∞0: the player to move wins (moving c to d).
    let v = json(&["graph", path, "--sum", "c+nim:1"]);
    assert_eq!(
        (v["value"].as_str(), v["outcome"].as_str()),
        (Some("∞0"), Some("win"))
    );
    // Two infinities: a draw, even though each alone is a win.
    let v = json(&["graph", path, "--sum", "a + b"]);
    assert_eq!(
        (v["value"].as_str(), v["outcome"].as_str()),
        (Some("∞"), Some("draw"))
    );
    // Finite values nim-add: 1 + 1 = 0, a loss; with a huge heap, a win.
    assert_eq!(
        json(&["graph", path, "--sum", "d + nim:1"])["outcome"],
        "loss"
    );
    let v = json(&["graph", path, "--sum", "d + nim:2^100"]);
    assert_eq!(v["value"], "1267650600228229401496703205377");
}

#[test]
fn refusals_are_one_line_and_status_2() {
    let path = graph_file("refusals.txt", GRAPH);
    let path = path.to_str().unwrap();
    let fixed = graph_file("fixed.txt", "a: b\nb = win\n");
    let fixed = fixed.to_str().unwrap();
    let cases: &[&[&str]] = &[
        &["graph", fixed, "--sg"],
        &["graph", path, "--sum", "zz + a"],
        &["graph", path, "--sum", "a + clobber:xo"],
        &["graph", path, "--sum", "a + chess:3"],
        &["graph", path, "--sum", " + "],
    ];
    for args in cases {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

/// Fox and Geese and Backsliding Toads and Frogs through `mex value` and
/// `mex moves`: the winners with each first player (the strips worked by
/// hand in mex-core's tests; `TTT..FFF` is a draw whoever starts).
#[test]
fn loopy_rulesets_report_winners_with_draws() {
    let v = json(&["value", "backsliding-toads-and-frogs", "T.F"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(
        (v["left_first"].as_str(), v["right_first"].as_str()),
        (Some("Right"), Some("Left"))
    );
    // T.F is a stopper: its simplest form is 0, a second-player win.
    assert_eq!(v["canonical"], "0");
    let v = json(&["value", "backsliding-toads-and-frogs", "TTT..FFF"]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["left_first"], "draw");
    // No stopper, but its sides are found: CGSuite's GameStripTest.scala
    // gives {on||0|-1/2} & {1/2|0||off}.
    assert_eq!(v["canonical"], "{on||0|-1/2} & {1/2|0||off}");
    let v = json(&["value", "fox-and-geese", "F../.G./..."]);
    assert_eq!(v["right_first"], "Left");
    let moves = json(&["moves", "backsliding-toads-and-frogs", "T.F"]);
    let text = moves.to_string();
    assert!(
        text.contains("toad 1 to 2") && text.contains("frog 3 to 2"),
        "{text}"
    );
    for bad in [
        &["value", "fox-and-geese", "FF/.."][..],
        &["value", "backsliding-toads-and-frogs", "TXF"],
    ] {
        let out = mex(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
