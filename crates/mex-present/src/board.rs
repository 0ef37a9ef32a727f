//! Boards: any position's [`Picture`] as SVG, so that every game is drawn
//! by one writer without the writer knowing its name.

use mex_core::games::picture::Picture;

/// The SVG of a position's picture. Every spot a move can change (a cell,
/// a heap, an edge, a node, a bit) is an element with a `data-spot`
/// attribute `KIND:INDEX` (`cell:3`, `heap:0`, `edge:2`, …), as
/// [`Picture::changes`] numbers them, so that a page can make a move by a
/// click.
pub fn board_svg(picture: &Picture) -> String {
    // Scaffolding until every shape has its drawing: the text form.
    let text = serde_json::to_string(picture).unwrap_or_default();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><desc>{}</desc></svg>",
        text.replace('&', "&amp;").replace('<', "&lt;")
    )
}
