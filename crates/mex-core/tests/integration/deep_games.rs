//! The deepest games: recursion goes as deep as games nest, on stack
//! segments taken from the heap (`mex_core::stack`), so no depth overflows
//! a thread's stack; the memory budget decides how deep a store goes
//! (`BYTES_PER_LEVEL` a level), with a one-line error. Every recursive
//! operation of `mex game` runs here on a thread with a 2 MiB stack (the
//! size of the server's worker threads and of test threads) on games
//! nesting far deeper than that stack holds. `{1|0}:30110` overflowed the
//! stack before there was a limit (found by the fuzzer); the limit was a
//! fixed 2000 levels before the budget decided.

use mex_core::partizan::store::{GameStore, BYTES_PER_LEVEL, DEFAULT_BUDGET};
use mex_core::partizan::thermograph::{Thermographs, Q};
use mex_core::partizan::{infinitesimal, notation, toolkit};
use mex_core::MexError;

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("no stack overflow or panic")
}

/// Levels of `{1|0}:n`: far beyond what 2 MiB of stack held before.
const DEEP: u32 = 20_000;

#[test]
fn a_deep_game_goes_through_every_operation_on_a_small_stack() {
    let report = on_small_stack(|| -> Result<(usize, String), MexError> {
        let mut s = GameStore::with_budget(DEFAULT_BUDGET);
        // {1|0}:n nests n + 1 switches ({1|0} itself is one).
        let g = notation::parse(&mut s, &format!("{{1|0}}:{DEEP}"))?;
        let printed = notation::show(&s, g);
        let walls = Thermographs::default().of(&s, g);
        let (left, right) = toolkit::stops(&s, g);
        assert!(left > right);
        toolkit::confusion_interval(&mut s, g)?;
        let cooled = toolkit::cool(&mut s, g, &Q::from_integer(1.into()))?;
        let negated = s.try_neg(g)?;
        let sum = s.try_add(g, negated)?;
        assert_eq!(sum, s.zero());
        toolkit::compare(&mut s, g, cooled)?;
        // G + G is refused by the comparison budget, not by the stack.
        let mut small = GameStore::with_limits(DEFAULT_BUDGET, 1 << 20);
        let h = notation::parse(&mut small, &format!("{{1|0}}:{DEEP}"))?;
        assert!(small.try_add(h, h).is_err());
        infinitesimal::is_infinitesimal(&s, g);
        infinitesimal::reduced(&mut s, g)?;
        Ok((printed.len(), walls.temperature.to_string()))
    });
    let (printed, temperature) = report.expect("within the budget");
    assert!(printed > 4 * DEEP as usize);
    assert_eq!(temperature, "1/2");
}

/// The smallest budget that holds `{1|0}:n` is about `n` levels of
/// [`BYTES_PER_LEVEL`]; a budget of half that refuses it in one line
/// naming the memory, and so does a budget too small for the recursion
/// of `{1|*} + n·↑` (`n` levels deep while the sum is built).
#[test]
fn the_memory_budget_decides_the_depth_in_one_line() {
    let messages = on_small_stack(|| {
        let budget = DEEP as usize * BYTES_PER_LEVEL / 2;
        let mut s = GameStore::with_budget(budget);
        let nested = notation::parse(&mut s, &format!("{{1|0}}:{DEEP}")).unwrap_err();
        let mut s = GameStore::with_budget(budget);
        let ups = notation::parse(&mut s, &format!("^{DEEP} + {{1|*}}")).unwrap_err();
        [nested, ups].map(|e| e.to_string())
    });
    for message in messages {
        assert!(message.contains("KiB of memory"), "{message}");
        assert!(!message.contains('\n'));
    }
}

/// `n·↑` beyond the trees (a record) beside a general game: its options
/// `{0 | (n−1)·↑*}` are listed as the sum recurses `n` levels deep. The
/// results agree with trees: adding `m·↓` back leaves `G + (n−m)·↑`,
/// built from trees alone.
#[test]
fn big_ups_beside_general_games_cancel_back_to_trees() {
    on_small_stack(|| {
        let games = [
            "{1|*}",
            "{2|{1|*}}",
            "{0|v*}",
            "{1|0,*}",
            "{2||1|*} + *5",
            "{1*|v}",
        ];
        for game in games {
            for (n, k, m) in [(5000, 0, 4998), (4100, 7, 4097), (4097, 1, 4100)] {
                let mut s = GameStore::with_budget(DEFAULT_BUDGET);
                let far = notation::parse(&mut s, &format!("{game} + ^{n}*{k} + v{m}"))
                    .expect("within the budgets");
                let d = n as i64 - m as i64;
                let arrows = if d >= 0 {
                    format!("^{d}")
                } else {
                    format!("v{}", -d)
                };
                let near = notation::parse(&mut s, &format!("{game} + {arrows}*{k}")).unwrap();
                assert_eq!(far, near, "{game} + ^{n}*{k} + v{m}");
                assert!(!s.holds_record(near));
            }
        }
    });
}

/// A big integer times a game (the Norton product `n.U`) is `n` copies of
/// `U`: by doubling, the same as the sum of the records.
#[test]
fn a_big_integer_norton_product_is_a_multiple() {
    let mut s = GameStore::with_budget(DEFAULT_BUDGET);
    let product = notation::parse(&mut s, "100000.^ + {2|1}").unwrap();
    let sum = notation::parse(&mut s, "^100000 + {2|1}").unwrap();
    assert_eq!(product, sum);
    let negative = notation::parse(&mut s, "-100000.^").unwrap();
    let down = notation::parse(&mut s, "v100000").unwrap();
    assert_eq!(negative, down);
    // 70001 copies of 2±1: the ±1 cancel in pairs.
    let odd = notation::parse(&mut s, "70001.{3|1}").unwrap();
    assert_eq!(notation::show(&s, odd), "{140003|140001}");
}
