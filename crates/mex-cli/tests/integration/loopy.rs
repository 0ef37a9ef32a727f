//! `mex game` and `mex compare` on loopy games (Siegel 2013, ch. VI;
//! CGSuite's notation and printed forms): the values are checked in
//! mex-core's tests/integration/loopy.rs; here the command line and its JSON.

use crate::common;

use common::{json, mex};

/// CGSuite's CanonicalStopperTestCase.scala: printed form, outcome, stops.
#[test]
fn game_reports_stoppers_as_cgsuite_prints_them() {
    for (input, canonical, outcome, left, right) in [
        ("on", "on", "L", "on", "on"),
        ("{0|pass}", "over", "L", "over", "over"),
        ("{pass|3/2}", "3/2under", "L", "3/2under", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]", "R", "-1/4", "-1/4"),
        ("+-{5|pass}", "+-(5over)", "N", "5over", "-5under"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", "L", "0", "0"),
    ] {
        let v = json(&["game", input]);
        assert_eq!(v["value"], canonical, "{input}");
        assert_eq!(v["outcome"], outcome, "{input}");
        assert_eq!(v["left_stop"], left, "{input}");
        assert_eq!(v["right_stop"], right, "{input}");
        assert_eq!(v["onside"], canonical, "{input}");
        assert_eq!(v["stopper"], true, "{input}");
    }
}

#[test]
fn game_reports_draws_and_sides() {
    // Winning Ways ch. 11: dud = on & off, drawn whoever starts; CGSuite
    // prints it as dud (SidedValue.toOutput).
    let dud = json(&["game", "dud"]);
    assert_eq!(dud["outcome"], "D");
    assert_eq!(dud["stopper"], false);
    assert_eq!(dud["kind"], "sided");
    assert_eq!(dud["value"], "dud");
    assert_eq!(dud["onside"], "on");
    assert_eq!(dud["offside"], "off");
    // CGSuite's SidedValueTestCase: {0|{dud|},*} = ^ & v*, NHat.
    let nhat = json(&["game", "{0|{dud|},*}"]);
    assert_eq!(nhat["value"], "^ & v*");
    assert_eq!(nhat["outcome"], "NHat");
    // Bach's carousel: sides that are no stoppers, simplified as CGSuite
    // prints them (SidedValueTestCase), outcome N; read back and compared.
    let bach = json(&["game", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"]);
    assert_eq!(bach["kind"], "sided");
    assert_eq!(bach["onside"], "a{1|1,{1*|a||*}||0}");
    assert_eq!(bach["offside"], "a{0,{1|||1*|a||*}|0}");
    assert_eq!(bach["outcome"], "N");
    let printed = bach["value"].as_str().unwrap().to_string();
    assert_eq!(json(&["game", &printed])["value"], printed.as_str());
    let cmp = json(&["compare", &printed, "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"]);
    assert_eq!(cmp["relation"], "=");
    let sided = json(&["game", "over & v"]);
    assert_eq!(sided["value"], "over & v");
    assert_eq!(sided["onside"], "over");
    assert_eq!(sided["offside"], "v");
    // CGSuite: a{{|a}|} is 1 & 0, outcome PHat.
    assert_eq!(json(&["game", "1 & 0"])["outcome"], "PHat");
    assert_eq!(json(&["game", "a{{|a}|}"])["outcome"], "PHat");
    // An option given by its sides, read as CGSuite reads it:
    // {0 | on & off} = {0|on}⁺ & {0|off}⁻ = 1 & {0|off}.
    let braced = json(&["game", "{0|on&off}"]);
    assert_eq!(braced["value"], "1 & {0|off}");
    assert_eq!(braced["onside"], "1");
}

#[test]
fn compare_orders_stoppers() {
    for (g, h, rel) in [
        ("over", "0", ">"),
        ("under", "off", ">"),
        ("upon", "*", "||"),
        ("^", "{pass|*}", "<"),
        ("x{0|x}", "over", "="),
        ("on", "100", ">"),
        // Sided values compare side by side (Siegel 2013, §VI.4).
        ("dud", "0", "||"),
        ("over - over", "over & under", "="),
        ("tis", "1 & 0", "="),
        ("tis", "tisn", ">"),
    ] {
        let v = json(&["compare", g, h]);
        assert_eq!(v["relation"], rel, "{g} {h}");
    }
}

/// `mex compare --json` describes each game as `mex game --json` does
/// (issue 24): stoppers with their stops, sided values with their sides,
/// a short game beside a loopy one as a short game.
#[test]
fn compare_describes_both_games() {
    let v = json(&["compare", "on", "over"]);
    assert_eq!(v["relation"], ">");
    assert_eq!(v["g_report"]["value"], "on");
    assert_eq!(v["g_report"]["kind"], "stopper");
    assert_eq!(v["g_report"]["left_stop"], "on");
    assert_eq!(v["h_report"]["value"], "over");
    assert_eq!(v["h_report"]["outcome"], "L");
    assert_eq!(v["h_report"]["right_stop"], "over");
    assert_eq!(v["h_report"]["onside"], "over");
    // upon = ^[on] (Winning Ways ch. 11), stops 0; ^ is short.
    let v = json(&["compare", "upon", "^"]);
    assert_eq!(v["relation"], ">");
    assert_eq!(v["g_report"]["value"], "^[on]");
    assert_eq!(v["g_report"]["left_stop"], "0");
    assert_eq!(v["g_report"]["right_stop"], "0");
    assert_eq!(v["h_report"]["value"], "^");
    assert_eq!(v["h_report"]["kind"], "short");
    assert_eq!(v["h_report"]["outcome"], "L");
    // Sided values: sides, no stops, outcome with draws.
    let v = json(&["compare", "dud", "tis"]);
    assert_eq!(v["relation"], "||");
    let (g, h) = (&v["g_report"], &v["h_report"]);
    assert_eq!(g["kind"], "sided");
    assert_eq!(g["outcome"], "D");
    assert_eq!((&g["onside"], &g["offside"]), (&"on".into(), &"off".into()));
    assert!(g["left_stop"].is_null() && g["right_stop"].is_null());
    assert_eq!(h["value"], "1 & 0");
    assert_eq!(h["outcome"], "PHat");
    assert_eq!((&h["onside"], &h["offside"]), (&"1".into(), &"0".into()));
    // Each description is what `mex game --json` says of that game.
    for (g, h) in [("on", "over"), ("upon", "^"), ("dud", "tis"), ("1", "tisn")] {
        let v = json(&["compare", g, h]);
        for (text, report) in [(g, &v["g_report"]), (h, &v["h_report"])] {
            let game = json(&["game", text]);
            // One key for the value, short or loopy.
            assert_eq!(report["value"], game["value"], "{text}");
            assert!(game.get("canonical").is_none(), "{text}");
            for field in ["outcome", "left_stop", "right_stop"] {
                assert_eq!(report[field], game[field], "{text} {field}");
            }
            if report["kind"] != "short" {
                for field in ["kind", "onside", "offside"] {
                    assert_eq!(report[field], game[field], "{text} {field}");
                }
            }
        }
    }
}

#[test]
fn printed_text_reads_back() {
    for input in [
        "{0|{0||0|0,pass}||-{0||0|0,pass}}",
        "tis",
        "over - over",
        "+-{0|pass}",
        "dud",
        "upon - upon",
        "{0|{dud|},*}",
        "^<on> + {0|upon}",
        "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
    ] {
        let first = json(&["game", input])["value"]
            .as_str()
            .unwrap()
            .to_string();
        let again = json(&["game", &first]);
        assert_eq!(again["value"], first.as_str(), "{input}");
    }
}

#[test]
fn bad_loopy_input_gets_one_line_and_status_2() {
    for bad in [
        "{pass",
        "pass",
        "a{0|a} + 1 &",
        "{1|0+pass}",
        "on & off & on",
        "over & on",
        "{0|on & off & over}",
        "{0 & on|}",
    ] {
        let out = mex(&["game", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
    }
    let out = mex(&["game", "on", "--cool", "1"]);
    assert_eq!(out.status.code(), Some(2));
    // Bach's carousel compares side by side (its sides are no stoppers):
    // a first-player win (N), so confused with 0.
    let bach = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";
    assert_eq!(json(&["compare", bach, "0"])["relation"], "||");
}

/// `mex play` on a loopy catalog game says when a position comes back
/// with the same player to move, and ends a game drawn with best play, as
/// the web playground does. TTT..FFF is a draw whoever starts (its unit
/// test in backsliding_toads_frogs.rs); the toad sliding back and forth
/// while the computer keeps the draw brings T.TTFF.F back.
#[test]
fn play_says_when_a_drawn_position_repeats() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(["play", "backsliding-toads-and-frogs", "TTT..FFF"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let moves = "toad 3 to 4\ntoad 2 to 3\ntoad 1 to 2\ntoad 2 to 1\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(moves.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    assert_eq!(
        last, "position repeated (as at turn 4): drawn with best play; game over: a draw",
        "{text}"
    );
    assert_eq!(text.matches("position repeated").count(), 1, "{text}");
}

/// CGSuite's predicates of loopy values in `mex game --json` and the text
/// output (CanonicalStopperTestCase.scala, SidedValueTestCase.scala:
/// IsNumberish, IsNumberTiny, IsNumber of these games).
#[test]
fn game_reports_cgsuite_predicates() {
    for (input, numberish, number_tiny) in [
        ("{pass|3/2}", true, false),
        ("{on|0||0}", true, true),
        ("on", false, false),
        ("+-{0|pass}", true, false),
        ("+-{5|pass}", false, false),
        ("{0|{dud|},*}", true, false),
        ("a{{|a}|}", false, false),
    ] {
        let p = &json(&["game", input])["predicates"];
        assert_eq!(p["numberish"], numberish, "{input}");
        assert_eq!(p["number_tiny"], number_tiny, "{input}");
        for short in ["integer", "number", "nimber", "ordinal", "uptimal"] {
            assert_eq!(p[short], false, "{input} {short}");
        }
    }
    let text = String::from_utf8(mex(&["game", "{0||0|off}"]).stdout).unwrap();
    assert!(text.contains("numberish, number-tiny"), "{text}");
}

/// Issue 39: a sum of 20 or more labelled games (`b0{0|b0} + … +
/// b19{0|b19}`, each `over`) was not seen to be loopy (a label with a
/// digit), and was refused after 5 s with the short notation's
/// "unexpected 'b'"; it is reduced term by term, as `over` 200 times is.
#[test]
fn sums_of_many_labelled_games_are_reduced_term_by_term() {
    for n in [20, 200] {
        let text = (0..n)
            .map(|i| format!("b{i}{{0|b{i}}}"))
            .collect::<Vec<_>>()
            .join(" + ");
        let v = json(&["game", &text]);
        assert_eq!(v["value"], "over", "{n} terms");
        assert_eq!(
            json(&["compare", &text, "over"])["relation"],
            "=",
            "{n} terms"
        );
    }
}

/// `--memory` bounds a loopy partizan game's exploration and solution,
/// counted from what they allocate: a small budget refuses at once, in
/// one line naming it (it was ignored, and the 1 GiB default was passed
/// by half again).
#[test]
fn a_small_memory_budget_refuses_a_loopy_game_in_one_line() {
    let strip = "TTTTTTTT........FFFFFFFF";
    let out = mex(&[
        "value",
        "backsliding-toads-and-frogs",
        strip,
        "--memory",
        "1M",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("1 MiB of memory"), "{err}");
}

/// Issue 42: a text is read once, by the one reader of the notation, so
/// texts that read as neither short nor loopy games get their errors from
/// one vocabulary, naming the place: `b {0|b}` (a label needs its braces
/// right after it) and `3 over` (a number and a name are one word).
#[test]
fn misspelt_games_get_errors_from_one_reader() {
    for (bad, place) in [("b {0|b}", "at character 1"), ("3 over", "at character 3")] {
        let out = mex(&["game", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
        assert!(
            err.contains("is not a game") && err.contains(place),
            "{bad}: {err}"
        );
    }
}
