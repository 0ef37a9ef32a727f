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
//! terms (`-(a + b)` is `-a - b`); `±{A,B}`, `Tiny(G)` and `Miny(G)` are
//! the braces they stand for (`{A,B|-A,-B}`, `{0||0|-G}`, `{G|0||0}`); an
//! ordinal sum `G:H`, a Norton product `G.U` and an uptimal (`^<2>`,
//! `^[3]`) are replaced by their canonical forms written in braces (the
//! notation has no moves of its own for them). The value of a position is
//! the canonical form of the whole expression. Positions print in
//! the notation (`{1|0} + {0|-1}`, games in braces with the slashes of
//! the canonical forms' printing, `{2||1|0}`; `-{…}`, `±x`) and parse back
//! to themselves.
//!
//! The text is read once, into the notation's syntax tree
//! ([`syntax`]), and the tree into terms: a simple value is held as its
//! [`Record`] (`x`, `n` and `k` of any size), a game in braces as its
//! options, so options, negatives and the value are computed from the
//! terms, never from their printed text.
//!
//! Limits: the notation's ([`syntax::MAX_TEXT`] characters, its nesting),
//! checked while reading, so no work starts on text it refuses; a printed
//! position must fit in the same length, so that it reads back.

use super::{positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset};
use crate::partizan::notation;
use crate::partizan::simple::{show_record, Record};
use crate::partizan::store::{GameId, GameStore, DEFAULT_BUDGET};
use crate::partizan::syntax::{self, Arrows, Atom, Expr, SumOp};
use crate::MexError;
use num_bigint::{BigInt, Sign};
use num_traits::Zero;
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
    /// `x + n·↑ + *k`, its own canonical form.
    Simple(Record),
    /// `{L|R}` with the options as typed.
    Braces { left: Vec<Typed>, right: Vec<Typed> },
    /// `-{L|R}`.
    Negated { left: Vec<Typed>, right: Vec<Typed> },
    /// `±x`.
    Switch(Typed),
}

/// A fresh store for the canonical forms of one term.
fn store() -> GameStore {
    GameStore::with_budget(DEFAULT_BUDGET)
}

impl Typed {
    /// The sum of one term.
    fn of(term: Term) -> Typed {
        Typed(vec![term])
    }

    /// The game `{left | right}` as one term.
    fn braces(left: Vec<Typed>, right: Vec<Typed>) -> Typed {
        Typed::of(Term::Braces { left, right })
    }

    /// `0` as one term.
    fn zero() -> Typed {
        Typed::of(Term::Simple(Record::number(BigInt::zero(), 0)))
    }

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

    /// The canonical value: the sum of its terms' values.
    fn value(&self, s: &mut GameStore) -> Result<GameId, MexError> {
        let mut sum = s.zero();
        for term in &self.0 {
            let g = term.value(s)?;
            sum = s.try_add(sum, g)?;
        }
        Ok(sum)
    }
}

impl Term {
    /// The options of one side, as typed. A record whose options are too
    /// many to list has none here: [`Expression`]'s `check_moves` refuses
    /// to list moves of such a term before any caller gets here.
    fn options(&self, left: bool) -> Vec<Typed> {
        match self {
            Term::Simple(r) => simple_options(r, left).unwrap_or_default(),
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
            Term::Simple(r) => Term::Simple(r.neg()),
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

    /// The canonical value.
    fn value(&self, s: &mut GameStore) -> Result<GameId, MexError> {
        crate::stack::deep(|| match self {
            Term::Simple(r) => s.try_record(r.clone()),
            Term::Braces { left, right } => braces_value(s, left, right),
            Term::Negated { left, right } => {
                let g = braces_value(s, left, right)?;
                s.try_neg(g)
            }
            Term::Switch(x) => {
                let g = x.value(s)?;
                s.try_switch(g)
            }
        })
    }
}

/// The canonical value of `{left | right}`.
fn braces_value(s: &mut GameStore, left: &[Typed], right: &[Typed]) -> Result<GameId, MexError> {
    let mut values =
        |xs: &[Typed]| -> Result<Vec<GameId>, MexError> { xs.iter().map(|x| x.value(s)).collect() };
    let (l, r) = (values(left)?, values(right)?);
    s.try_make(l, r)
}

/// The options of a simple value's canonical form, as positions, or an
/// error when they are too many to list (`x + n·↑ + *k` kept as a record
/// with a big `n` or `k`; a number of any size has one or two).
fn simple_options(r: &Record, left: bool) -> Result<Vec<Typed>, MexError> {
    let mut s = store();
    let g = s.try_record(r.clone())?;
    let side = s.try_options(g, left)?;
    Ok(side
        .into_iter()
        .map(|x| Typed::of(canonical_term(&s, x)))
        .collect())
}

/// A canonical form as a term: its record when it is `x + n·↑ + *k` (a
/// tree or a record), else braces around its options (recursively). The
/// caller bounds the size (the braces style's printed length is the size
/// of the tree).
fn canonical_term(s: &GameStore, g: GameId) -> Term {
    if let Some(r) = s.record_of(g) {
        return Term::Simple(r);
    }
    let node = s.node(g);
    let side = |xs: &[GameId]| -> Vec<Typed> {
        xs.iter()
            .map(|&x| Typed::of(canonical_term(s, x)))
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

/// Whether the record is a negative number (printed `-x`; `-1^` is not
/// one: it is (-1) + ↑).
fn is_negative_number(r: &Record) -> bool {
    r.is_number() && r.numerator.sign() == Sign::Minus
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Simple(r) => f.write_str(&show_record(r)),
            Term::Braces { left, right } => write!(f, "{{{}}}", braces_inside(left, right).0),
            Term::Negated { left, right } => write!(f, "-{{{}}}", braces_inside(left, right).0),
            Term::Switch(x) => match x.0.as_slice() {
                [t @ (Term::Braces { .. } | Term::Switch(_))] => write!(f, "±{t}"),
                [t @ Term::Simple(r)] if r.numerator.sign() != Sign::Minus => write!(f, "±{t}"),
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
                t if t.is_negative() => write!(f, " - {}", t.negated())?,
                _ => write!(f, " + {t}")?,
            }
        }
        Ok(())
    }
}

impl Term {
    /// Whether it prints with a leading minus that a sum writes as
    /// subtraction: `-{L|R}` or a negative number.
    fn is_negative(&self) -> bool {
        match self {
            Term::Negated { .. } => true,
            Term::Simple(r) => is_negative_number(r),
            Term::Braces { .. } | Term::Switch(_) => false,
        }
    }
}

/// The refusal of a term whose options are too many to list.
fn too_many_options(r: &Record) -> MexError {
    MexError::too_large(
        format!(
            "the moves of {} (an ↑-multiple or nimber kept without its game tree)",
            crate::error::quote(&show_record(r))
        ),
        format!(
            "^{} and *{} in a position to play",
            crate::partizan::simple::TREE_ATOM,
            crate::partizan::simple::TREE_ATOM
        ),
        "ask for its value instead",
    )
}

impl FromStr for Typed {
    type Err = MexError;
    /// Reads the text into the notation's tree (its limits and its
    /// messages), then the tree into terms.
    fn from_str(text: &str) -> Result<Self, MexError> {
        let tree = syntax::read(text)?;
        let typed = Terms { s: store(), text }.typed(&tree)?;
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

/// Turns the syntax tree of a short game into terms, with a store for the
/// canonical forms of the parts the notation has no moves for.
struct Terms<'a> {
    s: GameStore,
    text: &'a str,
}

impl Terms<'_> {
    /// The terms of `e`: parentheses and minus signs distributed over the
    /// terms, `±{A,…}`, `Tiny(G)` and `Miny(G)` as the braces they are
    /// defined as, ordinal sums, Norton products and uptimals by their
    /// canonical forms; loopy notation refused.
    fn typed(&mut self, e: &Expr) -> Result<Typed, MexError> {
        crate::stack::deep(|| match e {
            Expr::Atom(a) => match atom_record(a) {
                Some(r) => Ok(Typed::of(Term::Simple(r))),
                None => self.canonical(e),
            },
            Expr::Braces(b) if b.label.is_none() => {
                Ok(Typed::braces(self.list(&b.left)?, self.list(&b.right)?))
            }
            Expr::Neg(x) => Ok(self.typed(x)?.negated()),
            Expr::PlusMinus(x) => Ok(Typed::of(Term::Switch(self.typed(x)?))),
            Expr::PlusMinusOptions(xs) => {
                let left = self.list(xs)?;
                let right = left.iter().map(Typed::negated).collect();
                Ok(Typed::braces(left, right))
            }
            Expr::Tiny(x) => {
                let inner = Typed::braces(vec![Typed::zero()], vec![self.typed(x)?.negated()]);
                Ok(Typed::braces(vec![Typed::zero()], vec![inner]))
            }
            Expr::Miny(x) => {
                let inner = Typed::braces(vec![self.typed(x)?], vec![Typed::zero()]);
                Ok(Typed::braces(vec![inner], vec![Typed::zero()]))
            }
            Expr::Paren(x) => self.typed(x),
            Expr::Sum { first, rest } => self.sum(first, rest),
            Expr::Ordinal(..) | Expr::Norton(..) => self.canonical(e),
            Expr::Braces(_) | Expr::Named(_) | Expr::Pass | Expr::Label(_) | Expr::Sided(..) => {
                Err(notation::loopy_refusal(self.text, e))
            }
        })
    }

    fn list(&mut self, xs: &[Expr]) -> Result<Vec<Typed>, MexError> {
        xs.iter().map(|x| self.typed(x)).collect()
    }

    /// `first ± x ± …`: `x ± y` is `x + ±y`.
    fn sum(&mut self, first: &Expr, rest: &[(SumOp, Expr)]) -> Result<Typed, MexError> {
        let mut total = self.typed(first)?;
        for (op, x) in rest {
            let x = self.typed(x)?;
            total = match op {
                SumOp::Plus => total.plus(x),
                SumOp::Minus => total.plus(x.negated()),
                SumOp::PlusMinus => total.plus(Typed::of(Term::Switch(x))),
            };
        }
        Ok(total)
    }

    /// `e` by its canonical form, whose braces style must fit the
    /// notation's length.
    fn canonical(&mut self, e: &Expr) -> Result<Typed, MexError> {
        let g = notation::evaluate(&mut self.s, e, self.text)?;
        notation::try_show_with(
            &self.s,
            g,
            notation::Style::Braces,
            notation::MAX_EXPRESSION,
        )?;
        Ok(Typed::of(canonical_term(&self.s, g)))
    }
}

/// The record of an atom `x + n·↑ + *k`; `None` for uptimals (`^<n>`,
/// `^[n]`), which are not of that form.
fn atom_record(a: &Atom) -> Option<Record> {
    let ups = match &a.arrows {
        None => BigInt::zero(),
        Some(Arrows::Multiple(n)) => n.clone(),
        Some(Arrows::Power { .. } | Arrows::PowerSum { .. }) => return None,
    };
    let number = match &a.number {
        None => Record::number(BigInt::zero(), 0),
        Some(n) => Record::number(n.signed_numerator(), n.exponent()),
    };
    Some(number.with(ups, a.star.clone().unwrap_or_default()))
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
            if let Term::Simple(r) = term {
                for left in [true, false] {
                    simple_options(r, left).map_err(|_| too_many_options(r))?;
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
    /// The canonical form of the whole: the sum of the terms' values.
    fn known_value(&self, store: &mut GameStore, p: &Typed) -> Result<Option<GameId>, MexError> {
        p.value(store).map(Some)
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

    /// A number with `digits` nines, as a term.
    fn nines(digits: usize) -> Term {
        let n: BigInt = "9".repeat(digits).parse().unwrap();
        Term::Simple(Record::number(n, 0))
    }

    /// Terms are data: a term whose printed form is longer than the
    /// notation reads still has its options, negative and value.
    #[test]
    fn terms_longer_than_the_notation_reads_keep_their_moves() {
        let digits = notation::MAX_EXPRESSION + 10;
        let p = Typed::of(nines(digits));
        assert!(p.to_string().len() > notation::MAX_EXPRESSION);
        assert!(Expression.check_moves(&p).is_ok());
        let [m] = &p.moves(true)[..] else {
            panic!("a positive integer has one Left option")
        };
        assert_eq!(m.to.to_string(), format!("{}8", "9".repeat(digits - 1)));
        assert!(p.moves(false).is_empty());
        assert_eq!(p.negated().to_string(), format!("-{}", "9".repeat(digits)));
        assert_eq!(p.negated().moves(false).len(), 1);
        let mut s = store();
        let g = Expression.known_value(&mut s, &p).unwrap().unwrap();
        let back = Expression
            .known_value(&mut s, &p.negated())
            .unwrap()
            .unwrap();
        let zero = s.try_add(g, back).unwrap();
        assert_eq!(zero, s.zero());
    }

    /// The value of a sum is computed from its terms, however long the
    /// sum prints.
    #[test]
    fn the_value_of_a_long_sum_is_computed_from_its_terms() {
        let switch = typed("{1|-1}");
        let p = Typed((0..2001).flat_map(|_| switch.0.clone()).collect());
        assert!(p.to_string().len() > notation::MAX_EXPRESSION);
        let mut s = store();
        let g = Expression.known_value(&mut s, &p).unwrap().unwrap();
        let want = notation::parse(&mut s, "±1").unwrap();
        assert_eq!(g, want, "an odd number of ±1 is ±1");
    }

    #[test]
    fn switches_of_several_options_and_tiny_and_miny_are_braces() {
        assert_eq!(typed("+-{1,2}").to_string(), "{1,2|-1,-2}");
        assert_eq!(typed("Tiny(2)").to_string(), "{0||0|-2}");
        assert_eq!(typed("Miny(2)").to_string(), "{2|0||0}");
        for text in ["+-{1,2}", "Tiny(2) + Miny(1/2)", "^<2> + ^[3]*", "±{1, *}"] {
            assert_tree_is_canonical_form(text);
            assert_round_trip_in_play(&Expression, text);
        }
    }

    #[test]
    fn loopy_notation_is_refused_as_the_short_reader_refuses_it() {
        for loopy in ["on", "{0|pass}", "a{0|a}", "over & v", "{1|0} + upon"] {
            let ours = loopy.parse::<Typed>().unwrap_err().to_string();
            let theirs = notation::parse(&mut store(), loopy)
                .unwrap_err()
                .to_string();
            assert_eq!(ours, theirs, "{loopy}");
        }
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
