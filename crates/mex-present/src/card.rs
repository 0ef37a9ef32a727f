//! A card: a position's board with lines of text under it (the game, the
//! position, its value and outcome), the picture that Python's `Game`
//! shows in Jupyter. The board is drawn by [`crate::board::board_svg`]; the
//! card only places it and writes the lines.

use crate::pictures::escape;
use std::fmt::Write;

/// Longest line shown; a longer one is cut and ends in `…`.
pub const MAX_LINE_CHARS: usize = 100;

/// Text lines: font size, line height and width of a character
/// (monospace), and the margin round the board and the lines, in pixels.
const FONT: f64 = 13.0;
const LINE: f64 = 17.0;
const CHAR_WIDTH: f64 = 8.2;
const MARGIN: f64 = 4.0;

/// A board (an SVG document with `width` and `height` on its root, as
/// `board_svg` writes it) and lines of text under it as one SVG: the board
/// in a `<g class="board">`, each line a `<text>` (the first in bold),
/// at most [`MAX_LINE_CHARS`] characters, in a light frame.
pub fn card_svg(board: &str, lines: &[String]) -> String {
    let board = board.trim();
    let board = match board.strip_prefix("<?xml") {
        Some(rest) => rest.split_once("?>").map_or("", |(_, doc)| doc.trim()),
        None => board,
    };
    let (board_width, board_height) = root_size(board);
    let mut body =
        format!(r#"<g class="board" transform="translate({MARGIN} {MARGIN})">{board}</g>"#);
    let top = MARGIN + board_height + if board_height > 0.0 { 6.0 } else { 0.0 };
    let mut longest = 0usize;
    for (i, line) in lines.iter().enumerate() {
        let shown = shortened(line);
        longest = longest.max(shown.chars().count());
        let weight = if i == 0 { r#" font-weight="bold""# } else { "" };
        let _ = write!(
            body,
            r#"<text class="line" x="{}" y="{}" font-family="monospace" font-size="{FONT}"{weight} xml:space="preserve">{}</text>"#,
            MARGIN + 4.0,
            top + (i + 1) as f64 * LINE - 4.0,
            escape(&shown)
        );
    }
    let width = (board_width + 2.0 * MARGIN)
        .max(longest as f64 * CHAR_WIDTH + 2.0 * MARGIN + 8.0)
        .ceil();
    let height = (top + lines.len() as f64 * LINE + 2.0 * MARGIN).ceil();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="card" width="{width}" height="{height}" viewBox="0 0 {width} {height}"><rect x="0.5" y="0.5" width="{}" height="{}" fill="none" stroke="#cccccc" rx="4"/>{body}</svg>"##,
        width - 1.0,
        height - 1.0
    )
}

/// The lines of a position's card: the game's name, then `position P`,
/// `value    V` and `outcome  O`; when the value was refused, `value    not
/// computed: REASON` and `outcome  -`.
pub fn position_lines(
    name: &str,
    position: &str,
    evaluation: Result<(&str, &str), &str>,
) -> Vec<String> {
    let (value, outcome) = match evaluation {
        Ok((value, outcome)) => (value.to_string(), outcome),
        Err(reason) => (format!("not computed: {reason}"), "-"),
    };
    vec![
        name.to_string(),
        format!("position {position}"),
        format!("value    {value}"),
        format!("outcome  {outcome}"),
    ]
}

/// At most [`MAX_LINE_CHARS`] characters, an ellipsis marking a cut.
fn shortened(line: &str) -> String {
    if line.chars().count() <= MAX_LINE_CHARS {
        return line.to_string();
    }
    let mut cut: String = line.chars().take(MAX_LINE_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// The `width` and `height` attributes of an SVG document's root element
/// (0 where missing or not a number of pixels).
fn root_size(svg: &str) -> (f64, f64) {
    let root = svg
        .find("<svg")
        .and_then(|start| svg[start..].split_once('>'))
        .map_or("", |(tag, _)| tag);
    let attribute = |name: &str| -> f64 {
        let key = format!(" {name}=\"");
        root.find(&key)
            .and_then(|at| root[at + key.len()..].split_once('"'))
            .and_then(|(value, _)| value.trim_end_matches("px").parse().ok())
            .filter(|v: &f64| v.is_finite() && *v >= 0.0)
            .unwrap_or(0.0)
    };
    (attribute("width"), attribute("height"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).expect("well-formed SVG")
    }

    fn texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("line"))
            .map(|n| n.text().unwrap_or("").to_string())
            .collect()
    }

    const BOARD: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect class="cell" width="10" height="10"/></svg>"#;

    #[test]
    fn the_board_is_placed_above_the_lines() {
        let lines = vec!["nim".to_string(), "3,4,5".to_string()];
        let svg = card_svg(BOARD, &lines);
        let doc = parse(&svg);
        assert_eq!(texts(&doc), lines);
        let root = doc.root_element();
        assert_eq!(root.attribute("width"), Some("128"));
        let board = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("board"))
            .unwrap();
        assert_eq!(
            board
                .descendants()
                .filter(|n| n.has_tag_name("rect"))
                .count(),
            1
        );
        // The first line's baseline is below the board (4 + 80 + 6 + 13).
        let first = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("line"))
            .unwrap();
        assert_eq!(first.attribute("y"), Some("103"));
        assert_eq!(first.attribute("font-weight"), Some("bold"));
    }

    #[test]
    fn lines_are_escaped_and_shortened() {
        let long = "x".repeat(250);
        let lines = vec!["a<b & c".to_string(), long];
        let doc_text = card_svg(BOARD, &lines);
        let doc = parse(&doc_text);
        let shown = texts(&doc);
        assert_eq!(shown[0], "a<b & c");
        assert_eq!(shown[1].chars().count(), MAX_LINE_CHARS);
        assert!(shown[1].ends_with('…'));
        let width: f64 = doc
            .root_element()
            .attribute("width")
            .unwrap()
            .parse()
            .unwrap();
        assert!(width > MAX_LINE_CHARS as f64 * CHAR_WIDTH);
    }

    #[test]
    fn a_refused_value_is_said_in_its_place() {
        let lines = position_lines("domineering", "5x6", Err("over the budget"));
        assert_eq!(
            lines,
            [
                "domineering",
                "position 5x6",
                "value    not computed: over the budget",
                "outcome  -"
            ]
        );
        let lines = position_lines("nim", "3,4,5", Ok(("*2", "N")));
        assert_eq!(lines[2..], ["value    *2", "outcome  N"]);
    }

    #[test]
    fn sizes_are_read_from_the_root_only() {
        assert_eq!(root_size(BOARD), (120.0, 80.0));
        assert_eq!(root_size(r#"<svg height="7.5px" width="3">"#), (3.0, 7.5));
        assert_eq!(
            root_size(r#"<svg><rect width="9" height="9"/></svg>"#),
            (0.0, 0.0)
        );
        assert_eq!(root_size("not svg"), (0.0, 0.0));
        let declared = format!("<?xml version=\"1.0\"?>\n{BOARD}");
        assert!(parse(&card_svg(&declared, &["x".to_string()]))
            .descendants()
            .any(|n| n.attribute("class") == Some("board")));
    }
}
