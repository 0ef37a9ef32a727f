//! mex-cli's integration tests, in one test binary: one module a topic
//! (`cargo test -p mex-cli --test integration cli::` runs one of them).
//! One binary links mex-core, mex-present and mex-serve once instead of
//! once a file, and compiles `common` once.
//!
//! The tests of all modules run in parallel in one process: none may
//! change the process's environment, current directory or signal handling
//! (the ones that need that run the `mex` binary as a child), and scratch
//! directories are named after the module (`common::scratch_dir`).

mod common;

mod adversarial;
mod big_values;
mod catalog;
mod cli;
mod databases;
mod fuzz;
mod graph_rulesets;
mod grid_games;
mod json_numbers;
mod loopy;
mod loopy_impartial;
mod misere;
mod misere_certificate;
mod misere_form;
mod misere_quotient;
mod msrv;
mod nimber;
mod nimber_checkpoint;
mod octal_cli;
mod outcome_search;
mod partizan_limits;
mod partizan_toolkit;
mod pictures;
mod play;
mod plot;
mod proofs;
mod readme;
mod round_trip;
mod rulesets;
