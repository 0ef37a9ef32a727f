//! Who wins a sum of short partizan games with a given player moving first,
//! by minimax search (normal play: who cannot move loses), without computing
//! the canonical form of the whole sum.
//!
//! The methods are those of MCGS (Folkersen, Müller and Du 2024, a solver
//! for sums of combinatorial games; see docs/references.md; read for
//! ideas, none of its code is used):
//!
//! * **Sums as multisets.** A position of the search is a sum of
//!   components ([`Component`], object-safe, so one sum may mix games; any
//!   [`PartizanRuleset`] position is one through [`RulesetComponent`]). A
//!   component that splits into independent parts (the ruleset's
//!   `decompose`) is replaced by its parts.
//! * **Transposition table** keyed by the sorted multiset of the
//!   components' 128-bit keys and the player to move (the order of the
//!   components does not matter; two different sums share a key with
//!   probability about 2^-128 per pair, the only inexactness of the search).
//! * **Substitution.** A component whose canonical form is found within a
//!   small room ([`SearchLimits::room`] new positions of the ruleset's
//!   memoising evaluator, kept across attempts) is replaced by that form.
//!   Forms that are `x + n·↑ + *k` (numbers, nimbers, ups) are added into
//!   one such term in closed form (the store's fast paths); a form and its
//!   negative cancel (`G + (−G) = 0`); two forms whose birthdays add up
//!   to at most [`SearchLimits::merge_birthday`] are added into one (its
//!   canonical options are no more, usually far fewer). A sum of at most two forms and no
//!   other component is decided by comparing it with 0 (Conway 1976: Left
//!   moving first wins `G` iff `G ≰ 0`, Right iff `G ≱ 0`).
//! * **Enhanced transposition cutoff**: all options of a position are
//!   first looked up in the table and the closed forms; a known win is
//!   taken without search.
//! * **Move ordering**: the options not decided that way are tried in the
//!   order of the opponent's mobility after them (fewest replies first);
//!   within that, components before canonical forms, forms of larger
//!   birthday (hotter, usually) first, the closed-form term last. Moves in
//!   a number are never pruned (the Number Avoidance Theorem, Conway 1976,
//!   needs the rest of the sum not to equal a number, which a component
//!   not yet evaluated may).
//!
//! Bounds: the search runs on an explicit stack (no recursion, so long
//! games cannot overflow the thread's stack; the evaluator used for
//! substitution recurses at most [`SearchLimits::room`] deep); the table,
//! the stack and the store's forms are counted against
//! [`SearchLimits::memory`] as they grow (a [`MexError::TooLarge`] naming
//! it when spent), and [`crate::stop::check`] is called at every step.

use super::ruleset::{Evaluator, PartizanRuleset};
use super::store::{GameId, GameStore, Kind};
use crate::MexError;
use rustc_hash::{FxHashMap, FxHasher};
use std::cell::RefCell;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A player of a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left (positive values favour Left).
    Left,
    /// Right.
    Right,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// A boxed component of a sum.
pub type Boxed<'a> = Box<dyn Component<'a> + 'a>;

/// A component of a sum, as the search sees it: options for each player,
/// a split into independent parts, a key, and its canonical form when it
/// is cheap. Object-safe, so that one sum may hold components of several
/// games.
pub trait Component<'a> {
    /// A key equal for positions of equal value that the game identifies
    /// (the same position, or a symmetric one), and different otherwise
    /// (a 128-bit hash that includes the game).
    fn key(&self) -> u128;
    /// The options of `player`.
    fn options(&self, player: Player) -> Vec<Boxed<'a>>;
    /// Independent components whose sum this is (two or more), if any.
    fn parts(&self) -> Option<Vec<Boxed<'a>>>;
    /// Its canonical form in `store`, if found within `room` newly
    /// evaluated positions; `Ok(None)` otherwise. `search` names the
    /// search (and so the store) asking: what a component remembers
    /// between calls is valid for that store only.
    fn canonical(
        &self,
        store: &mut GameStore,
        room: Room,
        search: u64,
    ) -> Result<Option<GameId>, MexError>;
    /// A copy.
    fn boxed_clone(&self) -> Boxed<'a>;
    /// The one position its game keeps for all those of its key (the
    /// ruleset's canonical image), so that positions of equal keys have
    /// the same options in the same order.
    fn representative(&self) -> Boxed<'a>;
}

/// What the components of one ruleset share: the ruleset, a tag for keys
/// and the memoising evaluator (kept across substitution attempts).
struct Shared<R: PartizanRuleset> {
    ruleset: R,
    tag: u64,
    /// The evaluator and the search whose store holds its values.
    evaluator: RefCell<(u64, Evaluator<R>)>,
}

/// A position of a [`PartizanRuleset`] as a [`Component`].
pub struct RulesetComponent<R: PartizanRuleset> {
    shared: Rc<Shared<R>>,
    position: R::Position,
}

impl<R: PartizanRuleset + Clone> RulesetComponent<R> {
    /// `position` of `ruleset` (a reference, or a cheap handle) as a boxed
    /// component; `tag` tells this game from others whose positions have
    /// the same type (its name, say).
    pub fn boxed<'a>(ruleset: R, tag: &str, position: R::Position) -> Boxed<'a>
    where
        R: 'a,
    {
        let mut h = FxHasher::default();
        tag.hash(&mut h);
        let evaluator = Evaluator::new(ruleset.clone(), usize::MAX);
        let shared = Rc::new(Shared {
            ruleset,
            tag: h.finish(),
            evaluator: RefCell::new((0, evaluator)),
        });
        Box::new(RulesetComponent { shared, position })
    }

    fn wrap<'a>(&self, position: R::Position) -> Boxed<'a>
    where
        R: 'a,
    {
        Box::new(RulesetComponent {
            shared: Rc::clone(&self.shared),
            position,
        })
    }
}

/// A 128-bit key of `value` under `tag`: two independent 64-bit hashes.
fn key_of<T: Hash + ?Sized>(tag: u64, value: &T) -> u128 {
    let mut fx = FxHasher::default();
    (tag, value).hash(&mut fx);
    let mut sip = DefaultHasher::new();
    (tag, value).hash(&mut sip);
    (u128::from(fx.finish()) << 64) | u128::from(sip.finish())
}

impl<'a, R: PartizanRuleset + Clone + 'a> Component<'a> for RulesetComponent<R> {
    fn key(&self) -> u128 {
        let shared = &self.shared;
        key_of(shared.tag, &shared.ruleset.canonical(&self.position))
    }
    fn options(&self, player: Player) -> Vec<Boxed<'a>> {
        let mut out = Vec::new();
        match player {
            Player::Left => self.shared.ruleset.left_options(&self.position, &mut out),
            Player::Right => self.shared.ruleset.right_options(&self.position, &mut out),
        }
        out.into_iter().map(|q| self.wrap(q)).collect()
    }
    fn parts(&self) -> Option<Vec<Boxed<'a>>> {
        let parts = self.shared.ruleset.decompose(&self.position)?;
        Some(parts.into_iter().map(|q| self.wrap(q)).collect())
    }
    fn canonical(
        &self,
        store: &mut GameStore,
        room: Room,
        search: u64,
    ) -> Result<Option<GameId>, MexError> {
        let mut evaluator = self.shared.evaluator.borrow_mut();
        if evaluator.0 != search {
            *evaluator = (
                search,
                Evaluator::new(self.shared.ruleset.clone(), usize::MAX),
            );
        }
        evaluator
            .1
            .value_with_room(store, &self.position, room.positions, room.depth)
    }
    fn boxed_clone(&self) -> Boxed<'a> {
        self.wrap(self.position.clone())
    }
    fn representative(&self) -> Boxed<'a> {
        self.wrap(self.shared.ruleset.canonical(&self.position))
    }
}

/// What one substitution attempt may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Room {
    /// New positions the evaluator may memoise (0: no substitution).
    pub positions: usize,
    /// Positions it may expand at once: the depth of its recursion.
    pub depth: usize,
}

/// The limits and switches of a search.
#[derive(Debug, Clone, Copy)]
pub struct SearchLimits {
    /// Bytes the search may take (estimated as it grows): half for the
    /// transposition table and the stack, half for the store of canonical
    /// forms (substitution).
    pub memory: usize,
    /// What one substitution attempt may spend.
    pub room: Room,
    /// Two forms of a sum are added into one when their birthdays add up
    /// to at most this (0: never).
    pub merge_birthday: u32,
    /// Whether moves are ordered by the opponent's mobility after them
    /// (fewest replies first); otherwise in the order generated.
    pub order_by_mobility: bool,
}

/// The default memory of a search: 1 GiB (the machine it was written on
/// has 23 GiB shared by several users).
pub const DEFAULT_SEARCH_MEMORY: usize = 1 << 30;
/// The default room of a substitution attempt: 256 positions, 32 deep.
/// The evaluator's recursion takes about 1 KiB of stack per level, so a
/// search needs about 32 KiB of stack besides its caller's.
pub const DEFAULT_ROOM: Room = Room {
    positions: 256,
    depth: 32,
};

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            memory: DEFAULT_SEARCH_MEMORY,
            room: DEFAULT_ROOM,
            merge_birthday: DEFAULT_MERGE_BIRTHDAY,
            order_by_mobility: true,
        }
    }
}

/// The default of [`SearchLimits::merge_birthday`].
pub const DEFAULT_MERGE_BIRTHDAY: u32 = 12;

/// Estimated bytes of one entry of the table or of the cache of forms,
/// with the hash table's spare room.
const ENTRY_BYTES: usize = 48;
/// Forms summed and compared with 0 directly, when nothing else is left.
const MAX_FORMS_COMPARED: usize = 2;

/// The number of the next search (from 1: 0 is no search).
static NEXT_SEARCH: AtomicU64 = AtomicU64::new(1);

/// A number no search has: a store and the evaluators of components
/// asked with it agree ([`Component::canonical`]) for a computation of its
/// own (a proof's checker, say).
pub fn new_search_serial() -> u64 {
    NEXT_SEARCH.fetch_add(1, Ordering::Relaxed)
}

/// A sum during the search.
struct State<'a> {
    /// The sum of the terms `x + n·↑ + *k` (closed forms).
    simple: GameId,
    /// Other canonical forms, sorted.
    forms: Vec<GameId>,
    /// Components not replaced by forms, sorted by key.
    positions: Vec<(u128, Boxed<'a>)>,
}

impl<'a> State<'a> {
    fn copy(&self) -> State<'a> {
        State {
            simple: self.simple,
            forms: self.forms.clone(),
            positions: self
                .positions
                .iter()
                .map(|(k, c)| (*k, c.boxed_clone()))
                .collect(),
        }
    }

    fn key(&self, store: &GameStore, mover: Player) -> u128 {
        let ids: Vec<usize> = std::iter::once(self.simple)
            .chain(self.forms.iter().copied())
            .map(|g| store.index_of(g))
            .collect();
        let keys: Vec<u128> = self.positions.iter().map(|(k, _)| *k).collect();
        key_of(mover as u64, &(ids, keys))
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<Self>() + 8 * self.forms.len() + 64 * self.positions.len()
    }
}

/// A move of the search: the term it is in and what that term becomes.
enum Move<'a> {
    Position(usize, Boxed<'a>),
    Form(usize, GameId),
    Simple(GameId),
}

/// A position of the search being explored: its unknown children in the
/// order they are tried.
struct Frame<'a> {
    mover: Player,
    key: u128,
    children: Vec<(u128, Option<State<'a>>)>,
    next: usize,
    bytes: usize,
}

/// A position expanded: decided at once (whether the mover wins), or a
/// frame to explore.
enum Expansion<'a> {
    Decided(bool),
    Open(Frame<'a>),
}

/// The outcome search: a store of forms, a transposition table and a cache
/// of substituted forms, kept across calls (so `winner` for both first
/// players shares work).
pub struct OutcomeSearch {
    /// The store of canonical forms (put the forms of a sum here).
    pub store: GameStore,
    table: FxHashMap<u128, bool>,
    forms: FxHashMap<u128, Option<GameId>>,
    /// How many options each player has in a component (by key), for
    /// ordering.
    option_counts: FxHashMap<(u128, Player), usize>,
    limits: SearchLimits,
    /// This search's number (see [`Component::canonical`]).
    serial: u64,
    used: usize,
    /// Positions of the search expanded so far.
    pub expanded: u64,
}

impl OutcomeSearch {
    /// A search with these limits.
    pub fn new(limits: SearchLimits) -> Self {
        OutcomeSearch {
            store: GameStore::with_limits(limits.memory / 2, u64::MAX),
            table: FxHashMap::default(),
            forms: FxHashMap::default(),
            option_counts: FxHashMap::default(),
            limits,
            serial: new_search_serial(),
            used: 0,
            expanded: 0,
        }
    }

    /// Who wins the sum of `components` and `forms` (ids in
    /// [`OutcomeSearch::store`]) when `first` moves first.
    pub fn winner<'a>(
        &mut self,
        components: &[Boxed<'a>],
        forms: &[GameId],
        first: Player,
    ) -> Result<Player, MexError> {
        let mut root = State {
            simple: self.store.zero(),
            forms: Vec::new(),
            positions: Vec::new(),
        };
        for &g in forms {
            self.add_form(&mut root, g)?;
        }
        for c in components {
            self.add_component(&mut root, c.boxed_clone())?;
        }
        Ok(if self.wins(root, first)? {
            first
        } else {
            first.other()
        })
    }

    /// This search's number: canonical forms asked of components with it
    /// are kept in [`OutcomeSearch::store`].
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Charges `bytes` to the search's half of the memory budget.
    fn charge(&mut self, bytes: usize) -> Result<(), MexError> {
        self.used += bytes;
        if self.used > self.limits.memory / 2 {
            return Err(MexError::too_large(
                "the memory of the outcome search (table and stack)",
                format!("{} bytes", self.limits.memory),
                "give the search more memory or a smaller sum",
            ));
        }
        Ok(())
    }

    /// Adds a canonical form to a sum: into the closed-form term when it
    /// is `x + n·↑ + *k`; cancelling its negative; otherwise added to a
    /// form of the sum whose birthday is small enough
    /// ([`SearchLimits::merge_birthday`]: the canonical sum has no more
    /// options than the two terms, and usually far fewer), or kept apart.
    fn add_form(&mut self, state: &mut State, g: GameId) -> Result<(), MexError> {
        self.store.refuse_records(g, "the outcome search")?;
        let mut g = g;
        loop {
            if g == self.store.zero() {
                return Ok(());
            }
            if let Kind::Simple(_) = self.store.kind(g) {
                state.simple = self.store.try_add(state.simple, g)?;
                return Ok(());
            }
            let negative = self.store.try_neg(g)?;
            if let Ok(i) = state.forms.binary_search(&negative) {
                state.forms.remove(i);
                return Ok(());
            }
            let born = self.store.birthday(g);
            let limit = self.limits.merge_birthday;
            let partner = state
                .forms
                .iter()
                .position(|&f| self.store.birthday(f) + born <= limit);
            match partner {
                Some(i) => {
                    let f = state.forms.remove(i);
                    g = self.store.try_add(f, g)?;
                }
                None => {
                    let i = state.forms.binary_search(&g).unwrap_or_else(|i| i);
                    state.forms.insert(i, g);
                    return Ok(());
                }
            }
        }
    }

    /// Adds a component to a sum: its parts, each replaced by its form
    /// when that is cheap.
    fn add_component<'a>(&mut self, state: &mut State<'a>, c: Boxed<'a>) -> Result<(), MexError> {
        let mut work = vec![c];
        while let Some(c) = work.pop() {
            crate::stop::check()?;
            if let Some(parts) = c.parts().filter(|p| p.len() >= 2) {
                work.extend(parts);
                continue;
            }
            let key = c.key();
            match self.form_of(&*c, key)? {
                Some(g) => self.add_form(state, g)?,
                None => {
                    let i = state
                        .positions
                        .binary_search_by(|(k, _)| k.cmp(&key))
                        .unwrap_or_else(|i| i);
                    state.positions.insert(i, (key, c));
                }
            }
        }
        Ok(())
    }

    /// The canonical form of a component, when known or found within the
    /// room (attempts stop once the store has used half its budget).
    fn form_of(&mut self, c: &dyn Component, key: u128) -> Result<Option<GameId>, MexError> {
        if let Some(&g) = self.forms.get(&key) {
            return Ok(g);
        }
        let (used, budget) = self.store.memory();
        if self.limits.room.positions == 0 || used > budget / 2 {
            return Ok(None);
        }
        let g = c.canonical(&mut self.store, self.limits.room, self.serial)?;
        self.charge(ENTRY_BYTES)?;
        self.forms.insert(key, g);
        Ok(g)
    }

    /// Whether `mover`, moving first in `state`, wins: without search when
    /// the table or a closed form knows.
    fn known(&mut self, state: &State, mover: Player, key: u128) -> Result<Option<bool>, MexError> {
        if let Some(&won) = self.table.get(&key) {
            return Ok(Some(won));
        }
        if !state.positions.is_empty() || state.forms.len() > MAX_FORMS_COMPARED {
            return Ok(None);
        }
        let mut total = state.simple;
        for &g in &state.forms {
            total = self.store.try_add(total, g)?;
        }
        let zero = self.store.zero();
        let lost = match mover {
            Player::Left => self.store.try_leq(total, zero)?,
            Player::Right => self.store.try_leq(zero, total)?,
        };
        Ok(Some(!lost))
    }

    /// The moves of `mover` in `state`, best first.
    fn moves<'a>(&self, state: &State<'a>, mover: Player) -> Vec<Move<'a>> {
        let mut out = Vec::new();
        for (i, (_, c)) in state.positions.iter().enumerate() {
            out.extend(c.options(mover).into_iter().map(|o| Move::Position(i, o)));
        }
        let mut forms: Vec<usize> = (0..state.forms.len()).collect();
        forms.sort_by_key(|&i| std::cmp::Reverse(self.store.birthday(state.forms[i])));
        for i in forms {
            let node = self.store.node(state.forms[i]);
            let options = match mover {
                Player::Left => &node.left,
                Player::Right => &node.right,
            };
            out.extend(options.iter().map(|&o| Move::Form(i, o)));
        }
        // Moves in the closed-form term come last. They may not be left
        // out even when it is a number: the Number Avoidance Theorem
        // needs the rest of the sum to be unequal to a number, which a
        // component not yet evaluated may be (`1 + clobber:x`, where
        // `clobber:x = 0`, is won by Left only by moving in `1`).
        let node = self.store.node(state.simple);
        let options = match mover {
            Player::Left => &node.left,
            Player::Right => &node.right,
        };
        out.extend(options.iter().map(|&o| Move::Simple(o)));
        out
    }

    /// The sum after a move.
    fn play<'a>(&mut self, state: &State<'a>, m: &Move<'a>) -> Result<State<'a>, MexError> {
        let mut next = State {
            simple: state.simple,
            forms: state.forms.clone(),
            positions: Vec::with_capacity(state.positions.len() + 1),
        };
        match m {
            Move::Position(i, to) => {
                for (j, (k, c)) in state.positions.iter().enumerate() {
                    if j != *i {
                        next.positions.push((*k, c.boxed_clone()));
                    }
                }
                self.add_component(&mut next, to.boxed_clone())?;
            }
            Move::Form(i, to) => {
                next.positions = state.copy().positions;
                next.forms.remove(*i);
                self.add_form(&mut next, *to)?;
            }
            Move::Simple(to) => {
                next.positions = state.copy().positions;
                next.simple = self.store.zero();
                self.add_form(&mut next, *to)?;
            }
        }
        Ok(next)
    }

    /// The options of `mover` in `state` as sums, with a quick verdict:
    /// a winning move to a sum known lost for the opponent (from the table
    /// or a closed form: enhanced transposition cutoff), or no move left
    /// unknown; otherwise a frame whose unknown children are ordered by the
    /// opponent's mobility (fewest replies first).
    fn expand<'a>(
        &mut self,
        state: &State<'a>,
        mover: Player,
        key: u128,
    ) -> Result<Expansion<'a>, MexError> {
        let opponent = mover.other();
        let mut children = Vec::new();
        for m in self.moves(state, mover) {
            let child = self.play(state, &m)?;
            let child_key = child.key(&self.store, opponent);
            match self.known(&child, opponent, child_key)? {
                Some(false) => return Ok(Expansion::Decided(true)),
                Some(true) => {}
                None => {
                    let replies = if self.limits.order_by_mobility {
                        self.mobility(&child, opponent)?
                    } else {
                        0
                    };
                    children.push((replies, child_key, Some(child)));
                }
            }
        }
        if children.is_empty() {
            return Ok(Expansion::Decided(false));
        }
        children.sort_by_key(|c| c.0);
        let bytes = std::mem::size_of::<Frame>()
            + children
                .iter()
                .map(|c| c.2.as_ref().map_or(0, State::bytes) + 24)
                .sum::<usize>();
        self.charge(bytes)?;
        self.expanded += 1;
        Ok(Expansion::Open(Frame {
            mover,
            key,
            children: children.into_iter().map(|(_, k, c)| (k, c)).collect(),
            next: 0,
            bytes,
        }))
    }

    /// How many moves `player` has in `state` (an estimate for ordering:
    /// the components' options and the forms' canonical options).
    fn mobility(&mut self, state: &State, player: Player) -> Result<usize, MexError> {
        let mut positions = 0;
        for (key, c) in &state.positions {
            positions += match self.option_counts.get(&(*key, player)) {
                Some(&n) => n,
                None => {
                    let n = c.options(player).len();
                    self.charge(ENTRY_BYTES)?;
                    self.option_counts.insert((*key, player), n);
                    n
                }
            };
        }
        let side = |g: GameId| {
            let node = self.store.node(g);
            match player {
                Player::Left => node.left.len(),
                Player::Right => node.right.len(),
            }
        };
        Ok(positions + state.forms.iter().map(|&g| side(g)).sum::<usize>() + side(state.simple))
    }

    /// Remembers a result in the table.
    fn remember(&mut self, key: u128, won: bool) -> Result<(), MexError> {
        self.charge(ENTRY_BYTES)?;
        self.table.insert(key, won);
        Ok(())
    }

    /// Whether `mover` wins `root` moving first: depth-first on an
    /// explicit stack, each result remembered in the table.
    fn wins(&mut self, root: State, mover: Player) -> Result<bool, MexError> {
        let key = root.key(&self.store, mover);
        if let Some(won) = self.known(&root, mover, key)? {
            return Ok(won);
        }
        let mut stack = match self.expand(&root, mover, key)? {
            Expansion::Decided(won) => {
                self.remember(key, won)?;
                return Ok(won);
            }
            Expansion::Open(frame) => vec![frame],
        };
        let mut child_won: Option<bool> = None;
        loop {
            crate::stop::check()?;
            let frame = stack.last_mut().expect("the stack holds the root");
            let mut result = match child_won.take() {
                Some(false) => Some(true),
                _ => None,
            };
            while result.is_none() {
                let Some((child_key, child)) = frame.children.get_mut(frame.next) else {
                    result = Some(false);
                    break;
                };
                frame.next += 1;
                let (child_key, child) = (*child_key, child.take().expect("each child once"));
                let opponent = frame.mover.other();
                let verdict = match self.table.get(&child_key) {
                    Some(&won) => Expansion::Decided(won),
                    None => self.expand(&child, opponent, child_key)?,
                };
                match verdict {
                    Expansion::Decided(won) => {
                        self.remember(child_key, won)?;
                        if !won {
                            result = Some(true);
                        }
                    }
                    Expansion::Open(next) => {
                        stack.push(next);
                        break;
                    }
                }
            }
            if let Some(won) = result {
                let done = stack.pop().expect("a frame was explored");
                self.used -= done.bytes;
                self.remember(done.key, won)?;
                if stack.is_empty() {
                    return Ok(won);
                }
                child_won = Some(won);
            }
        }
    }
}

/// The slow twin of [`OutcomeSearch::winner`]: whether `mover` wins the sum
/// moving first, by the definition (some move to a sum the opponent loses
/// moving first), with no table and no simplification. Exponential: for
/// tests on small sums.
pub fn wins_by_definition(components: &[Boxed], mover: Player) -> bool {
    (0..components.len()).any(|i| {
        components[i].options(mover).into_iter().any(|o| {
            let mut next: Vec<Boxed> = components.iter().map(|c| c.boxed_clone()).collect();
            next[i] = o;
            !wins_by_definition(&next, mover.other())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;

    /// `C(k) = {C(k−1) | C(k−1)}`, `C(0) = 0`: `*` for odd `k`, 0 for even
    /// (by induction: `{0|0} = *`, `{*|*} = 0`); every play lasts `k` moves.
    struct Chain;
    impl Ruleset for Chain {
        type Position = u32;
    }
    impl PartizanRuleset for Chain {
        fn left_options(&self, p: &u32, out: &mut Vec<u32>) {
            out.extend(p.checked_sub(1));
        }
        fn right_options(&self, p: &u32, out: &mut Vec<u32>) {
            out.extend(p.checked_sub(1));
        }
    }

    /// A chain of 200,000 moves searched on a 256 KiB thread stack: the
    /// search's own stack is a vector, so it does not overflow.
    #[test]
    fn deep_chain_on_a_small_stack() {
        let run = || {
            let mut out = Vec::new();
            for k in [199_999u32, 200_000] {
                let mut search = OutcomeSearch::new(SearchLimits::default());
                let c = RulesetComponent::boxed(&Chain, "chain", k);
                out.push(search.winner(&[c], &[], Player::Left).unwrap());
            }
            out
        };
        let thread = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(run)
            .unwrap();
        assert_eq!(thread.join().unwrap(), [Player::Left, Player::Right]);
    }

    /// The chain against the definition on short chains, with and without
    /// substitution.
    #[test]
    fn short_chains_against_the_definition() {
        for k in 0..12u32 {
            let c = RulesetComponent::boxed(&Chain, "chain", k);
            for first in [Player::Left, Player::Right] {
                let slow = wins_by_definition(std::slice::from_ref(&c), first);
                for positions in [0, 256] {
                    let room = Room {
                        positions,
                        depth: 32,
                    };
                    let mut search = OutcomeSearch::new(SearchLimits {
                        room,
                        ..SearchLimits::default()
                    });
                    let won = search.winner(std::slice::from_ref(&c), &[], first).unwrap() == first;
                    assert_eq!(won, slow, "C({k}) with {positions} positions of room");
                }
            }
        }
    }
}
