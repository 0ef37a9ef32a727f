//! `mex.misere_quotient`: the misère quotient of a take-and-break game, as
//! `mex misere-quotient CODE --max-heap N --json` reports it (Plambeck and
//! Siegel 2008; [`mex_core::heap::misere_quotient`]).

use super::{err, interruptible, json_value, natural, to_python};
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::misere_quotient::{HeapRule, ListedHeapRule, MisereQuotient};
use mex_present::misere_quotient::MisereQuotientReport;
use num_bigint::{BigInt, BigUint};
use pyo3::prelude::*;

/// The misère quotient of the heaps up to `max_heap` of an octal or
/// hexadecimal code, as a dict with `order`, `elements` (`name`,
/// `outcome`), `p_portion`, `heaps`, `presentation`, `table`, `period`
/// (None unless proven) and, given `outcome=[3, 5, 7]`, `outcome` ("P" or
/// "N") for that sum of heaps.
///
/// >>> q = misere_quotient("0.75", 30)
/// >>> q["order"], q["period"]["period"], len(q["p_portion"])
/// (8, 2, 2)
/// >>> misere_quotient("0.333", 3, outcome=[1, 1, 1])["outcome"]
/// 'P'
#[pyfunction]
#[pyo3(signature = (code, max_heap, outcome = None))]
pub fn misere_quotient(
    py: Python<'_>,
    code: &str,
    max_heap: usize,
    outcome: Option<Vec<BigInt>>,
) -> PyResult<Py<PyAny>> {
    let parsed: TakeBreakCode = code.parse().map_err(err)?;
    let name = parsed.to_string();
    report(py, parsed, name, max_heap, outcome)
}

/// The misère quotient of the heaps up to `max_heap` of a rule given by
/// its options listed (`options[n]`: each option of a heap of `n` as the
/// non-empty heaps it leaves), as [`misere_quotient`] reports it, with no
/// period claimed. `HeapRuleset.misere_quotient` (Python) calls it.
#[pyfunction]
#[pyo3(signature = (name, options, max_heap, outcome = None))]
pub fn misere_quotient_of_options(
    py: Python<'_>,
    name: String,
    options: Vec<Vec<Vec<usize>>>,
    max_heap: usize,
    outcome: Option<Vec<BigInt>>,
) -> PyResult<Py<PyAny>> {
    report(py, ListedHeapRule::new(options), name, max_heap, outcome)
}

fn report<R: HeapRule + Send + 'static>(
    py: Python<'_>,
    rule: R,
    name: String,
    max_heap: usize,
    outcome: Option<Vec<BigInt>>,
) -> PyResult<Py<PyAny>> {
    let sum: Option<Vec<BigUint>> = outcome
        .map(|heaps| heaps.iter().map(|h| natural(h, "the heap")).collect())
        .transpose()?;
    let report = interruptible(py, move || {
        let q = MisereQuotient::compute(&rule, max_heap)?;
        let report = MisereQuotientReport::new(&name, &q, sum.as_deref())?;
        json_value(report)
    })?
    .map_err(err)?;
    to_python(py, &report)
}
