//! The values of loopy games: stoppers in simplest form, their order,
//! outcome and stops, and what a non-stopper is given as (Siegel 2013,
//! ch. VI; CGSuite's `CanonicalStopper`, `LoopyOutcomeClass`).

use super::compare;
use super::graph::{LoopyGraph, Mover, Result3};
use super::stopper::{self, Pseudonumber};
use crate::MexError;
use std::cmp::Ordering;
use std::fmt;

/// A stopper in simplest form: a graph whose vertex 0 is the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stopper {
    graph: LoopyGraph,
}

impl Stopper {
    /// The simplest form of the stopper `graph` from `start`; refused when
    /// it is not a stopper.
    pub fn new(graph: &LoopyGraph, start: usize) -> Result<Stopper, MexError> {
        if !graph.is_stopper(start)? {
            return Err(MexError::invalid(
                "the game is not a stopper (some follower has an endless alternating play)",
                "a stopper",
            ));
        }
        Ok(Stopper {
            graph: stopper::simplify(graph, start)?,
        })
    }

    /// The graph of the simplest form (vertex 0 is the game).
    pub fn graph(&self) -> &LoopyGraph {
        &self.graph
    }

    /// Whether `self ≥ other` (Siegel 2013, §VI.2; survival in the
    /// difference).
    pub fn geq(&self, other: &Stopper) -> Result<bool, MexError> {
        compare::geq(&self.graph, 0, &other.graph, 0)
    }

    /// The order of two stoppers (`None` when they are confused).
    pub fn partial_cmp(&self, other: &Stopper) -> Result<Option<Ordering>, MexError> {
        Ok(match (self.geq(other)?, other.geq(self)?) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Greater),
            (false, true) => Some(Ordering::Less),
            (false, false) => None,
        })
    }

    /// The negative.
    pub fn negative(&self) -> Stopper {
        Stopper {
            graph: self.graph.negative(),
        }
    }

    /// The outcome class (L, R, N or P for a stopper).
    pub fn outcome(&self) -> Result<LoopyOutcome, MexError> {
        LoopyOutcome::of(&self.graph, 0)
    }

    /// The Left and Right stops (Siegel 2013, §VI.2).
    pub fn stops(&self) -> Result<(Pseudonumber, Pseudonumber), MexError> {
        stopper::stops(&self.graph)
    }
}

/// The outcome of a loopy game with draws, in CGSuite's names: the
/// results with Left and with Right moving first (Winning Ways, ch. 11;
/// CGSuite's `LoopyOutcomeClass`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
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
    /// Left wins moving first, a draw when Right starts.
    NHat,
    /// Right wins moving first (Left moving first loses), a draw when
    /// Right starts.
    PCheck,
    /// A draw when Left starts, Left wins when Right starts.
    PHat,
    /// A draw when Left starts, Right wins when Right starts.
    NCheck,
}

impl LoopyOutcome {
    /// The outcome of the game from `start` by retrograde analysis.
    pub fn of(graph: &LoopyGraph, start: usize) -> Result<LoopyOutcome, MexError> {
        let (g, _) = graph.reachable(start);
        let left_first = g.result(0, Mover::Left)?;
        let right_first = g.result(0, Mover::Right)?;
        Ok(Self::from_results(left_first, right_first))
    }

    /// The class of the results with Left and with Right moving first.
    pub fn from_results(left_first: Result3, right_first: Result3) -> LoopyOutcome {
        use LoopyOutcome::*;
        use Result3::*;
        match (left_first, right_first) {
            (RightWins, LeftWins) => P,
            (LeftWins, RightWins) => N,
            (LeftWins, LeftWins) => L,
            (RightWins, RightWins) => R,
            (Draw, Draw) => D,
            (LeftWins, Draw) => NHat,
            (RightWins, Draw) => PCheck,
            (Draw, LeftWins) => PHat,
            (Draw, RightWins) => NCheck,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// The value of a loopy game.
#[derive(Debug, Clone)]
pub enum LoopyValue {
    /// A stopper, in simplest form.
    Stopper(Stopper),
    /// A game given by its sides (`onside & offside`, both stoppers).
    Sided {
        /// The onside.
        onside: Stopper,
        /// The offside.
        offside: Stopper,
    },
    /// A game with a side that is no stopper (Bach's carousel, Winning
    /// Ways ch. 11): both sides as simplified game graphs, vertex 0 the
    /// game, the onside read with endless play won by Left and the offside
    /// with endless play won by Right; a side that is a stopper is in its
    /// simplest form.
    GraphSided {
        /// The onside.
        onside: LoopyGraph,
        /// The offside.
        offside: LoopyGraph,
    },
    /// A game that is not a stopper before its sides are computed (its
    /// graph, reachable part, vertex 0 the game): what [`value`] gives,
    /// and `sides::sided_value` never does.
    Unsided(LoopyGraph),
}

impl LoopyValue {
    /// `onside & offside` for stoppers `onside ≥ offside`: the stopper
    /// itself when the two are equal; refused when `onside ≱ offside`.
    pub fn from_sides(onside: Stopper, offside: Stopper) -> Result<LoopyValue, MexError> {
        if !onside.geq(&offside)? {
            return Err(MexError::invalid(
                "the onside is not ≥ the offside",
                "G & H with G ≥ H (Siegel 2013, §VI.4)",
            ));
        }
        if offside.geq(&onside)? {
            return Ok(LoopyValue::Stopper(onside));
        }
        Ok(LoopyValue::Sided { onside, offside })
    }

    /// `onside & offside` for side graphs (vertex 0 each) with onside ≥
    /// offside (Left survives onside − offside, every endless play hers):
    /// [`LoopyValue::from_sides`] when both are stoppers, else
    /// [`LoopyValue::GraphSided`]; refused when onside ≱ offside.
    pub fn from_side_graphs(
        onside: &LoopyGraph,
        offside: &LoopyGraph,
    ) -> Result<LoopyValue, MexError> {
        if onside.is_stopper(0)? && offside.is_stopper(0)? {
            return Self::from_sides(Stopper::new(onside, 0)?, Stopper::new(offside, 0)?);
        }
        if !compare::geq_table(onside, offside)?.geq(0, 0) {
            return Err(MexError::invalid(
                "the onside is not ≥ the offside",
                "G & H with G ≥ H (Siegel 2013, §VI.4)",
            ));
        }
        let side = |g: &LoopyGraph| -> Result<LoopyGraph, MexError> {
            if g.is_stopper(0)? {
                Ok(Stopper::new(g, 0)?.graph)
            } else {
                Ok(g.reachable(0).0)
            }
        };
        Ok(LoopyValue::GraphSided {
            onside: side(onside)?,
            offside: side(offside)?,
        })
    }

    /// The graphs of the onside and offside, stoppers or not (vertex 0
    /// each); `None` before the sides are computed.
    pub fn side_graphs(&self) -> Option<(&LoopyGraph, &LoopyGraph)> {
        match self {
            LoopyValue::Stopper(s) => Some((s.graph(), s.graph())),
            LoopyValue::Sided { onside, offside } => Some((onside.graph(), offside.graph())),
            LoopyValue::GraphSided { onside, offside } => Some((onside, offside)),
            LoopyValue::Unsided(_) => None,
        }
    }

    /// The onside and offside when both are stoppers (a stopper is both);
    /// `None` otherwise.
    pub fn sides(&self) -> Option<(&Stopper, &Stopper)> {
        match self {
            LoopyValue::Stopper(s) => Some((s, s)),
            LoopyValue::Sided { onside, offside } => Some((onside, offside)),
            LoopyValue::GraphSided { .. } | LoopyValue::Unsided(_) => None,
        }
    }

    /// The negative: −(G & H) = −H & −G (Siegel 2013, §VI.4).
    pub fn negative(&self) -> LoopyValue {
        match self {
            LoopyValue::Stopper(s) => LoopyValue::Stopper(s.negative()),
            LoopyValue::Sided { onside, offside } => LoopyValue::Sided {
                onside: offside.negative(),
                offside: onside.negative(),
            },
            LoopyValue::GraphSided { onside, offside } => LoopyValue::GraphSided {
                onside: offside.negative(),
                offside: onside.negative(),
            },
            LoopyValue::Unsided(g) => LoopyValue::Unsided(g.negative()),
        }
    }
}

/// The value of the game `graph` from `start`: the simplest form when it
/// is a stopper; otherwise the graph itself (reachable part), whose
/// outcome with draws is still known.
pub fn value(graph: &LoopyGraph, start: usize) -> Result<LoopyValue, MexError> {
    if graph.is_stopper(start)? {
        Ok(LoopyValue::Stopper(Stopper::new(graph, start)?))
    } else {
        Ok(LoopyValue::Unsided(graph.reachable(start).0))
    }
}
