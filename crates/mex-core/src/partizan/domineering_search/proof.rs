//! Proofs of who wins a Domineering position, and their checker.
//!
//! A proof is a strategy for the winner: at each position the winner
//! reaches with the move, one move; at each position the loser reaches
//! with the move, an answer to every one of the loser's moves. Positions
//! are identified up to the four images that keep each player's
//! orientation ([`Grid::least_image`]), so the strategy is a graph with
//! one node per position reached, not a tree. A leaf is a position the
//! simple bound decides (Lachmann, Moore and Rapaport 2002): the winner's
//! disjoint safe moves outnumber the loser's real moves with the winner to
//! move, or are at least as many with the loser to move. A position where
//! the loser cannot move is such a leaf. A second kind of leaf is a
//! position the packed bounds of Bullock (2002, ch. 3: protective areas,
//! vulnerable moves, safe moves with options) decide; the checker
//! evaluates those with the search's own code
//! ([`super::decided_by_bounds`], whose every cut is checked against
//! canonical forms by the search's tests), the simple bound with
//! definitions of its own.
//!
//! The winner's move at a node is the first winning move in the order the
//! search tries moves (Obsequi's ordering: [`DomineeringSearch::winning_move`]),
//! so that the strategy is the tree the search proved, and the same proof
//! whatever the search's budget.
//!
//! The checker ([`check`]) searches nothing: it re-plays Domineering's
//! rules from the board of the header, node by node, and recounts the
//! bound at every leaf with its own definitions (below), so a proof it
//! accepts shows the winner whatever the search that wrote it did.
//!
//! # Format (text, version 1)
//!
//! ```text
//! mex-proof 1 domineering
//! board 4x4            (or rows of . and # separated by /)
//! first left           (who moves first: left or right)
//! winner left
//! w 0 1 1              node 0: the winner places its domino at row 0,
//!                      column 1 (its top or left cell, from 0); next node 1
//! l 2 3 4              node 1: the loser's moves, in the order of
//!                      Grid::placements (row by row, then column), each
//!                      answered by the node named
//! b                    a leaf decided by the simple bound
//! p                    a leaf decided by the packed bounds
//! ```
//!
//! Node `i` is the `i`-th line after the header; node 0 is the board with
//! the first player to move. Coordinates are those of the node's least
//! image. Left places vertical dominoes, Right horizontal ones.

use super::super::domineering::Grid;
use super::super::minimax::Player;
use super::super::proof_text::{self as text, Failure};
use super::DomineeringSearch;
use crate::error::{memory_amount, Budget};
use crate::MexError;
use rustc_hash::FxHashMap;

/// The kind of proof, as its header names it.
pub const KIND: &str = "domineering";

/// Bytes one node of a proof being written takes (its entry in the table
/// of positions and its line, about).
const NODE_BYTES: usize = 112;

/// One node of a proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// The winner to move: its domino at (row, column), then the node.
    Win(usize, u32, usize),
    /// The loser to move: the node answering each of its moves.
    Lose(Vec<usize>),
    /// Decided by the simple bound.
    Bound,
    /// Decided by the packed bounds.
    Packed,
}

/// A proof: the board, who moves first, who wins, the strategy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// The board as given.
    pub board: Grid,
    /// Who moves first.
    pub first: Player,
    /// Who wins.
    pub winner: Player,
    /// The nodes, the root first.
    pub nodes: Vec<Node>,
}

/// Whether Left's (vertical) dominoes are the ones of `player`.
fn vertical(player: Player) -> bool {
    player == Player::Left
}

/// The cells of line `i` of `player` (a column for Left, a row for
/// Right), in order, as (row, column).
fn line(grid: &Grid, player: Player, i: u32) -> Vec<(u32, u32)> {
    if vertical(player) {
        (0..grid.height()).map(|r| (r, i)).collect()
    } else {
        (0..grid.width()).map(|c| (i, c)).collect()
    }
}

fn lines(grid: &Grid, player: Player) -> u32 {
    if vertical(player) {
        grid.width()
    } else {
        grid.height()
    }
}

/// Whether the other player can never cover the free cell (r, c): both of
/// its neighbours across `player`'s lines are taken or off the board.
fn protected(grid: &Grid, player: Player, r: u32, c: u32) -> bool {
    let (before, after) = if vertical(player) {
        (c.checked_sub(1).map(|c| (r, c)), (r, c + 1))
    } else {
        (r.checked_sub(1).map(|r| (r, c)), (r + 1, c))
    };
    grid.is_free(r, c)
        && !before.is_some_and(|(r, c)| grid.is_free(r, c))
        && !grid.is_free(after.0, after.1)
}

/// The most disjoint dominoes of `player` along its lines on the cells
/// where `cell` holds: ⌊k/2⌋ for every run of k such cells, summed.
fn packed(grid: &Grid, player: Player, cell: impl Fn(u32, u32) -> bool) -> u32 {
    let mut total = 0;
    for i in 0..lines(grid, player) {
        let mut run = 0;
        for (r, c) in line(grid, player, i) {
            if cell(r, c) {
                run += 1;
            } else {
                total += run / 2;
                run = 0;
            }
        }
        total += run / 2;
    }
    total
}

/// The safe moves of `player`: disjoint dominoes on protected cells, which
/// it can always play, whatever the other does.
pub fn safe_moves(grid: &Grid, player: Player) -> u32 {
    packed(grid, player, |r, c| protected(grid, player, r, c))
}

/// The real moves of `player`: disjoint dominoes on free cells, line by
/// line; it can never make more moves than these.
pub fn real_moves(grid: &Grid, player: Player) -> u32 {
    packed(grid, player, |r, c| grid.is_free(r, c))
}

/// Whether the simple bound shows that `winner` wins `grid` with `mover`
/// to move: the winner can always answer the loser with a safe move, and
/// keep one for its own first move when it moves first.
pub fn bound_decides(grid: &Grid, mover: Player, winner: Player) -> bool {
    let (safe, real) = (safe_moves(grid, winner), real_moves(grid, winner.other()));
    if mover == winner {
        safe > real
    } else {
        safe >= real
    }
}

/// Whether the packed bounds decide `grid` for `winner` with `mover` to
/// move.
fn packed_decides(grid: &Grid, mover: Player, winner: Player) -> Result<bool, MexError> {
    Ok(super::decided_by_bounds(grid, mover)? == Some(mover == winner))
}

/// Writes the proof of who wins `board` with `first` moving first, by
/// `search` (its table speeds up the choices). The winner's move at each
/// node is chosen as the module documentation says, so the proof does not
/// depend on the search's budget. At most `memory` bytes for the proof's
/// nodes.
pub fn prove(
    search: &mut DomineeringSearch,
    board: &Grid,
    first: Player,
    memory: usize,
) -> Result<Proof, MexError> {
    let winner = if search.first_player_wins(board, first)? {
        first
    } else {
        first.other()
    };
    let mut writer = Writer {
        search,
        winner,
        memory,
        nodes: Vec::new(),
        seen: FxHashMap::default(),
    };
    writer.node(board, first)?;
    Ok(Proof {
        board: *board,
        first,
        winner,
        nodes: writer.nodes,
    })
}

struct Writer<'a> {
    search: &'a mut DomineeringSearch,
    winner: Player,
    memory: usize,
    nodes: Vec<Node>,
    seen: FxHashMap<(Grid, Player), usize>,
}

impl Writer<'_> {
    /// The node of `grid` with `mover` to move, written if new.
    fn node(&mut self, grid: &Grid, mover: Player) -> Result<usize, MexError> {
        crate::stop::check()?;
        let grid = grid.least_image();
        if let Some(&id) = self.seen.get(&(grid, mover)) {
            return Ok(id);
        }
        if self.nodes.len() * NODE_BYTES > self.memory {
            return Err(MexError::budget_spent(
                Budget::Memory,
                "the proof of the Domineering search",
                memory_amount(self.memory),
                "give the proof more memory",
            ));
        }
        let id = self.nodes.len();
        self.nodes.push(Node::Bound);
        self.seen.insert((grid, mover), id);
        let node = if bound_decides(&grid, mover, self.winner) {
            Node::Bound
        } else if packed_decides(&grid, mover, self.winner)? {
            Node::Packed
        } else if mover == self.winner {
            self.winning_move(&grid)?
        } else {
            let mut answers = Vec::new();
            for (_, child) in grid.placements(vertical(mover)) {
                answers.push(self.node(&child, self.winner)?);
            }
            Node::Lose(answers)
        };
        self.nodes[id] = node;
        Ok(id)
    }

    fn winning_move(&mut self, grid: &Grid) -> Result<Node, MexError> {
        let loser = self.winner.other();
        let Some((r, c)) = self.search.winning_move(grid, self.winner)? else {
            return Err(MexError::invalid(
                "the Domineering search: a position it calls won has no winning move",
                "a search whose answers agree (report this as a bug)",
            ));
        };
        let cell = (r as usize, c);
        let child = grid
            .placements(vertical(self.winner))
            .into_iter()
            .find(|(at, _)| *at == cell)
            .expect("the search's move is a placement of the grid")
            .1;
        let next = self.node(&child, loser)?;
        Ok(Node::Win(cell.0, c, next))
    }
}

impl Proof {
    /// The proof in the format of the module documentation.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{}\nboard {}\nfirst {}\nwinner {}\n",
            text::header(KIND),
            self.board,
            text::side_word(self.first),
            text::side_word(self.winner)
        );
        for node in &self.nodes {
            match node {
                Node::Win(r, c, next) => text::write_node(&mut out, 'w', &[*r, *c as usize, *next]),
                Node::Lose(answers) => text::write_node(&mut out, 'l', answers),
                Node::Bound => text::write_node(&mut out, 'b', &[]),
                Node::Packed => text::write_node(&mut out, 'p', &[]),
            }
        }
        out
    }

    /// Reads a proof written by [`Proof::to_text`] (its form only; see
    /// [`check`] for its truth).
    pub fn parse(proof: &str) -> Result<Proof, MexError> {
        let mut lines = proof.lines();
        if lines.next().and_then(text::kind_of) != Some(KIND) {
            return Err(bad(
                "its first line",
                &format!("the line {}", text::header(KIND)),
            ));
        }
        let board = Grid::parse(text::field(KIND, lines.next(), "board")?)?;
        let first = text::side(KIND, text::field(KIND, lines.next(), "first")?)?;
        let winner = text::side(KIND, text::field(KIND, lines.next(), "winner")?)?;
        let nodes = lines
            .enumerate()
            .map(|(i, l)| node(l).ok_or_else(|| bad(&format!("node {i}"), NODE_FORMS)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Proof {
            board,
            first,
            winner,
            nodes,
        })
    }
}

const NODE_FORMS: &str = "w ROW COLUMN NODE, l NODE..., b or p";

fn bad(what: &str, accepted: &str) -> MexError {
    text::bad("Domineering", what, accepted)
}

fn node(line: &str) -> Option<Node> {
    let (letter, numbers) = text::node_line(line)?;
    match (letter, numbers.as_slice()) {
        ("w", &[r, c, next]) => Some(Node::Win(r, u32::try_from(c).ok()?, next)),
        ("l", answers) => Some(Node::Lose(answers.to_vec())),
        ("b", []) => Some(Node::Bound),
        ("p", []) => Some(Node::Packed),
        _ => None,
    }
}

/// Verifies `proof` by the rules alone: every node reached from the root
/// is visited once, in the position the moves lead to (up to the four
/// images), and must be a legal winning move, an answer to every move of
/// the loser, or a leaf the bound decides. Returns the winner.
pub fn check(proof: &Proof) -> Result<Player, Failure> {
    replay(proof).map(|_| proof.winner)
}

/// [`check`], returning the position (least image) and mover each node
/// stands for.
pub fn replay(proof: &Proof) -> Result<Vec<(Grid, Player)>, Failure> {
    let winner = proof.winner;
    let mut reached: Vec<Option<(Grid, Player)>> = vec![None; proof.nodes.len()];
    let mut todo = Vec::new();
    reach(
        &mut reached,
        &mut todo,
        0,
        proof.board.least_image(),
        proof.first,
    )?;
    while let Some(id) = todo.pop() {
        crate::stop::check()?;
        let (grid, mover) = reached[id].expect("reached before it is checked");
        let wrong = |what| text::flaw(id, what);
        match (&proof.nodes[id], mover == winner) {
            (Node::Bound, _) if bound_decides(&grid, mover, winner) => {}
            (Node::Bound, _) => return Err(wrong("is a leaf the bound does not decide")),
            (Node::Packed, _) if packed_decides(&grid, mover, winner)? => {}
            (Node::Packed, _) => return Err(wrong("is a leaf the packed bounds do not decide")),
            (&Node::Win(r, c, next), true) => {
                let child = grid
                    .placements(vertical(winner))
                    .into_iter()
                    .find(|(cell, _)| *cell == (r, c))
                    .ok_or_else(|| wrong("plays a move of the winner that is not legal"))?
                    .1;
                reach(
                    &mut reached,
                    &mut todo,
                    next,
                    child.least_image(),
                    winner.other(),
                )?;
            }
            (Node::Lose(answers), false) => {
                let moves = grid.placements(vertical(mover));
                if moves.len() != answers.len() {
                    return Err(wrong("does not answer every move of the loser once"));
                }
                for ((_, child), &next) in moves.iter().zip(answers) {
                    reach(&mut reached, &mut todo, next, child.least_image(), winner)?;
                }
            }
            (Node::Win(..), false) => {
                return Err(wrong("is a move of the winner where the loser moves"))
            }
            (Node::Lose(_), true) => return Err(wrong("answers the loser where the winner moves")),
        }
    }
    if let Some(id) = reached.iter().position(Option::is_none) {
        return Err(text::flaw(id, "is not reached from the root"));
    }
    Ok(reached.into_iter().flatten().collect())
}

/// Records that node `id` stands for `grid` with `mover` to move, or
/// checks that it did already.
fn reach(
    reached: &mut [Option<(Grid, Player)>],
    todo: &mut Vec<usize>,
    id: usize,
    grid: Grid,
    mover: Player,
) -> Result<(), Failure> {
    let slot = reached
        .get_mut(id)
        .ok_or_else(|| text::flaw(id, "is named but the proof has no such node"))?;
    match slot {
        None => {
            *slot = Some((grid, mover));
            todo.push(id);
            Ok(())
        }
        Some(seen) if *seen == (grid, mover) => Ok(()),
        Some(_) => Err(text::flaw(id, "stands for two different positions")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proof_of(text: &str, first: Player) -> Proof {
        let mut search = DomineeringSearch::new(1 << 20).unwrap();
        prove(&mut search, &Grid::parse(text).unwrap(), first, 1 << 26).unwrap()
    }

    #[test]
    fn proofs_of_small_boards_check_and_name_the_searched_winner() {
        for text in [
            "1x1",
            "2x2",
            "3x3",
            "4x4",
            "3x5",
            "4x5",
            "5x5",
            "2x7",
            "..#./..../#.../....",
        ] {
            for first in [Player::Left, Player::Right] {
                let proof = proof_of(text, first);
                let mut search = DomineeringSearch::new(1 << 20).unwrap();
                let wins = search.first_player_wins(&proof.board, first).unwrap();
                assert_eq!(proof.winner == first, wins, "{text}");
                assert_eq!(check(&proof).unwrap(), proof.winner, "{text}");
                let read = Proof::parse(&proof.to_text()).unwrap();
                assert_eq!(read, proof, "{text}");
            }
        }
    }

    #[test]
    fn the_bound_is_the_searchs_simple_bound() {
        // Its counts are the search's on every position of a 4x4 board.
        for free in (0u32..1 << 16).step_by(7) {
            let rows: Vec<String> = (0..4)
                .map(|r| {
                    (0..4)
                        .map(|c| {
                            if free >> (4 * r + c) & 1 == 1 {
                                '.'
                            } else {
                                '#'
                            }
                        })
                        .collect()
                })
                .collect();
            let grid = Grid::parse(&rows.join("/")).unwrap();
            let board = super::super::view::Board::of(&grid).unwrap();
            for (player, view) in [(Player::Left, 1), (Player::Right, 0)] {
                assert_eq!(safe_moves(&grid, player), board.safe(view), "{grid}");
                assert_eq!(real_moves(&grid, player), board.real(view), "{grid}");
            }
        }
    }

    fn corrupted(proof: &Proof, change: impl Fn(&mut Proof)) -> Proof {
        let mut bad = proof.clone();
        change(&mut bad);
        bad
    }

    #[test]
    fn corrupted_proofs_are_refused() {
        let proof = proof_of("5x5", Player::Left);
        let wins: Vec<usize> = (0..proof.nodes.len())
            .filter(|&i| matches!(proof.nodes[i], Node::Win(..)))
            .collect();
        let loses = (0..proof.nodes.len())
            .find(|&i| matches!(&proof.nodes[i], Node::Lose(a) if a.len() > 1 && a[0] != a[1]))
            .unwrap();
        let forged = [
            corrupted(&proof, |p| p.winner = p.winner.other()),
            corrupted(&proof, |p| p.first = p.first.other()),
            corrupted(&proof, |p| p.nodes[0] = Node::Bound),
            corrupted(&proof, |p| p.nodes[0] = Node::Packed),
            corrupted(&proof, |p| p.nodes.push(Node::Bound)),
            corrupted(&proof, |p| {
                if let Node::Lose(a) = &mut p.nodes[loses] {
                    a.pop();
                }
            }),
            corrupted(&proof, |p| {
                if let Node::Lose(a) = &mut p.nodes[loses] {
                    a.swap(0, 1);
                }
            }),
            corrupted(&proof, |p| {
                if let Node::Win(r, _, next) = p.nodes[wins[0]] {
                    p.nodes[wins[0]] = Node::Win(r, 99, next);
                }
            }),
            corrupted(&proof, |p| p.nodes.truncate(p.nodes.len() / 2)),
        ];
        for bad in &forged {
            assert!(check(bad).is_err(), "accepted {}", bad.to_text());
        }
    }

    #[test]
    fn malformed_text_is_refused_in_one_line() {
        for text in [
            "",
            "mex-proof 1 domineering\nboard 2x2\nfirst up\nwinner left\nb",
            "mex-proof 1 domineering\nboard 2x2\nfirst left\nwinner left\nw 1",
        ] {
            let error = Proof::parse(text).unwrap_err().to_string();
            assert!(!error.contains('\n'), "{error}");
        }
    }
}
