//! Serialization of quantities that can exceed 2^53 as decimal strings
//! (feature `serde`).
//!
//! A JSON reader that stores numbers as IEEE doubles loses every integer
//! above 2^53, so mex writes such quantities — `BigUint` values, and `u64`
//! or `u128` counters that can grow past 2^53 — as decimal strings, always,
//! whatever their size. Fields opt in with
//! `#[serde(serialize_with = "crate::decimal::serialize")]` (one value) or
//! `"crate::decimal::serialize_seq"` (a list of values). Tested, with the
//! result types that use it, in `mex-cli/tests/integration/json_numbers.rs`.

use serde::ser::{Serialize, Serializer};
use std::fmt::Display;

/// Serializes one integer as its decimal string, e.g. `"1606938044258990275541962092341162602522202993782792835301376"`.
pub fn serialize<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Serializes a list of integers as a list of decimal strings.
pub fn serialize_seq<T: Display, S: Serializer>(
    values: &[T],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(values.iter().map(AsDecimal))
}

/// An integer that serializes as its decimal string.
struct AsDecimal<'a, T>(&'a T);

impl<T: Display> Serialize for AsDecimal<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}
