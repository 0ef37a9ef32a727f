//! Impartial short games in the catalog: Grundy values by the pruned
//! nimber search ([`NimberSearch`], with the game's closed forms; or the
//! full solver where a game says the search does not pay) under the
//! context's memory budget ([`Context::search_memory`]), moves marked
//! winning when they lead to a P-position (one table shared by all
//! options), and the misère parts.

use super::{
    nimber_form, parse, CatalogGame, CheckpointedSearch, Context, Evaluation, LabelledParts,
    MoveEvaluation, Outcome, ResumableSearch, SavedTable, Value,
};
use crate::games::{check_listing_size, ImpartialGame, Move};
use crate::impartial::grundy::GrundySolver;
use crate::impartial::misere::TameGenus;
use crate::impartial::ruleset::{GrundyTable, ImpartialRuleset};
use crate::impartial::search::{NimberSearch, DEFAULT_MEMORY_BYTES};
use crate::impartial::search_checkpoint::{self, Subject};
use crate::impartial::Outcome as ImpartialOutcome;
use crate::partizan::store::GameId;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::Zero;

/// An [`ImpartialGame`] in the catalog.
pub struct ImpartialEntry<G>(pub G);

/// The options of `p`, collected.
fn options<G: ImpartialRuleset>(game: &G, p: &G::Position) -> Vec<G::Position> {
    let mut out = Vec::new();
    game.options(p, &mut out);
    out
}

/// The engine that values a game's positions: the pruned search, or the
/// full Sprague–Grundy solver for the games where it was measured faster
/// ([`ImpartialRuleset::pruned_search_pays`]).
enum Solver<'a, G: ImpartialRuleset> {
    Pruned(NimberSearch<&'a G>, OwnTables<'a, G>),
    Full(GrundySolver<&'a G>, OwnTables<'a, G>),
}

/// The game's own tables ([`ImpartialRuleset::grundy_table`]) beside the
/// pruned search or the full solver: the last one made, asked first (none
/// when `game` is `None`).
struct OwnTables<'a, G: ImpartialRuleset> {
    game: Option<&'a G>,
    memory: usize,
    last: Option<Box<dyn GrundyTable<G::Position>>>,
}

impl<G: ImpartialRuleset> OwnTables<'_, G> {
    /// The value of `p` by the game's own table, made when the last one
    /// does not hold `p`; `None` when the game has no table for `p`.
    fn grundy(&mut self, p: &G::Position) -> Option<Result<u64, MexError>> {
        if let Some(g) = self.last.as_mut().and_then(|t| t.grundy(p)) {
            return Some(g);
        }
        let table = match self.game?.grundy_table(p, self.memory)? {
            Ok(table) => table,
            Err(e) => return Some(Err(e)),
        };
        let mut table = table;
        let g = table.grundy(p);
        self.last = Some(table);
        g
    }
}

/// Bytes of the full solver's table per position, for its budget (a
/// position and its value in a hash table, with the table's slack).
const FULL_SOLVER_BYTES_PER_POSITION: usize = 64;

impl<G: ImpartialRuleset> Solver<'_, G> {
    /// The solver of a search saved to a file and resumed: the game's own
    /// tables are not saved, so only the search's or the full solver's
    /// table is used.
    fn resumable(mut self) -> Self {
        let (Solver::Pruned(_, own) | Solver::Full(_, own)) = &mut self;
        own.game = None;
        self
    }

    fn nimber(&mut self, p: &G::Position) -> Result<u64, MexError> {
        match self {
            Solver::Pruned(search, own) => own.grundy(p).unwrap_or_else(|| search.nimber(p)),
            Solver::Full(solver, own) => own.grundy(p).unwrap_or_else(|| {
                solver.grundy(p).map_err(|e| match e {
                    MexError::TooLarge { .. } => memory_spent(solver.positions_solved()),
                    e => e,
                })
            }),
        }
    }
}

/// The full solver's refusal when its table fills the memory budget
/// (its position bound is the budget over
/// [`FULL_SOLVER_BYTES_PER_POSITION`]): what ran out is memory.
fn memory_spent(positions: usize) -> MexError {
    let bytes = positions.saturating_mul(FULL_SOLVER_BYTES_PER_POSITION);
    MexError::too_large(
        "the computation (the table of Grundy values)",
        format!("{} of memory", crate::error::memory_amount(bytes)),
        "choose a smaller position",
    )
}

/// The search of one position that saves and resumes its table
/// ([`search_checkpoint`]).
struct Resumable<'a, G: ImpartialGame> {
    game: &'a ImpartialEntry<G>,
    subject: Subject,
    position: G::Position,
    engine: Engine<'a, G>,
}

/// What a checkpointed search runs ([`ImpartialGame::checkpointed_search`]).
enum Engine<'a, G: ImpartialGame> {
    /// The ruleset's pruned search or full solver, saved with its records.
    General(Solver<'a, G>),
    /// The game's own search, saved as itself.
    Own(Box<dyn SavedTable<G::Position>>),
    /// The plain run's engine (the game's own bounded table), not saved.
    NotSaved(Solver<'a, G>),
}

impl<G: ImpartialGame> Resumable<'_, G> {
    fn nimber(&mut self) -> Result<u64, MexError> {
        match &mut self.engine {
            Engine::General(solver) | Engine::NotSaved(solver) => solver.nimber(&self.position),
            Engine::Own(table) => table.grundy(&self.position).unwrap_or_else(|| {
                Err(MexError::invalid(
                    format!(
                        "the game's own search does not hold {}",
                        self.subject.position
                    ),
                    "a position of the board the search was made for",
                ))
            }),
        }
    }
}

impl<G: ImpartialGame> ResumableSearch for Resumable<'_, G> {
    fn position(&self) -> &str {
        &self.subject.position
    }
    fn saves(&self) -> bool {
        !matches!(self.engine, Engine::NotSaved(_))
    }
    fn run(&mut self) -> Result<Evaluation, MexError> {
        let g = match self.game.0.known_grundy(&self.position) {
            Some(g) => g,
            None => BigUint::from(self.nimber()?),
        };
        Ok(ImpartialEntry::<G>::evaluation(&self.position, g))
    }
    fn positions(&self) -> usize {
        match &self.engine {
            Engine::General(Solver::Pruned(search, _)) => search.positions_stored(),
            Engine::General(Solver::Full(solver, _)) => solver.positions_solved(),
            Engine::Own(table) => table.positions(),
            Engine::NotSaved(_) => 0,
        }
    }
    fn save(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let game = &self.game.0;
        match &self.engine {
            Engine::General(Solver::Pruned(s, _)) => search_checkpoint::write(
                out,
                game,
                &self.subject,
                s.known_nimbers(),
                s.exclusions(),
            ),
            Engine::General(Solver::Full(s, _)) => {
                let none = std::iter::empty::<(&G::Position, u128)>();
                search_checkpoint::write(out, game, &self.subject, s.known_values(), none)
            }
            Engine::Own(table) => table.save(out, &self.subject),
            Engine::NotSaved(_) => Err(std::io::Error::other("this search keeps no checkpoint")),
        }
    }
    fn resume(&mut self, input: &mut dyn std::io::Read) -> Result<usize, MexError> {
        let game = &self.game.0;
        let read = match &mut self.engine {
            Engine::General(Solver::Pruned(s, _)) => {
                search_checkpoint::read(input, game, &self.subject, s)?
            }
            Engine::General(Solver::Full(s, _)) => {
                search_checkpoint::read(input, game, &self.subject, s)?
            }
            Engine::Own(table) => return table.resume(input, &self.subject),
            Engine::NotSaved(_) => {
                return Err(MexError::invalid(
                    "this search keeps no checkpoint (the game's own table answers)",
                    "a checkpoint of a search that saves one",
                ))
            }
        };
        Ok(read.known)
    }
}

impl<G: ImpartialGame> ImpartialEntry<G> {
    fn solver(&self, memory: usize) -> Solver<'_, G> {
        let own = OwnTables {
            game: Some(&self.0),
            memory,
            last: None,
        };
        if self.0.pruned_search_pays() {
            Solver::Pruned(NimberSearch::new(&self.0).with_memory_budget(memory), own)
        } else {
            let positions = memory / FULL_SOLVER_BYTES_PER_POSITION;
            Solver::Full(
                GrundySolver::new(&self.0).with_max_positions(positions),
                own,
            )
        }
    }

    fn grundy_in(&self, solver: &mut Solver<'_, G>, p: &G::Position) -> Result<BigUint, MexError> {
        match self.0.known_grundy(p) {
            Some(g) => Ok(g),
            None => solver.nimber(p).map(BigUint::from),
        }
    }

    /// Makes the game's own table of `p` ([`ImpartialRuleset::grundy_table`])
    /// before its options are valued, when `p` has no closed form: a table
    /// that holds `p` holds its options too, made once instead of once an
    /// option. A refusal here is met again, and reported, by the options.
    fn prepare(&self, solver: &mut Solver<'_, G>, p: &G::Position) {
        if let (Solver::Full(_, own), None) = (solver, self.0.known_grundy(p)) {
            let _ = own.grundy(p);
        }
    }

    /// The components of `p` with a move, canonical, printed.
    fn parts(&self, p: &G::Position) -> Vec<String> {
        let pieces = self.0.decompose(p).unwrap_or_else(|| vec![p.clone()]);
        pieces
            .iter()
            .filter(|q| !self.0.is_terminal(q))
            .map(|q| self.0.canonical(q).to_string())
            .collect()
    }

    /// Every move of `p`, refused beyond the listing bounds: the game's own
    /// [`Game::check_moves`], then the number of moves times the printed
    /// length of `p` ([`check_listing_size`]), counted component by
    /// component before the whole position is copied into every move.
    fn listed_moves(&self, p: &G::Position) -> Result<Vec<Move<G::Position>>, MexError> {
        self.0.check_moves(p)?;
        let length = p.to_string().len();
        if let Some(pieces) = self.0.decompose(p) {
            let count = pieces.iter().map(|q| options(&self.0, q).len()).sum();
            check_listing_size(count, length)?;
        }
        let moves = self.0.moves(p);
        check_listing_size(moves.len(), length)?;
        Ok(moves)
    }

    fn evaluation(p: &G::Position, g: BigUint) -> Evaluation {
        Evaluation {
            position: p.to_string(),
            notation: None,
            outcome: Outcome::Impartial(ImpartialOutcome::from_is_zero(g.is_zero())),
            value: Value::Grundy(g),
            to_move: None,
        }
    }
}

impl<G: ImpartialGame> CatalogGame for ImpartialEntry<G> {
    super::methods_of_every_entry!();
    /// The nimber search's table has a memory budget.
    fn accepts(&self) -> super::Accepts {
        super::Accepts::MEMORY
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        let p = parse(&self.0, position)?;
        let parts = self.0.decompose(&p).unwrap_or_else(|| vec![p]);
        Ok(parts
            .iter()
            .filter(|q| !self.0.is_terminal(q))
            .map(ToString::to_string)
            .collect())
    }
    fn evaluate(&self, position: &str, ctx: &mut Context) -> Result<Evaluation, MexError> {
        let p = parse(&self.0, position)?;
        let g = self.grundy_in(&mut self.solver(ctx.search_memory), &p)?;
        Ok(Self::evaluation(&p, g))
    }
    fn moves(&self, position: &str, ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        let moves = self.listed_moves(&p)?;
        let mut solver = self.solver(ctx.search_memory);
        self.prepare(&mut solver, &p);
        moves
            .into_iter()
            .map(|m| {
                let g = self.grundy_in(&mut solver, &m.to)?;
                Ok(MoveEvaluation {
                    player: None,
                    label: m.label,
                    winning: g.is_zero(),
                    result: Self::evaluation(&m.to, g),
                    choices: None,
                })
            })
            .collect()
    }
    /// The position is read without [`crate::games::Game::check`]: the
    /// outcome is asked for the positions it refuses.
    fn known_outcome(&self, position: &str) -> Result<Option<(String, Outcome)>, MexError> {
        let p: G::Position = position.trim().parse()?;
        Ok(self
            .0
            .known_outcome(&p)
            .map(|o| (p.to_string(), Outcome::Impartial(o))))
    }
    fn grundy(&self, position: &str) -> Result<BigUint, MexError> {
        let p = parse(&self.0, position)?;
        self.grundy_in(&mut self.solver(DEFAULT_MEMORY_BYTES), &p)
    }
    fn moves_to_grundy(
        &self,
        position: &str,
        target: &BigUint,
    ) -> Result<Vec<(String, String)>, MexError> {
        // A closed form answers positions beyond the solvers' limits, so
        // the position is checked only when its moves are searched.
        let p: G::Position = position.trim().parse()?;
        let moves = match self.0.known_moves_to(&p, target) {
            Some(moves) => moves,
            None => {
                self.0.check(&p)?;
                let mut solver = self.solver(DEFAULT_MEMORY_BYTES);
                let mut out = Vec::new();
                for m in self.listed_moves(&p)? {
                    if self.grundy_in(&mut solver, &m.to)? == *target {
                        out.push(m);
                    }
                }
                out
            }
        };
        Ok(moves
            .into_iter()
            .map(|m| (m.label, m.to.to_string()))
            .collect())
    }
    fn canonical(&self, position: &str, ctx: &mut Context) -> Result<GameId, MexError> {
        let g = self.grundy(position)?;
        nimber_form(&mut ctx.store, &g)
    }
    fn misere_parts(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(self.parts(&parse(&self.0, position)?))
    }
    fn misere_reach_bound(&self, part: &str, cap: usize) -> Result<Option<BigUint>, MexError> {
        Ok(self.0.misere_reach_bound(&parse(&self.0, part)?, cap))
    }
    fn misere_move_bound(&self, part: &str) -> Result<Option<BigUint>, MexError> {
        Ok(self.0.misere_move_bound(&parse(&self.0, part)?))
    }
    fn misere_option_parts(&self, part: &str) -> Result<Vec<Vec<String>>, MexError> {
        let p = parse(&self.0, part)?;
        self.0.check_moves(&p)?;
        Ok(options(&self.0, &p).iter().map(|q| self.parts(q)).collect())
    }
    fn misere_moves(&self, position: &str) -> Result<Vec<LabelledParts>, MexError> {
        let p = parse(&self.0, position)?;
        Ok(self
            .listed_moves(&p)?
            .into_iter()
            .map(|m| {
                let parts = self.parts(&m.to);
                (m.label, m.to.to_string(), parts)
            })
            .collect())
    }
    fn misere_known(&self, position: &str) -> Result<Option<TameGenus>, MexError> {
        Ok(self.0.known_misere(&parse(&self.0, position)?))
    }
    fn resumable_search<'a>(
        &'a self,
        position: &str,
        ctx: &'a mut Context,
    ) -> Result<Option<Box<dyn ResumableSearch + 'a>>, MexError> {
        if self.0.record_bytes() == 0 {
            return Ok(None);
        }
        let p = parse(&self.0, position)?;
        let memory = ctx.search_memory;
        let engine = match self.0.checkpointed_search(&p, memory) {
            CheckpointedSearch::General => Engine::General(self.solver(memory).resumable()),
            CheckpointedSearch::Own(table) => Engine::Own(table),
            CheckpointedSearch::NotSaved => Engine::NotSaved(self.solver(memory)),
        };
        Ok(Some(Box::new(Resumable {
            game: self,
            subject: Subject {
                game: self.info().name.to_string(),
                position: p.to_string(),
            },
            position: p,
            engine,
        })))
    }
}
