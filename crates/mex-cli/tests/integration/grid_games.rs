//! The grid games Clobber, Konane, Amazons and Cram through the `mex`
//! binary: `mex value GAME POS --json` gives the value, outcome, picture
//! and ASCII drawing, `mex moves` labels the moves, and oversized positions
//! are refused with exit status 2.

use crate::common;
use common::{json, mex};

#[test]
fn values_of_each_grid_game() {
    for (game, position, value, outcome) in [
        ("clobber", "xox|ox.", "{^^*|*,v}", "N"),
        ("clobber", "xxo", "^", "L"),
        ("konane", "..ox", "1", "L"),
        ("konane", ".ox.", "*", "N"),
        ("amazons", "x#o", "0", "P"),
        ("amazons", "x..|...|..o", "", "N"),
        ("cram", ".........|##.######", "*4", "N"),
        ("cram", "4x4", "0", "P"),
        ("cram", "4x6", "0", "P"),
    ] {
        let v = json(&["value", game, position]);
        assert_eq!(v["game"], game);
        if !value.is_empty() {
            assert_eq!(v["value"], value, "{game} {position}");
        }
        assert_eq!(v["outcome"], outcome, "{game} {position}");
        let drawn = v["position"].as_str().unwrap().replace('/', "\n");
        assert_eq!(v["drawing"].as_str().unwrap(), drawn, "{game} {position}");
        assert!(v["picture"]["shape"].is_string(), "{game} {position}");
    }
}

#[test]
fn moves_are_labelled_and_limits_refused() {
    let v = json(&["moves", "clobber", "xo"]);
    let labels: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["a1 takes b1", "b1 takes a1"]);
    let v = json(&["moves", "cram", "1x3"]);
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    for (game, position) in [
        // Groups and regions past 64 stones or cells: refused at once
        // (smaller boards run until a budget is spent; `--first` asks who
        // wins instead).
        ("clobber", "9x9"),
        ("cram", "12x11"),
        (
            "amazons",
            "x........|.........|.........|.........|.........|.........|.........|.........|........o",
        ),
        ("cram", "xo"),
    ] {
        let out = mex(&["value", game, position]);
        assert_eq!(out.status.code(), Some(2), "{game} {position}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    // A 6x6 Konane board runs until its budget of comparisons is spent
    // (the default 2^26 takes about 30 s; a smaller budget shows the same
    // refusal sooner).
    let konane = "xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo|oxox..";
    let out = mex(&["value", "konane", konane, "--comparisons", "2^20"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("1048576 comparisons"), "{err}");
}

/// A board refused by its size quotes the size as typed (a side past the
/// machine's integers is not shown saturated) and the game's own limit;
/// an empty row (`../`, `..//..`) is refused in one line saying the rows
/// must have one width, in every grid game, not dropped.
#[test]
fn sizes_as_typed_and_empty_rows_refused() {
    let refusal = |args: &[&str]| {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
        assert_eq!(err.lines().count(), 1, "{err}");
        err
    };
    let huge = "99999999999999999999x2";
    let err = refusal(&["value", "cram", huge]);
    assert!(
        err.contains(&format!("board size {huge} exceeds the limit of 128 cells")),
        "{err}"
    );
    assert!(
        !err.contains("4096") && !err.contains("18446744073709551615"),
        "{err}"
    );
    let err = refusal(&["value", "cram", "12x11"]);
    assert!(err.contains("128 cells"), "{err}");
    for (game, board) in [
        ("cram", "../"),
        ("cram", "..//.."),
        ("domineering", "../"),
        ("domineering", "/.."),
        ("clobber", "xo//ox"),
        ("konane", "xo|"),
        ("amazons", "x.|.o|"),
        ("fox-and-geese", "F.|..|"),
    ] {
        for command in ["value", "moves"] {
            let err = refusal(&[command, game, board]);
            assert!(
                err.contains("every row must have the same width"),
                "{game} {board}: {err}"
            );
        }
    }
}
