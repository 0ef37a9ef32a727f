//! A proof's strategy, ready to play: the winner's move at any position
//! the strategy reaches, found among the moves of the position as the game
//! lists them (a front end plays the winner through it without any value
//! or search: `mex play --proof`).
//!
//! The proof names its moves in each node's representative (a least
//! image, or regions' representatives); the position a person reaches may
//! be another image of it. So the strategy is played by positions: the
//! move chosen is the one whose resulting position is the node the proof
//! moves to (the same key: the same representative). Beyond the proof's
//! leaves, where a bound or canonical forms decide the rest and the proof
//! names no move, the move is found by the outcome search (the leaf shows
//! that one exists; these positions are small or decided at once).

use super::{domineering, find, replay, Node, RegionKeys, Sum, WinnerProof};
use crate::games::sum::Summand;
use crate::games::{outcome_search, CatalogGame, Context, Side};
use crate::partizan::domineering::Grid;
use crate::partizan::minimax::Player;
use crate::partizan::proof_text::{Failure, Flaw};
use crate::MexError;
use rustc_hash::FxHashMap;

/// A position of the strategy: its key and the player to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Grid(Grid, Player),
    Regions(RegionKeys),
}

/// A verified proof with the node of every position it reaches.
pub struct Strategy {
    proof: WinnerProof,
    game: &'static dyn CatalogGame,
    /// The key of each node.
    keys: Vec<Key>,
    /// The node of each key.
    nodes: FxHashMap<Key, usize>,
}

impl Strategy {
    /// The strategy of `proof`, verified first (its flaw when it does not
    /// hold), within the context's search memory.
    pub fn new(proof: WinnerProof, ctx: &Context) -> Result<Result<Strategy, Flaw>, MexError> {
        let replayed = match &proof {
            WinnerProof::Domineering(p) => domineering::replay(p)
                .map(|r| r.into_iter().map(|(g, m)| Key::Grid(g, m)).collect()),
            WinnerProof::Position(p) => {
                replay(p, ctx).map(|r| r.into_iter().map(Key::Regions).collect())
            }
        };
        let keys: Vec<Key> = match replayed {
            Ok(keys) => keys,
            Err(Failure::Flaw(flaw)) => return Ok(Err(flaw)),
            Err(Failure::Error(e)) => return Err(e),
        };
        let nodes = keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k.clone(), i))
            .collect();
        let game = find(proof.subject().0)?;
        Ok(Ok(Strategy {
            proof,
            game,
            keys,
            nodes,
        }))
    }

    /// The proof played.
    pub fn proof(&self) -> &WinnerProof {
        &self.proof
    }

    /// The game of the proof.
    pub fn game(&self) -> &'static dyn CatalogGame {
        self.game
    }

    /// The key of `position` (as the game prints it) with `mover` to move.
    fn key(&self, position: &str, mover: Player) -> Result<Key, MexError> {
        Ok(match self.proof {
            WinnerProof::Domineering(_) => Key::Grid(Grid::parse(position)?.least_image(), mover),
            WinnerProof::Position(_) => {
                let sum = Sum::of(self.game.search_component(position, None)?);
                Key::Regions((sum.keys(), mover))
            }
        })
    }

    /// Whether `position` with `mover` to move is a leaf of the strategy:
    /// a position it reaches where a bound or the regions' canonical forms
    /// decide the rest (or the loser cannot move), so that it names no
    /// move below it.
    pub fn is_leaf(&self, position: &str, mover: Player) -> Result<bool, MexError> {
        let Some(&node) = self.nodes.get(&self.key(position, mover)?) else {
            return Ok(false);
        };
        Ok(match &self.proof {
            WinnerProof::Domineering(p) => matches!(
                p.nodes[node],
                domineering::Node::Bound | domineering::Node::Packed
            ),
            WinnerProof::Position(p) => matches!(p.nodes[node], Node::End | Node::Forms),
        })
    }

    /// The winner's move at `position` with the winner to move, as its
    /// label and the position it leads to (as the game prints it): the
    /// move the proof names at its node; below a leaf (`below`: a leaf the
    /// play went through, with its player to move), the move the outcome
    /// search finds ([`Strategy::winning_move`]). A position that is not a
    /// node of the strategy, with no leaf above it, is refused: the proof
    /// says nothing about it.
    pub fn winner_move(
        &self,
        position: &str,
        below: Option<(&str, Player)>,
        ctx: &mut Context,
    ) -> Result<(String, String), MexError> {
        let winner = self.proof.winner();
        let covered = match below {
            _ if self.nodes.contains_key(&self.key(position, winner)?) => true,
            Some((leaf, mover)) => self.is_leaf(leaf, mover)?,
            None => false,
        };
        if !covered {
            return Err(self.outside(position, below));
        }
        let mut moves = self.game.side_moves(position, winner)?;
        let after: Vec<String> = moves.iter().map(|(_, p)| p.clone()).collect();
        match self.winning_move(position, &after, ctx)? {
            Some(i) => Ok(moves.swap_remove(i)),
            None => Err(MexError::invalid(
                format!(
                    "the position {} with {} to move, where the proof's winner has no winning move",
                    crate::error::quote(position),
                    side_of(winner)
                ),
                "a position below a leaf of the proof, reached from it by play",
            )),
        }
    }

    /// The refusal of `position`, which the strategy does not reach.
    fn outside(&self, position: &str, below: Option<(&str, Player)>) -> MexError {
        let what = match below {
            Some((leaf, mover)) => format!(
                "the position {} with {} to move below {} with {} to move, which is not a leaf of the proof",
                crate::error::quote(position),
                side_of(self.proof.winner()),
                crate::error::quote(leaf),
                side_of(mover)
            ),
            None => format!(
                "the position {} with {} to move, which the proof does not reach",
                crate::error::quote(position),
                side_of(self.proof.winner())
            ),
        };
        MexError::invalid(
            what,
            "a position reached from the proof's start by the moves it names for the winner and any moves of the loser",
        )
    }

    /// The winner's move at `position` (the winner to move): the index in
    /// `after` (the positions the winner's moves lead to, as the game
    /// prints them, in any order) of the one the strategy plays. At a leaf
    /// (a bound or canonical forms decide it: the proof names no move), and
    /// at a position the strategy does not reach, the first move after
    /// which the outcome search finds the loser losing; `None` when there
    /// is none (the winner does not win here).
    pub fn winning_move(
        &self,
        position: &str,
        after: &[String],
        ctx: &mut Context,
    ) -> Result<Option<usize>, MexError> {
        let winner = self.proof.winner();
        if let Some(next) = self.next_node(position)? {
            let target = &self.keys[next];
            for (i, text) in after.iter().enumerate() {
                if self.key(text, winner.other())? == *target {
                    return Ok(Some(i));
                }
            }
        }
        let side = side_of(winner.other());
        for (i, text) in after.iter().enumerate() {
            let summand = Summand {
                game: self.game,
                position: text,
            };
            if outcome_search::winner(&[summand], side, ctx)? == side_of(winner) {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// The node the proof moves to from `position` with the winner to
    /// move, if the strategy reaches it and names a move there.
    fn next_node(&self, position: &str) -> Result<Option<usize>, MexError> {
        let Some(&node) = self.nodes.get(&self.key(position, self.proof.winner())?) else {
            return Ok(None);
        };
        Ok(match &self.proof {
            WinnerProof::Domineering(p) => match p.nodes[node] {
                domineering::Node::Win(_, _, next) => Some(next),
                _ => None,
            },
            WinnerProof::Position(p) => match p.nodes[node] {
                Node::Win(_, _, next) => Some(next),
                _ => None,
            },
        })
    }
}

fn side_of(player: Player) -> Side {
    Side::from(player)
}
