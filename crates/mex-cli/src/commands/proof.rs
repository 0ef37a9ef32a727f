//! Proofs of who wins: `mex value GAME POSITION --first left|right --proof
//! FILE` writes one (`mex_core::games::proof`: a strategy for the winner,
//! in a documented text format, docs/proof-format.md), and `mex
//! check-proof FILE` verifies one by the rules alone (exit 1 when it does
//! not hold).

use super::search::{memory_arg, SearchOptions};
use super::winner::First;
use crate::output::{fields, Output, Report};
use crate::{files, progress};
use clap::Args;
use mex_core::digest_io::sha256_hex;
use mex_core::games::proof::{self, WinnerProof};
use mex_core::games::sum::Summand;
use mex_core::games::{Context, Side};
use mex_core::partizan::minimax::Player;
use mex_core::partizan::proof_text::Flaw;
use mex_core::MexError;
use mex_present::outcome::{side_name, OutcomeReport};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The proof in `file` and its text, read within a quarter of `memory`
/// (the text, its nodes and the check's table of positions share the
/// budget); `more` says how to give it more memory.
pub fn read_proof(
    file: &str,
    memory: usize,
    more: &str,
) -> Result<(String, WinnerProof), MexError> {
    let cap = u64::try_from(memory / 4).unwrap_or(u64::MAX);
    if let Some(size) = std::fs::metadata(file)
        .ok()
        .map(|m| m.len())
        .filter(|&n| n > cap)
    {
        return Err(MexError::above_limit(
            "the size of the proof file",
            format!("{size} bytes"),
            format!("{cap} bytes (a quarter of the memory budget)"),
            more,
        ));
    }
    let text = files::read_text(Some(file), "the proof", cap)?;
    let proof = WinnerProof::parse(&text)?;
    Ok((text, proof))
}

/// Verify a proof of who wins (as `mex value ... --first left --proof FILE`
/// writes it) by the rules of its game alone, with no search.
#[derive(Args)]
#[command(
    after_help = "The proof names its game, position, first player and winner; each of
its nodes is a position the strategy reaches. The check replays the rules
from the position: every move of the winner must be legal, every move of the
loser answered, and every leaf decided (the loser cannot move, the canonical
forms of its small regions decide, or Domineering's move-count bound
holds). Exit 0 when the proof holds, 1 when it does not (the node and what
is wrong there), 2 when the file cannot be read. Format: docs/proof-format.md.

Examples:
  mex value clobber xoxo/oxox --first left --proof p.txt
  mex check-proof p.txt
  mex value domineering 6x6 --first right --proof 6x6.txt && mex check-proof 6x6.txt --json"
)]
pub struct CheckProofArgs {
    /// The proof file (- for standard input).
    file: String,
    /// Memory budget of the check (its table of positions and the
    /// canonical forms of cited regions), 1 MiB to 20 GiB, in GiB (1.5) or
    /// with a unit (512M); default 4 GiB. The file may take a quarter of
    /// it.
    #[arg(long, value_name = "SIZE", value_parser = memory_arg)]
    memory: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// What a proof shows, or why it does not.
#[derive(Serialize)]
struct CheckReport {
    game: &'static str,
    position: String,
    first: String,
    /// The winner the proof claims.
    winner: String,
    /// Whether the proof holds.
    holds: bool,
    /// Nodes of the strategy.
    nodes: usize,
    /// Its flaw, when it does not hold: the node and what is wrong there.
    #[serde(skip_serializing_if = "Option::is_none")]
    flaw: Option<String>,
    sha256: String,
}

impl Report for CheckReport {
    fn text(&self) -> String {
        fields(&[
            ("game", self.game.to_string()),
            ("position", self.position.clone()),
            (
                "proof",
                format!("holds: {} wins moving {}", self.winner, self.who_moves()),
            ),
            ("nodes", self.nodes.to_string()),
            ("sha256", self.sha256.clone()),
        ])
    }

    fn verdict(&self) -> Option<String> {
        let flaw = self.flaw.as_ref()?;
        Some(format!(
            "the proof that {} wins {} {} does not hold: {flaw}",
            self.winner, self.game, self.position
        ))
    }
}

impl CheckReport {
    fn who_moves(&self) -> &'static str {
        if self.first == self.winner {
            "first"
        } else {
            "second"
        }
    }
}

/// `mex check-proof FILE`.
pub fn run_check(a: &CheckProofArgs) -> Result<Output, MexError> {
    let mut ctx = Context::new();
    if let Some(bytes) = a.memory {
        ctx.search_memory = bytes;
    }
    let (text, proof) = read_proof(&a.file, ctx.search_memory, "give the check more --memory")?;
    let verdict = progress::while_searching(a.json, || proof.verify(&ctx))?;
    let (game, position) = proof.subject();
    let flaw = verdict.err().map(|flaw: Flaw| flaw.to_string());
    Ok(Output::report(CheckReport {
        game,
        position,
        first: side_name(side_of(proof.first())),
        winner: side_name(side_of(proof.winner())),
        holds: flaw.is_none(),
        nodes: proof.nodes(),
        flaw,
        sha256: sha256_hex(text.as_bytes()),
    }))
}

/// Who wins, and the proof written.
#[derive(Serialize)]
struct ProvedReport {
    #[serde(flatten)]
    outcome: OutcomeReport,
    proof: ProofFacts,
}

#[derive(Serialize)]
struct ProofFacts {
    file: String,
    nodes: usize,
    sha256: String,
}

impl Report for ProvedReport {
    fn text(&self) -> String {
        let mut text = self.outcome.text();
        text += &fields(&[
            ("proof", self.proof.file.clone()),
            ("nodes", self.proof.nodes.to_string()),
            ("sha256", self.proof.sha256.clone()),
        ]);
        text
    }
}

/// `mex value GAME POSITION --first left|right --proof FILE` (one summand)
/// and `mex sum ... --proof FILE`: who wins, by the proof written to
/// `file`.
pub fn write(
    summands: &[Summand],
    first: First,
    file: &Path,
    options: &SearchOptions,
    json: bool,
) -> Result<Output, MexError> {
    let first = match first {
        First::Left => Player::Left,
        First::Right => Player::Right,
        First::Both => {
            return Err(MexError::invalid(
                "--proof with --first both",
                "--proof with --first left or --first right (a proof is for one first player)",
            ))
        }
    };
    for s in summands {
        super::winner::check_partizan(s.game, "--proof")?;
    }
    let games: Vec<_> = summands.iter().map(|s| s.game).collect();
    let ctx = options.context(&games)?;
    let proof = progress::while_searching(json, || proof::prove_sum(summands, first, &ctx))?;
    let text = proof.to_text();
    files::write_file(file, &text, "--proof")?;
    let (name, shown) = proof.subject();
    let one = summands.len() == 1;
    let winner = side_name(side_of(proof.winner()));
    let (left_first, right_first) = match first {
        Player::Left => (Some(winner), None),
        Player::Right => (None, Some(winner)),
    };
    let nodes = proof.nodes();
    Ok(Output::report(ProvedReport {
        outcome: OutcomeReport {
            game: one.then(|| name.to_string()),
            position: one.then_some(shown),
            components: (!one).then(|| {
                summands
                    .iter()
                    .map(|s| format!("{}:{}", s.game.info().name, s.position))
                    .collect()
            }),
            question: "winner",
            outcome: None,
            left_first,
            right_first,
        },
        proof: ProofFacts {
            file: file.display().to_string(),
            nodes,
            sha256: sha256_hex(text.as_bytes()),
        },
    }))
}

fn side_of(player: Player) -> Side {
    match player {
        Player::Left => Side::Left,
        Player::Right => Side::Right,
    }
}

/// The path `--proof` names, refused when it is empty.
pub fn proof_path(text: &str) -> Result<PathBuf, MexError> {
    if text.is_empty() {
        return Err(MexError::invalid("an empty --proof path", "a file name"));
    }
    Ok(PathBuf::from(text))
}
