//! mex-core's integration tests, in one test binary: one module a topic
//! (`cargo test -p mex-core --test integration loopy::` runs one of them).
//! One binary links mex-core once instead of once a file. The data the
//! modules read is in `tests/data/`; proptest keeps the failing cases it
//! found in `tests/proptest-regressions/<module>.txt`.
//!
//! The tests of all modules run in parallel in one process: none may
//! change the process's environment, current directory or global state.

mod staircases;

mod big_values;
mod cgsuite_loopy;
mod chomp;
mod chomp_dense;
mod deep_games;
mod domineering_outcomes;
mod error_policy;
mod layers;
mod literature_rulesets;
mod loopy;
mod loopy_rulesets;
mod mcgs;
mod misere_forms;
mod misere_quotients;
mod nimber_search;
mod outcome_search;
mod parsers;
mod pictures;
mod records;
mod round_trip;
mod search_checkpoint;
mod stop;
mod thermographs;
