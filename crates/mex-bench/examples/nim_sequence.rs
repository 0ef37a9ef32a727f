//! Computes the first N values of a take-and-break code with the
//! sparse-space engine and prints the time taken: used by `bench/run.sh` to
//! compare against other solvers on the same machine in the same run.
//!
//! `cargo run --release -p mex-bench --example nim_sequence -- 0.6 4194304 [THREADS]`

use mex_core::heap::sparse::TakeBreakSequence;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if !(3..=4).contains(&args.len()) {
        eprintln!("usage: nim_sequence CODE N [THREADS]");
        std::process::exit(2);
    }
    let code = match args[1].parse() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("nim_sequence: {e}");
            std::process::exit(2);
        }
    };
    let n: usize = args[2].parse().unwrap_or_else(|_| {
        eprintln!("nim_sequence: N must be a number");
        std::process::exit(2);
    });
    let threads: usize = args
        .get(3)
        .map_or(Ok(1), |t| t.parse())
        .unwrap_or_else(|_| {
            eprintln!("nim_sequence: THREADS must be 1 or 2");
            std::process::exit(2);
        });
    let start = Instant::now();
    let mut seq = TakeBreakSequence::new(code).with_threads(threads);
    if let Err(e) = seq.extend_to(n) {
        eprintln!("nim_sequence: {e}");
        std::process::exit(2);
    }
    let secs = start.elapsed().as_secs_f64();
    let max = seq.values().iter().max().copied().unwrap_or(0);
    let (mask, rare) = seq.rare_summary();
    println!(
        "{} {n} values in {secs:.3} s; max value {max}; mask {mask:#x}; {rare} rare; {:?}",
        args[1],
        seq.stats()
    );
}
