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
use crate::partizan::syntax::{self, Atom, Braces, Expr, LoopyName, Named, Number, SumOp};
use crate::{stop, MexError};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;
use std::collections::HashMap;

/// The longest text read.
pub const MAX_TEXT: usize = syntax::MAX_TEXT;

/// The most characters printed.
pub const MAX_PRINTED: usize = 1_000_000;

/// The most braces printed (a graph printed as a tree repeats shared
/// followers).
pub const MAX_PRINTED_NODES: usize = 100_000;

/// The most bars printed between two sides: braces with this many keep
/// their braces inside other braces, whose bars start again at one
/// (CGSuite's `maxSlashes`).
pub const MAX_SLASHES: usize = 4;

/// The deepest nesting of braces read or printed.
pub const MAX_DEPTH: usize = syntax::MAX_DEPTH;

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

/// The definition of a named value.
fn definition(name: LoopyName) -> &'static str {
    NAMES
        .iter()
        .find(|(n, _)| *n == name.text())
        .map_or("0", |(_, d)| d)
}

/// What a text is: one game (graph and start), or `onside & offside`.
#[derive(Debug, Clone)]
pub enum Parsed {
    /// A game graph and its start vertex.
    Game(LoopyGraph, usize),
    /// A game given by its sides.
    Sided(LoopyGraph, usize, LoopyGraph, usize),
}

/// Whether `text` reads ([`syntax`]) as a loopy game: its tree uses
/// `pass`, a label, a loopy name or `&` ([`Expr::is_short`] is false). A
/// text that does not read is not loopy (its error is the short reader's,
/// in the same vocabulary). Every front end classifies texts with this.
pub fn looks_loopy(text: &str) -> bool {
    syntax::parse(text).is_ok_and(|e| !e.is_short())
}

/// Reads a loopy game (or `G & H`).
pub fn parse(text: &str) -> Result<Parsed, MexError> {
    let tree = syntax::parse_long(text, MAX_TEXT).map_err(|e| e.to_error(text))?;
    parse_tree(&tree, text)
}

/// The graph of a tree read from `text` (quoted in errors).
pub fn parse_tree(tree: &Expr, text: &str) -> Result<Parsed, MexError> {
    let mut g = GraphBuilder::new(text);
    if let Expr::Sided(a, b) = tree {
        let first = g.game(a)?;
        let second = g.game(b)?;
        let graph = g.b.graph()?;
        return Ok(Parsed::Sided(graph.clone(), first, graph, second));
    }
    let start = g.game(tree)?;
    Ok(Parsed::Game(g.b.graph()?, start))
}

/// Reads a loopy game and gives its value: the simplest form of a
/// stopper, the sides of `G & H`, or the graph of another game.
pub fn parse_value(text: &str) -> Result<LoopyValue, MexError> {
    let tree = syntax::parse_long(text, MAX_TEXT).map_err(|e| e.to_error(text))?;
    value_of(&tree, text)
}

/// The value of a tree read from `text`. `&` in braces is read as CGSuite
/// reads it ([`braced_sides_value`]); a sum whose terms are given by their
/// sides is added by sides ((G & H) + (J & K) = (G + J)⁺ & (H + K)⁻,
/// Siegel 2013, §VI.4); any other sum is added one term at a time with
/// each partial sum simplified (the graph of the whole sum is the product
/// of the terms' graphs: 3^10 positions for `upon` ten times, CGSuite's
/// `10*upon`), or as one graph when a term has no sides found.
pub fn value_of(tree: &Expr, text: &str) -> Result<LoopyValue, MexError> {
    crate::stack::deep(|| {
        if tree.has_braced_sides() {
            return braced_sides_value(tree, text);
        }
        match tree {
            Expr::Paren(x) if x.has_sides() => value_of(x, text),
            Expr::Neg(x) if x.has_sides() => Ok(value_of(x, text)?.negative()),
            Expr::Sum { first, rest } if tree.has_sides() => value_sum(first, rest, text),
            Expr::Sum { first, rest } => {
                if let Ok(v) = value_sum(first, rest, text) {
                    return Ok(v);
                }
                graph_value(tree, text)
            }
            _ => graph_value(tree, text),
        }
    })
}

/// The value of the graph of `tree`.
fn graph_value(tree: &Expr, text: &str) -> Result<LoopyValue, MexError> {
    match parse_tree(tree, text)? {
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

/// A sum of terms added as values.
fn value_sum(first: &Expr, rest: &[(SumOp, Expr)], text: &str) -> Result<LoopyValue, MexError> {
    let mut acc = term_value(first, text)?;
    for (op, x) in rest {
        stop::check()?;
        let v = match op {
            SumOp::Plus => term_value(x, text)?,
            SumOp::Minus => term_value(x, text)?.negative(),
            SumOp::PlusMinus => value_of(&Expr::PlusMinus(Box::new(x.clone())), text)?,
        };
        acc = super::sides::add(&acc, &v)?;
    }
    Ok(acc)
}

/// A term of a sum: a parenthesised term, negated or not, is read as the
/// value it holds.
fn term_value(x: &Expr, text: &str) -> Result<LoopyValue, MexError> {
    match x {
        Expr::Paren(y) => value_of(y, text),
        Expr::Neg(y) => match &**y {
            Expr::Paren(z) => Ok(value_of(z, text)?.negative()),
            _ => value_of(x, text),
        },
        _ => value_of(x, text),
    }
}

/// Options given by their sides, read as CGSuite reads them (its
/// `GameSpecNode`: `{A & B, … | C & D, …}` is the sided value whose onside
/// is the onside of `{A, … | C, …}` and whose offside is the offside of
/// `{B, … | D, …}`; `&` binds tighter than `+` and `-`, as in CGSuite's
/// grammar). The onside of a game whose options are onsides is the
/// onside of the game (Siegel 2013, §VI.4), so the two trees are read
/// whole.
fn braced_sides_value(tree: &Expr, text: &str) -> Result<LoopyValue, MexError> {
    let on = value_of(&choose_sides(tree, true, false), text)?;
    let off = value_of(&choose_sides(tree, false, false), text)?;
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

/// `tree` with every `G & H` inside braces replaced by `G` (`onside`) or
/// `H`; `inside` when `tree` is inside braces.
fn choose_sides(tree: &Expr, onside: bool, inside: bool) -> Expr {
    crate::stack::deep(|| match tree {
        Expr::Sided(a, b) if inside => choose_sides(if onside { a } else { b }, onside, inside),
        Expr::Braces(_) | Expr::PlusMinusOptions(_) => {
            tree.map_children(&mut |x| choose_sides(x, onside, true))
        }
        _ => tree.map_children(&mut |x| choose_sides(x, onside, inside)),
    })
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

    /// A new vertex with these options.
    fn node(&mut self, left: Vec<usize>, right: Vec<usize>) -> Result<usize, MexError> {
        let v = self.vertex()?;
        self.left[v] = left;
        self.right[v] = right;
        Ok(v)
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

    /// `{G | -G}`.
    fn switch(&mut self, g: usize) -> Result<usize, MexError> {
        let n = self.neg(g)?;
        self.node(vec![g], vec![n])
    }
}

/// Builds the graph of a tree: braces are vertices, `pass` a move to the
/// braces it is in, labels the braces they name; numbers, arrows, nimbers
/// and the ordinal sums and Norton products of short games are read by the
/// short-game store and imported.
struct GraphBuilder<'a> {
    text: &'a str,
    b: Builder,
    store: GameStore,
    imported: HashMap<GameId, usize>,
    /// Labels in scope, innermost last.
    labels: Vec<(&'a str, usize)>,
}

impl<'a> GraphBuilder<'a> {
    fn new(text: &'a str) -> Self {
        GraphBuilder {
            text,
            b: Builder::default(),
            store: GameStore::with_budget(crate::partizan::store::DEFAULT_BUDGET),
            imported: HashMap::new(),
            labels: Vec::new(),
        }
    }

    fn refused(&self, what: &str, accepted: &str) -> MexError {
        MexError::invalid(format!("{what} in {}", quote(self.text)), accepted)
    }

    fn game(&mut self, e: &'a Expr) -> Result<usize, MexError> {
        stop::check()?;
        crate::stack::deep(|| match e {
            Expr::Atom(_) => self.short(e),
            Expr::Ordinal(..) | Expr::Norton(..) if e.is_short() => self.short(e),
            Expr::Ordinal(..) | Expr::Norton(..) => Err(self.refused(
                "an ordinal sum or Norton product of a loopy game",
                "G:H and G.U of short games",
            )),
            Expr::Named(n) => self.named(n),
            Expr::Braces(b) => self.braces(b),
            Expr::Pass => Err(self.refused(
                "'pass' outside the options of braces",
                "pass as an option, e.g. {0|pass}",
            )),
            Expr::Label(l) => self
                .labels
                .iter()
                .rev()
                .find(|(k, _)| *k == l.as_str())
                .map(|&(_, v)| v)
                .ok_or_else(|| self.refused("a label outside its braces", "a{0|a}")),
            Expr::Neg(x) => {
                let g = self.game(x)?;
                self.b.neg(g)
            }
            Expr::PlusMinus(x) => {
                let g = self.game(x)?;
                self.b.switch(g)
            }
            Expr::PlusMinusOptions(xs) => {
                let left = xs
                    .iter()
                    .map(|x| self.game(x))
                    .collect::<Result<Vec<_>, _>>()?;
                let right = left
                    .iter()
                    .map(|&g| self.b.neg(g))
                    .collect::<Result<Vec<_>, _>>()?;
                self.b.node(left, right)
            }
            Expr::Tiny(x) => self.tiny(x, true),
            Expr::Miny(x) => self.tiny(x, false),
            Expr::Paren(x) => self.game(x),
            Expr::Sum { first, rest } => self.sum(first, rest),
            Expr::Sided(..) => Err(self.refused(
                "a game given by its sides (G & H) inside a game graph",
                "G & H as a value (parse_value), or at the top",
            )),
        })
    }

    fn sum(&mut self, first: &'a Expr, rest: &'a [(SumOp, Expr)]) -> Result<usize, MexError> {
        let mut acc = self.game(first)?;
        for (op, x) in rest {
            stop::check()?;
            let t = self.game(x)?;
            let t = match op {
                SumOp::Plus => t,
                SumOp::Minus => self.b.neg(t)?,
                SumOp::PlusMinus => self.b.switch(t)?,
            };
            acc = self.b.add(acc, t)?;
        }
        Ok(acc)
    }

    /// A named value, with its number and star (`3/2under`, `^[on]*`).
    fn named(&mut self, n: &Named) -> Result<usize, MexError> {
        let Parsed::Game(g, s) = parse(definition(n.name))? else {
            unreachable!("a name's definition is one game")
        };
        let mut g = self.b.append(&g)? + s;
        if n.star {
            let star = self.short_atom(None, Some(BigUint::from(1u32)))?;
            g = self.b.add(g, star)?;
        }
        if let Some(number) = &n.number {
            let x = self.short_atom(Some(number.clone()), None)?;
            g = self.b.add(x, g)?;
        }
        Ok(g)
    }

    /// `Tiny(G) = {0||0|-G}` or `Miny(G) = {G|0||0}`.
    fn tiny(&mut self, x: &'a Expr, tiny: bool) -> Result<usize, MexError> {
        let g = self.game(x)?;
        let zero = self.short_atom(Some(Number::default()), None)?;
        if tiny {
            let arg = self.b.neg(g)?;
            let inner = self.b.node(vec![zero], vec![arg])?;
            self.b.node(vec![zero], vec![inner])
        } else {
            let inner = self.b.node(vec![g], vec![zero])?;
            self.b.node(vec![inner], vec![zero])
        }
    }

    fn short_atom(
        &mut self,
        number: Option<Number>,
        star: Option<BigUint>,
    ) -> Result<usize, MexError> {
        let atom = Expr::Atom(Atom {
            number,
            arrows: None,
            star,
        });
        self.short(&atom)
    }

    /// A short game, as a loopfree graph.
    fn short(&mut self, e: &Expr) -> Result<usize, MexError> {
        let g = short::evaluate(&mut self.store, e, self.text)?;
        self.import(g)
    }

    /// The graph of the short game `g` (as deep as it nests: each step on
    /// [`crate::stack::deep`]).
    fn import(&mut self, g: GameId) -> Result<usize, MexError> {
        crate::stack::deep(|| self.import_step(g))
    }

    fn import_step(&mut self, g: GameId) -> Result<usize, MexError> {
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
        let v = self.b.node(left, right)?;
        self.imported.insert(g, v);
        Ok(v)
    }

    /// Braces, with their label: `pass` is a move to them.
    fn braces(&mut self, braces: &'a Braces) -> Result<usize, MexError> {
        let top = self.b.vertex()?;
        self.b.open[top] = true;
        if let Some(l) = &braces.label {
            self.labels.push((l.as_str(), top));
        }
        let left = self.options(&braces.left, top);
        let right = self.options(&braces.right, top);
        if braces.label.is_some() {
            self.labels.pop();
        }
        self.b.left[top] = left?;
        self.b.right[top] = right?;
        self.b.open[top] = false;
        Ok(top)
    }

    fn options(&mut self, xs: &'a [Expr], me: usize) -> Result<Vec<usize>, MexError> {
        xs.iter()
            .map(|x| match x {
                Expr::Pass => Ok(me),
                x => self.game(x),
            })
            .collect()
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
