//! What a partizan ruleset must say, and the memoising evaluator that turns
//! positions into canonical values.

use super::store::{GameId, GameStore};
use crate::ruleset::Ruleset;
use crate::MexError;
use rustc_hash::FxHashMap;

/// Estimated heap bytes of one memoised position that holds a small vector
/// (the vector and its allocator overhead): the default of
/// [`PartizanRuleset::heap_bytes`].
pub const POSITION_HEAP_BYTES: usize = 64;

/// A short partizan game: Left and Right options, and optional hooks for
/// decomposition into independent components and a canonical key. Its
/// positions ([`Ruleset::Position`]) are the memo keys after
/// [`PartizanRuleset::canonical`].
pub trait PartizanRuleset: Ruleset {
    /// Appends Left's options.
    fn left_options(&self, p: &Self::Position, out: &mut Vec<Self::Position>);
    /// Appends Right's options.
    fn right_options(&self, p: &Self::Position, out: &mut Vec<Self::Position>);
    /// Independent components whose sum is `p` (two or more), if any.
    fn decompose(&self, _p: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }
    /// A representative with the same value (symmetry); identity by default.
    fn canonical(&self, p: &Self::Position) -> Self::Position {
        p.clone()
    }
    /// The memo key of `p` and whether its value is `p`'s negative: for a
    /// ruleset with a symmetry that exchanges the players (the conjugate
    /// position has value −G), one representative of `p` and its
    /// conjugate, so that the search evaluates only one of the two. By
    /// default [`PartizanRuleset::canonical`], not negated.
    fn oriented(&self, p: &Self::Position) -> (Self::Position, bool) {
        (self.canonical(p), false)
    }
    /// Whether the evaluator also remembers the value of each position as
    /// it was reached (before [`PartizanRuleset::oriented`]), so that a
    /// position reached again skips its canonical key: for rulesets whose
    /// key costs more than a hash lookup. Off by default.
    fn memo_reached(&self) -> bool {
        false
    }
    /// The value of `p` when a closed form gives it without search (the
    /// evaluator then does not expand `p`); `Ok(None)` (the default) means
    /// "search", an error that the store's budget is spent.
    fn known_value(
        &self,
        _store: &mut GameStore,
        _p: &Self::Position,
    ) -> Result<Option<GameId>, MexError> {
        Ok(None)
    }
    /// The heap memory one memoised position holds besides its own size,
    /// charged to the store's budget: [`POSITION_HEAP_BYTES`] by default,
    /// 0 for positions that own no heap memory.
    fn heap_bytes(&self, _p: &Self::Position) -> usize {
        POSITION_HEAP_BYTES
    }
}

/// A borrowed ruleset is a ruleset (the evaluator owns its own).
impl<R: PartizanRuleset + ?Sized> PartizanRuleset for &R {
    fn left_options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).left_options(p, out)
    }
    fn right_options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).right_options(p, out)
    }
    fn decompose(&self, p: &Self::Position) -> Option<Vec<Self::Position>> {
        (**self).decompose(p)
    }
    fn canonical(&self, p: &Self::Position) -> Self::Position {
        (**self).canonical(p)
    }
    fn oriented(&self, p: &Self::Position) -> (Self::Position, bool) {
        (**self).oriented(p)
    }
    fn memo_reached(&self) -> bool {
        (**self).memo_reached()
    }
    fn known_value(
        &self,
        store: &mut GameStore,
        p: &Self::Position,
    ) -> Result<Option<GameId>, MexError> {
        (**self).known_value(store, p)
    }
    fn heap_bytes(&self, p: &Self::Position) -> usize {
        (**self).heap_bytes(p)
    }
}

/// Evaluates positions of a ruleset into a [`GameStore`], memoising values.
///
/// Each memoised position is charged to the store's memory budget (its
/// size, twice for table overhead, plus [`PartizanRuleset::heap_bytes`]
/// for what it holds on the heap), so a store made by [`GameStore::with_budget`]
/// bounds the whole evaluation.
pub struct Evaluator<R: PartizanRuleset> {
    ruleset: R,
    memo: FxHashMap<R::Position, GameId>,
    /// Values of positions as reached, when [`PartizanRuleset::memo_reached`].
    reached: FxHashMap<R::Position, GameId>,
    max_positions: usize,
    /// Positions being expanded at once (the depth of the recursion), and
    /// the most allowed ([`Evaluator::value_with_room`] bounds it).
    depth: usize,
    max_depth: usize,
    /// Whether the last refusal was for positions or depth (not memory).
    out_of_room: bool,
    observer: Option<Observer<R>>,
}

/// Called with the evaluator and its store every `every` new positions (for
/// progress and checkpoints); an error it returns stops the evaluation.
struct Observer<R: PartizanRuleset> {
    every: usize,
    call: ObserverFn<R>,
}

/// The callback of [`Evaluator::observe`].
pub type ObserverFn<R> = Box<dyn FnMut(&Evaluator<R>, &GameStore) -> Result<(), MexError>>;

impl<R: PartizanRuleset> Evaluator<R> {
    /// An evaluator with a bound on memoised positions.
    pub fn new(ruleset: R, max_positions: usize) -> Self {
        Evaluator {
            ruleset,
            memo: FxHashMap::default(),
            reached: FxHashMap::default(),
            max_positions,
            depth: 0,
            max_depth: usize::MAX,
            out_of_room: false,
            observer: None,
        }
    }

    /// The canonical value of `p` if it is found with at most `room` newly
    /// memoised positions and at most `depth` positions expanded at once
    /// (so the recursion stays shallow); `Ok(None)` when the room runs out
    /// (what was memoised so far is kept, so a later call goes on from it).
    /// Other errors (the store's budget, a stop) are returned.
    pub fn value_with_room(
        &mut self,
        store: &mut GameStore,
        p: &R::Position,
        room: usize,
        depth: usize,
    ) -> Result<Option<GameId>, MexError> {
        let (saved_positions, saved_depth) = (self.max_positions, self.max_depth);
        self.max_positions = self.memo.len().saturating_add(room).min(saved_positions);
        self.max_depth = depth;
        (self.depth, self.out_of_room) = (0, false);
        let result = self.value(store, p);
        let room_spent = self.out_of_room;
        (self.max_positions, self.max_depth, self.depth) = (saved_positions, saved_depth, 0);
        match result {
            Ok(g) => Ok(Some(g)),
            Err(MexError::TooLarge { .. }) if room_spent => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Calls `call` after every `every` newly memoised positions (at least
    /// one), with the evaluator and the store as they are then: every
    /// memoised position has its final value, so that is a consistent
    /// state to save. An error from `call` stops the evaluation with it.
    pub fn observe(&mut self, every: usize, call: ObserverFn<R>) {
        self.observer = Some(Observer {
            every: every.max(1),
            call,
        });
    }

    /// The positions memoised so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Every memoised position (a canonical key) with its value.
    pub fn memoised(&self) -> impl Iterator<Item = (&R::Position, GameId)> {
        self.memo.iter().map(|(p, &g)| (p, g))
    }

    /// Memoises `value` for the canonical key `key` (from a checkpoint),
    /// charged to the store's budget like a searched position: the
    /// evaluator then takes it as `key`'s value without searching.
    pub fn remember(
        &mut self,
        store: &mut GameStore,
        key: R::Position,
        value: GameId,
    ) -> Result<(), MexError> {
        self.charge(store, &key)?;
        self.memo.insert(key, value);
        Ok(())
    }

    /// Charges one memo entry for `key` to the store's budget.
    fn charge(&self, store: &mut GameStore, key: &R::Position) -> Result<(), MexError> {
        let entry = std::mem::size_of::<(R::Position, GameId)>();
        store.try_reserve(2 * entry + self.ruleset.heap_bytes(key))
    }

    /// Runs the observer when the memo has grown by its period.
    fn notify(&mut self, store: &GameStore) -> Result<(), MexError> {
        match self.observer.take() {
            Some(mut o) if self.memo.len().is_multiple_of(o.every) => {
                let r = (o.call)(self, store);
                self.observer = Some(o);
                r
            }
            other => {
                self.observer = other;
                Ok(())
            }
        }
    }

    /// The canonical value of `p`, or [`MexError::TooLarge`] when the
    /// positions or the store's budget run out, or [`MexError::Stopped`]
    /// when a stop token installed by the caller is stopped
    /// ([`crate::stop`], checked at every position searched).
    pub fn value(&mut self, store: &mut GameStore, p: &R::Position) -> Result<GameId, MexError> {
        let remember = self.ruleset.memo_reached();
        if let Some(&g) = self.reached.get(p).filter(|_| remember) {
            return Ok(g);
        }
        let (key, negated) = self.ruleset.oriented(p);
        let mut g = self.key_value(store, key)?;
        if negated {
            g = store.try_neg(g)?;
        }
        if remember {
            self.charge(store, p)?;
            self.reached.insert(p.clone(), g);
        }
        Ok(g)
    }

    /// The value of a memo key (from [`PartizanRuleset::oriented`]).
    fn key_value(&mut self, store: &mut GameStore, key: R::Position) -> Result<GameId, MexError> {
        if let Some(&g) = self.memo.get(&key) {
            return Ok(g);
        }
        if let Some(g) = self.ruleset.known_value(store, &key)? {
            return Ok(g);
        }
        crate::stop::check()?;
        if self.memo.len() >= self.max_positions || self.depth >= self.max_depth {
            self.out_of_room = true;
            return Err(MexError::too_large(
                "the positions to evaluate",
                format!("{} positions", self.max_positions),
                "choose a smaller position",
            ));
        }
        self.depth += 1;
        let g = self.expand(store, &key);
        self.depth -= 1;
        let g = g?;
        self.charge(store, &key)?;
        self.memo.insert(key, g);
        self.notify(store)?;
        Ok(g)
    }

    /// The value of a memo key from its parts or its options.
    fn expand(&mut self, store: &mut GameStore, key: &R::Position) -> Result<GameId, MexError> {
        Ok(
            if let Some(parts) = self.ruleset.decompose(key).filter(|v| v.len() >= 2) {
                let mut sum = store.zero();
                for part in &parts {
                    let v = self.value(store, part)?;
                    sum = store.try_add(sum, v)?;
                }
                sum
            } else {
                let (mut lo, mut ro) = (Vec::new(), Vec::new());
                self.ruleset.left_options(key, &mut lo);
                self.ruleset.right_options(key, &mut ro);
                let left = lo
                    .iter()
                    .map(|q| self.value(store, q))
                    .collect::<Result<Vec<_>, _>>()?;
                let right = ro
                    .iter()
                    .map(|q| self.value(store, q))
                    .collect::<Result<Vec<_>, _>>()?;
                store.try_make(left, right)?
            },
        )
    }
}
