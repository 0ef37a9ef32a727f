//! Arena games (the shift games) in the catalog: who moves, and the turns
//! until Alice reaches the target.

use super::{parse, CatalogGame, Context, Evaluation, MoveEvaluation, Outcome, Side, Value};
use crate::games::{check_listing_size, ArenaGame, Move, Player};
use crate::MexError;

/// An [`ArenaGame`] in the catalog.
pub struct ArenaEntry<G>(pub G);

impl<G: ArenaGame> ArenaEntry<G> {
    fn evaluation(&self, p: &G::Position) -> Result<Evaluation, MexError> {
        let turns = self.0.turns(p)?;
        let winner = match turns {
            Some(_) => Player::Alice,
            None => Player::Bob,
        };
        Ok(Evaluation {
            position: p.to_string(),
            value: Value::Turns(turns),
            notation: None,
            outcome: Outcome::Winner(winner),
            to_move: Some(self.0.mover(p)),
        })
    }
}

impl<G: ArenaGame> CatalogGame for ArenaEntry<G> {
    super::methods_of_every_entry!();
    /// The turns by retrograde analysis, no budget.
    fn accepts(&self) -> super::Accepts {
        super::Accepts::NONE
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(vec![self.normalize(position)?])
    }
    fn evaluate(&self, position: &str, _ctx: &mut Context) -> Result<Evaluation, MexError> {
        self.evaluation(&parse(&self.0, position)?)
    }
    fn moves(&self, position: &str, _ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.check_moves(&p)?;
        let mover = self.0.mover(&p);
        let moves = self.0.moves(&p);
        check_listing_size(moves.len(), p.to_string().len())?;
        let results: Vec<(Move<G::Position>, Evaluation)> = moves
            .into_iter()
            .map(|m| {
                let e = self.evaluation(&m.to)?;
                Ok((m, e))
            })
            .collect::<Result<_, MexError>>()?;
        // Alice wants the fewest turns (+1 for the move itself), Bob none.
        let fastest = results
            .iter()
            .filter_map(|(_, e)| match e.value {
                Value::Turns(t) => t,
                _ => None,
            })
            .min();
        Ok(results
            .into_iter()
            .map(|(m, e)| {
                let turns = match e.value {
                    Value::Turns(t) => t,
                    _ => None,
                };
                let winning = match mover {
                    Player::Alice => turns.is_some() && turns == fastest,
                    Player::Bob => turns.is_none(),
                };
                MoveEvaluation {
                    player: Some(Side::from(mover)),
                    label: m.label,
                    result: e,
                    winning,
                    choices: None,
                }
            })
            .collect())
    }
}
