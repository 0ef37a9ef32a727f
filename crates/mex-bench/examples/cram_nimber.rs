//! The nimber of a Cram board by the core API's pruned search
//! (`mex_core::impartial::search::NimberSearch`), for comparing with
//! `igsolve cram -r H -c W` (bench/README.md, "Cram against igsolve"):
//! on the 64-bit board ruleset (`games::cram::board::CramBoard`) when the
//! board has at most 64 cells, else (or with `--general`) on the general
//! `Cram` ruleset.
//!
//! `cargo run --release -p mex-bench --example cram_nimber -- 5x8`

use mex_core::games::cram::board::CramBoard;
use mex_core::games::cram::{Cells, Cram};
use mex_core::impartial::ruleset::ImpartialRuleset;
use mex_core::impartial::search::NimberSearch;
use std::time::Instant;

fn main() {
    let board = std::env::args().nth(1).unwrap_or_else(|| "5x7".into());
    let position: Cells = match board.parse() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let general = std::env::args().any(|a| a == "--general");
    match CramBoard::of(&position) {
        Some((ruleset, free)) if !general => report(&board, NimberSearch::new(ruleset), &free),
        _ => report(&board, NimberSearch::new(Cram), &position),
    }
}

fn report<R: ImpartialRuleset>(board: &str, mut search: NimberSearch<R>, position: &R::Position) {
    let start = Instant::now();
    match search.nimber(position) {
        Ok(nimber) => {
            let stats = search.stats();
            println!(
                "cram {board}: nimber {nimber}; {:.3} s; {} components stored, {} with exclusions, \
                 {} table bytes; {} expanded; {} cut",
                start.elapsed().as_secs_f64(),
                search.positions_stored(),
                search.exclusions().len(),
                search.table_bytes(),
                stats.expanded,
                stats.cut
            );
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
