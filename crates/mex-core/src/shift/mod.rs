//! The shift game (Weiss) and the De Bruijn sequences behind it.
//!
//! Conventions (Weiss, Definition 1): a state is written `b0 b1 … b(n-1)`.
//! Each turn `b(n-1)` drops out at the right, everything shifts one place
//! right, and the new bit enters at the left as `b0`. Alice chooses the new
//! bit when the dropped bit is 1, Bob when it is 0. Play starts at `0^n`;
//! Alice wins when `0^n` comes back. Alice wants that soon, Bob late.
//!
//! * [`state`]: parsing and printing states;
//! * [`exhaustive`]: the game solved on its arena by min–max reachability,
//!   the judge of everything else;
//! * [`rule`]: the O(n) optimal strategies (Propositions 13–15, in the
//!   corrected reading of Definition 12 recorded in docs/errata.md);
//! * [`debruijn`]: prefer-one (Martin 1934), FKM (lexicographically least),
//!   prefer-opposite (Alhakim 2010) and the De Bruijn check;
//! * [`packed`]: FKM on machine words into packed bytes, streamed up to
//!   order 32;
//! * [`graph`]: the De Bruijn graph with the optimal play, as data for pictures;
//! * [`generalized`]: the generalized game of any De Bruijn sequence
//!   (Weiss, Definition 16, Proposition 17), and surveys of all sequences
//!   of small order.

pub mod debruijn;
pub mod exhaustive;
pub mod generalized;
pub mod graph;
pub mod packed;
pub mod rule;
pub mod state;
