//! The standard notation: evaluating and printing.
//!
//! The text is read by [`crate::partizan::syntax`] (its grammar, limits
//! and errors); here its tree is evaluated into canonical forms. The short
//! games of the notation are read here; a text with `pass`, a label, a
//! loopy name or `&` ([`Expr::is_short`] false) is refused, and read by
//! `partizan::loopy::notation`.
//!
//! As in CGSuite (and cgt-tools), `^3` and `v3` are the multiples `3·↑`
//! and `3·↓`, not powers: in a game expression `^` is always up, never
//! exponentiation (the numeric commands such as `mex nim 2^200` read `^`
//! as a power; here a number is written in full, `1/8`, not `1/2^3`).
//! `±1`, `+-1` are `{1 | -1}`; `3±1` is `3 + ±1 = {4 | 2}`; `1↑*3` is
//! `1 + ↑ + *3`. So `{2||1|0}` is `{2 | {1|0}}`, and `{5||1,2|0}` is
//! `{5 | {1,2 | 0}}`. `G : H` is the ordinal sum and `G . U` the Norton
//! product by `U > 0` (CGSuite's `G.U`), both binding more tightly than
//! `+`/`-` and read left to right (`1 + 1:1` is 3); `2.5` is an error,
//! not a decimal.
//!
//! Printing: [`show_with`] in [`Style::Slashes`] (CGSuite's output, the
//! default of the command line) or [`Style::Braces`]; [`show`] is the
//! braces style.

use super::simple::{Record, Simple};
pub use super::store::{as_nimber, as_number};
use super::store::{GameId, GameStore, Kind};
use super::syntax::{self, Arrows, Atom, Braces, Expr, SumOp};
use crate::error::quote;
use crate::MexError;
use num_bigint::{BigInt, BigUint};
use num_traits::Zero;
use rustc_hash::FxHashMap;

/// Longest accepted expression.
pub const MAX_EXPRESSION: usize = syntax::MAX_TEXT;
// Numbers, ups and nimbers of any size are read (the store keeps those
// beyond its tree limits as records); the expression's length bounds them.
/// Longest printed form [`try_show`] produces for the command line.
pub const MAX_PRINTED: usize = 1 << 20;

/// Parses an expression of at most [`MAX_EXPRESSION`] bytes into its
/// canonical value.
pub fn parse(s: &mut GameStore, text: &str) -> Result<GameId, MexError> {
    parse_long(s, text, MAX_EXPRESSION)
}

/// [`parse`] for expressions of up to `max_bytes` (values read from a file,
/// such as the published Domineering records, whose printed forms run to
/// tens of thousands of characters); the store's budgets still bound the
/// work.
pub fn parse_long(s: &mut GameStore, text: &str, max_bytes: usize) -> Result<GameId, MexError> {
    let tree = syntax::parse_long(text, max_bytes).map_err(|e| e.to_error(text))?;
    evaluate(s, &tree, text)
}

/// The canonical value of a tree read from `text` (quoted in errors); a
/// loopy game is refused.
pub fn evaluate(s: &mut GameStore, tree: &Expr, text: &str) -> Result<GameId, MexError> {
    Ok(Evaluator { s, text }.form(tree)?.value)
}

/// A game as the expression writes it: its canonical value and, when the
/// form matters and may differ from the canonical one, the values of its
/// top-level options as written. The ordinal sum `G:H` depends on the
/// form of `G` and the Norton product `G.U` on the form of `U`, and both
/// only through these options ([`toolkit::ordinal_sum`],
/// [`toolkit::norton_product`]). A game in braces keeps its options as
/// typed, and so do its negative, `±G = {G | -G}`, `G:H`,
/// `Tiny(G) = {0 || 0 | -G}` and `Miny(G) = {G | 0 || 0}` (each is
/// defined as a form); parentheses keep what they hold; any other term
/// (a number, nimber or arrow, a sum, a Norton product) stands for its
/// canonical form.
///
/// [`toolkit::ordinal_sum`]: super::toolkit::ordinal_sum
/// [`toolkit::norton_product`]: super::toolkit::norton_product
#[derive(Debug, Clone)]
struct Form {
    value: GameId,
    /// The values of the Left and Right options as written; `None` for
    /// the canonical form.
    options: Option<(Vec<GameId>, Vec<GameId>)>,
}

impl Form {
    /// A game in canonical form.
    fn canonical(value: GameId) -> Form {
        Form {
            value,
            options: None,
        }
    }

    /// The form `{left | right}`.
    fn written(s: &mut GameStore, left: Vec<GameId>, right: Vec<GameId>) -> Result<Form, MexError> {
        Ok(Form {
            value: s.try_make(left.clone(), right.clone())?,
            options: Some((left, right)),
        })
    }

    /// `-G = {-Gᴿ | -Gᴸ}`, form for form.
    fn negated(self, s: &mut GameStore) -> Result<Form, MexError> {
        let value = s.try_neg(self.value)?;
        let options = match self.options {
            None => None,
            Some((left, right)) => {
                let neg = |s: &mut GameStore, xs: Vec<GameId>| -> Result<Vec<GameId>, MexError> {
                    xs.into_iter().map(|x| s.try_neg(x)).collect()
                };
                Some((neg(s, right)?, neg(s, left)?))
            }
        };
        Ok(Form { value, options })
    }

    /// The options as written, when they differ from the canonical ones.
    fn sides(&self) -> Option<(&[GameId], &[GameId])> {
        self.options
            .as_ref()
            .map(|(l, r)| (l.as_slice(), r.as_slice()))
    }
}

/// The refusal of `text` as a short game because its node `e` is loopy
/// notation (`pass`, a label, a loopy name or `&`).
pub fn loopy_refusal(text: &str, e: &Expr) -> MexError {
    MexError::invalid(
        format!(
            "{} is a loopy game ('{e}' uses pass, a label, a loopy name or &), not a short one",
            quote(text)
        ),
        "a short game here; loopy games are read by the loopy notation (mex game reads both)",
    )
}

struct Evaluator<'a> {
    s: &'a mut GameStore,
    text: &'a str,
}

impl Evaluator<'_> {
    fn value(&mut self, e: &Expr) -> Result<GameId, MexError> {
        Ok(self.form(e)?.value)
    }

    fn values(&mut self, xs: &[Expr]) -> Result<Vec<GameId>, MexError> {
        xs.iter().map(|x| self.value(x)).collect()
    }

    /// The form of `e` (see [`Form`] for which forms are kept).
    fn form(&mut self, e: &Expr) -> Result<Form, MexError> {
        crate::stack::deep(|| match e {
            Expr::Atom(a) => self.atom(a).map(Form::canonical),
            Expr::Braces(b) if b.label.is_none() => self.braces(b),
            Expr::Neg(x) => self.form(x)?.negated(self.s),
            Expr::PlusMinus(x) => {
                let g = self.value(x)?;
                let neg = self.s.try_neg(g)?;
                Form::written(self.s, vec![g], vec![neg])
            }
            Expr::PlusMinusOptions(xs) => {
                let left = self.values(xs)?;
                let right = left
                    .iter()
                    .map(|&g| self.s.try_neg(g))
                    .collect::<Result<Vec<_>, _>>()?;
                Form::written(self.s, left, right)
            }
            Expr::Tiny(x) => self.tiny(x, true),
            Expr::Miny(x) => self.tiny(x, false),
            Expr::Paren(x) => self.form(x),
            Expr::Sum { first, rest } => self.sum(first, rest).map(Form::canonical),
            Expr::Ordinal(a, b) => {
                let g = self.form(a)?;
                let h = self.value(b)?;
                self.ordinal_sum(&g, h)
            }
            Expr::Norton(a, b) => {
                let g = self.value(a)?;
                let h = self.form(b)?;
                let product = super::toolkit::norton_product_form(self.s, g, h.value, h.sides())?;
                Ok(Form::canonical(product))
            }
            Expr::Braces(_) | Expr::Named(_) | Expr::Pass | Expr::Label(_) | Expr::Sided(..) => {
                Err(loopy_refusal(self.text, e))
            }
        })
    }

    fn braces(&mut self, b: &Braces) -> Result<Form, MexError> {
        let left = self.values(&b.left)?;
        let right = self.values(&b.right)?;
        Form::written(self.s, left, right)
    }

    /// A sum is its canonical form.
    fn sum(&mut self, first: &Expr, rest: &[(SumOp, Expr)]) -> Result<GameId, MexError> {
        let mut g = self.value(first)?;
        for (op, x) in rest {
            let h = self.value(x)?;
            g = match op {
                SumOp::Plus => self.s.try_add(g, h)?,
                SumOp::Minus => self.s.try_sub(g, h)?,
                SumOp::PlusMinus => {
                    let h = self.s.try_switch(h)?;
                    self.s.try_add(g, h)?
                }
            };
        }
        Ok(g)
    }

    /// The form `G : H`, with `G` as written (see [`Form`]).
    fn ordinal_sum(&mut self, g: &Form, h: GameId) -> Result<Form, MexError> {
        let (left, right) = match g.sides() {
            Some((left, right)) => super::toolkit::ordinal_sum_form(self.s, left, right, h)?,
            None => {
                self.s.refuse_records(g.value, "the ordinal sum")?;
                let node = self.s.node(g.value).clone();
                super::toolkit::ordinal_sum_form(self.s, &node.left, &node.right, h)?
            }
        };
        Form::written(self.s, left, right)
    }

    /// `Tiny(G) = {0 || 0 | -G}` and `Miny(G) = {G | 0 || 0}` (Winning
    /// Ways, ch. 5; CGSuite's `Tiny` and `Miny`), as forms.
    fn tiny(&mut self, x: &Expr, tiny: bool) -> Result<Form, MexError> {
        let g = self.value(x)?;
        let zero = self.s.zero();
        let neg = self.s.try_neg(g)?;
        if tiny {
            let inner = self.s.try_make(vec![zero], vec![neg])?;
            Form::written(self.s, vec![zero], vec![inner])
        } else {
            let inner = self.s.try_make(vec![g], vec![zero])?;
            Form::written(self.s, vec![inner], vec![zero])
        }
    }

    /// `x + arrows + *k`: the number, then the arrows and star added.
    fn atom(&mut self, a: &Atom) -> Result<GameId, MexError> {
        let star = a.star.clone().unwrap_or_default();
        let rest = match &a.arrows {
            None if a.star.is_none() => None,
            None => Some(self.ups_and_star(BigInt::zero(), star)?),
            Some(Arrows::Multiple(n)) => Some(self.ups_and_star(n.clone(), star)?),
            Some(Arrows::Power { up, n }) => Some(self.uptimal(*up, *n, false, star)?),
            Some(Arrows::PowerSum { up, n }) => Some(self.uptimal(*up, *n, true, star)?),
        };
        let Some(n) = &a.number else {
            return rest.ok_or_else(|| MexError::invalid("an empty atom", syntax::ACCEPTED));
        };
        let x = self
            .s
            .try_record(Record::number(n.signed_numerator(), n.exponent()))?;
        match rest {
            None => Ok(x),
            Some(r) => self.s.try_add(x, r),
        }
    }

    /// The record `n·↑ + *k` (a nimber when `n = 0`), any sizes.
    fn ups_and_star(&mut self, ups: BigInt, k: BigUint) -> Result<GameId, MexError> {
        let zero = Record::number(BigInt::zero(), 0);
        self.s.try_record(zero.with(ups, k))
    }

    /// CGSuite's uptimal arrows (Siegel 2013, II.5): `^<n>` is `↑ⁿ`
    /// (up-nth), `^[n]` is `↑ + ↑² + … + ↑ⁿ` (`↑^→n`), `v<n>` and `v[n]`
    /// their negatives, each with an optional nimber after it (`v[4]*`).
    /// The powers are built in the store ([`up_powers`]), under its budget.
    fn uptimal(&mut self, up: bool, n: usize, sum: bool, k: BigUint) -> Result<GameId, MexError> {
        if n == 0 {
            return Err(MexError::invalid("^<0> or ^[0]", "^<n> and ^[n] for n ≥ 1"));
        }
        let UpPowers { powers, down_sum } = UpPowers::build(self.s, n)?;
        let g = match (sum, up) {
            (false, true) => powers[n - 1],
            (false, false) => self.s.try_neg(powers[n - 1])?,
            (true, true) => self.s.try_neg(down_sum)?,
            (true, false) => down_sum,
        };
        if k.is_zero() {
            return Ok(g);
        }
        let star = self.ups_and_star(BigInt::zero(), k)?;
        self.s.try_add(g, star)
    }
}

/// Prints `g` as CGSuite does ([`Style::Slashes`]): every front end (the
/// catalog, `mex game`, the web pages, Python) prints values this way.
/// The printed form of a game can be exponentially longer than its number
/// of nodes (a sum of many switches); [`try_show`] bounds it.
pub fn show(s: &GameStore, g: GameId) -> String {
    show_with(s, g, Style::Slashes)
}

/// Prints `g` with plain braces ([`Style::Braces`]): integers, dyadic
/// rationals and nimbers by name, `↑`/`↓` as `^`/`v`, everything else as
/// `{L | R}` with options printed recursively.
pub fn show_braces(s: &GameStore, g: GameId) -> String {
    let mut out = String::new();
    Printer {
        s,
        orders: FxHashMap::default(),
    }
    .write(g, &mut out, usize::MAX);
    out
}

/// [`show`], refused when the printed form would be longer than
/// `max_chars` characters (its length is computed first, by memoised
/// counting, without building the text).
pub fn try_show(s: &GameStore, g: GameId, max_chars: usize) -> Result<String, MexError> {
    try_show_with(s, g, Style::Slashes, max_chars)
}

/// The length of [`show`]'s text in bytes (saturating).
fn printed_length(s: &GameStore, g: GameId, memo: &mut FxHashMap<GameId, usize>) -> usize {
    crate::stack::deep(|| {
        if let Some(t) = atom_text(s, g) {
            return t.len();
        }
        if let Some(&n) = memo.get(&g) {
            return n;
        }
        let node = s.node(g);
        // "{" + options joined by ", " + " | " + options joined by ", " + "}".
        let mut n = 5usize;
        for side in [&node.left, &node.right] {
            for (i, &x) in side.iter().enumerate() {
                let separator = if i > 0 { 2 } else { 0 };
                n = n
                    .saturating_add(separator)
                    .saturating_add(printed_length(s, x, memo));
            }
        }
        memo.insert(g, n);
        n
    })
}

/// Prints the braces style straight into one text, as [`SlashPrinter`]
/// does the slash notation (no subgame's text is kept).
struct Printer<'a> {
    s: &'a GameStore,
    /// Each compound's Left and Right options in printed order.
    orders: FxHashMap<GameId, [Vec<GameId>; 2]>,
}

impl Printer<'_> {
    /// Writes the text of `g` to `out`, stopping once `out` holds `limit`
    /// bytes (what it wrote is then a prefix of the text); returns whether
    /// it stopped so.
    fn write(&mut self, g: GameId, out: &mut String, limit: usize) -> bool {
        crate::stack::deep(|| {
            if let Some(t) = atom_text(self.s, g) {
                out.push_str(&t);
                return out.len() >= limit;
            }
            let sides = self.sorted_sides(g);
            out.push('{');
            for (k, side) in sides.iter().enumerate() {
                out.push_str(if k == 0 { "" } else { " | " });
                for (i, &x) in side.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if out.len() >= limit || self.write(x, out, limit) {
                        return true;
                    }
                }
            }
            out.push('}');
            out.len() >= limit
        })
    }

    /// The options of `g`, each side sorted by their texts (so that the
    /// printed form of a value does not depend on the order in which the
    /// arena met games).
    fn sorted_sides(&mut self, g: GameId) -> [Vec<GameId>; 2] {
        if let Some(o) = self.orders.get(&g) {
            return o.clone();
        }
        let node = self.s.node(g).clone();
        let mut sides = [node.left, node.right];
        sort_each_side(&mut sides, |x, limit| {
            let mut out = String::new();
            self.write(x, &mut out, limit);
            out
        });
        self.orders.insert(g, sides.clone());
        sides
    }
}

/// Sorts each side of options by their texts, compared from prefixes of
/// growing length ([`compare_by_prefixes`]).
fn sort_each_side(sides: &mut [Vec<GameId>; 2], mut prefix: impl FnMut(GameId, usize) -> String) {
    for side in sides.iter_mut().filter(|side| side.len() > 1) {
        side.sort_by(|&a, &b| compare_by_prefixes(a, b, &mut prefix));
    }
}

/// How the texts of `a` and `b` compare, from prefixes of growing length
/// (`prefix(x, k)` is at least the first `k` bytes of the text of `x`, or
/// all of it) until they differ or end: the printers sort options by
/// their texts without keeping them.
fn compare_by_prefixes(
    a: GameId,
    b: GameId,
    mut prefix: impl FnMut(GameId, usize) -> String,
) -> std::cmp::Ordering {
    let mut k = 64;
    loop {
        let (pa, pb) = (prefix(a, k), prefix(b, k));
        let ta = &pa.as_bytes()[..pa.len().min(k)];
        let tb = &pb.as_bytes()[..pb.len().min(k)];
        if ta != tb || ta.len() < k {
            return ta.cmp(tb);
        }
        k = k.saturating_mul(4);
    }
}

/// The text of `g` when it is `x + n·↑ + *k` (a tree or a record).
fn atom_text(s: &GameStore, g: GameId) -> Option<String> {
    match s.kind(g) {
        Kind::Simple(v) => Some(show_simple(v)),
        Kind::Record(_) => s.record_of(g).map(|r| show_record(&r)),
        Kind::Other => None,
    }
}

fn show_simple(v: Simple) -> String {
    show_record(&Record::from_simple(v))
}

pub use super::simple::show_record;

/// How [`show_with`] writes games that are not `x + n·↑ + *k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Style {
    /// As CGSuite prints (Siegel 2013, CGSuite's output conventions): no
    /// spaces; a side with a single option that is itself a game in braces
    /// drops that option's braces, and the separating bars grow instead, so
    /// `{0 | {0 | -1}}` is `{0||0|-1}` and `{2 | {1 | {0 | -1}}}` is
    /// `{2|||1||0|-1}` (the bars between the two sides are one more than the
    /// most bars inside either side); `{y | −y}` for a number `y > 0` is
    /// `±y`, and `{x+y | x−y}` for numbers `x ≠ 0`, `y > 0` is `x±y` when
    /// that is shorter than the braces (`{2|0}` is `1±1`, `{1|0}` stays).
    /// Two differences from CGSuite, whose test suite has `3+-1` printed
    /// as `{4|2}` and never more than four bars (braces with four bars
    /// keep their braces inside others, its `maxSlashes`): `x±y` for
    /// `x ≠ 0` is mex's, and so are five bars or more. Loopy games are
    /// printed with CGSuite's four-bar rule (`partizan::loopy::notation`).
    #[default]
    Slashes,
    /// Plain braces at every level, `{L | R}` with spaces, no `±`.
    Braces,
}

/// Prints `g` in `style`. Unbounded like [`show`]; [`try_show_with`] bounds
/// the length.
pub fn show_with(s: &GameStore, g: GameId, style: Style) -> String {
    match style {
        Style::Braces => show_braces(s, g),
        Style::Slashes => {
            let mut p = SlashPrinter {
                s,
                layouts: FxHashMap::default(),
                orders: FxHashMap::default(),
            };
            p.top(g)
        }
    }
}

/// [`show_with`], refused when the text would be longer than `max_chars`
/// characters (its length is computed first, without building the text).
pub fn try_show_with(
    s: &GameStore,
    g: GameId,
    style: Style,
    max_chars: usize,
) -> Result<String, MexError> {
    let length = match style {
        Style::Braces => printed_length(s, g, &mut FxHashMap::default()),
        Style::Slashes => SlashPrinter {
            s,
            layouts: FxHashMap::default(),
            orders: FxHashMap::default(),
        }
        .top_length(g),
    };
    if length > max_chars {
        return Err(MexError::too_large(
            format!("the printed canonical form ({length} characters or more)"),
            format!("{max_chars} characters"),
            "print a smaller game, or use its outcome, mean and temperature",
        ));
    }
    Ok(show_with(s, g, style))
}

/// How a game appears in the slash notation.
#[derive(Debug, Clone)]
enum Layout {
    /// A name: `x + n·↑ + *k`, `±y` or `x±y`.
    Atom(String),
    /// `L |…| R` with this many bars between the sides and this length
    /// (in bytes) without the outer braces.
    Compound { bars: usize, length: usize },
}

/// Prints the slash notation straight into one text: the texts of the
/// subgames are not kept (a chain of `n` games nested in each other, such
/// as `{1|0}:60000`, has texts of total length `n²`), only each side's
/// options in printed order, sorted by comparing the shortest prefixes of
/// their texts that differ.
struct SlashPrinter<'a> {
    s: &'a GameStore,
    layouts: FxHashMap<GameId, Layout>,
    /// Each compound's Left and Right options in printed order.
    orders: FxHashMap<GameId, [Vec<GameId>; 2]>,
}

/// `p / 2^q` as text.
fn number_text(p: i64, q: u32) -> String {
    show_simple(Simple::number(p, q))
}

impl SlashPrinter<'_> {
    /// `±y` or `x±y` for `{x+y | x−y}` over numbers (see [`Style::Slashes`]).
    fn plus_minus(&self, g: GameId) -> Option<String> {
        let node = self.s.node(g);
        let ([a], [b]) = (node.left.as_slice(), node.right.as_slice()) else {
            return None;
        };
        let ((pa, qa), (pb, qb)) = (as_number(self.s, *a)?, as_number(self.s, *b)?);
        // On a common denominator 2^(q+1): x = (a+b)/2, y = (a−b)/2.
        let q = qa.max(qb);
        let (a2, b2) = (i128::from(pa) << (q - qa), i128::from(pb) << (q - qb));
        let (x, y) = (reduce(a2 + b2, q + 1)?, reduce(a2 - b2, q + 1)?);
        if y.0 <= 0 {
            return None;
        }
        let y_text = number_text(y.0, y.1);
        if x.0 == 0 {
            return Some(format!("±{y_text}"));
        }
        let text = format!("{}±{y_text}", number_text(x.0, x.1));
        let braces = number_text(pa, qa).len() + number_text(pb, qb).len() + 3;
        (text.len() < braces).then_some(text)
    }

    fn layout(&mut self, g: GameId) -> Layout {
        crate::stack::deep(|| {
            if let Some(t) = atom_text(self.s, g) {
                return Layout::Atom(t);
            }
            if let Some(l) = self.layouts.get(&g) {
                return l.clone();
            }
            let layout = if let Some(t) = self.plus_minus(g) {
                Layout::Atom(t)
            } else {
                let node = self.s.node(g).clone();
                let mut inner_bars = 0;
                let mut length = 0usize;
                for side in [&node.left, &node.right] {
                    for (i, &x) in side.iter().enumerate() {
                        if i > 0 {
                            length = length.saturating_add(1);
                        }
                        let piece = match self.layout(x) {
                            Layout::Atom(t) => t.len(),
                            Layout::Compound { bars, length } if side.len() == 1 => {
                                inner_bars = inner_bars.max(bars);
                                length
                            }
                            Layout::Compound { length, .. } => length.saturating_add(2),
                        };
                        length = length.saturating_add(piece);
                    }
                }
                let bars = inner_bars + 1;
                Layout::Compound {
                    bars,
                    length: length.saturating_add(bars),
                }
            };
            self.layouts.insert(g, layout.clone());
            layout
        })
    }

    fn top_length(&mut self, g: GameId) -> usize {
        match self.layout(g) {
            Layout::Atom(t) => t.len(),
            Layout::Compound { length, .. } => length.saturating_add(2),
        }
    }

    fn top(&mut self, g: GameId) -> String {
        match self.layout(g) {
            Layout::Atom(t) => t,
            Layout::Compound { .. } => {
                let mut out = String::from("{");
                self.write_inner(g, &mut out, usize::MAX);
                out.push('}');
                out
            }
        }
    }

    /// Writes the text of compound `g` without its outer braces to `out`,
    /// stopping once `out` holds `limit` bytes (what it wrote is then a
    /// prefix of the text); returns whether it stopped so.
    fn write_inner(&mut self, g: GameId, out: &mut String, limit: usize) -> bool {
        crate::stack::deep(|| {
            let Layout::Compound { bars, .. } = self.layout(g) else {
                unreachable!("write_inner() is only called on compounds")
            };
            let sides = self.sorted_sides(g);
            for (k, side) in sides.iter().enumerate() {
                if k == 1 {
                    out.push_str(&"|".repeat(bars));
                }
                for (i, &x) in side.iter().enumerate() {
                    if out.len() >= limit {
                        return true;
                    }
                    if i > 0 {
                        out.push(',');
                    }
                    if self.write_option(x, side.len() == 1, out, limit) {
                        return true;
                    }
                }
            }
            out.len() >= limit
        })
    }

    /// Writes option `x` (a side's only option drops its braces); returns
    /// whether `limit` was reached.
    fn write_option(&mut self, x: GameId, alone: bool, out: &mut String, limit: usize) -> bool {
        match self.layout(x) {
            Layout::Atom(t) => {
                out.push_str(&t);
                out.len() >= limit
            }
            Layout::Compound { .. } if alone => self.write_inner(x, out, limit),
            Layout::Compound { .. } => {
                out.push('{');
                if self.write_inner(x, out, limit) {
                    return true;
                }
                out.push('}');
                out.len() >= limit
            }
        }
    }

    /// The options of `g`, each side in printed order: sorted by their
    /// texts (so that the printed form does not depend on the order in
    /// which the arena met games).
    fn sorted_sides(&mut self, g: GameId) -> [Vec<GameId>; 2] {
        if let Some(o) = self.orders.get(&g) {
            return o.clone();
        }
        let node = self.s.node(g).clone();
        let mut sides = [node.left, node.right];
        sort_each_side(&mut sides, |x, limit| self.option_prefix(x, limit));
        self.orders.insert(g, sides.clone());
        sides
    }

    /// At least the first `limit` bytes of the text of option `x` in a
    /// side of two or more (all of it when shorter).
    fn option_prefix(&mut self, x: GameId, limit: usize) -> String {
        let mut out = String::new();
        self.write_option(x, false, &mut out, limit);
        out
    }
}

/// `n / 2^q` in lowest terms, when it fits the range of numbers.
fn reduce(mut n: i128, mut q: u32) -> Option<(i64, u32)> {
    while q > 0 && n % 2 == 0 {
        n /= 2;
        q -= 1;
    }
    Some((i64::try_from(n).ok()?, q))
}

/// `↑ⁿ` (up-nth, `n ≥ 1`): `↑¹ = ↑` and `↑ⁿ⁺¹ = {0 | ↓^→n *}`, where
/// `↓^→n = ↓ + ↓² + … + ↓ⁿ` (Siegel 2013; so that `*:n = ↑^→n *`, which
/// the tests check). Returns `↑¹ … ↑ⁿ`.
pub fn up_powers(s: &mut GameStore, n: usize) -> Result<Vec<GameId>, MexError> {
    Ok(UpPowers::build(s, n)?.powers)
}

/// The powers `↑¹ … ↑ⁿ` of [`up_powers`] with the running sum
/// `↓^→n = ↓ + … + ↓ⁿ` their construction builds anyway (so `^[n]`, the
/// negative of that sum, costs nothing more).
struct UpPowers {
    powers: Vec<GameId>,
    down_sum: GameId,
}

impl UpPowers {
    fn build(s: &mut GameStore, n: usize) -> Result<Self, MexError> {
        // Each power is at least one more node: the store's budget ends a
        // long loop, so no capacity is reserved up front.
        let mut powers = Vec::new();
        if n == 0 {
            let down_sum = s.zero();
            return Ok(Self { powers, down_sum });
        }
        let up = s.try_ups(1, 0)?;
        powers.push(up);
        let (zero, star) = (s.zero(), s.try_nimber(1)?);
        let mut down_sum = s.try_neg(up)?;
        while powers.len() < n {
            let right = s.try_add(down_sum, star)?;
            let next = s.try_make(vec![zero], vec![right])?;
            let down = s.try_neg(next)?;
            down_sum = s.try_add(down_sum, down)?;
            powers.push(next);
        }
        Ok(Self { powers, down_sum })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // These tests were written for the plain braces; the slash notation
    // has its own tests below.
    use super::show_braces as show;

    #[test]
    fn parses_the_standard_notation() {
        let mut s = GameStore::new();
        for (text, shown) in [
            ("{1|0}", "{1 | 0}"),
            ("{1|0} + {0|-1}", "{1 | 0} + {0 | -1}"),
            ("3/4", "3/4"),
            ("-2", "-2"),
            ("*", "*"),
            ("*3", "*3"),
            ("^", "^"),
            ("v", "v"),
            ("^*", "^*"),
            ("±1", "{1 | -1}"),
            ("{2||1|0}", "{2 | {1 | 0}}"),
            ("{0|1}", "1/2"),
            ("* + *", "0"),
            ("{0,*|0,*}", "*2"),
            ("1/2 + 1/2", "1"),
            ("{ | }", "0"),
            ("^ + v", "0"),
            ("{3|||{1|0}||0}", "{3 | {{1 | 0} | 0}}"),
        ] {
            let g = parse(&mut s, text).unwrap();
            let expected = if shown.contains(" + ") {
                let (a, b) = shown.split_once(" + ").unwrap();
                let (ga, gb) = (parse(&mut s, a).unwrap(), parse(&mut s, b).unwrap());
                s.add(ga, gb)
            } else {
                g
            };
            assert_eq!(g, expected, "{text}");
            if !shown.contains(" + ") {
                assert_eq!(show(&s, g), shown, "{text}");
            }
        }
    }

    /// The printed canonical form does not depend on the store's history.
    #[test]
    fn printing_is_independent_of_creation_order() {
        let text = "{{4|1}, {3|2}, *, 1/2 | {0|-3}, -1, v}";
        let mut fresh = GameStore::new();
        let a = parse(&mut fresh, text).unwrap();
        let mut used = GameStore::new();
        for warm in ["v", "{0|-3}", "-1", "{3|2}", "1/2", "{4|1}", "*"] {
            parse(&mut used, warm).unwrap();
        }
        let b = parse(&mut used, text).unwrap();
        assert_eq!(show(&fresh, a), show(&used, b));
    }

    #[test]
    fn rejects_garbage() {
        let mut s = GameStore::new();
        for bad in [
            "",
            "{1|",
            "{1}",
            "1/3",
            "x",
            "{1|0}}",
            "{1||0||2}",
            "**",
            "{,|}",
            "2.5",
            "1:",
            "1 . 0",
            "1.*",
        ] {
            assert!(parse(&mut s, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names() {
        let mut s = GameStore::new();
        let cases = [
            (s.integer(3), "3"),
            (s.integer(-2), "-2"),
            (s.dyadic(3, 2), "3/4"),
            (s.dyadic(-1, 1), "-1/2"),
            (s.nimber(1), "*"),
            (s.nimber(3), "*3"),
            (s.up(), "^"),
        ];
        for (g, text) in cases {
            assert_eq!(show(&s, g), text);
        }
        let one = s.integer(1);
        let pm1 = s.switch(one);
        assert_eq!(show(&s, pm1), "{1 | -1}");
    }

    /// Issue 8: spaces used to vanish before tokenising, so `{1 0|0}` was
    /// read as `{10|0}` and `1 2` as `12`.
    #[test]
    fn spaces_separate_tokens() {
        let mut s = GameStore::new();
        for bad in [
            "{1 0|0}", "1 2", "* 3", "^ 2", "1 /2", "1/ 2", "1 *", "^ ^", "{1| |0}",
        ] {
            let e = parse(&mut s, bad).expect_err(bad).to_string();
            assert!(!e.contains('\n') && e.contains("accepted:"), "{bad}: {e}");
        }
        for (spaced, tight) in [
            ("{1|0} + {0|-1}", "{1|0}+{0|-1}"),
            ("{ 0 , * | 0 , * }", "{0,*|0,*}"),
            ("{ | }", "{|}"),
            ("- 1", "-1"),
            ("± 1", "±1"),
            (" ^* + 1/2 ", "^*+1/2"),
            ("{2 || 1 | 0}", "{2||1|0}"),
            ("-1vv - v", "-1vv-v"),
        ] {
            let (a, b) = (parse(&mut s, spaced), parse(&mut s, tight));
            assert_eq!(a.expect(spaced), b.expect(tight), "{spaced}");
        }
    }

    /// Issue 8: `*20` took 20 s (no memo); every accepted atom is quick,
    /// and a budgeted store refuses what would not fit instead of aborting.
    #[test]
    fn large_atoms_are_bounded() {
        let mut s = GameStore::with_budget(crate::partizan::store::DEFAULT_BUDGET);
        for text in ["*22", "*4096", "^4096*4096", "4096", "-4095/4096"] {
            let g = parse(&mut s, text).expect(text);
            assert_eq!(show(&s, g), text);
        }
        let mut small = GameStore::with_budget(1 << 20);
        let e = parse(&mut small, "*4096").expect_err("too big for 1 MiB");
        assert!(matches!(e, MexError::TooLarge { .. }), "{e}");
        // Issue 25: beyond the tree limits, values are records.
        let many = vec!["4096"; 20].join("+");
        let g = parse(&mut s, &many).expect("a record, not a chain of 81920 games");
        assert_eq!(show(&s, g), "81920");
        assert!(s.is_record(g));
        let big_dyadic = format!("{many}+1/2");
        let g = parse(&mut s, &big_dyadic).expect("a record");
        assert_eq!(show(&s, g), "163841/2");
    }

    /// Issue 25: numbers, ups and nimbers of any size are read, and print
    /// back as typed (they were refused past 65536, 2^40 and 4096).
    #[test]
    fn numbers_of_any_size_read_back() {
        let mut s = GameStore::new();
        let huge = "99999999999999999999999";
        for text in [
            huge.to_string(),
            format!("-{huge}"),
            format!("*{huge}"),
            format!("^{huge}"),
            format!("v{huge}*{huge}"),
            "1/2199023255552".to_string(),
            format!("{huge}/2"),
            "65537".to_string(),
            "1823437481924".to_string(),
            format!("-1/{}", num_bigint::BigUint::from(1u32) << 200u32),
        ] {
            let g = parse(&mut s, &text).expect(&text);
            assert_eq!(show(&s, g), text);
        }
        // Every dyadic the store holds reads back, as mex prints it.
        for text in [
            "5000",
            "-65536",
            "1/8192",
            "1/274877906944",
            "65535/2",
            "3/1099511627776",
        ] {
            let g = parse(&mut s, text).expect(text);
            assert_eq!(show(&s, g), text);
        }
        let e = parse(&mut s, "1/12").unwrap_err().to_string();
        assert!(e.contains("powers of two"), "{e}");
    }

    /// The computed printed length is the length of the text (its twin),
    /// and `try_show` refuses texts over the limit before building them.
    #[test]
    fn printed_lengths_are_exact() {
        let mut s = GameStore::new();
        let mut sum = s.zero();
        for k in 1..=10 {
            let g = parse(&mut s, &format!("{{0||0|-{k}}}")).unwrap();
            sum = s.add(sum, g);
            let text = show(&s, sum);
            assert_eq!(
                printed_length(&s, sum, &mut FxHashMap::default()),
                text.len()
            );
            let braces = |n| try_show_with(&s, sum, Style::Braces, n);
            assert_eq!(braces(text.len()).unwrap(), text);
            assert!(braces(text.len() - 1).is_err());
        }
    }
    /// The slash notation as CGSuite prints it, and the forms of the field
    /// it accepts (issue 11).
    #[test]
    fn slash_notation_and_switches() {
        let mut s = GameStore::new();
        for (text, shown) in [
            ("{0|{0|-1}}", "{0||0|-1}"),
            ("{2|{1|{0|-1}}}", "{2|||1||0|-1}"),
            ("{{2|1}|0}", "{2|1||0}"),
            ("{{2|1}|{-1|-2}}", "{2|1||-1|-2}"),
            ("{1|0}", "{1|0}"),
            ("±1", "±1"),
            ("+-1", "±1"),
            ("{1|-1}", "±1"),
            ("3±1", "3±1"),
            ("3 +- 1", "3±1"),
            ("{4|2}", "3±1"),
            ("{2|0}", "1±1"),
            ("±1/2", "±1/2"),
            ("1±1/2", "1±1/2"),
            ("{3/2|1/2}", "1±1/2"),
            ("↑", "^"),
            ("↓", "v"),
            ("⇑*", "^^*"),
            ("↑*", "^*"),
            ("^^*", "^^*"),
            ("1↑*3", "1^*3"),
            ("1^*3", "1^*3"),
            ("^3", "^3"),
            ("↑3", "^3"),
            ("v3", "v3"),
            ("^ + ^ + ^", "^3"),
            ("2*", "2*"),
            ("{1,{2|0}|-1,{0|-2}}", "{1,1±1|-1,-1±1}"),
            ("{5||1,{1|0}|0}", "{5||1,{1|0}|0}"),
            ("{0||0|-1}", "{0||0|-1}"),
            ("{{3|2}|{0|-1}}", "{3|2||0|-1}"),
            ("1:1", "2"),
            ("1 + 1:-1", "3/2"),
            ("*:1", "^*"),
            ("3.^", "^3"),
            ("2 . {3|1}", "4"),
            ("-(1:1)", "-2"),
        ] {
            let g = parse(&mut s, text).expect(text);
            assert_eq!(show_with(&s, g, Style::Slashes), shown, "{text}");
            let back = parse(&mut s, shown).expect(shown);
            assert_eq!(back, g, "{shown}");
        }
    }

    /// CGSuite's uptimal arrows: `^<1>` is `↑`, `^<2>` is `{0 | ↓*}`
    /// (Siegel 2013, II.5), `^[n]*` is the ordinal sum `*:n` (the identity
    /// `*:n = ↑^→n *`, computed here by the ordinal sum, independently of
    /// the powers), `v` the negatives; malformed arrows are refused.
    #[test]
    fn uptimal_arrows_are_read() {
        let mut s = GameStore::new();
        for (text, same) in [
            ("^<1>", "^"),
            ("v<1>*", "v*"),
            ("^<2>", "{0|v*}"),
            ("v<2>", "{^*|0}"),
            ("^[1]", "^"),
            ("^[2]", "^ + {0|v*}"),
            ("v[2]", "v + {^*|0}"),
            ("^<3>*2", "^<3> + *2"),
            ("1/2^[2]", "1/2 + ^[2]"),
            ("{^[5]|*}", "{^[5]|*}"),
        ] {
            assert_eq!(
                parse(&mut s, text).unwrap(),
                parse(&mut s, same).unwrap(),
                "{text}"
            );
        }
        for n in 1..=6 {
            let by_ordinal_sum = parse(&mut s, &format!("*:{n}")).unwrap();
            assert_eq!(
                parse(&mut s, &format!("^[{n}]*")).unwrap(),
                by_ordinal_sum,
                "{n}"
            );
            let down = parse(&mut s, &format!("v[{n}]*")).unwrap();
            assert_eq!(down, s.neg(by_ordinal_sum), "{n}");
        }
        for bad in [
            "^<0>",
            "^<>",
            "^<2",
            "^[3>",
            "v[x]",
            "^<99999999999999999999999>",
        ] {
            let e = parse(&mut s, bad).unwrap_err().to_string();
            assert!(!e.contains('\n') && e.contains(bad), "{bad}: {e}");
        }
    }

    /// The ordinal sum takes its base as typed (issue 39): `{*|*}` is 0,
    /// but `{*|*}:3 = {*, {*|*}:2 | *}` is `^[3]`, as CGSuite gives,
    /// while `0:3 = 3`; negatives, `±`, parentheses and nested ordinal
    /// sums keep the form, sums stand for their canonical forms.
    #[test]
    fn ordinal_sums_take_the_base_as_typed() {
        let mut s = GameStore::new();
        for (text, same) in [
            ("{*|*}:3", "^[3]"),
            ("{*|*}:3", "{*,{*,{*,0|*}|*}|*}"),
            ("{*|*}:1", "^"),
            ("({*|*}):1", "^"),
            ("-{*|*}:1", "^"),
            ("0:3", "3"),
            ("({*|*} + 0):1", "1"),
            ("{*|*}:1:1", "{*,0,{*,0|*}|*}"),
            ("{-1|1}:1", "{-1,0|1}"),
            ("{*|*}:{*|*}", "0"),
        ] {
            assert_eq!(
                parse(&mut s, text).unwrap(),
                parse(&mut s, same).unwrap(),
                "{text} = {same}"
            );
        }
    }

    /// `Tiny(G) = {0 || 0 | -G}` and `Miny(G) = {G | 0 || 0}` are short
    /// games of the notation (issue 39: they were read as loopy games, and
    /// slowly); their names need `(` right after them.
    #[test]
    fn tiny_and_miny_are_short_games() {
        let mut s = GameStore::new();
        for (text, same) in [
            ("Tiny({3|1})", "{0||0|{-1|-3}}"),
            ("Miny({5||3|1})", "{{5||3|1}|0||0}"),
            ("Tiny(2)", "{0||0|-2}"),
            ("-Tiny(2)", "Miny(2)"),
            ("Tiny(1) + Miny(1)", "0"),
            ("{Tiny(1)|0}", "{{0||0|-1}|0}"),
        ] {
            assert_eq!(
                parse(&mut s, text).unwrap(),
                parse(&mut s, same).unwrap(),
                "{text} = {same}"
            );
        }
        for bad in ["Tiny", "Tiny 2", "Tin(2)", "Tiny (2)", "Mint(1)", "Tiny()"] {
            assert!(parse(&mut s, bad).is_err(), "{bad}");
        }
    }

    /// A tree as typed, every game in braces with one bar.
    fn typed_text(shape: &crate::partizan::test_shapes::Shape) -> String {
        let side = |xs: &[crate::partizan::test_shapes::Shape]| -> String {
            xs.iter().map(typed_text).collect::<Vec<_>>().join(",")
        };
        format!("{{{}|{}}}", side(&shape.left), side(&shape.right))
    }

    /// `G : H = {Gᴸ, G:Hᴸ | Gᴿ, G:Hᴿ}` built literally from the typed
    /// trees of both (the slow twin of the notation's `G:H`).
    fn ordinal_sum_by_definition(
        s: &mut GameStore,
        g: &crate::partizan::test_shapes::Shape,
        h: &crate::partizan::test_shapes::Shape,
    ) -> GameId {
        let build = crate::partizan::test_shapes::build;
        let mut left: Vec<GameId> = g.left.iter().map(|x| build(s, x)).collect();
        let mut right: Vec<GameId> = g.right.iter().map(|x| build(s, x)).collect();
        for x in &h.left {
            left.push(ordinal_sum_by_definition(s, g, x));
        }
        for x in &h.right {
            right.push(ordinal_sum_by_definition(s, g, x));
        }
        s.make(left, right)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// `G:H` as the notation reads it, with `G` and `H` typed as random
        /// trees, is the ordinal sum of the typed trees by its definition.
        #[test]
        fn typed_ordinal_sums_follow_the_definition(
            a in crate::partizan::test_shapes::shape(),
            b in crate::partizan::test_shapes::shape(),
        ) {
            let mut s = GameStore::new();
            let text = format!("{}:{}", typed_text(&a), typed_text(&b));
            let read = parse(&mut s, &text).expect("typed trees parse");
            let slow = ordinal_sum_by_definition(&mut s, &a, &b);
            proptest::prop_assert_eq!(read, slow, "{}", text);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Printing then parsing gives the same value, in both styles, and
        /// the computed length of the text is its length.
        #[test]
        fn printing_round_trips(
            a in crate::partizan::test_shapes::shape(),
            b in crate::partizan::test_shapes::shape(),
        ) {
            let mut s = GameStore::new();
            let g = crate::partizan::test_shapes::build(&mut s, &a);
            let h = crate::partizan::test_shapes::build(&mut s, &b);
            let sum = s.add(g, h);
            let difference = s.sub(g, h);
            for x in [g, h, sum, difference] {
                for style in [Style::Slashes, Style::Braces] {
                    let text = show_with(&s, x, style);
                    let back = parse(&mut s, &text).expect("printed text parses");
                    proptest::prop_assert_eq!(back, x, "{}", text);
                    proptest::prop_assert_eq!(try_show_with(&s, x, style, text.len()).ok(), Some(text.clone()));
                    proptest::prop_assert!(try_show_with(&s, x, style, text.len() - 1).is_err());
                }
            }
        }
    }
}
