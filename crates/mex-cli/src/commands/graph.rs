//! `mex graph FILE`.

use crate::commands::input::{read_text, MAX_GRAPH_BYTES};
use crate::output::{fields, table, Output};
use clap::Args;
use mex_core::solve::graph::ExplicitGraph;
use mex_core::solve::retrograde::{self, Value};
use mex_core::MexError;
use serde_json::json;

/// Win/loss/draw with remoteness for every position of a finite game graph
/// (cycles allowed), by retrograde analysis.
#[derive(Args)]
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
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut rows = Vec::new();
    let mut positions = serde_json::Map::new();
    for (name, v) in graph.names().zip(&values) {
        let (outcome, remoteness) = match v {
            Value::Win(r) => (wins += 1, ("win", Some(*r))).1,
            Value::Loss(r) => (losses += 1, ("loss", Some(*r))).1,
            Value::Draw => (draws += 1, ("draw", None)).1,
        };
        positions.insert(
            name.to_string(),
            json!({"outcome": outcome, "remoteness": remoteness}),
        );
        rows.push(vec![
            name.to_string(),
            outcome.to_string(),
            remoteness.map_or("-".into(), |r| r.to_string()),
        ]);
    }
    let mut text = table(&["position", "outcome", "remoteness"], &rows);
    text += &fields(&[
        ("wins", wins.to_string()),
        ("losses", losses.to_string()),
        ("draws", draws.to_string()),
    ]);
    Ok(Output::new(
        json!({"positions": positions, "wins": wins, "losses": losses, "draws": draws}),
        text,
    ))
}
