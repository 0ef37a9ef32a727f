//! The cooperative stop ([`mex_core::stop`]) in every engine that can run
//! long: under a token whose flag is set (before the work, or from inside
//! it: an observer, a ruleset or a progress callback) or whose deadline has
//! passed, the search ends with [`MexError::Stopped`]; under a token that
//! is never stopped, and with none, the results are the same. Nothing here
//! depends on the clock: a deadline is either already past or an hour away.

use mex_core::games::{self, Context};
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::misere::heap_genera;
use mex_core::heap::sparse::TakeBreakSequence;
use mex_core::heap::subtraction::SubtractionSet;
use mex_core::heap::{octal, wythoff};
use mex_core::impartial::grundy::GrundySolver;
use mex_core::impartial::ruleset::ImpartialRuleset;
use mex_core::partizan::domineering::{Domineering, Grid};
use mex_core::partizan::notation;
use mex_core::partizan::ruleset::Evaluator;
use mex_core::partizan::store::{GameStore, DEFAULT_BUDGET};
use mex_core::ruleset::Ruleset;
use mex_core::solve::arena::{self, ExplicitArena, Player};
use mex_core::solve::graph::ExplicitGraph;
use mex_core::solve::retrograde;
use mex_core::stop::{self, StopToken, CHECK_INTERVAL};
use mex_core::sync::solver::{SyncOutcome, SyncSolver};
use mex_core::sync::ssc::{self, SscRules};
use mex_core::MexError;
use std::cell::Cell;
use std::fmt::Debug;
use std::time::Duration;

const INTERRUPTED: MexError = MexError::Stopped { time_limit: None };

/// Runs `work` with no token, under a token never stopped (an hour's
/// limit), under a stopped token and under a deadline already past: the
/// first two give the same result, returned; the last two stop.
fn stoppable<T: PartialEq + Debug>(work: impl Fn() -> Result<T, MexError>) -> T {
    let free = work().expect("the work succeeds without a token");
    let live = StopToken::with_time_limit(Duration::from_secs(3600));
    let under_live = stop::run_under(&live, &work).expect("a live token does not stop");
    assert_eq!(under_live, free, "the same result under a live token");
    let stopped = StopToken::new();
    stopped.stop();
    assert_eq!(stop::run_under(&stopped, &work).unwrap_err(), INTERRUPTED);
    let late = StopToken::with_time_limit(Duration::ZERO);
    assert_eq!(
        stop::run_under(&late, &work).unwrap_err(),
        MexError::Stopped {
            time_limit: Some(Duration::ZERO)
        }
    );
    free
}

/// A token and a counter that stops it at its `after`-th tick: the flag is
/// then set from inside the work.
struct StopAfter {
    token: StopToken,
    ticks: Cell<u64>,
    after: u64,
}

impl StopAfter {
    fn new(after: u64) -> Self {
        StopAfter {
            token: StopToken::new(),
            ticks: Cell::new(0),
            after,
        }
    }
    fn tick(&self) {
        self.ticks.set(self.ticks.get() + 1);
        if self.ticks.get() == self.after {
            self.token.stop();
        }
    }
}

/// A chain `n → n − 1 → … → 0` whose every expansion ticks `stopper`.
struct Chain<'a>(Option<&'a StopAfter>);

impl Ruleset for Chain<'_> {
    type Position = u32;
}

impl ImpartialRuleset for Chain<'_> {
    fn options(&self, p: &u32, out: &mut Vec<u32>) {
        if let Some(s) = self.0 {
            s.tick();
        }
        if *p > 0 {
            out.push(p - 1);
        }
    }
}

#[test]
fn grundy_solver() {
    let value = stoppable(|| GrundySolver::new(Chain(None)).grundy(&100_001));
    assert_eq!(value, 1);
    let stopper = StopAfter::new(1000);
    let mut solver = GrundySolver::new(Chain(Some(&stopper)));
    let r = stop::run_under(&stopper.token, || solver.grundy(&100_000));
    assert_eq!(r, Err(INTERRUPTED));
    assert!(stopper.ticks.get() <= 1000 + u64::from(CHECK_INTERVAL));
}

/// The value of a Domineering rectangle in a store without a budget, so
/// that only the evaluator's own checks can stop it.
fn domineering_value(rows: u32, columns: u32) -> Result<String, MexError> {
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(Domineering::default(), 1 << 24);
    let g = evaluator.value(&mut store, &Grid::rectangle(rows, columns)?)?;
    Ok(notation::show(&store, g))
}

#[test]
fn partizan_evaluator() {
    assert_eq!(
        stoppable(|| domineering_value(4, 4)),
        "{0,{1±1,{2|1±1}|1±1,{1±1|0}}|0,{-1±1,{0|-1±1}|-1±1,{-1±1|-2}}}"
    );
    // The flag set by the evaluator's observer, after 200 positions.
    let token = StopToken::new();
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(Domineering::default(), 1 << 24);
    let observer_token = token.clone();
    evaluator.observe(
        200,
        Box::new(move |_, _| {
            observer_token.stop();
            Ok(())
        }),
    );
    let grid = Grid::rectangle(5, 5).unwrap();
    let r = stop::run_under(&token, || evaluator.value(&mut store, &grid));
    assert_eq!(r, Err(INTERRUPTED));
    assert!(evaluator.positions() < 200 + CHECK_INTERVAL as usize);
}

#[test]
fn store_comparisons_with_a_budget() {
    let sum = |text: &str| -> Result<String, MexError> {
        let mut store = GameStore::with_budget(DEFAULT_BUDGET);
        let g = notation::parse(&mut store, text)?;
        Ok(notation::show(&store, g))
    };
    let text = stoppable(|| sum("{2|0} + *40"));
    // A store without a budget is never stopped: its infallible operations
    // stay infallible.
    let stopped = StopToken::new();
    stopped.stop();
    let unbudgeted = stop::run_under(&stopped, || {
        let mut store = GameStore::new();
        let g = notation::parse(&mut store, "{2|0} + *40")?;
        Ok::<_, MexError>(notation::show(&store, g))
    });
    assert_eq!(unbudgeted, Ok(text));
}

#[test]
fn misere_solver() {
    let dawson: TakeBreakCode = "0.07".parse().unwrap();
    let genera = stoppable(|| heap_genera(&dawson, 24));
    assert_eq!(genera.len(), 24);
}

#[test]
fn synchronized_solver() {
    let rows = ["BWBWB", "WBBWW", "BBWWB", "WWB"];
    let position: Vec<_> = rows
        .iter()
        .map(|r| ssc::parse_segment(r).unwrap())
        .collect();
    let position = ssc::normalise(position);
    let class = stoppable(|| SyncSolver::new(SscRules).try_outcome(&position));
    assert_eq!(class, SyncSolver::new(SscRules).outcome(&position));
    // The infallible entry point ignores a stopped token.
    let stopped = StopToken::new();
    stopped.stop();
    let ignored = stop::run_under(&stopped, || SyncSolver::new(SscRules).outcome(&position));
    assert_eq!(ignored, class);
    assert!(matches!(
        class,
        SyncOutcome::L
            | SyncOutcome::R
            | SyncOutcome::D
            | SyncOutcome::LD
            | SyncOutcome::RD
            | SyncOutcome::U
    ));
}

/// `0 ← 1 ← … ← n − 1`: position `v` moves to `v − 1`.
fn chain_successors(n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|v| v.checked_sub(1).into_iter().collect())
        .collect()
}

#[test]
fn retrograde_analysis() {
    let graph = ExplicitGraph::from_successors(chain_successors(100_000));
    let values = stoppable(|| retrograde::solve(&graph));
    assert_eq!(values[99_999], retrograde::Value::Win(99_999));
}

#[test]
fn arenas() {
    let n = 100_000;
    let chain = ExplicitArena {
        successors: chain_successors(n),
        owners: (0..n)
            .map(|v| {
                if v % 2 == 0 {
                    Player::Alice
                } else {
                    Player::Bob
                }
            })
            .collect(),
    };
    let mut target = vec![false; n];
    target[0] = true;
    let distances = stoppable(|| arena::reach_distances(&chain, &target));
    assert_eq!(distances[n - 1], Some(n as u32 - 1));
    let wins = stoppable(|| arena::buchi(&chain, &target));
    assert!(wins.iter().all(|&w| !w), "no vertex returns to 0 forever");
}

#[test]
fn octal_sequences() {
    let code: TakeBreakCode = "0.16".parse().unwrap();
    let values = stoppable(|| {
        let mut seq = TakeBreakSequence::new(code.clone());
        seq.extend_to(20_000)?;
        Ok(seq.values().to_vec())
    });
    assert_eq!(values.len(), 20_000);
    let dawson: TakeBreakCode = "0.07".parse().unwrap();
    let period = stoppable(|| {
        let (_, analysis) = octal::prove_period(&dawson, 1 << 12)?;
        let c = analysis.certificate.expect("0.07 is periodic");
        Ok((c.preperiod, c.period))
    });
    assert_eq!(period, (53, 34));
    // The flag set by the progress callback of the period search.
    let token = StopToken::new();
    let mut seq = TakeBreakSequence::new(code.clone());
    let plan = octal::SearchPlan {
        min_terms: 0,
        max_terms: 1 << 20,
    };
    let r = stop::run_under(&token, || {
        octal::search(&mut seq, plan, |_, _| {
            token.stop();
            std::ops::ControlFlow::Continue(())
        })
    });
    assert_eq!(r.unwrap_err(), INTERRUPTED);
    assert!(seq.len() < 1 << 16, "stopped early: {}", seq.len());
}

#[test]
fn subtraction_periods_and_wythoff_tables() {
    let set = SubtractionSet::parse("{3, 7, 1000}").unwrap();
    let found = stoppable(|| set.find_period(1 << 20));
    assert_eq!(found, set.find_period(1 << 20).unwrap());
    let table = stoppable(|| wythoff::grundy_table(100, 100));
    assert_eq!(table[3][5], 0, "(3, 5) is a P-position");
}

#[test]
fn catalog_games() {
    for (game, position) in [
        ("domineering", "4x4"),
        ("cram", "4x5"),
        ("shift-game", "0000000000"),
    ] {
        let g = games::find(game).unwrap();
        let text = stoppable(|| Ok(g.evaluate(position, &mut Context::new())?.value_text()));
        assert!(!text.is_empty(), "{game}");
    }
}

/// Kayles answers from the period of 0.77, proven once for the process:
/// a first caller under a stopped token still gets it (and leaves it for
/// the others), since it is proven without stop checks.
#[test]
fn a_stopped_first_caller_does_not_spoil_shared_values() {
    let kayles = games::find("kayles").unwrap();
    let position = "IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII";
    let stopped = StopToken::new();
    stopped.stop();
    let first = stop::run_under(&stopped, || kayles.evaluate(position, &mut Context::new()));
    let later = kayles.evaluate(position, &mut Context::new());
    assert_eq!(first.unwrap().value_text(), later.unwrap().value_text());
    assert!(games::kayles::kayles_sequence().is_some());
}
