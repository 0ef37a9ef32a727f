//! `mex domino`: the tables of the whole game (the boards the second player
//! wins, the count of first-player wins); `mex domino N` is the old command
//! line for `mex value domino N` with its winning moves.

use super::aliases::{add_winning_moves, winning_moves};
use super::catalog::{value_report, PositionOptions};
use crate::number::{in_range, natural, u64_value};
use crate::output::PositionReport;
use crate::output::{fields, wrapped, Output};
use clap::Args;
use mex_core::games::{self, CatalogGame};
use mex_core::heap::domino::{DominoGame, MAX_LISTED_BOARD};
use mex_core::MexError;
use mex_present::position::DominoTablesReport;
use num_bigint::BigUint;

/// The 1×N domino-covering game (OEIS A215721): the boards the second
/// player wins; counts up to 10^18 and beyond, from the proven period of
/// 0.07; a board's value and winning placements.
#[derive(Args)]
#[command(
    long_about = "The 1×N domino-covering game (OEIS A215721): the boards the second player
wins; counts up to 10^18 and beyond, from the proven period of 0.07. With a
board length N, the same report as `mex value domino N` with every winning
placement.

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

/// The studies of the whole game: the boards the second player wins, the
/// count of first-player wins, and the proof of the period they use.
struct Tables {
    /// What `--json` prints.
    report: DominoTablesReport,
    /// M of --second-player-wins.
    second_player_bound: u64,
}

impl Tables {
    fn text(&self) -> String {
        let mut text = String::new();
        let r = &self.report;
        if let Some(list) = &r.second_player_wins {
            let m = self.second_player_bound;
            text += &format!("boards N ≤ {m} the second player wins:\n{}", wrapped(list));
        }
        if let (Some(m), Some(count)) = (&r.bound, &r.count) {
            text += &fields(&[(&format!("first-player wins, 1 ≤ N ≤ {m}"), count.clone())]);
        }
        let c = &r.certificate;
        text + &format!(
            "(period {} from N = {}, proven by the octal periodicity theorem from {} values)\n",
            c.period, c.preperiod, c.values_needed
        )
    }
}

/// `mex domino N`: the report of `mex value domino N` and, unless
/// `no_moves`, its winning moves.
fn board(n: &BigUint, no_moves: bool, quiet: bool) -> Result<PositionReport, MexError> {
    let position = n.to_string();
    let mut report = value_report(
        "domino",
        &position,
        false,
        &PositionOptions::default(),
        quiet,
    )?;
    if !no_moves {
        let moves = winning_placements(n).map_err(name_no_moves)?;
        add_winning_moves(&mut report, &moves);
    }
    Ok(report)
}

/// A board too long to list its placements: the refusal names the
/// option that answers it (`--no-moves`: the value and outcome only).
fn name_no_moves(e: MexError) -> MexError {
    match e {
        MexError::TooLarge { what, limit, .. } => MexError::too_large(
            what,
            limit,
            "pass --no-moves for the value and outcome only",
        ),
        e => e,
    }
}

/// The winning placements of a strip of `n`: the catalog's, or, for strips
/// with more moves than the catalog lists (up to N = 10^7), by the proven
/// period, labelled as the catalog labels them (the tests check the two
/// agree where both apply).
fn winning_placements(n: &BigUint) -> Result<Vec<(String, String)>, MexError> {
    let game = games::find("domino")?;
    match winning_moves(game, &n.to_string()) {
        Err(MexError::TooLarge { .. }) => placements_by_period(game, n),
        listed => listed,
    }
}

/// The winning placements of a strip of `n` (up to 10^7) by the period.
fn placements_by_period(
    game: &dyn CatalogGame,
    n: &BigUint,
) -> Result<Vec<(String, String)>, MexError> {
    DominoGame::solve()?
        .winning_moves(n)?
        .iter()
        .map(|m| {
            let label = format!("cover squares {} and {}", m.first, m.first + 1);
            Ok((label, game.normalize(&format!("{},{}", m.left, m.right))?))
        })
        .collect()
}

fn tables(a: &DominoArgs) -> Result<Tables, MexError> {
    if let Some(m) = a.second_player_wins {
        in_range("--second-player-wins", m, 0, MAX_LISTED_BOARD)?;
    }
    let game = DominoGame::solve()?;
    let second_player_wins = a
        .second_player_wins
        .map(|m| game.second_player_wins(m))
        .transpose()?
        .map(|list| list.iter().map(u64::to_string).collect());
    let count = a
        .count_first_player_wins
        .as_ref()
        .map(|m| game.count_first_player_wins(m).to_string());
    Ok(Tables {
        report: DominoTablesReport {
            certificate: game.certificate().clone(),
            second_player_wins,
            bound: a.count_first_player_wins.as_ref().map(ToString::to_string),
            count,
        },
        second_player_bound: a.second_player_wins.unwrap_or(0),
    })
}

pub fn run(a: &DominoArgs) -> Result<Output, MexError> {
    let wants_tables = a.second_player_wins.is_some() || a.count_first_player_wins.is_some();
    if a.n.is_none() && !wants_tables {
        return Err(MexError::invalid(
            "nothing to do",
            "a board length N, --second-player-wins M or --count-first-player-wins M",
        ));
    }
    let mut report = match &a.n {
        Some(n) => board(n, a.no_moves, a.json)?,
        None => PositionReport {
            json: mex_present::position::PositionReport::default(),
            text: String::new(),
        },
    };
    if wants_tables {
        let tables = tables(a)?;
        report.text += &tables.text();
        report.json.domino = Some(tables.report);
    }
    Ok(report.output())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The placements by the period, against the catalog's listing.
    #[test]
    fn placements_by_the_period_agree_with_the_catalog() {
        let game = games::find("domino").unwrap();
        for n in 0u32..80 {
            let n = BigUint::from(n);
            let listed = winning_moves(game, &n.to_string()).unwrap();
            assert_eq!(listed, placements_by_period(game, &n).unwrap(), "{n}");
        }
        let large = winning_placements(&BigUint::from(1_000_000u32)).unwrap();
        assert!(!large.is_empty() && large.iter().all(|(l, _)| l.starts_with("cover squares")));
    }
}
