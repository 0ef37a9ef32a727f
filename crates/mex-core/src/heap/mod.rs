//! Heap games and their periodicity.
//!
//! * [`periodic`]: an eventually periodic nim sequence answering queries for
//!   arbitrarily large heaps;
//! * [`subtraction`]: subtraction games (seed 001's S-Pick-Up-Bricks) with
//!   window certificates (seed 001, Lemma 4.3), the survey of Conjecture 5.1;
//! * [`code`]: take-and-break codes (octal and hexadecimal) and their naive
//!   nim sequence;
//! * [`sparse`]: the sparse-space (rare/common) nim-sequence engine;
//! * [`period`]: periodicity proofs by the octal periodicity theorem;
//! * [`domino`]: the 1×N domino-covering game (seed 003);
//! * [`wythoff`]: Wythoff's game in exact integer arithmetic (seed 004).

pub mod checkpoint;
pub mod code;
pub mod domino;
pub mod octal;
pub mod period;
pub mod periodic;
pub mod sparse;
pub mod subtraction;
pub mod wythoff;
