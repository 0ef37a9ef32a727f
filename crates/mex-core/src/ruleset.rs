//! What every ruleset has, whatever its family: a type of positions.
//!
//! The family traits of the engines ([`crate::impartial::ruleset::ImpartialRuleset`],
//! [`crate::partizan::ruleset::PartizanRuleset`],
//! [`crate::sync::solver::SyncRuleset`]) and the catalog's `Game` all build
//! on [`Ruleset`], so that a game of the catalog, which is at once a game
//! and its family's ruleset, has one `Position`.

use std::hash::Hash;

/// A ruleset: its positions.
pub trait Ruleset {
    /// A position; after the family's canonical key, the solvers' memo key.
    type Position: Clone + Eq + Hash;
}

/// A borrowed ruleset is a ruleset (the solvers own theirs).
impl<R: Ruleset + ?Sized> Ruleset for &R {
    type Position = R::Position;
}
