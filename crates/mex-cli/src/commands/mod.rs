//! One module per command family; `catalog` answers every position, and
//! `aliases` keeps the old per-position command lines over it.

pub mod aliases;
pub mod catalog;
pub mod checkpoint_file;
pub mod db;
pub mod domino;
pub mod game;
pub mod graph;
pub mod mex_set;
pub mod misere;
pub mod misere_form;
pub mod misere_quotient;
pub mod nimber;
pub mod octal;
pub mod partizan;
pub mod play;
pub mod play_proof;
pub mod proof;
pub mod search;
pub mod serve;
pub mod shift;
pub mod ssc;
pub mod subtraction;
pub mod sum;
pub mod winner;

use mex_core::error::quote;
use mex_core::heap::periodic::{chart_terms, CHART_MAX_TERMS};
use mex_core::MexError;
use mex_present::sequences::{AtReport, CountReport, QueryReport};
use num_bigint::BigUint;

/// Parses `LO..HI` (inclusive, arbitrary precision).
pub fn parse_range(text: &str) -> Result<(BigUint, BigUint), MexError> {
    let (lo, hi) = text.split_once("..").ok_or_else(|| {
        MexError::invalid(
            format!("{} is not a range", quote(text)),
            "LO..HI with non-negative integers, e.g. 0..10^18",
        )
    })?;
    Ok((
        mex_core::bigint::parse_natural(lo)?,
        mex_core::bigint::parse_natural(hi)?,
    ))
}

/// clap value parser: a number in the syntax of positional numbers
/// (`1_000`, `2^20`) that fits in memory-sized counts.
pub fn count_arg(text: &str) -> Result<usize, String> {
    crate::number::usize_value(text).map_err(|e| e.to_string())
}

/// clap value parser: a number of any size (`10^18`).
pub fn natural_arg(text: &str) -> Result<BigUint, String> {
    mex_core::bigint::parse_natural(text).map_err(|e| e.to_string())
}

/// clap value parser: a non-empty range `LO..HI` with `LO ≤ HI`.
pub fn range_arg(text: &str) -> Result<(BigUint, BigUint), String> {
    let (lo, hi) = parse_range(text).map_err(|e| e.to_string())?;
    if lo > hi {
        return Err(format!(
            "the range {} is empty; accepted: LO..HI with LO <= HI",
            quote(text)
        ));
    }
    Ok((lo, hi))
}

/// The options shared by commands on eventually periodic nim sequences.
#[derive(clap::Args)]
pub struct PeriodicQueries {
    /// Find the exact preperiod and period, with a certificate (default when
    /// no --terms is given).
    #[arg(long)]
    pub period: bool,
    /// Also print the first N values (and the P-positions among them).
    #[arg(long, value_name = "N", value_parser = count_arg)]
    pub terms: Option<usize>,
    /// The value and outcome of a heap of N (any size once the period is
    /// proven; otherwise N must be among the computed values).
    #[arg(long, value_name = "N", value_parser = natural_arg)]
    pub at: Option<BigUint>,
    /// Count P- and N-positions with LO ≤ n ≤ HI (any size once the period
    /// is proven; otherwise within the computed values).
    #[arg(long, value_name = "LO..HI", value_parser = range_arg)]
    pub count_p: Option<(BigUint, BigUint)>,
    /// Draw the nim sequence as an SVG chart in FILE (preperiod shaded,
    /// periods marked): the values up to two periods past the preperiod,
    /// or --terms values.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
}

/// What is known of a nim sequence, to answer queries from.
pub enum Known<'a> {
    /// A proven eventually periodic sequence: every heap size.
    Periodic(&'a mex_core::heap::periodic::PeriodicSequence),
    /// The first `len` values only (no period proven), `value(n)` for
    /// `n < len`; `basis` says where they come from, `why` why no more.
    Prefix {
        len: usize,
        value: &'a dyn Fn(usize) -> u32,
        basis: &'a dyn Fn(usize) -> &'static str,
        why: String,
    },
}

impl PeriodicQueries {
    /// How many values the plot shows: `--terms`, or the chart's default
    /// ([`chart_terms`]), at most [`CHART_MAX_TERMS`].
    pub fn plot_len(&self, preperiod: Option<usize>, period: Option<usize>) -> usize {
        self.terms
            .unwrap_or_else(|| chart_terms(preperiod.zip(period)))
            .min(CHART_MAX_TERMS)
    }

    /// Writes the plot of `values` to the `--plot` file, if one is asked.
    pub fn write_plot(
        &self,
        title: &str,
        values: &[u32],
        preperiod: Option<usize>,
        period: Option<usize>,
    ) -> Result<(), MexError> {
        let Some(path) = &self.plot else {
            return Ok(());
        };
        let svg = mex_present::pictures::nim_sequence_svg(title, values, preperiod, period);
        crate::files::write_file(path, &svg, "--plot")
    }

    /// Whether a query needs the period.
    pub fn has_query(&self) -> bool {
        self.at.is_some() || self.count_p.is_some()
    }

    /// Whether the period must be found.
    pub fn wants_period(&self) -> bool {
        self.period || self.has_query() || self.terms.is_none()
    }

    /// The number of leading values the queries read: `max(at, HI) + 1`
    /// (`None` when that does not fit in memory-sized counts).
    pub fn values_read(&self) -> Option<usize> {
        let at = self.at.as_ref().map(|n| n + 1u32);
        let hi = self.count_p.as_ref().map(|(_, hi)| hi + 1u32);
        let most = at.into_iter().chain(hi).max();
        match most {
            None => Some(0),
            Some(m) => usize::try_from(&m).ok(),
        }
    }

    /// Answers `--at` and `--count-p` from what is known: their report,
    /// and their lines added to `text`.
    pub fn answer(&self, known: &Known, text: &mut String) -> Result<QueryReport, MexError> {
        use crate::output::fields;
        use num_traits::ToPrimitive;
        let within = |n: &BigUint| -> Result<usize, MexError> {
            match known {
                Known::Periodic(_) => Ok(0),
                Known::Prefix { len, why, .. } => {
                    n.to_usize()
                        .filter(|&i| i < *len)
                        .ok_or_else(|| MexError::NotFound {
                            what: format!("heap {n} is beyond the {len} values computed and {why}"),
                        })
                }
            }
        };
        let mut report = QueryReport::default();
        if let Some(n) = &self.at {
            let (v, basis) = match known {
                Known::Periodic(seq) => (seq.value_at(n), "period"),
                Known::Prefix { value, basis, .. } => {
                    let i = within(n)?;
                    (value(i), basis(i))
                }
            };
            let at = AtReport::new(n.clone(), v, basis);
            *text += &fields(&[(
                &format!("G({n})"),
                format!("{v} ({}), from the {basis}", at.outcome),
            )]);
            report.at = Some(at);
        }
        if let Some((lo, hi)) = &self.count_p {
            let (p, all, basis) = match known {
                Known::Periodic(seq) => (
                    seq.count_in_range(lo, hi, |v| v == 0),
                    hi - lo + 1u32,
                    "period",
                ),
                Known::Prefix { value, basis, .. } => {
                    let (a, b) = (within(lo)?, within(hi)?);
                    let p = (a..=b).filter(|&i| value(i) == 0).count();
                    (BigUint::from(p), BigUint::from(b - a + 1), basis(b))
                }
            };
            let n = &all - &p;
            *text += &fields(&[
                (&format!("P-positions in {lo}..={hi}"), p.to_string()),
                (&format!("N-positions in {lo}..={hi}"), n.to_string()),
            ]);
            report.count = Some(CountReport {
                from: lo.clone(),
                to: hi.clone(),
                p_positions: p,
                n_positions: n,
                basis,
            });
        }
        Ok(report)
    }
}
