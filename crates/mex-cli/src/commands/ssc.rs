//! `mex ssc ...`: Synchronized Stack Cherries.

use crate::number::{in_range, u64_value, usize_value};
use crate::output::{fields, Output, Report};
use clap::{Args, Subcommand};
use mex_core::error::counted;
use mex_core::sync::cherries::ConjectureReport;
use mex_core::sync::solver::SyncOutcome;
use mex_core::sync::ssc::{self, SscOutcome, Term, MAX_ENUMERATION_LENGTH};
use mex_core::MexError;
use serde::Serialize;

/// Synchronized Stack Cherries (van den Bergh 2023): irreducible elements, their
/// number, and decomposition of a segment into irreducible elements.
#[derive(Args)]
#[command(
    long_about = "Synchronized Stack Cherries (van den Bergh 2023): irreducible elements, their number,
and decomposition of a segment into irreducible elements.

Rules: stacks of black (B, Left's) and white (W, Right's) cherries. Each round both
players move at once, each taking a cherry of their own colour from the front of
a stack; a player who cannot move while the other can loses; when neither can,
the game is a draw.",
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
        /// Largest length (1 to 24).
        #[arg(value_parser = usize_value)]
        n: usize,
    },
    /// The number of positive irreducible elements of length exactly N (OEIS A000048).
    Count {
        /// The length (1 to 10^6).
        #[arg(value_parser = u64_value)]
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
        #[arg(long, default_value_t = 2, value_parser = usize_value)]
        rows: usize,
        /// Longest row.
        #[arg(long, default_value_t = 6, value_parser = usize_value)]
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

/// Longest length counted.
const MAX_COUNTED_LENGTH: u64 = 1_000_000;

pub fn run(a: &SscArgs) -> Result<Output, MexError> {
    match &a.command {
        SscCommand::Irreducibles { n } => Ok(Output::report(irreducibles(*n)?)),
        SscCommand::Count { n } => {
            in_range("length", *n, 1, MAX_COUNTED_LENGTH)?;
            let count = ssc::count_irreducibles(*n)?.to_string();
            Ok(Output::report(Count { n: *n, count }))
        }
        SscCommand::Cherries { position } => Ok(Output::report(sync_cherries(position)?)),
        SscCommand::CherriesExperiment { rows, length } => {
            Ok(Output::report(experiment(*rows, *length)?))
        }
        SscCommand::Outcome {
            position,
            exhaustive,
        } => Ok(Output::report(outcome(position, *exhaustive)?)),
        SscCommand::Decompose { segment, runs } => decompose(segment, *runs),
    }
}

/// `mex ssc irreducibles N`.
#[derive(Serialize)]
struct Irreducibles {
    n: usize,
    /// Decreasing.
    irreducibles: Vec<String>,
}

impl Report for Irreducibles {
    fn text(&self) -> String {
        format!("{}\n", self.irreducibles.join(" > "))
    }
}

fn irreducibles(n: usize) -> Result<Irreducibles, MexError> {
    in_range("length", n, 1, MAX_ENUMERATION_LENGTH)?;
    let irreducibles = ssc::irreducibles(n)?.iter().map(|s| ssc::show(s)).collect();
    Ok(Irreducibles { n, irreducibles })
}

/// `mex ssc count N`.
#[derive(Serialize)]
struct Count {
    n: u64,
    /// Decimal string.
    count: String,
}

impl Report for Count {
    fn text(&self) -> String {
        fields(&[(
            &format!("irreducible elements of length {}", self.n),
            self.count.clone(),
        )])
    }
}

/// Most cherries read for a decomposition (the suffix array needs about ten
/// bytes per cherry).
const MAX_SEGMENT: usize = ssc::MAX_SEGMENT_CHERRIES;

fn read_segment(segment: &str) -> Result<ssc::Segment, MexError> {
    if segment != "-" {
        return ssc::parse_segment(segment);
    }
    let accepted: &str = &format!("B and W, whitespace ignored, at most {MAX_SEGMENT} cherries");
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

/// `mex ssc decompose SEGMENT`.
#[derive(Serialize)]
struct Decomposition {
    segment: String,
    decomposition: Vec<String>,
}

impl Report for Decomposition {
    fn text(&self) -> String {
        format!("{} = {}\n", self.segment, self.decomposition.join(" + "))
    }
}

/// `mex ssc decompose SEGMENT --runs`: equal consecutive pieces grouped.
#[derive(Serialize)]
struct Runs {
    cherries: usize,
    pieces: usize,
    runs: Vec<Run>,
}

#[derive(Serialize)]
struct Run {
    piece: String,
    count: usize,
}

impl Report for Runs {
    fn text(&self) -> String {
        let shown: Vec<String> = self
            .runs
            .iter()
            .map(|r| match r.count {
                1 => r.piece.clone(),
                c => format!("{} ×{c}", r.piece),
            })
            .collect();
        format!(
            "{} cherries, {} pieces: {}\n",
            self.cherries,
            self.pieces,
            shown.join(" + ")
        )
    }
}

fn decompose(segment: &str, runs: bool) -> Result<Output, MexError> {
    let seg = read_segment(segment)?;
    let cuts = ssc::cut_points(&seg);
    let pieces = ssc::pieces(&seg, &cuts).map(ssc::show);
    if !runs {
        return Ok(Output::report(Decomposition {
            segment: ssc::show(&seg),
            decomposition: pieces.collect(),
        }));
    }
    let mut grouped: Vec<Run> = Vec::new();
    for piece in pieces {
        match grouped.last_mut() {
            Some(last) if last.piece == piece => last.count += 1,
            _ => grouped.push(Run { piece, count: 1 }),
        }
    }
    Ok(Output::report(Runs {
        cherries: seg.len(),
        pieces: cuts.len(),
        runs: grouped,
    }))
}

/// Most cherries for the exhaustive solver.
const MAX_EXHAUSTIVE_CHERRIES: usize = 24;

/// `mex ssc outcome POSITION`.
#[derive(Serialize)]
struct SscPositionOutcome {
    /// By the signed decomposition.
    outcome: SscOutcome,
    /// The elements left after cancellation, strongest first.
    decomposition: Vec<Term>,
    /// Rounds of the optimal play of Theorem 6.3.3.
    rounds: usize,
    optimal_play_result: SscOutcome,
    /// The synchronized solver's class, with --exhaustive.
    #[serde(skip_serializing_if = "Option::is_none")]
    exhaustive: Option<SyncOutcome>,
}

impl Report for SscPositionOutcome {
    fn text(&self) -> String {
        let shown: Vec<String> = self
            .decomposition
            .iter()
            .map(|t| {
                let sign = if t.count > 0 { "+" } else { "-" };
                format!("{sign}{}·{}", t.count.abs(), t.element)
            })
            .collect();
        let decomposition = if shown.is_empty() {
            "0 (everything cancels)".into()
        } else {
            shown.join(" ")
        };
        let play = format!(
            "{:?} after {}",
            self.optimal_play_result,
            counted(self.rounds, "round")
        );
        let mut pairs = vec![
            ("outcome", format!("{:?}", self.outcome)),
            ("decomposition", decomposition),
            ("optimal play", play),
        ];
        if let Some(class) = self.exhaustive {
            pairs.push(("exhaustive solver", format!("{class:?}")));
        }
        fields(&pairs)
    }
}

fn outcome(position: &str, exhaustive: bool) -> Result<SscPositionOutcome, MexError> {
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
    let total: usize = stacks.iter().map(Vec::len).sum();
    if exhaustive && total > MAX_EXHAUSTIVE_CHERRIES {
        return Err(MexError::too_large(
            format!("the exhaustive solver on {total} cherries"),
            format!("{MAX_EXHAUSTIVE_CHERRIES} cherries"),
            "drop --exhaustive",
        ));
    }
    let (by_decomposition, terms) = ssc::outcome_by_decomposition(&stacks);
    let (by_play, rounds) = ssc::optimal_play(&stacks);
    let exhaustive = exhaustive.then(|| {
        let mut solver = mex_core::sync::solver::SyncSolver::new(ssc::SscRules);
        solver.outcome(&ssc::normalise(stacks.clone()))
    });
    Ok(SscPositionOutcome {
        outcome: by_decomposition,
        decomposition: terms,
        rounds,
        optimal_play_result: by_play,
        exhaustive,
    })
}

/// Most cherries of a Synchronized Cherries position (exhaustive solver).
const MAX_SYNC_CHERRIES: usize = 16;

/// `mex ssc cherries POSITION`.
#[derive(Serialize)]
struct SyncCherriesResult {
    exhaustive: SyncOutcome,
    /// What the conjectured decomposition predicts (not a theorem).
    conjectured: SscOutcome,
}

impl Report for SyncCherriesResult {
    fn text(&self) -> String {
        fields(&[
            ("exhaustive", format!("{:?}", self.exhaustive)),
            (
                "conjecture predicts",
                format!("{:?} (a conjecture, not a theorem)", self.conjectured),
            ),
        ])
    }
}

fn sync_cherries(position: &str) -> Result<SyncCherriesResult, MexError> {
    use mex_core::sync::cherries::{conjectured_outcome, SyncCherries};
    let rows: Vec<ssc::Segment> = position
        .split_whitespace()
        .map(ssc::parse_segment)
        .collect::<Result<_, _>>()?;
    let total: usize = rows.iter().map(Vec::len).sum();
    in_range("the number of cherries", total, 1, MAX_SYNC_CHERRIES)?;
    Ok(SyncCherriesResult {
        exhaustive: mex_core::sync::solver::SyncSolver::new(SyncCherries).outcome(&rows),
        conjectured: conjectured_outcome(&rows),
    })
}

/// `mex ssc cherries-experiment`.
#[derive(Serialize)]
#[serde(transparent)]
struct Experiment(ConjectureReport);

impl Report for Experiment {
    fn text(&self) -> String {
        let r = &self.0;
        let mut text = fields(&[
            (
                "positions",
                format!(
                    "all of up to {} rows of up to {} cherries: {}",
                    r.max_rows, r.max_row_length, r.positions
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
        text
    }
}

fn experiment(rows: usize, length: usize) -> Result<Experiment, MexError> {
    in_range("--rows", rows, 1, 3)?;
    in_range("--length", length, 1, 10)?;
    if rows * length > 16 {
        return Err(MexError::too_large(
            format!("{rows} rows of length {length}"),
            "rows × length ≤ 16",
            "choose a smaller size",
        ));
    }
    Ok(Experiment(mex_core::sync::cherries::conjecture_experiment(
        rows, length,
    )))
}
