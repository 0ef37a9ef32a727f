//! `mex domino`.

use crate::output::{fields, table, wrapped, Output};
use clap::Args;
use mex_core::bigint::{parse_bounded, parse_natural};
use mex_core::heap::domino::{DominoGame, MAX_LISTED_BOARD};
use mex_core::MexError;
use serde_json::json;

/// The 1×N domino-covering game (OEIS A215721): outcome, nim value and every
/// winning placement; the boards the second player wins; counts up to 10^18
/// and beyond, from the proven period of 0.07.
#[derive(Args)]
#[command(after_help = "Examples:
  mex domino 40
  mex domino 10^30 --no-moves
  mex domino --second-player-wins 100
  mex domino --count-first-player-wins 1000000 --json")]
pub struct DominoArgs {
    /// The board length N.
    n: Option<String>,
    /// Do not list winning placements (needed above N = 10^7).
    #[arg(long)]
    no_moves: bool,
    /// List every N ≤ M (M ≤ 10^7) on which the second player wins.
    #[arg(long, value_name = "M")]
    second_player_wins: Option<String>,
    /// Count the boards 1 ≤ N ≤ M on which the first player wins (any M).
    #[arg(long, value_name = "M")]
    count_first_player_wins: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &DominoArgs) -> Result<Output, MexError> {
    if a.n.is_none() && a.second_player_wins.is_none() && a.count_first_player_wins.is_none() {
        return Err(MexError::invalid(
            "nothing to do",
            "a board length N, --second-player-wins M or --count-first-player-wins M",
        ));
    }
    let game = DominoGame::solve()?;
    let cert = game.certificate();
    let mut json = json!({"certificate": cert});
    let mut text = String::new();
    if let Some(n) = &a.n {
        let n = parse_natural(n)?;
        let v = game.nim_value(&n);
        json["n"] = json!(n.to_string());
        json["nim_value"] = json!(v);
        json["outcome"] = json!(game.outcome(&n));
        text += &fields(&[
            ("board", format!("1x{n}")),
            ("nim value", v.to_string()),
            (
                "outcome",
                format!(
                    "{} ({} player wins)",
                    game.outcome(&n),
                    if v == 0 { "second" } else { "first" }
                ),
            ),
        ]);
        if !a.no_moves {
            let moves = game.winning_moves(&n)?;
            let rows: Vec<Vec<String>> = moves
                .iter()
                .map(|m| {
                    vec![
                        format!("{}-{}", m.first, m.first + 1),
                        m.left.to_string(),
                        m.right.to_string(),
                    ]
                })
                .collect();
            if !rows.is_empty() {
                text += "winning placements (squares covered, 1-based):\n";
                text += &table(&["squares", "left", "right"], &rows);
            }
            json["winning_moves"] = json!(moves
                .iter()
                .map(
                    |m| json!({"squares": [m.first, m.first + 1], "left": m.left, "right": m.right})
                )
                .collect::<Vec<_>>());
        }
    }
    if let Some(m) = &a.second_player_wins {
        let m = parse_bounded(m, "--second-player-wins", MAX_LISTED_BOARD)?;
        let list = game.second_player_wins(m)?;
        text += &format!("boards N ≤ {m} the second player wins:\n{}", wrapped(&list));
        json["second_player_wins"] = json!(list.iter().map(u64::to_string).collect::<Vec<_>>());
    }
    if let Some(m) = &a.count_first_player_wins {
        let m = parse_natural(m)?;
        let count = game.count_first_player_wins(&m);
        text += &fields(&[(
            &format!("first-player wins, 1 ≤ N ≤ {m}"),
            count.to_string(),
        )]);
        json["bound"] = json!(m.to_string());
        json["count"] = json!(count.to_string());
    }
    text += &format!(
        "(period {} from N = {}, proven by the octal periodicity theorem from {} values)\n",
        cert.period, cert.preperiod, cert.values_needed
    );
    Ok(Output::new(json, text))
}
