//! `mex mex`: the minimal excluded value of a set.

use crate::output::{Output, Report};
use clap::Args;
use mex_core::impartial::mex;
use mex_core::MexError;
use serde::Serialize;

/// The MEX of a set of non-negative integers.
#[derive(Args)]
#[command(after_help = "Example:\n  mex mex 0 1 3   # prints 2")]
pub struct MexArgs {
    /// The values.
    values: Vec<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `mex mex`.
#[derive(Serialize)]
struct MexResult {
    mex: u64,
}

impl Report for MexResult {
    fn text(&self) -> String {
        format!("{}\n", self.mex)
    }
}

pub fn run_mex(a: &MexArgs) -> Result<Output, MexError> {
    let values = a
        .values
        .iter()
        .map(|v| mex_core::bigint::parse_bounded(v, "value", u32::MAX as u64))
        .collect::<Result<Vec<_>, _>>()?;
    let mex = mex::mex(values.iter().copied());
    Ok(Output::report(MexResult { mex }))
}
