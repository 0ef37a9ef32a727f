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

/// Where ticks go on an axis from `lo` to `hi`: every multiple of a step
/// of 1, 2 or 5 times a power of ten (at least 1), chosen so that there
/// are at most `most` of them.
pub fn ticks(lo: f64, hi: f64, most: usize) -> Vec<f64> {
    let span = (hi - lo).max(0.0);
    let mut step = 1.0_f64;
    'search: loop {
        for k in [1.0, 2.0, 5.0] {
            if span / (k * step) < most as f64 {
                step *= k;
                break 'search;
            }
        }
        step *= 10.0;
    }
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// A tick's label: the integer it is at.
fn tick_text(v: f64) -> String {
    format!("{}", v.round() as i64)
}

/// The thermograph of a game as SVG, for the playground and for
/// `mex game --thermograph` (Siegel 2013, II.5; Berlekamp, Conway and Guy
/// 1982), drawn as CGSuite draws it: the temperature `t` upwards from −1,
/// values increasing to the *left* (Left's direction), both axes with
/// ticks at whole numbers, the left wall blue and the right wall red up to
/// the temperature, and from there the mast: a vertical line at the mean
/// rising past the top (an arrow), its foot marked (a number's thermograph
/// is its mast alone, from its value at its temperature).
///
/// Elements: each wall is a `<g class="wall left|right">` holding a
/// `<polyline class="left-wall|right-wall">`, both with the exact
/// breakpoints in `data-points` (`t:value` pairs, the polyline also its
/// `data-tail-slope`; the `<desc>` repeats them); `<line class="mast">`
/// with `data-mean` and `data-temperature`, and `<circle
/// class="mast-foot">`; ticks `<line class="tick" data-value=…>` and
/// `<text class="tick-label" data-value=…>` on the value axis (`<g
/// class="axis value-axis">`), the same with `data-t` on the temperature
/// axis; `<text class="axis-label">`, `<text class="mean">` (at the top of
/// the mast) and `<text class="temperature">` (at its foot). Coordinates
/// are floating point (a drawing only).
pub fn thermograph_svg(th: &Thermograph, title: &str) -> String {
    let plot = ThermoPlot::new(th);
    let mut s = String::new();
    let (width, height) = (plot.width(), plot.height());
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="thermograph" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="11">"#
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
        r##"<defs><marker id="mast-arrow" viewBox="0 0 10 10" refX="2" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#222222"/></marker></defs>"##
    );
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width:.0}" height="{height:.0}" fill="#ffffff"/>"##
    );
    let _ = writeln!(s, r#"<text x="8" y="16">{}</text>"#, escape(title));
    plot.axes(&mut s);
    plot.walls(&mut s, th);
    plot.mast(&mut s, th);
    let _ = writeln!(
        s,
        r##"<text class="legend" x="8" y="{:.1}">left wall blue, right wall red, the mast black from the temperature up</text>"##,
        height - 8.0
    );
    s.push_str("</svg>\n");
    s
}

/// The scales of a thermograph's drawing: values `lo ..= hi` (the walls'
/// breakpoints and the mean, one unit of room either side), temperatures
/// `−1 ..= top` (one above the temperature, at least 1), both at `unit`
/// pixels a unit so that the walls' slopes ±1 look as they are.
struct ThermoPlot {
    lo: f64,
    hi: f64,
    top: f64,
    temperature: f64,
    mean: f64,
    unit: f64,
}

/// Room for the drawing's labels: left (temperature ticks), top (title and
/// the mean), bottom (value ticks, the axis label and the legend).
const THERMO_LEFT: f64 = 60.0;
const THERMO_TOP: f64 = 56.0;
const THERMO_BOTTOM: f64 = 64.0;
/// The larger side of the plot, in pixels, unless a unit would exceed
/// [`THERMO_MAX_UNIT`].
const THERMO_SIDE: f64 = 480.0;
const THERMO_MAX_UNIT: f64 = 60.0;
/// The narrowest drawing (a number's), room for the legend.
const THERMO_MIN_WIDTH: f64 = 420.0;

impl ThermoPlot {
    fn new(th: &Thermograph) -> Self {
        let f = |q: &Q| q.to_f64().unwrap_or(0.0);
        let (mean, temperature) = (f(&th.mean), f(&th.temperature));
        let (lo, hi) = th
            .left
            .breakpoints()
            .iter()
            .chain(th.right.breakpoints())
            .fold((mean, mean), |(lo, hi), (_, v)| {
                (lo.min(f(v)), hi.max(f(v)))
            });
        let (lo, hi) = (lo - 1.0, hi + 1.0);
        let top = temperature.max(0.0) + 1.0;
        let unit = (THERMO_SIDE / (hi - lo).max(top + 1.0)).min(THERMO_MAX_UNIT);
        ThermoPlot {
            lo,
            hi,
            top,
            temperature,
            mean,
            unit,
        }
    }

    /// The plot and its room, wide enough for the legend.
    fn width(&self) -> f64 {
        (THERMO_LEFT + (self.hi - self.lo) * self.unit + 40.0).max(THERMO_MIN_WIDTH)
    }

    fn height(&self) -> f64 {
        THERMO_TOP + (self.top + 1.0) * self.unit + THERMO_BOTTOM
    }

    /// The x of a value: Left's (larger) values to the left.
    fn x(&self, v: f64) -> f64 {
        THERMO_LEFT + (self.hi - v) * self.unit
    }

    /// The y of a temperature: upwards.
    fn y(&self, t: f64) -> f64 {
        THERMO_TOP + (self.top - t) * self.unit
    }

    /// The value axis along the bottom (t = −1), the temperature axis up
    /// the left side, their ticks and labels, and light lines at t = 0 and
    /// at value 0.
    fn axes(&self, s: &mut String) {
        let (left, right) = (self.x(self.hi), self.x(self.lo));
        let (bottom, top) = (self.y(-1.0), self.y(self.top));
        let _ = writeln!(
            s,
            r##"<line class="zero" x1="{left:.2}" y1="{y:.2}" x2="{right:.2}" y2="{y:.2}" stroke="#cccccc" stroke-dasharray="2 3"/>"##,
            y = self.y(0.0)
        );
        if self.lo < 0.0 && 0.0 < self.hi {
            let _ = writeln!(
                s,
                r##"<line class="zero" x1="{x:.2}" y1="{top:.2}" x2="{x:.2}" y2="{bottom:.2}" stroke="#cccccc" stroke-dasharray="2 3"/>"##,
                x = self.x(0.0)
            );
        }
        s.push_str("<g class=\"axis value-axis\">\n");
        let _ = writeln!(
            s,
            r##"<line class="axis-line" x1="{left:.2}" y1="{bottom:.2}" x2="{right:.2}" y2="{bottom:.2}" stroke="#333333"/>"##
        );
        for v in ticks(self.lo, self.hi, 12) {
            let (x, text) = (self.x(v), tick_text(v));
            let _ = writeln!(
                s,
                r##"<line class="tick" data-value="{text}" x1="{x:.2}" y1="{bottom:.2}" x2="{x:.2}" y2="{:.2}" stroke="#333333"/><text class="tick-label" data-value="{text}" x="{x:.2}" y="{:.2}" text-anchor="middle">{text}</text>"##,
                bottom + 5.0,
                bottom + 17.0
            );
        }
        let _ = writeln!(
            s,
            r#"<text class="axis-label" x="{:.2}" y="{:.2}" text-anchor="middle">← Left · value · Right →</text>"#,
            (left + right) / 2.0,
            bottom + 34.0
        );
        s.push_str("</g>\n<g class=\"axis temperature-axis\">\n");
        let _ = writeln!(
            s,
            r##"<line class="axis-line" x1="{left:.2}" y1="{bottom:.2}" x2="{left:.2}" y2="{top:.2}" stroke="#333333"/>"##
        );
        for t in ticks(-1.0, self.top, 12) {
            let (y, text) = (self.y(t), tick_text(t));
            let _ = writeln!(
                s,
                r##"<line class="tick" data-t="{text}" x1="{:.2}" y1="{y:.2}" x2="{left:.2}" y2="{y:.2}" stroke="#333333"/><text class="tick-label" data-t="{text}" x="{:.2}" y="{:.2}" text-anchor="end">{text}</text>"##,
                left - 5.0,
                left - 8.0,
                y + 4.0
            );
        }
        let middle = (top + bottom) / 2.0;
        let _ = writeln!(
            s,
            r#"<text class="axis-label" transform="rotate(-90 14 {middle:.2})" x="14" y="{middle:.2}" text-anchor="middle">temperature t</text>"#
        );
        s.push_str("</g>\n");
    }

    /// Both walls from t = −1 up to the temperature (above it they are the
    /// mast).
    fn walls(&self, s: &mut String, th: &Thermograph) {
        for (w, side, colour) in [
            (&th.left, "left", "#1f4e9e"),
            (&th.right, "right", "#b2182b"),
        ] {
            let foot = th.temperature.clone().max(Q::from_integer((-1).into()));
            let f = |q: &Q| q.to_f64().unwrap_or(0.0);
            let mut points: Vec<(f64, f64)> = w
                .breakpoints()
                .iter()
                .filter(|(t, _)| *t < foot)
                .map(|(t, v)| (f(t), f(v)))
                .collect();
            points.push((f(&foot), f(&w.at(&foot))));
            let path: Vec<String> = points
                .iter()
                .map(|(t, v)| format!("{:.2},{:.2}", self.x(*v), self.y(*t)))
                .collect();
            let exact = exact_points(w);
            let _ = writeln!(
                s,
                r#"<g class="wall {side}" data-points="{exact}"><polyline class="{side}-wall" data-points="{exact}" data-tail-slope="{}" points="{}" fill="none" stroke="{colour}" stroke-width="2"/></g>"#,
                w.tail_slope(),
                path.join(" ")
            );
        }
    }

    /// The mast: from (temperature, mean) up past the top, with an arrow,
    /// its foot a dot, the mean written above it and the temperature
    /// beside its foot, a dashed line from the temperature axis to the
    /// foot.
    fn mast(&self, s: &mut String, th: &Thermograph) {
        let (x, foot) = (self.x(self.mean), self.y(self.temperature.max(-1.0)));
        let top = self.y(self.top) - 12.0;
        let _ = writeln!(
            s,
            r##"<line class="temperature-level" x1="{:.2}" y1="{foot:.2}" x2="{x:.2}" y2="{foot:.2}" stroke="#777777" stroke-dasharray="4 3"/>"##,
            self.x(self.hi)
        );
        let _ = writeln!(
            s,
            r##"<line class="mast" data-mean="{}" data-temperature="{}" x1="{x:.2}" y1="{foot:.2}" x2="{x:.2}" y2="{top:.2}" stroke="#222222" stroke-width="3" marker-end="url(#mast-arrow)"/>"##,
            th.mean, th.temperature
        );
        let _ = writeln!(
            s,
            r##"<circle class="mast-foot" cx="{x:.2}" cy="{foot:.2}" r="4" fill="#222222"/>"##
        );
        let _ = writeln!(
            s,
            r#"<text class="mean" x="{x:.2}" y="{:.2}" text-anchor="middle">{}</text>"#,
            top - 10.0,
            escape(&format!("mean {}", th.mean))
        );
        let _ = writeln!(
            s,
            r#"<text class="temperature" x="{:.2}" y="{:.2}">{}</text>"#,
            x + 8.0,
            foot - 6.0,
            escape(&format!("temperature {}", th.temperature))
        );
    }
}

/// A wall's exact breakpoints as `t:value` pairs.
fn exact_points(w: &Wall) -> String {
    w.breakpoints()
        .iter()
        .map(|(t, v)| format!("{t}:{v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The chart of a nim sequence as SVG, for `--plot` of the heap commands,
/// the playground's `/api/sequence` and Python's `NimChart`: one bar per
/// heap size `n` (height the Grundy value), both axes with ticks, and,
/// when a period is proven, the preperiod shaded and a dashed line at the
/// start of every period (`preperiod + k·period`), said in the caption
/// (`period 34 from n = 53`).
///
/// Elements: `<rect class="value" data-n=… data-value=…>` per bar, `<rect
/// class="preperiod">` (a proven period after a preperiod > 0), `<line
/// class="period" data-n=…>`, ticks `<text class="tick-label">` with
/// `data-n` (below) or `data-value` (left), `<text class="axis-label">`
/// and `<text class="caption">`.
pub fn nim_sequence_svg(
    title: &str,
    values: &[u32],
    preperiod: Option<usize>,
    period: Option<usize>,
) -> String {
    let chart = NimChart::new(values);
    let (width, height) = (chart.width(), chart.height());
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="nim-sequence" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<title>{}</title>"#, escape(title));
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width:.0}" height="{height:.0}" fill="#ffffff"/>"##
    );
    let _ = writeln!(s, r#"<text x="{NIM_LEFT}" y="16">{}</text>"#, escape(title));
    let proven = preperiod.zip(period.filter(|&p| p > 0));
    if let Some((mu, _)) = proven.filter(|&(mu, _)| mu > 0) {
        let _ = writeln!(
            s,
            r##"<rect class="preperiod" x="{NIM_LEFT}" y="{NIM_TOP}" width="{:.2}" height="{:.2}" fill="#f3e6b0"/>"##,
            chart.bar * mu.min(values.len()) as f64,
            chart.base() - NIM_TOP
        );
    }
    for (n, &v) in values.iter().enumerate() {
        let h = chart.unit * v as f64;
        let _ = writeln!(
            s,
            r##"<rect class="value" data-n="{n}" data-value="{v}" x="{:.2}" y="{:.2}" width="{:.2}" height="{h:.2}" fill="#2a6"/>"##,
            chart.x(n),
            chart.base() - h,
            (chart.bar - 1.0).max(1.0)
        );
    }
    if let Some((mu, p)) = proven {
        for start in (mu..=values.len()).step_by(p) {
            let x = chart.x(start);
            let _ = writeln!(
                s,
                r##"<line class="period" data-n="{start}" x1="{x:.2}" y1="{NIM_TOP}" x2="{x:.2}" y2="{:.2}" stroke="#c33" stroke-dasharray="4 3"/>"##,
                chart.base()
            );
        }
    }
    chart.axes(&mut s);
    let last = values.len().saturating_sub(1);
    let caption = match proven {
        Some((0, p)) => format!(
            "n = 0 to {last}: period {p} from n = 0 (a dashed line where each period starts)"
        ),
        Some((mu, p)) => format!(
            "n = 0 to {last}: period {p} from n = {mu} (a dashed line where each period starts), the preperiod shaded"
        ),
        None => format!("n = 0 to {last}: no period proven"),
    };
    let _ = writeln!(
        s,
        r#"<text class="caption" x="{NIM_LEFT}" y="{:.2}">{}</text>"#,
        height - 10.0,
        escape(&caption)
    );
    s.push_str("</svg>\n");
    s
}

/// Room for a nim chart's labels: left (value ticks), top (title), bottom
/// (heap-size ticks, the axis label and the caption).
const NIM_LEFT: f64 = 48.0;
const NIM_TOP: f64 = 30.0;
const NIM_BOTTOM: f64 = 64.0;

/// The scales of a nim chart: `bar` pixels a heap size (2 to 12, about
/// 960 in all), `unit` pixels a unit of Grundy value (at most 14, about
/// 240 for the largest value).
struct NimChart {
    len: usize,
    max: u32,
    bar: f64,
    unit: f64,
}

impl NimChart {
    fn new(values: &[u32]) -> Self {
        let len = values.len();
        let max = values.iter().copied().max().unwrap_or(0).max(1);
        NimChart {
            len,
            max,
            bar: (960.0 / len.max(1) as f64).clamp(2.0, 12.0),
            unit: (240.0 / f64::from(max)).min(14.0),
        }
    }

    fn base(&self) -> f64 {
        NIM_TOP + self.unit * f64::from(self.max)
    }

    fn x(&self, n: usize) -> f64 {
        NIM_LEFT + self.bar * n as f64
    }

    fn width(&self) -> f64 {
        self.x(self.len.max(1)) + 24.0
    }

    fn height(&self) -> f64 {
        self.base() + NIM_BOTTOM
    }

    /// The axis of heap sizes along the bottom and of values up the left,
    /// with ticks and labels.
    fn axes(&self, s: &mut String) {
        let (base, right) = (self.base(), self.x(self.len.max(1)));
        let _ = writeln!(
            s,
            r##"<line class="axis-line" x1="{NIM_LEFT}" y1="{base:.2}" x2="{right:.2}" y2="{base:.2}" stroke="#333333"/><line class="axis-line" x1="{NIM_LEFT}" y1="{NIM_TOP}" x2="{NIM_LEFT}" y2="{base:.2}" stroke="#333333"/>"##
        );
        for n in ticks(0.0, self.len.saturating_sub(1) as f64, 12) {
            let n = n as usize;
            let x = self.x(n) + self.bar / 2.0;
            let _ = writeln!(
                s,
                r##"<line class="tick" data-n="{n}" x1="{x:.2}" y1="{base:.2}" x2="{x:.2}" y2="{:.2}" stroke="#333333"/><text class="tick-label" data-n="{n}" x="{x:.2}" y="{:.2}" text-anchor="middle">{n}</text>"##,
                base + 4.0,
                base + 16.0
            );
        }
        for v in ticks(0.0, f64::from(self.max), 8) {
            let y = base - self.unit * v;
            let text = tick_text(v);
            let _ = writeln!(
                s,
                r##"<line class="tick" data-value="{text}" x1="{:.2}" y1="{y:.2}" x2="{NIM_LEFT}" y2="{y:.2}" stroke="#333333"/><text class="tick-label" data-value="{text}" x="{:.2}" y="{:.2}" text-anchor="end">{text}</text>"##,
                NIM_LEFT - 4.0,
                NIM_LEFT - 7.0,
                y + 4.0
            );
        }
        let _ = writeln!(
            s,
            r#"<text class="axis-label" x="{:.2}" y="{:.2}" text-anchor="middle">heap size n</text><text class="axis-label" x="4" y="{:.2}">G(n)</text>"#,
            (NIM_LEFT + right) / 2.0,
            base + 32.0,
            NIM_TOP - 8.0
        );
    }
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
        for n in 1..=u64::from(mex_core::shift::graph::MAX_PICTURE_ORDER) {
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
    fn ticks_are_whole_steps_of_one_two_or_five() {
        assert_eq!(ticks(-2.0, 4.0, 12), [-2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(ticks(-1.5, 1.5, 12), [-1.0, 0.0, 1.0]);
        assert_eq!(ticks(0.0, 0.0, 12), [0.0]);
        let by_twenty: Vec<f64> = (0..=6).map(|i| 20.0 * f64::from(i)).collect();
        assert_eq!(ticks(0.0, 121.0, 12), by_twenty);
        assert_eq!(ticks(0.0, 1000.0, 12).len(), 11);
        assert_eq!(ticks(999.0, 1001.0, 12), [999.0, 1000.0, 1001.0]);
    }

    /// The ticks of an axis: their label text with the coordinate
    /// (`x1` or `y1`) of their tick mark, for the data attribute `key`.
    fn tick_marks(doc: &roxmltree::Document, key: &str, coordinate: &str) -> Vec<(String, f64)> {
        let marks: Vec<(String, f64)> = doc
            .descendants()
            .filter(|x| x.has_tag_name("line") && has_class(x, "tick"))
            .filter_map(|x| {
                let label = x.attribute(key)?.to_string();
                Some((label, x.attribute(coordinate)?.parse().unwrap()))
            })
            .collect();
        let labels: Vec<String> = doc
            .descendants()
            .filter(|x| has_class(x, "tick-label"))
            .filter_map(|x| {
                let key = x.attribute(key)?;
                assert_eq!(x.text(), Some(key));
                Some(key.to_string())
            })
            .collect();
        assert_eq!(
            labels,
            marks.iter().map(|m| m.0.clone()).collect::<Vec<_>>()
        );
        marks
    }

    fn at(marks: &[(String, f64)], label: &str) -> f64 {
        marks
            .iter()
            .find(|m| m.0 == label)
            .unwrap_or_else(|| panic!("no tick {label} in {marks:?}"))
            .1
    }

    fn number(node: roxmltree::Node, attribute: &str) -> f64 {
        node.attribute(attribute).unwrap().parse().unwrap()
    }

    #[test]
    fn thermograph_axes_are_labelled_with_left_to_the_left() {
        // {3|-1}: mean 1, temperature 2; at t = -1 the left wall is at
        // 3 + 1 = 4 and the right at -1 - 1 = -2 (the scaffolds 3 - t and
        // -1 + t), one unit of room either side.
        let svg = thermograph_svg(&thermo("{3|-1}"), "t");
        let doc = parse(&svg);
        let values = tick_marks(&doc, "data-value", "x1");
        let labels: Vec<&str> = values.iter().map(|m| m.0.as_str()).collect();
        assert_eq!(labels, ["-3", "-2", "-1", "0", "1", "2", "3", "4", "5"]);
        assert!(values.windows(2).all(|w| w[0].1 > w[1].1), "{values:?}");
        let temperatures = tick_marks(&doc, "data-t", "y1");
        let labels: Vec<&str> = temperatures.iter().map(|m| m.0.as_str()).collect();
        assert_eq!(labels, ["-1", "0", "1", "2", "3"]);
        assert!(temperatures.windows(2).all(|w| w[0].1 > w[1].1));
        let axis_labels: Vec<&str> = doc
            .descendants()
            .filter(|x| has_class(x, "axis-label"))
            .filter_map(|x| x.text())
            .collect();
        assert!(axis_labels.iter().any(|l| l.contains("value")));
        assert!(axis_labels.iter().any(|l| l.contains("temperature")));
        for axis in ["value-axis", "temperature-axis"] {
            assert!(doc.descendants().any(|x| has_class(&x, axis)), "{axis}");
        }
        // The mast rises from (t = 2, value 1) and the walls end there.
        let mast = doc.descendants().find(|x| has_class(x, "mast")).unwrap();
        let foot = (at(&values, "1"), at(&temperatures, "2"));
        assert!((number(mast, "x1") - foot.0).abs() < 0.01);
        assert!((number(mast, "y1") - foot.1).abs() < 0.01);
        for wall in ["left-wall", "right-wall"] {
            let line = doc.descendants().find(|x| has_class(x, wall)).unwrap();
            let points = line.attribute("points").unwrap();
            let (x, y) = points
                .split(' ')
                .next_back()
                .unwrap()
                .split_once(',')
                .unwrap();
            assert!((x.parse::<f64>().unwrap() - foot.0).abs() < 0.01, "{wall}");
            assert!((y.parse::<f64>().unwrap() - foot.1).abs() < 0.01, "{wall}");
            // The left wall starts at 4 (left of the mast), the right at -2.
            let (x0, _) = points.split(' ').next().unwrap().split_once(',').unwrap();
            let start = if wall == "left-wall" { "4" } else { "-2" };
            assert!((x0.parse::<f64>().unwrap() - at(&values, start)).abs() < 0.01);
        }
    }

    #[test]
    fn a_numbers_thermograph_is_a_mast_from_its_value() {
        for (expr, value, temperature) in [("5", 5.0, -1.0), ("1/2", 0.5, -0.5), ("-2", -2.0, -1.0)]
        {
            let th = thermo(expr);
            assert!(th.is_number());
            let svg = thermograph_svg(&th, expr);
            let doc = parse(&svg);
            let values = tick_marks(&doc, "data-value", "x1");
            let temperatures = tick_marks(&doc, "data-t", "y1");
            // Positions by the first two ticks: both axes are linear.
            let linear = |marks: &[(String, f64)], v: f64| {
                let a: f64 = marks[0].0.parse().unwrap();
                let b: f64 = marks[1].0.parse().unwrap();
                marks[0].1 + (marks[1].1 - marks[0].1) * (v - a) / (b - a)
            };
            let x_of = |v: f64| linear(&values, v);
            let y_of = |t: f64| linear(&temperatures, t);
            let mast = doc.descendants().find(|x| has_class(x, "mast")).unwrap();
            assert!((number(mast, "x1") - x_of(value)).abs() < 0.01, "{expr}");
            assert_eq!(number(mast, "x1"), number(mast, "x2"), "{expr}: vertical");
            assert!(
                (number(mast, "y1") - y_of(temperature)).abs() < 0.01,
                "{expr}"
            );
            assert!(number(mast, "y2") < y_of(1.0), "{expr}: rises past t = 1");
            assert_eq!(mast.attribute("data-mean"), Some(&*th.mean.to_string()));
            assert_eq!(
                mast.attribute("data-temperature"),
                Some(&*th.temperature.to_string())
            );
            assert!(mast.attribute("marker-end").is_some(), "{expr}: an arrow");
            let foot = doc
                .descendants()
                .find(|x| has_class(x, "mast-foot"))
                .unwrap();
            assert_eq!(number(foot, "cx"), number(mast, "x1"));
            assert_eq!(number(foot, "cy"), number(mast, "y1"));
        }
    }

    #[test]
    fn nim_chart_bars_axes_and_periods() {
        // Dawson's Kayles, 0.07: preperiod 53, period 34.
        let code = "0.07".parse().unwrap();
        let values: Vec<u32> = mex_core::heap::code::naive_values(&code, 121)
            .into_iter()
            .collect();
        let svg = nim_sequence_svg("0.07", &values, Some(53), Some(34));
        let doc = parse(&svg);
        let bars: Vec<u32> = doc
            .descendants()
            .filter(|x| has_class(x, "value") && x.has_tag_name("rect"))
            .map(|x| x.attribute("data-value").unwrap().parse().unwrap())
            .collect();
        assert_eq!(bars, values);
        let starts: Vec<&str> = doc
            .descendants()
            .filter(|x| has_class(x, "period"))
            .map(|x| x.attribute("data-n").unwrap())
            .collect();
        assert_eq!(starts, ["53", "87", "121"]);
        let bar_x = |n: usize| {
            let bar = doc
                .descendants()
                .find(|x| x.attribute("data-n") == Some(&*n.to_string()) && has_class(x, "value"))
                .unwrap();
            number(bar, "x")
        };
        let shade = doc
            .descendants()
            .find(|x| has_class(x, "preperiod"))
            .unwrap();
        assert!((number(shade, "width") - (bar_x(53) - bar_x(0))).abs() < 0.01);
        let caption = doc.descendants().find(|x| has_class(x, "caption")).unwrap();
        assert!(caption.text().unwrap().contains("period 34 from n = 53"));
        let ns = tick_marks(&doc, "data-n", "x1");
        let labels: Vec<&str> = ns.iter().map(|m| m.0.as_str()).collect();
        assert_eq!(labels, ["0", "20", "40", "60", "80", "100", "120"]);
        let grundy = tick_marks(&doc, "data-value", "y1");
        assert_eq!(grundy[0].0, "0");
        assert!(grundy.windows(2).all(|w| w[0].1 > w[1].1), "values upwards");
    }

    #[test]
    fn nim_chart_without_preperiod_or_period() {
        let values: Vec<u32> = (0..30).map(|n| n % 3).collect();
        let doc_text = nim_sequence_svg("{1,2}", &values, Some(0), Some(3));
        let doc = parse(&doc_text);
        assert!(!doc.descendants().any(|x| has_class(&x, "preperiod")));
        let lines = doc.descendants().filter(|x| has_class(x, "period")).count();
        assert_eq!(lines, 11, "0, 3, ..., 30");
        let unproven = nim_sequence_svg("?", &values, None, None);
        let doc = parse(&unproven);
        assert!(!doc.descendants().any(|x| has_class(&x, "period")));
        let caption = doc.descendants().find(|x| has_class(x, "caption")).unwrap();
        assert_eq!(caption.text(), Some("n = 0 to 29: no period proven"));
        assert!(parse(&nim_sequence_svg("empty", &[], None, None))
            .descendants()
            .all(|x| !has_class(&x, "value")));
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
