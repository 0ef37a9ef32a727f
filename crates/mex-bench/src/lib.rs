//! `mex-bench`: the benchmarks and timing programs of mex, kept out of
//! `mex-core` so that `cargo test --workspace` does not build criterion.
//!
//! * `benches/`: criterion benchmarks, each fast method against its naive
//!   twin (`impartial`, `shift`, `partizan`); they need the `criterion`
//!   feature: `cargo bench -p mex-bench --features criterion`, or
//!   `bench/run.sh`, which also prints the ratios;
//! * `examples/`: long single runs timed once (`nim_sequence`, `ssc_time`,
//!   `debruijn_time`), for `bench/run.sh` and comparisons with other tools.
//!
//! The library itself holds only what benchmarks and examples share.

/// A reproducible random word of cherries (xorshift64), shared by the
/// partizan benchmark and the `ssc_time` example.
pub fn random_word(len: usize, mut state: u64) -> Vec<bool> {
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & 1 == 1
        })
        .collect()
}
