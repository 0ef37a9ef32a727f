//! Times the outcome search (`mex_core::games::outcome_search::winner`) on
//! case files of the MCGS corpus format (tab-separated lines `SUM FIRST
//! WINNER ...`, `#` comments; see crates/mex-core/tests/data/mcgs/), each
//! case under a time limit, and prints per file: cases, right, wrong,
//! refused (errors, the time limit included), the slowest case and its time.
//!
//! Usage: `cargo run --release -p mex-bench --example outcome_time -- [--limit SECONDS] FILE...`

use mex_core::games::outcome_search::winner_within;
use mex_core::games::sum::Summand;
use mex_core::games::{Context, Side};
use mex_core::partizan::minimax::{Room, SearchLimits};
use mex_core::stop::{run_under, StopToken};
use std::time::{Duration, Instant};

fn side(text: &str) -> Side {
    if text == "L" {
        Side::Left
    } else {
        Side::Right
    }
}

/// The default limits, changed by the environment variables
/// `ROOM_POSITIONS`, `ROOM_DEPTH`, `MERGE_BIRTHDAY` and `MOBILITY` (0 or 1) (for tuning).
fn limits(ctx: &Context) -> SearchLimits {
    let var = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse::<usize>().ok())
    };
    let d = SearchLimits {
        memory: ctx.search_memory,
        ..SearchLimits::default()
    };
    SearchLimits {
        room: Room {
            positions: var("ROOM_POSITIONS").unwrap_or(d.room.positions),
            depth: var("ROOM_DEPTH").unwrap_or(d.room.depth),
        },
        merge_birthday: var("MERGE_BIRTHDAY").map_or(d.merge_birthday, |b| b as u32),
        order_by_mobility: var("MOBILITY").map_or(d.order_by_mobility, |m| m != 0),
        ..d
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut limit = Duration::from_secs(60);
    if args.first().map(String::as_str) == Some("--limit") {
        limit = Duration::from_secs_f64(args[1].parse().expect("--limit SECONDS"));
        args.drain(..2);
    }
    for file in &args {
        let text = std::fs::read_to_string(file).expect("a readable case file");
        let (mut cases, mut right, mut wrong, mut refused) = (0, 0, 0, 0);
        let mut slowest = (Duration::ZERO, String::new());
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let cols: Vec<&str> = line.split('\t').collect();
            let Ok(summands) = cols[0]
                .split_whitespace()
                .map(Summand::parse)
                .collect::<Result<Vec<_>, _>>()
            else {
                continue;
            };
            cases += 1;
            let start = Instant::now();
            let token = StopToken::with_time_limit(limit);
            let got = run_under(&token, || {
                let ctx = &mut Context::new();
                winner_within(&summands, side(cols[1]), ctx, limits(ctx))
            });
            let took = start.elapsed();
            if took > slowest.0 {
                slowest = (took, format!("{} first {}", cols[0], cols[1]));
            }
            match got {
                Ok(w) if w == side(cols[2]) => right += 1,
                Ok(_) => {
                    wrong += 1;
                    eprintln!("WRONG: {line}");
                }
                Err(e) => {
                    refused += 1;
                    eprintln!("REFUSED ({e}): {}", cols[0]);
                }
            }
        }
        println!(
            "{file}: {cases} cases, {right} right, {wrong} wrong, {refused} refused; slowest {:.3} s: {}",
            slowest.0.as_secs_f64(),
            slowest.1
        );
    }
}
