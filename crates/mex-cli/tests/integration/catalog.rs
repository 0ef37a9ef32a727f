//! The game interface through the `mex` binary: `mex games` lists the
//! catalog, `mex value` and `mex moves` work for every game of it, and
//! `mex sum` adds positions of any games (`GAME:POSITION`). Results are
//! checked against each other and against independent computations (nim
//! sums by XOR, partizan sums by the notation's own arithmetic).

use num_bigint::BigUint;
use serde_json::Value;

use crate::common;
use common::{json, mex};

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("{v} is not a string"))
}

fn big(v: &Value) -> BigUint {
    text(v).parse().expect("a decimal string")
}

fn catalog() -> Vec<Value> {
    json(&["games"])["games"].as_array().unwrap().clone()
}

#[test]
fn every_listed_game_describes_itself_and_values_its_example() {
    let games = catalog();
    assert!(games.len() >= 17, "{} games", games.len());
    for g in &games {
        let name = text(&g["name"]);
        for field in ["family", "description", "syntax", "example", "rules"] {
            assert!(!text(&g[field]).is_empty(), "{name}: {field}");
        }
        assert!(
            ["impartial", "partizan", "synchronized", "arena"].contains(&text(&g["family"])),
            "{name}"
        );
        let v = json(&["value", name, text(&g["example"])]);
        assert_eq!(v["game"], g["name"]);
        assert!(!text(&v["value"]).is_empty(), "{name}");
        assert!(!text(&v["outcome"]).is_empty(), "{name}");
        if g["family"] == "impartial" && name != "graph" {
            let grundy = big(&v["grundy"]);
            let expected = if grundy == BigUint::ZERO { "P" } else { "N" };
            assert_eq!(v["outcome"], expected, "{name}");
        }
        // One game by name shows the same entry.
        let one = json(&["games", name]);
        assert_eq!(one["games"][0], *g, "{name}");
    }
}

/// In every impartial game of the catalog, `mex moves` marks a move
/// winning exactly when it leads to Grundy value 0, and the position's
/// Grundy value is the MEX of its options' values.
#[test]
fn impartial_moves_are_winning_exactly_to_zero_and_mex_holds() {
    for (game, position) in [
        ("nim", "3,5,6"),
        ("subtraction", "1,3,4:12"),
        ("octal", "0.07:14"),
        ("domino", "11"),
        ("wythoff", "4,7"),
        ("kayles", "IIIII.II"),
    ] {
        let v = json(&["moves", game, position]);
        let moves = v["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{game}");
        let mut seen = Vec::new();
        for m in moves {
            let g = big(&m["grundy"]);
            assert_eq!(m["winning"], g == BigUint::ZERO, "{game} {m}");
            // The option's value agrees with valuing it on its own.
            let alone = json(&["value", game, text(&m["position"])]);
            assert_eq!(alone["grundy"], m["grundy"], "{game} {m}");
            seen.push(g);
        }
        let mut mex = BigUint::ZERO;
        while seen.contains(&mex) {
            mex += 1u32;
        }
        assert_eq!(big(&v["grundy"]), mex, "{game} {position}");
    }
}

/// In a partizan game, a Left move wins when its value is ≥ 0 and a Right
/// move when it is ≤ 0; checked through the outcome of each option.
#[test]
fn partizan_moves_are_marked_by_the_options_outcome() {
    for (game, position) in [
        ("domineering", "3x3"),
        ("expression", "{2|1} + {0|-1}"),
        ("cherries", "BWB WWB"),
        ("hackenbush", "BRB BB"),
    ] {
        let v = json(&["moves", game, position]);
        for m in v["moves"].as_array().unwrap() {
            let outcome = text(&m["outcome"]);
            let winning = match text(&m["player"]) {
                // After Left's move Right starts: Left wins if L or P.
                "Left" => outcome == "L" || outcome == "P",
                "Right" => outcome == "R" || outcome == "P",
                other => panic!("{game}: player {other}"),
            };
            assert_eq!(m["winning"], winning, "{game} {m}");
        }
    }
}

/// The impartial sum: its Grundy value is the XOR of the components' Grundy
/// values, each winning move leads to a sum of Grundy value 0, and a component
/// too big to list moves for is named, never silently skipped.
#[test]
fn impartial_sum_contract() {
    let v = json(&[
        "sum",
        "nim:2^200",
        "subtraction:1,3,4:10^30",
        "domino:10^20",
    ]);
    let components = v["components"].as_array().unwrap();
    assert_eq!(components.len(), 3);
    let xor = components
        .iter()
        .map(|c| big(&c["grundy"]))
        .fold(BigUint::ZERO, |a, g| a ^ g);
    assert_eq!(big(&v["grundy"]), xor);
    assert_eq!(v["outcome"], "N");
    // Components are numbered from 1, as people count.
    assert_eq!(v["unlisted_components"], serde_json::json!([3]));
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let i = m["component"].as_u64().unwrap() as usize - 1;
        assert_eq!(m["from"], components[i]["component"]);
        // Replacing the component by its new parts gives Grundy value 0.
        let mut parts: Vec<String> = components
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, c)| text(&c["component"]).to_string())
            .collect();
        parts.extend(m["to"].as_array().unwrap().iter().map(|t| text(t).into()));
        let mut args = vec!["sum"];
        args.extend(parts.iter().map(String::as_str));
        let after = json(&args);
        assert_eq!(after["grundy"], "0", "{m}");
        assert_eq!(after["outcome"], "P");
    }
    // unlisted_components is present (and empty) when everything is listed.
    let small = json(&["sum", "nim:1,2", "octal:0.07:9"]);
    assert_eq!(small["unlisted_components"], serde_json::json!([]));
}

/// A sum with partizan components is a canonical form; it equals the sum
/// computed by the notation's arithmetic.
#[test]
fn partizan_sum_matches_the_notation() {
    let v = json(&["sum", "domineering:2x2", "nim:1", "expression:^"]);
    let alone = json(&["value", "expression", "{1|-1} + * + ^"]);
    assert_eq!(v["value"], alone["value"]);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    let players: Vec<&str> = moves.iter().map(|m| text(&m["player"])).collect();
    assert!(players.contains(&"Left") && players.contains(&"Right"));
    for m in moves {
        assert_eq!(m["component"], 1, "{m}");
    }
    // A zero sum: G + (−G).
    let zero = json(&["sum", "hackenbush:BR", "expression:-1/2"]);
    assert_eq!(zero["value"], "0");
    assert_eq!(zero["outcome"], "P");
    assert_eq!(zero["winning_moves"], serde_json::json!([]));
}

#[test]
fn synchronized_and_arena_games_answer_in_their_own_terms() {
    let ssc = json(&["value", "ssc", "BBW WB BWWB"]);
    assert!(["L", "R", "D"].contains(&text(&ssc["outcome"])));
    let moves = json(&["moves", "sync-cherries", "BW WB"]);
    for m in moves["moves"].as_array().unwrap() {
        assert_eq!(m["player"], "Left and Right");
    }
    // The shift game on n bits lasts 2^n turns (a De Bruijn cycle).
    for n in 2..=5u32 {
        let start = "0".repeat(n as usize);
        let v = json(&["value", "shift-game", &start]);
        assert_eq!(v["turns"], 1u64 << n, "n = {n}");
    }
    let g = json(&["value", "graph", "a: b c; b: a; c: @ a"]);
    assert_eq!(g["outcome"], "win");
    assert_eq!(g["remoteness"], 1);
}

#[test]
fn unknown_games_and_bad_positions_are_one_line_errors() {
    for args in [
        &["value", "chess", "e4"][..],
        &["value", "nim", "3,x"],
        // No bound before the search (issue 22): a budget spent refuses.
        &["moves", "domineering", "7x7", "--comparisons", "2^16"],
        &["sum", "nim"],
        &["sum", "nim:3", "chess:1"],
        &["games", "chess"],
    ] {
        let out = mex(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("accepted") || err.contains("exceeds the limit"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// Every partizan value carries its stops, mean, temperature and
/// thermograph, under the names `mex game` uses, and equal to what `mex
/// game` computes from the value itself; other families carry none.
#[test]
fn partizan_values_carry_their_thermograph() {
    for g in catalog() {
        let name = text(&g["name"]);
        let v = json(&["value", name, text(&g["example"])]);
        // Loopy partizan games (they say who wins with each first player)
        // have no thermograph.
        if g["family"] != "partizan" || v.get("left_first").is_some() {
            assert!(v.get("temperature").is_none(), "{name}");
            continue;
        }
        let alone = json(&["game", text(&v["value"])]);
        for key in [
            "left_stop",
            "right_stop",
            "mean",
            "temperature",
            "thermograph",
        ] {
            assert_eq!(v[key], alone[key], "{name}: {key}");
        }
        assert!(v["search"]["comparisons"].is_string(), "{name}");
        let moves = json(&["moves", name, text(&g["example"])]);
        assert_eq!(moves["temperature"], v["temperature"], "{name}");
    }
}

/// `--thermograph` and `--svg` write their files and name them; options
/// that do not apply are refused in one line before any work.
#[test]
fn pictures_and_options_of_a_position() {
    let dir = common::scratch_dir("position-options");
    let (t, b) = (dir.join("t.svg"), dir.join("b.svg"));
    let (tf, bf) = (t.to_str().unwrap(), b.to_str().unwrap());
    for command in ["value", "moves"] {
        let v = json(&[
            command,
            "domineering",
            "2x3",
            "--thermograph",
            tf,
            "--svg",
            bf,
        ]);
        assert_eq!(
            (v["thermograph_svg"].as_str(), v["board_svg"].as_str()),
            (Some(tf), Some(bf))
        );
        for file in [&t, &b] {
            let svg = std::fs::read_to_string(file).unwrap();
            assert!(svg.starts_with("<svg"), "{command}: {svg}");
            std::fs::remove_file(file).unwrap();
        }
    }
    let nim = json(&["value", "nim", "3,4,5", "--svg", bf]);
    assert_eq!(nim["board_svg"], bf);
    assert!(b.exists());
    let budget = json(&[
        "value",
        "amazons",
        "x..|...|..o",
        "--memory",
        "1",
        "--comparisons",
        "2^30",
    ]);
    assert_eq!(
        budget["value"],
        json(&["value", "amazons", "x..|...|..o"])["value"]
    );
    // The memory budget of an impartial game's nimber search.
    assert_eq!(
        json(&["value", "cram", "3x4", "--memory", "1"])["value"],
        json(&["value", "cram", "3x4"])["value"]
    );
    for (args, names) in [
        (&["value", "ssc", "BW", "--memory", "2"][..], "--memory"),
        (&["value", "nim", "3", "--thermograph", tf], "--thermograph"),
        (
            &["value", "fox-and-geese", "4x4", "--thermograph", tf],
            "--thermograph with fox-and-geese",
        ),
        (
            &["value", "fox-and-geese", "4x4", "--comparisons", "5"],
            "--comparisons with fox-and-geese",
        ),
        (
            &["value", "graph", "a: b c; b: a; c: @ a", "--memory", "1M"],
            "--memory with graph",
        ),
        (
            &["moves", "ssc", "BW", "--comparisons", "9"],
            "--comparisons",
        ),
        (
            &["value", "amazons", "x.o", "--checkpoint", tf],
            "--checkpoint",
        ),
        (
            &["moves", "domineering", "2x2", "--checkpoint", tf],
            "--checkpoint",
        ),
        (
            &["value", "nim", "3", "--misere", "--memory", "1"],
            "--misere",
        ),
        (
            &["moves", "amazons", "x..|...|..o", "--comparisons", "1000"],
            "comparisons",
        ),
    ] {
        let out = mex(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(names), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(!t.exists(), "a refused command writes nothing");
    // A value refused by its budget; the outcome search answers instead.
    let refused = mex(&["value", "amazons", "x..|...|..o", "--comparisons", "1000"]);
    assert_eq!(refused.status.code(), Some(2));
    let v = json(&["value", "amazons", "x..|...|..o", "--first", "both"]);
    assert_eq!(v["question"], "outcome");
    assert_eq!(
        v["outcome"],
        json(&["value", "amazons", "x..|...|..o"])["outcome"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The old per-position command lines print the report of `mex value`
/// (one JSON shape for a value), with the winning moves where the old
/// command listed them.
#[test]
fn old_command_lines_print_the_value_report() {
    for (old, game, position) in [
        (&["nim", "3", "4", "5"][..], "nim", "3,4,5"),
        (&["wythoff", "4", "7"], "wythoff", "4,7"),
        (&["domino", "20"], "domino", "20"),
        (&["cherries", "BWB WWB"], "cherries", "BWB WWB"),
        (&["stack-cherries", "BWB WWB"], "stack-cherries", "BWB WWB"),
        (&["domineering", "2x3"], "domineering", "2x3"),
    ] {
        let mut v = json(old);
        let value = json(&["value", game, position]);
        if let Some(moves) = v.as_object_mut().unwrap().remove("winning_moves") {
            // Exactly the winning moves `mex moves` marks.
            let all = json(&["moves", game, position]);
            let marked: Vec<Value> = all["moves"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|m| m["winning"] == true)
                .map(|m| serde_json::json!({"label": m["label"], "position": m["position"]}))
                .collect();
            assert_eq!(moves, Value::Array(marked), "{old:?}");
        }
        assert_eq!(v, value, "{old:?}");
    }
}

/// The text of a command, asserting it succeeded.
fn stdout_of(args: &[&str]) -> String {
    let out = mex(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Text output leaves a canonical form of more than 200 characters out
/// (Clobber 2×5 has one of 607), giving its length, birthday and
/// subpositions and pointing to `--form` (and, for `mex value`, to
/// `--first both`); `--form` prints it; JSON always has it. `mex game`,
/// `mex compare` and `mex sum` do the same (issue 39, item 14: `mex value
/// clobber 2x8` printed 150 000 characters on one line).
#[test]
fn long_canonical_forms_are_summarised_in_text() {
    let full = text(&json(&["value", "clobber", "2x5"])["value"]).to_string();
    assert!(full.chars().count() > 200, "{full}");
    let note = format!(
        "form of {} characters omitted; --form prints it",
        full.chars().count()
    );
    let shown = stdout_of(&["value", "clobber", "2x5"]);
    assert!(shown.contains(&note), "{shown}");
    assert!(!shown.contains(&full));
    for field in ["birthday", "subpositions", "--first both", "temperature"] {
        assert!(shown.contains(field), "{field}: {shown}");
    }
    assert!(stdout_of(&["value", "clobber", "2x5", "--form"]).contains(&full));
    let game = stdout_of(&["game", &full]);
    assert!(
        game.contains(&note) && game.contains("subpositions"),
        "{game}"
    );
    assert!(stdout_of(&["game", &full, "--form"]).contains(&full));
    let compare = stdout_of(&["compare", &full, "0"]);
    assert!(
        compare.starts_with(&note) && compare.len() < 200,
        "{compare}"
    );
    let sum = stdout_of(&["sum", "clobber:xoxox/oxoxo", "nim:0"]);
    assert!(
        sum.contains("characters omitted") && !sum.contains(&full),
        "{sum}"
    );
    // Short forms print as they are.
    assert!(stdout_of(&["value", "clobber", "2x2"]).contains("value"));
    assert!(!stdout_of(&["game", "{1|0}"]).contains("omitted"));
}
