//! `mex value cram|chomp POSITION --checkpoint FILE`: the nimber search
//! saves its table and resumes from it (docs/checkpoint.md, "Nimber
//! searches"); Ctrl-C saves and exits with 130; foreign and damaged files
//! are refused with exit status 2.

use crate::common;
use common::{interrupt_after_lock, json, mex, scratch_dir, spawn_quiet};

/// A finished search's file makes the next run a lookup with the same
/// value, which a run without a checkpoint confirms.
#[test]
fn a_saved_search_resumes_to_the_same_nimber() {
    let dir = scratch_dir("nim-ckpt");
    // Chomp's dense table of the 14 x 14 box (38 MiB) does not fit 1 MiB:
    // the full solver searches this staircase, and saves.
    let sparse = "14,14,2,2,2,2,2,2,2,2,2,2,2,2";
    for (game, board, memory) in [("cram", "4x5", "4GiB"), ("chomp", sparse, "1MiB")] {
        let file = dir.join(format!("{game}.ckpt"));
        let f = file.to_str().unwrap();
        let value = |extra: &[&str]| {
            let mut args = vec!["value", game, board, "--memory", memory];
            args.extend(extra);
            json(&args)
        };
        let first = value(&["--checkpoint", f]);
        assert_eq!(first["search"]["resumed_positions"], 0);
        assert_eq!(first["search"]["checkpoint_saved"], true);
        let saved = first["search"]["positions"].as_u64().unwrap();
        assert!(saved > 0 && file.exists());
        let again = value(&["--checkpoint", f]);
        assert_eq!(again["search"]["resumed_positions"].as_u64(), Some(saved));
        let fresh = value(&[]);
        assert_eq!(again["grundy"], fresh["grundy"], "{game} {board}");
        assert_eq!(first["grundy"], fresh["grundy"], "{game} {board}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A checkpointed Cram run reports what a plain one does, plus the
/// checkpoint's facts in `search`: positions, resumed positions, and that
/// the file was written (no partizan `games` or `comparisons`).
#[test]
fn a_checkpointed_run_reports_the_plain_keys_and_the_checkpoint() {
    let dir = scratch_dir("nim-ckpt-keys");
    let file = dir.join("c.ckpt");
    let plain = json(&["value", "cram", "3x5"]);
    let saved = json(&[
        "value",
        "cram",
        "3x5",
        "--checkpoint",
        file.to_str().unwrap(),
    ]);
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.retain(|k| k != "search");
        k
    };
    assert_eq!(keys(&plain), keys(&saved));
    assert!(plain.get("search").is_none());
    for key in keys(&plain) {
        assert_eq!(plain[&key], saved[&key], "{key}");
    }
    let mut search: Vec<&String> = saved["search"].as_object().unwrap().keys().collect();
    search.sort();
    assert_eq!(
        search,
        ["checkpoint_saved", "positions", "resumed_positions"],
        "{}",
        saved["search"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Where Chomp's dense table fits the budget it answers, as a plain run
/// does; the checkpoint is not needed: no file is written, an existing
/// one is left alone, and the report says so.
#[test]
fn chomp_of_the_dense_table_writes_no_checkpoint() {
    let dir = scratch_dir("nim-ckpt-dense");
    let file = dir.join("d.ckpt");
    let f = file.to_str().unwrap();
    let plain = json(&["value", "chomp", "6x7"]);
    let checked = json(&["value", "chomp", "6x7", "--checkpoint", f]);
    assert_eq!(plain["grundy"], checked["grundy"]);
    assert_eq!(
        checked["search"],
        serde_json::json!({"checkpoint_saved": false})
    );
    assert!(!file.exists() && !dir.join("d.ckpt.lock").exists());
    std::fs::write(&file, "not a checkpoint").unwrap();
    let out = mex(&["value", "chomp", "6x7", "--checkpoint", f]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("checkpoint") && text.contains("not needed"));
    assert_eq!(std::fs::read(&file).unwrap(), b"not a checkpoint");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Cram search stopped by `--time-limit` saves its table; the run
/// resumed from the file gives the plain run's nimber. The cut is timed,
/// so a run that finishes before it is resumed whole.
#[test]
fn a_search_stopped_by_its_time_limit_resumes_to_the_same_nimber() {
    let dir = scratch_dir("nim-ckpt-cut");
    let file = dir.join("cut.ckpt");
    let f = file.to_str().unwrap();
    let board = "4x9";
    let cut = mex(&[
        "value",
        "cram",
        board,
        "--checkpoint",
        f,
        "--time-limit",
        "0.05",
    ]);
    assert!(
        matches!(cut.status.code(), Some(0 | 2)),
        "{}",
        String::from_utf8_lossy(&cut.stderr)
    );
    let saved = std::fs::read(&file).expect("the table was saved");
    assert!(saved.starts_with(b"MEXNIM1\ngame=cram\n"));
    assert!(String::from_utf8_lossy(&saved[..80]).contains("record=8\n"));
    let resumed = json(&["value", "cram", board, "--checkpoint", f]);
    let plain = json(&["value", "cram", board]);
    assert_eq!(resumed["grundy"], plain["grundy"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A checkpoint of the general Cram search (18-byte records, as every
/// file of a board of at most 64 cells was before the 64-bit board search
/// saved its own) is refused in one line, never misread.
#[test]
fn a_file_of_the_general_cram_search_is_refused() {
    let dir = scratch_dir("nim-ckpt-old");
    let file = dir.join("old.ckpt");
    let f = file.to_str().unwrap();
    assert!(mex(&["value", "cram", "3x4", "--checkpoint", f])
        .status
        .success());
    let text = String::from_utf8(std::fs::read(&file).unwrap()[..60].to_vec()).unwrap_or_default();
    assert!(text.contains("record=8\n"), "{text}");
    // The same header with the general search's width: the digest no
    // longer matches either, but the width is read and refused first.
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.windows(9).position(|w| w == b"record=8\n").unwrap();
    bytes.splice(at..at + 9, b"record=18\n".iter().copied());
    std::fs::write(&file, bytes).unwrap();
    let out = mex(&["value", "cram", "3x4", "--checkpoint", f]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("records of 18 bytes, this search's of 8") && err.lines().count() == 1,
        "{err}"
    );
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
    let sparse = "14,14,2,2,2,2,2,2,2,2,2,2,2,2";
    refused(
        &[
            "value",
            "chomp",
            sparse,
            "--memory",
            "1MiB",
            "--checkpoint",
            f,
        ],
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
        let path = file.to_str().unwrap();
        let mut child = spawn_quiet(&["value", "cram", "6x7", "--checkpoint", path]);
        let (status, err) = interrupt_after_lock(&mut child, &lock);
        assert_eq!(status.code(), Some(130), "{run} run: {err}");
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
