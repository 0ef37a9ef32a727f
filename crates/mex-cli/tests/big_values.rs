//! Issue 25: numbers, ups and nimbers of any size in `mex game`.

use std::process::Command;

fn mex(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .output()
        .expect("mex runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn value_of(text: &str) -> String {
    let (code, out, err) = mex(&["game", text]);
    assert_eq!(code, 0, "{text}: {err}");
    out.lines()
        .find_map(|l| l.strip_prefix("value"))
        .expect("a value line")
        .trim()
        .to_string()
}

#[test]
fn values_of_any_size_print_and_read_back() {
    // 1/2^38 is the value of a Hackenbush string of 38 edges (BRR…R: Berlekamp,
    // Conway and Guy, Winning Ways, ch. 2); 2^200 as a nimber.
    for (typed, printed) in [
        ("5000", "5000"),
        ("1823437481924", "1823437481924"),
        ("1/8192", "1/8192"),
        ("1/274877906944", "1/274877906944"),
        ("*5000", "*5000"),
        ("^5000*3", "^5000*3"),
        ("1823437481924 + 1/2", "3646874963849/2"),
        (
            "*1606938044258990275541962092341162602522202993782792835301376 + *1",
            "*1606938044258990275541962092341162602522202993782792835301377",
        ),
        ("{1|-1} + 100000", "{100001|99999}"),
    ] {
        let value = value_of(typed);
        assert_eq!(value, printed, "{typed}");
        assert_eq!(value_of(&value), printed, "read back: {value}");
    }
}

#[test]
fn the_record_outcome_and_stops_are_closed_forms() {
    let (code, out, _) = mex(&["game", "-1823437481924^3*"]);
    assert_eq!(code, 0);
    assert!(out.contains("outcome             R"), "{out}");
    assert!(out.contains("left stop           -1823437481924"), "{out}");
}

#[test]
fn a_big_nimber_with_a_general_game_is_refused_in_one_line() {
    // {1|-1} + *5000 is {1*5000|-1*5000} by the switch theorem (store.rs);
    // ({1|-1} + {3|2}) + *5000 is not covered.
    let (code, out, _) = mex(&["game", "{1|-1} + *5000"]);
    assert_eq!(code, 0);
    assert!(out.contains("{1*5000|-1*5000}"), "{out}");
    let (code, _, err) = mex(&["game", "{1|-1} + {3|2} + *5000"]);
    assert_eq!(code, 2);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("*5000"), "{err}");
}

#[test]
fn the_readme_sum_prints() {
    let (code, out, err) = mex(&["sum", "nim:2^200", "kayles:IIII", "domineering:2x2"]);
    assert_eq!(code, 0, "{err}");
    let n = "1606938044258990275541962092341162602522202993782792835301377";
    assert!(out.contains(&format!("{{1*{n}|-1*{n}}}")), "{out}");
}

#[test]
fn expressions_of_any_size_have_values_and_refuse_only_moves() {
    let huge = "99999999999999999999999";
    let (code, out, err) = mex(&["value", "expression", huge]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("value        {huge}")), "{out}");
    let (code, out, err) = mex(&["sum", &format!("expression:*{huge}"), "nim:3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("*99999999999999999999996"), "{out}");
    // Only listing the moves of a big nimber needs its options.
    let typed = format!("{{1|0}} + *{huge}");
    let (code, _, err) = mex(&["moves", "expression", &typed]);
    assert_eq!(code, 2);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains(&format!("'*{huge}'")), "{err}");
    let (code, out, _) = mex(&["moves", "expression", huge]);
    assert_eq!(code, 0);
    assert!(out.contains("99999999999999999999998"), "{out}");
}
