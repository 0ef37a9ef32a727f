//! What a command prints: one JSON object with `--json`, a readable text
//! otherwise, both rendered from one typed result; or a stream of bytes.
//!
//! JSON rule for numbers: every quantity that can exceed 2^53 (pile and heap
//! sizes, nim-sums of Nim piles, counts, Wythoff coordinates and pairs) is a
//! decimal string, always, whatever its size; quantities bounded by the
//! computation itself (Grundy values of heap games, periods, preperiods,
//! indices, remoteness) are JSON numbers.
//!
//! Nothing here prints directly: [`Output::write`] writes to a writer and
//! returns the write error, so that `main` can end quietly on a closed pipe
//! and report every other write error in one line.

use serde::Serialize;
use serde_json::Value;
use std::io::{self, Write};

/// The readable presentation of a typed result (its JSON is its
/// `Serialize` implementation).
pub trait Report {
    /// The text for a terminal; built only when no JSON is asked for.
    fn text(&self) -> String;

    /// A negative verdict of a check (an honest "no"): printed on stderr,
    /// and the process exits with status 1.
    fn verdict(&self) -> Option<String> {
        None
    }
}

/// A typed result, type-erased: JSON or text on demand.
pub trait Printable {
    /// Writes the JSON object and a newline.
    fn write_json(&self, w: &mut dyn Write) -> io::Result<()>;
    /// The text presentation.
    fn text(&self) -> String;
    /// See [`Report::verdict`].
    fn verdict(&self) -> Option<String>;
}

impl<T: Serialize + Report> Printable for T {
    fn write_json(&self, w: &mut dyn Write) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut *w, self).map_err(io::Error::from)?;
        w.write_all(b"\n")
    }

    fn text(&self) -> String {
        Report::text(self)
    }

    fn verdict(&self) -> Option<String> {
        Report::verdict(self)
    }
}

/// A result whose JSON and text were built separately (the commands not yet
/// given a typed result).
#[derive(Serialize)]
#[serde(transparent)]
pub struct Prebuilt {
    json: Value,
    #[serde(skip)]
    text: String,
}

impl Report for Prebuilt {
    fn text(&self) -> String {
        self.text.clone()
    }
}

/// Writes a stream of bytes; may stop early when the writer fails.
pub type Stream = Box<dyn FnOnce(&mut dyn Write) -> io::Result<()>>;

/// What a command produced.
pub enum Output {
    /// A typed result.
    Report(Box<dyn Printable>),
    /// Bytes written as they are produced (sequence output); `--json` does
    /// not apply.
    Stream(Stream),
}

impl Output {
    /// A typed result.
    pub fn report(result: impl Serialize + Report + 'static) -> Self {
        Output::Report(Box::new(result))
    }

    /// A result built as JSON and text separately.
    pub fn new(json: Value, text: String) -> Self {
        Output::report(Prebuilt { json, text })
    }

    /// Bytes for stdout, as they are.
    pub fn bytes(bytes: Vec<u8>) -> Self {
        Output::Stream(Box::new(move |w| w.write_all(&bytes)))
    }

    /// A stream of bytes for stdout.
    pub fn stream(write: impl FnOnce(&mut dyn Write) -> io::Result<()> + 'static) -> Self {
        Output::Stream(Box::new(write))
    }

    /// Writes the chosen presentation and flushes. Returns the verdict of a
    /// check that said no (then the text is not written: the verdict is the
    /// text, for stderr).
    pub fn write(self, json: bool, w: &mut dyn Write) -> io::Result<Option<String>> {
        let verdict = match self {
            Output::Stream(stream) => {
                stream(w)?;
                None
            }
            Output::Report(result) => {
                let verdict = result.verdict();
                if json {
                    result.write_json(w)?;
                } else if verdict.is_none() {
                    let text = align_fields(&result.text());
                    w.write_all(text.as_bytes())?;
                    if !text.ends_with('\n') {
                        w.write_all(b"\n")?;
                    }
                }
                verdict
            }
        };
        w.flush()?;
        Ok(verdict)
    }
}

/// `cell` followed by spaces up to `width` characters (no width formatting:
/// cells may be arbitrarily long).
fn pad(cell: &str, width: usize) -> String {
    let missing = width.saturating_sub(cell.chars().count());
    let mut out = String::with_capacity(cell.len() + missing);
    out.push_str(cell);
    out.push_str(&" ".repeat(missing));
    out
}

/// Formats rows as aligned columns (cells of any length).
pub fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells.iter().zip(&widths).map(|(c, &w)| pad(c, w)).collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let mut out = line(&header);
    out += &line(&widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>());
    for row in rows {
        out += &line(row);
    }
    out
}

/// Separates a key from its value in the lines [`fields`] writes, until
/// [`align_fields`] pads the keys.
const KEY_END: char = '\u{1f}';

/// Key-value lines (keys of any length), aligned by [`align_fields`] with
/// the key-value lines next to them when the text is written, so that
/// fields built in several pieces line up as one block.
pub fn fields(pairs: &[(&str, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{k}{KEY_END}{v}\n"))
        .collect()
}

/// Pads the keys of each run of consecutive key-value lines to the run's
/// widest key (lines without a key, such as a table, end a run).
pub fn align_fields(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut i = 0;
    while i < lines.len() {
        let run = lines[i..]
            .iter()
            .take_while(|l| l.contains(KEY_END))
            .count();
        if run == 0 {
            out.push_str(lines[i]);
            i += 1;
            continue;
        }
        let pairs: Vec<(&str, &str)> = lines[i..i + run]
            .iter()
            .filter_map(|l| l.split_once(KEY_END))
            .collect();
        let width = pairs
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0);
        for (k, v) in pairs {
            out.push_str(&pad(k, width));
            out.push_str("  ");
            out.push_str(v);
        }
        i += run;
    }
    out
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

/// A report on one position: its typed JSON
/// ([`mex_present::position::PositionReport`]) and its text, built
/// together; the old command lines extend both (winning moves, tables).
pub struct PositionReport {
    pub json: mex_present::position::PositionReport,
    pub text: String,
}

impl PositionReport {
    /// What the command prints (the JSON's keys sorted, as every report's).
    pub fn output(self) -> Output {
        Output::new(mex_present::json::to_json(&self.json), self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_pads_cells_of_any_length() {
        let long = "x".repeat(70_000);
        let t = table(&["a", "b"], &[vec![long.clone(), "1".into()]]);
        assert!(t.starts_with(&format!("a{}  b\n", " ".repeat(69_999))));
        assert!(t.ends_with(&format!("{long}  1\n")));
        let f = align_fields(&fields(&[(&long, "v".into()), ("k", "w".into())]));
        assert!(f.ends_with(&format!("k{}  w\n", " ".repeat(69_999))));
    }

    /// Fields written in pieces line up as one block; a table between
    /// them ends the block.
    #[test]
    fn fields_built_in_pieces_line_up() {
        let text = fields(&[("code", "0.07".into())])
            + &fields(&[("preperiod", "53".into())])
            + &table(&["n"], &[vec!["1".into()]])
            + &fields(&[("a", "b".into())]);
        assert_eq!(
            align_fields(&text),
            "code       0.07\npreperiod  53\nn\n-\n1\na  b\n"
        );
    }
}
