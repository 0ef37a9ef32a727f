//! The built `mex` binary on a regression corpus of hostile input (issues 8
//! and 13) and on a bounded number of inputs generated from it. The
//! property, for every run: exit status 0, 1 or 2 (never a panic or a
//! signal); at most one line on stderr, without control characters; with
//! `--json`, stdout empty or one JSON object; finished within the hang guard
//! (`common::HANG_GUARD`, minutes: the inputs of the corpus once ran for
//! hours, and every run now takes well under a second).

use crate::common;

use std::path::PathBuf;
use std::process::Command;

/// Generated inputs per run of the suite.
const GENERATED: usize = 200;

fn corpus(name: &str) -> String {
    let mut path = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    path.push("tests/corpus");
    path.push(name);
    path.to_string_lossy().into_owned()
}

/// One invocation: arguments and optional standard input.
#[derive(Clone, Debug)]
struct Case {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
}

fn case(args: &[&str]) -> Case {
    Case {
        args: args.iter().map(|s| s.to_string()).collect(),
        stdin: None,
    }
}

fn with_stdin(args: &[&str], input: &[u8]) -> Case {
    Case {
        stdin: Some(input.to_vec()),
        ..case(args)
    }
}

/// Runs a case under the hang guard, checks the property, and returns the
/// exit status and stderr.
fn run(c: &Case) -> (i32, String) {
    let out = common::output_bounded(
        Command::new(env!("CARGO_BIN_EXE_mex")).args(&c.args),
        c.stdin.as_deref(),
    );
    let (status, stdout) = (out.status, out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let code = status.code();
    assert!(
        matches!(code, Some(0..=2)),
        "{c:?}: status {status:?}, stderr {stderr:?}"
    );
    let message = stderr.strip_suffix('\n').unwrap_or(&stderr);
    // clap's own usage errors are kept whole (several lines starting with
    // `error:`, echoing the argument as typed); mex's own errors are one
    // line with the input quoted.
    let clap_usage = code == Some(2) && message.starts_with("error: ");
    assert!(
        clap_usage || !message.chars().any(char::is_control),
        "{c:?}: stderr is not one clean line: {stderr:?}"
    );
    assert!(
        message.len() <= 4000,
        "{c:?}: stderr of {} bytes",
        message.len()
    );
    let generates = c.args.first().is_some_and(|a| a == "debruijn")
        && c.args
            .iter()
            .any(|a| a.starts_with("prefer") || a.starts_with("reversed"));
    if c.args.iter().any(|a| a == "--json") && !stdout.is_empty() && !generates {
        let v: serde_json::Value = serde_json::from_slice(&stdout)
            .unwrap_or_else(|e| panic!("{c:?}: stdout is not JSON ({e})"));
        assert!(v.is_object(), "{c:?}: JSON is not an object");
    }
    (code.unwrap_or(-1), stderr)
}

/// The regression corpus: every input named in issues 8 and 13.
fn regression_corpus() -> Vec<Case> {
    let mut cases = vec![
        // Found by the AFL++ target (fuzz/): hours of direct computation.
        case(&["value", "domino", "666666"]),
        case(&["moves", "octal", "0.07:20260"]),
        case(&["subtraction", "{{{1,2"]),
        case(&["subtraction", "1,2}"]),
        case(&["subtraction", "1,,,"]),
        case(&["subtraction", "1,10^30", "--period"]),
        case(&[
            "subtraction",
            "2,4,7",
            "--period",
            "--max-terms",
            "99999999999",
        ]),
        case(&["subtraction", "2,4,7", "--period", "--json"]),
        case(&["domineering", "4x1073741825"]),
        case(&["domineering", "65536x65536"]),
        case(&["domineering", "2x2147483648"]),
        case(&["domineering", "2147483648x2"]),
        case(&["domineering", "0x0"]),
        case(&["domineering", "0x0", "--json"]),
        case(&["domineering", "99999999999999999999999999999999999999999x1"]),
        case(&["domineering", "2x2", "--json"]),
        case(&["domineering", "..#/\u{7}../..."]),
        case(&["graph", &corpus("graph_value_and_moves.txt")]),
        case(&["graph", &corpus("graph_two_values.txt")]),
        case(&["graph", &corpus("graph_double_colon.txt")]),
        case(&["graph", &corpus("graph_nul.txt")]),
        case(&["graph", &corpus("graph_control.txt")]),
        case(&["graph", &corpus("graph_ok.txt"), "--json"]),
        case(&["graph", "/nonexistent/graph\nfile"]),
        case(&["graph", &"x".repeat(5000)]),
        case(&["debruijn", "check", &corpus("debruijn_bad_char.txt")]),
        case(&[
            "debruijn",
            "check",
            &corpus("debruijn_order3.txt"),
            "--json",
        ]),
        case(&[
            "debruijn",
            "check",
            &corpus("debruijn_repeat.txt"),
            "--json",
        ]),
        case(&["debruijn", "check", &corpus("debruijn_length3.txt")]),
        case(&["debruijn", "check", &corpus("debruijn_binary.txt")]),
        with_stdin(&["debruijn", "check"], b""),
        with_stdin(&["debruijn", "check", "--json"], b"0\n"),
        with_stdin(&["graph", "-"], b""),
        with_stdin(&["graph", "-", "--json"], b"a: b\nb:\n"),
        with_stdin(&["graph", "-"], "a: b\n".repeat(3).as_bytes()),
        with_stdin(&["graph", "-"], &[0xff, 0xfe, b'\n']),
        with_stdin(&["ssc", "decompose", "-"], b"BWB\0\n"),
        // mex play: an over-long line, binary input, no final newline.
        with_stdin(&["play", "nim", "30,40,50"], &[0u8; 70_000]),
        with_stdin(&["play", "nim", "1,2"], &[0xff, 0xfe, b'\n', b'1']),
        with_stdin(
            &["play", "nim", "1,2"],
            b"moves\nhint\n9999999999999999999999\n-1\n",
        ),
        with_stdin(
            &[
                "play",
                "generalized-shift-game",
                "0110:000",
                "--side",
                "Alice",
            ],
            b"1\n2\n1\n",
        ),
        case(&["ssc", "decompose", "BBWBBWW", "--json"]),
        case(&["ssc", "decompose", "BX\nW"]),
        case(&["octal", "0.0\n7"]),
        case(&["octal", &format!("0.{}", "7".repeat(300))]),
        case(&["cherries", "BWB\u{1b}WWB"]),
        case(&["stack-cherries", "BWB WWB", "--json"]),
        case(&["shift-game", "next", "01\u{1}10"]),
        case(&["shift-game", "next", "0110", "--json"]),
        case(&["nim", "25", "21", "11", "--json"]),
        case(&["nim", &"9".repeat(40_000)]),
        case(&["nim", "2^99999999999"]),
        case(&["nim", "-1"]),
        case(&["mex", "0", "1", "3"]),
        case(&["wythoff", "153", "289", "--json"]),
        case(&["game", "{1|0} + {0|-1}", "--json"]),
        case(&["game", "{{{{"]),
        case(&["game", &"{".repeat(100_000)]),
        case(&["sum", "nim:5", "wythoff:3,5", "--json"]),
        case(&["sum", "nim:\n5"]),
        case(&["debruijn", "game-of", "1110100\n0"]),
        case(&["subtraction", &format!("1,{}", "\n".repeat(100))]),
    ];
    if std::path::Path::new("/dev/zero").exists() {
        cases.push(case(&["graph", "/dev/zero"]));
        cases.push(case(&["debruijn", "check", "/dev/zero"]));
        cases.push(case(&["ssc", "decompose", "/dev/zero"]));
    }
    cases
}

#[test]
fn regression_corpus_holds_the_property() {
    for c in regression_corpus() {
        run(&c);
    }
}

/// Input that used to be accepted silently, read wrongly, or read without
/// bound, and must be refused (status 2) with the stated reason.
#[test]
fn hostile_inputs_are_refused() {
    let mut refused = vec![
        (case(&["subtraction", "{{{1,2"]), "unbalanced braces"),
        (case(&["subtraction", "1,2}"]), "unbalanced braces"),
        (case(&["subtraction", "1,,,"]), "empty element"),
        (case(&["subtraction", "1,10^30"]), "10^30"),
        (
            case(&[
                "subtraction",
                "2,4,7",
                "--period",
                "--max-terms",
                "99999999999",
            ]),
            "--max-terms",
        ),
        (case(&["domineering", "4x1073741825"]), "exceeds"),
        (case(&["domineering", "65536x65536"]), "exceeds"),
        (case(&["domineering", "2x2147483648"]), "exceeds"),
        (case(&["domineering", "2147483648x2"]), "exceeds"),
        (case(&["domineering", "0x0"]), "below the minimum"),
        (
            case(&["graph", &corpus("graph_value_and_moves.txt")]),
            "line 2",
        ),
        (case(&["graph", &corpus("graph_two_values.txt")]), "line 2"),
        (
            case(&["graph", &corpus("graph_double_colon.txt")]),
            "line 1",
        ),
        (case(&["graph", &corpus("graph_nul.txt")]), "NUL"),
        (case(&["graph", "/nonexistent/file"]), "cannot read"),
        (
            case(&["debruijn", "check", &corpus("debruijn_bad_char.txt")]),
            "byte 5",
        ),
        (
            case(&["debruijn", "check", &corpus("debruijn_length3.txt")]),
            "2^n",
        ),
    ];
    if std::path::Path::new("/dev/zero").exists() {
        // A device is not a regular file: refused before it is read.
        refused.push((case(&["graph", "/dev/zero"]), "not a regular file"));
        refused.push((
            case(&["debruijn", "check", "/dev/zero"]),
            "not a regular file",
        ));
    }
    for (c, reason) in refused {
        let (code, stderr) = run(&c);
        assert_eq!(code, 2, "{c:?} was not refused: {stderr}");
        assert!(stderr.contains(reason), "{c:?}: {stderr}");
        assert!(
            !stderr.contains("--") || reason.starts_with("--"),
            "{c:?}: {stderr}"
        );
    }
}

/// `mex debruijn prefer-one 24 | mex debruijn check` (issue 13).
#[test]
fn order_24_sequence_checks() {
    let out = common::mex_bounded(&["debruijn", "prefer-one", "24"]);
    assert!(out.status.success());
    let c = with_stdin(&["debruijn", "check", "--json"], &out.stdout);
    run(&c);
    let checked = common::output_bounded(
        Command::new(env!("CARGO_BIN_EXE_mex")).args(["debruijn", "check", "-", "--json"]),
        Some(&out.stdout),
    );
    assert!(checked.status.success(), "{checked:?}");
    let v: serde_json::Value = serde_json::from_slice(&checked.stdout).unwrap();
    assert_eq!(v["de_bruijn"], true);
    assert_eq!(v["order"], 24);
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "0",
    "1",
    "7",
    "9",
    "{",
    "}",
    "|",
    ",",
    ":",
    "=",
    "x",
    ".",
    "#",
    "/",
    "^",
    "-",
    "_",
    " ",
    "\t",
    "\n",
    "\r",
    "\u{7}",
    "\u{1b}[2J",
    "é",
    "B",
    "W",
    "win",
    "draw",
    "99999999999999999999",
    "2^64",
];

/// Edits `text` once: inserts a piece, deletes a character, or doubles a
/// slice.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = rng.below(chars.len() + 1);
    let (head, tail): (String, String) =
        (chars[..at].iter().collect(), chars[at..].iter().collect());
    match rng.below(3) {
        0 => format!("{head}{}{tail}", PIECES[rng.below(PIECES.len())]),
        1 => format!("{head}{}", tail.chars().skip(1).collect::<String>()),
        _ => format!("{head}{head}{tail}"),
    }
}

/// Seeds whose mutations stay cheap to answer (the exhaustive engines —
/// Domineering, octal codes, game notation — are covered by the corpus and
/// by mex-core's property tests instead).
fn seeds() -> Vec<Case> {
    vec![
        case(&["subtraction", "{1,3,4}", "--period", "--json"]),
        case(&["subtraction", "2,4,7", "--terms", "20"]),
        case(&["nim", "25", "21", "11", "--json"]),
        case(&["wythoff", "153", "289"]),
        case(&["ssc", "decompose", "BBWBBWW", "--json"]),
        case(&["cherries", "BWB WWB", "--json"]),
        case(&["shift-game", "next", "0110"]),
        case(&["debruijn", "game-of", "11101000"]),
        with_stdin(&["graph", "-", "--json"], b"a: b c\nb: a\nc:\nd = draw\n"),
        with_stdin(&["debruijn", "check", "--json"], b"11101000\n"),
        // mex play's input: move numbers, labels and commands, mutated.
        with_stdin(&["play", "nim", "3,4,5"], b"1\nhint\nmoves\n2\nquit\n"),
        with_stdin(
            &["play", "domineering", "3x3", "--side", "Right"],
            b"2\nhint\n1\n1\n",
        ),
        with_stdin(&["play", "ssc", "BBW WB"], b"1\n1\n"),
        with_stdin(
            &["play", "shift-game", "0000", "--side", "Bob"],
            b"1\n2\n1\n2\n",
        ),
    ]
}

#[test]
fn generated_inputs_hold_the_property() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let seeds = seeds();
    for _ in 0..GENERATED {
        let mut c = seeds[rng.below(seeds.len())].clone();
        let edits = 1 + rng.below(4);
        for _ in 0..edits {
            match &mut c.stdin {
                Some(input) if rng.below(2) == 0 => {
                    let text = String::from_utf8_lossy(input).into_owned();
                    *input = mutate(&mut rng, &text).into_bytes();
                }
                _ => {
                    let positional: Vec<usize> = (1..c.args.len())
                        .filter(|&i| !c.args[i].starts_with("--") && c.args[i] != "-")
                        .collect();
                    if let Some(&i) = positional.get(rng.below(positional.len().max(1))) {
                        c.args[i] = mutate(&mut rng, &c.args[i]);
                    }
                }
            }
        }
        run(&c);
    }
}
