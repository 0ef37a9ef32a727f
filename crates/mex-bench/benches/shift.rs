//! Benchmarks of the shift game and De Bruijn generation, each fast method
//! against the straightforward one in the same run (`bench/run.sh` prints
//! the ratios), plus scaling groups.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use mex_core::shift::debruijn::prefer_one_greedy;
use mex_core::shift::packed::{packed_fkm, stream_fkm};
use mex_core::shift::rule::{next_state, next_word};
use mex_core::shift::state::{from_index, to_index};

fn states(count: usize) -> Vec<u64> {
    // A fixed pseudo-random sequence (xorshift), so runs are comparable.
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

fn shift_rule_word(c: &mut Criterion) {
    let input = states(1024);
    let mut g = c.benchmark_group("shift_rule_word/n64_x1024");
    g.bench_function("fast", |b| {
        b.iter(|| {
            input
                .iter()
                .fold(0u64, |acc, &s| acc ^ next_word(black_box(s), 64))
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            input.iter().fold(0u64, |acc, &s| {
                acc ^ to_index(&next_state(&from_index(black_box(s), 64)))
            })
        })
    });
    g.finish();
    let mut p = c.benchmark_group("shift_rule_play/n64_x1024");
    p.bench_function("fast", |b| {
        b.iter(|| {
            let mut s = black_box(0u64);
            for _ in 0..1024 {
                s = next_word(s, 64);
            }
            s
        })
    });
    p.finish();
}

fn prefer_one(c: &mut Criterion) {
    let mut g = c.benchmark_group("prefer_one/24");
    g.sample_size(10);
    g.bench_function("fast", |b| {
        b.iter(|| black_box(packed_fkm(24, true).unwrap().len()))
    });
    g.bench_function("naive", |b| {
        b.iter(|| black_box(prefer_one_greedy(24).unwrap().len()))
    });
    g.finish();
    let mut s = c.benchmark_group("scaling_prefer_one");
    s.sample_size(10);
    for n in [24u32, 28] {
        s.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, &n| {
            b.iter(|| {
                let mut check = 0u8;
                stream_fkm(n, true, |chunk| check ^= chunk[chunk.len() - 1]).unwrap();
                black_box(check)
            })
        });
    }
    s.finish();
}

fn long_states(c: &mut Criterion) {
    let mut g = c.benchmark_group("scaling_shift_rule_long");
    for n in [1_000usize, 10_000, 100_000] {
        let bits: Vec<u8> = states(n.div_ceil(64))
            .iter()
            .flat_map(|&w| (0..64).map(move |i| (w >> i & 1) as u8))
            .take(n)
            .collect();
        g.bench_with_input(BenchmarkId::from_parameter(n), &bits, |b, bits| {
            b.iter(|| black_box(next_state(bits)[0]))
        });
    }
    g.finish();
}

criterion_group!(benches, shift_rule_word, prefer_one, long_states);
criterion_main!(benches);
