//! Small SVG and Graphviz writers for the pictures the playground and the
//! command line share: the De Bruijn graph with a play drawn as a path (the
//! graph itself, its edges and the optimal play are computed in
//! `mex_core::shift::graph`; here they are only drawn). Coordinates are
//! floating point because they are drawing positions, not answers.

use mex_core::partizan::thermograph::{Thermograph, Wall, Q};
use mex_core::shift::graph::DeBruijnGraph;
use num_traits::ToPrimitive;
use std::collections::BTreeSet;
use std::f64::consts::PI;
use std::fmt::Write;

/// Escapes text for XML and for Graphviz quoted strings.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The distinct edges walked by a path of states.
pub fn path_edges(path: &[u32]) -> BTreeSet<(u32, u32)> {
    path.windows(2).map(|w| (w[0], w[1])).collect()
}

/// The optimal play closed by its last turn back to `0^n`: the path drawn
/// by `mex debruijn graph`.
pub fn closed_play(g: &DeBruijnGraph) -> Vec<u32> {
    let mut p = g.play.clone();
    p.push(0);
    p
}

const ALICE_FILL: &str = "#ffe3c4";
const BOB_FILL: &str = "#d7e6ff";
const PATH_COLOUR: &str = "#c0392b";

/// The De Bruijn graph as SVG: the states on a circle in the order of the
/// optimal play (so that the optimal play runs round the rim), each a
/// `<g class="node">` with `data-state`; each edge a `<path class="edge">`
/// with `data-from`/`data-to`, with the class `path` added for edges walked
/// by `path` (a sequence of state indices); the last state of the path gets
/// the class `current`. States where Alice chooses are orange, Bob's blue.
pub fn debruijn_svg(g: &DeBruijnGraph, path: &[u32], title: &str) -> String {
    let size = g.play.len();
    let node_r = 3.5 * g.n as f64 + 9.0;
    let ring = (size as f64 * (2.0 * node_r + 34.0) / (2.0 * PI)).max(60.0);
    let margin = 2.0 * node_r + 30.0;
    let side = 2.0 * (ring + margin);
    let (cx, cy) = (side / 2.0, side / 2.0 + 10.0);
    let mut place = vec![(0.0, 0.0); size];
    for (k, &s) in g.play.iter().enumerate() {
        let a = 2.0 * PI * k as f64 / size as f64 - PI / 2.0;
        place[s as usize] = (cx + ring * a.cos(), cy + ring * a.sin());
    }
    let walked = path_edges(path);
    let height = side + 40.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="debruijn" width="{side:.0}" height="{height:.0}" viewBox="0 0 {side:.0} {height:.0}" font-family="monospace" font-size="10">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#777"/></marker><marker id="arrow-path" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{PATH_COLOUR}"/></marker></defs>"##
    );
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{side:.0}" height="{height:.0}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r#"<text x="10" y="18" font-family="sans-serif" font-size="13">{}</text>"#,
        escape(title)
    );
    // Ordinary edges first, the path on top.
    let mut ordered: Vec<&(u32, u32)> = g.edges.iter().collect();
    ordered.sort_by_key(|e| walked.contains(e));
    for &&(from, to) in &ordered {
        let on_path = walked.contains(&(from, to));
        let d = edge_geometry(place[from as usize], place[to as usize], (cx, cy), node_r);
        let (class, colour, width, marker) = if on_path {
            ("edge path", PATH_COLOUR, 2.5, "arrow-path")
        } else {
            ("edge", "#9a9a9a", 1.0, "arrow")
        };
        let _ = writeln!(
            s,
            r#"<path class="{class}" data-from="{}" data-to="{}" d="{d}" fill="none" stroke="{colour}" stroke-width="{width}" marker-end="url(#{marker})"/>"#,
            g.label(from),
            g.label(to)
        );
    }
    let current = path.last().copied();
    for v in 0..size as u32 {
        let (x, y) = place[v as usize];
        let who = if g.alice[v as usize] { "alice" } else { "bob" };
        let fill = if g.alice[v as usize] {
            ALICE_FILL
        } else {
            BOB_FILL
        };
        let (class, stroke, sw) = if current == Some(v) {
            (format!("node {who} current"), PATH_COLOUR, 3.0)
        } else {
            (format!("node {who}"), "#444444", 1.0)
        };
        let label = g.label(v);
        let _ = writeln!(
            s,
            r#"<g class="{class}" data-state="{label}"><circle cx="{x:.1}" cy="{y:.1}" r="{node_r:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{label}</text></g>"#,
            y + 3.5
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="10" y="{:.0}" font-family="sans-serif" font-size="12">orange: Alice chooses (last bit 1); blue: Bob chooses; red: the play</text>"##,
        height - 12.0
    );
    s.push_str("</svg>\n");
    s
}

/// The SVG path data of an edge between two node centres: a gentle curve
/// (so that the two directions between a pair of states stay apart), or a
/// loop pointing away from the centre for a self-loop.
fn edge_geometry(a: (f64, f64), b: (f64, f64), centre: (f64, f64), r: f64) -> String {
    if a == b {
        let (dx, dy) = (a.0 - centre.0, a.1 - centre.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let (px, py) = (-uy, ux);
        let start = (
            a.0 + r * (ux * 0.8 + px * 0.6),
            a.1 + r * (uy * 0.8 + py * 0.6),
        );
        let end = (
            a.0 + r * (ux * 0.8 - px * 0.6),
            a.1 + r * (uy * 0.8 - py * 0.6),
        );
        let c1 = (
            start.0 + 2.2 * r * (ux + px * 0.6),
            start.1 + 2.2 * r * (uy + py * 0.6),
        );
        let c2 = (
            end.0 + 2.2 * r * (ux - px * 0.6),
            end.1 + 2.2 * r * (uy - py * 0.6),
        );
        return format!(
            "M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            start.0, start.1, c1.0, c1.1, c2.0, c2.1, end.0, end.1
        );
    }
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // bend to the right of the direction of travel
    let bend = 0.12 * len;
    let mid = ((a.0 + b.0) / 2.0 - uy * bend, (a.1 + b.1) / 2.0 + ux * bend);
    let towards = |p: (f64, f64), q: (f64, f64), d: f64| {
        let (ex, ey) = (q.0 - p.0, q.1 - p.1);
        let l = (ex * ex + ey * ey).sqrt().max(1.0);
        (p.0 + ex / l * d, p.1 + ey / l * d)
    };
    let start = towards(a, mid, r);
    let end = towards(b, mid, r + 1.0);
    format!(
        "M{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1}",
        start.0, start.1, mid.0, mid.1, end.0, end.1
    )
}

/// The De Bruijn graph as Graphviz text: one statement per state (filled
/// by who chooses there) and one per edge, the edges walked by `path`
/// drawn red and bold.
pub fn debruijn_dot(g: &DeBruijnGraph, path: &[u32]) -> String {
    let walked = path_edges(path);
    let mut s = format!(
        "digraph \"De Bruijn graph of order {}\" {{\n  node [shape=circle, style=filled, fontname=\"monospace\"];\n",
        g.n
    );
    for v in 0..g.play.len() as u32 {
        let fill = if g.alice[v as usize] {
            ALICE_FILL
        } else {
            BOB_FILL
        };
        let _ = writeln!(s, "  \"{}\" [fillcolor=\"{fill}\"];", g.label(v));
    }
    for &(from, to) in &g.edges {
        let style = if walked.contains(&(from, to)) {
            format!(" [color=\"{PATH_COLOUR}\", penwidth=2.5]")
        } else {
            String::new()
        };
        let _ = writeln!(s, "  \"{}\" -> \"{}\"{style};", g.label(from), g.label(to));
    }
    s.push_str("}\n");
    s
}

/// The thermograph of a game as SVG, for the playground and for
/// `mex game --thermograph` (Siegel 2013, II.5; Berlekamp, Conway and Guy
/// 1982), drawn as the literature draws it: the temperature `t` upwards
/// from −1, values increasing to the *left* (Left's direction), the left
/// wall in blue, the right wall in red, the mast dashed above the
/// temperature. Each wall is a `<g class="wall left|right">` holding a
/// `<polyline class="left-wall|right-wall">`; both carry the exact
/// breakpoints in `data-points` (`t:value` pairs), the polyline also its
/// `data-tail-slope`, and the `<desc>` repeats them. The mean and the
/// temperature are `<text class="mean">` and `<text class="temperature">`.
/// Coordinates are floating point (a drawing only).
pub fn thermograph_svg(th: &Thermograph, title: &str) -> String {
    let f = |q: &Q| q.to_f64().unwrap_or(0.0);
    let walls = [
        (&th.left, "left", "#1f4e9e"),
        (&th.right, "right", "#b2182b"),
    ];
    // The drawing spans t ∈ [−1, top] with top one above the temperature.
    let top = f(&th.temperature).max(0.0) + 1.0;
    let mean = f(&th.mean);
    let (lo, hi) = walls
        .iter()
        .flat_map(|(w, _, _)| w.breakpoints())
        .fold((mean, mean), |(lo, hi), (_, v)| {
            (lo.min(f(v)), hi.max(f(v)))
        });
    let (lo, hi) = (lo - 1.0, hi + 1.0);
    let (unit, margin) = (60.0_f64, 40.0_f64);
    let width = (hi - lo) * unit + 2.0 * margin;
    let height = (top + 1.0) * unit + 2.0 * margin + 30.0;
    let x = |v: f64| margin + (hi - v) * unit;
    let y = |t: f64| margin + (top - t) * unit;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="thermograph" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        r#"<desc>mean {} temperature {}; left wall {} then slope {}; right wall {} then slope {}</desc>"#,
        th.mean,
        th.temperature,
        exact_points(&th.left),
        th.left.tail_slope(),
        exact_points(&th.right),
        th.right.tail_slope()
    );
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(s, r#"<text x="8" y="16">{}</text>"#, escape(title));
    // Axes: t = 0 horizontally, value 0 vertically (when in range).
    let _ = writeln!(
        s,
        r##"<line class="axis" x1="{margin}" y1="{}" x2="{}" y2="{}" stroke="#999999"/>"##,
        y(0.0),
        width - margin,
        y(0.0)
    );
    if lo <= 0.0 && 0.0 <= hi {
        let _ = writeln!(
            s,
            r##"<line class="axis" x1="{}" y1="{margin}" x2="{}" y2="{}" stroke="#999999"/>"##,
            x(0.0),
            x(0.0),
            y(-1.0) + unit
        );
    }
    for (w, side, colour) in walls {
        let mut points: Vec<(f64, f64)> =
            w.breakpoints().iter().map(|(t, v)| (f(t), f(v))).collect();
        // Extend past the last breakpoint with the tail slope up to `top`.
        let (t_last, v_last) = *points.last().expect("a wall has a breakpoint");
        if t_last < top {
            points.push((top, v_last + w.tail_slope() as f64 * (top - t_last)));
        }
        let path: Vec<String> = points
            .iter()
            .map(|(t, v)| format!("{:.2},{:.2}", x(*v), y(*t)))
            .collect();
        let exact = exact_points(w);
        let _ = writeln!(
            s,
            r#"<g class="wall {side}" data-points="{exact}"><polyline class="{side}-wall" data-points="{exact}" data-tail-slope="{}" points="{}" fill="none" stroke="{colour}" stroke-width="2"/></g>"#,
            w.tail_slope(),
            path.join(" ")
        );
    }
    let _ = writeln!(
        s,
        r##"<line class="mast" x1="{mx:.2}" y1="{:.2}" x2="{mx:.2}" y2="{:.2}" stroke="#555555" stroke-dasharray="4 3"/>"##,
        y(f(&th.temperature).max(-1.0)),
        margin,
        mx = x(mean)
    );
    for (class, text, dy) in [
        ("mean", format!("mean {}", th.mean), 26.0),
        (
            "temperature",
            format!("temperature {}", th.temperature),
            10.0,
        ),
    ] {
        let _ = writeln!(
            s,
            r#"<text class="{class}" x="{margin}" y="{:.0}">{}</text>"#,
            height - dy,
            escape(&text)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A wall's exact breakpoints as `t:value` pairs.
fn exact_points(w: &Wall) -> String {
    w.breakpoints()
        .iter()
        .map(|(t, v)| format!("{t}:{v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first values of a nim sequence as bars (one per heap size n, height
/// the Grundy value), with the preperiod shaded and a dashed line at the
/// start of each period: `preperiod + k * period`.
pub fn nim_sequence_svg(
    title: &str,
    values: &[u32],
    preperiod: Option<usize>,
    period: Option<usize>,
) -> String {
    let (bar, unit, left, top, bottom) = (8.0_f64, 14.0_f64, 40.0, 30.0, 30.0);
    let max = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    let width = left + bar * values.len().max(1) as f64 + 20.0;
    let height = top + unit * max + bottom;
    let base = top + unit * max;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<title>{}</title>"#, escape(title));
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(s, r#"<text x="{left}" y="16">{}</text>"#, escape(title));
    if let Some(mu) = preperiod.filter(|&m| m > 0) {
        let w = bar * mu.min(values.len()) as f64;
        let _ = writeln!(
            s,
            r##"<rect class="preperiod" x="{left}" y="{top}" width="{w}" height="{}" fill="#f3e6b0"/>"##,
            unit * max
        );
    }
    for (n, &v) in values.iter().enumerate() {
        let h = unit * v as f64;
        let _ = writeln!(
            s,
            r##"<rect class="value" data-n="{n}" data-value="{v}" x="{}" y="{}" width="{}" height="{h}" fill="#2a6"/>"##,
            left + bar * n as f64,
            base - h,
            bar - 1.0
        );
    }
    if let (Some(mu), Some(p)) = (preperiod, period.filter(|&p| p > 0)) {
        let mut start = mu;
        while start <= values.len() {
            let x = left + bar * start as f64;
            let _ = writeln!(
                s,
                r##"<line class="period" x1="{x}" y1="{top}" x2="{x}" y2="{base}" stroke="#c33" stroke-dasharray="4 3"/>"##
            );
            start += p;
        }
    }
    let _ = writeln!(
        s,
        r##"<line x1="{left}" y1="{base}" x2="{}" y2="{base}" stroke="#333"/>"##,
        width - 10.0
    );
    let _ = writeln!(s, r#"<text x="4" y="{}">{}</text>"#, top + 8.0, max as u32);
    let _ = writeln!(s, r#"<text x="4" y="{base}">0</text>"#);
    let caption = match (preperiod, period) {
        (Some(mu), Some(p)) => format!(
            "n = 0..{}: preperiod {mu} (shaded), period {p} (dashed lines)",
            values.len()
        ),
        _ => format!("n = 0..{}", values.len()),
    };
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="{}">{}</text>"#,
        base + 20.0,
        escape(&caption)
    );
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).expect("well-formed SVG")
    }

    fn has_class(n: &roxmltree::Node, c: &str) -> bool {
        n.attribute("class")
            .is_some_and(|v| v.split(' ').any(|w| w == c))
    }

    #[test]
    fn debruijn_svg_has_every_state_edge_and_the_play() {
        for n in 1..=6u64 {
            let g = DeBruijnGraph::new(n).unwrap();
            let path = closed_play(&g);
            let svg = debruijn_svg(&g, &path, "De Bruijn <graph> & play");
            let doc = parse(&svg);
            let nodes: Vec<_> = doc
                .descendants()
                .filter(|x| x.has_tag_name("g") && has_class(x, "node"))
                .collect();
            assert_eq!(nodes.len(), 1 << n);
            let states: BTreeSet<&str> = nodes
                .iter()
                .filter_map(|x| x.attribute("data-state"))
                .collect();
            assert_eq!(states.len(), 1 << n);
            let edges: Vec<_> = doc
                .descendants()
                .filter(|x| x.has_tag_name("path") && has_class(x, "edge"))
                .collect();
            assert_eq!(edges.len(), 2 << n);
            let drawn: BTreeSet<(String, String)> = edges
                .iter()
                .filter(|x| has_class(x, "path"))
                .map(|x| {
                    (
                        x.attribute("data-from").unwrap().to_string(),
                        x.attribute("data-to").unwrap().to_string(),
                    )
                })
                .collect();
            let want: BTreeSet<(String, String)> = g
                .play_edges()
                .iter()
                .map(|&(a, b)| (g.label(a), g.label(b)))
                .collect();
            assert_eq!(drawn, want, "n = {n}");
            let current: Vec<_> = nodes.iter().filter(|x| has_class(x, "current")).collect();
            assert_eq!(current.len(), 1);
            assert_eq!(current[0].attribute("data-state"), Some(&*g.label(0)));
        }
    }

    #[test]
    fn debruijn_svg_of_a_partial_play() {
        let g = DeBruijnGraph::new(4).unwrap();
        let path = &g.play[..5];
        let doc_text = debruijn_svg(&g, path, "t");
        let doc = parse(&doc_text);
        let walked = doc.descendants().filter(|x| has_class(x, "path")).count();
        assert_eq!(walked, 4);
        let empty = debruijn_svg(&g, &[], "t");
        assert!(!parse(&empty).descendants().any(|x| has_class(&x, "path")));
    }

    #[test]
    fn debruijn_dot_lists_states_and_edges() {
        let g = DeBruijnGraph::new(3).unwrap();
        let dot = debruijn_dot(&g, &closed_play(&g));
        assert!(dot.starts_with("digraph "));
        assert!(dot.ends_with("}\n"));
        let edges: Vec<&str> = dot.lines().filter(|l| l.contains(" -> ")).collect();
        assert_eq!(edges.len(), 16);
        assert_eq!(edges.iter().filter(|l| l.contains("penwidth")).count(), 8);
        let nodes = dot
            .lines()
            .filter(|l| l.contains("fillcolor") && !l.contains("->"))
            .count();
        assert_eq!(nodes, 8);
        for (a, b) in g.play_edges() {
            let line = format!("  \"{}\" -> \"{}\" [color", g.label(a), g.label(b));
            assert!(dot.contains(&line), "{line}");
        }
    }

    fn thermo(expr: &str) -> Thermograph {
        use mex_core::partizan::{notation, store::GameStore, thermograph::Thermographs};
        let mut store = GameStore::new();
        let g = notation::parse(&mut store, expr).unwrap();
        Thermographs::default().of(&store, g)
    }

    #[test]
    fn thermograph_svg_has_both_walls_with_their_exact_points() {
        for (expr, mean, temp) in [
            ("{3|-1}", "1", "2"),
            ("{2||1|0}", "5/4", "3/4"),
            ("{1|0}", "1/2", "1/2"),
            ("5", "5", "-1"),
            ("{1|0} + {0|-1}", "0", "-1"),
        ] {
            let th = thermo(expr);
            assert_eq!(th.mean.to_string(), mean, "{expr}");
            assert_eq!(th.temperature.to_string(), temp, "{expr}");
            let svg = thermograph_svg(&th, expr);
            let doc = parse(&svg);
            let walls: Vec<_> = doc
                .descendants()
                .filter(|x| x.has_tag_name("g") && has_class(x, "wall"))
                .collect();
            for (node, side) in walls.iter().zip(["left", "right"]) {
                assert!(has_class(node, side));
                let line = node.first_element_child().unwrap();
                assert!(line.has_tag_name("polyline"));
                assert_eq!(line.attribute("class"), Some(&*format!("{side}-wall")));
                assert_eq!(line.attribute("data-points"), node.attribute("data-points"));
            }
            assert_eq!(walls.len(), 2);
            for (node, wall) in walls.iter().zip([&th.left, &th.right]) {
                let points = node.attribute("data-points").unwrap();
                let first = points.split(' ').next().unwrap();
                let (t, x) = first.split_once(':').unwrap();
                assert_eq!(t, "-1");
                assert_eq!(x, wall.breakpoints()[0].1.to_string());
                // Above the temperature both walls are the mast at the mean.
                let last = points.split(' ').next_back().unwrap();
                assert_eq!(last.split_once(':').unwrap().1, mean, "{expr}");
            }
            let text = |c: &str| {
                doc.descendants()
                    .find(|x| has_class(x, c))
                    .and_then(|x| x.text())
                    .unwrap()
                    .to_string()
            };
            assert_eq!(text("mean"), format!("mean {mean}"));
            assert_eq!(text("temperature"), format!("temperature {temp}"));
        }
    }
}
