//! The arena of canonical short games.
//!
//! Definitions (Conway 1976, *On Numbers and Games*; Siegel 2013, *Combinatorial Game
//! Theory*, Ch. II): `G ≤ H` iff no `Gᴸ ≥ H` and no `Hᴿ ≤ G`; `G = H` iff
//! both `≤`. A Left option `Gᴸ¹` is dominated if some other `Gᴸ² ≥ Gᴸ¹`
//! (dually for Right, `≤`). A Left option `Gᴸ` is reversible through `Gᴸᴿ`
//! when `Gᴸᴿ ≤ G`; it is then replaced by the Left options of `Gᴸᴿ` (dually
//! for Right). The canonical form (no dominated or reversible options) is
//! unique, so structural equality of canonical forms is game equality and
//! hash-consing gives one id per value. Only canonical forms are ever
//! interned: [`GameStore::len`] is the number of distinct values stored.
//!
//! **Memory.** A store made by [`GameStore::with_budget`] counts the bytes
//! its nodes and memo tables take (an estimate, checked as the store grows)
//! and its `try_` operations return [`MexError::TooLarge`] once the budget
//! is spent; the store stays consistent (nothing half-built is kept) and
//! every later operation that would grow it fails the same way. Such a
//! store also refuses integers beyond [`MAX_INTEGER`] before building their
//! chains, and its comparisons stop with [`MexError::Stopped`] when a stop
//! token installed on the thread is stopped ([`crate::stop`]).
//! [`GameStore::new`] has no budget, and its infallible operations never
//! fail.

use super::comparison_cache::ComparisonCache;
pub use super::outcome::OutcomeClass;
use super::simple::Simple;
use crate::MexError;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicU32, Ordering};

/// A canonical short game: an index into its [`GameStore`].
///
/// An id is meaningful only in the store that made it. In builds with debug
/// assertions (tests), each id also carries its store's serial number, and
/// using it with another store panics; that is a programmer error.
/// [`super::value::CanonicalForm`] is the self-contained value type that
/// cannot be misused this way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId {
    #[cfg(debug_assertions)]
    store: u32,
    index: u32,
}

/// Options of a canonical game, each list sorted and without duplicates.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Node {
    /// Left options.
    pub left: Vec<GameId>,
    /// Right options.
    pub right: Vec<GameId>,
}

/// What the arena knows about a value without looking at its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `x + n·↑ + *k`, handled without search (see [`Simple`]).
    Simple(Simple),
    /// Anything else.
    Other,
}

/// A memory budget for command-line use: 1.5 GiB (estimated bytes of nodes
/// and memo tables; measured peaks stay within about 1.25 times that, the
/// growth of hash tables included).
pub const DEFAULT_BUDGET: usize = 3 << 29;

/// Estimated bytes of one interned node besides its options: the node, its
/// copy in the index, its kind and birthday, allocator and table overhead.
const NODE_BYTES: usize = 224;
/// Estimated bytes of one option (stored in the node and in the index).
const OPTION_BYTES: usize = 8;
/// Option comparisons a store with a budget makes at most (the work of `≤`
/// and of canonical simplification): 2^26 ≈ 6.7·10^7, between 5 and 20 s on
/// one core (a comparison costs 100–300 ns, more as the memo tables grow).
/// Measured needs: Domineering 4×7 5·10^6, 3×10 5·10^6, 5×6 and 6×5
/// 2·10^7 (their time goes to the search of positions); `{2|0} + *300`
/// 1.8·10^7. The work of `{2|0} + *k` grows as k³, so `{2|0} + *2222` is
/// refused instead of running for an hour.
pub const MAX_COMPARISONS: u64 = 1 << 26;

/// Most results of `≤` kept at once: 7 · 2^20, just below the point where
/// the table (buckets of 9 bytes) would double to 2^24 buckets, so it stays
/// near 75 MB.
pub const MAX_REMEMBERED_COMPARISONS: usize = 7 << 20;
/// Results of `≤` that took at most this many option comparisons to find
/// are not remembered: recomputing them is as cheap as looking them up, and
/// leaving them out halves the cache on irregular Domineering boards
/// (measured: 4 keeps the speed of 5×6 and cuts the peak memory of
/// `.......|.......|...#...|.......` from 67 to 48 MB).
const CHEAP_COMPARISON: u64 = 4;
/// Estimated bytes of one memo entry, table growth included.
const MEMO_BYTES: usize = 32;

/// Largest magnitude of an integer part a store with a budget builds (the
/// canonical form of the integer `n` is a chain of `|n|` games): bigger
/// ones are refused before the chain is built.
pub const MAX_INTEGER: i64 = 1 << 16;

/// Deepest nesting of games other than `x + n·↑ + *k` that a store with a
/// budget builds (`{1|0}:5000` nests 5000 switches): the recursive
/// operations on game trees (sums, comparisons, thermographs, printing)
/// go as deep as this, and 2000 levels stay within a 2 MiB thread stack.
pub const MAX_NESTING: u32 = 2000;

/// Why a store refused to grow (internal; reported as
/// [`MexError::TooLarge`]).
#[derive(Debug, Clone, Copy)]
enum OverBudget {
    /// The memory budget is spent.
    Memory,
    /// The comparison budget (time) is spent.
    Work,
    /// A number's integer part exceeds [`MAX_INTEGER`].
    Integer(i64),
    /// A game nests deeper than [`MAX_NESTING`].
    Nesting,
    /// A stop token stopped the work (reported as [`MexError::Stopped`]
    /// with this time limit).
    Stopped(Option<std::time::Duration>),
}

type Grown<T> = Result<T, OverBudget>;

static NEXT_SERIAL: AtomicU32 = AtomicU32::new(0);

/// The arena: canonical games by id, with memoised operations.
#[derive(Debug)]
pub struct GameStore {
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    serial: u32,
    nodes: Vec<Node>,
    kinds: Vec<Kind>,
    birthdays: Vec<u32>,
    /// Depth of nesting of games that are not [`Kind::Simple`] (0 for those).
    nestings: Vec<u32>,
    slow_only: bool,
    simple_memo: FxHashMap<Simple, GameId>,
    index: FxHashMap<Node, GameId>,
    leq_memo: ComparisonCache,
    sum_memo: FxHashMap<(GameId, GameId), GameId>,
    neg_memo: FxHashMap<GameId, GameId>,
    budget: usize,
    used: usize,
    /// Option comparisons made so far (the work of `≤` and of canonical
    /// simplification), and the most allowed.
    comparisons: u64,
    comparison_budget: u64,
}

impl Default for GameStore {
    fn default() -> Self {
        GameStore::new()
    }
}

/// A game `{left | right}` given by canonical options, not interned: the
/// candidate canonical form while [`GameStore::make`] simplifies it.
struct Provisional<'a> {
    left: &'a [GameId],
    right: &'a [GameId],
    /// `(x, true)`: `x ≤ P`; `(x, false)`: `P ≤ x`.
    memo: FxHashMap<(GameId, bool), bool>,
}

impl GameStore {
    /// A store holding `0 = { | }`, without a memory budget.
    pub fn new() -> Self {
        GameStore::with_budget(usize::MAX)
    }

    /// A store holding `0`, whose `try_` operations fail with
    /// [`MexError::TooLarge`] once its nodes and memo tables would take more
    /// than about `bytes` bytes, or after [`MAX_COMPARISONS`] comparisons of
    /// options (so that time is bounded as well as memory).
    pub fn with_budget(bytes: usize) -> Self {
        let mut s = GameStore {
            serial: NEXT_SERIAL.fetch_add(1, Ordering::Relaxed),
            nodes: Vec::new(),
            kinds: Vec::new(),
            birthdays: Vec::new(),
            nestings: Vec::new(),
            slow_only: false,
            simple_memo: FxHashMap::default(),
            index: FxHashMap::default(),
            leq_memo: ComparisonCache::new(MAX_REMEMBERED_COMPARISONS),
            sum_memo: FxHashMap::default(),
            neg_memo: FxHashMap::default(),
            budget: bytes,
            used: 0,
            comparisons: 0,
            comparison_budget: if bytes == usize::MAX {
                u64::MAX
            } else {
                MAX_COMPARISONS
            },
        };
        s.intern(Node {
            left: vec![],
            right: vec![],
        })
        .expect("0 fits in any budget");
        s
    }

    /// A store with a memory budget of `bytes` and at most `comparisons`
    /// comparisons of options.
    pub fn with_limits(bytes: usize, comparisons: u64) -> Self {
        let mut s = GameStore::with_budget(bytes);
        s.comparison_budget = comparisons;
        s
    }

    /// A store that keeps at most `n` results of `≤` at once (the tests'
    /// way of checking that forgetting them changes no value).
    pub fn with_comparison_cache(n: usize) -> Self {
        let mut s = GameStore::new();
        s.leq_memo = ComparisonCache::new(n);
        s
    }

    /// A store that never takes the number and nimber fast paths: every
    /// operation goes through the definitions (the slow twin in the tests).
    pub fn without_fast_paths() -> Self {
        let mut s = GameStore::new();
        s.slow_only = true;
        s
    }

    /// The estimated bytes used so far, and the budget.
    pub fn memory(&self) -> (usize, usize) {
        (self.used, self.budget)
    }

    /// Charges `bytes` of memory held elsewhere for this computation (an
    /// evaluator's memo, say) to the store's budget.
    pub fn try_reserve(&mut self, bytes: usize) -> Result<(), MexError> {
        self.charge(bytes).map_err(|e| self.refusal(e))
    }

    /// Counts one comparison of an option, refusing beyond the budget; a
    /// store with a comparison budget also stops when a stop token installed
    /// on this thread is stopped ([`crate::stop`]).
    #[inline]
    fn step(&mut self) -> Grown<()> {
        self.comparisons += 1;
        if self.comparisons > self.comparison_budget {
            return Err(OverBudget::Work);
        }
        if self.comparison_budget == u64::MAX {
            return Ok(());
        }
        match crate::stop::check() {
            Err(MexError::Stopped { time_limit }) => Err(OverBudget::Stopped(time_limit)),
            _ => Ok(()),
        }
    }

    /// The option comparisons made so far (a measure of the work done,
    /// independent of the machine).
    pub fn comparisons(&self) -> u64 {
        self.comparisons
    }

    fn charge(&mut self, bytes: usize) -> Grown<()> {
        self.used = self.used.saturating_add(bytes);
        if self.used > self.budget {
            Err(OverBudget::Memory)
        } else {
            Ok(())
        }
    }

    fn refusal(&self, why: OverBudget) -> MexError {
        match why {
            OverBudget::Work => MexError::too_large(
                "the computation (comparisons of options in canonical simplification)",
                format!("{} comparisons", self.comparison_budget),
                "choose a smaller game or position",
            ),
            OverBudget::Memory => MexError::too_large(
                "the computation (canonical forms and their memo tables)",
                format!("{} MiB of memory", self.budget >> 20),
                "choose a smaller game or position",
            ),
            OverBudget::Integer(n) => MexError::too_large(
                format!("the integer {n} (its canonical form is a chain of |{n}| games)"),
                format!("{MAX_INTEGER} in magnitude"),
                "use smaller numbers",
            ),
            OverBudget::Nesting => MexError::too_large(
                "the game (its options nest deeper than numbers, ups and nimbers do)",
                format!("{MAX_NESTING} levels"),
                "use a shallower game",
            ),
            OverBudget::Stopped(time_limit) => MexError::Stopped { time_limit },
        }
    }

    /// The result of a fallible step, reported as [`MexError::TooLarge`].
    fn reported<T>(&self, r: Grown<T>) -> Result<T, MexError> {
        r.map_err(|e| self.refusal(e))
    }

    fn id(&self, index: usize) -> GameId {
        GameId {
            #[cfg(debug_assertions)]
            store: self.serial,
            index: u32::try_from(index).expect("fewer than 2^32 games"),
        }
    }

    /// The game at position `index` of the arena (ids are given in the
    /// order games are interned), if there is one.
    pub fn id_at(&self, index: usize) -> Option<GameId> {
        (index < self.nodes.len()).then(|| self.id(index))
    }

    /// The position of `g` in the arena: [`GameStore::id_at`] inverted.
    pub fn index_of(&self, g: GameId) -> usize {
        self.at(g)
    }

    /// The position of `g` in the arena; panics (in debug builds) when `g`
    /// comes from another store.
    fn at(&self, g: GameId) -> usize {
        #[cfg(debug_assertions)]
        assert_eq!(g.store, self.serial, "a GameId used with another GameStore");
        g.index as usize
    }

    /// What the arena knows about `g` (see [`Kind`]).
    pub fn kind(&self, g: GameId) -> Kind {
        self.kinds[self.at(g)]
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
        let simple = |g: &GameId| match self.kind(*g) {
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
    fn simple(&mut self, v: Simple) -> Grown<GameId> {
        if let Some(&g) = self.simple_memo.get(&v) {
            return Ok(g);
        }
        let integer_part = v.numerator >> v.exponent;
        if self.budget != usize::MAX && integer_part.unsigned_abs() > MAX_INTEGER as u64 {
            return Err(OverBudget::Integer(integer_part));
        }
        let g = if v.ups != 0 {
            self.with_ups(v)?
        } else if v.nimber > 0 {
            self.nimber_over_number(v)?
        } else if v.exponent > 0 {
            let (p, q) = (v.numerator, v.exponent);
            let left = self.simple(Simple::number(p - 1, q))?;
            let right = self.simple(Simple::number(p + 1, q))?;
            self.node_of(vec![left], vec![right])?
        } else {
            self.integer_by_steps(v.numerator)?
        };
        self.remember_simple(v, g)?;
        Ok(g)
    }

    fn remember_simple(&mut self, v: Simple, g: GameId) -> Grown<()> {
        self.charge(MEMO_BYTES)?;
        self.simple_memo.insert(v, g);
        Ok(())
    }

    /// `x + *k = {x + *j | x + *j}` over `j < k`, built upwards from `x` so
    /// that each `x + *j` is made once.
    fn nimber_over_number(&mut self, v: Simple) -> Grown<GameId> {
        let mut opts = vec![self.simple(v.with(0, 0))?];
        for j in 1..v.nimber {
            let here = v.with(0, j);
            let g = match self.simple_memo.get(&here) {
                Some(&g) => g,
                None => {
                    let g = self.node_of(opts.clone(), opts.clone())?;
                    self.remember_simple(here, g)?;
                    g
                }
            };
            opts.push(g);
        }
        self.node_of(opts.clone(), opts)
    }

    /// `x + n·↑ + *k` for `n ≠ 0`, built upwards from `x + ±↑ + *j` so that
    /// large multiples need no deep recursion.
    fn with_ups(&mut self, v: Simple) -> Grown<GameId> {
        let x = self.simple(v.number_part())?;
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
                let x_star = self.simple(v.with(0, 1))?;
                if sign > 0 {
                    self.node_of(vec![x, x_star], vec![x])?
                } else {
                    self.node_of(vec![x], vec![x, x_star])?
                }
            } else {
                let inner = if m == 1 {
                    self.simple(v.with(0, nimber ^ 1))?
                } else {
                    g
                };
                if sign > 0 {
                    self.node_of(vec![x], vec![inner])?
                } else {
                    self.node_of(vec![inner], vec![x])?
                }
            };
            self.remember_simple(here, g)?;
        }
        Ok(g)
    }

    fn node_of(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> Grown<GameId> {
        self.intern(Node { left, right })
    }

    /// The integer `p`, one step from the nearest integer already built.
    fn integer_by_steps(&mut self, p: i64) -> Grown<GameId> {
        if self.budget != usize::MAX && p.unsigned_abs() > MAX_INTEGER as u64 {
            return Err(OverBudget::Integer(p));
        }
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
                self.node_of(vec![g], vec![])?
            } else {
                self.node_of(vec![], vec![g])?
            };
            at += step;
            self.remember_simple(Simple::number(at, 0), g)?;
        }
        Ok(g)
    }

    /// The game `0`.
    pub fn zero(&self) -> GameId {
        self.id(0)
    }

    /// The options of a game.
    pub fn node(&self, g: GameId) -> &Node {
        &self.nodes[self.at(g)]
    }

    /// Number of distinct values stored (only canonical forms are stored).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only `0` is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Every id in the store, in creation order (options before games).
    pub fn ids(&self) -> impl Iterator<Item = GameId> + '_ {
        (0..self.nodes.len()).map(|i| self.id(i))
    }

    /// Interns a node whose options are canonical and which is itself in
    /// canonical form.
    fn intern(&mut self, mut node: Node) -> Grown<GameId> {
        node.left.sort_unstable();
        node.left.dedup();
        node.right.sort_unstable();
        node.right.dedup();
        if let Some(&id) = self.index.get(&node) {
            return Ok(id);
        }
        let options = node.left.len() + node.right.len();
        self.charge(NODE_BYTES + OPTION_BYTES * options)?;
        let id = self.id(self.nodes.len());
        let kind = self.classify(&node);
        let options = || node.left.iter().chain(&node.right).map(|&x| self.at(x));
        let birthday = options().map(|x| self.birthdays[x] + 1).max().unwrap_or(0);
        let nesting = match kind {
            Kind::Simple(_) => 0,
            Kind::Other => 1 + options().map(|x| self.nestings[x]).max().unwrap_or(0),
        };
        if nesting > MAX_NESTING && self.budget != usize::MAX {
            return Err(OverBudget::Nesting);
        }
        self.kinds.push(kind);
        self.birthdays.push(birthday);
        self.nestings.push(nesting);
        self.nodes.push(node.clone());
        self.index.insert(node, id);
        Ok(id)
    }

    /// Interns a node known to be in canonical form with canonical options
    /// (for [`super::value::CanonicalForm`], whose nodes come from a store).
    pub(crate) fn try_intern_canonical(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
    ) -> Result<GameId, MexError> {
        let r = self.intern(Node { left, right });
        self.reported(r)
    }

    /// `G ≤ H`.
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        within_budget(self.leq_in(g, h))
    }

    /// `G ≤ H`, or an error when the store's budget is spent.
    pub fn try_leq(&mut self, g: GameId, h: GameId) -> Result<bool, MexError> {
        let r = self.leq_in(g, h);
        self.reported(r)
    }

    fn leq_in(&mut self, g: GameId, h: GameId) -> Grown<bool> {
        if g == h {
            return Ok(true);
        }
        if let (Some(a), Some(b)) = (self.simple_of(g), self.simple_of(h)) {
            if let Some(v) = a.leq(b) {
                return Ok(v);
            }
        }
        let (gi, hi) = (self.at(g) as u32, self.at(h) as u32);
        if let Some(v) = self.leq_memo.get(gi, hi) {
            return Ok(v);
        }
        let before = self.comparisons;
        // Number avoidance (Siegel 2013, II.4): against a game that is not a
        // number, the moves in a number never decide, so an integer's long
        // chain of options is not walked.
        let v = if self.number_beside_non_number(h, g) {
            !self.any_left_geq(g, h)?
        } else if self.number_beside_non_number(g, h) {
            !self.any_right_leq(h, g)?
        } else {
            !self.any_left_geq(g, h)? && !self.any_right_leq(h, g)?
        };
        if self.comparisons - before > CHEAP_COMPARISON && self.leq_memo.insert(gi, hi, v) {
            self.charge(MEMO_BYTES)?;
        }
        Ok(v)
    }

    /// Some `Gᴸ ≥ H`.
    fn any_left_geq(&mut self, g: GameId, h: GameId) -> Grown<bool> {
        for i in 0..self.node(g).left.len() {
            self.step()?;
            let x = self.node(g).left[i];
            if self.leq_in(h, x)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Some `Hᴿ ≤ G`.
    fn any_right_leq(&mut self, h: GameId, g: GameId) -> Grown<bool> {
        for i in 0..self.node(h).right.len() {
            self.step()?;
            let y = self.node(h).right[i];
            if self.leq_in(y, g)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `x ≤ P` for a provisional game `P`: no `xᴸ ≥ P` and no `Pᴿ ≤ x`.
    fn leq_provisional(&mut self, x: GameId, p: &mut Provisional) -> Grown<bool> {
        if let Some(&v) = p.memo.get(&(x, true)) {
            return Ok(v);
        }
        let mut v = true;
        for i in 0..self.node(x).left.len() {
            self.step()?;
            let xl = self.node(x).left[i];
            if self.provisional_leq(p, xl)? {
                v = false;
                break;
            }
        }
        if v {
            for &pr in p.right {
                self.step()?;
                if self.leq_in(pr, x)? {
                    v = false;
                    break;
                }
            }
        }
        p.memo.insert((x, true), v);
        Ok(v)
    }

    /// `P ≤ x` for a provisional game `P`: no `Pᴸ ≥ x` and no `xᴿ ≤ P`.
    fn provisional_leq(&mut self, p: &mut Provisional, x: GameId) -> Grown<bool> {
        if let Some(&v) = p.memo.get(&(x, false)) {
            return Ok(v);
        }
        let mut v = true;
        for &pl in p.left {
            self.step()?;
            if self.leq_in(x, pl)? {
                v = false;
                break;
            }
        }
        if v {
            for i in 0..self.node(x).right.len() {
                self.step()?;
                let xr = self.node(x).right[i];
                if self.leq_provisional(xr, p)? {
                    v = false;
                    break;
                }
            }
        }
        p.memo.insert((x, false), v);
        Ok(v)
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
        within_budget(self.outcome_in(g))
    }

    /// The outcome class, or an error when the store's budget is spent.
    pub fn try_outcome(&mut self, g: GameId) -> Result<OutcomeClass, MexError> {
        let r = self.outcome_in(g);
        self.reported(r)
    }

    fn outcome_in(&mut self, g: GameId) -> Grown<OutcomeClass> {
        if let Some(v) = self.simple_of(g) {
            return Ok(v.outcome());
        }
        let z = self.zero();
        Ok(match (self.leq_in(z, g)?, self.leq_in(g, z)?) {
            (true, true) => OutcomeClass::P,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::N,
        })
    }

    /// The canonical game with the given options (any games, canonical ids).
    pub fn make(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        within_budget(self.make_in(left, right))
    }

    /// [`GameStore::make`], or an error when the store's budget is spent.
    pub fn try_make(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> Result<GameId, MexError> {
        let r = self.make_in(left, right);
        self.reported(r)
    }

    fn make_in(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> Grown<GameId> {
        let (mut left, mut right) = (left, right);
        loop {
            left = self.undominated(left, true)?;
            right = self.undominated(right, false)?;
            // G itself is needed for reversibility tests: compare against
            // the provisional option lists, without interning them.
            let mut g = Provisional {
                left: &left,
                right: &right,
                memo: FxHashMap::default(),
            };
            let (new_left, changed_l) = self.bypass(&mut g, true)?;
            let (new_right, changed_r) = self.bypass(&mut g, false)?;
            if !changed_l && !changed_r {
                return self.node_of(left, right);
            }
            left = new_left;
            right = new_right;
        }
    }

    /// Removes dominated options: for Left keep the maximal ones, for Right
    /// the minimal ones (equal options collapse to one).
    fn undominated(&mut self, mut opts: Vec<GameId>, left: bool) -> Grown<Vec<GameId>> {
        opts.sort_unstable();
        opts.dedup();
        let mut keep = Vec::with_capacity(opts.len());
        for (i, &a) in opts.iter().enumerate() {
            let mut dominated = false;
            for (j, &b) in opts.iter().enumerate() {
                if i == j {
                    continue;
                }
                let (lo, hi) = if left { (a, b) } else { (b, a) };
                // Strictly dominated, or equal and a later duplicate.
                if self.leq_in(lo, hi)? && (j < i || !self.leq_in(hi, lo)?) {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                keep.push(a);
            }
        }
        Ok(keep)
    }

    /// Replaces reversible options of the provisional `g` (Left if `left`)
    /// by the options they reverse to; reports whether anything changed.
    fn bypass(&mut self, g: &mut Provisional, left: bool) -> Grown<(Vec<GameId>, bool)> {
        let mut out = Vec::new();
        let mut changed = false;
        let opts = if left { g.left } else { g.right };
        for &x in opts {
            let responses = if left {
                self.node(x).right.clone()
            } else {
                self.node(x).left.clone()
            };
            let mut reverse = None;
            for y in responses {
                let reverses = if left {
                    self.leq_provisional(y, g)?
                } else {
                    self.provisional_leq(g, y)?
                };
                if reverses {
                    reverse = Some(y);
                    break;
                }
            }
            match reverse {
                Some(y) => {
                    changed = true;
                    let replacement = if left {
                        &self.node(y).left
                    } else {
                        &self.node(y).right
                    };
                    out.extend_from_slice(replacement);
                }
                None => out.push(x),
            }
        }
        Ok((out, changed))
    }

    /// `−G`.
    pub fn neg(&mut self, g: GameId) -> GameId {
        within_budget(self.neg_in(g))
    }

    /// `−G`, or an error when the store's budget is spent.
    pub fn try_neg(&mut self, g: GameId) -> Result<GameId, MexError> {
        let r = self.neg_in(g);
        self.reported(r)
    }

    fn neg_in(&mut self, g: GameId) -> Grown<GameId> {
        if let Some(v) = self.simple_of(g).and_then(Simple::checked_neg) {
            return self.simple(v);
        }
        if let Some(&v) = self.neg_memo.get(&g) {
            return Ok(v);
        }
        let n = self.node(g).clone();
        let left = n
            .right
            .iter()
            .map(|&x| self.neg_in(x))
            .collect::<Grown<Vec<_>>>()?;
        let right = n
            .left
            .iter()
            .map(|&x| self.neg_in(x))
            .collect::<Grown<Vec<_>>>()?;
        let v = self.make_in(left, right)?;
        self.charge(MEMO_BYTES)?;
        self.neg_memo.insert(g, v);
        Ok(v)
    }

    /// Whether `x` is a number in the fast range and `g` surely is not a
    /// number (never in the slow twin), so that number avoidance applies.
    fn number_beside_non_number(&self, x: GameId, g: GameId) -> bool {
        self.simple_of(x).is_some_and(Simple::is_number) && self.surely_not_number(g, 0)
    }

    /// `true` only when `g` is not a number: `x + n·↑ + *k` with `n` or `k`
    /// not 0, a canonical form with two options on a side (a number's has at
    /// most one), an option that is not a number, or `{a | b}` with numbers
    /// `a ≥ b` (a switch). `false` when unsure.
    fn surely_not_number(&self, g: GameId, depth: u32) -> bool {
        if let Kind::Simple(v) = self.kind(g) {
            return !v.is_number();
        }
        let node = self.node(g);
        if node.left.len() > 1 || node.right.len() > 1 {
            return true;
        }
        if depth < 64
            && node
                .left
                .iter()
                .chain(&node.right)
                .any(|&x| self.surely_not_number(x, depth + 1))
        {
            return true;
        }
        let number =
            |x: Option<&GameId>| x.and_then(|&x| self.simple_of(x)).filter(|v| v.is_number());
        match (number(node.left.first()), number(node.right.first())) {
            (Some(a), Some(b)) => b.leq(a) == Some(true),
            _ => false,
        }
    }

    /// `G + H`.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        within_budget(self.add_in(g, h))
    }

    /// `G + H`, or an error when the store's budget is spent.
    pub fn try_add(&mut self, g: GameId, h: GameId) -> Result<GameId, MexError> {
        let r = self.add_in(g, h);
        self.reported(r)
    }

    fn add_in(&mut self, g: GameId, h: GameId) -> Grown<GameId> {
        let z = self.zero();
        if g == z {
            return Ok(h);
        }
        if h == z {
            return Ok(g);
        }
        if let (Some(a), Some(b)) = (self.simple_of(g), self.simple_of(h)) {
            if let Some(v) = a.checked_add(b) {
                return self.simple(v);
            }
        }
        if self.neg_memo.get(&g) == Some(&h) || self.neg_memo.get(&h) == Some(&g) {
            return Ok(z); // G − G = 0
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&v) = self.sum_memo.get(&key) {
            return Ok(v);
        }
        let (mut gn, mut hn) = (self.node(g).clone(), self.node(h).clone());
        // Number Translation Theorem (Siegel 2013, II.4): G + x =
        // {Gᴸ + x | Gᴿ + x} for a number x and a G that is not a number.
        if self.number_beside_non_number(h, g) {
            hn = Node::default();
        } else if self.number_beside_non_number(g, h) {
            gn = Node::default();
        }
        let mut left = Vec::with_capacity(gn.left.len() + hn.left.len());
        let mut right = Vec::with_capacity(gn.right.len() + hn.right.len());
        for &x in &gn.left {
            left.push(self.add_in(x, h)?);
        }
        for &y in &hn.left {
            left.push(self.add_in(g, y)?);
        }
        for &x in &gn.right {
            right.push(self.add_in(x, h)?);
        }
        for &y in &hn.right {
            right.push(self.add_in(g, y)?);
        }
        let v = self.make_in(left, right)?;
        self.charge(MEMO_BYTES)?;
        self.sum_memo.insert(key, v);
        Ok(v)
    }

    /// `G − H`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        within_budget(self.sub_in(g, h))
    }

    /// `G − H`, or an error when the store's budget is spent.
    pub fn try_sub(&mut self, g: GameId, h: GameId) -> Result<GameId, MexError> {
        let r = self.sub_in(g, h);
        self.reported(r)
    }

    fn sub_in(&mut self, g: GameId, h: GameId) -> Grown<GameId> {
        let nh = self.neg_in(h)?;
        self.add_in(g, nh)
    }

    /// The birthday: 0 for `0`, else one more than the largest birthday of
    /// an option of the canonical form (recorded when the game is interned,
    /// so this is O(1)).
    pub fn birthday(&self, g: GameId) -> u32 {
        self.birthdays[self.at(g)]
    }

    /// The integer `k` (any sign).
    pub fn integer(&mut self, k: i64) -> GameId {
        within_budget(self.integer_in(k))
    }

    /// The integer `k`, or an error when the store's budget is spent.
    pub fn try_integer(&mut self, k: i64) -> Result<GameId, MexError> {
        let r = self.integer_in(k);
        self.reported(r)
    }

    fn integer_in(&mut self, k: i64) -> Grown<GameId> {
        if !self.slow_only {
            return self.simple(Simple::number(k, 0));
        }
        let mut g = self.zero();
        for _ in 0..k.unsigned_abs() {
            g = if k > 0 {
                self.make_in(vec![g], vec![])?
            } else {
                self.make_in(vec![], vec![g])?
            };
        }
        Ok(g)
    }

    /// The dyadic rational `p / 2^q` in canonical form (`q ≥ 0`).
    pub fn dyadic(&mut self, p: i64, q: u32) -> GameId {
        within_budget(self.dyadic_in(p, q))
    }

    /// `p / 2^q`, or an error when the store's budget is spent.
    pub fn try_dyadic(&mut self, p: i64, q: u32) -> Result<GameId, MexError> {
        let r = self.dyadic_in(p, q);
        self.reported(r)
    }

    fn dyadic_in(&mut self, p: i64, q: u32) -> Grown<GameId> {
        if q == 0 {
            return self.integer_in(p);
        }
        if p % 2 == 0 {
            return self.dyadic_in(p / 2, q - 1);
        }
        if !self.slow_only && q <= super::simple::MAX_EXPONENT {
            return self.simple(Simple::number(p, q));
        }
        let lo = self.dyadic_in(p - 1, q)?;
        let hi = self.dyadic_in(p + 1, q)?;
        self.make_in(vec![lo], vec![hi])
    }

    /// The nimber `*k`.
    pub fn nimber(&mut self, k: u32) -> GameId {
        within_budget(self.nimber_in(k))
    }

    /// `*k`, or an error when the store's budget is spent.
    pub fn try_nimber(&mut self, k: u32) -> Result<GameId, MexError> {
        let r = self.nimber_in(k);
        self.reported(r)
    }

    /// `*k = {*0, …, *(k−1) | *0, …, *(k−1)}`, built upwards.
    fn nimber_in(&mut self, k: u32) -> Grown<GameId> {
        if !self.slow_only {
            return self.simple(Simple::number(0, 0).with(0, k));
        }
        let mut opts = Vec::with_capacity(k as usize);
        let mut g = self.zero();
        for _ in 0..k {
            opts.push(g);
            g = self.make_in(opts.clone(), opts.clone())?;
        }
        Ok(g)
    }

    /// `↑ = {0 | *}`.
    pub fn up(&mut self) -> GameId {
        within_budget(self.up_in())
    }

    fn up_in(&mut self) -> Grown<GameId> {
        let (z, star) = (self.zero(), self.nimber_in(1)?);
        self.make_in(vec![z], vec![star])
    }

    /// `n·↑ + *k` (`n < 0` for `|n|·↓`), or an error when the store's budget
    /// is spent.
    pub fn try_ups(&mut self, n: i64, k: u32) -> Result<GameId, MexError> {
        let r = self.ups_in(n, k);
        self.reported(r)
    }

    fn ups_in(&mut self, n: i64, k: u32) -> Grown<GameId> {
        if !self.slow_only {
            return self.simple(Simple::number(0, 0).with(n, k));
        }
        let up = self.up_in()?;
        let arrow = if n > 0 { up } else { self.neg_in(up)? };
        let mut g = self.nimber_in(k)?;
        for _ in 0..n.unsigned_abs() {
            g = self.add_in(g, arrow)?;
        }
        Ok(g)
    }

    /// `±x = {x | −x}`.
    pub fn switch(&mut self, x: GameId) -> GameId {
        within_budget(self.switch_in(x))
    }

    /// `±x`, or an error when the store's budget is spent.
    pub fn try_switch(&mut self, x: GameId) -> Result<GameId, MexError> {
        let r = self.switch_in(x);
        self.reported(r)
    }

    fn switch_in(&mut self, x: GameId) -> Grown<GameId> {
        let nx = self.neg_in(x)?;
        self.make_in(vec![x], vec![nx])
    }
}

/// The value of an infallible operation. Only a store made by
/// [`GameStore::with_budget`] can run out; its users call the `try_`
/// variants, so running out here is a programmer error.
fn within_budget<T>(r: Grown<T>) -> T {
    r.unwrap_or_else(|_| panic!("a GameStore with a budget must be used through its try_ methods"))
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

/// `Some((p, q))` when `g = p / 2^q` in lowest terms.
pub fn as_number(s: &GameStore, g: GameId) -> Option<(i64, u32)> {
    match s.kind(g) {
        Kind::Simple(v) if v.is_number() => Some((v.numerator, v.exponent)),
        _ => None,
    }
}

/// `Some(k)` when `g = *k`, `k ≥ 1`.
pub fn as_nimber(s: &GameStore, g: GameId) -> Option<u32> {
    match s.kind(g) {
        Kind::Simple(v) if v.numerator == 0 && v.ups == 0 && v.nimber > 0 => Some(v.nimber),
        _ => None,
    }
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

    /// Found by the fuzzer: `{1|0} + 30110` walked the integer's chain of
    /// 30110 options and overflowed the stack. By number avoidance it is
    /// `{30111 | 30110}`, and comparisons with the integer are as cheap.
    #[test]
    fn switches_beside_large_integers_do_not_walk_the_integer() {
        let mut s = GameStore::new();
        let n = MAX_INTEGER - 1;
        let (one, zero) = (s.integer(1), s.zero());
        let switch = s.make(vec![one], vec![zero]);
        let big = s.integer(n);
        let sum = s.add(switch, big);
        let (above, below) = (s.integer(n + 1), big);
        let expected = s.make(vec![above], vec![below]);
        assert_eq!(sum, expected);
        let back = s.sub(sum, big);
        assert_eq!(show(&s, back), "{1|0}");
        assert!(s.leq(switch, big) && !s.leq(big, switch));
        let minus = s.neg(big);
        assert!(s.leq(minus, switch) && !s.leq(switch, minus));
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
            let (g, h) = (fast.simple(a).unwrap(), fast.simple(b).unwrap());
            let (gs, hs) = (simple_slowly(&mut slow, a), simple_slowly(&mut slow, b));
            prop_assert_eq!(show(&fast, g), show(&slow, gs));
            prop_assert_eq!(fast.kind(gs.min(g)), fast.kind(g));
            let (sum, sum_slow) = (fast.add(g, h), slow.add(gs, hs));
            prop_assert_eq!(show(&fast, sum), show(&slow, sum_slow));
            let (neg, neg_slow) = (fast.neg(g), slow.neg(gs));
            prop_assert_eq!(show(&fast, neg), show(&slow, neg_slow));
            prop_assert_eq!(fast.leq(g, h), slow.leq(gs, hs));
            prop_assert_eq!(fast.outcome(sum), slow.outcome(sum_slow));
            // Mixed with an arbitrary game, the general path takes over.
            let (o, os) = (build(&mut fast, &other), build(&mut slow, &other));
            let (m, ms) = (fast.add(sum, o), slow.add(sum_slow, os));
            prop_assert_eq!(show(&fast, m), show(&slow, ms));
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
                let v = fast.simple(c).unwrap();
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
                    let (g, gs) = (fast.simple(v).unwrap(), simple_slowly(&mut slow, v));
                    assert_eq!(show(&fast, g), show(&slow, gs), "{v:?}");
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
            assert_eq!(show(&s, g), text);
        }
        let mut slow = GameStore::without_fast_paths();
        let a = crate::partizan::notation::parse(&mut slow, "1 + *").expect("valid");
        assert_eq!(show(&slow, a), "1*");
    }

    /// Issue 11: `make` interned a provisional, non-canonical node to test
    /// reversibility, so `len()` counted more than the distinct values.
    /// Every stored node must be canonical, and `len()` must equal the
    /// number of distinct values, counted by the slow twin.
    #[test]
    fn only_canonical_forms_are_interned() {
        use proptest::strategy::ValueTree;
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let mut fast = GameStore::new();
        let mut made = Vec::new();
        for _ in 0..200 {
            let a = shape().new_tree(&mut runner).expect("a tree").current();
            let g = build(&mut fast, &a);
            made.push(g);
            let h = made[made.len() / 2];
            let sum = fast.add(g, h);
            let difference = fast.sub(sum, g);
            assert_eq!(difference, h);
        }
        let mut slow = GameStore::without_fast_paths();
        let mut values = std::collections::HashSet::new();
        for g in fast.ids().collect::<Vec<_>>() {
            let rebuilt = build(&mut slow, &to_shape(&fast, g));
            assert_eq!(
                show(&slow, rebuilt),
                show(&fast, g),
                "a stored node is not in canonical form"
            );
            values.insert(rebuilt);
        }
        assert_eq!(fast.len(), values.len());
        assert!(
            fast.len() > 150,
            "the test exercised the store: {}",
            fast.len()
        );
    }

    /// Issue 8: `*k` and its birthday were exponential in `k` (`*20` took
    /// 20 s); both are now linear to build and O(1) to query.
    #[test]
    fn large_nimbers_are_quick() {
        let mut s = GameStore::new();
        let g = s.nimber(200);
        assert_eq!(s.birthday(g), 200);
        assert_eq!(s.node(g).left.len(), 200);
        let mut slow = GameStore::without_fast_paths();
        let gs = slow.nimber(60);
        assert_eq!(slow.birthday(gs), 60);
        assert_eq!(show(&slow, gs), "*60");
        let d = slow.dyadic(1, 10);
        assert_eq!(slow.birthday(d), 11);
    }

    /// The closed-form birthdays of `x + n·↑ + *k` equal the definition
    /// (one more than the latest option) on the interned canonical forms,
    /// which the other tests check against the slow twin.
    #[test]
    fn birthdays_have_closed_forms() {
        let mut s = GameStore::new();
        for p in -20i64..=20 {
            for q in 0..5u32 {
                for ups in -6i64..=6 {
                    for k in 0..6u32 {
                        let v = Simple::number(p, q).with(ups, k);
                        let g = s.simple(v).unwrap();
                        assert_eq!(u64::from(s.birthday(g)), v.birthday(), "{v:?}");
                    }
                }
            }
        }
    }

    /// Issue 13: memory is bounded by the budget; running out is an error,
    /// not an abort, and the store stays usable for what it already holds.
    #[test]
    fn the_budget_bounds_memory() {
        let mut s = GameStore::with_budget(1 << 20);
        let mut sum = s.zero();
        let mut failed = None;
        for k in 1..40 {
            // {0 || 0 | -k}: sums of distinct switches grow exponentially.
            let (zero, minus_k) = (s.zero(), s.try_integer(-k).unwrap());
            let inner = s.try_make(vec![zero], vec![minus_k]).unwrap();
            let g = s.try_make(vec![zero], vec![inner]).unwrap();
            match s.try_add(sum, g) {
                Ok(v) => sum = v,
                Err(e) => {
                    failed = Some((k, e));
                    break;
                }
            }
        }
        let (k, e) = failed.expect("the budget runs out");
        assert!(k > 3, "small sums fit");
        assert!(matches!(e, MexError::TooLarge { .. }), "{e}");
        let (used, budget) = s.memory();
        assert!(used > budget);
        assert!(s.len() * NODE_BYTES <= budget, "no node past the budget");
        // Still consistent: what was built can be queried, and growth fails.
        assert!(s.birthday(sum) >= 2 * k as u32 - 2);
        assert!(s.try_integer(-1).is_ok(), "values already stored are found");
        assert!(s.try_nimber(500).is_err());
    }

    /// Found by the AFL++ target: `{2||0} + *2222` (that is, `{2|0} + *2222`,
    /// from `{2||0} + ^*2222…`) needs about k³ comparisons of options and ran for
    /// an hour in little memory. The comparison budget bounds the time: the
    /// same sum under a budget too small for it is refused, and a bigger
    /// budget gives the value the fast paths predict.
    #[test]
    fn the_budget_bounds_comparisons() {
        let switch = |s: &mut GameStore| {
            let (two, zero) = (s.try_integer(2).unwrap(), s.zero());
            s.try_make(vec![two], vec![zero]).unwrap()
        };
        let mut tight = GameStore::with_limits(usize::MAX - 1, 1_000_000);
        let (g, star) = (switch(&mut tight), tight.try_nimber(300).unwrap());
        let e = tight
            .try_add(g, star)
            .expect_err("over the comparison budget");
        assert!(e.to_string().contains("comparisons"), "{e}");
        assert!(tight.comparisons() > 1_000_000);
        let mut enough = GameStore::with_limits(usize::MAX - 1, 100_000_000);
        let (g, star) = (switch(&mut enough), enough.try_nimber(300).unwrap());
        let sum = enough.try_add(g, star).unwrap();
        // {2|0} + *300 = {2*300 | *300}, a positive game: Right's move to
        // *300 is answered by Left's move to 0.
        assert!(enough.comparisons() > 1_000_000);
        assert_eq!(enough.try_outcome(sum).unwrap(), OutcomeClass::L);
        assert_eq!(GameStore::new().comparison_budget, u64::MAX);
        assert_eq!(
            GameStore::with_budget(1 << 20).comparison_budget,
            MAX_COMPARISONS
        );
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "another GameStore")]
    fn ids_of_another_store_are_refused() {
        let mut a = GameStore::new();
        let b = GameStore::new();
        let one = a.integer(1);
        b.birthday(one);
    }
}
