//! Short partizan games typed in the standard notation (`{1|0} + *`,
//! `3/4`, `^*`, `±1`): the position is the canonical form of the
//! expression, and its moves are the options of that canonical form
//! (Conway 1976; the notation CGSuite users type).

use super::{positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset};
use crate::partizan::notation;
use crate::partizan::store::{GameId, GameStore, DEFAULT_BUDGET};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Short partizan game expressions.
#[derive(Debug, Clone, Copy, Default)]
pub struct Expression;

/// A canonical form, kept as its printed standard notation (which is
/// unique, so equal values are equal texts).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CanonicalText(String);

impl FromStr for CanonicalText {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let mut store = GameStore::with_budget(DEFAULT_BUDGET);
        let g = notation::parse(&mut store, s)?;
        Ok(CanonicalText(notation::try_show(
            &store,
            g,
            notation::MAX_PRINTED,
        )?))
    }
}

impl fmt::Display for CanonicalText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The options of one side of the canonical form, printed.
fn options(p: &CanonicalText, left: bool) -> Vec<Move<CanonicalText>> {
    let mut store = GameStore::with_budget(DEFAULT_BUDGET);
    let Ok(g) = notation::parse(&mut store, &p.0) else {
        return vec![];
    };
    let node = store.node(g).clone();
    let side = if left { node.left } else { node.right };
    side.into_iter()
        .map(|x| {
            let text = notation::show(&store, x);
            Move::new(format!("to {text}"), CanonicalText(text))
        })
        .collect()
}

impl Ruleset for Expression {
    type Position = CanonicalText;
}

impl Game for Expression {
    const INFO: GameInfo = GameInfo {
        name: "expression",
        family: Family::Partizan,
        description: "a short partizan game in the standard notation, as its canonical form",
        syntax: "{L|R}, {2||1|0}, 3/4, -2, *, *3, ^, v, ^*, ±1, joined by + and -",
        example: "{1|0} + {0|-1}",
        rules: "Any short partizan game written in Conway's notation. Its moves are the Left \
                and Right options of its canonical form.",
    };
}

impl PartizanGame for Expression {
    fn left_moves(&self, p: &CanonicalText) -> Vec<Move<CanonicalText>> {
        options(p, true)
    }
    fn right_moves(&self, p: &CanonicalText) -> Vec<Move<CanonicalText>> {
        options(p, false)
    }
}

impl PartizanRuleset for Expression {
    fn left_options(&self, p: &CanonicalText, out: &mut Vec<CanonicalText>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &CanonicalText, out: &mut Vec<CanonicalText>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The expression itself is the closed form: parse it into the store.
    fn known_value(
        &self,
        store: &mut GameStore,
        p: &CanonicalText,
    ) -> Result<Option<GameId>, MexError> {
        notation::parse(store, &p.0).map(Some)
    }
}
