//! The arena of canonical short games.
//!
//! Definitions (Conway 1976, *On Numbers and Games*; Siegel 2013, *Combinatorial Game
//! Theory*, Ch. II): `G ≤ H` iff no `Gᴸ ≥ H` and no `Hᴿ ≤ G`; `G = H` iff
//! both `≤`. A Left option `Gᴸ¹` is dominated if some other `Gᴸ² ≥ Gᴸ¹`
//! (dually for Right, `≤`). A Left option `Gᴸ` is reversible through `Gᴸᴿ`
//! when `Gᴸᴿ ≤ G`; it is then replaced by the Left options of `Gᴸᴿ` (dually
//! for Right). The canonical form (no dominated or reversible options) is
//! unique, so structural equality of canonical forms is game equality and
//! hash-consing gives one id per value.

use super::simple::Simple;
use std::collections::HashMap;

/// A canonical short game: an index into its [`GameStore`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

/// Options of a canonical game, each list sorted and without duplicates.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Node {
    /// Left options.
    pub left: Vec<GameId>,
    /// Right options.
    pub right: Vec<GameId>,
}

/// The outcome class of a game: who wins moving first / second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum OutcomeClass {
    /// Left wins whoever starts (`G > 0`).
    L,
    /// Right wins whoever starts (`G < 0`).
    R,
    /// The next player wins (`G ‖ 0`).
    N,
    /// The previous player wins (`G = 0`).
    P,
}

/// What the arena knows about a value without looking at its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `x + n·↑ + *k`, handled without search (see [`Simple`]).
    Simple(Simple),
    /// Anything else.
    Other,
}

/// The arena: canonical games by id, with memoised operations.
#[derive(Debug, Default)]
pub struct GameStore {
    nodes: Vec<Node>,
    kinds: Vec<Kind>,
    slow_only: bool,
    simple_memo: HashMap<Simple, GameId>,
    index: HashMap<Node, GameId>,
    leq_memo: HashMap<(GameId, GameId), bool>,
    sum_memo: HashMap<(GameId, GameId), GameId>,
    neg_memo: HashMap<GameId, GameId>,
}

impl GameStore {
    /// A store holding `0 = { | }`.
    pub fn new() -> Self {
        let mut s = GameStore::default();
        s.intern(Node {
            left: vec![],
            right: vec![],
        });
        s
    }

    /// A store that never takes the number and nimber fast paths: every
    /// operation goes through the definitions (the slow twin in the tests).
    pub fn without_fast_paths() -> Self {
        let mut s = GameStore::new();
        s.slow_only = true;
        s
    }

    /// What the arena knows about `g` (see [`Kind`]).
    pub fn kind(&self, g: GameId) -> Kind {
        self.kinds[g.0 as usize]
    }

    fn simple_of(&self, g: GameId) -> Option<Simple> {
        match self.kind(g) {
            Kind::Simple(v) if !self.slow_only => Some(v),
            _ => None,
        }
    }

    /// Classifies a node from the kinds of its options, by the closed forms
    /// of [`Simple`] read backwards.
    fn classify(&self, node: &Node) -> Kind {
        // Every closed form has at most two options a side, or the same
        // options on both sides: skip the rest without allocating.
        let small = node.left.len() <= 2 && node.right.len() <= 2;
        if !small && node.left != node.right {
            return Kind::Other;
        }
        let simple = |g: &GameId| match self.kinds[g.0 as usize] {
            Kind::Simple(v) => Some(v),
            Kind::Other => None,
        };
        let left: Option<Vec<Simple>> = node.left.iter().map(simple).collect();
        let right: Option<Vec<Simple>> = node.right.iter().map(simple).collect();
        match (left, right) {
            (Some(left), Some(right)) => {
                classify_simple(&left, &right).map_or(Kind::Other, Kind::Simple)
            }
            _ => Kind::Other,
        }
    }

    /// The canonical form of a [`Simple`] value, built from its closed form
    /// without any search.
    fn simple(&mut self, v: Simple) -> GameId {
        if let Some(&g) = self.simple_memo.get(&v) {
            return g;
        }
        let g = if v.ups != 0 {
            self.with_ups(v)
        } else if v.nimber > 0 {
            let opts: Vec<GameId> = (0..v.nimber).map(|j| self.simple(v.with(0, j))).collect();
            self.node_of(opts.clone(), opts)
        } else if v.exponent > 0 {
            let (p, q) = (v.numerator, v.exponent);
            let left = self.simple(Simple::number(p - 1, q));
            let right = self.simple(Simple::number(p + 1, q));
            self.node_of(vec![left], vec![right])
        } else {
            self.integer_by_steps(v.numerator)
        };
        self.simple_memo.insert(v, g);
        g
    }

    /// `x + n·↑ + *k` for `n ≠ 0`, built upwards from `x + ±↑ + *j` so that
    /// large multiples need no deep recursion.
    fn with_ups(&mut self, v: Simple) -> GameId {
        let x = self.simple(v.number_part());
        let sign = v.ups.signum();
        let mut g = x;
        for m in 1..=v.ups.unsigned_abs() {
            let nimber = v.nimber ^ ((v.ups.unsigned_abs() - m) & 1) as u32;
            let here = v.with(sign * m as i64, nimber);
            if let Some(&known) = self.simple_memo.get(&here) {
                g = known;
                continue;
            }
            g = if m == 1 && nimber == 1 {
                let x_star = self.simple(v.with(0, 1));
                if sign > 0 {
                    self.node_of(vec![x, x_star], vec![x])
                } else {
                    self.node_of(vec![x], vec![x, x_star])
                }
            } else {
                let inner = if m == 1 {
                    self.simple(v.with(0, nimber ^ 1))
                } else {
                    g
                };
                if sign > 0 {
                    self.node_of(vec![x], vec![inner])
                } else {
                    self.node_of(vec![inner], vec![x])
                }
            };
            self.simple_memo.insert(here, g);
        }
        g
    }

    fn node_of(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        self.intern(Node { left, right })
    }

    /// The integer `p`, one step from the nearest integer already built.
    fn integer_by_steps(&mut self, p: i64) -> GameId {
        let step = p.signum();
        let mut at = p;
        while at != 0 && !self.simple_memo.contains_key(&Simple::number(at, 0)) {
            at -= step;
        }
        let mut g = if at == 0 {
            self.zero()
        } else {
            self.simple_memo[&Simple::number(at, 0)]
        };
        while at != p {
            g = if step > 0 {
                self.node_of(vec![g], vec![])
            } else {
                self.node_of(vec![], vec![g])
            };
            at += step;
            self.simple_memo.insert(Simple::number(at, 0), g);
        }
        g
    }

    /// The game `0`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The options of a game.
    pub fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// Number of distinct values stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only `0` is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    fn intern(&mut self, mut node: Node) -> GameId {
        node.left.sort_unstable();
        node.left.dedup();
        node.right.sort_unstable();
        node.right.dedup();
        if let Some(&id) = self.index.get(&node) {
            return id;
        }
        let id = GameId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 games"));
        let kind = self.classify(&node);
        self.kinds.push(kind);
        self.nodes.push(node.clone());
        self.index.insert(node, id);
        id
    }

    /// `G ≤ H`.
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let (Some(a), Some(b)) = (self.simple_of(g), self.simple_of(h)) {
            if let Some(v) = a.leq(b) {
                return v;
            }
        }
        if let Some(&v) = self.leq_memo.get(&(g, h)) {
            return v;
        }
        let gl = self.node(g).left.clone();
        let hr = self.node(h).right.clone();
        let v = !gl.iter().any(|&x| self.leq(h, x)) && !hr.iter().any(|&y| self.leq(y, g));
        self.leq_memo.insert((g, h), v);
        v
    }

    /// `G = H` (for canonical forms, the same id).
    pub fn equal(&mut self, g: GameId, h: GameId) -> bool {
        g == h || (self.leq(g, h) && self.leq(h, g))
    }

    /// `G ‖ H`: neither `G ≤ H` nor `H ≤ G`.
    pub fn confused(&mut self, g: GameId, h: GameId) -> bool {
        !self.leq(g, h) && !self.leq(h, g)
    }

    /// The outcome class.
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        let z = self.zero();
        match (self.leq(z, g), self.leq(g, z)) {
            (true, true) => OutcomeClass::P,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::N,
        }
    }

    /// The canonical game with the given options (any games, canonical ids).
    pub fn make(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        let (mut left, mut right) = (left, right);
        loop {
            left = self.undominated(left, true);
            right = self.undominated(right, false);
            // G itself is needed for reversibility tests: compare through a
            // provisional node (intern is harmless: it only adds a value).
            let g = self.intern(Node {
                left: left.clone(),
                right: right.clone(),
            });
            let (new_left, changed_l) = self.bypass(g, &left, true);
            let (new_right, changed_r) = self.bypass(g, &right, false);
            if !changed_l && !changed_r {
                return g;
            }
            left = new_left;
            right = new_right;
        }
    }

    /// Removes dominated options: for Left keep the maximal ones, for Right
    /// the minimal ones (equal options collapse to one).
    fn undominated(&mut self, mut opts: Vec<GameId>, left: bool) -> Vec<GameId> {
        opts.sort_unstable();
        opts.dedup();
        let mut keep = Vec::with_capacity(opts.len());
        for (i, &a) in opts.iter().enumerate() {
            let dominated = opts.iter().enumerate().any(|(j, &b)| {
                if i == j {
                    return false;
                }
                let better = if left { self.leq(a, b) } else { self.leq(b, a) };
                // Strictly dominated, or equal and a later duplicate.
                better && (!self.equal(a, b) || j < i)
            });
            if !dominated {
                keep.push(a);
            }
        }
        keep
    }

    /// Replaces reversible options of `g` (Left if `left`) by the options
    /// they reverse to; reports whether anything changed.
    fn bypass(&mut self, g: GameId, opts: &[GameId], left: bool) -> (Vec<GameId>, bool) {
        let mut out = Vec::new();
        let mut changed = false;
        for &x in opts {
            let responses = if left {
                self.node(x).right.clone()
            } else {
                self.node(x).left.clone()
            };
            let reverse =
                responses
                    .into_iter()
                    .find(|&y| if left { self.leq(y, g) } else { self.leq(g, y) });
            match reverse {
                Some(y) => {
                    changed = true;
                    let replacement = if left {
                        self.node(y).left.clone()
                    } else {
                        self.node(y).right.clone()
                    };
                    out.extend(replacement);
                }
                None => out.push(x),
            }
        }
        (out, changed)
    }

    /// `−G`.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.simple_of(g).and_then(Simple::checked_neg) {
            return self.simple(v);
        }
        if let Some(&v) = self.neg_memo.get(&g) {
            return v;
        }
        let n = self.node(g).clone();
        let left: Vec<GameId> = n.right.iter().map(|&x| self.neg(x)).collect();
        let right: Vec<GameId> = n.left.iter().map(|&x| self.neg(x)).collect();
        let v = self.make(left, right);
        self.neg_memo.insert(g, v);
        v
    }

    /// `G + H`.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let z = self.zero();
        if g == z {
            return h;
        }
        if h == z {
            return g;
        }
        if let (Some(a), Some(b)) = (self.simple_of(g), self.simple_of(h)) {
            if let Some(v) = a.checked_add(b) {
                return self.simple(v);
            }
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&v) = self.sum_memo.get(&key) {
            return v;
        }
        let (gn, hn) = (self.node(g).clone(), self.node(h).clone());
        let mut left: Vec<GameId> = gn.left.iter().map(|&x| self.add(x, h)).collect();
        left.extend(hn.left.iter().map(|&y| self.add(g, y)).collect::<Vec<_>>());
        let mut right: Vec<GameId> = gn.right.iter().map(|&x| self.add(x, h)).collect();
        right.extend(hn.right.iter().map(|&y| self.add(g, y)).collect::<Vec<_>>());
        let v = self.make(left, right);
        self.sum_memo.insert(key, v);
        v
    }

    /// `G − H`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    /// The birthday: 0 for `0`, else one more than the largest birthday of
    /// an option of the canonical form.
    pub fn birthday(&self, g: GameId) -> u32 {
        let n = self.node(g);
        n.left
            .iter()
            .chain(&n.right)
            .map(|&x| self.birthday(x) + 1)
            .max()
            .unwrap_or(0)
    }

    /// The integer `k` (any sign).
    pub fn integer(&mut self, k: i64) -> GameId {
        let mut g = self.zero();
        let step = if k >= 0 { 1 } else { -1 };
        for _ in 0..k.unsigned_abs() {
            g = if step > 0 {
                self.make(vec![g], vec![])
            } else {
                self.make(vec![], vec![g])
            };
        }
        g
    }

    /// The dyadic rational `p / 2^q` in canonical form (`q ≥ 0`).
    pub fn dyadic(&mut self, p: i64, q: u32) -> GameId {
        if q == 0 {
            return self.integer(p);
        }
        if p % 2 == 0 {
            return self.dyadic(p / 2, q - 1);
        }
        let lo = self.dyadic(p - 1, q);
        let hi = self.dyadic(p + 1, q);
        self.make(vec![lo], vec![hi])
    }

    /// The nimber `*k`.
    pub fn nimber(&mut self, k: u32) -> GameId {
        let opts: Vec<GameId> = (0..k).map(|i| self.nimber(i)).collect();
        self.make(opts.clone(), opts)
    }

    /// `↑ = {0 | *}`.
    pub fn up(&mut self) -> GameId {
        let (z, star) = (self.zero(), self.nimber(1));
        self.make(vec![z], vec![star])
    }

    /// `±x = {x | −x}`.
    pub fn switch(&mut self, x: GameId) -> GameId {
        let nx = self.neg(x);
        self.make(vec![x], vec![nx])
    }
}

/// Which [`Simple`] value the game `{left | right}` is, by its options'
/// values, when it has one of the closed forms.
fn classify_simple(left: &[Simple], right: &[Simple]) -> Option<Simple> {
    match (left, right) {
        ([], []) => Some(Simple::number(0, 0)),
        ([l], []) if l.is_number() && l.exponent == 0 && l.numerator >= 0 => {
            Some(Simple::number(l.numerator.checked_add(1)?, 0))
        }
        ([], [r]) if r.is_number() && r.exponent == 0 && r.numerator <= 0 => {
            Some(Simple::number(r.numerator.checked_sub(1)?, 0))
        }
        ([l], [r]) if l.is_number() && r.is_number() && l != r => {
            let q = l.exponent.max(r.exponent) + 1;
            if q > super::simple::MAX_EXPONENT {
                return None;
            }
            let (a, b) = (
                l.numerator << (q - l.exponent),
                r.numerator << (q - r.exponent),
            );
            (b - a == 2).then(|| Simple::number(a + 1, q))
        }
        ([l], [r]) if l.is_number() && r.number_part() == *l && r.ups >= 0 && r != l => {
            Some(l.with(r.ups.checked_add(1)?, r.nimber ^ 1))
        }
        ([l], [r]) if r.is_number() && l.number_part() == *r && l.ups <= 0 && l != r => {
            Some(r.with(l.ups.checked_sub(1)?, l.nimber ^ 1))
        }
        ([a, b], [x]) | ([x], [a, b]) if is_number_and_star(*a, *b, *x) => {
            Some(x.with(if left.len() == 2 { 1 } else { -1 }, 1))
        }
        _ if !left.is_empty() && left == right => nimber_over(left),
        _ => None,
    }
}

/// `{a, b}` is `{x, x*}` in some order.
fn is_number_and_star(a: Simple, b: Simple, x: Simple) -> bool {
    x.is_number() && (a == x && b == x.with(0, 1) || b == x && a == x.with(0, 1))
}

/// Options `x + *j` for exactly the `j < k`, one each: the value `x + *k`.
fn nimber_over(options: &[Simple]) -> Option<Simple> {
    let x = options[0].number_part();
    let mut seen = vec![false; options.len()];
    for o in options {
        if o.number_part() != x || o.ups != 0 {
            return None;
        }
        *seen.get_mut(o.nimber as usize)? = true;
    }
    seen.iter()
        .all(|&s| s)
        .then_some(x.with(0, options.len() as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::show;
    use crate::partizan::test_shapes::{build, shape, Shape};
    use proptest::prelude::*;

    /// Slow twin of `≤`: the definition on raw (uncanonicalised) shapes.
    fn leq_raw(g: &Shape, h: &Shape) -> bool {
        !g.left.iter().any(|gl| leq_raw(h, gl)) && !h.right.iter().any(|hr| leq_raw(hr, g))
    }

    fn outcome_raw(g: &Shape) -> OutcomeClass {
        let z = Shape {
            left: vec![],
            right: vec![],
        };
        match (leq_raw(&z, g), leq_raw(g, &z)) {
            (true, true) => OutcomeClass::P,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::N,
        }
    }

    #[test]
    fn small_values() {
        let mut s = GameStore::new();
        let (zero, one, half, star, up) =
            (s.zero(), s.integer(1), s.dyadic(1, 1), s.nimber(1), s.up());
        assert_eq!(s.outcome(zero), OutcomeClass::P);
        assert_eq!(s.outcome(one), OutcomeClass::L);
        assert_eq!(s.outcome(star), OutcomeClass::N);
        assert_eq!(s.outcome(up), OutcomeClass::L);
        assert_eq!(s.add(half, half), one);
        assert_eq!(s.add(star, star), zero);
        let up_star = s.add(up, star);
        assert_eq!(s.outcome(up_star), OutcomeClass::N);
        // {1 | 0} + {0 | -1} = ±... ; {0|*} is ↑; *2 + *3 = *1.
        let (n2, n3) = (s.nimber(2), s.nimber(3));
        assert_eq!(s.add(n2, n3), star);
        // {0, * | 0, *} = *2 via bypass/domination? No: it is *2.
        let z_star = s.make(vec![zero, star], vec![zero, star]);
        assert_eq!(z_star, n2);
        // {1 | 1} = 1* ; {0 | 1} = 1/2 ; { | -1}? no: {-1 | } = 0.
        let m1 = s.integer(-1);
        assert_eq!(s.make(vec![m1], vec![]), zero);
        assert_eq!(s.make(vec![zero], vec![one]), half);
        assert_eq!(s.birthday(half), 2);
        assert_eq!(s.birthday(n3), 3);
    }

    /// The raw sum and negation, straight from the definitions.
    fn sum_raw(g: &Shape, h: &Shape) -> Shape {
        let mut left: Vec<Shape> = g.left.iter().map(|x| sum_raw(x, h)).collect();
        left.extend(h.left.iter().map(|y| sum_raw(g, y)));
        let mut right: Vec<Shape> = g.right.iter().map(|x| sum_raw(x, h)).collect();
        right.extend(h.right.iter().map(|y| sum_raw(g, y)));
        Shape { left, right }
    }

    fn to_shape(s: &GameStore, g: GameId) -> Shape {
        let n = s.node(g);
        Shape {
            left: n.left.iter().map(|&x| to_shape(s, x)).collect(),
            right: n.right.iter().map(|&x| to_shape(s, x)).collect(),
        }
    }

    #[test]
    fn double_up_star() {
        let mut s = GameStore::new();
        let (up, star) = (s.up(), s.nimber(1));
        let uu = s.add(up, up);
        let g = s.add(uu, star);
        let raw_up = to_shape(&s, up);
        let raw = sum_raw(&sum_raw(&raw_up, &raw_up), &to_shape(&s, star));
        let canonical = to_shape(&s, g);
        assert!(leq_raw(&raw, &canonical) && leq_raw(&canonical, &raw));
        let expected = {
            let z = s.zero();
            s.make(vec![z], vec![up])
        };
        assert_eq!(g, expected, "⇑* = {{0 | ↑}}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn sums_equal_the_definition(a in shape(), b in shape()) {
            let mut s = GameStore::new();
            let (g, h) = (build(&mut s, &a), build(&mut s, &b));
            let sum = s.add(g, h);
            let (raw, canonical) = (sum_raw(&a, &b), to_shape(&s, sum));
            prop_assert!(leq_raw(&raw, &canonical) && leq_raw(&canonical, &raw));
            let neg = s.neg(g);
            let raw_neg = Shape { left: a.right.iter().map(negate_raw).collect(), right: a.left.iter().map(negate_raw).collect() };
            let canonical_neg = to_shape(&s, neg);
            prop_assert!(leq_raw(&raw_neg, &canonical_neg) && leq_raw(&canonical_neg, &raw_neg));
        }
    }

    fn negate_raw(g: &Shape) -> Shape {
        Shape {
            left: g.right.iter().map(negate_raw).collect(),
            right: g.left.iter().map(negate_raw).collect(),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn canonical_forms_respect_the_definitions(a in shape(), b in shape(), c in shape()) {
            let mut s = GameStore::new();
            let (g, h, k) = (build(&mut s, &a), build(&mut s, &b), build(&mut s, &c));
            // Comparison agrees with the definition on the raw forms.
            prop_assert_eq!(s.leq(g, h), leq_raw(&a, &b));
            prop_assert_eq!(s.outcome(g), outcome_raw(&a));
            // Canonical forms are unique: equal values share an id.
            prop_assert_eq!(s.equal(g, h), g == h);
            // G − G = 0; commutativity and associativity of sums.
            let d = s.sub(g, g);
            prop_assert_eq!(d, s.zero());
            prop_assert_eq!(s.add(g, h), s.add(h, g));
            let (gh, hk) = (s.add(g, h), s.add(h, k));
            prop_assert_eq!(s.add(gh, k), s.add(g, hk));
            // Comparison agrees with the outcome of the difference.
            let diff = s.sub(g, h);
            let ge = matches!(s.outcome(diff), OutcomeClass::L | OutcomeClass::P);
            prop_assert_eq!(s.leq(h, g), ge);
        }
    }

    /// `x + n·↑ + *k` built through the definitions only.
    fn simple_slowly(s: &mut GameStore, v: Simple) -> GameId {
        let mut g = s.dyadic(v.numerator, v.exponent);
        let up = s.up();
        let arrow = if v.ups > 0 { up } else { s.neg(up) };
        for _ in 0..v.ups.unsigned_abs() {
            g = s.add(g, arrow);
        }
        let star = s.nimber(v.nimber);
        s.add(g, star)
    }

    fn simple_value() -> impl Strategy<Value = Simple> {
        (-40i64..40, 0u32..4, -5i64..6, 0u32..6)
            .prop_map(|(p, q, ups, k)| Simple::number(p, q).with(ups, k))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// The fast paths agree with the definitions: same printed canonical
        /// forms, comparisons and outcomes as a store without fast paths.
        #[test]
        fn simple_value_fast_paths_match_the_definitions(
            a in simple_value(), b in simple_value(), other in shape()
        ) {
            let (mut fast, mut slow) = (GameStore::new(), GameStore::without_fast_paths());
            let (g, h) = (fast.simple(a), fast.simple(b));
            let (gs, hs) = (simple_slowly(&mut slow, a), simple_slowly(&mut slow, b));
            prop_assert_eq!(show(&mut fast, g), show(&mut slow, gs));
            prop_assert_eq!(fast.kind(gs.min(g)), fast.kind(g));
            let (sum, sum_slow) = (fast.add(g, h), slow.add(gs, hs));
            prop_assert_eq!(show(&mut fast, sum), show(&mut slow, sum_slow));
            let (neg, neg_slow) = (fast.neg(g), slow.neg(gs));
            prop_assert_eq!(show(&mut fast, neg), show(&mut slow, neg_slow));
            prop_assert_eq!(fast.leq(g, h), slow.leq(gs, hs));
            prop_assert_eq!(fast.outcome(sum), slow.outcome(sum_slow));
            // Mixed with an arbitrary game, the general path takes over.
            let (o, os) = (build(&mut fast, &other), build(&mut slow, &other));
            let (m, ms) = (fast.add(sum, o), slow.add(sum_slow, os));
            prop_assert_eq!(show(&mut fast, m), show(&mut slow, ms));
            prop_assert_eq!(fast.leq(g, o), slow.leq(gs, os));
        }

        /// The classification of every value met is right: a value classed
        /// as `x + n·↑ + *k` equals it built through the definitions.
        #[test]
        fn kinds_are_right(a in shape(), b in shape(), c in simple_value()) {
            let mut fast = GameStore::new();
            let (g, h) = (build(&mut fast, &a), build(&mut fast, &b));
            let sum = fast.add(g, h);
            let with_simple = {
                let v = fast.simple(c);
                fast.add(sum, v)
            };
            for x in [g, h, sum, with_simple] {
                if let Kind::Simple(v) = fast.kind(x) {
                    let mut slow = GameStore::without_fast_paths();
                    let expected = simple_slowly(&mut slow, v);
                    let actual = build(&mut slow, &to_shape(&fast, x));
                    prop_assert_eq!(actual, expected);
                }
            }
        }
    }

    #[test]
    fn up_multiples_have_the_closed_forms_for_every_small_case() {
        for ups in -8i64..=8 {
            for k in 0..8u32 {
                for (p, q) in [(0, 0), (3, 1), (-2, 0)] {
                    let v = Simple::number(p, q).with(ups, k);
                    let mut fast = GameStore::new();
                    let mut slow = GameStore::without_fast_paths();
                    let (g, gs) = (fast.simple(v), simple_slowly(&mut slow, v));
                    assert_eq!(show(&mut fast, g), show(&mut slow, gs), "{v:?}");
                    assert_eq!(build(&mut slow, &to_shape(&fast, g)), gs, "{v:?}");
                    assert_eq!(fast.outcome(g), slow.outcome(gs), "{v:?}");
                }
            }
        }
    }

    #[test]
    fn juxtaposed_stars_print_and_parse() {
        let mut s = GameStore::new();
        for text in [
            "1*", "-3/4*2", "*5", "2", "0", "^", "vv*", "^3*2", "1/2v", "^*", "-1^^",
        ] {
            let g = crate::partizan::notation::parse(&mut s, text).expect("valid");
            assert_eq!(show(&mut s, g), text);
        }
        let mut slow = GameStore::without_fast_paths();
        let a = crate::partizan::notation::parse(&mut slow, "1 + *").expect("valid");
        assert_eq!(show(&mut slow, a), "1*");
    }
}
