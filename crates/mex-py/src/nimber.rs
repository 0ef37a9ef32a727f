//! `mex.Nimber`: an element of the nimber field (Conway 1976, chapter 6),
//! of any size, with the field's operators, as `mex nimber` computes them
//! ([`mex_core::impartial::nimber_field`]).

use super::{err, interruptible};
use mex_core::impartial::{nimber_expression, nimber_field};
use mex_core::MexError;
use num_bigint::{BigInt, BigUint};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;

/// A nimber: `+` and `-` are the nim-sum (XOR), `*` the nim-product, `/`
/// the nim-quotient, `**` an integer nim-power; ints mix in as nimbers.
#[pyclass(frozen, module = "mex")]
#[derive(Clone)]
pub struct Nimber {
    value: BigUint,
}

/// The other operand as a nimber (a Nimber or a non-negative int).
fn operand(other: &Bound<'_, PyAny>) -> PyResult<Option<BigUint>> {
    if let Ok(n) = other.cast::<Nimber>() {
        return Ok(Some(n.get().value.clone()));
    }
    match other.extract::<BigInt>() {
        Ok(x) => x.to_biguint().map(Some).ok_or_else(|| {
            PyValueError::new_err(format!("the nimber {x} is negative; accepted: 0, 1, 2, …"))
        }),
        Err(_) => Ok(None),
    }
}

/// `f(self, other)` on the engine's thread, stopped by Ctrl-C; a
/// `NotImplemented` for operands that are not nimbers or ints.
fn binary(
    py: Python<'_>,
    a: BigUint,
    other: &Bound<'_, PyAny>,
    f: fn(&BigUint, &BigUint) -> Result<BigUint, MexError>,
) -> PyResult<Py<PyAny>> {
    let Some(b) = operand(other)? else {
        return Ok(py.NotImplemented());
    };
    let value = interruptible(py, move || f(&a, &b))?.map_err(err)?;
    Ok(Nimber { value }.into_pyobject(py)?.into_any().unbind())
}

fn nim_sum(a: &BigUint, b: &BigUint) -> Result<BigUint, MexError> {
    Ok(a ^ b)
}

fn divide(a: &BigUint, b: &BigUint) -> Result<BigUint, MexError> {
    nimber_field::quotient(a, b)
}

fn check_divisor(b: &Bound<'_, PyAny>) -> PyResult<()> {
    if operand(b)?.is_some_and(|x| x == BigUint::ZERO) {
        return Err(PyZeroDivisionError::new_err("division by the nimber 0"));
    }
    Ok(())
}

#[pymethods]
impl Nimber {
    /// `Nimber(n)` for an int `n ≥ 0`.
    #[new]
    fn new(n: BigInt) -> PyResult<Self> {
        let value = n.to_biguint().ok_or_else(|| {
            PyValueError::new_err(format!("the nimber {n} is negative; accepted: 0, 1, 2, …"))
        })?;
        Ok(Nimber { value })
    }

    /// The value of a nimber expression, as `mex nimber` reads it:
    /// `Nimber.eval("2*3") == Nimber(1)`.
    #[staticmethod]
    fn eval(py: Python<'_>, expression: String) -> PyResult<Self> {
        let value =
            interruptible(py, move || nimber_expression::evaluate(&expression))?.map_err(err)?;
        Ok(Nimber { value })
    }

    /// The nim-inverse (`ZeroDivisionError` for 0).
    fn inverse(&self, py: Python<'_>) -> PyResult<Self> {
        if self.value == BigUint::ZERO {
            return Err(PyZeroDivisionError::new_err("division by the nimber 0"));
        }
        let a = self.value.clone();
        let value = interruptible(py, move || nimber_field::inverse(&a))?.map_err(err)?;
        Ok(Nimber { value })
    }

    /// The nim-square root: the one nimber whose nim-square is this one.
    fn sqrt(&self, py: Python<'_>) -> PyResult<Self> {
        let a = self.value.clone();
        let value = interruptible(py, move || nimber_field::square_root(&a))?.map_err(err)?;
        Ok(Nimber { value })
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, self.value.clone(), other, nim_sum)
    }
    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, self.value.clone(), other, nim_sum)
    }
    /// Subtraction is addition in characteristic 2.
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, self.value.clone(), other, nim_sum)
    }
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, self.value.clone(), other, nim_sum)
    }
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, self.value.clone(), other, nimber_field::product)
    }
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, self.value.clone(), other, nimber_field::product)
    }
    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        check_divisor(other)?;
        binary(py, self.value.clone(), other, divide)
    }
    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if self.value == BigUint::ZERO {
            return Err(PyZeroDivisionError::new_err("division by the nimber 0"));
        }
        let Some(a) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        let b = self.value.clone();
        let value = interruptible(py, move || divide(&a, &b))?.map_err(err)?;
        Ok(Nimber { value }.into_pyobject(py)?.into_any().unbind())
    }
    /// `self ** k` for an int `k` (negative: a power of the inverse).
    fn __pow__(
        &self,
        py: Python<'_>,
        k: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        if modulo.is_some() {
            return Err(PyTypeError::new_err("pow() of a nimber takes no modulus"));
        }
        let k: BigInt = k
            .extract()
            .map_err(|_| PyTypeError::new_err("a nimber's exponent must be an int"))?;
        if self.value == BigUint::ZERO && k < BigInt::ZERO {
            return Err(PyZeroDivisionError::new_err(
                "a negative power of the nimber 0",
            ));
        }
        let a = self.value.clone();
        let value = interruptible(py, move || nimber_field::power(&a, &k))?.map_err(err)?;
        Ok(Nimber { value })
    }
    /// `-x = x` in characteristic 2.
    fn __neg__(&self) -> Self {
        self.clone()
    }
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Some(b) = operand(other).ok().flatten() else {
            return Ok(py.NotImplemented());
        };
        let answer = match op {
            CompareOp::Eq => self.value == b,
            CompareOp::Ne => self.value != b,
            _ => {
                return Err(PyTypeError::new_err(
                    "nimbers are not ordered (the nimber field has no order)",
                ))
            }
        };
        Ok(pyo3::types::PyBool::new(py, answer)
            .to_owned()
            .into_any()
            .unbind())
    }
    /// The hash of the int, so that `Nimber(n)` and `n` are one dict key.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.value.clone().into_pyobject(py)?.hash()
    }
    fn __bool__(&self) -> bool {
        self.value != BigUint::ZERO
    }
    fn __int__(&self) -> BigUint {
        self.value.clone()
    }
    fn __index__(&self) -> BigUint {
        self.value.clone()
    }
    fn __repr__(&self) -> String {
        format!("Nimber({})", self.value)
    }
    /// `*n`, as a nimber is written in game notation.
    fn __str__(&self) -> String {
        format!("*{}", self.value)
    }
}
