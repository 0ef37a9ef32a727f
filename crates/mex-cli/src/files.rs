//! The files mex reads and writes. Reading is bounded: no input can make mex
//! read without limit. Text files are read in chunks; a size above the cap,
//! a NUL byte (binary data, e.g. `/dev/zero`) or invalid UTF-8 is refused
//! with a one-line error naming the cap, before the rest is read.
//!
//! Every path a user names, to read or to write, must be a regular file (or
//! not exist yet, to write); `-` names standard input. A named pipe, a
//! device or a directory is refused at once, as checkpoints and `@FILE`
//! expressions always were: opening a pipe that nobody writes to (or reads
//! from) would block forever.

use mex_core::error::quote;
use mex_core::MexError;
use std::io::Read;
use std::path::Path;

/// Largest graph file read (`mex graph`): enough for the node and move
/// limits of the graph format.
pub const MAX_GRAPH_BYTES: u64 = 1 << 30;

/// Largest De Bruijn sequence file read (`mex debruijn check`): 2^32 bits
/// as text with room for whitespace (one newline every bit).
pub const MAX_SEQUENCE_BYTES: u64 = 1 << 33;

const CHUNK: usize = 1 << 16;

/// What the user names: a file path, or `-` (or nothing) for stdin.
fn open(source: Option<&str>) -> Result<Box<dyn Read>, MexError> {
    match source {
        None | Some("-") => Ok(Box::new(std::io::stdin().lock())),
        Some(path) => {
            let meta = std::fs::metadata(path).map_err(|e| MexError::io(path, e))?;
            if !meta.is_file() {
                return Err(not_regular(
                    Path::new(path),
                    "a regular file, or - for standard input",
                ));
            }
            std::fs::File::open(path)
                .map(|f| Box::new(f) as Box<dyn Read>)
                .map_err(|e| MexError::io(path, e))
        }
    }
}

/// The refusal of a path that is not a regular file.
fn not_regular(path: &Path, accepted: &str) -> MexError {
    MexError::invalid(
        format!(
            "{} is not a regular file (a named pipe, a device or a directory)",
            quote(&path.display().to_string())
        ),
        accepted,
    )
}

/// Writes `text` to the file `path` named by `option` (`--svg`, `--plot`,
/// …), replacing it; an existing path that is not a regular file is
/// refused before it is opened.
pub fn write_file(path: &Path, text: &str, option: &str) -> Result<(), MexError> {
    let accepted = format!("a regular file for {option} (it is replaced)");
    if std::fs::metadata(path).is_ok_and(|meta| !meta.is_file()) {
        return Err(not_regular(path, &accepted));
    }
    std::fs::write(path, text).map_err(|e| {
        MexError::invalid(
            format!("cannot write {}: {e}", quote(&path.display().to_string())),
            accepted,
        )
    })
}

fn source_name(source: Option<&str>) -> String {
    match source {
        None | Some("-") => "standard input".into(),
        Some(path) => quote(path),
    }
}

/// Reads `source` in chunks of 64 KiB, handing each to `sink`, and refuses
/// input longer than `cap` bytes (`what` names the input in the error).
pub fn for_each_chunk(
    source: Option<&str>,
    what: &str,
    cap: u64,
    mut sink: impl FnMut(&[u8]) -> Result<(), MexError>,
) -> Result<(), MexError> {
    let mut reader = open(source)?;
    let mut buf = vec![0u8; CHUNK];
    let mut total = 0u64;
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(MexError::io(source.unwrap_or("-"), e)),
        };
        total += n as u64;
        if total > cap {
            return Err(MexError::above_limit(
                format!("the size of {what} {}", source_name(source)),
                format!("(more than {cap} bytes)"),
                format!("{cap} bytes"),
                "use a smaller input",
            ));
        }
        sink(&buf[..n])?;
    }
}

/// Reads a whole UTF-8 text file (or stdin) of at most `cap` bytes,
/// refusing binary data (a NUL byte) as soon as it is seen.
pub fn read_text(source: Option<&str>, what: &str, cap: u64) -> Result<String, MexError> {
    let mut bytes = Vec::new();
    for_each_chunk(source, what, cap, |chunk| {
        if let Some(i) = chunk.iter().position(|&b| b == 0) {
            return Err(MexError::invalid(
                format!(
                    "{what} {} contains a NUL byte at offset {}",
                    source_name(source),
                    bytes.len() + i
                ),
                "a text file",
            ));
        }
        bytes.extend_from_slice(chunk);
        Ok(())
    })?;
    String::from_utf8(bytes).map_err(|e| {
        MexError::invalid(
            format!(
                "{what} {} is not UTF-8 text (byte {})",
                source_name(source),
                e.utf8_error().valid_up_to()
            ),
            "a UTF-8 text file",
        )
    })
}

/// Adds the command-line option that sets a quantity to a refusal of its
/// value (`AboveLimit`, `TooSmall`; other errors are returned as they are):
/// the library names quantities, never options. The caller passes only the
/// result of the check of that option's value, so nothing is recognised
/// by its text.
pub fn with_option_hint(error: MexError, option: &str) -> MexError {
    match error {
        MexError::AboveLimit {
            quantity,
            value,
            limit,
            hint,
        } => MexError::AboveLimit {
            quantity: format!("{quantity} ({option})"),
            value,
            limit,
            hint,
        },
        MexError::TooSmall {
            quantity,
            value,
            minimum,
            accepted,
        } => MexError::TooSmall {
            quantity: format!("{quantity} ({option})"),
            value,
            minimum,
            accepted,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_file(name: &str, bytes: &[u8]) -> String {
        let path = std::env::temp_dir().join(format!("mex-input-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path.to_string_lossy().into_owned()
    }

    #[test]
    fn refuses_input_above_the_cap_naming_it() {
        let path = temp_file("cap", &[b'a'; 1000]);
        let err = read_text(Some(&path), "the graph", 999).unwrap_err();
        assert!(matches!(err, MexError::AboveLimit { .. }), "{err}");
        assert!(err.to_string().contains("999 bytes"), "{err}");
        assert_eq!(
            read_text(Some(&path), "the graph", 1000).unwrap().len(),
            1000
        );
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn refuses_binary_and_missing_files() {
        let path = temp_file("nul", b"a: b\n\0");
        let err = read_text(Some(&path), "the graph", 1 << 20).unwrap_err();
        assert!(err.to_string().contains("NUL byte at offset 5"), "{err}");
        std::fs::remove_file(path).unwrap();
        let err = read_text(Some("/nonexistent/x"), "the graph", 10).unwrap_err();
        assert_eq!(err.kind(), "io");
    }

    #[test]
    fn option_hint_is_added_to_refused_values_only() {
        let e = MexError::above_limit("the bound on terms", 9, 5, "less");
        let hinted = with_option_hint(e, "--max-terms");
        assert!(
            hinted.to_string().contains("terms (--max-terms) 9 exceeds"),
            "{hinted}"
        );
        let small = with_option_hint(MexError::too_small("order", 1, 2, "2 or more"), "--x");
        assert!(small.to_string().contains("order (--x)"), "{small}");
        let other = MexError::invalid("x", "y");
        assert_eq!(with_option_hint(other.clone(), "--x"), other);
    }
}
