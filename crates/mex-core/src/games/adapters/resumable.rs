//! A search for one position's value that can be saved and resumed: what
//! a front end needs to keep a long search across interruptions (it owns
//! the file, the schedule of saves and the signals; the library only reads
//! and writes through `Read`/`Write`).

use super::Evaluation;
use crate::impartial::ruleset::GrundyTable;
use crate::impartial::search_checkpoint::Subject;
use crate::MexError;
use std::io::{self, Read, Write};

/// A search of one position whose tables can be written out and read back.
/// A run stopped by a stop token ([`crate::stop`]) keeps every finished
/// entry of its tables: it can be saved, and run again to go on.
pub trait ResumableSearch {
    /// The position searched, as the game prints it.
    fn position(&self) -> &str;
    /// Whether the search keeps a checkpoint at all: `false` when the
    /// game's own bounded table answers instead (Chomp's dense table),
    /// whose run is neither saved nor resumed; the front end then leaves
    /// the file alone.
    fn saves(&self) -> bool {
        true
    }
    /// Runs the search (or goes on with it) to the position's value.
    fn run(&mut self) -> Result<Evaluation, MexError>;
    /// Positions whose value the tables hold.
    fn positions(&self) -> usize;
    /// Writes the tables.
    fn save(&self, out: &mut dyn Write) -> io::Result<()>;
    /// Reads tables written by [`ResumableSearch::save`] for the same game
    /// and position into this fresh search; returns the positions read with
    /// their values.
    fn resume(&mut self, input: &mut dyn Read) -> Result<usize, MexError>;
}

/// A game's own search ([`GrundyTable`]) whose table is saved and resumed
/// in the nimber-search format ([`crate::impartial::search_checkpoint`]),
/// with the records of the positions it keys its table by (Cram's 64-bit
/// board: 8-byte masks).
pub trait SavedTable<P>: GrundyTable<P> {
    /// Positions whose value the table holds.
    fn positions(&self) -> usize;
    /// Writes the table as a checkpoint of `subject`.
    fn save(&self, out: &mut dyn Write, subject: &Subject) -> io::Result<()>;
    /// Reads a checkpoint of `subject` into this fresh table; returns the
    /// positions read with their values.
    fn resume(&mut self, input: &mut dyn Read, subject: &Subject) -> Result<usize, MexError>;
}

/// The engine of a checkpointed search of one position
/// ([`crate::games::ImpartialGame::checkpointed_search`]).
pub enum CheckpointedSearch<P> {
    /// The ruleset's own pruned search or full solver, saved with the
    /// ruleset's records ([`crate::impartial::ruleset::ImpartialRuleset::record_bytes`]).
    General,
    /// The game's own search, the one a plain run takes, saved as itself.
    Own(Box<dyn SavedTable<P>>),
    /// The game's own table answers within the memory budget, fast and
    /// bounded, as in a plain run; no checkpoint is read or written.
    NotSaved,
}
