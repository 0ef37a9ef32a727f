//! `mex.LoopyValue`: a loopy partizan game (Siegel 2013, ch. VI) read in
//! CGSuite's notation, as `mex game` reports it
//! ([`mex_present::loopy::LoopyReport`]); `mex.CGValue("on")` gives one.

use super::{err, interruptible};
use mex_core::partizan::loopy::notation;
use mex_present::loopy::{LoopyCompareReport, LoopyReport};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;

/// A loopy game: its simplest form (stoppers) or sides, outcome with
/// draws and stops.
#[pyclass(frozen, module = "mex")]
#[derive(Clone)]
pub struct LoopyValue {
    text: String,
    report: LoopyReport,
}

/// Whether `text` is a loopy game rather than a short one: its syntax
/// tree, read once, is not short (the function the command line routes
/// with, so the two agree).
pub fn is_loopy(text: &str) -> bool {
    notation::looks_loopy(text)
}

/// The text of another operand: a `LoopyValue` or an int.
fn operand_text(other: &Bound<'_, PyAny>) -> Option<String> {
    match other.cast::<LoopyValue>() {
        Ok(v) => Some(v.get().text.clone()),
        Err(_) => match other.str() {
            Ok(s) if other.extract::<i64>().is_ok() => Some(s.to_string()),
            _ => None,
        },
    }
}

impl LoopyValue {
    /// The value of `text`, as a Python object.
    fn combined(&self, py: Python<'_>, text: String) -> PyResult<Py<PyAny>> {
        Ok(Py::new(py, LoopyValue::read(py, &text)?)?.into_any())
    }

    /// Reads `text` (within the CLI's limits; Ctrl-C stops it).
    pub fn read(py: Python<'_>, text: &str) -> PyResult<LoopyValue> {
        let owned = text.to_string();
        let report = interruptible(py, move || LoopyReport::evaluate(&owned))?.map_err(err)?;
        Ok(LoopyValue {
            text: report.canonical.clone(),
            report,
        })
    }
}

#[pymethods]
impl LoopyValue {
    /// `LoopyValue("on")`, `LoopyValue("{0|pass}")`, `LoopyValue("over & v")`.
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<LoopyValue> {
        LoopyValue::read(py, text)
    }

    /// Whether the game is a stopper.
    #[getter]
    fn is_stopper(&self) -> bool {
        self.report.stopper
    }

    /// The outcome with draws: L, R, N, P, D, NHat, PHat, NCheck, PCheck.
    fn outcome(&self) -> String {
        self.report.outcome.clone()
    }

    /// The Left stop (stoppers), e.g. `3/2under`; None otherwise.
    fn left_stop(&self) -> Option<String> {
        self.report.left_stop.clone()
    }

    /// The Right stop (stoppers); None otherwise.
    fn right_stop(&self) -> Option<String> {
        self.report.right_stop.clone()
    }

    /// `G + H`: the sum, sides added as (G & H) + (J & K) = (G + J)⁺ &
    /// (H + K)⁻ (Siegel 2013, §VI.4).
    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match operand_text(other) {
            Some(b) => self.combined(py, format!("({}) + ({b})", self.text)),
            None => Ok(py.NotImplemented()),
        }
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    /// `G - H`.
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match operand_text(other) {
            Some(b) => self.combined(py, format!("({}) - ({b})", self.text)),
            None => Ok(py.NotImplemented()),
        }
    }

    /// `-G`: −(G & H) = −H & −G.
    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.combined(py, format!("-({})", self.text))
    }

    /// The onside (a stopper is its own); None when not found.
    fn onside(&self) -> Option<String> {
        self.report.onside.clone()
    }

    /// The offside; None when not found.
    fn offside(&self) -> Option<String> {
        self.report.offside.clone()
    }

    /// `<`, `>`, `==` and the rest by survival (stoppers) or side by side;
    /// games whose sides were not found raise ValueError.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(other_text) = operand_text(other) else {
            return Ok(py.NotImplemented());
        };
        let (a, b) = (self.text.clone(), other_text);
        let rel = interruptible(py, move || LoopyCompareReport::compare(&a, &b))?
            .map_err(err)?
            .relation;
        let answer = match op {
            CompareOp::Eq => rel == "=",
            CompareOp::Ne => rel != "=",
            CompareOp::Lt => rel == "<",
            CompareOp::Le => rel == "<" || rel == "=",
            CompareOp::Gt => rel == ">",
            CompareOp::Ge => rel == ">" || rel == "=",
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("CGValue({:?})", self.text)
    }
}
