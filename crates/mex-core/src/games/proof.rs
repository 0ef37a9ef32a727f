//! Proofs of who wins a position of a partizan game of the catalog, and
//! their checker.
//!
//! A proof is a strategy for the winner (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 2: a player wins when some move of theirs leaves a
//! position the other loses moving first): at each position the winner
//! reaches with the move, one move; at each position the loser reaches with
//! the move, an answer to every one of the loser's moves. A position is a
//! sum of independent regions ([`crate::partizan::minimax::Component::parts`]), each kept as the one
//! representative of the positions its game identifies with it (its
//! symmetric images: [`crate::partizan::minimax::Component::representative`], [`crate::partizan::minimax::Component::key`]),
//! so the strategy is a graph with one node per position reached. Its leaves are positions
//! where the loser cannot move, and positions whose regions are small
//! enough for their canonical forms to decide the rest: the sum of the
//! forms has an outcome class that makes the winner win with this mover
//! (the substitution that the outcome search makes,
//! [`crate::partizan::minimax`]).
//!
//! The checker ([`check`]) searches nothing: it re-plays the game's rules
//! from the position of the header, node by node, and at a leaf of forms
//! computes the regions' canonical forms from the rules. So a proof it
//! accepts shows the winner whatever the search that wrote it did. Games
//! with a proof of their own (Domineering's, with the move-count bound at
//! its leaves: [`crate::partizan::domineering_search::proof`]) write that
//! one instead; [`WinnerProof`] holds either kind.
//!
//! # Format (text, version 1)
//!
//! ```text
//! mex-proof 1 game
//! part clobber xox/oxo   (the game and the position as it prints it; a
//!                        sum has one part line for each of its terms)
//! first left
//! winner left
//! w 0 2 1                node 0: the winner plays, in region 0, its
//!                        option 2 (from 0); next node 1
//! l 2 3                  node 1: the loser's moves, each answered by the
//!                        node named
//! e                      the loser cannot move
//! f                      the canonical forms of the regions decide
//! ```
//!
//! Node `i` is the `i`-th line after the header; node 0 is the position
//! with the first player to move. A position's regions are ordered by their
//! keys, each region's options as its game lists them for the
//! representative, and the loser's
//! moves region by region, option by option.

use super::outcome_search::winner_of;
use super::{find, CatalogGame, Context};
use crate::error::{memory_amount, Budget};
use crate::partizan::domineering_search::proof as domineering;
use crate::partizan::minimax::{new_search_serial, Boxed, OutcomeSearch, Player, Room};
use crate::partizan::proof_text::{self as text, Failure, Flaw};
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;
use rustc_hash::FxHashMap;

/// The kind of proof, as its header names it.
pub const KIND: &str = "game";

/// Bytes one node of a proof takes while it is written or checked (its
/// entry in the table of positions, its line), besides its regions.
const NODE_BYTES: usize = 96;

/// Bytes one region of a position takes in that table.
const REGION_BYTES: usize = 24;

/// What the writer may spend on the canonical form of one region of a
/// leaf: forms are cited only for regions this small.
pub const CITED_ROOM: Room = Room {
    positions: 2048,
    depth: 32,
};

/// What the checker may spend on a cited form: any number of positions
/// (within the store's memory), 256 deep (the evaluator takes about 1 KiB
/// of stack per level).
const CHECKED_ROOM: Room = Room {
    positions: usize::MAX,
    depth: 256,
};

/// A proof of either kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WinnerProof {
    /// Domineering's own, with bound leaves.
    Domineering(domineering::Proof),
    /// Any partizan catalog position's, with leaves of forms.
    Position(PositionProof),
}

/// One node of a [`PositionProof`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// The winner to move: in region `.0`, its option `.1`; then node `.2`.
    Win(usize, usize, usize),
    /// The loser to move: the node answering each of its moves.
    Lose(Vec<usize>),
    /// The loser to move cannot move.
    End,
    /// The regions' canonical forms decide.
    Forms,
}

/// One component of the position a [`PositionProof`] is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The game's catalog name.
    pub game: &'static str,
    /// The position as the game prints it.
    pub position: String,
}

/// A proof of who wins a position of a partizan catalog game, or a sum of
/// such positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionProof {
    /// The components of the position (one, or the terms of a sum).
    pub parts: Vec<Part>,
    /// Who moves first.
    pub first: Player,
    /// Who wins.
    pub winner: Player,
    /// The nodes, the root first.
    pub nodes: Vec<Node>,
}

/// What a check found: the winner and the size of the strategy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Who wins.
    pub winner: Player,
    /// Nodes of the proof (positions of its strategy).
    pub nodes: usize,
}

/// The proof of who wins `position` of `game` with `first` moving first:
/// the game's own kind when it has one, otherwise a [`PositionProof`]
/// written with the outcome search as its oracle, within the context's
/// search memory (also when the context consults a database of the game,
/// which the game's own search does not).
pub fn prove(
    game: &'static dyn CatalogGame,
    position: &str,
    first: Player,
    ctx: &Context,
) -> Result<WinnerProof, MexError> {
    let consults = ctx
        .database
        .as_ref()
        .is_some_and(|db| db.game() == game.info().name);
    if consults {
        let parts = [(game, position)];
        return prove_citing(&parts, first, ctx, CITED_ROOM).map(WinnerProof::Position);
    }
    if let Some(proof) = game.dedicated_proof(position, first, ctx)? {
        return Ok(proof);
    }
    prove_citing(&[(game, position)], first, ctx, CITED_ROOM).map(WinnerProof::Position)
}

/// The proof of who wins the sum of `summands` (partizan positions) with
/// `first` moving first: [`prove`] for a sum of one term.
pub fn prove_sum(
    summands: &[super::sum::Summand],
    first: Player,
    ctx: &Context,
) -> Result<WinnerProof, MexError> {
    if let [one] = summands {
        return prove(one.game, one.position, first, ctx);
    }
    let parts: Vec<_> = summands.iter().map(|s| (s.game, s.position)).collect();
    prove_citing(&parts, first, ctx, CITED_ROOM).map(WinnerProof::Position)
}

/// The position of `parts` as one sum of regions.
fn root(
    parts: &[(&'static dyn CatalogGame, &str)],
    database: Option<&std::sync::Arc<crate::partizan::database::Database>>,
) -> Result<Sum, MexError> {
    let mut regions = Vec::new();
    for (game, position) in parts {
        regions.extend(Sum::of(game.search_component(position, database)?).0);
    }
    regions.sort_by_key(|(k, _)| *k);
    Ok(Sum(regions))
}

/// The [`PositionProof`] of the sum of `parts` (games and positions),
/// citing the forms of regions found within `room` (0 positions: none, so
/// that the strategy reaches the ends).
pub fn prove_citing(
    parts: &[(&'static dyn CatalogGame, &str)],
    first: Player,
    ctx: &Context,
    room: Room,
) -> Result<PositionProof, MexError> {
    let root = root(parts, ctx.database.as_ref())?;
    let mut writer = Writer {
        search: OutcomeSearch::new(crate::partizan::minimax::SearchLimits {
            memory: ctx.search_memory / 2,
            ..Default::default()
        }),
        winner: first,
        room,
        memory: ctx.search_memory / 2,
        used: 0,
        nodes: Vec::new(),
        seen: FxHashMap::default(),
        forms: FxHashMap::default(),
    };
    writer.winner = writer.search.winner(&root.components(), &[], first)?;
    writer.node(root, first)?;
    let parts = parts
        .iter()
        .map(|(game, position)| {
            Ok(Part {
                game: game.info().name,
                position: game.normalize(position)?,
            })
        })
        .collect::<Result<_, MexError>>()?;
    Ok(PositionProof {
        parts,
        first,
        winner: writer.winner,
        nodes: writer.nodes,
    })
}

/// A position as the keys of its regions and the player to move.
pub type RegionKeys = (Vec<u128>, Player);

/// A position as a sum of regions with a move, sorted by key.
struct Sum(Vec<(u128, Boxed<'static>)>);

impl Sum {
    fn of(c: Boxed<'static>) -> Sum {
        let mut regions = Vec::new();
        split(c, &mut regions);
        regions.sort_by_key(|(k, _)| *k);
        Sum(regions)
    }

    fn keys(&self) -> Vec<u128> {
        self.0.iter().map(|(k, _)| *k).collect()
    }

    fn components(&self) -> Vec<Boxed<'static>> {
        self.0.iter().map(|(_, c)| c.boxed_clone()).collect()
    }

    fn bytes(&self) -> usize {
        NODE_BYTES + REGION_BYTES * self.0.len()
    }

    /// The position after `mover` plays option `option` of region `region`.
    fn after(&self, region: usize, option: Boxed<'static>) -> Sum {
        let mut regions: Vec<_> = (0..self.0.len())
            .filter(|&i| i != region)
            .map(|i| (self.0[i].0, self.0[i].1.boxed_clone()))
            .collect();
        split(option, &mut regions);
        regions.sort_by_key(|(k, _)| *k);
        Sum(regions)
    }

    /// Every move of `mover`: (region, option, the position after it), in
    /// the order of the format.
    fn moves(&self, mover: Player) -> Vec<(usize, usize, Sum)> {
        let mut out = Vec::new();
        for (r, (_, c)) in self.0.iter().enumerate() {
            for (o, option) in c.options(mover).into_iter().enumerate() {
                out.push((r, o, self.after(r, option)));
            }
        }
        out
    }
}

/// Adds the regions of `c` with a move for either player to `out`, each
/// as its representative ([`crate::partizan::minimax::Component::representative`]) with its key.
fn split(c: Boxed<'static>, out: &mut Vec<(u128, Boxed<'static>)>) {
    match c.parts() {
        Some(parts) => parts.into_iter().for_each(|p| split(p, out)),
        None if c.options(Player::Left).is_empty() && c.options(Player::Right).is_empty() => {}
        None => out.push((c.key(), c.representative())),
    }
}

/// Whether the canonical forms of the regions of `sum` (each found within
/// `room`, memoised in `forms`) make `winner` win with `mover` to move;
/// `false` when a form is not found within the room.
fn forms_decide(
    sum: &Sum,
    mover: Player,
    winner: Player,
    (store, serial, room): (&mut GameStore, u64, Room),
    forms: &mut FxHashMap<u128, Option<GameId>>,
) -> Result<bool, MexError> {
    let mut total = store.zero();
    for (key, c) in &sum.0 {
        let form = match forms.get(key) {
            Some(&known) => known,
            None => {
                let found = c.canonical(store, room, serial)?;
                forms.insert(*key, found);
                found
            }
        };
        match form {
            Some(g) => total = store.try_add(total, g)?,
            None => return Ok(false),
        }
    }
    Ok(winner_of(store.try_outcome(total)?, mover) == winner)
}

struct Writer {
    search: OutcomeSearch,
    winner: Player,
    /// What a region's cited form may take.
    room: Room,
    memory: usize,
    used: usize,
    nodes: Vec<Node>,
    seen: FxHashMap<(Vec<u128>, Player), usize>,
    forms: FxHashMap<u128, Option<GameId>>,
}

impl Writer {
    /// The node of `sum` with `mover` to move, written if new.
    fn node(&mut self, sum: Sum, mover: Player) -> Result<usize, MexError> {
        crate::stop::check()?;
        let key = (sum.keys(), mover);
        if let Some(&id) = self.seen.get(&key) {
            return Ok(id);
        }
        self.charge(sum.bytes())?;
        let id = self.nodes.len();
        self.nodes.push(Node::End);
        self.seen.insert(key, id);
        let loser = self.winner.other();
        let node = if mover == loser && sum.moves(loser).is_empty() {
            Node::End
        } else if self.forms_decide(&sum, mover)? {
            Node::Forms
        } else if mover == self.winner {
            self.winning_move(&sum)?
        } else {
            let mut answers = Vec::new();
            for (_, _, child) in sum.moves(loser) {
                answers.push(self.node(child, self.winner)?);
            }
            Node::Lose(answers)
        };
        self.nodes[id] = node;
        Ok(id)
    }

    fn winning_move(&mut self, sum: &Sum) -> Result<Node, MexError> {
        let loser = self.winner.other();
        for (region, option, child) in sum.moves(self.winner) {
            if self.forms_decide(&child, loser)?
                || self.search.winner(&child.components(), &[], loser)? == self.winner
            {
                let next = self.node(child, loser)?;
                return Ok(Node::Win(region, option, next));
            }
        }
        Err(MexError::invalid(
            "the outcome search: a position it calls won has no winning move",
            "a search whose answers agree (report this as a bug)",
        ))
    }

    fn forms_decide(&mut self, sum: &Sum, mover: Player) -> Result<bool, MexError> {
        let serial = self.search.serial();
        if self.room.positions == 0 {
            return Ok(false);
        }
        let store = (&mut self.search.store, serial, self.room);
        forms_decide(sum, mover, self.winner, store, &mut self.forms)
    }

    fn charge(&mut self, bytes: usize) -> Result<(), MexError> {
        self.used += bytes;
        if self.used > self.memory {
            return Err(MexError::budget_spent(
                Budget::Memory,
                "the proof being written",
                memory_amount(self.memory),
                "give the search more memory",
            ));
        }
        Ok(())
    }
}

impl WinnerProof {
    /// Who moves first.
    pub fn first(&self) -> Player {
        match self {
            WinnerProof::Domineering(p) => p.first,
            WinnerProof::Position(p) => p.first,
        }
    }

    /// Who wins, as the proof claims.
    pub fn winner(&self) -> Player {
        match self {
            WinnerProof::Domineering(p) => p.winner,
            WinnerProof::Position(p) => p.winner,
        }
    }

    /// The nodes of its strategy.
    pub fn nodes(&self) -> usize {
        match self {
            WinnerProof::Domineering(p) => p.nodes.len(),
            WinnerProof::Position(p) => p.nodes.len(),
        }
    }

    /// The game's catalog name and the position, as the game prints it.
    pub fn subject(&self) -> (&'static str, String) {
        match self {
            WinnerProof::Domineering(p) => ("domineering", p.board.to_string()),
            WinnerProof::Position(p) => match &p.parts[..] {
                [one] => (one.game, one.position.clone()),
                parts => {
                    let terms: Vec<String> = parts
                        .iter()
                        .map(|p| format!("{}:{}", p.game, p.position))
                        .collect();
                    ("sum", terms.join(" + "))
                }
            },
        }
    }

    /// Whether the proof is about `position` of `game` (the same game,
    /// the same position once the game normalises both).
    pub fn is_about(&self, game: &dyn CatalogGame, position: &str) -> Result<bool, MexError> {
        let (name, proved) = self.subject();
        Ok(name == game.info().name && game.normalize(&proved)? == game.normalize(position)?)
    }

    /// The proof in its format.
    pub fn to_text(&self) -> String {
        match self {
            WinnerProof::Domineering(p) => p.to_text(),
            WinnerProof::Position(p) => p.to_text(),
        }
    }

    /// Reads a proof of either kind (its form only; [`WinnerProof::check`]
    /// for its truth).
    pub fn parse(proof: &str) -> Result<WinnerProof, MexError> {
        let first = proof.lines().next().unwrap_or("");
        match text::kind_of(first) {
            Some(domineering::KIND) => domineering::Proof::parse(proof).map(Self::Domineering),
            Some(KIND) => PositionProof::parse(proof).map(Self::Position),
            _ => Err(MexError::invalid(
                "a proof file whose first line is not a proof header of this version",
                format!(
                    "{} or {} (as mex writes proofs)",
                    text::header(KIND),
                    text::header(domineering::KIND)
                ),
            )),
        }
    }

    /// Verifies the proof by the rules, within the context's search memory:
    /// what it shows, or its flaw; an error when the check cannot finish.
    pub fn verify(&self, ctx: &Context) -> Result<Result<Checked, Flaw>, MexError> {
        let checked = match self {
            WinnerProof::Domineering(p) => domineering::check(p).map(|winner| Checked {
                winner,
                nodes: p.nodes.len(),
            }),
            WinnerProof::Position(p) => check(p, ctx),
        };
        match checked {
            Ok(c) => Ok(Ok(c)),
            Err(Failure::Flaw(flaw)) => Ok(Err(flaw)),
            Err(Failure::Error(e)) => Err(e),
        }
    }
}

impl PositionProof {
    /// The proof in the format of the module documentation.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n", text::header(KIND));
        for part in &self.parts {
            out += &format!("part {} {}\n", part.game, part.position);
        }
        out += &format!(
            "first {}\nwinner {}\n",
            text::side_word(self.first),
            text::side_word(self.winner)
        );
        for node in &self.nodes {
            match node {
                Node::Win(r, o, next) => text::write_node(&mut out, 'w', &[*r, *o, *next]),
                Node::Lose(answers) => text::write_node(&mut out, 'l', answers),
                Node::End => text::write_node(&mut out, 'e', &[]),
                Node::Forms => text::write_node(&mut out, 'f', &[]),
            }
        }
        out
    }

    /// Reads a proof written by [`PositionProof::to_text`].
    pub fn parse(proof: &str) -> Result<PositionProof, MexError> {
        let mut lines = proof.lines();
        if lines.next().and_then(text::kind_of) != Some(KIND) {
            return Err(bad(
                "its first line",
                &format!("the line {}", text::header(KIND)),
            ));
        }
        let mut parts = Vec::new();
        let mut line = lines.next();
        while let Some(term) = line.and_then(|l| l.strip_prefix("part ")) {
            let (game, position) = term
                .trim()
                .split_once(' ')
                .ok_or_else(|| bad(&format!("the line part {term}"), "part GAME POSITION"))?;
            parts.push(Part {
                game: find(game)?.info().name,
                position: position.trim().to_string(),
            });
            line = lines.next();
        }
        if parts.is_empty() {
            return Err(bad("no part line", "part GAME POSITION (one or more)"));
        }
        let first = text::side(KIND, text::field(KIND, line, "first")?)?;
        let winner = text::side(KIND, text::field(KIND, lines.next(), "winner")?)?;
        let nodes = lines
            .enumerate()
            .map(|(i, l)| node(l).ok_or_else(|| bad(&format!("node {i}"), NODE_FORMS)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PositionProof {
            parts,
            first,
            winner,
            nodes,
        })
    }
}

const NODE_FORMS: &str = "w REGION OPTION NODE, l NODE..., e or f";

fn bad(what: &str, accepted: &str) -> MexError {
    text::bad("game", what, accepted)
}

fn node(line: &str) -> Option<Node> {
    let (letter, numbers) = text::node_line(line)?;
    match (letter, numbers.as_slice()) {
        ("w", &[r, o, next]) => Some(Node::Win(r, o, next)),
        ("l", answers) => Some(Node::Lose(answers.to_vec())),
        ("e", []) => Some(Node::End),
        ("f", []) => Some(Node::Forms),
        _ => None,
    }
}

/// Verifies `proof` by the rules alone: every node reached from the root
/// is visited once, in the position the moves lead to (up to the regions'
/// keys), and must be a legal move of the winner to a node, an answer to
/// every move of the loser, a position where the loser cannot move, or one
/// whose regions' canonical forms (computed here from the rules) make the
/// winner win. Every node must be reached. Returns the winner and the
/// number of nodes.
pub fn check(proof: &PositionProof, ctx: &Context) -> Result<Checked, Failure> {
    replay(proof, ctx).map(|_| Checked {
        winner: proof.winner,
        nodes: proof.nodes.len(),
    })
}

/// [`check`], returning the regions' keys and the mover each node stands
/// for.
pub fn replay(proof: &PositionProof, ctx: &Context) -> Result<Vec<RegionKeys>, Failure> {
    let mut parts = Vec::new();
    for part in &proof.parts {
        parts.push((find(part.game)?, part.position.as_str()));
    }
    let mut checker = Checker {
        proof,
        reached: vec![None; proof.nodes.len()],
        pending: Vec::new(),
        store: GameStore::with_limits(ctx.search_memory / 2, u64::MAX),
        serial: new_search_serial(),
        forms: FxHashMap::default(),
        memory: ctx.search_memory / 2,
        used: 0,
    };
    checker.reach(0, root(&parts, None)?, proof.first)?;
    while let Some((id, sum)) = checker.pending.pop() {
        crate::stop::check()?;
        checker.visit(id, &sum)?;
    }
    if let Some(id) = checker.reached.iter().position(Option::is_none) {
        return Err(wrong(id, "is not reached from the root"));
    }
    Ok(checker.reached.into_iter().flatten().collect())
}

struct Checker<'p> {
    proof: &'p PositionProof,
    /// The position and mover each node stands for, once reached.
    reached: Vec<Option<RegionKeys>>,
    pending: Vec<(usize, Sum)>,
    store: GameStore,
    serial: u64,
    forms: FxHashMap<u128, Option<GameId>>,
    memory: usize,
    used: usize,
}

impl Checker<'_> {
    /// Records that node `id` stands for `sum` with `mover` to move.
    fn reach(&mut self, id: usize, sum: Sum, mover: Player) -> Result<(), Failure> {
        let Some(slot) = self.reached.get_mut(id) else {
            return Err(wrong(id, "is named but the proof has no such node"));
        };
        let key = (sum.keys(), mover);
        match slot {
            Some(known) if *known == key => Ok(()),
            Some(_) => Err(wrong(id, "stands for two different positions")),
            None => {
                self.used += sum.bytes();
                if self.used > self.memory {
                    return Err(Failure::Error(MexError::budget_spent(
                        Budget::Memory,
                        "the check of the proof",
                        memory_amount(self.memory),
                        "give the check more memory",
                    )));
                }
                *slot = Some(key);
                self.pending.push((id, sum));
                Ok(())
            }
        }
    }

    fn visit(&mut self, id: usize, sum: &Sum) -> Result<(), Failure> {
        let winner = self.proof.winner;
        let loser = winner.other();
        let mover = self.reached[id].as_ref().expect("reached").1;
        match &self.proof.nodes[id] {
            Node::Win(region, option, next) => {
                if mover != winner {
                    return Err(wrong(id, "is a move of the winner where the loser moves"));
                }
                let move_of = sum.0.get(*region).and_then(|(_, c)| {
                    let mut options = c.options(winner);
                    (*option < options.len()).then(|| options.swap_remove(*option))
                });
                let Some(played) = move_of else {
                    return Err(wrong(id, "plays a move that is not legal"));
                };
                self.reach(*next, sum.after(*region, played), loser)
            }
            Node::Lose(answers) => {
                if mover != loser {
                    return Err(wrong(id, "answers the loser where the winner moves"));
                }
                let moves = sum.moves(loser);
                if moves.len() != answers.len() {
                    return Err(wrong(id, "does not answer every move of the loser once"));
                }
                for ((_, _, child), &next) in moves.into_iter().zip(answers) {
                    self.reach(next, child, winner)?;
                }
                Ok(())
            }
            Node::End if mover == loser && sum.moves(loser).is_empty() => Ok(()),
            Node::End => Err(wrong(id, "is an end where the mover can move")),
            Node::Forms => {
                let store = (&mut self.store, self.serial, CHECKED_ROOM);
                if forms_decide(sum, mover, winner, store, &mut self.forms)? {
                    Ok(())
                } else {
                    Err(wrong(id, "cites forms that do not make the winner win"))
                }
            }
        }
    }
}

fn wrong(id: usize, what: &'static str) -> Failure {
    text::flaw(id, what)
}

mod strategy;
pub use strategy::Strategy;

#[cfg(test)]
mod tests;
