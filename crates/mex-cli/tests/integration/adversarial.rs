//! The inputs of an adversarial run of the binary (issue 21), kept as
//! regressions: each once exhausted memory, ran for minutes or forever, or
//! gave a wrong answer. Memory-hungry ones run under an address-space cap
//! (`ulimit -v` in `sh`), so a regression fails here instead of taking the
//! machine; every run is under the hang guard of `common`.

use crate::common;

use common::{mex_bounded, output_bounded, scratch_dir};
use serde_json::Value;
use std::process::{Command, Output, Stdio};

/// Address space a capped run may use, in KiB (2 GiB).
const CAP_KIB: u64 = 2 << 20;

/// `mex args` with `input` on stdin, under the address-space cap.
fn capped(args: &[&str], input: Option<&[u8]>) -> Output {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {CAP_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_mex"))
        .args(args);
    output_bounded(&mut cmd, input)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Refused with status 2 and one line on stderr containing `reason`.
fn assert_refused(out: &Output, reason: &str, what: &str) {
    let e = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{what}: {e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{what}: {e}");
    assert!(e.contains(reason), "{what}: {e}");
}

fn repeated(item: &str, n: usize, sep: &str) -> String {
    vec![item; n].join(sep)
}

/// Listing moves repeated the whole position in every move: quadratic
/// memory (4 GB and an abort for 10 000 heaps). Now bounded, and the
/// values are still given.
#[test]
fn listings_of_many_components_are_bounded() {
    let ones = repeated("1", 10_000, ",");
    let sevens = format!("1,3,4:{}", repeated("7", 10_000, ","));
    for args in [
        vec!["moves", "nim", &ones, "--misere"],
        vec!["moves", "nim", &ones],
        vec!["moves", "subtraction", &sevens],
    ] {
        assert_refused(
            &capped(&args, None),
            "characters in all",
            &args[..2].join(" "),
        );
    }
    let play = capped(&["play", "nim", &ones], Some(b"quit\n"));
    assert_refused(&play, "characters in all", "play nim");
    let value = capped(&["value", "nim", &ones, "--json"], None);
    assert!(value.status.success(), "{}", stderr(&value));
    for game in ["cherries", "stack-cherries"] {
        let rows = format!("{game}:{}", repeated("BW", 30_000, " "));
        let out = capped(&["sum", &rows, "--json"], None);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["unlisted_components"], serde_json::json!([1]), "{game}");
    }
}

/// Edges typed with no path to the ground have fallen: they are not moves
/// (the listing said "winning" for a cut in a position of value 0).
#[test]
fn hackenbush_graph_lists_only_standing_edges() {
    let out = mex_bounded(&["moves", "hackenbush-graph", "2-3:B", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "0");
    assert_eq!(v["moves"], serde_json::json!([]));
    let out = mex_bounded(&["moves", "hackenbush-graph", "0-1:B 2-3:R", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let players: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["player"].as_str().unwrap())
        .collect();
    assert_eq!((v["value"].as_str(), players), (Some("1"), vec!["Left"]));
}

/// `mex play` read one unbounded line (4 GiB from /dev/zero, then an
/// abort); now a line is at most 64 KiB and a longer one ends the game.
#[test]
fn play_reads_bounded_lines() {
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {CAP_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_mex"))
        .args(["play", "nim", "30,40,50"])
        .stdin(Stdio::from(zero))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let status = common::wait_bounded(&mut child, common::HANG_GUARD).expect("ends");
    let mut e = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut e).unwrap();
    assert_eq!(status.code(), Some(2), "{e}");
    assert!(e.contains("a line of input"), "{e}");
}

/// `moves` lists the moves again (it was refused as a move).
#[test]
fn play_lists_moves_on_request() {
    let out = output_bounded(
        Command::new(env!("CARGO_BIN_EXE_mex")).args(["play", "nim", "1,2"]),
        Some(b"moves\nquit\n"),
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert_eq!(text.matches("3. take 1 from heap 2").count(), 2, "{text}");
    assert!(!text.contains("is not a move"), "{text}");
}

/// Once Bob keeps Alice away forever the computer played Bob's moves
/// forever (18.8 million lines in 20 s); now the game ends with its
/// verdict.
#[test]
fn a_shift_game_bob_holds_forever_ends() {
    let out = output_bounded(
        Command::new(env!("CARGO_BIN_EXE_mex")).args([
            "play",
            "generalized-shift-game",
            "0110:000",
            "--side",
            "Alice",
        ]),
        Some(b"1\n2\n1\n"),
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.lines().count() < 100, "{} lines", text.lines().count());
    assert!(
        text.contains("Bob keeps Alice away from the target forever: the computer wins"),
        "{text}"
    );
}

/// Misère Wythoff ran for minutes with no budget (a Grundy table per
/// parsed position); piles of 200 now answer, larger ones are refused.
#[test]
fn misere_wythoff_answers_or_refuses() {
    let v = common::json(&["value", "wythoff", "60,60", "--misere"]);
    assert_eq!(v["outcome"], "N");
    let out = capped(&["value", "wythoff", "512,512", "--misere"], None);
    assert_refused(&out, "reachable sums", "wythoff 512,512");
}

/// The genera of a million heaps of 0.07 listed every heap's options
/// (quadratic) before the bound refused them.
#[test]
fn misere_octal_refuses_before_listing() {
    let out = capped(&["octal", "0.07", "--misere", "--terms", "10^6"], None);
    assert_refused(&out, "reachable sums", "0.07 --misere");
}

/// Sums of Wythoff components computed a table per component (44 s for
/// 200 copies); the shared table makes them instant.
#[test]
fn wythoff_sums_share_one_table() {
    let copies = repeated("wythoff:512,512", 200, " ");
    let mut args = vec!["sum"];
    args.extend(copies.split(' '));
    args.push("--json");
    let out = capped(&args, None);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "P", "200 equal components cancel");
}

/// Named pipes blocked forever with no writer or reader; every path is
/// now refused at once unless it is a regular file.
#[test]
fn named_pipes_are_refused_at_once() {
    let dir = scratch_dir("fifo");
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: nothing to check
    }
    let f = fifo.to_str().unwrap();
    for args in [
        vec!["graph", f],
        vec!["debruijn", "check", f],
        vec!["octal", "0.07", "--plot", f],
        vec!["game", "{2|-1}", "--thermograph", f],
        vec!["debruijn", "graph", "3", "--svg", f],
        vec!["debruijn", "graph", "3", "--dot", f],
        vec!["game", &format!("@{f}")],
        vec!["octal", "0.6", "--checkpoint", f],
    ] {
        let out = mex_bounded(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("not a regular file"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A 40 000-digit option value was echoed twice on one 80 000-character
/// line; echoed input is shortened.
#[test]
fn huge_option_values_are_echoed_short() {
    let nines = "9".repeat(40_000);
    for args in [
        vec!["ssc", "count", &nines],
        vec!["octal", "0.07", "--terms", &nines],
    ] {
        let out = mex_bounded(&args);
        assert_eq!(out.status.code(), Some(2));
        let e = stderr(&out);
        assert!(
            e.len() < 600 && e.lines().count() == 1,
            "{} bytes: {e}",
            e.len()
        );
    }
}

/// A checkpoint run left `FILE.lock` behind.
#[test]
fn checkpoint_runs_remove_their_lock() {
    let dir = scratch_dir("lock");
    let file = dir.join("a.ckpt");
    let f = file.to_str().unwrap();
    let out = mex_bounded(&["octal", "0.6", "--max-terms", "2^12", "--checkpoint", f]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(file.exists());
    assert!(!dir.join("a.ckpt.lock").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Heap 10^6 of Grundy's game: `mex value octal` refused what `mex
/// grundys-game --at` answers.
#[test]
fn grundys_game_at_a_million_in_both_commands() {
    let catalog = common::json(&["value", "octal", "4.0u:1000000"]);
    let family = common::json(&["grundys-game", "--at", "1000000"]);
    assert_eq!(catalog["grundy"], family["at"]["value"].to_string());
}

/// Small findings of the same run: one text per count, aligned fields,
/// help without literal escapes, the two cherries games told apart.
#[test]
fn texts_a_person_reads() {
    let shift = mex_bounded(&["value", "shift-game", "1000"]);
    assert!(!stdout(&shift).contains(" 1 turns"), "{}", stdout(&shift));
    let octal = stdout(&mex_bounded(&["octal", "0.07", "--period"]));
    let column = |key: &str| {
        let line = octal.lines().find(|l| l.starts_with(key)).unwrap();
        line[key.len()..].find(|c: char| c != ' ').unwrap() + key.len()
    };
    assert_eq!(column("code"), column("preperiod"), "{octal}");
    let help = stdout(&mex_bounded(&["cherries", "--help"]));
    assert!(!help.contains('\\'), "{help}");
    let top = stdout(&mex_bounded(&["--help"]));
    let about = |name: &str| {
        top.lines()
            .find(|l| l.trim_start().starts_with(&format!("{name} ")))
            .unwrap()
            .trim_start()[name.len()..]
            .trim()
            .to_string()
    };
    assert_ne!(about("cherries"), about("stack-cherries"));
    let errors = mex_bounded(&["value", "nim", "zz", "--json"]);
    assert_eq!(errors.status.code(), Some(2));
    assert!(errors.stdout.is_empty(), "errors go to stderr only");
}

/// Issue 39: `{1|0}:60000` aborted at 3.7 GB within the default budget of
/// 1.5 GiB: the printer kept the text of every subgame, and each text of
/// this chain holds the next (n² bytes in all). The printers now write one
/// text; under a small budget this chain either prints or is refused in
/// one line (it prints, with 90 MB).
#[test]
fn printing_a_long_chain_stays_within_memory() {
    let out = capped(&["game", "{1|0}:30000", "--memory", "128M"], None);
    if out.status.success() {
        assert!(stdout(&out).starts_with("value"), "{}", stderr(&out));
    } else {
        assert_refused(&out, "128 MiB of memory", "{1|0}:30000");
    }
}
