//! A search for one position's value that can be saved and resumed: what
//! a front end needs to keep a long search across interruptions (it owns
//! the file, the schedule of saves and the signals; the library only reads
//! and writes through `Read`/`Write`).

use super::Evaluation;
use crate::MexError;
use std::io::{self, Read, Write};

/// A search of one position whose tables can be written out and read back.
/// A run stopped by a stop token ([`crate::stop`]) keeps every finished
/// entry of its tables: it can be saved, and run again to go on.
pub trait ResumableSearch {
    /// The position searched, as the game prints it.
    fn position(&self) -> &str;
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
