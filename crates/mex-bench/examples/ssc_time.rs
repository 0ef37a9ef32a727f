//! Times the SSC decomposition of one long segment and the closed-form
//! Cherries values of long rows:
//! `cargo run --release -p mex-bench --example ssc_time -- 100000000`.
//!
//! Three segments of N cherries: random, `(BW)^k` (periodic: the direct
//! scan gives up and the suffix array decides) and `B^N`; then 100 random
//! Cherries rows of 10^6 cherries through the closed form.

use mex_core::partizan::cherries::cherries_row_value;
use mex_core::sync::ssc;
use std::time::Instant;

use mex_bench::random_word;

fn time_decomposition(name: &str, word: &[bool]) {
    let start = Instant::now();
    let cuts = ssc::cut_points(word);
    println!(
        "ssc decompose {name:<10} {} cherries: {} pieces in {:.3} s",
        word.len(),
        cuts.len(),
        start.elapsed().as_secs_f64()
    );
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000_000);
    time_decomposition("random", &random_word(n, 88172645463325252));
    time_decomposition("(BW)^k", &(0..n).map(|i| i % 2 == 0).collect::<Vec<_>>());
    time_decomposition("B^n", &vec![true; n]);
    let rows: Vec<Vec<bool>> = (0..100).map(|k| random_word(1_000_000, k + 1)).collect();
    let start = Instant::now();
    let total: i64 = rows.iter().map(|r| cherries_row_value(r)).sum();
    println!(
        "cherries closed form: 100 rows of 10^6 cherries (sum {total}) in {:.3} s",
        start.elapsed().as_secs_f64()
    );
}
