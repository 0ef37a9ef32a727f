//! Explicit synchronized games and their sums.
//!
//! A game node lists Left's options, Right's options, and the joint options
//! `joint[i][j]` reached when Left plays her `i`-th and Right his `j`-th
//! move in this same game at the same time. In a sum, each player moves in
//! one component; moves in different components are both carried out, and
//! when both choose the same component the joint option applies.

use super::solver::SyncRuleset;
use crate::ruleset::Ruleset;

/// Index of a game in an [`Arena`].
pub type Node = usize;

/// One synchronized game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyncGame {
    /// Left's options.
    pub left: Vec<Node>,
    /// Right's options.
    pub right: Vec<Node>,
    /// `joint[i][j]`: both move here, Left her `i`-th, Right his `j`-th.
    pub joint: Vec<Vec<Node>>,
}

/// A set of explicit games; a position of the sum ruleset is a sorted list
/// of nodes (the components).
#[derive(Debug, Clone, Default)]
pub struct Arena {
    /// The games.
    pub games: Vec<SyncGame>,
}

impl Arena {
    /// Adds a game and returns its node.
    pub fn add(&mut self, game: SyncGame) -> Node {
        assert!(
            game.joint.len() == game.left.len()
                && game.joint.iter().all(|row| row.len() == game.right.len())
        );
        self.games.push(game);
        self.games.len() - 1
    }
}

/// A move in a sum: (component index, option index).
pub type SumMove = (usize, usize);

impl Ruleset for Arena {
    type Position = Vec<Node>;
}

impl SyncRuleset for Arena {
    type Choice = SumMove;

    fn left_choices(&self, p: &Vec<Node>) -> Vec<SumMove> {
        p.iter()
            .enumerate()
            .flat_map(|(c, &g)| (0..self.games[g].left.len()).map(move |i| (c, i)))
            .collect()
    }

    fn right_choices(&self, p: &Vec<Node>) -> Vec<SumMove> {
        p.iter()
            .enumerate()
            .flat_map(|(c, &g)| (0..self.games[g].right.len()).map(move |j| (c, j)))
            .collect()
    }

    fn apply(&self, p: &Vec<Node>, &(lc, i): &SumMove, &(rc, j): &SumMove) -> Vec<Node> {
        let mut q = p.clone();
        if lc == rc {
            q[lc] = self.games[p[lc]].joint[i][j];
        } else {
            q[lc] = self.games[p[lc]].left[i];
            q[rc] = self.games[p[rc]].right[j];
        }
        q.sort_unstable();
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sync::solver::{SyncOutcome, SyncSolver};
    use crate::sync::ssc::{normalise, Segment, SscRules};
    use std::collections::HashMap;

    /// SSC segments as explicit games (a stack's top has one colour, so
    /// there are never joint moves).
    fn segment_node(arena: &mut Arena, memo: &mut HashMap<Segment, Node>, seg: &[bool]) -> Node {
        if let Some(&n) = memo.get(seg) {
            return n;
        }
        let (mut left, mut right) = (vec![], vec![]);
        if let Some(&top) = seg.first() {
            let rest = segment_node(arena, memo, &seg[1..]);
            if top {
                left.push(rest);
            } else {
                right.push(rest);
            }
        }
        let joint = vec![vec![0; right.len()]; left.len()];
        let n = arena.add(SyncGame { left, right, joint });
        memo.insert(seg.to_vec(), n);
        n
    }

    /// Sums of explicit games give the same classes as the SSC ruleset.
    #[test]
    fn explicit_sums_agree_with_ssc() {
        let mut arena = Arena::default();
        let mut memo = HashMap::new();
        let segs: Vec<Segment> = (0..=3usize)
            .flat_map(|len| {
                (0u32..1 << len).map(move |m| (0..len).map(|i| m >> i & 1 == 1).collect())
            })
            .collect();
        let nodes: Vec<Node> = segs
            .iter()
            .map(|s| segment_node(&mut arena, &mut memo, s))
            .collect();
        let mut by_sum = SyncSolver::new(arena);
        let mut by_ssc = SyncSolver::new(SscRules);
        for (a, b) in (0..segs.len()).flat_map(|a| (a..segs.len()).map(move |b| (a, b))) {
            for c in b..segs.len() {
                let mut p = vec![nodes[a], nodes[b], nodes[c]];
                p.sort_unstable();
                let q = normalise(vec![segs[a].clone(), segs[b].clone(), segs[c].clone()]);
                assert_eq!(by_sum.outcome(&p), by_ssc.outcome(&q), "{q:?}");
            }
        }
    }

    /// Joint options matter: a matching-pennies-like game where Left wins
    /// only if both pick the same index is not a forced win for anyone.
    #[test]
    fn joint_options_and_classes() {
        let mut arena = Arena::default();
        let zero = arena.add(SyncGame {
            left: vec![],
            right: vec![],
            joint: vec![],
        });
        let left_wins = arena.add(SyncGame {
            left: vec![zero],
            right: vec![],
            joint: vec![vec![]],
        });
        let right_wins = arena.add(SyncGame {
            left: vec![],
            right: vec![zero],
            joint: vec![],
        });
        // Two moves each; the joint result is Left's win on the diagonal, Right's off it.
        let pennies = arena.add(SyncGame {
            left: vec![zero, zero],
            right: vec![zero, zero],
            joint: vec![vec![left_wins, right_wins], vec![right_wins, left_wins]],
        });
        let mut solver = SyncSolver::new(arena);
        assert_eq!(solver.outcome(&vec![zero]), SyncOutcome::D);
        assert_eq!(solver.outcome(&vec![left_wins]), SyncOutcome::L);
        assert_eq!(solver.outcome(&vec![right_wins]), SyncOutcome::R);
        assert_eq!(solver.outcome(&vec![pennies]), SyncOutcome::U);
    }
}
