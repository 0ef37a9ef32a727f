//! Partizan and synchronized benchmarks, each fast method beside its slow
//! twin in the same run (`bench/run.sh` prints the ratios).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use mex_core::partizan::cherries::{cherries_row_value, Cherries};
use mex_core::partizan::domineering::{Domineering, Grid};
use mex_core::partizan::ruleset::Evaluator;
use mex_core::partizan::store::GameStore;
use mex_core::sync::ssc;
use std::hint::black_box;

use mex_bench::random_word;

fn ssc_decomposition(c: &mut Criterion) {
    let mut group = c.benchmark_group("ssc_decompose");
    group.sample_size(10);
    let inputs = [
        ("random_100000", random_word(100_000, 7)),
        (
            "periodic_BWW_20000",
            (0..20_000).map(|i| i % 3 == 0).collect(),
        ),
        (
            "alternating_20000",
            (0..20_000).map(|i| i % 2 == 0).collect(),
        ),
    ];
    for (name, word) in &inputs {
        group.bench_with_input(BenchmarkId::new("fast", name), word, |b, w| {
            b.iter(|| ssc::cut_points(black_box(w)).len())
        });
        group.bench_with_input(BenchmarkId::new("naive", name), word, |b, w| {
            b.iter(|| ssc::decompose_by_first_weaker_suffix(black_box(w)).len())
        });
    }
    group.finish();
}

fn cherries_rows(c: &mut Criterion) {
    let mut group = c.benchmark_group("cherries_row_value");
    let rows: Vec<Vec<bool>> = (0..64).map(|k| random_word(12, k + 1)).collect();
    group.bench_function("fast/64_rows_of_12", |b| {
        b.iter(|| {
            rows.iter()
                .map(|r| cherries_row_value(black_box(r)))
                .sum::<i64>()
        })
    });
    group.bench_function("naive/64_rows_of_12", |b| {
        b.iter(|| {
            let mut store = GameStore::new();
            let mut eval = Evaluator::new(Cherries::Both, 1 << 22);
            rows.iter()
                .map(|r| eval.value(&mut store, &vec![r.clone()]).expect("small"))
                .count()
        })
    });
    group.finish();
}

fn domineering(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering");
    group.sample_size(10);
    for (h, w) in [(3u32, 4u32), (4, 4), (3, 6)] {
        let grid = Grid::rectangle(h, w).expect("small rectangle");
        let name = format!("{h}x{w}");
        group.bench_with_input(BenchmarkId::new("fast", &name), &grid, |b, g| {
            b.iter(|| {
                let mut store = GameStore::new();
                let mut eval = Evaluator::new(Domineering::default(), 1 << 24);
                eval.value(&mut store, black_box(g)).expect("fits")
            })
        });
        let plain = Domineering {
            decomposition: false,
            symmetry: false,
        };
        group.bench_with_input(BenchmarkId::new("naive", &name), &grid, |b, g| {
            b.iter(|| {
                let mut store = GameStore::new();
                let mut eval = Evaluator::new(plain, 1 << 24);
                eval.value(&mut store, black_box(g)).expect("fits")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, ssc_decomposition, cherries_rows, domineering);
criterion_main!(benches);
