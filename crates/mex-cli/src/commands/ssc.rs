//! `mex ssc ...`: Synchronized Stack Cherries.

use crate::output::{fields, Output};
use clap::{Args, Subcommand};
use mex_core::sync::ssc;
use mex_core::MexError;
use serde_json::json;

/// Synchronized Stack Cherries (van den Bergh 2023): irreducible elements, their
/// number, and decomposition of a segment into irreducible elements.
#[derive(Args)]
#[command(
    after_help = "A segment is a word of B (black, Left's) and W (white, Right's), front first.

Examples:
  mex ssc irreducibles 4            # B, BW, BWWB, BWW, BWWW (decreasing)
  mex ssc count 100 --json
  mex ssc decompose BBWBBWW         # B + B + WB + BWW
  mex ssc decompose - --runs < segment.txt   # a long segment from stdin, equal pieces grouped"
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
    /// Synchronized Cherries (both ends): the exhaustive class of a small
    /// position and the outcome the conjectured decomposition predicts.
    Cherries {
        /// Rows separated by spaces (at most 16 cherries in all).
        position: String,
    },
    /// The conjecture of Section 6.5 against the exhaustive solver on every
    /// position of up to ROWS rows of up to LENGTH cherries (rows ≤ 3,
    /// length ≤ 10, rows × length ≤ 16).
    CherriesExperiment {
        /// Most rows.
        #[arg(long, default_value_t = 2)]
        rows: usize,
        /// Longest row.
        #[arg(long, default_value_t = 6)]
        length: usize,
    },
    /// Decompose a segment into irreducible elements (Theorem 6.4.5), in
    /// linear time.
    Decompose {
        /// The segment, e.g. BBWBBWW, or - to read it from stdin (whitespace
        /// ignored; at most 2·10^8 cherries).
        segment: String,
        /// Group consecutive equal pieces: `BW ×5`.
        #[arg(long)]
        runs: bool,
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
        SscCommand::Cherries { position } => sync_cherries(position),
        SscCommand::CherriesExperiment { rows, length } => experiment(*rows, *length),
        SscCommand::Outcome {
            position,
            exhaustive,
        } => outcome(position, *exhaustive),
        SscCommand::Decompose { segment, runs } => decompose(segment, *runs),
    }
}

/// Most cherries read for a decomposition (the suffix array needs about ten
/// bytes per cherry).
const MAX_SEGMENT: usize = 200_000_000;

fn read_segment(segment: &str) -> Result<ssc::Segment, MexError> {
    if segment != "-" {
        return ssc::parse_segment(segment);
    }
    let accepted = "B and W, whitespace ignored, at most 200000000 cherries";
    let mut seg = Vec::new();
    for byte in std::io::Read::bytes(std::io::BufReader::new(std::io::stdin().lock())) {
        let byte =
            byte.map_err(|e| MexError::invalid(format!("reading stdin failed: {e}"), accepted))?;
        match byte {
            b'B' | b'b' => seg.push(true),
            b'W' | b'w' => seg.push(false),
            c if c.is_ascii_whitespace() => continue,
            c => {
                return Err(MexError::invalid(
                    format!("'{}' on stdin is not a cherry", c as char),
                    accepted,
                ))
            }
        }
        if seg.len() > MAX_SEGMENT {
            return Err(MexError::too_large(
                "the segment on stdin",
                format!("{MAX_SEGMENT} cherries"),
                "split it",
            ));
        }
    }
    if seg.is_empty() {
        return Err(MexError::invalid("the segment on stdin is empty", accepted));
    }
    Ok(seg)
}

fn decompose(segment: &str, runs: bool) -> Result<Output, MexError> {
    let seg = read_segment(segment)?;
    let cuts = ssc::cut_points(&seg);
    let pieces = ssc::pieces(&seg, &cuts).map(ssc::show);
    if !runs {
        let pieces: Vec<String> = pieces.collect();
        let text = format!("{} = {}\n", ssc::show(&seg), pieces.join(" + "));
        return Ok(Output::new(
            json!({"segment": ssc::show(&seg), "decomposition": pieces}),
            text,
        ));
    }
    let mut grouped: Vec<(String, usize)> = Vec::new();
    for p in pieces {
        match grouped.last_mut() {
            Some((last, count)) if *last == p => *count += 1,
            _ => grouped.push((p, 1)),
        }
    }
    let text = grouped
        .iter()
        .map(|(p, c)| {
            if *c == 1 {
                p.clone()
            } else {
                format!("{p} ×{c}")
            }
        })
        .collect::<Vec<_>>()
        .join(" + ");
    Ok(Output::new(
        json!({
            "cherries": seg.len(),
            "pieces": cuts.len(),
            "runs": grouped.iter().map(|(p, c)| json!({"piece": p, "count": c})).collect::<Vec<_>>(),
        }),
        format!("{} cherries, {} pieces: {text}\n", seg.len(), cuts.len()),
    ))
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

fn sync_cherries(position: &str) -> Result<Output, MexError> {
    use mex_core::sync::cherries::{conjectured_outcome, SyncCherries};
    let rows: Vec<ssc::Segment> = position
        .split_whitespace()
        .map(ssc::parse_segment)
        .collect::<Result<_, _>>()?;
    let total: usize = rows.iter().map(Vec::len).sum();
    if rows.is_empty() || total > 16 {
        return Err(MexError::too_large(
            format!("a position of {total} cherries"),
            "1 to 16 cherries (exhaustive solver)",
            "use fewer cherries",
        ));
    }
    let class = mex_core::sync::solver::SyncSolver::new(SyncCherries).outcome(&rows);
    let predicted = conjectured_outcome(&rows);
    let text = fields(&[
        ("exhaustive", format!("{class:?}")),
        (
            "conjecture predicts",
            format!("{predicted:?} (a conjecture, not a theorem)"),
        ),
    ]);
    Ok(Output::new(
        json!({"exhaustive": class, "conjectured": predicted}),
        text,
    ))
}

fn experiment(rows: usize, length: usize) -> Result<Output, MexError> {
    if rows == 0 || rows > 3 || length == 0 || length > 10 || rows * length > 16 {
        return Err(MexError::too_large(
            format!("{rows} rows of length {length}"),
            "rows ≤ 3, length ≤ 10, rows × length ≤ 16",
            "choose a smaller size",
        ));
    }
    let r = mex_core::sync::cherries::conjecture_experiment(rows, length);
    let mut text = fields(&[
        (
            "positions",
            format!(
                "all of up to {rows} rows of up to {length} cherries: {}",
                r.positions
            ),
        ),
        (
            "conjecture agrees",
            format!("{} ({} disagree)", r.agree, r.positions - r.agree),
        ),
    ]);
    for (p, predicted, actual) in &r.first_disagreements {
        text += &format!("  {p}: predicted {predicted}, exhaustive {actual}\n");
    }
    Ok(Output::new(
        serde_json::to_value(&r).expect("serialisable"),
        text,
    ))
}
