//! The deepest games a budgeted store builds ([`MAX_NESTING`] levels of
//! games that are not numbers, ups or nimbers) go through every recursive
//! operation of `mex game` on a thread with a 2 MiB stack (the size of the
//! server's worker threads and of test threads); one level more is refused
//! with a one-line error. `{1|0}:30110` overflowed the stack before (found
//! by the fuzzer).

use mex_core::partizan::store::{GameStore, DEFAULT_BUDGET, MAX_NESTING};
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

#[test]
fn the_deepest_accepted_game_goes_through_every_operation() {
    let report = on_small_stack(|| -> Result<(usize, String), MexError> {
        let mut s = GameStore::with_budget(DEFAULT_BUDGET);
        // {1|0}:n nests n + 1 switches ({1|0} itself is one).
        let g = notation::parse(&mut s, &format!("{{1|0}}:{}", MAX_NESTING - 1))?;
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
        let h = notation::parse(&mut small, &format!("{{1|0}}:{}", MAX_NESTING - 1))?;
        assert!(small.try_add(h, h).is_err());
        infinitesimal::is_infinitesimal(&s, g);
        infinitesimal::reduced(&mut s, g)?;
        Ok((printed.len(), walls.temperature.to_string()))
    });
    let (printed, temperature) = report.expect("within the budget");
    assert!(printed > 4 * MAX_NESTING as usize);
    assert_eq!(temperature, "1/2");
}

#[test]
fn one_level_more_is_refused_in_one_line() {
    let err = on_small_stack(|| {
        let mut s = GameStore::with_budget(DEFAULT_BUDGET);
        notation::parse(&mut s, &format!("{{1|0}}:{}", MAX_NESTING)).unwrap_err()
    });
    let message = err.to_string();
    assert!(
        message.contains(&format!("{MAX_NESTING} levels")),
        "{message}"
    );
    assert!(!message.contains('\n'));
}
