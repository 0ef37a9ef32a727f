//! The report of nimber arithmetic (`mex nimber`, Python's `Nimber`).

use mex_core::impartial::nimber_expression;
use mex_core::MexError;
use serde::Serialize;

/// A nimber expression and its value in the nimber field (Conway 1976,
/// chapter 6), the value as a decimal string (it may exceed 2^53).
#[derive(Debug, Clone, Serialize)]
pub struct NimberReport {
    /// The expression as typed.
    pub expression: String,
    /// Its value, in decimal.
    pub value: String,
}

impl NimberReport {
    /// Evaluates `expression` (see [`nimber_expression`]).
    pub fn evaluate(expression: &str) -> Result<Self, MexError> {
        let value = nimber_expression::evaluate(expression)?;
        Ok(NimberReport {
            expression: expression.to_string(),
            value: value.to_string(),
        })
    }
}
