//! The text every proof file of mex shares: a header line naming the
//! format's version and kind, `NAME VALUE` lines, the sides, and node lines
//! of a letter and numbers. The proof formats themselves are documented
//! where they are written: [`crate::partizan::domineering_search::proof`]
//! and the catalog's proofs of any partizan position (`games::proof`).

use super::minimax::Player;
use crate::MexError;

/// The first words of every proof file: `mex-proof VERSION KIND`.
pub const MAGIC: &str = "mex-proof";

/// The version of the proof formats this build writes and reads.
pub const VERSION: u32 = 1;

/// The header line of a proof of `kind`.
pub fn header(kind: &str) -> String {
    format!("{MAGIC} {VERSION} {kind}")
}

/// The kind named by a proof's header line, if it is one of this version.
pub fn kind_of(first_line: &str) -> Option<&str> {
    let mut words = first_line.split_whitespace();
    let version = format!("{VERSION}");
    match (words.next(), words.next(), words.next(), words.next()) {
        (Some(MAGIC), Some(v), Some(kind), None) if v == version => Some(kind),
        _ => None,
    }
}

/// A refusal of a proof of `kind`: `what` was wrong, `accepted` is.
pub fn bad(kind: &str, what: &str, accepted: &str) -> MexError {
    MexError::invalid(format!("{kind} proof: {what}"), accepted)
}

/// The value of the `NAME VALUE` line `line`.
pub fn field<'t>(kind: &str, line: Option<&'t str>, name: &str) -> Result<&'t str, MexError> {
    line.and_then(|l| l.trim().strip_prefix(name))
        .filter(|rest| rest.starts_with(' '))
        .map(str::trim)
        .ok_or_else(|| bad(kind, &format!("no {name} line"), &format!("{name} VALUE")))
}

/// A side as proofs write it: `left` or `right`.
pub fn side(kind: &str, word: &str) -> Result<Player, MexError> {
    match word {
        "left" => Ok(Player::Left),
        "right" => Ok(Player::Right),
        _ => Err(bad(kind, &format!("side {word}"), "left or right")),
    }
}

/// The word of a side.
pub fn side_word(player: Player) -> &'static str {
    match player {
        Player::Left => "left",
        Player::Right => "right",
    }
}

/// A node line: its letter and its numbers; `None` if it is not a letter
/// followed by numbers.
pub fn node_line(line: &str) -> Option<(&str, Vec<usize>)> {
    let mut words = line.split_whitespace();
    let letter = words.next()?;
    let numbers = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
    Some((letter, numbers))
}

/// `numbers` written after `letter` as one line.
pub fn write_node(out: &mut String, letter: char, numbers: &[usize]) {
    out.push(letter);
    for n in numbers {
        out.push(' ');
        out.push_str(&n.to_string());
    }
    out.push('\n');
}

/// Why a proof does not hold: the node where a checker found it wrong,
/// and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flaw {
    /// The node (its line after the header, from 0).
    pub node: usize,
    /// What is wrong, as a phrase after "node N".
    pub what: &'static str,
}

impl std::fmt::Display for Flaw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "node {} {}", self.node, self.what)
    }
}

/// Why a check did not accept a proof: a flaw of the proof, or an error of
/// the check itself (a budget spent, a stop, a position it cannot read).
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The proof is wrong.
    Flaw(Flaw),
    /// The check could not finish.
    Error(MexError),
}

impl From<MexError> for Failure {
    fn from(e: MexError) -> Self {
        Failure::Error(e)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Flaw(flaw) => write!(f, "the proof does not hold: {flaw}"),
            Failure::Error(e) => write!(f, "{e}"),
        }
    }
}

/// The failure of a proof wrong at `node`.
pub fn flaw(node: usize, what: &'static str) -> Failure {
    Failure::Flaw(Flaw { node, what })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_name_their_kind_and_version() {
        assert_eq!(kind_of(&header("game")), Some("game"));
        assert_eq!(kind_of("mex-proof 2 game"), None);
        assert_eq!(kind_of("mex-proof 1"), None);
        assert_eq!(kind_of("mex-proof 1 game extra"), None);
    }

    #[test]
    fn node_lines_round_trip() {
        let mut out = String::new();
        write_node(&mut out, 'l', &[3, 0, 12]);
        assert_eq!(out, "l 3 0 12\n");
        assert_eq!(node_line(&out), Some(("l", vec![3, 0, 12])));
        assert_eq!(node_line("w 1 x"), None);
        assert!(field("game", Some("boardx 4"), "board").is_err());
        assert_eq!(field("game", Some("board 4x4"), "board").unwrap(), "4x4");
    }
}
