//! Boards: any position's [`Picture`] as SVG, so that every game is drawn
//! by one writer without the writer knowing its name.
//!
//! Drawing conventions: cells of 36 px; Left's pieces, edges and tints
//! blue, Right's red, either player's green; a piece is a shape of its
//! owner's colour (a disc for stones, cherries and paint, a crown for an
//! amazon, a rounded square for toads and frogs, a skittle for a pin, an
//! upright tile for a domino) with its glyph on it and its name in a
//! `<title>`; heaps are stacks of counters up to 20, above that a bar of
//! capped height, always with the size written under it; graphs are laid
//! out from the nodes' `at` hints when every node has one, else on a
//! circle, arcs with arrowheads, the marked node ringed in gold; a
//! register is a row of bit boxes; text is monospace lines. Strips never
//! wrap: each is one line, and the SVG grows as wide as its longest strip
//! (`width` and `viewBox` give its size, so pages can scroll).
//!
//! Every spot of [`Picture::spots`] is one element with `class="spot"` and
//! `data-spot="KIND:INDEX"` (`cell:3`, `heap:0`, `edge:2`, `node:1`,
//! `bit:4`), numbered as [`Picture::changes`] numbers them, so that a page
//! can make a move by a click and mark the spots a move changed. A picture
//! of more than [`MAX_SPOTS`] spots is drawn as bounded text with a note.

use crate::pictures::escape;
use mex_core::games::grid_board::cell_name;
use mex_core::games::picture::{Cell, Edge, Grid, Node, Owner, Picture, MAX_SPOTS};
use std::f64::consts::PI;
use std::fmt::Write;

/// The side of a cell, in pixels.
const CELL: f64 = 36.0;
/// Space around the drawing.
const MARGIN: f64 = 12.0;
/// Space between strips (rows) and between grids.
const GAP: f64 = 8.0;
/// Most characters of text drawn; the rest is summarised in a note.
const MAX_TEXT_CHARS: usize = 20_000;
/// Most lines of text drawn.
const MAX_TEXT_LINES: usize = 400;
/// Most characters of one line of text drawn.
const MAX_LINE_CHARS: usize = 400;
/// Most counters drawn in a heap; larger heaps are bars.
const MAX_COUNTERS: usize = 20;

const EMPTY_FILL: &str = "#f6f8fa";
const LINE: &str = "#8c959f";
const BLOCKED_FILL: &str = "#57606a";
const MARK: &str = "#bf8700";
const INK: &str = "#24292f";

/// The colour of an owner's pieces and edges.
fn colour(owner: Owner) -> &'static str {
    match owner {
        Owner::Left => "#1f6feb",
        Owner::Right => "#cf222e",
        Owner::Neutral => "#2da44e",
    }
}

/// The pale colour of an owner's tints.
fn tint(owner: Owner) -> &'static str {
    match owner {
        Owner::Left => "#cfe2ff",
        Owner::Right => "#ffd8d3",
        Owner::Neutral => "#d3f5dc",
    }
}

fn owner_name(owner: Owner) -> &'static str {
    match owner {
        Owner::Left => "Left",
        Owner::Right => "Right",
        Owner::Neutral => "either player",
    }
}

/// The SVG of a position's picture. Every spot a move can change (a cell,
/// a heap, an edge, a node, a bit) is an element with `class="spot"` and a
/// `data-spot` attribute `KIND:INDEX` (`cell:3`, `heap:0`, `edge:2`, …),
/// as [`Picture::changes`] numbers them, so that a page can make a move by
/// a click.
pub fn board_svg(picture: &Picture) -> String {
    let spots = picture.spot_count();
    if spots > MAX_SPOTS {
        let note = format!("too large to draw ({spots} spots, at most {MAX_SPOTS}): shown as text");
        return text_svg(&picture_text(picture), Some(&note));
    }
    match picture {
        Picture::Grid(grid) => grid_svg(grid),
        Picture::Grids { grids } => grids_svg(grids),
        Picture::Strips { strips } => strips_svg(strips),
        Picture::Heaps { heaps } => heaps_svg(heaps),
        Picture::Graph {
            directed,
            nodes,
            edges,
        } => graph_svg(*directed, nodes, edges),
        Picture::Register { bits } => register_svg(bits),
        Picture::Text { text } => text_svg(text, None),
    }
}

/// Text made safe for XML: escaped, and control characters other than
/// tabs and newlines replaced (XML cannot hold them).
fn xml_text(s: &str) -> String {
    let cleaned: String = s
        .chars()
        .map(|c| match c {
            '\t' | '\n' => c,
            c if c.is_control() => '\u{fffd}',
            c => c,
        })
        .collect();
    escape(&cleaned).replace('\'', "&apos;")
}

/// The SVG root around `body`, of the given size.
fn svg(shape: &str, width: f64, height: f64, body: &str) -> String {
    let (w, h) = (width.ceil().max(1.0), height.ceil().max(1.0));
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="board board-{shape}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="14">"#,
            "\n",
            r##"<rect class="background" x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##,
            "\n{body}</svg>\n"
        ),
        shape = shape,
        w = w,
        h = h,
        body = body
    )
}

/// A piece's shape in a cell of side `side` at `(x, y)`, by its name.
fn piece_shape(name: &str, fill: &str, x: f64, y: f64, side: f64) -> String {
    let (cx, cy) = (x + side / 2.0, y + side / 2.0);
    let s = side / CELL;
    match name {
        "amazon" => {
            let points: Vec<String> = [
                (-13.0, 11.0),
                (13.0, 11.0),
                (15.0, -9.0),
                (7.0, -1.0),
                (0.0, -13.0),
                (-7.0, -1.0),
                (-15.0, -9.0),
            ]
            .iter()
            .map(|(dx, dy)| format!("{:.1},{:.1}", cx + dx * s, cy + dy * s))
            .collect();
            format!(
                r#"<polygon points="{}" fill="{fill}" stroke="{INK}" stroke-width="1"/>"#,
                points.join(" ")
            )
        }
        "toad" | "frog" => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="{fill}"/>"#,
            x + 5.0 * s,
            y + 5.0 * s,
            side - 10.0 * s,
            side - 10.0 * s,
            8.0 * s
        ),
        "pin" => format!(
            r#"<ellipse cx="{cx:.1}" cy="{cy:.1}" rx="{:.1}" ry="{:.1}" fill="{fill}"/>"#,
            7.0 * s,
            15.0 * s
        ),
        "domino" => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="{fill}" stroke="{INK}" stroke-width="1"/>"#,
            cx - 8.0 * s,
            y + 3.0 * s,
            16.0 * s,
            side - 6.0 * s,
            3.0 * s
        ),
        "paint" => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}"/>"#,
            x + 2.0 * s,
            y + 2.0 * s,
            side - 4.0 * s,
            side - 4.0 * s
        ),
        _ => format!(
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{fill}"/>"#,
            13.0 * s
        ),
    }
}

/// What a cell holds, in words (the `<title>` of its element).
fn cell_words(cell: &Cell) -> String {
    match cell {
        Cell::Empty => "empty".into(),
        Cell::Blocked => "blocked".into(),
        Cell::Piece { owner, name, .. } => format!("{name} of {}", owner_name(*owner)),
        Cell::Tint { owner } => format!("free, for {} only", owner_name(*owner)),
    }
}

/// One cell at `(x, y)` as a spot element: its square, its piece with its
/// glyph, and a title (`place` and what it holds).
fn cell_svg(out: &mut String, index: usize, cell: &Cell, x: f64, y: f64, place: &str) {
    let fill = match cell {
        Cell::Blocked => BLOCKED_FILL,
        Cell::Tint { owner } => tint(*owner),
        _ => EMPTY_FILL,
    };
    let _ = write!(
        out,
        r#"<g class="spot cell" data-spot="cell:{index}"><title>{}</title><rect x="{x:.1}" y="{y:.1}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{LINE}" stroke-width="1"/>"#,
        xml_text(&format!("{place}: {}", cell_words(cell)))
    );
    if let Cell::Piece { owner, name, glyph } = cell {
        out.push_str(&piece_shape(name, colour(*owner), x, y, CELL));
        let _ = write!(
            out,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-family="monospace" font-weight="bold" font-size="13" fill="#ffffff">{}</text>"##,
            x + CELL / 2.0,
            y + CELL / 2.0 + 4.5,
            xml_text(&glyph.to_string())
        );
    }
    out.push_str("</g>\n");
}

/// A grid with its columns lettered and its rows numbered from the top
/// (`a1` is the top-left cell, as the games' move labels name cells).
fn grid_svg(grid: &Grid) -> String {
    let (left, top) = (MARGIN + 22.0, MARGIN + 18.0);
    let mut body = String::new();
    for c in 0..grid.columns {
        let letters = cell_name(0, c);
        let _ = writeln!(
            body,
            r##"<text class="coordinate" x="{:.1}" y="{:.1}" text-anchor="middle" font-size="11" fill="#57606a">{}</text>"##,
            left + (c as f64 + 0.5) * CELL,
            top - 5.0,
            letters.trim_end_matches('1')
        );
    }
    for r in 0..grid.rows {
        let _ = writeln!(
            body,
            r##"<text class="coordinate" x="{:.1}" y="{:.1}" text-anchor="end" font-size="11" fill="#57606a">{}</text>"##,
            left - 5.0,
            top + (r as f64 + 0.5) * CELL + 4.0,
            r + 1
        );
    }
    for (k, cell) in grid.cells.iter().enumerate() {
        let (r, c) = (k / grid.columns.max(1), k % grid.columns.max(1));
        let (x, y) = (left + c as f64 * CELL, top + r as f64 * CELL);
        cell_svg(&mut body, k, cell, x, y, &cell_name(r, c));
    }
    let width = left + grid.columns as f64 * CELL + MARGIN;
    let height = top + grid.rows as f64 * CELL + MARGIN;
    svg("grid", width, height, &body)
}

/// Grids side by side, top-aligned, each with its size written under it;
/// cells numbered over the grids one after another.
fn grids_svg(grids: &[Grid]) -> String {
    let mut body = String::new();
    let mut x0 = MARGIN;
    let mut index = 0;
    let tallest = grids.iter().map(|g| g.rows).max().unwrap_or(0) as f64;
    for (k, grid) in grids.iter().enumerate() {
        let _ = writeln!(body, r#"<g class="part" data-part="{k}">"#);
        for (i, cell) in grid.cells.iter().enumerate() {
            let (r, c) = (i / grid.columns.max(1), i % grid.columns.max(1));
            let place = format!("part {}, row {}, column {}", k + 1, r + 1, c + 1);
            let (x, y) = (x0 + c as f64 * CELL, MARGIN + r as f64 * CELL);
            cell_svg(&mut body, index, cell, x, y, &place);
            index += 1;
        }
        let width = grid.columns as f64 * CELL;
        let _ = writeln!(
            body,
            r##"<text class="caption" x="{:.1}" y="{:.1}" text-anchor="middle" font-size="12" fill="#57606a">{}×{}</text></g>"##,
            x0 + width / 2.0,
            MARGIN + tallest * CELL + 16.0,
            grid.rows,
            grid.columns
        );
        x0 += width.max(28.0) + 2.0 * GAP;
    }
    let width = x0 - 2.0 * GAP + MARGIN;
    svg(
        "grids",
        width,
        MARGIN + tallest * CELL + 24.0 + MARGIN,
        &body,
    )
}

/// Strips one per line, never wrapped, numbered on the left when there
/// are several; cells numbered over the strips one after another.
fn strips_svg(strips: &[Vec<Cell>]) -> String {
    let numbered = strips.len() > 1;
    let left = MARGIN + if numbered { 26.0 } else { 0.0 };
    let mut body = String::new();
    let mut index = 0;
    for (i, strip) in strips.iter().enumerate() {
        let y = MARGIN + i as f64 * (CELL + GAP);
        if numbered {
            let _ = writeln!(
                body,
                r##"<text class="coordinate" x="{:.1}" y="{:.1}" text-anchor="end" font-size="11" fill="#57606a">{}</text>"##,
                left - 8.0,
                y + CELL / 2.0 + 4.0,
                i + 1
            );
        }
        for (j, cell) in strip.iter().enumerate() {
            let place = match numbered {
                true => format!("row {}, place {}", i + 1, j + 1),
                false => format!("place {}", j + 1),
            };
            cell_svg(&mut body, index, cell, left + j as f64 * CELL, y, &place);
            index += 1;
        }
    }
    let longest = strips.iter().map(Vec::len).max().unwrap_or(0) as f64;
    let rows = strips.len() as f64;
    let height = MARGIN + (rows * (CELL + GAP) - GAP).max(0.0) + MARGIN;
    svg("strips", left + longest * CELL + MARGIN, height, &body)
}

/// A long decimal shortened to its first and last digits.
fn short_number(digits: &str) -> String {
    if digits.chars().count() <= 12 {
        return digits.to_string();
    }
    let head: String = digits.chars().take(5).collect();
    let tail: String = digits
        .chars()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("{head}…{tail}")
}

/// Heaps side by side on one base line: up to [`MAX_COUNTERS`] counters
/// stacked, larger heaps a bar of capped height (the tallest stack's)
/// with a break; the size under each heap, then its number.
fn heaps_svg(heaps: &[String]) -> String {
    const COLUMN: f64 = 60.0;
    const COUNTER: f64 = 12.0;
    let counters = |size: &str| size.parse::<usize>().ok().filter(|&n| n <= MAX_COUNTERS);
    let tallest = heaps
        .iter()
        .map(|h| counters(h).unwrap_or(MAX_COUNTERS).max(1))
        .max()
        .unwrap_or(1) as f64
        * COUNTER;
    let base = MARGIN + tallest;
    let fill = colour(Owner::Neutral);
    let mut body = String::new();
    for (i, size) in heaps.iter().enumerate() {
        let x = MARGIN + i as f64 * COLUMN;
        let _ = write!(
            body,
            r#"<g class="spot heap" data-spot="heap:{i}" data-size="{}"><title>heap {}: {}</title><rect x="{x:.1}" y="{MARGIN:.1}" width="{COLUMN:.1}" height="{:.1}" fill="transparent"/>"#,
            xml_text(size),
            i + 1,
            xml_text(size),
            tallest + 40.0
        );
        match counters(size) {
            Some(n) => {
                for k in 0..n {
                    let _ = write!(
                        body,
                        r##"<rect class="counter" x="{:.1}" y="{:.1}" width="40" height="{:.1}" rx="4" fill="{fill}" stroke="#ffffff" stroke-width="1"/>"##,
                        x + 10.0,
                        base - (k + 1) as f64 * COUNTER,
                        COUNTER - 1.0
                    );
                }
            }
            None => {
                let middle = MARGIN + tallest / 2.0;
                let _ = write!(
                    body,
                    r##"<rect class="bar" x="{:.1}" y="{MARGIN:.1}" width="40" height="{tallest:.1}" rx="4" fill="{fill}"/><path d="M{:.1},{:.1} l40,-8 M{:.1},{:.1} l40,-8" stroke="#ffffff" stroke-width="3"/>"##,
                    x + 10.0,
                    x + 10.0,
                    middle + 4.0,
                    x + 10.0,
                    middle + 10.0
                );
            }
        }
        let _ = writeln!(
            body,
            r##"<text class="size" x="{:.1}" y="{:.1}" text-anchor="middle" font-family="monospace" font-size="12" fill="{INK}">{}</text><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="#57606a">heap {}</text></g>"##,
            x + COLUMN / 2.0,
            base + 16.0,
            xml_text(&short_number(size)),
            x + COLUMN / 2.0,
            base + 30.0,
            i + 1
        );
    }
    let width = MARGIN + heaps.len() as f64 * COLUMN + MARGIN;
    svg("heaps", width, base + 40.0 + MARGIN, &body)
}

/// Where each node is drawn: from the `at` hints (a step of four radii,
/// `y` upwards) when every node has one, else on a circle.
fn layout(nodes: &[Node], radius: f64) -> (Vec<(f64, f64)>, f64, f64) {
    let step = 4.0 * radius.max(12.0);
    let hints: Option<Vec<(i32, i32)>> = nodes.iter().map(|n| n.at).collect();
    let pad = MARGIN + radius + 22.0;
    match hints {
        Some(at) if !at.is_empty() => {
            let min_x = at.iter().map(|p| p.0).min().unwrap_or(0);
            let max_x = at.iter().map(|p| p.0).max().unwrap_or(0);
            let min_y = at.iter().map(|p| p.1).min().unwrap_or(0);
            let max_y = at.iter().map(|p| p.1).max().unwrap_or(0);
            let place = at
                .iter()
                .map(|&(x, y)| {
                    (
                        pad + f64::from(x - min_x) * step,
                        pad + f64::from(max_y - y) * step,
                    )
                })
                .collect();
            let width = 2.0 * pad + f64::from(max_x - min_x) * step;
            let height = 2.0 * pad + f64::from(max_y - min_y) * step;
            (place, width, height)
        }
        _ => {
            let n = nodes.len() as f64;
            let ring = if nodes.len() <= 1 {
                0.0
            } else {
                (n * (2.0 * radius + 30.0) / (2.0 * PI)).max(70.0)
            };
            let centre = pad + ring;
            let place = (0..nodes.len())
                .map(|k| {
                    let a = 2.0 * PI * k as f64 / n - PI / 2.0;
                    (centre + ring * a.cos(), centre + ring * a.sin())
                })
                .collect();
            (place, 2.0 * centre, 2.0 * centre)
        }
    }
}

/// The path of edge `e`: a straight line, a curve bowed by `bow` pixels
/// (parallel edges), or a loop; arcs end short of their target's rim.
fn edge_path(place: &[(f64, f64)], e: &Edge, bow: f64, radius: f64, directed: bool) -> String {
    let (a, b) = (place[e.from], place[e.to]);
    if e.from == e.to {
        let lift = 34.0 + bow.abs();
        return format!(
            "M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            a.0 - 4.0,
            a.1 - radius + 2.0,
            a.0 - lift * 0.7,
            a.1 - lift,
            a.0 + lift * 0.7,
            a.1 - lift,
            a.0 + 4.0,
            a.1 - radius + 2.0
        );
    }
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (nx, ny) = (-dy / length, dx / length);
    let control = ((a.0 + b.0) / 2.0 + nx * bow, (a.1 + b.1) / 2.0 + ny * bow);
    let end = if directed {
        let (ex, ey) = (b.0 - control.0, b.1 - control.1);
        let l = (ex * ex + ey * ey).sqrt().max(1e-9);
        (b.0 - ex / l * (radius + 3.0), b.1 - ey / l * (radius + 3.0))
    } else {
        b
    };
    if bow == 0.0 {
        format!("M{:.1},{:.1} L{:.1},{:.1}", a.0, a.1, end.0, end.1)
    } else {
        format!(
            "M{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1}",
            a.0, a.1, control.0, control.1, end.0, end.1
        )
    }
}

/// How far each edge bows: parallel edges (and loops at one node) spread
/// 18 px apart, a lone edge straight.
fn bows(edges: &[Edge]) -> Vec<f64> {
    let pair = |e: &Edge| (e.from.min(e.to), e.from.max(e.to));
    let mut count: std::collections::HashMap<(usize, usize), (usize, usize)> =
        std::collections::HashMap::new();
    for e in edges {
        count.entry(pair(e)).or_default().0 += 1;
    }
    edges
        .iter()
        .map(|e| {
            let entry = count.entry(pair(e)).or_default();
            let (total, seen) = (entry.0, entry.1);
            entry.1 += 1;
            let offset = seen as f64 - (total as f64 - 1.0) / 2.0;
            // Keep the bow's sense fixed for the pair, whichever way round.
            let sense = if e.from <= e.to { 1.0 } else { -1.0 };
            if e.from == e.to {
                seen as f64 * 18.0
            } else {
                offset * 18.0 * sense
            }
        })
        .collect()
}

/// A graph: edges (coloured by owner; plain ones grey; arcs with
/// arrowheads) under the nodes; ground nodes as small squares on a ground
/// line; a node filled as its cell, labelled inside when short and below
/// otherwise; the marked node ringed in gold.
fn graph_svg(directed: bool, nodes: &[Node], edges: &[Edge]) -> String {
    let stalks = nodes.iter().all(|n| n.label.is_empty());
    let radius = if stalks { 6.0 } else { 16.0 };
    let (place, width, height) = layout(nodes, radius);
    let mut body = String::new();
    if directed {
        let _ = writeln!(
            body,
            r##"<defs><marker id="board-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#57606a"/></marker></defs>"##
        );
    }
    let grounds: Vec<(f64, f64)> = nodes
        .iter()
        .zip(&place)
        .filter(|(n, _)| n.ground)
        .map(|(_, &p)| p)
        .collect();
    if let Some(y) = grounds.iter().map(|p| p.1).reduce(f64::max) {
        let x0 = grounds.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - 24.0;
        let x1 = grounds
            .iter()
            .map(|p| p.0)
            .fold(f64::NEG_INFINITY, f64::max)
            + 24.0;
        let _ = writeln!(
            body,
            r##"<path class="ground" d="M{x0:.1},{y:.1} L{x1:.1},{y:.1}" stroke="#6e5843" stroke-width="4"/>"##
        );
    }
    for (j, (e, bow)) in edges.iter().zip(bows(edges)).enumerate() {
        let joins_nodes = e.from < nodes.len() && e.to < nodes.len();
        let d = match joins_nodes {
            true => edge_path(&place, e, bow, radius, directed),
            false => String::new(),
        };
        let (stroke, width) = match e.owner {
            Some(owner) => (colour(owner), 4),
            None => ("#57606a", 2),
        };
        let arrow = if directed {
            r#" marker-end="url(#board-arrow)""#
        } else {
            ""
        };
        let words = match e.owner {
            Some(owner) => format!("edge {} of {}", j + 1, owner_name(owner)),
            None => format!("edge {}", j + 1),
        };
        let _ = writeln!(
            body,
            r#"<g class="spot edge" data-spot="edge:{j}"><title>{}</title><path d="{d}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"{arrow}/><path class="hit" d="{d}" fill="none" stroke="transparent" stroke-width="14"/></g>"#,
            xml_text(&words)
        );
    }
    for (v, (node, &(x, y))) in nodes.iter().zip(&place).enumerate() {
        node_svg(&mut body, v, node, x, y, radius);
    }
    svg("graph", width, height, &body)
}

/// One node as a spot element.
fn node_svg(out: &mut String, v: usize, node: &Node, x: f64, y: f64, radius: f64) {
    let mut words = match node.label.is_empty() {
        true => format!("node {}", v + 1),
        false => node.label.clone(),
    };
    if node.ground {
        words.push_str(" (ground)");
    }
    if !matches!(node.cell, Cell::Empty) {
        words = format!("{words}: {}", cell_words(&node.cell));
    }
    if node.marked {
        words.push_str(" (current)");
    }
    let class = if node.marked {
        "spot node marked"
    } else {
        "spot node"
    };
    let _ = write!(
        out,
        r#"<g class="{class}" data-spot="node:{v}"><title>{}</title>"#,
        xml_text(&words)
    );
    if node.ground {
        let _ = write!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="#6e5843"/>"##,
            x - 5.0,
            y - 5.0
        );
    } else {
        let fill = match node.cell {
            Cell::Empty => "#ffffff",
            Cell::Blocked => BLOCKED_FILL,
            Cell::Piece { owner, .. } => colour(owner),
            Cell::Tint { owner } => tint(owner),
        };
        let (stroke, width) = if node.marked { (MARK, 4) } else { (INK, 1) };
        let _ = write!(
            out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
    }
    if !node.label.is_empty() {
        let inside = node.label.chars().count() <= 3;
        let (ty, colour) = match (inside, node.cell) {
            (true, Cell::Piece { .. } | Cell::Blocked) => (y + 4.5, "#ffffff"),
            (true, _) => (y + 4.5, INK),
            (false, _) => (y + radius + 14.0, INK),
        };
        let _ = write!(
            out,
            r#"<text x="{x:.1}" y="{ty:.1}" text-anchor="middle" font-size="12" fill="{colour}">{}</text>"#,
            xml_text(&node.label)
        );
    }
    out.push_str("</g>\n");
}

/// A register: one box a bit, `b0` first, each captioned with its place.
fn register_svg(bits: &str) -> String {
    let mut body = String::new();
    let top = MARGIN + 14.0;
    for (i, bit) in bits.chars().enumerate() {
        let x = MARGIN + i as f64 * CELL;
        let (fill, ink) = if bit == '1' {
            ("#1f6feb", "#ffffff")
        } else {
            ("#ffffff", INK)
        };
        let _ = writeln!(
            body,
            r##"<g class="spot bit" data-spot="bit:{i}"><title>b{i} = {}</title><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="#57606a">b{i}</text><rect x="{x:.1}" y="{top:.1}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{INK}" stroke-width="1"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-family="monospace" font-size="16" fill="{ink}">{}</text></g>"##,
            xml_text(&bit.to_string()),
            x + CELL / 2.0,
            top - 4.0,
            x + CELL / 2.0,
            top + CELL / 2.0 + 5.5,
            xml_text(&bit.to_string())
        );
    }
    let width = MARGIN + bits.chars().count() as f64 * CELL + MARGIN;
    svg("register", width, top + CELL + MARGIN, &body)
}

/// Text as monospace lines, at most [`MAX_TEXT_LINES`] lines of
/// [`MAX_LINE_CHARS`] characters and [`MAX_TEXT_CHARS`] in all; a `note`
/// first, and a last line saying how much was left out.
fn text_svg(text: &str, note: Option<&str>) -> String {
    const LINE_HEIGHT: f64 = 17.0;
    const CHAR_WIDTH: f64 = 7.9;
    let mut lines: Vec<(String, &str)> = Vec::new();
    if let Some(note) = note {
        lines.push((note.to_string(), "note"));
    }
    let mut budget = MAX_TEXT_CHARS;
    let mut left_out = 0usize;
    for line in text.lines() {
        let count = line.chars().count();
        if lines.len() >= MAX_TEXT_LINES || budget == 0 {
            left_out += count + 1;
            continue;
        }
        let kept = count.min(MAX_LINE_CHARS).min(budget);
        budget -= kept;
        left_out += count - kept;
        let mut shown: String = line.chars().take(kept).collect();
        if kept < count {
            shown.push('…');
        }
        lines.push((shown, "line"));
    }
    if left_out > 0 {
        lines.push((format!("({left_out} more characters not shown)"), "note"));
    }
    let mut body = String::from(r#"<text class="text" font-family="monospace" font-size="13">"#);
    for (k, (line, class)) in lines.iter().enumerate() {
        let _ = write!(
            body,
            r#"<tspan class="{class}" x="{MARGIN}" y="{:.1}" xml:space="preserve">{}</tspan>"#,
            MARGIN + 12.0 + k as f64 * LINE_HEIGHT,
            xml_text(line)
        );
    }
    body.push_str("</text>\n");
    let widest = lines
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let width = 2.0 * MARGIN + widest * CHAR_WIDTH;
    let height = 2.0 * MARGIN + lines.len() as f64 * LINE_HEIGHT;
    svg("text", width, height, &body)
}

/// Appends `line` to `out` while fewer than [`MAX_TEXT_CHARS`] are there.
fn push_line(out: &mut String, line: impl FnOnce() -> String) -> bool {
    if out.len() > MAX_TEXT_CHARS {
        return false;
    }
    out.push_str(&line());
    out.push('\n');
    true
}

fn glyphs(cells: &[Cell]) -> String {
    cells.iter().map(Cell::glyph).collect()
}

/// The picture as text (the glyphs of cells, heap sizes, edge lists,
/// bits), stopping soon after [`MAX_TEXT_CHARS`] characters: what is drawn
/// for pictures too large to draw.
fn picture_text(picture: &Picture) -> String {
    let mut out = String::new();
    match picture {
        Picture::Grid(g) => {
            for row in g.cells.chunks(g.columns.max(1)) {
                if !push_line(&mut out, || glyphs(row)) {
                    break;
                }
            }
        }
        Picture::Grids { grids } => {
            for g in grids {
                let rows = g.cells.chunks(g.columns.max(1));
                let header = push_line(&mut out, || format!("{}×{}", g.rows, g.columns));
                if !header
                    || !rows
                        .into_iter()
                        .all(|row| push_line(&mut out, || glyphs(row)))
                {
                    break;
                }
            }
        }
        Picture::Strips { strips } => {
            for strip in strips {
                if !push_line(&mut out, || glyphs(strip)) {
                    break;
                }
            }
        }
        Picture::Heaps { heaps } => {
            for (i, h) in heaps.iter().enumerate() {
                if !push_line(&mut out, || format!("heap {}: {h}", i + 1)) {
                    break;
                }
            }
        }
        Picture::Graph { nodes, edges, .. } => {
            let name = |v: usize| match nodes[v].label.as_str() {
                "" => format!("#{v}"),
                label => label.to_string(),
            };
            for e in edges {
                if !push_line(&mut out, || format!("{} - {}", name(e.from), name(e.to))) {
                    break;
                }
            }
        }
        Picture::Register { bits } => out.push_str(bits),
        Picture::Text { text } => out.push_str(text),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_numbers_are_shortened_and_text_is_bounded() {
        assert_eq!(short_number("123456789012"), "123456789012");
        assert_eq!(short_number("1234567890123"), "12345…0123");
        let long = "x".repeat(3 * MAX_TEXT_CHARS);
        let svg = text_svg(&long, None);
        assert!(svg.len() < 2 * MAX_TEXT_CHARS, "{}", svg.len());
        assert!(svg.contains("more characters not shown"));
        assert_eq!(
            xml_text("a<b>&\"'\u{7}"),
            "a&lt;b&gt;&amp;&quot;&apos;\u{fffd}"
        );
    }

    #[test]
    fn parallel_edges_bow_apart_and_loops_grow() {
        let e = |from, to| Edge {
            from,
            to,
            owner: None,
        };
        // The reversed edge's normal points the other way, so the same
        // number bows it to the other side.
        assert_eq!(bows(&[e(0, 1), e(1, 0), e(1, 2)]), vec![-9.0, -9.0, 0.0]);
        assert_eq!(bows(&[e(2, 2), e(2, 2)]), vec![0.0, 18.0]);
    }
}
