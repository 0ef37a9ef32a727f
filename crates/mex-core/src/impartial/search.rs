//! A pruned search for the nimber (and the outcome) of ONE impartial
//! position, after Beling and Rogalski (2020), "On pruning search trees of
//! impartial games".
//!
//! The nimber of `p` is `mex { G(q) : q an option of p }` (Sprague 1935,
//! Grundy 1939). Beling and Rogalski's search asks a narrower question,
//! "the nimber of `p` if it lies in the set `R`": the candidates for the
//! nimber start as `{0, …, n}` for `n` options; an option whose nimber is
//! known removes it from the candidates (or, when it is not a candidate,
//! the largest candidate: by pigeonhole the MEX lies among the others), and
//! an option is only asked about the candidates below the largest. The
//! search stops as soon as no candidate lies in `R`. At the root the
//! "aspiration set" variant asks, for `r = 0, 1, …`, only whether some
//! option has nimber `r`.
//!
//! Beyond the paper: a position is split into its components
//! ([`ImpartialRuleset::decompose`]; the nimber of a sum is the XOR of the
//! components' nimbers, Nash–Sheenko, Theorem 3.14); two equal components
//! cancel; every component is stored under its symmetry class
//! ([`ImpartialRuleset::canonical`]); all components but the hardest are
//! solved exactly and the hardest is asked about the requested set XOR the
//! others' nimber.
//!
//! The table of solved components grows under a memory budget in bytes,
//! checked before each growth; the search calls [`crate::stop::check`] at
//! every node. Recursion is bounded by [`MAX_DEPTH`] frames of a few hundred
//! bytes each; a component met deeper is solved by the iterative
//! [`GrundySolver`], so no game overflows the stack.
//!
//! A ruleset that cannot promise its play ends (one written by a user, such
//! as a Python ruleset) is searched with [`NimberSearch::with_cycle_check`]:
//! the components on the search's current path are kept in a set, and a
//! component met again while it is on the path is a cycle, an error naming
//! it ([`NimberSearch::repeated`]) instead of an endless search. Below
//! [`MAX_DEPTH`] the iterative solver runs through a guard that fails as
//! soon as it opens a position twice (it opens each position once, and
//! stores its value when it closes it, so a second opening is a position
//! still on its stack) or opens one on the search's path.

use super::grundy::GrundySolver;
use super::mex::mex;
use super::ruleset::ImpartialRuleset;
use crate::MexError;
use num_traits::ToPrimitive;
use rustc_hash::FxBuildHasher;
use std::cell::RefCell;
use std::num::NonZeroU64;

/// The default memory budget of the transposition table: 4 GiB, a sixth of
/// the 24 GiB machine the project is developed on, leaving room for others.
pub const DEFAULT_MEMORY_BYTES: usize = 4 << 30;

/// Recursion depth past which a component is solved by the iterative
/// [`GrundySolver`] instead (each search frame is well under 1 KiB, so
/// this stays under 1 MiB of stack).
pub const MAX_DEPTH: usize = 512;

/// A set of nimbers below 128, as bits.
type Set = u128;

/// Every nimber below 128.
const FULL: Set = u128::MAX;

/// `{0, …, n-1}` (all 128 when `n >= 128`).
fn below(n: usize) -> Set {
    if n >= 128 {
        FULL
    } else {
        (1u128 << n) - 1
    }
}

/// The set without its largest element.
fn without_largest(s: Set) -> Set {
    if s == 0 {
        0
    } else {
        s & !(1u128 << (127 - s.leading_zeros()))
    }
}

/// `{0, …, max(s)}`.
fn up_to_largest(s: Set) -> Set {
    if s == 0 {
        0
    } else {
        below(128 - s.leading_zeros() as usize)
    }
}

/// Puts the options still unknown after the first pass in the order the
/// search asks about them: by the sum of their unknown components'
/// [`ImpartialRuleset::difficulty`] plus their place in the ruleset's
/// order, so that a ruleset weighs the size of a component against its
/// own order of moves (with the default difficulty, 0, its order alone).
fn order_for_search(pending: &mut [Pending]) {
    for (place, p) in pending.iter_mut().enumerate() {
        p.difficulty = p.difficulty.saturating_add(place as u64);
    }
    pending.sort_by_key(|p| p.difficulty);
}

/// `{e XOR x : e in s}` for `x < 128`.
fn xor_each(mut s: Set, x: u64) -> Set {
    let mut out = 0;
    while s != 0 {
        let e = s.trailing_zeros() as u64;
        s &= s - 1;
        out |= 1u128 << (e ^ x);
    }
    out
}

/// A table from components to non-zero words, open addressing with linear
/// probing: each slot holds the key beside its word, so that a probe
/// usually reads one cache line (a table whose control bytes lie apart
/// from its slots reads two), and a slot of a 64-bit key is 16 bytes (the
/// empty slot is the zero word). It doubles when 3/4 full; removal shifts
/// the following entries back (Knuth 1998, §6.4, Algorithm R).
struct Table<P> {
    slots: Vec<Option<(P, NonZeroU64)>>,
    len: usize,
    /// `64 - log2(slots.len())`: a key's first slot is the top bits of
    /// its mixed hash.
    shift: u32,
}

impl<P: std::hash::Hash + Eq> Table<P> {
    fn new() -> Self {
        Table {
            slots: Vec::new(),
            len: 0,
            shift: 64,
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// Entries it holds before it doubles.
    fn capacity(&self) -> usize {
        self.slots.len() / 4 * 3
    }

    /// Bytes of a table of `slots` slots.
    fn bytes(slots: usize) -> usize {
        slots.saturating_mul(std::mem::size_of::<Option<(P, NonZeroU64)>>())
    }

    /// Bytes it occupies now.
    fn bytes_now(&self) -> usize {
        Self::bytes(self.slots.len())
    }

    /// Bytes it occupies while it doubles: the new slots beside the old,
    /// whose entries are moved one by one.
    fn bytes_while_doubling(&self) -> usize {
        Self::bytes((self.slots.len() * 3).max(16))
    }

    fn home(&self, key: &P) -> usize {
        use std::hash::BuildHasher;
        let hash = FxBuildHasher
            .hash_one(key)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (hash >> self.shift) as usize
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    fn position(&self, key: &P) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let mut i = self.home(key);
        loop {
            match &self.slots[i] {
                None => return None,
                Some((k, _)) if k == key => return Some(i),
                Some(_) => i = (i + 1) & self.mask(),
            }
        }
    }

    fn get(&self, key: &P) -> Option<u64> {
        let i = self.position(key)?;
        self.slots[i].as_ref().map(|(_, v)| v.get())
    }

    fn get_mut(&mut self, key: &P) -> Option<&mut NonZeroU64> {
        let i = self.position(key)?;
        self.slots[i].as_mut().map(|(_, v)| v)
    }

    /// Sets the word of a key in the table (`false` when it is not).
    fn update(&mut self, key: &P, word: NonZeroU64) -> bool {
        match self.get_mut(key) {
            Some(v) => {
                *v = word;
                true
            }
            None => false,
        }
    }

    /// Adds a key not in the table (doubling it when full).
    fn insert_new(&mut self, key: P, word: NonZeroU64) {
        if self.len >= self.capacity() {
            self.double();
        }
        let mut i = self.home(&key);
        while self.slots[i].is_some() {
            i = (i + 1) & self.mask();
        }
        self.slots[i] = Some((key, word));
        self.len += 1;
    }

    fn remove(&mut self, key: &P) {
        let Some(mut hole) = self.position(key) else {
            return;
        };
        self.slots[hole] = None;
        self.len -= 1;
        let mut j = hole;
        loop {
            j = (j + 1) & self.mask();
            let Some((k, _)) = &self.slots[j] else {
                return;
            };
            let home = self.home(k);
            // The entry at `j` stays when its home lies cyclically in
            // `(hole, j]`; otherwise it moves back into the hole.
            let stays = if hole <= j {
                hole < home && home <= j
            } else {
                hole < home || home <= j
            };
            if !stays {
                self.slots[hole] = self.slots[j].take();
                hole = j;
            }
        }
    }

    fn double(&mut self) {
        self.reserve(self.capacity() + 1);
    }

    /// The entries, in an order unrelated to their slots: a slot `i` at
    /// step `i · c` (`c` odd, so every slot once). A table filled in slot
    /// order (a checkpoint read back) would otherwise receive its keys
    /// sorted by home, and linear probing piles such keys into one
    /// cluster while the table is smaller than the one they came from.
    fn iter(&self) -> impl Iterator<Item = (&P, u64)> + '_ {
        const STEP: usize = 0x9e37_79b9_7f4a_7c15_u64 as usize | 1;
        let mask = self.slots.len().wrapping_sub(1);
        (0..self.slots.len())
            .filter_map(move |i| self.slots[i.wrapping_mul(STEP) & mask].as_ref())
            .map(|(k, v)| (k, v.get()))
    }

    /// Slots of a table that holds `entries` without doubling.
    /// (`usize::MAX` when no table in memory could.)
    fn slots_for(entries: usize) -> usize {
        let mut slots: usize = 16;
        while slots / 4 * 3 < entries {
            match slots.checked_mul(2) {
                Some(doubled) => slots = doubled,
                None => return usize::MAX,
            }
        }
        slots
    }

    /// Grows the table (never shrinks it) to hold `entries` without
    /// doubling.
    fn reserve(&mut self, entries: usize) {
        let slots = Self::slots_for(entries);
        if slots <= self.slots.len() {
            return;
        }
        let old = std::mem::replace(&mut self.slots, (0..slots).map(|_| None).collect());
        self.shift = 64 - slots.trailing_zeros();
        self.len = 0;
        for (key, word) in old.into_iter().flatten() {
            self.insert_new(key, word);
        }
    }
}

/// A nimber as a table's word (plus one, so that it is not zero).
fn nimber_word(v: u64) -> Result<NonZeroU64, MexError> {
    v.checked_add(1)
        .and_then(NonZeroU64::new)
        .ok_or_else(nimber_too_large)
}

/// An option of a position split into components: the XOR of its
/// components' known nimbers and the components still unknown.
/// The unknown components are `parts[start..start + len]` of a vector the
/// caller keeps (one per node, not one per option), the hardest last.
#[derive(Clone, Copy)]
struct Pending {
    known: u64,
    start: usize,
    len: usize,
    /// The sum of the unknown components' difficulties, plus the option's
    /// place once [`order_for_search`] has ordered the options.
    difficulty: u64,
}

impl Pending {
    fn parts<'a, P>(&self, arena: &'a [P]) -> &'a [P] {
        &arena[self.start..self.start + self.len]
    }
}

/// An iterator whose length is known in advance.
struct Counted<I> {
    inner: I,
    left: usize,
}

impl<I: Iterator> Iterator for Counted<I> {
    type Item = I::Item;
    fn next(&mut self) -> Option<I::Item> {
        let item = self.inner.next()?;
        self.left -= 1;
        Some(item)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<I: Iterator> ExactSizeIterator for Counted<I> {}

/// Counters of a search, for profiling and reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Components expanded (their options generated).
    pub expanded: u64,
    /// Searches that ended with "not in the requested set".
    pub cut: u64,
}

/// The pruned nimber search over any [`ImpartialRuleset`].
pub struct NimberSearch<R: ImpartialRuleset> {
    ruleset: R,
    /// Components with their nimbers plus one.
    table: Table<R::Position>,
    /// Nimbers below 64 proved NOT to be a component's (its searches that
    /// ended "not in the set"), until its nimber is known (bit `k` for
    /// `*k`; never empty). Apart from the nimbers: it is larger and
    /// colder, and the nimbers are looked up far more often.
    excluded: Table<R::Position>,
    memory_budget: usize,
    depth: usize,
    stats: SearchStats,
    /// Whether positions on the path are tracked (see the module's doc).
    cycle_check: bool,
    /// The components being searched, from the root down (cycle check only).
    path: hashbrown::HashSet<R::Position, FxBuildHasher>,
    /// The component found again on its own path, once a cycle is found.
    repeated: Option<R::Position>,
    /// Emptied vectors of positions, reused by the next expansion (no
    /// allocation for them once the search is under way).
    spare: Vec<Vec<R::Position>>,
    /// Emptied vectors of pending options, likewise.
    spare_pending: Vec<Vec<Pending>>,
}

impl<R: ImpartialRuleset> NimberSearch<R> {
    /// A search with an empty table and [`DEFAULT_MEMORY_BYTES`].
    pub fn new(ruleset: R) -> Self {
        NimberSearch {
            ruleset,
            table: Table::new(),
            excluded: Table::new(),
            memory_budget: DEFAULT_MEMORY_BYTES,
            depth: 0,
            stats: SearchStats::default(),
            cycle_check: false,
            path: hashbrown::HashSet::with_hasher(FxBuildHasher),
            repeated: None,
            spare: Vec::new(),
            spare_pending: Vec::new(),
        }
    }

    /// Refuses cycles: a component met again on the search's own path
    /// fails the search ([`MexError::Invalid`]), and [`NimberSearch::repeated`]
    /// names it. For rulesets whose play is not known to end.
    pub fn with_cycle_check(mut self) -> Self {
        self.cycle_check = true;
        self
    }

    /// The component found again on its own path, after a search failed
    /// on a cycle (with [`NimberSearch::with_cycle_check`]).
    pub fn repeated(&self) -> Option<&R::Position> {
        self.repeated.as_ref()
    }

    /// Sets the memory budget of the table, in bytes.
    pub fn with_memory_budget(mut self, bytes: usize) -> Self {
        self.memory_budget = bytes;
        self
    }

    /// The ruleset searched.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// Number of components whose nimber is stored.
    pub fn positions_stored(&self) -> usize {
        self.table.len()
    }

    /// Bytes the table occupies now (its slots; heap data owned by
    /// positions, if any, is not counted).
    pub fn table_bytes(&self) -> usize {
        self.table.bytes_now() + self.excluded.bytes_now()
    }

    /// The search's counters.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The components whose nimber is stored, with it (for a checkpoint:
    /// [`crate::impartial::search_checkpoint`]).
    pub fn known_nimbers(&self) -> impl ExactSizeIterator<Item = (&R::Position, u64)> + '_ {
        Counted {
            inner: self.table.iter().map(|(p, v)| (p, v - 1)),
            left: self.table.len(),
        }
    }

    /// The components with nimbers proved not theirs (bit `k` of the set
    /// for `*k`), their nimber still unknown.
    pub fn exclusions(&self) -> impl ExactSizeIterator<Item = (&R::Position, u128)> + '_ {
        Counted {
            inner: self.excluded.iter().map(|(p, s)| (p, u128::from(s))),
            left: self.excluded.len(),
        }
    }

    /// Stores a nimber found earlier (read from a checkpoint): `key` must
    /// be canonical ([`ImpartialRuleset::canonical`]) and `value` its
    /// nimber. Fails when the memory budget has no room.
    pub fn remember(&mut self, key: R::Position, value: u64) -> Result<(), MexError> {
        self.store(key, value)
    }

    /// Makes room at once for `known` nimbers and `excluded` exclusions
    /// (a checkpoint's counts, read before its records): fails when the
    /// nimbers do not fit the memory budget; the exclusions get the room
    /// left (the rest are dropped as they come, as in a search).
    pub fn reserve(&mut self, known: usize, excluded: usize) -> Result<(), MexError> {
        let nimbers = Table::<R::Position>::bytes(Table::<R::Position>::slots_for(known));
        if nimbers > self.memory_budget {
            return Err(self.table_too_large());
        }
        self.table.reserve(known);
        let room = self.memory_budget.saturating_sub(self.table.bytes_now());
        let mut fitting = excluded;
        while fitting > 0
            && Table::<R::Position>::bytes(Table::<R::Position>::slots_for(fitting)) > room
        {
            fitting /= 2;
        }
        self.excluded.reserve(fitting);
        Ok(())
    }

    /// Records nimbers proved earlier not to be `key`'s (bit `k` for `*k`;
    /// those from 64 on are not kept).
    pub fn remember_exclusion(&mut self, key: R::Position, set: u128) {
        self.exclude(&key, set)
    }

    /// The nimber of `position`.
    pub fn nimber(&mut self, position: &R::Position) -> Result<u64, MexError> {
        let mut arena = Vec::new();
        let pending = self.split(position, &mut arena)?;
        let mut value = pending.known;
        let Some((last, rest)) = pending.parts(&arena).split_last() else {
            return Ok(value);
        };
        for part in rest {
            value ^= self.exact(part)?;
        }
        Ok(value ^ self.nimber_by_aspiration(last)?)
    }

    /// Whether `position` is a P-position (nimber 0): the second player
    /// wins.
    pub fn is_p_position(&mut self, position: &R::Position) -> Result<bool, MexError> {
        self.is_sum_with_star_p(position, 0)
    }

    /// Whether `position + *k` is a P-position, that is whether the nimber
    /// of `position` is `k`.
    pub fn is_sum_with_star_p(&mut self, position: &R::Position, k: u64) -> Result<bool, MexError> {
        if k >= 128 {
            return Ok(self.nimber(position)? == k);
        }
        let mut arena = Vec::new();
        let pending = self.split(position, &mut arena)?;
        Ok(self.pending_in(pending.known, pending.parts(&arena), single(k))? == Some(k))
    }

    /// The components of `position`, canonical, with equal pairs cancelled
    /// and stored (or closed-form) nimbers XORed into `known`.
    fn split(
        &mut self,
        position: &R::Position,
        arena: &mut Vec<R::Position>,
    ) -> Result<Pending, MexError> {
        let start = arena.len();
        let mut keys = self.spare.pop().unwrap_or_default();
        let mut known = self.ruleset.unknown_parts(position, &mut keys);
        for key in keys.drain(..) {
            known ^= self.add_part(key, start, arena)?;
        }
        self.spare.push(keys);
        let mut difficulty = 0;
        let mut hardest = (start, 0);
        for (i, part) in arena.iter().enumerate().skip(start) {
            let d = self.ruleset.difficulty(part);
            difficulty += d;
            if d >= hardest.1 {
                hardest = (i, d);
            }
        }
        let len = arena.len() - start;
        if len > 0 {
            arena.swap(hardest.0, start + len - 1);
        }
        Ok(Pending {
            known,
            start,
            len,
            difficulty,
        })
    }

    /// Adds a canonical component to `arena[start..]` (or cancels it with
    /// an equal one there), or returns its known nimber.
    fn add_part(
        &self,
        key: R::Position,
        start: usize,
        arena: &mut Vec<R::Position>,
    ) -> Result<u64, MexError> {
        if let Some(v) = self.lookup(&key)? {
            return Ok(v);
        }
        match arena[start..].iter().position(|u| *u == key) {
            Some(i) => {
                arena.swap_remove(start + i);
            }
            None => arena.push(key),
        }
        Ok(0)
    }

    /// A nimber known without search: stored, or the ruleset's closed form.
    fn lookup(&self, key: &R::Position) -> Result<Option<u64>, MexError> {
        if let Some(v) = self.table.get(key) {
            return Ok(Some(v - 1));
        }
        match self.ruleset.known_grundy(key) {
            Some(g) => g.to_u64().map(Some).ok_or_else(nimber_too_large),
            None => Ok(None),
        }
    }

    /// The nimber of `pending` if it lies in `requested` (`Some`, possibly
    /// outside `requested` too), or `None` when it is proved not to.
    fn pending_in(
        &mut self,
        known: u64,
        parts: &[R::Position],
        requested: Set,
    ) -> Result<Option<u64>, MexError> {
        let mut value = known;
        let Some((last, rest)) = parts.split_last() else {
            return Ok(Some(value));
        };
        for part in rest {
            value ^= self.exact(part)?;
        }
        if value >= 128 {
            return Ok(Some(value ^ self.exact(last)?));
        }
        Ok(self
            .component_in(last, xor_each(requested, value))?
            .map(|v| v ^ value))
    }

    /// The exact nimber of one canonical component.
    fn exact(&mut self, key: &R::Position) -> Result<u64, MexError> {
        Ok(self
            .component_in(key, FULL)?
            .expect("the full set holds every candidate"))
    }

    /// Beling–Rogalski's search on one canonical component.
    fn component_in(&mut self, key: &R::Position, requested: Set) -> Result<Option<u64>, MexError> {
        if let Some(v) = self.lookup(key)? {
            return Ok(Some(v));
        }
        crate::stop::check()?;
        if self.depth >= MAX_DEPTH {
            let v = self.solve_deep(key)?;
            self.store(key.clone(), v)?;
            return Ok(Some(v));
        }
        let mut requested = requested;
        if let Some(excluded) = self.excluded.get(key) {
            requested &= !Set::from(excluded);
            if requested == 0 {
                return Ok(None);
            }
        }
        self.enter(key)?;
        self.depth += 1;
        let result = self.expand_in(key, requested);
        self.depth -= 1;
        self.leave(key);
        result
    }

    /// Puts `key` on the path (cycle check only), failing when it is
    /// there already.
    fn enter(&mut self, key: &R::Position) -> Result<(), MexError> {
        if self.cycle_check && !self.path.insert(key.clone()) {
            return Err(self.cycle_found(key.clone()));
        }
        Ok(())
    }

    fn leave(&mut self, key: &R::Position) {
        if self.cycle_check {
            self.path.remove(key);
        }
    }

    fn cycle_found(&mut self, key: R::Position) -> MexError {
        self.repeated = Some(key);
        MexError::invalid(
            "a position reached again from itself (play would never end)",
            "games whose every play ends",
        )
    }

    /// The nimber of a component met below [`MAX_DEPTH`], by the iterative
    /// solver (through the cycle guard when cycles are checked).
    fn solve_deep(&mut self, key: &R::Position) -> Result<u64, MexError> {
        if !self.cycle_check {
            return GrundySolver::new(&self.ruleset).grundy(key);
        }
        if self.path.contains(key) {
            return Err(self.cycle_found(key.clone()));
        }
        let guard = CycleGuard {
            inner: &self.ruleset,
            path: &self.path,
            table: &self.table,
            opened: RefCell::default(),
            repeated: RefCell::default(),
        };
        let result = GrundySolver::new(&guard).grundy(key);
        let repeated = guard.repeated.into_inner();
        match repeated {
            Some(p) => Err(self.cycle_found(p)),
            None => result,
        }
    }

    /// Records that `key`'s nimber is not in `set` (an improvement on the
    /// paper: a later question about the same nimbers is answered at
    /// once, and a wider one searches only the rest). Skipped when the
    /// memory budget has no room, and nimbers from 64 on are left out:
    /// the record only saves work.
    fn exclude(&mut self, key: &R::Position, set: Set) {
        let Some(set) = NonZeroU64::new(set as u64) else {
            return;
        };
        if let Some(old) = self.excluded.get_mut(key) {
            *old |= set;
            return;
        }
        if self.excluded.len() == self.excluded.capacity()
            && self.table.bytes_now() + self.excluded.bytes_while_doubling() > self.memory_budget
        {
            return;
        }
        self.excluded.insert_new(key.clone(), set);
    }

    fn expand_in(&mut self, key: &R::Position, requested: Set) -> Result<Option<u64>, MexError> {
        self.stats.expanded += 1;
        let mut options = self.spare.pop().unwrap_or_default();
        self.ruleset.options(key, &mut options);
        let mut pending = self.spare_pending.pop().unwrap_or_default();
        let mut arena = self.spare.pop().unwrap_or_default();
        let result = self.options_in(key, requested, &mut options, &mut pending, &mut arena);
        for mut v in [options, arena] {
            v.clear();
            self.spare.push(v);
        }
        pending.clear();
        self.spare_pending.push(pending);
        result
    }

    /// The search of [`NimberSearch::expand_in`] on the options of `key`,
    /// in vectors kept from earlier expansions.
    ///
    /// Invariant: if the nimber lies in `exact_within`, it lies in
    /// `candidates`. At the start `candidates` is `{0, …, n}` for `n`
    /// options (the MEX of `n` nimbers is at most `n`) and `exact_within`
    /// every nimber. An option whose nimber `v` is a candidate removes
    /// `v`, which is then not the MEX. One whose nimber is not a candidate
    /// removes the largest candidate `L`: were `L` the MEX, every
    /// candidate below it would be the nimber of an option not seen yet
    /// (no option seen has a candidate as its nimber), and there is one
    /// such option fewer than such candidates (Beling and Rogalski 2020).
    /// An option answered "not in `lower ∩ upto`" is counted as one whose
    /// nimber is not a candidate, which may remove the wrong candidate
    /// when its nimber is a candidate above `max(upto)`: from then on the
    /// invariant holds for the nimbers up to `max(upto)` only, and
    /// `exact_within` is `upto`. So a cut records every nimber of
    /// `exact_within` outside the candidates, not only the ones asked: a
    /// later question about one of them is answered without expanding
    /// `key` again (8–11% fewer expansions on Cram 4×9, 5×7, 5×8 and
    /// 3×14).
    fn options_in(
        &mut self,
        key: &R::Position,
        requested: Set,
        options: &mut Vec<R::Position>,
        pending: &mut Vec<Pending>,
        arena: &mut Vec<R::Position>,
    ) -> Result<Option<u64>, MexError> {
        if options.len() >= 127 {
            return self.by_definition(key, options).map(Some);
        }
        let mut candidates = below(options.len() + 1);
        for option in options.iter() {
            if candidates & requested == 0 {
                return Ok(self.cut(key, !candidates));
            }
            let p = self.split(option, arena)?;
            if p.len == 0 {
                candidates = remove(candidates, p.known);
            } else {
                pending.push(p);
            }
        }
        options.clear();
        order_for_search(pending);
        let upto = up_to_largest(requested);
        let mut exact_within = FULL;
        for p in pending.iter() {
            if candidates & requested == 0 {
                return Ok(self.cut(key, exact_within & !candidates));
            }
            let lower = without_largest(candidates);
            match self.pending_in(p.known, p.parts(arena), lower & upto)? {
                Some(v) => candidates = remove(candidates, v),
                None => {
                    candidates = lower;
                    exact_within = upto;
                }
            }
        }
        if exact_within == FULL || candidates & upto != 0 {
            let v = u64::from(candidates.trailing_zeros());
            self.store(key.clone(), v)?;
            Ok(Some(v))
        } else {
            Ok(self.cut(key, upto))
        }
    }

    /// Ends an expansion of `key` whose nimber is proved to lie outside
    /// `excluded`, recording that.
    fn cut(&mut self, key: &R::Position, excluded: Set) -> Option<u64> {
        self.stats.cut += 1;
        self.exclude(key, excluded);
        None
    }

    /// The MEX of the exact nimbers of the options (for components with
    /// 127 options or more, beyond the 128-bit candidate sets).
    fn by_definition(
        &mut self,
        key: &R::Position,
        options: &[R::Position],
    ) -> Result<u64, MexError> {
        let mut values = Vec::with_capacity(options.len());
        let mut arena = Vec::new();
        for option in options {
            arena.clear();
            let p = self.split(option, &mut arena)?;
            values.push(self.pending_in(p.known, &arena, FULL)?.expect("full set"));
        }
        let v = mex(values);
        self.store(key.clone(), v)?;
        Ok(v)
    }

    /// The aspiration-set search at the root (Beling and Rogalski 2020,
    /// Section 5): for `r = 0, 1, …`, is some option's nimber `r`?
    fn nimber_by_aspiration(&mut self, key: &R::Position) -> Result<u64, MexError> {
        if let Some(v) = self.lookup(key)? {
            return Ok(v);
        }
        self.enter(key)?;
        let result = self.aspire(key);
        self.leave(key);
        result
    }

    fn aspire(&mut self, key: &R::Position) -> Result<u64, MexError> {
        let mut options = Vec::new();
        self.ruleset.options(key, &mut options);
        let mut seen = Vec::new();
        let mut pending = Vec::with_capacity(options.len());
        let mut arena = Vec::with_capacity(options.len());
        for option in &options {
            let p = self.split(option, &mut arena)?;
            if p.len == 0 {
                seen.push(p.known);
            } else {
                pending.push(p);
            }
        }
        order_for_search(&mut pending);
        if self.ruleset.known_nonzero(key) {
            seen.push(0);
        }
        let mut r = 0u64;
        'candidates: loop {
            crate::stop::check()?;
            if seen.contains(&r) {
                r += 1;
                continue;
            }
            if r >= 127 {
                let v = self.by_definition(key, &options)?;
                return Ok(v);
            }
            let mut i = 0;
            while i < pending.len() {
                let p = pending[i];
                match self.pending_in(p.known, p.parts(&arena), single(r))? {
                    Some(v) => {
                        pending.remove(i);
                        if v == r {
                            r += 1;
                            continue 'candidates;
                        }
                        seen.push(v);
                    }
                    None => i += 1,
                }
            }
            self.store(key.clone(), r)?;
            return Ok(r);
        }
    }

    /// The refusal when the table of nimbers would outgrow the budget.
    fn table_too_large(&self) -> MexError {
        MexError::too_large(
            "the memory of the nimber search's transposition table",
            format!("{} bytes", self.memory_budget),
            "give the search more memory or choose a smaller position",
        )
    }

    /// Stores a component's nimber, refusing to grow the table past the
    /// memory budget.
    fn store(&mut self, key: R::Position, value: u64) -> Result<(), MexError> {
        let word = nimber_word(value)?;
        self.excluded.remove(&key);
        if self.table.update(&key, word) {
            return Ok(());
        }
        if self.table.len() == self.table.capacity() {
            let after = self.table.bytes_while_doubling() + self.excluded.bytes_now();
            if after > self.memory_budget {
                return Err(self.table_too_large());
            }
        }
        self.table.insert_new(key, word);
        Ok(())
    }
}

/// The ruleset as the iterative solver sees it below [`MAX_DEPTH`] with
/// the cycle check: the search's known nimbers are known, and a position
/// opened twice or on the search's path is recorded as repeated (and given
/// no options, so the solver ends; its answer is then discarded).
/// [`GrundySolver`] asks `decompose` exactly once each time it opens a
/// position.
struct CycleGuard<'a, R: ImpartialRuleset> {
    inner: &'a R,
    path: &'a hashbrown::HashSet<R::Position, FxBuildHasher>,
    table: &'a Table<R::Position>,
    opened: RefCell<hashbrown::HashSet<R::Position, FxBuildHasher>>,
    repeated: RefCell<Option<R::Position>>,
}

impl<R: ImpartialRuleset> crate::ruleset::Ruleset for CycleGuard<'_, R> {
    type Position = R::Position;
}

impl<R: ImpartialRuleset> ImpartialRuleset for CycleGuard<'_, R> {
    fn options(&self, position: &R::Position, out: &mut Vec<R::Position>) {
        if self.repeated.borrow().is_none() {
            self.inner.options(position, out);
        }
    }
    fn decompose(&self, position: &R::Position) -> Option<Vec<R::Position>> {
        let again =
            self.path.contains(position) || !self.opened.borrow_mut().insert(position.clone());
        if again {
            self.repeated
                .borrow_mut()
                .get_or_insert_with(|| position.clone());
        }
        if self.repeated.borrow().is_some() {
            return None;
        }
        self.inner.decompose(position)
    }
    fn canonical(&self, position: &R::Position) -> R::Position {
        self.inner.canonical(position)
    }
    fn known_grundy(&self, position: &R::Position) -> Option<num_bigint::BigUint> {
        match self.table.get(position) {
            Some(v) => Some((v - 1).into()),
            None => self.inner.known_grundy(position),
        }
    }
}

/// `{k}` for `k < 128`, empty otherwise.
fn single(k: u64) -> Set {
    if k < 128 {
        1u128 << k
    } else {
        0
    }
}

/// Removes nimber `v` from the candidates, or, when `v` is not one, the
/// largest candidate (the MEX is then among the others, by pigeonhole).
fn remove(candidates: Set, v: u64) -> Set {
    let bit = single(v);
    if candidates & bit != 0 {
        candidates & !bit
    } else {
        without_largest(candidates)
    }
}

fn nimber_too_large() -> MexError {
    MexError::too_large(
        "a component's nimber",
        "nimbers below 2^64",
        "choose a smaller position",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    impl<P: std::hash::Hash + Eq> Table<P> {
        /// Occupied slots from `key`'s home to the first empty one (the
        /// probes of inserting it).
        fn probes_to_insert(&self, key: &P) -> usize {
            if self.len >= self.capacity() {
                return 0;
            }
            let mut i = self.home(key);
            let mut probes = 0;
            while self.slots[i].is_some() {
                i = (i + 1) & self.mask();
                probes += 1;
            }
            probes
        }
    }

    /// A table filled from another's `iter` (as a checkpoint is read
    /// back) probes a few slots per insertion. In slot order the keys
    /// would come sorted by home, and while the new table is smaller than
    /// the old one linear probing piles them into one run (with that
    /// order: about 2,650 probes per insertion here).
    #[test]
    fn a_table_refilled_from_another_probes_few_slots() {
        let mut first = Table::new();
        for k in 0..50_000u64 {
            first.insert_new(k.wrapping_mul(0x2545_f491_4f6c_dd1d), NonZeroU64::MIN);
        }
        let mut second = Table::new();
        let mut probes = 0;
        for (key, word) in first.iter() {
            probes += second.probes_to_insert(key);
            second.insert_new(*key, NonZeroU64::new(word).unwrap());
        }
        assert_eq!(second.len(), first.len());
        let per_insertion = probes as f64 / first.len() as f64;
        assert!(per_insertion < 4.0, "{per_insertion} probes per insertion");
        let mut reserved = Table::new();
        reserved.reserve(first.len());
        let slots = reserved.slots.len();
        for (key, word) in first.iter() {
            reserved.insert_new(*key, NonZeroU64::new(word).unwrap());
        }
        assert_eq!(reserved.slots.len(), slots, "no doubling after reserve");
        assert!(first.iter().all(|(k, v)| reserved.get(k) == Some(v)));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// The table against the standard map on random inserts, updates,
        /// removals and lookups of a few hundred keys (so that runs of
        /// occupied slots wrap and entries shift back).
        #[test]
        fn table_against_a_map(ops in proptest::collection::vec((0u8..4, 0u64..300, 1u64..1000), 1..3000)) {
            let mut table = Table::new();
            let mut map = HashMap::new();
            for (op, key, word) in ops {
                let word = NonZeroU64::new(word).unwrap();
                match op {
                    0 => {
                        if !table.update(&key, word) {
                            table.insert_new(key, word);
                        }
                        map.insert(key, word.get());
                    }
                    1 => {
                        table.remove(&key);
                        map.remove(&key);
                    }
                    2 => {
                        if let Some(v) = table.get_mut(&key) {
                            *v |= word;
                        }
                        if let Some(v) = map.get_mut(&key) {
                            *v |= word.get();
                        }
                    }
                    _ => {}
                }
                proptest::prop_assert_eq!(table.get(&key), map.get(&key).copied());
                proptest::prop_assert_eq!(table.len(), map.len());
            }
            for (key, v) in &map {
                proptest::prop_assert_eq!(table.get(key), Some(*v));
            }
            proptest::prop_assert_eq!(table.iter().count(), map.len());
        }
    }
}
