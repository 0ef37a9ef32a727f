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
