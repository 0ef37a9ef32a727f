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

/// A non-negative integer that fits in 32 bits.
pub fn u32_value(text: &str) -> Result<u32, MexError> {
    Ok(parse_bounded(text, "the number", u32::MAX.into())? as u32)
}

/// A count from 1 to `u16::MAX`, for `--threads` (the value parser of an
/// option keeps the number syntax of every other option).
pub fn threads_value(text: &str) -> Result<u16, MexError> {
    let n = parse_bounded(text, "the number of threads", u16::MAX.into())?;
    MexError::check_range("the number of threads", n, 1, u16::MAX.into(), "use 1 or 2")?;
    Ok(n as u16)
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

/// The binary units a memory size may carry, and their bytes.
const MEMORY_UNITS: [(&str, u64); 4] = [
    ("k", 1 << 10),
    ("m", 1 << 20),
    ("g", 1 << 30),
    ("t", 1 << 40),
];

/// A memory size in bytes, exactly, from `1.5` (GiB, the unit when none
/// is typed), `512M`, `512MiB`, `2G`, `2GiB` or `0.25g` (units are binary
/// and case-insensitive; `MB` is read as MiB), between `low` and `high`
/// bytes. The range error names the size as typed.
pub fn memory_size(text: &str, low: u64, high: u64) -> Result<u64, MexError> {
    let accepted = || {
        format!(
            "a size from {} to {} as GIB (1.5), or with a unit K, M, G (512M, 2GiB)",
            size_name(low),
            size_name(high)
        )
    };
    let lower = text.trim().to_ascii_lowercase();
    let number = lower.trim_end_matches("ib").trim_end_matches('b');
    let (digits, unit) = match MEMORY_UNITS.iter().find(|(u, _)| number.ends_with(u)) {
        Some((u, bytes)) => (&number[..number.len() - u.len()], *bytes),
        None if number.len() == lower.len() => (number, 1 << 30),
        None => return Err(MexError::invalid(format!("memory size {text}"), accepted())),
    };
    let Some(bytes) = exact_bytes(digits.trim(), unit) else {
        return Err(MexError::invalid(format!("memory size {text}"), accepted()));
    };
    if bytes < u128::from(low) || bytes > u128::from(high) {
        return Err(MexError::invalid(
            format!("memory size {text} is out of range"),
            accepted(),
        ));
    }
    Ok(bytes as u64)
}

/// `digits` (a decimal with an optional fraction, `_` separators) times
/// `unit` bytes, rounded down; `None` if it is not such a decimal.
fn exact_bytes(digits: &str, unit: u64) -> Option<u128> {
    let digits = digits.replace('_', "");
    let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    if whole.len() > 20 || fraction.len() > 20 {
        return None;
    }
    let scale = 10u128.pow(fraction.len() as u32);
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fraction: u128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    (whole * scale + fraction)
        .checked_mul(u128::from(unit))
        .map(|b| b / scale)
}

/// A size in bytes in the largest binary unit that divides it (`16 MiB`).
pub fn size_name(bytes: u64) -> String {
    let units = [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)];
    for (name, shift) in units {
        if bytes >= 1 << shift && bytes.is_multiple_of(1 << shift) {
            return format!("{} {name}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}

/// A time limit in seconds: a decimal with at most nine places (`30`,
/// `0.5`, `1_000`, `10^6`), from a millisecond to 10^9 s.
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, MexError> {
    const ACCEPTED: &str = "seconds from 0.001 to 10^9, a decimal such as 30 or 0.5";
    let not_seconds = || {
        MexError::invalid(
            format!("time limit {text:?} is not a number of seconds"),
            ACCEPTED,
        )
    };
    let (whole, fraction) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(not_seconds());
    }
    let seconds = match whole {
        "" if !fraction.is_empty() => 0,
        _ => parse_bounded(whole, "the time limit", u64::MAX).map_err(|_| not_seconds())?,
    };
    let nanos: u32 = format!("{fraction:0<9}")
        .parse()
        .map_err(|_| not_seconds())?;
    let limit = std::time::Duration::new(seconds, nanos);
    if limit < std::time::Duration::from_millis(1) {
        return Err(MexError::invalid(
            format!("time limit {text} s is below 0.001 s"),
            ACCEPTED,
        ));
    }
    if limit > std::time::Duration::from_secs(1_000_000_000) {
        return Err(MexError::invalid(
            format!("time limit {text} s is above 10^9 s"),
            ACCEPTED,
        ));
    }
    Ok(limit)
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
        assert_eq!(u32_value("2^5"), Ok(32));
        assert!(u32_value("2^32").is_err());
        assert_eq!(threads_value("2^1"), Ok(2));
        let zero = threads_value("0").unwrap_err().to_string();
        assert!(zero.contains("below the minimum 1"), "{zero}");
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

    #[test]
    fn memory_sizes_are_exact_in_every_unit() {
        let (low, high) = (1 << 20, 20 << 30);
        assert_eq!(memory_size("1.5", low, high), Ok(3 << 29));
        assert_eq!(memory_size("2", low, high), Ok(2 << 30));
        assert_eq!(memory_size("512M", low, high), Ok(512 << 20));
        assert_eq!(memory_size("512MiB", low, high), Ok(512 << 20));
        assert_eq!(memory_size("512mb", low, high), Ok(512 << 20));
        assert_eq!(memory_size("0.25g", low, high), Ok(1 << 28));
        assert_eq!(memory_size("2GiB", low, high), Ok(2 << 30));
        assert_eq!(memory_size("1024K", low, high), Ok(1 << 20));
        assert_eq!(memory_size(".5", low, high), Ok(1 << 29));
        for bad in ["", ".", "1.2.3", "x", "-1", "1 GB x", "1e9", "5X"] {
            assert!(memory_size(bad, low, high).is_err(), "{bad}");
        }
        let small = memory_size("512K", low, high).unwrap_err().to_string();
        assert!(
            small.starts_with(
                "memory size 512K is out of range; accepted: a size from 1 MiB to 20 GiB"
            ),
            "{small}"
        );
        let big = memory_size("21G", low, high).unwrap_err().to_string();
        assert!(big.contains("21G is out of range"), "{big}");
        assert!(memory_size("99999999999999999999999T", low, high).is_err());
    }

    #[test]
    fn seconds_are_decimals_within_the_range() {
        use std::time::Duration;
        for (text, seconds) in [
            ("30", Duration::from_secs(30)),
            ("0.5", Duration::from_millis(500)),
            (".25", Duration::from_millis(250)),
            ("1_000", Duration::from_secs(1000)),
            ("10^9", Duration::from_secs(1_000_000_000)),
            ("0.001", Duration::from_millis(1)),
        ] {
            assert_eq!(parse_seconds(text).unwrap(), seconds, "{text}");
        }
        for (text, why) in [
            ("0", "below 0.001 s"),
            ("0.0009", "below 0.001 s"),
            ("10^9.5", "above 10^9 s"),
            ("1000000001", "above 10^9 s"),
            ("-1", "not a number"),
            ("1.0000000001", "not a number"),
            ("abc", "not a number"),
            ("", "not a number"),
            (".", "not a number"),
        ] {
            let e = parse_seconds(text).unwrap_err().to_string();
            assert!(e.contains(why) && e.contains("accepted"), "{text}: {e}");
        }
    }
}
