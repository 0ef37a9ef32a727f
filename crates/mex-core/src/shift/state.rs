//! States of the shift game as bit vectors `b0 … b(n-1)`.

use crate::MexError;

/// Longest state accepted from text.
pub const MAX_STATE_BITS: usize = 10_000_000;

/// Parses a state written as 0/1 characters, `b0` first.
pub fn parse_state(text: &str) -> Result<Vec<u8>, MexError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MexError::invalid(
            "the state is empty",
            "a string of 0 and 1 such as 0110",
        ));
    }
    if t.len() > MAX_STATE_BITS {
        return Err(MexError::too_large(
            format!("a state of {} bits", t.len()),
            format!("{MAX_STATE_BITS} bits"),
            "use a shorter state",
        ));
    }
    t.chars()
        .enumerate()
        .map(|(i, c)| match c {
            '0' => Ok(0),
            '1' => Ok(1),
            _ => Err(MexError::invalid(
                format!(
                    "character {} of the state is {}",
                    i + 1,
                    crate::error::quote(c.encode_utf8(&mut [0; 4]))
                ),
                "only the characters 0 and 1",
            )),
        })
        .collect()
}

/// Prints a state, `b0` first.
pub fn show(bits: &[u8]) -> String {
    bits.iter()
        .map(|&b| if b == 1 { '1' } else { '0' })
        .collect()
}

/// The state as an integer with `b0` as its highest bit (`n ≤ 64`).
pub fn to_index(bits: &[u8]) -> u64 {
    bits.iter().fold(0u64, |acc, &b| (acc << 1) | b as u64)
}

/// The state of `n` bits with the given index (`b0` highest).
pub fn from_index(index: u64, n: u32) -> Vec<u8> {
    (0..n).rev().map(|i| (index >> i & 1) as u8).collect()
}
