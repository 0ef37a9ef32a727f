//! Databases of solved regions from the command line (issue 40): `mex db
//! build` writes one (and resumes from it), `mex db info` reads it, `mex
//! db check` recomputes it (exit 1 on a forged entry), and `--db FILE`
//! changes no answer of `mex value`, `mex moves` and `mex sum`; whatever
//! does not apply is refused with status 2.

use crate::common;

use common::{interrupt_after_lock, json, mex, scratch_dir, spawn_quiet};
use std::fs;

fn path(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn a_built_database_reads_back_and_checks() {
    let dir = scratch_dir("db-build");
    let file = path(&dir, "dom.db");
    let built = json(&["db", "build", "domineering", "--max-cells", "6", &file]);
    assert_eq!(built["game"], "domineering");
    assert_eq!(built["max_cells"], 6);
    assert_eq!(built["resumed_from_cells"], 0);
    let info = json(&["db", "info", &file]);
    assert_eq!(info["sha256"], built["sha256"]);
    assert_eq!(info["entries"], built["entries"]);
    assert!(info["entries"].as_u64().unwrap() > 100);
    let checked = json(&["db", "check", &file]);
    assert_eq!(checked["holds"], true);
    // Built again: the same bytes.
    let again = path(&dir, "again.db");
    let rebuilt = json(&["db", "build", "domineering", "--max-cells", "6", &again]);
    assert_eq!(rebuilt["sha256"], built["sha256"]);
}

#[test]
fn a_build_resumes_from_a_smaller_database() {
    let dir = scratch_dir("db-resume");
    let (file, fresh) = (path(&dir, "c.db"), path(&dir, "fresh.db"));
    json(&["db", "build", "clobber", "--max-cells", "3", &file]);
    let resumed = json(&["db", "build", "clobber", "--max-cells", "5", &file]);
    assert_eq!(resumed["resumed_from_cells"], 3);
    let scratch = json(&["db", "build", "clobber", "--max-cells", "5", &fresh]);
    assert_eq!(resumed["sha256"], scratch["sha256"]);
    // Nothing left to do: the file is kept as it is.
    let done = json(&["db", "build", "clobber", "--max-cells", "4", &file]);
    assert_eq!(done["max_cells"], 5);
}

#[test]
fn answers_with_a_database_are_those_without() {
    let dir = scratch_dir("db-answers");
    let (dom, clob) = (path(&dir, "d.db"), path(&dir, "c.db"));
    json(&["db", "build", "domineering", "--max-cells", "8", &dom]);
    json(&["db", "build", "clobber", "--max-cells", "6", &clob]);
    let asked: [(&[&str], &str); 6] = [
        (&["value", "domineering", "4x4"], &dom),
        (&["value", "domineering", "..#../...../#..../..#.."], &dom),
        (&["value", "domineering", "4x5", "--first", "both"], &dom),
        (&["moves", "clobber", "xoxo/oxox/xo.."], &clob),
        (&["value", "clobber", "3x4", "--first", "left"], &clob),
        (
            &[
                "sum",
                "clobber:xoxo/oxox",
                "domineering:3x3",
                "--first",
                "left",
            ],
            &clob,
        ),
    ];
    for (args, db) in asked {
        let plain = args.to_vec();
        let mut with = plain.clone();
        with.extend(["--db", db]);
        // The work done ("search": positions, comparisons) differs.
        let answer = |args: &[&str]| {
            let mut report = json(args);
            report.as_object_mut().unwrap().remove("search");
            report
        };
        assert_eq!(answer(&plain), answer(&with), "{args:?}");
    }
}

#[test]
fn a_forged_entry_is_found_by_the_check() {
    let dir = scratch_dir("db-forged");
    let file = path(&dir, "d.db");
    json(&["db", "build", "domineering", "--max-cells", "5", &file]);
    let mut bytes = fs::read(&file).unwrap();
    let header = String::from_utf8_lossy(&bytes[..200]).to_string();
    let field = |name: &str| -> usize {
        let line = header.lines().find(|l| l.starts_with(name)).unwrap();
        line[name.len() + 1..].parse().unwrap()
    };
    let (forms, entries, keys) = (field("forms"), field("entries"), field("key-bytes"));
    let end = bytes.len() - 32;
    let first_form = end - keys - 12 * entries + 8;
    let form = u32::from_le_bytes(bytes[first_form..first_form + 4].try_into().unwrap());
    let other = (form + 1) % forms as u32;
    bytes[first_form..first_form + 4].copy_from_slice(&other.to_le_bytes());
    let digest = mex_core::digest_io::sha256_hex(&bytes[..end]);
    for (i, pair) in digest.as_bytes().chunks(2).enumerate() {
        bytes[end + i] = u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap();
    }
    fs::write(&file, &bytes).unwrap();
    let out = mex(&["db", "check", &file]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("does not agree with the rules"), "{stderr}");
    // Damage without a new digest is refused when the file is opened.
    bytes[end - 1] ^= 1;
    fs::write(&file, &bytes).unwrap();
    for args in [
        &["db", "info", &file][..],
        &["value", "domineering", "2x3", "--db", &file],
    ] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn databases_are_refused_where_they_do_not_apply() {
    let dir = scratch_dir("db-refused");
    let clob = path(&dir, "c.db");
    json(&["db", "build", "clobber", "--max-cells", "3", &clob]);
    let missing = path(&dir, "missing.db");
    let new = path(&dir, "new.db");
    for args in [
        &["db", "build", "konane", "--max-cells", "4", &new][..],
        &["db", "build", "nim", "--max-cells", "4", &new],
        &["db", "build", "clobber", "--max-cells", "0", &new],
        &["db", "build", "clobber", "--max-cells", "17", &new],
        &["db", "build", "domineering", "--max-cells", "4", &clob],
        &["value", "domineering", "3x3", "--db", &clob],
        &["value", "domineering", "3x3", "--db", &missing],
        &[
            "value",
            "clobber",
            "xo",
            "--db",
            &clob,
            "--checkpoint",
            &new,
        ],
        &["value", "nim", "3", "--db", &clob, "--misere"],
        &["sum", "nim:3", "nim:4", "--db", &clob, "--misere"],
        &["sum", "domineering:2x2", "--db", &clob],
    ] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(!std::path::Path::new(&new).exists(), "{args:?}");
    }
}

#[test]
fn an_interrupted_build_keeps_its_sizes_and_resumes() {
    let dir = scratch_dir("db-interrupted");
    let (file, fresh) = (path(&dir, "d.db"), path(&dir, "fresh.db"));
    let mut child = spawn_quiet(&["db", "build", "domineering", "--max-cells", "14", &file]);
    let lock = dir.join("d.db.lock");
    let (status, err) = interrupt_after_lock(&mut child, &lock);
    assert_eq!(status.code(), Some(130), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("resumes"), "{err}");
    assert!(!lock.exists());
    // Whatever sizes were complete, the rerun ends with the database a
    // build from scratch writes.
    let resumed = json(&["db", "build", "domineering", "--max-cells", "11", &file]);
    let scratch = json(&["db", "build", "domineering", "--max-cells", "11", &fresh]);
    assert_eq!(resumed["sha256"], scratch["sha256"]);
}

/// The SHA-256 docs/records.md gives for the database of `game` up to
/// `cells` cells.
fn recorded_digest(game: &str, cells: usize) -> String {
    let records = include_str!("../../../../docs/records.md");
    let row = format!("| {game} | {cells} |");
    let line = records
        .lines()
        .find(|l| l.starts_with(&row))
        .unwrap_or_else(|| panic!("docs/records.md has no database row {row}"));
    line.split('`').nth(1).unwrap().to_string()
}

#[test]
fn the_recorded_databases_are_built_again_byte_for_byte() {
    let dir = scratch_dir("db-records");
    for (game, cells) in [("domineering", 10), ("domineering", 12), ("clobber", 8)] {
        let file = path(&dir, &format!("{game}{cells}.db"));
        let n = cells.to_string();
        let built = json(&["db", "build", game, "--max-cells", &n, &file]);
        assert_eq!(
            built["sha256"],
            recorded_digest(game, cells),
            "{game} {cells}"
        );
    }
}
