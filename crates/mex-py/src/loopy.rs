//! `mex.LoopyValue`: a loopy partizan game (Siegel 2013, ch. VI) read in
//! CGSuite's notation; `mex.CGValue("on")` gives one. It holds the core's
//! value ([`mex_core::partizan::loopy::LoopyValue`]): sums, negatives and
//! comparisons work on that data, never on printed text, so a value whose
//! printed form is longer than the notation reads stays usable. What it
//! reports is `mex game`'s report of that value
//! ([`mex_present::loopy::LoopyReport`]).

use super::{err, interruptible};
use mex_core::partizan::loopy::{notation, sides, LoopyValue as Value};
use mex_core::MexError;
use mex_present::loopy::LoopyReport;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use std::cmp::Ordering;

/// A loopy game: its value (simplest form of a stopper, or sides), held as
/// the core's data, and the report of that value (outcome with draws,
/// stops, printed forms).
#[pyclass(frozen, module = "mex")]
#[derive(Clone)]
pub struct LoopyValue {
    value: Value,
    report: LoopyReport,
}

/// Whether `text` is a loopy game rather than a short one: its syntax
/// tree, read once, is not short (the function the command line routes
/// with, so the two agree).
pub fn is_loopy(text: &str) -> bool {
    notation::looks_loopy(text)
}

/// The value of another operand: a `LoopyValue`, or an int read as the
/// integer it is.
fn operand(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<Value>> {
    if let Ok(v) = other.cast::<LoopyValue>() {
        return Ok(Some(v.get().value.clone()));
    }
    if other.extract::<i64>().is_err() {
        return Ok(None);
    }
    let text = other.str()?.to_string();
    interruptible(py, move || notation::parse_value(&text))?
        .map(Some)
        .map_err(err)
}

impl LoopyValue {
    /// The value `work` computes (Ctrl-C stops it), with its report.
    fn compute(
        py: Python<'_>,
        work: impl FnOnce() -> Result<Value, MexError> + Send + 'static,
    ) -> PyResult<LoopyValue> {
        let (value, report) = interruptible(py, move || {
            let value = work()?;
            let report = LoopyReport::of(&value)?;
            Ok((value, report))
        })?
        .map_err(err)?;
        Ok(LoopyValue { value, report })
    }

    /// Reads `text` (within the CLI's limits; Ctrl-C stops it).
    pub fn read(py: Python<'_>, text: &str) -> PyResult<LoopyValue> {
        let owned = text.to_string();
        LoopyValue::compute(py, move || notation::parse_value(&owned))
    }

    /// `self + other`, or `self - other` (`negate`), as a Python object.
    fn sum(&self, py: Python<'_>, other: &Bound<'_, PyAny>, negate: bool) -> PyResult<Py<PyAny>> {
        let Some(b) = operand(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let a = self.value.clone();
        let b = if negate { b.negative() } else { b };
        let v = LoopyValue::compute(py, move || sides::add(&a, &b))?;
        Ok(Py::new(py, v)?.into_any())
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
        self.sum(py, other, false)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    /// `G - H`.
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.sum(py, other, true)
    }

    /// `-G`: −(G & H) = −H & −G.
    fn __neg__(&self, py: Python<'_>) -> PyResult<LoopyValue> {
        let v = self.value.negative();
        LoopyValue::compute(py, move || Ok(v))
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
        let Some(b) = operand(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let a = self.value.clone();
        let order = interruptible(py, move || sides::order(&a, &b))?.map_err(err)?;
        let answer = match op {
            CompareOp::Eq => order == Some(Ordering::Equal),
            CompareOp::Ne => order != Some(Ordering::Equal),
            CompareOp::Lt => order == Some(Ordering::Less),
            CompareOp::Le => matches!(order, Some(Ordering::Less | Ordering::Equal)),
            CompareOp::Gt => order == Some(Ordering::Greater),
            CompareOp::Ge => matches!(order, Some(Ordering::Greater | Ordering::Equal)),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.report.value.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.report.value.clone()
    }

    fn __repr__(&self) -> String {
        format!("CGValue({:?})", self.report.value)
    }
}
