//! `mex misere`: misère canonical forms (the mathematics is checked
//! against explicit game trees in mex-core's tests/integration/misere_forms.rs); here
//! the command line: JSON fields, exit codes, printed forms reading back.

use crate::common;

use common::{json, mex};

const FIELDS: [&str; 19] = [
    "canonical",
    "birthday",
    "genus",
    "mate",
    "misere_outcome",
    "nim_value",
    "misere_nim_value",
    "tame",
    "restive",
    "restless",
    "extraverted",
    "introverted",
    "prime",
    "even",
    "nim_heap",
    "options",
    "parts",
    "partitions",
    "input",
];

#[test]
fn json_has_every_field() {
    // CGSuite's own tests (aaron-siegel/cgsuite, MisereCanonicalGameTestCase.scala):
    // *[[2],0] has birthday 4, nim value 1, misère nim value 2, is restive and prime.
    let v = json(&["misere", "*[[2],0]"]);
    for field in FIELDS {
        assert!(v.get(field).is_some(), "missing {field}");
    }
    assert_eq!(v["canonical"], "*[2#0]");
    assert_eq!(v["birthday"], 4);
    assert_eq!(v["nim_value"], 1);
    assert_eq!(v["misere_nim_value"], 2);
    assert_eq!(v["misere_outcome"], "N");
    assert_eq!(v["restive"], true);
    assert_eq!(v["tame"], false);
    assert_eq!(v["prime"], true);
    assert_eq!(v["mate"], "*[2#1]");
    let list = json(&["misere", "*[2#0]", "--notation", "list"]);
    assert_eq!(list["canonical"], "*[[2],0]");
    assert_eq!(list["mate"], "*[[2],1]");
}

#[test]
fn simplification_and_sums() {
    // {*2, *} = 0 and * + * = 0 in misère play (Conway 1976, ch. 12).
    for (input, canonical) in [
        ("*[2,1]", "*[0]"),
        ("*+*", "*[0]"),
        ("*[0,2]", "*[1]"),
        ("*[2]", "*[2]"),
        // * + * = 0, so adding it twice changes nothing.
        ("*[[2],0]+*+*", "*[2#0]"),
        // CGSuite's printed notation reads back: {*2} + *2 prints as {*2} with the part *2 added.
        ("*[2#]+*2", "*[2[#2]]"),
        // Issue 39: CGSuite's output was refused ("expected ',' or ']'").
        ("*[2#]", "*[2#]"),
        ("*[2##]", "*[2##]"),
        ("*[2[2]]", "*[2[2]]"),
        ("*[2[#-2]]", "*[2[#-2]]"),
    ] {
        let v = json(&["misere", input]);
        assert_eq!(v["canonical"], canonical, "{input}");
    }
    let v = json(&["misere", "*[[*[4]+*[2]]]"]);
    assert_eq!(v["partitions"].as_array().unwrap().len(), 2);
    assert_eq!(v["misere_outcome"], "P");
}

#[test]
fn printed_forms_read_back() {
    for input in [
        "*[[[2]],[[2],1]]",
        "*2+*2",
        "*[[*[2]+*[[2]]]]",
        "*[[[2],2,0],[[2],3],1]",
    ] {
        let v = json(&["misere", input]);
        let mut printed: Vec<String> = vec![v["canonical"].as_str().unwrap().to_string()];
        printed.push(v["mate"].as_str().unwrap().to_string());
        for key in ["options", "parts"] {
            for o in v[key].as_array().unwrap() {
                printed.push(o.as_str().unwrap().to_string());
            }
        }
        for text in printed {
            let again = json(&["misere", &text]);
            assert_eq!(again["canonical"], text.as_str(), "{input}: {text}");
        }
    }
}

#[test]
fn text_output_names_the_properties() {
    let out = mex(&["misere", "*[[2],1]"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("canonical: *[2#1]\n"), "{text}");
    assert!(text.contains("restless: yes\n"), "{text}");
}

#[test]
fn bad_forms_get_one_line_and_status_2() {
    let deep = format!("*{}{}", "[".repeat(200), "]".repeat(200));
    for bad in [
        "",
        "*[",
        "2",
        "*[2,,1]",
        "*[x]",
        "*99999",
        deep.as_str(),
        "*[2[-4]]",
        "*[2#",
        "*[&99999;]",
    ] {
        let out = mex(&["misere", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn big_work_is_refused_not_run() {
    let out = common::mex(&["misere", "*200+*199+*198+*197"]);
    assert!(matches!(out.status.code(), Some(0) | Some(2)));
}

/// A random item of CGSuite's list notation and its normal-play nim value
/// by the definition: a number `n` is `*n`, a bracketed list `[…]` the
/// game with those options, of value the mex of theirs (only the outermost
/// `*[x]` with one item stands for `x` itself).
fn random_form(state: &mut u64, depth: u32) -> (String, u32) {
    let mut next = || {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*state >> 33) as u32
    };
    if depth == 0 || next() % 3 == 0 {
        let n = next() % 4;
        return (n.to_string(), n);
    }
    let items = 1 + next() % 3;
    let mut texts = Vec::new();
    let mut values = Vec::new();
    for _ in 0..items {
        let (t, v) = random_form(state, depth - 1);
        texts.push(t);
        values.push(v);
    }
    let value = (0..).find(|m| !values.contains(m)).unwrap();
    (format!("[{}]", texts.join(",")), value)
}

/// `mex game` reads CGSuite's compact impartial notation and prints the
/// normal-play value: `*[2,1]` = {*2, *} has value mex{2, 1} = 0.
#[test]
fn mex_game_reads_the_list_notation_as_its_normal_play_value() {
    let v = json(&["game", "*[2,1]"]);
    assert_eq!(v["value"], "0");
    assert_eq!(v["outcome"], "P");
    // {{*2}, 0}: {*2} has value mex{2} = 0, so the game is mex{0, 0} = *.
    assert_eq!(json(&["game", "*[[2],0]"])["value"], "*");
    assert_eq!(json(&["game", "*[2,1]+*3"])["value"], "*3");
    let mut state = 7u64;
    for _ in 0..25 {
        // The outermost list, of two items: its options.
        let (first, v1) = random_form(&mut state, 3);
        let (second, v2) = random_form(&mut state, 3);
        let text = format!("*[{first},{second}]");
        let value = (0..).find(|m| *m != v1 && *m != v2).unwrap();
        let expected = match value {
            0 => "0".to_string(),
            1 => "*".to_string(),
            v => format!("*{v}"),
        };
        assert_eq!(json(&["game", &text])["value"], expected.as_str(), "{text}");
    }
    let out = mex(&["game", "*[2"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
}
