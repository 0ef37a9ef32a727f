//! Generic solvers on explicit game graphs.
//!
//! * [`graph`]: the [`graph::GameGraph`] trait and an explicit graph with a
//!   small text format;
//! * [`retrograde`]: win/loss/draw with remoteness by retrograde analysis;
//! * [`arena`]: two-player arenas with vertex owners — attractors,
//!   quantitative reachability (min–max number of turns) and Büchi games;
//! * [`backward`]: the backward-induction engine all of them share.

pub mod arena;
pub mod backward;
pub mod graph;
pub mod retrograde;
pub mod smith;
