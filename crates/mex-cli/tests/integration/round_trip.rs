//! Issue 25, "round trip": every value a mex command prints is accepted by
//! `mex game` and equals the original. The values come from the catalog
//! (`mex value` and `mex moves` over the partizan games of `mex games`,
//! from each example position through a few moves), `mex sum`, and what
//! `mex game` itself prints (the value, the reduced form, the cooled game,
//! the atomic weight), records of any size included.

use serde_json::Value;
use std::collections::{BTreeSet, VecDeque};
use std::process::Command;

fn mex_json(args: &[&str]) -> Option<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .arg("--json")
        .output()
        .expect("mex runs");
    if !out.status.success() {
        return None;
    }
    Some(serde_json::from_slice(&out.stdout).expect("JSON"))
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}

/// The partizan games of the catalog with their example positions.
fn partizan_games() -> Vec<(String, String)> {
    let games = mex_json(&["games"]).expect("mex games");
    games["games"]
        .as_array()
        .expect("a list")
        .iter()
        .filter(|g| g["family"] == "partizan")
        .map(|g| (text(g, "name").unwrap(), text(g, "example").unwrap()))
        .collect()
}

/// The values `mex value` and `mex moves` print for the first `limit`
/// positions reached from `start` (breadth first).
fn catalog_values(game: &str, start: &str, limit: usize) -> BTreeSet<String> {
    let mut values = BTreeSet::new();
    let mut queue = VecDeque::from([start.to_string()]);
    let mut seen = BTreeSet::from([start.to_string()]);
    let mut expanded = 0;
    while let Some(position) = queue.pop_front() {
        if expanded == limit {
            break;
        }
        expanded += 1;
        let Some(report) = mex_json(&["moves", game, &position]) else {
            values.extend(mex_json(&["value", game, &position]).and_then(|v| text(&v, "value")));
            continue;
        };
        values.extend(text(&report, "value"));
        for m in report["moves"].as_array().into_iter().flatten() {
            values.extend(text(m, "value"));
            if let Some(p) = text(m, "position") {
                if seen.insert(p.clone()) {
                    queue.push_back(p);
                }
            }
        }
    }
    values
}

/// `mex game` reads `printed` back as itself, and so every game it prints
/// about it (reduced form, cooled game, atomic weight).
fn assert_reads_back(printed: &str, source: &str) {
    let report = mex_json(&["game", printed, "--cool", "1/2"])
        .or_else(|| mex_json(&["game", printed]))
        .unwrap_or_else(|| panic!("mex game refuses {printed:?} (printed by {source})"));
    assert_eq!(text(&report, "value").as_deref(), Some(printed), "{source}");
    let mut derived: Vec<String> = ["reduced", "atomic_weight"]
        .iter()
        .filter_map(|k| text(&report, k))
        .collect();
    derived.extend(report.get("cooled").and_then(|c| text(c, "game")));
    for d in derived {
        let again = mex_json(&["game", &d]).unwrap_or_else(|| panic!("{d:?} (from {printed})"));
        assert_eq!(
            text(&again, "value").as_deref(),
            Some(d.as_str()),
            "from {printed}"
        );
    }
}

#[test]
fn catalog_values_read_back() {
    let mut checked = BTreeSet::new();
    for (game, example) in partizan_games() {
        for value in catalog_values(&game, &example, 6) {
            // Loopy games print who wins (`Left first: Left wins in 17; …`),
            // not a short game's value.
            if value.contains("wins") || value.contains("draw") {
                continue;
            }
            if checked.insert(value.clone()) {
                assert_reads_back(&value, &format!("mex value {game}"));
            }
        }
    }
    assert!(
        checked.len() >= 30,
        "only {} values: {checked:?}",
        checked.len()
    );
}

#[test]
fn sums_and_values_of_any_size_read_back() {
    let huge = "1606938044258990275541962092341162602522202993782792835301376";
    for args in [
        vec!["sum", "nim:2^200", "kayles:IIII", "domineering:2x2"],
        vec!["sum", "domineering:2x2", "expression:^", "hackenbush:BRB"],
        vec![
            "sum",
            "expression:99999999999999999999999/1024",
            "expression:^5000*3",
        ],
        vec![
            "sum",
            "hackenbush:BRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR",
            "expression:*9",
        ],
    ] {
        let report = mex_json(&args).unwrap_or_else(|| panic!("{args:?}"));
        assert_reads_back(&text(&report, "value").unwrap(), &format!("{args:?}"));
    }
    for typed in [
        format!("*{huge}"),
        format!("{{1|-1}} + *{huge}"),
        format!("-{huge}/1024v{huge}*3"),
        "1/274877906944".to_string(),
        "{1|0} + 100000".to_string(),
        "^4097".to_string(),
    ] {
        let report = mex_json(&["game", &typed]).unwrap_or_else(|| panic!("{typed}"));
        assert_reads_back(&text(&report, "value").unwrap(), &typed);
    }
}
