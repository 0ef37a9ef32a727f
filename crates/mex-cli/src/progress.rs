//! Progress bars on stderr, silent when stderr is not a terminal or when
//! JSON is requested.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mex_core::stop::{self, StopToken};
use std::io::IsTerminal;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// A bar of `total` steps; hidden unless stderr is a terminal and `json` is off.
pub fn bar(total: u64, what: &str, json: bool) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if json || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let style = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({elapsed}, eta {eta})")
        .expect("valid template")
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar
}

/// A counter of `what` with no known total (a spinner); hidden unless
/// stderr is a terminal and `json` is off.
pub fn counter(what: &str, json: bool) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    if json || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let style =
        ProgressStyle::with_template("{spinner} {pos} {msg} ({elapsed})").expect("valid template");
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar
}

/// Runs `work` on this thread under a stop token of its own, while a
/// spinner on stderr shows the engines' steps (their calls of
/// `stop::check`, about one per position or node searched) and the time:
/// from one second on, only on a terminal and without JSON.
pub fn while_searching<T>(json: bool, work: impl FnOnce() -> T) -> T {
    let token = StopToken::new();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let spinner = counter("steps searched", json);
    let result = std::thread::scope(|scope| {
        let spinner = &spinner;
        let token = &token;
        scope.spawn(move || {
            let start = Instant::now();
            // Woken at once when the work ends (the sender is dropped).
            while let Err(RecvTimeoutError::Timeout) =
                finished.recv_timeout(Duration::from_millis(100))
            {
                if start.elapsed() >= Duration::from_secs(1) {
                    spinner.set_position(token.work_done());
                }
            }
        });
        let result = stop::run_under(token, work);
        drop(done);
        result
    });
    spinner.finish_and_clear();
    result
}
