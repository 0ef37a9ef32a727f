//! Blue-Red Hackenbush strings: stalks of blue (`B`, Left's) and red (`R`,
//! Right's) edges standing on the ground; a player cuts one edge of their
//! colour and everything above it falls. A position is a sum of its
//! strings, and a string is a number (Winning Ways ch. 2), given by
//! Berlekamp's rule: the first run of edges of one colour counts ±1 each,
//! and after the first change of colour the `j`-th edge counts ±1/2^j
//! (`+` for blue). So `BR = 1/2`, `BRR = 1/4`, `BBR = 3/2`, `BRB = 3/4`.

use super::picture::{Edge, Node, Owner, Picture};
use super::{
    positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset, MAX_HEAPS,
};
use crate::error::quote;
use crate::partizan::simple::{Record, MAX_EXPONENT};
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;
use num_bigint::BigInt;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// Most edges in a position.
pub const MAX_EDGES: usize = 10_000;
/// Most edges of a string above its first change of colour (the exponent of
/// the value's denominator) whose value is built as a game tree; longer
/// strings (up to [`MAX_EDGES`]) are numbers kept without their trees
/// (records of the store, as CGSuite keeps big dyadic rationals).
pub const MAX_TAIL: usize = MAX_EXPONENT as usize;
/// Most edges in a position whose moves are listed.
pub const MAX_LISTED_EDGES: usize = 1_000;

/// Blue-Red Hackenbush strings.
#[derive(Debug, Clone, Copy, Default)]
pub struct Hackenbush;

/// Strings of edges from the ground up, `true` for blue; `-` when none.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Strings(pub Vec<Vec<bool>>);

const ACCEPTED: &str = "strings of B (blue, Left's) and R (red, Right's) edges from the ground \
                        up, separated by spaces, such as 'BRB BB' ('-' for none)";

impl FromStr for Strings {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        if s.trim() == "-" {
            return Ok(Strings(vec![]));
        }
        let strings = s
            .split_whitespace()
            .map(|word| {
                word.chars()
                    .map(|c| match c {
                        'B' => Ok(true),
                        'R' => Ok(false),
                        _ => Err(MexError::invalid(
                            format!("'{c}' in {} is not an edge", quote(word)),
                            ACCEPTED,
                        )),
                    })
                    .collect()
            })
            .collect::<Result<Vec<Vec<bool>>, _>>()?;
        if strings.is_empty() {
            return Err(MexError::invalid("no string of edges is given", ACCEPTED));
        }
        Ok(Strings(strings))
    }
}

impl fmt::Display for Strings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        let words: Vec<String> = self
            .0
            .iter()
            .map(|s| s.iter().map(|&b| if b { 'B' } else { 'R' }).collect())
            .collect();
        f.write_str(&words.join(" "))
    }
}

/// How many edges lie above the first change of colour.
fn tail(edges: &[bool]) -> usize {
    let first_run = edges
        .iter()
        .take_while(|&&b| Some(&b) == edges.first())
        .count();
    edges.len() - first_run
}

/// Berlekamp's rule: the value of a string as `p / 2^q` (`q` the number of
/// edges above the first change of colour; any length).
pub fn string_value(edges: &[bool]) -> (BigInt, u64) {
    let sign = |b: bool| if b { 1i64 } else { -1 };
    let q = tail(edges);
    let first_run = edges.len() - q;
    let mut p = BigInt::from(edges.first().map_or(0, |&b| sign(b)) * first_run as i64);
    for &b in &edges[first_run..] {
        p = (p << 1u32) + sign(b);
    }
    (p, q as u64)
}

/// The canonical form of the string's value `p / 2^q`: its tree (by
/// [`dyadic`]) when `q` is at most [`MAX_TAIL`], else the number as a
/// record of the store (no tree; the store adds, compares and draws it in
/// closed form).
fn string_form(store: &mut GameStore, edges: &[bool]) -> Result<GameId, MexError> {
    let (p, q) = string_value(edges);
    match (i64::try_from(&p), u32::try_from(q)) {
        (Ok(p), Ok(q)) if q <= MAX_EXPONENT => dyadic(store, p, q),
        _ => store.try_record(Record::number(p, q)),
    }
}

/// The canonical form of `p / 2^q`: `{(p−1)/2^q | (p+1)/2^q}` for odd `p`,
/// built level by level with a memo (at most two values a level).
pub fn dyadic(store: &mut GameStore, p: i64, q: u32) -> Result<GameId, MexError> {
    fn build(
        store: &mut GameStore,
        p: i64,
        q: u32,
        memo: &mut HashMap<(i64, u32), GameId>,
    ) -> Result<GameId, MexError> {
        if q > 0 && p % 2 == 0 {
            return build(store, p / 2, q - 1, memo);
        }
        if q == 0 {
            return store.try_integer(p);
        }
        if let Some(&g) = memo.get(&(p, q)) {
            return Ok(g);
        }
        let lo = build(store, p - 1, q, memo)?;
        let hi = build(store, p + 1, q, memo)?;
        let g = store.try_make(vec![lo], vec![hi])?;
        memo.insert((p, q), g);
        Ok(g)
    }
    build(store, p, q, &mut HashMap::new())
}

fn cuts(p: &Strings, blue: bool) -> Vec<Move<Strings>> {
    let colour = if blue { 'B' } else { 'R' };
    let mut out = Vec::new();
    for (i, s) in p.0.iter().enumerate() {
        for h in (0..s.len()).filter(|&h| s[h] == blue) {
            let mut next = p.clone();
            next.0[i].truncate(h);
            next.0.retain(|s| !s.is_empty());
            let of = if p.0.len() > 1 {
                format!(" of string {}", i + 1)
            } else {
                String::new()
            };
            out.push(Move::new(format!("cut {colour} edge {}{of}", h + 1), next));
        }
    }
    out
}

impl Ruleset for Hackenbush {
    type Position = Strings;
}

impl Game for Hackenbush {
    const INFO: GameInfo = GameInfo {
        name: "hackenbush",
        family: Family::Partizan,
        description: "Blue-Red Hackenbush strings: cut an edge of your colour, all above falls",
        syntax: "strings of B and R from the ground up separated by spaces, e.g. 'BRB BB' ('-' for none)",
        example: "BRB BB",
        rules: "Strings of blue (B, Left's) and red (R, Right's) edges standing on the ground. \
                A player cuts one edge of their colour; the edges above it fall too. Who cannot \
                move loses. A string is a number (Berlekamp's rule: BR = 1/2, BRB = 3/4).",
    };
    fn check(&self, p: &Strings) -> Result<(), MexError> {
        let edges: usize = p.0.iter().map(Vec::len).sum();
        if edges > MAX_EDGES || p.0.len() > MAX_HEAPS {
            return Err(MexError::too_large(
                format!("a position of {edges} edges in {} strings", p.0.len()),
                format!("{MAX_EDGES} edges and {MAX_HEAPS} strings"),
                "split the position into a sum",
            ));
        }
        Ok(())
    }
    fn check_moves(&self, p: &Strings) -> Result<(), MexError> {
        let edges: usize = p.0.iter().map(Vec::len).sum();
        if edges > MAX_LISTED_EDGES {
            return Err(MexError::too_large(
                format!("listing the moves of a position of {edges} edges"),
                format!("{MAX_LISTED_EDGES} edges"),
                "ask for the value only",
            ));
        }
        Ok(())
    }
    /// Each string a stalk on its own piece of ground, left to right:
    /// string `i` stands at `x = i`, its `h`-th edge from height `h − 1`
    /// to `h`; the text when the picture would be too large.
    fn picture(&self, p: &Strings) -> Picture {
        let mut nodes = Vec::new();
        let mut edges = Vec::new();
        for (i, string) in p.0.iter().enumerate() {
            let x = i as i32;
            nodes.push(Node::ground_at((x, 0)));
            for (h, &blue) in string.iter().enumerate() {
                nodes.push(Node::labelled("").at((x, h as i32 + 1)));
                edges.push(Edge {
                    from: nodes.len() - 2,
                    to: nodes.len() - 1,
                    owner: Some(if blue { Owner::Left } else { Owner::Right }),
                });
            }
        }
        Picture::Graph {
            directed: false,
            nodes,
            edges,
        }
        .bounded(|| p.to_string())
    }
}

impl PartizanGame for Hackenbush {
    fn left_moves(&self, p: &Strings) -> Vec<Move<Strings>> {
        cuts(p, true)
    }
    fn right_moves(&self, p: &Strings) -> Vec<Move<Strings>> {
        cuts(p, false)
    }
}

impl PartizanRuleset for Hackenbush {
    fn left_options(&self, p: &Strings, out: &mut Vec<Strings>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Strings, out: &mut Vec<Strings>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The strings, each a position of its own.
    fn decompose(&self, p: &Strings) -> Option<Vec<Strings>> {
        (p.0.len() > 1).then(|| p.0.iter().map(|s| Strings(vec![s.clone()])).collect())
    }
    /// The strings in order (a sum does not depend on it).
    fn canonical(&self, p: &Strings) -> Strings {
        let mut strings = p.0.clone();
        strings.sort_unstable();
        Strings(strings)
    }
    /// The sum of the strings' values by Berlekamp's rule.
    fn known_value(&self, store: &mut GameStore, p: &Strings) -> Result<Option<GameId>, MexError> {
        let mut sum = store.zero();
        for s in &p.0 {
            let v = string_form(store, s)?;
            sum = store.try_add(sum, v)?;
        }
        Ok(Some(sum))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{find, Context};
    use crate::partizan::notation;
    use crate::partizan::ruleset::{Evaluator, PartizanRuleset};
    use crate::ruleset::Ruleset;
    use std::collections::HashSet;

    /// The rules alone: the engine's search with no closed form, no
    /// decomposition and no symmetry.
    struct RulesOnly;

    impl Ruleset for RulesOnly {
        type Position = Strings;
    }

    impl PartizanRuleset for RulesOnly {
        fn left_options(&self, p: &Strings, out: &mut Vec<Strings>) {
            Hackenbush.left_options(p, out);
        }
        fn right_options(&self, p: &Strings, out: &mut Vec<Strings>) {
            Hackenbush.right_options(p, out);
        }
    }

    fn all_strings(max: usize) -> Vec<Vec<bool>> {
        (1..=max)
            .flat_map(|n| {
                (0u32..1 << n).map(move |bits| (0..n).map(|i| bits >> i & 1 == 1).collect())
            })
            .collect()
    }

    /// Every string of up to 10 edges: Berlekamp's rule against the search.
    #[test]
    fn rule_against_search_on_every_string_up_to_10() {
        let mut store = GameStore::new();
        let mut slow = Evaluator::new(RulesOnly, 1 << 20);
        for s in all_strings(10) {
            let p = Strings(vec![s]);
            let searched = slow.value(&mut store, &p).unwrap();
            let known = Hackenbush.known_value(&mut store, &p).unwrap().unwrap();
            assert_eq!(known, searched, "{p}");
        }
    }

    /// Sums of two strings of up to 4 edges: the catalog's value (closed
    /// form, decomposition) against the search on the whole position.
    #[test]
    fn sums_of_two_strings_against_search() {
        let mut ctx = Context::new();
        let mut slow = Evaluator::new(RulesOnly, 1 << 20);
        let game = find("hackenbush").unwrap();
        let short = all_strings(4);
        for a in &short {
            for b in &short {
                let p = Strings(vec![a.clone(), b.clone()]);
                let searched = slow.value(&mut ctx.store, &p).unwrap();
                let g = game.canonical(&p.to_string(), &mut ctx).unwrap();
                assert_eq!(g, searched, "{p}");
            }
        }
    }

    /// The dyadic builder against the store's own and the notation.
    #[test]
    fn dyadic_builder_matches_the_store() {
        let mut store = GameStore::without_fast_paths();
        for q in 0..5u32 {
            for p in -40..40i64 {
                let mine = dyadic(&mut store, p, q).unwrap();
                assert_eq!(mine, store.dyadic(p, q), "{p}/2^{q}");
            }
        }
        let mut store = GameStore::new();
        let deep = dyadic(&mut store, 1, 40).unwrap();
        assert_eq!(notation::show(&store, deep), "1/1099511627776");
    }

    /// Winning Ways ch. 2 and Lessons in Play ch. 2 (Blue-Red Hackenbush
    /// strings): `BR = 1/2`, `BRR = 1/4`, `BBR = 3/2`, `BRB = 3/4`,
    /// `RBB = -1/4`, `BRRB = 3/8`, and a string is negated by swapping colours.
    #[test]
    fn published_values() {
        let mut ctx = Context::new();
        let game = find("hackenbush").unwrap();
        for (text, value) in [
            ("BR", "1/2"),
            ("BRR", "1/4"),
            ("BBR", "3/2"),
            ("BRB", "3/4"),
            ("RBB", "-1/4"),
            ("BRRB", "3/8"),
            ("BR BR R", "0"),
            ("BBB RR", "1"),
        ] {
            assert_eq!(
                game.evaluate(text, &mut ctx).unwrap().value_text(),
                value,
                "{text}"
            );
        }
        for s in all_strings(8) {
            let swapped: Vec<bool> = s.iter().map(|&b| !b).collect();
            let (p, q) = string_value(&s);
            assert_eq!(string_value(&swapped), (-p, q));
        }
        for s in all_strings(10) {
            let (p, q) = string_value(&s);
            let mut store = GameStore::new();
            let tree = dyadic(&mut store, i64::try_from(&p).unwrap(), q as u32).unwrap();
            let record = store.try_record(Record::number(p, q)).unwrap();
            assert_eq!(tree, record, "{s:?}");
        }
    }

    #[test]
    fn round_trip_labels_and_limits() {
        for start in ["BRB BB", "RBRB", "B R BR", "-"] {
            let mut seen = HashSet::new();
            let mut todo = vec![start.parse::<Strings>().unwrap()];
            while let Some(p) = todo.pop() {
                assert_eq!(p.to_string().parse::<Strings>().unwrap(), p);
                let moves = [Hackenbush.left_moves(&p), Hackenbush.right_moves(&p)];
                for m in moves.into_iter().flatten() {
                    if seen.insert(m.to.clone()) {
                        todo.push(m.to);
                    }
                }
            }
        }
        let left: Vec<String> = Hackenbush
            .left_moves(&"BRB BB".parse().unwrap())
            .into_iter()
            .map(|m| format!("{}: {}", m.label, m.to))
            .collect();
        assert_eq!(
            left,
            [
                "cut B edge 1 of string 1: BB",
                "cut B edge 3 of string 1: BR BB",
                "cut B edge 1 of string 2: BRB",
                "cut B edge 2 of string 2: BRB B"
            ]
        );
        for bad in ["", "BXR", "B-R", "--"] {
            assert!(bad.parse::<Strings>().is_err(), "{bad}");
        }
        let game = find("hackenbush").unwrap();
        let mut ctx = Context::new();
        // Beyond the trees' denominators, numbers of any size: B then 200
        // R is 1/2^200, and B R^40 B R^199 is 1/2^40 + 1/2^240.
        let tall = format!("B{}", "R".repeat(MAX_TAIL));
        assert_eq!(
            game.evaluate(&tall, &mut ctx).unwrap().value_text(),
            "1/1099511627776"
        );
        let taller = format!("B{}", "R".repeat(200));
        assert_eq!(
            game.evaluate(&taller, &mut ctx).unwrap().value_text(),
            format!("1/{}", BigInt::from(1) << 200u32)
        );
        let two = format!("{tall}B{}", "R".repeat(199));
        let expected = (BigInt::from(1) << 200u32) + 1;
        assert_eq!(
            game.evaluate(&two, &mut ctx).unwrap().value_text(),
            format!("{expected}/{}", BigInt::from(1) << 240u32)
        );
        let wide = "B".repeat(MAX_EDGES);
        assert_eq!(
            game.evaluate(&wide, &mut ctx).unwrap().value_text(),
            "10000"
        );
        assert!(game.evaluate(&format!("{wide} B"), &mut ctx).is_err());
        assert!(game.moves(&wide, &mut ctx).is_err());
        let many = vec!["R"; MAX_HEAPS].join(" ");
        assert_eq!(
            game.evaluate(&many, &mut ctx).unwrap().value_text(),
            "-10000"
        );
        assert!(game.evaluate(&format!("{many} B"), &mut ctx).is_err());
    }
}
