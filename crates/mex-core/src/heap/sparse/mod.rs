//! The sparse-space (rare/common) nim-sequence engine for take-and-break
//! codes, after Gangolli–Plambeck 1989 and Flammenkamp.
//!
//! A bit mask `M` splits values into two classes: *common* values `v` with
//! `popcount(v & M)` odd and *rare* values with it even. The XOR of two
//! common values is rare, so a two-heap option can only have a common value
//! if at least one of its heaps has a rare value. Hence:
//!
//! 1. insert every option that involves a rare heap (iterating over the few
//!    rare positions), plus every one- and three-heap option;
//! 2. if the MEX `m` of that partial set is common, no common+common split
//!    can produce `m` and every value below `m` is present: `G(n) = m`;
//! 3. otherwise scan the common+common splits, stopping as soon as the MEX
//!    becomes common (or at the end of the scan).
//!
//! The mask minimising the number of rare positions is chosen by a
//! Walsh–Hadamard transform of the value counts, and reviewed as the
//! sequence grows. With `M = 0` every value is rare and the engine runs the
//! plain O(n) scan, so games without sparse space (Kayles) cost no more than
//! the naive method.
//!
//! With unequal splits (codes with suffix `u`, e.g. Grundy's game `4.0u`)
//! the split of `rest` into `a + a` is skipped, and three-heap splits need
//! `a < b < c`; the rare/common argument is unchanged, since it only
//! concerns which splits can produce a given value.

use super::code::TakeBreakCode;
use crate::MexError;
use std::ops::Range;

mod three_heap;
mod two_cores;

/// Counters describing how the engine worked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SparseStats {
    /// Two-heap splits looked at through the rare list.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::decimal::serialize"))]
    pub rare_pairs: u64,
    /// Two-heap splits looked at in full scans.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::decimal::serialize"))]
    pub scanned_pairs: u64,
    /// Positions whose value needed a full scan.
    pub full_scans: u64,
    /// Times the class mask was re-chosen.
    pub mask_changes: u64,
    /// Three-heap work, in units of a scanned pair: two per triple
    /// enumerated (a random access each, about 1.7 times the cost of a
    /// pair scanned in order), plus the word operations on the sets of XORs
    /// that replace the enumeration when values are small.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::decimal::serialize"))]
    pub three_heap_steps: u64,
}

/// The growing nim sequence of one code.
#[derive(Debug, Clone)]
pub struct TakeBreakSequence {
    code: TakeBreakCode,
    unequal: bool,
    values: Vec<u16>,
    /// How many leading values came from outside (a checkpoint file) rather
    /// than being computed here.
    resumed: usize,
    takes: Vec<(usize, u8)>,
    splits2: Vec<usize>,
    splits3: Vec<usize>,
    /// Sets of two- and three-heap XORs, for three-heap splits.
    xor_sets: three_heap::XorSets,
    classes: Classes,
    marks: Marks,
    block: BlockFlags,
    blocking: bool,
    /// Threads to use (1, or 2 with a helper thread; see `two_cores`).
    threads: usize,
    /// The largest removal of a two-heap split (0 when there is none).
    largest_split_removal: usize,
    /// Positions evaluated in blocks (for the tests).
    blocked_positions: usize,
    stats: SparseStats,
}

/// The set of option values of the current position: `stamp[v] == round`
/// means `v` is present. Marking is a plain store (no read-modify-write, so
/// no dependency between consecutive marks) and a new round clears the set
/// in O(1). Values are `u16`, so every XOR of two values indexes in bounds.
#[derive(Debug, Clone)]
struct Marks {
    stamp: Box<[u32]>,
    round: u32,
    xors: Box<[u16]>,
}

impl Marks {
    fn new() -> Self {
        Marks {
            stamp: vec![0u32; 1 << 16].into_boxed_slice(),
            round: 0,
            xors: vec![0u16; XOR_CHUNK].into_boxed_slice(),
        }
    }

    /// A placeholder with no storage, left in the sequence while its real
    /// marks are lent out.
    fn empty() -> Self {
        Marks {
            stamp: Box::new([]),
            round: 0,
            xors: Box::new([]),
        }
    }

    #[inline]
    fn next_round(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
    }
}

/// The option values of one position as it is being evaluated: marking a
/// value, asking for one, and marking the XORs of a run of two-heap splits.
trait OptionSet {
    fn mark(&mut self, v: u16);

    fn has(&self, v: u32) -> bool;

    /// Marks `values[a] ^ values[rest − a]` for `a` in `lo..=hi`.
    fn mark_pairs(&mut self, values: &[u16], rest: usize, lo: usize, hi: usize);

    /// The least value `≥ from` that is not marked.
    fn mex_from(&self, from: u32) -> u32 {
        let mut m = from;
        while self.has(m) {
            m += 1;
        }
        m
    }
}

/// Forms `values[a] ^ values[rest − a]` for `a` in `lo..=hi` in chunks of
/// at most `buf.len()` (a loop the compiler vectorises) and hands each
/// chunk to `store`.
#[inline(always)]
fn xor_pairs_in_chunks(
    values: &[u16],
    rest: usize,
    lo: usize,
    hi: usize,
    buf: &mut [u16],
    mut store: impl FnMut(&[u16]),
) {
    let mut a = lo;
    while a <= hi {
        let end = hi.min(a + buf.len() - 1);
        let left = &values[a..=end];
        let right = &values[rest - end..=rest - a];
        let chunk = &mut buf[..left.len()];
        for ((b, x), y) in chunk.iter_mut().zip(left).zip(right.iter().rev()) {
            *b = x ^ y;
        }
        store(chunk);
        a = end + 1;
    }
}

impl OptionSet for Marks {
    #[inline(always)]
    fn mark(&mut self, v: u16) {
        self.stamp[v as usize] = self.round;
    }

    #[inline]
    fn has(&self, v: u32) -> bool {
        self.stamp.get(v as usize) == Some(&self.round)
    }

    /// The XORs are formed in a buffer first, then stored as marks (one
    /// plain store each).
    #[inline(always)]
    fn mark_pairs(&mut self, values: &[u16], rest: usize, lo: usize, hi: usize) {
        let round = self.round;
        let stamp = &mut self.stamp[..1 << 16];
        xor_pairs_in_chunks(values, rest, lo, hi, &mut self.xors, |chunk| {
            for &v in chunk {
                stamp[v as usize] = round;
            }
        });
    }
}

/// One position's option values as flags, a row of [`BlockFlags`]: values
/// are below the row's width [`MAX_BLOCK_WIDTH`] (every value so far is, so
/// every XOR of values is), and a fixed width lets indexing skip bounds
/// checks.
struct FlagRow<'a> {
    flags: &'a mut [u8; MAX_BLOCK_WIDTH],
    xors: &'a mut [u16],
}

impl OptionSet for FlagRow<'_> {
    #[inline(always)]
    fn mark(&mut self, v: u16) {
        self.flags[v as usize % MAX_BLOCK_WIDTH] = 1;
    }

    #[inline]
    fn has(&self, v: u32) -> bool {
        self.flags.get(v as usize) == Some(&1)
    }

    #[inline(always)]
    fn mark_pairs(&mut self, values: &[u16], rest: usize, lo: usize, hi: usize) {
        let flags = &mut *self.flags;
        xor_pairs_in_chunks(values, rest, lo, hi, self.xors, |chunk| {
            for &v in chunk {
                flags[v as usize % MAX_BLOCK_WIDTH] = 1;
            }
        });
    }
}

/// The option sets of [`BLOCK`] consecutive positions, evaluated together
/// in the rare-pair phase: for a rare heap `i`, the partners
/// `rest + k − i` of the `BLOCK` positions are adjacent in memory, so one
/// cache line serves them all (cache blocking).
#[derive(Debug, Clone)]
struct BlockFlags {
    rows: Box<[[u8; MAX_BLOCK_WIDTH]; BLOCK]>,
    xors: Box<[u16; XOR_CHUNK]>,
}

impl Default for BlockFlags {
    fn default() -> Self {
        BlockFlags {
            rows: Box::new([[0; MAX_BLOCK_WIDTH]; BLOCK]),
            xors: Box::new([0; XOR_CHUNK]),
        }
    }
}

impl BlockFlags {
    /// Clears the flags of values below `width` (the only ones in use).
    fn reset(&mut self, width: usize) {
        self.rows.iter_mut().for_each(|row| row[..width].fill(0));
    }

    fn row(&mut self, k: usize) -> FlagRow<'_> {
        FlagRow {
            flags: &mut self.rows[k],
            xors: &mut self.xors[..],
        }
    }
}

/// The pairs of a block with the rare heaps at least [`BLOCK`] (or twice
/// that with two threads): their partners are all computed before the
/// block starts.
struct FarRare<'a> {
    splits2: &'a [usize],
    rare: &'a [u32],
    rare_values: &'a [u16],
}

impl FarRare<'_> {
    /// Marks, in the rows of the block starting at `n`, the XORs
    /// `rare_values[k] ^ G(n + row − j − rare[k])` for every two-heap
    /// removal `j`; `window[x]` is `G(window_start + x)`.
    fn mark(&self, block: &mut BlockFlags, window: &[u16], window_start: usize, n: usize) {
        for &j in self.splits2 {
            let rest = n - j - window_start;
            for (&i, &v) in self.rare.iter().zip(self.rare_values) {
                let base = rest - i as usize;
                let partners: &[u16; BLOCK] = window[base..base + BLOCK].try_into().unwrap();
                for (row, &w) in block.rows.iter_mut().zip(partners) {
                    row[(v ^ w) as usize % MAX_BLOCK_WIDTH] = 1;
                }
            }
        }
    }
}

/// Positions evaluated together by the blocked rare-pair phase.
const BLOCK: usize = 8;

/// The widest flag rows (largest value bound) the blocked phase uses;
/// beyond it the stamped set of one position at a time is used.
const MAX_BLOCK_WIDTH: usize = 1024;

/// The set `{ values[a] ^ values[rest − a] : lo ≤ a ≤ hi }` as a bit set,
/// for values below 64 (a reduction the compiler vectorises).
#[inline(always)]
fn or_pairs(values: &[u16], rest: usize, lo: usize, hi: usize) -> u64 {
    let left = &values[lo..=hi];
    let right = &values[rest - hi..=rest - lo];
    let mut acc = [0u64; 8];
    let mut l = left.chunks_exact(8);
    let mut r = right.rchunks_exact(8);
    for (lc, rc) in (&mut l).zip(&mut r) {
        for k in 0..8 {
            acc[k] |= 1u64 << ((lc[k] ^ rc[7 - k]) & 63);
        }
    }
    let tail = l.remainder().iter().zip(r.remainder().iter().rev());
    let rest_bits = tail.fold(0u64, |b, (x, y)| b | 1u64 << ((x ^ y) & 63));
    acc.iter().fold(rest_bits, |b, &a| b | a)
}

/// Pairs whose XORs are formed together before marking.
const XOR_CHUNK: usize = 256;

/// The rare/common split and the list of rare positions with their values.
#[derive(Debug, Clone)]
struct Classes {
    /// The mask the engine uses, over the extended values `2·G(i) + (i mod 2)`
    /// (see [`Classes::review`]): 0 (every value rare, plain scans) when even
    /// the best mask leaves too many positions rare to pay.
    mask: u32,
    /// The parity (under `mask`) of the extended values of common positions.
    common_parity: u32,
    /// The parity of every removal of a two-heap split, when they all have
    /// the same one (odd masks are allowed only then).
    split_parity: Option<u32>,
    /// The mask with the fewest rare positions at the last review.
    best: u16,
    rare: Vec<u32>,
    rare_values: Vec<u16>,
    /// How many positions `i ≥ 1` have each value.
    counts: Vec<u64>,
    /// How many positions `i ≥ 1` have each extended value.
    extended_counts: Vec<u64>,
    next_review: usize,
    rare_at_review: usize,
}

impl Classes {
    fn new(split_parity: Option<u32>) -> Self {
        Classes {
            mask: 0,
            common_parity: 1,
            split_parity,
            best: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            counts: Vec::new(),
            extended_counts: Vec::new(),
            next_review: 64,
            rare_at_review: 0,
        }
    }

    /// Whether position `i` of value `v` is rare.
    #[inline]
    fn is_rare_position(&self, i: usize, v: u32) -> bool {
        ((v << 1 | i as u32 & 1) & self.mask).count_ones() & 1 != self.common_parity
    }

    /// Whether a MEX `m` of position `n` is final once the pairs with a
    /// rare heap are in: the XOR of two common extended values has even
    /// parity under the mask, so no split of two common heaps gives an option
    /// `m` whose extended form `2m + (rest mod 2)` has odd parity.
    #[inline]
    fn is_safe(&self, m: u32, n: usize) -> bool {
        let rest_parity = (n as u32 ^ self.split_parity.unwrap_or(0)) & 1;
        ((m << 1 | rest_parity) & self.mask).count_ones() & 1 == 1
    }

    fn record(&mut self, position: usize, value: u16) {
        if position == 0 {
            return;
        }
        let v = value as usize;
        if v >= self.counts.len() {
            self.counts.resize((v + 1).next_power_of_two(), 0);
        }
        self.counts[v] += 1;
        let e = 2 * v + (position & 1);
        if e >= self.extended_counts.len() {
            self.extended_counts.resize(2 * self.counts.len(), 0);
        }
        self.extended_counts[e] += 1;
        if self.is_rare_position(position, value as u32) {
            self.rare.push(position as u32);
            self.rare_values.push(value);
        }
    }

    fn due(&self, n: usize) -> bool {
        n >= self.next_review || self.rare.len() > 2 * self.rare_at_review + 4096
    }

    /// Re-chooses the mask; returns whether it changed. The best mask is
    /// used only while at most [`DENSE_RARE_FRACTION`]⁻¹ of the positions
    /// are rare under it: beyond, nearly every position needs the full scan
    /// anyway (0.06, 0.104: 98% of them), and the rare pairs before it only
    /// add work, so the engine goes without a mask (the dense path).
    fn review(&mut self, values: &[u16]) -> bool {
        let n = values.len();
        self.next_review = n.saturating_mul(2);
        self.best = best_mask(&self.counts, self.best);
        let (best, rare) = best_extended_mask(&self.extended_counts, self.split_parity, self.mask);
        let chosen = if rare * DENSE_RARE_FRACTION > n as u64 {
            0
        } else {
            best
        };
        let changed = chosen != self.mask;
        if changed {
            self.mask = chosen;
            self.common_parity = 1 ^ (chosen & self.split_parity.unwrap_or(0) & 1);
            self.rare.clear();
            self.rare_values.clear();
            for (i, &v) in values.iter().enumerate().skip(1) {
                if self.is_rare_position(i, v as u32) {
                    self.rare.push(i as u32);
                    self.rare_values.push(v);
                }
            }
        }
        self.rare_at_review = self.rare.len();
        changed
    }
}

/// Under a mask that leaves more than one position in this many rare, the
/// engine uses no mask (see [`Classes::review`]).
const DENSE_RARE_FRACTION: u64 = 8;

/// The Walsh–Hadamard transform of `counts` (padded to a power of two).
fn walsh_hadamard(counts: &[u64]) -> Vec<i64> {
    let size = counts.len().next_power_of_two().max(1);
    let mut w: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
    w.resize(size, 0);
    let mut h = 1;
    while h < size {
        for block in (0..size).step_by(2 * h) {
            for i in block..block + h {
                let (a, b) = (w[i], w[i + h]);
                w[i] = a + b;
                w[i + h] = a - b;
            }
        }
        h *= 2;
    }
    w
}

/// The engine's mask over extended values `2·G(i) + (i mod 2)`, with its
/// number of rare positions (ties keep `current`). An even mask is a mask
/// on values (common: odd parity, `rare = (N + W(M)) / 2`). An odd mask
/// also looks at the parity of the heap, and is allowed when every
/// two-heap split removes a number of the same parity `p`: then a split of
/// `n − j` into `a + b` has `a + b ≡ n + p`, and the common class is the
/// parity `1 ⊕ p` (for `p = 1`, `rare = (N − W(M)) / 2`). This makes 0.104
/// and 0.106 sparse (20 and 15 rare positions among 2^16, against about
/// half for every mask on values), the R/C split of Beling's ogsolve rc2.
fn best_extended_mask(counts: &[u64], split_parity: Option<u32>, current: u32) -> (u32, u64) {
    let w = walsh_hadamard(counts);
    let total = w.first().copied().unwrap_or(0);
    let rare = |m: usize| -> Option<u64> {
        match (m & 1, split_parity) {
            (0, _) | (1, Some(0)) => Some(((total + w[m]) / 2) as u64),
            (_, Some(_)) => Some(((total - w[m]) / 2) as u64),
            (_, None) => None,
        }
    };
    let cur = current as usize;
    let mut best = if cur < w.len() && rare(cur).is_some() {
        cur
    } else {
        0
    };
    let mut fewest = rare(best).unwrap_or(total as u64);
    for m in 0..w.len().min(1 << 17) {
        if let Some(r) = rare(m) {
            if r < fewest {
                (best, fewest) = (m, r);
            }
        }
    }
    (best as u32, fewest)
}

/// The mask with the fewest rare positions (ties keep `current`), from
/// `rare(M) = (total + W(M)) / 2` where `W` is the Walsh–Hadamard transform
/// of the value counts.
fn best_mask(counts: &[u64], current: u16) -> u16 {
    let w = walsh_hadamard(counts);
    let size = w.len();
    let cur = current as usize;
    let mut best = if cur < size { cur } else { 0 };
    for m in 0..size.min(1 << 16) {
        if w[m] < w[best] {
            best = m;
        }
    }
    best as u16
}

/// What the public tables of unsolved octal games (Flammenkamp's, and
/// Czajka's UnsolvedGames.md) list for a computed prefix
/// `G(0) .. G(n − 1)`, for a rare/common mask `M`: a position `i` is *rare*
/// when `popcount(G(i) & M)` is even (with `M = 0` every position is rare).
/// Position 0 (value 0) is always rare and is counted, as those tables
/// count it (the engine's own rare list, [`TakeBreakSequence::rare_summary`],
/// leaves it out, since a heap of 0 is no part of a split).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SequenceStats {
    /// `n`: the number of values computed.
    pub values_computed: usize,
    /// The largest value, and the first heap where it occurs (`None` when
    /// nothing is computed).
    pub largest_value: Option<u16>,
    /// The first heap with the largest value.
    pub largest_value_first_at: Option<usize>,
    /// The mask `M`.
    pub rare_mask: u16,
    /// The number of rare positions `0 ≤ i < n`.
    pub rare_positions: usize,
    /// The last rare position.
    pub last_rare_position: Option<usize>,
    /// `value_counts[v]`: how many `0 ≤ i < n` have `G(i) = v`, for every
    /// `v` up to the largest value.
    pub value_counts: Vec<u64>,
    /// SHA-256 (lower-case hex) of `G(0) .. G(n − 1)` written as
    /// little-endian 16-bit integers: two runs (or two programs) that agree
    /// on it computed the same values.
    pub values_sha256: String,
}

impl SequenceStats {
    /// The statistics of `values` for `mask`, straight from the definitions.
    pub fn of(values: &[u16], mask: u16) -> Self {
        let largest = values.iter().copied().max();
        let mut value_counts = vec![0u64; largest.map_or(0, |m| m as usize + 1)];
        values.iter().for_each(|&v| value_counts[v as usize] += 1);
        let is_rare = |v: u16| (v & mask).count_ones().is_multiple_of(2);
        let rare: Vec<usize> = (0..values.len()).filter(|&i| is_rare(values[i])).collect();
        SequenceStats {
            values_computed: values.len(),
            largest_value: largest,
            largest_value_first_at: largest.and_then(|m| values.iter().position(|&v| v == m)),
            rare_mask: mask,
            rare_positions: rare.len(),
            last_rare_position: rare.last().copied(),
            value_counts,
            values_sha256: values_sha256(values),
        }
    }
}

/// Marks the options of `n` that leave at most one heap: taking a whole
/// heap of `j` (bit 1 of digit `j`) and leaving one heap of `n − j` (bit 2).
fn mark_takes(set: &mut impl OptionSet, takes: &[(usize, u8)], values: &[u16], n: usize) {
    for &(j, bits) in takes {
        let Some(rest) = n.checked_sub(j) else { break };
        if bits & 1 != 0 && rest == 0 {
            set.mark(0);
        }
        if bits & 2 != 0 && rest > 0 {
            set.mark(values[rest]);
        }
    }
}

/// SHA-256 (lower-case hex) of `values` as little-endian 16-bit integers.
pub fn values_sha256(values: &[u16]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for part in values.chunks(1 << 16) {
        let bytes: Vec<u8> = part.iter().flat_map(|v| v.to_le_bytes()).collect();
        h.update(&bytes);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Largest block of common pairs scanned between two MEX checks.
const MAX_SCAN_BLOCK: usize = 128;

impl TakeBreakSequence {
    /// An empty sequence for `code`.
    pub fn new(code: TakeBreakCode) -> Self {
        let takes = code.takes();
        let splits2 = code.removals_with(4);
        let largest_split_removal = splits2.iter().copied().max().unwrap_or(0);
        let split_parity = match splits2.first() {
            Some(&j) if splits2.iter().all(|&k| (k ^ j) & 1 == 0) => Some(j as u32 & 1),
            _ => None,
        };
        let splits3 = code.removals_with(8);
        TakeBreakSequence {
            unequal: code.unequal_splits(),
            code,
            values: Vec::new(),
            resumed: 0,
            takes,
            splits2,
            splits3,
            xor_sets: three_heap::XorSets::default(),
            classes: Classes::new(split_parity),
            marks: Marks::new(),
            block: BlockFlags::default(),
            blocking: true,
            threads: 1,
            largest_split_removal,
            blocked_positions: 0,
            stats: SparseStats::default(),
        }
    }

    /// Continues from values computed elsewhere (a checkpoint). They are
    /// taken as they are: [`Self::resumed`] counts them, so that a proof
    /// never rests on them unchecked (see `octal::search`).
    pub fn resume(code: TakeBreakCode, values: Vec<u16>) -> Self {
        let mut seq = Self::new(code);
        for (i, &v) in values.iter().enumerate() {
            seq.classes.record(i, v);
        }
        seq.resumed = values.len();
        seq.values = values;
        seq.classes.review(&seq.values);
        seq
    }

    /// How many leading values were given to [`Self::resume`] rather than
    /// computed by this sequence.
    pub fn resumed(&self) -> usize {
        self.resumed
    }

    /// Marks every value as computed here (after an independent check).
    pub(crate) fn mark_verified(&mut self) {
        self.resumed = 0;
    }

    /// Appends `G(n) = G(n − period)` until `len() == n`: the caller has a
    /// proof that the sequence is periodic from `preperiod` on, with
    /// `preperiod + period ≤ len()`.
    pub(crate) fn fill_periodic(&mut self, preperiod: usize, period: usize, n: usize) {
        assert!(period >= 1 && preperiod + period <= self.values.len());
        self.values.reserve(n.saturating_sub(self.values.len()));
        while self.values.len() < n {
            let len = self.values.len();
            let value = self.values[len - period];
            self.values.push(value);
            self.classes.record(len, value);
        }
    }

    /// The columns of the public tables of unsolved octal games
    /// (Flammenkamp's): see [`SequenceStats`]. The mask is the one with the fewest rare positions among the values
    /// computed (by the Walsh–Hadamard transform of their counts), which may
    /// differ from the engine's current mask, re-chosen only now and then.
    pub fn table_stats(&self) -> SequenceStats {
        SequenceStats::of(
            &self.values,
            best_mask(&self.classes.counts, self.classes.best),
        )
    }

    /// The code.
    pub fn code(&self) -> &TakeBreakCode {
        &self.code
    }

    /// `G(0) .. G(len − 1)`.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// Number of values computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// How the engine worked so far.
    pub fn stats(&self) -> SparseStats {
        self.stats
    }

    /// The engine's current mask (over the extended values
    /// `2·G(i) + (i mod 2)`; an even mask `2M` is the mask `M` on values) and
    /// the number of rare positions.
    pub fn rare_summary(&self) -> (u32, usize) {
        (self.classes.mask, self.classes.rare.len())
    }

    /// Computes values until `len() == n`; [`MexError::Stopped`] when a stop
    /// token installed by the caller is stopped ([`crate::stop`], checked
    /// before every value or block), with the values so far kept.
    pub fn extend_to(&mut self, n: usize) -> Result<(), MexError> {
        self.values.reserve(n.saturating_sub(self.values.len()));
        while self.values.len() < n {
            crate::stop::check()?;
            if self.blocking && self.helper_applies(n) {
                self.extend_with_helper(n)?;
            } else if self.blocking && n - self.values.len() >= BLOCK && self.block_applies() {
                self.push_block()?;
            } else {
                self.push_next()?;
            }
        }
        Ok(())
    }

    /// Uses `threads` threads (1 or 2; more are not used): with 2, a helper
    /// thread marks the rare pairs of the next block while this one
    /// finishes the current block. The values are the same.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.clamp(1, 2);
        self
    }

    /// Turns the blocked rare-pair phase off (the engine then evaluates one
    /// position at a time), for comparing the two.
    pub fn without_blocking(mut self) -> Self {
        self.blocking = false;
        self
    }

    /// Computes the next value.
    pub fn push_next(&mut self) -> Result<u16, MexError> {
        let n = self.values.len();
        let m = if self.splits3.is_empty() && self.classes.counts.len() <= 64 {
            self.small_value(n)
        } else {
            self.general_value(n)
        };
        self.store(m)?;
        Ok(self.values[n])
    }

    /// Appends `G(len()) = m` and records it; returns whether the rare/common
    /// mask changed.
    fn store(&mut self, m: u32) -> Result<bool, MexError> {
        let n = self.values.len();
        let value = u16::try_from(m).map_err(|_| {
            MexError::too_large(
                format!("nim value {m} at heap {n}"),
                "65535",
                "values are stored in 16 bits",
            )
        })?;
        self.values.push(value);
        self.classes.record(n, value);
        let changed = self.classes.due(n + 1) && self.classes.review(&self.values);
        if changed {
            self.stats.mask_changes += 1;
        }
        Ok(changed)
    }

    /// Whether the next [`BLOCK`] positions can be evaluated as a block:
    /// two-heap splits only, a sparse space, values below
    /// [`MAX_BLOCK_WIDTH`], and every rare heap `i` below half of the
    /// smallest `rest` of the block (so every rare pair of the block is
    /// `(i, rest − i)` with `rest − i` already computed and `i ≠ rest − i`).
    fn block_applies(&self) -> bool {
        let width = self.classes.counts.len();
        // The cheap tests first: this runs before every position.
        if width <= 64 || width > MAX_BLOCK_WIDTH || self.classes.mask == 0 {
            return false;
        }
        let n = self.values.len();
        let last_rare = self.classes.rare.last().map_or(0, |&i| i as usize);
        self.splits3.is_empty()
            && n >= self.largest_split_removal + 2 * BLOCK
            && 2 * last_rare + 2 < n - self.largest_split_removal
    }

    /// Evaluates up to [`BLOCK`] positions: first the pairs with a rare heap
    /// `i ≥ BLOCK` for all of them at once, then each position in turn (its
    /// rare heaps below `BLOCK`, its takes, and the common pairs until the
    /// MEX is common). Stops early when a value is rare, reaches the flag
    /// width or changes the mask, since the remaining rows assumed neither.
    fn push_block(&mut self) -> Result<(), MexError> {
        let n = self.values.len();
        let width = self.classes.counts.len();
        let mut block = std::mem::take(&mut self.block);
        block.reset(width);
        let far = self.classes.rare.partition_point(|&i| (i as usize) < BLOCK);
        let far_rare = FarRare {
            splits2: &self.splits2,
            rare: &self.classes.rare[far..],
            rare_values: &self.classes.rare_values[far..],
        };
        far_rare.mark(&mut block, &self.values, 0, n);
        let result = self
            .finish_block(&mut block, n, far, width, 0..0)
            .map(|_| ());
        self.block = block;
        result
    }

    /// Finishes the rows of a block starting at `n` whose pairs with the rare
    /// heaps `rare[far..]` are marked; returns whether all [`BLOCK`] rows were
    /// used (otherwise a value was rare, reached `width`, or changed the mask,
    /// and the block stopped after it).
    fn finish_block(
        &mut self,
        block: &mut BlockFlags,
        n: usize,
        far: usize,
        width: usize,
        premarked: Range<usize>,
    ) -> Result<bool, MexError> {
        for k in 0..BLOCK {
            let m = self.finish_block_row(&mut block.row(k), n + k, far, premarked.clone());
            self.blocked_positions += 1;
            let changed = self.store(m)?;
            if changed || m as usize >= width || self.classes.is_rare_position(n + k, m) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `G(n)` for a row of a block whose pairs with the rare heaps from
    /// `rare[far..]` are already marked.
    fn finish_block_row(
        &mut self,
        row: &mut FlagRow<'_>,
        n: usize,
        far: usize,
        premarked: Range<usize>,
    ) -> u32 {
        for &j in &self.splits2 {
            let rest = n - j;
            self.stats.rare_pairs += self.classes.rare.len() as u64;
            for (&i, &v) in self.classes.rare[..far]
                .iter()
                .zip(&self.classes.rare_values[..far])
            {
                if self.unequal && 2 * i as usize == rest {
                    continue;
                }
                row.mark(v ^ self.values[rest - i as usize]);
            }
        }
        mark_takes(row, &self.takes, &self.values, n);
        let m = row.mex_from(0);
        if self.classes.is_safe(m, n) {
            return m;
        }
        self.stats.full_scans += 1;
        self.scan_common_pairs(row, n, m, premarked)
    }

    /// `G(n)` while every value so far is below 64: every option value is
    /// then below 64 too, so the option set is one `u64` bit set kept in a
    /// register (marking is an OR, the MEX a count of trailing ones).
    fn small_value(&mut self, n: usize) -> u32 {
        let mut bits = 0u64;
        for &(j, kinds) in &self.takes {
            let Some(rest) = n.checked_sub(j) else { break };
            if kinds & 1 != 0 && rest == 0 {
                bits |= 1;
            }
            if kinds & 2 != 0 && rest > 0 {
                bits |= 1 << self.values[rest];
            }
        }
        if self.classes.mask == 0 {
            for &j in &self.splits2 {
                let Some(rest) = Self::rest(n, j, 2) else {
                    continue;
                };
                let half = self.half(rest);
                if half >= 1 {
                    bits |= or_pairs(&self.values, rest, 1, half);
                }
                self.stats.scanned_pairs += half as u64;
            }
            return bits.trailing_ones();
        }
        for &j in &self.splits2 {
            let Some(rest) = Self::rest(n, j, 2) else {
                continue;
            };
            let cut = self.classes.rare.partition_point(|&i| (i as usize) < rest);
            self.stats.rare_pairs += cut as u64;
            for (&i, &v) in self.classes.rare[..cut]
                .iter()
                .zip(&self.classes.rare_values[..cut])
            {
                if self.unequal && 2 * i as usize == rest {
                    continue;
                }
                bits |= 1 << (v ^ self.values[rest - i as usize]);
            }
        }
        let m = bits.trailing_ones();
        if self.classes.is_safe(m, n) {
            return m;
        }
        self.stats.full_scans += 1;
        for &j in &self.splits2 {
            let Some(rest) = Self::rest(n, j, 2) else {
                continue;
            };
            let (mut a, half, mut block) = (1, self.half(rest), 16);
            while a <= half {
                let end = half.min(a + block - 1);
                bits |= or_pairs(&self.values, rest, a, end);
                self.stats.scanned_pairs += (end + 1 - a) as u64;
                a = end + 1;
                block = (block * 2).min(MAX_SCAN_BLOCK);
                let m = bits.trailing_ones();
                if self.classes.is_safe(m, n) {
                    return m;
                }
            }
        }
        bits.trailing_ones()
    }

    /// `G(n)` in general, with the stamped option set.
    fn general_value(&mut self, n: usize) -> u32 {
        let mut marks = std::mem::replace(&mut self.marks, Marks::empty());
        marks.next_round();
        mark_takes(&mut marks, &self.takes, &self.values, n);
        self.add_three_heap_splits(&mut marks, n);
        let m = if self.classes.mask == 0 {
            self.add_all_two_heap_splits(&mut marks, n);
            marks.mex_from(0)
        } else {
            self.two_heap_sparse(&mut marks, n)
        };
        self.marks = marks;
        m
    }

    /// The largest smaller heap of a two-heap split of `rest` (`rest ≥ 2`):
    /// `a ≤ rest − a`, strictly with unequal splits.
    #[inline]
    fn half(&self, rest: usize) -> usize {
        if self.unequal {
            (rest - 1) / 2
        } else {
            rest / 2
        }
    }

    /// The heap left after removing `j` from `n`, if at least `min` remain.
    #[inline]
    fn rest(n: usize, j: usize, min: usize) -> Option<usize> {
        n.checked_sub(j).filter(|&r| r >= min)
    }

    /// Three-heap splits (hexadecimal digits 8–f): from the sets of XORs
    /// while the values are small and the heaps may be equal, otherwise
    /// enumerated in full.
    fn add_three_heap_splits(&mut self, marks: &mut Marks, n: usize) {
        if self.splits3.is_empty() {
            return;
        }
        let before = self.xor_sets.steps;
        let sets_apply = !self.unequal
            && self
                .xor_sets
                .extend(&self.values, self.classes.counts.len());
        self.stats.three_heap_steps += self.xor_sets.steps - before;
        for &j in &self.splits3 {
            let Some(rest) = Self::rest(n, j, 3) else {
                continue;
            };
            if sets_apply {
                self.xor_sets
                    .triple_values(rest)
                    .for_each(|v| marks.mark(v));
            } else {
                self.stats.three_heap_steps += 2 * self.enumerate_triples(marks, rest);
            }
        }
    }

    /// Marks every `G(a) ⊕ G(b) ⊕ G(rest − a − b)` with `a ≤ b ≤ c`
    /// (strictly with unequal splits); returns the number of triples.
    fn enumerate_triples(&self, marks: &mut Marks, rest: usize) -> u64 {
        let strict = usize::from(self.unequal);
        let mut triples = 0;
        for a in 1..=rest / 3 {
            let (b_lo, b_hi) = (a + strict, (rest - a - strict) / 2);
            for b in b_lo..=b_hi {
                marks.mark(self.values[a] ^ self.values[b] ^ self.values[rest - a - b]);
            }
            triples += (b_hi + 1).saturating_sub(b_lo) as u64;
        }
        triples
    }

    fn add_all_two_heap_splits(&mut self, marks: &mut Marks, n: usize) {
        for &j in &self.splits2 {
            let Some(rest) = Self::rest(n, j, 2) else {
                continue;
            };
            let half = self.half(rest);
            marks.mark_pairs(&self.values, rest, 1, half);
            self.stats.scanned_pairs += half as u64;
        }
    }

    fn two_heap_sparse(&mut self, marks: &mut Marks, n: usize) -> u32 {
        for &j in &self.splits2 {
            let Some(rest) = Self::rest(n, j, 2) else {
                continue;
            };
            let cut = self.classes.rare.partition_point(|&i| (i as usize) < rest);
            self.stats.rare_pairs += cut as u64;
            let round = marks.round;
            let stamp = &mut marks.stamp[..1 << 16];
            for (&i, &v) in self.classes.rare[..cut]
                .iter()
                .zip(&self.classes.rare_values[..cut])
            {
                if self.unequal && 2 * i as usize == rest {
                    continue;
                }
                stamp[(v ^ self.values[rest - i as usize]) as usize] = round;
            }
        }
        let m = marks.mex_from(0);
        if self.classes.is_safe(m, n) {
            return m;
        }
        self.stats.full_scans += 1;
        self.scan_common_pairs(marks, n, m, 0..0)
    }

    /// Scans all splits in growing blocks, re-checking the MEX after each
    /// block, until the MEX is common (then final) or the splits run out.
    /// The splits `(a, rest − a)` with `a` in `premarked` are already in
    /// `set` (the helper thread's) and are skipped.
    fn scan_common_pairs(
        &mut self,
        set: &mut impl OptionSet,
        n: usize,
        mut m: u32,
        premarked: Range<usize>,
    ) -> u32 {
        for &j in &self.splits2 {
            let Some(rest) = Self::rest(n, j, 2) else {
                continue;
            };
            let (mut a, half, mut block) = (1, self.half(rest), 8);
            while a <= half {
                if premarked.contains(&a) {
                    a = premarked.end;
                    continue;
                }
                let mut end = half.min(a + block - 1);
                if a < premarked.start {
                    end = end.min(premarked.start - 1);
                }
                set.mark_pairs(&self.values, rest, a, end);
                self.stats.scanned_pairs += (end + 1 - a) as u64;
                a = end + 1;
                block = (block * 2).min(MAX_SCAN_BLOCK);
                if set.has(m) {
                    m = set.mex_from(m);
                    if self.classes.is_safe(m, n) {
                        return m;
                    }
                }
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::code::naive_values;
    use proptest::prelude::*;

    fn sparse(code: &str, n: usize) -> Vec<u32> {
        let mut s = TakeBreakSequence::new(code.parse().unwrap());
        s.extend_to(n).unwrap();
        s.values().iter().map(|&v| v as u32).collect()
    }

    #[test]
    fn agrees_with_naive_on_the_first_ten_thousand_values() {
        for code in [
            "0.07", "0.77", "0.137", "0.16", "0.6", "0.007", "0.56", "0.127", "4.07", "4.0u",
            "0.07u", "0.6u", "0.16u",
        ] {
            let parsed: TakeBreakCode = code.parse().unwrap();
            assert_eq!(
                sparse(code, 10_000),
                naive_values(&parsed, 10_000),
                "{code}"
            );
        }
    }

    /// Three-heap codes against the full enumeration of their options, past
    /// values 64 and 256 (where the sets of XORs are rebuilt wider), with
    /// equal heaps allowed (the sets) and with unequal splits (triples).
    #[test]
    fn three_heap_codes_agree_with_naive() {
        for code in [
            "0.8",
            "8.0",
            "0.ff",
            "0.9",
            "0.48",
            "0.1777538995652777777",
            "0.8u",
            "0.ffu",
        ] {
            let parsed: TakeBreakCode = code.parse().unwrap();
            let fast = sparse(code, 900);
            assert!(
                code.ends_with('u') || fast.iter().any(|&v| v >= 256),
                "{code}"
            );
            assert_eq!(fast, naive_values(&parsed, 900), "{code}");
        }
    }

    /// The blocked rare-pair phase against one position at a time, past the
    /// point where blocks start (twice the last rare position: 41 254 for
    /// 0.6, 165 720 for Grundy's game), and on codes whose values stay
    /// below 64 (never blocked) or have no sparse space.
    #[test]
    fn blocks_agree_with_one_position_at_a_time() {
        for (code, n) in [
            ("0.6", 120_000),
            ("4.0u", 200_000),
            ("0.36", 60_000),
            ("0.74", 60_000),
        ] {
            let parsed: TakeBreakCode = code.parse().unwrap();
            let mut blocked = TakeBreakSequence::new(parsed.clone());
            blocked.extend_to(n).unwrap();
            let mut single = TakeBreakSequence::new(parsed.clone()).without_blocking();
            single.extend_to(n).unwrap();
            let mut two = TakeBreakSequence::new(parsed).with_threads(2);
            for step in [1000, 4096, 77_777, n] {
                two.extend_to(step.min(n)).unwrap();
            }
            assert_eq!(two.values(), single.values(), "{code} with two threads");
            assert_eq!(
                two.rare_summary(),
                single.rare_summary(),
                "{code} with two threads"
            );
            assert_eq!(blocked.values(), single.values(), "{code}");
            assert_eq!(blocked.rare_summary(), single.rare_summary(), "{code}");
            assert_eq!(blocked.stats(), single.stats(), "{code}");
            assert!(
                blocked.blocked_positions > 10_000,
                "{code}: {}",
                blocked.blocked_positions
            );
            assert_eq!(single.blocked_positions, 0);
        }
    }

    #[test]
    fn sparse_space_is_used_where_it_exists() {
        let mut s = TakeBreakSequence::new("0.16".parse().unwrap());
        s.extend_to(20_000).unwrap();
        let (mask, rare) = s.rare_summary();
        assert_ne!(mask, 0);
        assert!(rare < 2_000, "0.16 has few rare positions, got {rare}");
    }

    /// 0.06 has no useful sparse space: even its best mask leaves about 40%
    /// of the positions rare, so the engine runs without one (the tables'
    /// mask is still reported), and the values are the naive ones.
    #[test]
    fn codes_without_sparse_space_run_without_a_mask() {
        let code: TakeBreakCode = "0.06".parse().unwrap();
        let mut s = TakeBreakSequence::new(code.clone());
        s.extend_to(20_000).unwrap();
        assert_eq!(s.rare_summary().0, 0);
        let table = s.table_stats();
        assert_ne!(table.rare_mask, 0);
        assert!(table.rare_positions * DENSE_RARE_FRACTION as usize > 20_000);
        let naive = naive_values(&code, 20_000);
        assert!(s
            .values()
            .iter()
            .zip(&naive)
            .all(|(&a, &b)| u32::from(a) == b));
    }

    /// 0.104 and 0.106 split after removing 3 (odd): a mask that also looks
    /// at the parity of the heap leaves a handful of rare positions where
    /// every mask on values leaves half. The values are the naive ones, with blocks or one position at a time.
    #[test]
    fn odd_masks_make_0_104_and_0_106_sparse() {
        for (code, n, most_rare) in [("0.104", 20_000, 100), ("0.106", 20_000, 100)] {
            let parsed: TakeBreakCode = code.parse().unwrap();
            let mut s = TakeBreakSequence::new(parsed.clone());
            s.extend_to(n).unwrap();
            let (mask, rare) = s.rare_summary();
            assert_eq!(mask & 1, 1, "{code}: mask {mask}");
            assert!(rare < most_rare, "{code}: {rare} rare positions");
            let naive = naive_values(&parsed, n);
            assert!(
                s.values()
                    .iter()
                    .zip(&naive)
                    .all(|(&a, &b)| u32::from(a) == b),
                "{code}"
            );
            let mut single = TakeBreakSequence::new(parsed).without_blocking();
            single.extend_to(n).unwrap();
            assert_eq!(single.values(), s.values(), "{code}");
        }
    }

    /// Codes whose two-heap splits remove numbers of both parities (0.64:
    /// 1 and 2) keep even masks.
    #[test]
    fn mixed_split_parities_keep_even_masks() {
        let mut s = TakeBreakSequence::new("0.64".parse().unwrap());
        s.extend_to(20_000).unwrap();
        assert_eq!(s.rare_summary().0 & 1, 0);
    }

    #[test]
    fn resume_continues_identically() {
        let code: TakeBreakCode = "0.16".parse().unwrap();
        let mut a = TakeBreakSequence::new(code.clone());
        a.extend_to(3000).unwrap();
        let mut b = TakeBreakSequence::resume(code, a.values()[..1234].to_vec());
        b.extend_to(3000).unwrap();
        assert_eq!(a.values(), b.values());
    }

    /// Grundy's game (OEIS A002188) against its definition: the first 20
    /// values as published, the P-positions below 1300 as listed with the
    /// game, and the sparse engine against the naive twin on 3000 values.
    #[test]
    fn grundys_game_matches_the_published_values() {
        let code = TakeBreakCode::grundys_game();
        let naive = naive_values(&code, 3000);
        assert_eq!(
            naive[..21],
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
        let p: Vec<usize> = (1..1300).filter(|&n| naive[n] == 0).collect();
        let published = [
            1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337, 340,
            346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682, 685, 923,
            926, 929, 932, 1222,
        ];
        assert_eq!(p, published);
        let mut s = TakeBreakSequence::new(code);
        s.extend_to(3000).unwrap();
        let fast: Vec<u32> = s.values().iter().map(|&v| v as u32).collect();
        assert_eq!(fast, naive);
    }

    #[test]
    fn table_stats_follow_their_definitions() {
        let values = [0u16, 1, 2, 3, 1, 4, 3, 2, 1, 4];
        let st = SequenceStats::of(&values, 1);
        assert_eq!(
            (st.largest_value, st.largest_value_first_at),
            (Some(4), Some(5))
        );
        // Rare with mask 1: even values: 0 (i=0), 2 (2), 4 (5), 2 (7), 4 (9).
        assert_eq!((st.rare_positions, st.last_rare_position), (5, Some(9)));
        assert_eq!(st.value_counts, vec![1, 3, 2, 2, 2]);
        // SHA-256 of the 20 bytes 00 00 01 00 02 00 ... (Python's hashlib).
        assert_eq!(
            st.values_sha256,
            "95bffd621975288a3a7bcbbdc96a42f59b580897b4f0040c888b157ee5e4fe6a"
        );
        assert_eq!(
            values_sha256(&[]),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        let mut seq = TakeBreakSequence::new("0.16".parse().unwrap());
        seq.extend_to(20_000).unwrap();
        let (mask, rare) = seq.rare_summary();
        let stats = seq.table_stats();
        // 0.16's engine mask is even: the tables' mask on values, shifted.
        assert_eq!(
            (2 * u32::from(stats.rare_mask), stats.rare_positions),
            (mask, rare + 1)
        );
        assert_eq!(stats.value_counts.iter().sum::<u64>(), 20_000);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn random_codes_agree_with_naive(head in prop_oneof![Just(0u8), Just(4u8), Just(8u8)], digits in proptest::collection::vec(0u8..16, 1..5), unequal in any::<bool>()) {
            let suffix = if unequal { "u" } else { "" };
            let text = format!("{head:x}.{}{suffix}", digits.iter().map(|d| format!("{d:x}")).collect::<String>());
            if let Ok(code) = text.parse::<TakeBreakCode>() {
                let mut s = TakeBreakSequence::new(code.clone());
                s.extend_to(300).unwrap();
                let fast: Vec<u32> = s.values().iter().map(|&v| v as u32).collect();
                prop_assert_eq!(fast, naive_values(&code, 300), "{}", text);
            }
        }
    }
}
