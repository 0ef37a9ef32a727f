//! Synchronized games (both players move at once), after van den Bergh 2023,
//! Chapter 6.
//!
//! * [`solver`]: the [`solver::SyncRuleset`] trait and the exhaustive
//!   solver of outcome classes with pure strategies;
//! * [`explicit`]: explicit synchronized games and their sums;
//! * [`ssc`]: Synchronized Stack Cherries — order, irreducible elements,
//!   linear-time decomposition, outcome by cancellation;
//! * [`cherries`]: Synchronized Cherries and the Section 6.5 conjecture as an
//!   experiment.

pub mod cherries;
pub mod explicit;
pub mod solver;
pub mod ssc;
