//! [`CanonicalForm`]: a canonical short game as a self-contained value.
//!
//! A value holds the canonical forms of the game and of all its
//! subpositions as a small DAG, labelled canonically: nodes by increasing
//! birthday, and within one birthday by their (sorted) option labels. Since
//! canonical forms are unique and a store holds each once, equal games get
//! identical DAGs, so `==` and `Hash` are structural and linear in the size
//! of the DAG. Operations copy the operands into a fresh [`GameStore`], work
//! there, and read the result back; no id ever leaves this module, so ids of
//! different stores cannot be mixed. These stores have no memory budget:
//! for inputs from untrusted sources, parse with [`FromStr`] (which runs
//! within [`DEFAULT_BUDGET`]) or use a [`GameStore::with_budget`] directly.
//!
//! ```
//! use mex_core::partizan::value::CanonicalForm;
//! use mex_core::partizan::store::OutcomeClass;
//!
//! let hot: CanonicalForm = "{1|0}".parse()?;
//! let cold: CanonicalForm = "{0|-1}".parse()?;
//! assert_eq!((&hot + &cold).to_string(), "0");
//! assert_eq!(hot.outcome(), OutcomeClass::N);
//! // {1|0} is confused with 0: neither is greater.
//! assert_eq!(hot.partial_cmp(&CanonicalForm::zero()), None);
//! let half: CanonicalForm = "1/2".parse()?;
//! assert!(&half + &half == CanonicalForm::integer(1));
//! assert!(half > CanonicalForm::zero());
//! assert_eq!(hot.mean().to_string(), "1/2");
//! # Ok::<(), mex_core::MexError>(())
//! ```

use super::infinitesimal::{self, Uptimal};
use super::notation;
use super::simple::Record;
use super::store::{GameId, GameStore, Kind, OutcomeClass, DEFAULT_BUDGET};
use super::thermograph::{Thermograph, Thermographs, Q};
use super::toolkit::{self, ConfusionInterval, Relation};
use crate::MexError;
use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;
use std::sync::Arc;

/// One node: sorted labels of its Left and Right options, or a record
/// `x + n·↑ + *k` of any size kept without its options (see
/// [`super::store`]).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Options {
    Node(Box<[u32]>, Box<[u32]>),
    Record(Box<Record>),
}

/// A canonical short game (see the module documentation).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CanonicalForm {
    /// Canonically labelled nodes; the game is the last one.
    nodes: Arc<[Options]>,
}

impl CanonicalForm {
    /// The game `0 = { | }`.
    pub fn zero() -> Self {
        let s = GameStore::new();
        Self::from_store(&s, s.zero())
    }

    /// The integer `n`. Its canonical form is a chain of `|n|` games, so
    /// memory grows linearly with `|n|`.
    pub fn integer(n: i64) -> Self {
        let mut s = GameStore::new();
        let g = s.integer(n);
        Self::from_store(&s, g)
    }

    /// The nimber `*k`.
    pub fn nimber(k: u32) -> Self {
        let mut s = GameStore::new();
        let g = s.nimber(k);
        Self::from_store(&s, g)
    }

    /// The canonical form of `{left | right}`.
    pub fn from_options(left: &[CanonicalForm], right: &[CanonicalForm]) -> Self {
        let mut s = GameStore::new();
        let l: Vec<GameId> = left.iter().map(|x| x.import(&mut s)).collect();
        let r: Vec<GameId> = right.iter().map(|x| x.import(&mut s)).collect();
        let g = s.make(l, r);
        Self::from_store(&s, g)
    }

    /// The value of `g` in `store`, as a self-contained value.
    pub fn from_store(store: &GameStore, g: GameId) -> Self {
        let mut reachable = vec![g];
        let mut seen: FxHashSet<GameId> = FxHashSet::default();
        seen.insert(g);
        let mut i = 0;
        while i < reachable.len() {
            if store.is_record(reachable[i]) {
                i += 1;
                continue;
            }
            let node = store.node(reachable[i]);
            for &x in node.left.iter().chain(&node.right) {
                if seen.insert(x) {
                    reachable.push(x);
                }
            }
            i += 1;
        }
        reachable.sort_by_key(|&x| store.rank(x));
        let mut label: FxHashMap<GameId, u32> = FxHashMap::default();
        let mut nodes: Vec<Options> = Vec::with_capacity(reachable.len());
        for layer in reachable.chunk_by(|&a, &b| store.rank(a) == store.rank(b)) {
            let labels = |opts: &[GameId]| -> Box<[u32]> {
                let mut v: Vec<u32> = opts.iter().map(|x| label[x]).collect();
                v.sort_unstable();
                v.into_boxed_slice()
            };
            let mut keyed: Vec<(Options, GameId)> = layer
                .iter()
                .map(|&x| match store.kind(x) {
                    Kind::Record(_) => {
                        let r = store.record_of(x).expect("a record");
                        (Options::Record(Box::new(r)), x)
                    }
                    _ => {
                        let n = store.node(x);
                        (Options::Node(labels(&n.left), labels(&n.right)), x)
                    }
                })
                .collect();
            keyed.sort_unstable();
            for (options, x) in keyed {
                label.insert(x, nodes.len() as u32);
                nodes.push(options);
            }
        }
        CanonicalForm {
            nodes: nodes.into(),
        }
    }

    /// Copies the game into `store` and returns its id there; fails only
    /// when the store's budget is spent.
    pub fn to_store(&self, store: &mut GameStore) -> Result<GameId, MexError> {
        let mut ids: Vec<GameId> = Vec::with_capacity(self.nodes.len());
        for entry in self.nodes.iter() {
            let id = match entry {
                Options::Record(r) => store.try_record((**r).clone())?,
                Options::Node(left, right) => {
                    let l = left.iter().map(|&i| ids[i as usize]).collect();
                    let r = right.iter().map(|&i| ids[i as usize]).collect();
                    store.try_intern_canonical(l, r)?
                }
            };
            ids.push(id);
        }
        Ok(*ids.last().expect("a game has a node"))
    }

    /// Into a store without a budget (cannot fail).
    fn import(&self, store: &mut GameStore) -> GameId {
        self.to_store(store).expect("a store without a budget")
    }

    /// `f` applied to `self` in a fresh store.
    fn in_store<T>(&self, f: impl FnOnce(&mut GameStore, GameId) -> T) -> T {
        let mut s = GameStore::new();
        let g = self.import(&mut s);
        f(&mut s, g)
    }

    /// `f` applied to both games in one fresh store, the result read back.
    fn combine(
        &self,
        other: &Self,
        f: impl FnOnce(&mut GameStore, GameId, GameId) -> GameId,
    ) -> Self {
        let mut s = GameStore::new();
        let (g, h) = (self.import(&mut s), other.import(&mut s));
        let r = f(&mut s, g, h);
        Self::from_store(&s, r)
    }

    /// The outcome class.
    pub fn outcome(&self) -> OutcomeClass {
        self.in_store(|s, g| s.outcome(g))
    }

    /// The birthday of the canonical form (records by their closed form,
    /// [`Record::birthday`]), of any size.
    pub fn birthday(&self) -> num_bigint::BigUint {
        self.in_store(|s, g| s.big_birthday(g))
    }

    /// The mean value (thermography).
    pub fn mean(&self) -> Q {
        self.in_store(|s, g| Thermographs::default().of(s, g).mean)
    }

    /// The temperature (`−1/2^k` for a number `m/2^k`, `−1` for an integer).
    pub fn temperature(&self) -> Q {
        self.in_store(|s, g| Thermographs::default().of(s, g).temperature)
    }

    /// The Left options of the canonical form, in canonical order; refused
    /// (one line) for `x + n·↑ + *k` with parts too big to list.
    pub fn left_options(&self) -> Result<Vec<CanonicalForm>, MexError> {
        self.options(true)
    }

    /// The Right options of the canonical form, in canonical order; refused
    /// as [`CanonicalForm::left_options`] is.
    pub fn right_options(&self) -> Result<Vec<CanonicalForm>, MexError> {
        self.options(false)
    }

    fn options(&self, left: bool) -> Result<Vec<CanonicalForm>, MexError> {
        self.in_store(|s, g| {
            let opts = s.try_options(g, left)?;
            let mut out: Vec<CanonicalForm> =
                opts.iter().map(|&x| Self::from_store(s, x)).collect();
            out.sort_by_key(|x| x.nodes.len());
            Ok(out)
        })
    }

    /// The number of distinct subpositions (the game included) of the
    /// canonical form.
    pub fn size(&self) -> usize {
        self.nodes.len()
    }

    /// The game in the given printing style (see [`notation::Style`]:
    /// CGSuite's slashes and `±`, or plain braces as [`fmt::Display`]).
    pub fn to_string_with(&self, style: notation::Style) -> String {
        self.in_store(|s, g| notation::show_with(s, g, style))
    }

    /// The thermograph (walls, mean, temperature).
    pub fn thermograph(&self) -> Thermograph {
        self.in_store(|s, g| Thermographs::default().of(s, g))
    }

    /// `<`, `>`, `=` or `‖` (see [`toolkit::compare`]).
    pub fn compare(&self, other: &Self) -> Relation {
        let mut s = GameStore::new();
        let (g, h) = (self.import(&mut s), other.import(&mut s));
        toolkit::compare(&mut s, g, h).expect("a store without a budget")
    }

    /// The Left and Right stops.
    pub fn stops(&self) -> (Q, Q) {
        self.in_store(|s, g| toolkit::stops(s, g))
    }

    /// The confusion interval (see [`toolkit::ConfusionInterval`]).
    pub fn confusion_interval(&self) -> ConfusionInterval {
        self.in_store(|s, g| toolkit::confusion_interval(s, g).expect("a store without a budget"))
    }

    /// `G_t`, cooled by the dyadic rational `t ≥ 0` (see [`toolkit::cool`]);
    /// an error for a negative or non-dyadic `t`.
    pub fn cool(&self, t: &Q) -> Result<Self, MexError> {
        self.in_store(|s, g| {
            let c = toolkit::cool(s, g, t)?;
            Ok(Self::from_store(s, c))
        })
    }

    /// `∫ᵗ G`, heated by the game `t` (see [`toolkit::heat`]).
    pub fn heat(&self, t: &Self) -> Self {
        self.combine(t, |s, g, h| {
            toolkit::heat(s, g, h).expect("a store without a budget")
        })
    }

    /// `∫ₛᵗ G`, overheated from `s` to `t` (see [`toolkit::overheat`]).
    pub fn overheat(&self, from: &Self, to: &Self) -> Self {
        let mut s = GameStore::new();
        let (g, a, b) = (self.import(&mut s), from.import(&mut s), to.import(&mut s));
        let r = toolkit::overheat(&mut s, g, a, b).expect("a store without a budget");
        Self::from_store(&s, r)
    }

    /// The ordinal sum `G : H`.
    pub fn ordinal_sum(&self, h: &Self) -> Self {
        self.combine(h, |s, g, h| {
            toolkit::ordinal_sum(s, g, h).expect("a store without a budget")
        })
    }

    /// The Norton product `G.U`; an error unless `U > 0`.
    pub fn norton_product(&self, u: &Self) -> Result<Self, MexError> {
        let mut s = GameStore::new();
        let (g, h) = (self.import(&mut s), u.import(&mut s));
        let r = toolkit::norton_product(&mut s, g, h)?;
        Ok(Self::from_store(&s, r))
    }

    /// The conjugate `−G`.
    pub fn conjugate(&self) -> Self {
        -self
    }

    /// Whether both stops are 0.
    pub fn is_infinitesimal(&self) -> bool {
        self.in_store(|s, g| infinitesimal::is_infinitesimal(s, g))
    }

    /// Whether the canonical form is all-small.
    pub fn is_all_small(&self) -> bool {
        self.in_store(|s, g| infinitesimal::is_all_small(s, g))
    }

    /// The atomic weight of an all-small game; `None` otherwise.
    pub fn atomic_weight(&self) -> Option<Self> {
        self.in_store(|s, g| {
            infinitesimal::atomic_weight(s, g)
                .expect("a store without a budget")
                .map(|w| Self::from_store(s, w))
        })
    }

    /// The reduced canonical form.
    pub fn reduced(&self) -> Self {
        self.in_store(|s, g| {
            let r = infinitesimal::reduced(s, g).expect("a store without a budget");
            Self::from_store(s, r)
        })
    }

    /// The uptimal expansion, when the game is an uptimal born by day 16.
    pub fn uptimal_expansion(&self) -> Option<Uptimal> {
        self.in_store(|s, g| {
            infinitesimal::uptimal_expansion(s, g).expect("a store without a budget")
        })
    }
}

impl Add for &CanonicalForm {
    type Output = CanonicalForm;
    fn add(self, other: &CanonicalForm) -> CanonicalForm {
        self.combine(other, |s, g, h| s.add(g, h))
    }
}

impl Add for CanonicalForm {
    type Output = CanonicalForm;
    fn add(self, other: CanonicalForm) -> CanonicalForm {
        &self + &other
    }
}

impl Sub for &CanonicalForm {
    type Output = CanonicalForm;
    fn sub(self, other: &CanonicalForm) -> CanonicalForm {
        self.combine(other, |s, g, h| s.sub(g, h))
    }
}

impl Sub for CanonicalForm {
    type Output = CanonicalForm;
    fn sub(self, other: CanonicalForm) -> CanonicalForm {
        &self - &other
    }
}

impl Neg for &CanonicalForm {
    type Output = CanonicalForm;
    fn neg(self) -> CanonicalForm {
        let mut s = GameStore::new();
        let g = self.import(&mut s);
        let n = s.neg(g);
        CanonicalForm::from_store(&s, n)
    }
}

impl Neg for CanonicalForm {
    type Output = CanonicalForm;
    fn neg(self) -> CanonicalForm {
        -&self
    }
}

/// The partial order of games: `None` when the games are confused.
impl PartialOrd for CanonicalForm {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        let mut s = GameStore::new();
        let (g, h) = (self.import(&mut s), other.import(&mut s));
        match (s.leq(g, h), s.leq(h, g)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }
}

/// The standard notation, as [`notation::show`] prints it.
impl fmt::Display for CanonicalForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.in_store(|s, g| notation::show(s, g));
        f.write_str(&text)
    }
}

impl fmt::Debug for CanonicalForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CanonicalForm({self})")
    }
}

/// Parses the standard notation (see [`notation`]), within
/// [`DEFAULT_BUDGET`] of memory.
impl FromStr for CanonicalForm {
    type Err = MexError;
    fn from_str(text: &str) -> Result<Self, MexError> {
        let mut s = GameStore::with_budget(DEFAULT_BUDGET);
        let g = notation::parse(&mut s, text)?;
        Ok(Self::from_store(&s, g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::test_shapes::{build, shape};
    use proptest::prelude::*;

    #[test]
    fn names_and_round_trips() {
        for text in ["0", "1", "-3/4", "*3", "^", "v*", "{1|0}", "{2||1|0}", "±1"] {
            let g: CanonicalForm = text.parse().unwrap();
            assert_eq!(g.to_string(), text);
            assert_eq!(g.to_string().parse::<CanonicalForm>().unwrap(), g);
        }
        let up: CanonicalForm = "^".parse().unwrap();
        assert_eq!(up.left_options().unwrap(), vec![CanonicalForm::zero()]);
        assert_eq!(up.right_options().unwrap(), vec![CanonicalForm::nimber(1)]);
        assert_eq!(up.birthday(), 2u32.into());
        assert!(up > CanonicalForm::zero());
        assert_eq!(up.partial_cmp(&CanonicalForm::nimber(1)), None);
        assert_eq!(-&up, "v".parse().unwrap());
        assert!("{1 0|0}".parse::<CanonicalForm>().is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// CanonicalForm arithmetic, order and queries agree with the store.
        #[test]
        fn agrees_with_the_store(a in shape(), b in shape()) {
            let mut s = GameStore::new();
            let (g, h) = (build(&mut s, &a), build(&mut s, &b));
            let (x, y) = (CanonicalForm::from_store(&s, g), CanonicalForm::from_store(&s, h));
            let sum = s.add(g, h);
            prop_assert_eq!(&x + &y, CanonicalForm::from_store(&s, sum));
            let difference = s.sub(g, h);
            prop_assert_eq!(&x - &y, CanonicalForm::from_store(&s, difference));
            let negative = s.neg(g);
            prop_assert_eq!(-&x, CanonicalForm::from_store(&s, negative));
            prop_assert_eq!(x.partial_cmp(&y).is_some_and(|o| o.is_le()), s.leq(g, h));
            prop_assert_eq!(x == y, g == h);
            prop_assert_eq!(x.outcome(), s.outcome(g));
            prop_assert_eq!(x.birthday(), s.birthday(g).into());
            prop_assert_eq!(x.to_string(), notation::show(&s, g));
            prop_assert_eq!(x.to_string().parse::<CanonicalForm>().unwrap(), x.clone());
            let left: Vec<CanonicalForm> = s.node(g).left.iter().map(|&o| CanonicalForm::from_store(&s, o)).collect();
            prop_assert_eq!(CanonicalForm::from_options(&left, &x.right_options().unwrap()), x.clone());
            // Equal values made in different stores are equal and hash alike.
            let mut other = GameStore::without_fast_paths();
            let hb = build(&mut other, &b);
            let ga = build(&mut other, &a);
            prop_assert_eq!(CanonicalForm::from_store(&other, ga), x.clone());
            prop_assert_eq!(CanonicalForm::from_store(&other, hb), y);
            let hash = |v: &CanonicalForm| {
                use std::hash::{BuildHasher, BuildHasherDefault};
                BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(v)
            };
            prop_assert_eq!(hash(&CanonicalForm::from_store(&other, ga)), hash(&x));
        }
    }
    /// The toolkit through the value type (issue 11).
    #[test]
    fn toolkit_methods() {
        let g: CanonicalForm = "{2|-1}".parse().unwrap();
        let one = CanonicalForm::integer(1);
        let q = |p: i64, d: i64| Q::new(p.into(), d.into());
        assert_eq!(g.stops(), (q(2, 1), q(-1, 1)));
        assert_eq!(
            g.cool(&q(1, 1))
                .unwrap()
                .to_string_with(notation::Style::Slashes),
            "{1|0}"
        );
        assert_eq!(g.thermograph().temperature, q(3, 2));
        assert_eq!(g.confusion_interval().to_string(), "[-1, 2]");
        let star = CanonicalForm::nimber(1);
        assert_eq!(
            star.heat(&one).to_string_with(notation::Style::Slashes),
            "±1"
        );
        assert_eq!(star.ordinal_sum(&one).to_string(), "^*");
        let up: CanonicalForm = "^".parse().unwrap();
        assert_eq!(
            CanonicalForm::integer(3)
                .norton_product(&up)
                .unwrap()
                .to_string(),
            "^3"
        );
        assert!(one.norton_product(&star).is_err());
        assert_eq!(up.atomic_weight(), Some(one.clone()));
        assert_eq!(one.atomic_weight(), None);
        assert!(up.is_infinitesimal() && up.is_all_small());
        assert_eq!(up.reduced(), CanonicalForm::zero());
        assert_eq!(up.conjugate().to_string(), "v");
        assert_eq!(up.compare(&star), Relation::Confused);
        assert_eq!(up.uptimal_expansion().unwrap().to_string(), "0.1");
        assert_eq!(g.overheat(&one, &one).to_string(), "{3|-2}");
    }
}
