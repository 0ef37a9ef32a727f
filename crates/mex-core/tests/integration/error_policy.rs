//! Guards on the error policy over the whole library source (issue 8):
//! a range check whose lower end fails must not report "too large", and
//! messages never name command-line options or commands (the front end
//! adds those).

use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("source directory") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("source file");
            out.push((path.display().to_string(), text));
        }
    }
}

fn library_sources() -> Vec<(String, String)> {
    let mut out = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
    assert!(out.len() > 20, "found the sources");
    out
}

/// Code lines (comments and doc comments dropped) with their numbers.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .map(|(i, l)| (i + 1, l))
        .collect()
}

/// `if x == 0 || x > LIMIT { return Err(too_large(..)) }` calls 0 too large;
/// `MexError::check_range` tells the two sides apart.
#[test]
fn lower_bounds_are_not_reported_as_too_large() {
    let mut offenders = Vec::new();
    for (path, text) in library_sources() {
        let lines = code_lines(&text);
        for (k, (number, line)) in lines.iter().enumerate() {
            let lower_and_upper =
                (line.contains("== 0 ||") || line.contains("< 1 ||")) && line.contains('>');
            let reports_large = lines[k + 1..]
                .iter()
                .take(3)
                .any(|(_, l)| l.contains("too_large(") || l.contains("above_limit("));
            if lower_and_upper && reports_large {
                offenders.push(format!("{path}:{number}"));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "use MexError::check_range: {offenders:?}"
    );
}

/// String literals in library code never mention `--option` or `mex
/// command`.
#[test]
fn messages_name_no_command_line_options() {
    let mut offenders = Vec::new();
    for (path, text) in library_sources() {
        if path.ends_with("error.rs") {
            continue;
        }
        for (number, line) in code_lines(&text) {
            let literals: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
            let names_option = literals.iter().any(|lit| {
                lit.match_indices("--")
                    .any(|(i, _)| lit[i + 2..].starts_with(|c: char| c.is_ascii_lowercase()))
                    || lit.contains("`mex ")
            });
            if names_option {
                offenders.push(format!("{path}:{number}"));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "option names in messages: {offenders:?}"
    );
}
