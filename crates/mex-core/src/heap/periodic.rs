//! Eventually periodic sequences, queried at arbitrarily large indices.
//!
//! A sequence `G` with preperiod `μ` and period `p` satisfies
//! `G(n + p) = G(n)` for every `n ≥ μ`, so `G(n) = G(μ + (n − μ) mod p)`
//! for `n ≥ μ`, and counts over a range follow from one period's counts.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

/// The first `μ + p` values of an eventually periodic sequence, which
/// determine all of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodicSequence {
    head: Vec<u32>,
    preperiod: usize,
    period: usize,
}

impl PeriodicSequence {
    /// Keeps the first `preperiod + period` of `values` (which must be at
    /// least that long; `period ≥ 1`).
    pub fn new(values: &[u32], preperiod: usize, period: usize) -> Self {
        assert!(period >= 1 && values.len() >= preperiod + period);
        PeriodicSequence {
            head: values[..preperiod + period].to_vec(),
            preperiod,
            period,
        }
    }

    /// The preperiod `μ`.
    pub fn preperiod(&self) -> usize {
        self.preperiod
    }

    /// The period `p`.
    pub fn period(&self) -> usize {
        self.period
    }

    /// The stored values `G(0) .. G(μ + p − 1)`.
    pub fn head(&self) -> &[u32] {
        &self.head
    }

    /// The index in [`Self::head`] holding `G(n)`.
    pub fn index_of(&self, n: &BigUint) -> usize {
        match n.to_usize() {
            Some(i) if i < self.head.len() => i,
            _ => {
                let offset = (n - self.preperiod) % self.period;
                self.preperiod + offset.to_usize().expect("remainder below period")
            }
        }
    }

    /// `G(n)` for any `n`.
    pub fn value_at(&self, n: &BigUint) -> u32 {
        self.head[self.index_of(n)]
    }

    /// `#{ n < x : G(n) satisfies pred }`.
    pub fn count_below(&self, x: &BigUint, pred: impl Fn(u32) -> bool) -> BigUint {
        let limit = self.head.len();
        if let Some(x) = x.to_usize().filter(|&x| x <= limit) {
            return BigUint::from(self.head[..x].iter().filter(|&&v| pred(v)).count());
        }
        let pre = self.head[..self.preperiod]
            .iter()
            .filter(|&&v| pred(v))
            .count();
        let cycle = &self.head[self.preperiod..];
        let per_cycle = cycle.iter().filter(|&&v| pred(v)).count();
        let (full, rest) = (x - self.preperiod).div_rem(&BigUint::from(self.period));
        let rest = rest.to_usize().expect("remainder below period");
        let partial = cycle[..rest].iter().filter(|&&v| pred(v)).count();
        BigUint::from(pre + partial) + full * per_cycle
    }

    /// `#{ lo ≤ n ≤ hi : G(n) satisfies pred }` (zero if `lo > hi`).
    pub fn count_in_range(
        &self,
        lo: &BigUint,
        hi: &BigUint,
        pred: impl Fn(u32) -> bool,
    ) -> BigUint {
        if lo > hi {
            return BigUint::zero();
        }
        let upper = self.count_below(&(hi + 1u32), &pred);
        upper - self.count_below(lo, &pred)
    }
}

/// The fewest values a chart of a nim sequence shows by default.
pub const CHART_MIN_TERMS: usize = 32;
/// The most values a chart of a nim sequence shows.
pub const CHART_MAX_TERMS: usize = 4096;
/// The values a chart shows by default when no period is proven.
pub const CHART_UNPROVEN_TERMS: usize = 64;

/// How many values a chart of a nim sequence shows by default (`mex octal
/// --plot`, the playground's `/api/sequence`, Python's `chart()`): two
/// periods past the preperiod `μ + 2p` when the period is proven (`Some((μ,
/// p))`), at least [`CHART_MIN_TERMS`]; [`CHART_UNPROVEN_TERMS`] otherwise;
/// never more than [`CHART_MAX_TERMS`].
pub fn chart_terms(proven: Option<(usize, usize)>) -> usize {
    match proven {
        Some((mu, p)) => mu.saturating_add(p.saturating_mul(2)).max(CHART_MIN_TERMS),
        None => CHART_UNPROVEN_TERMS,
    }
    .min(CHART_MAX_TERMS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_show_two_periods_past_the_preperiod_within_bounds() {
        assert_eq!(chart_terms(Some((53, 34))), 121);
        assert_eq!(chart_terms(Some((0, 3))), CHART_MIN_TERMS);
        assert_eq!(chart_terms(Some((5000, 1))), CHART_MAX_TERMS);
        assert_eq!(chart_terms(Some((usize::MAX, usize::MAX))), CHART_MAX_TERMS);
        assert_eq!(chart_terms(None), CHART_UNPROVEN_TERMS);
    }
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn queries_agree_with_unrolled_sequence(
            head in proptest::collection::vec(0u32..3, 1..12),
            pre_frac in 0usize..100,
            lo in 0u64..200,
            len in 0u64..200,
        ) {
            let preperiod = pre_frac % head.len();
            let period = head.len() - preperiod;
            let seq = PeriodicSequence::new(&head, preperiod, period);
            let unrolled: Vec<u32> = (0..500).map(|n| if n < head.len() { head[n] } else { head[preperiod + (n - preperiod) % period] }).collect();
            for n in 0..500u64 {
                prop_assert_eq!(seq.value_at(&BigUint::from(n)), unrolled[n as usize]);
            }
            let hi = lo + len;
            let slow = unrolled[lo as usize..=hi as usize].iter().filter(|&&v| v == 0).count();
            prop_assert_eq!(seq.count_in_range(&BigUint::from(lo), &BigUint::from(hi), |v| v == 0), BigUint::from(slow));
        }
    }
}
