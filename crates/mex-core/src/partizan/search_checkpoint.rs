//! Checkpoints of a Domineering search: the canonical forms built so far and
//! every finished position with its value, so that a long search (the 6×6
//! board) resumes where it stopped. Format: `docs/checkpoint.md`.
//!
//! The store's games are written in the order of their ids, each as its
//! Left and Right options (ids of earlier games); read back in the same
//! order they get the same ids. Finished positions are their ten-byte grids
//! with the id of their value. A SHA-256 digest of everything before it ends
//! the file ([`crate::digest_io`]): it detects damage (a truncated or
//! edited file is refused), not forgery, so a value computed from a resumed
//! search says so.
//!
//! This module encodes and decodes through `Read`/`Write`; opening files
//! is the front end's business.

use super::domineering::{Domineering, Grid};
use super::ruleset::Evaluator;
use super::store::{GameId, GameStore};
use crate::digest_io::{HashingReader, HashingWriter};
use crate::MexError;
use std::io::{self, Read, Write};

/// The first line of a checkpoint.
const MAGIC: &str = "MEXDOM1";

fn id_bytes(store: &GameStore, g: GameId) -> [u8; 4] {
    (store.index_of(g) as u32).to_le_bytes()
}

/// Writes the search of `board` as it stands: `store`'s games and
/// `evaluator`'s finished positions.
pub fn write(
    out: impl Write,
    board: &Grid,
    evaluator: &Evaluator<Domineering>,
    store: &GameStore,
) -> io::Result<()> {
    let mut w = HashingWriter::new(out);
    w.header(
        MAGIC,
        &[
            ("board", board.to_string()),
            ("games", store.len().to_string()),
            ("positions", evaluator.positions().to_string()),
        ],
    )?;
    for g in store.ids().skip(1) {
        let node = store.node(g);
        w.write_all(&(node.left.len() as u32).to_le_bytes())?;
        w.write_all(&(node.right.len() as u32).to_le_bytes())?;
        for &o in node.left.iter().chain(&node.right) {
            w.write_all(&id_bytes(store, o))?;
        }
    }
    for (grid, g) in evaluator.memoised() {
        w.write_all(&grid.to_bytes())?;
        w.write_all(&id_bytes(store, g))?;
    }
    w.finish()
}

fn damaged(why: &str) -> MexError {
    MexError::invalid(
        format!("not a usable Domineering checkpoint: {why}"),
        "a Domineering search checkpoint of the same board",
    )
}

/// Reads a checkpoint of `board` into a fresh `store` (holding only `0`)
/// and `evaluator`. Every option must name an earlier game and every game
/// must be new, so the ids come back as written; the digest must match.
/// Returns the number of finished positions read.
pub fn read(
    input: impl Read,
    board: &Grid,
    store: &mut GameStore,
    evaluator: &mut Evaluator<Domineering>,
) -> Result<usize, MexError> {
    let mut r = HashingReader::new(input, damaged);
    r.magic(MAGIC)?;
    if r.field("board")? != board.to_string() {
        return Err(damaged("it is for another board"));
    }
    let games = r.count("games")?;
    let positions = r.count("positions")?;
    r.end_of_header()?;
    for index in 1..games {
        read_game(&mut r, store, index)?;
    }
    for _ in 0..positions {
        let grid = Grid::from_bytes(r.bytes()?).ok_or_else(|| damaged("a grid is malformed"))?;
        let value = store
            .id_at(r.u32()? as usize)
            .ok_or_else(|| damaged("a value names no game"))?;
        evaluator.remember(store, grid, value)?;
    }
    r.finish()?;
    Ok(positions)
}

/// Reads game `index` and interns it, checking that it gets that id.
fn read_game<R: Read>(
    r: &mut HashingReader<R>,
    store: &mut GameStore,
    index: usize,
) -> Result<(), MexError> {
    let (nl, nr) = (r.u32()? as usize, r.u32()? as usize);
    if nl > index || nr > index {
        return Err(damaged("a game has more options than earlier games"));
    }
    let mut option = || -> Result<GameId, MexError> {
        let i = r.u32()? as usize;
        (i < index)
            .then(|| store.id_at(i))
            .flatten()
            .ok_or_else(|| damaged("an option is not an earlier game"))
    };
    let left = (0..nl).map(|_| option()).collect::<Result<Vec<_>, _>>()?;
    let right = (0..nr).map(|_| option()).collect::<Result<Vec<_>, _>>()?;
    let g = store.try_intern_canonical(left, right)?;
    if store.index_of(g) != index {
        return Err(damaged("a game repeats an earlier one"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evaluator() -> Evaluator<Domineering> {
        Evaluator::new(Domineering::default(), 1 << 22)
    }

    /// A search stopped part-way, saved, read back and finished gives the
    /// value of a search run in one go, and reads back the same positions.
    #[test]
    fn a_resumed_search_finds_the_same_value() {
        let board = Grid::parse("..../..../...#/....").unwrap();
        let mut whole = GameStore::new();
        let expected = evaluator().value(&mut whole, &board).unwrap();
        let expected = super::super::notation::show(&whole, expected);

        let mut store = GameStore::new();
        let mut first = evaluator();
        first.observe(
            500,
            Box::new(|_, _| Err(MexError::invalid("stopped", "a test"))),
        );
        assert!(first.value(&mut store, &board).is_err());
        let mut file = Vec::new();
        write(&mut file, &board, &first, &store).unwrap();

        let mut resumed_store = GameStore::new();
        let mut resumed = evaluator();
        let read_back = read(&file[..], &board, &mut resumed_store, &mut resumed).unwrap();
        assert_eq!(read_back, first.positions());
        assert_eq!(resumed_store.len(), store.len());
        let g = resumed.value(&mut resumed_store, &board).unwrap();
        assert_eq!(super::super::notation::show(&resumed_store, g), expected);
        assert!(resumed.positions() > read_back);
    }

    #[test]
    fn damaged_or_foreign_files_are_refused() {
        let board = Grid::parse("3x4").unwrap();
        let mut store = GameStore::new();
        let mut ev = evaluator();
        ev.value(&mut store, &board).unwrap();
        let mut file = Vec::new();
        write(&mut file, &board, &ev, &store).unwrap();
        let try_read = |bytes: &[u8], board: &Grid| {
            read(bytes, board, &mut GameStore::new(), &mut evaluator())
        };
        assert!(try_read(&file, &board).is_ok());
        let other = Grid::parse("4x3").unwrap();
        assert!(try_read(&file, &other)
            .unwrap_err()
            .to_string()
            .contains("another board"));
        assert!(try_read(&file[..file.len() - 1], &board)
            .unwrap_err()
            .to_string()
            .contains("ends early"));
        let mut flipped = file.clone();
        let last = flipped.len() - 40;
        flipped[last] ^= 1;
        assert!(try_read(&flipped, &board).is_err());
    }
}
