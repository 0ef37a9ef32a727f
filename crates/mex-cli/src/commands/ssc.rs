//! `mex ssc ...`: Synchronized Stack Cherries.

use crate::output::{fields, Output};
use clap::{Args, Subcommand};
use mex_core::sync::ssc;
use mex_core::MexError;
use serde_json::json;

/// Synchronized Stack Cherries (seed 002): irreducible elements, their
/// number, and decomposition of a segment into irreducible elements.
#[derive(Args)]
#[command(
    after_help = "A segment is a word of B (black, Left's) and W (white, Right's), front first.

Examples:
  mex ssc irreducibles 4            # B, BW, BWWB, BWW, BWWW (decreasing)
  mex ssc count 100 --json
  mex ssc decompose BBWBBWW         # B + B + WB + BWW"
)]
pub struct SscArgs {
    #[command(subcommand)]
    command: SscCommand,
    /// Print one JSON object.
    #[arg(long, global = true)]
    pub json: bool,
}

#[derive(Subcommand)]
enum SscCommand {
    /// The positive irreducible elements of length ≤ N, in decreasing order (N ≤ 24).
    Irreducibles {
        /// Largest length.
        n: usize,
    },
    /// The number of positive irreducible elements of length exactly N (OEIS A000048).
    Count {
        /// The length (≤ 10^6).
        n: u64,
    },
    /// Decompose a segment into irreducible elements (Theorem 6.4.5).
    Decompose {
        /// The segment, e.g. BBWBBWW.
        segment: String,
    },
}

pub fn run(a: &SscArgs) -> Result<Output, MexError> {
    match &a.command {
        SscCommand::Irreducibles { n } => {
            let list: Vec<String> = ssc::irreducibles(*n)?
                .iter()
                .map(|s| ssc::show(s))
                .collect();
            let text = format!("{}\n", list.join(" > "));
            Ok(Output::new(json!({"n": n, "irreducibles": list}), text))
        }
        SscCommand::Count { n } => {
            let count = ssc::count_irreducibles(*n)?.to_string();
            Ok(Output::new(
                json!({"n": n, "count": count}),
                fields(&[(
                    &format!("irreducible elements of length {n}"),
                    count.clone(),
                )]),
            ))
        }
        SscCommand::Decompose { segment } => {
            let seg = ssc::parse_segment(segment)?;
            let pieces: Vec<String> = ssc::decompose(&seg).iter().map(|s| ssc::show(s)).collect();
            let text = format!("{} = {}\n", ssc::show(&seg), pieces.join(" + "));
            Ok(Output::new(
                json!({"segment": ssc::show(&seg), "decomposition": pieces}),
                text,
            ))
        }
    }
}
