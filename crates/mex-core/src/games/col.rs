//! Col (Winning Ways, Berlekamp–Conway–Guy 1982, ch. 2, "Col and Snort";
//! invented by Colin Vout): Left paints vertices of a graph blue, Right
//! red; no player may paint a vertex next to one of their own colour. Who
//! cannot paint loses. Every Col position is a number or a number plus `*`
//! (Winning Ways ch. 2; checked here on every small graph).
//!
//! The graph, its syntax, the reduction and the limits are in
//! [`super::painting`].

use super::painting::{Painting, Rule, MAX_VERTICES};
use super::picture::Picture;
use super::{positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset};
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;

pub use super::painting::Paint;

/// Col.
#[derive(Debug, Clone, Copy, Default)]
pub struct Col;

impl Ruleset for Col {
    type Position = Painting;
}

impl Game for Col {
    const INFO: GameInfo = GameInfo {
        name: "col",
        family: Family::Partizan,
        description: "Col: paint vertices, never next to your own colour",
        syntax: "Pn, Cn, Kn, HxW or n=N, then '; edges u-v' and '; colours' (. B R b r, one a \
                 vertex; b/r: Left/Right only), e.g. 'P5', 'n=4; 0-1 1-2 2-3; B...'",
        example: "n=5; 0-1 1-2 2-3 3-4",
        rules: "A graph. Left paints an uncoloured vertex blue, Right red; nobody may paint a \
                vertex next to one of their own colour (a vertex tinted b may be painted by \
                Left only, r by Right only). Who cannot paint loses. Vertices are numbered from \
                0; shorthands Pn (path), Cn (cycle), Kn (complete graph), HxW (grid).",
    };
    fn check(&self, p: &Painting) -> Result<(), MexError> {
        debug_assert!(p.len() <= MAX_VERTICES);
        p.check(Rule::Col)
    }
    fn drawing(&self, p: &Painting) -> Option<String> {
        Some(p.picture())
    }
    /// The vertices, painted or tinted: a grid for grid graphs and paths,
    /// else a graph.
    fn picture(&self, p: &Painting) -> Picture {
        p.to_picture()
    }
}

impl PartizanGame for Col {
    fn left_moves(&self, p: &Painting) -> Vec<Move<Painting>> {
        p.moves(Rule::Col, true)
    }
    fn right_moves(&self, p: &Painting) -> Vec<Move<Painting>> {
        p.moves(Rule::Col, false)
    }
}

impl PartizanRuleset for Col {
    fn left_options(&self, p: &Painting, out: &mut Vec<Painting>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Painting, out: &mut Vec<Painting>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The connected components of the reduced graph.
    fn decompose(&self, p: &Painting) -> Option<Vec<Painting>> {
        let parts = p.parts(Rule::Col);
        (parts.len() > 1).then_some(parts)
    }
    /// Painted and unpaintable vertices dropped, the rest tinted.
    fn canonical(&self, p: &Painting) -> Painting {
        p.reduced(Rule::Col)
    }
    /// The graph's vectors ([`Painting::heap_bytes`]).
    fn heap_bytes(&self, p: &Painting) -> usize {
        p.heap_bytes()
    }
    /// No vertex: 0; one vertex: `*`, or `±1` when tinted.
    fn known_value(&self, store: &mut GameStore, p: &Painting) -> Result<Option<GameId>, MexError> {
        single_vertex(store, p)
    }
}

/// The value of a game of at most one paintable vertex and nothing
/// painted: `0`, `*`, `1` (Left only) or `−1` (Right only).
pub(crate) fn single_vertex(
    store: &mut GameStore,
    p: &Painting,
) -> Result<Option<GameId>, MexError> {
    match p.paint[..] {
        [] => Ok(Some(store.zero())),
        [Paint::Free] => store.try_nimber(1).map(Some),
        [Paint::LeftOnly] => store.try_integer(1).map(Some),
        [Paint::RightOnly] => store.try_integer(-1).map(Some),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::painting::twin;
    use crate::games::test_support::{assert_round_trip_in_play, move_lines, AgainstTwin};
    use crate::games::{find, Context};
    use crate::partizan::notation;
    use std::collections::HashMap;

    fn is_number_or_number_star(text: &str) -> bool {
        let x = text.strip_suffix('*').unwrap_or(text);
        x.is_empty()
            || x.chars()
                .all(|c| c.is_ascii_digit() || c == '-' || c == '/')
    }

    /// Every graph of up to 5 vertices, uncoloured, and every colouring
    /// and tinting of every graph of up to 3 vertices: the catalog
    /// (reduction, components, closed forms) against the rules; and each
    /// value is a number or a number plus `*` (Winning Ways ch. 2).
    #[test]
    fn engine_against_the_rules_on_every_small_graph() {
        let options = |p: &Painting, left| twin::options(p, Rule::Col, left);
        let mut against = AgainstTwin::new("col", Box::new(options));
        for p in twin::small_positions(Rule::Col) {
            let text = p.to_string();
            let got = against.check(&p, &text);
            assert!(is_number_or_number_star(&got), "{text}: {got}");
        }
    }

    /// Values worked by hand from the rules (Winning Ways ch. 2 has the
    /// first three): an isolated vertex is `*`, a tinted one `±1`, an edge
    /// `{−1 | 1} = 0` (whoever paints first leaves the other end to the
    /// opponent), the path `b..` is `{0 | 1} = 1/2`. Each is also checked
    /// against the rules.
    #[test]
    fn small_values() {
        let game = find("col").unwrap();
        let mut ctx = Context::new();
        for (text, value) in [
            ("n=1", "*"),
            ("n=1; b", "1"),
            ("n=1; r", "-1"),
            ("P2", "0"),
            ("n=2", "0"),
            ("n=3", "*"),
            ("n=3; 0-1 1-2; b..", "1/2"),
        ] {
            let mut slow = GameStore::without_fast_paths();
            let p: Painting = text.parse().unwrap();
            let g = twin::value(&mut slow, Rule::Col, &p, &mut HashMap::new());
            assert_eq!(notation::show(&slow, g), value, "{text}");
            assert_eq!(
                game.evaluate(text, &mut ctx).unwrap().value_text(),
                value,
                "{text}"
            );
        }
    }

    #[test]
    fn syntax_round_trip_labels_and_limits() {
        let cases = [
            ("P4", "n=4; 0-1 1-2 2-3"),
            ("C3", "n=3; 0-1 0-2 1-2"),
            ("K3", "n=3; 0-1 0-2 1-2"),
            ("2x2", "n=4; 0-1 0-2 1-3 2-3"),
            ("n=3; 0-2, 2-1", "n=3; 0-2 1-2"),
            ("P3; B.r", "n=3; 0-1 1-2; B.r"),
            ("n=2; ..", "n=2"),
            ("n=0", "n=0"),
        ];
        for (text, shown) in cases {
            let p: Painting = text.parse().unwrap();
            assert_eq!(p.to_string(), shown, "{text}");
            assert_eq!(shown.parse::<Painting>().unwrap(), p);
        }
        for bad in [
            "",
            "P",
            "Q3",
            "C2",
            "n=65",
            "9x9",
            "n=3; 0-3",
            "n=3; 1-1",
            "n=3; 0-1; B.",
            "n=2; BX",
            "n=2; ..; 0-1",
            "P3;",
            "n3",
            "P3; 0:1",
        ] {
            assert!(bad.parse::<Painting>().is_err(), "{bad}");
        }
        assert_round_trip_in_play(&Col, "2x3; b....r");
        let p: Painting = "P3; B..".parse().unwrap();
        let labels = move_lines([Col.left_moves(&p), Col.right_moves(&p)].concat());
        assert_eq!(
            labels,
            [
                "paint 2 blue: n=3; 0-1 1-2; B.B",
                "paint 1 red: n=3; 0-1 1-2; BR.",
                "paint 2 red: n=3; 0-1 1-2; B.R"
            ]
        );
        assert_eq!(
            Col.drawing(&"P2; B.".parse().unwrap()).unwrap(),
            " 0 B blue       -- 1\n 1 . uncoloured -- 0"
        );
        let game = find("col").unwrap();
        let mut ctx = Context::new();
        assert!(game.evaluate("P3; BB.", &mut ctx).is_err());
        // A path splits as it is painted: 3^16 colourings bound it, far
        // fewer are met, and no bound refuses it in advance.
        assert!(game.evaluate("P16", &mut ctx).is_ok());
        let mut small = Context::with_store(GameStore::with_budget(4 << 20));
        let refused = game.evaluate("8x8", &mut small).unwrap_err().to_string();
        assert!(refused.contains("4 MiB of memory"), "{refused}");
        assert!(game.evaluate("P16; B...............", &mut ctx).is_ok());
        assert!(game.evaluate("n=64", &mut ctx).is_ok());
    }
}
