//! Three-heap splits by sets of XORs, in O(n) word operations per heap
//! instead of the O(n²) triples of the full enumeration.
//!
//! Let `S2(m) = {G(b) ⊕ G(m − b) : 1 ≤ b < m}` (the values of the two-heap
//! splits of `m`) and `S3(m) = {G(a) ⊕ G(b) ⊕ G(c) : a + b + c = m, a, b,
//! c ≥ 1}`. Every three-heap split is a heap `a` and a two-heap split of
//! `m − a`, so `S3(m) = ⋃_{1 ≤ a ≤ m−2} (G(a) ⊕ S2(m − a))`, where `g ⊕ S`
//! is the set `S` with every element XORed by `g`. When every value is
//! below `2^k`, each set is a bitset of `2^k` bits and `g ⊕ S` a permutation
//! of its bits: the words are exchanged by the high bits of `g` and the bits
//! within a word swapped in blocks by the low six (the butterfly steps of a
//! bit permutation, Knuth 2011, §7.1.3). This is the XOR-convolution
//! view of the sparse-space literature (Gangolli–Plambeck 1989) applied to
//! three heaps; it holds for the rule "any three non-empty heaps", not for
//! unequal splits (`a < b < c`), which keep the full enumeration.

/// Most bitset words per set: values below 4096 (4 MB of sets for the 4096
/// values a three-heap code may run to). Beyond, the engine enumerates the
/// triples. Measured on 4096 values (one core): 0.8 3.1 s → 1.1 s, 8.0
/// 3.5 s → 0.9 s, 0.ff 6.3 s → 1.8 s; the values of these codes grow to
/// about n/2, so the sets are 32 to 64 words wide there.
const MAX_WORDS: usize = 64;

/// `S2(m)` and `S3(m)` as bitsets for every `m` below [`Self::len`].
#[derive(Debug, Clone, Default)]
pub(super) struct XorSets {
    /// Words per set (a power of two, at most [`MAX_WORDS`]).
    words: usize,
    /// `S2(m)` at `pairs[m·words..(m+1)·words]`.
    pairs: Vec<u64>,
    /// `S3(m)` at `triples[m·words..(m+1)·words]`.
    triples: Vec<u64>,
    /// Word operations done, for the callers' work budgets.
    pub(super) steps: u64,
}

/// Masks of the bit positions whose bit `s` is 0, for the swaps of
/// [`xor_bits`].
const SWAP_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// `to = g ⊕ from`: bit `v` of `to` is bit `v ⊕ g` of `from`, both sets of
/// `64·from.len()` bits (a power of two above `g`). Words move by the high
/// bits of `g`; then each low bit of `g` swaps blocks of bits in every word
/// (a loop the compiler vectorises).
#[inline(always)]
fn xor_set(from: &[u64], g: u32, to: &mut [u64]) {
    let high = (g / 64) as usize;
    for (k, word) in to.iter_mut().enumerate() {
        *word = from[k ^ high];
    }
    for (s, mask) in SWAP_MASKS.iter().enumerate() {
        if g >> s & 1 == 1 {
            let shift = 1 << s;
            for word in to.iter_mut() {
                *word = (*word & mask) << shift | (*word >> shift) & mask;
            }
        }
    }
}

impl XorSets {
    /// Words needed for values below `width`, if sets apply.
    fn words_for(width: usize) -> Option<usize> {
        let words = width.max(1).next_power_of_two().div_ceil(64);
        (words <= MAX_WORDS).then_some(words)
    }

    /// Number of heap sizes covered.
    fn len(&self) -> usize {
        self.pairs.len().checked_div(self.words).unwrap_or(0)
    }

    /// Makes `S3(m)` available for every `m ≤ values.len()`, given that
    /// every value is below `width`; `false` when the values are too large
    /// for sets (then nothing is kept).
    pub(super) fn extend(&mut self, values: &[u16], width: usize) -> bool {
        let Some(words) = Self::words_for(width) else {
            *self = XorSets {
                steps: self.steps,
                ..XorSets::default()
            };
            return false;
        };
        if words > self.words {
            // Wider values: the sets are rebuilt at the new width.
            self.words = words;
            self.pairs.clear();
            self.triples.clear();
        }
        while self.len() <= values.len() {
            self.push(values);
        }
        true
    }

    /// Appends `S2(m)` and `S3(m)` for `m = len()`: needs `G(1..m−1)`.
    fn push(&mut self, values: &[u16]) {
        let (m, words) = (self.len(), self.words);
        let mut pair_set = vec![0u64; words];
        for b in 1..=m / 2 {
            let v = (values[b] ^ values[m - b]) as usize;
            pair_set[v / 64] |= 1 << (v % 64);
        }
        let mut triple_set = vec![0u64; words];
        let mut moved = vec![0u64; words];
        // One heap `a` (1 ≤ a ≤ m − 2) and a two-heap split of `m − a`.
        let first_heaps = values.iter().enumerate().take(m.saturating_sub(1)).skip(1);
        for (a, &g) in first_heaps {
            let from = &self.pairs[(m - a) * words..(m - a + 1) * words];
            xor_set(from, u32::from(g), &mut moved);
            for (word, &add) in triple_set.iter_mut().zip(&moved) {
                *word |= add;
            }
        }
        self.steps += (m / 2 + m * words) as u64;
        self.pairs.extend_from_slice(&pair_set);
        self.triples.extend_from_slice(&triple_set);
    }

    /// The values of `S3(m)` (after [`Self::extend`] covered `m`).
    pub(super) fn triple_values(&self, m: usize) -> impl Iterator<Item = u16> + '_ {
        let set = &self.triples[m * self.words..(m + 1) * self.words];
        set.iter().enumerate().flat_map(|(k, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    (64 * k as u32 + bit) as u16
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_set_moves_every_bit_by_the_xor() {
        for g in 0..256u32 {
            for v in 0..256usize {
                let mut from = [0u64; 4];
                from[v / 64] = 1 << (v % 64);
                let mut to = [0u64; 4];
                xor_set(&from, g, &mut to);
                let w = v ^ g as usize;
                let mut expected = [0u64; 4];
                expected[w / 64] = 1 << (w % 64);
                assert_eq!(to, expected, "g {g} v {v}");
            }
        }
    }

    /// The sets against the definition, on values with several widths.
    #[test]
    fn sets_equal_the_enumerated_triples() {
        let value = |i: u32| {
            if i < 40 {
                i * 37 % 64
            } else {
                (i * 37 + i / 7) % 200
            }
        };
        let values: Vec<u16> = (0..120u32).map(|i| value(i) as u16).collect();
        let mut sets = XorSets::default();
        assert!(sets.extend(&values[..40], 64));
        assert!(sets.extend(&values, 256));
        for m in 0..=values.len() {
            let mut expected: Vec<u16> = Vec::new();
            for a in 1..m {
                for b in 1..m - a {
                    let c = m - a - b;
                    expected.push(values[a] ^ values[b] ^ values[c]);
                }
            }
            expected.sort_unstable();
            expected.dedup();
            let got: Vec<u16> = sets.triple_values(m).collect();
            assert_eq!(got, expected, "m {m}");
        }
        assert!(!sets.extend(&values, 5000));
    }
}
