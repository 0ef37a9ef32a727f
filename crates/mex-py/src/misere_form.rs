//! `mex.MisereForm`: a misère canonical form of an impartial game (Conway
//! 1976, ONAG ch. 12), in CGSuite's list notation, with every property
//! `mex misere` prints ([`mex_present::misere_form`]).

use super::{err, interruptible};
use mex_present::misere_form::MisereFormReport;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// A misère canonical form: `MisereForm("*[[2],0]")`; `+` is the sum,
/// `==` misère equality (identical simplest forms).
#[pyclass(frozen, module = "mex")]
#[derive(Clone)]
pub struct MisereForm {
    report: MisereFormReport,
}

fn evaluate(py: Python<'_>, text: String) -> PyResult<MisereForm> {
    let report = interruptible(py, move || MisereFormReport::evaluate(&text))?.map_err(err)?;
    Ok(MisereForm { report })
}

#[pymethods]
impl MisereForm {
    /// Reads a form (or a sum of forms) as `mex misere` does.
    #[new]
    fn new(py: Python<'_>, form: String) -> PyResult<Self> {
        evaluate(py, form)
    }

    /// The simplest form, in list notation.
    #[getter]
    fn canonical(&self) -> String {
        self.report.form.canonical.clone()
    }
    #[getter]
    fn birthday(&self) -> u32 {
        self.report.form.birthday
    }
    /// The genus `g^{γ0γ1…}`, as text.
    #[getter]
    fn genus(&self) -> String {
        self.report.form.genus.clone()
    }
    #[getter]
    fn mate(&self, py: Python<'_>) -> PyResult<Self> {
        evaluate(py, self.report.form.mate.clone())
    }
    /// "P" or "N".
    #[getter]
    fn misere_outcome(&self) -> String {
        self.report.form.misere_outcome.to_string()
    }
    #[getter]
    fn nim_value(&self) -> u32 {
        self.report.form.nim_value
    }
    #[getter]
    fn misere_nim_value(&self) -> u32 {
        self.report.form.misere_nim_value
    }
    #[getter]
    fn tame(&self) -> bool {
        self.report.form.tame
    }
    #[getter]
    fn restive(&self) -> bool {
        self.report.form.restive
    }
    #[getter]
    fn restless(&self) -> bool {
        self.report.form.restless
    }
    #[getter]
    fn extraverted(&self) -> bool {
        self.report.form.extraverted
    }
    #[getter]
    fn introverted(&self) -> bool {
        self.report.form.introverted
    }
    #[getter]
    fn prime(&self) -> bool {
        self.report.form.prime
    }
    #[getter]
    fn even(&self) -> bool {
        self.report.form.even
    }
    #[getter]
    fn nim_heap(&self) -> bool {
        self.report.form.nim_heap
    }
    /// The options of the simplest form.
    fn options(&self, py: Python<'_>) -> PyResult<Vec<Self>> {
        forms(py, &self.report.form.options)
    }
    /// The proper parts (even, other than 0 and the game's even one).
    fn parts(&self, py: Python<'_>) -> PyResult<Vec<Self>> {
        forms(py, &self.report.form.parts)
    }
    /// The partitions into primes.
    fn partitions(&self, py: Python<'_>) -> PyResult<Vec<Vec<Self>>> {
        self.report
            .form
            .partitions
            .iter()
            .map(|p| forms(py, p))
            .collect()
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Ok(other) = other.cast::<MisereForm>() else {
            return Ok(py.NotImplemented());
        };
        let text = format!(
            "{}+{}",
            self.report.form.canonical,
            other.get().report.form.canonical
        );
        Ok(evaluate(py, text)?.into_pyobject(py)?.into_any().unbind())
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<MisereForm>() else {
            return Ok(py.NotImplemented());
        };
        let same = self.report.form.canonical == other.get().report.form.canonical;
        match op {
            CompareOp::Eq => Ok(same.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!same).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.report.form.canonical.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.report.form.canonical.clone()
    }

    fn __repr__(&self) -> String {
        format!("MisereForm({:?})", self.report.form.canonical)
    }
}

fn forms(py: Python<'_>, texts: &[String]) -> PyResult<Vec<MisereForm>> {
    texts.iter().map(|t| evaluate(py, t.clone())).collect()
}
