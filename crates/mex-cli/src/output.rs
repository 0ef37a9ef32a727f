//! What a command prints: one JSON object with `--json`, a readable table
//! otherwise.
//!
//! JSON rule for numbers: every quantity that can exceed 2^53 (pile and heap
//! sizes, nim-sums of Nim piles, counts, Wythoff coordinates and pairs) is a
//! decimal string, always, whatever its size; quantities bounded by the
//! computation itself (Grundy values of heap games, periods, preperiods,
//! indices, remoteness) are JSON numbers.

use serde_json::Value;

/// A command's result in both presentations.
pub struct Output {
    /// The JSON object.
    pub json: Value,
    /// The human-readable text.
    pub text: String,
    /// Bytes to write as they are (sequence output), instead of either.
    pub raw: Option<Vec<u8>>,
    /// A one-line verdict for stderr when the answer is a failure (the
    /// process then exits with status 2, after printing the JSON if asked).
    pub failure: Option<String>,
}

impl Output {
    /// A normal result.
    pub fn new(json: Value, text: String) -> Self {
        Output {
            json,
            text,
            raw: None,
            failure: None,
        }
    }

    /// Raw bytes for stdout.
    pub fn raw(bytes: Vec<u8>) -> Self {
        Output {
            json: Value::Null,
            text: String::new(),
            raw: Some(bytes),
            failure: None,
        }
    }

    /// A negative verdict: JSON on stdout with --json, the message on stderr, status 2.
    pub fn failure(json: Value, message: String) -> Self {
        Output {
            json,
            text: String::new(),
            raw: None,
            failure: Some(message),
        }
    }

    /// Prints the chosen presentation on stdout.
    pub fn print(&self, json: bool) {
        if let Some(bytes) = &self.raw {
            use std::io::Write;
            let _ = std::io::stdout().write_all(bytes);
            return;
        }
        if self.failure.is_some() && !json {
            return;
        }
        if json {
            println!(
                "{}",
                serde_json::to_string_pretty(&self.json).expect("serialisable")
            );
        } else {
            print!("{}", self.text);
            if !self.text.ends_with('\n') {
                println!();
            }
        }
    }
}

/// Formats rows as aligned columns.
pub fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = line(header.iter().map(|h| h.to_string()).collect());
    out += &line(widths.iter().map(|w| "-".repeat(*w)).collect());
    for row in rows {
        out += &line(row.clone());
    }
    out
}

/// Key-value lines.
pub fn fields(pairs: &[(&str, String)]) -> String {
    let width = pairs.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    pairs
        .iter()
        .map(|(k, v)| format!("{k:<width$}  {v}\n"))
        .collect()
}

/// A list of small values as text, wrapped.
pub fn wrapped<T: std::fmt::Display>(values: &[T]) -> String {
    let mut out = String::new();
    for chunk in values.chunks(20) {
        let parts: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        out += "  ";
        out += &parts.join(" ");
        out += "\n";
    }
    out
}
