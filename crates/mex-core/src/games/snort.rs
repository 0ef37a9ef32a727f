//! Snort (Winning Ways, Berlekamp–Conway–Guy 1982, ch. 2, "Col and Snort";
//! invented by Simon Norton): Left paints vertices of a graph blue, Right
//! red; no player may paint a vertex next to one of the other colour. Who
//! cannot paint loses. Snort positions are typically hot.
//!
//! The graph, its syntax, the reduction and the limits are in
//! [`super::painting`]. A component whose vertices Left alone may paint is
//! worth its number of vertices (painting blue never stops Left), and
//! symmetrically for Right.

use super::col::single_vertex;
use super::painting::{Paint, Painting, Rule};
use super::picture::Picture;
use super::{positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset};
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;

/// Snort.
#[derive(Debug, Clone, Copy, Default)]
pub struct Snort;

impl Ruleset for Snort {
    type Position = Painting;
}

impl Game for Snort {
    const INFO: GameInfo = GameInfo {
        name: "snort",
        family: Family::Partizan,
        description: "Snort: paint vertices, never next to the other colour",
        syntax: "Pn, Cn, Kn, HxW or n=N, then '; edges u-v' and '; colours' (. B R b r, one a \
                 vertex; b/r: Left/Right only), e.g. 'P5', 'n=4; 0-1 1-2 2-3; B...'",
        example: "n=5; 0-1 1-2 2-3 3-4",
        rules: "A graph. Left paints an uncoloured vertex blue, Right red; nobody may paint a \
                vertex next to one of the other colour (a vertex tinted b may be painted by \
                Left only, r by Right only). Who cannot paint loses. Vertices are numbered from \
                0; shorthands Pn (path), Cn (cycle), Kn (complete graph), HxW (grid).",
    };
    fn check(&self, p: &Painting) -> Result<(), MexError> {
        p.check(Rule::Snort)
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

impl PartizanGame for Snort {
    fn left_moves(&self, p: &Painting) -> Vec<Move<Painting>> {
        p.moves(Rule::Snort, true)
    }
    fn right_moves(&self, p: &Painting) -> Vec<Move<Painting>> {
        p.moves(Rule::Snort, false)
    }
}

impl PartizanRuleset for Snort {
    fn left_options(&self, p: &Painting, out: &mut Vec<Painting>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Painting, out: &mut Vec<Painting>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The connected components of the reduced graph.
    fn decompose(&self, p: &Painting) -> Option<Vec<Painting>> {
        let parts = p.parts(Rule::Snort);
        (parts.len() > 1).then_some(parts)
    }
    /// Painted and unpaintable vertices dropped, the rest tinted.
    fn canonical(&self, p: &Painting) -> Painting {
        p.reduced(Rule::Snort)
    }
    /// The graph's vectors ([`Painting::heap_bytes`]).
    fn heap_bytes(&self, p: &Painting) -> usize {
        p.heap_bytes()
    }
    /// One vertex: `*` or `±1`; every vertex Left's only: their number
    /// (Right's only: minus it). Applies to reduced positions only.
    fn known_value(&self, store: &mut GameStore, p: &Painting) -> Result<Option<GameId>, MexError> {
        if let Some(g) = single_vertex(store, p)? {
            return Ok(Some(g));
        }
        let n = p.len() as i64;
        if p.paint.iter().all(|&s| s == Paint::LeftOnly) {
            return store.try_integer(n).map(Some);
        }
        if p.paint.iter().all(|&s| s == Paint::RightOnly) {
            return store.try_integer(-n).map(Some);
        }
        Ok(None)
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

    /// Every graph of up to 5 vertices, uncoloured, and every colouring
    /// and tinting of every graph of up to 3 vertices: the catalog
    /// (reduction, components, closed forms) against the rules.
    #[test]
    fn engine_against_the_rules_on_every_small_graph() {
        let options = |p: &Painting, left| twin::options(p, Rule::Snort, left);
        let mut against = AgainstTwin::new("snort", Box::new(options));
        for p in twin::small_positions(Rule::Snort) {
            let text = p.to_string();
            against.check(&p, &text);
        }
    }

    /// cgt-tools' Snort test (`snort.rs`, `correct_canonical_forms`): ten
    /// isolated vertices are 0 and eleven `*`. By hand from the rules: an
    /// edge is `{1 | −1} = ±1` (the first painter tints the other end for
    /// themselves), a tinted vertex `±1`, a path of three vertices Left
    /// alone may paint 3, and the path `b.r` is `±1` (painting the middle
    /// kills the opponent's end and keeps one's own). All are checked
    /// against the rules too.
    #[test]
    fn small_values() {
        let game = find("snort").unwrap();
        let mut ctx = Context::new();
        for (text, value) in [
            ("n=10", "0"),
            ("n=11", "*"),
            ("P2", "±1"),
            ("n=1; b", "1"),
            ("n=3; 0-1 1-2; bbb", "3"),
            ("n=3; 0-1 1-2; b.r", "±1"),
        ] {
            let mut slow = GameStore::without_fast_paths();
            let p: Painting = text.parse().unwrap();
            let g = twin::value(&mut slow, Rule::Snort, &p, &mut HashMap::new());
            assert_eq!(notation::parse(&mut slow, value).unwrap(), g, "{text}");
            let expected = notation::parse(&mut ctx.store, value).unwrap();
            assert_eq!(game.canonical(text, &mut ctx).unwrap(), expected, "{text}");
        }
    }

    #[test]
    fn round_trip_labels_and_limits() {
        assert_round_trip_in_play(&Snort, "C5; b...r");
        let p: Painting = "P3; B..".parse().unwrap();
        let labels = move_lines([Snort.left_moves(&p), Snort.right_moves(&p)].concat());
        assert_eq!(
            labels,
            [
                "paint 1 blue: n=3; 0-1 1-2; BB.",
                "paint 2 blue: n=3; 0-1 1-2; B.B",
                "paint 2 red: n=3; 0-1 1-2; B.R"
            ]
        );
        let game = find("snort").unwrap();
        let mut ctx = Context::new();
        assert!(game.evaluate("P3; BR.", &mut ctx).is_err());
        let mut small = Context::with_store(GameStore::with_budget(4 << 20));
        let refused = game.evaluate("8x8", &mut small).unwrap_err().to_string();
        assert!(refused.contains("4 MiB of memory"), "{refused}");
        assert!(game.evaluate("n=16; bbbbbbbbbbbbbbbb", &mut ctx).is_ok());
    }
}
