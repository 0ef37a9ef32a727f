//! Checkpoints of a search for the nimber of one impartial position (the
//! pruned search of [`crate::impartial::search`] or the full solver of
//! [`crate::impartial::grundy`]), so that a long search resumes where it
//! stopped, as igsolve's `--tt_protection` keeps its table (Beling and
//! Rogalski 2020). Format: `docs/checkpoint.md`.
//!
//! Every entry of a table is a proved fact about one position (its nimber,
//! or nimbers that are not its), true whatever position was searched, so a
//! table saved at any moment, even in the middle of a search, is sound.
//! The file holds a text header (the game, the position searched, the
//! counts, the record width), the positions with their nimbers, the
//! positions with their excluded nimbers, and the SHA-256 digest of all of
//! it ([`crate::digest_io`]). Positions are the ruleset's fixed-width
//! records ([`ImpartialRuleset::write_record`]).

use super::grundy::GrundySolver;
use super::ruleset::ImpartialRuleset;
use super::search::NimberSearch;
use crate::digest_io::{HashingReader, HashingWriter};
use crate::MexError;
use std::io::{self, Read, Write};

/// The first line of a checkpoint.
const MAGIC: &str = "MEXNIM1";

/// What a checkpoint is of: the game's name and the position searched, as
/// the game prints it. A checkpoint is resumed only for the same pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    pub game: String,
    pub position: String,
}

/// Writes a search's tables: `known` (positions with their nimbers) and
/// `excluded` (positions with the set of nimbers proved not theirs, bit
/// `k` for `*k`).
pub fn write<'a, R, K, E>(
    out: impl Write,
    ruleset: &R,
    subject: &Subject,
    known: K,
    excluded: E,
) -> io::Result<()>
where
    R: ImpartialRuleset,
    R::Position: 'a,
    K: ExactSizeIterator<Item = (&'a R::Position, u64)>,
    E: ExactSizeIterator<Item = (&'a R::Position, u128)>,
{
    let width = ruleset.record_bytes();
    if width == 0 {
        return Err(io::Error::other("this game's positions have no record"));
    }
    let mut w = HashingWriter::new(out);
    w.header(
        MAGIC,
        &[
            ("game", subject.game.clone()),
            ("position", subject.position.clone()),
            ("record", width.to_string()),
            ("known", known.len().to_string()),
            ("excluded", excluded.len().to_string()),
        ],
    )?;
    let mut record = Vec::with_capacity(width);
    for (p, value) in known {
        record.clear();
        ruleset.write_record(p, &mut record);
        w.write_all(&record)?;
        w.write_all(&value.to_le_bytes())?;
    }
    for (p, set) in excluded {
        record.clear();
        ruleset.write_record(p, &mut record);
        w.write_all(&record)?;
        w.write_all(&set.to_le_bytes())?;
    }
    w.finish()
}

/// What was read back: the number of positions with a nimber and with
/// exclusions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resumed {
    pub known: usize,
    pub excluded: usize,
}

/// A table a checkpoint is read into.
pub trait Table<P> {
    /// Stores the nimber of canonical position `p`.
    fn remember(&mut self, p: P, nimber: u64) -> Result<(), MexError>;
    /// Records nimbers proved not to be `p`'s (bit `k` for `*k`).
    fn remember_exclusion(&mut self, p: P, set: u128);
    /// Makes room for the records to come (a checkpoint's counts); the
    /// default does nothing.
    fn reserve(&mut self, _known: usize, _excluded: usize) -> Result<(), MexError> {
        Ok(())
    }
}

impl<R: ImpartialRuleset> Table<R::Position> for NimberSearch<R> {
    fn remember(&mut self, p: R::Position, nimber: u64) -> Result<(), MexError> {
        NimberSearch::remember(self, p, nimber)
    }
    fn remember_exclusion(&mut self, p: R::Position, set: u128) {
        NimberSearch::remember_exclusion(self, p, set)
    }
    fn reserve(&mut self, known: usize, excluded: usize) -> Result<(), MexError> {
        NimberSearch::reserve(self, known, excluded)
    }
}

/// The full solver keeps no exclusions; they are dropped (they only save
/// work).
impl<R: ImpartialRuleset> Table<R::Position> for GrundySolver<R> {
    fn remember(&mut self, p: R::Position, nimber: u64) -> Result<(), MexError> {
        GrundySolver::remember(self, p, nimber)
    }
    fn remember_exclusion(&mut self, _p: R::Position, _set: u128) {}
}

/// Reads a checkpoint of `subject` into `table`. Every record must be a
/// position of the game; the digest must match (a damaged file is
/// refused, and the caller drops the table it was reading into).
pub fn read<R: ImpartialRuleset>(
    input: impl Read,
    ruleset: &R,
    subject: &Subject,
    table: &mut impl Table<R::Position>,
) -> Result<Resumed, MexError> {
    let mut r = HashingReader::new(input, damaged);
    r.magic(MAGIC)?;
    if r.field("game")? != subject.game {
        return Err(damaged("it is for another game"));
    }
    if r.field("position")? != subject.position {
        return Err(damaged("it is for another position"));
    }
    let width = r.count("record")?;
    if width != ruleset.record_bytes() {
        return Err(damaged(&format!(
            "its positions are records of {width} bytes, this search's of {} \
             (a file of another engine or format)",
            ruleset.record_bytes()
        )));
    }
    let known = r.count("known")?;
    let excluded = r.count("excluded")?;
    r.end_of_header()?;
    table.reserve(known, excluded)?;
    for _ in 0..known {
        let p = position(&mut r, ruleset)?;
        table.remember(p, r.u64()?)?;
    }
    for _ in 0..excluded {
        let p = position(&mut r, ruleset)?;
        table.remember_exclusion(p, r.u128()?);
    }
    r.finish()?;
    Ok(Resumed { known, excluded })
}

/// The next record, as a position of the game.
fn position<R: ImpartialRuleset>(
    r: &mut HashingReader<impl Read>,
    ruleset: &R,
) -> Result<R::Position, MexError> {
    let mut bytes = vec![0u8; ruleset.record_bytes()];
    r.fill(&mut bytes)?;
    ruleset
        .read_record(&bytes)
        .ok_or_else(|| damaged("a record is no position of the game"))
}

fn damaged(why: &str) -> MexError {
    MexError::invalid(
        format!("not a usable nimber-search checkpoint: {why}"),
        "a nimber-search checkpoint of the same game and position",
    )
}
