//! The one error type of the library: every message is one line saying what
//! was wrong and what is accepted.
//!
//! Errors are data: besides the message, the structured variants say which
//! quantity was refused, its value and the accepted range or limit, so that
//! a front end can react (add a hint naming its own option, choose an exit
//! code) without parsing text. The library itself never names command-line
//! options.
//!
//! Input typed by a user is echoed through [`quote`], which escapes control
//! characters and shortens long input; `Display` additionally guarantees
//! that every message is one line of bounded length, whatever the fields
//! contain.

use std::fmt;

/// A request the library refuses. `Display` gives a single line suitable for
/// a command-line error message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MexError {
    /// The input could not be understood.
    Invalid {
        /// What was wrong, quoting the input.
        what: String,
        /// What would have been accepted.
        accepted: String,
    },
    /// The request is well-formed but exceeds a size limit checked up front.
    TooLarge {
        /// What was too large.
        what: String,
        /// The limit, in words.
        limit: String,
        /// What the user can do instead.
        hint: String,
        /// The budget whose exhaustion this is, when the work was refused
        /// because a budget ran out as it went (not a size checked up
        /// front), so that a front end can point to a cheaper question.
        spent: Option<Budget>,
    },
    /// A search ran to its configured bound without an answer.
    NotFound {
        /// What was searched and how far.
        what: String,
    },
    /// A quantity above the largest accepted value (checked before any work).
    AboveLimit {
        /// Which quantity, e.g. "order" or "the number of terms".
        quantity: String,
        /// The value given, in decimal (or as typed, quoted).
        value: String,
        /// The largest accepted value.
        limit: String,
        /// What the user can do instead.
        hint: String,
    },
    /// A quantity below the least accepted value. Never reported as "too
    /// large".
    TooSmall {
        /// Which quantity.
        quantity: String,
        /// The value given.
        value: String,
        /// The least accepted value.
        minimum: String,
        /// The whole accepted range, in words.
        accepted: String,
    },
    /// A quantity outside an accepted set that is not a simple upper or lower
    /// bound (e.g. "a power of two").
    OutOfRange {
        /// Which quantity.
        quantity: String,
        /// The value given.
        value: String,
        /// What is accepted, in words.
        accepted: String,
    },
    /// Reading or writing a file or stream failed. The core does no I/O;
    /// front ends report their failures with this kind.
    Io {
        /// The file (or "standard input").
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A computation stopped by a [`crate::stop::StopToken`] before it
    /// finished.
    Stopped {
        /// The time limit it ran past, or `None` when it was interrupted
        /// (the token's flag was set).
        time_limit: Option<std::time::Duration>,
    },
}

impl std::error::Error for MexError {}

/// A budget a computation spends as it goes (checked during the work, not
/// up front).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Budget {
    /// Comparisons of options (the work of canonical simplification).
    Comparisons,
    /// Bytes of memory.
    Memory,
}

impl MexError {
    /// Shorthand for [`MexError::Invalid`].
    pub fn invalid(what: impl Into<String>, accepted: impl Into<String>) -> Self {
        MexError::Invalid {
            what: what.into(),
            accepted: accepted.into(),
        }
    }

    /// Shorthand for [`MexError::TooLarge`].
    pub fn too_large(
        what: impl Into<String>,
        limit: impl Into<String>,
        hint: impl Into<String>,
    ) -> Self {
        MexError::TooLarge {
            what: what.into(),
            limit: limit.into(),
            hint: hint.into(),
            spent: None,
        }
    }

    /// A [`MexError::TooLarge`] because `budget` ran out while the work
    /// went on: `what` exceeded `limit`.
    pub fn budget_spent(
        budget: Budget,
        what: impl Into<String>,
        limit: impl Into<String>,
        hint: impl Into<String>,
    ) -> Self {
        MexError::TooLarge {
            what: what.into(),
            limit: limit.into(),
            hint: hint.into(),
            spent: Some(budget),
        }
    }

    /// The budget whose exhaustion this refusal reports, if it is one.
    pub fn spent_budget(&self) -> Option<Budget> {
        match self {
            MexError::TooLarge { spent, .. } => *spent,
            _ => None,
        }
    }

    /// Shorthand for [`MexError::AboveLimit`]: `quantity` is `value`, more
    /// than `limit`.
    pub fn above_limit(
        quantity: impl Into<String>,
        value: impl fmt::Display,
        limit: impl fmt::Display,
        hint: impl Into<String>,
    ) -> Self {
        MexError::AboveLimit {
            quantity: quantity.into(),
            value: value.to_string(),
            limit: limit.to_string(),
            hint: hint.into(),
        }
    }

    /// Shorthand for [`MexError::TooSmall`]: `quantity` is `value`, less than
    /// `minimum`; `accepted` states the whole range.
    pub fn too_small(
        quantity: impl Into<String>,
        value: impl fmt::Display,
        minimum: impl fmt::Display,
        accepted: impl Into<String>,
    ) -> Self {
        MexError::TooSmall {
            quantity: quantity.into(),
            value: value.to_string(),
            minimum: minimum.to_string(),
            accepted: accepted.into(),
        }
    }

    /// Shorthand for [`MexError::OutOfRange`].
    pub fn out_of_range(
        quantity: impl Into<String>,
        value: impl fmt::Display,
        accepted: impl Into<String>,
    ) -> Self {
        MexError::OutOfRange {
            quantity: quantity.into(),
            value: value.to_string(),
            accepted: accepted.into(),
        }
    }

    /// Shorthand for [`MexError::Io`].
    pub fn io(path: impl Into<String>, message: impl fmt::Display) -> Self {
        MexError::Io {
            path: path.into(),
            message: message.to_string(),
        }
    }

    /// Checks `min ≤ value ≤ max`: a value below `min` is
    /// [`MexError::TooSmall`], one above `max` is [`MexError::AboveLimit`]
    /// (so a too-small value is never called too large).
    pub fn check_range(
        quantity: &str,
        value: u64,
        min: u64,
        max: u64,
        hint: &str,
    ) -> Result<(), MexError> {
        if value < min {
            Err(MexError::too_small(
                quantity,
                value,
                min,
                format!("{quantity} from {min} to {max}"),
            ))
        } else if value > max {
            Err(MexError::above_limit(quantity, value, max, hint))
        } else {
            Ok(())
        }
    }

    /// The quantity a structured error is about, for front ends that add
    /// their own hints (e.g. the name of the option that sets it).
    pub fn quantity(&self) -> Option<&str> {
        match self {
            MexError::AboveLimit { quantity, .. }
            | MexError::TooSmall { quantity, .. }
            | MexError::OutOfRange { quantity, .. } => Some(quantity),
            _ => None,
        }
    }

    /// A short stable name of the kind of error, for machine-readable output.
    pub fn kind(&self) -> &'static str {
        match self {
            MexError::Invalid { .. } => "invalid",
            MexError::TooLarge { .. } | MexError::AboveLimit { .. } => "too_large",
            MexError::TooSmall { .. } => "too_small",
            MexError::OutOfRange { .. } => "out_of_range",
            MexError::NotFound { .. } => "not_found",
            MexError::Io { .. } => "io",
            MexError::Stopped { .. } => "stopped",
        }
    }
}

impl fmt::Display for MexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = match self {
            MexError::Invalid { what, accepted } => {
                format!("{}; accepted: {}", one_line(what), one_line(accepted))
            }
            MexError::TooLarge {
                what, limit, hint, ..
            } => format!(
                "{} exceeds the limit of {}; {}",
                one_line(what),
                one_line(limit),
                one_line(hint)
            ),
            MexError::NotFound { what } => one_line(what),
            MexError::AboveLimit {
                quantity,
                value,
                limit,
                hint,
            } => format!(
                "{} {} exceeds the limit of {}; {}",
                one_line(quantity),
                one_line(value),
                one_line(limit),
                one_line(hint)
            ),
            MexError::TooSmall {
                quantity,
                value,
                minimum,
                accepted,
            } => format!(
                "{} {} is below the minimum {}; accepted: {}",
                one_line(quantity),
                one_line(value),
                one_line(minimum),
                one_line(accepted)
            ),
            MexError::OutOfRange {
                quantity,
                value,
                accepted,
            } => format!(
                "{} {} is out of range; accepted: {}",
                one_line(quantity),
                one_line(value),
                one_line(accepted)
            ),
            MexError::Io { path, message } => {
                format!(
                    "cannot read or write {}: {}",
                    quote(path),
                    one_line(message)
                )
            }
            MexError::Stopped {
                time_limit: Some(limit),
            } => format!(
                "the computation was stopped: it ran past its time limit of {} s",
                limit.as_secs_f64()
            ),
            MexError::Stopped { time_limit: None } => {
                "the computation was stopped: it was interrupted".to_string()
            }
        };
        f.write_str(&line)
    }
}

/// `n` and the noun, singular for one (`1 turn`, `3 turns`): the noun's
/// plural is formed with `s`.
pub fn counted(n: impl fmt::Display, noun: &str) -> String {
    let number = n.to_string();
    if number == "1" {
        format!("1 {noun}")
    } else {
        format!("{number} {noun}s")
    }
}

/// A memory budget as a message states it: whole MiB when it is a
/// multiple of 1 MiB (`1536 MiB`), whole KiB when a multiple of 1 KiB,
/// else bytes, so that no budget reads as `0 MiB` or is rounded.
pub fn memory_amount(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => counted(b, "byte"),
    }
}

/// How many characters of user input an error message echoes.
pub const QUOTED_CHARS: usize = 60;

/// Longest field of a message (quoted input included) before `Display`
/// shortens it: a guard for messages built without [`quote`].
pub const MAX_FIELD_CHARS: usize = 400;

/// User input as it appears in an error message: in single quotes, control
/// characters (newlines, NUL, escape sequences…) escaped like Rust's
/// `escape_debug`, and at most [`QUOTED_CHARS`] characters followed by
/// `…(N bytes)` giving the full length when longer.
pub fn quote(text: &str) -> String {
    let mut out = String::from("'");
    for (shown, ch) in text.chars().enumerate() {
        if shown == QUOTED_CHARS {
            out.push_str(&format!("'…({} bytes)", text.len()));
            return out;
        }
        push_escaped(&mut out, ch);
    }
    out.push('\'');
    out
}

/// The refusal of a board that starts with a digit, which no board of
/// cells does: a size typed otherwise than `HxW` (`3*3`, `3 x`), said as
/// such rather than as a bad cell `'3'`.
pub fn size_not_understood(text: &str, accepted: &str) -> Option<MexError> {
    let t = text.trim();
    t.starts_with(|c: char| c.is_ascii_digit()).then(|| {
        MexError::invalid(
            format!("the size {} was not understood", quote(t)),
            accepted,
        )
    })
}

/// Escapes control characters (so a message stays on one line and prints no
/// raw control bytes) and shortens a field longer than [`MAX_FIELD_CHARS`]:
/// the guard of every message, also for front ends whose messages are not
/// a `MexError` (a value parser's text).
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_FIELD_CHARS + 32));
    let mut shown = 0;
    for ch in text.chars() {
        if shown >= MAX_FIELD_CHARS {
            out.push_str(&format!("…({} bytes)", text.len()));
            break;
        }
        let before = out.len();
        push_escaped(&mut out, ch);
        shown += out[before..].chars().count();
    }
    out
}

fn push_escaped(out: &mut String, ch: char) {
    if ch.is_control() || ch == '\u{2028}' || ch == '\u{2029}' {
        out.extend(ch.escape_debug());
    } else {
        out.push(ch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn memory_amounts_are_never_rounded_to_zero() {
        assert_eq!(memory_amount(3 << 29), "1536 MiB");
        assert_eq!(memory_amount(1 << 20), "1 MiB");
        assert_eq!(memory_amount(1 << 16), "64 KiB");
        assert_eq!(memory_amount((1 << 20) + 1), "1048577 bytes");
        assert_eq!(memory_amount(1), "1 byte");
        assert_eq!(memory_amount(0), "0 bytes");
    }

    #[test]
    fn quote_escapes_control_characters_and_truncates() {
        assert_eq!(quote("a\nb\0c"), "'a\\nb\\0c'");
        assert_eq!(quote("x"), "'x'");
        let long = "é".repeat(100);
        let q = quote(&long);
        assert!(q.ends_with("'…(200 bytes)"), "{q}");
        assert_eq!(q.chars().filter(|&c| c == 'é').count(), QUOTED_CHARS);
    }

    #[test]
    fn counts_are_singular_for_one_only() {
        assert_eq!(counted(1, "column"), "1 column");
        assert_eq!(counted(0, "row"), "0 rows");
        assert_eq!(counted(2, "move"), "2 moves");
        assert_eq!(counted(11, "strip"), "11 strips");
    }

    #[test]
    fn too_small_is_never_called_too_large() {
        let e = MexError::too_small("order", 0, 1, "1 ≤ n ≤ 32");
        let text = e.to_string();
        assert!(text.contains("below the minimum 1"), "{text}");
        assert!(
            !text.contains("exceeds") && !text.contains("large"),
            "{text}"
        );
        assert_eq!(e.kind(), "too_small");
        assert_eq!(e.quantity(), Some("order"));
    }

    #[test]
    fn check_range_names_the_side() {
        assert!(MexError::check_range("order", 5, 1, 32, "h").is_ok());
        let low = MexError::check_range("order", 0, 1, 32, "h").unwrap_err();
        assert_eq!(
            low.to_string(),
            "order 0 is below the minimum 1; accepted: order from 1 to 32"
        );
        let high = MexError::check_range("order", 33, 1, 32, "h").unwrap_err();
        assert_eq!(high.kind(), "too_large");
    }

    #[test]
    fn stopped_computations_say_why() {
        let late = MexError::Stopped {
            time_limit: Some(std::time::Duration::from_millis(200)),
        };
        assert_eq!(
            late.to_string(),
            "the computation was stopped: it ran past its time limit of 0.2 s"
        );
        assert_eq!(late.kind(), "stopped");
        assert_eq!(
            MexError::Stopped { time_limit: None }.to_string(),
            "the computation was stopped: it was interrupted"
        );
    }

    #[test]
    fn structured_errors_keep_their_fields() {
        let e = MexError::above_limit("order", 40, 32, "choose a smaller order");
        assert_eq!(
            e,
            MexError::AboveLimit {
                quantity: "order".into(),
                value: "40".into(),
                limit: "32".into(),
                hint: "choose a smaller order".into(),
            }
        );
        assert_eq!(
            e.to_string(),
            "order 40 exceeds the limit of 32; choose a smaller order"
        );
        let io = MexError::io("a\nb.txt", "No such file");
        assert_eq!(io.kind(), "io");
        assert_eq!(
            io.to_string(),
            "cannot read or write 'a\\nb.txt': No such file"
        );
    }

    fn every_kind(text: &str) -> Vec<MexError> {
        vec![
            MexError::invalid(text, text),
            MexError::too_large(text, text, text),
            MexError::NotFound { what: text.into() },
            MexError::above_limit(text, text, text, text),
            MexError::too_small(text, text, text, text),
            MexError::out_of_range(text, text, text),
            MexError::io(text, text),
            MexError::Stopped { time_limit: None },
            MexError::Stopped {
                time_limit: Some(std::time::Duration::MAX),
            },
            MexError::invalid(format!("{} is wrong", quote(text)), "x"),
        ]
    }

    proptest! {
        /// Whatever a field contains, the message is one line without
        /// control characters, of bounded length.
        #[test]
        fn every_message_is_one_bounded_line(text in any::<String>(), repeat in 1usize..300) {
            let text = text.repeat(repeat);
            for e in every_kind(&text) {
                let message = e.to_string();
                prop_assert!(!message.chars().any(|c| c.is_control()), "{message:?}");
                prop_assert!(message.chars().count() <= 4 * (MAX_FIELD_CHARS + 40) + 120, "{}", message.len());
            }
        }

        #[test]
        fn quote_is_bounded(text in any::<String>()) {
            let q = quote(&text);
            prop_assert!(!q.chars().any(|c| c.is_control()));
            prop_assert!(q.chars().count() <= 10 * QUOTED_CHARS + 30);
        }
    }
}
