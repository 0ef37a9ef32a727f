//! The O(n) optimal strategies of the shift game: Weiss, Definitions
//! 10–12 and Propositions 13–15, in their corrected reading.
//!
//! `rank(s, k)` reads the state cyclically from index `k` as a binary
//! number, `b_k` most significant (Definition 10). The **head** is the
//! *smallest* index whose rotation is lexicographically greatest
//! (Definition 11; rotations tie when the state is periodic). The **tail**
//! is the least significant 1 of that greatest rotation: the first 1 met
//! going backwards cyclically from `head − 1`. (Definition 12 as printed,
//! `max{i ≤ head : b_i ≠ 0}`, includes the head itself and so always names
//! the head; see docs/errata.md.)
//!
//! The shift rule (Proposition 15): let `t = b0 … b(n-2) 1`; the new bit is
//! the complement of the dropped bit `b(n-1)` exactly when
//! `tail(t) = n − 1`, and equal to it otherwise. Alice's strategy
//! (Proposition 13) and Bob's (Proposition 14) are its two halves. Checked
//! against the exhaustive solver on every state for every `n ≤ 20`.

/// Smallest start index of the lexicographically greatest rotation, in
/// O(n) time and O(1) space (the two-candidate scan of Booth 1980, Shiloach 1981,
/// with the comparison reversed).
pub fn max_rotation_start(bits: &[u8]) -> usize {
    let n = bits.len();
    let (mut i, mut j, mut k) = (0usize, 1usize, 0usize);
    while i < n && j < n && k < n {
        let (a, b) = (bits[(i + k) % n], bits[(j + k) % n]);
        if a == b {
            k += 1;
            continue;
        }
        if a < b {
            i += k + 1;
        } else {
            j += k + 1;
        }
        if i == j {
            j += 1;
        }
        k = 0;
    }
    i.min(j)
}

/// The head and tail of a state (Definitions 11 and 12, corrected), or
/// `None` for the all-zero state.
pub fn head_and_tail(bits: &[u8]) -> Option<(usize, usize)> {
    let n = bits.len();
    let head = max_rotation_start(bits);
    (1..=n)
        .map(|d| (head + n - d) % n)
        .find(|&i| bits[i] == 1)
        .map(|tail| (head, tail))
}

/// What the rule looked at.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Explanation {
    /// The state `t = b0 … b(n-2) 1` the rule examines.
    pub examined: String,
    /// The head of `t`.
    pub head: usize,
    /// The tail of `t`.
    pub tail: usize,
    /// `rank(t)`: the greatest rotation, most significant bit first.
    pub rank_bits: String,
    /// Whether the new bit is the complement of the dropped bit.
    pub flip: bool,
    /// Who chose the new bit.
    pub chooser: crate::solve::arena::Player,
}

/// The next state under both players' optimal strategies, with the reasons.
pub fn next_with_explanation(bits: &[u8]) -> (Vec<u8>, Explanation) {
    let n = bits.len();
    let mut t = bits.to_vec();
    t[n - 1] = 1;
    let (head, tail) = head_and_tail(&t).expect("t ends in 1");
    let flip = tail == n - 1;
    let dropped = bits[n - 1];
    let mut next = Vec::with_capacity(n);
    next.push(if flip { 1 - dropped } else { dropped });
    next.extend_from_slice(&bits[..n - 1]);
    let rank_bits = (0..n)
        .map(|d| if t[(head + d) % n] == 1 { '1' } else { '0' })
        .collect();
    let chooser = if dropped == 1 {
        crate::solve::arena::Player::Alice
    } else {
        crate::solve::arena::Player::Bob
    };
    let explanation = Explanation {
        examined: super::state::show(&t),
        head,
        tail,
        rank_bits,
        flip,
        chooser,
    };
    (next, explanation)
}

/// The next state under optimal play (Proposition 15), O(n).
pub fn next_state(bits: &[u8]) -> Vec<u8> {
    next_with_explanation(bits).0
}

/// One player's optimal strategy, for a caller who plays the other side:
/// the bit `player` inserts at `bits`, or `None` when it is not `player`'s
/// turn (Alice moves when the dropped bit `b(n-1)` is 1, Bob when it is 0).
/// Alice's is Proposition 13, Bob's Proposition 14 (corrected readings).
pub fn strategy(player: crate::solve::arena::Player, bits: &[u8]) -> Option<u8> {
    let alice_to_move = *bits.last()? == 1;
    (alice_to_move == (player == crate::solve::arena::Player::Alice)).then(|| next_state(bits)[0])
}

/// Rotates the low `n` bits of `x` left by `k` (`0 ≤ k < n ≤ 64`).
#[inline(always)]
fn rotl_n(x: u64, k: u32, n: u32, mask: u64) -> u64 {
    if k == 0 {
        x
    } else {
        ((x << k) | (x >> (n - k))) & mask
    }
}

/// Whether the `n`-bit word `r` (read from bit `n − 1` down) is the greatest
/// of its rotations. Only rotations starting with a run of ones at least as
/// long as `r`'s leading run can compete: a longer run anywhere wins at once,
/// and runs of equal length are compared one by one.
#[inline]
fn is_greatest_rotation(r: u64, n: u32, mask: u64) -> bool {
    let lead = (r << (64 - n)).leading_ones();
    if lead >= n {
        return true;
    }
    // Bit p of `runs` is set when bits p, p-1, ..., p-lead+1 (cyclically) are 1.
    let mut runs = r;
    for j in 1..lead {
        runs &= rotl_n(r, j, n, mask);
    }
    if runs & rotl_n(r, lead, n, mask) != 0 {
        return false; // some run of lead + 1 ones
    }
    let mut candidates = runs & !(1u64 << (n - 1));
    while candidates != 0 {
        let p = 63 - candidates.leading_zeros();
        candidates &= !(1u64 << p);
        if rotl_n(r, n - 1 - p, n, mask) > r {
            return false;
        }
    }
    true
}

/// The shift rule on a word: `state` holds `b0 … b(n-1)` with `b0` at bit
/// `n − 1` and `b(n-1)` at bit 0, `1 ≤ n ≤ 64`. Same answer as
/// [`next_state`]: with `t = b0 … b(n-2) 1`, the tail of `t` is `n − 1`
/// exactly when `t` with its leading zeroes moved to the end is the greatest
/// of its rotations (the first greatest rotation then starts at the first 1,
/// and the last 1 of that rotation is `b(n-1)`).
pub fn next_word(state: u64, n: u32) -> u64 {
    debug_assert!((1..=64).contains(&n));
    let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let t = (state | 1) & mask;
    let zeros = (t << (64 - n)).leading_zeros();
    let flip = is_greatest_rotation(rotl_n(t, zeros, n, mask), n, mask);
    let bit = (state & 1) ^ u64::from(flip);
    (bit << (n - 1)) | ((state & mask) >> 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shift::exhaustive;
    use crate::shift::state::{from_index, to_index};
    use proptest::prelude::*;

    fn max_rotation_by_brute_force(bits: &[u8]) -> usize {
        let n = bits.len();
        let rot = |k: usize| -> Vec<u8> { (0..n).map(|d| bits[(k + d) % n]).collect() };
        (0..n)
            .max_by(|&a, &b| rot(a).cmp(&rot(b)).then(b.cmp(&a)))
            .unwrap()
    }

    proptest! {
        #[test]
        fn max_rotation_agrees_with_brute_force(bits in proptest::collection::vec(0u8..2, 1..40)) {
            prop_assert_eq!(max_rotation_start(&bits), max_rotation_by_brute_force(&bits));
        }
    }

    #[test]
    fn periodic_states_pick_the_first_head() {
        assert_eq!(max_rotation_start(&[1, 0, 1, 0]), 0);
        assert_eq!(max_rotation_start(&[0, 1, 0, 1]), 1);
        assert_eq!(max_rotation_start(&[0, 0, 0]), 0);
    }

    /// The corrected rule equals the exhaustive solver on every state.
    #[test]
    fn rule_equals_exhaustive_solver_for_every_state_up_to_n_20() {
        for n in 1..=20u32 {
            let sol = exhaustive::solve(n).unwrap();
            for s in 0..1u64 << n {
                let next = next_state(&from_index(s, n));
                assert_eq!(
                    to_index(&next),
                    sol.successors[s as usize] as u64,
                    "n = {n}, state {s:0w$b}",
                    w = n as usize
                );
            }
        }
    }

    /// The printed Definition 12 (tail = max{i ≤ head : b_i ≠ 0}) names the
    /// head itself, and the rule built on it disagrees with optimal play
    /// from n = 2 with the first head and n = 3 with the last one.
    #[test]
    fn literal_definition_12_fails() {
        let literal = |bits: &[u8], last_head: bool| -> u64 {
            let n = bits.len();
            let mut t = bits.to_vec();
            t[n - 1] = 1;
            let rot = |k: usize| -> Vec<u8> { (0..n).map(|d| t[(k + d) % n]).collect() };
            let best = (0..n).map(rot).max().unwrap();
            let heads: Vec<usize> = (0..n).filter(|&k| rot(k) == best).collect();
            let head = if last_head {
                *heads.last().unwrap()
            } else {
                heads[0]
            };
            let tail = (0..n)
                .map(|d| (head + n - d) % n)
                .find(|&i| t[i] == 1)
                .unwrap();
            let c = if tail == n - 1 {
                1 - bits[n - 1]
            } else {
                bits[n - 1]
            };
            (c as u64) << (n - 1) | to_index(bits) >> 1
        };
        for (n, last_head) in [(3u32, false), (3, true)] {
            let sol = exhaustive::solve(n).unwrap();
            let wrong = (0..1u64 << n)
                .filter(|&s| {
                    literal(&from_index(s, n), last_head) != sol.successors[s as usize] as u64
                })
                .count();
            assert!(wrong > 0, "n = {n}");
        }
    }

    #[test]
    fn word_rule_equals_vector_rule() {
        for n in 1..=14u32 {
            for s in 0..1u64 << n {
                assert_eq!(
                    next_word(s, n),
                    to_index(&next_state(&from_index(s, n))),
                    "n = {n}, s = {s}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn word_rule_equals_vector_rule_for_long_words(s in any::<u64>(), n in 15u32..=64) {
            let s = if n == 64 { s } else { s & ((1u64 << n) - 1) };
            prop_assert_eq!(next_word(s, n), to_index(&next_state(&from_index(s, n))));
        }
    }

    /// Along the optimal play (which visits every state), for long words.
    #[test]
    fn word_rule_equals_vector_rule_along_the_play() {
        for n in [20u32, 33, 48, 63, 64] {
            let mut s = 0u64;
            for _ in 0..20_000 {
                let next = next_word(s, n);
                assert_eq!(
                    next,
                    to_index(&next_state(&from_index(s, n))),
                    "n = {n}, s = {s:#x}"
                );
                s = next;
            }
        }
    }

    #[test]
    fn strategies_answer_only_on_their_turn() {
        use crate::solve::arena::Player;
        let sol = exhaustive::solve(6).unwrap();
        for s in 0..64u64 {
            let bits = from_index(s, 6);
            let (a, b) = (strategy(Player::Alice, &bits), strategy(Player::Bob, &bits));
            assert!(a.is_some() != b.is_some());
            let bit = a.or(b).unwrap() as u64;
            assert_eq!(bit << 5 | s >> 1, sol.successors[s as usize] as u64);
        }
    }

    #[test]
    fn long_states_are_linear() {
        let mut bits = vec![0u8; 100_000];
        bits[17] = 1;
        bits[99_999] = 1;
        let (next, e) = next_with_explanation(&bits);
        assert_eq!(next.len(), bits.len());
        assert_eq!(e.rank_bits.len(), bits.len());
    }
}
