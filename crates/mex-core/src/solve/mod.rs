//! Generic solvers on explicit game graphs.
//!
//! * [`graph`]: the [`graph::GameGraph`] trait and an explicit graph with a
//!   small text format;
//! * [`retrograde`]: win/loss/draw with remoteness by retrograde analysis;
//! * [`smith`]: Smith's generalised Sprague–Grundy values of impartial
//!   graphs (finite values and `∞` with subscripts) and their sums;
//! * [`partizan_graph`]: partizan games with cycles played alone: the
//!   reachable positions and the winners with each first player;
//! * [`arena`]: two-player arenas with vertex owners — attractors,
//!   quantitative reachability (min–max number of turns) and Büchi games;
//! * [`backward`]: the backward-induction engine all of them share.

pub mod arena;
pub mod backward;
pub mod graph;
pub mod partizan_graph;
pub mod retrograde;
pub mod smith;
