//! Generic solvers on explicit game graphs.
//!
//! * [`graph`]: the [`graph::GameGraph`] trait and an explicit graph with a
//!   small text format;
//! * [`retrograde`]: win/loss/draw with remoteness by retrograde analysis.

pub mod graph;
pub mod retrograde;
