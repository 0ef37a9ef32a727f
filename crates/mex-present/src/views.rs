//! Data for the views of the seed games, computed here rather than in the
//! page's script: which views a game has ([`views_of`]), the reasoning of
//! the shift game's O(n) rule for a state (Weiss, Definitions 10–12 and
//! Proposition 15, corrected reading in `mex_core::shift::rule`), and the
//! De Bruijn graph picture with a play.

use crate::pictures;
use mex_core::games::{CatalogGame, Family, Side};
use mex_core::shift::graph::DeBruijnGraph;
use mex_core::shift::rule;
use mex_core::shift::state::{parse_state, show};
use mex_core::solve::arena::Player;
use mex_core::sync::ssc;
use mex_core::MexError;
use serde::Serialize;

/// The shift rule's reasoning at a state, `/api/shift/explain`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShiftExplanation {
    /// The state `b0 … b(n-1)`.
    pub state: String,
    /// Its length.
    pub n: usize,
    /// The bit `b(n-1)` that drops out.
    pub dropped: u8,
    /// Who chooses the new bit (`Alice` when the dropped bit is 1).
    pub chooser: Player,
    /// `t = b0 … b(n-2) 1`.
    pub examined: String,
    /// The smallest start of the greatest rotation of `t`.
    pub head: usize,
    /// The least significant 1 of that rotation.
    pub tail: usize,
    /// The greatest rotation, most significant bit first.
    pub rank: String,
    /// Whether the new bit is the complement of the dropped bit.
    pub flip: bool,
    /// The new bit.
    pub new_bit: u8,
    /// The next state under optimal play.
    pub next: String,
    /// The same as sentences.
    pub steps: Vec<String>,
}

/// A view the playground draws of a game's positions besides the board,
/// each from its own endpoint; the server's `/api/games` lists each game's
/// views (`views`), so that the page asks only for what a game has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum View {
    /// The thermograph of the position's canonical value
    /// (`/api/thermograph`): partizan games without cycles.
    Thermograph,
    /// The nim sequence of the position's rule (`/api/sequence`): octal
    /// and subtraction games.
    Sequence,
    /// The O(n) rule's reasoning (`/api/shift/explain`) and the De Bruijn
    /// graph with the play (`/api/debruijn`): the shift game.
    ShiftRule,
    /// Each stack cut into its irreducible pieces (`/api/ssc`):
    /// Synchronized Stack Cherries.
    SscPieces,
}

/// The views of `game`: a thermograph for a partizan game whose values
/// are canonical forms (a game with cycles has none), and the views of the
/// games they were made for.
pub fn views_of(game: &dyn CatalogGame) -> Vec<View> {
    let info = game.info();
    let mut views = Vec::new();
    if info.family == Family::Partizan && !game.has_cycles() {
        views.push(View::Thermograph);
    }
    views.extend(match info.name {
        "octal" | "subtraction" => Some(View::Sequence),
        "shift-game" => Some(View::ShiftRule),
        "ssc" => Some(View::SscPieces),
        _ => None,
    });
    views
}

/// One irreducible piece of a segment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SscPiece {
    /// Where it starts (0-based).
    pub start: usize,
    /// Its cherries.
    pub text: String,
}

/// A segment cut into its irreducible pieces, `/api/ssc`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SscPieces {
    /// The segment.
    pub segment: String,
    /// Its pieces, in order.
    pub pieces: Vec<SscPiece>,
}

/// Longest state explained (the rule is O(n); the catalog's shift game
/// stops at 20 bits, this leaves room for longer registers).
pub const MAX_EXPLAIN_BITS: usize = 4096;

/// The shift rule's reasoning at `state`: the examined state `t`, its head,
/// tail and greatest rotation, whether the new bit flips, who chooses, the
/// next state, and the same as sentences (`steps`).
pub fn shift_explanation(state: &str) -> Result<ShiftExplanation, MexError> {
    let bits = parse_state(state)?;
    let n = bits.len();
    if n > MAX_EXPLAIN_BITS {
        return Err(MexError::too_large(
            format!("a state of {n} bits"),
            format!("{MAX_EXPLAIN_BITS} bits"),
            "use a shorter state",
        ));
    }
    if n < 2 {
        return Err(MexError::invalid(
            format!("a state of {n} bit"),
            "a state of at least 2 bits",
        ));
    }
    let (next, e) = rule::next_with_explanation(&bits);
    let dropped = bits[n - 1];
    let chooser = Side::from(e.chooser);
    let steps = vec![
        format!(
            "The rule examines t = b0 … b{} 1 = {}: the state with its last bit set to 1.",
            n - 2,
            e.examined
        ),
        format!(
            "rank(t, k) reads t cyclically from index k as a binary number; the greatest is {}, first reached from k = {}: the head of t is {}.",
            e.rank_bits, e.head, e.head
        ),
        format!(
            "The tail of t is the least significant 1 of that rotation, the first 1 going backwards from head − 1: index {}.",
            e.tail
        ),
        if e.flip {
            format!(
                "tail = n − 1 = {}, so the new bit is the complement of the dropped bit b{} = {dropped}: {}.",
                n - 1,
                n - 1,
                next[0]
            )
        } else {
            format!(
                "tail = {} ≠ n − 1 = {}, so the new bit equals the dropped bit b{} = {dropped}.",
                e.tail,
                n - 1,
                n - 1
            )
        },
        format!(
            "The dropped bit is {dropped}, so {chooser} chooses; optimal play goes to {}.",
            show(&next)
        ),
    ];
    Ok(ShiftExplanation {
        state: show(&bits),
        n,
        dropped,
        chooser: e.chooser,
        examined: e.examined,
        head: e.head,
        tail: e.tail,
        rank: e.rank_bits,
        flip: e.flip,
        new_bit: next[0],
        next: show(&next),
        steps,
    })
}

/// The De Bruijn graph of order `n` as SVG with `path` (states separated by
/// commas, each one turn after the one before; empty for none) drawn.
pub fn debruijn_picture(n: u64, path: &str) -> Result<String, MexError> {
    let g = DeBruijnGraph::new(n)?;
    let states: Vec<&str> = path
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .take(4 * g.play.len() + 1)
        .collect();
    let path = g.parse_path(&states)?;
    let title = format!("De Bruijn graph of order {n}, the play so far in red");
    Ok(pictures::debruijn_svg(&g, &path, &title))
}

/// Longest segment decomposed for the page.
pub const MAX_SSC_CHERRIES: usize = 4096;

/// The decomposition of a Synchronized Stack Cherries segment into its
/// irreducible pieces (Theorems 6.4.2 and 6.4.5, `mex_core::sync::ssc`):
/// `{"segment", "pieces": [{"start", "text"}]}`, pieces in order.
pub fn ssc_pieces(segment: &str) -> Result<SscPieces, MexError> {
    let len = segment.trim().len();
    if len > MAX_SSC_CHERRIES {
        return Err(MexError::too_large(
            format!("a segment of {len} cherries"),
            format!("{MAX_SSC_CHERRIES} cherries"),
            "use mex ssc for longer segments",
        ));
    }
    let seg = ssc::parse_segment(segment)?;
    let cuts = ssc::cut_points(&seg);
    let pieces = cuts
        .iter()
        .zip(ssc::pieces(&seg, &cuts))
        .map(|(&start, piece)| SscPiece {
            start,
            text: ssc::show(piece),
        })
        .collect();
    Ok(SscPieces {
        segment: ssc::show(&seg),
        pieces,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ssc_pieces_agree_with_the_weakest_suffix_twin() {
        for len in 1..=10usize {
            for bits in 0..(1u32 << len) {
                let seg: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
                let v = ssc_pieces(&ssc::show(&seg)).unwrap();
                let got: Vec<&str> = v.pieces.iter().map(|p| p.text.as_str()).collect();
                let want: Vec<String> = ssc::decompose_by_weakest_suffix(&seg)
                    .iter()
                    .map(|p| ssc::show(p))
                    .collect();
                assert_eq!(got, want);
            }
        }
        assert!(ssc_pieces("").is_err());
        assert!(ssc_pieces("BXW").is_err());
        assert!(ssc_pieces(&"B".repeat(MAX_SSC_CHERRIES + 1)).is_err());
    }
    use mex_core::shift::exhaustive;
    use mex_core::shift::state::from_index;

    #[test]
    fn explanation_agrees_with_the_exhaustive_solver() {
        for n in 2..=8u32 {
            let sol = exhaustive::solve(n).unwrap();
            for s in 0..(1u64 << n) {
                let state = show(&from_index(s, n));
                let v = shift_explanation(&state).unwrap();
                let want = show(&from_index(sol.successors[s as usize].into(), n));
                assert_eq!(v.next, want, "{state}");
                assert_eq!(v.steps.len(), 5);
                let chooser = if s & 1 == 1 {
                    Player::Alice
                } else {
                    Player::Bob
                };
                assert_eq!(v.chooser, chooser);
            }
        }
    }

    #[test]
    fn explanation_of_a_known_state() {
        // t = 0101 has rotations 0101, 1010, 0101, 1010: the greatest, 1010,
        // starts at 1; going back from index 0 the first 1 is index 3 = n-1.
        let v = shift_explanation("0100").unwrap();
        assert_eq!(v.examined, "0101");
        assert_eq!(v.head, 1);
        assert_eq!(v.rank, "1010");
        assert_eq!(v.tail, 3);
        assert!(v.flip);
        assert_eq!(v.next, "1010");
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(json["chooser"], "Bob");
        assert_eq!(json["new_bit"], 1);
    }

    #[test]
    fn refusals() {
        assert!(shift_explanation("").is_err());
        assert!(shift_explanation("1").is_err());
        assert!(shift_explanation("01x").is_err());
        assert!(shift_explanation(&"1".repeat(MAX_EXPLAIN_BITS + 1)).is_err());
        assert!(debruijn_picture(7, "").is_err());
        assert!(debruijn_picture(3, "000,011").is_err());
        assert!(debruijn_picture(3, "000,100,010").is_ok());
    }
}
