//! Heap games and their periodicity.
//!
//! * [`periodic`]: an eventually periodic nim sequence answering queries for
//!   arbitrarily large heaps;
//! * [`subtraction`]: subtraction games (Nash–Sheenko's S-Pick-Up-Bricks) with
//!   window certificates (Nash–Sheenko, Lemma 4.3), the survey of Conjecture 5.1;
//! * [`code`]: take-and-break codes (octal and hexadecimal) and their naive
//!   nim sequence;
//! * [`sparse`]: the sparse-space (rare/common) nim-sequence engine;
//! * [`period`]: periodicity proofs by the octal periodicity theorem;
//! * [`octal`]: the driver that extends a code's nim sequence until a period
//!   is proven, then answers queries at any heap size;
//! * [`checkpoint`]: the in-memory encoding of resumable long runs;
//! * [`misere`]: misère genera of take-and-break heaps;
//! * [`misere_quotient`]: misère quotients of heap games (Plambeck–Siegel);
//! * [`domino`]: the 1×N domino-covering game (OEIS A215721);
//! * [`wythoff`]: Wythoff's game in exact integer arithmetic (the *Sequential games* slides).

pub mod checkpoint;
pub mod code;
pub mod domino;
pub mod misere;
pub mod misere_quotient;
pub mod octal;
pub mod period;
pub mod periodic;
pub mod sparse;
pub mod subtraction;
pub mod wythoff;
