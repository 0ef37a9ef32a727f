//! The JSON of the nim sequences of heap games: `mex octal CODE`, `mex
//! grundys-game` ([`OctalReport`]) and `mex subtraction SET`
//! ([`SubtractionReport`]); Python's `OctalCode.period()` gives the same
//! object as `mex octal CODE --period --json`.
//!
//! Both share: `values` and `p_positions` (`--terms`, [`TermsReport`]);
//! `preperiod`, `period`, `certificate`, `periodic_part` (the values of one
//! period), or, when no period was proven, the first three null and
//! `status` ([`PeriodReport`]); `at` and `count` (`--at`, `--count-p`,
//! [`QueryReport`]). Heap sizes and counts, which can exceed 2^53, are
//! decimal strings; Grundy values, periods and indices are numbers.

use crate::json::decimal;
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::octal::OctalAnalysis;
use mex_core::heap::period::PeriodCertificate;
use mex_core::heap::periodic::PeriodicSequence;
use mex_core::heap::sparse::{SequenceStats, SparseStats, TakeBreakSequence};
use mex_core::heap::subtraction::{SubtractionPeriod, SubtractionSet, WindowCertificate};
use num_bigint::BigUint;
use serde::Serialize;

/// The first values and the P-positions among them: `{values,
/// p_positions}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TermsReport {
    /// `G(0) … G(n−1)`.
    pub values: Vec<u32>,
    /// The `i < n` with `G(i) = 0`.
    pub p_positions: Vec<usize>,
}

impl TermsReport {
    /// The report of the first values.
    pub fn of(values: impl IntoIterator<Item = u32>) -> Self {
        let values: Vec<u32> = values.into_iter().collect();
        let p_positions = (0..values.len()).filter(|&i| values[i] == 0).collect();
        TermsReport {
            values,
            p_positions,
        }
    }
}

/// The period of a sequence, or why none was found: `{preperiod, period,
/// certificate, periodic_part?, status?}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeriodReport<C> {
    /// `μ`, null when no period was proven.
    pub preperiod: Option<usize>,
    /// `p`, null when no period was proven.
    pub period: Option<usize>,
    /// The proof, null when no period was proven.
    pub certificate: Option<C>,
    /// The values `G(μ) … G(μ+p−1)` of one period.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub periodic_part: Option<Vec<u32>>,
    /// How far the search looked, when it found no period.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
}

impl<C> PeriodReport<C> {
    /// A proven period.
    pub fn proven(certificate: C, sequence: &PeriodicSequence) -> Self {
        let preperiod = sequence.preperiod();
        PeriodReport {
            preperiod: Some(preperiod),
            period: Some(sequence.period()),
            certificate: Some(certificate),
            periodic_part: Some(sequence.head()[preperiod..].to_vec()),
            status: None,
        }
    }

    /// No period proven; `status` says how far the search looked.
    pub fn unproven(status: String) -> Self {
        PeriodReport {
            preperiod: None,
            period: None,
            certificate: None,
            periodic_part: None,
            status: Some(status),
        }
    }
}

/// `--at N`: `{n, value, outcome, basis}` (`basis`: `period`, `computed
/// values` or `checkpoint values`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AtReport {
    /// The heap size, in decimal.
    #[serde(serialize_with = "decimal")]
    pub n: BigUint,
    /// `G(n)`.
    pub value: u32,
    /// `P` when `G(n) = 0`, else `N`.
    pub outcome: &'static str,
    /// Where the value comes from.
    pub basis: &'static str,
}

impl AtReport {
    /// The report of `G(n) = value`.
    pub fn new(n: BigUint, value: u32, basis: &'static str) -> Self {
        AtReport {
            n,
            value,
            outcome: if value == 0 { "P" } else { "N" },
            basis,
        }
    }
}

/// `--count-p LO..HI`: `{from, to, p_positions, n_positions, basis}`, all
/// but `basis` decimal strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CountReport {
    /// `LO`.
    #[serde(serialize_with = "decimal")]
    pub from: BigUint,
    /// `HI` (included).
    #[serde(serialize_with = "decimal")]
    pub to: BigUint,
    /// The P-positions in `LO..=HI`.
    #[serde(serialize_with = "decimal")]
    pub p_positions: BigUint,
    /// The N-positions in `LO..=HI`.
    #[serde(serialize_with = "decimal")]
    pub n_positions: BigUint,
    /// Where the values come from.
    pub basis: &'static str,
}

/// The answers to `--at` and `--count-p`, each left out when not asked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct QueryReport {
    /// `--at`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<AtReport>,
    /// `--count-p`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<CountReport>,
}

/// The sparse-space engine's state: `{mask, rare_positions, stats}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SparseSpaceReport {
    /// The mask over the extended values `2·G(n) + (n mod 2)`.
    pub mask: u32,
    /// How many positions are rare under it.
    pub rare_positions: usize,
    /// How the engine worked.
    pub stats: SparseStats,
}

/// `mex octal CODE --json`, `mex grundys-game --json`, and Python's
/// `OctalCode.period()`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OctalReport {
    /// The code as mex prints it.
    pub code: String,
    /// How many values are computed.
    pub values_computed: usize,
    /// The engine's state.
    pub sparse_space: SparseSpaceReport,
    /// Values read from a checkpoint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values_from_checkpoint: Option<usize>,
    /// How many of them the proof recomputed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rechecked_values: Option<usize>,
    /// `--terms`.
    #[serde(flatten)]
    pub terms: Option<TermsReport>,
    /// `--stats`: the columns of the tables of unsolved octal games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<SequenceStats>,
    /// The period (left out when it was neither asked nor found).
    #[serde(flatten)]
    pub period: Option<PeriodReport<PeriodCertificate>>,
    /// `--at`, `--count-p`.
    #[serde(flatten)]
    pub queries: QueryReport,
}

impl OctalReport {
    /// The report of `seq`, a sequence of `code` searched as `analysis`
    /// says: the period when proven, nothing else asked.
    pub fn new(code: &TakeBreakCode, seq: &TakeBreakSequence, analysis: &OctalAnalysis) -> Self {
        let (mask, rare_positions) = seq.rare_summary();
        let proven = analysis.certificate.clone().zip(analysis.sequence.as_ref());
        OctalReport {
            code: code.to_string(),
            values_computed: seq.len(),
            sparse_space: SparseSpaceReport {
                mask,
                rare_positions,
                stats: seq.stats(),
            },
            values_from_checkpoint: None,
            rechecked_values: None,
            terms: None,
            stats: None,
            period: proven.map(|(c, s)| PeriodReport::proven(c, s)),
            queries: QueryReport::default(),
        }
    }
}

/// `mex subtraction SET --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubtractionReport {
    /// The elements of S, increasing.
    pub set: Vec<u64>,
    /// `--terms`.
    #[serde(flatten)]
    pub terms: Option<TermsReport>,
    /// The period (left out when not asked).
    #[serde(flatten)]
    pub period: Option<PeriodReport<WindowCertificate>>,
    /// `--at`, `--count-p`.
    #[serde(flatten)]
    pub queries: QueryReport,
}

impl SubtractionReport {
    /// The report of `set`, nothing asked yet.
    pub fn new(set: &SubtractionSet) -> Self {
        SubtractionReport {
            set: set.elements().to_vec(),
            terms: None,
            period: None,
            queries: QueryReport::default(),
        }
    }

    /// The period found.
    pub fn proven(found: &SubtractionPeriod) -> PeriodReport<WindowCertificate> {
        PeriodReport::proven(found.certificate.clone(), &found.sequence)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::to_json;
    use mex_core::heap::octal::{self, SearchPlan};

    #[test]
    fn the_octal_period_of_dawsons_kayles_is_34_from_53() {
        // 0.07 (Dawson's Kayles): period 34 after a preperiod of 53
        // (Winning Ways, ch. 16; Guy and Smith 1956).
        let code: TakeBreakCode = "0.07".parse().unwrap();
        let mut seq = TakeBreakSequence::new(code.clone());
        let plan = SearchPlan {
            min_terms: 0,
            max_terms: octal::default_max_terms(&code),
        };
        let analysis =
            octal::search(&mut seq, plan, |_, _| std::ops::ControlFlow::Continue(())).unwrap();
        let v = to_json(&OctalReport::new(&code, &seq, &analysis));
        assert_eq!(v["period"], 34);
        assert_eq!(v["preperiod"], 53);
        let part = v["periodic_part"].as_array().unwrap();
        assert_eq!(part.len(), 34);
        for (i, g) in part.iter().enumerate() {
            assert_eq!(g, &u64::from(seq.values()[53 + i]));
        }
        assert!(v.get("status").is_none() && v.get("at").is_none());
    }

    #[test]
    fn an_unproven_period_is_null_with_a_status() {
        let r: PeriodReport<WindowCertificate> = PeriodReport::unproven("looked".into());
        let v = to_json(&r);
        for key in ["preperiod", "period", "certificate"] {
            assert!(v[key].is_null(), "{v}");
        }
        assert_eq!(v["status"], "looked");
        assert!(v.get("periodic_part").is_none());
    }

    #[test]
    fn terms_and_queries_write_heaps_and_counts_as_strings() {
        let t = TermsReport::of([0, 1, 1, 0, 2]);
        assert_eq!(t.p_positions, vec![0, 3]);
        let q = QueryReport {
            at: Some(AtReport::new(BigUint::from(10u32).pow(18), 0, "period")),
            count: None,
        };
        let v = to_json(&q);
        assert_eq!(v["at"]["n"], "1000000000000000000");
        assert_eq!(v["at"]["outcome"], "P");
        assert!(v.get("count").is_none());
        let set = SubtractionSet::parse("1,3,4").unwrap();
        // S = {1,3,4}: period 7 from 0 (Berlekamp, Conway and Guy, Winning
        // Ways ch. 4: 0 1 0 1 2 3 2).
        let found = set.find_period(1000).unwrap();
        let mut r = SubtractionReport::new(&set);
        r.period = Some(SubtractionReport::proven(&found));
        let v = to_json(&r);
        assert_eq!(v["set"], serde_json::json!([1, 3, 4]));
        assert_eq!(v["period"], 7);
        assert_eq!(v["periodic_part"], serde_json::json!([0, 1, 0, 1, 2, 3, 2]));
    }
}
