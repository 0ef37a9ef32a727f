//! The presentation layer of mex: every front end (the `mex` binary, the
//! web server, the Python package) hands it typed results from `mex-core`
//! and gets back JSON (one serde shape per result, whichever command
//! produced it) and SVG pictures, each written once here.

pub mod board;
pub mod card;
pub mod json;
pub mod loopy;
pub mod misere;
pub mod misere_form;
pub mod misere_quotient;
pub mod nimber;
pub mod outcome;
pub mod pictures;
pub mod position;
pub mod proof;
pub mod sequences;
pub mod ssc;
pub mod sum;
pub mod thermograph;
pub mod views;
