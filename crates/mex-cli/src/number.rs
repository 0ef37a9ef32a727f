//! Numbers typed by a user, the same syntax everywhere (decimal, `_`
//! separators, `B^E`): clap value parsers for options and positional
//! arguments, and the one-line range check of the CLI.

use mex_core::bigint::{parse_bounded, parse_natural};
use mex_core::MexError;
use num_bigint::BigUint;

/// A non-negative integer of any size: `2^200`, `10^18`, `1_000`.
pub fn natural(text: &str) -> Result<BigUint, MexError> {
    parse_natural(text)
}

/// A non-negative integer that fits in 64 bits.
pub fn u64_value(text: &str) -> Result<u64, MexError> {
    parse_bounded(text, "the number", u64::MAX)
}

/// A non-negative integer that fits in a `usize`.
pub fn usize_value(text: &str) -> Result<usize, MexError> {
    let limit = u64::try_from(usize::MAX).unwrap_or(u64::MAX);
    Ok(parse_bounded(text, "the number", limit)? as usize)
}

/// `Ok` when `low ≤ value ≤ high`; else one line naming the accepted range,
/// whichever side was missed ("order 0 is out of range; accepted: 1 to 32").
pub fn in_range<T>(what: &str, value: T, low: T, high: T) -> Result<T, MexError>
where
    T: PartialOrd + std::fmt::Display + Copy,
{
    if value < low || value > high {
        return Err(MexError::invalid(
            format!("{what} {value} is out of range"),
            format!("{low} to {high}"),
        ));
    }
    Ok(value)
}

/// [`in_range`] for a small bound on a number typed as 64 bits: the range
/// is named however large the value.
pub fn in_range_u32(what: &str, value: u64, low: u32, high: u32) -> Result<u32, MexError> {
    in_range(what, value, low.into(), high.into()).map(|v| v as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_syntax_of_a_number() {
        assert_eq!(u64_value("1_000"), Ok(1000));
        assert_eq!(usize_value("2^20"), Ok(1 << 20));
        assert_eq!(u64_value("10^3"), Ok(1000));
        assert!(u64_value("2^64").is_err());
        assert!(u64_value("-1").is_err());
    }

    #[test]
    fn range_errors_name_the_range_on_both_sides() {
        let low = in_range("order", 0, 1, 32).unwrap_err().to_string();
        let high = in_range("order", 33, 1, 32).unwrap_err().to_string();
        assert_eq!(low, "order 0 is out of range; accepted: 1 to 32");
        assert_eq!(high, "order 33 is out of range; accepted: 1 to 32");
        assert_eq!(in_range("order", 32, 1, 32), Ok(32));
        let huge = in_range_u32("order", 1 << 40, 1, 32)
            .unwrap_err()
            .to_string();
        assert_eq!(
            huge,
            "order 1099511627776 is out of range; accepted: 1 to 32"
        );
    }
}
