//! Binary De Bruijn sequences: every word of length `n` occurs exactly once
//! as a cyclic window of a sequence of length `2^n`.
//!
//! * the prefer-one sequence (Martin 1934; Weiss, Definition 4), written as a
//!   cyclic string with its `n` leading zeroes moved to the end (for n = 3:
//!   `11101000`), by the greedy construction (slow twin) and as the
//!   complement of the FKM sequence (fast);
//! * the lexicographically least sequence (prefer-zero), by FKM: the
//!   concatenation, in lexicographic order, of the Lyndon words whose length
//!   divides `n`;
//! * the check that a cyclic sequence is De Bruijn.

use crate::MexError;

/// Largest order generated into memory.
pub const MAX_ORDER_IN_MEMORY: u32 = 30;

fn check_order(n: u32, limit: u32) -> Result<(), MexError> {
    if n == 0 || n > limit {
        return Err(MexError::too_large(
            format!("order {n}"),
            format!("1 ≤ n ≤ {limit}"),
            "choose a smaller order",
        ));
    }
    Ok(())
}

/// Martin's prefer-one construction, verbatim: start with `n` zeroes, append
/// 1 when the new window is new, else 0, until neither is; then drop the
/// `n − 1` wrapped bits and move the leading zeroes to the end.
pub fn prefer_one_greedy(n: u32) -> Result<Vec<u8>, MexError> {
    check_order(n, 26)?;
    let mut seq = greedy_from_zeros(n, |_| 1);
    seq.truncate(1 << n);
    seq.rotate_left(n as usize);
    Ok(seq)
}

/// From `0^n`, appends the preferred bit (`prefer(last bit)`) when it makes
/// a new window, else its complement when that does, until neither does.
/// Returns the linear sequence, leading zeroes included.
fn greedy_from_zeros(n: u32, prefer: impl Fn(u8) -> u8) -> Vec<u8> {
    let size = 1usize << n;
    let mask = size - 1;
    let mut seen = vec![false; size];
    seen[0] = true;
    let mut seq = vec![0u8; n as usize];
    let mut window = 0usize;
    loop {
        let first = prefer((window & 1) as u8) as usize;
        let candidates = [
            ((window << 1) | first) & mask,
            ((window << 1) | (1 - first)) & mask,
        ];
        let Some(&next) = candidates.iter().find(|&&w| !seen[w]) else {
            break;
        };
        seen[next] = true;
        seq.push((next & 1) as u8);
        window = next;
    }
    seq
}

/// The lexicographically least De Bruijn sequence of order `n` by FKM
/// (Fredricksen–Kessler–Maiorana: Fredricksen–Maiorana 1978,
/// Fredricksen–Kessler 1986), generating Lyndon words with Duval's
/// successor: extend the word periodically to length `n`, drop trailing 1s,
/// increment the last bit.
pub fn fkm_least(n: u32) -> Result<Vec<u8>, MexError> {
    check_order(n, MAX_ORDER_IN_MEMORY)?;
    let n = n as usize;
    let mut out = Vec::with_capacity(1 << n);
    let mut word: Vec<u8> = vec![0];
    loop {
        if n.is_multiple_of(word.len()) {
            out.extend_from_slice(&word);
        }
        let len = word.len();
        for i in len..n {
            let b = word[i - len];
            word.push(b);
        }
        while word.last() == Some(&1) {
            word.pop();
        }
        match word.last_mut() {
            Some(last) => *last = 1,
            None => break,
        }
    }
    Ok(out)
}

/// The prefer-one sequence (leading zeroes moved to the end): the
/// complement of the FKM sequence.
pub fn prefer_one(n: u32) -> Result<Vec<u8>, MexError> {
    Ok(fkm_least(n)?.into_iter().map(|b| 1 - b).collect())
}

/// The prefer-opposite sequence (Alhakim 2010; the future work of Weiss):
/// from `0^n`, append the complement of the last bit when the new
/// window is new, else the same bit, while one of them is new. This reaches
/// every word but `1^n`; lengthening the one run of `n − 1` ones by a 1
/// inserts it. Written like prefer-one, with the leading zeroes moved to the
/// end (n = 3: `10111000`).
pub fn prefer_opposite(n: u32) -> Result<Vec<u8>, MexError> {
    check_order(n, 26)?;
    let size = 1usize << n;
    if n == 1 {
        return Ok(vec![1, 0]);
    }
    let mut seq = greedy_from_zeros(n, |last| 1 - last);
    seq.truncate(size - 1);
    let run = n as usize - 1;
    let at = (0..seq.len())
        .find(|&i| (0..run).all(|d| seq[(i + d) % seq.len()] == 1))
        .expect("1^(n-1) occurs");
    seq.insert(at, 1);
    seq.rotate_left(n as usize);
    Ok(seq)
}

/// The result of checking a cyclic sequence.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Check {
    /// Whether every window of length `order` occurs exactly once.
    pub de_bruijn: bool,
    /// `log2` of the length.
    pub order: u32,
    /// For a failure: the first window (by position of its second
    /// occurrence) that repeats, and both positions.
    pub repeated_window: Option<RepeatedWindow>,
}

/// A window occurring twice.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RepeatedWindow {
    /// The window, as 0/1 text.
    pub window: String,
    /// Its first start position (0-based, cyclic).
    pub first: usize,
    /// Its second start position.
    pub second: usize,
}

/// Checks that `bits` (cyclic) is a De Bruijn sequence of order
/// `log2(len)`. The length must be a power of two, at least 2.
pub fn check(bits: &[u8]) -> Result<Check, MexError> {
    let len = bits.len();
    if len < 2 || !len.is_power_of_two() {
        return Err(MexError::invalid(
            format!("the sequence has length {len}, not a power of two"),
            "a 0/1 sequence of length 2^n, n ≥ 1",
        ));
    }
    let order = len.trailing_zeros();
    if order > 32 {
        return Err(MexError::too_large(
            format!("order {order}"),
            "32",
            "check a shorter sequence",
        ));
    }
    let n = order as usize;
    let mask = len - 1;
    let mut first_seen = vec![usize::MAX; len];
    let mut window = (0..n).fold(0usize, |w, i| (w << 1) | bits[i] as usize);
    for start in 0..len {
        if first_seen[window] != usize::MAX {
            let text = (0..n)
                .map(|d| {
                    if bits[(start + d) % len] == 1 {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect();
            let repeated = RepeatedWindow {
                window: text,
                first: first_seen[window],
                second: start,
            };
            return Ok(Check {
                de_bruijn: false,
                order,
                repeated_window: Some(repeated),
            });
        }
        first_seen[window] = start;
        window = ((window << 1) | bits[(start + n) % len] as usize) & mask;
    }
    Ok(Check {
        de_bruijn: true,
        order,
        repeated_window: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shift::exhaustive;

    fn text(bits: &[u8]) -> String {
        crate::shift::state::show(bits)
    }

    #[test]
    fn order_3_examples() {
        assert_eq!(text(&prefer_one(3).unwrap()), "11101000");
        assert_eq!(text(&prefer_one_greedy(3).unwrap()), "11101000");
        assert_eq!(text(&fkm_least(3).unwrap()), "00010111");
    }

    #[test]
    fn fast_prefer_one_equals_martins_construction() {
        for n in 1..=20 {
            assert_eq!(
                prefer_one(n).unwrap(),
                prefer_one_greedy(n).unwrap(),
                "n = {n}"
            );
        }
    }

    #[test]
    fn generated_sequences_are_de_bruijn() {
        for n in 1..=20 {
            assert!(check(&fkm_least(n).unwrap()).unwrap().de_bruijn, "n = {n}");
            assert!(check(&prefer_one(n).unwrap()).unwrap().de_bruijn, "n = {n}");
        }
    }

    #[test]
    fn prefer_opposite_is_de_bruijn() {
        assert_eq!(text(&prefer_opposite(3).unwrap()), "10111000");
        for n in 1..=20 {
            assert!(
                check(&prefer_opposite(n).unwrap()).unwrap().de_bruijn,
                "n = {n}"
            );
        }
    }

    #[test]
    fn check_reports_the_first_repeat() {
        let c = check(&[0, 0, 1, 1, 0, 0, 1, 1]).unwrap();
        assert!(!c.de_bruijn);
        let r = c.repeated_window.unwrap();
        assert_eq!((r.window.as_str(), r.first, r.second), ("001", 0, 4));
        assert!(check(&[0, 1, 1]).is_err());
        assert!(check(&[]).is_err());
    }

    /// Weiss, Section 4: the optimal play from 0^n is the reversed
    /// prefer-one sequence. Exactly: state `s_t` read right to left
    /// (`b(n-1) … b0`) is the window at position `t` of the reversed
    /// prefer-one string; so the dropped bits, turn by turn, spell it.
    #[test]
    fn optimal_play_is_the_reversed_prefer_one_sequence() {
        for n in 1..=20u32 {
            let play = exhaustive::solve(n).unwrap().play();
            let mut reversed = prefer_one(n).unwrap();
            reversed.reverse();
            let size = reversed.len();
            assert_eq!(play.len(), size);
            for (t, &state) in play.iter().enumerate() {
                for d in 0..n as usize {
                    assert_eq!(
                        (state >> d & 1) as u8,
                        reversed[(t + d) % size],
                        "n = {n}, turn {t}"
                    );
                }
            }
        }
    }

    /// The same up to n = 24, following the O(n) rule (equal to the
    /// exhaustive solver on every state up to n = 20): the dropped bits of
    /// the play, turn by turn, spell the reversed prefer-one sequence, and
    /// 0^n returns after exactly 2^n turns.
    #[test]
    fn rule_play_is_the_reversed_prefer_one_sequence_up_to_24() {
        for n in 1..=24u32 {
            let mut reversed = prefer_one(n).unwrap();
            reversed.reverse();
            let mut s = 0u64;
            for (t, &expected) in reversed.iter().enumerate() {
                assert_eq!((s & 1) as u8, expected, "n = {n}, turn {t}");
                s = crate::shift::rule::next_word(s, n);
                assert!(
                    s != 0 || t + 1 == reversed.len(),
                    "n = {n}: 0^n returned early at turn {t}"
                );
            }
            assert_eq!(s, 0, "n = {n}");
        }
    }
}
