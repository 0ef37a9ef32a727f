//! Mean and temperature of short games by thermography (Siegel 2013,
//! *Combinatorial Game Theory*, II.5), in exact rational arithmetic.
//!
//! A wall is a piecewise-linear function of the temperature `t ≥ −1`. For a
//! number `x` both walls are the constant `x`. Otherwise the left scaffold is
//! `LS(t) = max_L RW(Gᴸ)(t) − t` and the right scaffold
//! `RS(t) = min_R LW(Gᴿ)(t) + t`; the temperature `T` is the least `t` with
//! `LS(t) ≤ RS(t)`, the mean `m = LS(T) = RS(T)`, and above `T` both walls
//! are the mast `m`. All breakpoints are dyadic rationals.

use super::notation::as_number;
use super::store::{GameId, GameStore};
use std::collections::HashMap;

/// An exact rational `num / den` with `den > 0` (dyadic in practice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Q {
    num: i128,
    den: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Q {
    /// `num / den`, reduced.
    pub fn new(num: i128, den: i128) -> Q {
        let g = gcd(num, den).max(1) * den.signum();
        Q {
            num: num / g,
            den: den / g,
        }
    }
    /// An integer.
    pub fn int(n: i128) -> Q {
        Q { num: n, den: 1 }
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
    fn sub(self, o: Q) -> Q {
        self.add(Q {
            num: -o.num,
            den: o.den,
        })
    }
    fn mul_int(self, k: i128) -> Q {
        Q::new(self.num * k, self.den)
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Q {
    fn cmp(&self, o: &Q) -> std::cmp::Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

impl std::fmt::Display for Q {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// A continuous piecewise-linear function on `[−1, ∞)`: values at the
/// breakpoints (first at `t = −1`), linear in between, then slope `tail`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wall {
    points: Vec<(Q, Q)>,
    tail: i128,
}

impl Wall {
    fn constant(x: Q) -> Wall {
        Wall {
            points: vec![(Q::int(-1), x)],
            tail: 0,
        }
    }

    /// The value at `t ≥ −1`.
    pub fn at(&self, t: Q) -> Q {
        let i = self.points.partition_point(|&(p, _)| p <= t) - 1;
        let (t0, v0) = self.points[i];
        let slope = match self.points.get(i + 1) {
            Some(&(t1, v1)) => v1.sub(v0).num_over(t1.sub(t0)),
            None => Q::int(self.tail),
        };
        v0.add(slope_times(slope, t.sub(t0)))
    }

    /// `f(t) + k·t`.
    fn plus_t(&self, k: i128) -> Wall {
        Wall {
            points: self
                .points
                .iter()
                .map(|&(t, v)| (t, v.add(t.mul_int(k))))
                .collect(),
            tail: self.tail + k,
        }
    }

    /// Every breakpoint of `self` and `other`, and every crossing between.
    fn grid(&self, other: &Wall) -> Vec<Q> {
        let mut ts: Vec<Q> = self
            .points
            .iter()
            .chain(&other.points)
            .map(|&(t, _)| t)
            .collect();
        ts.sort();
        ts.dedup();
        let mut crossings = Vec::new();
        let ends: Vec<Q> = ts
            .iter()
            .copied()
            .chain(std::iter::once(ts[ts.len() - 1].add(Q::int(1 << 20))))
            .collect();
        for w in ends.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (da, db) = (self.at(a).sub(other.at(a)), self.at(b).sub(other.at(b)));
            if (da.num < 0 && db.num > 0) || (da.num > 0 && db.num < 0) {
                // Linear on [a, b]: the root of the difference.
                let frac = Q::new(da.num * db.den, 1)
                    .num_over(Q::new(da.num * db.den - db.num * da.den, 1));
                crossings.push(a.add(slope_times(frac, b.sub(a))));
            }
        }
        ts.extend(crossings);
        ts.sort();
        ts.dedup();
        ts
    }

    fn combine(&self, other: &Wall, pick_max: bool) -> Wall {
        let ts = self.grid(other);
        let pick = |a: Q, b: Q| if (a >= b) == pick_max { a } else { b };
        let points: Vec<(Q, Q)> = ts
            .iter()
            .map(|&t| (t, pick(self.at(t), other.at(t))))
            .collect();
        let far = ts[ts.len() - 1].add(Q::int(1 << 20));
        let tail = if (self.at(far) >= other.at(far)) == pick_max {
            self.tail
        } else {
            other.tail
        };
        Wall { points, tail }.simplified()
    }

    fn simplified(mut self) -> Wall {
        let mut keep: Vec<(Q, Q)> = Vec::with_capacity(self.points.len());
        for &p in &self.points {
            if keep.len() >= 2 {
                let (a, b) = (keep[keep.len() - 2], keep[keep.len() - 1]);
                if b.1.sub(a.1).num_over(b.0.sub(a.0)) == p.1.sub(b.1).num_over(p.0.sub(b.0)) {
                    keep.pop();
                }
            }
            keep.push(p);
        }
        self.points = keep;
        self
    }
}

trait Ratio {
    fn num_over(self, d: Q) -> Q;
}

impl Ratio for Q {
    /// `self / d` for `d ≠ 0`.
    fn num_over(self, d: Q) -> Q {
        Q::new(self.num * d.den, self.den * d.num)
    }
}

fn slope_times(s: Q, dt: Q) -> Q {
    Q::new(s.num * dt.num, s.den * dt.den)
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

/// Memoised thermographs.
#[derive(Debug, Default)]
pub struct Thermographs {
    memo: HashMap<GameId, Thermograph>,
}

impl Thermographs {
    /// The thermograph of `g`.
    pub fn of(&mut self, s: &mut GameStore, g: GameId) -> Thermograph {
        if let Some(t) = self.memo.get(&g) {
            return t.clone();
        }
        let result = if let Some((p, q)) = as_number(s, g) {
            let x = Q::new(p as i128, 1i128 << q);
            let temperature = if q == 0 {
                Q::int(-1)
            } else {
                Q::new(-1, 1i128 << q)
            };
            Thermograph {
                mean: x,
                temperature,
                left: Wall::constant(x),
                right: Wall::constant(x),
            }
        } else {
            self.scaffolds(s, g)
        };
        self.memo.insert(g, result.clone());
        result
    }

    fn scaffolds(&mut self, s: &mut GameStore, g: GameId) -> Thermograph {
        let node = s.node(g).clone();
        let ls = node
            .left
            .iter()
            .map(|&x| self.of(s, x).right.plus_t(-1))
            .reduce(|a, b| a.combine(&b, true))
            .expect("a non-number has Left options");
        let rs = node
            .right
            .iter()
            .map(|&x| self.of(s, x).left.plus_t(1))
            .reduce(|a, b| a.combine(&b, false))
            .expect("a non-number has Right options");
        let ts = ls.grid(&rs);
        let far = ts[ts.len() - 1].add(Q::int(1 << 20));
        let temperature = ts
            .iter()
            .copied()
            .chain(std::iter::once(far))
            .find(|&t| ls.at(t) <= rs.at(t))
            .expect("scaffolds meet");
        let mean = ls.at(temperature);
        let cut = |w: &Wall| {
            let mut points: Vec<(Q, Q)> = w
                .points
                .iter()
                .copied()
                .filter(|&(t, _)| t < temperature)
                .collect();
            points.push((temperature, mean));
            Wall { points, tail: 0 }.simplified()
        };
        Thermograph {
            mean,
            temperature,
            left: cut(&ls),
            right: cut(&rs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::parse;
    use crate::partizan::test_shapes::{build, shape};
    use proptest::prelude::*;

    fn mt(text: &str) -> (Q, Q) {
        let mut s = GameStore::new();
        let g = parse(&mut s, text).unwrap();
        let t = Thermographs::default().of(&mut s, g);
        (t.mean, t.temperature)
    }

    #[test]
    fn known_values() {
        assert_eq!(mt("{1|0}"), (Q::new(1, 2), Q::new(1, 2)));
        assert_eq!(mt("±1"), (Q::int(0), Q::int(1)));
        assert_eq!(mt("{2||1|0}"), (Q::new(5, 4), Q::new(3, 4)));
        assert_eq!(mt("*"), (Q::int(0), Q::int(0)));
        assert_eq!(mt("^"), (Q::int(0), Q::int(0)));
        assert_eq!(mt("3/4"), (Q::new(3, 4), Q::new(-1, 4)));
        assert_eq!(mt("2"), (Q::int(2), Q::int(-1)));
        assert_eq!(mt("{3|-1}"), (Q::int(1), Q::int(2)));
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
                let (a, b) = (th.of(&mut s, g), th.of(&mut s, h));
                let sum = s.add(g, h);
                let t = th.of(&mut s, sum);
                assert_eq!(t.mean, a.mean.add(b.mean));
                assert!(t.temperature <= a.temperature.max(b.temperature));
                hot += usize::from(t.temperature > Q::int(0));
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
            let (tg, thh) = (th.of(&mut s, g), th.of(&mut s, h));
            let sum = s.add(g, h);
            let ts = th.of(&mut s, sum);
            prop_assert_eq!(ts.mean, tg.mean.add(thh.mean));
            prop_assert!(ts.temperature <= tg.temperature.max(thh.temperature));
            let ng = s.neg(g);
            let tn = th.of(&mut s, ng);
            prop_assert_eq!(tn.mean, Q::int(0).sub(tg.mean));
            prop_assert_eq!(tn.temperature, tg.temperature);
        }
    }
}
