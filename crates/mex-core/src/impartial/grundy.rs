//! The memoised, iterative Sprague–Grundy solver.
//!
//! `G(p) = mex { G(q) : q an option of p }` (Nash–Sheenko, Theorem 3.16), and
//! `G(a + b) = G(a) XOR G(b)` for a decomposable position. The recursion is
//! run on an explicit stack, so arbitrarily deep games cannot overflow the
//! call stack; values are kept in a [`TranspositionTable`].

use super::mex::mex;
use super::ruleset::ImpartialRuleset;
use crate::ruleset::Ruleset;
use crate::MexError;
use num_traits::ToPrimitive;
use rustc_hash::FxHashMap as HashMap;
use std::hash::Hash;

/// Storage for solved positions, behind a trait so that a caller can swap in
/// a bounded or persistent table.
pub trait TranspositionTable<K> {
    /// The stored Grundy value of `key`, if any.
    fn get(&self, key: &K) -> Option<u64>;
    /// Stores the Grundy value of `key`.
    fn insert(&mut self, key: K, value: u64);
    /// Number of stored positions.
    fn len(&self) -> usize;
    /// Whether nothing is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The default table: a hash map with the Fx hasher (positions are
/// small keys; SipHash cost a fifth of Chomp's solve).
#[derive(Debug, Clone)]
pub struct HashTable<K>(HashMap<K, u64>);

impl<K> Default for HashTable<K> {
    fn default() -> Self {
        HashTable(HashMap::default())
    }
}

impl<K: Eq + Hash> TranspositionTable<K> for HashTable<K> {
    fn get(&self, key: &K) -> Option<u64> {
        self.0.get(key).copied()
    }
    fn insert(&mut self, key: K, value: u64) {
        self.0.insert(key, value);
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

impl<K> HashTable<K> {
    /// The stored positions with their values.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&K, u64)> + '_ {
        self.0.iter().map(|(k, &v)| (k, v))
    }
}

/// The refusal of a table grown to `max` positions.
fn too_many_positions(max: usize) -> MexError {
    MexError::too_large(
        "the number of positions to solve",
        format!("{max} positions"),
        "choose a smaller position",
    )
}

/// How a frame combines the values of its children.
enum Combine {
    /// Children are options: take the MEX.
    Mex(Vec<u64>),
    /// Children are components of a sum: take the XOR.
    Xor(u64),
}

/// One position whose children are being evaluated.
struct Frame<P> {
    key: P,
    children: Vec<P>,
    next: usize,
    combine: Combine,
}

/// Computes Grundy values of positions of any [`ImpartialRuleset`].
pub struct GrundySolver<R: ImpartialRuleset, T = HashTable<<R as Ruleset>::Position>> {
    ruleset: R,
    table: T,
    max_positions: usize,
}

/// The default bound on stored positions (about a few GiB at most for small
/// position types); exceeding it is an error, not an out-of-memory crash.
pub const DEFAULT_MAX_POSITIONS: usize = 50_000_000;

impl<R: ImpartialRuleset> GrundySolver<R> {
    /// A solver with an empty hash table and the default size limit.
    pub fn new(ruleset: R) -> Self {
        Self::with_table(ruleset, HashTable::default())
    }

    /// The solved positions with their Grundy values (for a checkpoint:
    /// [`crate::impartial::search_checkpoint`]).
    pub fn known_values(&self) -> impl ExactSizeIterator<Item = (&R::Position, u64)> + '_ {
        self.table.iter()
    }
}

impl<R: ImpartialRuleset, T: TranspositionTable<R::Position>> GrundySolver<R, T> {
    /// A solver with a caller-provided table.
    pub fn with_table(ruleset: R, table: T) -> Self {
        GrundySolver {
            ruleset,
            table,
            max_positions: DEFAULT_MAX_POSITIONS,
        }
    }

    /// Sets the maximum number of positions the table may hold.
    pub fn with_max_positions(mut self, max_positions: usize) -> Self {
        self.max_positions = max_positions;
        self
    }

    /// The ruleset being solved.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// Number of positions solved so far.
    pub fn positions_solved(&self) -> usize {
        self.table.len()
    }

    /// Stores a Grundy value found earlier (read from a checkpoint): `key`
    /// must be canonical ([`ImpartialRuleset::canonical`]).
    pub fn remember(&mut self, key: R::Position, value: u64) -> Result<(), MexError> {
        if self.table.len() >= self.max_positions {
            return Err(too_many_positions(self.max_positions));
        }
        self.table.insert(key, value);
        Ok(())
    }

    /// The Grundy value of `position`; [`MexError::Stopped`] when a stop
    /// token installed by the caller ([`crate::stop`]) is stopped.
    pub fn grundy(&mut self, position: &R::Position) -> Result<u64, MexError> {
        let root = self.ruleset.canonical(position);
        if let Some(v) = self.lookup(&root) {
            return Ok(v);
        }
        let mut stack = vec![self.open(root)];
        loop {
            crate::stop::check()?;
            let top = stack
                .last_mut()
                .expect("stack is non-empty inside the loop");
            if top.next < top.children.len() {
                let child = self.ruleset.canonical(&top.children[top.next]);
                top.next += 1;
                match self.lookup(&child) {
                    Some(v) => absorb(&mut top.combine, v),
                    None => {
                        let frame = self.open(child);
                        stack.push(frame);
                    }
                }
                continue;
            }
            let done = stack.pop().expect("non-empty");
            let value = match done.combine {
                Combine::Mex(values) => mex(values),
                Combine::Xor(x) => x,
            };
            if self.table.len() >= self.max_positions {
                return Err(too_many_positions(self.max_positions));
            }
            self.table.insert(done.key, value);
            match stack.last_mut() {
                Some(parent) => absorb(&mut parent.combine, value),
                None => return Ok(value),
            }
        }
    }

    /// A value known without search: stored, or given by the ruleset's
    /// closed form.
    fn lookup(&self, key: &R::Position) -> Option<u64> {
        self.table
            .get(key)
            .or_else(|| self.ruleset.known_grundy(key)?.to_u64())
    }

    fn open(&self, key: R::Position) -> Frame<R::Position> {
        if let Some(parts) = self.ruleset.decompose(&key).filter(|p| p.len() >= 2) {
            return Frame {
                key,
                children: parts,
                next: 0,
                combine: Combine::Xor(0),
            };
        }
        let mut children = Vec::new();
        self.ruleset.options(&key, &mut children);
        Frame {
            key,
            combine: Combine::Mex(Vec::with_capacity(children.len())),
            children,
            next: 0,
        }
    }
}

fn absorb(combine: &mut Combine, value: u64) {
    match combine {
        Combine::Mex(values) => values.push(value),
        Combine::Xor(x) => *x ^= value,
    }
}

/// The textbook recursion with a plain memo and no decomposition or
/// symmetry: the slow twin the tests compare [`GrundySolver`] against.
/// Recursive, so only for shallow games.
pub fn grundy_by_definition<R: ImpartialRuleset>(ruleset: &R, position: &R::Position) -> u64 {
    fn go<R: ImpartialRuleset>(
        r: &R,
        p: &R::Position,
        memo: &mut HashMap<R::Position, u64>,
    ) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut options = Vec::new();
        r.options(p, &mut options);
        let v = mex(options.iter().map(|q| go(r, q, memo)).collect::<Vec<_>>());
        memo.insert(p.clone(), v);
        v
    }
    go(ruleset, position, &mut HashMap::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A chain 0 <- 1 <- 2 <- ... (each n moves to n-1): deep, value n mod 2.
    struct Chain;
    impl Ruleset for Chain {
        type Position = u32;
    }

    impl ImpartialRuleset for Chain {
        fn options(&self, p: &u32, out: &mut Vec<u32>) {
            if *p > 0 {
                out.push(p - 1);
            }
        }
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        let mut s = GrundySolver::new(Chain);
        assert_eq!(s.grundy(&1_000_001).unwrap(), 1);
        assert_eq!(s.grundy(&1_000_000).unwrap(), 0);
    }

    #[test]
    fn size_limit_is_an_error() {
        let mut s = GrundySolver::new(Chain).with_max_positions(100);
        assert!(matches!(s.grundy(&1000), Err(MexError::TooLarge { .. })));
    }

    /// A sum of take-1-or-2 heaps: positions are multisets of heaps; both the
    /// decomposition and canonical sorting are exercised.
    struct Bricks {
        split: bool,
    }
    impl Ruleset for Bricks {
        type Position = Vec<u8>;
    }

    impl ImpartialRuleset for Bricks {
        fn options(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for i in 0..p.len() {
                for take in 1..=2 {
                    if p[i] >= take {
                        let mut q = p.clone();
                        q[i] -= take;
                        out.push(q);
                    }
                }
            }
        }
        fn decompose(&self, p: &Vec<u8>) -> Option<Vec<Vec<u8>>> {
            (self.split && p.len() > 1).then(|| p.iter().map(|&h| vec![h]).collect())
        }
        fn canonical(&self, p: &Vec<u8>) -> Vec<u8> {
            let mut q: Vec<u8> = p.iter().copied().filter(|&h| h > 0).collect();
            q.sort_unstable();
            q
        }
    }

    proptest! {
        /// The Sprague–Grundy theorem on random sums: the value computed by
        /// brute force on the whole sum equals the XOR of the components.
        #[test]
        fn sums_are_xors(heaps in proptest::collection::vec(0u8..9, 1..4)) {
            let brute = grundy_by_definition(&Bricks { split: false }, &heaps);
            let xor = heaps.iter().fold(0, |acc, &h| acc ^ (h as u64 % 3));
            let mut split = GrundySolver::new(Bricks { split: true });
            let mut whole = GrundySolver::new(Bricks { split: false });
            prop_assert_eq!(brute, xor);
            prop_assert_eq!(split.grundy(&heaps).unwrap(), brute);
            prop_assert_eq!(whole.grundy(&heaps).unwrap(), brute);
        }
    }
}
