//! A cooperative stop for long computations.
//!
//! A [`StopToken`] is a flag that anyone holding a clone of it may set
//! ([`StopToken::stop`]), with an optional deadline
//! ([`StopToken::with_time_limit`]). [`run_under`] installs a token for the
//! current thread while a closure runs; the engines call [`check`] in their
//! search loops, and it fails with [`MexError::Stopped`] once an installed
//! token is stopped (its flag set, or its deadline passed). The engine then
//! returns that error like any other refusal: nothing half-computed is kept
//! as a result.
//!
//! Invariants:
//!
//! * **Cheap.** [`check`] decrements a thread-local counter; only every
//!   [`CHECK_INTERVAL`]-th call looks at the installed tokens (one atomic
//!   load each, and one reading of the clock for a token with a deadline).
//!   With no token installed, a call is the counter alone.
//! * **Prompt at the start.** [`run_under`] arms the counter so that the
//!   first [`check`] inside it looks at the tokens: work under a token that
//!   is already stopped ends at its first check.
//! * **Nesting.** Tokens installed by nested [`run_under`] calls all apply
//!   (the work stops when any of them is stopped); each call removes its
//!   own token when it returns or unwinds. [`without_stops`] hides the
//!   installed tokens while a closure runs, for the infallible entry points
//!   that must not fail.
//! * **Per thread.** A token applies to the thread that installed it; work
//!   handed to another thread runs unchecked unless a clone is installed
//!   there.

use crate::MexError;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many calls of [`check`] pass between two looks at the installed
/// tokens.
pub const CHECK_INTERVAL: u32 = 2048;

/// A stop request shared by its clones: a flag and an optional deadline.
#[derive(Debug, Clone, Default)]
pub struct StopToken {
    flag: Arc<AtomicBool>,
    /// Calls of [`check`] made under the token, counted in steps of
    /// [`CHECK_INTERVAL`]: a measure of the work done, for progress shown
    /// by another thread.
    work: Arc<AtomicU64>,
    deadline: Option<Deadline>,
    /// The work (calls of [`check`]) after which the token is stopped: a
    /// budget of steps, the same on every machine.
    work_limit: Option<u64>,
}

/// When a token's time runs out, and the limit it was given (for the
/// message).
#[derive(Debug, Clone, Copy)]
struct Deadline {
    at: Instant,
    limit: Duration,
}

impl StopToken {
    /// A token without a deadline, stopped only by [`StopToken::stop`].
    pub fn new() -> Self {
        StopToken::default()
    }

    /// A token without a deadline whose flag is `flag`, set by whoever
    /// holds it (a signal handler, for example).
    pub fn with_flag(flag: Arc<AtomicBool>) -> Self {
        StopToken {
            flag,
            ..StopToken::default()
        }
    }

    /// A token that is also stopped once `limit` has passed from now (a
    /// limit too far to represent is no limit).
    pub fn with_time_limit(limit: Duration) -> Self {
        StopToken {
            deadline: Instant::now()
                .checked_add(limit)
                .map(|at| Deadline { at, limit }),
            ..StopToken::default()
        }
    }

    /// A token that is also stopped once `steps` calls of [`check`] were
    /// made under it (to the nearest [`CHECK_INTERVAL`]): a budget of work
    /// that ends a search at the same point on every machine. The caller
    /// tells a spent budget ([`StopToken::work_spent`]) from other stops.
    pub fn with_work_limit(steps: u64) -> Self {
        StopToken {
            work_limit: Some(steps),
            ..StopToken::default()
        }
    }

    /// Whether the token has a budget of work and it is spent.
    pub fn work_spent(&self) -> bool {
        self.work_limit.is_some_and(|l| self.work_done() >= l)
    }

    /// The calls of [`check`] made so far under this token (to the
    /// nearest [`CHECK_INTERVAL`]): the engines call it once per position
    /// or node, so it grows with the work done.
    pub fn work_done(&self) -> u64 {
        self.work.load(Ordering::Relaxed)
    }

    /// Sets the flag: work under this token or any of its clones stops at
    /// its next look at the tokens.
    pub fn stop(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is set or the deadline has passed.
    pub fn is_stopped(&self) -> bool {
        self.status().is_err()
    }

    /// The time limit of the token, if it has one.
    pub fn time_limit(&self) -> Option<Duration> {
        self.deadline.map(|d| d.limit)
    }

    /// `Ok` while the token runs; the error [`check`] reports once it is
    /// stopped (the flag is reported before the deadline).
    pub fn status(&self) -> Result<(), MexError> {
        if self.flag.load(Ordering::Relaxed) || self.work_spent() {
            return Err(MexError::Stopped { time_limit: None });
        }
        match self.deadline {
            Some(d) if Instant::now() >= d.at => Err(MexError::Stopped {
                time_limit: Some(d.limit),
            }),
            _ => Ok(()),
        }
    }
}

thread_local! {
    /// The tokens installed on this thread, outermost first.
    static INSTALLED: RefCell<Vec<StopToken>> = const { RefCell::new(Vec::new()) };
    /// Calls of [`check`] left before the next look at the tokens.
    static COUNTDOWN: Cell<u32> = const { Cell::new(CHECK_INTERVAL) };
}

/// Runs `work` with `token` installed for the current thread (besides any
/// installed by callers), removing it afterwards, also if `work` unwinds.
pub fn run_under<T>(token: &StopToken, work: impl FnOnce() -> T) -> T {
    INSTALLED.with_borrow_mut(|tokens| tokens.push(token.clone()));
    COUNTDOWN.set(1);
    let _uninstall = Uninstall;
    work()
}

/// Removes the innermost installed token when dropped.
struct Uninstall;

impl Drop for Uninstall {
    fn drop(&mut self) {
        INSTALLED.with_borrow_mut(|tokens| tokens.pop());
    }
}

/// Runs `work` with no token installed (those of the callers are put back
/// afterwards, also if `work` unwinds): [`check`] always succeeds inside.
pub fn without_stops<T>(work: impl FnOnce() -> T) -> T {
    let hidden = INSTALLED.with_borrow_mut(std::mem::take);
    let _restore = Restore(hidden);
    work()
}

/// Puts hidden tokens back when dropped.
struct Restore(Vec<StopToken>);

impl Drop for Restore {
    fn drop(&mut self) {
        let hidden = std::mem::take(&mut self.0);
        INSTALLED.with_borrow_mut(|tokens| *tokens = hidden);
        COUNTDOWN.set(1);
    }
}

/// Fails with [`MexError::Stopped`] when a token installed on this thread
/// is stopped; looks at the tokens once every [`CHECK_INTERVAL`] calls.
#[inline]
pub fn check() -> Result<(), MexError> {
    let left = COUNTDOWN.get() - 1;
    if left > 0 {
        COUNTDOWN.set(left);
        return Ok(());
    }
    check_now()
}

/// Looks at the installed tokens and rearms the counter.
#[cold]
#[inline(never)]
fn check_now() -> Result<(), MexError> {
    COUNTDOWN.set(CHECK_INTERVAL);
    INSTALLED.with_borrow(|tokens| {
        tokens.iter().try_for_each(|t| {
            t.work
                .fetch_add(u64::from(CHECK_INTERVAL), Ordering::Relaxed);
            t.status()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls [`check`] until it fails, at most `calls` times.
    fn first_failure(calls: u32) -> Option<(u32, MexError)> {
        (1..=calls).find_map(|i| check().err().map(|e| (i, e)))
    }

    #[test]
    fn without_a_token_every_check_succeeds() {
        assert!(first_failure(10 * CHECK_INTERVAL).is_none());
    }

    #[test]
    fn work_done_counts_the_checks() {
        let token = StopToken::new();
        run_under(&token, || {
            for _ in 0..5 * CHECK_INTERVAL {
                check().unwrap();
            }
        });
        // The first call looks at once, then every CHECK_INTERVAL calls.
        assert_eq!(token.work_done(), 5 * u64::from(CHECK_INTERVAL));
        assert_eq!(
            token.clone().work_done(),
            token.work_done(),
            "shared by clones"
        );
    }

    #[test]
    fn a_stopped_token_stops_the_first_check() {
        let token = StopToken::new();
        token.stop();
        let failure = run_under(&token, || first_failure(1));
        assert_eq!(failure, Some((1, MexError::Stopped { time_limit: None })));
        assert!(first_failure(10 * CHECK_INTERVAL).is_none(), "uninstalled");
    }

    #[test]
    fn a_flag_set_during_the_work_is_seen_within_the_interval() {
        let token = StopToken::new();
        let failure = run_under(&token, || {
            check().unwrap();
            token.clone().stop();
            first_failure(CHECK_INTERVAL)
        });
        let (calls, e) = failure.expect("stopped");
        assert!(calls <= CHECK_INTERVAL);
        assert_eq!(
            e.to_string(),
            "the computation was stopped: it was interrupted"
        );
    }

    #[test]
    fn a_work_limit_stops_after_its_steps_and_says_so() {
        let token = StopToken::with_work_limit(3 * u64::from(CHECK_INTERVAL));
        let (calls, e) = run_under(&token, || first_failure(10 * CHECK_INTERVAL)).expect("stopped");
        assert_eq!(calls, 2 * CHECK_INTERVAL + 1, "the third look stops");
        assert_eq!(e, MexError::Stopped { time_limit: None });
        assert!(token.work_spent());
        let untouched = StopToken::with_work_limit(u64::MAX);
        assert!(!untouched.work_spent() && !StopToken::new().work_spent());
    }

    #[test]
    fn a_deadline_in_the_past_stops() {
        let token = StopToken::with_time_limit(Duration::ZERO);
        assert!(token.is_stopped());
        let (_, e) = run_under(&token, || first_failure(1)).expect("stopped");
        assert_eq!(
            e.to_string(),
            "the computation was stopped: it ran past its time limit of 0 s"
        );
        let far = StopToken::with_time_limit(Duration::MAX);
        assert!(!far.is_stopped() && far.time_limit().is_none());
    }

    #[test]
    fn nested_tokens_all_apply_and_are_removed_in_order() {
        let outer = StopToken::new();
        let inner = StopToken::new();
        run_under(&outer, || {
            run_under(&inner, || {
                outer.stop();
                assert!(first_failure(1).is_some(), "the outer token applies inside");
            });
            assert!(
                first_failure(CHECK_INTERVAL).is_some(),
                "the outer token stays installed"
            );
            without_stops(|| assert!(first_failure(10 * CHECK_INTERVAL).is_none()));
            assert!(first_failure(1).is_some(), "put back after without_stops");
        });
        assert!(first_failure(10 * CHECK_INTERVAL).is_none());
    }

    #[test]
    fn unwinding_work_uninstalls_its_token() {
        let token = StopToken::new();
        token.stop();
        let unwound = std::panic::catch_unwind(|| run_under(&token, || panic!("work failed")));
        assert!(unwound.is_err());
        assert!(first_failure(10 * CHECK_INTERVAL).is_none());
    }

    #[test]
    fn clones_share_the_flag() {
        let token = StopToken::with_time_limit(Duration::from_secs(3600));
        let clone = token.clone();
        assert!(!token.is_stopped());
        clone.stop();
        assert_eq!(token.status(), Err(MexError::Stopped { time_limit: None }));
    }
}
