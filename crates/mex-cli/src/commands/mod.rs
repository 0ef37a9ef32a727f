//! One module per command family.

pub mod domino;
pub mod graph;
pub mod nim;
pub mod octal;
pub mod subtraction;
pub mod sum;
pub mod wythoff;

use mex_core::MexError;
use num_bigint::BigUint;

/// Parses `LO..HI` (inclusive, arbitrary precision).
pub fn parse_range(text: &str) -> Result<(BigUint, BigUint), MexError> {
    let (lo, hi) = text.split_once("..").ok_or_else(|| {
        MexError::invalid(
            format!("'{text}' is not a range"),
            "LO..HI with non-negative integers, e.g. 0..10^18",
        )
    })?;
    Ok((
        mex_core::bigint::parse_natural(lo)?,
        mex_core::bigint::parse_natural(hi)?,
    ))
}
