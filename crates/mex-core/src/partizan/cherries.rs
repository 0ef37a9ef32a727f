//! Cherries and Stack Cherries (van den Bergh 2023, Section 6.1): rows of black (B,
//! Left's) and white (W, Right's) cherries; a player removes one cherry of
//! their colour from an end of a row — either end in Cherries, only the
//! front in Stack Cherries. A position is several rows, written front first
//! and separated by spaces: `BBWB WWB`.

use super::ruleset::PartizanRuleset;
use crate::error::quote;
use crate::ruleset::Ruleset;
use crate::MexError;

/// A cherry: `true` for black (Left), `false` for white (Right).
pub type Row = Vec<bool>;

/// Longest position accepted for exhaustive evaluation.
pub const MAX_CHERRIES: usize = 64;

/// Parses one word of cherries, `B` (black) and `W` (white), any case;
/// `accepted` says what the caller accepts, for the error message.
pub fn parse_word(word: &str, accepted: &str) -> Result<Row, MexError> {
    word.chars()
        .map(|c| match c {
            'B' | 'b' => Ok(true),
            'W' | 'w' => Ok(false),
            _ => Err(MexError::invalid(
                format!("'{c}' in {} is not a cherry", quote(word)),
                accepted,
            )),
        })
        .collect()
}

/// Parses rows of `B`/`W` separated by whitespace.
pub fn parse_rows(text: &str) -> Result<Vec<Row>, MexError> {
    let accepted = "rows of B and W separated by spaces, front first, e.g. 'BBWB WWB'";
    let rows: Vec<Row> = text
        .split_whitespace()
        .map(|r| parse_word(r, accepted))
        .collect::<Result<_, _>>()?;
    if rows.is_empty() {
        return Err(MexError::invalid("the position has no rows", accepted));
    }
    Ok(rows)
}

/// The two rulesets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cherries {
    /// Remove from either end.
    Both,
    /// Remove from the front only.
    Stack,
}

impl Cherries {
    fn moves(&self, rows: &[Row], black: bool, out: &mut Vec<Vec<Row>>) {
        for (i, row) in rows.iter().enumerate() {
            let mut push = |rest: Row| {
                let mut next = rows.to_vec();
                next[i] = rest;
                out.push(next);
            };
            if row.first() == Some(&black) {
                push(row[1..].to_vec());
            }
            if *self == Cherries::Both && row.len() > 1 && row.last() == Some(&black) {
                push(row[..row.len() - 1].to_vec());
            }
        }
    }
}

impl Ruleset for Cherries {
    type Position = Vec<Row>;
}

impl PartizanRuleset for Cherries {
    fn left_options(&self, p: &Vec<Row>, out: &mut Vec<Vec<Row>>) {
        self.moves(p, true, out);
    }
    fn right_options(&self, p: &Vec<Row>, out: &mut Vec<Vec<Row>>) {
        self.moves(p, false, out);
    }
    fn decompose(&self, p: &Vec<Row>) -> Option<Vec<Vec<Row>>> {
        (p.len() > 1).then(|| p.iter().map(|r| vec![r.clone()]).collect())
    }
    fn canonical(&self, p: &Vec<Row>) -> Vec<Row> {
        let mut rows: Vec<Row> = p
            .iter()
            .filter(|r| !r.is_empty())
            .map(|r| {
                if *self == Cherries::Both {
                    let rev: Row = r.iter().rev().copied().collect();
                    rev.min(r.clone())
                } else {
                    r.clone()
                }
            })
            .collect();
        rows.sort();
        rows
    }
}

/// Theorem 6.2.1 of van den Bergh 2023, as stated, for a stack starting with black:
/// `m` = length of the first (black) block; `c` from the first non-trivial
/// block after it, else from the last cherry. A stack starting with white
/// is the negative of its colour swap.
pub fn stack_value_theorem(row: &[bool]) -> i64 {
    if row.is_empty() {
        return 0;
    }
    if !row[0] {
        let swapped: Vec<bool> = row.iter().map(|&b| !b).collect();
        return -stack_value_theorem(&swapped);
    }
    let m = row.iter().take_while(|&&b| b).count();
    let blocks = blocks(&row[m..]);
    let c = match blocks.iter().find(|&&(_, len)| len > 1) {
        Some(&(black, _)) => i64::from(black),
        None => i64::from(*row.last().expect("non-empty")),
    };
    m as i64 - 1 + c
}

/// The value of a Cherries row in closed form (found by computation and
/// checked against the engine on every row of length ≤ 14; van den Bergh 2023 states
/// only that one exists). Blocks are maximal runs of one colour; the
/// *interior* blocks are those strictly between the two end blocks.
///
/// * If some interior block has two or more cherries, each end contributes
///   as a stack does (Theorem 6.2.1) but looking only inward: an end block
///   of `m` cherries whose first non-trivial interior block (seen from that
///   end) has the same colour contributes `m`, otherwise `m − 1`, counted
///   positive for black and negative for white. The value is the sum of the
///   two contributions.
/// * Otherwise (every interior block is a single cherry, or there are at
///   most two blocks) the value is the number of black cherries minus the
///   number of white ones.
pub fn cherries_row_value(row: &[bool]) -> i64 {
    let b = blocks(row);
    if b.len() < 3 || b[1..b.len() - 1].iter().all(|&(_, len)| len == 1) {
        return row.iter().map(|&c| if c { 1 } else { -1 }).sum();
    }
    let end = |(colour, m): (bool, usize), first_nontrivial: Option<&(bool, usize)>| -> i64 {
        let same = first_nontrivial.is_some_and(|&(c, _)| c == colour);
        let v = m as i64 - 1 + i64::from(same);
        if colour {
            v
        } else {
            -v
        }
    };
    let interior = &b[1..b.len() - 1];
    let from_front = interior.iter().find(|&&(_, len)| len > 1);
    let from_back = interior.iter().rev().find(|&&(_, len)| len > 1);
    end(b[0], from_front) + end(b[b.len() - 1], from_back)
}

/// The value of a position (a sum of rows) by the closed forms: an integer.
pub fn position_value(game: Cherries, rows: &[Row]) -> i64 {
    rows.iter()
        .map(|r| match game {
            Cherries::Both => cherries_row_value(r),
            Cherries::Stack => stack_value_theorem(r),
        })
        .sum()
}

/// Maximal blocks of equal colour: (colour, length).
fn blocks(row: &[bool]) -> Vec<(bool, usize)> {
    let mut out: Vec<(bool, usize)> = Vec::new();
    for &b in row {
        match out.last_mut() {
            Some((c, n)) if *c == b => *n += 1,
            _ => out.push((b, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::ruleset::Evaluator;
    use crate::partizan::store::as_number;
    use crate::partizan::store::GameStore;

    fn all_rows(len: usize) -> impl Iterator<Item = Row> {
        (0u32..1 << len).map(move |m| (0..len).map(|i| m >> i & 1 == 1).collect())
    }

    fn integer_value(
        store: &mut GameStore,
        ev: &mut Evaluator<Cherries>,
        row: &Row,
    ) -> Option<i64> {
        let g = ev.value(store, &vec![row.clone()]).unwrap();
        as_number(store, g).filter(|&(_, q)| q == 0).map(|(p, _)| p)
    }

    /// van den Bergh 2023: every Stack Cherries stack is an integer, and Theorem 6.2.1
    /// gives it; checked on every stack of length ≤ 14.
    #[test]
    fn stack_cherries_theorem_6_2_1() {
        let mut store = GameStore::new();
        let mut ev = Evaluator::new(Cherries::Stack, 1 << 22);
        for len in 1..=14 {
            for row in all_rows(len) {
                let v = integer_value(&mut store, &mut ev, &row).expect("an integer");
                assert_eq!(v, stack_value_theorem(&row), "{row:?}");
            }
        }
    }

    /// Every Cherries row of length ≤ 14 is an integer, given by the
    /// closed form.
    #[test]
    fn cherries_rows_are_integers_given_by_the_closed_form() {
        let mut store = GameStore::new();
        let mut ev = Evaluator::new(Cherries::Both, 1 << 22);
        for len in 1..=14 {
            for row in all_rows(len) {
                let v = integer_value(&mut store, &mut ev, &row).expect("an integer");
                assert_eq!(v, cherries_row_value(&row), "{row:?}");
            }
        }
    }

    /// Positions of several rows: the engine (with decomposition) agrees
    /// with the sum of the closed forms.
    #[test]
    fn positions_are_sums_of_rows() {
        let mut store = GameStore::new();
        for game in [Cherries::Both, Cherries::Stack] {
            let mut ev = Evaluator::new(game, 1 << 22);
            for text in ["BWB WWB", "BBWB WWB BW", "W B", "BBWWBW WBBW B"] {
                let rows = parse_rows(text).unwrap();
                let g = ev.value(&mut store, &rows).unwrap();
                let v = position_value(game, &rows);
                assert_eq!(as_number(&store, g), Some((v, 0)), "{game:?} {text}");
            }
        }
    }

    /// A row of a million cherries in blocks of three (`BBBWWW…BBBW`, the
    /// last block one white cherry) is valued in one pass, and its value is
    /// that of the ten-cherry row `BBBWWWBBBW`, whose end blocks and
    /// nearest interior blocks are the same (what both closed forms read),
    /// computed by the engine.
    #[test]
    fn closed_forms_are_linear_on_long_rows() {
        let blocks_of_three = |n: usize| -> Row { (0..n).map(|i| (i / 3) % 2 == 0).collect() };
        let long = blocks_of_three(1_000_000);
        let short = blocks_of_three(10);
        let mut store = GameStore::new();
        for (game, closed_form) in [
            (Cherries::Both, cherries_row_value as fn(&[bool]) -> i64),
            (Cherries::Stack, stack_value_theorem),
        ] {
            let g = Evaluator::new(game, 1 << 22)
                .value(&mut store, &vec![short.clone()])
                .unwrap();
            assert_eq!(
                as_number(&store, g),
                Some((closed_form(&long), 0)),
                "{game:?}"
            );
        }
    }

    #[test]
    fn parsing() {
        assert_eq!(
            parse_rows("BW w").unwrap(),
            vec![vec![true, false], vec![false]]
        );
        assert!(parse_rows("BX").is_err());
        assert!(parse_rows("  ").is_err());
    }
}
