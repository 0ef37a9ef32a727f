//! Finite synchronized games: both players choose a move at the same time
//! and both are carried out. If exactly one player cannot move, the other
//! wins at once; if neither can, the game is drawn.
//!
//! With pure strategies, for a position `p` (van den Bergh 2023, Section 6.2, and the
//! issue's definitions):
//! * Left **can force a win** if she has a move such that, whatever Right
//!   plays at the same time, Left can force a win from the result (and she
//!   wins at once when only Right is stuck);
//! * Left **can force at least a draw** likewise, with a draw (both stuck)
//!   also acceptable;
//! * the same for Right.
//!
//! The outcome class is `L` / `R` when that player can force a win; else
//! `D` when both can force at least a draw; `LD` when only Left can, `RD`
//! when only Right can; `U` when neither can guarantee even a draw.

use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A synchronized ruleset.
pub trait SyncRuleset {
    /// A position.
    type Position: Clone + Eq + Hash;
    /// A move of one player.
    type Move: Clone;
    /// Left's moves.
    fn left_moves(&self, p: &Self::Position) -> Vec<Self::Move>;
    /// Right's moves.
    fn right_moves(&self, p: &Self::Position) -> Vec<Self::Move>;
    /// The position after both moves.
    fn apply(&self, p: &Self::Position, left: &Self::Move, right: &Self::Move) -> Self::Position;
    /// The outcome class of `p` when a closed form gives it without search
    /// (the solver then does not expand `p`); `None` (the default) means
    /// "search".
    fn known_outcome(&self, _p: &Self::Position) -> Option<SyncOutcome> {
        None
    }
}

/// The synchronized outcome classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum SyncOutcome {
    /// Left can force a win.
    L,
    /// Right can force a win.
    R,
    /// Both can force at least a draw (and neither a win).
    D,
    /// Only Left can force at least a draw.
    LD,
    /// Only Right can force at least a draw.
    RD,
    /// Neither can guarantee even a draw.
    U,
}

/// What a player tries to force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Left wins.
    LeftWin,
    /// Left wins or draws.
    LeftDraw,
    /// Right wins.
    RightWin,
    /// Right wins or draws.
    RightDraw,
}

impl Goal {
    /// Whether a position of class `class` lets the goal's player force it.
    pub fn holds_in(self, class: SyncOutcome) -> bool {
        use SyncOutcome::*;
        match self {
            Goal::LeftWin => class == L,
            Goal::RightWin => class == R,
            Goal::LeftDraw => matches!(class, L | D | LD),
            Goal::RightDraw => matches!(class, R | D | RD),
        }
    }
}

/// Memoising solver.
pub struct SyncSolver<R: SyncRuleset> {
    ruleset: R,
    memo: FxHashMap<(R::Position, Goal), bool>,
}

impl<R: SyncRuleset> SyncSolver<R> {
    /// A solver with an empty memo.
    pub fn new(ruleset: R) -> Self {
        SyncSolver {
            ruleset,
            memo: FxHashMap::default(),
        }
    }

    /// The ruleset being solved.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The outcome class of `p`.
    pub fn outcome(&mut self, p: &R::Position) -> SyncOutcome {
        if self.can(p, Goal::LeftWin) {
            return SyncOutcome::L;
        }
        if self.can(p, Goal::RightWin) {
            return SyncOutcome::R;
        }
        match (self.can(p, Goal::LeftDraw), self.can(p, Goal::RightDraw)) {
            (true, true) => SyncOutcome::D,
            (true, false) => SyncOutcome::LD,
            (false, true) => SyncOutcome::RD,
            (false, false) => SyncOutcome::U,
        }
    }

    /// Whether the goal's player can force it from `p` with a pure strategy.
    pub fn can(&mut self, p: &R::Position, goal: Goal) -> bool {
        if let Some(&v) = self.memo.get(&(p.clone(), goal)) {
            return v;
        }
        if let Some(class) = self.ruleset.known_outcome(p) {
            return goal.holds_in(class);
        }
        let (lm, rm) = (self.ruleset.left_moves(p), self.ruleset.right_moves(p));
        let left_goal = matches!(goal, Goal::LeftWin | Goal::LeftDraw);
        let draw_ok = matches!(goal, Goal::LeftDraw | Goal::RightDraw);
        let v = match (lm.is_empty(), rm.is_empty()) {
            (true, true) => draw_ok,
            (true, false) => !left_goal,
            (false, true) => left_goal,
            (false, false) => {
                if left_goal {
                    lm.iter().any(|l| {
                        rm.iter().all(|r| {
                            let q = self.ruleset.apply(p, l, r);
                            self.can(&q, goal)
                        })
                    })
                } else {
                    rm.iter().any(|r| {
                        lm.iter().all(|l| {
                            let q = self.ruleset.apply(p, l, r);
                            self.can(&q, goal)
                        })
                    })
                }
            }
        };
        self.memo.insert((p.clone(), goal), v);
        v
    }
}
