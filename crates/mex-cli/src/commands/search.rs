//! The budgets of a search (`--memory`, `--comparisons`) and the searches
//! that save checkpoints (`--checkpoint`), for `mex value` and `mex moves`
//! and the old command line `mex domineering`.
//!
//! Budgets apply to every partizan game: they size the store of canonical
//! forms the catalog evaluates in. A checkpoint needs an engine's own file
//! format: a game that has one gives its search through the catalog
//! ([`CatalogGame::resumable_search`]: Domineering's evaluator, the nimber
//! searches of Cram and Chomp), and it is run here, saved every ten
//! minutes, on Ctrl-C (exit 130) and when a budget is spent.

use super::checkpoint_file::{CheckpointFile, Interrupt};
use crate::progress;
use clap::Args;
use mex_core::games::{CatalogGame, Context, Evaluation, ResumableSearch};
use mex_core::stop::{run_under, StopToken};
use mex_core::MexError;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The smallest and largest memory budgets `--memory` accepts, in bytes.
const MEMORY_RANGE: (u64, u64) = (1 << 20, 20 << 30);

/// Save a checkpoint this often.
const SAVE_EVERY: Duration = Duration::from_secs(600);

pub(crate) fn memory_arg(text: &str) -> Result<usize, MexError> {
    let bytes = crate::number::memory_size(text, MEMORY_RANGE.0, MEMORY_RANGE.1)?;
    usize::try_from(bytes).map_err(|_| {
        MexError::invalid(
            format!("memory size {text} on this machine"),
            "a size that fits in the address space",
        )
    })
}

/// `--memory`, `--comparisons`, `--checkpoint`.
#[derive(Args, Default)]
pub struct SearchOptions {
    /// Memory budget of the search, 1 MiB to 20 GiB, in GiB (1.5) or with
    /// a unit (512M, 2GiB): the canonical forms of a partizan game
    /// (default 1.5 GiB), and the transposition table of an impartial
    /// game's nimber search or of an outcome search (--first; default 4
    /// GiB), the positions of a loopy partizan game with their moves and
    /// their solution (default 1 GiB). A search runs until its value is found or a budget (this
    /// one, --comparisons, mex --time-limit) is spent.
    #[arg(long, value_name = "SIZE", value_parser = memory_arg)]
    pub memory: Option<usize>,
    /// Most comparisons of options (the work budget of a partizan game,
    /// about 100-300 ns each; default 2^26). Accepts 2^N.
    #[arg(long, value_name = "N", value_parser = crate::number::u64_value)]
    pub comparisons: Option<u64>,
    /// Save the search to FILE every ten minutes, on Ctrl-C and when a
    /// budget is spent, and resume from FILE when it exists (mex value of
    /// Domineering, and the nimber searches of Cram and Chomp; written
    /// atomically, locked; format: docs/checkpoint.md).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Consult the database of solved regions in FILE (mex db build):
    /// every region it holds is taken at its value, unsearched (the
    /// database's game only; Domineering's --first then runs the outcome
    /// search, which consults it, instead of the bitboard search).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
}

impl SearchOptions {
    /// Whether a budget was given.
    pub fn budgeted(&self) -> bool {
        self.memory.is_some() || self.comparisons.is_some()
    }

    /// A catalog context of the budgets given ([`Context::with_budgets`]), consulting the --db database,
    /// which must be of one of `games`.
    pub fn context(&self, games: &[&dyn CatalogGame]) -> Result<Context, MexError> {
        let ctx = Context::with_budgets(self.memory, self.comparisons);
        super::db::context_with(ctx, self.db.as_deref(), games)
    }
}

/// Whether `game`'s value can be searched with a checkpoint: the games
/// with a resumable search ([`CatalogGame::resumable_search`], asked of
/// the game's example): Domineering's own search, and the nimber searches
/// of the games whose searches save their tables.
pub fn saves_checkpoints(game: &dyn CatalogGame) -> bool {
    game.resumable_search(game.info().example, &mut Context::new())
        .is_ok_and(|s| s.is_some())
}

/// A search run with a checkpoint file ([`resumable`]): its value and
/// what it took.
pub struct Resumed {
    pub evaluation: Evaluation,
    /// Positions whose values the tables hold at the end.
    pub positions: usize,
    /// Positions read from the checkpoint (0 for a search from scratch).
    pub resumed_positions: usize,
    /// Whether the checkpoint was written: `false` when the search keeps
    /// none ([`ResumableSearch::saves`]).
    pub saved: bool,
}

/// Runs a search that saves its tables to `path` every ten minutes, on
/// Ctrl-C (then exits with 130), when a budget is spent and at the end,
/// and that starts from `path` when it exists. The saves are made between
/// slices of the search: each slice runs under a stop token of
/// [`SAVE_EVERY`], and the next goes on from the tables (a stop keeps every
/// finished entry). A search that keeps no checkpoint (Chomp's dense
/// table) runs once and leaves `path` alone.
pub fn resumable(
    mut search: Box<dyn ResumableSearch + '_>,
    path: &Path,
    quiet: bool,
) -> Result<Resumed, MexError> {
    if !search.saves() {
        let evaluation = progress::while_searching(quiet, || search.run())?;
        return Ok(Resumed {
            evaluation,
            positions: 0,
            resumed_positions: 0,
            saved: false,
        });
    }
    let file = CheckpointFile::open(path)?;
    let resumed_positions = match file.reader()? {
        Some(mut r) => search.resume(&mut r).map_err(|e| in_file(e, &file))?,
        None => 0,
    };
    let interrupt = Interrupt::install()?;
    let signal = interrupt.token();
    loop {
        let slice = StopToken::with_time_limit(SAVE_EVERY);
        let run = progress::while_searching(quiet, || {
            run_under(&signal, || run_under(&slice, || search.run()))
        });
        let slice_ended =
            matches!(run, Err(MexError::Stopped { time_limit: Some(l) }) if l == SAVE_EVERY);
        save_tables(&file, &*search);
        if interrupt.requested() {
            eprintln!("{}", interrupted_line(search.positions(), file.path()));
            drop(file); // removes the checkpoint's lock file
            std::process::exit(130);
        }
        // A time limit of the whole run (mex --time-limit) ends it here,
        // the table saved: the slice's token is gone, so a check that
        // looks at once sees only the outer tokens.
        if slice_ended {
            run_under(&StopToken::new(), mex_core::stop::check)?;
        } else {
            return Ok(Resumed {
                evaluation: run?,
                positions: search.positions(),
                resumed_positions,
                saved: true,
            });
        }
    }
}

/// Runs a resumable search once, with no file: what a value report of a
/// game with such a search takes when no checkpoint is named (the
/// positions memoised are reported).
pub fn unsaved(
    mut search: Box<dyn ResumableSearch + '_>,
    quiet: bool,
) -> Result<Resumed, MexError> {
    let evaluation = progress::while_searching(quiet, || search.run())?;
    Ok(Resumed {
        evaluation,
        positions: search.positions(),
        resumed_positions: 0,
        saved: false,
    })
}

/// The line printed when Ctrl-C stops a checkpointed search: what was
/// saved, where, and how to go on.
fn interrupted_line(positions: usize, path: &Path) -> String {
    format!(
        "mex: interrupted; {positions} positions saved to {}: run the same command again to \
         resume",
        path.display()
    )
}

/// Saves a search's tables, warning (not failing) when the file cannot be
/// written: the search itself goes on.
fn save_tables(file: &CheckpointFile, search: &dyn ResumableSearch) {
    if let Err(e) = file.save_with(|w| search.save(w)) {
        eprintln!(
            "mex: warning: saving checkpoint {} failed ({e})",
            file.path().display()
        );
    }
}

/// A checkpoint's error, naming the file.
fn in_file(e: MexError, f: &CheckpointFile) -> MexError {
    match e {
        MexError::Invalid { what, .. } => MexError::Invalid {
            what: format!("checkpoint {}: {what}", f.path().display()),
            accepted: "a file written by `mex value GAME POSITION --checkpoint` for the same \
                       game and position, or a new name"
                .into(),
        },
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mex_core::games;

    /// Domineering's resumable search comes from the catalog (no name is
    /// compared here) and gives the catalog's value; a game without one
    /// has none.
    #[test]
    fn the_search_agrees_with_the_catalog() {
        let game = games::find("domineering").unwrap();
        assert!(saves_checkpoints(game) && saves_checkpoints(games::find("cram").unwrap()));
        assert!(!saves_checkpoints(games::find("clobber").unwrap()));
        for board in ["2x2", "3x3", "2x5", "..#/.../#.."] {
            let mut ours = Context::new();
            let search = game.resumable_search(board, &mut ours).unwrap().unwrap();
            let s = unsaved(search, true).unwrap();
            let mut theirs = Context::new();
            let e = game.evaluate(board, &mut theirs).unwrap();
            assert_eq!(s.evaluation.position, e.position, "{board}");
            assert_eq!(s.evaluation.notation, e.notation, "{board}");
            assert_eq!(s.evaluation.outcome, e.outcome, "{board}");
            assert!(s.positions > 0 && s.resumed_positions == 0 && !s.saved);
        }
    }

    /// No bound before the search: a board of any size is searched until
    /// a budget is spent, and the refusal names that budget.
    #[test]
    fn the_budgets_bound_the_search() {
        let none = SearchOptions::default();
        assert!(!none.budgeted());
        let starved = SearchOptions {
            comparisons: Some(1 << 16),
            ..SearchOptions::default()
        };
        assert!(starved.budgeted());
        let game = games::find("domineering").unwrap();
        for board in ["6x6", "8x8", "5x7"] {
            let mut ctx = starved.context(&[game]).unwrap();
            let search = game.resumable_search(board, &mut ctx).unwrap().unwrap();
            let refused = unsaved(search, true).err().unwrap().to_string();
            assert!(refused.contains("65536 comparisons"), "{board}: {refused}");
        }
        let line = interrupted_line(12, Path::new("dir/6x6.ckpt"));
        assert!(
            line.contains("12 positions saved to dir/6x6.ckpt"),
            "{line}"
        );
    }
}
