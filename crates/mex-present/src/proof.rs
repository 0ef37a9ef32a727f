//! The reports of play through a proof of who wins
//! ([`mex_core::games::proof::Strategy`]): what a checked proof shows, and
//! positions with the moves of the player to move, none of them valued
//! (the playground's `/api/proof` and `/api/proof/move`).

use crate::board::board_svg;
use mex_core::games::picture::{Picture, Spot};
use mex_core::games::proof::Strategy;
use mex_core::games::{CatalogGame, Side};
use mex_core::partizan::minimax::Player;
use mex_core::MexError;
use serde::Serialize;

/// A checked proof: its subject, who moves first, who wins, its node
/// count and the SHA-256 of its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProofReport {
    /// The game's catalog name.
    pub game: &'static str,
    /// The position proved, as the game prints it.
    pub position: String,
    /// Who moves first.
    pub first: Side,
    /// Who wins (the side the computer plays).
    pub winner: Side,
    /// Nodes of the proof's strategy.
    pub nodes: usize,
    /// The SHA-256 of the proof's text, in hexadecimal.
    pub sha256: String,
}

impl ProofReport {
    /// The report of `strategy`, whose proof's text has digest `sha256`.
    pub fn new(strategy: &Strategy, sha256: String) -> Self {
        let proof = strategy.proof();
        let (game, position) = proof.subject();
        ProofReport {
            game,
            position,
            first: Side::from(proof.first()),
            winner: Side::from(proof.winner()),
            nodes: proof.nodes(),
            sha256,
        }
    }
}

/// One move, unvalued: its player, label, the position it leads to and
/// the spots of the picture it changes ([`Picture::changes`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlainMove {
    /// The player who makes it.
    pub player: Side,
    /// The move in words.
    pub label: String,
    /// The position it leads to, as the game prints it.
    pub position: String,
    /// The spots the move changes (null when the pictures differ in shape).
    pub changes: Option<Vec<Spot>>,
}

/// A position with the player to move and that player's moves, unvalued,
/// and its board as SVG.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlainPosition {
    /// The position, as the game prints it.
    pub position: String,
    /// The player to move.
    pub to_move: Side,
    /// Whether it is a leaf of the proof's strategy with this player to
    /// move ([`Strategy::is_leaf`]): below it, the winner's moves are
    /// found by the outcome search.
    pub leaf: bool,
    /// The position's picture as SVG.
    pub board: String,
    /// Every move of the player to move, in the game's order (none: that
    /// player cannot move, and loses).
    pub moves: Vec<PlainMove>,
}

impl PlainPosition {
    /// `position` of the game of `strategy` with `mover` to move.
    pub fn new(strategy: &Strategy, position: &str, mover: Player) -> Result<Self, MexError> {
        let game = strategy.game();
        let picture = game.picture(position)?;
        let moves = game
            .side_moves(position, mover)?
            .into_iter()
            .map(|(label, after)| plain_move(game, &picture, mover, label, after))
            .collect::<Result<_, _>>()?;
        Ok(PlainPosition {
            position: position.to_string(),
            to_move: Side::from(mover),
            leaf: strategy.is_leaf(position, mover)?,
            board: board_svg(&picture),
            moves,
        })
    }
}

fn plain_move(
    game: &dyn CatalogGame,
    before: &Picture,
    player: Player,
    label: String,
    position: String,
) -> Result<PlainMove, MexError> {
    let changes = before.changes(&game.picture(&position)?);
    Ok(PlainMove {
        player: Side::from(player),
        label,
        position,
        changes,
    })
}

/// The proof's first position after it is checked
/// (`POST /api/proof`): the proof and its start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProofStart {
    /// The proof.
    pub proof: ProofReport,
    /// Its position, with the first player to move.
    pub start: PlainPosition,
}

/// The winner's move by the proof (`/api/proof/move`): the move, and the
/// position it leads to with the loser to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProofMoveReport {
    /// Whether the position asked about is a leaf of the strategy (with
    /// the winner to move).
    pub from_leaf: bool,
    /// The winner's move.
    #[serde(rename = "move")]
    pub played: PlainMove,
    /// The position after it, with the loser's moves.
    pub next: PlainPosition,
}

impl ProofMoveReport {
    /// The move of `strategy`'s winner at `position` (as the proof names
    /// it, or below the leaf `below` that the play went through, as the
    /// outcome search finds it), and what follows.
    pub fn new(
        strategy: &Strategy,
        position: &str,
        below: Option<(&str, Player)>,
        ctx: &mut mex_core::games::Context,
    ) -> Result<Self, MexError> {
        let game = strategy.game();
        let winner = strategy.proof().winner();
        let (label, after) = strategy.winner_move(position, below, ctx)?;
        let before = game.picture(position)?;
        let next = PlainPosition::new(strategy, &after, winner.other())?;
        Ok(ProofMoveReport {
            from_leaf: strategy.is_leaf(position, winner)?,
            played: plain_move(game, &before, winner, label, after)?,
            next,
        })
    }
}
