//! Domineering: Left places vertical dominoes, Right horizontal ones, on
//! free cells of a board; who cannot place loses. Values by the partizan
//! engine, with the board split into regions and keyed up to symmetry.

use super::database::{self, Shape};
use super::picture::{self, Cell, Picture};
use super::proof::WinnerProof;
use super::{
    partizan_evaluation, Evaluation, Family, Game, GameInfo, Move, PartizanGame, ResumableSearch,
    Ruleset,
};
use crate::partizan::domineering::{Domineering as Engine, Grid};
use crate::partizan::domineering_search::proof as domineering_proof;
use crate::partizan::domineering_search::DomineeringSearch;
use crate::partizan::minimax::Player;
use crate::partizan::ruleset::{Evaluator, PartizanRuleset};
use crate::partizan::search_checkpoint;
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;
use std::fmt;
use std::io::{self, Read, Write};
use std::str::FromStr;

/// Domineering.
#[derive(Debug, Clone, Copy, Default)]
pub struct Domineering;

/// A board: rows of `.` (free) and `#` (taken) separated by `/`, or `HxW`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board(pub Grid);

impl FromStr for Board {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        Grid::parse(s).map(Board)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Cell names as a chess player reads them: column letter, row number from
/// the top (`a1` is the top-left cell).
fn cell(r: usize, c: u32) -> String {
    let column = char::from_u32('a' as u32 + c).unwrap_or('?');
    format!("{column}{}", r + 1)
}

fn placements(b: &Board, vertical: bool) -> Vec<Move<Board>> {
    b.0.placements(vertical)
        .into_iter()
        .map(|((r, c), next)| {
            let other = if vertical {
                cell(r + 1, c)
            } else {
                cell(r, c + 1)
            };
            Move::new(format!("{}-{other}", cell(r, c)), Board(next))
        })
        .collect()
}

impl Ruleset for Domineering {
    type Position = Board;
}

impl Game for Domineering {
    const INFO: GameInfo = GameInfo {
        name: "domineering",
        family: Family::Partizan,
        description: "Domineering: Left places vertical dominoes, Right horizontal ones",
        syntax: "HxW, or rows of . (free) and # (taken) separated by / or |, at most 64 cells",
        example: "3x3",
        rules: "A board of free cells. Left places a domino on two vertically adjacent free \
                cells, Right on two horizontally adjacent ones. Who cannot place loses.",
    };
    /// The rows one per line.
    fn drawing(&self, b: &Board) -> Option<String> {
        Some(b.to_string().replace('/', "\n"))
    }
    /// The board: free cells, and cells covered by dominoes blocked.
    fn picture(&self, b: &Board) -> Picture {
        let text = b.to_string();
        let table = [(b'.', Cell::Empty), (b'#', Cell::Blocked)];
        Picture::Grid(picture::Grid::from_rows(
            text.split('/').map(str::as_bytes),
            &table,
        ))
    }
}

impl PartizanGame for Domineering {
    fn left_moves(&self, b: &Board) -> Vec<Move<Board>> {
        placements(b, true)
    }
    fn right_moves(&self, b: &Board) -> Vec<Move<Board>> {
        placements(b, false)
    }
    /// The bitboard search of [`crate::partizan::domineering_search`], one
    /// table for every first player.
    fn dedicated_winners(
        &self,
        b: &Board,
        firsts: &[Player],
        memory: usize,
    ) -> Result<Option<Vec<Player>>, MexError> {
        let mut search = DomineeringSearch::new(memory)?;
        let mut winner = |first: Player| -> Result<Player, MexError> {
            Ok(if search.first_player_wins(&b.0, first)? {
                first
            } else {
                first.other()
            })
        };
        firsts
            .iter()
            .map(|&f| winner(f))
            .collect::<Result<_, _>>()
            .map(Some)
    }
    /// The proof of [`crate::partizan::domineering_search::proof`]: the
    /// search's memory and the proof's each half of `memory`.
    fn dedicated_proof(
        &self,
        b: &Board,
        first: Player,
        memory: usize,
    ) -> Result<Option<WinnerProof>, MexError> {
        let mut search = DomineeringSearch::new(memory / 2)?;
        let proof = domineering_proof::prove(&mut search, &b.0, first, memory / 2)?;
        Ok(Some(WinnerProof::Domineering(proof)))
    }
    /// The engine's evaluator on the grid, saved as
    /// [`crate::partizan::search_checkpoint`] writes it.
    fn checkpointed_search<'a>(
        &'a self,
        b: &Board,
        store: &'a mut GameStore,
    ) -> Option<Box<dyn ResumableSearch + 'a>> {
        Some(Box::new(Checkpointed {
            grid: b.0,
            position: b.to_string(),
            evaluator: Evaluator::new(Engine::default(), usize::MAX),
            store,
        }))
    }
    /// Its free cells.
    fn region_cells(&self, b: &Board) -> usize {
        b.0.free_cells() as usize
    }
    /// The region of free cells `shape`, the rest of its box taken.
    fn regions(&self, shape: &Shape) -> Option<Vec<Board>> {
        let rows = database::filled(shape, b'.', b'#');
        Grid::parse(&database::rows_text(&rows))
            .ok()
            .map(|g| vec![Board(g)])
    }
}

/// The search of one board's value that saves checkpoints: the engine's
/// memoising evaluator on the grid, in a store it borrows; a run stopped
/// part-way keeps every finished position, so it can be saved and run
/// again.
struct Checkpointed<'a> {
    grid: Grid,
    position: String,
    evaluator: Evaluator<Engine>,
    store: &'a mut GameStore,
}

impl ResumableSearch for Checkpointed<'_> {
    fn position(&self) -> &str {
        &self.position
    }
    fn run(&mut self) -> Result<Evaluation, MexError> {
        let g = self.evaluator.value(self.store, &self.grid)?;
        partizan_evaluation(self.store, self.position.clone(), g)
    }
    fn positions(&self) -> usize {
        self.evaluator.positions()
    }
    fn save(&self, out: &mut dyn Write) -> io::Result<()> {
        search_checkpoint::write(out, &self.grid, &self.evaluator, self.store)
    }
    fn resume(&mut self, input: &mut dyn Read) -> Result<usize, MexError> {
        search_checkpoint::read(input, &self.grid, self.store, &mut self.evaluator)
    }
}

impl PartizanRuleset for Domineering {
    fn left_options(&self, b: &Board, out: &mut Vec<Board>) {
        let mut grids = Vec::new();
        Engine::default().left_options(&b.0, &mut grids);
        out.extend(grids.into_iter().map(Board));
    }
    fn right_options(&self, b: &Board, out: &mut Vec<Board>) {
        let mut grids = Vec::new();
        Engine::default().right_options(&b.0, &mut grids);
        out.extend(grids.into_iter().map(Board));
    }
    fn decompose(&self, b: &Board) -> Option<Vec<Board>> {
        Engine::default()
            .decompose(&b.0)
            .map(|parts| parts.into_iter().map(Board).collect())
    }
    fn canonical(&self, b: &Board) -> Board {
        Board(Engine::default().canonical(&b.0))
    }
    /// Strips by the engine's closed form.
    fn known_value(&self, store: &mut GameStore, b: &Board) -> Result<Option<GameId>, MexError> {
        Engine::default().known_value(store, &b.0)
    }
    /// A board is a grid: no heap memory.
    fn heap_bytes(&self, _b: &Board) -> usize {
        0
    }
}
