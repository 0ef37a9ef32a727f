//! The arena of canonical short games.
//!
//! Definitions (Conway, *On Numbers and Games*; Siegel, *Combinatorial Game
//! Theory*, Ch. II): `G ≤ H` iff no `Gᴸ ≥ H` and no `Hᴿ ≤ G`; `G = H` iff
//! both `≤`. A Left option `Gᴸ¹` is dominated if some other `Gᴸ² ≥ Gᴸ¹`
//! (dually for Right, `≤`). A Left option `Gᴸ` is reversible through `Gᴸᴿ`
//! when `Gᴸᴿ ≤ G`; it is then replaced by the Left options of `Gᴸᴿ` (dually
//! for Right). The canonical form (no dominated or reversible options) is
//! unique, so structural equality of canonical forms is game equality and
//! hash-consing gives one id per value.

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
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
///
/// `NumberStar` is `p/2^q + *k` (`p` odd or `q = 0`; numbers have `k = 0`,
/// nimbers `p = 0`). Its canonical form is known in closed form
/// (Siegel, *Combinatorial Game Theory*, II.3 and II.4): `n+1 = {n |}`,
/// `−n−1 = {| −n}`, `p/2^q = {(p−1)/2^q | (p+1)/2^q}`, and
/// `x + *k = {x + *j | x + *j}` over `j < k`. Sums, negatives and comparisons
/// of such values need no search: `x + *a ≤ y + *b` iff `x < y`, or `x = y`
/// and `a = b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `numerator / 2^exponent + *nimber`, in lowest terms.
    NumberStar {
        /// The numerator (odd unless the exponent is 0).
        numerator: i64,
        /// The power of two in the denominator.
        exponent: u32,
        /// The nimber added.
        nimber: u32,
    },
    /// Anything else.
    Other,
}

/// Largest exponent of a denominator the fast paths handle.
const MAX_FAST_EXPONENT: u32 = 40;

/// The arena: canonical games by id, with memoised operations.
#[derive(Debug, Default)]
pub struct GameStore {
    nodes: Vec<Node>,
    kinds: Vec<Kind>,
    slow_only: bool,
    number_star_memo: HashMap<(i64, u32, u32), GameId>,
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

    fn number_star_of(&self, g: GameId) -> Option<(i64, u32, u32)> {
        match self.kind(g) {
            Kind::NumberStar {
                numerator,
                exponent,
                nimber,
            } if !self.slow_only => Some((numerator, exponent, nimber)),
            _ => None,
        }
    }

    /// Classifies a node from the kinds of its options.
    fn classify(&self, node: &Node) -> Kind {
        let number = |g: &GameId| match self.kinds[g.0 as usize] {
            Kind::NumberStar {
                numerator,
                exponent,
                nimber: 0,
            } => Some((numerator, exponent)),
            _ => None,
        };
        let kind = |p, q, k| Kind::NumberStar {
            numerator: p,
            exponent: q,
            nimber: k,
        };
        match (node.left.as_slice(), node.right.as_slice()) {
            ([], []) => return kind(0, 0, 0),
            ([l], []) => {
                if let Some((p, 0)) = number(l).filter(|&(p, _)| p >= 0) {
                    return p.checked_add(1).map_or(Kind::Other, |p| kind(p, 0, 0));
                }
            }
            ([], [r]) => {
                if let Some((p, 0)) = number(r).filter(|&(p, _)| p <= 0) {
                    return p.checked_sub(1).map_or(Kind::Other, |p| kind(p, 0, 0));
                }
            }
            ([l], [r]) if l != r => {
                if let (Some(a), Some(b)) = (number(l), number(r)) {
                    let q = a.1.max(b.1) + 1;
                    if q <= MAX_FAST_EXPONENT {
                        let (pa, pb) = (a.0 << (q - a.1), b.0 << (q - b.1));
                        if pb - pa == 2 {
                            return kind(pa + 1, q, 0);
                        }
                    }
                }
            }
            _ => {}
        }
        self.classify_number_star(node).unwrap_or(Kind::Other)
    }

    /// `{x + *j | x + *j}` over `j < k` is `x + *k`.
    fn classify_number_star(&self, node: &Node) -> Option<Kind> {
        if node.left != node.right || node.left.is_empty() {
            return None;
        }
        let mut number = None;
        let mut seen = vec![false; node.left.len()];
        for g in &node.left {
            let Kind::NumberStar {
                numerator,
                exponent,
                nimber,
            } = self.kinds[g.0 as usize]
            else {
                return None;
            };
            if *number.get_or_insert((numerator, exponent)) != (numerator, exponent) {
                return None;
            }
            *seen.get_mut(nimber as usize)? = true;
        }
        let (numerator, exponent) = number?;
        seen.iter().all(|&s| s).then_some(Kind::NumberStar {
            numerator,
            exponent,
            nimber: node.left.len() as u32,
        })
    }

    /// The canonical form of `p/2^q + *k` (`p/2^q` in lowest terms), built
    /// from its closed form without any search.
    fn number_star(&mut self, p: i64, q: u32, k: u32) -> GameId {
        if let Some(&g) = self.number_star_memo.get(&(p, q, k)) {
            return g;
        }
        let g = if k > 0 {
            let opts: Vec<GameId> = (0..k).map(|j| self.number_star(p, q, j)).collect();
            self.intern(Node {
                left: opts.clone(),
                right: opts,
            })
        } else if q > 0 {
            let (lo, hi) = (reduce(p - 1, q), reduce(p + 1, q));
            let left = self.number_star(lo.0, lo.1, 0);
            let right = self.number_star(hi.0, hi.1, 0);
            self.intern(Node {
                left: vec![left],
                right: vec![right],
            })
        } else {
            self.integer_by_steps(p)
        };
        self.number_star_memo.insert((p, q, k), g);
        g
    }

    /// The integer `p`, one step from the nearest integer already built.
    fn integer_by_steps(&mut self, p: i64) -> GameId {
        let step = p.signum();
        let mut from = p;
        while from != 0 && !self.number_star_memo.contains_key(&(from - step, 0, 0)) {
            from -= step;
        }
        let mut g = if from == 0 {
            self.zero()
        } else {
            self.number_star_memo[&(from - step, 0, 0)]
        };
        let mut at = if from == 0 { 0 } else { from - step };
        while at != p {
            g = if step > 0 {
                self.intern(Node {
                    left: vec![g],
                    right: vec![],
                })
            } else {
                self.intern(Node {
                    left: vec![],
                    right: vec![g],
                })
            };
            at += step;
            self.number_star_memo.insert((at, 0, 0), g);
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
        if let (Some(a), Some(b)) = (self.number_star_of(g), self.number_star_of(h)) {
            if let Some(order) = compare_dyadic((a.0, a.1), (b.0, b.1)) {
                return order.is_lt() || (order.is_eq() && a.2 == b.2);
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
        if let Some((p, q, k)) = self.number_star_of(g) {
            if let Some(p) = p.checked_neg() {
                return self.number_star(p, q, k);
            }
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
        if let (Some(a), Some(b)) = (self.number_star_of(g), self.number_star_of(h)) {
            if let Some((p, q)) = add_dyadic((a.0, a.1), (b.0, b.1)) {
                return self.number_star(p, q, a.2 ^ b.2);
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

/// `p/2^q` in lowest terms.
fn reduce(mut p: i64, mut q: u32) -> (i64, u32) {
    while q > 0 && p % 2 == 0 {
        p /= 2;
        q -= 1;
    }
    if p == 0 {
        q = 0;
    }
    (p, q)
}

/// Both dyadics over the larger denominator, or `None` on overflow.
fn common_denominator(a: (i64, u32), b: (i64, u32)) -> Option<(i64, i64, u32)> {
    let q = a.1.max(b.1);
    let scale = |x: (i64, u32)| x.0.checked_mul(1i64.checked_shl(q - x.1)?);
    Some((scale(a)?, scale(b)?, q))
}

fn compare_dyadic(a: (i64, u32), b: (i64, u32)) -> Option<std::cmp::Ordering> {
    common_denominator(a, b).map(|(x, y, _)| x.cmp(&y))
}

/// The sum in lowest terms, or `None` when it leaves the fast range.
fn add_dyadic(a: (i64, u32), b: (i64, u32)) -> Option<(i64, u32)> {
    let (x, y, q) = common_denominator(a, b)?;
    let sum = reduce(x.checked_add(y)?, q);
    (sum.0.unsigned_abs() < 1 << 60).then_some(sum)
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

    /// `p/2^q + *k` built through the definitions only.
    fn number_star_slowly(s: &mut GameStore, (p, q, k): (i64, u32, u32)) -> GameId {
        let x = s.dyadic(p, q);
        let star = s.nimber(k);
        s.add(x, star)
    }

    fn number_star_value() -> impl Strategy<Value = (i64, u32, u32)> {
        (-40i64..40, 0u32..4, 0u32..6)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// The fast paths agree with the definitions: same printed canonical
        /// forms, comparisons and outcomes as a store without fast paths.
        #[test]
        fn number_and_nimber_fast_paths_match_the_definitions(
            a in number_star_value(), b in number_star_value(), other in shape()
        ) {
            let (mut fast, mut slow) = (GameStore::new(), GameStore::without_fast_paths());
            let (g, h) = (number_star_slowly(&mut fast, a), number_star_slowly(&mut fast, b));
            let (gs, hs) = (number_star_slowly(&mut slow, a), number_star_slowly(&mut slow, b));
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
        /// as `x + *k` equals `x + *k` built through the definitions.
        #[test]
        fn kinds_are_right(a in shape(), b in shape()) {
            let mut fast = GameStore::new();
            let (g, h) = (build(&mut fast, &a), build(&mut fast, &b));
            let sum = fast.add(g, h);
            for x in [g, h, sum] {
                if let Kind::NumberStar { numerator, exponent, nimber } = fast.kind(x) {
                    let mut slow = GameStore::without_fast_paths();
                    let expected = number_star_slowly(&mut slow, (numerator, exponent, nimber));
                    let actual = build(&mut slow, &to_shape(&fast, x));
                    prop_assert_eq!(actual, expected);
                }
            }
        }
    }

    #[test]
    fn juxtaposed_stars_print_and_parse() {
        let mut s = GameStore::new();
        for text in ["1*", "-3/4*2", "*5", "2", "0"] {
            let g = crate::partizan::notation::parse(&mut s, text).expect("valid");
            assert_eq!(show(&mut s, g), text);
        }
        let mut slow = GameStore::without_fast_paths();
        let a = crate::partizan::notation::parse(&mut slow, "1 + *").expect("valid");
        assert_eq!(show(&mut slow, a), "1*");
    }
}
