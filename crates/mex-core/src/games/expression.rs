//! Short partizan games typed in the standard notation (`{1|0} + *`,
//! `3/4`, `^*`, `±1`), played as typed (Conway 1976; the notation CGSuite
//! users type).
//!
//! A position is the expression's game trees, not its canonical form: a
//! sum stays a sum of terms, and a move is a move in one term (Conway's
//! definition of the disjunctive sum). A term is
//!
//! * a game in braces `{L|R}`, whose options are expressions as typed;
//! * its negative `-{L|R}` (Left's moves are the negatives of Right's);
//! * a switch `±x` (Left moves to `x`, Right to `-x`);
//! * a simple value `x + n·↑ + *k` (a number, nimber, arrows or their
//!   juxtaposition, such as `1/2`, `*3`, `^*`), which is its own canonical
//!   form and moves to the options of that canonical form.
//!
//! Parentheses and minus signs in front of sums are distributed over the
//! terms (`-(a + b)` is `-a - b`); an ordinal sum `G:H` or Norton product
//! `G.U` is replaced by its canonical form written in braces (the notation
//! has no moves of its own for them). The value of a position is the
//! canonical form of the whole expression, as before. Positions print in
//! the notation (`{1|0} + {0|-1}`, games in braces with the slashes of
//! the canonical forms' printing, `{2||1|0}`; `-{…}`, `±x`) and parse back
//! to themselves.
//!
//! Limits: the typed expression is checked by the notation's parser first
//! ([`notation::MAX_EXPRESSION`] characters, its atoms and nesting), so no
//! work starts on text it refuses; a printed position must fit in the same
//! length.

use super::{positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset};
use crate::partizan::notation;
use crate::partizan::store::{GameId, GameStore, Kind, DEFAULT_BUDGET};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Short partizan game expressions.
#[derive(Debug, Clone, Copy, Default)]
pub struct Expression;

/// A position: the sum of its terms as typed (no terms: `0`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Typed(Vec<Term>);

/// A term of a sum (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Term {
    /// `x + n·↑ + *k`, printed by the notation (`1/2`, `^*`, `*3`, `-1`).
    Simple(String),
    /// `{L|R}` with the options as typed.
    Braces { left: Vec<Typed>, right: Vec<Typed> },
    /// `-{L|R}`.
    Negated { left: Vec<Typed>, right: Vec<Typed> },
    /// `±x`.
    Switch(Typed),
}

/// A fresh store for the notation's work on one term.
fn store() -> GameStore {
    GameStore::with_budget(DEFAULT_BUDGET)
}

impl Typed {
    /// Its negative: each term negated.
    fn negated(&self) -> Typed {
        Typed(self.0.iter().map(Term::negated).collect())
    }

    /// The sum of `self` and `other`.
    fn plus(mut self, other: Typed) -> Typed {
        self.0.extend(other.0);
        self
    }

    /// Left's (`left`) or Right's moves: a move in one term, replacing it
    /// by the option's terms.
    fn moves(&self, left: bool) -> Vec<Move<Typed>> {
        let mut out = Vec::new();
        for (i, term) in self.0.iter().enumerate() {
            let name = self.term_name(i);
            for option in term.options(left) {
                let label = match &name {
                    None => format!("to {option}"),
                    Some(name) => format!("{name} to {option}"),
                };
                let mut terms = self.0[..i].to_vec();
                terms.extend(option.0);
                terms.extend_from_slice(&self.0[i + 1..]);
                out.push(Move::new(label, Typed(terms)));
            }
        }
        out
    }

    /// How a move's label names term `i`: nothing when it is the only
    /// term, its text, and its place when the same text occurs twice.
    fn term_name(&self, i: usize) -> Option<String> {
        if self.0.len() == 1 {
            return None;
        }
        let text = self.0[i].to_string();
        let twins = self.0.iter().filter(|t| **t == self.0[i]).count();
        Some(if twins > 1 {
            format!("{text} (term {})", i + 1)
        } else {
            text
        })
    }
}

impl Term {
    /// The options of one side, as typed. A record whose options are too
    /// many to list has none here: [`Expression`]'s `check_moves` refuses
    /// to list moves of such a term before any caller gets here.
    fn options(&self, left: bool) -> Vec<Typed> {
        match self {
            Term::Simple(text) => simple_options(text, left).unwrap_or_default(),
            Term::Braces { left: l, right: r } => {
                if left {
                    l.clone()
                } else {
                    r.clone()
                }
            }
            // Left's moves in −G are the negatives of Right's in G.
            Term::Negated { left: l, right: r } => {
                let side = if left { r } else { l };
                side.iter().map(Typed::negated).collect()
            }
            Term::Switch(x) => vec![if left { x.clone() } else { x.negated() }],
        }
    }

    /// Its negative (`±x` is its own negative).
    fn negated(&self) -> Term {
        match self {
            Term::Simple(text) => Term::Simple(negate_simple(text)),
            Term::Braces { left, right } => Term::Negated {
                left: left.clone(),
                right: right.clone(),
            },
            Term::Negated { left, right } => Term::Braces {
                left: left.clone(),
                right: right.clone(),
            },
            Term::Switch(x) => Term::Switch(x.clone()),
        }
    }
}

/// The canonical value of a simple term's text (always accepted: the
/// text was printed by the notation).
fn simple_value(s: &mut GameStore, text: &str) -> Option<GameId> {
    notation::parse(s, text).ok()
}

/// `-x` for a simple value `x`, printed by the notation.
fn negate_simple(text: &str) -> String {
    let mut s = store();
    simple_value(&mut s, text)
        .and_then(|g| s.try_neg(g).ok())
        .map_or_else(|| format!("-{text}"), |g| notation::show(&s, g))
}

/// The options of a simple value's canonical form, as positions, or an
/// error when they are too many to list (`x + n·↑ + *k` kept as a record
/// with a big `n` or `k`; a number of any size has one or two).
fn simple_options(text: &str, left: bool) -> Result<Vec<Typed>, MexError> {
    let mut s = store();
    let g = notation::parse(&mut s, text)?;
    let side = s.try_options(g, left)?;
    Ok(side
        .into_iter()
        .map(|x| Typed(vec![canonical_term(&s, x)]))
        .collect())
}

/// A canonical form as a term: its printed name when it is
/// `x + n·↑ + *k` (a tree or a record), else braces around its options
/// (recursively). The caller bounds the size (the braces style's printed
/// length is the size of the tree).
fn canonical_term(s: &GameStore, g: GameId) -> Term {
    if let Kind::Simple(_) | Kind::Record(_) = s.kind(g) {
        return Term::Simple(notation::show(s, g));
    }
    let node = s.node(g);
    let side = |xs: &[GameId]| -> Vec<Typed> {
        xs.iter()
            .map(|&x| Typed(vec![canonical_term(s, x)]))
            .collect()
    };
    Term::Braces {
        left: side(&node.left),
        right: side(&node.right),
    }
}

/// The single game in braces that `options` consists of, if so.
fn lone_braces(options: &[Typed]) -> Option<(&[Typed], &[Typed])> {
    match options {
        [Typed(terms)] => match terms.as_slice() {
            [Term::Braces { left, right }] => Some((left, right)),
            _ => None,
        },
        _ => None,
    }
}

/// The inside of `{left|right}` in the slash notation, as the notation
/// prints canonical forms: a side whose only option is a game in braces
/// drops that option's braces, and the bars between the sides are one
/// more than the most bars inside either side (`{2|{1|0}}` is
/// `{2||1|0}`); returns the text and its number of bars.
fn braces_inside(left: &[Typed], right: &[Typed]) -> (String, usize) {
    let mut inner_bars = 0;
    let mut sides = Vec::with_capacity(2);
    for side in [left, right] {
        let text = match lone_braces(side) {
            Some((l, r)) => {
                let (text, bars) = braces_inside(l, r);
                inner_bars = inner_bars.max(bars);
                text
            }
            None => side
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(","),
        };
        sides.push(text);
    }
    let bars = inner_bars + 1;
    (
        format!("{}{}{}", sides[0], "|".repeat(bars), sides[1]),
        bars,
    )
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Simple(text) => f.write_str(text),
            Term::Braces { left, right } => write!(f, "{{{}}}", braces_inside(left, right).0),
            Term::Negated { left, right } => write!(f, "-{{{}}}", braces_inside(left, right).0),
            Term::Switch(x) => match x.0.as_slice() {
                [t @ (Term::Braces { .. } | Term::Switch(_))] => write!(f, "±{t}"),
                [Term::Simple(t)] if !t.starts_with('-') => write!(f, "±{t}"),
                _ => write!(f, "±({x})"),
            },
        }
    }
}

impl fmt::Display for Typed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((first, rest)) = self.0.split_first() else {
            return f.write_str("0");
        };
        write!(f, "{first}")?;
        for t in rest {
            match t {
                Term::Negated { .. } => write!(f, " - {}", &t.to_string()[1..])?,
                // A negative number (but not `-1^`, which is (-1) + ↑).
                Term::Simple(x) if is_negative_number(x) => write!(f, " - {}", &x[1..])?,
                _ => write!(f, " + {t}")?,
            }
        }
        Ok(())
    }
}

/// The refusal of a term whose options are too many to list.
fn too_many_options(text: &str) -> MexError {
    MexError::too_large(
        format!(
            "the moves of {} (an ↑-multiple or nimber kept without its game tree)",
            crate::error::quote(text)
        ),
        format!(
            "^{} and *{} in a position to play",
            crate::partizan::simple::TREE_ATOM,
            crate::partizan::simple::TREE_ATOM
        ),
        "ask for its value instead",
    )
}

/// Whether `text` is `-p` or `-p/q` (digits only).
fn is_negative_number(text: &str) -> bool {
    text.strip_prefix('-')
        .is_some_and(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit() || c == '/'))
}

impl FromStr for Typed {
    type Err = MexError;
    /// Checks the text with the notation's parser (its limits and its
    /// messages), then reads its terms.
    fn from_str(text: &str) -> Result<Self, MexError> {
        let mut s = store();
        notation::parse(&mut s, text)?;
        let toks = tokens(text);
        let mut reader = Reader {
            s: &mut s,
            toks: &toks,
            pos: 0,
            text,
        };
        let typed = reader.sum()?;
        if reader.pos != toks.len() {
            return Err(reader.broken());
        }
        let printed = typed.to_string().len();
        if printed > notation::MAX_EXPRESSION {
            return Err(MexError::too_large(
                format!("the expression as played ({printed} characters)"),
                format!("{} characters", notation::MAX_EXPRESSION),
                "use a shorter expression",
            ));
        }
        Ok(typed)
    }
}

/// A character of the text (arrows as `^`/`v`), whether a space came
/// before it, and its bytes in the text.
#[derive(Debug, Clone, Copy)]
struct Token {
    c: char,
    spaced: bool,
    start: usize,
    end: usize,
}

/// The characters without spaces, as the notation reads them.
fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut spaced = false;
    for (start, c) in text.char_indices() {
        if c.is_whitespace() {
            spaced = true;
            continue;
        }
        let end = start + c.len_utf8();
        let (c, n) = match c {
            '↑' => ('^', 1),
            '↓' => ('v', 1),
            '⇑' => ('^', 2),
            '⇓' => ('v', 2),
            c => (c, 1),
        };
        for i in 0..n {
            out.push(Token {
                c,
                spaced: spaced && i == 0,
                start,
                end,
            });
        }
        spaced = false;
    }
    out
}

/// Whether a token can be part of a simple value's name.
fn is_simple_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '/' | '*' | '^' | 'v')
}

/// Reads the terms of a text the notation has accepted, following its
/// grammar (see [`notation`]).
struct Reader<'a> {
    s: &'a mut GameStore,
    toks: &'a [Token],
    pos: usize,
    text: &'a str,
}

impl Reader<'_> {
    /// An error for text the notation accepted but this reader cannot
    /// follow (never expected; no input may panic).
    fn broken(&self) -> MexError {
        MexError::invalid(
            format!(
                "{} cannot be played as typed",
                crate::error::quote(self.text)
            ),
            "sums of games in braces, numbers, nimbers, arrows and ±",
        )
    }

    fn peek(&self) -> Option<char> {
        self.toks.get(self.pos).map(|t| t.c)
    }

    fn glued_next(&self, offset: usize) -> Option<char> {
        self.toks
            .get(self.pos + offset)
            .filter(|t| !t.spaced)
            .map(|t| t.c)
    }

    /// `±` or `+-`, consumed.
    fn plus_minus(&mut self) -> bool {
        match self.peek() {
            Some('±') => {
                self.pos += 1;
                true
            }
            Some('+') if self.glued_next(1) == Some('-') => {
                self.pos += 2;
                true
            }
            _ => false,
        }
    }

    /// `product (('+' | '-' | '±') product)*`.
    fn sum(&mut self) -> Result<Typed, MexError> {
        let mut total = self.product()?;
        loop {
            if self.plus_minus() {
                let x = self.product()?;
                total.0.push(Term::Switch(x));
                continue;
            }
            let Some(c @ ('+' | '-')) = self.peek() else {
                return Ok(total);
            };
            self.pos += 1;
            let x = self.product()?;
            total = total.plus(if c == '+' { x } else { x.negated() });
        }
    }

    /// `term ((':' | '.') term)*`: a single term as typed; an ordinal sum
    /// or Norton product by its canonical form.
    fn product(&mut self) -> Result<Typed, MexError> {
        let start = self.pos;
        let first = self.term()?;
        if !matches!(self.peek(), Some(':' | '.')) {
            return Ok(first);
        }
        while matches!(self.peek(), Some(':' | '.')) {
            self.pos += 1;
            self.term()?;
        }
        let g = self.canonical_of(start, self.pos)?;
        notation::try_show_with(self.s, g, notation::Style::Braces, notation::MAX_EXPRESSION)?;
        Ok(Typed(vec![canonical_term(self.s, g)]))
    }

    /// The canonical form of the tokens `from..to`, by the notation.
    fn canonical_of(&mut self, from: usize, to: usize) -> Result<GameId, MexError> {
        let (Some(a), Some(b)) = (
            self.toks.get(from),
            to.checked_sub(1).and_then(|i| self.toks.get(i)),
        ) else {
            return Err(self.broken());
        };
        notation::parse(self.s, &self.text[a.start..b.end])
    }

    /// `'-' term | '±' term | atom`.
    fn term(&mut self) -> Result<Typed, MexError> {
        match self.peek() {
            // A signed number literal: `-1vv` is (-1) + vv.
            Some('-') if self.glued_next(1).is_some_and(|c| c.is_ascii_digit()) => {
                self.pos += 1;
                self.simple(self.pos - 1)
            }
            Some('-') => {
                self.pos += 1;
                Ok(self.term()?.negated())
            }
            _ if self.plus_minus() => {
                let x = self.term()?;
                Ok(Typed(vec![Term::Switch(x)]))
            }
            _ => self.atom(),
        }
    }

    /// A simple value's name from token `start` (its glued characters).
    fn simple(&mut self, start: usize) -> Result<Typed, MexError> {
        while self.glued_next(0).is_some_and(is_simple_char) {
            self.pos += 1;
        }
        let g = self.canonical_of(start, self.pos)?;
        Ok(Typed(vec![canonical_term(self.s, g)]))
    }

    /// A simple value, `( sum )` or `{ game }`.
    fn atom(&mut self) -> Result<Typed, MexError> {
        match self.peek() {
            Some(c) if is_simple_char(c) && c != '/' => {
                let start = self.pos;
                self.pos += 1;
                self.simple(start)
            }
            Some('(') => {
                self.pos += 1;
                let x = self.sum()?;
                if self.peek() != Some(')') {
                    return Err(self.broken());
                }
                self.pos += 1;
                Ok(x)
            }
            Some('{') => {
                let end = self.matching_brace()?;
                let inner = self.pos + 1..end;
                self.pos = end + 1;
                let (left, right) = self.game(inner)?;
                Ok(Typed(vec![Term::Braces { left, right }]))
            }
            _ => Err(self.broken()),
        }
    }

    /// The index of the `}` closing the `{` at the current token.
    fn matching_brace(&self) -> Result<usize, MexError> {
        let mut depth = 0i32;
        for i in self.pos..self.toks.len() {
            match self.toks[i].c {
                '{' | '(' => depth += 1,
                '}' | ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(i);
                    }
                }
                _ => {}
            }
        }
        Err(self.broken())
    }

    /// `options BARS options` over the tokens `range`, split at the
    /// longest run of bars at depth 0.
    fn game(
        &mut self,
        range: std::ops::Range<usize>,
    ) -> Result<(Vec<Typed>, Vec<Typed>), MexError> {
        let (mut best, mut best_len, mut depth, mut i) = (None, 0, 0i32, range.start);
        while i < range.end {
            match self.toks[i].c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                '|' if depth == 0 => {
                    let run = 1 + self.toks[i + 1..range.end]
                        .iter()
                        .take_while(|t| t.c == '|' && !t.spaced)
                        .count();
                    if run > best_len {
                        (best, best_len) = (Some(i), run);
                    }
                    i += run;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        let at = best.ok_or_else(|| self.broken())?;
        let left = self.options(range.start..at)?;
        let right = self.options(at + best_len..range.end)?;
        Ok((left, right))
    }

    /// Options separated by commas at depth 0; a side with bars is one
    /// game written without its braces.
    fn options(&mut self, range: std::ops::Range<usize>) -> Result<Vec<Typed>, MexError> {
        if self.has_top_level_bar(range.clone()) {
            let (left, right) = self.game(range)?;
            return Ok(vec![Typed(vec![Term::Braces { left, right }])]);
        }
        let mut out = Vec::new();
        let (mut depth, mut start) = (0i32, range.start);
        for i in range.start..=range.end {
            let at_end = i == range.end;
            if !at_end {
                match self.toks[i].c {
                    '{' | '(' => depth += 1,
                    '}' | ')' => depth -= 1,
                    _ => {}
                }
            }
            if at_end || (self.toks[i].c == ',' && depth == 0) {
                if start < i {
                    out.push(self.option(start..i)?);
                }
                start = i + 1;
            }
        }
        Ok(out)
    }

    /// One option: a brace-less game, or an expression.
    fn option(&mut self, range: std::ops::Range<usize>) -> Result<Typed, MexError> {
        if self.has_top_level_bar(range.clone()) {
            let (left, right) = self.game(range)?;
            return Ok(Typed(vec![Term::Braces { left, right }]));
        }
        let (saved_pos, saved_toks) = (self.pos, self.toks);
        self.toks = &saved_toks[..range.end];
        self.pos = range.start;
        let x = self.sum();
        let complete = self.pos == range.end;
        self.toks = saved_toks;
        self.pos = saved_pos;
        let x = x?;
        if complete {
            Ok(x)
        } else {
            Err(self.broken())
        }
    }

    fn has_top_level_bar(&self, range: std::ops::Range<usize>) -> bool {
        let mut depth = 0i32;
        self.toks[range].iter().any(|t| {
            match t.c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                _ => {}
            }
            t.c == '|' && depth == 0
        })
    }
}

impl Ruleset for Expression {
    type Position = Typed;
}

impl Game for Expression {
    /// Refuses the moves of a sum holding `x + n·↑ + *k` with a big `n`
    /// or `k` (kept as a record: `*k` has `k` options), naming the term as
    /// typed; its value is known in closed form all the same.
    fn check_moves(&self, p: &Typed) -> Result<(), MexError> {
        for term in &p.0 {
            if let Term::Simple(text) = term {
                for left in [true, false] {
                    simple_options(text, left).map_err(|_| too_many_options(text))?;
                }
            }
        }
        Ok(())
    }
    const INFO: GameInfo = GameInfo {
        name: "expression",
        family: Family::Partizan,
        description: "a short partizan game in the standard notation, played as typed",
        syntax: "{L|R}, {2||1|0}, 3/4, -2, *, *3, ^, v, ^*, ±1, joined by + and -",
        example: "{1|0} + {0|-1}",
        rules: "Any short partizan game written in Conway's notation, played as typed: a \
                move is a move in one term of the sum (to an option of a game in braces, or \
                of a number, nimber or arrow's canonical form); its value is the canonical \
                form of the whole.",
    };
}

impl PartizanGame for Expression {
    fn left_moves(&self, p: &Typed) -> Vec<Move<Typed>> {
        p.moves(true)
    }
    fn right_moves(&self, p: &Typed) -> Vec<Move<Typed>> {
        p.moves(false)
    }
}

impl PartizanRuleset for Expression {
    fn left_options(&self, p: &Typed, out: &mut Vec<Typed>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Typed, out: &mut Vec<Typed>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The terms of a sum of two or more.
    fn decompose(&self, p: &Typed) -> Option<Vec<Typed>> {
        (p.0.len() >= 2).then(|| p.0.iter().map(|t| Typed(vec![t.clone()])).collect())
    }
    /// The canonical form of the printed expression, by the notation.
    fn known_value(&self, store: &mut GameStore, p: &Typed) -> Result<Option<GameId>, MexError> {
        notation::parse(store, &p.to_string()).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{assert_round_trip_in_play, game_tree, move_lines};
    use std::collections::HashMap;

    fn typed(text: &str) -> Typed {
        text.parse().unwrap()
    }

    fn left(text: &str) -> Vec<String> {
        move_lines(Expression.left_moves(&typed(text)))
    }

    fn right(text: &str) -> Vec<String> {
        move_lines(Expression.right_moves(&typed(text)))
    }

    /// The game tree of `text` built from the moves alone, in a store
    /// without fast paths, against the notation's canonical form.
    fn assert_tree_is_canonical_form(text: &str) {
        let mut slow = GameStore::without_fast_paths();
        let options = |p: &Typed, left: bool| -> Vec<Typed> {
            p.moves(left).into_iter().map(|m| m.to).collect()
        };
        let tree = game_tree(&mut slow, &typed(text), &mut HashMap::new(), &options);
        let mut fast = store();
        let want = notation::parse(&mut fast, text).unwrap();
        assert_eq!(
            notation::show(&slow, tree),
            notation::show(&fast, want),
            "{text}"
        );
    }

    #[test]
    fn a_sum_of_two_switches_keeps_its_moves() {
        // {1|0} + {0|-1} = 0, but each term can still be played.
        let p = "{1|0} + {0|-1}";
        assert_eq!(typed(p).to_string(), p);
        assert_eq!(
            left(p),
            ["{1|0} to 1: 1 + {0|-1}", "{0|-1} to 0: {1|0} + 0"]
        );
        assert_eq!(
            right(p),
            ["{1|0} to 0: 0 + {0|-1}", "{0|-1} to -1: {1|0} - 1"]
        );
        assert_tree_is_canonical_form(p);
    }

    #[test]
    fn the_value_is_the_canonical_form_of_the_whole() {
        let mut ctx = crate::games::Context::new();
        let game = crate::games::find("expression").unwrap();
        let e = game.evaluate("{1|0} + {0|-1}", &mut ctx).unwrap();
        assert_eq!(e.value_text(), "0");
        assert_eq!(e.position, "{1|0} + {0|-1}");
        let e = game.evaluate("{2||1|0} - 1", &mut ctx).unwrap();
        assert_eq!(e.value_text(), "{1||0|-1}");
    }

    #[test]
    fn game_trees_of_many_expressions_equal_their_canonical_forms() {
        for text in [
            "{1|0} + {0|-1}",
            "^ + * + 1/2",
            "{2||1|0} - 1",
            "±1 + ^*",
            "-{1|0} - {2|*}",
            "-(1/2 + {1|*}) + *2",
            "3±1",
            "±(1 + *)",
            "{0,*|0} + v",
            "-1vv + ^3",
            "{1|0}:1",
            "{5||1,2|0}",
            "{{1|0}, 1 + *|-1}",
            "0",
        ] {
            assert_tree_is_canonical_form(text);
        }
    }

    #[test]
    fn positions_print_and_parse_back_through_play() {
        for text in [
            "{1|0} + {0|-1}",
            "{2||1|0} - 1",
            "-(1/2 + {1|*}) + *2",
            "±(1 + *) + -1/2",
            "-1vv + {^|v}",
            "{1|0}:1",
            "{{1|0}, 1 + *|-1}",
            "{2|||1||0|-1} + {{1|0}|{2|1}}",
        ] {
            assert_round_trip_in_play(&Expression, text);
        }
    }

    #[test]
    fn games_in_braces_print_in_the_slash_notation() {
        for text in [
            "{2||1|0}",
            "{5||1,2|0}",
            "{1|0||2}",
            "{2|||1||0|-1}",
            "-{2||1|0} + {1,{1|0}|*}",
        ] {
            assert_eq!(typed(text).to_string(), text);
        }
        assert_eq!(typed("{2 | {1 | 0}}").to_string(), "{2||1|0}");
        assert_eq!(right("{2||1|0}"), ["to {1|0}: {1|0}"]);
    }

    #[test]
    fn negation_and_parentheses_are_distributed_over_terms() {
        assert_eq!(typed("-(1 + {1|0})").to_string(), "-1 - {1|0}");
        assert_eq!(typed("-(-{1|0})").to_string(), "{1|0}");
        assert_eq!(typed("- ±2").to_string(), "±2");
        assert_eq!(typed("3 ± 1").to_string(), "3 + ±1");
        assert_eq!(typed("-1vv").to_string(), "-1vv");
        assert_eq!(typed("1 - 1^").to_string(), "1 + -1v");
        assert_eq!(right("-{1|0}"), ["to -1: -1"]);
        assert_eq!(left("-{1|0}"), ["to 0: 0"]);
    }

    #[test]
    fn simple_values_move_to_their_canonical_options() {
        assert_eq!(left("*2"), ["to 0: 0", "to *: *"]);
        assert_eq!(left("1/2"), ["to 0: 0"]);
        assert_eq!(right("1/2"), ["to 1: 1"]);
        assert!(left("0").is_empty() && right("0").is_empty());
        assert_eq!(
            left("* + *"),
            ["* (term 1) to 0: 0 + *", "* (term 2) to 0: * + 0"]
        );
    }

    #[test]
    fn values_of_any_size_are_positions_with_a_value() {
        let mut ctx = crate::games::Context::new();
        let game = crate::games::find("expression").unwrap();
        let huge = "99999999999999999999999";
        for (text, value) in [
            (huge.to_string(), huge.to_string()),
            (
                format!("*{huge} + *1"),
                "*99999999999999999999998".to_string(),
            ),
            (
                format!("{{1|0}} + *{huge}"),
                format!("{{1*{huge}|*{huge}}}"),
            ),
            (format!("^{huge} + 1/2"), format!("1/2^{huge}")),
        ] {
            let e = game.evaluate(&text, &mut ctx).unwrap();
            assert_eq!(e.value_text(), value, "{text}");
        }
        // A big number has its one option; a big nimber's are refused, with
        // the term quoted as typed, in one line.
        assert_eq!(
            left(huge),
            ["to 99999999999999999999998: 99999999999999999999998"]
        );
        assert!(right(huge).is_empty());
        assert_eq!(left("1/4294967296"), ["to 0: 0"]);
        let err = game
            .moves(&format!("{{1|0}} + *{huge}"), &mut ctx)
            .unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains(&format!("'*{huge}'")) && !text.contains('\n'),
            "{text}"
        );
        assert!(game.moves("{1|0} + *10", &mut ctx).is_ok());
        let parts = game.components(&format!("*{huge} + 0")).unwrap();
        assert_eq!(parts, [format!("*{huge}")]);
    }

    #[test]
    fn the_notations_errors_and_limits_come_first() {
        for bad in ["{1|", "{1 0|0}", "", "1 2", "2.5"] {
            assert!(bad.parse::<Typed>().is_err(), "{bad}");
        }
        let long = "1 + ".repeat(3000) + "1";
        let e = long.parse::<Typed>().unwrap_err();
        assert!(matches!(e, MexError::TooLarge { .. }), "{e}");
    }
}
