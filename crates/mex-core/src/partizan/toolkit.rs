//! The short-game toolkit on canonical forms: the order relation, stops and
//! the confusion interval, cooling, heating and overheating, ordinal sums,
//! Norton products, conjugates and game trees.
//!
//! Definitions (Siegel 2013, *Combinatorial Game Theory*, II.1, II.3 and
//! II.5; Berlekamp–Conway–Guy 1982, *Winning Ways*, Ch. 6; Berlekamp 1988,
//! "Blockbusting and Domineering", for overheating):
//!
//! * **Order.** `G ≤ H` iff no `Gᴸ ≥ H` and no `Hᴿ ≤ G`; exactly one of
//!   `G < H`, `G > H`, `G = H`, `G ‖ H` holds ([`compare`]).
//! * **Stops.** For a number `x`, `L(x) = R(x) = x`; otherwise
//!   `L(G) = max R(Gᴸ)` and `R(G) = min L(Gᴿ)` ([`stops`]). They are the
//!   walls of the thermograph at temperature 0.
//! * **Confusion interval.** The numbers `x` with `G ‖ x`: an interval from
//!   `R(G)` to `L(G)`, each end included or not ([`confusion_interval`]).
//! * **Cooling** by `t ≥ −1` (Siegel 2013, Definition II.5.8 and the
//!   thermographs below zero of II.5). For an integer `n`, `n_t = n`.
//!   Otherwise `G_t = {Gᴸ_t − t | Gᴿ_t + t}` unless some `−1 ≤ t' < t`
//!   makes `G_t'` infinitesimally close to a number, in which case `G_t`
//!   is that number. The least such `t'` is the temperature `T(G)` and the
//!   number is the mean, so `G_t = m(G)` for `t > T(G)` ([`cool`]). A
//!   number `p/2^q` (`q ≥ 1`) has temperature `−1/2^q`: it is itself when
//!   cooled by more, and cooling by `t ≤ −1/2^q` (negative, as CGSuite
//!   allows) spreads its options apart, so `(1/2)_(−1) = {1 | 0}`.
//!   **Domain**: mex cools by every `t ≥ −1`, the domain of the
//!   thermograph (its walls are the stops of `G_t`, drawn from `t = −1`,
//!   where integers' masts start; Siegel 2013, II.5). Conway (ONAG, ch. 9)
//!   and Winning Ways define cooling for `t ≥ 0`; CGSuite's `Cool` takes
//!   `t > −1` and refuses `−1` ("Invalid cooling temperature (must be >
//!   -1)"). At `t = −1` no number's temperature lies below `t` but the
//!   integers' (which the first clause fixes), so `G_(−1)` is the formula
//!   itself: the form `G_t` has for every `t` just above `−1`, with `t =
//!   −1` put in (`(1/4)_t = {−t || 0 | 1 + 2t}` near −1, `(1/4)_(−1) =
//!   {1 || 0 | −1}`), whose stops are the thermograph's walls at `−1`.
//! * **Heating** (the inverse of cooling on the games it applies to): for a
//!   number `x`, `∫ᵗ x = x`; otherwise `∫ᵗ G = {t + ∫ᵗGᴸ | −t + ∫ᵗGᴿ}`
//!   ([`heat`]; `t` may be any game).
//! * **Overheating** from `s` to `t`: for an integer `n`,
//!   `∫ₛᵗ n = n·s` (the sum of `|n|` copies of `s` or `−s`); otherwise
//!   `∫ₛᵗ G = {t + ∫ₛᵗGᴸ | −t + ∫ₛᵗGᴿ}` ([`overheat`]).
//! * **Ordinal sum** `G : H` ([`ordinal_sum`]), **Norton product** `G.U`
//!   ([`norton_product`]) and the **conjugate** `−G` ([`conjugate`]).
//!
//! Which depend on the form, not only on the value: the ordinal sum on the
//! form of `G` (through its options), the Norton product on the form of
//! `U` (through its incentives), heating and overheating on the form of
//! `G` at every level. The notation passes the typed options of `G` and
//! `U` ([`ordinal_sum_form`], [`norton_product_form`]); heating and
//! overheating take canonical forms. The order, stops, cooling and the
//! conjugate depend on values only.

use super::store::{GameId, GameStore, Kind};
use super::thermograph::{Thermographs, Q};
use crate::MexError;
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rustc_hash::FxHashMap;

/// How two games compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Relation {
    /// `G < H`.
    Less,
    /// `G > H`.
    Greater,
    /// `G = H`.
    Equal,
    /// `G ‖ H` (confused, incomparable).
    Confused,
}

impl Relation {
    /// `<`, `>`, `=` or `||`.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Less => "<",
            Relation::Greater => ">",
            Relation::Equal => "=",
            Relation::Confused => "||",
        }
    }
}

/// How `g` compares with `h`, from the two comparisons `G ≤ H`, `H ≤ G`.
pub fn compare(s: &mut GameStore, g: GameId, h: GameId) -> Result<Relation, MexError> {
    Ok(match (s.try_leq(g, h)?, s.try_leq(h, g)?) {
        (true, true) => Relation::Equal,
        (true, false) => Relation::Less,
        (false, true) => Relation::Greater,
        (false, false) => Relation::Confused,
    })
}

/// The value of `g` when it is a number: read off the arena's kinds, or a
/// canonical `{a | b}` over numbers `a < b` (deep dyadics), which is the
/// number `(a + b)/2`.
pub fn number_value(s: &GameStore, g: GameId) -> Option<Q> {
    let mut memo = FxHashMap::default();
    number_in(s, g, &mut memo)
}

fn number_in(s: &GameStore, g: GameId, memo: &mut FxHashMap<GameId, Option<Q>>) -> Option<Q> {
    crate::stack::deep(|| {
        // The arena's kinds answer at once (and keep `^4096`-deep chains from
        // being walked): only numbers deeper than the kinds record are searched.
        match s.kind(g) {
            Kind::Simple(v) => return v.is_number().then(|| dyadic(v.numerator, v.exponent)),
            Kind::Record(_) => {
                let r = s.record_of(g)?;
                return r
                    .is_number()
                    .then(|| Q::new(r.numerator, BigInt::one() << r.exponent));
            }
            Kind::Other => {}
        }
        if let Some(v) = memo.get(&g) {
            return v.clone();
        }
        let node = s.node(g);
        let v = match (node.left.as_slice(), node.right.as_slice()) {
            ([a], [b]) => match (number_in(s, *a, memo), number_in(s, *b, memo)) {
                (Some(a), Some(b)) if a < b => Some((a + b) / Q::from_integer(BigInt::from(2))),
                _ => None,
            },
            _ => None,
        };
        memo.insert(g, v.clone());
        v
    })
}

/// Both stops of `x + n·↑ + *k` are `x` (without walking the `n` levels
/// of its canonical form).
fn simple_stop(s: &GameStore, g: GameId) -> Option<Q> {
    let r = s.record_of(g)?;
    Some(Q::new(r.numerator, BigInt::one() << r.exponent))
}

fn dyadic(p: i64, q: u32) -> Q {
    Q::new(BigInt::from(p), BigInt::one() << q)
}

/// Every subposition of `g` (itself included), options before the games
/// they are options of (by birthday). The recursive functions here are
/// first run on these in order, so that each recursive call finds its
/// options memoised and the stack stays one level deep whatever the depth
/// of the game (`^12288` is 12 289 levels deep).
pub(crate) fn bottom_up(s: &GameStore, g: GameId) -> Vec<GameId> {
    bottom_up_until(s, g, |_| false)
}

/// How many distinct followers the canonical form of `g` has, `g` itself
/// included (CGSuite's `FollowerCount`: `0` has 1, `{1|0}` has 3); a value
/// kept without its tree (a record) counts as one.
pub fn follower_count(s: &GameStore, g: GameId) -> usize {
    bottom_up(s, g).len()
}

/// [`bottom_up`], not descending below the games for which `done` holds
/// (memoised already, or answered without looking at their options).
pub(crate) fn bottom_up_until(
    s: &GameStore,
    g: GameId,
    done: impl Fn(GameId) -> bool,
) -> Vec<GameId> {
    let mut all = vec![g];
    let mut seen: rustc_hash::FxHashSet<GameId> = std::iter::once(g).collect();
    let mut i = 0;
    while i < all.len() {
        // A record has no stored options: the walks answer it in closed form.
        if !done(all[i]) && !s.is_record(all[i]) {
            let node = s.node(all[i]);
            for &x in node.left.iter().chain(&node.right) {
                if seen.insert(x) {
                    all.push(x);
                }
            }
        }
        i += 1;
    }
    all.sort_by_key(|&x| s.rank(x));
    all
}

/// Whether the arena's kind of `g` says it is a number (an integer, when
/// `integer`).
fn is_number_kind(s: &GameStore, g: GameId, integer: bool) -> bool {
    match s.kind(g) {
        Kind::Simple(v) => v.is_number() && (!integer || v.exponent == 0),
        Kind::Record(_) => s
            .record_of(g)
            .is_some_and(|r| r.is_number() && (!integer || r.exponent == 0)),
        Kind::Other => false,
    }
}

/// Whether `g` is `x + n·↑ + *k` (answered from its kind by most
/// functions here, without its options).
pub(crate) fn is_simple(s: &GameStore, g: GameId) -> bool {
    matches!(s.kind(g), Kind::Simple(_) | Kind::Record(_))
}

/// The Left and Right stops `(L(G), R(G))`, memoised over subpositions.
pub fn stops(s: &GameStore, g: GameId) -> (Q, Q) {
    Stops::default().pair(s, g)
}

/// Memoised stops. Recursion follows the game tree, whose depth is its
/// birthday; callers bound it (the command line accepts games whose
/// printed form is bounded, and the notation's nesting depth is bounded).
#[derive(Default)]
pub(crate) struct Stops {
    numbers: FxHashMap<GameId, Option<Q>>,
    left: FxHashMap<GameId, Q>,
    right: FxHashMap<GameId, Q>,
}

impl Stops {
    /// `(L(G), R(G))`, the subpositions not yet known computed first.
    pub(crate) fn pair(&mut self, s: &GameStore, g: GameId) -> (Q, Q) {
        let order = bottom_up_until(s, g, |x| is_simple(s, x) || self.left.contains_key(&x));
        for x in order {
            self.left(s, x);
            self.right(s, x);
        }
        (self.left(s, g), self.right(s, g))
    }

    fn left(&mut self, s: &GameStore, g: GameId) -> Q {
        if let Some(x) = number_in(s, g, &mut self.numbers).or_else(|| simple_stop(s, g)) {
            return x;
        }
        if let Some(v) = self.left.get(&g) {
            return v.clone();
        }
        let v = s
            .node(g)
            .left
            .clone()
            .into_iter()
            .map(|x| self.right(s, x))
            .max()
            .expect("a game that is not a number has Left options");
        self.left.insert(g, v.clone());
        v
    }

    fn right(&mut self, s: &GameStore, g: GameId) -> Q {
        if let Some(x) = number_in(s, g, &mut self.numbers).or_else(|| simple_stop(s, g)) {
            return x;
        }
        if let Some(v) = self.right.get(&g) {
            return v.clone();
        }
        let v = s
            .node(g)
            .right
            .clone()
            .into_iter()
            .map(|x| self.left(s, x))
            .min()
            .expect("a game that is not a number has Right options");
        self.right.insert(g, v.clone());
        v
    }
}

/// The numbers `x` with `G ‖ x`: from `low` to `high`, each end included
/// when the flag says so; empty when `low == high` and that end is not
/// included (`↑` is confused with no number; `*` only with 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfusionInterval {
    /// The Right stop.
    pub low: Q,
    /// Whether `G ‖ low`.
    pub low_included: bool,
    /// The Left stop.
    pub high: Q,
    /// Whether `G ‖ high`.
    pub high_included: bool,
}

impl ConfusionInterval {
    /// Whether no number is confused with the game.
    pub fn is_empty(&self) -> bool {
        self.low == self.high && !self.low_included
    }

    /// Whether `x` is in the interval.
    pub fn contains(&self, x: &Q) -> bool {
        let above = if self.low_included {
            *x >= self.low
        } else {
            *x > self.low
        };
        let below = if self.high_included {
            *x <= self.high
        } else {
            *x < self.high
        };
        above && below
    }
}

impl std::fmt::Display for ConfusionInterval {
    /// `[a, b)`, `{a}` or `∅`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return write!(f, "∅");
        }
        if self.low == self.high {
            return write!(f, "{{{}}}", self.low);
        }
        let open = if self.low_included { '[' } else { '(' };
        let close = if self.high_included { ']' } else { ')' };
        write!(f, "{open}{}, {}{close}", self.low, self.high)
    }
}

/// The confusion interval of `g` (see [`ConfusionInterval`]). Every number
/// strictly between the stops is confused with `G`, and none outside them
/// (Siegel 2013, II.3); the ends are decided by comparing `G` with them.
pub fn confusion_interval(s: &mut GameStore, g: GameId) -> Result<ConfusionInterval, MexError> {
    let (high, low) = stops(s, g);
    let confused_with = |s: &mut GameStore, x: &Q| -> Result<bool, MexError> {
        let n = number_game(s, x)?;
        Ok(compare(s, g, n)? == Relation::Confused)
    };
    Ok(ConfusionInterval {
        low_included: confused_with(s, &low)?,
        high_included: confused_with(s, &high)?,
        low,
        high,
    })
}

/// The canonical form of a dyadic rational `x`, refused when its
/// denominator is not a power of two or it is too large for the store.
pub fn number_game(s: &mut GameStore, x: &Q) -> Result<GameId, MexError> {
    let d = x.denom();
    let not_dyadic = || {
        MexError::invalid(
            format!("the number {x} is not a short game"),
            "dyadic rationals p/2^q",
        )
    };
    if (d & (d - BigInt::one())) != BigInt::zero() {
        return Err(not_dyadic());
    }
    let q = d.bits() - 1;
    s.try_record(super::simple::Record::number(x.numer().clone(), q))
}

/// `G` cooled by `t ≥ −1` (a dyadic rational), `G_t` (see the module
/// documentation): `{Gᴸ_t − t | Gᴿ_t + t}` up to the temperature, the mean
/// above it. The domain is the thermograph's, `t ≥ −1` (CGSuite's `Cool`
/// stops at `t > −1`; at `−1` this is the limit of its answers, see the
/// module documentation); `t < −1` is refused in one line.
pub fn cool(s: &mut GameStore, g: GameId, t: &Q) -> Result<GameId, MexError> {
    if *t < -Q::one() {
        return Err(MexError::out_of_range(
            "the cooling temperature",
            t,
            "numbers t ≥ -1",
        ));
    }
    if let Some(v) = cool_record(s, g, t)? {
        return Ok(v);
    }
    s.refuse_records(g, "cooling")?;
    let t_game = number_game(s, t)?;
    let mut thermographs = Thermographs::default();
    let mut memo = FxHashMap::default();
    if t.is_zero() {
        // G_0 = G: every option is cooled by 0 as well.
        return Ok(g);
    }
    // Above 0 every `x + n·↑ + *k` (temperature ≤ 0) cools to its mean, so
    // the walk stops there; below 0 only integers stay as they are.
    let positive = *t > Q::zero();
    let leaf = |x| {
        if positive {
            is_simple(s, x)
        } else {
            is_number_kind(s, x, true)
        }
    };
    for x in bottom_up_until(s, g, leaf) {
        cool_in(s, x, t, t_game, &mut thermographs, &mut memo)?;
    }
    cool_in(s, g, t, t_game, &mut thermographs, &mut memo)
}

/// `G_t` for a record `G = x + n·↑ + *k` in closed form, where it needs
/// no options: `G_0 = G`; above its temperature (`−1/2^q` for a number
/// `p/2^q`, `−1` for an integer, `0` otherwise) `G` cools to its mean
/// `x`; an integer is never changed. `None` for other games and
/// temperatures (the walk over options decides, or refuses).
fn cool_record(s: &mut GameStore, g: GameId, t: &Q) -> Result<Option<GameId>, MexError> {
    let Some(r) = s.record_of(g).filter(|_| s.is_record(g)) else {
        return Ok(None);
    };
    let temperature = if !r.is_number() {
        Q::zero()
    } else if r.exponent == 0 {
        return Ok(Some(g));
    } else {
        -Q::new(BigInt::one(), BigInt::one() << r.exponent)
    };
    if t.is_zero() {
        return Ok(Some(g));
    }
    if *t > temperature {
        return s.try_record(r.number_part()).map(Some);
    }
    Ok(None)
}

fn cool_in(
    s: &mut GameStore,
    g: GameId,
    t: &Q,
    t_game: GameId,
    thermographs: &mut Thermographs,
    memo: &mut FxHashMap<GameId, GameId>,
) -> Result<GameId, MexError> {
    crate::stack::deep(|| {
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let th = thermographs.of(s, g);
        let v = if th.temperature == -Q::one() {
            // An integer (the only games of temperature −1).
            g
        } else if *t > th.temperature {
            number_game(s, &th.mean)?
        } else {
            let node = s.node(g).clone();
            let mut left = Vec::with_capacity(node.left.len());
            for x in node.left {
                let c = cool_in(s, x, t, t_game, thermographs, memo)?;
                left.push(s.try_sub(c, t_game)?);
            }
            let mut right = Vec::with_capacity(node.right.len());
            for x in node.right {
                let c = cool_in(s, x, t, t_game, thermographs, memo)?;
                right.push(s.try_add(c, t_game)?);
            }
            s.try_make(left, right)?
        };
        memo.insert(g, v);
        Ok(v)
    })
}

/// `∫ᵗ G`, `G` heated by the game `t` (see the module documentation).
/// Heating is defined on forms (its recursion follows the options of `G`
/// as written, at every level, so two forms of one value may heat to
/// different values); this heats the canonical form of `G`.
pub fn heat(s: &mut GameStore, g: GameId, t: GameId) -> Result<GameId, MexError> {
    s.refuse_records(g, "heating")?;
    s.refuse_records(t, "heating")?;
    let mut memo = FxHashMap::default();
    let mut numbers = FxHashMap::default();
    for x in bottom_up_until(s, g, |x| is_number_kind(s, x, false)) {
        heat_in(s, x, None, t, &mut memo, &mut numbers)?;
    }
    heat_in(s, g, None, t, &mut memo, &mut numbers)
}

/// `∫ₛᵗ G`, `G` overheated from `s` to `t` (see the module documentation).
/// Like heating, it is defined on forms; this overheats the canonical form
/// of `G`.
pub fn overheat(
    store: &mut GameStore,
    g: GameId,
    s: GameId,
    t: GameId,
) -> Result<GameId, MexError> {
    for x in [g, s, t] {
        store.refuse_records(x, "overheating")?;
    }
    let mut memo = FxHashMap::default();
    let mut numbers = FxHashMap::default();
    for x in bottom_up_until(store, g, |x| is_number_kind(store, x, true)) {
        heat_in(store, x, Some(s), t, &mut memo, &mut numbers)?;
    }
    heat_in(store, g, Some(s), t, &mut memo, &mut numbers)
}

/// Heating (`over == None`) or overheating from `over`.
fn heat_in(
    st: &mut GameStore,
    g: GameId,
    over: Option<GameId>,
    t: GameId,
    memo: &mut FxHashMap<GameId, GameId>,
    numbers: &mut FxHashMap<GameId, Option<Q>>,
) -> Result<GameId, MexError> {
    crate::stack::deep(|| {
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let number = number_in(st, g, numbers);
        let v = match (number, over) {
            (Some(_), None) => g,
            (Some(x), Some(s)) if x.is_integer() => {
                let n = x
                    .to_integer()
                    .to_i64()
                    .expect("integers in a store fit i64");
                let unit = if n >= 0 { s } else { st.try_neg(s)? };
                multiple(st, unit, n.unsigned_abs())?
            }
            _ => {
                let node = st.node(g).clone();
                let mut left = Vec::with_capacity(node.left.len());
                for x in node.left {
                    let h = heat_in(st, x, over, t, memo, numbers)?;
                    left.push(st.try_add(h, t)?);
                }
                let mut right = Vec::with_capacity(node.right.len());
                for x in node.right {
                    let h = heat_in(st, x, over, t, memo, numbers)?;
                    right.push(st.try_sub(h, t)?);
                }
                st.try_make(left, right)?
            }
        };
        memo.insert(g, v);
        Ok(v)
    })
}

/// The conjugate `−G` (Left and Right exchanged at every level).
pub fn conjugate(s: &mut GameStore, g: GameId) -> Result<GameId, MexError> {
    s.refuse_records(g, "the conjugate")?;
    s.try_neg(g)
}

/// The ordinal sum `G : H = {Gᴸ, G : Hᴸ | Gᴿ, G : Hᴿ}` (Conway 1976,
/// ch. 15; Siegel 2013): a move in `G` ends play in `H`. Its value
/// depends on the form of `G` (its options as written: `{*|*} : 1` is
/// `↑` while `0 : 1` is 1) but only on the value of `H`. This takes `G`
/// in canonical form; [`ordinal_sum_form`] takes `G` by its options as
/// typed, as the notation's `G:H` does.
pub fn ordinal_sum(s: &mut GameStore, g: GameId, h: GameId) -> Result<GameId, MexError> {
    s.refuse_records(g, "the ordinal sum")?;
    let node = s.node(g).clone();
    let (left, right) = ordinal_sum_form(s, &node.left, &node.right, h)?;
    s.try_make(left, right)
}

/// The options `(Gᴸ and G : Hᴸ, Gᴿ and G : Hᴿ)` of the form `G : H`, for
/// `G` given by the values of its options as written (`g_left`,
/// `g_right`); see [`ordinal_sum`].
pub fn ordinal_sum_form(
    s: &mut GameStore,
    g_left: &[GameId],
    g_right: &[GameId],
    h: GameId,
) -> Result<(Vec<GameId>, Vec<GameId>), MexError> {
    for &x in g_left.iter().chain(g_right).chain([&h]) {
        s.refuse_records(x, "the ordinal sum")?;
    }
    let base = (g_left, g_right);
    let mut memo = FxHashMap::default();
    for x in bottom_up(s, h) {
        ordinal_in(s, base, x, &mut memo)?;
    }
    ordinal_sides(s, base, h, &mut memo)
}

/// The sides of `G : H` (options of `G`, then `G : Hᴸ` or `G : Hᴿ`).
fn ordinal_sides(
    s: &mut GameStore,
    (g_left, g_right): (&[GameId], &[GameId]),
    h: GameId,
    memo: &mut FxHashMap<GameId, GameId>,
) -> Result<(Vec<GameId>, Vec<GameId>), MexError> {
    let hn = s.node(h).clone();
    let mut left = g_left.to_vec();
    for &x in &hn.left {
        left.push(ordinal_in(s, (g_left, g_right), x, memo)?);
    }
    let mut right = g_right.to_vec();
    for &x in &hn.right {
        right.push(ordinal_in(s, (g_left, g_right), x, memo)?);
    }
    Ok((left, right))
}

/// The canonical value of `G : H`, memoised by `H`.
fn ordinal_in(
    s: &mut GameStore,
    base: (&[GameId], &[GameId]),
    h: GameId,
    memo: &mut FxHashMap<GameId, GameId>,
) -> Result<GameId, MexError> {
    crate::stack::deep(|| {
        if let Some(&v) = memo.get(&h) {
            return Ok(v);
        }
        let (left, right) = ordinal_sides(s, base, h, memo)?;
        let v = s.try_make(left, right)?;
        memo.insert(h, v);
        Ok(v)
    })
}

/// The Norton product `G.U` for `U > 0` (Berlekamp–Conway–Guy 1982;
/// Siegel 2013; CGSuite's `G.U`): for an integer `n`, `n.U` is the
/// sum of `|n|` copies of `U` (of `−U` for `n < 0`); otherwise
/// `G.U = {Gᴸ.U + U + Δ | Gᴿ.U − U − Δ}` where `Δ` ranges over the
/// incentives of `U`, `Uᴸ − U` and `U − Uᴿ`. It is refused for `U ≤ 0` or
/// `U ‖ 0`. Through the incentives it depends on the form of `U` (its
/// options as written), not only on its value; this takes `U` in
/// canonical form, [`norton_product_form`] by its options as typed.
pub fn norton_product(s: &mut GameStore, g: GameId, u: GameId) -> Result<GameId, MexError> {
    norton_product_form(s, g, u, None)
}

/// [`norton_product`] with `U` given by its value `u` and, when it was
/// written in another form than the canonical one, the values of its
/// options as written (`u_sides`: Left's, Right's).
pub fn norton_product_form(
    s: &mut GameStore,
    g: GameId,
    u: GameId,
    u_sides: Option<(&[GameId], &[GameId])>,
) -> Result<GameId, MexError> {
    let zero = s.zero();
    if compare(s, u, zero)? != Relation::Greater {
        return Err(MexError::invalid(
            "Norton multiplication G.U needs U > 0",
            "a positive game U, such as 1, ^ or {2|1}",
        ));
    }
    // An integer of any size (a record beyond the trees included) times
    // any U: `|n|` copies of `±U`, by doubling.
    if let Some(n) = s.record_of(g).filter(|r| r.is_number() && r.exponent == 0) {
        let unit = if n.numerator.is_negative() {
            s.try_neg(u)?
        } else {
            u
        };
        return multiple_of(s, unit, n.numerator.magnitude());
    }
    s.refuse_records(g, "the Norton product")?;
    s.refuse_records(u, "the Norton product")?;
    let (u_left, u_right) = match u_sides {
        Some((left, right)) => (left.to_vec(), right.to_vec()),
        None => {
            let node = s.node(u).clone();
            (node.left, node.right)
        }
    };
    let mut incentives = Vec::new();
    for &x in &u_left {
        s.refuse_records(x, "the Norton product")?;
        incentives.push(s.try_sub(x, u)?);
    }
    for &x in &u_right {
        s.refuse_records(x, "the Norton product")?;
        incentives.push(s.try_sub(u, x)?);
    }
    let mut memo = FxHashMap::default();
    let mut numbers = FxHashMap::default();
    for x in bottom_up_until(s, g, |x| is_number_kind(s, x, true)) {
        norton_in(s, x, u, &incentives, &mut memo, &mut numbers)?;
    }
    norton_in(s, g, u, &incentives, &mut memo, &mut numbers)
}

fn norton_in(
    s: &mut GameStore,
    g: GameId,
    u: GameId,
    incentives: &[GameId],
    memo: &mut FxHashMap<GameId, GameId>,
    numbers: &mut FxHashMap<GameId, Option<Q>>,
) -> Result<GameId, MexError> {
    crate::stack::deep(|| {
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let v = match number_in(s, g, numbers).filter(|x| x.is_integer()) {
            Some(x) => {
                let n = x
                    .to_integer()
                    .to_i64()
                    .expect("integers in a store fit i64");
                let unit = if n >= 0 { u } else { s.try_neg(u)? };
                multiple(s, unit, n.unsigned_abs())?
            }
            None => {
                let node = s.node(g).clone();
                let mut left = Vec::new();
                for &x in &node.left {
                    let p = norton_in(s, x, u, incentives, memo, numbers)?;
                    let pu = s.try_add(p, u)?;
                    for &d in incentives {
                        left.push(s.try_add(pu, d)?);
                    }
                }
                let mut right = Vec::new();
                for &x in &node.right {
                    let p = norton_in(s, x, u, incentives, memo, numbers)?;
                    let pu = s.try_sub(p, u)?;
                    for &d in incentives {
                        right.push(s.try_sub(pu, d)?);
                    }
                }
                s.try_make(left, right)?
            }
        };
        memo.insert(g, v);
        Ok(v)
    })
}

/// `n·u` for `n` of any size, the sum of `n` copies of `u`, by doubling
/// (O(log n) sums; each doubling of a general game is built under the
/// store's budgets, `x + n·↑ + *k` in closed form).
pub(crate) fn multiple_of(
    s: &mut GameStore,
    u: GameId,
    n: &num_bigint::BigUint,
) -> Result<GameId, MexError> {
    let (mut sum, mut power) = (s.zero(), u);
    let bits = n.bits();
    for i in 0..bits {
        if n.bit(i) {
            sum = s.try_add(sum, power)?;
        }
        if i + 1 < bits {
            power = s.try_add(power, power)?;
        }
    }
    Ok(sum)
}

/// `n·u`, the sum of `n` copies of `u`, by doubling (O(log n) sums).
pub(crate) fn multiple(s: &mut GameStore, u: GameId, n: u64) -> Result<GameId, MexError> {
    multiple_of(s, u, &n.into())
}

/// The game tree of a canonical form, to a depth: each node is a canonical
/// game, its children its Left and Right options (expanded while the depth
/// lasts; `truncated` when options exist below the last level).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// The game at this node.
    pub game: GameId,
    /// The subtrees of its Left options (empty at the last level).
    pub left: Vec<TreeNode>,
    /// The subtrees of its Right options.
    pub right: Vec<TreeNode>,
    /// Whether the node has options that were not expanded.
    pub truncated: bool,
}

/// Most nodes [`game_tree`] builds.
pub const MAX_TREE_NODES: usize = 10_000;

/// The tree of `g`'s canonical form to `depth` levels of moves (0: the root
/// alone), refused beyond [`MAX_TREE_NODES`] nodes (counted before it is
/// built: the tree of a sum can be exponentially larger than its DAG).
pub fn game_tree(s: &GameStore, g: GameId, depth: u32) -> Result<TreeNode, MexError> {
    s.refuse_records(g, "the game tree")?;
    let nodes = tree_size(s, g, depth, &mut FxHashMap::default());
    if nodes > MAX_TREE_NODES {
        return Err(MexError::too_large(
            format!("the game tree to depth {depth} ({nodes} nodes or more)"),
            format!("{MAX_TREE_NODES} nodes"),
            "ask for a smaller depth",
        ));
    }
    Ok(tree_in(s, g, depth))
}

fn tree_size(
    s: &GameStore,
    g: GameId,
    depth: u32,
    memo: &mut FxHashMap<(GameId, u32), usize>,
) -> usize {
    crate::stack::deep(|| {
        if depth == 0 {
            return 1;
        }
        if let Some(&n) = memo.get(&(g, depth)) {
            return n;
        }
        let node = s.node(g).clone();
        let mut n = 1usize;
        for x in node.left.iter().chain(&node.right) {
            n = n.saturating_add(tree_size(s, *x, depth - 1, memo));
            if n > MAX_TREE_NODES {
                break;
            }
        }
        memo.insert((g, depth), n);
        n
    })
}

fn tree_in(s: &GameStore, g: GameId, depth: u32) -> TreeNode {
    let node = s.node(g);
    if depth == 0 {
        return TreeNode {
            game: g,
            left: vec![],
            right: vec![],
            truncated: !node.left.is_empty() || !node.right.is_empty(),
        };
    }
    TreeNode {
        game: g,
        left: node
            .left
            .iter()
            .map(|&x| tree_in(s, x, depth - 1))
            .collect(),
        right: node
            .right
            .iter()
            .map(|&x| tree_in(s, x, depth - 1))
            .collect(),
        truncated: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::{parse, show_with, Style};
    use crate::partizan::store::OutcomeClass;
    use crate::partizan::test_shapes::{build, shape};
    use proptest::prelude::*;

    fn q(p: i64, d: i64) -> Q {
        Q::new(BigInt::from(p), BigInt::from(d))
    }

    fn game(s: &mut GameStore, text: &str) -> GameId {
        parse(s, text).expect(text)
    }

    fn text(s: &GameStore, g: GameId) -> String {
        show_with(s, g, Style::Slashes)
    }

    #[test]
    fn trees() {
        let mut s = GameStore::new();
        let g = game(&mut s, "{2|||1||0|-1}");
        let t = game_tree(&s, g, 2).unwrap();
        assert_eq!(t.left.len(), 1);
        assert_eq!(text(&s, t.right[0].game), "{1||0|-1}");
        assert_eq!(text(&s, t.right[0].right[0].game), "{0|-1}");
        assert!(t.right[0].right[0].truncated);
        assert!(t.left[0].left[0].truncated, "1 = {{0|}} at the last level");
        let root = game_tree(&s, g, 0).unwrap();
        assert!(root.truncated && root.left.is_empty());
        // A sum of switches has a tree far larger than its DAG.
        let mut sum = s.zero();
        for k in 1..=14 {
            let x = game(&mut s, &format!("±{k}"));
            sum = s.add(sum, x);
        }
        assert!(game_tree(&s, sum, 14).is_err());
        assert!(game_tree(&s, sum, 2).is_ok());
    }

    #[test]
    fn relations() {
        let mut s = GameStore::new();
        for (a, b, r) in [
            ("1", "1/2", Relation::Greater),
            ("^", "0", Relation::Greater),
            ("*", "0", Relation::Confused),
            ("^*", "0", Relation::Confused),
            ("v", "*", Relation::Confused),
            ("{1|0}", "1/2", Relation::Confused),
            ("{1|0} + {0|-1}", "0", Relation::Equal),
            ("-1", "v", Relation::Less),
            ("^^*", "0", Relation::Greater),
        ] {
            let (g, h) = (game(&mut s, a), game(&mut s, b));
            assert_eq!(compare(&mut s, g, h).unwrap(), r, "{a} vs {b}");
        }
    }

    /// Stops and confusion intervals from Siegel 2013 (II.3) and Winning
    /// Ways, checked here by computation.
    #[test]
    fn stops_and_confusion() {
        let mut s = GameStore::new();
        for (g, left, right, interval) in [
            ("{2|-1}", q(2, 1), q(-1, 1), "[-1, 2]"),
            ("{{3|2}|0}", q(2, 1), q(0, 1), "[0, 2)"),
            ("^", q(0, 1), q(0, 1), "∅"),
            ("*", q(0, 1), q(0, 1), "{0}"),
            ("3/4", q(3, 4), q(3, 4), "∅"),
            ("{1|0}", q(1, 1), q(0, 1), "[0, 1]"),
            ("{1*|0}", q(1, 1), q(0, 1), "[0, 1)"),
            ("1 + {1|0}", q(2, 1), q(1, 1), "[1, 2]"),
        ] {
            let x = game(&mut s, g);
            assert_eq!(stops(&s, x), (left, right), "{g}");
            let c = confusion_interval(&mut s, x).unwrap();
            assert_eq!(c.to_string(), interval, "{g}");
        }
    }

    /// Cooling `{2|-1}` (Siegel 2013, II.5; Berlekamp–Conway–Guy 1982,
    /// Ch. 6): the game freezes at its temperature 3/2, where it is
    /// infinitesimally close to its mean 1/2. `±1` cooled by its
    /// temperature 1 is `*` (not 0): `{1 − 1 | −1 + 1}`; by more it is 0.
    #[test]
    fn cooling_known_values() {
        let mut s = GameStore::new();
        for (g, t, cooled) in [
            ("{2|-1}", q(0, 1), "{2|-1}"),
            ("{2|-1}", q(1, 2), "1/2±1"),
            ("{2|-1}", q(1, 1), "{1|0}"),
            ("{2|-1}", q(3, 2), "1/2*"),
            ("{2|-1}", q(2, 1), "1/2"),
            ("{2|-1}", q(42, 1), "1/2"),
            ("±1", q(1, 1), "*"),
            ("±1", q(2, 1), "0"),
            ("±1", q(1, 2), "±1/2"),
            ("3/4", q(5, 1), "3/4"),
            ("^", q(1, 1), "0"),
            ("{3|||2||1|0}", q(1, 1), "17/8"),
            ("{3|||2||1|0}", q(1, 2), "{5/2||2|3/2*}"),
            // Below zero (Siegel 2013, II.5): options spread apart.
            ("{2|-1}", q(-1, 1), "{3|-2}"),
            ("1/2", q(-1, 1), "{1|0}"),
            ("1/2", q(-1, 2), "1/2*"),
            ("1/2", q(-1, 4), "1/2"),
            ("*", q(-1, 2), "±1/2"),
            ("7", q(-1, 1), "7"),
        ] {
            let x = game(&mut s, g);
            let c = cool(&mut s, x, &t).unwrap();
            assert_eq!(text(&s, c), cooled, "{g} cooled by {t}");
        }
        let x = game(&mut s, "{2|-1}");
        assert!(cool(&mut s, x, &q(-2, 1)).is_err());
        assert!(cool(&mut s, x, &q(1, 3)).is_err());
    }

    #[test]
    fn heating_and_overheating_known_values() {
        let mut s = GameStore::new();
        // Heating is the inverse of cooling on {2|-1} below its temperature.
        let g = game(&mut s, "{2|-1}");
        let one = s.integer(1);
        let cooled = cool(&mut s, g, &q(1, 1)).unwrap();
        assert_eq!(heat(&mut s, cooled, one).unwrap(), g);
        // ∫¹ * = {1 | −1} = ±1; ∫¹ ↑ = {1 | ∫¹* − 1} = {1 | {0 | −2}}.
        let star = s.nimber(1);
        let pm1 = heat(&mut s, star, one).unwrap();
        assert_eq!(text(&s, pm1), "±1");
        let up = s.up();
        let heated_up = heat(&mut s, up, one).unwrap();
        assert_eq!(text(&s, heated_up), "{1|-1±1}");
        // Numbers are unchanged by heating.
        let half = s.dyadic(1, 1);
        assert_eq!(heat(&mut s, half, one).unwrap(), half);
        // Overheating from 1 to 1: integers n become n·1 = n, and 1/2 =
        // {0|1} becomes {0 + 1 | 1 − 1} = {1|0}.
        let h = overheat(&mut s, half, one, one).unwrap();
        assert_eq!(text(&s, h), "{1|0}");
        // Overheating * from 1* to 1 (Blockbusting's ∫_{1*}^{1}): {1|-1}.
        let one_star = game(&mut s, "1*");
        let o = overheat(&mut s, star, one_star, one).unwrap();
        assert_eq!(text(&s, o), "±1");
        let two = s.integer(2);
        let o2 = overheat(&mut s, two, one_star, one).unwrap();
        assert_eq!(text(&s, o2), "2");
        let minus3 = s.integer(-3);
        let o3 = overheat(&mut s, minus3, one_star, one).unwrap();
        assert_eq!(text(&s, o3), "-3*");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        /// The order agrees with the outcome of the difference (G ≥ H iff
        /// Left wins G − H moving second); stops are the thermograph's
        /// walls at 0; the confusion interval holds exactly the numbers
        /// confused with G (checked on a grid of dyadics); cooling is
        /// additive, keeps the mean, and lowers the temperature by t.
        #[test]
        fn toolkit_agrees_with_definitions(a in shape(), b in shape(), tn in 0i64..12) {
            let mut s = GameStore::new();
            let (g, h) = (build(&mut s, &a), build(&mut s, &b));
            let d = s.sub(g, h);
            let expected = match s.outcome(d) {
                OutcomeClass::P => Relation::Equal,
                OutcomeClass::L => Relation::Greater,
                OutcomeClass::R => Relation::Less,
                OutcomeClass::N => Relation::Confused,
            };
            prop_assert_eq!(compare(&mut s, g, h).unwrap(), expected);

            let th = Thermographs::default().of(&s, g);
            let (l, r) = stops(&s, g);
            prop_assert_eq!(&l, &th.left.at(&Q::zero()));
            prop_assert_eq!(&r, &th.right.at(&Q::zero()));
            prop_assert!(l >= r);

            let c = confusion_interval(&mut s, g).unwrap();
            for k in -24i64..=24 {
                let x = q(k, 8);
                let n = number_game(&mut s, &x).unwrap();
                let confused = compare(&mut s, g, n).unwrap() == Relation::Confused;
                prop_assert_eq!(confused, c.contains(&x), "x = {}", x);
            }

            let t = q(tn, 4);
            let sum = s.add(g, h);
            let (cg, ch, cs) = (
                cool(&mut s, g, &t).unwrap(),
                cool(&mut s, h, &t).unwrap(),
                cool(&mut s, sum, &t).unwrap(),
            );
            prop_assert_eq!(s.add(cg, ch), cs, "(G + H)_t = G_t + H_t");
            let tc = Thermographs::default().of(&s, cg);
            prop_assert_eq!(&tc.mean, &th.mean);
            if !th.is_number() && t <= th.temperature {
                prop_assert_eq!(tc.temperature, &th.temperature - &t);
            }
        }
    }
    #[test]
    fn ordinal_sums_and_norton_products() {
        let mut s = GameStore::new();
        for (g, h, sum) in [
            ("1", "1", "2"),
            ("1", "-1", "1/2"),
            ("*", "*", "*2"),
            ("0", "{1|0}", "{1|0}"),
            ("{1|0}", "0", "{1|0}"),
            ("1", "*", "1*"),
            ("*", "1", "^*"),
        ] {
            let (x, y) = (game(&mut s, g), game(&mut s, h));
            let o = ordinal_sum(&mut s, x, y).unwrap();
            assert_eq!(text(&s, o), sum, "{g} : {h}");
        }
        for (g, u, product) in [
            ("3", "^", "^3"),
            ("-2", "^", "vv"),
            ("1/2", "1", "1/2"),
            ("1/2", "2", "1*"),
            ("0", "{2|1}", "0"),
        ] {
            let (x, y) = (game(&mut s, g), game(&mut s, u));
            let p = norton_product(&mut s, x, y).unwrap();
            assert_eq!(text(&s, p), product, "{g} . {u}");
        }
        let (x, zero, star) = (game(&mut s, "1"), s.zero(), s.nimber(1));
        assert!(norton_product(&mut s, x, zero).is_err());
        assert!(norton_product(&mut s, x, star).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        /// Ordinal sums: `G : 0 = G`, `0 : H = H`, and `G : H` compares with
        /// `G` as `H` compares with 0 (Siegel 2013, the sign rule of
        /// ordinal sums). Norton products by a positive `U` are additive
        /// and order-preserving in `G`.
        #[test]
        fn ordinal_sums_and_norton_products_obey_their_theorems(a in shape(), b in shape(), k in 0usize..5) {
            let mut s = GameStore::new();
            let (g, h) = (build(&mut s, &a), build(&mut s, &b));
            let zero = s.zero();
            prop_assert_eq!(ordinal_sum(&mut s, g, zero).unwrap(), g);
            prop_assert_eq!(ordinal_sum(&mut s, zero, h).unwrap(), h);
            let o = ordinal_sum(&mut s, g, h).unwrap();
            prop_assert_eq!(compare(&mut s, o, g).unwrap(), compare(&mut s, h, zero).unwrap());

            let u = game(&mut s, ["1", "^", "{2|1}", "^*2", "1*"][k]);
            let (gu, hu) = (norton_product(&mut s, g, u).unwrap(), norton_product(&mut s, h, u).unwrap());
            let sum = s.add(g, h);
            let su = norton_product(&mut s, sum, u).unwrap();
            prop_assert_eq!(s.add(gu, hu), su, "(G + H).U = G.U + H.U");
            prop_assert_eq!(compare(&mut s, gu, hu).unwrap(), compare(&mut s, g, h).unwrap());
        }
    }
    /// Cooling straight from its definition (the slow twin of [`cool`]):
    /// `G_t = {Gᴸ_t − t | Gᴿ_t + t}` unless some `t' < t` makes `G_t'`
    /// infinitesimally close to a number `x` (equal stops), then `x`;
    /// the `t'` are searched on a grid of multiples of 1/32 (the
    /// temperatures of these small games are multiples of 1/16).
    fn cool_by_definition(
        s: &mut GameStore,
        g: GameId,
        t: i64,
        memo: &mut FxHashMap<(GameId, i64), GameId>,
    ) -> GameId {
        if let Some(&v) = memo.get(&(g, t)) {
            return v;
        }
        let v = if number_value(s, g).is_some_and(|x| x.is_integer()) {
            g
        } else {
            let mut frozen = None;
            for earlier in -32..t {
                let k = cooled_options(s, g, earlier, memo);
                let (l, r) = stops(s, k);
                if l == r {
                    frozen = Some(number_game(s, &l).unwrap());
                    break;
                }
            }
            frozen.unwrap_or_else(|| cooled_options(s, g, t, memo))
        };
        memo.insert((g, t), v);
        v
    }

    /// `{Gᴸ_t − t | Gᴿ_t + t}` with `t` in 32nds.
    fn cooled_options(
        s: &mut GameStore,
        g: GameId,
        t: i64,
        memo: &mut FxHashMap<(GameId, i64), GameId>,
    ) -> GameId {
        let tg = s.dyadic(t, 5);
        let node = s.node(g).clone();
        let left = node
            .left
            .iter()
            .map(|&x| {
                let c = cool_by_definition(s, x, t, memo);
                s.sub(c, tg)
            })
            .collect();
        let right = node
            .right
            .iter()
            .map(|&x| {
                let c = cool_by_definition(s, x, t, memo);
                s.add(c, tg)
            })
            .collect();
        s.make(left, right)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The thermograph's walls are the stops of the cooled game: at
        /// every `−1 ≤ t` (in 32nds) up to the temperature, `LW(t) =
        /// L(G_t)` and `RW(t) = R(G_t)`, and the mean above (Siegel 2013,
        /// II.5), numbers included.
        #[test]
        fn walls_are_the_stops_of_the_cooled_game(a in shape(), t in -32i64..=80) {
            let mut s = GameStore::new();
            let g = build(&mut s, &a);
            let th = Thermographs::default().of(&s, g);
            let t = q(t, 32);
            let cooled = cool(&mut s, g, &t).unwrap();
            let (l, r) = stops(&s, cooled);
            if t <= th.temperature {
                prop_assert_eq!(l, th.left.at(&t), "{} at {}", text(&s, g), t);
                prop_assert_eq!(r, th.right.at(&t), "{} at {}", text(&s, g), t);
            } else {
                prop_assert_eq!((l, r), (th.mean.clone(), th.mean.clone()));
            }
        }

        #[test]
        fn cooling_matches_its_definition(a in shape(), t in -32i64..=80) {
            let mut s = GameStore::new();
            let g = build(&mut s, &a);
            let slow = cool_by_definition(&mut s, g, t, &mut FxHashMap::default());
            let fast = cool(&mut s, g, &q(t, 32)).unwrap();
            prop_assert_eq!(fast, slow, "{} cooled by {}/32", text(&s, g), t);
        }
    }
}
