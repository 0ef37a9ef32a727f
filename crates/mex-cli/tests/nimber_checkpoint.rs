//! `mex value cram|chomp POSITION --checkpoint FILE`: the nimber search
//! saves its table and resumes from it (docs/checkpoint.md, "Nimber
//! searches"); Ctrl-C saves and exits with 130; foreign and damaged files
//! are refused with exit status 2.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{json, mex, scratch_dir, wait_bounded, HANG_GUARD};

/// A finished search's file makes the next run a lookup with the same
/// value, which a run without a checkpoint confirms.
#[test]
fn a_saved_search_resumes_to_the_same_nimber() {
    let dir = scratch_dir("nim-ckpt");
    for (game, board) in [("cram", "4x5"), ("chomp", "6x7")] {
        let file = dir.join(format!("{game}.ckpt"));
        let f = file.to_str().unwrap();
        let first = json(&["value", game, board, "--checkpoint", f]);
        assert_eq!(first["search"]["resumed_positions"], 0);
        let saved = first["search"]["positions"].as_u64().unwrap();
        assert!(saved > 0 && file.exists());
        let again = json(&["value", game, board, "--checkpoint", f]);
        assert_eq!(again["search"]["resumed_positions"].as_u64(), Some(saved));
        let fresh = json(&["value", game, board]);
        assert_eq!(again["grundy"], fresh["grundy"], "{game} {board}");
        assert_eq!(first["grundy"], fresh["grundy"], "{game} {board}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn foreign_and_damaged_files_and_other_commands_are_refused() {
    let dir = scratch_dir("nim-ckpt-bad");
    let file = dir.join("c.ckpt");
    let f = file.to_str().unwrap();
    assert!(mex(&["value", "cram", "3x4", "--checkpoint", f])
        .status
        .success());
    let refused = |args: &[&str], why: &str| {
        let out = mex(args);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(why) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    };
    refused(
        &["value", "cram", "4x3", "--checkpoint", f],
        "another position",
    );
    refused(
        &["value", "chomp", "3x4", "--checkpoint", f],
        "another game",
    );
    refused(
        &["moves", "cram", "3x4", "--checkpoint", f],
        "--checkpoint with mex moves",
    );
    refused(
        &["value", "kayles", "IIII", "--checkpoint", f],
        "domineering, cram or chomp",
    );
    let mut bytes = std::fs::read(&file).unwrap();
    bytes.truncate(bytes.len() - 1);
    std::fs::write(&file, bytes).unwrap();
    refused(&["value", "cram", "3x4", "--checkpoint", f], "ends early");
    let _ = std::fs::remove_dir_all(&dir);
}

/// SIGINT during a long search saves the table and exits with 130; the
/// file is a checkpoint of that search. The same for the run resumed from
/// that file, whose file then holds at least as much.
#[test]
fn an_interrupted_search_saves_its_table() {
    let dir = scratch_dir("nim-ckpt-int");
    let file = dir.join("big.ckpt");
    let lock = dir.join("big.ckpt.lock");
    let mut sizes = Vec::new();
    for run in ["new", "resumed"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
            .args([
                "value",
                "cram",
                "6x7",
                "--checkpoint",
                file.to_str().unwrap(),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("binary runs");
        let start = Instant::now();
        while !lock.exists() && start.elapsed() < HANG_GUARD {
            std::thread::sleep(Duration::from_millis(20));
        }
        // The lock is taken just before the file is read and the handlers
        // are installed.
        std::thread::sleep(Duration::from_millis(500));
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let status = wait_bounded(&mut child, HANG_GUARD).expect("ends after SIGINT");
        assert_eq!(status.code(), Some(130), "{run} run");
        let saved = std::fs::read(&file).expect("the table was saved");
        assert!(saved.starts_with(b"MEXNIM1\ngame=cram\n"), "{run} run");
        assert!(!lock.exists(), "{run} run");
        sizes.push(saved.len());
    }
    assert!(sizes[1] >= sizes[0], "{sizes:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--time-limit` stops a long search with one line and status 2; a
/// checkpointed search saves its table before it stops.
#[test]
fn a_time_limit_stops_the_search() {
    let stopped = |args: &[&str]| {
        let out = mex(args);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("ran past its time limit of 0.3 s") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    };
    stopped(&["value", "cram", "6x7", "--time-limit", "0.3"]);
    stopped(&["--time-limit", "0.3", "sum", "snort:5x5", "--first", "left"]);
    let dir = scratch_dir("nim-ckpt-time");
    let file = dir.join("t.ckpt");
    let f = file.to_str().unwrap();
    stopped(&[
        "value",
        "cram",
        "6x7",
        "--checkpoint",
        f,
        "--time-limit",
        "0.3",
    ]);
    let saved = std::fs::read(&file).expect("the table was saved");
    assert!(saved.starts_with(b"MEXNIM1\ngame=cram\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
