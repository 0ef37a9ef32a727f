//! Python bindings of mex: the native module `mex._mex`, re-exported by the
//! pure-Python package `mex` (`crates/mex-py/python/mex`).
//!
//! Every entry point is a thin adapter over `mex_core`: the catalog
//! (`games::find`, `CatalogGame::evaluate`/`moves`), canonical forms
//! (`CanonicalForm`), the octal engine (`heap::octal`), De Bruijn sequences
//! and the shift rule (`shift`), Synchronized Stack Cherries (`sync::ssc`).
//! Dicts are the JSON of the presentation layer (`mex_present`), the very
//! objects `mex value --json` and the server print, written as JSON text by
//! serde and read by Python's `json.loads` (numbers that can exceed 2^53 are
//! strings there, and Python's ints are exact anyway); pictures are the SVG
//! of `mex_present` too.
//! Errors are `MexError`s turned into `ValueError` (or `TooLarge`, its
//! subclass, for refused sizes) with the message the CLI prints; work that
//! may take long runs with the interpreter released (`Python::detach`), and
//! the long loops (nim sequences, period searches) check for Ctrl-C between
//! slices.

mod loopy;
mod misere_form;
mod misere_quotient;
mod nimber;
mod ruleset;
mod search;

use mex_core::games::{self, CatalogGame, Context, Evaluation, MoveEvaluation, Value};
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::octal::{self, SearchPlan};
use mex_core::heap::sparse::TakeBreakSequence;
use mex_core::partizan::notation;
use mex_core::partizan::store::{GameId, GameStore, OutcomeClass, DEFAULT_BUDGET};
use mex_core::partizan::thermograph::{Thermograph, Thermographs, Q};
use mex_core::partizan::value::CanonicalForm;
use mex_core::shift::state as shift_state;
use mex_core::shift::{debruijn, packed, rule};
use mex_core::solve::retrograde;
use mex_core::stop::{self, StopToken};
use mex_core::sync::ssc;
use mex_core::MexError;
use mex_present::sequences::OctalReport;
use mex_present::thermograph::ThermographReport;
use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::basic::CompareOp;
use pyo3::create_exception;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PySlice};
use serde::Serialize;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::{Mutex, OnceLock};

create_exception!(
    mex,
    TooLarge,
    PyValueError,
    "A request refused because it exceeds a size limit checked before any work."
);

/// A library error as a Python exception with the CLI's one-line message.
fn err(e: MexError) -> PyErr {
    let message = e.to_string();
    match e {
        MexError::TooLarge { .. } | MexError::AboveLimit { .. } => TooLarge::new_err(message),
        _ => PyValueError::new_err(message),
    }
}

/// The least `memory=` budget, in bytes, any engine takes: below it not
/// even the first position fits (a budget of 0 once panicked in the store).
pub const MIN_MEMORY: usize = 1 << 12;

/// `memory=` checked: a `ValueError` saying what is accepted below
/// [`MIN_MEMORY`], never a panic of the engine given no room.
fn checked_memory(memory: usize) -> PyResult<usize> {
    if memory < MIN_MEMORY {
        return Err(err(MexError::too_small(
            "memory=",
            format!("{memory} bytes"),
            format!("{MIN_MEMORY} bytes"),
            format!("a budget in bytes of at least {MIN_MEMORY} (the default is 1.5 GiB)"),
        )));
    }
    Ok(memory)
}

/// A serde value (a report of `mex_present`, a picture) as a JSON value.
/// Reports hold strings, numbers, booleans, lists and maps with string
/// keys, so this does not fail; if it did, the error would say so.
fn json_value(report: impl Serialize) -> Result<serde_json::Value, MexError> {
    serde_json::to_value(report).map_err(|e| {
        MexError::invalid(
            format!("a report that cannot be written as JSON ({e})"),
            "reports of mex-present",
        )
    })
}

/// A JSON value as the Python object `json.loads` makes of its text: dicts,
/// lists, str, int (exact at any size), float, bool and None.
fn to_python(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| PyRuntimeError::new_err(format!("cannot write JSON: {e}")))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A Python int that must be a natural number.
fn natural(x: &BigInt, what: &str) -> PyResult<BigUint> {
    x.to_biguint().ok_or_else(|| {
        PyValueError::new_err(format!("{what} {x} is negative; accepted: 0, 1, 2, …"))
    })
}

/// A Python int within `min ..= max`, refused as the CLI's range checks
/// refuse (`ValueError` below, `TooLarge` above), however large the int.
fn in_range(x: &BigInt, what: &str, min: u64, max: u64, hint: &str) -> PyResult<u64> {
    match x.to_u64() {
        Some(v) => MexError::check_range(what, v, min, max, hint)
            .map(|()| v)
            .map_err(err),
        None if x.sign() == num_bigint::Sign::Minus => Err(err(MexError::too_small(
            what,
            x,
            min,
            format!("{what} from {min} to {max}"),
        ))),
        None => Err(err(MexError::above_limit(what, x, max, hint))),
    }
}

/// A string as Python's `repr` writes it.
fn py_quote(py: Python<'_>, text: &str) -> String {
    pyo3::types::PyString::new(py, text)
        .repr()
        .map_or_else(|_| format!("{text:?}"), |r| r.to_string())
}

/// Values searched for a period when an octal code shows itself in Jupyter.
const REPR_TERMS: usize = 4096;

/// Values computed between two checks for Ctrl-C.
const SLICE: usize = 1 << 14;

/// Whether Python has a pending signal (Ctrl-C) to raise: called from code
/// running detached.
fn interrupted() -> Option<PyErr> {
    Python::attach(|py| py.check_signals().err())
}

/// Runs `work` on its own thread while this one, with the interpreter
/// released, waits for it and checks for Ctrl-C every 50 ms: a pending
/// signal is raised at once, and the abandoned work is stopped through its
/// stop token ([`mex_core::stop`]): it ends at the engines' next check
/// (work without checks, such as a closed form, finishes on its own) and
/// its result is dropped. For work that has no progress callback of its
/// own (catalog evaluations, canonical forms).
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let token = StopToken::new();
    let worker_token = token.clone();
    std::thread::Builder::new()
        .name("mex-work".into())
        .spawn(move || {
            let _ = sender.send(stop::run_under(&worker_token, work));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    py.detach(move || loop {
        match receiver.recv_timeout(std::time::Duration::from_millis(50)) {
            Ok(result) => return Ok(result),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if let Some(e) = interrupted() {
                    token.stop();
                    return Err(e);
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation stopped unexpectedly",
                ))
            }
        }
    })
}

// ---------------------------------------------------------------------------
// The catalog

/// A value read out of a catalog evaluation (its store is not kept).
#[derive(Clone)]
enum Val {
    Grundy(BigUint),
    Canonical(CanonicalForm),
    Turns(Option<u64>),
    /// Game graphs and synchronized games: the value is its text.
    Text,
}

#[derive(Clone)]
struct Eval {
    position: String,
    value: Val,
    value_text: String,
    outcome: String,
    to_move: Option<String>,
    remoteness: Option<u32>,
    /// The JSON of `mex value GAME POSITION --json`, without the pictures.
    report: serde_json::Value,
}

impl Eval {
    fn read(entry: &dyn CatalogGame, e: &Evaluation, ctx: &Context) -> Result<Eval, MexError> {
        let mut remoteness = None;
        let value = match &e.value {
            Value::Grundy(g) => Val::Grundy(g.clone()),
            Value::Canonical(id) => Val::Canonical(CanonicalForm::from_store(&ctx.store, *id)),
            Value::Turns(t) => Val::Turns(*t),
            Value::Loopy(v) => {
                if let retrograde::Value::Win(r) | retrograde::Value::Loss(r) = v {
                    remoteness = Some(*r);
                }
                Val::Text
            }
            Value::Sync(_) | Value::LoopyPartizan(_) => Val::Text,
        };
        Ok(Eval {
            position: e.position.clone(),
            value,
            value_text: e.value_text(),
            outcome: e.outcome.to_string(),
            to_move: e.to_move.map(|p| format!("{p:?}")),
            remoteness,
            report: mex_present::json::value_json(entry, e, ctx)?,
        })
    }

    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(match &self.value {
            Val::Grundy(g) => g.into_pyobject(py)?.into_any().unbind(),
            Val::Canonical(c) => Py::new(py, CGValue { g: c.clone() })?.into_any(),
            Val::Turns(t) => t.into_pyobject(py)?.into_any().unbind(),
            Val::Text => self
                .value_text
                .clone()
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        })
    }
}

/// A position of a game of the catalog: `Game("domineering", "3x3")`.
///
/// The position is parsed and checked at once (`ValueError` on bad input);
/// its value is computed on first use and kept.
#[pyclass(frozen, module = "mex")]
struct Game {
    entry: &'static dyn CatalogGame,
    position: String,
    eval: OnceLock<Result<Eval, MexError>>,
}

impl Game {
    fn make(py: Python<'_>, name: &str, position: String) -> PyResult<Game> {
        let entry = games::find(name).map_err(err)?;
        let position = py.detach(move || entry.normalize(&position)).map_err(err)?;
        Ok(Game {
            entry,
            position,
            eval: OnceLock::new(),
        })
    }

    fn evaluation(&self, py: Python<'_>) -> PyResult<&Eval> {
        if self.eval.get().is_none() {
            let (entry, position) = (self.entry, self.position.clone());
            let result = interruptible(py, move || {
                let mut ctx = Context::new();
                entry
                    .evaluate(&position, &mut ctx)
                    .and_then(|e| Eval::read(entry, &e, &ctx))
            })?;
            let _ = self.eval.set(result);
        }
        match self.eval.get().expect("set above") {
            Ok(e) => Ok(e),
            Err(e) => Err(err(e.clone())),
        }
    }

    fn all_moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        let (entry, position) = (self.entry, self.position.clone());
        let moves: Vec<(MoveEvaluation, Eval, serde_json::Value)> = interruptible(py, move || {
            let mut ctx = Context::new();
            let moves = entry.moves(&position, &mut ctx)?;
            let before = entry.picture(&position)?;
            moves
                .into_iter()
                .map(|m| {
                    let e = Eval::read(entry, &m.result, &ctx)?;
                    let move_report = mex_present::json::MoveReport::new(entry, &before, &m)?;
                    let report = json_value(move_report)?;
                    Ok((m, e, report))
                })
                .collect::<Result<Vec<_>, MexError>>()
        })?
        .map_err(err)?;
        Ok(moves
            .into_iter()
            .map(|(m, e, report)| Move {
                entry: self.entry,
                player: m.player.map(|p| p.name()),
                label: m.label,
                winning: m.winning,
                result: e,
                report,
            })
            .collect())
    }

    /// The JSON of `mex value` (or, with `moves`, of `mex moves`) for the
    /// position: the report of `mex_present` with the position's
    /// `picture` (its shared shape) and `drawing` (ASCII, where the game
    /// has one) added where the report does not hold them already.
    fn report(&self, py: Python<'_>, moves: bool) -> PyResult<serde_json::Value> {
        let mut report = if moves {
            let (entry, position) = (self.entry, self.position.clone());
            interruptible(py, move || {
                let mut ctx = Context::new();
                let e = entry.evaluate(&position, &mut ctx)?;
                let moves = entry.moves(&position, &mut ctx)?;
                mex_present::json::moves_json(entry, &e, &moves, &ctx)
            })?
            .map_err(err)?
        } else {
            self.evaluation(py)?.report.clone()
        };
        if let serde_json::Value::Object(fields) = &mut report {
            if !fields.contains_key("picture") {
                fields.insert("picture".into(), self.picture_json(py)?);
            }
            if !fields.contains_key("drawing") {
                if let Some(drawing) = self.ascii_drawing(py)? {
                    fields.insert("drawing".into(), drawing.into());
                }
            }
        }
        Ok(report)
    }

    /// The position's picture in its shared shape, as JSON.
    fn picture_json(&self, py: Python<'_>) -> PyResult<serde_json::Value> {
        let (entry, position) = (self.entry, self.position.clone());
        py.detach(move || entry.picture(&position).and_then(json_value))
            .map_err(err)
    }

    /// The catalog's ASCII drawing of the position, if the game has one.
    fn ascii_drawing(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let (entry, position) = (self.entry, self.position.clone());
        py.detach(move || entry.drawing(&position)).map_err(err)
    }

    /// The board: the position's picture drawn by `mex_present`.
    fn board(&self, py: Python<'_>) -> PyResult<String> {
        let (entry, position) = (self.entry, self.position.clone());
        py.detach(move || {
            entry
                .picture(&position)
                .map(|p| mex_present::board::board_svg(&p))
        })
        .map_err(err)
    }
}

#[pymethods]
impl Game {
    #[new]
    fn new(py: Python<'_>, name: &str, position: &str) -> PyResult<Game> {
        Game::make(py, name, position.to_string())
    }

    /// The catalog name of the game.
    #[getter]
    fn name(&self) -> &'static str {
        self.entry.info().name
    }

    /// The family: impartial, partizan, synchronized or arena.
    #[getter]
    fn family(&self) -> &'static str {
        self.entry.info().family.name()
    }

    /// The position as the game prints it.
    #[getter]
    fn position(&self) -> &str {
        &self.position
    }

    /// The value: an int (Grundy value; turns of an arena game, None when
    /// Bob holds Alice off forever), a CGValue (partizan games), or a str
    /// (game graphs: `win in 3`; synchronized games: the outcome class).
    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.evaluation(py)?.value(py)
    }

    /// The value in the family's notation, as `mex value` prints it.
    fn value_text(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.evaluation(py)?.value_text.clone())
    }

    /// The outcome: P/N (impartial), L/R/N/P (partizan), win/loss/draw
    /// (game graphs), a synchronized class, or Alice/Bob (arena games).
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.evaluation(py)?.outcome.clone())
    }

    /// Who moves next, where the position says so (arena games), else None.
    fn to_move(&self, py: Python<'_>) -> PyResult<Option<String>> {
        Ok(self.evaluation(py)?.to_move.clone())
    }

    /// Moves to the end for a won or lost game graph position, else None.
    fn remoteness(&self, py: Python<'_>) -> PyResult<Option<u32>> {
        Ok(self.evaluation(py)?.remoteness)
    }

    /// Every move, with the resulting position and its value.
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        self.all_moves(py)
    }

    /// The winning moves (see `Move.winning`).
    fn winning_moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        Ok(self
            .all_moves(py)?
            .into_iter()
            .filter(|m| m.winning)
            .collect())
    }

    /// Every move to a position of Grundy value `target` as (label,
    /// position), by closed forms where the moves are too many to list
    /// (Nim with huge heaps, Wythoff's game); impartial short games only.
    fn moves_to_grundy(&self, py: Python<'_>, target: BigInt) -> PyResult<Vec<(String, String)>> {
        let target = natural(&target, "Grundy value")?;
        let (entry, position) = (self.entry, self.position.clone());
        py.detach(move || entry.moves_to_grundy(&position, &target))
            .map_err(err)
    }

    /// The independent components of the position (a sum).
    fn components(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let (entry, position) = (self.entry, self.position.clone());
        py.detach(move || entry.components(&position)).map_err(err)
    }

    /// The canonical form (partizan games; impartial short games as nimbers).
    fn canonical(&self, py: Python<'_>) -> PyResult<CGValue> {
        let (entry, position) = (self.entry, self.position.clone());
        interruptible(py, move || {
            let mut ctx = Context::new();
            let id = entry.canonical(&position, &mut ctx)?;
            Ok(CanonicalForm::from_store(&ctx.store, id))
        })?
        .map(|g| CGValue { g })
        .map_err(err)
    }

    /// The position as a picture in one of the shared shapes, as every
    /// front end draws it: a dict with `shape` (`grid`, `strips`, `heaps`,
    /// `graph`, `register` or `text`) and that shape's fields, the
    /// `picture` of `mex value GAME POSITION --json`.
    ///
    /// >>> import mex
    /// >>> mex.Nim([3, 4]).picture()
    /// {'heaps': ['3', '4'], 'shape': 'heaps'}
    /// >>> mex.Domineering("2x1").picture()["shape"]
    /// 'grid'
    fn picture(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.picture_json(py)?)
    }

    /// The catalog's drawing of the position in lines of ASCII (boards,
    /// graphs, cakes, rows of dominoes), the `drawing` of `mex value
    /// --json`; None for games whose one-line position is the picture.
    ///
    /// >>> import mex
    /// >>> print(mex.Domineering("..#/...").drawing())
    /// ..#
    /// ...
    /// >>> mex.Nim([3, 4]).drawing() is None
    /// True
    fn drawing(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.ascii_drawing(py)
    }

    /// The board as SVG: the picture drawn by the one board writer of
    /// mex (`mex_present::board::board_svg`, as the playground draws it);
    /// every spot a move can change carries `data-spot`.
    fn board_svg(&self, py: Python<'_>) -> PyResult<String> {
        self.board(py)
    }

    /// The position as `mex value GAME POSITION --json` reports it, as a
    /// dict with the CLI's fields (`game`, `position`, `value`, `outcome`,
    /// `grundy` as a decimal str, `remoteness`, `turns`, `to_move`,
    /// `picture`, `drawing`); with `moves=True` as `mex moves` reports it
    /// (the same and `moves`).
    ///
    /// >>> import mex
    /// >>> d = mex.Nim([3, 4, 5]).to_dict()
    /// >>> d["game"], d["value"], d["grundy"], d["outcome"]
    /// ('nim', '*2', '2', 'N')
    /// >>> [m["label"] for m in mex.Nim([1, 1]).to_dict(moves=True)["moves"]]
    /// ['take 1 from heap 1', 'take 1 from heap 2']
    #[pyo3(signature = (moves = false))]
    fn to_dict(&self, py: Python<'_>, moves: bool) -> PyResult<Py<PyAny>> {
        to_python(py, &self.report(py, moves)?)
    }

    /// Jupyter's picture, for every game: the board (`board_svg`) with the
    /// name, the position, the value and the outcome under it
    /// (`mex_present::card`); the value is computed (and kept) if it was
    /// not, a refusal (`ValueError`) shown in its place.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let evaluation = match self.evaluation(py) {
            Ok(e) => Ok((e.value_text.as_str(), e.outcome.as_str())),
            Err(e) if e.is_instance_of::<PyValueError>(py) => Err(e.value(py).to_string()),
            Err(e) => return Err(e),
        };
        let lines = mex_present::card::position_lines(
            self.entry.info().name,
            &self.position,
            evaluation
                .as_ref()
                .map(|&(v, o)| (v, o))
                .map_err(String::as_str),
        );
        Ok(mex_present::card::card_svg(&self.board(py)?, &lines))
    }

    fn __str__(&self) -> String {
        self.position.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Game('{}', {})",
            self.entry.info().name,
            py_quote(py, &self.position)
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Game>() {
            Ok(o) => {
                let o = o.get();
                o.entry.info().name == self.entry.info().name && o.position == self.position
            }
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.entry.info().name, &self.position).hash(&mut h);
        h.finish()
    }
}

/// A move with the position it leads to and that position's value.
#[pyclass(frozen, module = "mex")]
struct Move {
    entry: &'static dyn CatalogGame,
    player: Option<&'static str>,
    label: String,
    winning: bool,
    result: Eval,
    /// The move as `mex moves --json` lists it.
    report: serde_json::Value,
}

#[pymethods]
impl Move {
    /// Who makes it: Left/Right (partizan), Alice/Bob (arena), "Left and
    /// Right" (synchronized), None (impartial).
    #[getter]
    fn player(&self) -> Option<&'static str> {
        self.player
    }
    /// A label a person can read, e.g. `take 3 from heap 2`.
    #[getter]
    fn label(&self) -> &str {
        &self.label
    }
    /// The resulting position.
    #[getter]
    fn position(&self) -> &str {
        &self.result.position
    }
    /// The value of the resulting position (as `Game.value()`).
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.result.value(py)
    }
    /// The value of the resulting position in the family's notation.
    #[getter]
    fn value_text(&self) -> &str {
        &self.result.value_text
    }
    /// The outcome of the resulting position.
    #[getter]
    fn outcome(&self) -> &str {
        &self.result.outcome
    }
    /// Whether the move is winning for its player.
    #[getter]
    fn winning(&self) -> bool {
        self.winning
    }
    /// The move as `mex moves GAME POSITION --json` lists it: a dict with
    /// `label`, `position`, `value`, `outcome`, `winning`, `player` (not in
    /// impartial games) and the value's fields (`grundy`, …).
    ///
    /// >>> import mex
    /// >>> mex.Nim([1, 2]).winning_moves()[0].to_dict()["grundy"]
    /// '0'
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.report)
    }
    /// The resulting position as a Game.
    #[getter]
    fn game(&self) -> Game {
        let eval = OnceLock::new();
        let _ = eval.set(Ok(self.result.clone()));
        Game {
            entry: self.entry,
            position: self.result.position.clone(),
            eval,
        }
    }
    fn __repr__(&self) -> String {
        let player = self.player.map_or(String::new(), |p| format!("{p}: "));
        let mark = if self.winning { ", winning" } else { "" };
        format!(
            "<Move {player}{} -> {} = {}{mark}>",
            self.label, self.result.position, self.result.value_text
        )
    }
}

/// The catalog: a list of dicts with name, family, description, syntax,
/// example and rules (the `games` of `mex games --json`).
#[pyfunction(name = "games")]
fn list_games(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let report = mex_present::json::games_json(None)
        .and_then(json_value)
        .map_err(err)?;
    to_python(py, &report["games"])
}

/// Nim with the given heaps (Python ints of any size).
#[pyfunction(name = "Nim")]
fn nim(py: Python<'_>, heaps: Vec<BigInt>) -> PyResult<Game> {
    let heaps: Vec<String> = heaps
        .iter()
        .map(|h| natural(h, "heap size").map(|h| h.to_string()))
        .collect::<PyResult<_>>()?;
    Game::make(py, "nim", heaps.join(","))
}

/// Wythoff's game with two piles (Python ints of any size).
#[pyfunction(name = "Wythoff")]
fn wythoff(py: Python<'_>, a: BigInt, b: BigInt) -> PyResult<Game> {
    let (a, b) = (natural(&a, "pile")?, natural(&b, "pile")?);
    Game::make(py, "wythoff", format!("{a},{b}"))
}

/// A Domineering board: `3x3`, or rows of `.` (empty) and `#` separated by `|`.
#[pyfunction(name = "Domineering")]
fn domineering(py: Python<'_>, board: &str) -> PyResult<Game> {
    Game::make(py, "domineering", board.to_string())
}

// ---------------------------------------------------------------------------
// Canonical forms

/// A short partizan game in canonical form (`CGValue.parse("{1|*}")`).
///
/// Every operation that may search (parsing, sums, differences, negation,
/// the order, the outcome, `from_options`, thermography) runs through
/// [`canonical_work`]: in a fresh store with the budgets of `mex game`
/// (memory and comparisons of options), so what the CLI refuses is refused
/// here with the same message, and interruptible by Ctrl-C.
#[pyclass(frozen, name = "CGValue", module = "mex")]
#[derive(Clone)]
struct CGValue {
    g: CanonicalForm,
}

/// Runs `work` on canonical forms in a fresh [`GameStore`] with the CLI's
/// budgets (`GameStore::with_budget(DEFAULT_BUDGET)`, as `mex game` builds
/// its store: [`DEFAULT_BUDGET`] bytes and `MAX_COMPARISONS` comparisons of
/// options), on its own thread, stopped by Ctrl-C ([`interruptible`]). The
/// one place where CGValue work starts: a stop token or another budget
/// applies to all of it from here.
fn canonical_work<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&mut GameStore) -> Result<T, MexError> + Send + 'static,
) -> PyResult<T> {
    interruptible(py, move || {
        work(&mut GameStore::with_budget(DEFAULT_BUDGET))
    })?
    .map_err(err)
}

/// `f(a, b)` on two canonical forms, read back as a CGValue.
fn combine(
    py: Python<'_>,
    a: CanonicalForm,
    b: CanonicalForm,
    f: fn(&mut GameStore, GameId, GameId) -> Result<GameId, MexError>,
) -> PyResult<CGValue> {
    canonical_work(py, move |s| {
        let (g, h) = (a.to_store(s)?, b.to_store(s)?);
        let r = f(s, g, h)?;
        Ok(CanonicalForm::from_store(s, r))
    })
    .map(|g| CGValue { g })
}

/// `(a ≤ b, b ≤ a)` within the budgets.
fn order(py: Python<'_>, a: CanonicalForm, b: CanonicalForm) -> PyResult<(bool, bool)> {
    canonical_work(py, move |s| {
        let (g, h) = (a.to_store(s)?, b.to_store(s)?);
        Ok((s.try_leq(g, h)?, s.try_leq(h, g)?))
    })
}

/// A CGValue or an int, as a canonical form; None for anything else.
fn operand(x: &Bound<'_, PyAny>) -> PyResult<Option<CanonicalForm>> {
    if let Ok(v) = x.cast::<CGValue>() {
        return Ok(Some(v.get().g.clone()));
    }
    if let Ok(n) = x.extract::<BigInt>() {
        return integer_form(&n).map(Some);
    }
    Ok(None)
}

/// Largest nimber built as a canonical form (as the catalog's limit).
const MAX_NIMBER_FORM: u32 = 1 << 12;

/// The integer `n`, of any size (beyond the chains a store builds, in
/// closed form: a record).
fn integer_form(n: &BigInt) -> PyResult<CanonicalForm> {
    n.to_string().parse::<CanonicalForm>().map_err(err)
}

/// The game printed as `mex game` prints it, refused (`TooLarge`) when the
/// text would exceed the CLI's [`notation::MAX_PRINTED`] characters (a
/// printed form can be exponentially longer than the game).
fn printed(g: &CanonicalForm) -> Result<String, MexError> {
    let mut s = GameStore::new();
    let id = g.to_store(&mut s)?;
    notation::try_show(&s, id, notation::MAX_PRINTED)
}

/// Longest printed form in a thermograph's default title.
const MAX_TITLE_CHARS: usize = 80;

/// `thermograph of G`, or `thermograph` when G prints longer than
/// [`MAX_TITLE_CHARS`].
fn thermograph_title(g: &CanonicalForm) -> String {
    let mut s = GameStore::new();
    g.to_store(&mut s)
        .and_then(|id| notation::try_show(&s, id, MAX_TITLE_CHARS))
        .map_or_else(|_| "thermograph".into(), |t| format!("thermograph of {t}"))
}

/// What `CGValue.thermograph()` gives: the mean, the temperature and the
/// walls of `mex game --json` (rationals as strings, read as Fractions).
#[derive(Serialize)]
struct ThermographDict {
    mean: String,
    temperature: String,
    #[serde(flatten)]
    walls: ThermographReport,
}

fn fraction(py: Python<'_>, q: &Q) -> PyResult<Py<PyAny>> {
    let fractions = py.import("fractions")?;
    let f = fractions
        .getattr("Fraction")?
        .call1((q.numer().clone(), q.denom().clone()))?;
    Ok(f.unbind())
}

impl CGValue {
    /// The thermograph, computed within the budgets.
    fn thermograph_of(&self, py: Python<'_>) -> PyResult<Thermograph> {
        let g = self.g.clone();
        canonical_work(py, move |s| {
            let id = g.to_store(s)?;
            Thermographs::default().try_of(s, id)
        })
    }

    /// The printed form rendered by `mex._render.<how>`; None when it cannot
    /// be printed (over the CLI's limit).
    fn rich(&self, py: Python<'_>, how: &str) -> PyResult<Py<PyAny>> {
        let g = self.g.clone();
        let Ok(text) = py.detach(move || printed(&g)) else {
            return Ok(py.None());
        };
        Ok(py
            .import("mex._render")?
            .call_method1(how, (text,))?
            .unbind())
    }

    fn value_result(py: Python<'_>, g: PyResult<CGValue>) -> PyResult<Py<PyAny>> {
        Ok(Py::new(py, g?)?.into_any())
    }
}

#[pymethods]
impl CGValue {
    /// `CGValue("{1|*}")`, `CGValue(3)`, `CGValue()` (zero).
    /// A loopy text (`on`, `{0|pass}`) gives a `LoopyValue` instead.
    #[new]
    #[pyo3(signature = (value = None))]
    #[allow(clippy::new_ret_no_self)]
    fn new(py: Python<'_>, value: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let Some(value) = value else {
            return CGValue::value_result(
                py,
                Ok(CGValue {
                    g: CanonicalForm::zero(),
                }),
            );
        };
        if let Ok(text) = value.extract::<String>() {
            // A loopy game (`on`, `{0|pass}`, `a{0|a}`) is a LoopyValue.
            if loopy::is_loopy(&text) {
                return Ok(Py::new(py, loopy::LoopyValue::read(py, &text)?)?.into_any());
            }
            return CGValue::value_result(py, CGValue::parse(py, &text));
        }
        match operand(value)? {
            Some(g) => CGValue::value_result(py, Ok(CGValue { g })),
            None => Err(PyTypeError::new_err(
                "CGValue() takes a str in the standard notation, an int or a CGValue",
            )),
        }
    }

    /// Parses the standard notation: `{1|0}`, `{2||1|0}`, `3/4`, `-2`, `*`,
    /// `*3`, `^`, `v`, `^*`, `±1`, joined by `+` or `-`; as long as `str()`
    /// prints (a text `mex game @FILE` reads), within the CLI's budgets.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<CGValue> {
        if text.len() > notation::MAX_PRINTED {
            // Refused before the text is copied.
            return Err(err(MexError::too_large(
                "the expression",
                format!("{} characters", notation::MAX_PRINTED),
                "use a shorter expression",
            )));
        }
        let text = text.to_string();
        canonical_work(py, move |s| {
            let g = notation::parse_long(s, &text, notation::MAX_PRINTED)?;
            Ok(CanonicalForm::from_store(s, g))
        })
        .map(|g| CGValue { g })
    }

    /// The integer `n`, of any size.
    #[staticmethod]
    fn integer(n: BigInt) -> PyResult<CGValue> {
        Ok(CGValue {
            g: integer_form(&n)?,
        })
    }

    /// The nimber `*k`, of any size.
    #[staticmethod]
    fn nimber(k: BigUint) -> PyResult<CGValue> {
        let g = format!("*{k}").parse::<CanonicalForm>().map_err(err)?;
        Ok(CGValue { g })
    }

    /// The canonical form of `{left | right}`.
    #[staticmethod]
    fn from_options(
        py: Python<'_>,
        left: Vec<PyRef<'_, CGValue>>,
        right: Vec<PyRef<'_, CGValue>>,
    ) -> PyResult<CGValue> {
        let l: Vec<CanonicalForm> = left.iter().map(|x| x.g.clone()).collect();
        let r: Vec<CanonicalForm> = right.iter().map(|x| x.g.clone()).collect();
        canonical_work(py, move |s| {
            let l = l.iter().map(|x| x.to_store(s)).collect::<Result<_, _>>()?;
            let r = r.iter().map(|x| x.to_store(s)).collect::<Result<_, _>>()?;
            let g = s.try_make(l, r)?;
            Ok(CanonicalForm::from_store(s, g))
        })
        .map(|g| CGValue { g })
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(o) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        CGValue::value_result(py, combine(py, self.g.clone(), o, GameStore::try_add))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(o) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        CGValue::value_result(py, combine(py, self.g.clone(), o, GameStore::try_sub))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(o) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        CGValue::value_result(py, combine(py, o, self.g.clone(), GameStore::try_sub))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<CGValue> {
        let g = self.g.clone();
        canonical_work(py, move |s| {
            let id = g.to_store(s)?;
            let n = s.try_neg(id)?;
            Ok(CanonicalForm::from_store(s, n))
        })
        .map(|g| CGValue { g })
    }

    fn __pos__(&self) -> CGValue {
        self.clone()
    }

    /// The partial order of games: `<=`, `>=`, `<`, `>` are False both ways
    /// for confused games (see `confused_with`). `==` compares canonical
    /// forms (no search).
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Ok(o) = other.cast::<CGValue>() else {
            return Ok(py.NotImplemented());
        };
        let o = &o.get().g;
        let result = match op {
            CompareOp::Eq => self.g == *o,
            CompareOp::Ne => self.g != *o,
            _ => {
                let (le, ge) = order(py, self.g.clone(), o.clone())?;
                match op {
                    CompareOp::Le => le,
                    CompareOp::Ge => ge,
                    CompareOp::Lt => le && !ge,
                    _ => ge && !le,
                }
            }
        };
        Ok(pyo3::types::PyBool::new(py, result)
            .to_owned()
            .into_any()
            .unbind())
    }

    /// Whether the games are incomparable (`G || H`: neither `G <= H` nor
    /// `G >= H`).
    fn confused_with(&self, py: Python<'_>, other: PyRef<'_, CGValue>) -> PyResult<bool> {
        let (le, ge) = order(py, self.g.clone(), other.g.clone())?;
        Ok(!le && !ge)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.g.hash(&mut h);
        h.finish()
    }

    /// The canonical form as `mex game` prints it (CGSuite's notation);
    /// `TooLarge` when that text would exceed 2^20 characters.
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.g.clone();
        py.detach(move || printed(&g)).map_err(err)
    }

    /// `CGValue('...')`, or a description when the printed form is too long.
    fn __repr__(&self, py: Python<'_>) -> String {
        match self.__str__(py) {
            Ok(text) => format!("CGValue({})", py_quote(py, &text)),
            Err(_) => format!(
                "<CGValue of {} subpositions, printed form over {} characters>",
                self.g.size(),
                notation::MAX_PRINTED
            ),
        }
    }

    /// Jupyter's rich text: the printed form in LaTeX (`$\frac{1}{2}\uparrow$`,
    /// by `mex._render.latex`); None when it is over 4096 characters.
    fn _repr_latex_(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.rich(py, "latex")
    }

    /// Jupyter's rich text: the printed form in HTML (↑, ⇑, fractions; by
    /// `mex._render.html`); None when it is over 4096 characters.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.rich(py, "html")
    }

    /// The outcome class: L, R, N or P.
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        let g = self.g.clone();
        let class = canonical_work(py, move |s| {
            let id = g.to_store(s)?;
            s.try_outcome(id)
        })?;
        Ok(match class {
            OutcomeClass::L => "L",
            OutcomeClass::R => "R",
            OutcomeClass::N => "N",
            OutcomeClass::P => "P",
        })
    }

    /// The birthday of the canonical form.
    fn birthday(&self) -> num_bigint::BigUint {
        self.g.birthday()
    }

    /// The mean value, exact (`fractions.Fraction`).
    fn mean(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        fraction(py, &self.thermograph_of(py)?.mean)
    }

    /// The temperature, exact (`fractions.Fraction`): −1/2^k for a number
    /// m/2^k, −1 for an integer.
    fn temperature(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        fraction(py, &self.thermograph_of(py)?.temperature)
    }

    /// The thermograph, exact: a dict with `mean`, `temperature` and each
    /// wall (`left_wall`, `right_wall`) as in `mex game --json`: its
    /// `points`, breakpoints `{"t": t, "value": v}` from `t = -1`, linear in
    /// between, and the `tail_slope` after the last; the rationals (strings
    /// in the CLI's JSON) are `Fraction`s. `mex.Thermograph(...)` draws it.
    ///
    /// >>> import mex
    /// >>> th = mex.CGValue("{3|-1}").thermograph()
    /// >>> [(str(p["t"]), str(p["value"])) for p in th["left_wall"]["points"]]
    /// [('-1', '4'), ('2', '1')]
    /// >>> th["mean"], th["right_wall"]["tail_slope"]
    /// (Fraction(1, 1), 0)
    fn thermograph(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let t = self.thermograph_of(py)?;
        let report = json_value(ThermographDict {
            mean: t.mean.to_string(),
            temperature: t.temperature.to_string(),
            walls: ThermographReport::of(&t),
        })
        .map_err(err)?;
        let text = serde_json::to_string(&report)
            .map_err(|e| PyRuntimeError::new_err(format!("cannot write JSON: {e}")))?;
        Ok(py
            .import("mex._report")?
            .call_method1("with_fractions", (text,))?
            .unbind())
    }

    /// The thermograph as SVG (`mex_present::pictures::thermograph_svg`,
    /// as `mex game --thermograph` and the playground draw it): the
    /// temperature upwards, values increasing to the left, the walls, the
    /// mast, the mean and the temperature; `title` defaults to
    /// `thermograph of G`.
    #[pyo3(signature = (title = None))]
    fn thermograph_svg(&self, py: Python<'_>, title: Option<String>) -> PyResult<String> {
        let th = self.thermograph_of(py)?;
        let title = match title {
            Some(title) => title,
            None => {
                let g = self.g.clone();
                py.detach(move || thermograph_title(&g))
            }
        };
        Ok(mex_present::pictures::thermograph_svg(&th, &title))
    }

    /// Left's options of the canonical form.
    fn left_options(&self) -> PyResult<Vec<CGValue>> {
        let options = self.g.left_options().map_err(err)?;
        Ok(options.into_iter().map(|g| CGValue { g }).collect())
    }

    /// Right's options of the canonical form.
    fn right_options(&self) -> PyResult<Vec<CGValue>> {
        let options = self.g.right_options().map_err(err)?;
        Ok(options.into_iter().map(|g| CGValue { g }).collect())
    }
}

// ---------------------------------------------------------------------------
// Octal games

/// A take-and-break code (`octal("0.07")`) with its nim sequence, computed
/// on demand and kept.
#[pyclass(frozen, module = "mex")]
struct OctalCode {
    code: TakeBreakCode,
    seq: Mutex<TakeBreakSequence>,
}

#[pyfunction(name = "octal")]
fn make_octal(code: &str) -> PyResult<OctalCode> {
    let code: TakeBreakCode = code.parse().map_err(err)?;
    Ok(OctalCode {
        seq: Mutex::new(TakeBreakSequence::new(code.clone())),
        code,
    })
}

impl OctalCode {
    /// The period search (the sequence computed so far is reused): the
    /// report of `mex octal CODE --period --json` on the sequence as the
    /// search leaves it, its `period` `None` when no period is proven.
    fn search(&self, py: Python<'_>, max_terms: Option<usize>) -> PyResult<OctalReport> {
        let max_terms = max_terms.unwrap_or_else(|| octal::default_max_terms(&self.code));
        let plan = SearchPlan {
            min_terms: 0,
            max_terms,
        };
        py.detach(|| -> PyResult<OctalReport> {
            let mut seq = self.lock();
            let mut pending: Option<PyErr> = None;
            let analysis = octal::search(&mut seq, plan, |_, _| match interrupted() {
                Some(e) => {
                    pending = Some(e);
                    ControlFlow::Break(())
                }
                None => ControlFlow::Continue(()),
            })
            .map_err(err)?;
            match pending {
                Some(e) => Err(e),
                None => Ok(OctalReport::new(&self.code, &seq, &analysis)),
            }
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, TakeBreakSequence> {
        self.seq.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl OctalCode {
    /// The code as mex prints it.
    #[getter]
    fn code(&self) -> String {
        self.code.to_string()
    }

    /// The nim values G(0) … G(n−1) as a NumPy uint16 array.
    fn values<'py>(&self, py: Python<'py>, n: usize) -> PyResult<Bound<'py, PyArray1<u16>>> {
        SearchPlan {
            min_terms: n,
            max_terms: n,
        }
        .validate(&self.code)
        .map_err(err)?;
        // The values are copied out while detached, so that the lock is
        // never waited for while attached (another thread may hold it and
        // wait to attach for its Ctrl-C check); NumPy takes the Vec as is.
        let values = py.detach(|| -> PyResult<Vec<u16>> {
            let mut seq = self.lock();
            while seq.len() < n {
                let to = n.min(seq.len() + SLICE);
                seq.extend_to(to).map_err(err)?;
                if let Some(e) = interrupted() {
                    return Err(e);
                }
            }
            Ok(seq.values()[..n].to_vec())
        })?;
        Ok(PyArray1::from_vec(py, values))
    }

    /// The period proven by the octal periodicity theorem within
    /// `max_terms` values: the dict of `mex octal CODE --period --json`
    /// (`code`, `preperiod`, `period`, `certificate`, `periodic_part`: the
    /// values of one period, `values_computed` and `sparse_space`: the
    /// sequence as the search leaves it, which is the CLI's on a fresh
    /// code); None when no period is proven.
    #[pyo3(signature = (max_terms = None))]
    fn period(&self, py: Python<'_>, max_terms: Option<usize>) -> PyResult<Option<Py<PyAny>>> {
        let report = self.search(py, max_terms)?;
        if report.period.is_none() {
            return Ok(None);
        }
        to_python(py, &json_value(report).map_err(err)?).map(Some)
    }

    /// A `mex.NimChart` (drawn by Jupyter) of the first `n` values, the
    /// period marked when one is proven within the values computed so far
    /// (`n` defaults to two periods past the preperiod, at least 32, or 64
    /// without a period, as `mex octal --plot`). Runs the
    /// period search first, within `max_terms` values (as `period`).
    #[pyo3(signature = (n = None, max_terms = None))]
    fn chart<'py>(
        &self,
        py: Python<'py>,
        n: Option<usize>,
        max_terms: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let report = self.search(py, max_terms)?;
        let (pre, per) = match &report.period {
            Some(p) => (p.preperiod, p.period),
            None => (None, None),
        };
        let n = n.unwrap_or_else(|| mex_core::heap::periodic::chart_terms(pre.zip(per)));
        let values = self.values(py, n)?;
        let title = format!("nim sequence of {}", self.code);
        py.import("mex.pictures")?
            .getattr("NimChart")?
            .call1((values, pre, per, title))
    }

    /// Jupyter's picture: `chart()` with a period search of at most
    /// 4096 values (or as many as are computed already), so that showing
    /// the object stays quick.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let bound = py.detach(|| self.lock().len()).max(REPR_TERMS);
        Ok(self
            .chart(py, None, Some(bound))?
            .call_method0("_repr_svg_")?
            .unbind())
    }

    /// A position: `octal("0.07")(20)` or `octal("0.77")(3, 5)`.
    #[pyo3(signature = (*heaps))]
    fn __call__(&self, py: Python<'_>, heaps: Vec<BigInt>) -> PyResult<Game> {
        let heaps: Vec<String> = heaps
            .iter()
            .map(|h| natural(h, "heap size").map(|h| h.to_string()))
            .collect::<PyResult<_>>()?;
        Game::make(py, "octal", format!("{}:{}", self.code, heaps.join(",")))
    }

    fn __str__(&self) -> String {
        self.code.to_string()
    }

    fn __repr__(&self) -> String {
        format!("octal('{}')", self.code)
    }
}

// ---------------------------------------------------------------------------
// De Bruijn sequences and the shift rule

/// A binary De Bruijn sequence of order `n`: `kind` is prefer-one,
/// prefer-zero, reversed-prefer-one or prefer-opposite (as `mex debruijn`).
/// `packed=False`: a NumPy uint8 array of 0/1 of length 2^n; `packed=True`:
/// bytes, eight bits a byte, most significant first (`--format binary`).
#[pyfunction(name = "debruijn")]
#[pyo3(signature = (n, kind = "prefer-one", packed = false))]
fn de_bruijn<'py>(py: Python<'py>, n: u32, kind: &str, packed: bool) -> PyResult<Py<PyAny>> {
    let kinds = "prefer-one, prefer-zero, reversed-prefer-one, prefer-opposite";
    let kind = kind.to_string();
    if ![
        "prefer-one",
        "prefer-zero",
        "reversed-prefer-one",
        "prefer-opposite",
    ]
    .contains(&kind.as_str())
    {
        return Err(err(MexError::invalid(
            format!(
                "{} is not a kind of De Bruijn sequence",
                mex_core::error::quote(&kind)
            ),
            kinds,
        )));
    }
    if packed && (kind == "prefer-one" || kind == "prefer-zero") && n >= 3 {
        let bytes = py
            .detach(move || packed::packed_fkm(n, kind == "prefer-one"))
            .map_err(err)?;
        return Ok(PyBytes::new(py, &bytes).into_any().unbind());
    }
    let bits = py
        .detach(move || match kind.as_str() {
            "prefer-one" => debruijn::prefer_one(n),
            "prefer-zero" => debruijn::fkm_least(n),
            "reversed-prefer-one" => debruijn::prefer_one(n).map(|mut b| {
                b.reverse();
                b
            }),
            _ => debruijn::prefer_opposite(n),
        })
        .map_err(err)?;
    if packed {
        return Ok(PyBytes::new(py, &packed::pack(&bits)).into_any().unbind());
    }
    Ok(PyArray1::from_vec(py, bits).into_any().unbind())
}

/// One step of the shift game under optimal play (Weiss, Proposition 15),
/// by the O(n) rule. `shift_next("0110")`: a state written as `mex
/// shift-game next` writes it (0 and 1, `b0` first) gives the next state
/// written the same way; `shift_next(state, n)`: an int holding `b0 …
/// b(n-1)` with `b0` as its most significant of `n` bits gives an int (for
/// arithmetic on states; Python ints of any size).
#[pyfunction]
#[pyo3(signature = (state, n = None))]
fn shift_next(py: Python<'_>, state: &Bound<'_, PyAny>, n: Option<u64>) -> PyResult<Py<PyAny>> {
    if let Ok(text) = state.extract::<String>() {
        if n.is_some() {
            return Err(PyTypeError::new_err(
                "shift_next takes a state as a str of 0 and 1 (b0 first), or an int and its length n, not both",
            ));
        }
        let bits = shift_state::parse_state(&text).map_err(err)?;
        let next = py.detach(move || shift_state::show(&rule::next_state(&bits)));
        return Ok(next.into_pyobject(py)?.into_any().unbind());
    }
    let Ok(state) = state.extract::<BigInt>() else {
        return Err(PyTypeError::new_err(
            "shift_next takes a state as a str of 0 and 1 (b0 first) such as '0110', or an int and its length n",
        ));
    };
    let Some(n) = n else {
        return Err(PyTypeError::new_err(
            "shift_next(state, n): an int state needs its length n (or pass the state as a str such as '0110')",
        ));
    };
    let state = natural(&state, "state")?;
    let max = shift_state::MAX_STATE_BITS as u64;
    MexError::check_range("state length", n, 1, max, "use a shorter state").map_err(err)?;
    if state.bits() > n {
        return Err(err(MexError::out_of_range(
            "state",
            &state,
            format!("0 <= state < 2^{n}"),
        )));
    }
    if n <= 64 {
        let s = state.to_u64().expect("n <= 64 bits");
        let next = BigUint::from(rule::next_word(s, n as u32));
        return Ok(next.into_pyobject(py)?.into_any().unbind());
    }
    let next = py.detach(move || {
        let n = n as usize;
        let mut bits = vec![0u8; n];
        for (i, b) in bits.iter_mut().enumerate() {
            *b = u8::from(state.bit((n - 1 - i) as u64));
        }
        let next = rule::next_state(&bits);
        let mut out = BigUint::zero();
        for (i, &b) in next.iter().enumerate() {
            if b == 1 {
                out.set_bit((n - 1 - i) as u64, true);
            }
        }
        out
    });
    Ok(next.into_pyobject(py)?.into_any().unbind())
}

/// Most states `shift_play` lists: the play from `0^n` for `n ≤ 20`, as
/// `mex shift-game solve` lists it.
const MAX_PLAY_STATES: u64 = 1 << 20;

/// Most characters in all the states `shift_play` lists.
const MAX_PLAY_CHARS: u64 = 1 << 25;

/// The states of the shift game under optimal play from `start`, as `mex
/// shift-game solve N` lists them: strings of 0 and 1, `b0` first, one for
/// each turn, `start` first, up to the return of `0^n` (which ends the game
/// and is not listed) or `turns` states. From `0^n` these are the `2^n`
/// states of the whole game.
#[pyfunction]
#[pyo3(signature = (start, turns = None))]
fn shift_play(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    turns: Option<BigInt>,
) -> PyResult<Vec<String>> {
    let Ok(start) = start.extract::<String>() else {
        return Err(PyTypeError::new_err(
            "shift_play takes the start state as a str of 0 and 1 (b0 first) such as '0000'",
        ));
    };
    let bits = shift_state::parse_state(&start).map_err(err)?;
    let n = bits.len() as u64;
    let turns = match turns {
        Some(t) => {
            let t = in_range(&t, "turns", 1, MAX_PLAY_STATES, "ask for fewer turns")?;
            if t.saturating_mul(n) > MAX_PLAY_CHARS {
                return Err(err(MexError::too_large(
                    format!("a play of {t} states of {n} bits"),
                    format!("{MAX_PLAY_CHARS} characters"),
                    "ask for fewer turns, or use shift_next state by state",
                )));
            }
            t
        }
        None => {
            if n > u64::from(MAX_PLAY_STATES.trailing_zeros()) {
                return Err(err(MexError::too_large(
                    format!("listing the play of up to 2^{n} states"),
                    format!("n ≤ {}", MAX_PLAY_STATES.trailing_zeros()),
                    "pass turns=..., or use shift_next state by state",
                )));
            }
            1 << n
        }
    };
    py.detach(move || {
        let mut out = vec![shift_state::show(&bits)];
        // Words for n ≤ 64 (the rule on one u64), bit vectors beyond.
        let mut word = (n <= 64).then(|| shift_state::to_index(&bits));
        let mut state = bits;
        while (out.len() as u64) < turns {
            if let Some(w) = word.as_mut() {
                *w = rule::next_word(*w, n as u32);
                state = shift_state::from_index(*w, n as u32);
            } else {
                state = rule::next_state(&state);
            }
            if !state.contains(&1) {
                break; // 0^n is back: Alice has won
            }
            out.push(shift_state::show(&state));
            if out.len() % SLICE == 0 {
                if let Some(e) = interrupted() {
                    return Err(e);
                }
            }
        }
        Ok(out)
    })
}

// ---------------------------------------------------------------------------
// Synchronized Stack Cherries

/// Most cherries of a segment decomposed (as `mex ssc decompose` reads).
const MAX_SEGMENT: usize = mex_core::sync::ssc::MAX_SEGMENT_CHERRIES;

/// Address space a decomposition may take at its peak, in bytes per cherry
/// (measured: 2·10^8 cherries of `B` reach 2.1 GB, of `BW` 3.2 GB, with the
/// interpreter's own): the segment as the engine reads it (1), and either
/// the cut points as the direct scan grows them (8 a piece, up to twice
/// that while the vector grows) or the suffix array's text and array (2 +
/// 8) with the cut points.
const PEAK_BYTES_PER_CHERRY: usize = 16;

/// Where the irreducible pieces of a segment (`BBWBW`) start, in order (0
/// first), as a NumPy uint64 array: 8 bytes a piece, so that a segment of
/// 2·10^8 cherries (the CLI's limit) takes at most about 3.2 GB at the peak
/// instead of a Python string a piece. Refused with `TooLarge` beyond 2·10^8
/// cherries, and with `MemoryError` when the address space for the peak
/// cannot be reserved (both before any work). `mex.ssc.decompose` makes the
/// pieces from it as asked for.
#[pyfunction]
fn ssc_cut_points<'py>(py: Python<'py>, segment: &str) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let length = segment.trim().len();
    if length > MAX_SEGMENT {
        // Every cherry is one byte: refused before anything is allocated.
        return Err(err(MexError::too_large(
            format!("a segment of {length} characters"),
            format!("{MAX_SEGMENT} cherries"),
            "split it",
        )));
    }
    let peak = length.saturating_mul(PEAK_BYTES_PER_CHERRY);
    if Vec::<u8>::new().try_reserve_exact(peak).is_err() {
        // Reserved and released at once (nothing is written): an address
        // space limit, or an allocation the kernel would refuse, shows here
        // rather than as an abort of the interpreter in the middle.
        return Err(PyMemoryError::new_err(format!(
            "decomposing a segment of {length} cherries needs about {} MiB, which cannot be allocated here; use a shorter segment",
            peak >> 20
        )));
    }
    let seg = ssc::parse_segment(segment).map_err(err)?;
    let cuts = interruptible(py, move || {
        let mut cuts = ssc::cut_points(&seg);
        drop(seg);
        cuts.shrink_to_fit();
        // Same size and alignment: collected in place, nothing copied.
        cuts.into_iter().map(|c| c as u64).collect::<Vec<u64>>()
    })?;
    Ok(PyArray1::from_vec(py, cuts))
}

/// The positive irreducible elements of length at most `n`, decreasing.
#[pyfunction]
fn ssc_irreducibles(py: Python<'_>, n: u64) -> PyResult<Vec<String>> {
    cli_range("length", n, ssc::MAX_ENUMERATION_LENGTH as u64)?;
    py.detach(move || ssc::irreducibles(n as usize))
        .map(|v| v.iter().map(|s| ssc::show(s)).collect())
        .map_err(err)
}

/// Longest length counted (as `mex ssc count`).
const MAX_COUNTED_LENGTH: u64 = 1_000_000;

/// `1 ≤ n ≤ high`, refused with the message of the command line's range
/// check: `TooLarge` above, `ValueError` below.
fn cli_range(what: &str, n: u64, high: u64) -> PyResult<()> {
    if (1..=high).contains(&n) {
        return Ok(());
    }
    let message = format!("{what} {n} is out of range; accepted: 1 to {high}");
    Err(if n > high {
        TooLarge::new_err(message)
    } else {
        PyValueError::new_err(message)
    })
}

/// The number of positive irreducible elements of length `n` (OEIS A000048).
#[pyfunction]
fn ssc_count(py: Python<'_>, n: u64) -> PyResult<BigUint> {
    cli_range("length", n, MAX_COUNTED_LENGTH)?;
    py.detach(move || ssc::count_irreducibles(n)).map_err(err)
}

/// The outcome (L, R or D) of a position (stacks separated by spaces, or a
/// list of stacks), with its signed decomposition: a list of
/// (element, multiplicity), strongest first.
#[pyfunction]
fn ssc_outcome(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
) -> PyResult<(String, Vec<(String, i64)>)> {
    let stacks: Vec<String> = match position.extract::<String>() {
        Ok(text) => text.split_whitespace().map(str::to_string).collect(),
        Err(_) => position.extract::<Vec<String>>()?,
    };
    let stacks: Vec<ssc::Segment> = stacks
        .iter()
        .map(|s| ssc::parse_segment(s))
        .collect::<Result<_, _>>()
        .map_err(err)?;
    if stacks.is_empty() {
        return Err(err(MexError::invalid(
            "the position has no stacks",
            "stacks of B and W separated by spaces",
        )));
    }
    let (outcome, terms) = py.detach(move || ssc::outcome_by_decomposition(&stacks));
    Ok((
        format!("{outcome:?}"),
        terms.into_iter().map(|t| (t.element, t.count)).collect(),
    ))
}

// ---------------------------------------------------------------------------
// Pictures of sequences and decompositions

/// Most values a nim-sequence chart draws (one bar each).
const MAX_CHART_VALUES: usize = 1 << 16;

/// An SVG bar chart of a nim sequence (one bar per heap size, as `mex
/// octal --svg` draws it: `mex_present::pictures::nim_sequence_svg`): the
/// preperiod shaded and a dashed line at the start of each period when
/// they are given; at most 65536 values.
///
/// >>> import mex
/// >>> svg = mex.nim_chart([0, 1, 1, 0, 1, 1], preperiod=0, period=3)
/// >>> svg.startswith("<svg") and svg.count('class="value"'), svg.count('class="period"')
/// (6, 3)
#[pyfunction]
#[pyo3(signature = (values, preperiod = None, period = None, title = "nim sequence"))]
fn nim_chart(
    values: Vec<u32>,
    preperiod: Option<usize>,
    period: Option<usize>,
    title: &str,
) -> PyResult<String> {
    if values.len() > MAX_CHART_VALUES {
        return Err(err(MexError::too_large(
            format!("a chart of {} values", values.len()),
            format!("{MAX_CHART_VALUES} values"),
            "chart fewer values",
        )));
    }
    Ok(mex_present::pictures::nim_sequence_svg(
        title, &values, preperiod, period,
    ))
}

/// An SSC segment's pieces as SVG (`mex_present::ssc::decomposition_svg`):
/// each piece framed in its own colour, its cherries black (B) and white
/// (W); whole pieces up to 400 cherries, the rest and `more` cherries
/// counted in a label.
///
/// >>> import mex
/// >>> mex.ssc_svg(["B", "BW", "BW"]).count("<circle")
/// 5
#[pyfunction]
#[pyo3(signature = (pieces, more = 0))]
fn ssc_svg(pieces: Vec<String>, more: usize) -> PyResult<String> {
    let pieces: Vec<ssc::Segment> = pieces
        .iter()
        .map(|p| ssc::parse_segment(p))
        .collect::<Result<_, _>>()
        .map_err(err)?;
    let cherries = pieces.iter().map(Vec::len).sum::<usize>() + more;
    let pieces: Vec<&[bool]> = pieces.iter().map(Vec::as_slice).collect();
    Ok(mex_present::ssc::decomposition_svg(&pieces, cherries))
}

/// The picture of a decomposition (`mex.ssc.Decomposition`: the segment
/// and where its pieces start) as `ssc_svg` draws it, reading only the
/// pieces that start within the cherries drawn, so that a segment of 2·10^8
/// cherries is drawn as fast as a short one.
#[pyfunction]
fn ssc_decomposition_svg(
    segment: &Bound<'_, PyAny>,
    starts: PyReadonlyArray1<'_, u64>,
) -> PyResult<String> {
    let cherries = segment.len()?;
    let starts = starts.as_slice()?;
    let limit = mex_present::ssc::MAX_DRAWN_CHERRIES;
    // The pieces starting within the limit, read up to one cherry past it
    // (a piece that long is not drawn whole, which is all the writer needs
    // to know of it).
    let shown = starts.partition_point(|&s| (s as usize) < limit);
    let end = starts
        .get(shown)
        .map_or(cherries, |&s| s as usize)
        .min(cherries)
        .min(limit + 1);
    let head: String = segment
        .get_item(PySlice::new(segment.py(), 0, end as isize, 1))?
        .extract()?;
    let head = ssc::parse_segment(&head).map_err(err)?;
    let mut pieces: Vec<&[bool]> = Vec::with_capacity(shown);
    for (i, &start) in starts[..shown].iter().enumerate() {
        let stop = starts.get(i + 1).map_or(end, |&s| s as usize).min(end);
        let piece = head.get(start as usize..stop).ok_or_else(|| {
            PyValueError::new_err("the starts are not increasing cut points of the segment")
        })?;
        pieces.push(piece);
    }
    Ok(mex_present::ssc::decomposition_svg(&pieces, cherries))
}

#[pymodule]
fn _mex(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("TooLarge", m.py().get_type::<TooLarge>())?;
    m.add_class::<Game>()?;
    m.add_class::<Move>()?;
    m.add_class::<CGValue>()?;
    m.add_class::<OctalCode>()?;
    m.add_class::<nimber::Nimber>()?;
    m.add_class::<ruleset::RulesetEngine>()?;
    m.add_class::<ruleset::HeapEngine>()?;
    m.add_function(wrap_pyfunction!(ruleset::take_break_options, m)?)?;
    m.add_class::<misere_form::MisereForm>()?;
    m.add_class::<loopy::LoopyValue>()?;
    m.add_function(wrap_pyfunction!(misere_quotient::misere_quotient, m)?)?;
    m.add_function(wrap_pyfunction!(
        misere_quotient::misere_quotient_of_options,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(search::winner, m)?)?;
    m.add_function(wrap_pyfunction!(search::sum_outcome, m)?)?;
    m.add_function(wrap_pyfunction!(search::prove, m)?)?;
    m.add_function(wrap_pyfunction!(search::check_proof, m)?)?;
    m.add_function(wrap_pyfunction!(list_games, m)?)?;
    m.add_function(wrap_pyfunction!(nim, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff, m)?)?;
    m.add_function(wrap_pyfunction!(domineering, m)?)?;
    m.add_function(wrap_pyfunction!(make_octal, m)?)?;
    m.add_function(wrap_pyfunction!(de_bruijn, m)?)?;
    m.add_function(wrap_pyfunction!(shift_next, m)?)?;
    m.add_function(wrap_pyfunction!(shift_play, m)?)?;
    m.add_function(wrap_pyfunction!(ssc_cut_points, m)?)?;
    m.add_function(wrap_pyfunction!(ssc_irreducibles, m)?)?;
    m.add_function(wrap_pyfunction!(ssc_count, m)?)?;
    m.add_function(wrap_pyfunction!(ssc_outcome, m)?)?;
    m.add_function(wrap_pyfunction!(nim_chart, m)?)?;
    m.add_function(wrap_pyfunction!(ssc_svg, m)?)?;
    m.add_function(wrap_pyfunction!(ssc_decomposition_svg, m)?)?;
    Ok(())
}
