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
    /// The outcome of a position of several stacks: by the signed
    /// decomposition (with cancellation), with the optimal play's rounds.
    Outcome {
        /// Stacks separated by spaces, e.g. "BBW WB BWWB".
        position: String,
        /// Also run the exhaustive synchronized solver (at most 24 cherries).
        #[arg(long)]
        exhaustive: bool,
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
        SscCommand::Outcome {
            position,
            exhaustive,
        } => outcome(position, *exhaustive),
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

/// Most cherries for the exhaustive solver.
const MAX_EXHAUSTIVE_CHERRIES: usize = 24;

fn outcome(position: &str, exhaustive: bool) -> Result<Output, MexError> {
    let stacks: Vec<ssc::Segment> = position
        .split_whitespace()
        .map(ssc::parse_segment)
        .collect::<Result<_, _>>()?;
    if stacks.is_empty() {
        return Err(MexError::invalid(
            "the position has no stacks",
            "stacks of B and W separated by spaces",
        ));
    }
    let (by_decomposition, terms) = ssc::outcome_by_decomposition(&stacks);
    let (by_play, rounds) = ssc::optimal_play(&stacks);
    let mut json = json!({
        "outcome": by_decomposition,
        "decomposition": terms,
        "rounds": rounds,
        "optimal_play_result": by_play,
    });
    let shown: Vec<String> = terms
        .iter()
        .map(|t| {
            format!(
                "{}{}·{}",
                if t.count > 0 { "+" } else { "-" },
                t.count.abs(),
                t.element
            )
        })
        .collect();
    let mut text = fields(&[
        ("outcome", format!("{by_decomposition:?}")),
        (
            "decomposition",
            if shown.is_empty() {
                "0 (everything cancels)".into()
            } else {
                shown.join(" ")
            },
        ),
        ("optimal play", format!("{by_play:?} after {rounds} rounds")),
    ]);
    if exhaustive {
        let total: usize = stacks.iter().map(Vec::len).sum();
        if total > MAX_EXHAUSTIVE_CHERRIES {
            return Err(MexError::too_large(
                format!("the exhaustive solver on {total} cherries"),
                format!("{MAX_EXHAUSTIVE_CHERRIES} cherries"),
                "drop --exhaustive",
            ));
        }
        let mut solver = mex_core::sync::solver::SyncSolver::new(ssc::SscRules);
        let class = solver.outcome(&ssc::normalise(stacks.clone()));
        json["exhaustive"] = json!(class);
        text += &fields(&[("exhaustive solver", format!("{class:?}"))]);
    }
    Ok(Output::new(json, text))
}
