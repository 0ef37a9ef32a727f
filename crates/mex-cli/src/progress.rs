//! Progress bars on stderr, silent when stderr is not a terminal or when
//! JSON is requested.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

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
