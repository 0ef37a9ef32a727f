//! Every command the README shows runs and succeeds: the commands of its
//! code blocks and every `mex …` written in backticks, run by `sh` in a
//! scratch directory with the built binary first on `PATH` (so pipes and
//! redirections work as a reader would type them). What cannot run in a
//! test (a server, a record run of hours, a placeholder such as `FILE`) is
//! named below with its reason, so a new README command is run by default.

use crate::common;

use common::{output_bounded, scratch_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Words that stand for something the reader chooses: a command holding
/// one is a pattern, not an example.
const PLACEHOLDERS: &[&str] = &[
    "COMMAND", "FILE", "SEQ", "BITS", "N", "NAME", "GAME", "POSITION", "POS", "EXPR", "CODE",
    "STATE", "G", "H", "...", "FILE.svg", "GRID", "FORM",
];

/// Commands named in prose, without the arguments that make them run.
const MENTIONS: &[&str] = &[
    "mex check-proof",
    "mex db",
    "mex db build",
    "mex db check",
    "mex compare",
    "mex game",
    "mex graph",
    "mex moves",
    "mex sum",
    "mex value",
    "mex value graph",
    "mex value wythoff",
    "mex moves wythoff",
    "mex domineering",
    "mex grundys-game",
    "mex subtraction",
    "mex shift-game",
    "mex nim",
    "mex nimber",
    "mex cherries",
    "mex ssc",
    "mex debruijn",
    "mex debruijn check",
    "mex debruijn check --json",
    "mex debruijn solve-game --json",
    "mex play",
    "mex games/value/moves --json",
];

/// Examples that do not end by themselves or take hours, with why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "mex value nim 3 4 5",
        "shown as refused (the position is one argument); cli.rs tests the refusal",
    ),
    ("mex serve", "the playground serves until stopped (tests/integration/play.rs starts it)"),
    (
        "mex value domineering 6x6 --memory 16 --comparisons 2^33 --checkpoint 6x6.ckpt --thermograph 6x6.svg --json",
        "the 6x6 record takes hours and 16 GiB (docs/records.md)",
    ),
];

/// The README, from this crate's directory.
fn readme() -> (PathBuf, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    (root, text)
}

/// `cargo run [--release] -- ARGS` as `mex ARGS`; comments dropped;
/// spaces (line breaks of a wrapped span) collapsed.
fn normalise(command: &str) -> String {
    let command = command.split(" #").next().unwrap_or(command);
    let words: Vec<&str> = command.split_whitespace().collect();
    let words = match words.iter().position(|&w| w == "--") {
        Some(i) if words.first() == Some(&"cargo") => [&["mex"], &words[i + 1..]].concat(),
        _ => words,
    };
    words.join(" ")
}

/// Every command the README shows: code-block lines that start with `mex`,
/// `cargo run` or `printf` (a pipe into mex), and backticked `mex …` spans.
fn commands(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        let t = line.trim();
        if in_block
            && ["mex ", "cargo run", "printf "]
                .iter()
                .any(|p| t.starts_with(p))
        {
            out.push(normalise(t));
        }
    }
    let mut rest = readme;
    while let Some(start) = rest.find("`mex ") {
        let after = &rest[start + 1..];
        let end = after.find('`').expect("a closed span");
        out.push(normalise(&after[..end]));
        rest = &after[end + 1..];
    }
    out.sort();
    out.dedup();
    out
}

fn is_pattern(command: &str) -> bool {
    command
        .split_whitespace()
        .any(|w| PLACEHOLDERS.contains(&w.trim_matches('"')))
}

/// A directory holding `mex` (the built binary), for `PATH`.
fn bin_dir(scratch: &Path) -> PathBuf {
    let dir = scratch.join("bin");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_mex"), dir.join("mex")).unwrap();
    dir
}

#[test]
fn every_readme_command_runs() {
    let (root, text) = readme();
    let all = commands(&text);
    assert!(all.len() > 60, "only {} commands found", all.len());
    let scratch = scratch_dir("readme");
    let path = format!(
        "{}:{}",
        bin_dir(&scratch).display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // What the examples read: the repository's docs, and a segment file.
    std::os::unix::fs::symlink(root.join("docs"), scratch.join("docs")).unwrap();
    std::fs::write(scratch.join("seg.txt"), "BBWBBWWBW".repeat(100)).unwrap();
    let has_dot = Command::new("sh")
        .args(["-c", "command -v dot"])
        .output()
        .is_ok_and(|o| o.status.success());
    let (mut ran, mut failures) = (0, Vec::new());
    for command in &all {
        let skipped = is_pattern(command)
            || MENTIONS.contains(&command.as_str())
            || NOT_RUN
                .iter()
                .any(|(c, _)| c == command || command.starts_with(&format!("{c} ")))
            || command == "mex serve"
            || (command.contains("| dot") && !has_dot);
        if skipped {
            continue;
        }
        let out = output_bounded(
            Command::new("sh")
                .args(["-c", command])
                .current_dir(&scratch)
                .env("PATH", &path),
            None,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            failures.push(format!("{command}\n  {}", stderr.trim()));
        } else if command.ends_with("--json") && !command.contains('|') {
            let v: Result<serde_json::Value, _> = serde_json::from_slice(&out.stdout);
            if !v.is_ok_and(|v| v.is_object()) {
                failures.push(format!("{command}\n  not one JSON object"));
            }
        }
        ran += 1;
    }
    assert!(
        failures.is_empty(),
        "README commands failed:\n{}",
        failures.join("\n")
    );
    assert!(ran > 50, "only {ran} README commands ran");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// The skip lists name only what the README still shows, so they cannot
/// hide a command that has gone.
#[test]
fn the_skip_lists_match_the_readme() {
    let (_, text) = readme();
    let all = commands(&text);
    for m in MENTIONS {
        assert!(all.iter().any(|c| c == m), "{m} is no longer in the README");
    }
    for (c, why) in NOT_RUN {
        assert!(
            all.iter().any(|a| a == c),
            "{c} ({why}) is no longer in the README"
        );
    }
}
