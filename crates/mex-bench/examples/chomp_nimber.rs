//! The nimber of a Chomp position by Chomp's dense table (`ChompTable`,
//! what `mex value chomp` uses), or by the core's two generic impartial
//! engines, the pruned search (`NimberSearch`, Beling–Rogalski 2020) and
//! the full Sprague–Grundy solver (`GrundySolver`), for choosing between
//! them and comparing with `igsolve chomp -r R -c C` (bench/README.md).
//!
//! `cargo run --release -p mex-bench --example chomp_nimber -- 10x10 [dense|search|grundy]`

use mex_core::games::chomp::dense::ChompTable;
use mex_core::games::chomp::{Chomp, Staircase};
use mex_core::impartial::grundy::GrundySolver;
use mex_core::impartial::search::NimberSearch;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let board = args.next().unwrap_or_else(|| "10x10".into());
    let method = args.next().unwrap_or_else(|| "dense".into());
    let position: Staircase = match board.parse() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let nimber = match method.as_str() {
        "search" => NimberSearch::new(Chomp).nimber(&position),
        "grundy" => GrundySolver::new(Chomp).grundy(&position),
        _ => ChompTable::solve(position.height(), position.width(), 1 << 32)
            .map(|table| table.value(&position).expect("inside its own box")),
    };
    match nimber {
        Ok(n) => println!(
            "chomp {board} by {method}: nimber {n}; {:.3} s",
            start.elapsed().as_secs_f64()
        ),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
