//! From the family traits to one object-safe interface for front ends:
//! [`CatalogGame`] takes positions as text and answers with printed values,
//! so that a front end needs no code per game.

//!
//! One file per family ([`impartial`], [`loopy`], [`partizan`], [`sync`],
//! [`arena`]) turns that family's trait into [`CatalogGame`]; this file holds
//! the interface and the typed results every family shares.

/// The methods of [`CatalogGame`] that every entry writes the same way,
/// for an entry `struct XEntry<G>(pub G)` in a family file.
macro_rules! methods_of_every_entry {
    () => {
        fn info(&self) -> &'static $crate::games::GameInfo {
            &G::INFO
        }
        fn normalize(&self, position: &str) -> Result<String, $crate::MexError> {
            Ok(super::parse(&self.0, position)?.to_string())
        }
        fn drawing(&self, position: &str) -> Result<Option<String>, $crate::MexError> {
            Ok(self.0.drawing(&super::parse(&self.0, position)?))
        }
        fn picture(
            &self,
            position: &str,
        ) -> Result<$crate::games::picture::Picture, $crate::MexError> {
            Ok(self.0.picture(&super::parse(&self.0, position)?))
        }
    };
}
use methods_of_every_entry;

mod arena;
mod evaluation;
mod impartial;
mod loopy;
mod loopy_partizan;
mod partizan;
mod resumable;
mod sync;

pub use arena::ArenaEntry;
pub use evaluation::{value_with_first, Choices, Evaluation, MoveEvaluation, Outcome, Side, Value};
pub use impartial::ImpartialEntry;
pub use loopy::LoopyEntry;
pub use loopy_partizan::LoopyPartizanEntry;
pub(super) use partizan::partizan_value;
pub use partizan::{partizan_evaluation, PartizanEntry};
pub use resumable::{CheckpointedSearch, ResumableSearch, SavedTable};
pub use sync::SyncEntry;

/// What a game's engine honours of the options of a value or its moves
/// (`mex value`, `mex moves`): a front end refuses an option whose field is
/// `false`, in one line, rather than ignore it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Accepts {
    /// A memory budget: the store of canonical forms, the nimber search's
    /// table ([`Context::search_memory`]) or the positions of a loopy
    /// game ([`Context::loopy_memory`]).
    pub memory: bool,
    /// A budget of comparisons of options in canonical simplification.
    pub comparisons: bool,
    /// A thermograph of the value (short partizan games).
    pub thermograph: bool,
}

impl Accepts {
    /// Everything: a short partizan game's canonical form.
    pub const ALL: Accepts = Accepts {
        memory: true,
        comparisons: true,
        thermograph: true,
    };
    /// A memory budget only.
    pub const MEMORY: Accepts = Accepts {
        memory: true,
        comparisons: false,
        thermograph: false,
    };
    /// None of the options.
    pub const NONE: Accepts = Accepts {
        memory: false,
        comparisons: false,
        thermograph: false,
    };
}

use super::picture::Picture;
use super::{Game, GameInfo};
use crate::impartial::misere::TameGenus;
use crate::partizan::database::Database;
use crate::partizan::minimax::{Boxed, Player};
use crate::partizan::simple::Record;
use crate::partizan::store::{GameId, GameStore, DEFAULT_BUDGET, MAX_COMPARISONS};
use crate::MexError;
use num_bigint::{BigInt, BigUint};
use num_traits::ToPrimitive;
use std::sync::Arc;

/// What one request shares: the arena of canonical forms, so that values
/// of several positions (a sum, the options of a position) can be combined.
#[derive(Debug)]
pub struct Context {
    /// The canonical-form arena.
    pub store: GameStore,
    /// Bytes a search may take: an impartial game's nimber search (its
    /// table) or an outcome search ([`crate::games::outcome_search`]: its
    /// transposition table, stack and store of forms); 4 GiB by default
    /// ([`crate::impartial::search::DEFAULT_MEMORY_BYTES`]: a sixth of
    /// the development and CI machines' memory).
    pub search_memory: usize,
    /// Bytes the positions of a loopy partizan game may take, with their
    /// moves, their index and their solution
    /// ([`crate::solve::partizan_graph::explore`]); 1 GiB by default
    /// ([`crate::games::LOOPY_PARTIZAN_BUDGET`]).
    pub loopy_memory: usize,
    /// The last loopy game graph solved in this context, kept so that the
    /// positions reachable from it (the turns of a game) are answered
    /// without solving again.
    pub(crate) solved: SolvedGraph,
    /// A database of solved regions ([`crate::partizan::database`]) that
    /// the values and searches of its game's positions consult.
    pub database: Option<Arc<Database>>,
}

/// A solved graph of any game's positions ([`Context::solved`]), typed by
/// the entry that solved it.
#[derive(Default)]
pub(crate) struct SolvedGraph(Option<std::sync::Arc<dyn std::any::Any + Send + Sync>>);

impl std::fmt::Debug for SolvedGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "SolvedGraph(kept)"
        } else {
            "SolvedGraph(none)"
        })
    }
}

impl SolvedGraph {
    /// The graph kept, when it is of type `T`.
    pub(crate) fn get<T: Send + Sync + 'static>(&self) -> Option<std::sync::Arc<T>> {
        self.0.clone()?.downcast().ok()
    }

    /// Keeps `graph` in place of the one kept.
    pub(crate) fn keep<T: Send + Sync + 'static>(&mut self, graph: std::sync::Arc<T>) {
        self.0 = Some(graph);
    }
}

impl Context {
    /// A fresh context whose arena has the default memory budget
    /// ([`DEFAULT_BUDGET`]): work that would outgrow it is refused with
    /// [`MexError::TooLarge`] instead of exhausting the machine.
    pub fn new() -> Self {
        Context::with_store(GameStore::with_budget(DEFAULT_BUDGET))
    }

    /// A context whose work stays within `memory` bytes in all (a server's
    /// request): half for the store of canonical forms (at most its
    /// default, [`DEFAULT_BUDGET`]), half for a search's table or a loopy
    /// game's positions (at most their defaults).
    pub fn within(memory: usize) -> Self {
        let half = memory / 2;
        let mut ctx = Context::with_store(GameStore::with_budget(half.min(DEFAULT_BUDGET)));
        ctx.search_memory = half.min(ctx.search_memory);
        ctx.loopy_memory = half.min(ctx.loopy_memory);
        ctx
    }

    /// A context of the budgets a front end's settings give: `memory`
    /// bytes for each budget of memory (the store of canonical forms, a
    /// search's table, a loopy game's positions; each its default when
    /// `None`) and `comparisons` comparisons of options (default
    /// [`MAX_COMPARISONS`]). The CLI's `--memory` and `--comparisons` and
    /// Python's `memory=` build their contexts here, so one setting sets
    /// the same budgets everywhere.
    pub fn with_budgets(memory: Option<usize>, comparisons: Option<u64>) -> Self {
        let store = GameStore::with_limits(
            memory.unwrap_or(DEFAULT_BUDGET),
            comparisons.unwrap_or(MAX_COMPARISONS),
        );
        let mut ctx = Context::with_store(store);
        if let Some(bytes) = memory {
            ctx.search_memory = bytes;
            ctx.loopy_memory = bytes;
        }
        ctx
    }

    /// A context over a store of the caller's choosing (another budget, or
    /// [`GameStore::new`] for none).
    pub fn with_store(store: GameStore) -> Self {
        Context {
            store,
            search_memory: crate::impartial::search::DEFAULT_MEMORY_BYTES,
            loopy_memory: crate::games::LOOPY_PARTIZAN_BUDGET,
            solved: SolvedGraph::default(),
            database: None,
        }
    }

    /// A fresh context with the default budgets that takes over this
    /// one's solved graph ([`Context::solved`]): the next turn of a game,
    /// whose positions were solved at the first.
    pub fn next_turn(&mut self) -> Context {
        let mut next = Context::new();
        next.solved = std::mem::take(&mut self.solved);
        next.database = self.database.clone();
        next
    }
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

/// What a front end can ask of any game of the catalog.
pub trait CatalogGame: Send + Sync {
    /// Name, family, syntax, example, rules.
    fn info(&self) -> &'static GameInfo;
    /// Parses a position and prints it back as the game prints it.
    fn normalize(&self, position: &str) -> Result<String, MexError>;
    /// The independent components of a position (a sum), each printed;
    /// empty for a position with nothing left to play.
    fn components(&self, position: &str) -> Result<Vec<String>, MexError>;
    /// A drawing of the position in lines of ASCII (boards, graphs), when
    /// the game draws one ([`Game::drawing`]).
    fn drawing(&self, position: &str) -> Result<Option<String>, MexError>;
    /// The position as a picture in a shared shape ([`Game::picture`]).
    fn picture(&self, position: &str) -> Result<Picture, MexError>;
    /// Whether positions may repeat (game graphs, partizan games with
    /// cycles): values are then wins, losses and draws with remoteness, not
    /// Grundy values or canonical forms.
    fn has_cycles(&self) -> bool {
        false
    }
    /// The budgets and pictures this game's engine honours: a front end
    /// refuses the others instead of ignoring them.
    fn accepts(&self) -> Accepts;
    /// The position's value and outcome.
    fn evaluate(&self, position: &str, ctx: &mut Context) -> Result<Evaluation, MexError>;
    /// Every move with its resulting position and value.
    fn moves(&self, position: &str, ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError>;
    /// The outcome of a position by a closed form of its game, for the
    /// positions whose value [`CatalogGame::evaluate`] refuses as too large
    /// (Wythoff's game beyond its Grundy table: the outcome by Wythoff's
    /// pairs at any size), with the position as the game prints it (read
    /// without the check that refuses its value); `None` (the default)
    /// when the game has none.
    fn known_outcome(&self, position: &str) -> Result<Option<(String, Outcome)>, MexError> {
        let _ = position;
        Ok(None)
    }
    /// The Grundy value (impartial short games only).
    fn grundy(&self, position: &str) -> Result<BigUint, MexError> {
        Err(not_in_family(self.info(), position, "a Grundy value"))
    }
    /// Every move to a position of Grundy value `target`, as (label,
    /// resulting position) (impartial short games only).
    fn moves_to_grundy(
        &self,
        position: &str,
        _target: &BigUint,
    ) -> Result<Vec<(String, String)>, MexError> {
        Err(not_in_family(self.info(), position, "a Grundy value"))
    }
    /// The parts of a position for misère play: its components with a
    /// move, each printed in its canonical representative (impartial short
    /// games only).
    fn misere_parts(&self, position: &str) -> Result<Vec<String>, MexError> {
        Err(not_misere(self.info(), position))
    }
    /// The options of a part (as [`CatalogGame::misere_parts`] prints
    /// them), each as the parts it leaves.
    fn misere_option_parts(&self, part: &str) -> Result<Vec<Vec<String>>, MexError> {
        Err(not_misere(self.info(), part))
    }
    /// An upper bound on the sums reachable from a part, when the game
    /// knows one cheaply (may saturate above `cap`).
    fn misere_reach_bound(&self, part: &str, _cap: usize) -> Result<Option<BigUint>, MexError> {
        Err(not_misere(self.info(), part))
    }
    /// An upper bound on the moves of any follower of a part, when the
    /// game knows one cheaply.
    fn misere_move_bound(&self, part: &str) -> Result<Option<BigUint>, MexError> {
        Err(not_misere(self.info(), part))
    }
    /// Every move of a position as (label, resulting position, its parts).
    fn misere_moves(&self, position: &str) -> Result<Vec<LabelledParts>, MexError> {
        Err(not_misere(self.info(), position))
    }
    /// The genus of a position by a closed form (hereditarily tame
    /// positions such as Nim's), when the game knows one.
    fn misere_known(&self, position: &str) -> Result<Option<TameGenus>, MexError> {
        Err(not_misere(self.info(), position))
    }
    /// The canonical form in `ctx`'s store (partizan games, and impartial
    /// short games as nimbers).
    fn canonical(&self, position: &str, ctx: &mut Context) -> Result<GameId, MexError> {
        let _ = ctx;
        Err(not_in_family(self.info(), position, "a canonical form"))
    }
    /// The position's canonical form in `ctx`'s store when a closed form
    /// of the game gives it without search (its ruleset's `known_value`
    /// hook on the position's key; partizan short games only), so that an
    /// outcome search takes the form instead of playing the position;
    /// `None` otherwise (the default).
    fn known_form(&self, position: &str, ctx: &mut Context) -> Result<Option<GameId>, MexError> {
        let _ = (position, ctx);
        Ok(None)
    }
    /// Who wins the position alone with each of `firsts` moving first, by
    /// the game's own search
    /// ([`crate::games::PartizanGame::dedicated_winners`]), within the
    /// context's search memory; `None` when the game has none.
    fn dedicated_winners(
        &self,
        position: &str,
        firsts: &[Player],
        ctx: &Context,
    ) -> Result<Option<Vec<Player>>, MexError> {
        let _ = (position, firsts, ctx);
        Ok(None)
    }
    /// The proof of who wins the position alone with `first` moving first
    /// when the game writes a kind of its own
    /// ([`crate::games::PartizanGame::dedicated_proof`]); `None` otherwise.
    fn dedicated_proof(
        &self,
        position: &str,
        first: Player,
        ctx: &Context,
    ) -> Result<Option<crate::games::proof::WinnerProof>, MexError> {
        let _ = (position, first, ctx);
        Ok(None)
    }
    /// The moves of `player` as (label, the position after it, as the game
    /// prints it), without their values (partizan short games only): what
    /// a player following a proof needs.
    fn side_moves(
        &self,
        position: &str,
        player: Player,
    ) -> Result<Vec<(String, String)>, MexError> {
        let _ = player;
        Err(not_in_family(self.info(), position, "moves of one side"))
    }
    /// The position as a component of an outcome search
    /// ([`crate::partizan::minimax`]), parsed once and played on its own
    /// type (partizan short games only). Only what cannot be represented
    /// is refused: the search has its own memory budget.
    fn search_component<'a>(
        &'a self,
        position: &str,
        database: Option<&Arc<Database>>,
    ) -> Result<Boxed<'a>, MexError> {
        let _ = database;
        Err(not_in_family(self.info(), position, "an outcome search"))
    }
    /// The entries of a database of the game's regions up to `max_cells`
    /// cells ([`crate::games::database::build`]) in `ctx`'s store, for the
    /// games whose regions the builder enumerates; refused otherwise.
    fn build_database(
        &self,
        max_cells: usize,
        ctx: &mut Context,
        resume: Option<&Arc<Database>>,
        saved: &mut crate::games::database::Saver,
        progress: &mut dyn FnMut(crate::games::database::BuildProgress),
    ) -> Result<crate::games::database::Entries, MexError> {
        let _ = (max_cells, ctx, resume, saved, progress);
        Err(crate::games::database::no_database(self.info().name))
    }
    /// Whether [`CatalogGame::build_database`] builds databases of the
    /// game's regions.
    fn builds_databases(&self) -> bool {
        false
    }
    /// The search for the position's value as one that can be saved and
    /// resumed, within the context's budgets: for the impartial games whose
    /// positions have checkpoint records
    /// ([`crate::impartial::ruleset::ImpartialRuleset::record_bytes`]),
    /// on the engine a plain evaluation takes
    /// ([`crate::games::ImpartialGame::checkpointed_search`]: it may keep
    /// no checkpoint, [`ResumableSearch::saves`]), and for the partizan
    /// games with a checkpointed search of their own
    /// ([`crate::games::PartizanGame::checkpointed_search`], evaluating in
    /// the context's store; not when the context consults a database of
    /// the game, which that search would not read); `None` for the others.
    fn resumable_search<'a>(
        &'a self,
        _position: &str,
        _ctx: &'a mut Context,
    ) -> Result<Option<Box<dyn ResumableSearch + 'a>>, MexError> {
        Ok(None)
    }
}

fn not_in_family(info: &GameInfo, position: &str, what: &str) -> MexError {
    MexError::invalid(
        format!(
            "{} position '{position}' has no {what}: {} is a {} game",
            info.name,
            info.name,
            info.family.name()
        ),
        "impartial short games for Grundy values; partizan and impartial short games for canonical forms",
    )
}

/// A move as (label, resulting position, the parts of that position).
pub type LabelledParts = (String, String, Vec<String>);

fn not_misere(info: &GameInfo, position: &str) -> MexError {
    MexError::invalid(
        format!(
            "{} position {} has no misère analysis: {} is a {} game",
            info.name,
            crate::error::quote(position),
            info.name,
            info.family.name()
        ),
        "impartial short games (mex games lists each game's family)",
    )
}

fn parse<G: Game>(game: &G, text: &str) -> Result<G::Position, MexError> {
    let p: G::Position = text.trim().parse()?;
    game.check(&p)?;
    Ok(p)
}

/// The nimber `*g` in standard notation (`0` for zero).
pub fn nimber_text(g: &BigUint) -> String {
    match g.to_u64() {
        Some(0) => "0".into(),
        Some(1) => "*".into(),
        _ => format!("*{g}"),
    }
}

/// Nimbers above this size are not built as trees of options (the form of
/// `*k` has `k` options on each side): they are kept in closed form, as
/// records of the store.
pub const MAX_NIMBER_FORM: u32 = 1 << 12;

/// The canonical form of `*g`: a tree up to [`MAX_NIMBER_FORM`], a record
/// (closed form, any size) beyond.
pub fn nimber_form(store: &mut GameStore, g: &BigUint) -> Result<GameId, MexError> {
    match g.to_u32().filter(|&k| k <= MAX_NIMBER_FORM) {
        Some(k) => store.try_nimber(k),
        None => {
            store.try_record(Record::number(BigInt::from(0), 0).with(BigInt::from(0), g.clone()))
        }
    }
}

#[cfg(test)]
mod tests;
