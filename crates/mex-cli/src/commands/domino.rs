//! `mex domino`.

use crate::number::{in_range, natural, u64_value};
use crate::output::{fields, table, wrapped, Output, Report};
use clap::Args;
use mex_core::heap::domino::{DominoGame, MAX_LISTED_BOARD};
use mex_core::heap::period::PeriodCertificate;
use mex_core::impartial::Outcome;
use mex_core::MexError;
use num_bigint::BigUint;
use serde::Serialize;

/// The 1×N domino-covering game (OEIS A215721): outcome, nim value and every
/// winning placement; the boards the second player wins; counts up to 10^18
/// and beyond, from the proven period of 0.07.
#[derive(Args)]
#[command(
    long_about = "The 1×N domino-covering game (OEIS A215721): outcome, nim value and every winning
placement; the boards the second player wins; counts up to 10^18 and beyond,
from the proven period of 0.07.

Rules: a strip of N squares; a move places a domino on two adjacent free
squares. Whoever cannot move loses. This is the octal game 0.07 (Dawson's
Kayles)."
)]
#[command(after_help = "Examples:
  mex domino 40
  mex domino 10^30 --no-moves
  mex domino --second-player-wins 100
  mex domino --count-first-player-wins 1000000 --json")]
pub struct DominoArgs {
    /// The board length N (any size).
    #[arg(value_parser = natural)]
    n: Option<BigUint>,
    /// Do not list winning placements (needed above N = 10^7).
    #[arg(long)]
    no_moves: bool,
    /// List every N ≤ M (M ≤ 10^7) on which the second player wins.
    #[arg(long, value_name = "M", value_parser = u64_value)]
    second_player_wins: Option<u64>,
    /// Count the boards 1 ≤ N ≤ M on which the first player wins (any M).
    #[arg(long, value_name = "M", value_parser = natural)]
    count_first_player_wins: Option<BigUint>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `mex domino`.
#[derive(Serialize)]
struct DominoResult {
    /// The proof of the period of 0.07 that every answer uses.
    certificate: PeriodCertificate,
    #[serde(flatten)]
    board: Option<Board>,
    /// Every N ≤ M the second player wins (from 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    second_player_wins: Option<Vec<String>>,
    #[serde(skip)]
    second_player_bound: u64,
    /// M of --count-first-player-wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<String>,
    /// The boards 1 ≤ N ≤ M the first player wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<String>,
}

/// One board's answer.
#[derive(Serialize)]
struct Board {
    n: String,
    /// The Grundy value, under the name every command uses.
    grundy: u32,
    /// The same, under the name documented first (kept for scripts).
    nim_value: u32,
    outcome: Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<Move>>,
}

/// A winning placement.
#[derive(Serialize)]
struct Move {
    /// The squares covered, 1-based.
    squares: [u64; 2],
    left: u64,
    right: u64,
}

impl Report for DominoResult {
    fn text(&self) -> String {
        let mut text = self.board.as_ref().map_or_else(String::new, Board::text);
        if let Some(list) = &self.second_player_wins {
            let m = self.second_player_bound;
            text += &format!("boards N ≤ {m} the second player wins:\n{}", wrapped(list));
        }
        if let (Some(m), Some(count)) = (&self.bound, &self.count) {
            text += &fields(&[(&format!("first-player wins, 1 ≤ N ≤ {m}"), count.clone())]);
        }
        let c = &self.certificate;
        text + &format!(
            "(period {} from N = {}, proven by the octal periodicity theorem from {} values)\n",
            c.period, c.preperiod, c.values_needed
        )
    }
}

impl Board {
    fn text(&self) -> String {
        let winner = if self.nim_value == 0 {
            "second"
        } else {
            "first"
        };
        let mut text = fields(&[
            ("board", format!("1x{}", self.n)),
            ("grundy value", self.grundy.to_string()),
            (
                "outcome",
                format!("{} ({winner} player wins)", self.outcome),
            ),
        ]);
        let moves = self.winning_moves.as_deref().unwrap_or_default();
        if !moves.is_empty() {
            let rows: Vec<Vec<String>> = moves
                .iter()
                .map(|m| {
                    vec![
                        format!("{}-{}", m.squares[0], m.squares[1]),
                        m.left.to_string(),
                        m.right.to_string(),
                    ]
                })
                .collect();
            text += "winning placements (squares covered, 1-based):\n";
            text += &table(&["squares", "left", "right"], &rows);
        }
        text
    }
}

fn board(game: &DominoGame, n: &BigUint, with_moves: bool) -> Result<Board, MexError> {
    let winning_moves = if with_moves {
        let moves = game.winning_moves(n)?.into_iter().map(|m| Move {
            squares: [m.first, m.first + 1],
            left: m.left,
            right: m.right,
        });
        Some(moves.collect())
    } else {
        None
    };
    Ok(Board {
        n: n.to_string(),
        grundy: game.nim_value(n),
        nim_value: game.nim_value(n),
        outcome: game.outcome(n),
        winning_moves,
    })
}

pub fn run(a: &DominoArgs) -> Result<Output, MexError> {
    if a.n.is_none() && a.second_player_wins.is_none() && a.count_first_player_wins.is_none() {
        return Err(MexError::invalid(
            "nothing to do",
            "a board length N, --second-player-wins M or --count-first-player-wins M",
        ));
    }
    if let Some(m) = a.second_player_wins {
        in_range("--second-player-wins", m, 0, MAX_LISTED_BOARD)?;
    }
    let game = DominoGame::solve()?;
    let board =
        a.n.as_ref()
            .map(|n| board(&game, n, !a.no_moves))
            .transpose()?;
    let second_player_wins = a
        .second_player_wins
        .map(|m| game.second_player_wins(m))
        .transpose()?
        .map(|list| list.iter().map(u64::to_string).collect());
    let count = a
        .count_first_player_wins
        .as_ref()
        .map(|m| game.count_first_player_wins(m).to_string());
    Ok(Output::report(DominoResult {
        certificate: game.certificate().clone(),
        board,
        second_player_wins,
        second_player_bound: a.second_player_wins.unwrap_or(0),
        bound: a.count_first_player_wins.as_ref().map(ToString::to_string),
        count,
    }))
}
