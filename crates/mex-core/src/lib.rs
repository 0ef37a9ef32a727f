//! `mex-core`: the mathematics of mex, with no I/O.
//!
//! The crate is organised by game family, each module a room with one job:
//!
//! * [`impartial`]: MEX, Nim, the impartial ruleset trait, the iterative
//!   Sprague–Grundy solver;
//! * [`heap`]: heap games and their periodicity — subtraction games,
//!   take-and-break (octal and hexadecimal) codes, the 1×N domino-covering
//!   game and Wythoff's game;
//! * [`solve`]: generic solvers on game graphs and arenas (win/loss/draw with
//!   remoteness, attractors, min–max reachability, Büchi games);
//! * [`shift`]: the shift game of a binary shift register and De Bruijn
//!   sequences;
//! * [`partizan`]: short partizan games in canonical form, thermography,
//!   Cherries and Domineering;
//! * [`sync`]: synchronized games, Synchronized (Stack) Cherries;
//! * [`games`]: the catalog — every game as one file behind one interface
//!   ([`games::Game`] and its family traits), sums of positions of any
//!   games, and the object-safe [`games::CatalogGame`] the front
//!   ends use;
//! * [`ruleset`]: [`ruleset::Ruleset`], the type of positions every
//!   family's ruleset trait (and every catalog game) shares;
//! * [`bigint`]: parsing of arbitrary-precision numbers typed by a user;
//! * [`error`]: [`MexError`], the one error type, one line per message;
//! * [`stack`]: recursion as deep as memory allows (stack segments on the heap);
//! * [`stop`]: a cooperative stop (a flag and a deadline) that the engines
//!   check as they search;
//! * [`digest_io`]: checkpoint files ending with their SHA-256 digest;
//! * `decimal` (feature `serde`): serialization of quantities that can
//!   exceed 2^53 as decimal strings.
//!
//! Every fast method has a slow, obviously correct twin next to it; the
//! tests compare them. See `ARCHITECTURE.md` at the repository root for the
//! map. Sources are cited by author and year (or by title where the source
//! prints no year); the full references are in `docs/references.md`.
//!
//! # Example
//!
//! Any game of the catalog by name, canonical forms with operators and the
//! standard notation, and a period proven with its certificate:
//!
//! ```
//! use mex_core::games::{self, Context};
//! use mex_core::heap::{code::TakeBreakCode, octal};
//! use mex_core::partizan::value::CanonicalForm;
//!
//! let domineering = games::find("domineering")?;
//! let board = domineering.evaluate("2x3", &mut Context::new())?;
//! assert_eq!((board.value_text(), board.outcome.to_string()), ("{2|-1/2}".into(), "N".into()));
//!
//! let g: CanonicalForm = "{1|0}".parse()?;
//! let h: CanonicalForm = "{0|-1}".parse()?;
//! assert_eq!((&g + &h).to_string(), "0");
//! assert_eq!(g.partial_cmp(&CanonicalForm::zero()), None); // {1|0} is confused with 0
//! assert!(g - h > CanonicalForm::zero());
//!
//! let dawson: TakeBreakCode = "0.07".parse()?;
//! let (_, analysis) = octal::prove_period(&dawson, 1 << 12)?;
//! let proof = analysis.certificate.expect("0.07 is periodic");
//! assert_eq!((proof.preperiod, proof.period), (53, 34));
//! # Ok::<(), mex_core::MexError>(())
//! ```

pub mod bigint;
#[cfg(feature = "serde")]
pub mod decimal;
pub mod digest_io;
pub mod error;
pub mod games;
pub mod heap;
pub mod impartial;
pub mod partizan;
pub mod ruleset;
pub mod shift;
pub mod solve;
pub mod stack;
pub mod stop;
pub mod sync;

pub use error::MexError;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;
