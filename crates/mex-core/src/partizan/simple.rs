//! Values of the form `x + n·↑ + *k` (`x` a dyadic rational), the values the
//! arena handles without search.
//!
//! Their canonical forms are known in closed form (Siegel 2013, *Combinatorial
//! Game Theory*, II.3–II.4, with the Number Translation Theorem): for numbers
//! `n+1 = {n |}`, `−n−1 = {| −n}`, `p/2^q = {(p−1)/2^q | (p+1)/2^q}`; then
//! `x + *k = {x + *j | x + *j}` over `j < k`; `x + ↑* = {x, x* | x}`; and for
//! `n ≥ 1`, `(n, k) ≠ (1, 1)`: `x + n·↑ + *k = {x | x + (n−1)·↑ + *(k⊕1)}`,
//! with the mirror image for `n ≤ −1`. The forms for `|n| ≤ 5`, `k ≤ 4` were
//! read off the general canonicaliser, and the tests check every value the
//! fast paths produce against it.

use super::outcome::OutcomeClass;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{ToPrimitive, Zero};
use std::cmp::Ordering;

/// `numerator/2^exponent + ups·↑ + *nimber`, the number in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Simple {
    /// Numerator of the number part (odd unless the exponent is 0).
    pub numerator: i64,
    /// Power of two in the denominator of the number part.
    pub exponent: u32,
    /// Multiple of ↑ (negative for ↓).
    pub ups: i64,
    /// Nimber added.
    pub nimber: u32,
}

/// Largest exponent of a denominator the fast paths handle.
pub const MAX_EXPONENT: u32 = 40;
/// Largest magnitude of a numerator the fast paths produce.
const MAX_NUMERATOR: u64 = 1 << 60;

impl Simple {
    /// The number `p/2^q`, reduced.
    pub fn number(p: i64, q: u32) -> Self {
        let (numerator, exponent) = reduce(p, q);
        Simple {
            numerator,
            exponent,
            ups: 0,
            nimber: 0,
        }
    }

    /// The number part alone.
    pub fn number_part(self) -> Self {
        Simple::number(self.numerator, self.exponent)
    }

    /// Whether this is a number.
    pub fn is_number(self) -> bool {
        self.ups == 0 && self.nimber == 0
    }

    /// The same number part with other ups and nimber.
    pub fn with(self, ups: i64, nimber: u32) -> Self {
        Simple {
            ups,
            nimber,
            ..self
        }
    }

    /// The sum, or `None` outside the fast range.
    pub fn checked_add(self, other: Self) -> Option<Self> {
        let (x, y, q) = common_denominator(self, other)?;
        let (numerator, exponent) = reduce(x.checked_add(y)?, q);
        (numerator.unsigned_abs() < MAX_NUMERATOR).then_some(Simple {
            numerator,
            exponent,
            ups: self.ups.checked_add(other.ups)?,
            nimber: self.nimber ^ other.nimber,
        })
    }

    /// The negative, or `None` outside the fast range.
    pub fn checked_neg(self) -> Option<Self> {
        Some(Simple {
            numerator: self.numerator.checked_neg()?,
            ups: self.ups.checked_neg()?,
            ..self
        })
    }

    /// The outcome class: the number decides when it is not 0; then
    /// `n·↑ + *k` is positive for `n ≥ 2`, and for `n = 1` unless `k = 1`
    /// (`↑*` is fuzzy); `*k` is fuzzy for `k ≥ 1`.
    pub fn outcome(self) -> OutcomeClass {
        match self.numerator.cmp(&0) {
            Ordering::Greater => return OutcomeClass::L,
            Ordering::Less => return OutcomeClass::R,
            Ordering::Equal => {}
        }
        match (self.ups, self.nimber) {
            (0, 0) => OutcomeClass::P,
            (0, _) | (1, 1) | (-1, 1) => OutcomeClass::N,
            (u, _) if u > 0 => OutcomeClass::L,
            _ => OutcomeClass::R,
        }
    }

    /// The birthday of the canonical form, in closed form: an integer `n`
    /// is born on day `|n|`; `p/2^q` (odd `p`, `q ≥ 1`) on day
    /// `⌊|p/2^q|⌋ + q + 1`; `x + *k` on day `b(x) + k`; and for `n ≥ 1`,
    /// `x + n·↑ + *k` on day `b(x) + (n − 1) + f(k ⊕ ((n − 1) mod 2))`
    /// with `f(0) = f(1) = 2` and `f(j) = 1 + (j ⊕ 1)` for `j ≥ 2` (read off
    /// the closed forms of the module doc; the same for `n ≤ −1`).
    pub fn birthday(self) -> u64 {
        let magnitude = self.numerator.unsigned_abs();
        let number = if self.exponent == 0 {
            magnitude
        } else {
            (magnitude >> self.exponent) + u64::from(self.exponent) + 1
        };
        let arrows = self.ups.unsigned_abs();
        if arrows == 0 {
            return number + u64::from(self.nimber);
        }
        let k = self.nimber ^ ((arrows - 1) & 1) as u32;
        let first = if k <= 1 { 2 } else { 1 + u64::from(k ^ 1) };
        number + (arrows - 1) + first
    }

    /// `self ≤ other`, or `None` outside the fast range.
    pub fn leq(self, other: Self) -> Option<bool> {
        let difference = self.checked_add(other.checked_neg()?)?;
        Some(matches!(
            difference.outcome(),
            OutcomeClass::R | OutcomeClass::P
        ))
    }
}

/// `p/2^q` in lowest terms.
fn reduce(mut p: i64, mut q: u32) -> (i64, u32) {
    while q > 0 && p % 2 == 0 {
        p /= 2;
        q -= 1;
    }
    if p == 0 {
        q = 0;
    }
    (p, q)
}

/// Both number parts over the larger denominator, or `None` on overflow.
fn common_denominator(a: Simple, b: Simple) -> Option<(i64, i64, u32)> {
    let q = a.exponent.max(b.exponent);
    if q > MAX_EXPONENT {
        return None;
    }
    let scale = |x: Simple| x.numerator.checked_mul(1i64 << (q - x.exponent));
    Some((scale(a)?, scale(b)?, q))
}

/// `x + n·↑ + *k` with parts of any size (CGSuite's "number-up-star"
/// records): `x = numerator/2^exponent` in lowest terms, `n = ups`,
/// `k = nimber`. The store keeps such a value as a record, without its
/// game tree, when it does not fit [`Simple`]'s tree limits
/// ([`Record::to_simple`]); the arithmetic is that of [`Simple`] (Siegel
/// 2013, II.3–II.4): numbers add, ups add, nimbers add by XOR.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Record {
    /// Numerator of the number part (odd unless the exponent is 0).
    pub numerator: BigInt,
    /// Power of two in the denominator of the number part.
    pub exponent: u64,
    /// Multiple of ↑ (negative for ↓).
    pub ups: BigInt,
    /// Nimber added.
    pub nimber: BigUint,
}

/// Largest `|integer part|` of a value whose tree the store builds (its
/// canonical form is a chain of that many games); beyond, a record.
pub const TREE_INTEGER: u64 = 1 << 16;
/// Largest `|n|` and `k` of `n·↑ + *k` whose tree the store builds (`*k`
/// has `k(k+1)/2` option links); beyond, a record.
pub const TREE_ATOM: u64 = 1 << 12;

impl Record {
    /// The number `p/2^q`, reduced.
    pub fn number(p: BigInt, q: u64) -> Self {
        let (numerator, exponent) = reduce_big(p, q);
        Record {
            numerator,
            exponent,
            ups: BigInt::zero(),
            nimber: BigUint::zero(),
        }
    }

    /// The same number part with other ups and nimber.
    pub fn with(&self, ups: BigInt, nimber: BigUint) -> Self {
        Record {
            numerator: self.numerator.clone(),
            exponent: self.exponent,
            ups,
            nimber,
        }
    }

    /// The number part alone.
    pub fn number_part(&self) -> Self {
        self.with(BigInt::zero(), BigUint::zero())
    }

    /// The infinitesimal part `n·↑ + *k` alone.
    pub fn infinitesimal_part(&self) -> Self {
        Record::number(BigInt::zero(), 0).with(self.ups.clone(), self.nimber.clone())
    }

    /// Whether this is a number.
    pub fn is_number(&self) -> bool {
        self.ups.is_zero() && self.nimber.is_zero()
    }

    /// The same value as a [`Simple`].
    pub fn from_simple(v: Simple) -> Self {
        Record {
            numerator: BigInt::from(v.numerator),
            exponent: u64::from(v.exponent),
            ups: BigInt::from(v.ups),
            nimber: BigUint::from(v.nimber),
        }
    }

    /// The value as a [`Simple`] when the store builds its tree: integer
    /// part within [`TREE_INTEGER`], denominator within `2^`[`MAX_EXPONENT`],
    /// ups and nimber within [`TREE_ATOM`]. The choice depends on the value
    /// alone, so each value has one representation and one id.
    pub fn to_simple(&self) -> Option<Simple> {
        if self.exponent > u64::from(MAX_EXPONENT) {
            return None;
        }
        let integer_part: BigInt = &self.numerator >> self.exponent;
        let fits = integer_part.magnitude() <= &BigUint::from(TREE_INTEGER)
            && self.ups.magnitude() <= &BigUint::from(TREE_ATOM)
            && self.nimber <= BigUint::from(TREE_ATOM);
        if !fits {
            return None;
        }
        Some(Simple {
            numerator: self.numerator.to_i64()?,
            exponent: self.exponent as u32,
            ups: self.ups.to_i64()?,
            nimber: self.nimber.to_u32()?,
        })
    }

    /// The sum.
    pub fn add(&self, other: &Self) -> Self {
        let q = self.exponent.max(other.exponent);
        let scale = |x: &Record| &x.numerator << (q - x.exponent);
        let mut sum = Record::number(scale(self) + scale(other), q);
        sum.ups = &self.ups + &other.ups;
        sum.nimber = &self.nimber ^ &other.nimber;
        sum
    }

    /// The negative.
    pub fn neg(&self) -> Self {
        Record {
            numerator: -&self.numerator,
            exponent: self.exponent,
            ups: -&self.ups,
            nimber: self.nimber.clone(),
        }
    }

    /// The outcome class, by the rule of [`Simple::outcome`].
    pub fn outcome(&self) -> OutcomeClass {
        match self.numerator.sign() {
            Sign::Plus => return OutcomeClass::L,
            Sign::Minus => return OutcomeClass::R,
            Sign::NoSign => {}
        }
        let one = BigUint::from(1u32);
        match (self.ups.sign(), self.nimber.is_zero()) {
            (Sign::NoSign, true) => OutcomeClass::P,
            (Sign::NoSign, false) => OutcomeClass::N,
            (_, _) if self.ups.magnitude() == &one && self.nimber == one => OutcomeClass::N,
            (Sign::Plus, _) => OutcomeClass::L,
            (Sign::Minus, _) => OutcomeClass::R,
        }
    }

    /// `self ≤ other`: the difference is `≤ 0`.
    pub fn leq(&self, other: &Self) -> bool {
        matches!(
            self.add(&other.neg()).outcome(),
            OutcomeClass::R | OutcomeClass::P
        )
    }

    /// The birthday, by the closed form of [`Simple::birthday`].
    pub fn birthday(&self) -> BigUint {
        let magnitude = self.numerator.magnitude();
        let integer = magnitude >> self.exponent;
        let number = if self.exponent == 0 {
            integer
        } else {
            integer + BigUint::from(self.exponent) + 1u32
        };
        let arrows = self.ups.magnitude().clone();
        if arrows.is_zero() {
            number + &self.nimber
        } else {
            let even = ((&arrows - 1u32) & BigUint::from(1u32)).is_zero();
            let k = if even {
                self.nimber.clone()
            } else {
                &self.nimber ^ BigUint::from(1u32)
            };
            let first = if k <= BigUint::from(1u32) {
                BigUint::from(2u32)
            } else {
                (k ^ BigUint::from(1u32)) + 1u32
            };
            number + (arrows - 1u32) + first
        }
    }
}

/// `p/2^q` in lowest terms.
fn reduce_big(p: BigInt, q: u64) -> (BigInt, u64) {
    if p.is_zero() {
        return (p, 0);
    }
    let twos = p.trailing_zeros().unwrap_or(0).min(q);
    (p >> twos, q - twos)
}

/// `x + n·↑ + *k` as `x`, `^`/`^^`/`^n` (or `v`…) and `*`/`*k`, each part
/// left out when zero (and `0` for zero itself), every part in full
/// decimal digits, whatever its size.
pub fn show_record(v: &Record) -> String {
    let mut out = if num_traits::Zero::is_zero(&v.numerator) {
        String::new()
    } else if v.exponent == 0 {
        v.numerator.to_string()
    } else {
        format!(
            "{}/{}",
            v.numerator,
            num_bigint::BigUint::from(1u32) << v.exponent
        )
    };
    let arrow = if num_traits::Signed::is_positive(&v.ups) {
        "^"
    } else {
        "v"
    };
    let n = v.ups.magnitude();
    match num_traits::ToPrimitive::to_u8(n) {
        Some(0) => {}
        Some(1) => out.push_str(arrow),
        Some(2) => out.push_str(&arrow.repeat(2)),
        _ => out.push_str(&format!("{arrow}{n}")),
    }
    match num_traits::ToPrimitive::to_u8(&v.nimber) {
        Some(0) => {}
        Some(1) => out.push('*'),
        _ => out.push_str(&format!("*{}", v.nimber)),
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}
