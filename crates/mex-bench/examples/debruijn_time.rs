//! Times the packed prefer-one generation of order N (default 30):
//! `cargo run --release -p mex-bench --example debruijn_time -- 30`.

use std::time::Instant;

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(30);
    let start = Instant::now();
    let mut bytes = 0usize;
    let mut check = 0u8;
    if let Err(e) = mex_core::shift::packed::stream_fkm(n, true, |c| {
        bytes += c.len();
        check ^= c[0];
    }) {
        eprintln!("debruijn_time: {e}");
        std::process::exit(2);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "order {n}: {bytes} bytes in {secs:.3} s ({:.3e} bits/s) [{check}]",
        (bytes * 8) as f64 / secs
    );
}
