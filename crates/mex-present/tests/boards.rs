//! The board writer draws every catalog game's picture as SVG that parses,
//! with one `class="spot"` element per spot of the picture, numbered as
//! `Picture::changes` numbers them; text is escaped; strips stay on one
//! line; heaps, graphs, registers and oversized pictures are drawn as
//! documented; and the pictures' JSON has the shape the web page reads.

use mex_core::games::picture::{Cell, Edge, Grid, Node, Owner, Picture, Spot, MAX_SPOTS};
use mex_core::games::{catalog, find};
use mex_present::board::board_svg;
use serde_json::json;
use std::collections::BTreeSet;

/// Positions drawn besides the examples: every shape and its corners.
const MORE: &[(&str, &str)] = &[
    ("nim", "0,2^200,7"),
    ("domino", "2,36"),
    ("kayles", "III. II"),
    ("toads-and-frogs", "-"),
    ("hackenbush", "BRB R BB"),
    (
        "hackenbush-graph",
        "0-1:B 1-2:R 1-2:G 0-0:G 2-2:R 0-3:B 0-3:R",
    ),
    ("col", "C5; B.r.."),
    ("snort", "2x3; .b.R.."),
    ("nogo", "x.#/.o./#.."),
    ("graph", "a: b c; b: a; c: d; d = win @ c"),
    ("cutcake", "1x1 3x2 2x5"),
];

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}: {svg}"))
}

/// The `data-spot` values of the drawing, checking each is a spot element.
fn drawn_spots(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter_map(|n| {
            let spot = n.attribute("data-spot")?;
            let classes: Vec<&str> = n.attribute("class").unwrap_or("").split(' ').collect();
            assert!(classes.contains(&"spot"), "{spot} has classes {classes:?}");
            Some(spot.to_string())
        })
        .collect()
}

fn assert_spots_drawn(name: &str, picture: &Picture) {
    let svg = board_svg(picture);
    let doc = parse(&svg);
    let drawn = drawn_spots(&doc);
    let expected: Vec<String> = picture.spots().iter().map(Spot::to_string).collect();
    assert_eq!(
        drawn.iter().collect::<BTreeSet<_>>(),
        expected.iter().collect::<BTreeSet<_>>(),
        "{name}"
    );
    assert_eq!(drawn.len(), expected.len(), "{name}: a spot drawn twice");
    let root = doc.root_element();
    assert!(root.attribute("viewBox").is_some() && root.attribute("width").is_some());
}

#[test]
fn every_example_is_drawn_with_every_spot() {
    for game in catalog() {
        let info = game.info();
        let positions = std::iter::once(info.example).chain(
            MORE.iter()
                .filter(|(n, _)| *n == info.name)
                .map(|(_, p)| *p),
        );
        for position in positions {
            let picture = game.picture(position).unwrap();
            assert_spots_drawn(&format!("{} {position}", info.name), &picture);
        }
    }
}

#[test]
fn every_kind_of_spot_is_counted() {
    let count = |p: &Picture, kind: &str| {
        let svg = board_svg(p);
        let doc = parse(&svg);
        drawn_spots(&doc)
            .iter()
            .filter(|s| s.starts_with(&format!("{kind}:")))
            .count()
    };
    let graph = find("hackenbush").unwrap().picture("BRB BB").unwrap();
    assert_eq!((count(&graph, "edge"), count(&graph, "node")), (5, 7));
    let heaps = find("nim").unwrap().picture("3,4,5").unwrap();
    assert_eq!(count(&heaps, "heap"), 3);
    let bits = find("shift-game").unwrap().picture("0110").unwrap();
    assert_eq!(count(&bits, "bit"), 4);
    let cells = find("cutcake").unwrap().picture("2x3 4x8").unwrap();
    assert_eq!(count(&cells, "cell"), 38);
}

#[test]
fn text_is_escaped() {
    let text = "a < b && c > \"d\" 'e'\nnext line\u{1}";
    let svg = board_svg(&Picture::text(text));
    let doc = parse(&svg);
    let shown: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("tspan"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(shown, vec!["a < b && c > \"d\" 'e'", "next line\u{fffd}"]);
    let graph = Picture::Graph {
        directed: true,
        nodes: vec![Node::labelled("<a&b>"), Node::labelled("x\"y")],
        edges: vec![Edge {
            from: 0,
            to: 1,
            owner: None,
        }],
    };
    let svg = board_svg(&graph);
    let doc = parse(&svg);
    assert!(doc.descendants().any(|n| n.text() == Some("<a&b>")));
    assert!(doc.descendants().any(|n| n.text() == Some("x\"y")));
}

/// The `y` of every cell's square.
fn cell_rows(svg: &str) -> BTreeSet<String> {
    parse(svg)
        .descendants()
        .filter(|n| {
            n.attribute("data-spot")
                .is_some_and(|s| s.starts_with("cell:"))
        })
        .filter_map(|n| n.children().find(|c| c.has_tag_name("rect")))
        .map(|r| r.attribute("y").unwrap().to_string())
        .collect()
}

#[test]
fn a_strip_is_one_line_however_long() {
    let svg = board_svg(&find("domino").unwrap().picture("40").unwrap());
    assert_eq!(cell_rows(&svg).len(), 1);
    let doc = parse(&svg);
    let width: f64 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    assert!(width >= 40.0 * 36.0, "{width}");
    let rows = board_svg(
        &find("toads-and-frogs")
            .unwrap()
            .picture("TT..FF T.F")
            .unwrap(),
    );
    assert_eq!(cell_rows(&rows).len(), 2);
}

#[test]
fn pieces_have_their_owner_colour_glyph_and_name() {
    let svg = board_svg(&find("clobber").unwrap().picture("xo").unwrap());
    let doc = parse(&svg);
    let cell = |k: usize| {
        doc.descendants()
            .find(|n| n.attribute("data-spot") == Some(&format!("cell:{k}")))
            .unwrap()
    };
    let title = |k: usize| {
        cell(k)
            .children()
            .find(|c| c.has_tag_name("title"))
            .and_then(|t| t.text())
            .unwrap()
            .to_string()
    };
    assert_eq!(title(0), "a1: stone of Left");
    assert_eq!(title(1), "b1: stone of Right");
    let fills = |k: usize| -> Vec<String> {
        cell(k)
            .descendants()
            .filter_map(|n| n.attribute("fill").map(String::from))
            .collect()
    };
    assert!(fills(0).contains(&"#1f6feb".to_string()));
    assert!(fills(1).contains(&"#cf222e".to_string()));
    assert!(cell(0).descendants().any(|n| n.text() == Some("x")));
}

#[test]
fn huge_heaps_are_capped_bars_with_their_size() {
    let two_200 = "1606938044258990275541962092341162602522202993782792835301376";
    let svg = board_svg(&Picture::heaps(&[two_200, "3"]));
    let doc = parse(&svg);
    let heap = |k: usize| {
        doc.descendants()
            .find(|n| n.attribute("data-spot") == Some(&format!("heap:{k}")))
            .unwrap()
    };
    assert_eq!(heap(0).attribute("data-size"), Some(two_200));
    let bar = heap(0)
        .children()
        .find(|c| c.attribute("class") == Some("bar"))
        .unwrap();
    assert!(bar.attribute("height").unwrap().parse::<f64>().unwrap() <= 240.0);
    assert!(heap(0)
        .descendants()
        .any(|n| n.text() == Some("16069…1376")));
    let counters = heap(1)
        .children()
        .filter(|c| c.attribute("class") == Some("counter"))
        .count();
    assert_eq!(counters, 3);
    let height: f64 = doc
        .root_element()
        .attribute("height")
        .unwrap()
        .parse()
        .unwrap();
    assert!(height < 400.0);
}

/// The centre of each node, by spot.
fn node_centres(svg: &str) -> Vec<(f64, f64)> {
    parse(svg)
        .descendants()
        .filter(|n| {
            n.attribute("data-spot")
                .is_some_and(|s| s.starts_with("node:"))
        })
        .map(|n| {
            let shape = n
                .children()
                .find(|c| c.has_tag_name("circle") || c.has_tag_name("rect"))
                .unwrap();
            let get = |a: &str| shape.attribute(a).unwrap().parse::<f64>().unwrap();
            if shape.has_tag_name("circle") {
                (get("cx"), get("cy"))
            } else {
                (get("x") + 5.0, get("y") + 5.0)
            }
        })
        .collect()
}

#[test]
fn stalks_stand_where_the_picture_says_and_graphs_go_round_a_circle() {
    let stalk = board_svg(&find("hackenbush").unwrap().picture("BRB").unwrap());
    let at = node_centres(&stalk);
    assert!(at.iter().all(|p| p.0 == at[0].0), "{at:?}");
    assert!(at.windows(2).all(|w| w[1].1 < w[0].1), "upwards: {at:?}");
    assert!(parse(&stalk)
        .descendants()
        .any(|n| n.attribute("class") == Some("ground")));

    let game_graph = find("graph")
        .unwrap()
        .picture("a: b c; b: c; c: d; d: a @ b")
        .unwrap();
    let svg = board_svg(&game_graph);
    let centres = node_centres(&svg);
    let middle = centres
        .iter()
        .fold((0.0, 0.0), |s, p| (s.0 + p.0 / 4.0, s.1 + p.1 / 4.0));
    let radii: Vec<f64> = centres
        .iter()
        .map(|p| ((p.0 - middle.0).powi(2) + (p.1 - middle.1).powi(2)).sqrt())
        .collect();
    assert!(
        radii.iter().all(|r| (r - radii[0]).abs() < 0.5),
        "{radii:?}"
    );
    let doc = parse(&svg);
    let arcs = doc
        .descendants()
        .filter(|n| n.attribute("marker-end").is_some())
        .count();
    assert_eq!(arcs, 5);
    let marked: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.contains("marked")))
        .filter_map(|n| n.attribute("data-spot"))
        .collect();
    assert_eq!(marked, vec!["node:1"]);
}

#[test]
fn a_register_is_a_row_of_bits() {
    let svg = board_svg(&find("shift-game").unwrap().picture("0110").unwrap());
    let doc = parse(&svg);
    let bits: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("data-spot").is_some())
        .map(|n| {
            n.descendants()
                .filter_map(|t| t.text())
                .next_back()
                .unwrap()
        })
        .collect();
    assert_eq!(bits, vec!["0", "1", "1", "0"]);
}

#[test]
fn pictures_beyond_the_bound_are_bounded_text() {
    let strips = Picture::Strips {
        strips: vec![vec![Cell::Empty; MAX_SPOTS + 1]],
    };
    let svg = board_svg(&strips);
    assert!(svg.len() < 100_000, "{}", svg.len());
    let doc = parse(&svg);
    assert!(drawn_spots(&doc).is_empty());
    assert!(svg.contains("too large to draw"));
    let cells = Picture::Grid(Grid::filled(150, 150, Cell::Blocked));
    let grid_svg = board_svg(&cells);
    assert!(grid_svg.contains("#".repeat(150).as_str()));
    assert!(grid_svg.len() < 100_000, "{}", grid_svg.len());
}

#[test]
fn pictures_serialise_in_the_shape_the_page_reads() {
    let grid = find("clobber").unwrap().picture("x./.o").unwrap();
    assert_eq!(
        serde_json::to_value(&grid).unwrap(),
        json!({"shape": "grid", "rows": 2, "columns": 2, "cells": [
            {"kind": "piece", "owner": "left", "name": "stone", "glyph": "x"},
            {"kind": "empty"},
            {"kind": "empty"},
            {"kind": "piece", "owner": "right", "name": "stone", "glyph": "o"}
        ]})
    );
    let cakes = find("cutcake").unwrap().picture("1x2").unwrap();
    assert_eq!(
        serde_json::to_value(&cakes).unwrap(),
        json!({"shape": "grids", "grids": [
            {"rows": 1, "columns": 2, "cells": [{"kind": "empty"}, {"kind": "empty"}]}
        ]})
    );
    let cram = find("cram").unwrap().picture("#.").unwrap();
    assert_eq!(
        serde_json::to_value(&cram).unwrap()["cells"][0],
        json!({"kind": "blocked"})
    );
    let strips = find("toads-and-frogs").unwrap().picture("T. F").unwrap();
    assert_eq!(
        serde_json::to_value(&strips).unwrap(),
        json!({"shape": "strips", "strips": [
            [{"kind": "piece", "owner": "left", "name": "toad", "glyph": "T"}, {"kind": "empty"}],
            [{"kind": "piece", "owner": "right", "name": "frog", "glyph": "F"}]
        ]})
    );
    let heaps = find("nim").unwrap().picture("3,2^70").unwrap();
    assert_eq!(
        serde_json::to_value(&heaps).unwrap(),
        json!({"shape": "heaps", "heaps": ["3", "1180591620717411303424"]})
    );
    let stalk = find("hackenbush").unwrap().picture("B").unwrap();
    assert_eq!(
        serde_json::to_value(&stalk).unwrap(),
        json!({"shape": "graph", "directed": false, "nodes": [
            {"label": "", "at": [0, 0], "cell": {"kind": "empty"}, "ground": true, "marked": false},
            {"label": "", "at": [0, 1], "cell": {"kind": "empty"}, "ground": false, "marked": false}
        ], "edges": [{"from": 0, "to": 1, "owner": "left"}]})
    );
    let col = find("col").unwrap().picture("K2; b.").unwrap();
    assert_eq!(
        serde_json::to_value(&col).unwrap()["cells"][0],
        json!({"kind": "tint", "owner": "left"})
    );
    let register = find("shift-game").unwrap().picture("010").unwrap();
    assert_eq!(
        serde_json::to_value(&register).unwrap(),
        json!({"shape": "register", "bits": "010"})
    );
    let text = find("expression").unwrap().picture("{1|0}").unwrap();
    assert_eq!(serde_json::to_value(&text).unwrap()["shape"], "text");
    assert_eq!(
        serde_json::to_value(Spot::Edge(2)).unwrap(),
        json!({"kind": "edge", "index": 2})
    );
    assert_eq!(serde_json::to_value(Owner::Neutral).unwrap(), "neutral");
}

#[test]
fn pictures_whose_parts_do_not_fit_are_drawn_without_panic() {
    let dangling = Picture::Graph {
        directed: true,
        nodes: vec![Node::labelled("a")],
        edges: vec![Edge {
            from: 0,
            to: 7,
            owner: Some(Owner::Left),
        }],
    };
    assert_eq!(drawn_spots(&parse(&board_svg(&dangling))).len(), 2);
    let short = Picture::Grid(Grid {
        rows: 3,
        columns: 3,
        cells: vec![Cell::Empty; 2],
    });
    assert_eq!(drawn_spots(&parse(&board_svg(&short))).len(), 2);
}
