//! End-to-end checks of the `mex` binary: JSON contracts, tables, and the
//! error policy (one line on stderr, exit status 2, never a panic).

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn mex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .output()
        .expect("binary runs")
}

/// Runs with `--json`, checks success and that stdout is exactly one object.
fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = mex(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON value");
    assert!(v.is_object(), "{args:?} printed a non-object");
    v
}

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

#[test]
fn nim_contract() {
    let v = json(&["nim", "25", "21", "11"]);
    assert_eq!(v["nim_sum"], "7");
    assert_eq!(v["outcome"], "N");
    let m = &v["winning_moves"][0];
    assert_eq!(
        (m["pile"].as_u64(), m["from"].as_str(), m["to"].as_str()),
        (Some(1), Some("21"), Some("18"))
    );
    let big = json(&["nim", "2^200", "2^200"]);
    assert_eq!(big["outcome"], "P");
    assert_eq!(big["nim_sum"], "0");
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
    let dir = std::env::temp_dir().join(format!("mex-ckpt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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

#[test]
fn domino_contract() {
    let v = json(&["domino", "40"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["nim_value"].as_u64().unwrap() > 0);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
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

#[test]
fn wythoff_contract() {
    let v = json(&["wythoff", "153", "289"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"], serde_json::json!([["153", "248"]]));
    let p = json(&["wythoff", "--pair", "10"]);
    assert_eq!(strings(&p["pair"]), ["16", "26"]);
    let g = json(&["wythoff", "3", "5", "--grundy"]);
    assert_eq!(g["grundy"], 0);
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
        &["subtraction", "-1,3"],
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
        &["nim"],
        &["frobnicate"],
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
    assert_eq!(out.status.code(), Some(2));
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
    assert_eq!(v["canonical"], "0");
    assert_eq!(v["outcome"], "P");
    let s = json(&["game", "{1|0}"]);
    assert_eq!(s["canonical"], "{1 | 0}");
    assert_eq!(s["outcome"], "N");
    assert_eq!(json(&["game", "-1/2 + -1/2"])["canonical"], "-1");
    let hot = json(&["game", "{2||1|0}"]);
    assert_eq!(
        (hot["mean"].as_str(), hot["temperature"].as_str()),
        (Some("5/4"), Some("3/4"))
    );
    assert_eq!(json(&["game", "1/2 + 1/2 + *"])["canonical"], "1*");
    assert_eq!(json(&["game", "{1 | 1}"])["canonical"], "1*");
    let bad = mex(&["game", "{1|"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn cherries_contracts() {
    for cmd in ["cherries", "stack-cherries"] {
        for pos in ["BWB WWB", "BBWB WWB", "BWWBB BW", "WWBWB B"] {
            let fast = json(&[cmd, pos]);
            let engine = json(&[cmd, pos, "--engine"]);
            assert_eq!(fast, engine, "{cmd} {pos}");
            let v = fast["value"].as_i64().unwrap();
            let expected = if v > 0 {
                "L"
            } else if v < 0 {
                "R"
            } else {
                "P"
            };
            assert_eq!(fast["outcome"], expected);
        }
    }
    assert_eq!(json(&["stack-cherries", "BBWB"])["value"], 2); // m = 2, last cherry black: c = 1
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
    assert_eq!(v["canonical"], "{1 | -1}");
    assert_eq!(v["outcome"], "N");
    let four = json(&["domineering", "4x4"]);
    assert!(four["canonical"].as_str().unwrap().starts_with('{'));
    assert_eq!(mex(&["domineering", "9x9"]).status.code(), Some(2));
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
