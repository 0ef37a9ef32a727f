//! Game graphs in the catalog: win, loss or draw with remoteness for the
//! player to move.

use super::{parse, CatalogGame, Context, Evaluation, MoveEvaluation, Outcome, Value};
use crate::games::{check_listing_size, LoopyGame};
use crate::solve::retrograde;
use crate::MexError;

/// A [`LoopyGame`] in the catalog.
pub struct LoopyEntry<G>(pub G);

impl<G: LoopyGame> LoopyEntry<G> {
    fn evaluation(&self, p: &G::Position) -> Result<Evaluation, MexError> {
        let v = self.0.solve(p)?;
        Ok(Evaluation {
            position: p.to_string(),
            value: Value::Loopy(v),
            notation: None,
            outcome: Outcome::Loopy(v),
            to_move: None,
        })
    }
}

impl<G: LoopyGame> CatalogGame for LoopyEntry<G> {
    super::methods_of_every_entry!();
    /// A game graph is solved whole: its size is bounded by its text.
    fn accepts(&self) -> super::Accepts {
        super::Accepts::NONE
    }
    fn has_cycles(&self) -> bool {
        true
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
        let moves = self.0.moves(&p);
        check_listing_size(moves.len(), p.to_string().len())?;
        moves
            .into_iter()
            .map(|m| {
                let result = self.evaluation(&m.to)?;
                Ok(MoveEvaluation {
                    player: None,
                    label: m.label,
                    winning: matches!(result.value, Value::Loopy(retrograde::Value::Loss(_))),
                    result,
                    choices: None,
                })
            })
            .collect()
    }
}
