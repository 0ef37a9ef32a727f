//! The outcome search from the command line (issue 22): `--first` on
//! `mex value` and `mex sum`, and the fall-back when a partizan value is
//! refused by its budget; every answer checked against the outcome class
//! of the full value (`mex value`), the slow and sure way.

use crate::common;

use common::{json, mex};

/// Who wins with `first` to move, by the outcome class (Conway 1976).
fn winner(outcome: &str, first: &str) -> &'static str {
    match (outcome, first) {
        ("L", _) | ("N", "left") | ("P", "right") => "Left",
        _ => "Right",
    }
}

#[test]
fn first_player_winners_agree_with_the_full_value() {
    for (game, position) in [
        ("clobber", "xo"),
        ("clobber", "xoxox"),
        ("clobber", "xxo/oox"),
        ("domineering", "3x3"),
        ("domineering", "2x4"),
        ("toppling-dominoes", "LRGLR"),
        ("expression", "{1|0} + {0|-1} + ^"),
        ("expression", "{2|-1} + *3"),
        ("amazons", "x..|...|..o"),
    ] {
        let full = json(&["value", game, position]);
        let outcome = full["outcome"].as_str().unwrap();
        for first in ["left", "right"] {
            let v = json(&["value", game, position, "--first", first]);
            assert_eq!(v["question"], "winner");
            let key = format!("{first}_first");
            assert_eq!(
                v[&key],
                winner(outcome, first),
                "{game} {position} {first} first"
            );
            // The second search settles the outcome class too.
            assert_eq!(v["outcome"], outcome, "{game} {position}");
            assert!(v.get("value").is_none(), "{v}");
        }
    }
}

#[test]
fn sums_with_a_first_player() {
    let terms = [
        "clobber:xoxo",
        "domineering:2x3",
        "nim:3",
        "expression:-1/2",
    ];
    let full = json(&[&["sum"][..], &terms[..]].concat());
    let outcome = full["outcome"].as_str().unwrap();
    for first in ["left", "right"] {
        let v = json(&[&["sum"][..], &terms[..], &["--first", first][..]].concat());
        assert_eq!(v[format!("{first}_first")], winner(outcome, first));
        assert_eq!(v["components"].as_array().unwrap().len(), 4);
    }
}

/// `--first both`: the outcome class, by the search, equal to the full
/// value's; a value refused by its budget is still answered this way.
#[test]
fn both_first_players_give_the_outcome_class() {
    let position = "xoxoxoxoxo";
    let full = json(&["value", "clobber", position]);
    let v = json(&["value", "clobber", position, "--first", "both"]);
    assert_eq!(v["question"], "outcome");
    assert_eq!(v["outcome"], full["outcome"]);
    let refused = mex(&["value", "clobber", position, "--comparisons", "100"]);
    assert_eq!(refused.status.code(), Some(2));
    let v = json(&[
        "value",
        "clobber",
        position,
        "--comparisons",
        "100",
        "--first",
        "both",
    ]);
    assert_eq!(v["outcome"], full["outcome"]);
    let text =
        String::from_utf8(mex(&["sum", "clobber:xo", "clobber:xo", "--first", "both"]).stdout)
            .unwrap();
    assert!(text.contains("outcome") && text.contains("P"), "{text}");
}

#[test]
fn first_is_for_partizan_games_in_normal_play() {
    for bad in [
        vec!["value", "nim", "3", "--first", "left"],
        vec!["value", "clobber", "xo", "--first", "up"],
        vec!["sum", "nim:3", "--misere", "--first", "left"],
    ] {
        let out = mex(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
