//! The catalog: every game of mex behind one set of traits, so that a front
//! end (the command line, a web server, Python) is written once and a new
//! game is one file plus one line in [`catalog`].
//!
//! Layers: the engines ([`crate::heap`] sparse octal engine,
//! [`crate::partizan`] canonical-form arena, [`crate::solve`] backward
//! induction, [`crate::sync`] synchronized solver, [`crate::shift`]) know
//! nothing of this module; each file here adapts one game to one of the
//! family traits below, and [`catalog`] lists them.
//!
//! One trait per family: a game of a family with an engine is at once a
//! [`Game`] and its engine's ruleset, so its family trait extends both and
//! adds only what a person reads, the labelled moves. A game file
//! implements [`Ruleset`] (the position type, shared by all of them),
//! [`Game`], the engine's trait (options and hooks, which the engine's
//! solver calls on the game itself) and the family trait:
//!
//! | family | engine's trait (options, hooks) | family trait (labelled moves) |
//! |---|---|---|
//! | impartial | [`ImpartialRuleset`] | [`ImpartialGame`] |
//! | partizan | [`PartizanRuleset`] | [`PartizanGame`] |
//! | synchronized | [`SyncRuleset`] | [`SyncGame`] |
//! | game graphs | — | [`LoopyGame`] |
//! | arenas | — | [`ArenaGame`] |
//!
//! Conventions shared by every family:
//! * a position is a Rust value whose `FromStr` and `Display` round-trip
//!   (`p.to_string().parse() == p`); parsing checks the syntax, and
//!   [`Game::check`] the limits of the solvers before any search;
//! * a move carries a short label a person can read and the position it
//!   leads to;
//! * `decompose` splits a position into independent components (a sum),
//!   `canonical` picks a representative of its symmetry class, and the
//!   `known_*` hooks give closed forms (proven periods, formulas) that the
//!   solvers use instead of searching;
//! * errors are [`MexError`] values, one line each.

mod adapters;
pub mod amazons;
pub mod backsliding_toads_frogs;
pub mod best;
pub mod cherries;
pub mod chomp;
pub mod clobber;
pub mod clobber_search;
pub mod col;
pub mod cram;
pub mod cutcake;
pub mod database;
pub mod domineering;
pub mod domino;
pub mod expression;
pub mod fox_and_geese;
pub mod graph;
pub mod grid_board;
pub mod hackenbush;
pub mod hackenbush_graph;
pub mod heaps;
pub mod kayles;
pub mod konane;
pub mod misere;
pub mod nim;
pub mod nogo;
pub mod octal;
pub mod outcome_search;
pub mod painting;
pub mod picture;
pub mod proof;
pub mod shift;
pub mod snort;
pub mod ssc;
pub mod subtraction;
pub mod sum;
pub mod toads_frogs;
pub mod toppling_dominoes;
pub mod wythoff;

pub use adapters::{
    partizan_evaluation, value_with_first, Accepts, ArenaEntry, CatalogGame, CheckpointedSearch,
    Choices, Context, Evaluation, ImpartialEntry, LabelledParts, LoopyEntry, LoopyPartizanEntry,
    MoveEvaluation, Outcome, PartizanEntry, ResumableSearch, SavedTable, Side, SyncEntry, Value,
};

use crate::error::quote;
pub use crate::impartial::ruleset::ImpartialRuleset;
pub use crate::partizan::ruleset::PartizanRuleset;
use crate::partizan::store::{GameId, GameStore};
pub use crate::ruleset::Ruleset;
use crate::solve::partizan_graph::{self, PositionGraph};
use crate::solve::retrograde;
pub use crate::sync::solver::SyncRuleset;
use crate::MexError;
use num_bigint::BigUint;
use std::fmt::Display;
use std::str::FromStr;

/// The family of a game, which fixes the form of its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Both players have the same moves; normal play. Value: a Grundy value
    /// (short games) or win/loss/draw with remoteness (games with cycles).
    Impartial,
    /// Left and Right have their own moves; normal play. Value: the
    /// canonical form.
    Partizan,
    /// Both players choose a move at the same time. Value: the outcome
    /// class with pure strategies (L, R, D, LD, RD, U).
    Synchronized,
    /// Alice and Bob move at the positions they own (not alternating);
    /// Alice hurries to a target, Bob delays. Value: the number of turns.
    Arena,
}

impl Family {
    /// The lower-case name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Family::Impartial => "impartial",
            Family::Partizan => "partizan",
            Family::Synchronized => "synchronized",
            Family::Arena => "arena",
        }
    }
}

/// What a game says about itself.
#[derive(Debug, Clone, Copy)]
pub struct GameInfo {
    /// The catalog name (`mex value NAME POSITION`).
    pub name: &'static str,
    /// The family.
    pub family: Family,
    /// One line.
    pub description: &'static str,
    /// The position syntax, in a few words.
    pub syntax: &'static str,
    /// A position that the game accepts.
    pub example: &'static str,
    /// The rules, in two or three sentences.
    pub rules: &'static str,
}

/// One move: a label a person can read, and the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move<P> {
    /// For example `take 3 from heap 2`.
    pub label: String,
    /// The position after the move.
    pub to: P,
}

impl<P> Move<P> {
    /// A move with its label.
    pub fn new(label: impl Into<String>, to: P) -> Self {
        Move {
            label: label.into(),
            to,
        }
    }
}

/// The positions the moves lead to.
pub fn positions<P>(moves: Vec<Move<P>>) -> impl Iterator<Item = P> {
    moves.into_iter().map(|m| m.to)
}

/// What every game of the catalog has: positions ([`Ruleset::Position`])
/// whose `FromStr` and `Display` round-trip, and a description.
pub trait Game:
    Ruleset<Position: Display + FromStr<Err = MexError> + Send + Sync> + Send + Sync + 'static
{
    /// Name, family, syntax, example and rules.
    const INFO: GameInfo;
    /// Refuses a position beyond the solvers' limits before any search.
    fn check(&self, _p: &Self::Position) -> Result<(), MexError> {
        Ok(())
    }
    /// Refuses to list the moves of a position that has too many (checked
    /// before listing); the value may still be known by a closed form.
    fn check_moves(&self, _p: &Self::Position) -> Result<(), MexError> {
        Ok(())
    }
    /// A drawing of the position in lines of ASCII, for games whose
    /// one-line form is hard to read (boards, graphs); `None` by default.
    fn drawing(&self, _p: &Self::Position) -> Option<String> {
        None
    }
    /// The position as a picture in one of the shared shapes
    /// ([`picture::Picture`]), which every front end draws; by default its
    /// text.
    fn picture(&self, p: &Self::Position) -> picture::Picture {
        picture::Picture::Text {
            text: p.to_string(),
        }
    }
}

/// A short impartial game under normal play: its value is a Grundy value.
/// The options (the solver's hot path), decomposition, symmetry and the
/// Grundy value by a closed form are its [`ImpartialRuleset`]; this trait
/// adds the labelled moves and the catalog's closed forms for misère play
/// and for moves too many to list.
pub trait ImpartialGame: Game + ImpartialRuleset {
    /// Every move.
    fn moves(&self, p: &Self::Position) -> Vec<Move<Self::Position>>;
    /// Whether no move is left (the default lists the options).
    fn is_terminal(&self, p: &Self::Position) -> bool {
        let mut options = Vec::new();
        self.options(p, &mut options);
        options.is_empty()
    }
    /// The misère genus by a closed form, for positions that are
    /// hereditarily tame (every follower has a tame genus, so that sums
    /// add by the tame rule of [`crate::impartial::misere::TameGenus`]);
    /// `None` (the default): search.
    fn known_misere(&self, _p: &Self::Position) -> Option<crate::impartial::misere::TameGenus> {
        None
    }
    /// An upper bound on the sums reachable from `p` under misère search
    /// (may saturate above `cap`); `None` (the default): counted by search.
    fn misere_reach_bound(&self, _p: &Self::Position, _cap: usize) -> Option<BigUint> {
        None
    }
    /// An upper bound on the moves of any position reachable from `p`;
    /// `None` (the default): the misère search counts them as it goes.
    fn misere_move_bound(&self, _p: &Self::Position) -> Option<BigUint> {
        None
    }
    /// The outcome by a closed form, for positions whose value is beyond
    /// the solvers ([`Game::check`] refuses them); `None` (the default):
    /// none is known.
    fn known_outcome(&self, _p: &Self::Position) -> Option<crate::impartial::Outcome> {
        None
    }
    /// Every move to a position of Grundy value `target`, by a closed form,
    /// for positions whose moves are too many to list (Nim with huge heaps,
    /// Wythoff's game).
    fn known_moves_to(
        &self,
        _p: &Self::Position,
        _target: &BigUint,
    ) -> Option<Vec<Move<Self::Position>>> {
        None
    }
    /// The engine of a search of `p` saved to a checkpoint (`mex value …
    /// --checkpoint FILE`) within `memory` bytes: the game's own search
    /// when a plain run takes it and it can be saved, no checkpoint when
    /// the game's own bounded table answers, else (the default) the
    /// ruleset's search saved with its records.
    fn checkpointed_search(
        &self,
        _p: &Self::Position,
        _memory: usize,
    ) -> CheckpointedSearch<Self::Position> {
        CheckpointedSearch::General
    }
}

/// An impartial game whose positions may repeat (a game graph): its value is
/// win, loss or draw with remoteness, for the player to move.
pub trait LoopyGame: Game {
    /// Every move.
    fn moves(&self, p: &Self::Position) -> Vec<Move<Self::Position>>;
    /// The value of `p` (the whole graph is solved).
    fn solve(&self, p: &Self::Position) -> Result<retrograde::Value, MexError>;
}

/// Most bytes the reachable positions of a [`LoopyPartizanGame`] and
/// their moves may take.
pub const LOOPY_PARTIZAN_BUDGET: usize = 1 << 30;

/// A partizan game whose positions may repeat (Fox and Geese, Backsliding
/// Toads and Frogs), analysed alone: who wins with each first player,
/// draws included, by retrograde analysis of the reachable positions
/// ([`crate::solve::partizan_graph`]).
pub trait LoopyPartizanGame: Game {
    /// Left's moves.
    fn left_moves(&self, p: &Self::Position) -> Vec<Move<Self::Position>>;
    /// Right's moves.
    fn right_moves(&self, p: &Self::Position) -> Vec<Move<Self::Position>>;
    /// Bytes one position takes in memory, its heap part included.
    fn position_bytes(&self, p: &Self::Position) -> usize;
    /// The positions reachable from `p` (`p` first) with their Left and
    /// Right moves, refused past `budget` bytes.
    fn reachable(
        &self,
        p: &Self::Position,
        budget: usize,
    ) -> Result<(Vec<Self::Position>, PositionGraph), MexError> {
        let to = |moves: Vec<Move<Self::Position>>| positions(moves).collect();
        partizan_graph::explore(
            p.clone(),
            self.position_bytes(p),
            budget,
            |q| to(self.left_moves(q)),
            |q| to(self.right_moves(q)),
        )
    }
    /// The position graph from `p` for the loopy partizan values: Left's
    /// and Right's moves of every reachable position, and the index of `p`
    /// (always 0), within [`LOOPY_PARTIZAN_BUDGET`].
    #[allow(clippy::type_complexity)]
    fn position_graph(
        &self,
        p: &Self::Position,
    ) -> Result<(Vec<Vec<usize>>, Vec<Vec<usize>>, usize), MexError> {
        let (_, g) = self.reachable(p, LOOPY_PARTIZAN_BUDGET)?;
        Ok((g.left, g.right, 0))
    }
}

/// A short partizan game: its value is a canonical form. The options (the
/// solver's hot path), decomposition, symmetries and the value by a closed
/// form are its [`PartizanRuleset`]; this trait adds the labelled moves.
pub trait PartizanGame: Game + PartizanRuleset {
    /// Left's moves.
    fn left_moves(&self, p: &Self::Position) -> Vec<Move<Self::Position>>;
    /// Right's moves.
    fn right_moves(&self, p: &Self::Position) -> Vec<Move<Self::Position>>;
    /// Who wins `p` alone with each of `firsts` moving first, in order, by
    /// one search made for this game (Domineering's bitboard search, whose
    /// table the answers share), within `memory` bytes; `None` (the
    /// default) sends `p` to the generic outcome search.
    fn dedicated_winners(
        &self,
        p: &Self::Position,
        firsts: &[crate::partizan::minimax::Player],
        memory: usize,
    ) -> Result<Option<Vec<crate::partizan::minimax::Player>>, MexError> {
        let _ = (p, firsts, memory);
        Ok(None)
    }
    /// The proof of who wins `p` alone with `first` moving first, of the
    /// kind this game writes itself (Domineering's, with bound leaves),
    /// within `memory` bytes; `None` (the default) for the catalog's proof
    /// of any position ([`proof::prove`]).
    fn dedicated_proof(
        &self,
        p: &Self::Position,
        first: crate::partizan::minimax::Player,
        memory: usize,
    ) -> Result<Option<proof::WinnerProof>, MexError> {
        let _ = (p, first, memory);
        Ok(None)
    }
    /// The game's own search of `p`'s value that saves checkpoints and
    /// resumes from them, evaluating in `store` (Domineering's evaluator,
    /// saved in the format of [`crate::partizan::search_checkpoint`]);
    /// `None` (the default) when the game has none. A front end that keeps
    /// a search across interruptions asks every game this
    /// ([`CatalogGame::resumable_search`]), never a game by its name.
    fn checkpointed_search<'a>(
        &'a self,
        p: &Self::Position,
        store: &'a mut GameStore,
    ) -> Option<Box<dyn ResumableSearch + 'a>> {
        let _ = (p, store);
        None
    }
    /// The regions of `shape` a database of the game holds
    /// ([`database::build`]): the fillings of its cells as the game's
    /// positions; `None` (the default) when the game has no database.
    fn regions(&self, shape: &database::Shape) -> Option<Vec<Self::Position>> {
        let _ = shape;
        None
    }
    /// The cells of `p` a region of [`PartizanGame::regions`] counts
    /// (Domineering's free cells, Clobber's stones), so that a position
    /// larger than a database's regions is not looked up; `usize::MAX`
    /// (the default) for a game without databases.
    fn region_cells(&self, p: &Self::Position) -> usize {
        let _ = p;
        usize::MAX
    }
    /// The canonical value of `p` (the default: the engine's memoising
    /// evaluator on the game, with its hooks).
    fn value(&self, store: &mut GameStore, p: &Self::Position) -> Result<GameId, MexError>
    where
        Self: Sized,
    {
        adapters::partizan_value(self, store, p)
    }
}

/// A synchronized game: both players choose at once. The choices, the
/// position they lead to and the outcome by a closed form are its
/// [`SyncRuleset`]; this trait adds the labelled choices.
pub trait SyncGame: Game + SyncRuleset {
    /// Left's choices, labelled.
    fn left_moves(&self, p: &Self::Position) -> Vec<Move<Self::Choice>>;
    /// Right's choices, labelled.
    fn right_moves(&self, p: &Self::Position) -> Vec<Move<Self::Choice>>;
}

/// Who moves in an arena game.
pub use crate::solve::arena::Player;

/// A reachability game where the owner of a position moves: Alice hurries
/// to the target, Bob delays.
pub trait ArenaGame: Game {
    /// Who moves at `p`.
    fn mover(&self, p: &Self::Position) -> Player;
    /// Every move of the mover.
    fn moves(&self, p: &Self::Position) -> Vec<Move<Self::Position>>;
    /// Turns until Alice reaches the target under optimal play: `Ok(None)`
    /// when Bob can keep her from it forever.
    fn turns(&self, p: &Self::Position) -> Result<Option<u64>, MexError>;
}

/// Every game of mex: one line each.
pub fn catalog() -> &'static [&'static dyn CatalogGame] {
    &[
        &ImpartialEntry(nim::Nim),
        &ImpartialEntry(subtraction::Subtraction),
        &ImpartialEntry(octal::Octal),
        &ImpartialEntry(domino::Domino),
        &ImpartialEntry(wythoff::Wythoff),
        &ImpartialEntry(kayles::Kayles),
        &ImpartialEntry(cram::Cram),
        &ImpartialEntry(chomp::Chomp),
        &ImpartialEntry(nogo::ImpartialNoGo),
        &LoopyEntry(graph::Graph),
        &ArenaEntry(shift::ShiftGame),
        &ArenaEntry(shift::GeneralizedShiftGame),
        &PartizanEntry(expression::Expression),
        &PartizanEntry(cherries::Cherries),
        &PartizanEntry(cherries::StackCherries),
        &PartizanEntry(domineering::Domineering),
        &PartizanEntry(hackenbush::Hackenbush),
        &PartizanEntry(toads_frogs::ToadsAndFrogs),
        &PartizanEntry(clobber::Clobber),
        &PartizanEntry(konane::Konane),
        &PartizanEntry(amazons::Amazons),
        &PartizanEntry(cutcake::Cutcake),
        &PartizanEntry(toppling_dominoes::TopplingDominoes),
        &PartizanEntry(hackenbush_graph::HackenbushGraph),
        &PartizanEntry(col::Col),
        &PartizanEntry(snort::Snort),
        &PartizanEntry(nogo::NoGo),
        &LoopyPartizanEntry(fox_and_geese::FoxAndGeese),
        &LoopyPartizanEntry(backsliding_toads_frogs::BackslidingToadsAndFrogs),
        &SyncEntry(ssc::SynchronizedStackCherries),
        &SyncEntry(ssc::SynchronizedCherries),
    ]
}

/// The catalog game called `name`, in any case (`Domineering`). An unknown
/// name is refused with the nearest names suggested ([`nearest_names`]).
pub fn find(name: &str) -> Result<&'static dyn CatalogGame, MexError> {
    let typed = name.trim();
    catalog()
        .iter()
        .copied()
        .find(|g| g.info().name.eq_ignore_ascii_case(typed))
        .ok_or_else(|| {
            let names: Vec<&str> = catalog().iter().map(|g| g.info().name).collect();
            let guess = match nearest_names(typed, &names)[..] {
                [] => String::new(),
                ref near => format!(
                    " (did you mean {}?)",
                    near.iter()
                        .map(|n| quote(n))
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            };
            MexError::invalid(
                format!("{} is not a game of the catalog{guess}", quote(name)),
                names.join(", "),
            )
        })
}

/// Least Jaro–Winkler similarity of a name suggested for a mistyped one
/// (clap suggests subcommands from 0.7; 0.8 keeps unrelated short names
/// such as `col` and `nim` out).
const SUGGESTED_SIMILARITY: f64 = 0.8;

/// The names most similar to `typed` (Jaro–Winkler similarity, case
/// ignored; Winkler 1990, as `strsim` computes it), when similar enough:
/// every name within 0.02 of the best, best first, at most three.
pub fn nearest_names<'a>(typed: &str, names: &[&'a str]) -> Vec<&'a str> {
    let typed = typed.to_ascii_lowercase().replace(['_', ' '], "-");
    let mut scored: Vec<(f64, &str)> = names
        .iter()
        .map(|&n| (strsim::jaro_winkler(&typed, n), n))
        .filter(|&(score, _)| score >= SUGGESTED_SIMILARITY)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let best = scored.first().map_or(0.0, |s| s.0);
    scored
        .into_iter()
        .take_while(|&(score, _)| score >= best - 0.02)
        .take(3)
        .map(|(_, n)| n)
        .collect()
}

/// Most heaps (or strips) in one position.
pub const MAX_HEAPS: usize = 10_000;
/// Most moves a position may have for its moves to be listed.
pub const MAX_LISTED_MOVES: u64 = 100_000;

/// Parses heap sizes separated by commas or spaces (`3,4,5`; each any
/// size, `2^200` allowed).
pub(crate) fn parse_heaps(text: &str, accepted: &str) -> Result<Vec<BigUint>, MexError> {
    let parts: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if parts.is_empty() {
        return Err(MexError::invalid("no heap sizes are given", accepted));
    }
    if parts.len() > MAX_HEAPS || text.split(',').any(|s| s.trim().is_empty()) {
        return Err(if parts.len() > MAX_HEAPS {
            MexError::too_large(
                format!("{} heaps", parts.len()),
                format!("{MAX_HEAPS} heaps"),
                "split the position into a sum",
            )
        } else {
            MexError::invalid(format!("{} has an empty heap size", quote(text)), accepted)
        });
    }
    parts
        .into_iter()
        .map(crate::bigint::parse_natural)
        .collect()
}

/// Parses a list of items separated by commas or spaces (`-` for none),
/// each by `FromStr`: cakes, edges. An empty item between commas, no item
/// at all, and more than `max` items are refused (`what` names one item).
pub(crate) fn parse_list<T: FromStr<Err = MexError>>(
    text: &str,
    what: &str,
    max: usize,
    accepted: &str,
) -> Result<Vec<T>, MexError> {
    if text.trim() == "-" {
        return Ok(vec![]);
    }
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if text.contains(',') && text.split(',').any(|w| w.trim().is_empty()) {
        return Err(MexError::invalid(
            format!("{} has an empty {what}", quote(text)),
            accepted,
        ));
    }
    if words.is_empty() {
        return Err(MexError::invalid(format!("no {what} is given"), accepted));
    }
    if words.len() > max {
        return Err(MexError::too_large(
            format!("{} {what}s", words.len()),
            format!("{max} {what}s"),
            "split the position into a sum",
        ));
    }
    words.into_iter().map(str::parse).collect()
}

/// Heap sizes joined by commas.
pub(crate) fn show_heaps(heaps: &[BigUint]) -> String {
    heaps
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Most characters a listing of moves may repeat: the number of moves
/// times the printed length of the position. Every listed move carries the
/// whole position it leads to, so a listing of a sum of many components
/// grows with the square of its size; this bound keeps it to tens of
/// megabytes (the value alone is never refused for it).
pub const MAX_LISTED_TEXT: u64 = 1 << 24;

/// Refuses a listing of `count` moves of a position printed in `length`
/// characters beyond [`MAX_LISTED_MOVES`] or [`MAX_LISTED_TEXT`].
pub(crate) fn check_listing_size(count: usize, length: usize) -> Result<(), MexError> {
    check_move_count(&BigUint::from(count), "this position")?;
    let text = (count as u64).saturating_mul(length as u64);
    if text > MAX_LISTED_TEXT {
        return Err(MexError::too_large(
            format!("listing {count} moves of a position of {length} characters"),
            format!("{MAX_LISTED_TEXT} characters in all (moves × position length)"),
            "ask for the value only, or split the position into a sum",
        ));
    }
    Ok(())
}

/// Refuses listing more than [`MAX_LISTED_MOVES`] moves.
pub(crate) fn check_move_count(count: &BigUint, what: &str) -> Result<(), MexError> {
    if *count > BigUint::from(MAX_LISTED_MOVES) {
        return Err(MexError::too_large(
            format!("the {count} moves of {what}"),
            format!("{MAX_LISTED_MOVES} moves"),
            "ask for the value only, or for a smaller position",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
