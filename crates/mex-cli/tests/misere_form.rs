//! `mex misere`: misère canonical forms (the mathematics is checked
//! against explicit game trees in mex-core's tests/misere_forms.rs); here
//! the command line: JSON fields, exit codes, printed forms reading back.

mod common;

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
    assert_eq!(v["canonical"], "*[[2],0]");
    assert_eq!(v["birthday"], 4);
    assert_eq!(v["nim_value"], 1);
    assert_eq!(v["misere_nim_value"], 2);
    assert_eq!(v["misere_outcome"], "N");
    assert_eq!(v["restive"], true);
    assert_eq!(v["tame"], false);
    assert_eq!(v["prime"], true);
    assert_eq!(v["mate"], "*[[2],1]");
}

#[test]
fn simplification_and_sums() {
    // {*2, *} = 0 and * + * = 0 in misère play (Conway 1976, ch. 12).
    for (input, canonical) in [
        ("*[2,1]", "0"),
        ("*+*", "0"),
        ("*[0,2]", "*"),
        ("*[2]", "*2"),
        // * + * = 0, so adding it twice changes nothing.
        ("*[[2],0]+*+*", "*[[2],0]"),
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
    assert!(text.starts_with("canonical: *[[2],1]\n"), "{text}");
    assert!(text.contains("restless: yes\n"), "{text}");
}

#[test]
fn bad_forms_get_one_line_and_status_2() {
    let deep = format!("*{}{}", "[".repeat(200), "]".repeat(200));
    for bad in ["", "*[", "2", "*[2,,1]", "*[x]", "*99999", deep.as_str()] {
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
