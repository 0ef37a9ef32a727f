//! The nimber of a Cram board by the core API's pruned search
//! (`mex_core::impartial::search::NimberSearch`), for comparing with
//! `igsolve cram -r H -c W` (bench/README.md, "Cram against igsolve").
//!
//! `cargo run --release -p mex-bench --example cram_nimber -- 5x8`

use mex_core::games::cram::{Cells, Cram};
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
    let start = Instant::now();
    let mut search = NimberSearch::new(Cram);
    match search.nimber(&position) {
        Ok(nimber) => {
            let stats = search.stats();
            println!(
                "cram {board}: nimber {nimber}; {:.3} s; {} components stored; {} expanded; {} cut",
                start.elapsed().as_secs_f64(),
                search.positions_stored(),
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
