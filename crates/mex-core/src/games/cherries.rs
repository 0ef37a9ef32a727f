//! Cherries and Stack Cherries: rows of black (`B`, Left's) and white (`W`,
//! Right's) cherries; a player takes one cherry of their own colour from an
//! end of a row: either end in Cherries, only the front in Stack Cherries
//! (Chapter 6 of the synchronized-games thesis). Both have closed forms,
//! used as hooks: Theorem 6.2.1 for stacks and the row formula found by
//! mex for Cherries; the engine searches only when they are switched off.

use super::picture::{Cell, Owner, Picture};
use super::{positions, Family, Game, GameInfo, Move, PartizanGame, Ruleset};
use crate::partizan::cherries::{self as engine, parse_rows, Row};
use crate::partizan::ruleset::PartizanRuleset;
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most cherries in a catalog position.
pub const MAX_CATALOG_CHERRIES: usize = 100_000;

/// Cherries (either end).
#[derive(Debug, Clone, Copy, Default)]
pub struct Cherries;

/// Stack Cherries (front only).
#[derive(Debug, Clone, Copy, Default)]
pub struct StackCherries;

/// Rows of cherries, front first; `-` when none are left.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rows(pub Vec<Row>);

impl FromStr for Rows {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        if s.trim() == "-" {
            return Ok(Rows(vec![]));
        }
        parse_rows(s).map(Rows)
    }
}

impl fmt::Display for Rows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        let rows: Vec<String> = self.0.iter().map(|r| crate::sync::ssc::show(r)).collect();
        f.write_str(&rows.join(" "))
    }
}

pub(crate) fn check_size(p: &Rows) -> Result<(), MexError> {
    let total: usize = p.0.iter().map(Vec::len).sum();
    if total > MAX_CATALOG_CHERRIES {
        return Err(MexError::too_large(
            format!("a position of {total} cherries"),
            format!("{MAX_CATALOG_CHERRIES} cherries"),
            "mex cherries and mex stack-cherries take longer rows",
        ));
    }
    Ok(())
}

/// One row a line, front first: black cherries (Left's) and white ones
/// (Right's); shared by the synchronized games of cherries.
pub(crate) fn rows_picture(p: &Rows) -> Picture {
    let cherry = |black: bool| match black {
        true => Cell::piece(Owner::Left, "cherry", 'B'),
        false => Cell::piece(Owner::Right, "cherry", 'W'),
    };
    Picture::Strips {
        strips: p
            .0
            .iter()
            .map(|row| row.iter().map(|&b| cherry(b)).collect())
            .collect(),
    }
    .bounded(|| p.to_string())
}

/// Labelled moves of `black`'s player under `rules`.
fn moves(rules: engine::Cherries, p: &Rows, black: bool) -> Vec<Move<Rows>> {
    let colour = if black { 'B' } else { 'W' };
    let several = p.0.len() > 1;
    let mut out = Vec::new();
    for (i, row) in p.0.iter().enumerate() {
        let row_name = if several {
            format!(" of row {}", i + 1)
        } else {
            String::new()
        };
        let mut push = |rest: &[bool], end: &str| {
            let mut next = p.0.clone();
            next[i] = rest.to_vec();
            next.retain(|r| !r.is_empty());
            out.push(Move::new(
                format!("{colour} from the {end}{row_name}"),
                Rows(next),
            ));
        };
        if row.first() == Some(&black) {
            push(&row[1..], "front");
        }
        let back = rules == engine::Cherries::Both && row.len() > 1;
        if back && row.last() == Some(&black) {
            push(&row[..row.len() - 1], "back");
        }
    }
    out
}

fn closed_form(
    rules: engine::Cherries,
    store: &mut GameStore,
    p: &Rows,
) -> Result<GameId, MexError> {
    store.try_integer(engine::position_value(rules, &p.0))
}

/// Implements the catalog traits for one of the two rulesets.
macro_rules! cherries_game {
    ($game:ty, $rules:expr, $info:expr) => {
        impl Ruleset for $game {
            type Position = Rows;
        }

        impl Game for $game {
            const INFO: GameInfo = $info;
            fn check(&self, p: &Rows) -> Result<(), MexError> {
                check_size(p)
            }
            fn picture(&self, p: &Rows) -> Picture {
                rows_picture(p)
            }
        }

        impl PartizanGame for $game {
            fn left_moves(&self, p: &Rows) -> Vec<Move<Rows>> {
                moves($rules, p, true)
            }
            fn right_moves(&self, p: &Rows) -> Vec<Move<Rows>> {
                moves($rules, p, false)
            }
        }

        impl PartizanRuleset for $game {
            fn left_options(&self, p: &Rows, out: &mut Vec<Rows>) {
                out.extend(positions(self.left_moves(p)));
            }
            fn right_options(&self, p: &Rows, out: &mut Vec<Rows>) {
                out.extend(positions(self.right_moves(p)));
            }
            fn decompose(&self, p: &Rows) -> Option<Vec<Rows>> {
                $rules
                    .decompose(&p.0)
                    .map(|v| v.into_iter().map(Rows).collect())
            }
            fn canonical(&self, p: &Rows) -> Rows {
                Rows($rules.canonical(&p.0))
            }
            fn known_value(
                &self,
                store: &mut GameStore,
                p: &Rows,
            ) -> Result<Option<GameId>, MexError> {
                closed_form($rules, store, p).map(Some)
            }
        }
    };
}

cherries_game!(
    Cherries,
    engine::Cherries::Both,
    GameInfo {
        name: "cherries",
        family: Family::Partizan,
        description: "Cherries: take a cherry of your colour from either end of a row",
        syntax: "rows of B and W separated by spaces, e.g. 'BWB WWB' ('-' for none)",
        example: "BWB WWB",
        rules: "Rows of black (B, Left's) and white (W, Right's) cherries. A player takes one \
                cherry of their own colour from either end of a row. Who cannot move loses.",
    }
);

cherries_game!(
    StackCherries,
    engine::Cherries::Stack,
    GameInfo {
        name: "stack-cherries",
        family: Family::Partizan,
        description: "Stack Cherries: take a cherry of your colour from the front of a row",
        syntax: "rows of B and W separated by spaces, front first, e.g. 'BWB WWB' ('-' for none)",
        example: "BWB WWB",
        rules: "Rows (stacks) of black (B, Left's) and white (W, Right's) cherries, front \
                first. A player takes the front cherry of a row when it has their colour. Who \
                cannot move loses.",
    }
);
