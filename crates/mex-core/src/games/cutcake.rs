//! Cutcake (Winning Ways, Berlekamp–Conway–Guy 1982, ch. 2): a sum of
//! rectangular cakes scored into unit squares. Left cuts one cake along a
//! vertical line (splitting its width), Right along a horizontal line
//! (splitting its height); who cannot cut loses.
//!
//! Every Cutcake position is an integer (Winning Ways ch. 2), and the
//! value of an `h × w` cake is given by its table, whose closed form is:
//! with `a = ⌊log₂ w⌋` and `b = ⌊log₂ h⌋`, the value is `⌊w / 2^b⌋ − 1`
//! when `a > b`, `−(⌊h / 2^a⌋ − 1)` when `b > a`, and `0` when `a = b`
//! (Left's only interest is how many times the width can be halved before
//! the height is used up, and vice versa). The tests check it against the
//! game tree built from the rules.

use super::picture::{Cell, Grid, Picture, MAX_SPOTS};
use super::{
    positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset, MAX_HEAPS,
    MAX_LISTED_MOVES,
};
use crate::error::quote;
use crate::partizan::store::{GameId, GameStore, MAX_INTEGER};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Longest side of a cake.
pub const MAX_SIDE: u64 = 1 << 16;

/// Cutcake.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cutcake;

/// A cake: height (rows) and width (columns), both at least 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cake {
    /// Rows: Right's cuts split them.
    pub height: u64,
    /// Columns: Left's cuts split them.
    pub width: u64,
}

/// Cakes of a position; `-` when none.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cakes(pub Vec<Cake>);

const ACCEPTED: &str = "cakes HxW (height x width, each 1 to 65536) separated by spaces or \
                        commas, such as '2x3 4x4' ('-' for none)";

fn parse_side(text: &str, cake: &str) -> Result<u64, MexError> {
    match text.parse::<u64>() {
        Ok(n) if (1..=MAX_SIDE).contains(&n) && !text.starts_with('+') => Ok(n),
        _ => Err(MexError::invalid(
            format!("{} is not a cake", quote(cake)),
            ACCEPTED,
        )),
    }
}

impl FromStr for Cake {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let (h, w) = s
            .split_once('x')
            .ok_or_else(|| MexError::invalid(format!("{} is not a cake", quote(s)), ACCEPTED))?;
        Ok(Cake {
            height: parse_side(h, s)?,
            width: parse_side(w, s)?,
        })
    }
}

impl FromStr for Cakes {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        super::parse_list(s, "cake", MAX_HEAPS, ACCEPTED).map(Cakes)
    }
}

impl fmt::Display for Cake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.height, self.width)
    }
}

impl fmt::Display for Cakes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        let words: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

/// `⌊log₂ n⌋` for `n ≥ 1`.
fn log2(n: u64) -> u32 {
    63 - n.leading_zeros()
}

/// The value of one cake by the closed form of Winning Ways' table.
pub fn cake_value(c: Cake) -> i64 {
    let (a, b) = (log2(c.width), log2(c.height));
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => (c.width >> b) as i64 - 1,
        std::cmp::Ordering::Less => -((c.height >> a) as i64 - 1),
        std::cmp::Ordering::Equal => 0,
    }
}

/// Every cut of one player: Left's split widths, Right's heights.
fn cuts(p: &Cakes, left: bool) -> Vec<Move<Cakes>> {
    let mut out = Vec::new();
    for (k, &c) in p.0.iter().enumerate() {
        let side = if left { c.width } else { c.height };
        for a in 1..side {
            let (first, second) = if left {
                (
                    Cake { width: a, ..c },
                    Cake {
                        width: side - a,
                        ..c
                    },
                )
            } else {
                (
                    Cake { height: a, ..c },
                    Cake {
                        height: side - a,
                        ..c
                    },
                )
            };
            let mut next = p.0.clone();
            next.splice(k..=k, [first, second]);
            let how = if left { "vertically" } else { "horizontally" };
            let label = format!("cut {c} {how} into {first} + {second}");
            out.push(Move::new(label, Cakes(next)));
        }
    }
    out
}

/// The number of cuts a player has (one less than each side, summed).
fn cut_count(p: &Cakes, left: bool) -> u64 {
    p.0.iter()
        .map(|c| if left { c.width - 1 } else { c.height - 1 })
        .sum()
}

impl Ruleset for Cutcake {
    type Position = Cakes;
}

impl Game for Cutcake {
    const INFO: GameInfo = GameInfo {
        name: "cutcake",
        family: Family::Partizan,
        description: "Cutcake: Left cuts cakes vertically, Right horizontally",
        syntax: "cakes HxW (height x width) separated by spaces or commas, e.g. '2x3 4x4' \
                 ('-' for none)",
        example: "2x3 4x8",
        rules: "Rectangular cakes scored into unit squares. Left cuts one cake along a \
                vertical line into two (splitting its width), Right along a horizontal line \
                (splitting its height). Who cannot cut loses. Every position is an integer.",
    };
    /// The sum of the values must be an integer the store accepts.
    fn check(&self, p: &Cakes) -> Result<(), MexError> {
        let total: i64 = p.0.iter().map(|&c| cake_value(c)).sum();
        if total.abs() > MAX_INTEGER {
            return Err(MexError::too_large(
                format!("a position of value {total}"),
                format!("values up to {MAX_INTEGER} in magnitude"),
                "use fewer or smaller cakes",
            ));
        }
        Ok(())
    }
    /// Each cake as a block of `#`, one unit square a character (cakes
    /// over 12 × 40 named only), side by side.
    fn drawing(&self, p: &Cakes) -> Option<String> {
        let fits = |c: &Cake| c.height <= 12 && c.width <= 40;
        let height =
            p.0.iter()
                .filter(|c| fits(c))
                .map(|c| c.height)
                .max()
                .unwrap_or(0) as usize;
        let blocks: Vec<Vec<String>> =
            p.0.iter()
                .map(|c| {
                    let fits = fits(c);
                    let name = c.to_string();
                    let width = if fits { c.width as usize } else { 0 }.max(name.len());
                    let mut lines: Vec<String> = (0..height)
                        .map(|r| {
                            let row = if fits && (r as u64) < c.height {
                                "#".repeat(c.width as usize)
                            } else {
                                String::new()
                            };
                            format!("{row:<width$}")
                        })
                        .collect();
                    lines.push(format!("{name:<width$}"));
                    lines
                })
                .collect();
        let lines: Vec<String> = (0..=height)
            .map(|r| {
                let row: Vec<&str> = blocks.iter().map(|b| b[r].as_str()).collect();
                row.join("  ").trim_end().to_string()
            })
            .collect();
        Some(lines.join("\n"))
    }
    fn check_moves(&self, p: &Cakes) -> Result<(), MexError> {
        let count = cut_count(p, true) + cut_count(p, false);
        if count > MAX_LISTED_MOVES {
            return Err(MexError::too_large(
                format!("listing the {count} cuts of the position"),
                format!("{MAX_LISTED_MOVES} moves"),
                "ask for the value only",
            ));
        }
        Ok(())
    }
    /// The cakes side by side, each a grid of its unit squares; the text
    /// when there are more squares than a picture holds.
    fn picture(&self, p: &Cakes) -> Picture {
        let squares = p.0.iter().fold(0u64, |n, c| {
            n.saturating_add(c.height.saturating_mul(c.width))
        });
        if squares > MAX_SPOTS as u64 {
            return Picture::text(p);
        }
        Picture::Grids {
            grids: p
                .0
                .iter()
                .map(|c| Grid::filled(c.height as usize, c.width as usize, Cell::Empty))
                .collect(),
        }
    }
}

impl PartizanGame for Cutcake {
    fn left_moves(&self, p: &Cakes) -> Vec<Move<Cakes>> {
        cuts(p, true)
    }
    fn right_moves(&self, p: &Cakes) -> Vec<Move<Cakes>> {
        cuts(p, false)
    }
}

impl PartizanRuleset for Cutcake {
    fn left_options(&self, p: &Cakes, out: &mut Vec<Cakes>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Cakes, out: &mut Vec<Cakes>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// Each cake is a position of its own.
    fn decompose(&self, p: &Cakes) -> Option<Vec<Cakes>> {
        (p.0.len() > 1).then(|| p.0.iter().map(|&c| Cakes(vec![c])).collect())
    }
    /// The cakes sorted, single squares (no cut left) dropped.
    fn canonical(&self, p: &Cakes) -> Cakes {
        let mut cakes: Vec<Cake> =
            p.0.iter()
                .copied()
                .filter(|c| c.width > 1 || c.height > 1)
                .collect();
        cakes.sort_unstable();
        Cakes(cakes)
    }
    /// The sum of the cakes' values by the closed form.
    fn known_value(&self, store: &mut GameStore, p: &Cakes) -> Result<Option<GameId>, MexError> {
        let total: i64 = p.0.iter().map(|&c| cake_value(c)).sum();
        store.try_integer(total).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{find, Context};
    use crate::partizan::notation;
    use std::collections::{HashMap, HashSet};

    /// The game tree of one `h × w` cake straight from the rules, in a
    /// store without fast paths: a cut leaves the sum of the two pieces.
    fn brute(
        store: &mut GameStore,
        h: u64,
        w: u64,
        memo: &mut HashMap<(u64, u64), GameId>,
    ) -> GameId {
        if let Some(&g) = memo.get(&(h, w)) {
            return g;
        }
        let mut left = Vec::new();
        for a in 1..w {
            let (x, y) = (brute(store, h, a, memo), brute(store, h, w - a, memo));
            left.push(store.add(x, y));
        }
        let mut right = Vec::new();
        for a in 1..h {
            let (x, y) = (brute(store, a, w, memo), brute(store, h - a, w, memo));
            right.push(store.add(x, y));
        }
        let g = store.make(left, right);
        memo.insert((h, w), g);
        g
    }

    /// Every cake up to 10 × 10: the closed form against the game tree.
    #[test]
    fn closed_form_against_the_rules_up_to_10_by_10() {
        let mut slow = GameStore::without_fast_paths();
        let mut memo = HashMap::new();
        for h in 1..=10 {
            for w in 1..=10 {
                let g = brute(&mut slow, h, w, &mut memo);
                let c = Cake {
                    height: h,
                    width: w,
                };
                assert_eq!(notation::show(&slow, g), cake_value(c).to_string(), "{c}");
            }
        }
    }

    /// Sums of two cakes up to 4 × 4 through the catalog against the sum
    /// of the game trees.
    #[test]
    fn sums_against_the_rules() {
        let mut slow = GameStore::without_fast_paths();
        let mut memo = HashMap::new();
        let game = find("cutcake").unwrap();
        let mut ctx = Context::new();
        for (h1, w1, h2, w2) in (1..=4).flat_map(|a| {
            (1..=4).flat_map(move |b| (1..=4).flat_map(move |c| (1..=4).map(move |d| (a, b, c, d))))
        }) {
            let x = brute(&mut slow, h1, w1, &mut memo);
            let y = brute(&mut slow, h2, w2, &mut memo);
            let sum = slow.add(x, y);
            let text = format!("{h1}x{w1} {h2}x{w2}");
            let got = game.evaluate(&text, &mut ctx).unwrap().value_text();
            assert_eq!(got, notation::show(&slow, sum), "{text}");
        }
    }

    /// Winning Ways ch. 2 (Cutcake): a 1 × n strip is n − 1 (Left has n − 1
    /// cuts, Right none), a square is 0, and cakes twice as wide as high
    /// favour Left, e.g. the 2 × 4 cake is 1 and the 4 × 8 cake 1; the
    /// larger entries by the closed form (which the test above checks
    /// against the rules) hold up to 32 × 32 by the rule that a Cutcake
    /// value is the simplest integer between the best cuts of each side.
    #[test]
    fn published_values_and_the_simplest_number_rule() {
        let game = find("cutcake").unwrap();
        let mut ctx = Context::new();
        for (text, value) in [
            ("1x7", "6"),
            ("7x1", "-6"),
            ("5x5", "0"),
            ("2x4", "1"),
            ("4x8", "1"),
            ("2x3", "0"),
            ("1x65536", "65535"),
            ("2x3 4x8", "1"),
        ] {
            assert_eq!(
                game.evaluate(text, &mut ctx).unwrap().value_text(),
                value,
                "{text}"
            );
        }
        let n = 32u64;
        let mut v = vec![vec![0i64; n as usize + 1]; n as usize + 1];
        for h in 1..=n {
            for w in 1..=n {
                let best_left = (1..w)
                    .map(|a| v[h as usize][a as usize] + v[h as usize][(w - a) as usize])
                    .max();
                let best_right = (1..h)
                    .map(|a| v[a as usize][w as usize] + v[(h - a) as usize][w as usize])
                    .min();
                v[h as usize][w as usize] = simplest_integer_between(best_left, best_right);
                assert_eq!(
                    v[h as usize][w as usize],
                    cake_value(Cake {
                        height: h,
                        width: w
                    }),
                    "{h}x{w}"
                );
            }
        }
    }

    /// The simplest integer strictly between `lo` and `hi` (absent: ∓∞),
    /// when there is one (Cutcake's best cuts always leave room).
    fn simplest_integer_between(lo: Option<i64>, hi: Option<i64>) -> i64 {
        match (lo, hi) {
            (None, None) => 0,
            (Some(l), None) => (l + 1).max(0),
            (None, Some(r)) => (r - 1).min(0),
            (Some(l), Some(r)) => {
                assert!(l + 1 < r, "{l} {r}");
                if l < 0 && r > 0 {
                    0
                } else if l >= 0 {
                    l + 1
                } else {
                    r - 1
                }
            }
        }
    }

    #[test]
    fn round_trip_labels_and_limits() {
        for start in ["2x3 3x2", "1x1 2x2", "-"] {
            let mut seen = HashSet::new();
            let mut todo = vec![start.parse::<Cakes>().unwrap()];
            while let Some(p) = todo.pop() {
                assert_eq!(p.to_string().parse::<Cakes>().unwrap(), p);
                for m in [Cutcake.left_moves(&p), Cutcake.right_moves(&p)]
                    .into_iter()
                    .flatten()
                {
                    if seen.insert(m.to.clone()) {
                        todo.push(m.to);
                    }
                }
            }
        }
        let labels: Vec<String> = Cutcake
            .left_moves(&"2x3".parse().unwrap())
            .into_iter()
            .chain(Cutcake.right_moves(&"2x3".parse().unwrap()))
            .map(|m| format!("{}: {}", m.label, m.to))
            .collect();
        assert_eq!(
            labels,
            [
                "cut 2x3 vertically into 2x1 + 2x2: 2x1 2x2",
                "cut 2x3 vertically into 2x2 + 2x1: 2x2 2x1",
                "cut 2x3 horizontally into 1x3 + 1x3: 1x3 1x3",
            ]
        );
        for bad in [
            "", "2x", "x3", "0x3", "2x65537", "2*3", "+2x3", "2x3x4", "2x3,,1x2",
        ] {
            assert!(bad.parse::<Cakes>().is_err(), "{bad}");
        }
        assert_eq!(
            Cutcake.drawing(&"2x3 1x2 20x2".parse().unwrap()).unwrap(),
            "###  ##\n###\n2x3  1x2  20x2"
        );
        let game = find("cutcake").unwrap();
        let mut ctx = Context::new();
        assert!(game.evaluate("1x65536 1x3", &mut ctx).is_err());
        assert!(game.moves("65536x65536", &mut ctx).is_err());
        assert_eq!(
            game.evaluate("65536x65536", &mut ctx).unwrap().value_text(),
            "0"
        );
    }
}
