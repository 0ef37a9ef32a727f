//! Short partizan games in canonical form (Conway 1976; the engine CGSuite users
//! expect).
//!
//! * [`store`]: values hash-consed in an arena ([`store::GameId`] is a small
//!   id; equal games share one id), with sum, negation, comparison, outcome
//!   class, birthday and canonical simplification (dominated options
//!   removed, reversible options bypassed);
//! * [`notation`]: a parser and printer for the standard notation;
//! * [`outcome`]: [`outcome::OutcomeClass`] (L, R, N, P);
//! * [`simple`]: the values `x + n·↑ + *k`, their closed canonical forms and
//!   arithmetic (the store's fast paths);
//! * [`thermograph`]: thermographs in exact rationals, mean and temperature;
//! * [`toolkit`]: the order relation, stops, the confusion interval,
//!   cooling, heating and overheating;
//! * [`infinitesimal`]: `is_infinitesimal`, `is_all_small`, atomic weight,
//!   the reduced canonical form;
//! * [`ruleset`]: the [`ruleset::PartizanRuleset`] trait and a memoising
//!   evaluator of positions into canonical values;
//! * [`cherries`]: Cherries and Stack Cherries, with their closed forms;
//! * [`domineering`]: Domineering on bit-mask grids, by regions and
//!   symmetries;
//! * [`minimax`]: who wins a sum with a given first player, by search
//!   (transposition table, substitution of cheap canonical forms);
//! * `test_shapes` (tests only): random game trees for property tests.
//! * [`value`]: [`value::CanonicalForm`], a self-contained canonical game
//!   with arithmetic, comparison and the standard notation, for library
//!   users who do not want to manage a store.

pub mod cherries;
mod comparison_cache;
pub mod database;
pub mod domineering;
pub mod domineering_search;
pub mod infinitesimal;
pub mod loopy;
pub mod minimax;
pub mod notation;
pub mod outcome;
pub mod proof_text;
pub mod ruleset;
pub mod search_checkpoint;
pub mod simple;
pub mod store;
pub mod syntax;
#[cfg(test)]
mod test_shapes;
pub mod thermograph;
pub mod toolkit;
pub mod value;
