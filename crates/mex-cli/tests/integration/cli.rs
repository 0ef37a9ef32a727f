//! End-to-end checks of the `mex` binary: JSON contracts, tables, and the
//! error policy (one line on stderr, exit status 2, never a panic).

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::common;
use common::{interrupt_after_lock, json, mex, scratch_dir, spawn_quiet, wait_bounded, HANG_GUARD};

/// Runs with `input` on standard input.
fn mex_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    child.wait_with_output().expect("binary finishes")
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The fields of a value report, whichever command printed it.
const VALUE_FIELDS: &[&str] = &["game", "position", "value", "outcome", "grundy"];

/// `mex nim` is `mex value nim` with the winning moves: 25 ⊕ 21 ⊕ 11 = 7,
/// and the only heap with the bit 4 of 7 is 21 (10101), which goes to
/// 21 ⊕ 7 = 18, heaps numbered from 1 as in every move label.
#[test]
fn nim_contract() {
    let v = json(&["nim", "25", "21", "11"]);
    let value = json(&["value", "nim", "25,21,11"]);
    for key in VALUE_FIELDS {
        assert_eq!(v[key], value[key], "{key}");
    }
    assert_eq!(
        (
            v["grundy"].as_str(),
            v["value"].as_str(),
            v["outcome"].as_str()
        ),
        (Some("7"), Some("*7"), Some("N"))
    );
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"label": "take 3 from heap 2", "position": "25,18,11"}])
    );
    assert!(v.get("nim_sum").is_none() && v.get("piles").is_none());
    let big = json(&["nim", "2^200", "2^200"]);
    assert_eq!(
        (big["outcome"].as_str(), big["grundy"].as_str()),
        (Some("P"), Some("0"))
    );
    assert_eq!(big["winning_moves"], serde_json::json!([]));
}

#[test]
fn subtraction_contract() {
    let v = json(&["subtraction", "2,4,7", "--period", "--terms", "17"]);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(8), Some(3))
    );
    let c = &v["certificate"];
    assert_eq!(c["window_length"], 7);
    assert_eq!(c["first_start"], 8);
    assert_eq!(c["second_start"], 11);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(
        values,
        vec![0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    );
    let q = json(&["subtraction", "1,3,4", "--at", "10^18", "--count-p", "0..6"]);
    assert_eq!(q["count"]["p_positions"], "2");
    let at_p = q["at"]["outcome"].as_str().unwrap();
    let r = 10u128.pow(18) % 7;
    assert_eq!(at_p, if r == 0 || r == 2 { "P" } else { "N" });
}

#[test]
fn survey_runs() {
    let v = json(&["subtraction", "survey", "6"]);
    assert_eq!(v["sets"], 63);
    assert_eq!(v["conjecture_5_1"].as_array().unwrap().len(), 2);
}

#[test]
fn octal_contract() {
    let v = json(&["octal", "0.07", "--period"]);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(53), Some(34))
    );
    let c = &v["certificate"];
    for key in [
        "theorem",
        "max_removal",
        "max_heaps",
        "compared_from",
        "compared_to",
        "values_needed",
        "values_computed",
    ] {
        assert!(!c[key].is_null(), "certificate has {key}");
    }
    let t = json(&["octal", "0.77", "--period", "--terms", "12"]);
    assert_eq!(t["values"].as_array().unwrap().len(), 12);
    assert_eq!(t["period"], 12);
    let q = json(&["octal", "0.07", "--at", "10^18", "--count-p", "1..10^18"]);
    assert!(q["count"]["p_positions"].as_str().unwrap().len() >= 17);
}

#[test]
fn octal_unsolved_reports_null_period() {
    let v = json(&["octal", "0.6", "--period", "--max-terms", "3000"]);
    assert!(v["period"].is_null() && v["certificate"].is_null());
    assert_eq!(v["values_computed"], 3000);
}

#[test]
fn checkpoint_resume() {
    let dir = scratch_dir("ckpt");
    let file = dir.join("a.ckpt");
    let f = file.to_str().unwrap();
    let first = json(&["octal", "0.16", "--max-terms", "5000", "--checkpoint", f]);
    assert_eq!(first["values_computed"], 5000);
    let again = json(&[
        "octal",
        "0.16",
        "--max-terms",
        "6000",
        "--checkpoint",
        f,
        "--terms",
        "6000",
    ]);
    let fresh = json(&["octal", "0.16", "--max-terms", "6000", "--terms", "6000"]);
    assert_eq!(again["values"], fresh["values"]);
    let wrong = mex(&["octal", "0.6", "--checkpoint", f]);
    assert_eq!(wrong.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `mex value domineering` (and its old command line `mex domineering`)
/// beyond the default limits: budgets lift the refusal and bound the run;
/// a checkpointed search resumes to the same value, and a checkpoint of
/// another board or a damaged one is refused.
#[test]
fn domineering_budgets_and_checkpoint() {
    let two = json(&["value", "domineering", "2x2"]);
    assert_eq!(
        (two["left_stop"].as_str(), two["right_stop"].as_str()),
        (Some("1"), Some("-1"))
    );
    assert_eq!(two["temperature"], "1");
    assert!(two["search"]["positions"].as_u64().unwrap() > 0);
    assert!(two["search"]["comparisons"].is_string());
    let starved = mex(&["domineering", "4x4", "--comparisons", "1000"]);
    assert_eq!(starved.status.code(), Some(2));
    // No bound before the search: a budget spent refuses 6x6 with one line
    // naming it (the default budgets take minutes to be spent).
    let refusal = mex(&["domineering", "6x6", "--comparisons", "2^16"]);
    assert_eq!(refusal.status.code(), Some(2));
    let line = String::from_utf8_lossy(&refusal.stderr);
    assert!(
        line.contains("65536 comparisons") && line.lines().count() == 1,
        "{line}"
    );

    let dir = scratch_dir("dom-ckpt");
    let file = dir.join("board.ckpt");
    let f = file.to_str().unwrap();
    let board = "..../..../.#../....";
    // Stopped by its work budget: the refusal saves what was searched.
    let stopped = mex(&[
        "domineering",
        board,
        "--comparisons",
        "300",
        "--checkpoint",
        f,
    ]);
    assert_eq!(stopped.status.code(), Some(2));
    assert!(file.exists());
    let resumed = json(&[
        "value",
        "domineering",
        board,
        "--comparisons",
        "2^30",
        "--checkpoint",
        f,
    ]);
    assert!(resumed["search"]["resumed_positions"].as_u64().unwrap() > 0);
    let fresh = json(&["domineering", board]);
    assert_eq!(resumed["value"], fresh["value"]);
    assert_eq!(fresh["search"]["resumed_positions"], 0);
    let other = mex(&["value", "domineering", "4x4", "--checkpoint", f]);
    assert_eq!(other.status.code(), Some(2));
    let mut bytes = std::fs::read(&file).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&file, bytes).unwrap();
    let damaged = mex(&["domineering", board, "--checkpoint", f]);
    assert_eq!(damaged.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&damaged.stderr).contains("ends early"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C (SIGINT) during a checkpointed Domineering search saves it and
/// exits with 130, saying in one line where it saved; the lock is gone.
#[test]
fn an_interrupted_domineering_search_names_its_checkpoint() {
    let dir = scratch_dir("dom-ckpt-int");
    let file = dir.join("six.ckpt");
    let lock = dir.join("six.ckpt.lock");
    let path = file.to_str().unwrap();
    let mut child = spawn_quiet(&["value", "domineering", "6x6", "--checkpoint", path]);
    let (status, err) = interrupt_after_lock(&mut child, &lock);
    assert_eq!(status.code(), Some(130), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(last.starts_with("mex: interrupted; "), "{err}");
    assert!(
        last.contains(&format!("saved to {}", file.display())),
        "{err}"
    );
    assert!(file.exists() && !lock.exists(), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `mex domino N` is `mex value domino N` with its winning placements,
/// each to a P-position; the tables of the whole game stay.
#[test]
fn domino_contract() {
    let v = json(&["domino", "40"]);
    let generic = json(&["value", "domino", "40"]);
    for key in VALUE_FIELDS {
        assert_eq!(v[key], generic[key], "{key}");
    }
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let after = json(&["value", "domino", m["position"].as_str().unwrap()]);
        assert_eq!(after["grundy"], "0", "{m}");
        assert!(m["label"].as_str().unwrap().starts_with("cover squares"));
    }
    // Beyond the catalog's listing (10^5 moves), by the period.
    let large = json(&["domino", "1000000"]);
    assert!(!large["winning_moves"].as_array().unwrap().is_empty());
    let c = json(&["domino", "--count-first-player-wins", "1000000"]);
    let count: u64 = c["count"].as_str().unwrap().parse().unwrap();
    assert!(count > 800_000 && count < 1_000_000);
    let huge = json(&["domino", "--count-first-player-wins", "10^18"]);
    assert!(huge["count"].as_str().unwrap().len() == 18);
    let list = json(&["domino", "--second-player-wins", "55"]);
    assert_eq!(
        strings(&list["second_player_wins"]),
        ["0", "1", "5", "9", "15", "21", "25", "29", "35", "39", "43", "55"]
    );
}

/// `mex wythoff X Y` is `mex value wythoff X,Y` with the winning moves;
/// (153, 248) is the Wythoff pair of k = 95 (⌊95φ⌋ = 153, 153 + 95 = 248),
/// checked by `mex value`. Beyond the Grundy table an N-position has its
/// outcome and winning moves only.
#[test]
fn wythoff_contract() {
    let v = json(&["wythoff", "153", "289"]);
    let value = json(&["value", "wythoff", "153,289"]);
    for key in VALUE_FIELDS {
        assert_eq!(v[key], value[key], "{key}");
    }
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"label": "take 41 from the second pile", "position": "153,248"}])
    );
    assert_eq!(json(&["value", "wythoff", "153,248"])["outcome"], "P");
    let p = json(&["wythoff", "--pair", "10"]);
    assert_eq!(strings(&p["pair"]), ["16", "26"]);
    let g = json(&["wythoff", "3", "5", "--grundy"]);
    assert_eq!(g["grundy"], "0");
    let large = json(&["wythoff", "1000", "2000"]);
    assert_eq!(large["outcome"], "N");
    assert!(large.get("grundy").is_none());
    for m in large["winning_moves"].as_array().unwrap() {
        let to = m["position"].as_str().unwrap();
        assert_eq!(json(&["value", "wythoff", to])["outcome"], "P", "{to}");
    }
}

#[test]
fn sum_contract() {
    let v = json(&[
        "sum",
        "nim:5",
        "octal:0.07:20",
        "subtraction:1,3,4:9",
        "wythoff:3,5",
    ]);
    assert_eq!(v["components"].as_array().unwrap().len(), 4);
    assert_eq!(v["outcome"], "N");
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn graph_from_stdin() {
    let out = mex_with_stdin(&["graph", "-", "--json"], b"a: b\nb: c\nc:\nd: e\ne: d\n");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["positions"]["a"]["outcome"], "loss");
    assert_eq!(v["positions"]["a"]["remoteness"], 2);
    assert_eq!(v["positions"]["d"]["outcome"], "draw");
    assert_eq!(v["draws"], 2);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let cases: &[&[&str]] = &[
        &["octal", "0.0x7"],
        &["octal", "7"],
        &["subtraction", "0,3"],
        &["subtraction", ","],
        &["nim", "12", "abc"],
        &["nim", "-3"],
        &["octal", "0.07", "--max-terms", "999999999999"],
        &["subtraction", "survey", "40"],
        &["wythoff", "600", "3", "--grundy"],
        &["octal", "0.8", "--max-terms", "100000"],
        &["wythoff", "--pair", "2^200000"],
        &["domino", "10^9"],
        &["sum", "chess:3"],
        &["graph", "/nonexistent/file"],
    ];
    for args in cases {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn help_has_examples() {
    let out = mex(&["--help"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Examples:"));
    for cmd in [
        "nim",
        "sum",
        "subtraction",
        "octal",
        "domino",
        "wythoff",
        "graph",
    ] {
        let out = mex(&[cmd, "--help"]);
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("mex "),
            "{cmd}"
        );
    }
}

#[test]
fn shift_game_contracts() {
    let v = json(&["shift-game", "solve", "3"]);
    assert_eq!(v["turns"], 8);
    assert_eq!(
        strings(&v["play"]),
        ["000", "100", "010", "101", "110", "111", "011", "001"]
    );
    assert_eq!(v["unique"], true);
    let n = json(&["shift-game", "next", "0110"]);
    assert_eq!(n["next"], "1011");
    // The rule and the exhaustive table agree state by state.
    let t = json(&["shift-game", "table", "5"]);
    for (state, succ) in t["successors"].as_object().unwrap() {
        assert_eq!(
            &json(&["shift-game", "next", state])["next"],
            succ,
            "{state}"
        );
    }
}

#[test]
fn debruijn_contracts() {
    let out = mex(&["debruijn", "prefer-one", "3"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "11101000\n");
    let bin = mex(&["debruijn", "prefer-one", "12", "--format", "binary"]);
    assert_eq!(bin.stdout.len(), (1 << 12) / 8);
    let hex = mex(&["debruijn", "prefer-one", "4", "--format", "hex"]);
    assert_eq!(String::from_utf8_lossy(&hex.stdout), "f650\n"); // 1111011001010000
    let out = mex_with_stdin(&["debruijn", "check", "--json"], b"0011 0011\n");
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["de_bruijn"], false);
    assert_eq!(v["order"], 3);
    assert_eq!(v["repeated_window"]["window"], "001");
}

#[test]
fn shift_and_debruijn_bad_input() {
    for args in [
        &["shift-game", "next", "01x"][..],
        &["shift-game", "solve", "25", "--no-play"],
        &["shift-game", "table", "21"],
        &["debruijn", "prefer-one", "33"],
        &["debruijn", "reversed-prefer-one", "31"],
        &["debruijn", "check", "/nonexistent"],
    ] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr)
                .trim_end()
                .lines()
                .count(),
            1,
            "{args:?}"
        );
    }
}

#[test]
fn generalized_game_contracts() {
    let po = mex(&["debruijn", "prefer-opposite", "5"]);
    let seq = String::from_utf8_lossy(&po.stdout).trim().to_string();
    assert_eq!(seq.len(), 32);
    let f = json(&["debruijn", "game-of", &seq]);
    assert_eq!(f["order"], 5);
    assert_eq!(f["f"].as_str().unwrap().len(), 16);
    let r = json(&["debruijn", "solve-game", "--sequence", &seq]);
    assert_eq!(r["spells_sequence"], true);
    assert_eq!(r["unique"], true);
    assert_eq!(r["turns"], 32);
    let plain = json(&["debruijn", "solve-game", "--f", "0000"]);
    assert_eq!(plain["turns"], 8);
    assert_eq!(plain["spells_de_bruijn"], true);
    let survey = json(&["debruijn", "survey", "4"]);
    assert_eq!(survey["sequences"], 16);
    assert_eq!(survey["play_spells_sequence"], 16);
    let bad = mex(&["debruijn", "game-of", "00110011"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn game_contract() {
    let v = json(&["game", "{1|0} + {0|-1}"]);
    assert_eq!(v["value"], "0");
    assert_eq!(v["outcome"], "P");
    assert!(v.get("canonical").is_none());
    let s = json(&["game", "{1|0}"]);
    assert_eq!(s["value"], "{1|0}");
    assert_eq!(json(&["game", "{1|0}", "--braces"])["value"], "{1 | 0}");
    assert_eq!(json(&["game", "{0|{0|-1}}"])["value"], "{0||0|-1}");
    assert_eq!(json(&["game", "{4|2}"])["value"], "3±1");
    assert_eq!(json(&["game", "↑ + ↑ + ↑"])["value"], "^3");
    assert_eq!(json(&["game", "3 +- 1"])["value"], "3±1");
    assert_eq!(s["outcome"], "N");
    assert_eq!(json(&["game", "-1/2 + -1/2"])["value"], "-1");
    let hot = json(&["game", "{2||1|0}"]);
    assert_eq!(
        (hot["mean"].as_str(), hot["temperature"].as_str()),
        (Some("5/4"), Some("3/4"))
    );
    assert_eq!(json(&["game", "1/2 + 1/2 + *"])["value"], "1*");
    assert_eq!(json(&["game", "{1 | 1}"])["value"], "1*");
    // The fields a partizan value has, under the same names in mex value.
    let expression = json(&["value", "expression", "{2||1|0}"]);
    for key in [
        "value",
        "outcome",
        "left_stop",
        "right_stop",
        "mean",
        "temperature",
        "thermograph",
    ] {
        assert_eq!(hot[key], expression[key], "{key}");
    }
    let bad = mex(&["game", "{1|"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// `mex cherries POS` is `mex value cherries POS`: an integer value (a
/// string, as every value) and its outcome.
#[test]
fn cherries_contracts() {
    for cmd in ["cherries", "stack-cherries"] {
        for pos in ["BWB WWB", "BBWB WWB", "BWWBB BW", "WWBWB B"] {
            let old = json(&[cmd, pos]);
            assert_eq!(old, json(&["value", cmd, pos]), "{cmd} {pos}");
            let v: i64 = old["value"].as_str().unwrap().parse().unwrap();
            let expected = if v > 0 {
                "L"
            } else if v < 0 {
                "R"
            } else {
                "P"
            };
            assert_eq!(old["outcome"], expected);
        }
    }
    assert_eq!(json(&["stack-cherries", "BBWB"])["value"], "2"); // m = 2, last cherry black: c = 1
    assert_eq!(mex(&["cherries", "BXB"]).status.code(), Some(2));
}

#[test]
fn ssc_contracts() {
    assert_eq!(
        strings(&json(&["ssc", "irreducibles", "4"])["irreducibles"]),
        ["B", "BW", "BWWB", "BWW", "BWWW"]
    );
    assert_eq!(json(&["ssc", "count", "4"])["count"], "2");
    assert_eq!(
        strings(&json(&["ssc", "decompose", "BBWBBWW"])["decomposition"]),
        ["B", "B", "WB", "BWW"]
    );
    assert_eq!(mex(&["ssc", "decompose", "BXW"]).status.code(), Some(2));
    // A long segment on stdin, equal pieces grouped: (BW)^k is k pieces BW.
    let long = "BW".repeat(50_000);
    let out = mex_with_stdin(
        &["ssc", "decompose", "-", "--runs", "--json"],
        long.as_bytes(),
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(
        (v["cherries"].as_u64(), v["pieces"].as_u64()),
        (Some(100_000), Some(50_000))
    );
    assert_eq!(v["runs"][0]["piece"], "BW");
    assert_eq!(v["runs"][0]["count"], 50_000);
    let bad = mex_with_stdin(&["ssc", "decompose", "-"], b"BW\nBQ");
    assert_eq!(bad.status.code(), Some(2));
    let o = json(&["ssc", "outcome", "BBW WB BWWB", "--exhaustive"]);
    assert_eq!(o["outcome"], "L");
    assert_eq!(o["exhaustive"], "L");
    assert!(o["rounds"].as_u64().is_some());
    assert_eq!(json(&["ssc", "outcome", "BW WB"])["outcome"], "D");
    assert_eq!(mex(&["ssc", "irreducibles", "30"]).status.code(), Some(2));
}

#[test]
fn domineering_contract() {
    let v = json(&["domineering", "2x2"]);
    assert_eq!(v["value"], "±1");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v, json(&["value", "domineering", "2x2"]));
    let four = json(&["domineering", "4x4"]);
    assert!(four["value"].as_str().unwrap().starts_with('{'));
    assert_eq!(mex(&["domineering", "9x9"]).status.code(), Some(2));
    // Any shape of up to 64 cells: a 5x8 board cut by a wall into 2x8 and
    // 2x8 (a sum of two equal regions), checked against the sum.
    let walled = json(&[
        "domineering",
        "......../......../########/......../........",
    ]);
    let region = json(&["domineering", "2x8"]);
    let r = region["value"].as_str().unwrap();
    let twice = json(&["game", &format!("{r} + {r}")]);
    assert_eq!(walled["value"], twice["value"]);
    let six = mex(&["--time-limit", "0.5", "domineering", "6x6"]);
    assert_eq!(six.status.code(), Some(2));
    let line = String::from_utf8_lossy(&six.stderr);
    assert!(
        line.contains("time limit of 0.5 s") && line.lines().count() == 1,
        "{line}"
    );
}

#[test]
fn synchronized_cherries_experiment() {
    let v = json(&["ssc", "cherries", "BW"]);
    assert_eq!(v["exhaustive"], "D");
    assert_eq!(v["conjectured"], "D");
    let e = json(&["ssc", "cherries-experiment", "--rows", "2", "--length", "4"]);
    assert_eq!(e["positions"], 495);
    assert_eq!(
        mex(&["ssc", "cherries-experiment", "--rows", "3", "--length", "9"])
            .status
            .code(),
        Some(2)
    );
}

/// Status, stdout and stderr of `mex` run with stdout on a pipe that is
/// closed after `keep` bytes were read. Fails if the command does not end
/// within the hang guard (it ends at its next write).
fn mex_with_closed_pipe(args: &[&str], keep: usize) -> (Option<i32>, Vec<u8>, String) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut head = vec![0u8; keep];
    let mut stdout = child.stdout.take().expect("stdout");
    stdout.read_exact(&mut head).expect("the first bytes");
    drop(stdout);
    if wait_bounded(&mut child, HANG_GUARD).is_none() {
        panic!("{args:?} kept running after its reader went away");
    }
    let out = child.wait_with_output().expect("finished");
    (
        out.status.code(),
        head,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    let (status, head, err) = mex_with_closed_pipe(&["octal", "0.07", "--terms", "200000"], 4);
    assert_eq!((status, err.as_str()), (Some(0), ""));
    assert_eq!(head, b"code");
    let (status, head, err) = mex_with_closed_pipe(&["nim", "2^99999", "1"], 10);
    assert_eq!((status, err.as_str()), (Some(0), ""));
    assert_eq!(head, b"game      ");
    // A stream of 2^32 characters stops when its reader goes away.
    let (status, head, err) = mex_with_closed_pipe(&["debruijn", "prefer-one", "32"], 10);
    assert_eq!((status, err.as_str()), (Some(0), ""));
    assert_eq!(head, b"1111111111");
    let (status, _, err) =
        mex_with_closed_pipe(&["debruijn", "prefer-zero", "32", "--format", "hex"], 10);
    assert_eq!((status, err.as_str()), (Some(0), ""));
}

/// Runs with stdout on /dev/full: every write fails with "no space".
fn mex_to_full_device(args: &[&str]) -> Option<Output> {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()?;
    Some(
        Command::new(env!("CARGO_BIN_EXE_mex"))
            .args(args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("binary runs"),
    )
}

#[test]
fn other_write_errors_are_one_line_and_status_2() {
    for args in [
        &["nim", "5"][..],
        &["nim", "5", "--json"],
        &["debruijn", "prefer-one", "2"],
        &["debruijn", "prefer-opposite", "4"],
        &["debruijn", "prefer-one", "5"],
        &["debruijn", "prefer-zero", "20", "--format", "binary"],
        &["shift-game", "table", "3"],
    ] {
        let Some(out) = mex_to_full_device(args) else {
            return; // no /dev/full on this system
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("cannot write"), "{args:?}: {err}");
    }
}

#[test]
fn a_check_that_says_no_exits_1() {
    let out = mex_with_stdin(&["debruijn", "check"], b"0011 0011\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("window 001"), "{err}");
    let json = mex_with_stdin(&["debruijn", "check", "--json"], b"00110011");
    assert_eq!(json.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(v["de_bruijn"], false);
    assert_eq!(v["repeated_window"]["first"], 0);
    assert_eq!(v["repeated_window"]["second"], 4);
    let yes = mex_with_stdin(&["debruijn", "check", "--json"], b"11101000\n");
    assert_eq!(yes.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&yes.stdout).expect("one JSON object");
    assert_eq!(
        (v["de_bruijn"].as_bool(), v["order"].as_u64()),
        (Some(true), Some(3))
    );
    let help = String::from_utf8_lossy(&mex(&["--help"]).stdout).into_owned();
    for line in [
        "Exit status:",
        "0  success",
        "1  a check answered no",
        "2  bad input",
    ] {
        assert!(help.contains(line), "--help lacks {line:?}");
    }
}

#[test]
fn usage_errors_are_clap_errors_in_full() {
    let missing = mex(&["nim"]);
    assert_eq!(missing.status.code(), Some(2));
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(err.contains("<PILES>"), "{err}");
    let typo = mex(&["octl", "0.07"]);
    assert_eq!(typo.status.code(), Some(2));
    let err = String::from_utf8_lossy(&typo.stderr);
    assert!(err.contains("similar subcommand exists: 'octal'"), "{err}");
    for args in [&["subtraction", "-1,3"][..], &["frobnicate"]] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("Usage:"));
    }
    // A number an option refuses is one line naming the option.
    let out = mex(&["wythoff", "--pair", "2^200000"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("--pair"), "{err}");
}

#[test]
fn help_and_version_exit_0() {
    let bare = mex(&[]);
    assert_eq!(bare.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&bare.stdout).contains("Usage: mex"));
    for args in [
        &["--help"][..],
        &["--version"],
        &["nim", "--help"],
        &["help"],
    ] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn range_errors_name_the_accepted_range() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["ssc", "count", "0"],
            "length 0 is out of range; accepted: 1 to 1000000",
        ),
        (&["ssc", "count", "10^7"], "accepted: 1 to 1000000"),
        (&["ssc", "irreducibles", "0"], "accepted: 1 to 24"),
        (
            &["debruijn", "prefer-one", "0"],
            "order 0 is out of range; accepted: 1 to 32",
        ),
        (&["debruijn", "prefer-one", "33"], "accepted: 1 to 32"),
        (&["debruijn", "prefer-one", "2^40"], "accepted: 1 to 32"),
        (&["shift-game", "solve", "10^12"], "accepted: 1 to 24"),
        (&["debruijn", "prefer-zero", "0"], "accepted: 1 to 32"),
        (
            &["debruijn", "reversed-prefer-one", "0"],
            "accepted: 1 to 30",
        ),
        (&["debruijn", "prefer-opposite", "27"], "accepted: 1 to 26"),
        (&["debruijn", "survey", "1"], "accepted: 2 to 5"),
        (&["domineering", "0x0"], "is below the minimum 1x1"),
        (&["domineering", "3x0"], "3x0 is below the minimum 1x1"),
        (&["shift-game", "table", "0"], "accepted: 1 to 20"),
        (&["shift-game", "solve", "0"], "accepted: 1 to 24"),
        (&["ssc", "cherries", ""], "accepted: 1 to 16"),
        (
            &["ssc", "cherries-experiment", "--rows", "0"],
            "accepted: 1 to 3",
        ),
        (
            &["domino", "--second-player-wins", "10^8"],
            "accepted: 0 to 10000000",
        ),
    ];
    let empty: &[(&[&str], &str)] = &[
        (&["domineering", "/"], "the grid is empty"),
        (&["debruijn", "game-of", " "], "the sequence is empty"),
        (
            &["debruijn", "solve-game", "--f", ""],
            "the function f is empty",
        ),
    ];
    for (args, expected) in cases.iter().chain(empty) {
        let out = mex(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("exceeds"), "{args:?}: {err}");
    }
    let empty = mex_with_stdin(&["debruijn", "check"], b"  \n");
    let err = String::from_utf8_lossy(&empty.stderr);
    assert_eq!(empty.status.code(), Some(2));
    assert!(err.contains("the sequence is empty"), "{err}");
    assert!(!err.contains('?'), "{err}");
}

#[test]
fn debruijn_generators_honour_json() {
    let one = json(&["debruijn", "prefer-one", "3"]);
    assert_eq!(one, serde_json::json!({"order": 3, "sequence": "11101000"}));
    let zero = json(&["debruijn", "prefer-zero", "3"]);
    assert_eq!(zero["sequence"], "00010111");
    assert_eq!(json(&["debruijn", "prefer-one", "1"])["sequence"], "10");
    let reversed = json(&["debruijn", "reversed-prefer-one", "3"]);
    assert_eq!(reversed["sequence"], "00010111");
    let opposite = json(&["debruijn", "prefer-opposite", "3"]);
    assert_eq!(opposite["sequence"], "10111000");
    // The JSON sequence is the text one.
    let text = mex(&["debruijn", "prefer-zero", "12"]);
    let big = json(&["debruijn", "prefer-zero", "12"]);
    assert_eq!(
        big["sequence"].as_str().unwrap(),
        String::from_utf8_lossy(&text.stdout).trim_end()
    );
    for args in [
        &["debruijn", "prefer-one", "21", "--json"][..],
        &["debruijn", "prefer-one", "3", "--json", "--format", "hex"],
    ] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn json_contract_fields() {
    // A strip of 7 (0.07: G(2) = G(3) = 1, G(5) = 0): covering squares
    // 1-2, 3-4, 4-5 or 6-7 leaves 5, 2+3, 3+2 or 5, each of value 0.
    let d = json(&["domino", "7"]);
    assert_eq!(
        (
            d["position"].as_str(),
            d["outcome"].as_str(),
            d["grundy"].as_str()
        ),
        (Some("7"), Some("N"), Some("1"))
    );
    let labels: Vec<&str> = d["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "cover squares 1 and 2",
            "cover squares 3 and 4",
            "cover squares 4 and 5",
            "cover squares 6 and 7"
        ]
    );
    let c = json(&["domino", "--count-first-player-wins", "10"]);
    assert_eq!(
        (c["bound"].as_str(), c["count"].as_str()),
        (Some("10"), Some("7"))
    );
    assert_eq!(c["certificate"]["period"], 34);
    assert!(json(&["domino", "10^30", "--no-moves"])["winning_moves"].is_null());

    let w = json(&["wythoff", "3", "5", "--pair", "1", "--grundy"]);
    assert_eq!(strings(&w["pair"]), ["1", "2"]);
    assert_eq!(w["outcome"], "P");
    assert_eq!(w["grundy"], "0");
    assert_eq!(w["winning_moves"], serde_json::json!([]));

    let n = json(&["shift-game", "next", "0110", "--explain"]);
    for key in ["examined", "head", "tail", "rank_bits", "flip", "chooser"] {
        assert!(!n["explanation"][key].is_null(), "explanation has {key}");
    }
    let t = json(&["shift-game", "table", "2"]);
    assert_eq!(
        t["successors"],
        serde_json::json!({"00": "10", "10": "11", "11": "01", "01": "00"})
    );
    let s = json(&["shift-game", "solve", "21", "--no-play"]);
    assert!(s["play"].is_null() && s["turns"].as_u64().is_some());

    let g = json(&["debruijn", "solve-game", "--sequence", "00010111"]);
    for key in [
        "n",
        "f",
        "turns",
        "unique",
        "spells_sequence",
        "spells_reverse",
        "spells_de_bruijn",
        "play",
        "spelled",
    ] {
        assert!(!g[key].is_null(), "solve-game has {key}");
    }
    assert_eq!(g["spelled"].as_str().unwrap().len(), 8);
    let plain = json(&["debruijn", "solve-game", "--f", "0000", "--no-play"]);
    assert!(plain["spells_sequence"].is_null() && plain["play"].is_null());
    let survey = json(&["debruijn", "survey", "3"]);
    for key in [
        "sequences",
        "play_spells_sequence",
        "play_spells_reverse",
        "unique_strategies",
        "turns_2_to_the_n",
    ] {
        assert!(survey[key].as_u64().is_some(), "survey has {key}");
    }

    let game = json(&["game", "1/2"]);
    assert_eq!(game["birthday"], "2"); // a decimal string: birthdays can exceed 2^53
    assert_eq!(
        (game["mean"].as_str(), game["temperature"].as_str()),
        (Some("1/2"), Some("-1/2"))
    );
    assert_eq!(json(&["game", "3"])["temperature"], "-1");

    let runs = json(&["ssc", "decompose", "BWBWB", "--runs"]);
    assert_eq!(
        (runs["cherries"].as_u64(), runs["pieces"].as_u64()),
        (Some(5), Some(3))
    );
    let o = json(&["ssc", "outcome", "BBW WB BWWB"]);
    assert_eq!(o["decomposition"][0]["element"], "B");
    assert!(o["decomposition"][0]["count"].as_i64().is_some());
    assert!(o["optimal_play_result"].as_str().is_some());
    assert!(o["exhaustive"].is_null());
    assert_eq!(json(&["mex", "0", "1", "3"])["mex"], 2);

    let out = mex_with_stdin(&["graph", "-", "--json"], b"a: b\nb:\nc = win\n");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["positions"]["b"],
        serde_json::json!({"outcome": "loss", "remoteness": 0})
    );
    assert_eq!(
        (
            v["wins"].as_u64(),
            v["losses"].as_u64(),
            v["draws"].as_u64()
        ),
        (Some(2), Some(1), Some(0))
    );
}

#[test]
fn every_command_prints_one_json_object() {
    for args in [
        &["nim", "1"][..],
        &["mex", "0"],
        &["domino", "3"],
        &["wythoff", "1", "2"],
        &["game", "*"],
        &["cherries", "B"],
        &["stack-cherries", "B"],
        &["domineering", "1x2"],
        &["ssc", "irreducibles", "2"],
        &["ssc", "count", "2"],
        &["ssc", "decompose", "BW"],
        &["ssc", "outcome", "BW"],
        &["ssc", "cherries", "BW"],
        &["ssc", "cherries-experiment", "--rows", "1", "--length", "2"],
        &["shift-game", "solve", "2"],
        &["shift-game", "next", "01"],
        &["shift-game", "table", "2"],
        &["debruijn", "prefer-one", "2"],
        &["debruijn", "prefer-zero", "2"],
        &["debruijn", "reversed-prefer-one", "2"],
        &["debruijn", "prefer-opposite", "2"],
        &["debruijn", "game-of", "0011"],
        &["debruijn", "solve-game", "--f", "00"],
        &["debruijn", "survey", "2"],
    ] {
        json(args);
    }
}

#[test]
fn tables_take_cells_of_any_length() {
    let name = "n".repeat(70_000);
    let graph = format!("{name}: b\nb:\n");
    let out = mex_with_stdin(&["graph", "-"], graph.as_bytes());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("{name}  win")), "the long row");
    assert!(text.starts_with("position "), "the header is padded");
}

#[test]
fn options_take_every_number_syntax() {
    assert_eq!(
        json(&["domino", "--second-player-wins", "5_5"]),
        json(&["domino", "--second-player-wins", "55"])
    );
    assert_eq!(
        json(&["domino", "--count-first-player-wins", "10^3"])["count"],
        json(&["domino", "--count-first-player-wins", "1000"])["count"]
    );
    assert_eq!(json(&["wythoff", "--pair", "2^3"])["k"], "8");
    assert_eq!(json(&["ssc", "count", "2^2"])["count"], "2");
    assert_eq!(json(&["ssc", "irreducibles", "2^2"])["n"], 4);
    assert_eq!(json(&["shift-game", "solve", "1_0", "--no-play"])["n"], 10);
    assert_eq!(json(&["shift-game", "table", "2^1"])["n"], 2);
    assert_eq!(json(&["debruijn", "prefer-one", "2^1"])["order"], 2);
    let e = json(&[
        "ssc",
        "cherries-experiment",
        "--rows",
        "2^1",
        "--length",
        "2^2",
    ]);
    assert_eq!(e["positions"], 495);
}

#[test]
fn each_game_states_its_rules_in_its_help() {
    for cmd in [
        &["nim"][..],
        &["wythoff"],
        &["domino"],
        &["cherries"],
        &["stack-cherries"],
        &["ssc"],
        &["domineering"],
        &["shift-game"],
        &["graph"],
    ] {
        let mut args = cmd.to_vec();
        args.push("--help");
        let out = mex(&args);
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains("Rules:"), "{cmd:?}");
        assert!(help.contains("wins") || help.contains("loses"), "{cmd:?}");
    }
}

/// The one line of a refusal (status 2, nothing on stdout).
fn refusal(args: &[&str]) -> String {
    let out = mex(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

/// Every numeric option reads the documented number syntax (`2^5`,
/// `1_000`), and a bounded one names its limit however large the number is
/// typed (issue 39, item 12).
#[test]
fn every_numeric_option_reads_the_number_syntax() {
    let q = json(&["misere-quotient", "0.75", "--max-heap", "2^2"]);
    let underscored = json(&["misere-quotient", "0.75", "--max-heap", "0_004"]);
    assert_eq!(q["order"], underscored["order"]);
    let outcome = json(&[
        "misere-quotient",
        "0.75",
        "--max-heap",
        "4",
        "--outcome",
        "2^1,2",
    ]);
    assert_eq!(
        outcome["outcome"],
        json(&[
            "misere-quotient",
            "0.75",
            "--max-heap",
            "4",
            "--outcome",
            "2,2"
        ])["outcome"]
    );
    let tree = mex(&["game", "{2|-1}", "--tree", "2^1"]);
    assert!(
        tree.status.success(),
        "{}",
        String::from_utf8_lossy(&tree.stderr)
    );
    let threads = json(&["octal", "0.07", "--terms", "10", "--threads", "2^1"]);
    assert_eq!(
        threads["values"],
        json(&["octal", "0.07", "--terms", "10"])["values"]
    );
    let huge = refusal(&["misere-quotient", "0.75", "--max-heap", "10^100"]);
    assert!(huge.contains("exceeds the limit of 4096"), "{huge}");
    for (args, accepted) in [
        (&["game", "{2|-1}", "--tree", "two"][..], "accepted"),
        (
            &["octal", "0.07", "--terms", "5", "--threads", "0"],
            "below the minimum 1",
        ),
        (&["misere-quotient", "0.75", "--outcome", "1,x"], "accepted"),
    ] {
        let e = refusal(args);
        assert!(
            e.contains(accepted) && !e.contains("invalid digit"),
            "{args:?}: {e}"
        );
    }
}

/// A refusal quotes a short excerpt of a long input, never all of it
/// (issue 39, item 13): a range of 30 000 digits.
#[test]
fn a_long_input_is_quoted_by_an_excerpt() {
    let range = format!("{}..10", "9".repeat(30_000));
    let e = refusal(&["subtraction", "1,3,4", "--count-p", &range]);
    assert!(e.len() < 400, "{} characters: {}", e.len(), &e[..200]);
    assert!(e.contains("…(30004 bytes)"), "{e}");
    let cake = format!("2x{}", "3".repeat(20_000));
    let e = refusal(&["value", "cutcake", &cake]);
    assert!(e.len() < 600 && e.contains("…(20002 bytes)"), "{e}");
}

/// Game names: any case, the nearest name suggested; a size typed
/// otherwise than HxW, a start board too large, a board too long to list,
/// a position typed as several arguments each say what to type
/// (issue 39, item 16).
#[test]
fn game_names_and_positions_say_what_to_type() {
    assert_eq!(
        json(&["value", "Domineering", "2x2"])["game"],
        "domineering"
    );
    let typo = refusal(&["value", "domineerin", "3x3"]);
    assert!(typo.contains("did you mean 'domineering'?"), "{typo}");
    let star = refusal(&["value", "domineering", "3*3"]);
    assert!(
        star.contains("the size '3*3' was not understood; accepted: HxW"),
        "{star}"
    );
    let cram = refusal(&["value", "cram", "3*3"]);
    assert!(cram.contains("the size '3*3' was not understood"), "{cram}");
    let fox = refusal(&["value", "fox-and-geese", "9x9"]);
    assert!(fox.contains("81 (9x9) exceeds the limit of 64"), "{fox}");
    assert!(!fox.contains("accepted; accepted"), "{fox}");
    let domino = refusal(&["domino", "10^30"]);
    assert!(domino.contains("--no-moves"), "{domino}");
    let nim = refusal(&["value", "nim", "3", "4", "5"]);
    assert!(nim.contains("the position is one argument, not 3"), "{nim}");
    assert!(
        nim.contains("accepted: the position as one argument: '3,4,5'"),
        "{nim}"
    );
    let sum = refusal(&["moves", "expression", "1", "+", "2"]);
    assert!(sum.contains("'1 + 2' (in quotes)"), "{sum}");
    assert_eq!(json(&["value", "expression", "-1"])["value"], "-1");
}

/// `mex value` and `mex moves` of Wythoff's game beyond the Grundy table
/// give what `mex wythoff` gives: the outcome by Wythoff's pairs and the
/// winning moves, at any size (issue 39, item 17).
#[test]
fn the_catalog_gives_large_wythoff_positions_as_the_family_command() {
    let family = json(&["wythoff", "10^30", "10^30"]);
    for command in ["value", "moves"] {
        let catalog = json(&[command, "wythoff", "10^30,10^30"]);
        for key in ["game", "position", "outcome", "winning_moves"] {
            assert_eq!(catalog[key], family[key], "{command} {key}");
        }
        assert!(catalog.get("grundy").is_none(), "{command}");
    }
    assert_eq!(family["outcome"], "N");
    assert_eq!(family["winning_moves"][0]["position"], "0,0", "{family}");
    let text = String::from_utf8_lossy(&mex(&["value", "wythoff", "1000,2000"]).stdout).to_string();
    assert!(
        text.contains("not computed (the limit is piles of 512"),
        "{text}"
    );
    // The Grundy value is still refused where it is asked for.
    let grundy = refusal(&["wythoff", "600", "3", "--grundy"]);
    assert!(grundy.contains("piles of 512"), "{grundy}");
    let p = json(&["value", "wythoff", "153,248"]);
    assert_eq!(
        (p["outcome"].as_str(), p["grundy"].as_str()),
        (Some("P"), Some("0"))
    );
}
