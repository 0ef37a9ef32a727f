//! Partizan games in the catalog: canonical forms in the request's store,
//! Left's and Right's moves, winning when they keep the value on the
//! mover's side of 0.

use super::{
    parse, CatalogGame, Context, Evaluation, MoveEvaluation, Outcome, ResumableSearch, Side, Value,
};
use crate::games::database::{self, BuildProgress, Consulting};
use crate::games::{check_listing_size, Move, PartizanGame};
use crate::partizan::database::Database;
use crate::partizan::minimax::{Boxed, Player, RulesetComponent};
use crate::partizan::notation;
use crate::partizan::ruleset::{Evaluator, PartizanRuleset};
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;
use std::sync::Arc;

/// A [`PartizanGame`] in the catalog.
pub struct PartizanEntry<G>(pub G);

/// The default [`PartizanGame::value`]: the memoising evaluator with the
/// game's hooks, bounded by no count of positions: the store's memory
/// budget (each memoised position charged), its comparisons and the stop
/// token bound it as it runs.
pub(in crate::games) fn partizan_value<G: PartizanGame>(
    game: &G,
    store: &mut GameStore,
    p: &G::Position,
) -> Result<GameId, MexError> {
    Evaluator::new(game, usize::MAX).value(store, p)
}

/// The evaluation of a position of canonical value `g` (refused when the
/// value's notation would exceed [`notation::MAX_PRINTED`] characters or
/// its outcome the store's budget).
pub fn partizan_evaluation(
    store: &mut GameStore,
    position: String,
    g: GameId,
) -> Result<Evaluation, MexError> {
    Ok(Evaluation {
        position,
        notation: Some(notation::try_show(store, g, notation::MAX_PRINTED)?),
        outcome: Outcome::Partizan(store.try_outcome(g)?),
        value: Value::Canonical(g),
        to_move: None,
    })
}

/// A side with the moves it may make.
type SideMoves<P> = [(Side, Vec<Move<P>>); 2];

impl<G: PartizanGame> PartizanEntry<G> {
    /// The game, consulting the context's database when it is of this
    /// game (a database of another game is for the other terms of a sum).
    fn consulting(&self, ctx: &Context) -> Consulting<'_, G> {
        let own = ctx.database.as_ref().filter(|db| db.game() == G::INFO.name);
        Consulting::new(&self.0, own).expect("the database is of this game")
    }

    /// Left's and Right's moves of `p`, refused beyond the listing bounds
    /// as for impartial games (counted component by component first).
    fn listed_moves(&self, p: &G::Position) -> Result<SideMoves<G::Position>, MexError> {
        self.0.check_moves(p)?;
        let length = p.to_string().len();
        let count = |q: &G::Position| {
            let mut options = Vec::new();
            self.0.left_options(q, &mut options);
            self.0.right_options(q, &mut options);
            options.len()
        };
        if let Some(pieces) = self.0.decompose(p) {
            check_listing_size(pieces.iter().map(count).sum(), length)?;
        }
        let sides = [
            (Side::Left, self.0.left_moves(p)),
            (Side::Right, self.0.right_moves(p)),
        ];
        check_listing_size(sides[0].1.len() + sides[1].1.len(), length)?;
        Ok(sides)
    }
}

impl<G: PartizanGame> CatalogGame for PartizanEntry<G> {
    super::methods_of_every_entry!();
    /// Canonical forms: budgets of memory and comparisons, thermographs.
    fn accepts(&self) -> super::Accepts {
        super::Accepts::ALL
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        let p = parse(&self.0, position)?;
        let parts = self.0.decompose(&p).unwrap_or_else(|| vec![p]);
        Ok(parts
            .iter()
            // A part whose moves cannot be listed is kept (it has some).
            .filter(|q| {
                self.0.check_moves(q).is_err()
                    || !self.0.left_moves(q).is_empty()
                    || !self.0.right_moves(q).is_empty()
            })
            .map(ToString::to_string)
            .collect())
    }
    fn evaluate(&self, position: &str, ctx: &mut Context) -> Result<Evaluation, MexError> {
        let p = parse(&self.0, position)?;
        let g = self.consulting(ctx).value(&mut ctx.store, &p)?;
        partizan_evaluation(&mut ctx.store, p.to_string(), g)
    }
    fn moves(&self, position: &str, ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        let sides = self.listed_moves(&p)?;
        let mut evaluator = Evaluator::new(self.consulting(ctx), usize::MAX);
        let zero = ctx.store.zero();
        let mut out = Vec::new();
        for (player, moves) in sides {
            for Move { label, to } in moves {
                let g = evaluator.value(&mut ctx.store, &to)?;
                let winning = if player == Side::Left {
                    ctx.store.try_leq(zero, g)?
                } else {
                    ctx.store.try_leq(g, zero)?
                };
                out.push(MoveEvaluation {
                    player: Some(player),
                    label,
                    result: partizan_evaluation(&mut ctx.store, to.to_string(), g)?,
                    winning,
                    choices: None,
                });
            }
        }
        Ok(out)
    }
    fn canonical(&self, position: &str, ctx: &mut Context) -> Result<GameId, MexError> {
        let p = parse(&self.0, position)?;
        self.consulting(ctx).value(&mut ctx.store, &p)
    }
    fn known_form(&self, position: &str, ctx: &mut Context) -> Result<Option<GameId>, MexError> {
        let p = parse(&self.0, position)?;
        let (key, negated) = self.0.oriented(&p);
        match self.consulting(ctx).known_value(&mut ctx.store, &key)? {
            Some(g) if negated => ctx.store.try_neg(g).map(Some),
            known => Ok(known),
        }
    }
    fn dedicated_winners(
        &self,
        position: &str,
        firsts: &[Player],
        ctx: &Context,
    ) -> Result<Option<Vec<Player>>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.dedicated_winners(&p, firsts, ctx.search_memory)
    }
    fn side_moves(
        &self,
        position: &str,
        player: Player,
    ) -> Result<Vec<(String, String)>, MexError> {
        let p = parse(&self.0, position)?;
        let [(_, left), (_, right)] = self.listed_moves(&p)?;
        let moves = if player == Player::Left { left } else { right };
        Ok(moves
            .into_iter()
            .map(|m| (m.label, m.to.to_string()))
            .collect())
    }
    fn dedicated_proof(
        &self,
        position: &str,
        first: Player,
        ctx: &Context,
    ) -> Result<Option<crate::games::proof::WinnerProof>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.dedicated_proof(&p, first, ctx.search_memory)
    }
    fn search_component<'a>(
        &'a self,
        position: &str,
        database: Option<&Arc<Database>>,
    ) -> Result<Boxed<'a>, MexError> {
        let p: G::Position = position.trim().parse()?;
        let own = database.filter(|db| db.game() == G::INFO.name);
        let consulting = Consulting::new(&self.0, own)?;
        Ok(RulesetComponent::boxed(consulting, G::INFO.name, p))
    }
    fn build_database(
        &self,
        max_cells: usize,
        ctx: &mut Context,
        resume: Option<&Arc<Database>>,
        saved: &mut crate::games::database::Saver,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<crate::games::database::Entries, MexError> {
        if !self.builds_databases() {
            return Err(database::no_database(G::INFO.name));
        }
        database::build(&self.0, max_cells, &mut ctx.store, resume, saved, progress)
    }
    fn resumable_search<'a>(
        &'a self,
        position: &str,
        ctx: &'a mut Context,
    ) -> Result<Option<Box<dyn ResumableSearch + 'a>>, MexError> {
        let p = parse(&self.0, position)?;
        if ctx
            .database
            .as_ref()
            .is_some_and(|db| db.game() == G::INFO.name)
        {
            return Ok(None);
        }
        Ok(self.0.checkpointed_search(&p, &mut ctx.store))
    }
    fn builds_databases(&self) -> bool {
        self.0.regions(&database::monomino()).is_some()
    }
}
