//! Short partizan games in canonical form (Conway; the engine CGSuite users
//! expect).
//!
//! * [`store`]: values hash-consed in an arena ([`store::GameId`] is a small
//!   id; equal games share one id), with sum, negation, comparison, outcome
//!   class, birthday and canonical simplification (dominated options
//!   removed, reversible options bypassed);
//! * [`notation`]: a parser and printer for the standard notation;
//! * [`value`]: [`value::CanonicalForm`], a self-contained canonical game
//!   with arithmetic, comparison and the standard notation, for library
//!   users who do not want to manage a store.

pub mod cherries;
pub mod domineering;
pub mod notation;
pub mod ruleset;
pub mod simple;
pub mod store;
#[cfg(test)]
mod test_shapes;
pub mod thermograph;
pub mod value;
