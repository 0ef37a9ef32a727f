//! Subtraction games: Nash–Sheenko's S-Pick-Up-Bricks (Game 4.1).
//!
//! A move removes `s ∈ S` bricks from a heap; `G(n) = mex { G(n − s) : s ∈ S,
//! s ≤ n }` (Nash–Sheenko, Theorem 4.4's proof). With `l = max S`, `G(n)` depends
//! only on the `l` values before it, so two equal windows of `l` consecutive
//! values at `k` and `k + p` prove `G(n + p) = G(n)` for every `n ≥ k`
//! (Nash–Sheenko, Lemma 4.3, with its off-by-one corrected: the window has `l`
//! terms, `k .. k + l − 1`; see docs/errata.md).

use super::periodic::PeriodicSequence;
use crate::error::quote;
use crate::impartial::mex::MexScratch;
use crate::MexError;
use std::collections::HashMap;
use std::fmt;

/// Largest element accepted in a subtraction set (the window holds this many
/// values, and each position looks at up to this many).
pub const MAX_ELEMENT: u64 = 1_000_000;

/// Default and absolute bound on the number of terms a period search may
/// compute.
pub const DEFAULT_MAX_TERMS: usize = 2_000_000;
/// The quantity named in errors about `max_terms`.
pub const TERM_BOUND: &str = "the bound on terms";
/// The absolute bound on `max_terms` (memory stays below about 2 GiB).
pub const MAX_TERMS_LIMIT: usize = 50_000_000;

/// A non-empty finite set of positive integers, sorted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SubtractionSet {
    elements: Vec<u64>,
}

const ACCEPTED: &str =
    "a comma-separated list of positive integers such as 1,3,4 (each at most 1000000)";

fn element_too_large(value: impl fmt::Display) -> MexError {
    MexError::above_limit(
        "subtraction-set element",
        value,
        MAX_ELEMENT,
        "use smaller elements",
    )
}

/// The text inside one optional pair of braces, or `None` when braces are
/// unbalanced or nested.
fn unbraced(text: &str) -> Option<&str> {
    let inner = match (text.strip_prefix('{'), text.ends_with('}')) {
        (Some(rest), true) => &rest[..rest.len() - 1],
        (None, false) => text,
        _ => return None,
    };
    (!inner.contains(['{', '}'])).then_some(inner)
}

impl SubtractionSet {
    /// Builds a set; rejects an empty set, 0 and elements above [`MAX_ELEMENT`].
    pub fn new(mut elements: Vec<u64>) -> Result<Self, MexError> {
        if elements.is_empty() {
            return Err(MexError::invalid("the subtraction set is empty", ACCEPTED));
        }
        if elements.contains(&0) {
            return Err(MexError::invalid(
                "the subtraction set contains 0",
                ACCEPTED,
            ));
        }
        if let Some(&big) = elements.iter().find(|&&e| e > MAX_ELEMENT) {
            return Err(element_too_large(big));
        }
        elements.sort_unstable();
        elements.dedup();
        Ok(SubtractionSet { elements })
    }

    /// Parses `1,3,4` (spaces and one pair of braces allowed: `{1, 3, 4}`).
    /// Refuses unbalanced braces, empty elements (`1,,2`, a trailing comma)
    /// and anything that is not a positive integer.
    pub fn parse(text: &str) -> Result<Self, MexError> {
        let refuse = |why: String| {
            MexError::invalid(
                format!("the subtraction set {} {why}", quote(text)),
                ACCEPTED,
            )
        };
        let inner = unbraced(text.trim()).ok_or_else(|| refuse("has unbalanced braces".into()))?;
        if inner.trim().is_empty() {
            return Err(MexError::invalid("the subtraction set is empty", ACCEPTED));
        }
        let mut elements = Vec::new();
        for (i, part) in inner.split(',').map(str::trim).enumerate() {
            if part.is_empty() {
                return Err(refuse(format!(
                    "has an empty element at position {}",
                    i + 1
                )));
            }
            if part.starts_with('-') {
                return Err(refuse(format!(
                    "contains the negative number {}",
                    quote(part)
                )));
            }
            let e = crate::bigint::parse_natural(part)
                .map_err(|_| refuse(format!("contains {}, which is not a number", quote(part))))?;
            match u64::try_from(&e) {
                Ok(e) => elements.push(e),
                Err(_) => return Err(element_too_large(quote(part))),
            }
        }
        Self::new(elements)
    }

    /// The elements, increasing.
    pub fn elements(&self) -> &[u64] {
        &self.elements
    }

    /// `l = max S`.
    pub fn max(&self) -> u64 {
        *self.elements.last().expect("non-empty by construction")
    }

    /// The first `terms` values of the nim sequence.
    pub fn values(&self, terms: usize) -> Vec<u32> {
        let mut values = Vec::with_capacity(terms);
        let mut scratch = MexScratch::new();
        for n in 0..terms {
            values.push(self.next_value(&values, n, &mut scratch));
        }
        values
    }

    fn next_value(&self, values: &[u32], n: usize, scratch: &mut MexScratch) -> u32 {
        scratch.clear();
        for &s in self.elements.iter().take_while(|&&s| s as usize <= n) {
            scratch.insert(values[n - s as usize]);
        }
        scratch.mex_from(0)
    }

    /// Finds the exact preperiod and period by the first repeated window of
    /// `l = max S` values, computing at most `max_terms` values.
    ///
    /// The first index `m` whose window equals an earlier window at `k` is
    /// `m = μ + p` with `k = μ` (windows at `i < j` are equal exactly when
    /// `i ≥ μ` and `p` divides `j − i`), so the answer is minimal. Stops with
    /// [`MexError::Stopped`] when a stop token installed by the caller is
    /// stopped ([`crate::stop`]).
    pub fn find_period(&self, max_terms: usize) -> Result<SubtractionPeriod, MexError> {
        check_max_terms(max_terms)?;
        let l = self.max() as usize;
        let mut values: Vec<u32> = Vec::new();
        let mut scratch = MexScratch::new();
        let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
        let hasher = WindowHasher::new(l);
        let mut hash = 0u64;
        while values.len() < max_terms {
            crate::stop::check()?;
            let n = values.len();
            let v = self.next_value(&values, n, &mut scratch);
            values.push(v);
            hash = hasher.roll(hash, v, (n >= l).then(|| values[n - l]));
            if n + 1 < l {
                continue;
            }
            let start = n + 1 - l;
            let earlier = seen.entry(hash).or_default();
            if let Some(&k) = earlier
                .iter()
                .find(|&&k| values[k..k + l] == values[start..=n])
            {
                return Ok(SubtractionPeriod::from_windows(&values, k, start - k, l));
            }
            earlier.push(start);
        }
        Err(MexError::NotFound {
            what: format!(
                "no repeated window of {l} values among the first {max_terms} terms of {self}; raise the bound on terms (at most {MAX_TERMS_LIMIT})"
            ),
        })
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.elements.iter().map(u64::to_string).collect();
        write!(f, "{{{}}}", parts.join(","))
    }
}

/// Refuses a bound on terms above [`MAX_TERMS_LIMIT`] (an
/// [`MexError::AboveLimit`] of [`TERM_BOUND`]), as
/// [`SubtractionSet::find_period`] does before any work.
pub fn check_max_terms(max_terms: usize) -> Result<(), MexError> {
    if max_terms > MAX_TERMS_LIMIT {
        return Err(MexError::above_limit(
            TERM_BOUND,
            max_terms,
            MAX_TERMS_LIMIT,
            "choose a smaller bound",
        ));
    }
    Ok(())
}

/// Polynomial rolling hash of a window of fixed length (wrapping `u64`).
struct WindowHasher {
    top: u64,
}

const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

impl WindowHasher {
    fn new(len: usize) -> Self {
        let top = (1..len).fold(1u64, |acc, _| acc.wrapping_mul(HASH_BASE));
        WindowHasher { top }
    }

    /// Appends `incoming` and drops `outgoing` (the value `len` places back).
    fn roll(&self, hash: u64, incoming: u32, outgoing: Option<u32>) -> u64 {
        let without = match outgoing {
            Some(o) => hash.wrapping_sub((o as u64 + 1).wrapping_mul(self.top)),
            None => hash,
        };
        without
            .wrapping_mul(HASH_BASE)
            .wrapping_add(incoming as u64 + 1)
    }
}

/// The proof of a period (Nash–Sheenko, Lemma 4.3): the `window_length` values
/// starting at `first_start` equal those starting at `second_start`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WindowCertificate {
    /// What the certificate relies on.
    pub lemma: String,
    /// `l = max S`.
    pub window_length: usize,
    /// `k`, the preperiod.
    pub first_start: usize,
    /// `k + p`.
    pub second_start: usize,
    /// The common window `G(k) .. G(k + l − 1)`.
    pub window: Vec<u32>,
    /// Values computed to find it: `G(0) .. G(k + p + l − 1)`.
    pub values_computed: usize,
}

impl WindowCertificate {
    /// Checks the certificate against a nim sequence computed independently.
    pub fn holds_for(&self, values: &[u32]) -> bool {
        let (a, b, l) = (self.first_start, self.second_start, self.window_length);
        values.len() >= b + l
            && values[a..a + l] == values[b..b + l]
            && values[a..a + l] == self.window[..]
    }
}

/// Exact preperiod and period of a subtraction game, with their proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionPeriod {
    /// `μ`: the periodic part starts at `G(μ)`.
    pub preperiod: usize,
    /// `p`: the least period.
    pub period: usize,
    /// Two equal windows.
    pub certificate: WindowCertificate,
    /// The sequence, for queries at any heap size.
    pub sequence: PeriodicSequence,
}

impl SubtractionPeriod {
    fn from_windows(values: &[u32], preperiod: usize, period: usize, l: usize) -> Self {
        SubtractionPeriod {
            preperiod,
            period,
            certificate: WindowCertificate {
                lemma:
                    "Nash–Sheenko, Lemma 4.3: G(n) depends only on the l = max S values before it"
                        .into(),
                window_length: l,
                first_start: preperiod,
                second_start: preperiod + period,
                window: values[preperiod..preperiod + l].to_vec(),
                values_computed: values.len(),
            },
            sequence: PeriodicSequence::new(values, preperiod, period),
        }
    }
}

/// Slow twin of period detection: the least `p`, then least `μ`, with
/// `values[n + p] = values[n]` for all `μ ≤ n < len − p`, by trying every
/// pair. Only meaningful on a prefix much longer than `μ + p`.
pub fn period_by_brute_force(values: &[u32]) -> (usize, usize) {
    let len = values.len();
    for p in 1..len {
        let last_mismatch = (0..len - p).rev().find(|&n| values[n + p] != values[n]);
        let mu = last_mismatch.map_or(0, |n| n + 1);
        if mu + p + p <= len / 2 {
            return (mu, p);
        }
    }
    (0, len)
}

/// One small-augmentation of Nash–Sheenko, Conjecture 5.1: the smallest element
/// increased by one, duplicates removed.
pub fn small_augmentation(set: &[u64]) -> Vec<u64> {
    let mut next = set.to_vec();
    next[0] += 1;
    next.sort_unstable();
    next.dedup();
    next
}

/// The number of small-augmentations taking `set` to `{max}`.
pub fn augmentations_to_singleton(set: &[u64]) -> u64 {
    let mut s = set.to_vec();
    let mut count = 0;
    while s.len() > 1 {
        s = small_augmentation(&s);
        count += 1;
    }
    count
}

/// Which `n` Conjecture 5.1 means in "a ≤ ⌈n/2⌉": the seed never defines it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ConjectureReading {
    /// `n = |S|`, following the notation `S = {a_1, …, a_n}` of Theorem 4.4.
    SizeOfSet,
    /// `n = l = max S`.
    LargestElement,
}

impl ConjectureReading {
    /// Whether the conjecture's hypothesis holds, and its predicted period.
    pub fn prediction(self, set: &[u64]) -> Option<u64> {
        let l = *set.last()?;
        let n = match self {
            ConjectureReading::SizeOfSet => set.len() as u64,
            ConjectureReading::LargestElement => l,
        };
        let a = augmentations_to_singleton(set);
        (a <= n.div_ceil(2)).then_some(2 * l - a)
    }
}

/// One set for which the conjecture's prediction fails.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Counterexample {
    /// The set.
    pub set: Vec<u64>,
    /// The number `a` of small-augmentations to `{l}`.
    pub augmentations: u64,
    /// `2l − a`.
    pub predicted_period: u64,
    /// The computed period.
    pub actual_period: usize,
}

/// The test of Conjecture 5.1 under one reading.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ConjectureTest {
    /// The reading of `n`.
    pub reading: ConjectureReading,
    /// Sets satisfying the hypothesis.
    pub sets_in_scope: usize,
    /// Every set in scope whose period differs from `2l − a`.
    pub counterexamples: Vec<Counterexample>,
}

/// Periods of all non-empty subsets of `{1..m}`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Survey {
    /// `m`.
    pub m: u64,
    /// `2^m − 1`.
    pub sets: usize,
    /// Sets whose sequence is not immediately periodic (preperiod > 0).
    pub not_immediately_periodic: usize,
    /// The largest period found, and a set attaining it.
    pub max_period: (usize, Vec<u64>),
    /// The largest preperiod found, and a set attaining it.
    pub max_preperiod: (usize, Vec<u64>),
    /// Conjecture 5.1 under each reading.
    pub conjecture_5_1: Vec<ConjectureTest>,
}

/// Largest `m` accepted by [`survey`] (2^m − 1 sets).
pub const MAX_SURVEY_M: u64 = 20;

/// Computes the period of every non-empty subset of `{1..m}` and tests
/// Conjecture 5.1 of Nash–Sheenko under both readings of its `n`.
/// `progress` is called with the number of sets done.
pub fn survey(m: u64, mut progress: impl FnMut(usize)) -> Result<Survey, MexError> {
    MexError::check_range("survey size", m, 1, MAX_SURVEY_M, "choose a smaller m")?;
    let readings = [
        ConjectureReading::SizeOfSet,
        ConjectureReading::LargestElement,
    ];
    let mut tests: Vec<ConjectureTest> = readings
        .iter()
        .map(|&reading| ConjectureTest {
            reading,
            sets_in_scope: 0,
            counterexamples: vec![],
        })
        .collect();
    let mut report = Survey {
        m,
        sets: (1usize << m) - 1,
        not_immediately_periodic: 0,
        max_period: (0, vec![]),
        max_preperiod: (0, vec![]),
        conjecture_5_1: vec![],
    };
    for mask in 1u64..(1 << m) {
        let set: Vec<u64> = (1..=m).filter(|i| mask >> (i - 1) & 1 == 1).collect();
        let found = SubtractionSet::new(set.clone())?.find_period(MAX_TERMS_LIMIT)?;
        if found.preperiod > 0 {
            report.not_immediately_periodic += 1;
        }
        if found.period > report.max_period.0 {
            report.max_period = (found.period, set.clone());
        }
        if found.preperiod > report.max_preperiod.0 {
            report.max_preperiod = (found.preperiod, set.clone());
        }
        for test in &mut tests {
            if let Some(predicted) = test.reading.prediction(&set) {
                test.sets_in_scope += 1;
                if predicted != found.period as u64 {
                    test.counterexamples.push(Counterexample {
                        set: set.clone(),
                        augmentations: augmentations_to_singleton(&set),
                        predicted_period: predicted,
                        actual_period: found.period,
                    });
                }
            }
        }
        progress(mask as usize);
    }
    report.conjecture_5_1 = tests;
    Ok(report)
}

#[cfg(test)]
mod tests;
