//! The picture of a Synchronized Stack Cherries segment cut into its
//! irreducible pieces (van den Bergh 2023, Theorem 6.4.5; the cut points
//! are computed in `mex_core::sync::ssc`, here they are only drawn): one row
//! of cherries, black for `B` (Left's) and white for `W` (Right's), each
//! piece framed in its own colour.

use crate::pictures::escape;
use std::fmt::Write;

/// Most cherries drawn; the pieces beyond are counted in a label.
pub const MAX_DRAWN_CHERRIES: usize = 400;

/// Diameter of a cherry's cell and the gap between two pieces, in pixels.
const CHERRY: usize = 16;
const GAP: usize = 6;

/// Frame colours of the pieces, in turn.
const FRAMES: [&str; 6] = [
    "#2a6ebb", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085",
];

/// Width of a character of the label (monospace, 13 px), in pixels.
const CHAR_WIDTH: f64 = 8.2;

/// The pieces of a segment (`true` is black) as SVG, in order: whole
/// pieces are drawn while the cherries drawn stay within
/// [`MAX_DRAWN_CHERRIES`] (at least the first piece is started, cut at the
/// limit if it is longer), and the rest of the segment's `cherries` are
/// counted in a label `… N more cherries`. Each piece is a
/// `<g class="piece" data-start="S" data-text="BW…">` holding its frame (a
/// `<rect>`) and one `<circle class="cherry black|white">` a cherry.
pub fn decomposition_svg(pieces: &[&[bool]], cherries: usize) -> String {
    let mut body = String::new();
    let (mut x, mut drawn) = (2usize, 0usize);
    for (i, piece) in pieces.iter().enumerate() {
        let room = MAX_DRAWN_CHERRIES - drawn;
        if room == 0 || (piece.len() > room && i > 0) {
            break;
        }
        let shown = &piece[..piece.len().min(room)];
        let text: String = shown.iter().map(|&b| if b { 'B' } else { 'W' }).collect();
        let _ = write!(
            body,
            r#"<g class="piece" data-start="{drawn}" data-text="{text}"><rect x="{}" y="1" width="{}" height="{}" fill="none" stroke="{}" stroke-width="2" rx="3"/>"#,
            x - 1,
            shown.len() * CHERRY + 2,
            CHERRY + 6,
            FRAMES[i % FRAMES.len()]
        );
        for &black in shown {
            let (class, fill) = if black {
                ("black", "#222222")
            } else {
                ("white", "#ffffff")
            };
            let _ = write!(
                body,
                r##"<circle class="cherry {class}" cx="{}" cy="{}" r="{}" fill="{fill}" stroke="#222222"/>"##,
                x + CHERRY / 2,
                CHERRY / 2 + 4,
                CHERRY / 2 - 2
            );
            x += CHERRY;
        }
        body.push_str("</g>");
        drawn += shown.len();
        x += GAP;
    }
    let mut width = x as f64;
    let more = cherries.saturating_sub(drawn);
    if more > 0 {
        let label = format!("… {more} more cherries");
        let _ = write!(
            body,
            r#"<text class="more" x="{x}" y="{CHERRY}" font-family="monospace" font-size="13">{}</text>"#,
            escape(&label)
        );
        width += label.chars().count() as f64 * CHAR_WIDTH;
    }
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="ssc-decomposition" width="{width}" height="{}" viewBox="0 0 {width} {}">{body}</svg>"#,
        CHERRY + 8,
        CHERRY + 8
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mex_core::sync::ssc;

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).expect("well-formed SVG")
    }

    fn decomposition(text: &str) -> (Vec<bool>, Vec<usize>) {
        let seg = ssc::parse_segment(text).unwrap();
        let cuts = ssc::cut_points(&seg);
        (seg, cuts)
    }

    /// The pieces drawn, as `data-text`, and the cherries' colours in order.
    fn drawn(svg: &str) -> (Vec<String>, String) {
        let doc = parse(svg);
        let pieces = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("piece"))
            .map(|n| n.attribute("data-text").unwrap().to_string())
            .collect();
        let cherries = doc
            .descendants()
            .filter_map(|n| n.attribute("class"))
            .filter_map(|c| c.strip_prefix("cherry "))
            .map(|c| if c == "black" { 'B' } else { 'W' })
            .collect();
        (pieces, cherries)
    }

    #[test]
    fn every_piece_is_framed_and_every_cherry_drawn() {
        for text in ["BBWBW", "B", "W", "BWWBBWBWWW", "WWBWBBBW"] {
            let (seg, cuts) = decomposition(text);
            let pieces: Vec<&[bool]> = ssc::pieces(&seg, &cuts).collect();
            let svg = decomposition_svg(&pieces, seg.len());
            let (framed, cherries) = drawn(&svg);
            let want: Vec<String> = pieces.iter().map(|p| ssc::show(p)).collect();
            assert_eq!(framed, want, "{text}");
            assert_eq!(cherries, ssc::show(&seg), "{text}");
            assert!(!svg.contains("more cherries"));
        }
    }

    #[test]
    fn a_long_segment_is_drawn_up_to_the_limit_and_the_rest_counted() {
        let text = "BW".repeat(1000);
        let (seg, cuts) = decomposition(&text);
        let pieces: Vec<&[bool]> = ssc::pieces(&seg, &cuts).collect();
        let svg = decomposition_svg(&pieces, seg.len());
        let (framed, cherries) = drawn(&svg);
        assert_eq!(cherries.len(), MAX_DRAWN_CHERRIES);
        assert_eq!(framed.len(), MAX_DRAWN_CHERRIES / 2);
        let doc = parse(&svg);
        let more = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("more"))
            .unwrap();
        assert_eq!(more.text(), Some("… 1600 more cherries"));
    }

    #[test]
    fn whole_pieces_only_except_a_first_piece_over_the_limit() {
        // B (1 cherry) then a piece of 500: the second is not started.
        let long = vec![true; 500];
        let pieces: Vec<&[bool]> = vec![&[true], &long];
        let (framed, cherries) = drawn(&decomposition_svg(&pieces, 501));
        assert_eq!((framed.len(), cherries.len()), (1, 1));
        // A single piece of 500 is drawn up to the limit.
        let (framed, cherries) = drawn(&decomposition_svg(&[&long], 500));
        assert_eq!((framed.len(), cherries.len()), (1, MAX_DRAWN_CHERRIES));
        // Nothing to draw: an empty, well-formed picture.
        let (framed, _) = drawn(&decomposition_svg(&[], 0));
        assert!(framed.is_empty());
    }
}
