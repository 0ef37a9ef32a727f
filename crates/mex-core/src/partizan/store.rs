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

/// The arena: canonical games by id, with memoised operations.
#[derive(Debug, Default)]
pub struct GameStore {
    nodes: Vec<Node>,
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
        self.nodes.push(node.clone());
        self.index.insert(node, id);
        id
    }

    /// `G ≤ H`.
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
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

#[cfg(test)]
mod tests {
    use super::*;
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
}
