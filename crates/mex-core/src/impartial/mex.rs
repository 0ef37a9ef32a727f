//! The minimal excluded value (seed 001, Definition 3.15): the smallest
//! non-negative integer not in a set.

/// MEX of any collection of small non-negative integers; duplicates allowed.
///
/// `mex([0, 1, 2, 3]) == 4` (seed 001, Definition 3.15).
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut v: Vec<u64> = values.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    v.iter()
        .enumerate()
        .find(|&(i, &x)| x != i as u64)
        .map_or(v.len() as u64, |(i, _)| i as u64)
}

/// A reusable set of small values for computing many MEXes without clearing
/// memory: each value carries the stamp of the round that last inserted it.
#[derive(Debug, Clone, Default)]
pub struct MexScratch {
    stamps: Vec<u32>,
    round: u32,
}

impl MexScratch {
    /// An empty scratch set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts a new, empty set in O(1) (amortised).
    #[inline]
    pub fn clear(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
    }

    /// Inserts a value.
    #[inline]
    pub fn insert(&mut self, value: u32) {
        let i = value as usize;
        if i >= self.stamps.len() {
            self.stamps.resize((i + 1).next_power_of_two(), 0);
        }
        self.stamps[i] = self.round;
    }

    /// Whether a value is in the set.
    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        self.stamps.get(value as usize) == Some(&self.round)
    }

    /// The smallest value not in the set, searching upward from `from`
    /// (the caller guarantees every value below `from` is present).
    #[inline]
    pub fn mex_from(&self, from: u32) -> u32 {
        let mut m = from;
        while self.contains(m) {
            m += 1;
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn seed_001_definition_3_15() {
        assert_eq!(mex([0, 1, 2, 3]), 4);
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 0, 2]), 1);
    }

    proptest! {
        #[test]
        fn scratch_agrees_with_definition(values in proptest::collection::vec(0u32..40, 0..30)) {
            let mut s = MexScratch::new();
            s.clear();
            s.insert(99);
            s.clear();
            for &v in &values { s.insert(v); }
            let slow = (0u32..).find(|m| !values.contains(m)).unwrap();
            prop_assert_eq!(s.mex_from(0), slow);
            prop_assert_eq!(mex(values.iter().map(|&v| v as u64)), slow as u64);
        }
    }
}
