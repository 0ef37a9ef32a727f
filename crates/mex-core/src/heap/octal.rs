//! Analysis of a take-and-break code: compute the nim sequence with the
//! sparse-space engine until the periodicity theorem proves a period (or a
//! bound is reached), then answer queries at any heap size.

use super::code::TakeBreakCode;
use super::period::{find_period, PeriodCertificate};
use super::periodic::PeriodicSequence;
use super::sparse::TakeBreakSequence;
use crate::MexError;

/// The most values a run may compute (2^28 values take 512 MiB).
pub const MAX_TERMS_LIMIT: usize = 1 << 28;
/// Default bound for a period search.
pub const DEFAULT_MAX_TERMS: usize = 1 << 20;
/// Most values for codes with three-heap moves (hexadecimal digits 8–f),
/// whose options are enumerated in full: O(n²) per value, O(n³) in all.
pub const MAX_THREE_HEAP_TERMS: usize = 4096;

/// The largest run allowed for `code`.
pub fn max_terms_for(code: &TakeBreakCode) -> usize {
    if code.max_heaps() == 3 {
        MAX_THREE_HEAP_TERMS
    } else {
        MAX_TERMS_LIMIT
    }
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

/// The outcome of a search.
#[derive(Debug, Clone)]
pub struct OctalAnalysis {
    /// The proof, when one was found.
    pub certificate: Option<PeriodCertificate>,
    /// The periodic sequence, when proven.
    pub sequence: Option<PeriodicSequence>,
}

/// Extends `seq` according to `plan`, checking for a proof at geometrically
/// spaced lengths (every 1/8 growth), so the run stops within a constant
/// factor of the first length at which the proof exists. `on_chunk` is called
/// after each extension (for progress bars and checkpoints).
pub fn search(
    seq: &mut TakeBreakSequence,
    plan: SearchPlan,
    mut on_chunk: impl FnMut(&TakeBreakSequence),
) -> Result<OctalAnalysis, MexError> {
    plan.validate(seq.code())?;
    let (t, r) = (seq.code().max_removal(), seq.code().max_heaps());
    let mut certificate = None;
    let mut target = seq.len().max(64).min(plan.max_terms.max(plan.min_terms));
    loop {
        seq.extend_to(target)?;
        on_chunk(seq);
        if certificate.is_none() {
            certificate = find_period(seq.values(), t, r);
        }
        let done_terms = seq.len() >= plan.min_terms;
        let proven_stop = certificate.is_some();
        let at_bound = seq.len() >= plan.max_terms.max(plan.min_terms);
        if done_terms && (proven_stop || at_bound) {
            break;
        }
        let upper = if proven_stop {
            plan.min_terms
        } else {
            plan.max_terms.max(plan.min_terms)
        };
        target = (target + target / 8 + 1).min(upper.max(seq.len()));
    }
    let sequence = certificate.as_ref().map(|c| {
        let head: Vec<u32> = seq.values()[..c.preperiod + c.period]
            .iter()
            .map(|&v| v as u32)
            .collect();
        PeriodicSequence::new(&head, c.preperiod, c.period)
    });
    Ok(OctalAnalysis {
        certificate,
        sequence,
    })
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
    let analysis = search(&mut seq, plan, |_| {})?;
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
        assert!(search(&mut seq, plan, |_| {}).is_err());
    }

    #[test]
    fn three_heap_codes_are_bounded() {
        let c: TakeBreakCode = "0.8".parse().unwrap();
        let mut seq = TakeBreakSequence::new(c.clone());
        let plan = SearchPlan {
            min_terms: 0,
            max_terms: MAX_THREE_HEAP_TERMS + 1,
        };
        assert!(search(&mut seq, plan, |_| {}).is_err());
        assert!(prove_period(&c, 1 << 20).is_ok());
    }

    #[test]
    fn unsolved_game_reports_no_proof() {
        let c: TakeBreakCode = "0.6".parse().unwrap();
        let (seq, a) = prove_period(&c, 5000).unwrap();
        assert!(a.certificate.is_none());
        assert_eq!(seq.len(), 5000);
    }
}
