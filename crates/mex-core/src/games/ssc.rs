//! Synchronized games of cherries (Chapter 6 of the synchronized-games
//! thesis): each round Left takes a black cherry and Right a white one at
//! the same time. In Synchronized Stack Cherries (SSC) each takes the front
//! cherry of a row (never the same row); the outcome comes in closed form
//! from the decomposition into irreducible elements (Theorems 6.3.3 and
//! 6.4.5), used as a hook. In Synchronized Cherries either end may be
//! taken; it is solved exhaustively.

use super::cherries::{rows_picture, Rows};
use super::picture::Picture;
use super::{positions, Family, Game, GameInfo, Move, Ruleset, SyncGame};
use crate::sync::cherries::SyncCherries;
use crate::sync::solver::{SyncOutcome, SyncRuleset};
use crate::sync::ssc::{outcome_by_decomposition, SscOutcome, SscRules};
use crate::MexError;

/// Synchronized Stack Cherries.
#[derive(Debug, Clone, Copy, Default)]
pub struct SynchronizedStackCherries;

/// Synchronized Cherries.
#[derive(Debug, Clone, Copy, Default)]
pub struct SynchronizedCherries;

/// Most positions the exhaustive solver of Synchronized Cherries may meet
/// (a row of `m` cherries has at most `m(m+1)/2 + 1` contiguous pieces).
pub const MAX_SYNC_CHERRIES_POSITIONS: u128 = 2_000_000;

fn row_name(p: &Rows, i: usize) -> String {
    if p.0.len() > 1 {
        format!(" of row {}", i + 1)
    } else {
        String::new()
    }
}

impl Ruleset for SynchronizedStackCherries {
    type Position = Rows;
}

impl Game for SynchronizedStackCherries {
    const INFO: GameInfo = GameInfo {
        name: "ssc",
        family: Family::Synchronized,
        description: "Synchronized Stack Cherries: both take a front cherry at the same time",
        syntax: "stacks of B and W separated by spaces, front first, e.g. 'BBW WB' ('-' for none)",
        example: "BBW WB BWWB",
        rules: "Stacks of black (B, Left's) and white (W, Right's) cherries. Each round Left \
                takes the front cherry of a stack starting with B and Right of one starting \
                with W, at the same time. A player who cannot move while the other can loses; \
                if neither can, it is a draw.",
    };
    fn check(&self, p: &Rows) -> Result<(), MexError> {
        super::cherries::check_size(p)
    }
    /// One stack a line, front first.
    fn picture(&self, p: &Rows) -> Picture {
        rows_picture(p)
    }
}

impl SyncGame for SynchronizedStackCherries {
    fn left_moves(&self, p: &Rows) -> Vec<Move<usize>> {
        (0..p.0.len())
            .filter(|&i| p.0[i].first() == Some(&true))
            .map(|i| Move::new(format!("takes the front{}", row_name(p, i)), i))
            .collect()
    }
    fn right_moves(&self, p: &Rows) -> Vec<Move<usize>> {
        (0..p.0.len())
            .filter(|&i| p.0[i].first() == Some(&false))
            .map(|i| Move::new(format!("takes the front{}", row_name(p, i)), i))
            .collect()
    }
}

impl SyncRuleset for SynchronizedStackCherries {
    type Choice = usize;
    fn left_choices(&self, p: &Rows) -> Vec<usize> {
        positions(self.left_moves(p)).collect()
    }
    fn right_choices(&self, p: &Rows) -> Vec<usize> {
        positions(self.right_moves(p)).collect()
    }
    fn apply(&self, p: &Rows, l: &usize, r: &usize) -> Rows {
        Rows(SscRules.apply(&p.0, l, r))
    }
    /// The signed decomposition into irreducible elements (Theorem 6.3.9).
    fn known_outcome(&self, p: &Rows) -> Option<SyncOutcome> {
        Some(match outcome_by_decomposition(&p.0).0 {
            SscOutcome::L => SyncOutcome::L,
            SscOutcome::R => SyncOutcome::R,
            SscOutcome::D => SyncOutcome::D,
        })
    }
}

impl Ruleset for SynchronizedCherries {
    type Position = Rows;
}

impl Game for SynchronizedCherries {
    const INFO: GameInfo = GameInfo {
        name: "sync-cherries",
        family: Family::Synchronized,
        description: "Synchronized Cherries: both take a cherry from either end at the same time",
        syntax: "rows of B and W separated by spaces, e.g. 'BWWB WB' ('-' for none)",
        example: "BWWB WB",
        rules: "Rows of black (B, Left's) and white (W, Right's) cherries. Each round Left takes \
                a black cherry and Right a white one from an end of a row, at the same time. A \
                player who cannot move while the other can loses; if neither can, it is a draw.",
    };
    fn check(&self, p: &Rows) -> Result<(), MexError> {
        let positions = p.0.iter().try_fold(1u128, |acc, r| {
            let m = r.len() as u128;
            acc.checked_mul(m * (m + 1) / 2 + 1)
        });
        match positions {
            Some(n) if n <= MAX_SYNC_CHERRIES_POSITIONS => Ok(()),
            _ => Err(MexError::too_large(
                "the positions the exhaustive solver of this Synchronized Cherries position may meet",
                format!("{MAX_SYNC_CHERRIES_POSITIONS} positions"),
                "use fewer or shorter rows",
            )),
        }
    }
    /// One row a line.
    fn picture(&self, p: &Rows) -> Picture {
        rows_picture(p)
    }
}

impl SyncGame for SynchronizedCherries {
    fn left_moves(&self, p: &Rows) -> Vec<Move<(usize, bool)>> {
        ends(p, true)
    }
    fn right_moves(&self, p: &Rows) -> Vec<Move<(usize, bool)>> {
        ends(p, false)
    }
}

impl SyncRuleset for SynchronizedCherries {
    type Choice = (usize, bool);
    fn left_choices(&self, p: &Rows) -> Vec<(usize, bool)> {
        positions(self.left_moves(p)).collect()
    }
    fn right_choices(&self, p: &Rows) -> Vec<(usize, bool)> {
        positions(self.right_moves(p)).collect()
    }
    fn apply(&self, p: &Rows, l: &(usize, bool), r: &(usize, bool)) -> Rows {
        Rows(SyncCherries.apply(&p.0, l, r))
    }
}

fn ends(p: &Rows, black: bool) -> Vec<Move<(usize, bool)>> {
    let mut out = Vec::new();
    for (i, row) in p.0.iter().enumerate() {
        if row.first() == Some(&black) {
            out.push(Move::new(
                format!("takes the front{}", row_name(p, i)),
                (i, false),
            ));
        }
        if row.len() > 1 && row.last() == Some(&black) {
            out.push(Move::new(
                format!("takes the back{}", row_name(p, i)),
                (i, true),
            ));
        }
    }
    out
}
