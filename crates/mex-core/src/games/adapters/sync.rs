//! Synchronized games in the catalog: the outcome class with pure
//! strategies, and the pairs of choices that secure each side's best
//! guaranteed result.

use super::{
    parse, CatalogGame, Choices, Context, Evaluation, MoveEvaluation, Outcome, Side, Value,
};
use crate::games::{check_listing_size, SyncGame};
use crate::sync::solver::{Goal, SyncOutcome, SyncRuleset, SyncSolver};
use crate::MexError;

/// A [`SyncGame`] in the catalog.
pub struct SyncEntry<G>(pub G);

fn sync_evaluation(position: String, c: SyncOutcome) -> Evaluation {
    Evaluation {
        position,
        value: Value::Sync(c),
        notation: None,
        outcome: Outcome::Sync(c),
        to_move: None,
    }
}

/// The best result a player can guarantee at a position: a win, else a
/// draw, else nothing (then every choice is as good as another).
fn best_goal<R: SyncRuleset>(
    solver: &mut SyncSolver<R>,
    p: &R::Position,
    left: bool,
) -> Result<Option<Goal>, MexError> {
    let (win, draw) = if left {
        (Goal::LeftWin, Goal::LeftDraw)
    } else {
        (Goal::RightWin, Goal::RightDraw)
    };
    for goal in [win, draw] {
        if solver.try_can(p, goal)? {
            return Ok(Some(goal));
        }
    }
    Ok(None)
}

/// Whether a choice secures `goal` whatever the other player chooses.
fn secures<G: SyncGame>(
    solver: &mut SyncSolver<&G>,
    game: &G,
    p: &G::Position,
    goal: Option<Goal>,
    choice: &G::Choice,
    replies: &[G::Choice],
    left: bool,
) -> Result<bool, MexError> {
    let Some(goal) = goal else { return Ok(true) };
    for r in replies {
        let q = if left {
            game.apply(p, choice, r)
        } else {
            game.apply(p, r, choice)
        };
        if !solver.try_can(&q, goal)? {
            return Ok(false);
        }
    }
    Ok(true)
}

impl<G: SyncGame> CatalogGame for SyncEntry<G> {
    super::methods_of_every_entry!();
    /// Pure strategies over the payoff table, no budget.
    fn accepts(&self) -> super::Accepts {
        super::Accepts::NONE
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(vec![self.normalize(position)?])
    }
    fn evaluate(&self, position: &str, _ctx: &mut Context) -> Result<Evaluation, MexError> {
        let p = parse(&self.0, position)?;
        let c = SyncSolver::new(&self.0).try_outcome(&p)?;
        Ok(sync_evaluation(p.to_string(), c))
    }
    fn moves(&self, position: &str, _ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.check_moves(&p)?;
        let game = &self.0;
        let mut solver = SyncSolver::new(game);
        let (lefts, rights) = (game.left_moves(&p), game.right_moves(&p));
        check_listing_size(
            lefts.len().saturating_mul(rights.len()),
            p.to_string().len(),
        )?;
        let left_all: Vec<G::Choice> = lefts.iter().map(|m| m.to.clone()).collect();
        let right_all: Vec<G::Choice> = rights.iter().map(|m| m.to.clone()).collect();
        let (left_goal, right_goal) = (
            best_goal(&mut solver, &p, true)?,
            best_goal(&mut solver, &p, false)?,
        );
        let left_good: Vec<bool> = left_all
            .iter()
            .map(|l| secures(&mut solver, game, &p, left_goal, l, &right_all, true))
            .collect::<Result<_, _>>()?;
        let right_good: Vec<bool> = right_all
            .iter()
            .map(|r| secures(&mut solver, game, &p, right_goal, r, &left_all, false))
            .collect::<Result<_, _>>()?;
        let mut out = Vec::new();
        for (i, l) in lefts.iter().enumerate() {
            for (j, r) in rights.iter().enumerate() {
                let q = game.apply(&p, &l.to, &r.to);
                let c = solver.try_outcome(&q)?;
                out.push(MoveEvaluation {
                    player: Some(Side::Both),
                    label: format!("Left {}, Right {}", l.label, r.label),
                    result: sync_evaluation(q.to_string(), c),
                    winning: left_good[i] && right_good[j],
                    choices: Some(Choices {
                        left: l.label.clone(),
                        right: r.label.clone(),
                    }),
                });
            }
        }
        Ok(out)
    }
}
