//! The budgets of a partizan search (`--memory`, `--comparisons`) and the
//! one search that saves checkpoints (`--checkpoint`), for `mex value` and
//! `mex moves` and the old command line `mex domineering`.
//!
//! Budgets apply to every partizan game: they size the store of canonical
//! forms the catalog evaluates in. A checkpoint needs the engine's own
//! file format, which exists for Domineering only
//! (`mex_core::partizan::search_checkpoint`: the store's games and the
//! finished grids): that search is run here, with a progress counter, a
//! save every ten minutes, on Ctrl-C (exit 130) and when a budget is spent.

use super::checkpoint_file::{CheckpointFile, Interrupt};
use crate::progress;
use clap::Args;
use indicatif::ProgressBar;
use mex_core::games::{CatalogGame, Context, Evaluation, ResumableSearch};
use mex_core::partizan::domineering::{Domineering, Grid};
use mex_core::partizan::ruleset::Evaluator;
use mex_core::partizan::search_checkpoint;
use mex_core::partizan::store::{GameId, GameStore, DEFAULT_BUDGET, MAX_COMPARISONS};
use mex_core::stop::{run_under, StopToken};
use mex_core::MexError;
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The smallest and largest memory budgets `--memory` accepts, in bytes.
const MEMORY_RANGE: (u64, u64) = (1 << 20, 20 << 30);

/// Save a checkpoint this often.
const SAVE_EVERY: Duration = Duration::from_secs(600);

/// The catalog name of the game whose search saves checkpoints.
const CHECKPOINTED_GAME: &str = "domineering";

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

    /// The store of canonical forms: the default budget, or those given.
    pub fn store(&self) -> GameStore {
        if !self.budgeted() {
            return GameStore::with_budget(DEFAULT_BUDGET);
        }
        let bytes = self.memory.unwrap_or(DEFAULT_BUDGET);
        GameStore::with_limits(bytes, self.comparisons.unwrap_or(MAX_COMPARISONS))
    }

    /// A catalog context over [`SearchOptions::store`], whose searches'
    /// tables have the --memory budget too, consulting the --db database,
    /// which must be of one of `games`.
    pub fn context(&self, games: &[&dyn CatalogGame]) -> Result<Context, MexError> {
        let mut ctx = Context::with_store(self.store());
        if let Some(bytes) = self.memory {
            ctx.search_memory = bytes;
            ctx.loopy_memory = bytes;
        }
        super::db::context_with(ctx, self.db.as_deref(), games)
    }
}

/// Whether `game`'s value is searched here rather than by the catalog:
/// the game whose search saves checkpoints.
pub fn searched_here(game: &dyn CatalogGame) -> bool {
    game.info().name == CHECKPOINTED_GAME
}

/// Whether `game`'s value can be searched with a checkpoint: Domineering
/// (searched here) and the games whose searches save their tables
/// ([`CatalogGame::resumable_search`], asked of the game's example).
pub fn saves_checkpoints(game: &dyn CatalogGame) -> bool {
    searched_here(game)
        || game
            .resumable_search(game.info().example, &Context::new())
            .is_ok_and(|s| s.is_some())
}

/// A finished search: the store holding the value, the board as the game
/// prints it, and what the search took.
pub struct Searched {
    pub context: Context,
    pub value: GameId,
    pub position: String,
    /// Positions memoised (after symmetry).
    pub positions: usize,
    /// Positions read from the checkpoint (0 for a search from scratch).
    pub resumed_positions: usize,
}

/// Refuses a grid with no rows before the library reads it (sizes, too
/// small or too large, are the library's to check).
fn check_not_empty(text: &str) -> Result<(), MexError> {
    if text.trim().chars().all(|c| c == '/' || c.is_whitespace()) {
        return Err(MexError::invalid(
            "the grid is empty",
            "HxW such as 4x4, or rows of . and # separated by / or | such as ..#/.../...",
        ));
    }
    Ok(())
}

/// What the search shares with its observer: the checkpoint file and when
/// it was last saved, the interrupt flag, the progress counter.
struct Watch {
    grid: Grid,
    file: Option<CheckpointFile>,
    interrupt: Option<Interrupt>,
    bar: ProgressBar,
    last_save: Cell<Instant>,
}

impl Watch {
    fn save(&self, ev: &Evaluator<Domineering>, store: &GameStore) {
        let Some(f) = &self.file else { return };
        let saved = f.save_with(|w| search_checkpoint::write(w, &self.grid, ev, store));
        match saved {
            Ok(()) => self.last_save.set(Instant::now()),
            Err(e) => eprintln!(
                "mex: warning: saving checkpoint {} failed ({e})",
                f.path().display()
            ),
        }
    }

    /// The observer's step: progress, a save when due, stop on Ctrl-C.
    fn step(&self, ev: &Evaluator<Domineering>, store: &GameStore) -> Result<(), MexError> {
        self.bar.set_position(ev.positions() as u64);
        if self.last_save.get().elapsed() >= SAVE_EVERY {
            self.save(ev, store);
        }
        match &self.interrupt {
            Some(i) if i.requested() => Err(MexError::invalid("interrupted", "")),
            _ => Ok(()),
        }
    }
}

/// Searches the Domineering board `text` within `options`' budgets (the
/// defaults when none is given), saving and resuming the
/// checkpoint when one is named; the progress counter stays quiet when
/// `quiet`. Ctrl-C during a checkpointed search saves and exits with 130.
pub fn domineering(text: &str, options: &SearchOptions, quiet: bool) -> Result<Searched, MexError> {
    check_not_empty(text)?;
    let grid = Grid::parse(text)?;
    let mut store = options.store();
    let mut ev = Evaluator::new(Domineering::default(), usize::MAX);
    let file = options
        .checkpoint
        .as_deref()
        .map(CheckpointFile::open)
        .transpose()?;
    let resumed_positions = match file.as_ref().map(CheckpointFile::reader).transpose()? {
        Some(Some(r)) => search_checkpoint::read(r, &grid, &mut store, &mut ev)
            .map_err(|e| in_file(e, file.as_ref()))?,
        _ => 0,
    };
    let watch = Rc::new(Watch {
        grid,
        interrupt: file.as_ref().map(|_| Interrupt::install()).transpose()?,
        file,
        bar: progress::counter("positions", quiet),
        last_save: Cell::new(Instant::now()),
    });
    let observer = watch.clone();
    ev.observe(1 << 14, Box::new(move |ev, store| observer.step(ev, store)));
    let searched = ev.value(&mut store, &grid);
    watch.bar.finish_and_clear();
    if searched.is_err() || watch.file.is_some() {
        watch.save(&ev, &store);
    }
    let interrupted = match (&watch.interrupt, &watch.file) {
        (Some(i), Some(f)) if i.requested() => Some(interrupted_line(ev.positions(), f.path())),
        _ => None,
    };
    if let Some(line) = interrupted {
        eprintln!("{line}");
        drop(ev); // its observer holds the other reference to the watch
        drop(watch); // removes the checkpoint's lock file
        std::process::exit(130);
    }
    Ok(Searched {
        value: searched?,
        position: grid.to_string(),
        positions: ev.positions(),
        resumed_positions,
        context: Context::with_store(store),
    })
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
        Some(mut r) => search.resume(&mut r).map_err(|e| in_file(e, Some(&file)))?,
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
fn in_file(e: MexError, file: Option<&CheckpointFile>) -> MexError {
    match (e, file) {
        (MexError::Invalid { what, .. }, Some(f)) => MexError::Invalid {
            what: format!("checkpoint {}: {what}", f.path().display()),
            accepted: "a file written by `mex value GAME POSITION --checkpoint` for the same \
                       game and position, or a new name"
                .into(),
        },
        (e, _) => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mex_core::games;

    /// The search here and the catalog's evaluation give the same value.
    #[test]
    fn the_search_agrees_with_the_catalog() {
        let game = games::find("domineering").unwrap();
        assert!(searched_here(game) && !searched_here(games::find("cram").unwrap()));
        for board in ["2x2", "3x3", "2x5", "..#/.../#.."] {
            let s = domineering(board, &SearchOptions::default(), true).unwrap();
            let mut ctx = Context::new();
            let e = game.evaluate(board, &mut ctx).unwrap();
            assert_eq!(s.position, e.position, "{board}");
            let ours =
                mex_core::partizan::value::CanonicalForm::from_store(&s.context.store, s.value);
            let theirs = game.canonical(board, &mut ctx).unwrap();
            let theirs = mex_core::partizan::value::CanonicalForm::from_store(&ctx.store, theirs);
            assert_eq!(ours, theirs, "{board}");
            assert!(s.positions > 0 && s.resumed_positions == 0);
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
        for board in ["6x6", "8x8", "5x7"] {
            let refused = domineering(board, &starved, true)
                .err()
                .unwrap()
                .to_string();
            assert!(refused.contains("65536 comparisons"), "{board}: {refused}");
        }
        assert!(domineering("/", &none, true).is_err());
        let line = interrupted_line(12, Path::new("dir/6x6.ckpt"));
        assert!(
            line.contains("12 positions saved to dir/6x6.ckpt"),
            "{line}"
        );
    }
}
