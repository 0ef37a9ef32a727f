//! Rulesets written in Python (issue 26), evaluated by mex's engines.
//!
//! A ruleset is a few Python functions: the options of a position (Left's
//! and Right's for a partizan game), and optionally its independent
//! components and a key for symmetric positions (the hooks of
//! `ImpartialRuleset` and `PartizanRuleset`, after CGSuite's rulesets).
//! Positions are interned here: each distinct key (`key(position)`, else
//! the position, hashed and compared by Python in a dict) gets a `u32` id,
//! and the options of a position are asked for once, all at a time, and
//! kept as ids. The engines then run over ids with the interpreter
//! released: the Sprague–Grundy solver (`impartial::grundy`), canonical
//! forms built bottom-up in a budgeted `GameStore`, the misère genus
//! (`Genus::from_options`, Conway 1976 ch. 12 / Winning Ways ch. 13), and
//! win/loss/draw with remoteness by retrograde analysis for loopy rulesets
//! (`solve::retrograde`). The Python glue (`mex.ruleset`) builds the game
//! objects, moves and sums over [`RulesetEngine`].
//!
//! Errors: an exception raised in a callback reaches the caller unchanged
//! (the same object), and a position's options are stored only once the
//! callback's whole answer is read, so nothing is left half-computed; a
//! callback's answer that is not an iterable of hashable positions is a
//! `TypeError` naming it; a position reached again from itself in a ruleset
//! not declared loopy is a `ValueError` (found on the search's stack, so
//! never a hang); the memory of the interned positions and of every table
//! is counted against one budget (`memory=`, bytes), and Ctrl-C stops both
//! the callbacks' phase and the engines'.

mod pruned;

use super::{err, CGValue, MAX_NIMBER_FORM};
use mex_core::impartial::grundy::{GrundySolver, TranspositionTable};
use mex_core::impartial::mex::mex;
use mex_core::impartial::misere::Genus;
use mex_core::impartial::ruleset::ImpartialRuleset;
use mex_core::partizan::store::{GameId, GameStore, OutcomeClass, DEFAULT_BUDGET};
use mex_core::partizan::value::CanonicalForm;
use mex_core::solve::graph::ExplicitGraph;
use mex_core::solve::retrograde;
use mex_core::stop::{self, StopToken};
use mex_core::MexError;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::cell::Cell;
use std::sync::{Mutex, MutexGuard, TryLockError};

/// Bytes counted for a node besides its options and the key's own size
/// (`__sizeof__`): the node, the position's reference, the dict entry and
/// the per-engine memos.
const NODE_BYTES: usize = std::mem::size_of::<Node>() + 8 + 64 + 32;

/// One interned position: its options as ids, asked for once.
#[derive(Default)]
struct Node {
    /// Left's options (every option of an impartial position).
    left: Option<Box<[u32]>>,
    /// Right's options (partizan rulesets only).
    right: Option<Box<[u32]>>,
    /// `components(position)`: `Some(None)` once asked when the position
    /// does not split, `Some(Some(parts))` when it is a sum of two or more.
    parts: Option<Option<Box<[u32]>>>,
}

/// What a search follows from a position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Values of normal play: a position that splits is its components.
    Values,
    /// Every option (misère play, loopy play): components are not used.
    Options,
}

/// The interned positions and what the engines know of them.
struct State {
    /// key → id (a Python dict: Python's hash and `==`).
    index: Py<PyDict>,
    /// The representative position of each id (the first one met).
    positions: Vec<Py<PyAny>>,
    nodes: Vec<Node>,
    /// Whether everything reachable from the id is expanded (and, for a
    /// ruleset not declared loopy, acyclic), per [`Mode`].
    done_values: Vec<bool>,
    done_options: Vec<bool>,
    /// Grundy values (`u64::MAX`: unknown) and how many are known.
    grundy: Vec<u64>,
    grundy_known: usize,
    /// Canonical forms in `store`.
    store: GameStore,
    canonical: Vec<Option<GameId>>,
    genus: Vec<Option<Genus>>,
    /// Bytes of the tables counted so far.
    bytes: usize,
    /// Callbacks made (for the speed figures).
    calls: u64,
    /// Positions expanded by the pruned searches (`pruned.rs`).
    expanded: u64,
}

thread_local! {
    /// Set while this thread runs a ruleset's callback, so that a callback
    /// using its own ruleset gets an error instead of a deadlock.
    static IN_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

/// A Python ruleset's engine: the callbacks, the interned positions and the
/// engines' memo tables.
#[pyclass(frozen, module = "mex._mex")]
pub struct RulesetEngine {
    partizan: bool,
    loopy: bool,
    /// `options` (impartial) or `left`.
    left: Py<PyAny>,
    right: Option<Py<PyAny>>,
    components: Option<Py<PyAny>>,
    key: Option<Py<PyAny>>,
    /// The memory budget in bytes of the interned positions with the
    /// engines' memos and search tables, and again of the canonical forms'
    /// store.
    memory: usize,
    state: Mutex<State>,
}

/// Where a position given to an engine came from, for its errors.
fn given() -> String {
    "the ruleset was given".into()
}

/// Calls a callback of the user with the interpreter's flag set.
fn call_user<'py>(f: &Bound<'py, PyAny>, arg: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let before = IN_CALLBACK.with(|c| c.replace(true));
    let out = f.call1((arg,));
    IN_CALLBACK.with(|c| c.set(before));
    out
}

/// `repr(x)`, at most 80 characters, for messages.
fn short_repr(x: &Bound<'_, PyAny>) -> String {
    let text = x
        .repr()
        .map_or_else(|_| "<unprintable>".to_string(), |r| r.to_string());
    if text.chars().count() > 80 {
        format!("{}…", text.chars().take(79).collect::<String>())
    } else {
        text
    }
}

/// The type name of `x`, for messages.
fn type_name(x: &Bound<'_, PyAny>) -> String {
    x.get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

impl RulesetEngine {
    /// The state, or an error when a callback of this very ruleset asks
    /// for it (another thread's use is waited for with the interpreter
    /// released).
    fn lock(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, State>> {
        loop {
            match self.state.try_lock() {
                Ok(g) => return Ok(g),
                Err(TryLockError::Poisoned(p)) => return Ok(p.into_inner()),
                Err(TryLockError::WouldBlock) if IN_CALLBACK.with(Cell::get) => {
                    return Err(PyRuntimeError::new_err(
                        "a callback of a ruleset used a ruleset while it was being evaluated; callbacks must only compute options",
                    ))
                }
                Err(TryLockError::WouldBlock) => {
                    // Another thread evaluates: let it run (it may need
                    // the interpreter for its callbacks).
                    py.detach(|| std::thread::sleep(std::time::Duration::from_millis(1)));
                    py.check_signals()?;
                }
            }
        }
    }

    /// The id of `position` (interned if new); `what` says, in an error,
    /// where the position came from (built only then: the `repr` of a huge
    /// position costs more than the rest of the work).
    fn intern(
        &self,
        st: &mut State,
        position: &Bound<'_, PyAny>,
        what: &dyn Fn() -> String,
    ) -> PyResult<u32> {
        let py = position.py();
        let key = match &self.key {
            Some(k) => call_user(k.bind(py), position)?,
            None => position.clone(),
        };
        if let Err(e) = key.hash() {
            if e.is_instance_of::<PyTypeError>(py) {
                let new = PyTypeError::new_err(format!(
                    "{} {} ({}), which is not hashable: positions (or their key=) must be hashable, such as tuples, frozensets, strings or ints",
                    what(),
                    short_repr(&key),
                    type_name(&key)
                ));
                new.set_cause(py, Some(e));
                return Err(new);
            }
            return Err(e);
        }
        let index = st.index.bind(py).clone();
        if let Some(id) = index.get_item(&key)? {
            return id.extract::<u32>();
        }
        let key_bytes: usize = key.call_method0("__sizeof__")?.extract().unwrap_or(0);
        self.count_bytes(st, NODE_BYTES + key_bytes)?;
        let id = st.nodes.len() as u32;
        index.set_item(&key, id)?;
        st.positions.push(position.clone().unbind());
        st.nodes.push(Node::default());
        st.done_values.push(false);
        st.done_options.push(false);
        st.grundy.push(u64::MAX);
        st.canonical.push(None);
        st.genus.push(None);
        Ok(id)
    }

    /// Counts `bytes` more of tables against the budget.
    fn count_bytes(&self, st: &mut State, bytes: usize) -> PyResult<()> {
        self.check_room(st, bytes)?;
        st.bytes += bytes;
        Ok(())
    }

    /// Refuses when `bytes` more than the tables counted would exceed the
    /// budget.
    fn check_room(&self, st: &State, bytes: usize) -> PyResult<()> {
        if st.bytes.saturating_add(bytes) > self.memory {
            return Err(err(MexError::too_large(
                "the memory of the positions reached and their tables",
                format!("the memory budget of {} bytes", self.memory),
                "choose a smaller position, or pass a larger memory= (bytes); the positions kept so far count until clear()",
            )));
        }
        Ok(())
    }

    /// The ids of what `f(position)` returns (an iterable of positions),
    /// drawn one at a time: each option drawn is counted against the budget
    /// (its id, and the position when new, by its size), so an iterator
    /// that never ends, even one repeating a position, ends at the budget;
    /// Ctrl-C is checked every 1024 options.
    fn ask(
        &self,
        st: &mut State,
        f: &Bound<'_, PyAny>,
        hook: &str,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Box<[u32]>> {
        st.calls += 1;
        let answer = call_user(f, position)?;
        let iter = answer.try_iter().map_err(|e| {
            let new = PyTypeError::new_err(format!(
                "{hook}({}) returned {} ({}), not an iterable of positions",
                short_repr(position),
                short_repr(&answer),
                type_name(&answer)
            ));
            new.set_cause(position.py(), Some(e));
            new
        })?;
        let mut iter = iter;
        let mut ids = Vec::new();
        let what = || format!("{hook}({}) gave", short_repr(position));
        loop {
            let before = IN_CALLBACK.with(|c| c.replace(true));
            let drawn = iter.next();
            IN_CALLBACK.with(|c| c.set(before));
            let Some(item) = drawn else { break };
            self.check_room(st, 4 * (ids.len() + 1))?;
            ids.push(self.intern(st, &item?, &what)?);
            if ids.len().is_multiple_of(1024) {
                position.py().check_signals()?;
            }
        }
        self.count_bytes(st, 4 * ids.len())?;
        Ok(ids.into_boxed_slice())
    }

    /// Asks the callbacks what the search in `mode` needs of `v`.
    fn expand(&self, py: Python<'_>, st: &mut State, v: u32, mode: Mode) -> PyResult<()> {
        let position = st.positions[v as usize].clone_ref(py).into_bound(py);
        let node = &st.nodes[v as usize];
        if mode == Mode::Values && node.parts.is_none() {
            if let Some(c) = &self.components {
                let parts = self.ask(st, c.bind(py), "components", &position)?;
                let split = (parts.len() >= 2).then_some(parts);
                st.nodes[v as usize].parts = Some(split);
            }
        }
        let node = &st.nodes[v as usize];
        let splits = mode == Mode::Values && matches!(node.parts, Some(Some(_)));
        if splits || node.left.is_some() {
            return Ok(());
        }
        let hook = if self.partizan { "left" } else { "options" };
        let left = self.ask(st, self.left.bind(py), hook, &position)?;
        let right = match &self.right {
            Some(r) => Some(self.ask(st, r.bind(py), "right", &position)?),
            None => None,
        };
        let node = &mut st.nodes[v as usize];
        node.left = Some(left);
        node.right = right;
        Ok(())
    }

    /// The `i`-th child of `v` followed in `mode` (its components, or
    /// Left's then Right's options), once expanded.
    fn child(st: &State, v: u32, i: usize, mode: Mode) -> Option<u32> {
        let node = &st.nodes[v as usize];
        if mode == Mode::Values {
            if let Some(Some(parts)) = &node.parts {
                return parts.get(i).copied();
            }
        }
        let left = node.left.as_deref().unwrap_or(&[]);
        match left.get(i) {
            Some(&c) => Some(c),
            None => node.right.as_deref()?.get(i - left.len()).copied(),
        }
    }

    /// Expands everything reachable from `root` in `mode`, depth first on an
    /// explicit stack; a position met again while on the stack is a cycle,
    /// refused unless the ruleset is loopy.
    fn explore(&self, py: Python<'_>, st: &mut State, root: u32, mode: Mode) -> PyResult<()> {
        if self.loopy {
            return self.explore_loopy(py, st, root).map(|_| ());
        }
        if done(st, root, mode) {
            return Ok(());
        }
        let mut on_stack = rustc_hash_set();
        self.expand(py, st, root, mode)?;
        on_stack.insert(root);
        let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
        let mut steps = 0u32;
        while let Some(top) = stack.last_mut() {
            let (v, i) = *top;
            top.1 += 1;
            let Some(c) = Self::child(st, v, i, mode) else {
                set_done(st, v, mode);
                on_stack.remove(&v);
                stack.pop();
                continue;
            };
            if done(st, c, mode) {
                continue;
            }
            if on_stack.contains(&c) {
                return Err(self.cycle_error(py, st, c, mode));
            }
            steps += 1;
            if steps.is_multiple_of(1024) {
                py.check_signals()?;
            }
            self.expand(py, st, c, mode)?;
            on_stack.insert(c);
            stack.push((c, 0));
        }
        Ok(())
    }

    fn cycle_error(&self, py: Python<'_>, st: &State, c: u32, mode: Mode) -> PyErr {
        let position = short_repr(st.positions[c as usize].bind(py));
        let through = if mode == Mode::Values && self.components.is_some() {
            "options or components"
        } else {
            "options"
        };
        PyValueError::new_err(format!(
            "the position {position} is reached again from itself through its {through}: play would never end; a ruleset whose positions can repeat must be declared loopy=True (components must be strictly simpler positions)"
        ))
    }

    /// Every position reachable from `root` (root first), expanded.
    fn explore_loopy(&self, py: Python<'_>, st: &mut State, root: u32) -> PyResult<Vec<u32>> {
        let mut seen = rustc_hash_set();
        seen.insert(root);
        let mut order = vec![root];
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            if next.is_multiple_of(1024) {
                py.check_signals()?;
            }
            self.expand(py, st, v, Mode::Options)?;
            let mut i = 0;
            while let Some(c) = Self::child(st, v, i, Mode::Options) {
                i += 1;
                if seen.insert(c) {
                    order.push(c);
                }
            }
        }
        Ok(order)
    }

    /// The id of `position`, with everything the engines need in `mode`
    /// expanded.
    fn prepare(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        mode: Mode,
    ) -> PyResult<(MutexGuard<'_, State>, u32)> {
        let mut st = self.lock(py)?;
        let id = self.intern(&mut st, position, &given)?;
        self.explore(py, &mut st, id, mode)?;
        Ok((st, id))
    }

    /// The retrograde values at `position` of every position reachable
    /// from it: `[mover]` (impartial) or `[Left first, Right first]`.
    fn loopy_values(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<retrograde::Value>> {
        if !self.loopy {
            return Err(PyValueError::new_err(
                "win/loss/draw is computed for rulesets declared loopy=True; use outcome()",
            ));
        }
        let mut st = self.lock(py)?;
        let root = self.intern(&mut st, position, &given)?;
        let order = self.explore_loopy(py, &mut st, root)?;
        let st = &*st;
        let partizan = self.partizan;
        interruptible_scoped(py, || {
            let graph = ExplicitGraph::from_successors(loopy_graph(&st.nodes, &order, partizan));
            let values = retrograde::solve(&graph)?;
            Ok::<_, MexError>(values[..if partizan { 2 } else { 1 }].to_vec())
        })?
        .map_err(err)
    }

    fn refuse_loopy(&self, what: &str) -> PyResult<()> {
        if self.loopy {
            return Err(PyValueError::new_err(format!(
                "{what} is defined for games that end; this ruleset is loopy: use value() (win, loss or draw)"
            )));
        }
        Ok(())
    }

    fn refuse_partizan(&self, what: &str) -> PyResult<()> {
        if self.partizan {
            return Err(PyValueError::new_err(format!(
                "{what} is defined for impartial rulesets; this one is partizan: use canonical()"
            )));
        }
        Ok(())
    }
}

/// The successors of the positions `order` (the root first) as local
/// indices: one node per position (impartial), or two, `2i` with Left to
/// move and `2i + 1` with Right to move (partizan).
fn loopy_graph(nodes: &[Node], order: &[u32], partizan: bool) -> Vec<Vec<usize>> {
    let local: std::collections::HashMap<u32, usize> =
        order.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let ids = |list: &Option<Box<[u32]>>, turn: usize, scale: usize| -> Vec<usize> {
        let list = list.as_deref().unwrap_or(&[]);
        list.iter().map(|c| scale * local[c] + turn).collect()
    };
    let mut out = Vec::with_capacity(order.len() * if partizan { 2 } else { 1 });
    for &v in order {
        let node = &nodes[v as usize];
        if partizan {
            out.push(ids(&node.left, 1, 2));
            out.push(ids(&node.right, 0, 2));
        } else {
            out.push(ids(&node.left, 0, 1));
        }
    }
    out
}

/// The outcome of a loopy partizan position from its values with Left
/// first and with Right first: `L`, `R`, `N` or `P` when neither is a
/// draw, else who wins with each first player (`Left first: draw, Right
/// first: Left`).
fn loopy_class(values: &[retrograde::Value]) -> String {
    use retrograde::Value::{Draw, Loss, Win};
    let winner = |v: retrograde::Value, mover: &'static str, other: &'static str| match v {
        Win(_) => mover,
        Loss(_) => other,
        Draw => "draw",
    };
    let left_first = winner(values[0], "Left", "Right");
    let right_first = winner(values[1], "Right", "Left");
    match (left_first, right_first) {
        ("Left", "Left") => "L".into(),
        ("Right", "Right") => "R".into(),
        ("Left", "Right") => "N".into(),
        ("Right", "Left") => "P".into(),
        (a, b) => format!("Left first: {a}, Right first: {b}"),
    }
}

/// A retrograde value as (win, loss or draw; the remoteness of a win or
/// a loss).
fn with_remoteness(value: retrograde::Value) -> (String, Option<u32>) {
    let remoteness = match value {
        retrograde::Value::Win(r) | retrograde::Value::Loss(r) => Some(r),
        retrograde::Value::Draw => None,
    };
    (value.outcome().to_string(), remoteness)
}

fn rustc_hash_set() -> std::collections::HashSet<u32> {
    std::collections::HashSet::new()
}

fn done(st: &State, v: u32, mode: Mode) -> bool {
    match mode {
        Mode::Values => st.done_values[v as usize],
        Mode::Options => st.done_options[v as usize],
    }
}

fn set_done(st: &mut State, v: u32, mode: Mode) {
    match mode {
        Mode::Values => st.done_values[v as usize] = true,
        Mode::Options => st.done_options[v as usize] = true,
    }
}

/// Runs `work` (borrowing the caller's data) on a scoped thread under a stop
/// token while this thread, with the interpreter released, checks for
/// Ctrl-C every 50 ms: a pending signal stops the work at its engine's next
/// `stop::check()` and is raised.
fn interruptible_scoped<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let token = StopToken::new();
    let worker_token = token.clone();
    let (sender, receiver) = std::sync::mpsc::channel();
    py.detach(move || {
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let _ = sender.send(stop::run_under(&worker_token, work));
            });
            loop {
                match receiver.recv_timeout(std::time::Duration::from_millis(50)) {
                    Ok(result) => return Ok(result),
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                        if let Some(e) = super::interrupted() {
                            // The scope joins the worker, stopped at its
                            // engine's next check.
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
            }
        })
    })
}

/// The explored graph as a ruleset over ids for the Sprague–Grundy solver.
struct IdRules<'a> {
    nodes: &'a [Node],
}

impl mex_core::ruleset::Ruleset for IdRules<'_> {
    type Position = u32;
}

impl ImpartialRuleset for IdRules<'_> {
    fn options(&self, position: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(
            self.nodes[*position as usize]
                .left
                .as_deref()
                .unwrap_or(&[]),
        );
    }
    fn decompose(&self, position: &u32) -> Option<Vec<u32>> {
        match &self.nodes[*position as usize].parts {
            Some(Some(parts)) => Some(parts.to_vec()),
            _ => None,
        }
    }
}

/// The solver's table: the state's Grundy values by id.
struct IdTable<'a> {
    values: &'a mut [u64],
    known: &'a mut usize,
}

impl TranspositionTable<u32> for IdTable<'_> {
    fn get(&self, key: &u32) -> Option<u64> {
        let v = self.values[*key as usize];
        (v != u64::MAX).then_some(v)
    }
    fn insert(&mut self, key: u32, value: u64) {
        if self.values[key as usize] == u64::MAX {
            *self.known += 1;
        }
        self.values[key as usize] = value;
    }
    fn len(&self) -> usize {
        *self.known
    }
}

/// The children of `v` in `mode` as a list (expanded nodes only).
fn children(nodes: &[Node], v: u32, mode: Mode) -> (Vec<u32>, Vec<u32>, bool) {
    let node = &nodes[v as usize];
    if mode == Mode::Values {
        if let Some(Some(parts)) = &node.parts {
            return (parts.to_vec(), Vec::new(), true);
        }
    }
    (
        node.left.as_deref().unwrap_or(&[]).to_vec(),
        node.right.as_deref().unwrap_or(&[]).to_vec(),
        false,
    )
}

/// Computes `memo[v]` for every `v` below `root` children first (an
/// explicit stack: deep games do not overflow), `make(v, children)` from the
/// children's values.
fn bottom_up<T: Clone>(
    nodes: &[Node],
    memo: &mut [Option<T>],
    root: u32,
    mode: Mode,
    mut make: impl FnMut(&[T], &[T], bool) -> Result<T, MexError>,
) -> Result<T, MexError> {
    let mut stack = vec![root];
    while let Some(&v) = stack.last() {
        stop::check()?;
        if memo[v as usize].is_some() {
            stack.pop();
            continue;
        }
        let (left, right, split) = children(nodes, v, mode);
        let missing: Vec<u32> = left
            .iter()
            .chain(&right)
            .copied()
            .filter(|&c| memo[c as usize].is_none())
            .collect();
        if !missing.is_empty() {
            stack.extend(missing);
            continue;
        }
        let value_of = |c: &u32| memo[*c as usize].clone().expect("children first");
        let l: Vec<T> = left.iter().map(value_of).collect();
        let r: Vec<T> = right.iter().map(value_of).collect();
        memo[v as usize] = Some(make(&l, &r, split)?);
        stack.pop();
    }
    Ok(memo[root as usize].clone().expect("computed above"))
}

impl State {
    fn grundy_of(&mut self, root: u32) -> Result<u64, MexError> {
        let table = IdTable {
            values: &mut self.grundy,
            known: &mut self.grundy_known,
        };
        let rules = IdRules { nodes: &self.nodes };
        GrundySolver::with_table(rules, table)
            .with_max_positions(usize::MAX)
            .grundy(&root)
    }

    fn canonical_of(&mut self, root: u32) -> Result<GameId, MexError> {
        let store = &mut self.store;
        bottom_up(
            &self.nodes,
            &mut self.canonical,
            root,
            Mode::Values,
            |l, r, split| {
                if split {
                    let zero = store.zero();
                    l.iter().try_fold(zero, |sum, &g| store.try_add(sum, g))
                } else {
                    store.try_make(l.to_vec(), r.to_vec())
                }
            },
        )
    }

    fn genus_of(&mut self, root: u32) -> Result<Genus, MexError> {
        bottom_up(
            &self.nodes,
            &mut self.genus,
            root,
            Mode::Options,
            |l, _, _| Ok(Genus::from_options(&l.iter().collect::<Vec<_>>())),
        )
    }
}

fn outcome_letter(c: OutcomeClass) -> &'static str {
    match c {
        OutcomeClass::L => "L",
        OutcomeClass::R => "R",
        OutcomeClass::N => "N",
        OutcomeClass::P => "P",
    }
}

#[pymethods]
impl RulesetEngine {
    /// `RulesetEngine(options, right=None, components=None, key=None,
    /// loopy=False, memory=1.5 GiB)`: with `right`, `options` is
    /// Left's and the ruleset is partizan. Used by `mex.Ruleset`.
    #[new]
    #[pyo3(signature = (options, right = None, components = None, key = None, loopy = false, memory = DEFAULT_BUDGET))]
    fn new(
        py: Python<'_>,
        options: Py<PyAny>,
        right: Option<Py<PyAny>>,
        components: Option<Py<PyAny>>,
        key: Option<Py<PyAny>>,
        loopy: bool,
        memory: usize,
    ) -> PyResult<RulesetEngine> {
        let memory = super::checked_memory(memory)?;
        for (f, name) in [
            (Some(&options), "options"),
            (right.as_ref(), "right"),
            (components.as_ref(), "components"),
            (key.as_ref(), "key"),
        ] {
            if let Some(f) = f {
                if !f.bind(py).is_callable() {
                    return Err(PyTypeError::new_err(format!(
                        "{name} must be a function of a position, not {}",
                        type_name(f.bind(py))
                    )));
                }
            }
        }
        Ok(RulesetEngine {
            partizan: right.is_some(),
            loopy,
            left: options,
            right,
            components,
            key,
            memory,
            state: Mutex::new(State {
                index: PyDict::new(py).unbind(),
                positions: Vec::new(),
                nodes: Vec::new(),
                done_values: Vec::new(),
                done_options: Vec::new(),
                grundy: Vec::new(),
                grundy_known: 0,
                store: GameStore::with_budget(memory),
                canonical: Vec::new(),
                genus: Vec::new(),
                bytes: 0,
                calls: 0,
                expanded: 0,
            }),
        })
    }

    /// Whether the ruleset has Left and Right options.
    #[getter]
    fn partizan(&self) -> bool {
        self.partizan
    }

    /// Whether positions may repeat (win/loss/draw instead of values).
    #[getter]
    fn loopy(&self) -> bool {
        self.loopy
    }

    /// The Grundy value of an impartial position (Sprague–Grundy solver
    /// over the interned positions; components XORed).
    fn grundy(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        self.refuse_partizan("the Grundy value")?;
        self.refuse_loopy("the Grundy value")?;
        let (mut st, id) = self.prepare(py, position, Mode::Values)?;
        let st = &mut *st;
        interruptible_scoped(py, || st.grundy_of(id))?.map_err(err)
    }

    /// The canonical form: built bottom-up from the options' forms
    /// (dominated options removed, reversible ones bypassed) in the
    /// ruleset's budgeted store; an impartial position's is its nimber.
    fn canonical(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<CGValue> {
        self.refuse_loopy("the canonical form")?;
        if !self.partizan {
            let g = self.grundy(py, position)?;
            if g > u64::from(MAX_NIMBER_FORM) {
                return Err(err(MexError::above_limit(
                    "nimber",
                    g,
                    MAX_NIMBER_FORM,
                    "use grundy() for the value",
                )));
            }
            return Ok(CGValue {
                g: CanonicalForm::nimber(g as u32),
            });
        }
        let (mut st, id) = self.prepare(py, position, Mode::Values)?;
        let st = &mut *st;
        let g = interruptible_scoped(py, || {
            let g = st.canonical_of(id)?;
            Ok::<_, MexError>(CanonicalForm::from_store(&st.store, g))
        })?
        .map_err(err)?;
        Ok(CGValue { g })
    }

    /// The outcome class: P or N (impartial), L, R, N or P (partizan, from
    /// the canonical form), win, loss or draw (loopy).
    fn outcome(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<String> {
        if self.loopy && self.partizan {
            return Ok(loopy_class(&self.loopy_values(py, position)?));
        }
        if self.loopy {
            return Ok(self.loopy_value(py, position)?.0);
        }
        if !self.partizan {
            let g = self.grundy(py, position)?;
            return Ok(if g == 0 { "P" } else { "N" }.into());
        }
        let (mut st, id) = self.prepare(py, position, Mode::Values)?;
        let st = &mut *st;
        let class = interruptible_scoped(py, || {
            let g = st.canonical_of(id)?;
            st.store.try_outcome(g)
        })?
        .map_err(err)?;
        Ok(outcome_letter(class).into())
    }

    /// The misère genus `g^{γ0γ1…}` of an impartial position (its text),
    /// its misère Grundy value γ0 and misère outcome (P iff γ0 = 0), from
    /// the genera of its options (every option: misère sums do not split).
    fn misere(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<(String, u32, String)> {
        self.refuse_partizan("the misère genus")?;
        self.refuse_loopy("the misère genus")?;
        let (mut st, id) = self.prepare(py, position, Mode::Options)?;
        let st = &mut *st;
        let genus = interruptible_scoped(py, || st.genus_of(id))?.map_err(err)?;
        Ok((
            genus.to_string(),
            genus.misere_value(),
            genus.outcome().to_string(),
        ))
    }

    /// Win, loss or draw for the player to move in a loopy impartial
    /// ruleset, with the remoteness of a win or a loss (retrograde analysis
    /// of every position reachable from this one).
    fn loopy_value(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<(String, Option<u32>)> {
        self.refuse_partizan("win/loss/draw for the player to move")?;
        Ok(with_remoteness(self.loopy_values(py, position)?[0]))
    }

    /// A loopy partizan position's win, loss or draw (with remoteness) for
    /// the first player when Left moves first, then when Right does: the
    /// retrograde analysis of the graph of (position, player to move), where
    /// Left's moves lead to Right's turn and Right's to Left's.
    #[allow(clippy::type_complexity)]
    fn loopy_sides(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<((String, Option<u32>), (String, Option<u32>))> {
        if !self.partizan {
            return Err(PyValueError::new_err(
                "the first player's side matters in partizan rulesets; use loopy_value()",
            ));
        }
        let v = self.loopy_values(py, position)?;
        Ok((with_remoteness(v[0]), with_remoteness(v[1])))
    }

    /// The Grundy value of an impartial position by the pruned search
    /// (`ruleset/pruned.rs`), which asks Python only for the positions it
    /// expands; with the number it expanded.
    fn pruned_grundy(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<(u64, u64)> {
        self.refuse_partizan("the Grundy value")?;
        self.refuse_loopy("the Grundy value")?;
        self.pruned(py, position, pruned::Question::Nimber)
    }

    /// Whether an impartial position is a P-position (Grundy value 0) by
    /// the pruned search; with the number of positions it expanded.
    fn pruned_is_zero(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<(bool, u64)> {
        self.refuse_partizan("the outcome by the pruned search")?;
        self.refuse_loopy("the outcome by the pruned search")?;
        let (zero, expanded) = self.pruned(py, position, pruned::Question::IsZero)?;
        Ok((zero == 1, expanded))
    }

    /// Positions expanded by the pruned searches so far.
    fn expanded(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.lock(py)?.expanded)
    }

    /// Number of positions interned so far.
    fn positions(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.lock(py)?.nodes.len())
    }

    /// Number of callbacks made so far (options, left, right, components).
    fn callbacks(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.lock(py)?.calls)
    }

    /// Forgets every position and value.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        let mut st = self.lock(py)?;
        *st = State {
            index: PyDict::new(py).unbind(),
            positions: Vec::new(),
            nodes: Vec::new(),
            done_values: Vec::new(),
            done_options: Vec::new(),
            grundy: Vec::new(),
            grundy_known: 0,
            store: GameStore::with_budget(self.memory),
            canonical: Vec::new(),
            genus: Vec::new(),
            bytes: 0,
            calls: 0,
            expanded: 0,
        };
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Heap rulesets

/// Most heap values a heap ruleset computes.
pub const MAX_HEAP_VALUES: usize = 1 << 20;

/// A heap ruleset's nim sequence: `options(n)` gives, for a heap of `n`,
/// each option as an iterable of the heaps left (each smaller than `n`);
/// `G(n)` is the MEX of the XORs of the options' heaps (Sprague–Grundy).
#[pyclass(frozen, module = "mex._mex")]
pub struct HeapEngine {
    options: Py<PyAny>,
    values: Mutex<Vec<u64>>,
}

impl HeapEngine {
    /// G(n) from the values below n.
    fn next_value(&self, py: Python<'_>, values: &[u64]) -> PyResult<u64> {
        let n = values.len();
        let heap = n.into_pyobject(py)?.into_any();
        let answer = call_user(self.options.bind(py), &heap)?;
        let what = format!("options({n})");
        let iter = answer.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} returned {} ({}), not an iterable of options (each an iterable of heaps)",
                short_repr(&answer),
                type_name(&answer)
            ))
        })?;
        let mut xors = Vec::new();
        for option in iter {
            let option = option?;

            let heaps: Vec<Bound<'_, PyAny>> = match option.extract::<usize>() {
                Ok(_) => vec![option.clone()],
                Err(_) => option
                    .try_iter()
                    .map_err(|_| {
                        PyTypeError::new_err(format!(
                            "{what} gave the option {} ({}), not an iterable of heap sizes",
                            short_repr(&option),
                            type_name(&option)
                        ))
                    })?
                    .collect::<PyResult<_>>()?,
            };
            let mut x = 0u64;
            for h in heaps {
                let size = h.extract::<usize>().ok().filter(|&s| s < n).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "{what} gave the option {} with the heap {}: heaps left must be ints from 0 to {}",
                        short_repr(&option),
                        short_repr(&h),
                        n.saturating_sub(1)
                    ))
                })?;
                x ^= values[size];
            }
            xors.push(x);
        }
        Ok(mex(xors))
    }
}

#[pymethods]
impl HeapEngine {
    #[new]
    fn new(py: Python<'_>, options: Py<PyAny>) -> PyResult<HeapEngine> {
        if !options.bind(py).is_callable() {
            return Err(PyTypeError::new_err(
                "options must be a function of a heap size",
            ));
        }
        Ok(HeapEngine {
            options,
            values: Mutex::new(Vec::new()),
        })
    }

    /// G(0) … G(n−1), computed once and kept.
    fn values(&self, py: Python<'_>, n: usize) -> PyResult<Vec<u64>> {
        if n > MAX_HEAP_VALUES {
            return Err(err(MexError::above_limit(
                "heap values",
                n,
                MAX_HEAP_VALUES,
                "ask for fewer values",
            )));
        }
        let mut values = match self.values.try_lock() {
            Ok(v) => v,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(PyRuntimeError::new_err(
                    "the heap ruleset is being evaluated (by a callback or another thread)",
                ))
            }
        };
        while values.len() < n {
            let g = self.next_value(py, &values)?;
            values.push(g);
            if values.len().is_multiple_of(1024) {
                py.check_signals()?;
            }
        }
        Ok(values[..n].to_vec())
    }
}

/// The options of a heap of `n` under a take-and-break code, as the sorted
/// lists of (non-empty) heaps left, sorted (the catalog's
/// `TakeBreakCode::options`); for comparing a Python heap rule with a code.
#[pyfunction]
pub fn take_break_options(code: &str, n: usize) -> PyResult<Vec<Vec<usize>>> {
    let code: mex_core::heap::code::TakeBreakCode = code.parse().map_err(err)?;
    if n > MAX_HEAP_VALUES {
        return Err(err(MexError::above_limit(
            "heap",
            n,
            MAX_HEAP_VALUES,
            "use a smaller heap",
        )));
    }
    let mut out: Vec<Vec<usize>> = code
        .options(n)
        .into_iter()
        .map(|(_, mut heaps)| {
            heaps.sort_unstable();
            heaps
        })
        .collect();
    out.sort();
    Ok(out)
}
