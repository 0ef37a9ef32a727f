//! The one error type of the library: every message is one line saying what
//! was wrong and what is accepted.

use thiserror::Error;

/// A request the library refuses. `Display` gives a single line suitable for
/// a command-line error message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MexError {
    /// The input could not be understood.
    #[error("{what}; accepted: {accepted}")]
    Invalid {
        /// What was wrong, quoting the input.
        what: String,
        /// What would have been accepted.
        accepted: String,
    },
    /// The request is well-formed but exceeds a size limit checked up front.
    #[error("{what} exceeds the limit of {limit}; {hint}")]
    TooLarge {
        /// What was too large.
        what: String,
        /// The limit, in words.
        limit: String,
        /// What the user can do instead.
        hint: String,
    },
    /// A search ran to its configured bound without an answer.
    #[error("{what}")]
    NotFound {
        /// What was searched and how far.
        what: String,
    },
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
        }
    }
}
