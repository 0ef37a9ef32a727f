//! `mex debruijn graph N --svg/--dot` and `mex graph --dot`: the pictures
//! are parsed back (SVG as XML, Graphviz by its lines) and their vertices,
//! edges and path checked against the play printed by `--json`.

use crate::common;

use common::{json, mex, scratch_dir};
use std::collections::BTreeSet;

fn has_class(n: &roxmltree::Node, c: &str) -> bool {
    n.attribute("class")
        .is_some_and(|v| v.split(' ').any(|w| w == c))
}

#[test]
fn debruijn_graph_svg_draws_the_optimal_play() {
    for n in [1u32, 3, 4, 6] {
        let dir = scratch_dir(&format!("svg{n}"));
        let file = dir.join("g.svg");
        let arg = n.to_string();
        let report = json(&["debruijn", "graph", &arg, "--svg", file.to_str().unwrap()]);
        assert_eq!(report["vertices"], 1 << n);
        assert_eq!(report["edges"], 2 << n);
        let play: Vec<String> = report["play"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        assert_eq!(play.len(), 1 << n);
        assert_eq!(play[0], "0".repeat(n as usize));
        let svg = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let nodes = root
            .descendants()
            .filter(|x| x.has_tag_name("g") && has_class(x, "node"))
            .count();
        assert_eq!(nodes, 1 << n);
        let edges: Vec<_> = root
            .descendants()
            .filter(|x| x.has_tag_name("path") && has_class(x, "edge"))
            .collect();
        assert_eq!(edges.len(), 2 << n);
        let drawn: BTreeSet<(String, String)> = edges
            .iter()
            .filter(|x| has_class(x, "path"))
            .map(|x| {
                (
                    x.attribute("data-from").unwrap().into(),
                    x.attribute("data-to").unwrap().into(),
                )
            })
            .collect();
        let k = play.len();
        let want: BTreeSet<(String, String)> = (0..k)
            .map(|i| (play[i].clone(), play[(i + 1) % k].clone()))
            .collect();
        assert_eq!(drawn, want, "n = {n}");
    }
}

#[test]
fn debruijn_graph_dot_on_stdout_and_in_a_file() {
    let out = mex(&["debruijn", "graph", "3", "--dot"]);
    assert!(out.status.success());
    let dot = String::from_utf8(out.stdout).unwrap();
    assert!(dot.starts_with("digraph "));
    let edges: Vec<&str> = dot.lines().filter(|l| l.contains(" -> ")).collect();
    assert_eq!(edges.len(), 16);
    assert_eq!(edges.iter().filter(|l| l.contains("penwidth")).count(), 8);
    let dir = scratch_dir("dot");
    let file = dir.join("g.dot");
    let report = json(&["debruijn", "graph", "3", "--dot", file.to_str().unwrap()]);
    assert_eq!(report["vertices"], 8);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), dot);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn debruijn_graph_refuses_large_orders_and_unwritable_files() {
    for args in [
        &["debruijn", "graph", "7"][..],
        &["debruijn", "graph", "0"],
        &["debruijn", "graph", "3", "--svg", "/nonexistent-dir/x.svg"],
        &["debruijn", "graph", "3", "--dot", "--json"],
    ] {
        let out = mex(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn graph_dot_colours_positions_by_outcome() {
    let dir = scratch_dir("graph");
    let input = dir.join("g.txt");
    std::fs::write(&input, "a: b\nb: a c\nc:\nd: d\n").unwrap();
    let out = mex(&["graph", input.to_str().unwrap(), "--dot"]);
    assert!(out.status.success());
    let dot = String::from_utf8(out.stdout).unwrap();
    let nodes: Vec<&str> = dot.lines().filter(|l| l.contains("[label=")).collect();
    assert_eq!(nodes.len(), 4);
    assert_eq!(dot.lines().filter(|l| l.contains(" -> ")).count(), 4);
    let values = json(&["graph", input.to_str().unwrap()]);
    for (name, v) in values["positions"].as_object().unwrap() {
        let outcome = v["outcome"].as_str().unwrap();
        let label = match v["remoteness"].as_u64() {
            Some(r) => format!("\"{name}\\n{outcome} {r}\""),
            None => format!("\"{name}\\n{outcome}\""),
        };
        assert!(nodes.iter().any(|l| l.contains(&label)), "{label}\n{dot}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
