//! Parsing of arbitrary-precision non-negative integers typed by a user.

use crate::MexError;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// Parses a non-negative decimal integer of any size. Accepts digits with
/// optional `_` separators, or a power written `2^200`.
pub fn parse_natural(text: &str) -> Result<BigUint, MexError> {
    let accepted = "a non-negative integer such as 42, 1_000_000 or 2^200";
    let t = text.trim();
    if let Some((base, exp)) = t.split_once('^') {
        let base = parse_plain(base, text, accepted)?;
        let exp = parse_plain(exp, text, accepted)?;
        let exp = exp.to_u32().filter(|&e| e <= 1_000_000).ok_or_else(|| {
            MexError::too_large(
                format!("exponent in '{text}'"),
                "10^6",
                "use a smaller power",
            )
        })?;
        return Ok(base.pow(exp));
    }
    parse_plain(t, text, accepted)
}

fn parse_plain(t: &str, original: &str, accepted: &str) -> Result<BigUint, MexError> {
    let digits: String = t.trim().chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MexError::invalid(
            format!("'{original}' is not a non-negative integer"),
            accepted,
        ));
    }
    Ok(digits.parse().expect("checked decimal digits"))
}

/// Parses a non-negative integer that must fit in `u64` and be at most `limit`.
pub fn parse_bounded(text: &str, what: &str, limit: u64) -> Result<u64, MexError> {
    let n = parse_natural(text)?;
    match n.to_u64() {
        Some(v) if v <= limit => Ok(v),
        _ => Err(MexError::too_large(
            format!("{what} {text}"),
            limit.to_string(),
            "choose a smaller value",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_plain_separated_and_powers() {
        assert_eq!(parse_natural("42").unwrap(), BigUint::from(42u32));
        assert_eq!(parse_natural("1_000").unwrap(), BigUint::from(1000u32));
        assert_eq!(parse_natural("2^10").unwrap(), BigUint::from(1024u32));
        assert_eq!(parse_natural("2^200").unwrap().bits(), 201);
    }

    #[test]
    fn rejects_negative_and_words() {
        for bad in ["-1", "", "abc", "1.5", "2^", "^3", "0x10"] {
            assert!(parse_natural(bad).is_err(), "{bad}");
        }
    }
}
