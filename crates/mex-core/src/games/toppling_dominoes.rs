//! Toppling Dominoes (Albert–Nowakowski–Wolfe, Lessons in Play, 2007;
//! Fink–Nowakowski–Siegel–Wolfe, "Toppling Conjectures", 2015): rows of
//! dominoes, each blue (`L`, Left's), red (`R`, Right's) or green (`G`,
//! either player's). A player topples one of their dominoes to the left or
//! to the right; it knocks over every domino on that side of it, to the end
//! of the row. Who cannot move loses.
//!
//! Rows are independent (a sum), and a row and its mirror image have the
//! same value. Single-coloured rows have closed forms read off the rules:
//! a move on `n` blue dominoes leaves any number from 0 to `n − 1` of them
//! and Right has none, so `Lⁿ = n` and `Rⁿ = −n`; `n` green dominoes are a
//! Nim heap, `Gⁿ = *n`.
//!
//! A row of `n` dominoes of several colours reaches at most `n(n+1)/2`
//! contiguous pieces of itself; no count is refused in advance: the search
//! is bounded as it runs by the store's memory budget (each piece charged
//! with its bytes), its comparisons and the stop token.

use super::picture::{Cell, Owner, Picture};
use super::{
    positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset, MAX_HEAPS,
};
use crate::error::quote;
use crate::partizan::store::{GameId, GameStore, MAX_INTEGER};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most dominoes in a position.
pub const MAX_DOMINOES: usize = 100_000;
/// Longest row of green dominoes alone: its value `*n` is built with
/// `n(n+1)/2` options in all.
pub const MAX_GREEN_ROW: usize = 4_096;
/// Most dominoes in a position whose moves are listed.
pub const MAX_LISTED_DOMINOES: usize = 10_000;

/// Toppling Dominoes.
#[derive(Debug, Clone, Copy, Default)]
pub struct TopplingDominoes;

/// Rows of dominoes `L`, `R`, `G` (bytes), left to right; `-` when none.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rows(pub Vec<Vec<u8>>);

const ACCEPTED: &str = "rows of dominoes L (blue, Left's), R (red, Right's) and G (green, \
                        either's) separated by spaces, such as 'LRRLL GG' ('-' for none)";

impl FromStr for Rows {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        if s.trim() == "-" {
            return Ok(Rows(vec![]));
        }
        let mut rows = Vec::new();
        for word in s.split_whitespace() {
            if let Some(c) = word.chars().find(|c| !matches!(c, 'L' | 'R' | 'G')) {
                return Err(MexError::invalid(
                    format!("'{c}' in {} is not a domino", quote(word)),
                    ACCEPTED,
                ));
            }
            rows.push(word.as_bytes().to_vec());
        }
        if rows.is_empty() {
            return Err(MexError::invalid("no row of dominoes is given", ACCEPTED));
        }
        Ok(Rows(rows))
    }
}

impl fmt::Display for Rows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        let words: Vec<&str> = self
            .0
            .iter()
            .map(|r| std::str::from_utf8(r).unwrap_or("?"))
            .collect();
        f.write_str(&words.join(" "))
    }
}

/// The colour of a row all of one colour.
fn single_colour(row: &[u8]) -> Option<u8> {
    let first = *row.first()?;
    row.iter().all(|&c| c == first).then_some(first)
}

fn topples(p: &Rows, left: bool) -> Vec<Move<Rows>> {
    let mut out = Vec::new();
    for (k, row) in p.0.iter().enumerate() {
        let of = if p.0.len() > 1 {
            format!(" of row {}", k + 1)
        } else {
            String::new()
        };
        let mine = |c: u8| c == b'G' || c == if left { b'L' } else { b'R' };
        for i in (0..row.len()).filter(|&i| mine(row[i])) {
            for (direction, rest) in [("left", &row[i + 1..]), ("right", &row[..i])] {
                let mut next = p.clone();
                next.0[k] = rest.to_vec();
                next.0.retain(|r| !r.is_empty());
                let label = format!("topple {} {} {direction}{of}", row[i] as char, i + 1);
                out.push(Move::new(label, next));
            }
        }
    }
    out
}

impl Ruleset for TopplingDominoes {
    type Position = Rows;
}

impl Game for TopplingDominoes {
    const INFO: GameInfo = GameInfo {
        name: "toppling-dominoes",
        family: Family::Partizan,
        description: "Toppling Dominoes: topple a domino of your colour and all beyond it",
        syntax: "rows of L (blue), R (red) and G (green) separated by spaces, e.g. 'LRRLL GG' \
                 ('-' for none)",
        example: "LRRLL",
        rules: "Rows of dominoes: blue (L) are Left's, red (R) Right's, green (G) either's. A \
                player topples one of their dominoes to the left or to the right, knocking over \
                every domino on that side of it to the end of the row. Who cannot move loses.",
    };
    fn check(&self, p: &Rows) -> Result<(), MexError> {
        let dominoes: usize = p.0.iter().map(Vec::len).sum();
        if dominoes > MAX_DOMINOES || p.0.len() > MAX_HEAPS {
            return Err(MexError::too_large(
                format!(
                    "a position of {dominoes} dominoes in {}",
                    crate::error::counted(p.0.len(), "row")
                ),
                format!("{MAX_DOMINOES} dominoes and {MAX_HEAPS} rows"),
                "use a smaller position",
            ));
        }
        let numbers: usize =
            p.0.iter()
                .filter(|r| matches!(single_colour(r), Some(b'L' | b'R')))
                .map(Vec::len)
                .sum();
        if numbers as i64 > MAX_INTEGER {
            return Err(MexError::too_large(
                format!("{numbers} dominoes in rows of one colour"),
                format!("{MAX_INTEGER} (the integers the store accepts)"),
                "use shorter rows",
            ));
        }
        match p
            .0
            .iter()
            .filter(|r| single_colour(r) == Some(b'G'))
            .map(Vec::len)
            .max()
        {
            Some(n) if n > MAX_GREEN_ROW => Err(MexError::too_large(
                format!("a row of {n} green dominoes (the nimber *{n})"),
                format!("{MAX_GREEN_ROW} green dominoes in a row"),
                "use shorter rows",
            )),
            _ => Ok(()),
        }
    }
    fn check_moves(&self, p: &Rows) -> Result<(), MexError> {
        let dominoes: usize = p.0.iter().map(Vec::len).sum();
        if dominoes > MAX_LISTED_DOMINOES {
            return Err(MexError::too_large(
                format!("listing the moves of a position of {dominoes} dominoes"),
                format!("{MAX_LISTED_DOMINOES} dominoes"),
                "ask for the value only",
            ));
        }
        Ok(())
    }
    /// One row a line, with the dominoes numbered.
    fn drawing(&self, p: &Rows) -> Option<String> {
        let lines: Vec<String> =
            p.0.iter()
                .map(|r| {
                    r.iter()
                        .map(|&c| format!("[{}]", c as char))
                        .collect::<String>()
                })
                .collect();
        Some(lines.join("\n"))
    }
    /// One row a line: blue, red and green dominoes.
    fn picture(&self, p: &Rows) -> Picture {
        let table = [
            (b'L', Cell::piece(Owner::Left, "domino", 'L')),
            (b'R', Cell::piece(Owner::Right, "domino", 'R')),
            (b'G', Cell::piece(Owner::Neutral, "domino", 'G')),
        ];
        Picture::strips(p.0.iter().map(Vec::as_slice), &table).bounded(|| p.to_string())
    }
}

impl PartizanGame for TopplingDominoes {
    fn left_moves(&self, p: &Rows) -> Vec<Move<Rows>> {
        topples(p, true)
    }
    fn right_moves(&self, p: &Rows) -> Vec<Move<Rows>> {
        topples(p, false)
    }
}

impl PartizanRuleset for TopplingDominoes {
    fn left_options(&self, p: &Rows, out: &mut Vec<Rows>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Rows, out: &mut Vec<Rows>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// Each row is a position of its own.
    fn decompose(&self, p: &Rows) -> Option<Vec<Rows>> {
        (p.0.len() > 1).then(|| p.0.iter().map(|r| Rows(vec![r.clone()])).collect())
    }
    /// Each row or its mirror image, whichever is less; rows sorted.
    fn canonical(&self, p: &Rows) -> Rows {
        let mut rows: Vec<Vec<u8>> =
            p.0.iter()
                .map(|r| {
                    let back: Vec<u8> = r.iter().rev().copied().collect();
                    back.min(r.clone())
                })
                .collect();
        rows.sort_unstable();
        Rows(rows)
    }
    /// Each row's buffer (its bytes in steps of 16, the allocator's
    /// overhead and the row's own vector) and the vector of rows.
    fn heap_bytes(&self, p: &Rows) -> usize {
        let row = |r: &Vec<u8>| r.len().next_multiple_of(16) + 16 + std::mem::size_of::<Vec<u8>>();
        p.0.iter().map(row).sum::<usize>() + 16
    }
    /// A single row of one colour: `n`, `−n` or `*n`.
    fn known_value(&self, store: &mut GameStore, p: &Rows) -> Result<Option<GameId>, MexError> {
        let [row] = &p.0[..] else {
            return Ok(None);
        };
        let n = row.len();
        match single_colour(row) {
            Some(b'L') => store.try_integer(n as i64).map(Some),
            Some(b'R') => store.try_integer(-(n as i64)).map(Some),
            Some(_) => store.try_nimber(n as u32).map(Some),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{
        all_words, assert_round_trip_in_play, game_tree, move_lines, value_text, AgainstTwin,
    };
    use crate::games::{find, Context};
    use crate::partizan::notation;
    use std::collections::HashMap;

    type Row = Vec<u8>;

    /// The options of one row straight from the rules: every domino of
    /// the mover's colours, toppled either way; no symmetry, no closed
    /// forms.
    fn brute_options(row: &Row, left: bool) -> Vec<Row> {
        let me = if left { b'L' } else { b'R' };
        let mut out = Vec::new();
        for i in (0..row.len()).filter(|&i| row[i] == me || row[i] == b'G') {
            out.push(row[i + 1..].to_vec());
            out.push(row[..i].to_vec());
        }
        out
    }

    /// The game tree of one row from the rules, in a store without fast
    /// paths.
    fn brute(store: &mut GameStore, row: &[u8], memo: &mut HashMap<Vec<u8>, GameId>) -> GameId {
        game_tree(store, &row.to_vec(), memo, &brute_options)
    }

    fn all_rows(max: usize) -> Vec<Vec<u8>> {
        all_words(max, b"LRG")
    }

    /// Every row of up to 8 dominoes: the catalog (symmetry, closed forms)
    /// against the game tree.
    #[test]
    fn engine_against_brute_force_on_every_row_up_to_8() {
        let mut twin = AgainstTwin::new("toppling-dominoes", Box::new(brute_options));
        for row in all_rows(8) {
            twin.check(&row, std::str::from_utf8(&row).unwrap());
        }
    }

    /// Sums of two rows of up to 3 dominoes against the brute-force sum.
    #[test]
    fn sums_of_two_rows_against_brute_force() {
        let mut twin = AgainstTwin::new("toppling-dominoes", Box::new(brute_options));
        let short = all_rows(3);
        for a in &short {
            for b in &short {
                let text = format!(
                    "{} {}",
                    String::from_utf8_lossy(a),
                    String::from_utf8_lossy(b)
                );
                twin.check_sum((a, b), &text);
            }
        }
    }

    /// cgt-tools' test of Toppling Dominoes (`toppling_dominoes.rs`,
    /// `correct_canonical`): blue, red, red, blue, blue is `{1|*}`. The
    /// others are worked by hand from the rules and checked against the
    /// brute force too: `LR = {0|0} = *` (each player's best move clears
    /// the row), `Lⁿ = n`, `Gⁿ = *n`, `LRR = {0|−1}`, `LLR = {1|0}`.
    #[test]
    fn published_values() {
        let game = find("toppling-dominoes").unwrap();
        let mut ctx = Context::new();
        for (text, value) in [
            ("LRRLL", "{1|*}"),
            ("LR", "*"),
            ("RL", "*"),
            ("LLLL", "4"),
            ("RRR", "-3"),
            ("GGGGG", "*5"),
            ("LRR", "{0|-1}"),
            ("LLR", "{1|0}"),
            ("LLRRL", "{1|*}"),
            ("LRRLL RLLRR", "0"),
            ("LR LR", "0"),
        ] {
            let mut slow = GameStore::without_fast_paths();
            let mut memo = HashMap::new();
            let g = if text.contains(' ') {
                None
            } else {
                Some(brute(&mut slow, text.as_bytes(), &mut memo))
            };
            let expected = notation::parse(&mut ctx.store, value).unwrap();
            assert_eq!(game.canonical(text, &mut ctx).unwrap(), expected, "{text}");
            if let Some(g) = g {
                let mut fresh = Context::new();
                let cg = notation::parse(&mut fresh.store, &notation::show(&slow, g)).unwrap();
                let mine = game.canonical(text, &mut fresh).unwrap();
                assert_eq!(mine, cg, "{text}");
            }
        }
    }

    #[test]
    fn round_trip_labels_and_limits() {
        for start in ["LRRLL", "GLR RG", "G", "-"] {
            assert_round_trip_in_play(&TopplingDominoes, start);
        }
        let p: Rows = "LRG".parse().unwrap();
        let labels = move_lines(TopplingDominoes.left_moves(&p));
        assert_eq!(
            labels,
            [
                "topple L 1 left: RG",
                "topple L 1 right: -",
                "topple G 3 left: -",
                "topple G 3 right: LR"
            ]
        );
        assert_eq!(
            TopplingDominoes.drawing(&"LR G".parse().unwrap()).unwrap(),
            "[L][R]\n[G]"
        );
        for bad in ["", "LX", "L-R", "lr"] {
            assert!(bad.parse::<Rows>().is_err(), "{bad}");
        }
        let game = find("toppling-dominoes").unwrap();
        let mut ctx = Context::new();
        let mut small = Context::with_store(GameStore::with_budget(8 << 20));
        let refused = game.evaluate(&"LR".repeat(150), &mut small);
        let refused = refused.unwrap_err().to_string();
        assert!(refused.contains("8 MiB of memory"), "{refused}");
        assert!(!refused.contains('\n') && !refused.contains("positions"));
        let wide = "G".repeat(MAX_GREEN_ROW);
        assert_eq!(
            value_text(game, &wide, &mut ctx),
            format!("*{MAX_GREEN_ROW}")
        );
        assert!(game.evaluate(&format!("{wide}G"), &mut ctx).is_err());
        let blue = "L".repeat(MAX_LISTED_DOMINOES + 1);
        assert_eq!(
            value_text(game, &blue, &mut ctx),
            (MAX_LISTED_DOMINOES + 1).to_string()
        );
        assert!(game.moves(&blue, &mut ctx).is_err());
        let many = vec!["L"; MAX_HEAPS + 1].join(" ");
        assert!(game.evaluate(&many, &mut ctx).is_err());
        assert!(game.evaluate(&"L".repeat(70_000), &mut ctx).is_err());
    }
}
