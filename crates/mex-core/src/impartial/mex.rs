//! The minimal excluded value (Nash–Sheenko, Definition 3.15): the smallest
//! non-negative integer not in a set.

/// MEX of any collection of small non-negative integers; duplicates allowed.
///
/// `mex([0, 1, 2, 3]) == 4` (Nash–Sheenko, Definition 3.15).
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
///
/// Invariant: `round` is never 0, the stamp of slots never written (fresh
/// slots are zero-filled), so a fresh slot is never taken for a member.
#[derive(Debug, Clone)]
pub struct MexScratch {
    stamps: Vec<u32>,
    round: u32,
}

impl Default for MexScratch {
    fn default() -> Self {
        Self::new()
    }
}

impl MexScratch {
    /// An empty scratch set.
    pub fn new() -> Self {
        MexScratch {
            stamps: Vec::new(),
            round: 1,
        }
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

    /// Regression: a fresh scratch used to start in round 0, the stamp of
    /// zero-filled slots, so after one insert every slot of the grown table
    /// counted as a member (`{5}` had MEX 8 instead of 0).
    #[test]
    fn fresh_scratch_holds_only_what_was_inserted() {
        for mut s in [MexScratch::new(), MexScratch::default()] {
            s.insert(5);
            assert!(s.contains(5));
            assert!(!s.contains(0));
            assert!(!s.contains(6));
            assert_eq!(s.mex_from(0), 0);
        }
    }

    /// The stamp counter wrapping around to 0 resets the stamps, so old
    /// members do not come back.
    #[test]
    fn wrapping_round_counter_forgets_old_members() {
        let mut s = MexScratch::new();
        s.insert(0);
        s.round = u32::MAX;
        s.insert(1);
        s.clear();
        assert_eq!(s.round, 1);
        assert!(!s.contains(0) && !s.contains(1));
        assert_eq!(s.mex_from(0), 0);
    }

    /// One step of a scratch's life: insert a value, or start a new set.
    #[derive(Debug, Clone)]
    enum Step {
        Insert(u32),
        Clear,
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![4 => (0u32..40).prop_map(Step::Insert), 1 => Just(Step::Clear)]
    }

    proptest! {
        /// From a fresh scratch, after every step of any sequence of inserts
        /// and clears, the scratch's MEX is the plain `mex` of the values
        /// inserted since the last clear.
        #[test]
        fn scratch_agrees_with_mex_over_any_history(steps in proptest::collection::vec(step(), 0..80)) {
            let mut scratch = MexScratch::new();
            let mut members: Vec<u64> = Vec::new();
            for step in steps {
                match step {
                    Step::Insert(v) => {
                        scratch.insert(v);
                        members.push(v as u64);
                    }
                    Step::Clear => {
                        scratch.clear();
                        members.clear();
                    }
                }
                prop_assert_eq!(scratch.mex_from(0) as u64, mex(members.iter().copied()));
                for v in 0..45u32 {
                    prop_assert_eq!(scratch.contains(v), members.contains(&(v as u64)));
                }
            }
        }

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
