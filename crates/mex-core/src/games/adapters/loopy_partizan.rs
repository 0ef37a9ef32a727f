//! Partizan games with cycles in the catalog: the winner with each first
//! player, draws included, from one retrograde analysis of the positions
//! reachable from the one asked about; and, when the position has at most
//! [`MAX_VALUE_POSITIONS`] reachable positions, its value: the simplest
//! form of a stopper or the sides of another game
//! ([`crate::partizan::loopy`], Siegel 2013, ch. VI).

use super::{
    parse, value_with_first, CatalogGame, Context, Evaluation, MoveEvaluation, Outcome, Side, Value,
};
use crate::games::{check_listing_size, LoopyPartizanGame, Move};
use crate::partizan::loopy::{
    self, notation::show_value, sides::sided_value, LoopyGraph, LoopyValue,
};
use crate::solve::partizan_graph::{self, PositionGraph, TwoSided};
use crate::solve::retrograde;
use crate::MexError;
use std::collections::HashMap;
use std::sync::Arc;

/// A [`LoopyPartizanGame`] in the catalog.
pub struct LoopyPartizanEntry<G>(pub G);

/// Most positions reachable from a position whose simplest form is
/// computed (the simplification compares every pair of positions).
pub const MAX_VALUE_POSITIONS: usize = 1000;

/// The value of the game from position 0 of `graph` (of at most
/// [`MAX_VALUE_POSITIONS`] positions): the simplest form of a stopper, or
/// `onside & offside` when the sides are found (Siegel 2013, §VI.4).
fn simplest_form(graph: PositionGraph) -> Result<Option<String>, MexError> {
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

/// The positions reachable from one position, solved: kept in a
/// [`Context`] so that every position among them is answered from it.
struct Solved<P> {
    index: HashMap<P, usize>,
    graph: PositionGraph,
    values: Vec<TwoSided>,
}

/// A solved graph and a position's index in it.
type Place<P> = (Arc<Solved<P>>, usize);

impl<G: LoopyPartizanGame> LoopyPartizanEntry<G> {
    /// The solved graph holding `p` and `p`'s place in it: the one kept in
    /// `ctx` when `p` is among its positions, else the positions reachable
    /// from `p` solved (within [`Context::loopy_memory`]) and kept.
    fn solved(&self, p: &G::Position, ctx: &mut Context) -> Result<Place<G::Position>, MexError> {
        if let Some(kept) = ctx.solved.get::<Solved<G::Position>>() {
            if let Some(&i) = kept.index.get(p) {
                return Ok((kept, i));
            }
        }
        let (positions, graph) = self.0.reachable(p, ctx.loopy_memory)?;
        let values = partizan_graph::solve(&graph)?;
        let index = positions
            .into_iter()
            .enumerate()
            .map(|(i, q)| (q, i))
            .collect();
        let solved = Arc::new(Solved {
            index,
            graph,
            values,
        });
        ctx.solved.keep(Arc::clone(&solved));
        Ok((solved, 0))
    }
}

/// The graph of the positions reachable from position `root` of `graph`,
/// numbered as [`partizan_graph::explore`] numbers them from that position
/// (breadth first, Left's moves before Right's), when there are at most
/// `limit`; `None` when there are more.
fn subgraph(graph: &PositionGraph, root: usize, limit: usize) -> Option<PositionGraph> {
    let mut number: HashMap<usize, usize> = HashMap::from([(root, 0)]);
    let mut order = vec![root];
    let mut sub = PositionGraph::default();
    let mut next = 0;
    while next < order.len() {
        let old = order[next];
        let mut renumber = |moves: &[usize]| -> Vec<usize> {
            moves
                .iter()
                .map(|&q| {
                    *number.entry(q).or_insert_with(|| {
                        order.push(q);
                        order.len() - 1
                    })
                })
                .collect()
        };
        let left = renumber(&graph.left[old]);
        let right = renumber(&graph.right[old]);
        if order.len() > limit {
            return None;
        }
        sub.left.push(left);
        sub.right.push(right);
        next += 1;
    }
    Some(sub)
}

impl<G: LoopyPartizanGame> CatalogGame for LoopyPartizanEntry<G> {
    super::methods_of_every_entry!();
    /// The positions explored have a memory budget.
    fn accepts(&self) -> super::Accepts {
        super::Accepts::MEMORY
    }
    fn has_cycles(&self) -> bool {
        true
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(vec![self.normalize(position)?])
    }
    fn evaluate(&self, position: &str, ctx: &mut Context) -> Result<Evaluation, MexError> {
        let p = parse(&self.0, position)?;
        let (solved, i) = self.solved(&p, ctx)?;
        let mut e = evaluation(p.to_string(), solved.values[i]);
        // The simplest form is extra: past its own budgets it is left out,
        // the winners stand.
        let small = subgraph(&solved.graph, i, MAX_VALUE_POSITIONS);
        e.notation = match small.map_or(Ok(None), simplest_form) {
            Err(stopped @ MexError::Stopped { .. }) => return Err(stopped),
            found => found.ok().flatten(),
        };
        Ok(e)
    }
    /// Left's moves, then Right's; a move wins for its player when the
    /// opponent, to move next, loses.
    fn moves(&self, position: &str, ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.check_moves(&p)?;
        let left = self.0.left_moves(&p);
        let right = self.0.right_moves(&p);
        check_listing_size(left.len() + right.len(), p.to_string().len())?;
        let (solved, _) = self.solved(&p, ctx)?;
        let value_of = |q: &G::Position| {
            solved
                .index
                .get(q)
                .map(|&i| solved.values[i])
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
                choices: None,
            }
        };
        Ok(left
            .into_iter()
            .map(|m| described(Side::Left, m))
            .chain(right.into_iter().map(|m| described(Side::Right, m)))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games;

    /// The positions of a game are solved once: after the first position,
    /// its moves and the positions they reach are answered from the graph
    /// kept in the context, even with no memory left for a new solution,
    /// and as a fresh context answers them.
    #[test]
    fn the_positions_reachable_from_a_solved_one_are_not_solved_again() {
        let game = games::find("backsliding-toads-and-frogs").unwrap();
        let mut ctx = Context::new();
        game.evaluate("TT..FF", &mut ctx).unwrap();
        let mut turn = ctx.next_turn();
        turn.loopy_memory = 0;
        let moves = game.moves("TT..FF", &mut turn).unwrap();
        assert!(!moves.is_empty());
        for m in &moves {
            let kept = game.evaluate(&m.result.position, &mut turn).unwrap();
            let fresh = game
                .evaluate(&m.result.position, &mut Context::new())
                .unwrap();
            assert_eq!(kept.value_text(), fresh.value_text());
            assert_eq!(kept.notation, fresh.notation);
            assert_eq!(m.result.value_text(), fresh.value_text());
        }
        assert!(game.evaluate("TTT...FFF", &mut turn).is_err());
    }
}
