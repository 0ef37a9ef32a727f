//! Analysis of a take-and-break code: compute the nim sequence with the
//! sparse-space engine until the periodicity theorem proves a period (or a
//! bound is reached), then answer queries at any heap size.
//!
//! Once a period is proven, further values are copied from the period
//! instead of computed. A proof never rests on values handed to
//! [`TakeBreakSequence::resume`] (a checkpoint file): the stretch its
//! certificate uses is recomputed from scratch and compared first.

use super::code::TakeBreakCode;
use super::period::{find_period, PeriodCertificate};
use super::periodic::PeriodicSequence;
use super::sparse::TakeBreakSequence;
use crate::MexError;
use std::ops::ControlFlow;

/// The most values a run may compute: 2^32 values take 8 GiB (two bytes
/// each), and every position fits the engine's `u32` rare list.
pub const MAX_TERMS_LIMIT: usize = (u32::MAX as usize).saturating_add(1);
/// Default bound for a period search, for codes with one split digit.
pub const DEFAULT_MAX_TERMS: usize = 1 << 20;
/// Most values for codes with one or two three-heap digits (hexadecimal
/// digits 8–f), whose options are enumerated in full: O(n²) per value.
pub const MAX_THREE_HEAP_TERMS: usize = 4096;
/// The least default bound, however costly the code.
pub const MIN_DEFAULT_MAX_TERMS: usize = 1 << 12;
/// Values computed between two calls of the progress callback.
const SLICE: usize = 1 << 12;

/// The largest run allowed for `code`: [`MAX_TERMS_LIMIT`], or for codes
/// with `d` three-heap digits the largest `N ≤ 4096` with
/// `d·N³ ≤ 2·4096³` (the work of the full enumeration).
pub fn max_terms_for(code: &TakeBreakCode) -> usize {
    let d3 = code.removals_with(8).len() as u128;
    if d3 == 0 {
        return MAX_TERMS_LIMIT;
    }
    let budget = 2 * (MAX_THREE_HEAP_TERMS as u128).pow(3);
    let (mut lo, mut hi) = (1u128, MAX_THREE_HEAP_TERMS as u128);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if d3 * mid.pow(3) <= budget {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo as usize
}

/// The default bound of a period search: [`DEFAULT_MAX_TERMS`] divided by
/// the number of split digits (each costs a scan of the splits per value),
/// at least [`MIN_DEFAULT_MAX_TERMS`], and within [`max_terms_for`].
pub fn default_max_terms(code: &TakeBreakCode) -> usize {
    let scaled = DEFAULT_MAX_TERMS / code.split_digits().max(1);
    scaled.max(MIN_DEFAULT_MAX_TERMS).min(max_terms_for(code))
}

/// How far to go. A run stops as soon as a period is proven and `min_terms`
/// values are computed, or at `max_terms`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchPlan {
    /// Compute at least this many values.
    pub min_terms: usize,
    /// Never compute more than this many values.
    pub max_terms: usize,
}

impl SearchPlan {
    /// Checks the bounds for `code` up front.
    pub fn validate(&self, code: &TakeBreakCode) -> Result<(), MexError> {
        let limit = max_terms_for(code);
        if self.max_terms > limit || self.min_terms > limit {
            let why = if limit == MAX_TERMS_LIMIT {
                ""
            } else {
                " (three-heap moves make runs cubic)"
            };
            return Err(MexError::too_large(
                format!(
                    "a run of {} values of {code}",
                    self.max_terms.max(self.min_terms)
                ),
                format!("{limit} values{why}"),
                "ask for fewer terms",
            ));
        }
        Ok(())
    }
}

/// What a search is doing when it reports progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Extending the sequence (the one reported may be saved).
    Extending,
    /// Recomputing from scratch the values a proof uses, because they came
    /// from outside (the one reported is the fresh, shorter sequence).
    Rechecking,
}

/// The outcome of a search.
#[derive(Debug, Clone)]
pub struct OctalAnalysis {
    /// The proof, when one was found.
    pub certificate: Option<PeriodCertificate>,
    /// The periodic sequence, when proven.
    pub sequence: Option<PeriodicSequence>,
    /// The progress callback asked to stop; no proof is reported.
    pub interrupted: bool,
    /// Values from outside that were recomputed from scratch to check the
    /// proof (0 when every value was computed by this run).
    pub rechecked_values: usize,
}

impl OctalAnalysis {
    fn unproven(interrupted: bool) -> Self {
        OctalAnalysis {
            certificate: None,
            sequence: None,
            interrupted,
            rechecked_values: 0,
        }
    }
}

/// Extends `seq` according to `plan`, checking for a proof at geometrically
/// spaced lengths (every 1/8 growth), so the run stops within a constant
/// factor of the first length at which the proof exists. `on_progress` is
/// called every few thousand values (for progress bars, checkpoints and
/// interruption: returning `Break` stops the search).
pub fn search(
    seq: &mut TakeBreakSequence,
    plan: SearchPlan,
    mut on_progress: impl FnMut(Phase, &TakeBreakSequence) -> ControlFlow<()>,
) -> Result<OctalAnalysis, MexError> {
    plan.validate(seq.code())?;
    let code = seq.code().clone();
    let (t, r) = (code.max_removal(), code.max_heaps());
    let bound = plan.max_terms.max(plan.min_terms);
    let mut target = seq.len().max(64).min(bound);
    loop {
        if extend(seq, target, Phase::Extending, &mut on_progress)?.is_break() {
            return Ok(OctalAnalysis::unproven(true));
        }
        let certificate = code
            .has_periodicity_theorem()
            .then(|| find_period(seq.values(), t, r))
            .flatten();
        if let Some(c) = certificate {
            let rechecked = seq.resumed();
            if rechecked > 0 {
                if recheck(seq, &c, &mut on_progress)?.is_break() {
                    return Ok(OctalAnalysis::unproven(true));
                }
                seq.mark_verified();
            }
            seq.fill_periodic(c.preperiod, c.period, plan.min_terms);
            let head: Vec<u32> = seq.values()[..c.preperiod + c.period]
                .iter()
                .map(|&v| v as u32)
                .collect();
            return Ok(OctalAnalysis {
                sequence: Some(PeriodicSequence::new(&head, c.preperiod, c.period)),
                certificate: Some(c),
                interrupted: false,
                rechecked_values: rechecked,
            });
        }
        if seq.len() >= bound {
            return Ok(OctalAnalysis::unproven(false));
        }
        target = (target + target / 8 + 1).min(bound).max(seq.len());
    }
}

/// Computes values in slices of [`SLICE`] up to `target`, reporting after each.
fn extend(
    seq: &mut TakeBreakSequence,
    target: usize,
    phase: Phase,
    on_progress: &mut impl FnMut(Phase, &TakeBreakSequence) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, MexError> {
    while seq.len() < target {
        seq.extend_to(target.min(seq.len() + SLICE))?;
        if on_progress(phase, seq).is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Recomputes `G(0) .. G(values_needed − 1)` from scratch and checks that
/// the given values agree with them, and that every given value beyond
/// agrees with the proven period.
fn recheck(
    seq: &TakeBreakSequence,
    c: &PeriodCertificate,
    on_progress: &mut impl FnMut(Phase, &TakeBreakSequence) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, MexError> {
    let mut fresh = TakeBreakSequence::new(seq.code().clone());
    if extend(&mut fresh, c.values_needed, Phase::Rechecking, on_progress)?.is_break() {
        return Ok(ControlFlow::Break(()));
    }
    let given = seq.values();
    let wrong = (0..c.values_needed)
        .find(|&n| fresh.values()[n] != given[n])
        .or_else(|| (c.values_needed..seq.resumed()).find(|&n| given[n] != given[n - c.period]));
    if let Some(n) = wrong {
        return Err(MexError::invalid(
            format!(
                "the given values of {} are wrong: G({n}) = {} is not what the game gives",
                seq.code(),
                given[n]
            ),
            "a checkpoint written by mex for this code",
        ));
    }
    assert!(
        c.holds_for(fresh.values()),
        "certificate of recomputed values"
    );
    Ok(ControlFlow::Continue(()))
}

/// Convenience: prove the period of `code` within `max_terms` values.
pub fn prove_period(
    code: &TakeBreakCode,
    max_terms: usize,
) -> Result<(TakeBreakSequence, OctalAnalysis), MexError> {
    let mut seq = TakeBreakSequence::new(code.clone());
    let plan = SearchPlan {
        min_terms: 0,
        max_terms: max_terms.min(max_terms_for(code)),
    };
    let analysis = search(&mut seq, plan, |_, _| ControlFlow::Continue(()))?;
    Ok((seq, analysis))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::code::naive_values;
    use num_bigint::BigUint;

    #[test]
    fn proven_sequences_answer_huge_queries_consistently() {
        for code in ["0.07", "0.77", "0.137", "4.07", "0.51", "0.4"] {
            let c: TakeBreakCode = code.parse().unwrap();
            let (seq, a) = prove_period(&c, 1 << 16).unwrap();
            let cert = a.certificate.unwrap();
            let ps = a.sequence.unwrap();
            assert!(
                seq.len() < 8 * cert.values_needed + 200,
                "{code}: stopped soon after the proof"
            );
            let naive = naive_values(&c, cert.values_needed + 5 * cert.period);
            for (n, &g) in naive.iter().enumerate() {
                assert_eq!(ps.value_at(&BigUint::from(n)), g, "{code} at {n}");
            }
            let big = BigUint::from(10u32).pow(18);
            let idx = ps.index_of(&big);
            assert!(
                idx >= cert.preperiod
                    && (idx - cert.preperiod)
                        == ((big - cert.preperiod) % cert.period).try_into().unwrap()
            );
        }
    }

    /// 0.16 is periodic with period 149459 from n = 105351 (the result
    /// of Gangolli–Plambeck 1989): the sparse engine proves it from 535 263 values.
    #[test]
    fn proves_the_period_of_0_16() {
        let c: TakeBreakCode = "0.16".parse().unwrap();
        let (_, a) = prove_period(&c, 1 << 20).unwrap();
        let cert = a.certificate.unwrap();
        assert_eq!((cert.preperiod, cert.period), (105_351, 149_459));
    }

    #[test]
    fn unbounded_requests_are_refused() {
        let c: TakeBreakCode = "0.6".parse().unwrap();
        let mut seq = TakeBreakSequence::new(c);
        let plan = SearchPlan {
            min_terms: 0,
            max_terms: MAX_TERMS_LIMIT + 1,
        };
        assert!(search(&mut seq, plan, |_, _| ControlFlow::Continue(())).is_err());
    }

    #[test]
    fn three_heap_codes_are_bounded() {
        let c: TakeBreakCode = "0.8".parse().unwrap();
        let mut seq = TakeBreakSequence::new(c.clone());
        let plan = SearchPlan {
            min_terms: 0,
            max_terms: MAX_THREE_HEAP_TERMS + 1,
        };
        assert!(search(&mut seq, plan, |_, _| ControlFlow::Continue(())).is_err());
        assert!(prove_period(&c, 1 << 20).is_ok());
    }

    fn go_on(_: Phase, _: &TakeBreakSequence) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// Regression: 10^6 terms of 0.07 were computed one by one (quadratic)
    /// although the period is proven from a few hundred values.
    #[test]
    fn terms_beyond_the_proof_come_from_the_period() {
        let c: TakeBreakCode = "0.07".parse().unwrap();
        let mut seq = TakeBreakSequence::new(c.clone());
        let plan = SearchPlan {
            min_terms: 1_000_000,
            max_terms: 1 << 20,
        };
        let a = search(&mut seq, plan, go_on).unwrap();
        let ps = a.sequence.unwrap();
        assert_eq!(seq.len(), 1_000_000);
        assert!(seq.stats().scanned_pairs < 10_000_000, "{:?}", seq.stats());
        for n in (0..1_000_000).step_by(997) {
            assert_eq!(seq.values()[n] as u32, ps.value_at(&BigUint::from(n)));
        }
        let naive = naive_values(&c, 3000);
        assert!(naive.iter().zip(seq.values()).all(|(&x, &y)| x == y as u32));
    }

    /// Regression: a forged checkpoint (all zeros, periodic with period 1)
    /// gave a "proof"; the stretch a proof uses is now recomputed.
    #[test]
    fn a_proof_never_rests_on_given_values() {
        let c: TakeBreakCode = "0.07".parse().unwrap();
        let plan = SearchPlan {
            min_terms: 0,
            max_terms: 1 << 16,
        };
        let mut forged = TakeBreakSequence::resume(c.clone(), vec![0; 5000]);
        let e = search(&mut forged, plan, go_on).unwrap_err().to_string();
        assert!(e.contains("wrong"), "{e}");
        // A true prefix with one late value forged beyond the proof's stretch.
        let mut truth = naive_values(&c, 2000)
            .into_iter()
            .map(|v| v as u16)
            .collect::<Vec<_>>();
        truth[1500] ^= 1;
        let mut late = TakeBreakSequence::resume(c.clone(), truth.clone());
        assert!(search(&mut late, plan, go_on).is_err());
        truth[1500] ^= 1;
        let mut honest = TakeBreakSequence::resume(c.clone(), truth);
        let a = search(&mut honest, plan, go_on).unwrap();
        assert_eq!(a.rechecked_values, 2000);
        let cert = a.certificate.unwrap();
        assert_eq!((cert.preperiod, cert.period), (53, 34));
        assert_eq!(honest.resumed(), 0);
    }

    #[test]
    fn a_search_stops_when_asked() {
        let c: TakeBreakCode = "0.6".parse().unwrap();
        let mut seq = TakeBreakSequence::new(c);
        let plan = SearchPlan {
            min_terms: 0,
            max_terms: 1 << 20,
        };
        let a = search(&mut seq, plan, |_, _| ControlFlow::Break(())).unwrap();
        assert!(a.interrupted && a.certificate.is_none());
        assert!(seq.len() <= SLICE + 64);
    }

    #[test]
    fn bounds_scale_with_the_cost_of_the_code() {
        let one: TakeBreakCode = "0.07".parse().unwrap();
        assert_eq!(default_max_terms(&one), DEFAULT_MAX_TERMS);
        let many: TakeBreakCode = format!("0.{}", "7".repeat(32)).parse().unwrap();
        assert_eq!(default_max_terms(&many), DEFAULT_MAX_TERMS / 32);
        assert_eq!(max_terms_for(&"0.8".parse().unwrap()), MAX_THREE_HEAP_TERMS);
        let four = max_terms_for(&"0.8888".parse().unwrap());
        assert!(4 * four.pow(3) <= 2 * MAX_THREE_HEAP_TERMS.pow(3));
        assert!(4 * (four + 1).pow(3) > 2 * MAX_THREE_HEAP_TERMS.pow(3));
    }

    #[test]
    fn no_period_is_claimed_for_unequal_splits() {
        let (seq, a) = prove_period(&TakeBreakCode::grundys_game(), 5000).unwrap();
        assert!(a.certificate.is_none());
        assert_eq!(seq.len(), 5000);
    }

    #[test]
    fn unsolved_game_reports_no_proof() {
        let c: TakeBreakCode = "0.6".parse().unwrap();
        let (seq, a) = prove_period(&c, 5000).unwrap();
        assert!(a.certificate.is_none());
        assert_eq!(seq.len(), 5000);
    }
}
