//! Times the full value (`CatalogGame::evaluate`) of one position: how long
//! the budgets take to refuse a position too big for it.
//!
//! Usage: `cargo run --release -p mex-bench --example value_time -- GAME POSITION`

use mex_core::games::{find, Context};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = find(&args[0]).expect("a game of the catalog");
    let start = Instant::now();
    let result = game.evaluate(&args[1], &mut Context::new());
    let took = start.elapsed().as_secs_f64();
    match result {
        Ok(e) => println!("{:.3} s: {}", took, e.notation.unwrap_or_default()),
        Err(e) => println!("{took:.3} s: refused: {e}"),
    }
}
