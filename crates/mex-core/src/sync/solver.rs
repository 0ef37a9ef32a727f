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

use crate::ruleset::Ruleset;
use crate::MexError;
use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::Hash;

/// A synchronized ruleset: the choices of each player at a position
/// ([`Ruleset::Position`]) and the position both choices lead to.
pub trait SyncRuleset: Ruleset {
    /// A choice of one player.
    type Choice: Clone;
    /// Left's choices.
    fn left_choices(&self, p: &Self::Position) -> Vec<Self::Choice>;
    /// Right's choices.
    fn right_choices(&self, p: &Self::Position) -> Vec<Self::Choice>;
    /// The position after both choices.
    fn apply(
        &self,
        p: &Self::Position,
        left: &Self::Choice,
        right: &Self::Choice,
    ) -> Self::Position;
    /// The outcome class of `p` when a closed form gives it without search
    /// (the solver then does not expand `p`); `None` (the default) means
    /// "search".
    fn known_outcome(&self, _p: &Self::Position) -> Option<SyncOutcome> {
        None
    }
}

/// A borrowed ruleset is a ruleset (the solver owns its own).
impl<R: SyncRuleset + ?Sized> SyncRuleset for &R {
    type Choice = R::Choice;
    fn left_choices(&self, p: &Self::Position) -> Vec<Self::Choice> {
        (**self).left_choices(p)
    }
    fn right_choices(&self, p: &Self::Position) -> Vec<Self::Choice> {
        (**self).right_choices(p)
    }
    fn apply(
        &self,
        p: &Self::Position,
        left: &Self::Choice,
        right: &Self::Choice,
    ) -> Self::Position {
        (**self).apply(p, left, right)
    }
    fn known_outcome(&self, p: &Self::Position) -> Option<SyncOutcome> {
        (**self).known_outcome(p)
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

impl SyncOutcome {
    /// The class's letters: `L`, `R`, `D`, `LD`, `RD` or `U`.
    pub fn as_str(self) -> &'static str {
        match self {
            SyncOutcome::L => "L",
            SyncOutcome::R => "R",
            SyncOutcome::D => "D",
            SyncOutcome::LD => "LD",
            SyncOutcome::RD => "RD",
            SyncOutcome::U => "U",
        }
    }
}

/// The class's letters.
impl fmt::Display for SyncOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
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

    /// The outcome class of `p`, searched without stop checks (a stop token
    /// installed by the caller is not consulted); see
    /// [`SyncSolver::try_outcome`].
    pub fn outcome(&mut self, p: &R::Position) -> SyncOutcome {
        crate::stop::without_stops(|| self.try_outcome(p)).expect("no stop token is installed")
    }

    /// Whether the goal's player can force it from `p` with a pure strategy,
    /// searched without stop checks; see [`SyncSolver::try_can`].
    pub fn can(&mut self, p: &R::Position, goal: Goal) -> bool {
        crate::stop::without_stops(|| self.try_can(p, goal)).expect("no stop token is installed")
    }

    /// The outcome class of `p`, or [`MexError::Stopped`] when a stop token
    /// installed by the caller is stopped ([`crate::stop`]).
    pub fn try_outcome(&mut self, p: &R::Position) -> Result<SyncOutcome, MexError> {
        if self.try_can(p, Goal::LeftWin)? {
            return Ok(SyncOutcome::L);
        }
        if self.try_can(p, Goal::RightWin)? {
            return Ok(SyncOutcome::R);
        }
        let draws = (
            self.try_can(p, Goal::LeftDraw)?,
            self.try_can(p, Goal::RightDraw)?,
        );
        Ok(match draws {
            (true, true) => SyncOutcome::D,
            (true, false) => SyncOutcome::LD,
            (false, true) => SyncOutcome::RD,
            (false, false) => SyncOutcome::U,
        })
    }

    /// Whether the goal's player can force it from `p` with a pure
    /// strategy, or [`MexError::Stopped`] when a stop token installed by the
    /// caller is stopped (checked at every position searched; nothing is
    /// memoised from a stopped search).
    pub fn try_can(&mut self, p: &R::Position, goal: Goal) -> Result<bool, MexError> {
        if let Some(&v) = self.memo.get(&(p.clone(), goal)) {
            return Ok(v);
        }
        if let Some(class) = self.ruleset.known_outcome(p) {
            return Ok(goal.holds_in(class));
        }
        crate::stop::check()?;
        let (lm, rm) = (self.ruleset.left_choices(p), self.ruleset.right_choices(p));
        let left_goal = matches!(goal, Goal::LeftWin | Goal::LeftDraw);
        let draw_ok = matches!(goal, Goal::LeftDraw | Goal::RightDraw);
        let v = match (lm.is_empty(), rm.is_empty()) {
            (true, true) => draw_ok,
            (true, false) => !left_goal,
            (false, true) => left_goal,
            (false, false) if left_goal => self.some_move_forces(p, goal, &lm, &rm, true)?,
            (false, false) => self.some_move_forces(p, goal, &rm, &lm, false)?,
        };
        self.memo.insert((p.clone(), goal), v);
        Ok(v)
    }

    /// Whether one of `mine` reaches a position where `goal` can be forced
    /// whatever the other player chooses among `theirs`.
    fn some_move_forces(
        &mut self,
        p: &R::Position,
        goal: Goal,
        mine: &[R::Choice],
        theirs: &[R::Choice],
        left: bool,
    ) -> Result<bool, MexError> {
        for m in mine {
            let mut forced = true;
            for t in theirs {
                let q = if left {
                    self.ruleset.apply(p, m, t)
                } else {
                    self.ruleset.apply(p, t, m)
                };
                if !self.try_can(&q, goal)? {
                    forced = false;
                    break;
                }
            }
            if forced {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::SyncOutcome;

    #[test]
    fn classes_print_as_letters() {
        let shown: Vec<String> = [
            SyncOutcome::L,
            SyncOutcome::R,
            SyncOutcome::D,
            SyncOutcome::LD,
            SyncOutcome::RD,
            SyncOutcome::U,
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(shown, ["L", "R", "D", "LD", "RD", "U"]);
    }
}
