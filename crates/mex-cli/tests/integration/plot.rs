//! `--plot FILE.svg` on the nim-sequence commands: the picture is parsed
//! back as XML and its bars and period marks checked against the values.

use crate::common;

use std::process::Command;

fn plot(args: &[&str], name: &str) -> String {
    let dir = common::scratch_dir(name);
    let file = dir.join("plot.svg");
    let out = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .arg("--plot")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    svg
}

/// The bars' values and the x positions of the period marks.
fn parse(svg: &str) -> (Vec<u32>, usize, bool) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let class = |n: &roxmltree::Node, c: &str| n.attribute("class") == Some(c);
    let values: Vec<u32> = root
        .descendants()
        .filter(|n| class(n, "value"))
        .map(|n| n.attribute("data-value").unwrap().parse().unwrap())
        .collect();
    let periods = root.descendants().filter(|n| class(n, "period")).count();
    let shaded = root.descendants().any(|n| class(&n, "preperiod"));
    (values, periods, shaded)
}

#[test]
fn subtraction_plot_shows_the_values_and_periods() {
    // S = {1,2}: G(n) = n mod 3, preperiod 0, period 3; 32 values shown.
    let svg = plot(&["subtraction", "1,2"], "sub");
    let (values, periods, shaded) = parse(&svg);
    assert_eq!(values.len(), 32);
    assert!(values.iter().enumerate().all(|(n, &v)| v == n as u32 % 3));
    assert_eq!(periods, 32 / 3 + 1);
    assert!(!shaded);
}

#[test]
fn octal_plot_shades_the_preperiod() {
    // 0.07 (Dawson's Kayles): preperiod 53, period 34; two periods shown.
    let svg = plot(&["octal", "0.07"], "oct");
    let (values, periods, shaded) = parse(&svg);
    assert_eq!(values.len(), 53 + 2 * 34);
    assert_eq!(periods, 3);
    assert!(shaded);
    assert_eq!(&values[..6], &[0, 0, 1, 1, 2, 0]);
}

#[test]
fn plot_with_terms_and_no_period() {
    let svg = plot(&["subtraction", "1,3,4", "--terms", "20"], "terms");
    let (values, _, _) = parse(&svg);
    assert_eq!(values.len(), 20);
}
