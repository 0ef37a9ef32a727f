//! `mex graph FILE`.

use crate::commands::input::{read_text, MAX_GRAPH_BYTES};
use crate::output::{fields, table, Output, Report};
use clap::Args;
use mex_core::solve::graph::ExplicitGraph;
use mex_core::solve::retrograde::{self, Value};
use mex_core::MexError;
use serde::{Serialize, Serializer};

/// Win/loss/draw with remoteness for every position of a finite game graph
/// (cycles allowed), by retrograde analysis.
#[derive(Args)]
#[command(
    long_about = "Win/loss/draw with remoteness for every position of a finite game graph
(cycles allowed), by retrograde analysis.

Rules: two players alternate moving a token along the edges of the graph; the
player who cannot move loses (unless the file fixes a position's value), and
play that never ends is a draw."
)]
#[command(after_help = "Graph format, one statement per line (# comments):
  a: b c        from a the player to move may go to b or c
  c:            c has no moves (the player to move there loses)
  d = draw      a primitive value: win, loss or draw for the player to move

Examples:
  printf 'a: b\\nb: a c\\nc:\\n' | mex graph -
  mex graph game.txt --json")]
pub struct GraphArgs {
    /// The graph file, or - for standard input.
    file: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &GraphArgs) -> Result<Output, MexError> {
    let text_in = read_text(Some(&a.file), "the graph", MAX_GRAPH_BYTES)?;
    let graph = ExplicitGraph::parse(&text_in)?;
    drop(text_in);
    let values = retrograde::solve(&graph)?;
    let mut result = GraphResult::default();
    for (name, v) in graph.names().zip(&values) {
        let (outcome, remoteness) = match v {
            Value::Win(r) => (result.wins += 1, ("win", Some(*r))).1,
            Value::Loss(r) => (result.losses += 1, ("loss", Some(*r))).1,
            Value::Draw => (result.draws += 1, ("draw", None)).1,
        };
        result.positions.push((
            name.to_string(),
            Position {
                outcome,
                remoteness,
            },
        ));
    }
    Ok(Output::report(result))
}

/// Every position's value and the totals.
#[derive(Serialize, Default)]
struct GraphResult {
    /// Position name → value, in the order of the file.
    #[serde(serialize_with = "as_map")]
    positions: Vec<(String, Position)>,
    wins: usize,
    losses: usize,
    draws: usize,
}

/// A position's value for the player to move.
#[derive(Serialize)]
struct Position {
    /// "win", "loss" or "draw".
    outcome: &'static str,
    /// Moves of both players until the end under optimal play; none for a draw.
    remoteness: Option<u32>,
}

/// Serialises pairs as a JSON object.
fn as_map<S: Serializer>(pairs: &[(String, Position)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

impl Report for GraphResult {
    fn text(&self) -> String {
        let rows: Vec<Vec<String>> = self
            .positions
            .iter()
            .map(|(name, p)| {
                vec![
                    name.clone(),
                    p.outcome.to_string(),
                    p.remoteness.map_or("-".into(), |r| r.to_string()),
                ]
            })
            .collect();
        table(&["position", "outcome", "remoteness"], &rows)
            + &fields(&[
                ("wins", self.wins.to_string()),
                ("losses", self.losses.to_string()),
                ("draws", self.draws.to_string()),
            ])
    }
}
