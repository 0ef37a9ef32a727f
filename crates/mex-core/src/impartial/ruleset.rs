//! What a ruleset must say for the generic Sprague–Grundy solver: the
//! options of a position, and optionally how it splits into independent
//! components and a canonical key under the game's symmetries (in the spirit
//! of CGSuite's rulesets: small definitions plus hooks).

use crate::ruleset::Ruleset;
use crate::MexError;
use num_bigint::BigUint;

/// Grundy values by a game's own solver for a set of positions: computed
/// at once (Chomp's dense table of every staircase in a box), or searched
/// on demand with a table kept between positions (Cram's 64-bit board).
pub trait GrundyTable<P> {
    /// The value of `position`, `None` when this solver does not hold it;
    /// an error when its budget is spent or it is stopped.
    fn grundy(&mut self, position: &P) -> Option<Result<u64, MexError>>;
}

/// A game's own table, or its refusal of the memory budget.
pub type OwnTable<P> = Result<Box<dyn GrundyTable<P>>, MexError>;

/// A short impartial game under normal play. Play must terminate: every
/// sequence of moves from a position is finite (for games with cycles use
/// [`crate::solve::retrograde`]). Its positions ([`Ruleset::Position`])
/// are the transposition table's keys after
/// [`ImpartialRuleset::canonical`].
pub trait ImpartialRuleset: Ruleset {
    /// Appends every option (position reachable in one move) to `out`.
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// If the position is a sum of two or more independent components,
    /// returns them; the solver then XORs their Grundy values (Nash–Sheenko,
    /// Theorem 3.14 with Corollary 3.17). Each component must be a strictly
    /// simpler position. `None` (the default) means "not decomposable".
    fn decompose(&self, _position: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// A canonical representative of the position's symmetry class; equal
    /// keys must have equal Grundy values. The default is the identity.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// The Grundy value of `position` when a closed form gives it without
    /// search (a proven period, a formula), of any size; the solver then
    /// neither expands nor stores the position (it searches a position
    /// whose known value exceeds its 64-bit table). `None` (the default)
    /// means "search".
    fn known_grundy(&self, _position: &Self::Position) -> Option<BigUint> {
        None
    }

    /// Whether the pruned nimber search ([`crate::impartial::search`]) is
    /// the better engine for one position of this game (the default), or
    /// the full Sprague–Grundy solver ([`crate::impartial::grundy`]) is,
    /// as measured for games whose positions do not split into
    /// components.
    fn pruned_search_pays(&self) -> bool {
        true
    }

    /// A table of values by the game's own solver holding `position` (and
    /// whatever else it solves on the way, such as its options), within
    /// `memory` bytes, or its one-line refusal; `None` (the default) means
    /// the game has none for this position, and the engine chosen by
    /// [`ImpartialRuleset::pruned_search_pays`] decides.
    fn grundy_table(
        &self,
        _position: &Self::Position,
        _memory: usize,
    ) -> Option<OwnTable<Self::Position>> {
        None
    }

    /// How hard the position is to solve, for ordering a search's moves
    /// (easiest first): the pruned search asks about the options it could
    /// not answer from its tables in increasing order of their components'
    /// difficulties summed plus the option's place in the generated order
    /// (`impartial::search`); `0` (the default) keeps the generated order.
    fn difficulty(&self, _position: &Self::Position) -> u64 {
        0
    }

    /// Whether the position is known without search to be an N-position
    /// (nimber not 0); `false` (the default) means "not known".
    fn known_nonzero(&self, _position: &Self::Position) -> bool {
        false
    }

    /// Bytes of a position in a checkpoint of the nimber search
    /// ([`crate::impartial::search_checkpoint`]); `0` (the default) means
    /// the game's searches are not saved.
    fn record_bytes(&self) -> usize {
        0
    }

    /// Appends the position's [`ImpartialRuleset::record_bytes`] bytes.
    fn write_record(&self, _position: &Self::Position, _out: &mut Vec<u8>) {}

    /// The position written by [`ImpartialRuleset::write_record`], or
    /// `None` when the bytes are no position of the game.
    fn read_record(&self, _bytes: &[u8]) -> Option<Self::Position> {
        None
    }

    /// Appends the canonical keys of the position's components (its own
    /// key when it does not split): [`ImpartialRuleset::decompose`], then
    /// [`ImpartialRuleset::canonical`] of each (the default); a ruleset
    /// may do both in one pass.
    fn canonical_parts(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        match self.decompose(position) {
            Some(parts) if parts.len() >= 2 => out.extend(parts.iter().map(|p| self.canonical(p))),
            _ => out.push(self.canonical(position)),
        }
    }

    /// [`ImpartialRuleset::canonical_parts`], except that the components
    /// whose nimbers the ruleset knows at once (a dense table of small
    /// shapes) are not appended: the XOR of their nimbers is returned. The
    /// default knows none (appends every key, returns 0).
    fn unknown_parts(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> u64 {
        self.canonical_parts(position, out);
        0
    }
}

/// A borrowed ruleset is a ruleset (the solvers own theirs).
impl<R: ImpartialRuleset + ?Sized> ImpartialRuleset for &R {
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).options(position, out)
    }
    fn decompose(&self, position: &Self::Position) -> Option<Vec<Self::Position>> {
        (**self).decompose(position)
    }
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        (**self).canonical(position)
    }
    fn known_grundy(&self, position: &Self::Position) -> Option<BigUint> {
        (**self).known_grundy(position)
    }
    fn grundy_table(
        &self,
        position: &Self::Position,
        memory: usize,
    ) -> Option<OwnTable<Self::Position>> {
        (**self).grundy_table(position, memory)
    }
    fn difficulty(&self, position: &Self::Position) -> u64 {
        (**self).difficulty(position)
    }
    fn pruned_search_pays(&self) -> bool {
        (**self).pruned_search_pays()
    }
    fn known_nonzero(&self, position: &Self::Position) -> bool {
        (**self).known_nonzero(position)
    }
    fn record_bytes(&self) -> usize {
        (**self).record_bytes()
    }
    fn write_record(&self, position: &Self::Position, out: &mut Vec<u8>) {
        (**self).write_record(position, out)
    }
    fn read_record(&self, bytes: &[u8]) -> Option<Self::Position> {
        (**self).read_record(bytes)
    }
    fn canonical_parts(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).canonical_parts(position, out)
    }
    fn unknown_parts(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> u64 {
        (**self).unknown_parts(position, out)
    }
}
