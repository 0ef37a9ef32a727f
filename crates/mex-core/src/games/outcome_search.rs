//! Who wins a sum of catalog positions with a given first player, by the
//! outcome search of [`crate::partizan::minimax`] (no canonical form of the
//! whole sum is computed, so sums far beyond the full-value path are
//! answered).
//!
//! Components enter the search as follows: impartial ones as the nimber of
//! their Grundy value (Sprague 1935, Grundy 1939; all of them XORed into
//! one nimber), partizan ones whose game knows their value in closed form
//! ([`CatalogGame::known_form`]: an expression, a row of one colour, …) as
//! that canonical form (copied into the search's store), other partizan
//! ones as positions played on their own type
//! ([`CatalogGame::search_component`]).

use super::adapters::nimber_form;
use super::sum::Summand;
use super::{CatalogGame, Context, Family, Side};
use crate::partizan::minimax::{Boxed, OutcomeSearch, Player, SearchLimits};
use crate::partizan::outcome::OutcomeClass;
use crate::partizan::store::{GameId, GameStore, Kind};
use crate::MexError;
use num_bigint::BigUint;
use rustc_hash::FxHashMap;

/// Who wins the sum when `first` moves first (Left or Right).
pub fn winner(summands: &[Summand], first: Side, ctx: &mut Context) -> Result<Side, MexError> {
    winner_within(summands, first, ctx, limits(ctx))
}

/// [`winner`] with the search's limits and switches given (for tuning and
/// tests).
pub fn winner_within(
    summands: &[Summand],
    first: Side,
    ctx: &mut Context,
    limits: SearchLimits,
) -> Result<Side, MexError> {
    let first = first.partizan_player()?;
    let terms = Terms::of(summands, ctx)?;
    if let Some(known) = terms.closed_form_outcome(ctx)? {
        return Ok(side_of(winner_of(known, first)));
    }
    if let Some(winners) = terms.dedicated_winners(&[first], ctx)? {
        return Ok(side_of(winners[0]));
    }
    let mut search = OutcomeSearch::new(limits);
    let (components, forms) = terms.enter(&mut search, ctx)?;
    Ok(side_of(search.winner(&components, &forms, first)?))
}

/// The outcome class (L, R, N or P): both searches, Left first.
pub fn outcome(summands: &[Summand], ctx: &mut Context) -> Result<OutcomeClass, MexError> {
    outcome_from(summands, Side::Left, ctx)
}

/// The outcome class by both searches, the one with `first` to move
/// first; the second reuses the first's transposition table.
pub fn outcome_from(
    summands: &[Summand],
    first: Side,
    ctx: &mut Context,
) -> Result<OutcomeClass, MexError> {
    let terms = Terms::of(summands, ctx)?;
    if let Some(known) = terms.closed_form_outcome(ctx)? {
        return Ok(known);
    }
    let first = first.partizan_player()?;
    if let Some(winners) = terms.dedicated_winners(&[first, first.other()], ctx)? {
        return Ok(class_of(first, winners[0], winners[1]));
    }
    let mut search = OutcomeSearch::new(limits(ctx));
    let (components, forms) = terms.enter(&mut search, ctx)?;
    let answer = search.winner(&components, &forms, first)?;
    let other = search.winner(&components, &forms, first.other())?;
    Ok(class_of(first, answer, other))
}

/// The outcome class from the winners with `first` and with the other
/// player moving first.
fn class_of(first: Player, answer: Player, other: Player) -> OutcomeClass {
    let (left_first, right_first) = match first {
        Player::Left => (answer, other),
        Player::Right => (other, answer),
    };
    match (left_first, right_first) {
        (Player::Left, Player::Left) => OutcomeClass::L,
        (Player::Right, Player::Right) => OutcomeClass::R,
        (Player::Left, Player::Right) => OutcomeClass::N,
        (Player::Right, Player::Left) => OutcomeClass::P,
    }
}

/// The search's limits from the context.
fn limits(ctx: &Context) -> SearchLimits {
    SearchLimits {
        memory: ctx.search_memory,
        ..SearchLimits::default()
    }
}

/// Who wins a game of outcome class `class` when `first` moves first.
pub(super) fn winner_of(class: OutcomeClass, first: Player) -> Player {
    match (class, first) {
        (OutcomeClass::L, _) => Player::Left,
        (OutcomeClass::R, _) => Player::Right,
        (OutcomeClass::N, first) => first,
        (OutcomeClass::P, Player::Left) => Player::Right,
        (OutcomeClass::P, Player::Right) => Player::Left,
    }
}

fn side_of(player: Player) -> Side {
    match player {
        Player::Left => Side::Left,
        Player::Right => Side::Right,
    }
}

/// The terms of a sum as they enter the search: impartial ones as the
/// nim-sum of their Grundy values, partizan ones with a closed form as
/// that form (in the context's store), the others as positions to search.
struct Terms {
    nim_sum: BigUint,
    forms: Vec<GameId>,
    /// The terms to search, as games and positions: their search
    /// components are made when the search starts ([`Terms::enter`]), their
    /// canonical forms on the value route.
    searched: Vec<(&'static dyn CatalogGame, String)>,
}

impl Terms {
    fn of(summands: &[Summand], ctx: &mut Context) -> Result<Terms, MexError> {
        let mut terms = Terms {
            nim_sum: BigUint::default(),
            forms: Vec::new(),
            searched: Vec::new(),
        };
        for s in summands {
            let game: &'static dyn CatalogGame = s.game;
            match game.info().family {
                Family::Impartial => terms.nim_sum ^= game.grundy(s.position)?,
                Family::Partizan => match game.known_form(s.position, ctx)? {
                    Some(g) => terms.forms.push(g),
                    None => {
                        terms.searched.push((game, s.position.to_string()));
                    }
                },
                _ => return Err(super::sum::not_addable(game.info())),
            }
        }
        Ok(terms)
    }

    /// The outcome when one of the terms holds a number, ↑-multiple or
    /// nimber kept without its game tree (a record, which the search cannot
    /// walk): the sum of the terms' canonical forms, added in the context's
    /// store where records have closed forms, and its outcome class read
    /// off there. Terms with a closed form enter as that form; searched
    /// terms by their canonical form (the value route, under the store's
    /// budgets: beyond them the answer is refused in one line, as `mex sum`
    /// refuses it). `None` when no record is involved (the search answers
    /// those).
    fn closed_form_outcome(&self, ctx: &mut Context) -> Result<Option<OutcomeClass>, MexError> {
        let nimber = nimber_form(&mut ctx.store, &self.nim_sum)?;
        let mut forms = self.forms.clone();
        forms.push(nimber);
        if !forms.iter().any(|&g| ctx.store.holds_record(g)) {
            return Ok(None);
        }
        for (game, position) in &self.searched {
            forms.push(game.canonical(position, ctx)?);
        }
        let mut total = ctx.store.zero();
        for g in forms {
            total = ctx.store.try_add(total, g)?;
        }
        ctx.store.try_outcome(total).map(Some)
    }

    /// Who wins with each of `firsts` moving first when the sum is one
    /// position whose game has a search of its own
    /// ([`CatalogGame::dedicated_winners`]); `None` otherwise.
    fn dedicated_winners(
        &self,
        firsts: &[Player],
        ctx: &Context,
    ) -> Result<Option<Vec<Player>>, MexError> {
        match (
            &self.searched[..],
            self.forms.is_empty(),
            self.nim_sum == BigUint::default(),
        ) {
            // A game's own search does not consult a database: with one,
            // the outcome search (which does) answers.
            ([(game, _)], true, true) if consults(ctx, *game) => Ok(None),
            ([(game, position)], true, true) => game.dedicated_winners(position, firsts, ctx),
            _ => Ok(None),
        }
    }

    /// The components and forms (in the search's store) of the sum (the
    /// empty sum is 0: the first player loses).
    fn enter(
        self,
        search: &mut OutcomeSearch,
        ctx: &Context,
    ) -> Result<(Vec<Boxed<'static>>, Vec<GameId>), MexError> {
        let mut forms = Vec::new();
        for g in self.forms {
            forms.push(copy_form(&ctx.store, g, &mut search.store)?);
        }
        // A nimber beyond the trees is a record, which the search cannot walk.
        let nimber = nimber_form(&mut search.store, &self.nim_sum)?;
        search.store.refuse_records(nimber, "the outcome search")?;
        forms.push(nimber);
        let components = self
            .searched
            .iter()
            .map(|(game, position)| game.search_component(position, ctx.database.as_ref()))
            .collect::<Result<_, _>>()?;
        Ok((components, forms))
    }
}

/// Whether the context's database is one of `game`'s.
fn consults(ctx: &Context, game: &dyn CatalogGame) -> bool {
    ctx.database
        .as_ref()
        .is_some_and(|db| db.game() == game.info().name)
}

/// `g` of store `from` rebuilt in store `to` (options first, on an explicit
/// stack, each value once).
pub fn copy_form(from: &GameStore, g: GameId, to: &mut GameStore) -> Result<GameId, MexError> {
    from.refuse_records(g, "the outcome search")?;
    let mut copied: FxHashMap<GameId, GameId> = FxHashMap::default();
    let mut stack = vec![g];
    while let Some(&h) = stack.last() {
        crate::stop::check()?;
        if copied.contains_key(&h) {
            stack.pop();
            continue;
        }
        if let Kind::Simple(v) = from.kind(h) {
            let number = to.try_dyadic(v.numerator, v.exponent)?;
            let rest = to.try_ups(v.ups, v.nimber)?;
            copied.insert(h, to.try_add(number, rest)?);
            stack.pop();
            continue;
        }
        let node = from.node(h);
        let missing: Vec<GameId> = node
            .left
            .iter()
            .chain(&node.right)
            .copied()
            .filter(|o| !copied.contains_key(o))
            .collect();
        if missing.is_empty() {
            let left = node.left.iter().map(|o| copied[o]).collect();
            let right = node.right.iter().map(|o| copied[o]).collect();
            copied.insert(h, to.try_make(left, right)?);
            stack.pop();
        } else {
            stack.extend(missing);
        }
    }
    Ok(copied[&g])
}
