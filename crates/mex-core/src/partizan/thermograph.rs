//! Mean and temperature of short games by thermography (Siegel 2013,
//! *Combinatorial Game Theory*, II.5), in exact rational arithmetic
//! ([`BigRational`]: no overflow, whatever the depth of the dyadics).
//!
//! A wall is a piecewise-linear function of the temperature `t ≥ −1`. For a
//! number `x` both walls are the constant `x`. Otherwise the left scaffold is
//! `LS(t) = max_L RW(Gᴸ)(t) − t` and the right scaffold
//! `RS(t) = min_R LW(Gᴿ)(t) + t`; the temperature `T` is the least `t` with
//! `LS(t) ≤ RS(t)`, the mean `m = LS(T) = RS(T)`, and above `T` both walls
//! are the mast `m`. All breakpoints are dyadic rationals.
//!
//! A canonical number is an integer `{n−1 | }`, `{ | n+1}`, or `{a | b}`
//! with numbers `a < b` and value `(a + b)/2`, temperature `(a − b)/2`
//! (`p/2^q = {(p−1)/2^q | (p+1)/2^q}`); numbers the arena classifies are
//! read off directly, and deeper dyadics are recognised by that rule.

use super::simple::Record;
use super::store::as_number;
use super::store::{GameId, GameStore, Kind};
use crate::MexError;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// An exact rational.
pub type Q = BigRational;

fn int(n: i64) -> Q {
    Q::from_integer(BigInt::from(n))
}

/// `p / 2^q`.
#[cfg(test)]
fn dyadic(p: i64, q: u32) -> Q {
    Q::new(BigInt::from(p), <BigInt as num_traits::One>::one() << q)
}

/// A continuous piecewise-linear function on `[−1, ∞)`: values at the
/// breakpoints (first at `t = −1`), linear in between, then slope `tail`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wall {
    points: Vec<(Q, Q)>,
    tail: i64,
}

impl Wall {
    fn constant(x: Q) -> Wall {
        Wall {
            points: vec![(int(-1), x)],
            tail: 0,
        }
    }

    /// The value at `t ≥ −1`.
    pub fn at(&self, t: &Q) -> Q {
        let i = self.points.partition_point(|(p, _)| p <= t).max(1) - 1;
        let (t0, v0) = &self.points[i];
        let slope = match self.points.get(i + 1) {
            Some((t1, v1)) => (v1 - v0) / (t1 - t0),
            None => int(self.tail),
        };
        v0 + slope * (t - t0)
    }

    /// The breakpoints `(t, value)`, by increasing `t`, the first at `t = −1`
    /// (for front ends that draw the wall).
    pub fn breakpoints(&self) -> &[(Q, Q)] {
        &self.points
    }

    /// The slope after the last breakpoint.
    pub fn tail_slope(&self) -> i64 {
        self.tail
    }

    /// `f(t) + k·t`.
    fn plus_t(&self, k: i64) -> Wall {
        Wall {
            points: self
                .points
                .iter()
                .map(|(t, v)| (t.clone(), v + t * int(k)))
                .collect(),
            tail: self.tail + k,
        }
    }

    /// Every breakpoint of `self` and `other`, and every crossing between
    /// them (past the last breakpoint too).
    fn grid(&self, other: &Wall) -> Vec<Q> {
        let mut ts: Vec<Q> = self
            .points
            .iter()
            .chain(&other.points)
            .map(|(t, _)| t.clone())
            .collect();
        ts.sort();
        ts.dedup();
        let difference = |t: &Q| self.at(t) - other.at(t);
        let mut crossings = Vec::new();
        for w in ts.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let (da, db) = (difference(a), difference(b));
            if da.signum() * db.signum() == -int(1) {
                // Linear on [a, b]: the root of the difference.
                crossings.push(a + (b - a) * &da / (&da - &db));
            }
        }
        let last = ts.last().expect("a wall has a breakpoint").clone();
        let (d, slopes) = (difference(&last), self.tail - other.tail);
        if slopes != 0 && d.signum() * int(slopes.signum()) == -int(1) {
            crossings.push(&last - d / int(slopes));
        }
        ts.extend(crossings);
        ts.sort();
        ts.dedup();
        ts
    }

    fn combine(&self, other: &Wall, pick_max: bool) -> Wall {
        let ts = self.grid(other);
        let points: Vec<(Q, Q)> = ts
            .iter()
            .map(|t| {
                let (a, b) = (self.at(t), other.at(t));
                let v = if (a >= b) == pick_max { a } else { b };
                (t.clone(), v)
            })
            .collect();
        // Past the last crossing the steeper wall in the chosen direction
        // wins (equal slopes: either).
        let tail = match self.tail.cmp(&other.tail) {
            Ordering::Equal => self.tail,
            Ordering::Greater if pick_max => self.tail,
            Ordering::Less if !pick_max => self.tail,
            _ => other.tail,
        };
        Wall { points, tail }.simplified()
    }

    fn simplified(mut self) -> Wall {
        let mut keep: Vec<(Q, Q)> = Vec::with_capacity(self.points.len());
        for p in self.points {
            if keep.len() >= 2 {
                let (a, b) = (&keep[keep.len() - 2], &keep[keep.len() - 1]);
                if (&b.1 - &a.1) / (&b.0 - &a.0) == (&p.1 - &b.1) / (&p.0 - &b.0) {
                    keep.pop();
                }
            }
            keep.push(p);
        }
        // The last breakpoint goes too when the tail continues its segment.
        while let [.., a, b] = keep.as_slice() {
            if (&b.1 - &a.1) / (&b.0 - &a.0) != int(self.tail) {
                break;
            }
            keep.pop();
        }
        self.points = keep;
        self
    }
}

/// Mean, temperature and the two walls of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thermograph {
    /// The mean value.
    pub mean: Q,
    /// The temperature (`−1/2^k` for a number with denominator `2^k`, `−1`
    /// for an integer).
    pub temperature: Q,
    /// Left wall.
    pub left: Wall,
    /// Right wall.
    pub right: Wall,
}

impl Thermograph {
    /// An integer's thermograph: the mast `x` from `t = −1` up.
    fn number(x: Q, temperature: Q) -> Thermograph {
        Thermograph {
            left: Wall::constant(x.clone()),
            right: Wall::constant(x.clone()),
            mean: x,
            temperature,
        }
    }

    /// Whether the game is a number (its temperature is negative).
    pub fn is_number(&self) -> bool {
        self.temperature.is_negative()
    }
}

/// For `g = x + *k` with `k ≥ 2`, its option `x + *`, which has the same
/// thermograph: by induction, with `RW(x + *j)(t) = x + t` on `[−1, 0]` and
/// `x` above for every `j ≥ 1`, the left scaffold `max(x − t, RW(x + *j)(t)
/// − t)` is `x − t` as for `x + *` (dually on the right). This keeps `*k`
/// linear instead of quadratic in `k`.
fn star_option(s: &GameStore, g: GameId) -> Option<GameId> {
    let Kind::Simple(v) = s.kind(g) else {
        return None;
    };
    if v.ups != 0 || v.nimber < 2 {
        return None;
    }
    let star = v.with(0, 1);
    s.node(g)
        .left
        .iter()
        .copied()
        .find(|&o| s.kind(o) == Kind::Simple(star))
}

/// The records among the subpositions of `g` (itself included).
fn records_inside(s: &GameStore, g: GameId) -> Vec<Record> {
    let mut pending = vec![g];
    let mut seen: rustc_hash::FxHashSet<GameId> = std::iter::once(g).collect();
    let mut out = Vec::new();
    while let Some(x) = pending.pop() {
        if let Kind::Record(_) = s.kind(x) {
            out.extend(s.record_of(x));
            continue;
        }
        let node = s.node(x);
        for &y in node.left.iter().chain(&node.right) {
            if s.holds_record(y) && seen.insert(y) {
                pending.push(y);
            }
        }
    }
    out
}

/// Memoised thermographs.
#[derive(Debug, Default)]
pub struct Thermographs {
    memo: FxHashMap<GameId, Thermograph>,
}

impl Thermographs {
    /// The thermograph of `g`. Subpositions are computed first, in order of
    /// birthday, so no recursion runs deeper than one level whatever the
    /// depth of the game (`^4096` has birthday 4097).
    pub fn of(&mut self, s: &GameStore, g: GameId) -> Thermograph {
        if let Some(t) = self.memo.get(&g) {
            return t.clone();
        }
        let mut pending = vec![g];
        let mut seen: rustc_hash::FxHashSet<GameId> = std::iter::once(g).collect();
        let mut i = 0;
        while i < pending.len() {
            // A record has no stored options: its walls are in closed form.
            if s.is_record(pending[i]) {
                i += 1;
                continue;
            }
            let node = s.node(pending[i]);
            for &x in node.left.iter().chain(&node.right) {
                if !self.memo.contains_key(&x) && seen.insert(x) {
                    pending.push(x);
                }
            }
            i += 1;
        }
        pending.sort_by_key(|&x| s.rank(x));
        for x in pending {
            let t = self.compute(s, x);
            self.memo.insert(x, t);
        }
        self.memo[&g].clone()
    }

    /// The thermograph of `g`, or an error when the walls of a number kept
    /// as a record inside it would be too big ([`check_number_walls`]:
    /// `1/2^100000` is quick, a number whose binary expansion alternates
    /// for 10^5 digits is refused). [`Thermographs::of`] is for games
    /// whose records the caller has checked, or holding none.
    pub fn try_of(&mut self, s: &GameStore, g: GameId) -> Result<Thermograph, MexError> {
        if s.holds_record(g) {
            for r in records_inside(s, g) {
                check_number_walls(&r)?;
            }
        }
        Ok(self.of(s, g))
    }

    /// The thermograph of `g` from those of its options (already known).
    /// Only integers are masts down to `t = −1`; every other number
    /// `p/2^q = {(p−1)/2^q | (p+1)/2^q}` has the scaffolds of its options,
    /// which meet at its temperature `−1/2^q`, and below that its walls
    /// follow its options (Siegel 2013, II.5).
    fn compute(&mut self, s: &GameStore, g: GameId) -> Thermograph {
        if let Kind::Record(_) = s.kind(g) {
            return record_thermograph(&s.record_of(g).expect("a record"));
        }
        match as_number(s, g) {
            Some((p, 0)) => Thermograph::number(int(p), int(-1)),
            _ => match star_option(s, g) {
                Some(star) => self.of(s, star),
                None => self.scaffolds(s, g),
            },
        }
    }

    fn scaffolds(&mut self, s: &GameStore, g: GameId) -> Thermograph {
        let node = s.node(g);
        let left: Vec<Thermograph> = node.left.iter().map(|&x| self.of(s, x)).collect();
        let right: Vec<Thermograph> = node.right.iter().map(|&x| self.of(s, x)).collect();
        from_options(&left, &right)
    }
}

/// The thermograph of a game that is not an integer from those of its
/// options (Siegel 2013, II.5): the scaffolds, cut at their meeting point.
fn from_options(left: &[Thermograph], right: &[Thermograph]) -> Thermograph {
    {
        let ls = left
            .iter()
            .map(|x| x.right.plus_t(-1))
            .reduce(|a, b| a.combine(&b, true))
            .expect("a non-number has Left options");
        let rs = right
            .iter()
            .map(|x| x.left.plus_t(1))
            .reduce(|a, b| a.combine(&b, false))
            .expect("a non-number has Right options");
        let temperature = ls
            .grid(&rs)
            .into_iter()
            .find(|t| ls.at(t) <= rs.at(t))
            .expect("the scaffolds meet (slopes −1 and +1 past the last breakpoint)");
        let mean = ls.at(&temperature);
        let cut = |w: &Wall| {
            let mut points: Vec<(Q, Q)> = w
                .points
                .iter()
                .filter(|(t, _)| *t < temperature)
                .cloned()
                .collect();
            points.push((temperature.clone(), mean.clone()));
            Wall { points, tail: 0 }.simplified()
        };
        Thermograph {
            left: cut(&ls),
            right: cut(&rs),
            mean,
            temperature,
        }
    }
}

/// The thermograph of a record `x + n·↑ + *k` of any size (see
/// [`crate::partizan::store`]): a number `p/2^q` from its options
/// `(p±1)/2^q`, computed from the integers up, without recursion; `x + *k`
/// (`k ≥ 1`) as `x* = {x | x}` (see [`star_option`]); `x + n·↑ + *k` as
/// `x + n'·↑ + *k'` with `n'`, `k'` small of the same parities and signs,
/// whose walls are the same (checked against the trees in the tests).
pub fn record_thermograph(r: &Record) -> Thermograph {
    let x = number_thermograph(&r.number_part());
    if r.is_number() {
        return x;
    }
    if r.ups.is_zero() {
        return from_options(std::slice::from_ref(&x), std::slice::from_ref(&x));
    }
    let small = small_twin(r);
    let mut store = GameStore::new();
    let g = store.try_record(small).expect("a small value");
    let t = Thermographs::default().of(&store, g);
    let shift = Q::new(r.numerator.clone(), BigInt::from(1) << r.exponent);
    let move_wall = |w: Wall| Wall {
        points: w.points.into_iter().map(|(t, v)| (t, v + &shift)).collect(),
        tail: w.tail,
    };
    Thermograph {
        left: move_wall(t.left),
        right: move_wall(t.right),
        mean: t.mean + &shift,
        temperature: t.temperature,
    }
}

/// `n'·↑ + *k'` (`|n'| ≤ 3`, `k' ≤ 3`, same parities and signs) plus the
/// number part of `r` — which must be small for the tree; the number part
/// is added back by shifting the walls.
fn small_twin(r: &Record) -> Record {
    let n = r.ups.magnitude().clone();
    let n_small = if n <= BigUint::from(3u32) {
        r.ups.clone()
    } else {
        let m = BigInt::from(BigUint::from(2u32) + (n % 2u32));
        if r.ups.is_negative() {
            -m
        } else {
            m
        }
    };
    let k_small = if r.nimber <= BigUint::from(3u32) {
        r.nimber.clone()
    } else {
        BigUint::from(2u32) + (&r.nimber % 2u32)
    };
    Record::number(BigInt::from(0), 0).with(n_small, k_small)
}

/// Most bits of breakpoint values the walls of one number may take
/// ([`number_walls_bits`]): 2^28 bits (32 MiB); a wall has about one
/// breakpoint per run of equal binary digits of the number, each as long
/// as its denominator.
pub const MAX_WALL_BITS: u64 = 1 << 28;

/// An upper bound on the bits of the breakpoint values of the walls of
/// the number part of `r` (found without building them): two breakpoints
/// per run of equal binary digits of the numerator (the chain of
/// [`number_thermograph`] takes one step per run), each of at most twice
/// the denominator's bits plus the integer part's.
pub fn number_walls_bits(r: &Record) -> u64 {
    let p = r.numerator.magnitude();
    let runs = (p ^ (p >> 1u32)).count_ones();
    (2 * runs + 4) * (2 * r.exponent + p.bits() + 64)
}

/// An error when the walls of `r`'s number part would exceed
/// [`MAX_WALL_BITS`] (checked before any is built).
pub fn check_number_walls(r: &Record) -> Result<(), MexError> {
    let bits = number_walls_bits(&r.number_part());
    if bits <= MAX_WALL_BITS {
        return Ok(());
    }
    Err(MexError::too_large(
        format!(
            "the thermograph of {} (about {bits} bits of breakpoints)",
            super::simple::show_record(&r.number_part())
        ),
        format!("{MAX_WALL_BITS} bits"),
        "use a number with a shorter binary expansion",
    ))
}

/// The thermograph of the number `r` (Siegel 2013, II.5, numbers
/// included): an integer is a mast from `t = −1`; `x = p/2^q` has
/// temperature `−1/2^q` and below it `LW(x) = RW(xᴸ) − t` and
/// `RW(x) = LW(xᴿ) + t`. Unfolding once more, `RW(xᴸ) − t = LW(xᴸᴿ)`
/// below the temperature of `xᴸ`, so `LW(x)` is `LW(xᴸᴿ)` (a mast from
/// its own temperature up) up to the temperature of `xᴸ`, then the line
/// `xᴸ − t` up to that of `x`: the walls are read off the chain
/// `x, xᴸ, xᴸᴿ, xᴸᴿᴸ, …` (and `x, xᴿ, xᴿᴸ, …` for the right wall) down
/// to an integer, one step per run of equal binary digits, without
/// recursion. The caller checks the size first ([`check_number_walls`]).
/// Slow twin: [`number_thermograph_by_options`] (tests).
fn number_thermograph(r: &Record) -> Thermograph {
    let x = number_q(r);
    if r.exponent == 0 {
        return Thermograph::number(x, int(-1));
    }
    Thermograph {
        left: number_wall(r, true),
        right: number_wall(r, false),
        mean: x,
        temperature: temperature_of(r),
    }
}

/// `p/2^q` as a rational.
fn number_q(r: &Record) -> Q {
    Q::new(r.numerator.clone(), BigInt::from(1) << r.exponent)
}

/// The temperature of a number: `−1/2^q`, `−1` for an integer.
fn temperature_of(r: &Record) -> Q {
    -Q::new(BigInt::from(1), BigInt::from(1) << r.exponent)
}

/// The left (`left`) or right wall of the number `r` by its chain (see
/// [`number_thermograph`]).
fn number_wall(r: &Record, left: bool) -> Wall {
    let mut chain = vec![r.clone()];
    let mut step_left = left;
    while chain.last().is_some_and(|z| z.exponent > 0) {
        let z = chain.last().expect("a link");
        let step = if step_left { -1 } else { 1 };
        chain.push(Record::number(&z.numerator + step, z.exponent));
        step_left = !step_left;
    }
    // The deepest even link: an integer mast, or (when the chain ends on an
    // odd link, an integer z) the line z ∓ t from t = −1.
    let slope = if left { 1 } else { -1 };
    let mut i = (chain.len() - 1) & !1;
    let mut points = if i == chain.len() - 1 {
        vec![(int(-1), number_q(&chain[i]))]
    } else {
        let z = number_q(&chain[i + 1]);
        vec![
            (int(-1), z + int(slope)),
            (temperature_of(&chain[i]), number_q(&chain[i])),
        ]
    };
    while i >= 2 {
        i -= 2;
        points.push((temperature_of(&chain[i + 1]), number_q(&chain[i + 2])));
        points.push((temperature_of(&chain[i]), number_q(&chain[i])));
    }
    Wall { points, tail: 0 }.simplified()
}

/// The thermograph of the number `r`, built over the dyadics it needs from
/// the options (the slow twin of [`number_thermograph`]).
#[cfg(test)]
fn number_thermograph_by_options(r: &Record) -> Thermograph {
    let mut needed = vec![r.clone()];
    let mut seen: rustc_hash::FxHashSet<Record> = std::iter::once(r.clone()).collect();
    let mut i = 0;
    while i < needed.len() {
        let x = needed[i].clone();
        if x.exponent > 0 {
            for step in [-1, 1] {
                let o = Record::number(&x.numerator + step, x.exponent);
                if seen.insert(o.clone()) {
                    needed.push(o);
                }
            }
        }
        i += 1;
    }
    needed.sort_by_key(|x| x.exponent);
    let mut known: FxHashMap<Record, Thermograph> = FxHashMap::default();
    for x in needed {
        let t = if x.exponent == 0 {
            Thermograph::number(Q::from_integer(x.numerator.clone()), int(-1))
        } else {
            let find = |step: i32| {
                let o = Record::number(&x.numerator + step, x.exponent);
                known[&o].clone()
            };
            let (a, b) = (find(-1), find(1));
            from_options(&[a], &[b])
        };
        known.insert(x, t);
    }
    known.remove(r).expect("r itself")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::parse;
    use crate::partizan::test_shapes::{build, shape};
    use proptest::prelude::*;

    fn q(p: i64, d: i64) -> Q {
        Q::new(BigInt::from(p), BigInt::from(d))
    }

    fn mt(text: &str) -> (Q, Q) {
        let mut s = GameStore::new();
        let g = parse(&mut s, text).unwrap();
        let t = Thermographs::default().of(&s, g);
        (t.mean, t.temperature)
    }

    #[test]
    fn known_values() {
        assert_eq!(mt("{1|0}"), (q(1, 2), q(1, 2)));
        assert_eq!(mt("±1"), (int(0), int(1)));
        assert_eq!(mt("{2||1|0}"), (q(5, 4), q(3, 4)));
        assert_eq!(mt("*"), (int(0), int(0)));
        assert_eq!(mt("^"), (int(0), int(0)));
        assert_eq!(mt("3/4"), (q(3, 4), q(-1, 4)));
        assert_eq!(mt("2"), (int(2), int(-1)));
        assert_eq!(mt("{3|-1}"), (int(1), int(2)));
    }

    /// Additivity of the mean over all pairwise sums of hot games.
    #[test]
    fn mean_is_additive_on_hot_games() {
        let texts = [
            "{1|0}",
            "±1",
            "{2||1|0}",
            "{3|-1}",
            "{5|{2|-3}}",
            "{{4|1}|-2}",
            "{1|0}+*",
            "{2|1/2}",
            "±{1|0}",
            "^",
            "{3||2|1}",
        ];
        let mut s = GameStore::new();
        let mut th = Thermographs::default();
        let games: Vec<GameId> = texts.iter().map(|t| parse(&mut s, t).unwrap()).collect();
        let mut hot = 0;
        for &g in &games {
            for &h in &games {
                let (a, b) = (th.of(&s, g), th.of(&s, h));
                let sum = s.add(g, h);
                let t = th.of(&s, sum);
                assert_eq!(t.mean, &a.mean + &b.mean);
                assert!(t.temperature <= a.temperature.clone().max(b.temperature.clone()));
                hot += usize::from(t.temperature > int(0));
            }
        }
        assert!(hot > 50);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The mean is additive; negation negates the mean and keeps the
        /// temperature; a sum is no hotter than its hottest part.
        #[test]
        fn mean_is_additive(a in shape(), b in shape()) {
            let mut s = GameStore::new();
            let (g, h) = (build(&mut s, &a), build(&mut s, &b));
            let mut th = Thermographs::default();
            let (tg, thh) = (th.of(&s, g), th.of(&s, h));
            let sum = s.add(g, h);
            let ts = th.of(&s, sum);
            prop_assert_eq!(ts.mean, &tg.mean + &thh.mean);
            prop_assert!(ts.temperature <= tg.temperature.clone().max(thh.temperature.clone()));
            let ng = s.neg(g);
            let tn = th.of(&s, ng);
            prop_assert_eq!(tn.mean, -tg.mean.clone());
            prop_assert_eq!(tn.temperature, tg.temperature);
        }
    }

    /// Deep dyadics: `1/2^k = {0 | 1/2^(k−1)}` for `k` up to 120, and the
    /// switch `±1/2^k`. The former i128 rationals overflowed here (their
    /// denominators multiply: 2^80 · 2^80).
    #[test]
    fn deep_dyadics_do_not_overflow() {
        let mut s = GameStore::new();
        let mut th = Thermographs::default();
        let zero = s.zero();
        let mut x = s.integer(1);
        for k in 1..=120u32 {
            x = s.make(vec![zero], vec![x]);
            let t = th.of(&s, x);
            assert_eq!(t.mean, dyadic(1, k), "1/2^{k}");
            assert_eq!(t.temperature, dyadic(-1, k), "1/2^{k}");
            let switch = s.switch(x);
            let ts = th.of(&s, switch);
            assert_eq!((ts.mean, ts.temperature), (int(0), dyadic(1, k)));
        }
        // A hot game over deep dyadics: {1/2^120 + 1 | −1/2^119}.
        let one = s.integer(1);
        let (hi, lo) = (s.add(x, one), s.neg(x));
        let lo = s.add(lo, lo);
        let g = s.make(vec![hi], vec![lo]);
        let t = th.of(&s, g);
        let expected_mean = (int(1) + dyadic(1, 120) + dyadic(-1, 119)) / int(2);
        assert_eq!(t.mean, expected_mean);
        assert_eq!(
            t.temperature,
            (int(1) + dyadic(1, 120) - dyadic(-1, 119)) / int(2)
        );
    }

    /// `x + *k` has the thermograph of `x + *` (the shortcut), checked
    /// against the scaffolds computed in full; and `*4096` is quick.
    #[test]
    fn nimbers_share_the_thermograph_of_star() {
        let mut s = GameStore::new();
        let mut th = Thermographs::default();
        for x in ["0", "1/2", "-3", "{1|0}"] {
            let star = parse(&mut s, &format!("{x} + *")).unwrap();
            let t_star = th.of(&s, star);
            for k in 2..12 {
                let g = parse(&mut s, &format!("{x} + *{k}")).unwrap();
                let full = th.scaffolds(&s, g);
                assert_eq!(full, t_star, "{x} + *{k}");
                assert_eq!(th.of(&s, g), t_star, "{x} + *{k}");
            }
        }
        let big = parse(&mut s, "*4096").unwrap();
        assert_eq!(th.of(&s, big).temperature, int(0));
    }

    proptest! {
        /// The walls of a number read off its chain equal those built from
        /// its options, on numbers with up to 60 binary digits.
        #[test]
        fn number_walls_by_the_chain_equal_those_by_options(
            p in -(1i64 << 50)..(1i64 << 50),
            q in 0u64..40,
        ) {
            let r = Record::number(BigInt::from(p), q);
            prop_assert_eq!(number_thermograph(&r), number_thermograph_by_options(&r));
        }
    }

    #[test]
    fn walls_of_long_numbers_are_quick_or_refused() {
        let one = BigInt::from(1);
        // 1/2^100000: one run, two breakpoints a wall.
        let r = Record::number(one.clone(), 100_000);
        check_number_walls(&r).unwrap();
        let t = record_thermograph(&r);
        assert_eq!(
            t.temperature,
            -Q::new(one.clone(), one.clone() << 100_000u32)
        );
        assert!(t.left.breakpoints().len() <= 3 && t.right.breakpoints().len() <= 3);
        // 0.010101…01 (2·10^5 digits): 10^5 runs, refused before any work.
        let alternating = (0..100_000).fold(BigInt::from(0), |a, _| (a << 2u32) + 1);
        let r = Record::number(alternating, 200_000);
        let e = check_number_walls(&r).unwrap_err();
        assert!(!e.to_string().contains('\n'));
        let mut s = GameStore::with_budget(crate::partizan::store::DEFAULT_BUDGET);
        let g = s.try_record(r).unwrap();
        assert!(Thermographs::default().try_of(&s, g).is_err());
    }

    /// Deep games (`^4096` has birthday 4097) overflowed the stack when
    /// thermographs recursed through options; they are now computed in
    /// order of birthday.
    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        let mut s = GameStore::new();
        let mut th = Thermographs::default();
        for (text, mean, temperature) in [
            ("^4096*4096", int(0), int(0)),
            ("{1|0} + ^4096", q(1, 2), q(1, 2)),
            ("{3|-1} + v4095*", int(1), int(2)),
        ] {
            let g = parse(&mut s, text).unwrap();
            let t = th.of(&s, g);
            assert_eq!((t.mean, t.temperature), (mean, temperature), "{text}");
        }
    }
}
