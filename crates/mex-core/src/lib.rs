//! `mex-core`: the mathematics of mex, with no I/O.
//!
//! The crate is organised by game family, each module a room with one job:
//!
//! * [`impartial`]: MEX, Nim, the impartial ruleset trait, the iterative
//!   Sprague–Grundy solver and sums of mixed components;
//! * [`heap`]: heap games and their periodicity — subtraction games,
//!   take-and-break (octal and hexadecimal) codes, the 1×N domino-covering
//!   game and Wythoff's game;
//! * [`solve`]: generic solvers on explicit game graphs (win/loss/draw with
//!   remoteness by retrograde analysis).
//!
//! Every fast method has a slow, obviously correct twin next to it; the
//! tests compare them. See `ARCHITECTURE.md` at the repository root for the
//! map.

pub mod bigint;
#[cfg(feature = "serde")]
pub mod decimal;
pub mod error;
pub mod heap;
pub mod impartial;
pub mod partizan;
pub mod shift;
pub mod solve;
pub mod sync;

pub use error::MexError;
