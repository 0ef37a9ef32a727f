//! Impartial games under normal play.
//!
//! * [`mex`]: the minimal excluded value and a reusable scratch set for it;
//! * [`nim`]: Nim with piles of any size, its nim-sum and winning moves;
//! * [`nimber_field`]: nim-multiplication, inverses, square roots and
//!   powers of nimbers of any size, and [`nimber_expression`], their
//!   arithmetic written as text;
//! * [`ruleset`]: the [`ruleset::ImpartialRuleset`] trait a game implements;
//! * [`misere`]: misère play: the misère Grundy value, the genus, sums
//!   searched as multisets, misère Nim;
//! * [`grundy`]: the memoised, iterative Sprague–Grundy solver and its slow
//!   twin;
//! * [`search`]: the pruned search for the nimber of one position, and
//!   [`search_checkpoint`], the file that saves its table (or the
//!   solver's) to resume.
//!
//! Sums of positions of any catalog games are in [`crate::games::sum`].
//!
//! Sprague–Grundy theorem (Sprague 1935, Grundy 1939; Nash–Sheenko,
//! Corollary 3.17): every position of a short impartial game is equivalent
//! to a nimber `*g`, where `g` is the MEX of the Grundy values of its options
//! (Nash–Sheenko, Theorem 3.16), and the value of a sum is the XOR (nim-sum)
//! of the values of its components (Nash–Sheenko, Theorem 3.14).

pub mod grundy;
pub mod mex;
pub mod misere;
pub mod misere_form;
pub mod nim;
pub mod nimber_expression;
pub mod nimber_field;
pub mod ruleset;
pub mod search;
pub mod search_checkpoint;

use std::fmt;

/// The outcome class of an impartial position under normal play
/// (Nash–Sheenko, Definition 3.1; the *Sequential games* slides, "P-position and N-position").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Outcome {
    /// The previous player wins: Grundy value 0.
    P,
    /// The next player wins: Grundy value non-zero.
    N,
}

impl Outcome {
    /// The outcome of a position with the given Grundy value being zero or not.
    pub fn from_is_zero(is_zero: bool) -> Self {
        if is_zero {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}
