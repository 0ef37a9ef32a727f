//! The searches of issue 22 from Python: who wins a sum of positions with
//! a given first player (the outcome search, as `mex value --first` and
//! `mex sum --first`), and the outcome class by the same search; proofs of
//! who wins and their checker (issue 40, as `--proof` and `mex
//! check-proof`). The
//! nimber search answers every impartial `Game.value()` already.

use super::{err, interruptible, Game};
use mex_core::games::database::check_applies;
use mex_core::games::proof::{self, WinnerProof};
use mex_core::games::sum::Summand;
use mex_core::games::{outcome_search, CatalogGame, Context, Side};
use mex_core::partizan::database::Database;
use mex_core::partizan::minimax::Player;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// `"left"` or `"right"` (any case) as a side.
fn first_player(first: &str) -> PyResult<Side> {
    match first.to_ascii_lowercase().as_str() {
        "left" => Ok(Side::Left),
        "right" => Ok(Side::Right),
        _ => Err(PyValueError::new_err(format!(
            "'{first}' is not a player; accepted: left, right"
        ))),
    }
}

/// The components of a sum, as owned (game, position) pairs for the
/// engine's thread.
fn parts(games: &[PyRef<'_, Game>]) -> Vec<(&'static dyn CatalogGame, String)> {
    games
        .iter()
        .map(|g| (g.entry, g.position.clone()))
        .collect()
}

/// The context of one search: `memory` bytes for each of its budgets of
/// memory, as `--memory` sets them ([`Context::with_budgets`]: the
/// transposition table, the store of forms, a loopy game's positions;
/// their defaults when `None`), consulting the database of solved regions in the file
/// `db` (as `--db FILE`; docs/database-format.md), which must be of one of
/// `games`.
fn context(
    memory: Option<usize>,
    db: Option<&str>,
    games: &[&'static dyn CatalogGame],
) -> PyResult<Context> {
    let memory = memory.map(super::checked_memory).transpose()?;
    let mut ctx = Context::with_budgets(memory, None);
    if let Some(path) = db {
        let bytes = std::fs::read(path)
            .map_err(|e| PyValueError::new_err(format!("cannot read database {path}: {e}")))?;
        let database = Database::open(Arc::new(bytes)).map_err(err)?;
        check_applies(&database, games).map_err(err)?;
        ctx.database = Some(Arc::new(database));
    }
    Ok(ctx)
}

/// The games of a sum's parts.
fn games_of(parts: &[(&'static dyn CatalogGame, String)]) -> Vec<&'static dyn CatalogGame> {
    parts.iter().map(|(g, _)| *g).collect()
}

/// The sum's summands, borrowing the owned parts.
fn summands<'a>(parts: &'a [(&'static dyn CatalogGame, String)]) -> Vec<Summand<'a>> {
    parts
        .iter()
        .map(|(game, position)| Summand {
            game: *game,
            position,
        })
        .collect()
}

/// Who wins the sum of `games` when `first` ("left" or "right") moves
/// first: "Left" or "Right", by the outcome search alone (minimax over the
/// components with a transposition table, as MCGS does; no value is
/// computed), within `memory` bytes (default 4 GiB, as `mex value
/// --first`; a search that outgrows it raises ValueError naming the
/// budget), stopped by Ctrl-C; `db`, the path of a database of solved
/// regions (`mex db build`), is consulted for the terms of its game.
///
/// >>> import mex
/// >>> mex.winner([mex.Game("clobber", "xoxo"), mex.Game("domineering", "2x3")], "left")
/// 'Left'
#[pyfunction]
#[pyo3(signature = (games, first, memory = None, db = None))]
pub fn winner(
    py: Python<'_>,
    games: Vec<PyRef<'_, Game>>,
    first: &str,
    memory: Option<usize>,
    db: Option<&str>,
) -> PyResult<String> {
    let side = first_player(first)?;
    let parts = parts(&games);
    let mut ctx = context(memory, db, &games_of(&parts))?;
    let won = interruptible(py, move || {
        outcome_search::winner(&summands(&parts), side, &mut ctx)
    })?
    .map_err(err)?;
    Ok(format!("{won:?}"))
}

/// The outcome class ("L", "R", "N" or "P") of the sum of `games` by the
/// outcome search (both first players), without the value, within
/// `memory` bytes and consulting `db` as [`winner`].
///
/// >>> import mex
/// >>> mex.sum_outcome([mex.Game("clobber", "xo"), mex.Game("clobber", "xo")])
/// 'P'
#[pyfunction]
#[pyo3(signature = (games, memory = None, db = None))]
pub fn sum_outcome(
    py: Python<'_>,
    games: Vec<PyRef<'_, Game>>,
    memory: Option<usize>,
    db: Option<&str>,
) -> PyResult<String> {
    let parts = parts(&games);
    let mut ctx = context(memory, db, &games_of(&parts))?;
    let class = interruptible(py, move || {
        outcome_search::outcome(&summands(&parts), &mut ctx)
    })?
    .map_err(err)?;
    Ok(class.to_string())
}

/// A proof that the winner of `game` (one position, or a list of them: a
/// sum of partizan positions) wins with `first` ("left" or "right") moving
/// first, as the text `mex value GAME POSITION --first FIRST --proof FILE`
/// (or `mex sum ... --proof FILE`) writes (docs/proof-format.md): a
/// strategy for the winner; `check_proof` verifies it. Within `memory`
/// bytes for the search and the proof (default 4 GiB), consulting `db` as
/// [`winner`] (the checker never does).
///
/// >>> import mex
/// >>> text = mex.prove(mex.Game("domineering", "3x3"), "left")
/// >>> text.splitlines()[0]
/// 'mex-proof 1 domineering'
/// >>> mex.prove([mex.Game("clobber", "xoxo"), mex.Game("domineering", "2x3")], "left").splitlines()[1]
/// 'part clobber xoxo'
#[pyfunction]
#[pyo3(signature = (game, first, memory = None, db = None))]
pub fn prove(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    first: &str,
    memory: Option<usize>,
    db: Option<&str>,
) -> PyResult<String> {
    let player = match first_player(first)? {
        Side::Left => Player::Left,
        _ => Player::Right,
    };
    let games: Vec<PyRef<'_, Game>> = match game.extract::<PyRef<'_, Game>>() {
        Ok(one) => vec![one],
        Err(_) => game.extract().map_err(|_| {
            PyValueError::new_err("prove takes a mex.Game or a list of mex.Game (a sum)")
        })?,
    };
    let parts = parts(&games);
    let ctx = context(memory, db, &games_of(&parts))?;
    let proof = interruptible(py, move || {
        proof::prove_sum(&summands(&parts), player, &ctx)
    })?
    .map_err(err)?;
    Ok(proof.to_text())
}

/// Verifies a proof (the text `prove` returns or `--proof` writes) by the
/// rules of its game alone, with no search, within `memory` bytes (default
/// 4 GiB). Returns a dict: `game`, `position`, `first` and `winner`
/// ("Left" or "Right"), `holds` (bool), `nodes` (int) and `flaw` (None,
/// or the node where the proof fails and what is wrong there). Raises
/// ValueError when the text is not a proof.
///
/// >>> import mex
/// >>> mex.check_proof(mex.prove(mex.Game("clobber", "xoxo/oxox"), "right"))["holds"]
/// True
#[pyfunction]
#[pyo3(signature = (text, memory = None))]
pub fn check_proof<'py>(
    py: Python<'py>,
    text: String,
    memory: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let ctx = context(memory, None, &[])?;
    let proof = WinnerProof::parse(&text).map_err(err)?;
    let (proof, verdict) = interruptible(py, move || {
        let verdict = proof.verify(&ctx);
        (proof, verdict)
    })?;
    let flaw = verdict.map_err(err)?.err().map(|flaw| flaw.to_string());
    let (game, position) = proof.subject();
    let out = PyDict::new(py);
    out.set_item("game", game)?;
    out.set_item("position", position)?;
    out.set_item("first", format!("{:?}", proof.first()))?;
    out.set_item("winner", format!("{:?}", proof.winner()))?;
    out.set_item("holds", flaw.is_none())?;
    out.set_item("nodes", proof.nodes())?;
    out.set_item("flaw", flaw)?;
    Ok(out)
}
