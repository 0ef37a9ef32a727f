//! Proofs of who wins from the command line (issue 40): `mex value ...
//! --first left|right --proof FILE` writes one, `mex check-proof FILE`
//! verifies it (exit 0), refuses a corrupted one with its flaw (exit 1)
//! and a file that is not a proof (exit 2); the winner is the one of the
//! full value's outcome class.

use crate::common;

use common::{json, mex, scratch_dir};
use std::fs;

/// Who wins with `first` to move, by the outcome class (Conway 1976).
fn winner(outcome: &str, first: &str) -> &'static str {
    match (outcome, first) {
        ("L", _) | ("N", "left") | ("P", "right") => "Left",
        _ => "Right",
    }
}

#[test]
fn written_proofs_check_and_name_the_value_routes_winner() {
    let dir = scratch_dir("proofs");
    for (game, position) in [
        ("clobber", "xoxox/oxoxo"),
        ("domineering", "4x4"),
        ("domineering", "3x5"),
        ("nogo", "2x3"),
        ("konane", "xoxo/oxox/xoxo"),
    ] {
        let outcome = json(&["value", game, position])["outcome"]
            .as_str()
            .unwrap()
            .to_string();
        for first in ["left", "right"] {
            let file = dir.join(format!("{game}-{first}.proof"));
            let file = file.to_str().unwrap();
            let wrote = json(&["value", game, position, "--first", first, "--proof", file]);
            let expected = winner(&outcome, first);
            assert_eq!(
                wrote[format!("{first}_first")],
                expected,
                "{game} {position}"
            );
            let checked = json(&["check-proof", file]);
            assert_eq!(checked["holds"], true);
            assert_eq!(checked["winner"], expected);
            assert_eq!(checked["sha256"], wrote["proof"]["sha256"]);
            assert_eq!(checked["nodes"], wrote["proof"]["nodes"]);
        }
    }
}

#[test]
fn a_corrupted_proof_is_refused_with_its_flaw() {
    let dir = scratch_dir("proofs-corrupted");
    let file = dir.join("d.proof");
    let path = file.to_str().unwrap();
    let out = mex(&[
        "value",
        "domineering",
        "4x4",
        "--first",
        "left",
        "--proof",
        path,
    ]);
    assert!(out.status.success());
    let text = fs::read_to_string(&file).unwrap();
    let claimed = if text.contains("\nwinner left\n") {
        text.replace("\nwinner left\n", "\nwinner right\n")
    } else {
        text.replace("\nwinner right\n", "\nwinner left\n")
    };
    fs::write(&file, claimed).unwrap();
    let out = mex(&["check-proof", path]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("does not hold: node "), "{stderr}");
    fs::write(&file, "not a proof\n").unwrap();
    assert_eq!(mex(&["check-proof", path]).status.code(), Some(2));
}

#[test]
fn proofs_are_refused_where_they_do_not_apply() {
    for args in [
        &["value", "nim", "3,4", "--first", "left", "--proof", "x"][..],
        &["value", "clobber", "xox", "--first", "both", "--proof", "x"],
        &["value", "clobber", "xox", "--proof", "x"],
    ] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!std::path::Path::new("x").exists());
    }
}

/// The SHA-256 docs/records.md gives for the proof of `board` with
/// `first` moving first.
fn recorded_digest(board: &str, first: &str) -> String {
    let records = include_str!("../../../../docs/records.md");
    let row = format!("| {board} | {first} |");
    let line = records
        .lines()
        .find(|l| l.starts_with(&row))
        .unwrap_or_else(|| panic!("docs/records.md has no proof row {row}"));
    line.split('`').nth(1).unwrap().to_string()
}

#[test]
fn the_recorded_proofs_are_written_again_byte_for_byte() {
    let dir = scratch_dir("proofs-records");
    for (board, first, typed) in [("6×8", "Right", "6x8"), ("7×8", "Right", "7x8")] {
        let file = dir.join(format!("{typed}.proof"));
        let file = file.to_str().unwrap();
        let lower = first.to_ascii_lowercase();
        let wrote = json(&[
            "value",
            "domineering",
            typed,
            "--first",
            &lower,
            "--proof",
            file,
        ]);
        assert_eq!(
            wrote["proof"]["sha256"],
            recorded_digest(board, first),
            "{board}"
        );
        assert_eq!(json(&["check-proof", file])["holds"], true);
    }
}

#[test]
fn a_sum_has_a_proof_that_checks() {
    let dir = scratch_dir("proofs-sum");
    let file = dir.join("s.proof");
    let path = file.to_str().unwrap();
    let terms = ["clobber:xoxo", "domineering:3x3", "konane:xo.x"];
    for first in ["left", "right"] {
        let mut args = vec!["sum"];
        args.extend(terms);
        let searched = json(&[&args[..], &["--first", first]].concat());
        let wrote = json(&[&args[..], &["--first", first, "--proof", path]].concat());
        let key = format!("{first}_first");
        assert_eq!(wrote[&key], searched[&key]);
        assert_eq!(wrote["components"].as_array().unwrap().len(), 3);
        let checked = json(&["check-proof", path]);
        assert_eq!(checked["holds"], true);
        assert_eq!(checked["winner"], searched[&key]);
    }
}
