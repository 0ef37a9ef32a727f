//! End-to-end checks of `mex octal`, `mex grundys-game` and `mex
//! subtraction`: queries without a period, table statistics, size limits,
//! and the safety of checkpoint files (checksum, temporary name, lock,
//! signals, non-regular files, failed saves).

use crate::common;

use common::{scratch_dir as scratch, wait_bounded, HANG_GUARD};
use mex_core::heap::checkpoint;
use mex_core::heap::code::{naive_values, TakeBreakCode};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `mex` under the hang guard (some of these runs once never ended).
fn mex(args: &[&str]) -> Output {
    common::mex_bounded(args)
}

fn json(args: &[&str]) -> Value {
    common::json_by(mex, args)
}

/// Exit status 2 with one line on stderr containing `needle`.
fn refused(args: &[&str], needle: &str) {
    let out = mex(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

fn numbers(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

fn naive(code: &str, n: usize) -> Vec<u32> {
    naive_values(&code.parse::<TakeBreakCode>().unwrap(), n)
}

#[test]
fn grundys_game_values_match_the_definition() {
    let v = json(&["grundys-game", "--terms", "100"]);
    let values = numbers(&v["values"]);
    assert_eq!(
        values[..21],
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    assert_eq!(values, naive("4.0u", 100));
    assert_eq!(v["code"], "4.0u");
    let q = json(&["grundys-game", "--at", "1222", "--count-p", "1..1222"]);
    assert_eq!(q["at"]["value"], 0);
    assert_eq!(q["count"]["p_positions"], "41");
    assert!(q["period"].is_null());
    let same = json(&["octal", "4.0u", "--max-terms", "2^11", "--at", "1222"]);
    assert_eq!(same["at"]["value"], 0);
}

/// Regression: `mex octal 0.6 --max-terms 70000 --at 65536` refused
/// although G(65536) was computed.
#[test]
fn queries_are_answered_from_computed_values() {
    let v = json(&[
        "octal",
        "0.6",
        "--max-terms",
        "5_000",
        "--at",
        "4096",
        "--count-p",
        "1..4999",
    ]);
    let truth = naive("0.6", 5000);
    assert_eq!(v["at"]["value"], truth[4096]);
    assert_eq!(v["at"]["basis"], "computed values");
    let p = truth[1..].iter().filter(|&&x| x == 0).count();
    assert_eq!(v["count"]["p_positions"], p.to_string());
    assert!(v["period"].is_null());
    refused(
        &["octal", "0.6", "--max-terms", "5000", "--at", "5000"],
        "beyond",
    );
    refused(&["octal", "0.07", "--count-p", "10..1"], "empty");
    refused(&["subtraction", "1,3,4", "--count-p", "10..1"], "empty");
    // Subtraction: no period within 5 values, queries within them answered.
    let s = json(&["subtraction", "1,3,4", "--max-terms", "5", "--at", "4"]);
    assert_eq!(s["at"]["value"], 2);
    assert!(s["period"].is_null());
}

#[test]
fn options_take_numbers_like_positional_ones() {
    let v = json(&["octal", "0.6", "--max-terms", "2^12", "--terms", "1_000"]);
    assert_eq!(v["values"].as_array().unwrap().len(), 1000);
    assert_eq!(v["values_computed"], 4096);
}

#[test]
fn stats_give_the_table_columns() {
    let v = json(&["octal", "0.6", "--max-terms", "3000", "--stats"]);
    let st = &v["stats"];
    let counts = numbers(&st["value_counts"]);
    assert_eq!(counts.iter().map(|&c| c as u64).sum::<u64>(), 3000);
    let truth = naive("0.6", 3000);
    let largest = *truth.iter().max().unwrap();
    assert_eq!(st["largest_value"], largest);
    assert_eq!(
        st["largest_value_first_at"],
        truth.iter().position(|&x| x == largest).unwrap()
    );
    for key in ["rare_mask", "rare_positions", "last_rare_position"] {
        assert!(!st[key].is_null(), "{key}");
    }
    // The engine's mask is over extended values 2·G(n) + (n mod 2): for 0.6
    // the tables' mask on values, shifted, or 0 while too many positions
    // are rare for a mask to pay (as at 3000 values).
    let engine = v["sparse_space"]["mask"].as_u64().unwrap();
    assert!(engine == 0 || engine == 2 * st["rare_mask"].as_u64().unwrap());
    let text = mex(&["octal", "0.6", "--max-terms", "3000", "--stats"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("largest value") && text.contains("last rare position"));
    assert!(
        !text.contains("sparse space"),
        "internals only with --verbose"
    );
    let verbose = mex(&["octal", "0.6", "--max-terms", "3000", "--verbose"]);
    assert!(String::from_utf8_lossy(&verbose.stdout).contains("sparse space"));
}

/// Regressions: runs that hung inside the stated limits. Each run must end
/// within the hang guard (the million values take about 0.1 s).
#[test]
fn costly_requests_are_fast_or_refused() {
    let v = json(&["octal", "0.07", "--terms", "1000000"]);
    assert_eq!(v["values"].as_array().unwrap().len(), 1_000_000);
    let long = format!("0.{}", "7".repeat(256));
    refused(&["octal", &long], "1 to 32 digits");
    let big: Vec<String> = (1..=15_000).map(|i| i.to_string()).collect();
    let set = big.join(",");
    refused(&["subtraction", &set, "--terms", "10^7"], "|S| x values");
    refused(
        &["subtraction", &set, "--max-terms", "10^7"],
        "|S| x values",
    );
}

/// Regression: the checksum did not cover the header.
#[test]
fn an_edited_header_is_refused() {
    let dir = scratch("header");
    let f = dir.join("f.ckpt");
    let fs = f.to_str().unwrap();
    json(&["octal", "0.6", "--terms", "30", "--checkpoint", fs]);
    let bytes = std::fs::read(&f).unwrap();
    let text = String::from_utf8_lossy(&bytes).replace("code=0.6", "code=0.7");
    std::fs::write(&f, text.as_bytes()).unwrap();
    refused(
        &["octal", "0.7", "--terms", "30", "--checkpoint", fs],
        "checksum",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Regression: a forged file with a valid checksum gave a false proof.
#[test]
fn a_forged_checkpoint_cannot_prove_a_period() {
    let dir = scratch("forged");
    let f = dir.join("f.ckpt");
    let code: TakeBreakCode = "0.07".parse().unwrap();
    std::fs::write(&f, checkpoint::encode(&code, &[0; 5000])).unwrap();
    let fs = f.to_str().unwrap();
    refused(
        &["octal", "0.07", "--at", "10^30", "--checkpoint", fs],
        "wrong",
    );
    // An honest file: the proof's stretch is recomputed and agrees.
    let truth: Vec<u16> = naive("0.07", 5000).iter().map(|&v| v as u16).collect();
    std::fs::write(&f, checkpoint::encode(&code, &truth)).unwrap();
    let v = json(&["octal", "0.07", "--at", "10^30", "--checkpoint", fs]);
    assert_eq!(v["period"], 34);
    assert_eq!(v["rechecked_values"], 5000);
    // Without a period, answers from the file say so.
    let six: TakeBreakCode = "0.6".parse().unwrap();
    let values: Vec<u16> = naive("0.6", 3000).iter().map(|&v| v as u16).collect();
    let g = dir.join("six.ckpt");
    std::fs::write(&g, checkpoint::encode(&six, &values)).unwrap();
    let a = json(&[
        "octal",
        "0.6",
        "--at",
        "2999",
        "--checkpoint",
        g.to_str().unwrap(),
    ]);
    assert_eq!(a["at"]["value"], values[2999]);
    assert_eq!(a["at"]["basis"], "checkpoint values");
    assert_eq!(a["values_computed"], 3000, "nothing recomputed");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Regression: the temporary file was `stem.tmp`, destroying `user.tmp`.
#[test]
fn the_temporary_file_is_file_dot_tmp() {
    let dir = scratch("tmp");
    std::fs::write(dir.join("user.tmp"), "precious").unwrap();
    let f = dir.join("user.ckpt");
    json(&["octal", "0.07", "--checkpoint", f.to_str().unwrap()]);
    assert_eq!(std::fs::read(dir.join("user.tmp")).unwrap(), b"precious");
    assert!(!dir.join("user.ckpt.tmp").exists());
    let x = dir.join("x.tmp");
    json(&["octal", "0.07", "--checkpoint", x.to_str().unwrap()]);
    let code: TakeBreakCode = "0.07".parse().unwrap();
    assert!(checkpoint::decode(&code, &std::fs::read(&x).unwrap()).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Regression: a FIFO hung, `/dev/zero` ate memory.
#[test]
fn checkpoints_must_be_regular_files() {
    refused(
        &["octal", "0.6", "--checkpoint", "/dev/zero"],
        "regular file",
    );
    let dir = scratch("fifo");
    let fifo = dir.join("p.ckpt");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
            .args(["octal", "0.6", "--checkpoint", fifo.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let status = wait_bounded(&mut child, HANG_GUARD).map(|s| s.code());
        assert_eq!(status, Some(Some(2)), "a FIFO is refused, not opened");
    }
    refused(
        &["octal", "0.07", "--checkpoint", "/nonexistent-dir/f.ckpt"],
        "cannot create",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The final save failing: results first, then one line and status 2.
#[test]
fn a_failed_final_save_still_prints_the_results() {
    let dir = scratch("final");
    let f = dir.join("f.ckpt");
    std::fs::create_dir(dir.join("f.ckpt.tmp")).unwrap();
    let out = mex(&[
        "octal",
        "0.07",
        "--checkpoint",
        f.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).expect("results printed");
    assert_eq!(v["period"], 34);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("saving checkpoint"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Regression: an intermediate save failing ended the run without results;
/// now it warns and retries, and the results are printed.
#[test]
fn a_failed_intermediate_save_warns_and_the_run_goes_on() {
    let dir = scratch("retry");
    let f = dir.join("f.ckpt");
    std::fs::create_dir(dir.join("f.ckpt.tmp")).unwrap();
    let out = mex(&[
        "octal",
        "0.6",
        "--max-terms",
        "20000",
        "--save-every",
        "0",
        "--checkpoint",
        f.to_str().unwrap(),
        "--json",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("will retry"), "{err}");
    let v: Value = serde_json::from_slice(&out.stdout).expect("results printed");
    assert_eq!(v["values_computed"], 20000);
    assert_eq!(out.status.code(), Some(2), "the final save failed too");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn lock_is_held(f: &Path) -> bool {
    let out = mex(&[
        "octal",
        "0.6",
        "--terms",
        "10",
        "--checkpoint",
        f.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    out.status.code() == Some(2) && err.contains("another mex run")
}

/// A second run on the same checkpoint is refused; SIGTERM saves and
/// exits with status 130.
#[test]
fn lock_and_signal() {
    let dir = scratch("lock");
    let f = dir.join("long.ckpt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(["octal", "0.6", "--max-terms", "2^26", "--save-every", "1"])
        .arg("--checkpoint")
        .arg(&f)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first save (after a second of work; a save is renamed into
    // place, so the file is whole once it exists) shows the run is under
    // way and holds the lock. The whole run would take minutes.
    let start = Instant::now();
    while !f.exists() {
        if child.try_wait().unwrap().is_some() || start.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("no first save while the long run went on");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(lock_is_held(&f), "a second run is refused");
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = wait_bounded(&mut child, HANG_GUARD).and_then(|s| s.code());
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status, Some(130), "{err}");
    assert!(
        err.contains("saved to") && err.contains("long.ckpt"),
        "{err}"
    );
    let code: TakeBreakCode = "0.6".parse().unwrap();
    let saved = checkpoint::decode(&code, &std::fs::read(&f).unwrap()).unwrap();
    assert!(saved.len() >= 64);
    let truth = naive("0.6", saved.len().min(3000));
    assert!(truth.iter().zip(&saved).all(|(&a, &b)| a == b as u32));
    assert!(!lock_is_held(&f), "the lock ends with the run");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--threads 2` gives the same values, statistics and checksum as one
/// thread, past the point where 0.6's blocks start (41 254); 0 is refused.
#[test]
fn two_threads_give_the_same_values() {
    let args = ["octal", "0.6", "--max-terms", "60000", "--stats"];
    let one = json(&args);
    let mut two_args = args.to_vec();
    two_args.extend(["--threads", "2"]);
    let two = json(&two_args);
    assert_eq!(one["stats"], two["stats"]);
    for key in ["mask", "rare_positions"] {
        assert_eq!(one["sparse_space"][key], two["sparse_space"][key], "{key}");
    }
    let out = mex(&["octal", "0.6", "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
}
