//! Loopy partizan games: game graphs that may cycle (Conway, "Loopy
//! games", 1978; Berlekamp, Conway and Guy, Winning Ways, ch. 11; Siegel,
//! Combinatorial Game Theory, 2013, ch. VI), the values CGSuite computes
//! for them.
//!
//! * [`graph`]: [`LoopyGraph`] (vertices with Left and Right options),
//!   sums (product graphs), negatives, the stopper test and the outcome
//!   with draws;
//! * [`compare`]: the order of stoppers by survival in G − H;
//! * [`stopper`]: the simplest form of a stopper and its stops;
//! * [`sidling`]: Conway's sidling, and the check that a stopper is an
//!   onside;
//! * [`side_form`]: sides that are no stoppers, as simplified graphs;
//! * [`sides`]: the onside and offside of a game that is not a stopper;
//! * [`notation`]: CGSuite's notation (`pass`, labels `a{0|a}`, the named
//!   values `on`, `off`, `over`, `under`, `dud`, `upon`, `tis`, `tisn`, and
//!   the printed forms `3/2under`, `-1/4v[on]`, `^<on>`, `+-over`,
//!   `Tiny(on)`, `G & H`);
//! * [`degree`]: upsum, downsum, the degree of loopiness, varieties and
//!   stability of stoppers;
//! * [`predicates`]: CGSuite's predicates of loopy values (integer,
//!   number, nimber, ordinal, uptimal, numberish, number-tiny).
//!
//! A ruleset hands its position graph to [`value`]: `(graph, start)` to a
//! [`LoopyValue`].

pub mod compare;
pub mod degree;
pub mod graph;
pub mod notation;
pub mod predicates;
pub mod side_form;
pub mod sides;
pub mod sidling;
pub mod stopper;
pub mod value;

pub use graph::{LoopyGraph, Mover, Result3};
pub use stopper::Pseudonumber;
pub use value::{value, LoopyOutcome, LoopyValue, Stopper};
