//! Partizan games with cycles in the catalog: the winner with each first
//! player, draws included, from one retrograde analysis of the positions
//! reachable from the one asked about; and, when the position has at most
//! [`MAX_VALUE_POSITIONS`] reachable positions, its value: the simplest
//! form of a stopper or the sides of another game
//! ([`crate::partizan::loopy`], Siegel 2013, ch. VI).

use super::{
    parse, value_with_first, CatalogGame, Context, Evaluation, MoveEvaluation, Outcome, Side, Value,
};
use crate::games::{check_listing_size, LoopyPartizanGame, Move, LOOPY_PARTIZAN_BUDGET};
use crate::partizan::loopy::{
    self, notation::show_value, sides::sided_value, LoopyGraph, LoopyValue,
};
use crate::solve::partizan_graph::{self, PositionGraph, TwoSided};
use crate::solve::retrograde;
use crate::MexError;

/// A [`LoopyPartizanGame`] in the catalog.
pub struct LoopyPartizanEntry<G>(pub G);

/// Most positions reachable from a position whose simplest form is
/// computed (the simplification compares every pair of positions).
pub const MAX_VALUE_POSITIONS: usize = 1000;

/// The value of the game from position 0 of `graph` when it has at most
/// [`MAX_VALUE_POSITIONS`] positions: the simplest form of a stopper, or
/// `onside & offside` when the sides are found (Siegel 2013, §VI.4).
fn simplest_form(graph: PositionGraph) -> Result<Option<String>, MexError> {
    if graph.left.len() > MAX_VALUE_POSITIONS {
        return Ok(None);
    }
    let g = LoopyGraph::try_from_options(graph.left, graph.right)?;
    let v = match loopy::value(&g, 0)? {
        LoopyValue::Unsided(_) if g.len() <= MAX_SIDED_POSITIONS => match sided_value(&g, 0) {
            // Sides that are no stoppers past their budget: the position
            // keeps its outcome, without a value.
            Err(MexError::TooLarge { .. } | MexError::AboveLimit { .. }) => return Ok(None),
            other => other?,
        },
        v => v,
    };
    match v {
        LoopyValue::Unsided(_) => Ok(None),
        v => show_value(&v).map(Some),
    }
}

/// Most positions reachable from a position that is not a stopper whose
/// sides are searched: as for stoppers; sidling has its own work budget
/// (`TTT..FFF`, 560 positions, takes about a second in a release build).
pub const MAX_SIDED_POSITIONS: usize = MAX_VALUE_POSITIONS;

fn evaluation(position: String, v: TwoSided) -> Evaluation {
    Evaluation {
        position,
        value: Value::LoopyPartizan(v),
        notation: None,
        outcome: Outcome::LoopyPartizan(v.class()),
        to_move: None,
    }
}

impl<G: LoopyPartizanGame> LoopyPartizanEntry<G> {
    /// The positions reachable from `p` and their values (`p` first).
    fn solved(&self, p: &G::Position) -> Result<(Vec<G::Position>, Vec<TwoSided>), MexError> {
        let (positions, graph) = self.0.reachable(p, LOOPY_PARTIZAN_BUDGET)?;
        let values = partizan_graph::solve(&graph)?;
        Ok((positions, values))
    }
}

impl<G: LoopyPartizanGame> CatalogGame for LoopyPartizanEntry<G> {
    super::methods_of_every_entry!();
    fn has_cycles(&self) -> bool {
        true
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(vec![self.normalize(position)?])
    }
    fn evaluate(&self, position: &str, _ctx: &mut Context) -> Result<Evaluation, MexError> {
        let p = parse(&self.0, position)?;
        let (positions, graph) = self.0.reachable(&p, LOOPY_PARTIZAN_BUDGET)?;
        let values = partizan_graph::solve(&graph)?;
        drop(positions);
        let mut e = evaluation(p.to_string(), values[0]);
        // The simplest form is extra: past its own budgets it is left out,
        // the winners stand.
        e.notation = match simplest_form(graph) {
            Err(stopped @ MexError::Stopped { .. }) => return Err(stopped),
            found => found.ok().flatten(),
        };
        Ok(e)
    }
    /// Left's moves, then Right's; a move wins for its player when the
    /// opponent, to move next, loses.
    fn moves(&self, position: &str, _ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.check_moves(&p)?;
        let left = self.0.left_moves(&p);
        let right = self.0.right_moves(&p);
        check_listing_size(left.len() + right.len(), p.to_string().len())?;
        let (positions, values) = self.solved(&p)?;
        let value_of = |q: &G::Position| {
            positions
                .iter()
                .position(|x| x == q)
                .map(|i| values[i])
                .expect("a move leads to a reachable position")
        };
        let described = |side: Side, m: Move<G::Position>| {
            let v = value_of(&m.to);
            MoveEvaluation {
                player: Some(side),
                label: m.label,
                winning: matches!(
                    value_with_first(&v, side.opponent()),
                    retrograde::Value::Loss(_)
                ),
                result: evaluation(m.to.to_string(), v),
            }
        };
        Ok(left
            .into_iter()
            .map(|m| described(Side::Left, m))
            .chain(right.into_iter().map(|m| described(Side::Right, m)))
            .collect())
    }
}
