//! `mex domineering GRID`.

use super::checkpoint_file::{CheckpointFile, Interrupt};
use super::game::{thermograph_report, write_thermograph, ThermographReport};
use crate::output::{fields, Output, Report};
use crate::progress;
use clap::Args;
use indicatif::ProgressBar;
use mex_core::partizan::domineering::{Domineering, Grid};
use mex_core::partizan::ruleset::Evaluator;
use mex_core::partizan::search_checkpoint;
use mex_core::partizan::store::{GameId, GameStore, OutcomeClass, DEFAULT_BUDGET, MAX_COMPARISONS};
use mex_core::partizan::thermograph::Thermographs;
use mex_core::partizan::{notation, toolkit};
use mex_core::MexError;
use serde::Serialize;
use std::cell::Cell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Domineering (Left vertical, Right horizontal): canonical value and
/// outcome, with decomposition into regions and symmetry.
#[derive(Args)]
#[command(
    long_about = "Domineering (Left vertical, Right horizontal): canonical value and outcome,
with decomposition into regions and symmetry.

Rules: a grid of free squares; Left places a domino on two vertically adjacent
free squares, Right on two horizontally adjacent ones. Whoever cannot move
loses.",
    after_help = "A grid is HxW (a full rectangle) or rows of . (free) and # (taken) separated
by /, | or newlines, of at most 64 cells. Before searching, the board's regions
are bounded by their sets of disjoint dominoes (at most 10^8 in all: every
rectangle up to 5x6); # cells that split a board into regions make larger
boards searchable.

Examples:
  mex domineering 4x4 --json
  mex domineering \"..#./..../....\"
  mex domineering \"......../......../......../########/......../......../########/........\""
)]
pub struct DomineeringArgs {
    /// The grid.
    grid: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Memory budget in GiB for a search beyond the default limits (1 to
    /// 20; the default budget is 1.5 GiB). With --memory or --comparisons
    /// any board of up to 64 cells is searched, until a budget is spent.
    #[arg(long, value_name = "GIB", value_parser = gib_arg)]
    memory: Option<u32>,
    /// Most comparisons of options (the work budget, about 100-300 ns each;
    /// default 2^26). Accepts 2^N.
    #[arg(long, value_name = "N", value_parser = crate::number::u64_value)]
    comparisons: Option<u64>,
    /// Save the search to FILE every ten minutes, on Ctrl-C and when a
    /// budget is spent, and resume from FILE when it exists (written
    /// atomically, locked against a second run; format: docs/checkpoint.md).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Write the thermograph as an SVG picture to this file.
    #[arg(long, value_name = "FILE.svg")]
    thermograph: Option<PathBuf>,
}

fn gib_arg(text: &str) -> Result<u32, MexError> {
    let v = crate::number::u64_value(text)?;
    crate::number::in_range_u32("the memory budget (GiB)", v, 1, MAX_MEMORY_GIB)
}

/// The largest memory budget `--memory` accepts, in GiB.
const MAX_MEMORY_GIB: u32 = 20;

/// Save a checkpoint this often.
const SAVE_EVERY: Duration = Duration::from_secs(600);

/// The canonical value and outcome class of a grid, its stops, mean,
/// temperature and thermograph, and what the search took.
#[derive(Serialize)]
struct DomineeringResult {
    canonical: String,
    outcome: OutcomeClass,
    left_stop: String,
    right_stop: String,
    mean: String,
    temperature: String,
    thermograph: ThermographReport,
    /// Positions whose value the search memoised (after symmetry).
    positions: usize,
    /// Distinct canonical forms built.
    games: usize,
    /// Comparisons of options made (a string: it may exceed 2^53).
    comparisons: String,
    /// Positions read from the checkpoint (0 for a search from scratch).
    resumed_positions: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    thermograph_svg: Option<String>,
}

impl Report for DomineeringResult {
    fn text(&self) -> String {
        let mut pairs = vec![
            ("canonical", self.canonical.clone()),
            ("outcome", format!("{:?}", self.outcome)),
            ("stops", format!("{} {}", self.left_stop, self.right_stop)),
            ("mean", self.mean.clone()),
            ("temperature", self.temperature.clone()),
        ];
        if self.resumed_positions > 0 {
            let n = self.resumed_positions.to_string();
            pairs.push(("resumed positions", n));
        }
        if let Some(path) = &self.thermograph_svg {
            pairs.push(("thermograph written", path.clone()));
        }
        fields(&pairs)
    }
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

/// The store for the search: the default budgets, or those given (then
/// the board's size is not checked in advance: the budgets bound the run).
fn store_for(a: &DomineeringArgs, grid: &Grid) -> Result<GameStore, MexError> {
    if a.memory.is_none() && a.comparisons.is_none() {
        grid.check_search().map_err(with_budget_hint)?;
        return Ok(GameStore::with_budget(DEFAULT_BUDGET));
    }
    let bytes = a.memory.map_or(DEFAULT_BUDGET, |g| (g as usize) << 30);
    Ok(GameStore::with_limits(
        bytes,
        a.comparisons.unwrap_or(MAX_COMPARISONS),
    ))
}

/// The refusal of a large board, pointing to the options that lift it.
fn with_budget_hint(e: MexError) -> MexError {
    match e {
        MexError::AboveLimit {
            quantity,
            value,
            limit,
            hint,
        } => MexError::AboveLimit {
            quantity,
            value,
            limit,
            hint: format!("{hint}, or search it anyway with --memory GIB --comparisons N"),
        },
        e => e,
    }
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

pub fn run(a: &DomineeringArgs) -> Result<Output, MexError> {
    check_not_empty(&a.grid)?;
    let grid = Grid::parse(&a.grid)?;
    let mut store = store_for(a, &grid)?;
    let mut ev = Evaluator::new(Domineering::default(), usize::MAX);
    let file = a
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
        bar: progress::counter("positions", a.json),
        last_save: Cell::new(Instant::now()),
    });
    let observer = watch.clone();
    ev.observe(1 << 14, Box::new(move |ev, store| observer.step(ev, store)));
    let searched = ev.value(&mut store, &grid);
    watch.bar.finish_and_clear();
    if searched.is_err() || watch.file.is_some() {
        watch.save(&ev, &store);
    }
    if watch.interrupt.as_ref().is_some_and(Interrupt::requested) {
        eprintln!("mex: interrupted; {} positions saved", ev.positions());
        drop(watch); // removes the checkpoint's lock file
        std::process::exit(130);
    }
    let g = searched?;
    report(a, &mut store, g, &ev, resumed_positions)
}

/// A checkpoint's error, naming the file.
fn in_file(e: MexError, file: Option<&CheckpointFile>) -> MexError {
    match (e, file) {
        (MexError::Invalid { what, .. }, Some(f)) => MexError::Invalid {
            what: format!("checkpoint {}: {what}", f.path().display()),
            accepted: "a file written by `mex domineering --checkpoint` for the same board, \
                       or a new name"
                .into(),
        },
        (e, _) => e,
    }
}

fn report(
    a: &DomineeringArgs,
    store: &mut GameStore,
    g: GameId,
    ev: &Evaluator<Domineering>,
    resumed_positions: usize,
) -> Result<Output, MexError> {
    let thermo = Thermographs::default().of(store, g);
    let (left_stop, right_stop) = toolkit::stops(store, g);
    let board = format!("Domineering {}", a.grid);
    let thermograph_svg = a
        .thermograph
        .as_deref()
        .map(|path| write_thermograph(path, &thermo, &board))
        .transpose()?;
    Ok(Output::report(DomineeringResult {
        canonical: notation::try_show(store, g, notation::MAX_PRINTED)?,
        outcome: store.try_outcome(g)?,
        left_stop: left_stop.to_string(),
        right_stop: right_stop.to_string(),
        mean: thermo.mean.to_string(),
        temperature: thermo.temperature.to_string(),
        thermograph: thermograph_report(&thermo),
        positions: ev.positions(),
        games: store.len(),
        comparisons: store.comparisons().to_string(),
        resumed_positions,
        thermograph_svg,
    }))
}
