//! `mex db`: databases of solved regions (`mex_core::partizan::database`,
//! format docs/database-format.md): `build` computes one (resuming from
//! the file it writes), `check` recomputes every entry from the rules,
//! `info` reads one; `--db FILE` of `mex value`, `mex moves` and `mex sum`
//! consults one ([`open`]).

use super::checkpoint_file::{CheckpointFile, Interrupt};
use super::search::memory_arg;
use crate::output::{fields, Output, Report};
use crate::progress;
use clap::{Args, Subcommand};
use mex_core::games::database::{
    check_applies, check_game, check_size, disagreement, BuildProgress,
};
use mex_core::games::{self, CatalogGame, Context};
use mex_core::partizan::database::{self, Database};
use mex_core::partizan::store::{GameId, GameStore, DEFAULT_BUDGET, MAX_COMPARISONS};
use mex_core::stop::run_under;
use mex_core::MexError;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Databases of solved regions: the canonical form of every region of a
/// game up to a number of cells, which searches consult (--db FILE).
#[derive(Args)]
#[command(after_help = "Examples:
  mex db build domineering --max-cells 10 dom10.db
  mex db build clobber --max-cells 7 clobber7.db
  mex db info dom10.db
  mex db check dom10.db
  mex value domineering 6x6 --db dom10.db
  mex value clobber 3x8 --first both --db clobber7.db
  mex sum domineering:4x4 clobber:xoxo/oxox --first left --db dom10.db

A region is a connected set of cells: the free cells of Domineering, a group
of stones of both colours in Clobber. The file is read in place (mapped into
memory, shared by processes), its digest checked when it is opened. Format:
docs/database-format.md.")]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(Subcommand)]
enum DbCommand {
    Build(BuildArgs),
    Check(CheckArgs),
    Info(InfoArgs),
}

/// Compute the canonical form of every region of GAME of up to
/// --max-cells cells, up to symmetry, into FILE; after each number of
/// cells FILE is a complete database of that size, and a rerun (or
/// Ctrl-C, then a rerun) resumes from it.
#[derive(Args)]
#[command(after_help = "Examples:
  mex db build domineering --max-cells 10 dom10.db
  mex db build clobber --max-cells 6 clobber6.db --json
  mex db build domineering --max-cells 14 dom14.db --memory 4G --comparisons 2^33")]
pub struct BuildArgs {
    /// The game (mex db build lists those with databases when given another).
    game: String,
    /// The database file (written atomically; resumed from when it holds a
    /// smaller database of the same game).
    file: PathBuf,
    /// The most cells of a region, 1 to 16.
    #[arg(long, value_name = "N")]
    max_cells: usize,
    #[command(flatten)]
    budget: Budget,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Recompute every entry of a database from the rules (a fresh build of
/// the same size, compared entry by entry): exit 0 when all agree, 1 when
/// one differs or a region is missing or extra.
#[derive(Args)]
#[command(after_help = "Example:
  mex db check dom10.db --json")]
pub struct CheckArgs {
    /// The database file.
    file: PathBuf,
    #[command(flatten)]
    budget: Budget,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The budgets of a build or a check.
#[derive(Args)]
struct Budget {
    /// Memory budget (the canonical forms, the evaluator's memo and the
    /// keys), 1 MiB to 20 GiB, in GiB (1.5) or with a unit (512M); default
    /// 1.5 GiB.
    #[arg(long, value_name = "SIZE", value_parser = memory_arg)]
    memory: Option<usize>,
    /// Most comparisons of options (the work budget, about 100-300 ns
    /// each; default 2^26). Accepts 2^N.
    #[arg(long, value_name = "N", value_parser = crate::number::u64_value)]
    comparisons: Option<u64>,
}

impl Budget {
    /// A store within these budgets.
    fn store(&self) -> GameStore {
        GameStore::with_limits(
            self.memory.unwrap_or(DEFAULT_BUDGET),
            self.comparisons.unwrap_or(MAX_COMPARISONS),
        )
    }
}

/// What a database holds: its game, size, entries, forms and digest
/// (read and validated, not recomputed).
#[derive(Args)]
#[command(after_help = "Example:
  mex db info dom10.db")]
pub struct InfoArgs {
    /// The database file.
    file: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl DbArgs {
    /// Whether JSON was asked for.
    pub fn json(&self) -> bool {
        match &self.command {
            DbCommand::Build(a) => a.json,
            DbCommand::Check(a) => a.json,
            DbCommand::Info(a) => a.json,
        }
    }
}

pub fn run(a: &DbArgs) -> Result<Output, MexError> {
    match &a.command {
        DbCommand::Build(b) => build(b),
        DbCommand::Check(c) => check(c),
        DbCommand::Info(i) => Ok(Output::report(DatabaseReport::of(&*open(&i.file)?, None))),
    }
}

/// The database in `path`, mapped into memory and validated.
#[allow(unsafe_code)]
pub fn open(path: &Path) -> Result<Arc<Database>, MexError> {
    let refused = |why: String| {
        MexError::invalid(
            format!("cannot read database {}: {why}", path.display()),
            "a database file written by mex db build",
        )
    };
    let file = std::fs::File::open(path).map_err(|e| refused(e.to_string()))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(refused("it is not a regular file".into()));
    }
    // SAFETY: the map is read-only; a file changed under it by another
    // process could change what is read, which the digest checked here
    // and the store's own simplification of every imported form bound
    // (a database is never a proof).
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| refused(e.to_string()))?;
    Database::open(Arc::new(map)).map(Arc::new)
}

/// A context for positions of `games` consulting the database in `path`
/// (if any), which must be of one of them.
pub fn context_with(
    mut ctx: Context,
    path: Option<&Path>,
    games: &[&dyn CatalogGame],
) -> Result<Context, MexError> {
    let Some(path) = path else {
        return Ok(ctx);
    };
    let db = open(path)?;
    check_applies(&db, games)?;
    ctx.database = Some(db);
    Ok(ctx)
}

/// What `mex db build`, `info` and `check` print.
#[derive(Serialize)]
struct DatabaseReport {
    game: String,
    max_cells: usize,
    /// Regions held (distinct canonical keys).
    entries: usize,
    /// Distinct canonical forms among their values.
    forms: usize,
    /// The file's SHA-256 digest.
    sha256: String,
    /// The size a build resumed from (0: from scratch).
    #[serde(skip_serializing_if = "Option::is_none")]
    resumed_from_cells: Option<usize>,
    /// `mex db check`: whether every entry agrees with the rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    holds: Option<bool>,
    /// `mex db check`: the first entry that does not, and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    flaw: Option<String>,
}

impl DatabaseReport {
    fn of(db: &Database, resumed_from_cells: Option<usize>) -> Self {
        DatabaseReport {
            game: db.game().to_string(),
            max_cells: db.max_cells(),
            entries: db.entries(),
            forms: db.forms(),
            sha256: db.digest().to_string(),
            resumed_from_cells,
            holds: None,
            flaw: None,
        }
    }
}

impl Report for DatabaseReport {
    fn text(&self) -> String {
        let mut rows = vec![
            ("game", self.game.clone()),
            ("max cells", self.max_cells.to_string()),
            ("regions", self.entries.to_string()),
            ("forms", self.forms.to_string()),
            ("sha256", self.sha256.clone()),
        ];
        if let Some(cells) = self.resumed_from_cells.filter(|&c| c > 0) {
            rows.push(("resumed from", format!("{cells} cells")));
        }
        if self.holds == Some(true) {
            rows.push(("check", "every entry agrees with the rules".to_string()));
        }
        fields(&rows)
    }

    fn verdict(&self) -> Option<String> {
        let flaw = self.flaw.as_ref()?;
        Some(format!(
            "the database of {} does not agree with the rules: {flaw}",
            self.game
        ))
    }
}

/// A progress bar of a build's regions, and what updates it.
fn regions_bar(json: bool) -> (indicatif::ProgressBar, impl Fn(BuildProgress)) {
    let bar = progress::bar(0, "regions", json);
    let shown = bar.clone();
    let show = move |p: BuildProgress| {
        shown.set_length(p.total as u64);
        shown.set_position(p.done as u64);
        shown.set_message(format!("regions of {} cells", p.cells));
    };
    (bar, show)
}

/// `mex db build`.
fn build(a: &BuildArgs) -> Result<Output, MexError> {
    let game = games::find(&a.game)?;
    if !game.builds_databases() {
        return Err(games::database::no_database(game.info().name));
    }
    check_size(a.max_cells)?;
    let file = CheckpointFile::open(&a.file)?;
    let resume = match file.reader()? {
        Some(_) => Some(open(&a.file)?),
        None => None,
    };
    if let Some(db) = &resume {
        check_game(db, game.info().name)?;
        if db.max_cells() >= a.max_cells {
            return Ok(Output::report(DatabaseReport::of(db, Some(db.max_cells()))));
        }
    }
    let resumed = resume.as_ref().map_or(0, |db| db.max_cells());
    let interrupt = Interrupt::install()?;
    let mut ctx = Context::with_store(a.budget.store());
    let (bar, show) = regions_bar(a.json);
    let name = game.info().name;
    let mut save = |cells: usize, store: &mut GameStore, entries: &mut Vec<(String, GameId)>| {
        if cells <= resumed {
            return Ok(());
        }
        let mut bytes = Vec::new();
        database::write(&mut bytes, name, cells, store, entries)?;
        file.save_with(|w| std::io::Write::write_all(w, &bytes))
            .map_err(|e| MexError::NotFound {
                what: format!("saving database {} failed: {e}", a.file.display()),
            })
    };
    let built = run_under(&interrupt.token(), || {
        game.build_database(
            a.max_cells,
            &mut ctx,
            resume.as_ref(),
            &mut save,
            &mut &show,
        )
    });
    bar.finish_and_clear();
    if interrupt.requested() {
        eprintln!(
            "interrupted: {} holds every size completed; the same command resumes from it",
            a.file.display()
        );
        drop(file); // removes the lock file
        std::process::exit(130);
    }
    built?;
    drop(resume);
    Ok(Output::report(DatabaseReport::of(
        &*open(&a.file)?,
        Some(resumed),
    )))
}

/// `mex db check`: a fresh build of the same size, compared entry by entry.
fn check(a: &CheckArgs) -> Result<Output, MexError> {
    let db = open(&a.file)?;
    let game = games::find(db.game())?;
    let mut ctx = Context::with_store(a.budget.store());
    let (bar, show) = regions_bar(a.json);
    let mut keep = |_: usize, _: &mut GameStore, _: &mut Vec<(String, GameId)>| Ok(());
    let fresh = game.build_database(db.max_cells(), &mut ctx, None, &mut keep, &mut &show);
    bar.finish_and_clear();
    let flaw = disagreement(&db, &mut fresh?, &mut ctx.store)?;
    let mut report = DatabaseReport::of(&db, None);
    report.holds = Some(flaw.is_none());
    report.flaw = flaw.map(|f| f.to_string());
    Ok(Output::report(report))
}
