//! A bounded cache of the results of `G ≤ H` between canonical forms of one
//! store, packed one word per result.
//!
//! The comparison `G ≤ H` (no `Gᴸ ≥ H`, no `Hᴿ ≤ G`; Conway 1976, ch. 0) is
//! the inner loop of canonical simplification, and the same pairs recur
//! across positions, so its results are worth keeping; but they are a cache,
//! not a result: forgetting one only costs its recomputation. Each entry is
//! one `u64` (`G`'s index in the high half, `H`'s in the low half, the answer
//! in the top bit) in a `hashbrown` table keyed by the pair alone, 9 bytes a
//! bucket against 13 for a map from a pair of ids to a `bool`.

use hashbrown::HashTable;

/// The bit of an entry that holds the answer (ids are below 2^31).
const ANSWER: u64 = 1 << 63;

/// A cache of at most `capacity` results of `≤`; when full it is emptied
/// (its memory kept) rather than grown.
#[derive(Debug)]
pub(crate) struct ComparisonCache {
    table: HashTable<u64>,
    capacity: usize,
    /// Whether the cache has been emptied once.
    wrapped: bool,
}

/// The pair `(g, h)` of store indices as one word.
fn pair(g: u32, h: u32) -> u64 {
    debug_assert!(g < 1 << 31, "store indices stay below 2^31");
    u64::from(g) << 32 | u64::from(h)
}

/// A 64-bit mix of the pair (the finaliser of MurmurHash3), so that both
/// halves reach the low bits that pick a bucket.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ x >> 33
}

impl ComparisonCache {
    /// An empty cache that keeps at most `capacity` results.
    pub(crate) fn new(capacity: usize) -> Self {
        ComparisonCache {
            table: HashTable::new(),
            capacity: capacity.max(1),
            wrapped: false,
        }
    }

    /// The remembered answer to `g ≤ h`, if any.
    pub(crate) fn get(&self, g: u32, h: u32) -> Option<bool> {
        let key = pair(g, h);
        self.table
            .find(mix(key), |&e| e & !ANSWER == key)
            .map(|&e| e & ANSWER != 0)
    }

    /// Remembers `g ≤ h` is `answer`. Returns whether the cache grew (it
    /// does not after it has been emptied once), for the memory budget.
    pub(crate) fn insert(&mut self, g: u32, h: u32, answer: bool) -> bool {
        if self.table.len() >= self.capacity {
            self.table.clear();
            self.wrapped = true;
        }
        let key = pair(g, h);
        let entry = if answer { key | ANSWER } else { key };
        self.table
            .insert_unique(mix(key), entry, |&e| mix(e & !ANSWER));
        !self.wrapped
    }

    /// Results held now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.table.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Against a plain map on a pseudo-random stream of pairs, with a
    /// capacity small enough to be emptied many times: every answer the
    /// cache gives is the one last inserted for that pair.
    #[test]
    fn answers_what_was_inserted_and_forgets_when_full() {
        let mut cache = ComparisonCache::new(64);
        let mut truth = HashMap::new();
        let mut x: u64 = 1;
        for _ in 0..20_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (g, h) = ((x >> 40) as u32 % 50, (x >> 20) as u32 % 50);
            let answer = x & 1 == 1;
            if let Some(seen) = cache.get(g, h) {
                assert_eq!(Some(&seen), truth.get(&(g, h)));
            } else {
                cache.insert(g, h, answer);
                truth.insert((g, h), answer);
            }
            assert!(cache.len() <= 64);
        }
        assert!(cache.wrapped);
    }

    #[test]
    fn the_largest_indices_keep_their_answer_apart() {
        let mut cache = ComparisonCache::new(8);
        let top = (1 << 31) - 1;
        cache.insert(top, top - 1, true);
        cache.insert(top - 1, top, false);
        assert_eq!(cache.get(top, top - 1), Some(true));
        assert_eq!(cache.get(top - 1, top), Some(false));
        assert_eq!(cache.get(top, top), None);
    }
}
