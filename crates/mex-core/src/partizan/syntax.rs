//! The game notation, read once: tokens and one syntax tree for short and
//! loopy games (CGSuite's notation, Siegel 2013; CGSuite's documentation,
//! "Loopy games"; see docs/references.md), with the limits of the readers
//! and one vocabulary of errors.
//!
//! Every reader of the notation evaluates this tree: the short-game store
//! (`partizan::notation`) builds canonical forms from it, the loopy
//! builder (`partizan::loopy::notation`) builds a game graph. Front ends
//! route on [`Expr::is_short`], so that what is short does not depend on
//! which reader is asked.
//!
//! Grammar, loosest first (spaces separate tokens and are otherwise
//! ignored; a number with its juxtaposed arrows or star, such as `1/2^*`,
//! `-1vv` or `3/2under`, is one token):
//!
//! ```text
//! expr    := sided (('+' | '-') sided)*
//! sided   := switched ('&' switched)?          -- a game given by its sides
//! switched:= product (PM product)*             -- `x ± y` is x + ±y
//! product := unary ((':' | '.') unary)*        -- ordinal sum, Norton product
//! unary   := '-' unary | PM unary | PM '{' expr (',' expr)* '}' | primary
//! primary := ATOM | NAMED | '(' expr ')' | LABEL? '{' inside '}'
//!          | ('Tiny' | 'Miny') '(' expr ')' | LABEL   -- a label in scope
//! inside  := options (BARS options)*   -- split at the unique longest run
//! options := (option (',' option)*)?
//! option  := 'pass' | expr
//! PM      := '±' | '+-'
//! ATOM    := NUMBER? ARROWS? STAR?   (at least one of them)
//! NUMBER  := '-'? DIGITS ('/' POWER_OF_TWO)?   -- the sign glued to a digit
//! ARROWS  := '^'+ | '^' DIGITS | '^<' DIGITS '>' | '^[' DIGITS ']' (and 'v')
//! STAR    := '*' DIGITS?
//! NAMED   := NUMBER? (on | off | over | under | ^[on] | v[on] | ^<on> | v<on>) '*'?
//!          | dud | upon | tis | tisn
//! ```
//!
//! So `&` binds tighter than `+` and `-` and looser than `±`, `:` and
//! unary minus (CGSuite's grammar `Cgsuite.g`: `addExpr : sidleExpr
//! ((PLUS | MINUS) sidleExpr)*`, `sidleExpr : ordinalSumExpr (AMPERSAND
//! ordinalSumExpr)?`): `1 + over & v` is `1 + (over & v)`, `+-1 & *` is
//! `(±1) & *` and `1±1 & *` is `(1±1) & *` (the loopy printer writes
//! sides so). In braces, bars bind more loosely than commas: a side with
//! bars is one game written without its braces (`{5||1,2|0}` is
//! `{5 | {1,2 | 0}}`); the tree holds the braces. `^3` is `3·↑`, never a
//! power; `↑ ↓ ⇑ ⇓` are read as `^ v ^^ vv`.
//!
//! Limits: [`MAX_TEXT`] characters (callers may allow more) and
//! [`MAX_DEPTH`] levels of nesting, checked while reading (so deep input
//! is refused, not a stack overflow). Errors are [`SyntaxError`]s: where
//! (the character) and what went wrong, and what is accepted there.

use crate::error::quote;
use crate::MexError;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use std::fmt;

/// Longest text read by default.
pub const MAX_TEXT: usize = 10_000;

/// Deepest nesting read: braces, parentheses and signs inside each other.
pub const MAX_DEPTH: usize = 2_000;

/// Names of loopy values (CGSuite's; Siegel 2013, ch. VI): `on = {pass|}`,
/// `off = {|pass}`, `over = {0|pass}`, `under = {pass|0}`, `dud =
/// {pass|pass}`, `upon = ^[on] = {pass|*}`, `v[on] = {*|pass}`, `^<on> =
/// {0||0|0,pass}`, `v<on> = {0,pass|0||0}`, `tis = a{{|a}|}`, `tisn =
/// a{|{a|}}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LoopyName {
    On,
    Off,
    Over,
    Under,
    Dud,
    Upon,
    Tis,
    Tisn,
    /// `^[on]`.
    UpOn,
    /// `v[on]`.
    DownOn,
    /// `^<on>`.
    UpNthOn,
    /// `v<on>`.
    DownNthOn,
}

impl LoopyName {
    /// Every name, with its text.
    pub const ALL: [(LoopyName, &'static str); 12] = [
        (LoopyName::On, "on"),
        (LoopyName::Off, "off"),
        (LoopyName::Over, "over"),
        (LoopyName::Under, "under"),
        (LoopyName::Dud, "dud"),
        (LoopyName::Upon, "upon"),
        (LoopyName::Tis, "tis"),
        (LoopyName::Tisn, "tisn"),
        (LoopyName::UpOn, "^[on]"),
        (LoopyName::DownOn, "v[on]"),
        (LoopyName::UpNthOn, "^<on>"),
        (LoopyName::DownNthOn, "v<on>"),
    ];

    /// The name as written.
    pub fn text(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(n, _)| *n == self)
            .map_or("", |(_, t)| t)
    }

    fn of_word(word: &str) -> Option<LoopyName> {
        Self::ALL.iter().find(|(_, t)| *t == word).map(|(n, _)| *n)
    }

    /// Whether a number may come before the name (`3/2under`).
    pub fn takes_number(self) -> bool {
        !matches!(
            self,
            LoopyName::Dud | LoopyName::Upon | LoopyName::Tis | LoopyName::Tisn
        )
    }

    /// Whether `*` may come after the name (`^[on]*`).
    pub fn takes_star(self) -> bool {
        matches!(
            self,
            LoopyName::UpOn | LoopyName::DownOn | LoopyName::UpNthOn | LoopyName::DownNthOn
        )
    }
}

/// A dyadic rational as written: `-3/4` is `negative`, 3 and 4.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Number {
    pub negative: bool,
    pub numerator: BigUint,
    /// A power of two; `None` when no `/` was written.
    pub denominator: Option<BigUint>,
}

impl Number {
    /// `numerator / 2^q` with its sign: the exponent `q` of the
    /// denominator.
    pub fn exponent(&self) -> u64 {
        self.denominator
            .as_ref()
            .and_then(BigUint::trailing_zeros)
            .unwrap_or(0)
    }

    /// The signed numerator.
    pub fn signed_numerator(&self) -> BigInt {
        let n = BigInt::from(self.numerator.clone());
        if self.negative {
            -n
        } else {
            n
        }
    }
}

/// Arrows: `n·↑` (`^`, `^^`, `^3`, and `v` for ↓), `↑ⁿ` (`^<n>`) or
/// `↑ + ↑² + … + ↑ⁿ` (`^[n]`), Siegel 2013, II.5.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Arrows {
    /// `n·↑` (negative for ↓).
    Multiple(BigInt),
    /// `^<n>` (`up`) or `v<n>`, `n ≥ 1`.
    Power { up: bool, n: usize },
    /// `^[n]` (`up`) or `v[n]`, `n ≥ 1`.
    PowerSum { up: bool, n: usize },
}

/// `x + arrows + *k`, each part optional but not all absent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Atom {
    pub number: Option<Number>,
    pub arrows: Option<Arrows>,
    /// The `k` of `*k` (`*` alone is 1).
    pub star: Option<BigUint>,
}

/// A loopy name with its number and star: `3/2under`, `^[on]*`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Named {
    pub number: Option<Number>,
    pub name: LoopyName,
    pub star: bool,
}

/// The binary operators of a sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SumOp {
    Plus,
    Minus,
    /// `x ± y = x + ±y`.
    PlusMinus,
}

/// A pair of braces: its label and its Left and Right options (a side
/// written with bars, `{5||1|0}`, holds the braces it stands for).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Braces {
    pub label: Option<String>,
    pub left: Vec<Expr>,
    pub right: Vec<Expr>,
}

/// The syntax tree of the notation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    Atom(Atom),
    Named(Named),
    Braces(Box<Braces>),
    /// A move to the innermost braces (only as an option).
    Pass,
    /// The labelled braces around this place.
    Label(String),
    Neg(Box<Expr>),
    /// `±G = {G | -G}`.
    PlusMinus(Box<Expr>),
    /// `±{A, B, …} = {A, B, … | -A, -B, …}` (CGSuite's print of a switch
    /// with several options).
    PlusMinusOptions(Vec<Expr>),
    /// `Tiny(G) = {0 || 0 | -G}`.
    Tiny(Box<Expr>),
    /// `Miny(G) = {G | 0 || 0}`.
    Miny(Box<Expr>),
    Paren(Box<Expr>),
    Sum {
        first: Box<Expr>,
        rest: Vec<(SumOp, Expr)>,
    },
    /// `G : H`.
    Ordinal(Box<Expr>, Box<Expr>),
    /// `G . U`.
    Norton(Box<Expr>, Box<Expr>),
    /// `G & H`: the game with onside `G` and offside `H`.
    Sided(Box<Expr>, Box<Expr>),
}

impl Expr {
    /// The direct subexpressions.
    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Atom(_) | Expr::Named(_) | Expr::Pass | Expr::Label(_) => Vec::new(),
            Expr::Braces(b) => b.left.iter().chain(&b.right).collect(),
            Expr::Neg(x) | Expr::PlusMinus(x) | Expr::Tiny(x) | Expr::Miny(x) | Expr::Paren(x) => {
                vec![x]
            }
            Expr::PlusMinusOptions(xs) => xs.iter().collect(),
            Expr::Sum { first, rest } => std::iter::once(&**first)
                .chain(rest.iter().map(|(_, x)| x))
                .collect(),
            Expr::Ordinal(a, b) | Expr::Norton(a, b) | Expr::Sided(a, b) => vec![a, b],
        }
    }

    /// The tree with each direct subexpression `x` replaced by `f(x)`.
    pub fn map_children(&self, f: &mut impl FnMut(&Expr) -> Expr) -> Expr {
        let mut boxed = |x: &Expr| Box::new(f(x));
        match self {
            Expr::Atom(_) | Expr::Named(_) | Expr::Pass | Expr::Label(_) => self.clone(),
            Expr::Braces(b) => Expr::Braces(Box::new(Braces {
                label: b.label.clone(),
                left: b.left.iter().map(|x| *boxed(x)).collect(),
                right: b.right.iter().map(|x| *boxed(x)).collect(),
            })),
            Expr::Neg(x) => Expr::Neg(boxed(x)),
            Expr::PlusMinus(x) => Expr::PlusMinus(boxed(x)),
            Expr::Tiny(x) => Expr::Tiny(boxed(x)),
            Expr::Miny(x) => Expr::Miny(boxed(x)),
            Expr::Paren(x) => Expr::Paren(boxed(x)),
            Expr::PlusMinusOptions(xs) => {
                Expr::PlusMinusOptions(xs.iter().map(|x| *boxed(x)).collect())
            }
            Expr::Sum { first, rest } => Expr::Sum {
                first: boxed(first),
                rest: rest.iter().map(|(op, x)| (*op, *boxed(x))).collect(),
            },
            Expr::Ordinal(a, b) => Expr::Ordinal(boxed(a), boxed(b)),
            Expr::Norton(a, b) => Expr::Norton(boxed(a), boxed(b)),
            Expr::Sided(a, b) => Expr::Sided(boxed(a), boxed(b)),
        }
    }

    /// Whether any node of the tree satisfies `p`.
    pub fn any(&self, p: &impl Fn(&Expr) -> bool) -> bool {
        crate::stack::deep(|| p(self) || self.children().into_iter().any(|x| x.any(p)))
    }

    /// Whether this node alone is loopy notation: `pass`, a label, a loopy
    /// name, `&`.
    fn is_loopy_node(&self) -> bool {
        match self {
            Expr::Pass | Expr::Label(_) | Expr::Named(_) | Expr::Sided(..) => true,
            Expr::Braces(b) => b.label.is_some(),
            _ => false,
        }
    }

    /// Whether the text is a short game: no `pass`, label, loopy name or
    /// `&` anywhere.
    pub fn is_short(&self) -> bool {
        !self.any(&Expr::is_loopy_node)
    }

    /// Whether a game given by its sides, `G & H`, is an option of some
    /// braces (`{0 | on & off}`).
    pub fn has_braced_sides(&self) -> bool {
        self.any(&|e| match e {
            Expr::Braces(b) => b
                .left
                .iter()
                .chain(&b.right)
                .any(|x| x.any(&|y| matches!(y, Expr::Sided(..)))),
            Expr::PlusMinusOptions(xs) => {
                xs.iter().any(|x| x.any(&|y| matches!(y, Expr::Sided(..))))
            }
            _ => false,
        })
    }

    /// Whether `G & H` occurs anywhere.
    pub fn has_sides(&self) -> bool {
        self.any(&|e| matches!(e, Expr::Sided(..)))
    }
}

// ------------------------------------------------------------------ errors

/// What went wrong where, in the vocabulary every reader shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyntaxError {
    /// Longer than the limit (in bytes).
    TooLong { limit: usize },
    /// Nothing but spaces.
    Empty,
    /// Nested deeper than [`MAX_DEPTH`] at this character.
    TooDeep { at: usize },
    /// The text ends where `expected` was needed.
    EndsEarly { expected: &'static str },
    /// Character `found` at `at` where `expected` was needed; `spaced` when
    /// a space came before it.
    Unexpected {
        at: usize,
        found: char,
        spaced: bool,
        expected: &'static str,
    },
    /// `2.5`: a decimal fraction.
    Decimal { at: usize },
    /// A denominator that is not a power of two.
    Denominator { at: usize },
    /// `^<n>` or `^[n]` with an `n` that is 0 or does not fit in memory.
    ArrowSize { at: usize },
    /// A word that is no name, label or keyword.
    UnknownName { at: usize, word: String },
    /// A name that takes no number before it (`3dud`) or no star.
    NameForm { at: usize, word: String },
    /// Braces without a bar.
    NoBar { at: usize },
    /// Two runs of the longest number of bars in one pair of braces.
    AmbiguousBars { at: usize, bars: usize },
    /// An empty option (`{,|}`, `{1,|0}`).
    EmptyOption { at: usize },
    /// `pass` outside the options of braces.
    PassOutside { at: usize },
    /// A second `&` (`a & b & c`).
    SecondAmpersand { at: usize },
}

/// What the notation accepts, for error messages.
pub const ACCEPTED: &str = "games like {1|0}, {2||1|0}, 3/4, -2, *, *3, ^, v, ^3, ^*, ^<2>, ^[3], ±1, +-1, 3±1, Tiny(G), Miny(G), joined by + or -, G:H, G.U; loopy games like on, over, {0|pass}, a{0|{1|a}}, 3/2under, over & v";

impl SyntaxError {
    /// The character (from 0) where it went wrong, when there is one.
    pub fn at(&self) -> Option<usize> {
        use SyntaxError::*;
        match self {
            TooLong { .. } | Empty | EndsEarly { .. } => None,
            TooDeep { at }
            | Unexpected { at, .. }
            | Decimal { at }
            | Denominator { at }
            | ArrowSize { at }
            | UnknownName { at, .. }
            | NameForm { at, .. }
            | NoBar { at }
            | AmbiguousBars { at, .. }
            | EmptyOption { at }
            | PassOutside { at }
            | SecondAmpersand { at } => Some(*at),
        }
    }

    /// What was wrong, without the place.
    fn problem(&self) -> String {
        use SyntaxError::*;
        match self {
            TooLong { limit } => format!("longer than {limit} characters"),
            Empty => "it is empty".into(),
            TooDeep { .. } => format!("nested too deeply (more than {MAX_DEPTH} levels)"),
            EndsEarly { expected } => format!("it ends too early ({expected} expected)"),
            Unexpected {
                found,
                spaced: true,
                expected,
                ..
            } => format!(
                "unexpected '{found}' after a space ({expected} expected; no spaces inside a number or name; join terms with + or -)"
            ),
            Unexpected {
                found, expected, ..
            } => format!("unexpected '{found}' ({expected} expected)"),
            Decimal { .. } => "decimal fractions are not games (write 1/2; '.' with spaces around it is Norton multiplication)".into(),
            Denominator { .. } => "denominators must be powers of two (dyadic rationals), written right after '/'".into(),
            ArrowSize { .. } => "the n of ^<n> or ^[n] must be a positive integer that fits in memory, as in ^<3>".into(),
            UnknownName { word, .. } => format!("unknown name '{word}'"),
            NameForm { word, .. } => format!("'{word}' takes no number before it or star after it"),
            NoBar { .. } => "a game needs a '|' (or write +-{A,B} for a switch)".into(),
            AmbiguousBars { bars, .. } => format!("ambiguous bars: two runs of {bars} bars in one pair of braces"),
            EmptyOption { .. } => "an empty option".into(),
            PassOutside { .. } => "'pass' outside the options of braces".into(),
            SecondAmpersand { .. } => "a second '&' (a game has one onside and one offside)".into(),
        }
    }

    /// The error of the library for this error in `text`.
    pub fn to_error(&self, text: &str) -> MexError {
        if let SyntaxError::TooLong { limit } = self {
            return MexError::too_large(
                "the expression",
                format!("{limit} characters"),
                "use a shorter expression",
            );
        }
        let place = match self.at() {
            Some(at) => format!(" at character {}", at + 1),
            None => String::new(),
        };
        MexError::invalid(
            format!("{} is not a game: {}{place}", quote(text), self.problem()),
            ACCEPTED,
        )
    }
}

// ------------------------------------------------------------------ tokens

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Atom(Atom),
    Named(Named),
    /// A word of letters, digits and `_` starting with a letter.
    Word(String),
    Open(char),
    Close(char),
    Bars(usize),
    Comma,
    Plus,
    Minus,
    PlusMinus,
    Colon,
    Dot,
    Amp,
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    /// The character where it starts.
    at: usize,
    /// Whether a space came before it.
    spaced: bool,
    /// Its first character.
    first: char,
    /// The word it was read from, for an atom spelled as a word (`v`,
    /// `vv`, `v3`), which may be a label.
    word: Option<String>,
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        let mut chars = Vec::new();
        for c in text.chars() {
            match c {
                '↑' => chars.push('^'),
                '↓' => chars.push('v'),
                '⇑' => chars.extend(['^', '^']),
                '⇓' => chars.extend(['v', 'v']),
                c => chars.push(c),
            }
        }
        Lexer { chars, i: 0 }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn unexpected(&self, expected: &'static str) -> SyntaxError {
        match self.peek() {
            None => SyntaxError::EndsEarly { expected },
            Some(found) => SyntaxError::Unexpected {
                at: self.i,
                found,
                spaced: self.i > 0 && self.chars[self.i - 1].is_whitespace(),
                expected,
            },
        }
    }

    fn tokens(mut self) -> Result<Vec<Token>, SyntaxError> {
        let mut out = Vec::new();
        let mut spaced = false;
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                spaced = true;
                self.i += 1;
                continue;
            }
            let at = self.i;
            let (tok, word) = self.token(c)?;
            out.push(Token {
                tok,
                at,
                spaced,
                first: c,
                word,
            });
            spaced = false;
        }
        Ok(out)
    }

    fn token(&mut self, c: char) -> Result<(Tok, Option<String>), SyntaxError> {
        let simple = match c {
            '{' | '(' => Some(Tok::Open(c)),
            '}' | ')' => Some(Tok::Close(c)),
            ',' => Some(Tok::Comma),
            ':' => Some(Tok::Colon),
            '&' => Some(Tok::Amp),
            '±' => Some(Tok::PlusMinus),
            '-' => Some(Tok::Minus),
            _ => None,
        };
        if let Some(t) = simple {
            self.i += 1;
            return Ok((t, None));
        }
        match c {
            '+' if self.peek_at(1) == Some('-') => {
                self.i += 2;
                Ok((Tok::PlusMinus, None))
            }
            '+' => {
                self.i += 1;
                Ok((Tok::Plus, None))
            }
            '.' => self.dot(),
            '|' => {
                let mut n = 0;
                while self.peek() == Some('|') {
                    self.i += 1;
                    n += 1;
                }
                Ok((Tok::Bars(n), None))
            }
            c if c.is_ascii_digit() => self.numbered().map(|t| (t, None)),
            '*' | '^' => self.suffixes(None).map(|t| (t, None)),
            c if c.is_ascii_alphabetic() => self.word(),
            _ => Err(self.unexpected("a game")),
        }
    }

    /// `.`, refused between digits (`2.5`).
    fn dot(&mut self) -> Result<(Tok, Option<String>), SyntaxError> {
        let after_digit = self.i > 0 && self.chars[self.i - 1].is_ascii_digit();
        if after_digit && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            return Err(SyntaxError::Decimal { at: self.i });
        }
        self.i += 1;
        Ok((Tok::Dot, None))
    }

    /// Decimal digits (at least one is next).
    fn digits(&mut self) -> BigUint {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        let text: String = self.chars[start..self.i].iter().collect();
        text.parse().unwrap_or_default()
    }

    /// A number and what is glued to it.
    fn numbered(&mut self) -> Result<Tok, SyntaxError> {
        let numerator = self.digits();
        let mut denominator = None;
        if self.peek() == Some('/') {
            self.i += 1;
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(SyntaxError::Denominator { at: self.i });
            }
            let at = self.i;
            let d = self.digits();
            if d.is_zero() || d.count_ones() != 1 {
                return Err(SyntaxError::Denominator { at });
            }
            denominator = Some(d);
        }
        let number = Number {
            negative: false,
            numerator,
            denominator,
        };
        if self.peek().is_some_and(|c| c == 'o' || c == 'u') {
            let at = self.i;
            let word = self.read_word();
            return match LoopyName::of_word(&word).filter(|n| n.takes_number()) {
                Some(name) => Ok(Tok::Named(Named {
                    number: Some(number),
                    name,
                    star: false,
                })),
                None => Err(SyntaxError::UnknownName { at, word }),
            };
        }
        self.suffixes(Some(number))
    }

    fn read_word(&mut self) -> String {
        let start = self.i;
        while self.peek().is_some_and(is_word_char) {
            self.i += 1;
        }
        self.chars[start..self.i].iter().collect()
    }

    /// Arrows and a star after an optional number (`^^*`, `1v3`, `*4`),
    /// or a name in brackets (`^[on]*`).
    fn suffixes(&mut self, number: Option<Number>) -> Result<Tok, SyntaxError> {
        let mut arrows = None;
        if let Some(arrow @ ('^' | 'v')) = self.peek() {
            if let Some(name) = self.bracketed_name(arrow) {
                let star = self.peek() == Some('*');
                if star {
                    self.i += 1;
                }
                return Ok(Tok::Named(Named { number, name, star }));
            }
            arrows = Some(self.arrows(arrow)?);
        }
        let star = if self.peek() == Some('*') {
            self.i += 1;
            Some(if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.digits()
            } else {
                BigUint::one()
            })
        } else {
            None
        };
        Ok(Tok::Atom(Atom {
            number,
            arrows,
            star,
        }))
    }

    /// `^[on]`, `v[on]`, `^<on>`, `v<on>` starting here (consumed).
    fn bracketed_name(&mut self, arrow: char) -> Option<LoopyName> {
        let word: String = (0..5).filter_map(|k| self.peek_at(k)).collect();
        let name = match (arrow, word.get(1..).unwrap_or("")) {
            ('^', "[on]") => LoopyName::UpOn,
            ('v', "[on]") => LoopyName::DownOn,
            ('^', "<on>") => LoopyName::UpNthOn,
            ('v', "<on>") => LoopyName::DownNthOn,
            _ => return None,
        };
        self.i += 5;
        Some(name)
    }

    /// `^`, `^^`, `^n`, `^<n>`, `^[n]` and the same with `v`.
    fn arrows(&mut self, arrow: char) -> Result<Arrows, SyntaxError> {
        self.i += 1;
        let mut n = 1u64;
        while self.peek() == Some(arrow) {
            self.i += 1;
            n += 1;
        }
        let up = arrow == '^';
        let sign = |m: BigInt| if up { m } else { -m };
        if n > 1 {
            return Ok(Arrows::Multiple(sign(BigInt::from(n))));
        }
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                Ok(Arrows::Multiple(sign(BigInt::from(self.digits()))))
            }
            Some(open @ ('<' | '[')) => {
                let close = if open == '<' { '>' } else { ']' };
                self.i += 1;
                let at = self.i;
                if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    return Err(self.unexpected("a positive integer, as in ^<3> or ^[3]"));
                }
                let n = self.digits();
                if self.peek() != Some(close) {
                    return Err(self.unexpected(if close == '>' { "'>'" } else { "']'" }));
                }
                self.i += 1;
                let n = usize::try_from(&n)
                    .ok()
                    .filter(|n| (1..usize::MAX / 64).contains(n))
                    .ok_or(SyntaxError::ArrowSize { at })?;
                Ok(if open == '<' {
                    Arrows::Power { up, n }
                } else {
                    Arrows::PowerSum { up, n }
                })
            }
            _ => Ok(Arrows::Multiple(sign(BigInt::one()))),
        }
    }

    /// A word: an arrow spelled with `v` (`v`, `vv`, `v3*`), a loopy name,
    /// or a word for the parser (a label, `Tiny`, `pass`).
    fn word(&mut self) -> Result<(Tok, Option<String>), SyntaxError> {
        let start = self.i;
        let word = self.read_word();
        let arrow_word = word.starts_with('v')
            && (word.chars().all(|c| c == 'v')
                || (word.len() > 1 && word[1..].chars().all(|c| c.is_ascii_digit())));
        if arrow_word || (word == "v" && matches!(self.peek(), Some('[' | '<' | '*'))) {
            self.i = start;
            let tok = self.suffixes(None)?;
            let plain = self.i == start + word.len();
            return Ok((tok, plain.then_some(word)));
        }
        if let Some(name) = LoopyName::of_word(&word) {
            return Ok((
                Tok::Named(Named {
                    number: None,
                    name,
                    star: false,
                }),
                Some(word),
            ));
        }
        Ok((Tok::Word(word), None))
    }
}

// ------------------------------------------------------------------ parser

/// Reads `text` (at most [`MAX_TEXT`] bytes) into its tree.
pub fn parse(text: &str) -> Result<Expr, SyntaxError> {
    parse_long(text, MAX_TEXT)
}

/// [`parse`] for texts of up to `max_bytes`.
pub fn parse_long(text: &str, max_bytes: usize) -> Result<Expr, SyntaxError> {
    if text.len() > max_bytes {
        return Err(SyntaxError::TooLong { limit: max_bytes });
    }
    let toks = Lexer::new(text).tokens()?;
    if toks.is_empty() {
        return Err(SyntaxError::Empty);
    }
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
        labels: Vec::new(),
    };
    let e = p.expr()?;
    if p.pos < p.toks.len() {
        return Err(p.unexpected("an operator (+, -, ±, &, :, .) or the end"));
    }
    Ok(e)
}

/// [`parse`], its error in the library's vocabulary.
pub fn read(text: &str) -> Result<Expr, MexError> {
    parse(text).map_err(|e| e.to_error(text))
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
    /// Labels in scope, innermost last.
    labels: Vec<String>,
}

/// What braces hold: option lists separated by runs of bars.
enum Item {
    Options(Vec<Expr>),
    Bars { bars: usize, at: usize },
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    /// The next token if no space comes before it.
    fn peek_glued(&self) -> Option<&Tok> {
        self.toks
            .get(self.pos)
            .filter(|t| !t.spaced)
            .map(|t| &t.tok)
    }

    fn at(&self) -> usize {
        self.toks.get(self.pos).map_or(0, |t| t.at)
    }

    fn unexpected(&self, expected: &'static str) -> SyntaxError {
        match self.toks.get(self.pos) {
            None => SyntaxError::EndsEarly { expected },
            Some(t) => SyntaxError::Unexpected {
                at: t.at,
                found: t.first,
                spaced: t.spaced,
                expected,
            },
        }
    }

    fn expect_close(&mut self, c: char) -> Result<(), SyntaxError> {
        if self.peek() == Some(&Tok::Close(c)) {
            self.pos += 1;
            Ok(())
        } else if c == ')' {
            Err(self.unexpected("')'"))
        } else {
            Err(self.unexpected("'}'"))
        }
    }

    fn expr(&mut self) -> Result<Expr, SyntaxError> {
        let first = self.sided()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek() {
                Some(Tok::Plus) => SumOp::Plus,
                Some(Tok::Minus) => SumOp::Minus,
                _ => break,
            };
            self.pos += 1;
            rest.push((op, self.sided()?));
        }
        Ok(sum(first, rest))
    }

    /// `product (PM product)*`: `x ± y` binds tighter than `&` (`1±1 & *`
    /// is `(1 + ±1) & *`, as the loopy printer writes it) and, since
    /// `x ± y = x + ±y`, gives the same value as at the level of `+`.
    fn switched(&mut self) -> Result<Expr, SyntaxError> {
        let first = self.product()?;
        let mut rest = Vec::new();
        while self.peek() == Some(&Tok::PlusMinus) {
            self.pos += 1;
            rest.push((SumOp::PlusMinus, self.product()?));
        }
        Ok(sum(first, rest))
    }

    fn sided(&mut self) -> Result<Expr, SyntaxError> {
        let onside = self.switched()?;
        if self.peek() != Some(&Tok::Amp) {
            return Ok(onside);
        }
        self.pos += 1;
        let offside = self.switched()?;
        if self.peek() == Some(&Tok::Amp) {
            return Err(SyntaxError::SecondAmpersand { at: self.at() });
        }
        Ok(Expr::Sided(Box::new(onside), Box::new(offside)))
    }

    fn product(&mut self) -> Result<Expr, SyntaxError> {
        let mut g = self.unary()?;
        loop {
            let ordinal = match self.peek() {
                Some(Tok::Colon) => true,
                Some(Tok::Dot) => false,
                _ => return Ok(g),
            };
            self.pos += 1;
            let h = self.unary()?;
            g = if ordinal {
                Expr::Ordinal(Box::new(g), Box::new(h))
            } else {
                Expr::Norton(Box::new(g), Box::new(h))
            };
        }
    }

    fn unary(&mut self) -> Result<Expr, SyntaxError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(SyntaxError::TooDeep { at: self.at() });
        }
        let e = crate::stack::deep(|| self.unary_inner());
        self.depth -= 1;
        e
    }

    fn unary_inner(&mut self) -> Result<Expr, SyntaxError> {
        match self.peek() {
            Some(Tok::Minus) => {
                self.pos += 1;
                if let Some(e) = self.negative_literal() {
                    return Ok(e);
                }
                Ok(Expr::Neg(Box::new(self.unary()?)))
            }
            Some(Tok::PlusMinus) => {
                self.pos += 1;
                if self.peek() == Some(&Tok::Open('{')) && !self.braces_have_bar() {
                    return self.switch_of_options();
                }
                Ok(Expr::PlusMinus(Box::new(self.unary()?)))
            }
            _ => self.primary(),
        }
    }

    /// A number glued to the `-` just read: `-1vv` is `(-1) + vv`.
    fn negative_literal(&mut self) -> Option<Expr> {
        let glued = self.peek_glued()?.clone();
        let signed = |n: &Option<Number>| {
            n.clone().map(|n| Number {
                negative: true,
                ..n
            })
        };
        let e = match glued {
            Tok::Atom(a) if a.number.is_some() => Expr::Atom(Atom {
                number: signed(&a.number),
                ..a
            }),
            Tok::Named(n) if n.number.is_some() => Expr::Named(Named {
                number: signed(&n.number),
                ..n
            }),
            _ => return None,
        };
        self.pos += 1;
        Some(e)
    }

    /// Whether the braces opening here have a bar of their own.
    fn braces_have_bar(&self) -> bool {
        let mut depth = 0usize;
        for t in &self.toks[self.pos..] {
            match t.tok {
                Tok::Open(_) => depth += 1,
                Tok::Close(_) => {
                    depth -= 1;
                    if depth == 0 {
                        return false;
                    }
                }
                Tok::Bars(_) if depth == 1 => return true,
                _ => {}
            }
        }
        false
    }

    /// `±{A, B, …}` (the `{` is next).
    fn switch_of_options(&mut self) -> Result<Expr, SyntaxError> {
        self.pos += 1;
        let mut options = vec![self.expr()?];
        while self.peek() == Some(&Tok::Comma) {
            self.pos += 1;
            options.push(self.expr()?);
        }
        self.expect_close('}')?;
        Ok(Expr::PlusMinusOptions(options))
    }

    fn primary(&mut self) -> Result<Expr, SyntaxError> {
        let Some(t) = self.toks.get(self.pos).cloned() else {
            return Err(self.unexpected("a game"));
        };
        let label_here =
            matches!(self.toks.get(self.pos + 1), Some(n) if n.tok == Tok::Open('{') && !n.spaced);
        let word = match &t.tok {
            Tok::Word(w) => Some(w.clone()),
            _ => t.word.clone(),
        };
        if let Some(w) = &word {
            if label_here {
                self.pos += 2;
                return self.braces(Some(w.clone()));
            }
            if self.labels.iter().any(|l| l == w) && w != "Tiny" && w != "Miny" {
                self.pos += 1;
                return Ok(Expr::Label(w.clone()));
            }
        }
        self.pos += 1;
        match t.tok {
            Tok::Atom(a) => Ok(Expr::Atom(a)),
            Tok::Named(n) => Ok(Expr::Named(n)),
            Tok::Open('(') => {
                let e = self.expr()?;
                self.expect_close(')')?;
                Ok(Expr::Paren(Box::new(e)))
            }
            Tok::Open(_) => self.braces(None),
            Tok::Word(w) => self.word(&w, t.at),
            _ => {
                self.pos -= 1;
                Err(self.unexpected("a game"))
            }
        }
    }

    /// `Tiny(G)`, `Miny(G)`, or an error for another word.
    fn word(&mut self, w: &str, at: usize) -> Result<Expr, SyntaxError> {
        let tiny = match w {
            "Tiny" => true,
            "Miny" => false,
            "pass" => return Err(SyntaxError::PassOutside { at }),
            _ => return Err(SyntaxError::UnknownName { at, word: w.into() }),
        };
        if self.peek_glued() != Some(&Tok::Open('(')) {
            return Err(self.unexpected("'(' right after Tiny or Miny"));
        }
        self.pos += 1;
        let g = Box::new(self.expr()?);
        self.expect_close(')')?;
        Ok(if tiny { Expr::Tiny(g) } else { Expr::Miny(g) })
    }

    /// The inside of braces (the `{` read), with its label.
    fn braces(&mut self, label: Option<String>) -> Result<Expr, SyntaxError> {
        let open = self.toks[self.pos - 1].at;
        if let Some(l) = &label {
            self.labels.push(l.clone());
        }
        let items = self.items();
        if label.is_some() {
            self.labels.pop();
        }
        let (left, right) = split(items?, open)?;
        Ok(Expr::Braces(Box::new(Braces { label, left, right })))
    }

    fn items(&mut self) -> Result<Vec<Item>, SyntaxError> {
        let mut items = Vec::new();
        loop {
            items.push(Item::Options(self.options()?));
            match self.peek() {
                Some(&Tok::Bars(bars)) => {
                    items.push(Item::Bars {
                        bars,
                        at: self.at(),
                    });
                    self.pos += 1;
                }
                Some(Tok::Close('}')) => {
                    self.pos += 1;
                    return Ok(items);
                }
                _ => return Err(self.unexpected("',', '|' or '}'")),
            }
        }
    }

    fn options(&mut self) -> Result<Vec<Expr>, SyntaxError> {
        let mut out = Vec::new();
        if matches!(self.peek(), Some(Tok::Bars(_) | Tok::Close('}'))) {
            return Ok(out);
        }
        loop {
            if matches!(
                self.peek(),
                Some(Tok::Comma | Tok::Bars(_) | Tok::Close('}'))
            ) {
                return Err(SyntaxError::EmptyOption { at: self.at() });
            }
            if self.peek() == Some(&Tok::Word("pass".into())) {
                self.pos += 1;
                out.push(Expr::Pass);
            } else {
                out.push(self.expr()?);
            }
            if self.peek() != Some(&Tok::Comma) {
                return Ok(out);
            }
            self.pos += 1;
        }
    }
}

/// `first` alone, or the sum of `first` and `rest`.
fn sum(first: Expr, rest: Vec<(SumOp, Expr)>) -> Expr {
    if rest.is_empty() {
        first
    } else {
        Expr::Sum {
            first: Box::new(first),
            rest,
        }
    }
}

/// Splits the items of braces at the unique longest run of bars; a side
/// with bars is braces of its own.
fn split(mut items: Vec<Item>, open: usize) -> Result<(Vec<Expr>, Vec<Expr>), SyntaxError> {
    let most = items
        .iter()
        .filter_map(|i| match i {
            Item::Bars { bars, .. } => Some(*bars),
            Item::Options(_) => None,
        })
        .max()
        .ok_or(SyntaxError::NoBar { at: open })?;
    let runs: Vec<usize> = (0..items.len())
        .filter(|&i| matches!(items[i], Item::Bars { bars, .. } if bars == most))
        .collect();
    if let [_, second, ..] = runs[..] {
        let Item::Bars { at, .. } = items[second] else {
            unreachable!("runs are bars")
        };
        return Err(SyntaxError::AmbiguousBars { at, bars: most });
    }
    let right = items.split_off(runs[0] + 1);
    items.pop();
    Ok((side(items, open)?, side(right, open)?))
}

fn side(mut items: Vec<Item>, open: usize) -> Result<Vec<Expr>, SyntaxError> {
    if items.len() == 1 {
        if let Some(Item::Options(options)) = items.pop() {
            return Ok(options);
        }
        unreachable!("a side starts with options")
    }
    let (left, right) = split(items, open)?;
    Ok(vec![Expr::Braces(Box::new(Braces {
        label: None,
        left,
        right,
    }))])
}

// ---------------------------------------------------------------- printing

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.negative {
            f.write_str("-")?;
        }
        write!(f, "{}", self.numerator)?;
        if let Some(d) = &self.denominator {
            write!(f, "/{d}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = &self.number {
            write!(f, "{n}")?;
        }
        match &self.arrows {
            None => {}
            Some(Arrows::Multiple(n)) => {
                let arrow = if n.sign() == num_bigint::Sign::Minus {
                    'v'
                } else {
                    '^'
                };
                let size = n.magnitude();
                if size.is_one() {
                    write!(f, "{arrow}")?;
                } else {
                    write!(f, "{arrow}{size}")?;
                }
            }
            Some(Arrows::Power { up, n }) => write!(f, "{}<{n}>", if *up { '^' } else { 'v' })?,
            Some(Arrows::PowerSum { up, n }) => write!(f, "{}[{n}]", if *up { '^' } else { 'v' })?,
        }
        match &self.star {
            None => Ok(()),
            Some(k) if k.is_one() => f.write_str("*"),
            Some(k) => write!(f, "*{k}"),
        }
    }
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = &self.number {
            write!(f, "{n}")?;
        }
        f.write_str(self.name.text())?;
        if self.star {
            f.write_str("*")?;
        }
        Ok(())
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, xs: &[Expr]) -> fmt::Result {
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

/// Whether `e` printed starts with a digit (so a `-` before it must be
/// spaced, or it would be read as the sign of the number).
fn starts_with_number(e: &Expr) -> bool {
    match e {
        Expr::Atom(a) => a.number.as_ref().is_some_and(|n| !n.negative),
        Expr::Named(n) => n.number.as_ref().is_some_and(|n| !n.negative),
        Expr::Ordinal(a, _) | Expr::Norton(a, _) | Expr::Sided(a, _) => starts_with_number(a),
        Expr::Sum { first, .. } => starts_with_number(first),
        _ => false,
    }
}

/// Prints the tree so that reading the text gives the same tree: sums with
/// spaces around their operators, braces with one bar, `pass` and labels
/// as written.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::stack::deep(|| match self {
            Expr::Atom(a) => write!(f, "{a}"),
            Expr::Named(n) => write!(f, "{n}"),
            Expr::Braces(b) => {
                if let Some(l) = &b.label {
                    f.write_str(l)?;
                }
                f.write_str("{")?;
                write_list(f, &b.left)?;
                f.write_str("|")?;
                write_list(f, &b.right)?;
                f.write_str("}")
            }
            Expr::Pass => f.write_str("pass"),
            Expr::Label(l) => f.write_str(l),
            Expr::Neg(x) if starts_with_number(x) => write!(f, "- {x}"),
            Expr::Neg(x) => write!(f, "-{x}"),
            Expr::PlusMinus(x) => write!(f, "+-{x}"),
            Expr::PlusMinusOptions(xs) => {
                f.write_str("+-{")?;
                write_list(f, xs)?;
                f.write_str("}")
            }
            Expr::Tiny(x) => write!(f, "Tiny({x})"),
            Expr::Miny(x) => write!(f, "Miny({x})"),
            Expr::Paren(x) => write!(f, "({x})"),
            Expr::Sum { first, rest } => {
                write!(f, "{first}")?;
                for (op, x) in rest {
                    let op = match op {
                        SumOp::Plus => "+",
                        SumOp::Minus => "-",
                        SumOp::PlusMinus => "+-",
                    };
                    write!(f, " {op} {x}")?;
                }
                Ok(())
            }
            Expr::Ordinal(a, b) => write!(f, "{a}:{b}"),
            Expr::Norton(a, b) => write!(f, "{a} . {b}"),
            Expr::Sided(a, b) => write!(f, "{a} & {b}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn atom(text: &str) -> Expr {
        parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    #[test]
    fn atoms_are_single_tokens() {
        let Expr::Atom(a) = atom("-1/2^3*4") else {
            panic!("an atom")
        };
        assert_eq!(a.number.as_ref().map(Number::exponent), Some(1));
        assert!(a.number.as_ref().is_some_and(|n| n.negative));
        assert_eq!(a.arrows, Some(Arrows::Multiple(BigInt::from(3))));
        assert_eq!(a.star, Some(BigUint::from(4u32)));
        assert_eq!(atom("⇓*"), atom("vv*"));
        assert_eq!(atom("^^"), atom("^2"));
        assert_eq!(
            atom("v<3>"),
            Expr::Atom(Atom {
                number: None,
                arrows: Some(Arrows::Power { up: false, n: 3 }),
                star: None
            })
        );
        for bad in [
            "1 2", "* 3", "^ 2", "1 /2", "1/ 2", "1 *", "^ ^", "**", "2.5", "1/3", "^<0>", "^[3>",
            "x", "3dud",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn precedences_are_cgsuites() {
        for (text, twin) in [
            ("1 + over & v", "1 + (over & v)"),
            ("+-1 & *", "(+-1) & *"),
            ("-over & -over", "(-over) & (-over)"),
            ("1 + 1:1", "1 + (1:1)"),
            ("-{*|*}:1", "(-{*|*}):1"),
        ] {
            let strip = |e: Expr| -> String { e.to_string().replace(['(', ')'], "") };
            assert_eq!(strip(atom(text)), strip(atom(twin)), "{text}");
        }
        assert!(matches!(atom("1 + over & v"), Expr::Sum { .. }));
        assert!(matches!(atom("+-1 & *"), Expr::Sided(..)));
        let Expr::Sided(switch, _) = atom("1±1 & *") else {
            panic!("1±1 & * is given by its sides")
        };
        assert!(matches!(*switch, Expr::Sum { .. }));
        assert!(matches!(atom("-1:1"), Expr::Ordinal(..)));
    }

    #[test]
    fn braces_split_at_the_longest_run() {
        assert_eq!(atom("{5||1,2|0}"), atom("{5|{1,2|0}}"));
        assert_eq!(atom("{0||0|0,pass}"), atom("{0|{0|0,pass}}"));
        assert_eq!(atom("{ 0 , * | 0 , * }"), atom("{0,*|0,*}"));
        for bad in [
            "{1||0||2}",
            "{1| |0}",
            "{1}",
            "{,|}",
            "{1,|0}",
            "{1|",
            "{1|0}}",
            "pass",
            "1 & 2 & 3",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn labels_are_scoped() {
        let e = atom("a{0|{1|a}}");
        assert!(e.any(&|x| matches!(x, Expr::Label(l) if l == "a")));
        assert!(!e.is_short());
        assert!(parse("a").is_err());
        assert!(parse("{0|a}").is_err());
        // `v` is down unless it labels braces around it.
        assert!(atom("{0|v}").is_short());
        assert!(!atom("v{0|v}").is_short());
    }

    #[test]
    fn short_and_loopy_texts_are_told_apart() {
        for short in ["{1|0}", "Tiny(2)", "+-{1,2}", "^[3]*", "1/2:3", "2 . ^"] {
            assert!(atom(short).is_short(), "{short}");
        }
        for loopy in [
            "on", "3/2under", "^[on]*", "{0|pass}", "a{0|a}", "over & v", "Tiny(on)", "tis",
        ] {
            assert!(!atom(loopy).is_short(), "{loopy}");
        }
        assert!(atom("{0|on & off}").has_braced_sides());
        assert!(!atom("(over & v) + 1").has_braced_sides());
        assert!(atom("(over & v) + 1").has_sides());
    }

    /// Errors say where: the character, from 1.
    #[test]
    fn errors_name_the_place() {
        let e = parse("{1|0} x").unwrap_err();
        assert_eq!(e.at(), Some(6));
        let message = e.to_error("{1|0} x").to_string();
        assert!(
            message.contains("at character 7") && !message.contains('\n'),
            "{message}"
        );
        let deep = format!("{}1{}", "(".repeat(3000), ")".repeat(3000));
        assert!(matches!(parse(&deep), Err(SyntaxError::TooDeep { .. })));
        let long = "1+".repeat(6000) + "1";
        assert!(matches!(parse(&long), Err(SyntaxError::TooLong { .. })));
    }

    fn number() -> impl Strategy<Value = Number> {
        (any::<bool>(), 0u32..1000, prop::option::of(0u32..5)).prop_map(|(negative, p, q)| Number {
            negative,
            numerator: BigUint::from(p),
            denominator: q.map(|q| BigUint::from(1u32) << q),
        })
    }

    fn positive() -> impl Strategy<Value = Number> {
        number().prop_map(|n| Number {
            negative: false,
            ..n
        })
    }

    fn leaf() -> impl Strategy<Value = Expr> {
        let arrows = prop_oneof![
            (-5i32..6).prop_map(|n| Arrows::Multiple(BigInt::from(n))),
            (any::<bool>(), 1usize..5).prop_map(|(up, n)| Arrows::Power { up, n }),
            (any::<bool>(), 1usize..5).prop_map(|(up, n)| Arrows::PowerSum { up, n }),
        ];
        let atom = (
            prop::option::of(positive()),
            prop::option::of(arrows),
            prop::option::of(0u32..4),
        )
            .prop_filter("not empty", |(n, a, s)| {
                n.is_some() || a.is_some() || s.is_some()
            })
            .prop_map(|(number, arrows, star)| {
                Expr::Atom(Atom {
                    number,
                    arrows,
                    star: star.map(BigUint::from),
                })
            });
        let named = (
            prop::sample::select(LoopyName::ALL.to_vec()),
            prop::option::of(positive()),
            any::<bool>(),
        )
            .prop_map(|((name, _), number, star)| {
                Expr::Named(Named {
                    number: number.filter(|_| name.takes_number()),
                    name,
                    star: star && name.takes_star(),
                })
            });
        prop_oneof![atom, named]
    }

    /// Trees the parser can give: each operand at the level its place
    /// needs (a looser one in parentheses).
    fn tree() -> impl Strategy<Value = Expr> {
        leaf().prop_recursive(4, 40, 4, |inner| {
            let primary = inner.clone().prop_map(|e| match e {
                e @ (Expr::Atom(_)
                | Expr::Named(_)
                | Expr::Braces(_)
                | Expr::Paren(_)
                | Expr::Tiny(_)
                | Expr::Miny(_)) => e,
                e => Expr::Paren(Box::new(e)),
            });
            let unary = primary.clone();
            let options = prop::collection::vec(prop_oneof![inner.clone(), Just(Expr::Pass)], 0..3);
            prop_oneof![
                (
                    options.clone(),
                    options,
                    prop::option::of(Just("a".to_string()))
                )
                    .prop_map(|(left, right, label)| {
                        Expr::Braces(Box::new(Braces { label, left, right }))
                    }),
                unary.clone().prop_map(|e| Expr::Neg(Box::new(e))),
                unary.clone().prop_map(|e| Expr::PlusMinus(Box::new(e))),
                prop::collection::vec(inner.clone(), 1..3).prop_map(Expr::PlusMinusOptions),
                inner.clone().prop_map(|e| Expr::Tiny(Box::new(e))),
                inner.clone().prop_map(|e| Expr::Miny(Box::new(e))),
                (unary.clone(), unary.clone())
                    .prop_map(|(a, b)| Expr::Ordinal(Box::new(a), Box::new(b))),
                (unary.clone(), unary.clone())
                    .prop_map(|(a, b)| Expr::Norton(Box::new(a), Box::new(b))),
                (unary.clone(), unary.clone())
                    .prop_map(|(a, b)| Expr::Sided(Box::new(a), Box::new(b))),
                (
                    unary.clone(),
                    prop::collection::vec(
                        (
                            prop::sample::select(vec![SumOp::Plus, SumOp::Minus]),
                            unary.clone()
                        ),
                        1..3
                    )
                )
                    .prop_map(|(first, rest)| Expr::Sum {
                        first: Box::new(first),
                        rest
                    }),
                (unary.clone(), prop::collection::vec(unary, 1..3)).prop_map(|(first, rest)| {
                    Expr::Sum {
                        first: Box::new(first),
                        rest: rest.into_iter().map(|x| (SumOp::PlusMinus, x)).collect(),
                    }
                }),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Printing a tree and reading the text gives the same tree.
        #[test]
        fn printing_then_reading_gives_the_tree(e in tree()) {
            let text = e.to_string();
            prop_assert_eq!(parse(&text).map_err(|err| format!("{err:?}")), Ok(e), "{}", text);
        }

        /// No text makes the reader panic, and its errors are one line.
        #[test]
        fn any_text_is_read_or_refused(text in "[-+0-9/*^v<>\\[\\]{}|,:.&() aonpsTiy±]{0,40}") {
            if let Err(e) = parse(&text) {
                let message = e.to_error(&text).to_string();
                prop_assert!(!message.contains('\n'));
            }
        }
    }
}
