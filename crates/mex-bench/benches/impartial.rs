//! Benchmarks of the fast methods against their naive twins, measured in the
//! same run. `bench/run.sh` turns the results into ratios.
//!
//! Groups (each has a `fast` and a `naive` member on the same input):
//! * `octal/<code>`: sparse-space nim sequence vs the O(n²) definition;
//! * `subtraction_period/<set>`: window-hash period search vs brute force
//!   over all (preperiod, period) pairs;
//! * `grundy/<game>`: the memoised solver with decomposition vs the plain
//!   memoised recursion on the whole position.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use mex_core::heap::code::{naive_values, TakeBreakCode};
use mex_core::heap::domino::DominoRuleset;
use mex_core::heap::sparse::TakeBreakSequence;
use mex_core::heap::subtraction::{period_by_brute_force, SubtractionSet};
use mex_core::impartial::grundy::{grundy_by_definition, GrundySolver};

fn octal(c: &mut Criterion) {
    let n = 1 << 13;
    for code in ["0.16", "0.6", "0.07", "0.77"] {
        let parsed: TakeBreakCode = code.parse().unwrap();
        let mut g = c.benchmark_group(format!("octal/{code}"));
        g.sample_size(10);
        g.bench_function(BenchmarkId::new("fast", n), |b| {
            b.iter(|| {
                let mut s = TakeBreakSequence::new(parsed.clone());
                s.extend_to(n).unwrap();
                black_box(s.values()[n - 1])
            })
        });
        g.bench_function(BenchmarkId::new("naive", n), |b| {
            b.iter(|| black_box(naive_values(&parsed, n)[n - 1]))
        });
        g.finish();
    }
}

fn subtraction_period(c: &mut Criterion) {
    for set in [vec![7u64, 50], vec![25, 60, 99], vec![13, 21, 34, 55]] {
        let s = SubtractionSet::new(set.clone()).unwrap();
        let found = s.find_period(1 << 20).unwrap();
        let len = 4 * (found.preperiod + 2 * found.period + s.max() as usize) + 8;
        let name = set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let mut g = c.benchmark_group(format!("subtraction_period/{name}"));
        g.bench_function("fast", |b| {
            b.iter(|| black_box(s.find_period(1 << 20).unwrap().period))
        });
        g.bench_function("naive", |b| {
            b.iter(|| black_box(period_by_brute_force(&s.values(len))))
        });
        g.finish();
    }
}

fn grundy(c: &mut Criterion) {
    let position = vec![9u32, 8, 7];
    let mut g = c.benchmark_group("grundy/domino_9_8_7");
    g.sample_size(10);
    g.bench_function("fast", |b| {
        b.iter(|| black_box(GrundySolver::new(DominoRuleset).grundy(&position).unwrap()))
    });
    g.bench_function("naive", |b| {
        b.iter(|| black_box(grundy_by_definition(&DominoRuleset, &position)))
    });
    g.finish();
}

criterion_group!(benches, octal, subtraction_period, grundy);
criterion_main!(benches);
