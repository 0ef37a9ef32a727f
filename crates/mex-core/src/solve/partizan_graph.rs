//! Partizan games whose positions may repeat (Fox and Geese, Backsliding
//! Toads and Frogs), played alone: the reachable positions with Left's and
//! Right's moves, and who wins with each first player — Left, Right, or
//! nobody (a draw: play goes on forever) — by retrograde analysis of the
//! graph of (position, player to move) pairs (Zermelo 1913; the outcome
//! classes with draws of Conway 1978, "Loopy games", and Siegel 2013,
//! ch. VI, named as CGSuite names them).
//!
//! Position `i` with Left to move is vertex `2i` of that graph, with Right
//! to move vertex `2i + 1`; a Left move `i → j` is the edge `2i → 2j + 1`.
//! The player to move who cannot move loses (normal play).

use super::graph::GameGraph;
use super::retrograde::{self, Value};
use crate::MexError;
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

/// The reachable positions of a game with their Left and Right moves, as
/// indices into the list of positions (the start is position 0).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PositionGraph {
    /// Left's moves from each position.
    pub left: Vec<Vec<usize>>,
    /// Right's moves from each position.
    pub right: Vec<Vec<usize>>,
}

/// Bytes the solution of the graph takes per position ([`solve`]: for
/// each of its two vertices the predecessor index, the out-degree, the
/// countdown, the decided value, the queue and the result; then the pair
/// of values), and per move (one predecessor).
const SOLVE_BYTES_PER_POSITION: usize = 2 * (4 + 4 + 4 + 4 + 16 + 4 + 8) + 16;
const SOLVE_BYTES_PER_MOVE: usize = 4;

/// The memory an exploration holds, counted from the capacities of its
/// buffers (what the allocator gave, not what is used), with what
/// [`solve`] will take reserved in advance, so that the graph is refused
/// while it is explored rather than after.
struct Footprint {
    budget: usize,
    /// Bytes of one position outside its value (its heap part), counted
    /// twice: in the list and as the index's key.
    heap_part: usize,
    /// Positions found.
    positions: usize,
    /// Bytes of the move lists and of the solution's share of them.
    moves: usize,
}

impl Footprint {
    fn held<P>(&self, list: &Vec<P>, index: &HashMap<P, usize>, graph: &PositionGraph) -> usize {
        list.capacity() * std::mem::size_of::<P>()
            + map_bytes::<P>(index.capacity())
            + 2 * graph.left.capacity() * std::mem::size_of::<Vec<usize>>()
            + self.positions * (2 * self.heap_part + SOLVE_BYTES_PER_POSITION)
            + self.moves
    }

    /// Refuses when `held` and `more` bytes pass the budget.
    fn check(&self, held: usize, more: usize) -> Result<(), MexError> {
        if held.saturating_add(more) <= self.budget {
            return Ok(());
        }
        Err(self.refusal())
    }

    fn refusal(&self) -> MexError {
        MexError::too_large(
            format!(
                "the positions reachable from this one (more than {}) with their moves",
                self.positions
            ),
            format!("{} of memory", crate::error::memory_amount(self.budget)),
            "analyse a smaller board or fewer pieces, or give more memory",
        )
    }
}

/// Bytes of a hash table of `capacity` entries (hashbrown: a power of two
/// of buckets, 8 for every 7 entries, each an entry and a control byte).
fn map_bytes<P>(capacity: usize) -> usize {
    let buckets = (capacity.saturating_mul(8) / 7 + 1).next_power_of_two();
    buckets * (std::mem::size_of::<(P, usize)>() + 1)
}

/// Grows a full vector to twice its capacity, after checking that the old
/// and the new buffer fit the budget together, by a fallible allocation.
fn grow<T>(v: &mut Vec<T>, held: usize, footprint: &Footprint) -> Result<(), MexError> {
    if v.len() < v.capacity() {
        return Ok(());
    }
    let more = v.capacity().max(4);
    footprint.check(held, (v.capacity() + more) * std::mem::size_of::<T>())?;
    v.try_reserve_exact(more).map_err(|_| footprint.refusal())
}

/// Grows a full index to twice its capacity, as [`grow`] does.
fn grow_index<P: Eq + Hash>(
    index: &mut HashMap<P, usize>,
    held: usize,
    footprint: &Footprint,
) -> Result<(), MexError> {
    if index.len() < index.capacity() {
        return Ok(());
    }
    let more = index.capacity().max(4);
    footprint.check(held, map_bytes::<P>(index.capacity() + more))?;
    index.try_reserve(more).map_err(|_| footprint.refusal())
}

/// The positions reachable from `start` by moves of either player, in
/// order of discovery (breadth first, `start` first), with the moves
/// between them. Refused when the positions, their index, the move lists
/// and what [`solve`] will take of the graph would pass `budget` bytes
/// (`position_bytes` is what one position takes, its heap part included),
/// counted from the buffers' capacities as they grow, each growth checked
/// before it is allocated (and allocated fallibly); stopped by a stop
/// token ([`crate::stop`]).
pub fn explore<P: Clone + Eq + Hash>(
    start: P,
    position_bytes: usize,
    budget: usize,
    mut left_moves: impl FnMut(&P) -> Vec<P>,
    mut right_moves: impl FnMut(&P) -> Vec<P>,
) -> Result<(Vec<P>, PositionGraph), MexError> {
    let mut footprint = Footprint {
        budget,
        heap_part: position_bytes.saturating_sub(std::mem::size_of::<P>()),
        positions: 0,
        moves: 0,
    };
    let mut positions: Vec<P> = Vec::new();
    let mut index: HashMap<P, usize> = HashMap::new();
    let mut graph = PositionGraph::default();
    add(start, &mut positions, &mut index, &graph, &mut footprint)?;
    let mut next = 0;
    while next < positions.len() {
        crate::stop::check()?;
        let p = positions[next].clone();
        let mut sides = [Vec::new(), Vec::new()];
        for (side, moves) in [left_moves(&p), right_moves(&p)].into_iter().enumerate() {
            let bytes = moves.len() * (std::mem::size_of::<usize>() + SOLVE_BYTES_PER_MOVE);
            footprint.check(footprint.held(&positions, &index, &graph), bytes)?;
            footprint.moves += bytes;
            sides[side] = Vec::with_capacity(moves.len());
            for q in moves {
                let id = match index.get(&q) {
                    Some(&id) => id,
                    None => add(q, &mut positions, &mut index, &graph, &mut footprint)?,
                };
                sides[side].push(id);
            }
        }
        let held = footprint.held(&positions, &index, &graph);
        grow(&mut graph.left, held, &footprint)?;
        let held = footprint.held(&positions, &index, &graph);
        grow(&mut graph.right, held, &footprint)?;
        let [l, r] = sides;
        graph.left.push(l);
        graph.right.push(r);
        next += 1;
    }
    Ok((positions, graph))
}

/// Adds a newly found position to the list and the index, within the
/// budget; its index.
fn add<P: Clone + Eq + Hash>(
    q: P,
    positions: &mut Vec<P>,
    index: &mut HashMap<P, usize>,
    graph: &PositionGraph,
    footprint: &mut Footprint,
) -> Result<usize, MexError> {
    footprint.positions += 1;
    footprint.check(footprint.held(positions, index, graph), 0)?;
    grow(
        positions,
        footprint.held(positions, index, graph),
        footprint,
    )?;
    grow_index(index, footprint.held(positions, index, graph), footprint)?;
    let id = positions.len();
    positions.push(q.clone());
    index.insert(q, id);
    Ok(id)
}

/// Who wins, with each player moving first; each [`Value`] is for the
/// player to move (`Win` when the first player wins), with its remoteness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TwoSided {
    /// Left moves first.
    pub left_first: Value,
    /// Right moves first.
    pub right_first: Value,
}

/// Who wins a play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Winner {
    /// Left wins.
    Left,
    /// Right wins.
    Right,
    /// Nobody: the play goes on forever.
    Draw,
}

impl Winner {
    /// `Left`, `Right` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::Left => "Left",
            Winner::Right => "Right",
            Winner::Draw => "draw",
        }
    }
}

impl TwoSided {
    /// The winner when Left moves first.
    pub fn winner_left_first(&self) -> Winner {
        match self.left_first {
            Value::Win(_) => Winner::Left,
            Value::Loss(_) => Winner::Right,
            Value::Draw => Winner::Draw,
        }
    }

    /// The winner when Right moves first.
    pub fn winner_right_first(&self) -> Winner {
        match self.right_first {
            Value::Win(_) => Winner::Right,
            Value::Loss(_) => Winner::Left,
            Value::Draw => Winner::Draw,
        }
    }

    /// The outcome class.
    pub fn class(&self) -> LoopyClass {
        LoopyClass::of(self.winner_left_first(), self.winner_right_first())
    }
}

/// `Left first: Left wins in 3; Right first: draw`.
impl fmt::Display for TwoSided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = |w: Winner, v: Value| match v {
            Value::Win(r) | Value::Loss(r) => format!("{} wins in {r}", w.as_str()),
            Value::Draw => "draw".to_string(),
        };
        write!(
            f,
            "Left first: {}; Right first: {}",
            part(self.winner_left_first(), self.left_first),
            part(self.winner_right_first(), self.right_first)
        )
    }
}

/// The nine outcome classes of games with draws, as CGSuite names them
/// (its `LoopyOutcomeClass`): the winner with Left first, then with Right
/// first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LoopyClass {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The first player wins.
    N,
    /// The second player wins.
    P,
    /// A draw whoever starts.
    D,
    /// Left first: Left wins; Right first: draw.
    NHat,
    /// Left first: Right wins; Right first: draw.
    PCheck,
    /// Left first: draw; Right first: Left wins.
    PHat,
    /// Left first: draw; Right first: Right wins.
    NCheck,
}

impl LoopyClass {
    /// The class of the winners with Left first and with Right first.
    pub fn of(left_first: Winner, right_first: Winner) -> LoopyClass {
        use Winner::{Draw, Left, Right};
        match (left_first, right_first) {
            (Left, Left) => LoopyClass::L,
            (Right, Right) => LoopyClass::R,
            (Left, Right) => LoopyClass::N,
            (Right, Left) => LoopyClass::P,
            (Draw, Draw) => LoopyClass::D,
            (Left, Draw) => LoopyClass::NHat,
            (Right, Draw) => LoopyClass::PCheck,
            (Draw, Left) => LoopyClass::PHat,
            (Draw, Right) => LoopyClass::NCheck,
        }
    }

    /// CGSuite's name: `L`, `R`, `N`, `P`, `D`, `NHat`, `PCheck`, `PHat`,
    /// `NCheck`.
    pub fn as_str(self) -> &'static str {
        match self {
            LoopyClass::L => "L",
            LoopyClass::R => "R",
            LoopyClass::N => "N",
            LoopyClass::P => "P",
            LoopyClass::D => "D",
            LoopyClass::NHat => "NHat",
            LoopyClass::PCheck => "PCheck",
            LoopyClass::PHat => "PHat",
            LoopyClass::NCheck => "NCheck",
        }
    }
}

impl fmt::Display for LoopyClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The graph of (position, player to move) pairs.
pub struct Alternating<'a>(pub &'a PositionGraph);

impl GameGraph for Alternating<'_> {
    fn position_count(&self) -> usize {
        2 * self.0.left.len()
    }
    fn successors(&self, v: usize, out: &mut Vec<usize>) {
        let (i, right_to_move) = (v / 2, v % 2 == 1);
        let (moves, next) = if right_to_move {
            (&self.0.right[i], 0)
        } else {
            (&self.0.left[i], 1)
        };
        out.extend(moves.iter().map(|&j| 2 * j + next));
    }
}

/// Every position's winners with each first player, by retrograde
/// analysis of the alternating graph ([`retrograde::solve`]).
pub fn solve(graph: &PositionGraph) -> Result<Vec<TwoSided>, MexError> {
    let values = retrograde::solve(&Alternating(graph))?;
    Ok(pair_up(&values))
}

fn pair_up(values: &[Value]) -> Vec<TwoSided> {
    values
        .chunks(2)
        .map(|c| TwoSided {
            left_first: c[0],
            right_first: c[1],
        })
        .collect()
}

/// The slow twin of [`solve`]: the definitions round by round
/// ([`retrograde::solve_by_rounds`]) on the same alternating graph.
pub fn solve_by_rounds(graph: &PositionGraph) -> Vec<TwoSided> {
    pair_up(&retrograde::solve_by_rounds(&Alternating(graph)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A counter game: from `n`, Left may add 1 (up to 3), Right subtract
    /// 1 (down to 0). Left at 3 has no move, Right at 0 has none.
    fn counter() -> PositionGraph {
        let (_, g) = explore(
            0u8,
            1,
            1 << 20,
            |&n| if n < 3 { vec![n + 1] } else { vec![] },
            |&n| if n > 0 { vec![n - 1] } else { vec![] },
        )
        .unwrap();
        g
    }

    /// Worked by hand: at 0 with Right to move, Right has no move and
    /// loses at once; with Left to move, Left's only move is to 1, Right's
    /// only move there is back to 0, and so on forever: a draw.
    #[test]
    fn a_counter_by_hand() {
        let values = solve(&counter()).unwrap();
        assert_eq!(values[0].winner_right_first(), Winner::Left);
        assert_eq!(values[0].winner_left_first(), Winner::Draw);
        assert_eq!(values[0].class(), LoopyClass::PHat);
        assert_eq!(
            values[0].to_string(),
            "Left first: draw; Right first: Left wins in 0"
        );
    }

    #[test]
    fn exploration_is_budgeted() {
        let err = explore(0u64, 8, 10_000, |&n| vec![n + 1], |&n| vec![n + 2]).unwrap_err();
        assert!(err.to_string().contains("memory"), "{err}");
    }

    #[test]
    fn classes_follow_cgsuite() {
        use Winner::{Draw, Left, Right};
        let all = [Left, Right, Draw];
        let mut names: Vec<&str> = Vec::new();
        for l in all {
            for r in all {
                names.push(LoopyClass::of(l, r).as_str());
            }
        }
        assert_eq!(
            names,
            ["L", "N", "NHat", "P", "R", "PCheck", "PHat", "NCheck", "D"]
        );
    }

    fn random_graph() -> impl Strategy<Value = PositionGraph> {
        (1usize..20).prop_flat_map(|n| {
            let lists = proptest::collection::vec(proptest::collection::vec(0..n, 0..3), n);
            (lists.clone(), lists).prop_map(|(left, right)| PositionGraph { left, right })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn solve_agrees_with_rounds(g in random_graph()) {
            prop_assert_eq!(solve(&g).unwrap(), solve_by_rounds(&g));
        }

        /// Exchanging Left's and Right's moves exchanges the winners.
        #[test]
        fn conjugate_swaps_the_winners(g in random_graph()) {
            let swapped = PositionGraph { left: g.right.clone(), right: g.left.clone() };
            let (a, b) = (solve(&g).unwrap(), solve(&swapped).unwrap());
            for (x, y) in a.iter().zip(&b) {
                prop_assert_eq!(x.left_first, y.right_first);
                prop_assert_eq!(x.right_first, y.left_first);
            }
        }
    }
}
