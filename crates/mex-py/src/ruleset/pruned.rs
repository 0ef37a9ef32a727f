//! The pruned nimber search (Beling and Rogalski 2020,
//! `mex_core::impartial::search`) for ONE position of a Python ruleset,
//! asking Python lazily: a position's options (and components) are asked
//! only when the search expands it, once (they join the ruleset's interned
//! graph, shared with the full engines), so a question the search settles
//! early never visits most of the game.
//!
//! The search runs on this thread with the interpreter held (it calls
//! Python as it goes). A callback's exception, an interning refusal
//! (`memory=`, an unhashable answer) or Ctrl-C (polled every 256
//! expansions) is kept and the search stopped through its stop token; the
//! search's answer and table are then discarded and the exception raised
//! unchanged. The search's own path refuses a cycle
//! (`NimberSearch::with_cycle_check`), and a position among its own
//! components is one. Nimbers found are copied into the ruleset's Grundy
//! table only after a search that succeeded.

use super::{err, Mode, RulesetEngine, State};
use mex_core::impartial::ruleset::ImpartialRuleset;
use mex_core::impartial::search::NimberSearch;
use mex_core::stop::{self, StopToken};
use mex_core::MexError;
use num_bigint::BigUint;
use pyo3::prelude::*;
use std::cell::{Cell, RefCell};

/// What is asked of the position.
#[derive(Clone, Copy)]
pub(super) enum Question {
    /// Its nimber.
    Nimber,
    /// Whether its nimber is 0 (1 if so).
    IsZero,
}

/// The interned positions as an `ImpartialRuleset` over ids that calls
/// Python for what it has not asked yet.
struct Lazy<'a, 'py> {
    engine: &'a RulesetEngine,
    py: Python<'py>,
    st: RefCell<&'a mut State>,
    failure: RefCell<Option<PyErr>>,
    token: StopToken,
    expansions: Cell<u64>,
}

impl Lazy<'_, '_> {
    /// Keeps the first failure and stops the search.
    fn fail(&self, e: PyErr) {
        self.failure.borrow_mut().get_or_insert(e);
        self.token.stop();
    }

    fn failed(&self) -> bool {
        self.failure.borrow().is_some()
    }

    /// Asks `options(v)` unless asked already.
    fn ensure_options(&self, v: u32) -> PyResult<()> {
        let mut st = self.st.borrow_mut();
        let st = &mut **st;
        if st.nodes[v as usize].left.is_some() {
            return Ok(());
        }
        let position = st.positions[v as usize]
            .clone_ref(self.py)
            .into_bound(self.py);
        let options = self
            .engine
            .ask(st, self.engine.left.bind(self.py), "options", &position)?;
        st.nodes[v as usize].left = Some(options);
        Ok(())
    }

    /// Asks `components(v)` unless asked already; a position among its
    /// own components is a cycle.
    fn ensure_parts(&self, v: u32, components: &Py<PyAny>) -> PyResult<()> {
        let mut st = self.st.borrow_mut();
        let st = &mut **st;
        if st.nodes[v as usize].parts.is_some() {
            return Ok(());
        }
        let position = st.positions[v as usize]
            .clone_ref(self.py)
            .into_bound(self.py);
        let parts = self
            .engine
            .ask(st, components.bind(self.py), "components", &position)?;
        if parts.len() >= 2 && parts.contains(&v) {
            return Err(self.engine.cycle_error(self.py, st, v, Mode::Values));
        }
        st.nodes[v as usize].parts = Some((parts.len() >= 2).then_some(parts));
        Ok(())
    }
}

impl mex_core::ruleset::Ruleset for Lazy<'_, '_> {
    type Position = u32;
}

impl ImpartialRuleset for Lazy<'_, '_> {
    fn options(&self, v: &u32, out: &mut Vec<u32>) {
        if self.failed() {
            return;
        }
        let n = self.expansions.get() + 1;
        self.expansions.set(n);
        if n.is_multiple_of(256) {
            if let Err(e) = self.py.check_signals() {
                return self.fail(e);
            }
        }
        match self.ensure_options(*v) {
            Ok(()) => {
                let st = self.st.borrow();
                out.extend_from_slice(st.nodes[*v as usize].left.as_deref().unwrap_or(&[]));
            }
            Err(e) => self.fail(e),
        }
    }

    fn decompose(&self, v: &u32) -> Option<Vec<u32>> {
        let components = self.engine.components.as_ref()?;
        if self.failed() {
            return None;
        }
        if let Err(e) = self.ensure_parts(*v, components) {
            self.fail(e);
            return None;
        }
        let st = self.st.borrow();
        match &st.nodes[*v as usize].parts {
            Some(Some(parts)) => Some(parts.to_vec()),
            _ => None,
        }
    }

    fn known_grundy(&self, v: &u32) -> Option<BigUint> {
        let g = self.st.borrow().grundy[*v as usize];
        (g != u64::MAX).then(|| g.into())
    }
}

impl RulesetEngine {
    /// The pruned search's answer to `question` about `position`, with the
    /// number of expansions it made (options asked of a position, from
    /// Python or from the interned graph; a position re-searched for other
    /// nimbers counts again).
    pub(super) fn pruned(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        question: Question,
    ) -> PyResult<(u64, u64)> {
        let mut guard = self.lock(py)?;
        let st = &mut *guard;
        let root = self.intern(st, position, &super::given)?;
        let budget = self.memory.saturating_sub(st.bytes);
        let token = StopToken::new();
        let lazy = Lazy {
            engine: self,
            py,
            st: RefCell::new(st),
            failure: RefCell::new(None),
            token: token.clone(),
            expansions: Cell::new(0),
        };
        let mut search = NimberSearch::new(&lazy)
            .with_cycle_check()
            .with_memory_budget(budget);
        let answer = stop::run_under(&token, || match question {
            Question::Nimber => search.nimber(&root),
            Question::IsZero => search.is_p_position(&root).map(u64::from),
        });
        let repeated = search.repeated().copied();
        let found: Vec<(u32, u64)> = match answer {
            Ok(_) => search.known_nimbers().map(|(&p, v)| (p, v)).collect(),
            Err(_) => Vec::new(),
        };
        drop(search);
        let expanded = lazy.expansions.get();
        let failure = lazy.failure.into_inner();
        let st = lazy.st.into_inner();
        if let Some(e) = failure {
            return Err(e);
        }
        let value = match (answer, repeated) {
            (Ok(v), _) => v,
            (Err(MexError::Invalid { .. }), Some(c)) => {
                return Err(self.cycle_error(py, st, c, Mode::Values))
            }
            (Err(e), _) => return Err(err(e)),
        };
        st.expanded += expanded;
        for (id, g) in found {
            if st.grundy[id as usize] == u64::MAX {
                st.grundy[id as usize] = g;
                st.grundy_known += 1;
            }
        }
        Ok((value, expanded))
    }
}
