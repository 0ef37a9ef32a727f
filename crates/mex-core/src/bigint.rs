//! Parsing of arbitrary-precision non-negative integers typed by a user.

use crate::error::quote;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// Largest accepted number, in bits (about 30 000 decimal digits): beyond
/// it, square roots and divisions would take minutes.
pub const MAX_BITS: u64 = 100_000;

/// Parses a non-negative decimal integer of any size up to [`MAX_BITS`].
/// Accepts digits with optional `_` separators, or a power written `2^200`.
pub fn parse_natural(text: &str) -> Result<BigUint, MexError> {
    let accepted = "a non-negative integer such as 42, 1_000_000 or 2^200";
    let t = text.trim();
    let too_big = || {
        MexError::above_limit(
            "the number",
            quote(t),
            format!("{MAX_BITS} bits"),
            "use a smaller number",
        )
    };
    if let Some((base, exp)) = t.split_once('^') {
        let base = parse_plain(base, text, accepted)?;
        let exp = parse_plain(exp, text, accepted)?;
        if base.bits() <= 1 {
            return Ok(if exp.bits() == 0 {
                BigUint::from(1u32)
            } else {
                base
            });
        }
        let exp = exp
            .to_u64()
            .filter(|&e| (base.bits() - 1).saturating_mul(e) <= MAX_BITS)
            .ok_or_else(too_big)?;
        return Ok(base.pow(exp as u32));
    }
    if t.len() > (MAX_BITS / 3) as usize + 16 {
        return Err(too_big());
    }
    let n = parse_plain(t, text, accepted)?;
    if n.bits() > MAX_BITS {
        return Err(too_big());
    }
    Ok(n)
}

fn parse_plain(t: &str, original: &str, accepted: &str) -> Result<BigUint, MexError> {
    let digits: String = t.trim().chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MexError::invalid(
            format!("{} is not a non-negative integer", quote(original)),
            accepted,
        ));
    }
    Ok(digits.parse().expect("checked decimal digits"))
}

/// Parses a non-negative integer that must fit in `u64` and be at most
/// `limit`. A number too large for [`parse_natural`] (`10^100000`) is
/// refused with `limit` too, not with the bits of any number.
pub fn parse_bounded(text: &str, what: &str, limit: u64) -> Result<u64, MexError> {
    let above = || MexError::above_limit(what, quote(text.trim()), limit, "choose a smaller value");
    match parse_natural(text) {
        Ok(n) => n.to_u64().filter(|&v| v <= limit).ok_or_else(above),
        Err(MexError::AboveLimit { .. }) => Err(above()),
        Err(e) => Err(e),
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
        assert_eq!(parse_natural("1^99999999999").unwrap(), BigUint::from(1u32));
        assert_eq!(parse_natural("0^0").unwrap(), BigUint::from(1u32));
    }

    #[test]
    fn refuses_numbers_too_large_to_compute_with() {
        assert!(parse_natural("2^100001").is_err());
        assert!(parse_natural("10^99999999999999999999").is_err());
        assert!(parse_natural(&"9".repeat(40_000)).is_err());
    }

    #[test]
    fn a_bounded_number_names_its_limit_however_large_it_is_typed() {
        assert_eq!(parse_bounded("2^5", "the largest heap", 4096), Ok(32));
        for huge in ["10^100", "2^100001", "10^99999999999999999999"] {
            let e = parse_bounded(huge, "the largest heap", 4096).unwrap_err();
            assert!(e.to_string().contains("exceeds the limit of 4096"), "{e}");
        }
    }

    #[test]
    fn rejects_negative_and_words() {
        for bad in ["-1", "", "abc", "1.5", "2^", "^3", "0x10"] {
            assert!(parse_natural(bad).is_err(), "{bad}");
        }
    }
}
