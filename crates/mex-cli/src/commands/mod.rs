//! One module per command family.

pub mod catalog;
pub mod cherries;
pub mod domineering;
pub mod domino;
pub mod game;
pub mod graph;
pub mod nim;
pub mod octal;
pub mod shift;
pub mod ssc;
pub mod subtraction;
pub mod sum;
pub mod wythoff;

/// Bounded reading of files and stdin (declared here so that main.rs stays
/// untouched; the lead may move this line to main.rs as `mod input;`).
#[path = "../input.rs"]
pub mod input;

use mex_core::MexError;
use num_bigint::BigUint;

/// Parses `LO..HI` (inclusive, arbitrary precision).
pub fn parse_range(text: &str) -> Result<(BigUint, BigUint), MexError> {
    let (lo, hi) = text.split_once("..").ok_or_else(|| {
        MexError::invalid(
            format!("'{text}' is not a range"),
            "LO..HI with non-negative integers, e.g. 0..10^18",
        )
    })?;
    Ok((
        mex_core::bigint::parse_natural(lo)?,
        mex_core::bigint::parse_natural(hi)?,
    ))
}

/// The options shared by commands on eventually periodic nim sequences.
#[derive(clap::Args)]
pub struct PeriodicQueries {
    /// Find the exact preperiod and period, with a certificate (default when
    /// no --terms is given).
    #[arg(long)]
    pub period: bool,
    /// Also print the first N values (and the P-positions among them).
    #[arg(long, value_name = "N")]
    pub terms: Option<usize>,
    /// The value and outcome of a heap of N (any size; uses the period).
    #[arg(long, value_name = "N")]
    pub at: Option<String>,
    /// Count P- and N-positions with LO ≤ n ≤ HI (any size; uses the period).
    #[arg(long, value_name = "LO..HI")]
    pub count_p: Option<String>,
}

impl PeriodicQueries {
    /// Whether a query needs the period.
    pub fn has_query(&self) -> bool {
        self.at.is_some() || self.count_p.is_some()
    }

    /// Whether the period must be found.
    pub fn wants_period(&self) -> bool {
        self.period || self.has_query() || self.terms.is_none()
    }

    /// Answers `--at` and `--count-p` from a proven periodic sequence.
    pub fn answer(
        &self,
        seq: &mex_core::heap::periodic::PeriodicSequence,
        json: &mut serde_json::Value,
        text: &mut String,
    ) -> Result<(), MexError> {
        use crate::output::fields;
        if let Some(n) = &self.at {
            let n = mex_core::bigint::parse_natural(n)?;
            let v = seq.value_at(&n);
            let outcome = if v == 0 { "P" } else { "N" };
            json["at"] = serde_json::json!({"n": n.to_string(), "value": v, "outcome": outcome});
            *text += &fields(&[(&format!("G({n})"), format!("{v} ({outcome})"))]);
        }
        if let Some(r) = &self.count_p {
            let (lo, hi) = parse_range(r)?;
            let p = seq.count_in_range(&lo, &hi, |v| v == 0);
            let n = seq.count_in_range(&lo, &hi, |v| v != 0);
            json["count"] = serde_json::json!({"from": lo.to_string(), "to": hi.to_string(), "p_positions": p.to_string(), "n_positions": n.to_string()});
            *text += &fields(&[
                (&format!("P-positions in {lo}..={hi}"), p.to_string()),
                (&format!("N-positions in {lo}..={hi}"), n.to_string()),
            ]);
        }
        Ok(())
    }
}
