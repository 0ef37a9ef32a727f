//! CGSuite's notation for loopy games (CGSuite's documentation, "Loopy
//! games"; Siegel 2013, ch. VI), read and printed.
//!
//! Read: everything of the short-game notation (`3/2`, `*`, `^`, `{1|0}`,
//! `+-1`, …) and besides
//! * `pass` among the options of a pair of braces: a move to the game
//!   those braces make (the innermost, with slashes: `{0||0|0,pass}` is
//!   `{0 | a{0 | 0, a}}`);
//! * labels: `a{0|a}` names the game of these braces `a` inside them;
//! * the named values `on = {pass|}`, `off = {|pass}`, `over = {0|pass}`,
//!   `under = {pass|0}`, `dud = {pass|pass}`, `upon = ^[on] = {pass|*}`,
//!   `v[on] = {*|pass}`, `^<on> = {0||0|0,pass}`, `v<on> = {0,pass|0||0}`,
//!   `tis = a{{|a}|}`, `tisn = a{|{a|}}`, each with a number before it
//!   (`3/2under` is 3/2 + under) and `*` after it (`^[on]*`);
//! * `Tiny(G) = {0||0|-G}`, `Miny(G) = {G|0||0}`, `+-G = {G|-G}`;
//! * sums and differences `G + H`, `G - H` of games whose braces are
//!   closed, and at the top level `G & H` (a game given by its onside G
//!   and offside H, both stoppers).
//!
//! Printed: the simplest form, with the names above where a follower is
//! one (`on`, `3/2under`, `-1/4v[on]`, `^<on>*`, `+-over`, `Tiny(on)`),
//! short followers in the short notation, and otherwise braces with
//! CGSuite's slashes, `pass` for a move to the braces' own game and labels
//! `a`, `b`, … for longer cycles. Everything printed reads back to an equal
//! game (tested).

use super::graph::{check_size, LoopyGraph};
use super::stopper::{self, short_values, Pseudonumber};
use super::value::{LoopyValue, Stopper};
use crate::error::quote;
use crate::partizan::notation::{self as short, Style};
use crate::partizan::store::{as_nimber, as_number, GameId, GameStore};
use crate::{stop, MexError};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use std::collections::HashMap;

/// The longest text read.
pub const MAX_TEXT: usize = 10_000;

/// The most characters printed.
pub const MAX_PRINTED: usize = 1_000_000;

/// The most braces printed (a graph printed as a tree repeats shared
/// followers).
pub const MAX_PRINTED_NODES: usize = 100_000;

/// The most bars printed between two sides: braces with this many keep
/// their braces inside other braces, whose bars start again at one
/// (CGSuite's `maxSlashes`).
pub const MAX_SLASHES: usize = 4;

/// The deepest nesting of braces read or printed (the reader and the
/// printer recurse).
pub const MAX_DEPTH: usize = 2_000;

/// The largest simplest form printed with names for its followers (each
/// follower is compared with the named values); larger ones are printed
/// with braces only.
pub const MAX_NAMED_GRAPH: usize = 300;

/// Named values and their definitions in the notation itself.
const NAMES: &[(&str, &str)] = &[
    ("on", "{pass|}"),
    ("off", "{|pass}"),
    ("over", "{0|pass}"),
    ("under", "{pass|0}"),
    ("dud", "{pass|pass}"),
    ("upon", "{pass|*}"),
    ("^[on]", "{pass|*}"),
    ("v[on]", "{*|pass}"),
    ("^<on>", "{0||0|0,pass}"),
    ("v<on>", "{0,pass|0||0}"),
    ("tis", "a{{|a}|}"),
    ("tisn", "a{|{a|}}"),
];

/// Suffixes of a number that are named loopy values (`3/2under`).
const SUFFIXES: &[&str] = &[
    "^[on]*", "v[on]*", "^<on>*", "v<on>*", "^[on]", "v[on]", "^<on>", "v<on>", "under", "over",
    "off", "on",
];

/// What a text is: one game (graph and start), or `onside & offside`.
#[derive(Debug, Clone)]
pub enum Parsed {
    /// A game graph and its start vertex.
    Game(LoopyGraph, usize),
    /// A game given by its sides.
    Sided(LoopyGraph, usize, LoopyGraph, usize),
}

/// Whether `text` uses anything the short-game notation does not have
/// (`pass`, a label, a loopy name, `&`). `Tiny(G)` and `Miny(G)` are
/// short when `G` is: the short notation reads them.
pub fn looks_loopy(text: &str) -> bool {
    text.contains("pass")
        || text.contains('&')
        || text.contains("on")
        || text.contains("off")
        || text.contains("over")
        || text.contains("under")
        || text.contains("dud")
        || text.contains("tis")
        || has_label(text)
}

/// Whether a label (a word of letters, digits and `_` that starts with a
/// letter, as [`Parser::word_term`] reads it) comes right before a `{`:
/// `a{0|a}`, `b19{0|b19}`.
fn has_label(text: &str) -> bool {
    let b = text.as_bytes();
    let is_word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    b.iter().enumerate().any(|(i, &c)| {
        if c != b'{' {
            return false;
        }
        let start = b[..i]
            .iter()
            .rposition(|&x| !is_word(x))
            .map_or(0, |p| p + 1);
        start < i && b[start].is_ascii_alphabetic()
    })
}

/// Reads a loopy game (or `G & H`).
pub fn parse(text: &str) -> Result<Parsed, MexError> {
    if text.len() > MAX_TEXT {
        return Err(MexError::too_large(
            "the expression",
            format!("{MAX_TEXT} characters"),
            "use a shorter expression",
        ));
    }
    let mut p = Parser {
        text,
        chars: text.char_indices().collect(),
        at: 0,
        b: Builder::default(),
        store: GameStore::with_budget(crate::partizan::store::DEFAULT_BUDGET),
        imported: HashMap::new(),
        labels: Vec::new(),
        depth: 0,
    };
    let first = p.sum()?;
    p.skip_space();
    let result = if p.eat('&') {
        let second = p.sum()?;
        p.expect_end()?;
        let g = p.b.graph()?;
        Parsed::Sided(g.clone(), first, g, second)
    } else {
        p.expect_end()?;
        Parsed::Game(p.b.graph()?, first)
    };
    Ok(result)
}

/// Reads a loopy game and gives its value: the simplest form of a
/// stopper, the sides of `G & H`, or the graph of another game.
pub fn parse_value(text: &str) -> Result<LoopyValue, MexError> {
    if text.len() <= MAX_TEXT && has_braced_sides(text) {
        return braced_sides_value(text);
    }
    if text.len() <= MAX_TEXT && (has_nested_sides(text) || is_sum_with_sides(text)) {
        return value_expression(text, 0);
    }
    // A sum of several games, added one at a time with each partial sum
    // simplified: the graph of the whole sum is the product of the terms'
    // graphs (3^10 positions for `upon` ten times, CGSuite's
    // `10*upon`). When a term or partial sum has no sides found, the whole
    // sum's graph is sided instead.
    if text.len() <= MAX_TEXT && split_terms(text).is_ok_and(|t| t.len() > 1) {
        if let Ok(v) = value_expression(text, 0) {
            return Ok(v);
        }
    }
    match parse(text)? {
        Parsed::Game(g, s) => super::sides::sided_value(&g, s),
        Parsed::Sided(g, a, h, b) => {
            let (g, _) = g.reachable(a);
            let (h, _) = h.reachable(b);
            let onside = super::sides::side_graph(&g)?;
            let offside = super::sides::side_graph(&h.negative())?.negative();
            LoopyValue::from_side_graphs(&onside, &offside).map_err(|_| {
                MexError::invalid(
                    format!("in {} the onside is not ≥ the offside", quote(text)),
                    "G & H with G ≥ H (Siegel 2013, §VI.4)",
                )
            })
        }
    }
}

/// Whether `text` has a `&` inside braces: an option given by its sides,
/// such as `{0|on&off}`.
fn has_braced_sides(text: &str) -> bool {
    let mut braces = 0usize;
    for c in text.chars() {
        match c {
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            '&' if braces > 0 => return true,
            _ => {}
        }
    }
    false
}

/// Options given by their sides, read as CGSuite reads them (its
/// `GameSpecNode`: `{A & B, … | C & D, …}` is the sided value whose onside
/// is the onside of `{A, … | C, …}` and whose offside is the offside of
/// `{B, … | D, …}`; `&` binds tighter than `+` and `-`, as in CGSuite's
/// grammar). The onside of a game whose options are onsides is the
/// onside of the game (Siegel 2013, §VI.4), so the two texts are read
/// whole.
fn braced_sides_value(text: &str) -> Result<LoopyValue, MexError> {
    let on = parse_value(&choose_sides(text, true)?)?;
    let off = parse_value(&choose_sides(text, false)?)?;
    let (Some((onside, _)), Some((_, offside))) = (on.side_graphs(), off.side_graphs()) else {
        return Err(MexError::invalid(
            format!("the sides of {} were not found", quote(text)),
            "options G & H whose games have sides",
        ));
    };
    LoopyValue::from_side_graphs(onside, offside).map_err(|_| {
        MexError::invalid(
            format!("in {} the onside is not ≥ the offside", quote(text)),
            "options G & H with G ≥ H (Siegel 2013, §VI.4)",
        )
    })
}

/// `text` with every `G & H` inside braces replaced by `G` (`onside`) or
/// `H`, innermost first.
fn choose_sides(text: &str, onside: bool) -> Result<String, MexError> {
    let mut out = text.to_string();
    while has_braced_sides(&out) {
        stop::check()?;
        let Some((from, amp, to)) = innermost_braced_sides(&out) else {
            return Err(MexError::invalid(
                format!("an option with more than one & in {}", quote(text)),
                "options G & H, one & each, e.g. {0|on & off}",
            ));
        };
        let chosen = if onside {
            &out[from..amp]
        } else {
            &out[amp + 1..to]
        };
        if chosen.trim().is_empty() {
            return Err(MexError::invalid(
                format!("a side missing around & in {}", quote(text)),
                "options G & H, e.g. {0|on & off}",
            ));
        }
        out = format!("{}{}{}", &out[..from], chosen.trim(), &out[to..]);
    }
    Ok(out)
}

/// The span `from..to` of an option `G & H` inside braces whose sides
/// have no `&`, and the place of its `&`.
fn innermost_braced_sides(text: &str) -> Option<(usize, usize, usize)> {
    let b = text.as_bytes();
    let mut braces = 0usize;
    for (amp, &c) in b.iter().enumerate() {
        match c {
            b'{' => braces += 1,
            b'}' => braces = braces.saturating_sub(1),
            b'&' if braces > 0 => {
                let (from, to) = (operand_start(b, amp), operand_end(b, amp));
                if b[from..to].iter().filter(|&&x| x == b'&').count() == 1 {
                    return Some((from, amp, to));
                }
            }
            _ => {}
        }
    }
    None
}

/// Where the operand left of `b[amp]` begins: after the separator (`,`,
/// `|`, an opening bracket) or binary `+`/`-` before it, nested brackets
/// skipped; leading signs belong to the operand.
fn operand_start(b: &[u8], amp: usize) -> usize {
    let mut depth = 0usize;
    let mut i = amp;
    while i > 0 {
        let c = b[i - 1];
        match c {
            b')' | b'}' | b']' => depth += 1,
            b'(' | b'{' | b'[' if depth == 0 => return i,
            b'(' | b'{' | b'[' => depth -= 1,
            b',' | b'|' if depth == 0 => return i,
            b'+' | b'-' if depth == 0 && !is_unary(b, i - 1) => return i,
            _ => {}
        }
        i -= 1;
    }
    0
}

/// Whether the sign at `b[at]` is unary: nothing but spaces, a separator
/// or another sign before it.
fn is_unary(b: &[u8], at: usize) -> bool {
    let before = b[..at].iter().rev().find(|c| !c.is_ascii_whitespace());
    matches!(
        before,
        None | Some(b',' | b'|' | b'{' | b'(' | b'[' | b'+' | b'-')
    )
}

/// Where the operand right of `b[amp]` ends: at the separator (`,`, `|`,
/// a closing bracket) or binary `+`/`-` after it, nested brackets skipped.
fn operand_end(b: &[u8], amp: usize) -> usize {
    let mut depth = 0usize;
    let mut started = false;
    for (i, &c) in b.iter().enumerate().skip(amp + 1) {
        match c {
            b'(' | b'{' | b'[' => depth += 1,
            b')' | b'}' | b']' if depth == 0 => return i,
            b')' | b'}' | b']' => depth -= 1,
            b',' | b'|' if depth == 0 => return i,
            b'+' | b'-' if depth == 0 && started => return i,
            _ => {}
        }
        if !c.is_ascii_whitespace() && !(depth == 0 && (c == b'+' || c == b'-')) {
            started = true;
        }
    }
    b.len()
}

/// The deepest nesting of parenthesised sums of sided values.
pub const MAX_VALUE_NESTING: usize = 100;

/// Whether `text` has a `&` inside parentheses (outside braces): a sum of
/// values given by their sides, such as `(over & v) + 1`.
fn has_nested_sides(text: &str) -> bool {
    let (mut parens, mut braces) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '(' => parens += 1,
            ')' => parens = parens.saturating_sub(1),
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            '&' if parens > 0 && braces == 0 => return true,
            _ => {}
        }
    }
    false
}

/// Whether `text` is a sum or difference of several terms with a `&`
/// outside all brackets: `G + H & J` reads as `G + (H & J)`, as in
/// CGSuite, whose grammar puts `&` (its `sidleExpr`) below `+` and `-`
/// (its `addExpr`) and above unary minus (`Cgsuite.g`).
fn is_sum_with_sides(text: &str) -> bool {
    let mut depth = 0usize;
    let mut top_level_amp = false;
    for c in text.chars() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            '&' if depth == 0 => top_level_amp = true,
            _ => {}
        }
    }
    top_level_amp && split_terms(text).is_ok_and(|t| t.len() > 1)
}

/// A sum and difference of terms at the level of values: `(G & H) + J −
/// (K & L)`, each term read by [`parse_value`] and the values added by
/// their sides ((G & H) + (J & K) = (G + J)⁺ & (H + K)⁻, Siegel 2013, §VI.4).
fn value_expression(text: &str, depth: usize) -> Result<LoopyValue, MexError> {
    if depth > MAX_VALUE_NESTING {
        return Err(MexError::invalid(
            format!(
                "parentheses around sides nested too deeply in {}",
                quote(text)
            ),
            format!("at most {MAX_VALUE_NESTING} levels, e.g. (over & v) + 1"),
        ));
    }
    let mut terms = split_terms(text)?.into_iter();
    let Some((negate, first)) = terms.next() else {
        return Err(MexError::invalid(
            format!("no game in {}", quote(text)),
            "a loopy game in CGSuite's notation, e.g. (over & v) + 1",
        ));
    };
    let signed = |negate: bool, t: &str| -> Result<LoopyValue, MexError> {
        let v = if has_nested_sides(t) {
            value_expression(t, depth + 1)?
        } else {
            parse_value(t)?
        };
        Ok(if negate { v.negative() } else { v })
    };
    let mut acc = signed(negate, first)?;
    for (negate, t) in terms {
        stop::check()?;
        acc = super::sides::add(&acc, &signed(negate, t)?)?;
    }
    Ok(acc)
}

/// The terms of a sum at depth 0 (outside parentheses, braces and
/// brackets), each with whether it is subtracted; a parenthesised term
/// loses its parentheses. `+-H` stays a term (the switch ±H).
fn split_terms(text: &str) -> Result<Vec<(bool, &str)>, MexError> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let (mut start, mut negate) = (0usize, false);
    let mut seen_term = false;
    let bytes = text.as_bytes();
    let mut push = |from: usize, to: usize, negate: bool| -> Result<(), MexError> {
        let mut t = text[from..to].trim();
        let mut negate = negate;
        // A leading minus before parentheses: `-(G & H)`.
        if let Some(rest) = t
            .strip_prefix('-')
            .filter(|r| r.trim_start().starts_with('('))
        {
            t = rest.trim_start();
            negate = !negate;
        }
        let t = match t.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
            Some(inner) if balanced(inner) => inner,
            _ => t,
        };
        if t.is_empty() {
            return Err(MexError::invalid(
                format!("an empty term in {}", quote(text)),
                "terms joined by + and -, e.g. (over & v) + 1",
            ));
        }
        out.push((negate, t));
        Ok(())
    };
    for (i, c) in text.char_indices() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            '+' | '-' if depth == 0 && seen_term && bytes.get(i.wrapping_sub(1)) != Some(&b'+') => {
                push(start, i, negate)?;
                negate = c == '-';
                start = i + 1;
                if c == '+' && bytes.get(i + 1) == Some(&b'-') {
                    start = i; // `+-H`: the switch, read whole.
                }
                seen_term = false;
                continue;
            }
            // A sign after `&` belongs to the side: `1 & -1`.
            '&' if depth == 0 => {
                seen_term = false;
                continue;
            }
            _ => {}
        }
        if !c.is_whitespace() && !(depth == 0 && (c == '+' || c == '-')) {
            seen_term = true;
        }
    }
    push(start, text.len(), negate)?;
    Ok(out)
}

/// Whether the parentheses of `text` balance (so `(a) + (b)` is not
/// taken for one parenthesised term).
fn balanced(text: &str) -> bool {
    let mut depth = 0i64;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// The arena the parser builds the graph in; `open` vertices are braces
/// not yet closed.
#[derive(Default)]
struct Builder {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
    open: Vec<bool>,
}

impl Builder {
    fn vertex(&mut self) -> Result<usize, MexError> {
        check_size(self.left.len() + 1, 0)?;
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.open.push(false);
        Ok(self.left.len() - 1)
    }

    fn graph(&self) -> Result<LoopyGraph, MexError> {
        LoopyGraph::try_from_options(self.left.clone(), self.right.clone())
    }

    /// Appends the vertices of `g`; the new number of `g`'s vertex `v` is
    /// the result plus `v`.
    fn append(&mut self, g: &LoopyGraph) -> Result<usize, MexError> {
        let shift = self.left.len();
        check_size(shift + g.len(), 0)?;
        for v in 0..g.len() {
            self.left
                .push(g.left(v).iter().map(|w| w + shift).collect());
            self.right
                .push(g.right(v).iter().map(|w| w + shift).collect());
            self.open.push(false);
        }
        Ok(shift)
    }

    /// The closed game from `v`, refused when it reaches open braces.
    fn closed(&self, v: usize, what: &str) -> Result<(LoopyGraph, Vec<usize>), MexError> {
        let (g, old) = self.graph()?.reachable(v);
        if old.iter().any(|&o| self.open[o]) {
            return Err(MexError::invalid(
                format!("{what} of a game whose braces are not closed (a label or pass inside it)"),
                "sums and negatives of complete games; write the options out instead",
            ));
        }
        Ok((g, old))
    }

    fn add(&mut self, a: usize, b: usize) -> Result<usize, MexError> {
        let (g, _) = self.closed(a, "a sum")?;
        let (h, _) = self.closed(b, "a sum")?;
        let s = g.sum(0, &h, 0)?;
        self.append(&s)
    }

    fn neg(&mut self, a: usize) -> Result<usize, MexError> {
        let (g, _) = self.closed(a, "the negative")?;
        self.append(&g.negative())
    }
}

/// An option inside braces.
enum Opt {
    Pass,
    Game(usize),
}

/// What braces hold: option lists separated by runs of bars.
enum Item {
    Options(Vec<Opt>),
    Bars(usize),
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<(usize, char)>,
    at: usize,
    b: Builder,
    store: GameStore,
    imported: HashMap<GameId, usize>,
    /// Labels in scope, innermost last.
    labels: Vec<(String, usize)>,
    /// Terms being read, one inside the other.
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|&(_, c)| c)
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.at + k).map(|&(_, c)| c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn eat_str(&mut self, s: &str) -> bool {
        self.skip_space();
        let n = s.chars().count();
        let matches = s
            .chars()
            .enumerate()
            .all(|(k, c)| self.peek_at(k) == Some(c));
        if matches {
            self.at += n;
        }
        matches
    }

    fn offset(&self) -> usize {
        self.chars.get(self.at).map_or(self.text.len(), |&(i, _)| i)
    }

    fn error(&self, what: &str) -> MexError {
        MexError::invalid(
            format!("{what} at character {} of {}", self.offset() + 1, quote(self.text)),
            "a loopy game in CGSuite's notation, e.g. on, over, {0|pass}, a{0|{1|a}}, 3/2under, over & v",
        )
    }

    fn expect_end(&mut self) -> Result<(), MexError> {
        self.skip_space();
        if self.at < self.chars.len() {
            return Err(self.error("unexpected text"));
        }
        Ok(())
    }

    /// `term (('+' | '-') term)*`.
    fn sum(&mut self) -> Result<usize, MexError> {
        let mut acc = self.term()?;
        loop {
            stop::check()?;
            self.skip_space();
            if self.peek() == Some('+') && self.peek_at(1) == Some('-') {
                // `G +-H`: G plus the switch ±H.
                self.at += 2;
                let t = self.term()?;
                let s = self.switch(t)?;
                acc = self.b.add(acc, s)?;
            } else if self.peek() == Some('+') {
                self.at += 1;
                let t = self.term()?;
                acc = self.b.add(acc, t)?;
            } else if self.peek() == Some('-') {
                self.at += 1;
                let t = self.term()?;
                let n = self.b.neg(t)?;
                acc = self.b.add(acc, n)?;
            } else {
                return Ok(acc);
            }
        }
    }

    fn term(&mut self) -> Result<usize, MexError> {
        stop::check()?;
        self.skip_space();
        self.depth += 1;
        let result = self.term_inner();
        self.depth -= 1;
        result
    }

    fn term_inner(&mut self) -> Result<usize, MexError> {
        if self.depth > MAX_DEPTH {
            return Err(self.error("braces nested too deeply"));
        }
        if self.eat_str("+-") || self.eat('±') {
            self.skip_space();
            if self.peek() == Some('{') && !self.braces_have_bar() {
                return self.switch_of_options();
            }
            let g = self.term()?;
            return self.switch(g);
        }
        match self.peek() {
            None => Err(self.error("a game expected")),
            Some('-') if !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) => {
                self.at += 1;
                let g = self.term()?;
                self.b.neg(g)
            }
            Some('(') => {
                self.at += 1;
                let g = self.sum()?;
                if !self.eat(')') {
                    return Err(self.error("')' expected"));
                }
                Ok(g)
            }
            Some('{') => {
                self.at += 1;
                self.braces(None)
            }
            Some(_) => self.word_term(),
        }
    }

    /// Whether the braces opening here have a bar of their own (outside
    /// the braces nested in them).
    fn braces_have_bar(&self) -> bool {
        let mut depth = 0usize;
        for &(_, c) in &self.chars[self.at..] {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return false;
                    }
                }
                '|' if depth == 1 => return true,
                _ => {}
            }
        }
        false
    }

    /// `+-{A,B,…}` as CGSuite prints a switch with several options:
    /// `{A,B,… | -A,-B,…}`.
    fn switch_of_options(&mut self) -> Result<usize, MexError> {
        self.at += 1;
        let mut left = Vec::new();
        loop {
            self.skip_space();
            if self.peek() == Some('}') && !left.is_empty() {
                self.at += 1;
                break;
            }
            if !left.is_empty() && !self.eat(',') {
                return Err(self.error("',' or '}' expected in +-{…}"));
            }
            left.push(self.sum()?);
            self.skip_space();
        }
        let mut right = Vec::with_capacity(left.len());
        for &g in &left {
            right.push(self.b.neg(g)?);
        }
        let v = self.b.vertex()?;
        self.b.left[v] = left;
        self.b.right[v] = right;
        Ok(v)
    }

    /// `{G|-G}`.
    fn switch(&mut self, g: usize) -> Result<usize, MexError> {
        let n = self.b.neg(g)?;
        let v = self.b.vertex()?;
        self.b.left[v] = vec![g];
        self.b.right[v] = vec![n];
        Ok(v)
    }

    /// A word: a label (followed by `{`), a label in scope, a name, a
    /// number with a named suffix, `Tiny(…)`/`Miny(…)`, or short notation.
    fn word_term(&mut self) -> Result<usize, MexError> {
        let start = self.at;
        if self.peek() == Some('-') {
            self.at += 1;
        }
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}|,&()+".contains(c) || (c == '-' && self.at > start) {
                break;
            }
            self.at += 1;
        }
        let word: String = self.chars[start..self.at].iter().map(|&(_, c)| c).collect();
        if word.is_empty() {
            return Err(self.error("a game expected"));
        }
        let is_ident = word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && word.starts_with(|c: char| c.is_ascii_alphabetic());
        if is_ident && self.peek() == Some('{') {
            self.at += 1;
            return self.braces(Some(word));
        }
        if is_ident && (word == "Tiny" || word == "Miny") {
            if !self.eat('(') {
                return Err(self.error("'(' expected"));
            }
            let g = self.sum()?;
            if !self.eat(')') {
                return Err(self.error("')' expected"));
            }
            return self.tiny(g, word == "Tiny");
        }
        if let Some(&(_, v)) = self.labels.iter().rev().find(|(l, _)| *l == word) {
            return Ok(v);
        }
        if word == "pass" {
            return Err(self.error("'pass' outside the options of braces"));
        }
        if let Some(&(_, def)) = NAMES.iter().find(|(n, _)| *n == word) {
            return self.named(def);
        }
        for suffix in SUFFIXES {
            if let Some(prefix) = word.strip_suffix(suffix) {
                if prefix.is_empty() || prefix.ends_with(|c: char| c.is_ascii_digit()) {
                    return self.number_and_name(&word, prefix, suffix);
                }
            }
        }
        self.short(&word)
    }

    /// `x` + the named value `suffix` (with `*` if it ends so).
    fn number_and_name(
        &mut self,
        word: &str,
        prefix: &str,
        suffix: &str,
    ) -> Result<usize, MexError> {
        let (name, star) = match suffix.strip_suffix('*') {
            Some(n) => (n, true),
            None => (suffix, false),
        };
        let def = NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, d)| d)
            .ok_or_else(|| self.error(&format!("unknown name in {}", quote(word))))?;
        let mut g = self.named(def)?;
        if star {
            let s = self.short("*")?;
            g = self.b.add(g, s)?;
        }
        if !prefix.is_empty() {
            let x = self.short(prefix)?;
            g = self.b.add(x, g)?;
        }
        Ok(g)
    }

    /// The game of a name's definition (parsed on its own).
    fn named(&mut self, def: &str) -> Result<usize, MexError> {
        let Parsed::Game(g, s) = parse(def)? else {
            unreachable!("a name's definition is one game")
        };
        let shift = self.b.append(&g)?;
        Ok(shift + s)
    }

    /// `Tiny(G) = {0||0|-G}` or `Miny(G) = {G|0||0}`.
    fn tiny(&mut self, g: usize, tiny: bool) -> Result<usize, MexError> {
        let zero = self.short("0")?;
        let arg = if tiny { self.b.neg(g)? } else { g };
        let inner = self.b.vertex()?;
        let outer = self.b.vertex()?;
        if tiny {
            self.b.left[inner] = vec![zero];
            self.b.right[inner] = vec![arg];
            self.b.left[outer] = vec![zero];
            self.b.right[outer] = vec![inner];
        } else {
            self.b.left[inner] = vec![arg];
            self.b.right[inner] = vec![zero];
            self.b.left[outer] = vec![inner];
            self.b.right[outer] = vec![zero];
        }
        Ok(outer)
    }

    /// A word of the short notation, as a loopfree graph.
    fn short(&mut self, word: &str) -> Result<usize, MexError> {
        let g = short::parse(&mut self.store, word).map_err(|e| {
            MexError::invalid(
                format!("cannot read {} as a game: {e}", quote(word)),
                "a game in CGSuite's notation: a number, *, ^, on, over, {0|pass}, a{0|a}, …",
            )
        })?;
        self.import(g)
    }

    fn import(&mut self, g: GameId) -> Result<usize, MexError> {
        if let Some(&v) = self.imported.get(&g) {
            return Ok(v);
        }
        stop::check()?;
        self.store.refuse_records(g, "a loopy game")?;
        let node = self.store.node(g).clone();
        let left = node
            .left
            .iter()
            .map(|&x| self.import(x))
            .collect::<Result<Vec<_>, _>>()?;
        let right = node
            .right
            .iter()
            .map(|&x| self.import(x))
            .collect::<Result<Vec<_>, _>>()?;
        let v = self.b.vertex()?;
        self.b.left[v] = left;
        self.b.right[v] = right;
        self.imported.insert(g, v);
        Ok(v)
    }

    /// The inside of braces (the `{` read), with its label.
    fn braces(&mut self, label: Option<String>) -> Result<usize, MexError> {
        let top = self.b.vertex()?;
        self.b.open[top] = true;
        let scoped = label.is_some();
        if let Some(l) = label {
            self.labels.push((l, top));
        }
        let mut items: Vec<Item> = Vec::new();
        let mut current: Vec<Opt> = Vec::new();
        // Whether a comma follows the last option of `current`.
        let mut separated = false;
        loop {
            self.skip_space();
            match self.peek() {
                None => return Err(self.error("'}' expected")),
                Some('}') => {
                    self.at += 1;
                    break;
                }
                Some('|') => {
                    let mut k = 0;
                    while self.peek() == Some('|') {
                        self.at += 1;
                        k += 1;
                    }
                    items.push(Item::Options(std::mem::take(&mut current)));
                    items.push(Item::Bars(k));
                }
                Some(',') if !current.is_empty() && !separated => {
                    self.at += 1;
                    separated = true;
                }
                _ => {
                    if !current.is_empty() && !separated {
                        return Err(self.error(
                            "options are separated by commas (no spaces inside a number or name)",
                        ));
                    }
                    separated = false;
                    if self.eat_word("pass") {
                        current.push(Opt::Pass);
                    } else {
                        current.push(Opt::Game(self.sum()?));
                    }
                }
            }
        }
        items.push(Item::Options(current));
        if scoped {
            self.labels.pop();
        }
        self.build(&items, top)?;
        self.b.open[top] = false;
        Ok(top)
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let save = self.at;
        if self.eat_str(w)
            && !self
                .peek()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return true;
        }
        self.at = save;
        false
    }

    /// Gives `node` the options of `items`: split at the unique longest
    /// run of bars; a side with bars is one option, a game of its own.
    fn build(&mut self, items: &[Item], node: usize) -> Result<(), MexError> {
        let most = items
            .iter()
            .filter_map(|i| match i {
                Item::Bars(k) => Some(*k),
                Item::Options(_) => None,
            })
            .max()
            .ok_or_else(|| self.error("'|' expected inside braces"))?;
        let splits: Vec<usize> = (0..items.len())
            .filter(|&i| matches!(items[i], Item::Bars(k) if k == most))
            .collect();
        if splits.len() != 1 {
            return Err(self.error(&format!(
                "{} runs of {most} bars in one pair of braces",
                splits.len()
            )));
        }
        let (l, r) = (&items[..splits[0]], &items[splits[0] + 1..]);
        let left = self.side(l, node)?;
        let right = self.side(r, node)?;
        self.b.left[node] = left;
        self.b.right[node] = right;
        Ok(())
    }

    fn side(&mut self, items: &[Item], node: usize) -> Result<Vec<usize>, MexError> {
        if let [Item::Options(opts)] = items {
            return Ok(opts
                .iter()
                .map(|o| match o {
                    Opt::Pass => node,
                    Opt::Game(g) => *g,
                })
                .collect());
        }
        let inner = self.b.vertex()?;
        self.b.open[inner] = true;
        self.build(items, inner)?;
        self.b.open[inner] = false;
        Ok(vec![inner])
    }
}

// ---------------------------------------------------------------- printing

/// A game laid out for printing: a text, or braces with a label and sides.
enum Printed {
    Text(String),
    Braces {
        label: Option<String>,
        left: Vec<Printed>,
        right: Vec<Printed>,
    },
}

/// Prints a value: a stopper's simplest form, `onside & offside`, or the
/// graph of another game.
pub fn show_value(v: &LoopyValue) -> Result<String, MexError> {
    match v {
        LoopyValue::Stopper(s) => show_stopper(s),
        LoopyValue::Sided { onside, offside } if is_dud(onside, offside) => Ok("dud".into()),
        LoopyValue::Sided { onside, offside } => Ok(format!(
            "{} & {}",
            show_stopper(onside)?,
            show_stopper(offside)?
        )),
        LoopyValue::GraphSided { onside, offside } => {
            Ok(format!("{} & {}", show_side(onside)?, show_side(offside)?))
        }
        LoopyValue::Unsided(g) => show_graph(g, 0, None),
    }
}

/// Prints a side: a stopper (in simplest form) with names, another game
/// as its graph.
pub fn show_side(g: &LoopyGraph) -> Result<String, MexError> {
    if g.is_stopper(0)? {
        return show_stopper(&Stopper::new(g, 0)?);
    }
    show_graph(g, 0, None)
}

/// Whether `onside & offside` is `on & off`, which CGSuite prints as
/// `dud` (its `SidedValue.toOutput`; Winning Ways, ch. 11).
fn is_dud(onside: &Stopper, offside: &Stopper) -> bool {
    let on = LoopyGraph::from_options(vec![vec![0]], vec![vec![]]);
    onside.graph() == &on && offside.graph() == &on.negative()
}

/// Prints a stopper in simplest form, with names.
pub fn show_stopper(s: &Stopper) -> Result<String, MexError> {
    let g = s.graph();
    if g.len() > MAX_NAMED_GRAPH {
        return show_graph(g, 0, None);
    }
    let names = Names::of(g)?;
    show_graph(g, 0, Some(&names))
}

/// Prints the game `g` from `start` (with `names` for followers that have
/// one).
pub fn show_graph(g: &LoopyGraph, start: usize, names: Option<&Names>) -> Result<String, MexError> {
    let mut store = GameStore::with_budget(crate::partizan::store::DEFAULT_BUDGET);
    let shorts = short_values(g, &mut store)?;
    let arrows = uptimal_arrows(&mut store, &shorts)?;
    let mut p = Printer {
        g,
        store: &store,
        shorts: &shorts,
        arrows: &arrows,
        names,
        stack: Vec::new(),
        labels: HashMap::new(),
        next_label: 0,
        nodes: 0,
    };
    let tree = p.layout(start)?;
    let text = render_top(&tree);
    if text.len() > MAX_PRINTED {
        return Err(MexError::too_large(
            "the printed loopy game",
            format!("{MAX_PRINTED} characters"),
            "use a smaller game",
        ));
    }
    Ok(text)
}

/// The names of the followers of a stopper in simplest form that have one.
pub struct Names {
    text: Vec<Option<String>>,
}

impl Names {
    /// Finds the names: pseudonumbers by shape, `x + K` (`K` among
    /// `^[on]`, `v[on]`, `^<on>`, `v<on>`, with or without `*`) by
    /// comparison with `x` the follower's stop, `Tiny(on)`, `Miny(on)`,
    /// `Tiny(over)`, `Miny(under)` by shape.
    pub fn of(g: &LoopyGraph) -> Result<Names, MexError> {
        let mut store = GameStore::new();
        let shorts = short_values(g, &mut store)?;
        let free = g.loopfree_vertices();
        let mut text: Vec<Option<String>> = vec![None; g.len()];
        let candidates = suffixed_candidates()?;
        let number = |w: usize| shorts[w].and_then(|x| as_number(&store, x));
        for v in 0..g.len() {
            stop::check()?;
            if free[v] {
                continue;
            }
            if let Some(p) = stopper::pseudonumber_at(g, v, &number) {
                text[v] = Some(p.to_string());
                continue;
            }
            let (sub, _) = g.reachable(v);
            if let (Pseudonumber::Number { p, q, tilt: 0 }, r) = stopper::stops(&sub)? {
                if r == (Pseudonumber::Number { p, q, tilt: 0 }) {
                    text[v] = suffixed_name(&sub, p, q, &candidates)?;
                }
            }
        }
        // Tiny and Miny of on and over, by shape.
        for v in 0..g.len() {
            if text[v].is_none() && !free[v] {
                text[v] = tiny_name(g, v, &text, &shorts, &store);
            }
        }
        Ok(Names { text })
    }

    fn get(&self, v: usize) -> Option<&str> {
        self.text.get(v).and_then(|t| t.as_deref())
    }
}

/// The named suffixes `K` tried as `x + K`, as stoppers (simplest forms).
fn suffixed_candidates() -> Result<Vec<(&'static str, Stopper)>, MexError> {
    let mut out = Vec::new();
    for suffix in [
        "^[on]", "v[on]", "^<on>", "v<on>", "^[on]*", "v[on]*", "^<on>*", "v<on>*",
    ] {
        let base = suffix.trim_end_matches('*');
        let text = if suffix.ends_with('*') {
            format!(
                "{}+*",
                NAMES
                    .iter()
                    .find(|(n, _)| *n == base)
                    .map(|(_, d)| *d)
                    .unwrap_or("0")
            )
        } else {
            NAMES
                .iter()
                .find(|(n, _)| *n == base)
                .map(|(_, d)| d.to_string())
                .unwrap_or_default()
        };
        if let Parsed::Game(g, s) = parse(&text)? {
            out.push((suffix, Stopper::new(&g, s)?));
        }
    }
    Ok(out)
}

/// `x` + a named suffix, when the stopper `sub` equals one.
fn suffixed_name(
    sub: &LoopyGraph,
    p: i64,
    q: u32,
    candidates: &[(&'static str, Stopper)],
) -> Result<Option<String>, MexError> {
    let mut store = GameStore::new();
    let x = store.try_dyadic(p, q)?;
    let mut number = LoopyGraph::from_options(vec![], vec![]);
    let mut memo = HashMap::new();
    let xv = import_short(&store, x, &mut number, &mut memo);
    let this = Stopper::new(sub, 0)?;
    for (suffix, k) in candidates {
        let shifted = number.sum(xv, k.graph(), 0)?;
        let candidate = Stopper::new(&shifted, 0)?;
        if this.geq(&candidate)? && candidate.geq(&this)? {
            let prefix = if p == 0 {
                String::new()
            } else {
                stopper::dyadic_text(p, q)
            };
            return Ok(Some(format!("{prefix}{suffix}")));
        }
    }
    Ok(None)
}

/// Adds the short game `g` to the graph `into` (vertices shared through
/// `memo`).
fn import_short(
    store: &GameStore,
    g: GameId,
    into: &mut LoopyGraph,
    memo: &mut HashMap<GameId, usize>,
) -> usize {
    if let Some(&v) = memo.get(&g) {
        return v;
    }
    let node = store.node(g).clone();
    let l: Vec<usize> = node
        .left
        .iter()
        .map(|&x| import_short(store, x, into, memo))
        .collect();
    let r: Vec<usize> = node
        .right
        .iter()
        .map(|&x| import_short(store, x, into, memo))
        .collect();
    let mut left: Vec<Vec<usize>> = (0..into.len()).map(|v| into.left(v).to_vec()).collect();
    let mut right: Vec<Vec<usize>> = (0..into.len()).map(|v| into.right(v).to_vec()).collect();
    left.push(l);
    right.push(r);
    *into = LoopyGraph::from_options(left, right);
    let v = into.len() - 1;
    memo.insert(g, v);
    v
}

/// `Tiny(on) = {0||0|off}`, `Tiny(over) = {0||0|under}`, `Miny(on) =
/// {on|0||0}`, `Miny(over) = {over|0||0}` by shape.
fn tiny_name(
    g: &LoopyGraph,
    v: usize,
    text: &[Option<String>],
    shorts: &[Option<GameId>],
    store: &GameStore,
) -> Option<String> {
    let is_zero = |w: usize| shorts[w].is_some_and(|x| as_number(store, x) == Some((0, 0)));
    let named = |w: usize| text[w].as_deref();
    match (g.left(v), g.right(v)) {
        ([z], [w]) if is_zero(*z) => match (g.left(*w), g.right(*w)) {
            ([z2], [k]) if is_zero(*z2) => match named(*k)? {
                "off" => Some("Tiny(on)".into()),
                "under" => Some("Tiny(over)".into()),
                _ => None,
            },
            _ => None,
        },
        ([w], [z]) if is_zero(*z) => match (g.left(*w), g.right(*w)) {
            ([k], [z2]) if is_zero(*z2) => match named(*k)? {
                "on" => Some("Miny(on)".into()),
                "over" => Some("Miny(over)".into()),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// CGSuite's arrows for the short followers that are `^[n]`, `v[n]`,
/// `^[n]*` or `v[n]*` with 2 ≤ n ≤ [`MAX_ARROWS`] (↑ + ↑² + … + ↑ⁿ, its
/// negative, with or without `*`; CGSuite's `Uptimal` output, as in
/// `{0||0,pass|0,v[4]*}`), keyed by their short game. mex's short
/// printer writes these in braces; in a loopy value they are printed as
/// CGSuite prints them (and read back). A follower is compared with the
/// candidates whose birthday is its own (built by the short notation,
/// which reads `^[n]`), so the cost does not grow with the follower.
fn uptimal_arrows(
    store: &mut GameStore,
    shorts: &[Option<GameId>],
) -> Result<HashMap<GameId, String>, MexError> {
    let mut out = HashMap::new();
    let mut candidates: HashMap<u32, Vec<(GameId, String)>> = HashMap::new();
    let mut built = 1;
    for &x in shorts.iter().flatten() {
        if out.contains_key(&x) || as_number(store, x).is_some() || as_nimber(store, x).is_some() {
            continue;
        }
        let birthday = store.birthday(x);
        // ^[n] and its kin are born by day n + 2.
        while built < MAX_ARROWS && built < birthday as usize {
            built += 1;
            for arrow in ["^", "v"] {
                for star in ["", "*"] {
                    let name = format!("{arrow}[{built}]{star}");
                    let c = short::parse(store, &name)?;
                    candidates
                        .entry(store.birthday(c))
                        .or_default()
                        .push((c, name));
                }
            }
        }
        let same_day = candidates.get(&birthday).map_or(&[][..], |v| &v[..]);
        for (c, name) in same_day {
            if store.leq(x, *c) && store.leq(*c, x) {
                out.insert(x, name.clone());
                break;
            }
        }
    }
    Ok(out)
}

/// The largest n printed as `^[n]` (beyond it, braces).
pub const MAX_ARROWS: usize = 64;

struct Printer<'a> {
    g: &'a LoopyGraph,
    store: &'a GameStore,
    shorts: &'a [Option<GameId>],
    arrows: &'a HashMap<GameId, String>,
    names: Option<&'a Names>,
    /// The braces being printed, innermost last.
    stack: Vec<usize>,
    labels: HashMap<usize, String>,
    next_label: usize,
    nodes: usize,
}

impl Printer<'_> {
    fn layout(&mut self, v: usize) -> Result<Printed, MexError> {
        stop::check()?;
        self.nodes += 1;
        if self.nodes > MAX_PRINTED_NODES {
            return Err(MexError::too_large(
                "the printed loopy game",
                format!("{MAX_PRINTED_NODES} braces"),
                "use a smaller game",
            ));
        }
        if self.stack.len() > MAX_DEPTH {
            return Err(MexError::too_large(
                "the nesting of the printed loopy game",
                format!("{MAX_DEPTH} levels of braces"),
                "use a smaller game",
            ));
        }
        if self.stack.contains(&v) {
            let label = self.labels.entry(v).or_insert_with(|| {
                let l = label_name(self.next_label);
                self.next_label += 1;
                l
            });
            return Ok(Printed::Text(label.clone()));
        }
        if let Some(x) = self.shorts[v] {
            return Ok(self.short_layout(x));
        }
        if let Some(name) = self.names.and_then(|n| n.get(v)) {
            return Ok(Printed::Text(name.to_string()));
        }
        if let Some(t) = self.switch_text(v)? {
            return Ok(Printed::Text(t));
        }
        self.stack.push(v);
        let side = |opts: Vec<usize>, me: &mut Self| -> Result<Vec<Printed>, MexError> {
            let mut out = Vec::new();
            for w in opts {
                out.push(if w == v {
                    Printed::Text("pass".into())
                } else {
                    me.layout(w)?
                });
            }
            sort_printed(&mut out);
            Ok(out)
        };
        let left = side(self.g.left(v).to_vec(), self)?;
        let right = side(self.g.right(v).to_vec(), self)?;
        self.stack.pop();
        let label = self.labels.remove(&v);
        Ok(Printed::Braces { label, left, right })
    }

    /// `+-G` for `{G | -G}` (CGSuite's `+-over`, `+-(5over)`), and
    /// `+-{A,B}` for `{A,B | -A,-B}` (CGSuite's `+-{{0|^<on>},{0|^<on>*}}`).
    fn switch_text(&mut self, v: usize) -> Result<Option<String>, MexError> {
        let (left, right) = (self.g.left(v).to_vec(), self.g.right(v).to_vec());
        if left.is_empty() || left.len() != right.len() {
            return Ok(None);
        }
        let mut unmatched = right.clone();
        for &a in &left {
            let Some(at) = self.negative_among(v, a, &unmatched)? else {
                return Ok(None);
            };
            unmatched.swap_remove(at);
        }
        if left.len() > 1 {
            let mut texts = Vec::new();
            for &a in &left {
                texts.push(self.layout(a)?);
            }
            sort_printed(&mut texts);
            let texts: Vec<String> = texts.iter().map(render_top).collect();
            return Ok(Some(format!("+-{{{}}}", texts.join(","))));
        }
        let inner = render_top(&self.layout(left[0])?);
        let plain =
            inner.starts_with('{') || !inner.starts_with(|c: char| c.is_ascii_digit() || c == '-');
        Ok(Some(if plain {
            format!("+-{inner}")
        } else {
            format!("+-({inner})")
        }))
    }

    /// The place in `among` of the negative of the option `a` of `v`, both
    /// stoppers not leading back to `v` nor to braces being printed.
    fn negative_among(
        &self,
        v: usize,
        a: usize,
        among: &[usize],
    ) -> Result<Option<usize>, MexError> {
        let outside = |w: usize, me: &Self| w != v && !me.stack.contains(&w);
        if !outside(a, self) {
            return Ok(None);
        }
        let (ga, reach_a) = self.g.reachable(a);
        if reach_a.contains(&v) || !ga.is_stopper(0)? {
            return Ok(None);
        }
        for (i, &b) in among.iter().enumerate() {
            if !outside(b, self) {
                continue;
            }
            let (gb, reach_b) = self.g.reachable(b);
            if reach_b.contains(&v) || !gb.is_stopper(0)? {
                continue;
            }
            let neg = gb.negative();
            if super::compare::geq(&ga, 0, &neg, 0)? && super::compare::geq(&neg, 0, &ga, 0)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// A short game: its short text, or braces when it prints as braces
    /// (so that slashes join it to the loopy braces around it).
    fn short_layout(&self, x: GameId) -> Printed {
        if let Some(arrows) = self.arrows.get(&x) {
            return Printed::Text(arrows.clone());
        }
        let text = short::show_with(self.store, x, Style::Slashes);
        let plain = as_number(self.store, x).is_some() || as_nimber(self.store, x).is_some();
        if plain || !text.starts_with('{') {
            return Printed::Text(text);
        }
        let node = self.store.node(x);
        let mut left: Vec<Printed> = node.left.iter().map(|&y| self.short_layout(y)).collect();
        let mut right: Vec<Printed> = node.right.iter().map(|&y| self.short_layout(y)).collect();
        sort_printed(&mut left);
        sort_printed(&mut right);
        Printed::Braces {
            label: None,
            left,
            right,
        }
    }
}

fn label_name(k: usize) -> String {
    let letter = (b'a' + (k % 26) as u8) as char;
    if k < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", k / 26)
    }
}

/// Options in CGSuite's order (its `SemideterministicOrdering`): numbers
/// first by value, then nimbers by size, then the rest (by text, where
/// CGSuite orders other short games by their options and loopy games by
/// a hash, no order one can reproduce).
fn sort_printed(v: &mut [Printed]) {
    v.sort_by_cached_key(|p| {
        let text = render_top(p);
        (order_class(&text), text)
    });
}

/// The rank of an option's text in CGSuite's order: `(0, value)` for a
/// number, `(1, n)` for `*n`, `(2, 0)` otherwise.
fn order_class(text: &str) -> (u8, BigRational) {
    if let Some(x) = number_value(text) {
        return (0, x);
    }
    if let Some(n) = text.strip_prefix('*') {
        let n = if n.is_empty() {
            Some(BigInt::from(1))
        } else {
            n.parse::<BigInt>().ok()
        };
        if let Some(n) = n {
            return (1, BigRational::from_integer(n));
        }
    }
    (2, BigRational::zero())
}

/// The value of a printed number `p` or `p/q`.
fn number_value(text: &str) -> Option<BigRational> {
    let digits = |t: &str| {
        let t = t.strip_prefix('-').unwrap_or(t);
        !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
    };
    match text.split_once('/') {
        Some((p, q)) if digits(p) && digits(q) && !q.starts_with('-') => {
            let (p, q): (BigInt, BigInt) = (p.parse().ok()?, q.parse().ok()?);
            (!q.is_zero()).then(|| BigRational::new(p, q))
        }
        None if digits(text) => Some(BigRational::from_integer(text.parse().ok()?)),
        _ => None,
    }
}

/// The text of a laid-out game with its own braces.
fn render_top(p: &Printed) -> String {
    match p {
        Printed::Text(t) => t.clone(),
        Printed::Braces { label, .. } => {
            let (inside, _) = render_inside(p);
            format!("{}{{{inside}}}", label.as_deref().unwrap_or(""))
        }
    }
}

/// The inside of braces without them, and its number of bars: a side
/// that is a single unlabelled braces loses its braces, and the bars grow
/// (CGSuite's slashes), except, as CGSuite prints (its
/// `SimplifiedLoopyGame.appendTo`), braces with an empty side (`{0|{|A}}`,
/// not the `{0|||A}` that would read as another game) and braces that
/// have [`MAX_SLASHES`] bars themselves (`{0|{0||||-1|||…}}`).
fn render_inside(p: &Printed) -> (String, usize) {
    let Printed::Braces { left, right, .. } = p else {
        return (render_top(p), 0);
    };
    let side = |opts: &[Printed]| -> (String, usize) {
        match opts {
            [only @ Printed::Braces {
                label: None,
                left,
                right,
            }] if !left.is_empty() && !right.is_empty() => match render_inside(only) {
                (inside, bars) if bars >= MAX_SLASHES => (format!("{{{inside}}}"), 0),
                plain => plain,
            },
            _ => (opts.iter().map(render_top).collect::<Vec<_>>().join(","), 0),
        }
    };
    let (l, lb) = side(left);
    let (r, rb) = side(right);
    let bars = lb.max(rb) + 1;
    (format!("{l}{}{r}", "|".repeat(bars)), bars)
}
