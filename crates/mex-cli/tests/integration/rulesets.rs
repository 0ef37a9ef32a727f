//! The catalog rulesets Kayles, Toads and Frogs and Blue-Red Hackenbush
//! through the `mex` binary: listed by `mex games`, valued by `mex value`,
//! their moves marked by `mex moves`, and added to other games by `mex sum`.

use crate::common;
use common::{json, mex};

const RULESETS: [&str; 3] = ["kayles", "toads-and-frogs", "hackenbush"];

/// The moves of a position as (player, label, value, winning).
fn moves(game: &str, position: &str) -> Vec<(String, String, String, bool)> {
    let v = json(&["moves", game, position]);
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["player"].as_str().unwrap_or("").to_string(),
                m["label"].as_str().unwrap().to_string(),
                m["value"].as_str().unwrap().to_string(),
                m["winning"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[test]
fn games_lists_each_ruleset_and_accepts_its_example() {
    let v = json(&["games"]);
    let games = v["games"].as_array().unwrap();
    for name in RULESETS {
        let g = games
            .iter()
            .find(|g| g["name"] == name)
            .unwrap_or_else(|| panic!("{name} is not listed"));
        for field in ["family", "syntax", "example", "description", "rules"] {
            assert!(!g[field].as_str().unwrap().is_empty(), "{name} {field}");
        }
        let example = g["example"].as_str().unwrap();
        let value = json(&["value", name, example]);
        assert_eq!(value["game"], name);
        assert_eq!(value["position"], example);
    }
    let families: Vec<&str> = RULESETS
        .iter()
        .map(|n| {
            games.iter().find(|g| g["name"] == *n).unwrap()["family"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(families, ["impartial", "partizan", "partizan"]);
}

/// Runs of 4 and 3 pins: G(4) XOR G(3) = 1 XOR 3 = 2; a winning move leads
/// exactly to a P-position.
#[test]
fn kayles_value_and_moves() {
    let v = json(&["value", "kayles", "IIII.III"]);
    assert_eq!(
        (v["grundy"].as_str(), v["outcome"].as_str()),
        (Some("2"), Some("N"))
    );
    let all = moves("kayles", "IIII.III");
    assert_eq!(all.len(), 7 + 5);
    assert!(all.iter().any(|m| m.3));
    for (_, label, value, winning) in &all {
        assert_eq!(*winning, value == "0", "{label}");
    }
    assert!(all.iter().any(|m| m.1 == "knock down pins 6-7"));
    // A row of 1000 pins, from the period 12 (Guy and Smith 1956): G(1000)
    // = G(76) = 1 (OEIS A002186).
    let long = "I".repeat(1000);
    assert_eq!(json(&["value", "kayles", &long])["grundy"], "1");
}

#[test]
fn hackenbush_value_and_moves() {
    let v = json(&["value", "hackenbush", "BRB"]);
    assert_eq!(
        (v["value"].as_str(), v["outcome"].as_str()),
        (Some("3/4"), Some("L"))
    );
    let all = moves("hackenbush", "BRB");
    let expected = [
        ("Left", "cut B edge 1", "0", true),
        ("Left", "cut B edge 3", "1/2", true),
        ("Right", "cut R edge 2", "1", false),
    ];
    let got: Vec<(&str, &str, &str, bool)> = all
        .iter()
        .map(|(p, l, v, w)| (p.as_str(), l.as_str(), v.as_str(), *w))
        .collect();
    assert_eq!(got, expected);
    assert_eq!(json(&["value", "hackenbush", "BR BR R"])["outcome"], "P");
}

#[test]
fn toads_and_frogs_value_and_moves() {
    let v = json(&["value", "toads-and-frogs", "T.TFF"]);
    assert_eq!(
        (v["value"].as_str(), v["outcome"].as_str()),
        (Some("^"), Some("L"))
    );
    let all = moves("toads-and-frogs", "T.F");
    let got: Vec<(&str, &str, &str, bool)> = all
        .iter()
        .map(|(p, l, v, w)| (p.as_str(), l.as_str(), v.as_str(), *w))
        .collect();
    assert_eq!(
        got,
        [
            ("Left", "toad 1 to 2", "0", true),
            ("Right", "frog 3 to 2", "0", true)
        ]
    );
}

#[test]
fn sums_with_the_rulesets_as_components() {
    let v = json(&["sum", "kayles:IIII", "nim:3"]);
    assert_eq!(
        (v["grundy"].as_str(), v["outcome"].as_str()),
        (Some("2"), Some("N"))
    );
    // G(4) = 1 and X = 1 XOR 3 = 2: winning moves take nim:3 to 1, or leave
    // kayles at *3: .III, I.II, II.I, III. (G(3) = 3, G(1) XOR G(2) = 3).
    let moves = v["winning_moves"].as_array().unwrap();
    let in_kayles = moves.iter().filter(|m| m["component"] == 1).count();
    assert_eq!((moves.len(), in_kayles), (5, 4));
    assert!(moves.iter().any(|m| m["label"] == "take 2 from heap 1"));
    let v = json(&["sum", "hackenbush:BR", "toads-and-frogs:T.F"]);
    assert_eq!(
        (v["value"].as_str(), v["outcome"].as_str()),
        (Some("1/2*"), Some("L"))
    );
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(
        (moves[0]["player"].as_str(), moves[0]["label"].as_str()),
        (Some("Left"), Some("toad 1 to 2"))
    );
    let v = json(&["sum", "hackenbush:BRB BB", "hackenbush:RRR"]);
    assert_eq!(v["value"], "-1/4");
}

#[test]
fn bad_and_oversized_positions_are_refused_in_one_line() {
    // A string of any length is a number (Berlekamp's rule in big
    // integers); only more than `MAX_EDGES` (10 000) edges is refused.
    let too_many_edges = format!("B{}", "R".repeat(10_000));
    for (game, position) in [
        ("kayles", "IIx"),
        ("kayles", ""),
        ("hackenbush", "BGR"),
        ("hackenbush", too_many_edges.as_str()),
        ("toads-and-frogs", "T.f"),
        ("toads-and-frogs", "TTTTTTTT.....FFFFFFFF"),
    ] {
        // A small memory budget: the oversized strip is refused when it is
        // spent (in 0.2 s, where the default 1536 MiB takes 30 s).
        let out = mex(&["value", game, position, "--memory", "16M"]);
        assert_eq!(out.status.code(), Some(2), "{game} {position}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{game} {position}: {err}"
        );
    }
}
