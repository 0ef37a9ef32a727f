//! Infinitesimals: `is_infinitesimal`, `is_all_small`, atomic weight, the
//! reduced canonical form, powers of up and uptimal expansions.
//!
//! Definitions:
//!
//! * `G` is **infinitesimal** when `−x < G < x` for every positive number
//!   `x`; equivalently both stops are 0 (Siegel 2013, II.3). 0 is
//!   infinitesimal.
//! * `G` is **all-small** when every subposition has Left options exactly
//!   when it has Right options (Siegel 2013, II.4; Winning Ways Ch. 7).
//!   Every all-small game is infinitesimal. For a value, the test is on
//!   its canonical form.
//! * **Atomic weight** (Berlekamp–Conway–Guy 1982, Ch. 7–8; Albert,
//!   Nowakowski and Wolfe 2007, *Lessons in Play*, Ch. 9; Siegel 2013,
//!   II.7), for all-small games, by the atomic weight calculus: with
//!   `G'' = {aw(Gᴸ) − 2 | aw(Gᴿ) + 2}`, `aw(G) = G''` unless `G''` is an
//!   integer; in that *eccentric* case compare `G` with a remote star `☆`
//!   (a nimber `*N` older than `G`): if `G < ☆`, `aw(G)` is the least
//!   integer `n` with `n ⧐ aw(Gᴸ) − 2` (not `≤`) for every `Gᴸ`; if
//!   `G > ☆`, the greatest integer `n` with `n ⧏ aw(Gᴿ) + 2` for every
//!   `Gᴿ`; otherwise `G''`. For `x + n·↑ + *k` with `x = 0` it is `n`.
//!   Games that are not all-small get no atomic weight here (the calculus
//!   is stated for all-small games): [`atomic_weight`] answers `None`.
//! * **Reduced canonical form** (Calistrate 1996; Grossman and Siegel
//!   2009, "Reductions of partizan games"): the simplest game `H` with
//!   `G − H` infinitesimal. Built bottom-up: options reduced, then options
//!   dominated or reversible *modulo infinitesimals* removed or bypassed,
//!   where `A ≥ B` modulo infinitesimals iff the Right stop of `A − B` is
//!   `≥ 0`; a game whose stops are equal is the number they equal.
//! * **Uptimals** (Siegel 2013; CGSuite's uptimal notation): `x.d₁d₂…dₙ`
//!   is `x + d₁·↑ + d₂·↑² + … + dₙ·↑ⁿ`, possibly `+ *`, with the powers
//!   `↑ⁿ` of [`up_powers`]; [`uptimal_expansion`] finds it.

use super::store::as_number;
use super::store::{GameId, GameStore};
use super::toolkit::{bottom_up_until, is_simple, number_game, stops, Stops};
use crate::MexError;
use num_traits::{ToPrimitive, Zero};
use rustc_hash::FxHashMap;

/// Whether `g` is infinitesimal (both stops 0).
pub fn is_infinitesimal(s: &GameStore, g: GameId) -> bool {
    let (l, r) = stops(s, g);
    l.is_zero() && r.is_zero()
}

/// Whether the canonical form of `g` is all-small.
pub fn is_all_small(s: &GameStore, g: GameId) -> bool {
    let mut memo = FxHashMap::default();
    for x in bottom_up_until(s, g, |x| is_simple(s, x)) {
        all_small_in(s, x, &mut memo);
    }
    all_small_in(s, g, &mut memo)
}

fn all_small_in(s: &GameStore, g: GameId, memo: &mut FxHashMap<GameId, bool>) -> bool {
    crate::stack::deep(|| {
        if let Some(v) = s.record_of(g) {
            // n·↑ + *k is all-small exactly when its number part is 0.
            return v.numerator.is_zero();
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let node = s.node(g).clone();
        let v = node.left.is_empty() == node.right.is_empty()
            && node
                .left
                .iter()
                .chain(&node.right)
                .all(|&x| all_small_in(s, x, memo));
        memo.insert(g, v);
        v
    })
}

/// The atomic weight of `g` when it is all-small (see the module
/// documentation), `None` otherwise ("atomic weight is undefined").
pub fn atomic_weight(s: &mut GameStore, g: GameId) -> Result<Option<GameId>, MexError> {
    if !is_all_small(s, g) {
        return Ok(None);
    }
    if !s.is_record(g) {
        s.refuse_records(g, "the atomic weight")?;
    }
    let mut memo = FxHashMap::default();
    for x in bottom_up_until(s, g, |x| is_simple(s, x)) {
        aw_in(s, x, &mut memo)?;
    }
    aw_in(s, g, &mut memo).map(Some)
}

fn aw_in(
    s: &mut GameStore,
    g: GameId,
    memo: &mut FxHashMap<GameId, GameId>,
) -> Result<GameId, MexError> {
    crate::stack::deep(|| {
        if let Some(v) = s.record_of(g) {
            return s.try_record(super::simple::Record::number(v.ups, 0));
        }
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let node = s.node(g).clone();
        let two = s.try_integer(2)?;
        let mut left = Vec::with_capacity(node.left.len());
        for &x in &node.left {
            let a = aw_in(s, x, memo)?;
            left.push(s.try_sub(a, two)?);
        }
        let mut right = Vec::with_capacity(node.right.len());
        for &x in &node.right {
            let a = aw_in(s, x, memo)?;
            right.push(s.try_add(a, two)?);
        }
        let candidate = s.try_make(left.clone(), right.clone())?;
        let v = match as_number(s, candidate) {
            Some((_, 0)) => eccentric(s, g, candidate, &left, &right)?,
            _ => candidate,
        };
        memo.insert(g, v);
        Ok(v)
    })
}

/// The eccentric case: `G''` is an integer.
fn eccentric(
    s: &mut GameStore,
    g: GameId,
    candidate: GameId,
    left: &[GameId],
    right: &[GameId],
) -> Result<GameId, MexError> {
    let star = remote_star(s, g)?;
    let (below, above) = (s.try_leq(g, star)?, s.try_leq(star, g)?);
    if below && !above {
        // The least integer n with n ⧐ every aw(Gᴸ) − 2 (not n ≤ it).
        let mut n = integer_at_most(s, left)?;
        loop {
            let ng = s.try_integer(n)?;
            let mut fits = true;
            for &x in left {
                if s.try_leq(ng, x)? {
                    fits = false;
                    break;
                }
            }
            if fits {
                return Ok(ng);
            }
            n += 1;
        }
    } else if above && !below {
        // The greatest integer n with n ⧏ every aw(Gᴿ) + 2 (not n ≥ it).
        let mut n = integer_at_least(s, right)?;
        loop {
            let ng = s.try_integer(n)?;
            let mut fits = true;
            for &x in right {
                if s.try_leq(x, ng)? {
                    fits = false;
                    break;
                }
            }
            if fits {
                return Ok(ng);
            }
            n -= 1;
        }
    } else {
        Ok(candidate)
    }
}

/// An integer at most every stop of the games (the search for the least
/// fitting integer starts there, and moves up at most a few steps past
/// their Left stops).
fn integer_at_most(s: &GameStore, games: &[GameId]) -> Result<i64, MexError> {
    let low = games
        .iter()
        .map(|&x| stops(s, x).1)
        .min()
        .unwrap_or_else(Zero::zero);
    Ok(low.floor().to_integer().try_into().unwrap_or(i64::MIN / 2) - 1)
}

/// An integer at least every stop of the games.
fn integer_at_least(s: &GameStore, games: &[GameId]) -> Result<i64, MexError> {
    let high = games
        .iter()
        .map(|&x| stops(s, x).0)
        .max()
        .unwrap_or_else(Zero::zero);
    Ok(high.ceil().to_integer().try_into().unwrap_or(i64::MAX / 2) + 1)
}

/// A remote star for `g`: `*N` with `N` one more than `g`'s birthday, so
/// that no subposition of `g` is `*N` or has it among its options.
fn remote_star(s: &mut GameStore, g: GameId) -> Result<GameId, MexError> {
    let n = s.birthday(g).saturating_add(1);
    s.try_nimber(n)
}

/// `a ≥ b` modulo infinitesimals: the Right stop of `a − b` is `≥ 0`.
fn geq_inf(s: &mut GameStore, a: GameId, b: GameId) -> Result<bool, MexError> {
    let d = s.try_sub(a, b)?;
    Ok(stops(s, d).1 >= Zero::zero())
}

/// The reduced canonical form of `g` (see the module documentation).
pub fn reduced(s: &mut GameStore, g: GameId) -> Result<GameId, MexError> {
    if !s.is_record(g) {
        s.refuse_records(g, "the reduced canonical form")?;
    }
    let mut memo = FxHashMap::default();
    let mut st = Stops::default();
    for x in bottom_up_until(s, g, |x| is_simple(s, x)) {
        reduced_in(s, x, &mut memo, &mut st)?;
    }
    reduced_in(s, g, &mut memo, &mut st)
}

fn reduced_in(
    s: &mut GameStore,
    g: GameId,
    memo: &mut FxHashMap<GameId, GameId>,
    st: &mut Stops,
) -> Result<GameId, MexError> {
    crate::stack::deep(|| {
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let (l, r) = st.pair(s, g);
        let v = if l == r {
            number_game(s, &l)?
        } else {
            let node = s.node(g).clone();
            let mut left = Vec::new();
            for &x in &node.left {
                left.push(reduced_in(s, x, memo, st)?);
            }
            let mut right = Vec::new();
            for &x in &node.right {
                right.push(reduced_in(s, x, memo, st)?);
            }
            let mut current = s.try_make(left.clone(), right.clone())?;
            // Remove dominated and bypass reversible options modulo
            // infinitesimals, to a fixpoint.
            loop {
                let (nl, nr) = (undominated(s, &left, true)?, undominated(s, &right, false)?);
                let (bl, br) = (
                    bypass(s, current, &nl, true, memo, st)?,
                    bypass(s, current, &nr, false, memo, st)?,
                );
                let next = s.try_make(bl.clone(), br.clone())?;
                if (bl.as_slice(), br.as_slice()) == (left.as_slice(), right.as_slice()) {
                    current = next;
                    break;
                }
                left = bl;
                right = br;
                current = next;
            }
            current
        };
        memo.insert(g, v);
        Ok(v)
    })
}

/// The options not dominated modulo infinitesimals (of each class of
/// equivalent options, the first is kept).
fn undominated(s: &mut GameStore, opts: &[GameId], left: bool) -> Result<Vec<GameId>, MexError> {
    let mut keep: Vec<GameId> = Vec::new();
    for (i, &x) in opts.iter().enumerate() {
        let mut dominated = false;
        for (j, &y) in opts.iter().enumerate() {
            if i == j {
                continue;
            }
            // For Left, x is dominated by y when y ≥ x (mod Inf); for
            // Right when y ≤ x. Among equivalent ones keep the first.
            let (better, worse) = if left {
                (geq_inf(s, y, x)?, geq_inf(s, x, y)?)
            } else {
                (geq_inf(s, x, y)?, geq_inf(s, y, x)?)
            };
            if better && (!worse || j < i) {
                dominated = true;
                break;
            }
        }
        if !dominated {
            keep.push(x);
        }
    }
    Ok(keep)
}

/// Bypasses options reversible modulo infinitesimals: a Left option `x`
/// with some `xᴿ ≤ G` (mod Inf) is replaced by the Left options of `xᴿ`
/// (dually for Right).
fn bypass(
    s: &mut GameStore,
    g: GameId,
    opts: &[GameId],
    left: bool,
    memo: &mut FxHashMap<GameId, GameId>,
    st: &mut Stops,
) -> Result<Vec<GameId>, MexError> {
    let mut out = Vec::new();
    for &x in opts {
        let node = s.node(x).clone();
        let answers = if left { &node.right } else { &node.left };
        let mut replaced = false;
        for &y in answers {
            let reverses = if left {
                geq_inf(s, g, y)?
            } else {
                geq_inf(s, y, g)?
            };
            if reverses {
                let y_node = s.node(y).clone();
                let through = if left { &y_node.left } else { &y_node.right };
                for &z in through {
                    out.push(reduced_in(s, z, memo, st)?);
                }
                replaced = true;
                break;
            }
        }
        if !replaced {
            out.push(x);
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

pub use super::notation::up_powers;

/// An uptimal expansion `x.d₁d₂…dₙ` with a nimber part `*k`: the game
/// `x + d₁·↑ + d₂·↑² + … + dₙ·↑ⁿ + *k` (CGSuite's uptimal notation, its
/// `UptimalExpansion`: a number, a nimber and the digits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uptimal {
    /// The number part `x`.
    pub number: super::thermograph::Q,
    /// The nimber part `k` (0 for none, 1 for `*`).
    pub nimber: num_bigint::BigUint,
    /// `d₁ … dₙ`, the last one non-zero (empty for `x` or `x*k`).
    pub digits: Vec<i64>,
}

impl std::fmt::Display for Uptimal {
    /// CGSuite's form, as its `UptimalExpansion` prints in plain text: the
    /// number (left out before a nimber when 0), `*k` (`*` for `*1`), `.`,
    /// then the digits (`0` when there are none), each `|dᵢ|` as one
    /// character `0`–`9`, `A`–`Z` (10–35) or `(n)` beyond, followed by `-`
    /// when `dᵢ` is negative: `*.1-` is `↓*`, `73/16*8.9-` is
    /// `73/16 + 9·↓ + *8`, `*4.0202`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let star = !self.nimber.is_zero();
        if !star || !self.number.is_zero() {
            write!(f, "{}", self.number)?;
        }
        if star {
            write!(f, "*")?;
        }
        if self.nimber > num_bigint::BigUint::from(1u32) {
            write!(f, "{}", self.nimber)?;
        }
        write!(f, ".")?;
        if self.digits.is_empty() {
            write!(f, "0")?;
        }
        for &d in &self.digits {
            write_digit(f, d)?;
        }
        Ok(())
    }
}

/// One digit of an expansion in CGSuite's form (see [`Uptimal`]'s
/// `Display`).
fn write_digit(f: &mut std::fmt::Formatter<'_>, d: i64) -> std::fmt::Result {
    let size = d.unsigned_abs();
    match size {
        0..=9 => write!(f, "{size}")?,
        10..=35 => write!(f, "{}", char::from(b'A' + (size - 10) as u8))?,
        _ => write!(f, "({size})")?,
    }
    if d < 0 {
        write!(f, "-")?;
    }
    Ok(())
}

/// Longest expansion [`uptimal_expansion`] looks for (and the birthday
/// past which it does not try, but for `x + n·↑ + *k`).
pub const MAX_UPTIMAL_LENGTH: usize = 16;

/// The uptimal expansion of `g` when it has one of length at most its
/// birthday (and [`MAX_UPTIMAL_LENGTH`]), `None` otherwise.
///
/// `x + n·↑ + *k` (of any size) answers at once. Otherwise `g − x` must be
/// all-small (every `↑ⁱ` and `*k` is, and so are their sums; Siegel 2013,
/// II.4), which rules out most games at once; then each nimber part `*k`
/// with `k ≤ birthday + 1` is tried (the nimber of an uptimal shows in its
/// followers: `↑*6 = {0 | *7}`), kept only when `R = g − x + *k` is
/// comparable with 0 (a sum of multiples of `↑ⁱ` is 0, positive or
/// negative: the first non-zero digit gives its sign). The digits are then
/// found one at a time: `dᵢ` is the least integer `d` with
/// `2·(R − d·↑ⁱ) < ↑ⁱ` for the remainder `R`, by bisection (`↑ⁱ⁺¹` is
/// infinitesimal with respect to `↑ⁱ`, so with the right `d` the remainder
/// doubled stays strictly between `−↑ⁱ` and `↑ⁱ`, and with `d − 1` it is
/// above `↑ⁱ`). The answer is checked by rebuilding the sum, so an
/// expansion returned is always exact.
pub fn uptimal_expansion(s: &mut GameStore, g: GameId) -> Result<Option<Uptimal>, MexError> {
    let (l, r) = stops(s, g);
    if l != r {
        return Ok(None);
    }
    if let Some(v) = s.record_of(g) {
        // x + n·↑ + *k (within i64 for n): one digit at most.
        let Some(ups) = v.ups.to_i64() else {
            return Ok(None);
        };
        return Ok(Some(Uptimal {
            number: l,
            nimber: v.nimber,
            digits: if ups == 0 { vec![] } else { vec![ups] },
        }));
    }
    s.refuse_records(g, "the uptimal expansion")?;
    let birthday = s.birthday(g) as usize;
    if birthday > MAX_UPTIMAL_LENGTH {
        return Ok(None);
    }
    let x = number_game(s, &l)?;
    let infinitesimal = s.try_sub(g, x)?;
    if !is_all_small(s, infinitesimal) {
        return Ok(None);
    }
    let powers = up_powers(s, birthday)?;
    for k in 0..=birthday as u32 + 1 {
        let nimber = s.try_nimber(k)?;
        let rest = s.try_add(infinitesimal, nimber)?;
        if s.try_outcome(rest)? == super::store::OutcomeClass::N {
            continue;
        }
        let Some(digits) = digits_of(s, rest, &powers, birthday as i64 + 1)? else {
            continue;
        };
        let mut sum = s.try_add(x, nimber)?;
        for (d, &p) in digits.iter().zip(&powers) {
            let dp = times(s, p, *d)?;
            sum = s.try_add(sum, dp)?;
        }
        if sum == g {
            return Ok(Some(Uptimal {
                number: l,
                nimber: k.into(),
                digits,
            }));
        }
    }
    Ok(None)
}

/// The digits `d₁ d₂ …` (trailing zeros removed) of `rest` as a sum of
/// multiples of the `powers` `↑ⁱ`, each digit within `±bound`; `None`
/// when the search finds no digit for some power or a remainder is left
/// (see [`uptimal_expansion`]).
fn digits_of(
    s: &mut GameStore,
    mut rest: GameId,
    powers: &[GameId],
    bound: i64,
) -> Result<Option<Vec<i64>>, MexError> {
    let zero = s.zero();
    let mut digits = Vec::new();
    for &p in powers {
        if rest == zero {
            break;
        }
        // 2·(R − d·↑ⁱ) decreases with d: the least d that puts it below
        // ↑ⁱ, by bisection, is the only candidate.
        let below = |s: &mut GameStore, d: i64| -> Result<(GameId, GameId, bool), MexError> {
            let dp = times(s, p, d)?;
            let r = s.try_sub(rest, dp)?;
            let twice = s.try_add(r, r)?;
            Ok((r, twice, s.try_leq(twice, p)? && !s.try_leq(p, twice)?))
        };
        let (mut lo, mut hi) = (-bound, bound);
        if !below(s, hi)?.2 {
            return Ok(None);
        }
        while lo < hi {
            let mid = lo + (hi - lo).div_euclid(2);
            if below(s, mid)?.2 {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let (r, twice, _) = below(s, lo)?;
        let np = s.try_neg(p)?;
        let above_down = s.try_leq(np, twice)? && !s.try_leq(twice, np)?;
        if !above_down {
            return Ok(None);
        }
        digits.push(lo);
        rest = r;
    }
    if rest != zero {
        return Ok(None);
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
    Ok(Some(digits))
}

/// `d·p` for an integer `d`.
fn times(s: &mut GameStore, p: GameId, d: i64) -> Result<GameId, MexError> {
    let unit = if d >= 0 { p } else { s.try_neg(p)? };
    super::toolkit::multiple(s, unit, d.unsigned_abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::{parse, show_with, Style};
    use crate::partizan::test_shapes::{build, shape, Shape};
    use crate::partizan::toolkit::{compare, Relation};
    use proptest::prelude::*;

    fn game(s: &mut GameStore, text: &str) -> GameId {
        parse(s, text).expect(text)
    }

    fn text(s: &GameStore, g: GameId) -> String {
        show_with(s, g, Style::Slashes)
    }

    /// Atomic weights from Winning Ways (Ch. 7–8), Lessons in Play (Ch. 9)
    /// and Siegel 2013 (II.7), each computed here.
    #[test]
    fn atomic_weights_known_values() {
        let mut s = GameStore::new();
        for (g, aw) in [
            ("^", Some("1")),
            ("*", Some("0")),
            ("*3", Some("0")),
            ("v", Some("-1")),
            ("^^*", Some("2")),
            ("v2", Some("-2")),
            ("0", Some("0")),
            ("{0|^*}", Some("2")),
            ("{^^|v}", Some("1/2")),
            ("{^^|vv}", Some("*")),
            ("{^3|v3}", Some("±1")),
            ("{^^|*}", Some("1")),
            ("{*|vv}", Some("-1")),
            ("1", None),
            ("{1|0}", None),
            ("1*", None),
            ("{0|{0|-1}}", None),
        ] {
            let x = game(&mut s, g);
            let w = atomic_weight(&mut s, x).unwrap().map(|w| text(&s, w));
            assert_eq!(w.as_deref(), aw, "aw({g})");
        }
    }

    #[test]
    fn classification() {
        let mut s = GameStore::new();
        for (g, infinitesimal, all_small) in [
            ("0", true, true),
            ("*", true, true),
            ("^*", true, true),
            ("{0|{0|-1}}", true, false),
            ("{1|0}", false, false),
            ("1/2", false, false),
            ("{0,*|0}", true, true),
            ("{0|v}", true, true),
        ] {
            let x = game(&mut s, g);
            assert_eq!(is_infinitesimal(&s, x), infinitesimal, "{g}");
            assert_eq!(is_all_small(&s, x), all_small, "{g}");
        }
    }

    #[test]
    fn reduced_known_values() {
        let mut s = GameStore::new();
        for (g, r) in [
            ("^", "0"),
            ("*", "0"),
            ("1*", "1"),
            ("{1|0}", "{1|0}"),
            ("{1|0} + ^", "{1|0}"),
            ("{1*|0}", "{1|0}"),
            ("±1 + *", "±1"),
            ("{2|{1|0}}", "{2||1|0}"),
            ("3/4 + ^*", "3/4"),
        ] {
            let x = game(&mut s, g);
            let red = reduced(&mut s, x).unwrap();
            assert_eq!(text(&s, red), r, "rcf({g})");
        }
    }

    /// Trees whose every node has options on both sides or on neither.
    fn all_small_shape() -> impl Strategy<Value = Shape> {
        fn fix(t: &Shape) -> Shape {
            if t.left.is_empty() || t.right.is_empty() {
                Shape {
                    left: vec![],
                    right: vec![],
                }
            } else {
                Shape {
                    left: t.left.iter().map(fix).collect(),
                    right: t.right.iter().map(fix).collect(),
                }
            }
        }
        shape().prop_map(|t| fix(&t))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Against the definitions and theorems: all-small forms stay
        /// all-small in canonical form, and are infinitesimal; infinitesimal
        /// means within ±1/64 (the stops of these games have denominators
        /// at most 8); atomic weight is additive and obeys the two-ahead
        /// rule (aw ≥ 2 ⇒ G > 0; aw ≤ −2 ⇒ G < 0) and the one-ahead
        /// rule (aw ≥ 1 ⇒ Left wins moving first).
        #[test]
        fn infinitesimals_agree_with_definitions(a in all_small_shape(), b in all_small_shape(), c in shape()) {
            let mut s = GameStore::new();
            let (g, h, k) = (build(&mut s, &a), build(&mut s, &b), build(&mut s, &c));
            prop_assert!(is_all_small(&s, g) && is_all_small(&s, h));
            prop_assert!(is_infinitesimal(&s, g));
            let eps = s.dyadic(1, 6);
            let minus = s.neg(eps);
            let within = compare(&mut s, k, eps).unwrap() == Relation::Less
                && compare(&mut s, minus, k).unwrap() == Relation::Less;
            prop_assert_eq!(is_infinitesimal(&s, k), within);

            let (wg, wh) = (atomic_weight(&mut s, g).unwrap().unwrap(), atomic_weight(&mut s, h).unwrap().unwrap());
            let sum = s.add(g, h);
            let ws = atomic_weight(&mut s, sum).unwrap().unwrap();
            let expected = s.add(wg, wh);
            prop_assert_eq!(ws, expected, "aw(G + H) = aw(G) + aw(H): {} + {}", text(&s, g), text(&s, h));
            let (two, one, zero) = (s.integer(2), s.integer(1), s.zero());
            if s.leq(two, wg) {
                prop_assert!(compare(&mut s, g, zero).unwrap() == Relation::Greater);
            }
            let minus_two = s.integer(-2);
            if s.leq(wg, minus_two) {
                prop_assert!(compare(&mut s, g, zero).unwrap() == Relation::Less);
            }
            if s.leq(one, wg) {
                prop_assert!(!s.leq(g, zero), "aw ≥ 1: Left wins moving first");
            }
        }

        /// The reduced canonical form differs from G by an infinitesimal,
        /// is its own reduced form, is no older than G, and is the same
        /// for G and G + ε for an infinitesimal ε (its defining property).
        #[test]
        fn reduced_forms_agree_with_the_definition(a in shape(), b in all_small_shape()) {
            let mut s = GameStore::new();
            let (g, e) = (build(&mut s, &a), build(&mut s, &b));
            let r = reduced(&mut s, g).unwrap();
            let d = s.sub(g, r);
            prop_assert!(is_infinitesimal(&s, d), "G − rcf(G) infinitesimal: {} vs {}", text(&s, g), text(&s, r));
            prop_assert_eq!(reduced(&mut s, r).unwrap(), r);
            prop_assert!(s.birthday(r) <= s.birthday(g));
            let shifted = s.add(g, e);
            prop_assert_eq!(reduced(&mut s, shifted).unwrap(), r, "rcf({}) vs rcf({})", text(&s, shifted), text(&s, g));
        }
    }
    /// `↑² = {0 | ↓*}` and `*:n = ↑ + ↑² + … + ↑ⁿ + *` (Siegel 2013), and
    /// expansions of known uptimals, each rebuilt.
    #[test]
    fn uptimals() {
        let mut s = GameStore::new();
        let powers = up_powers(&mut s, 6).unwrap();
        assert_eq!(text(&s, powers[1]), "{0|v*}");
        let star = s.nimber(1);
        let mut sum = star;
        for (n, &p) in powers.iter().enumerate() {
            sum = s.add(sum, p);
            let ordinal = game(&mut s, &format!("*:{}", n + 1));
            assert_eq!(sum, ordinal, "*:{}", n + 1);
            let u = uptimal_expansion(&mut s, ordinal)
                .unwrap()
                .expect("uptimal");
            assert_eq!(u.to_string(), format!("*.{}", "1".repeat(n + 1)));
        }
        for (g, expansion) in [
            ("^", Some("0.1")),
            ("^^*", Some("*.2")),
            ("1/2", Some("1/2.0")),
            ("*", Some("*.0")),
            ("*2", Some("*2.0")),
            ("{1|0}", None),
            ("{0|v*}", Some("0.01")),
            ("{0|v*} + v", Some("0.1-1")),
            ("3/4 + {0|v*} + {0|v*} + ^", Some("3/4.12")),
            ("{0,*|0,*} + {0|v*}", Some("*2.01")),
        ] {
            let x = game(&mut s, g);
            let u = uptimal_expansion(&mut s, x).unwrap().map(|u| u.to_string());
            assert_eq!(u.as_deref(), expansion, "{g}");
        }
    }

    /// Digits beyond 9 as CGSuite writes them: `A`–`Z` for 10–35, `(n)`
    /// beyond, `-` after a negative one.
    #[test]
    fn big_digits_are_written_as_cgsuite_writes_them() {
        let u = Uptimal {
            number: "-3/4".parse().unwrap(),
            nimber: 2u32.into(),
            digits: vec![12, -35, 0, -40],
        };
        assert_eq!(u.to_string(), "-3/4*2.CZ-0(40)-");
    }

    /// CGSuite's own expected `UptimalExpansion`s, every case of its test
    /// suite (aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala`):
    /// nimbers `*n` with n ≥ 2, negative digits written `1-`, and the games
    /// CGSuite finds no expansion for (its `Tiny({3|1})`, `Miny({5||3|1})`
    /// among them, refused at once: not all-small).
    #[test]
    fn uptimals_of_cgsuites_test_suite() {
        let mut s = GameStore::new();
        for (g, expansion) in [
            ("0", Some("0.0")),
            ("5", Some("5.0")),
            ("-1823437481924", Some("-1823437481924.0")),
            ("-1/2", Some("-1/2.0")),
            ("25/16", Some("25/16.0")),
            ("*8", Some("*8.0")),
            ("9/8+*", Some("9/8*.0")),
            ("^", Some("0.1")),
            ("v*", Some("*.1-")),
            ("6+^*", Some("6*.1")),
            ("^*6", Some("*6.1")),
            ("73/16+v9*8", Some("73/16*8.9-")),
            ("{0|*||*|||*||||*}", Some("0.1111")),
            ("{0||0|v*}", Some("*.12")),
            ("{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", Some("0.0202")),
            ("{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", Some("*4.0202")),
            ("{0||0|vvv}", None),
            ("{^^^|vv}", None),
            ("{0||0|-3/2}", None),
            ("{0|||0||-1|-3}", None),
            ("{5||3|1|||0||||0}", None),
            ("{1|^^||^}", None),
            ("{1|^^^||^}", None),
            ("{3||2+*|1+*}", None),
            ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", None),
        ] {
            let x = game(&mut s, g);
            let u = uptimal_expansion(&mut s, x).unwrap().map(|u| u.to_string());
            assert_eq!(u.as_deref(), expansion, "{g}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        /// Random uptimals are recognised with their digits.
        #[test]
        fn uptimal_expansions_are_found(digits in proptest::collection::vec(-2i64..=2, 0..4), star in proptest::bool::ANY, p in -4i64..4) {
            let mut s = GameStore::new();
            let powers = up_powers(&mut s, 4).unwrap();
            let mut g = s.dyadic(p, 1);
            for (d, &pw) in digits.iter().zip(&powers) {
                let dp = times(&mut s, pw, *d).unwrap();
                g = s.add(g, dp);
            }
            if star {
                let st = s.nimber(1);
                g = s.add(g, st);
            }
            let u = uptimal_expansion(&mut s, g).unwrap().expect("an uptimal has an expansion");
            let mut expected = digits.clone();
            while expected.last() == Some(&0) {
                expected.pop();
            }
            prop_assert_eq!(u.digits, expected);
            prop_assert_eq!(u.nimber, u32::from(star).into());
        }
    }
}
