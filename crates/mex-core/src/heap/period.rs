//! Proving that a take-and-break nim sequence is periodic.
//!
//! **Octal periodicity theorem** (Guy–Smith, 1956; generalised to moves that
//! leave up to `r` heaps). Let `t` be the most tokens a move removes and `r`
//! the most heaps it leaves (`r = 2` for octal codes, `3` with hexadecimal
//! digits 8–f, `1` for subtraction-like codes). If `G(n + p) = G(n)` for
//! every `n` with `n₀ ≤ n < r·n₀ + (r − 1)·p + t` and `n₀ ≥ 1`, then
//! `G(n + p) = G(n)` for every `n ≥ n₀`.
//!
//! Proof sketch, by induction on `m ≥ r·n₀ + (r − 1)p + t`: a move from
//! `m + p` leaves at most `r` heaps summing to at least `m + p − t`, so the
//! largest is at least `n₀ + p`; shrinking it by `p` gives a move from `m`
//! with the same value, and conversely a move from `m` leaves a heap of at
//! least `n₀` that can grow by `p`. (`n₀ ≥ 1` keeps the shrunk heap
//! non-empty, so the move stays legal; a preperiod of 0 is covered by
//! checking `n` from 0 directly.)
//!
//! The search reads candidate periods off the prefix function of the
//! reversed sequence (the least period of every suffix) in O(N), then
//! reduces the accepted `(n₀, p)` to the least period and least preperiod.

/// What proves `G(n + period) = G(n)` for every `n ≥ preperiod`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PeriodCertificate {
    /// The theorem applied.
    pub theorem: String,
    /// `t`: the most tokens a move removes.
    pub max_removal: usize,
    /// `r`: the most heaps a move leaves.
    pub max_heaps: usize,
    /// `μ`: the least preperiod.
    pub preperiod: usize,
    /// `p`: the least period.
    pub period: usize,
    /// `G(n + p) = G(n)` was compared for every `n` in `compared_from..compared_to`.
    pub compared_from: usize,
    /// Exclusive end: `r·max(μ, 1) + (r − 1)·p + t`.
    pub compared_to: usize,
    /// The values the comparison needs: `G(0) .. G(compared_to + p − 1)`.
    pub values_needed: usize,
    /// How many values were computed.
    pub values_computed: usize,
}

impl PeriodCertificate {
    /// The end of the range the theorem requires for `(μ, p, t, r)`.
    pub fn required_end(preperiod: usize, period: usize, t: usize, r: usize) -> usize {
        r * preperiod.max(1) + (r - 1) * period + t
    }

    /// Re-checks the certificate against independently computed values.
    pub fn holds_for<V: Copy + PartialEq>(&self, values: &[V]) -> bool {
        let end = Self::required_end(
            self.preperiod,
            self.period,
            self.max_removal,
            self.max_heaps,
        );
        self.compared_to >= end
            && values.len() >= self.compared_to + self.period
            && (self.compared_from..self.compared_to).all(|n| values[n] == values[n + self.period])
    }
}

/// `π[i]`: length of the longest proper border of `s[..=i]`, where
/// `s[i] = at(i)` for `i < len` (a view, so that no reversed copy is made).
/// Entries are `u32` (sequences hold at most 2^32 values), four bytes per
/// value.
fn prefix_function_by<V: PartialEq>(len: usize, at: impl Fn(usize) -> V) -> Vec<u32> {
    assert!(len <= 1 << 32, "at most 2^32 values");
    let mut pi = vec![0u32; len];
    for i in 1..len {
        let mut k = pi[i - 1] as usize;
        let x = at(i);
        while k > 0 && x != at(k) {
            k = pi[k - 1] as usize;
        }
        if x == at(k) {
            k += 1;
        }
        pi[i] = k as u32;
    }
    pi
}

/// Whether no `(μ, p)` can satisfy the theorem within `values`, decided on
/// the last values alone (about half of them, two bytes of work memory per
/// value): a provable `(μ, p)` needs `r·μ + r·p + t ≤ n`, so the window
/// `[w, n)` with `w = ⌈(n − t)/r⌉` lies inside the periodic part and has
/// period `p ≤ (n − t)/r`; hence its least period is at most `(n − t)/r`.
/// Only used for `r ≥ 2`, where the window is long enough to say no.
fn window_rules_out_a_period<V: Copy + PartialEq>(values: &[V], t: usize, r: usize) -> bool {
    let n = values.len();
    if r < 2 || n <= t {
        return false;
    }
    let bound = (n - t) / r;
    let window = &values[(n - t).div_ceil(r)..];
    if window.len() < 2 {
        return false;
    }
    let pi = prefix_function_by(window.len(), |i| window[i]);
    let least_period = window.len() - pi[window.len() - 1] as usize;
    least_period > bound
}

/// Finds the least preperiod and period provable from `values` by the
/// periodicity theorem with parameters `t` (max removal) and `r` (max heaps).
pub fn find_period<V: Copy + PartialEq>(
    values: &[V],
    t: usize,
    r: usize,
) -> Option<PeriodCertificate> {
    if window_rules_out_a_period(values, t, r) {
        return None;
    }
    search_all_suffixes(values, t, r)
}

/// [`find_period`] without the window filter: every suffix's least period,
/// from the prefix function of the reversed sequence.
fn search_all_suffixes<V: Copy + PartialEq>(
    values: &[V],
    t: usize,
    r: usize,
) -> Option<PeriodCertificate> {
    let n = values.len();
    let pi = prefix_function_by(n, |i| values[n - 1 - i]);
    let mut best: Option<(usize, usize)> = None; // (period, start)
    for (i, &border) in pi.iter().enumerate() {
        let len = i + 1;
        let (p, start) = (len - border as usize, n - len);
        let end = PeriodCertificate::required_end(start, p, t, r);
        if end + p <= n && best.is_none_or(|(bp, bs)| (p, start) < (bp, bs)) {
            best = Some((p, start));
        }
    }
    let (p, start) = best?;
    let period = least_period_of_cycle(&values[start..start + p]);
    let mut preperiod = start;
    while preperiod > 0 && values[preperiod - 1] == values[preperiod - 1 + period] {
        preperiod -= 1;
    }
    let compared_to = PeriodCertificate::required_end(preperiod, period, t, r);
    let cert = PeriodCertificate {
        theorem: "octal periodicity theorem (Guy–Smith), for moves leaving up to r heaps".into(),
        max_removal: t,
        max_heaps: r,
        preperiod,
        period,
        compared_from: preperiod,
        compared_to,
        values_needed: compared_to + period,
        values_computed: n,
    };
    debug_assert!(cert.holds_for(values));
    Some(cert)
}

/// The least `d` dividing `cycle.len()` with `cycle` invariant under
/// rotation by `d`.
fn least_period_of_cycle<V: PartialEq>(cycle: &[V]) -> usize {
    let p = cycle.len();
    (1..=p)
        .filter(|&d| p.is_multiple_of(d))
        .find(|&d| (0..p).all(|i| cycle[i] == cycle[(i + d) % p]))
        .unwrap_or(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// On an open game the window alone says no (so the full search, four
    /// bytes per value, is not run), and on Dawson's Kayles it does not.
    #[test]
    fn the_window_decides_open_games_alone() {
        let open = naive_values(&"0.6".parse().unwrap(), 3000);
        assert!(window_rules_out_a_period(&open, 1, 2));
        let dawson = naive_values(&"0.07".parse().unwrap(), 3000);
        assert!(!window_rules_out_a_period(&dawson, 3, 2));
        assert!(find_period(&dawson, 3, 2).is_some());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// The window filter never hides a period the full search finds,
        /// on eventually periodic sequences (random preperiod, period and
        /// length, sometimes with one late exception) and random ones.
        #[test]
        fn the_window_filter_only_rules_out_what_the_full_search_cannot_prove(
            head in proptest::collection::vec(0u8..3, 0..40),
            cycle in proptest::collection::vec(0u8..3, 1..12),
            len in 1usize..200,
            exception in proptest::option::of(0usize..200),
            t in 0usize..5,
            r in 1usize..4,
        ) {
            let mut values: Vec<u8> = head.iter().copied().chain(cycle.iter().copied().cycle()).take(len).collect();
            if let Some(e) = exception.filter(|&e| e < values.len()) {
                values[e] = 7;
            }
            prop_assert_eq!(find_period(&values, t, r), search_all_suffixes(&values, t, r));
        }
    }

    use crate::heap::code::{naive_values, TakeBreakCode};
    use crate::heap::subtraction::SubtractionSet;

    fn prove(code: &str, terms: usize) -> PeriodCertificate {
        let c: TakeBreakCode = code.parse().unwrap();
        let v = naive_values(&c, terms);
        find_period(&v, c.max_removal(), c.max_heaps()).unwrap()
    }

    #[test]
    fn dawsons_kayles_and_kayles() {
        let d = prove("0.07", 400);
        assert_eq!((d.preperiod, d.period), (53, 34));
        let c = prove("0.137", 400);
        assert_eq!((c.preperiod, c.period), (52, 34));
        let k = prove("0.77", 400);
        assert_eq!((k.preperiod, k.period), (71, 12));
    }

    #[test]
    fn certificates_check_against_longer_naive_runs() {
        for code in ["0.07", "0.77", "0.137", "4.07", "0.51", "0.4", "0.f", "0.b"] {
            let c: TakeBreakCode = code.parse().unwrap();
            let cert = prove(code, 800);
            let long = naive_values(&c, cert.values_needed + 3 * cert.period + 200);
            assert!(cert.holds_for(&long), "{code}");
            for n in cert.preperiod..long.len() - cert.period {
                assert_eq!(long[n], long[n + cert.period], "{code} at {n}");
            }
            if cert.preperiod > 0 {
                let m = cert.preperiod - 1;
                assert_ne!(long[m], long[m + cert.period], "{code}: preperiod is least");
            }
        }
    }

    #[test]
    fn no_proof_from_too_few_values() {
        let c: TakeBreakCode = "0.07".parse().unwrap();
        assert!(find_period(&naive_values(&c, 150), 2, 2).is_none());
    }

    proptest! {
        /// For subtraction games (r = 1) the theorem's window is Nash–Sheenko's
        /// Lemma 4.3 window: both searches give the same answer.
        #[test]
        fn subtraction_codes_agree_with_window_search(elements in proptest::collection::vec(1u64..10, 1..4)) {
            let s = SubtractionSet::new(elements.clone()).unwrap();
            let w = s.find_period(100_000).unwrap();
            let code = TakeBreakCode::subtraction(s.elements()).unwrap();
            let v = s.values(4 * (w.preperiod + w.period + 12) + 20);
            let cert = find_period(&v, code.max_removal(), code.max_heaps()).unwrap();
            prop_assert_eq!((cert.preperiod, cert.period), (w.preperiod, w.period));
        }
    }
}
