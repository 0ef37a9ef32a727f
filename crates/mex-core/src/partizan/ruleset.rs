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
    /// The most positions expanded at once (the height of the stack of
    /// frames; [`Evaluator::value_with_room`] bounds it).
    max_depth: usize,
    /// Whether the last refusal was for positions or depth (not memory).
    out_of_room: bool,
    /// Estimated bytes of the frames on the stack (with the positions they
    /// hold), counted against the store's budget beside what it has used.
    open_bytes: usize,
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
            max_depth: usize::MAX,
            out_of_room: false,
            open_bytes: 0,
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
        self.out_of_room = false;
        let result = self.value(store, p);
        let room_spent = self.out_of_room;
        (self.max_positions, self.max_depth) = (saved_positions, saved_depth);
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
    /// store's budget (or the caller's bound on positions) runs out, or
    /// [`MexError::Stopped`] when a stop token installed by the caller is
    /// stopped ([`crate::stop`], checked at every position searched).
    ///
    /// The search runs on an explicit stack of [`Frame`]s, not by
    /// recursion, so a play of any length fits the thread's stack: only
    /// memory (the store's budget, charged per memoised position) and time
    /// bound it.
    pub fn value(&mut self, store: &mut GameStore, p: &R::Position) -> Result<GameId, MexError> {
        self.open_bytes = 0;
        let mut stack = match self.start(store, p, 0)? {
            Started::Value(g) => return Ok(g),
            Started::Frame(f) => vec![f],
        };
        while let Some(mut top) = stack.pop() {
            let next = top.values.len();
            if next < top.children.len() {
                match self.start(store, &top.children[next], stack.len() + 1)? {
                    Started::Value(g) => {
                        top.values.push(g);
                        stack.push(top);
                    }
                    Started::Frame(f) => {
                        stack.push(top);
                        stack.push(f);
                    }
                }
                continue;
            }
            let g = self.finish(store, top)?;
            match stack.last_mut() {
                Some(parent) => parent.values.push(g),
                None => return Ok(g),
            }
        }
        unreachable!("the loop returns when the first frame finishes")
    }

    /// Begins the value of `p`, reached below `open` positions being
    /// expanded: its value when it is known (reached before, memoised, or
    /// given by [`PartizanRuleset::known_value`]), else the frame that
    /// expands its memo key.
    fn start(
        &mut self,
        store: &mut GameStore,
        p: &R::Position,
        open: usize,
    ) -> Result<Started<R::Position>, MexError> {
        let remember = self.ruleset.memo_reached();
        if let Some(&g) = self.reached.get(p).filter(|_| remember) {
            return Ok(Started::Value(g));
        }
        let (key, negated) = self.ruleset.oriented(p);
        let known = match self.memo.get(&key) {
            Some(&g) => Some(g),
            None => self.ruleset.known_value(store, &key)?,
        };
        let reached = remember.then(|| p.clone());
        if let Some(g) = known {
            return self.arrive(store, reached, negated, g).map(Started::Value);
        }
        crate::stop::check()?;
        if self.memo.len() >= self.max_positions || open >= self.max_depth {
            self.out_of_room = true;
            return Err(MexError::too_large(
                "the positions to evaluate",
                format!("{} positions", self.max_positions),
                "choose a smaller position",
            ));
        }
        let frame = self.frame(key, reached, negated);
        self.open(store, &frame)?;
        Ok(Started::Frame(frame))
    }

    /// Counts a new frame's bytes, refusing it when they and the store's
    /// use together pass the store's budget: the frames of a long play hold
    /// many positions before any of them is memoised.
    fn open(&mut self, store: &GameStore, f: &Frame<R::Position>) -> Result<(), MexError> {
        self.open_bytes += self.frame_bytes(f);
        let (used, budget) = store.memory();
        if used.saturating_add(self.open_bytes) > budget {
            return Err(MexError::budget_spent(
                crate::error::Budget::Memory,
                "the computation (canonical forms, memo tables and the frames of the search)",
                format!("{} of memory", crate::error::memory_amount(budget)),
                crate::partizan::store::SPENT_BUDGET_HINT,
            ));
        }
        Ok(())
    }

    /// Estimated bytes of a frame and the positions it holds.
    fn frame_bytes(&self, f: &Frame<R::Position>) -> usize {
        let position = std::mem::size_of::<R::Position>();
        let children: usize = f
            .children
            .iter()
            .map(|q| position + self.ruleset.heap_bytes(q))
            .sum();
        std::mem::size_of::<Frame<R::Position>>()
            + children
            + f.children.len() * std::mem::size_of::<GameId>()
            + self.ruleset.heap_bytes(&f.key)
    }

    /// The frame expanding `key`: its parts when it decomposes into two or
    /// more, else its Left options followed by its Right options.
    fn frame(
        &self,
        key: R::Position,
        reached: Option<R::Position>,
        negated: bool,
    ) -> Frame<R::Position> {
        let (children, left) = match self.ruleset.decompose(&key).filter(|v| v.len() >= 2) {
            Some(parts) => (parts, None),
            None => {
                let mut options = Vec::new();
                self.ruleset.left_options(&key, &mut options);
                let left = options.len();
                self.ruleset.right_options(&key, &mut options);
                (options, Some(left))
            }
        };
        Frame {
            values: Vec::with_capacity(children.len()),
            key,
            reached,
            negated,
            children,
            left,
        }
    }

    /// The value of a frame whose children are all valued: the sum of its
    /// parts or the game of its options, memoised under its key, then seen
    /// from the position that reached it.
    fn finish(&mut self, store: &mut GameStore, f: Frame<R::Position>) -> Result<GameId, MexError> {
        self.open_bytes -= self.frame_bytes(&f);
        let g = match f.left {
            None => {
                let mut sum = store.zero();
                for &v in &f.values {
                    sum = store.try_add(sum, v)?;
                }
                sum
            }
            Some(left) => {
                let mut values = f.values;
                let right = values.split_off(left);
                store.try_make(values, right)?
            }
        };
        self.charge(store, &f.key)?;
        self.memo.insert(f.key, g);
        self.notify(store)?;
        self.arrive(store, f.reached, f.negated, g)
    }

    /// The value of a reached position from its key's value `g`: negated
    /// when the key is its conjugate, and remembered as reached when the
    /// ruleset asks for it.
    fn arrive(
        &mut self,
        store: &mut GameStore,
        reached: Option<R::Position>,
        negated: bool,
        g: GameId,
    ) -> Result<GameId, MexError> {
        let g = if negated { store.try_neg(g)? } else { g };
        if let Some(p) = reached {
            self.charge(store, &p)?;
            self.reached.insert(p, g);
        }
        Ok(g)
    }
}

/// What [`Evaluator::start`] finds: a value at once, or a frame to expand.
enum Started<P> {
    Value(GameId),
    Frame(Frame<P>),
}

/// A position being expanded on the evaluator's stack.
struct Frame<P> {
    /// The memo key expanded.
    key: P,
    /// The position as reached, kept when the ruleset memoises it too.
    reached: Option<P>,
    /// Whether the reached position's value is the key's negative.
    negated: bool,
    /// The parts (when `left` is `None`) or the options, Left's first.
    children: Vec<P>,
    /// How many of the children are Left's options (`None`: parts of a sum).
    left: Option<usize>,
    /// The values of the first children, in order.
    values: Vec<GameId>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heaps from which Left takes 1 or 2 and Right 1 or 3 (a partizan
    /// subtraction game), split into heaps and sorted by the hooks.
    struct Takes {
        hooks: bool,
    }

    impl Ruleset for Takes {
        type Position = Vec<u32>;
    }

    fn takes(p: &[u32], amounts: [u32; 2], out: &mut Vec<Vec<u32>>) {
        for (i, &h) in p.iter().enumerate() {
            for a in amounts.into_iter().filter(|&a| a <= h) {
                let mut q = p.to_vec();
                q[i] = h - a;
                out.push(q);
            }
        }
    }

    impl PartizanRuleset for Takes {
        fn left_options(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            takes(p, [1, 2], out);
        }
        fn right_options(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            takes(p, [1, 3], out);
        }
        fn decompose(&self, p: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
            self.hooks.then(|| p.iter().map(|&h| vec![h]).collect())
        }
        fn canonical(&self, p: &Vec<u32>) -> Vec<u32> {
            let mut q = p.clone();
            if self.hooks {
                q.sort_unstable();
            }
            q
        }
    }

    /// The value by the definition: every option recursively (memoised on
    /// the position as it is, no hooks, no frames).
    fn by_definition(
        store: &mut GameStore,
        p: &Vec<u32>,
        memo: &mut std::collections::HashMap<Vec<u32>, GameId>,
    ) -> GameId {
        if let Some(&g) = memo.get(p) {
            return g;
        }
        let rules = Takes { hooks: false };
        let (mut lo, mut ro) = (Vec::new(), Vec::new());
        rules.left_options(p, &mut lo);
        rules.right_options(p, &mut ro);
        let left = lo.iter().map(|q| by_definition(store, q, memo)).collect();
        let right = ro.iter().map(|q| by_definition(store, q, memo)).collect();
        let g = store.make(left, right);
        memo.insert(p.clone(), g);
        g
    }

    #[test]
    fn the_stack_of_frames_agrees_with_the_definition() {
        let mut store = GameStore::new();
        let mut fast = Evaluator::new(Takes { hooks: true }, usize::MAX);
        let mut memo = std::collections::HashMap::new();
        for a in 0..6u32 {
            for b in 0..6u32 {
                for c in 0..4u32 {
                    let p = vec![a, b, c];
                    let g = fast.value(&mut store, &p).unwrap();
                    assert_eq!(g, by_definition(&mut store, &p, &mut memo), "{p:?}");
                }
            }
        }
    }

    /// A heap of 20 000 is a play of up to 20 000 moves (and as many
    /// positions expanded at once): the evaluator
    /// keeps its frames on the heap, so a thread of 256 KiB holds it.
    #[test]
    fn a_long_play_fits_a_small_stack() {
        let deep = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(|| {
                let mut store = GameStore::new();
                let mut ev = Evaluator::new(Takes { hooks: false }, usize::MAX);
                ev.value(&mut store, &vec![20_000]).map(|_| ev.positions())
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(deep, Ok(20_001));
    }

    #[test]
    fn a_store_budget_refuses_in_one_line_naming_memory() {
        let mut store = GameStore::with_budget(1 << 20);
        let mut ev = Evaluator::new(Takes { hooks: false }, usize::MAX);
        let e = ev.value(&mut store, &vec![30, 30, 30]).unwrap_err();
        let text = e.to_string();
        assert!(text.contains("1 MiB of memory"), "{text}");
        assert!(
            !text.contains('\n') && !text.contains("positions"),
            "{text}"
        );
    }
}
