//! mex-serve's integration tests, in one test binary: the JSON API over
//! HTTP (`cargo test -p mex-serve --test integration api::`) and query
//! strings fuzzed through the router (`fuzz::`), play through an uploaded
//! proof (`proof::`). One binary links the
//! server and its dependencies once instead of once a file.

mod api;
mod fuzz;
mod proof;
