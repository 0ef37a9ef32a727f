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
    MexError::check_range("order", n.into(), 1, limit.into(), "choose a smaller order")
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

/// Largest order [`check`] and [`SequenceReader`] accept: every sequence
/// mex generates (prefer-one and prefer-zero stream up to order 32).
pub const MAX_CHECK_ORDER: u32 = 32;

/// Checks that `bits` (cyclic) is a De Bruijn sequence of order
/// `log2(len)`. The length must be a power of two, at least 2. Fast: packs
/// the bits and uses [`SequenceReader::check`].
pub fn check(bits: &[u8]) -> Result<Check, MexError> {
    let mut reader = SequenceReader::default();
    for &b in bits {
        reader.push(b != 0)?;
    }
    reader.check()
}

fn check_length(len: u64) -> Result<u32, MexError> {
    let accepted = format!("a 0/1 sequence of length 2^n, 1 ≤ n ≤ {MAX_CHECK_ORDER}");
    if len == 0 {
        return Err(MexError::invalid("the sequence is empty", accepted));
    }
    if len < 2 {
        return Err(MexError::too_small("the sequence length", len, 2, accepted));
    }
    if !len.is_power_of_two() {
        return Err(MexError::out_of_range("the sequence length", len, accepted));
    }
    let order = len.trailing_zeros();
    if order > MAX_CHECK_ORDER {
        return Err(MexError::above_limit(
            "the sequence length",
            len,
            format!("2^{MAX_CHECK_ORDER} bits"),
            "check a shorter sequence",
        ));
    }
    Ok(order)
}

/// A cyclic 0/1 sequence read incrementally (from text, in chunks) and
/// packed 64 bits to a word, then checked with a seen-set of `2^n` bits:
/// at order 32, 512 MiB for the sequence and 512 MiB for the set.
#[derive(Debug, Clone, Default)]
pub struct SequenceReader {
    words: Vec<u64>,
    len: u64,
    /// Bytes of text seen so far, for error positions.
    offset: u64,
}

impl SequenceReader {
    /// Appends one bit; refuses a sequence longer than `2^MAX_CHECK_ORDER`.
    pub fn push(&mut self, bit: bool) -> Result<(), MexError> {
        if self.len >= 1u64 << MAX_CHECK_ORDER {
            return Err(MexError::above_limit(
                "the sequence length",
                format!("(more than 2^{MAX_CHECK_ORDER} bits)"),
                format!("2^{MAX_CHECK_ORDER} bits (order {MAX_CHECK_ORDER})"),
                "check a shorter sequence",
            ));
        }
        let (word, bit_index) = ((self.len / 64) as usize, self.len % 64);
        if word == self.words.len() {
            self.words.push(0);
        }
        self.words[word] |= (bit as u64) << (63 - bit_index);
        self.len += 1;
        Ok(())
    }

    /// Appends a chunk of text: `0` and `1` are bits, whitespace is ignored,
    /// anything else is refused with its byte offset.
    pub fn push_text(&mut self, chunk: &[u8]) -> Result<(), MexError> {
        for (i, &byte) in chunk.iter().enumerate() {
            match byte {
                b'0' | b'1' => self.push(byte == b'1')?,
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' => {}
                _ => {
                    return Err(MexError::invalid(
                        format!(
                            "byte {} of the sequence is {}",
                            self.offset + i as u64 + 1,
                            std::ascii::escape_default(byte)
                        ),
                        "only the characters 0 and 1 (whitespace is ignored)",
                    ))
                }
            }
        }
        self.offset += chunk.len() as u64;
        Ok(())
    }

    /// Number of bits read.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether no bit was read.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn bit(&self, i: u64) -> u64 {
        self.words[(i / 64) as usize] >> (63 - i % 64) & 1
    }

    /// The window of `n` bits starting at `start` (cyclic), first bit
    /// highest.
    fn window(&self, start: u64, n: u32) -> u64 {
        (0..n as u64).fold(0, |w, d| (w << 1) | self.bit((start + d) % self.len))
    }

    /// Checks the sequence read so far: every cyclic window of length `n =
    /// log2(len)` occurs exactly once. On failure, reports the first window
    /// (by position of its second occurrence) that repeats.
    pub fn check(&self) -> Result<Check, MexError> {
        let order = check_length(self.len)?;
        let mask = self.len - 1;
        let mut seen = vec![0u64; self.len.div_ceil(64) as usize];
        let mut window = self.window(0, order);
        for start in 0..self.len {
            let (slot, bit) = ((window / 64) as usize, 1u64 << (window % 64));
            if seen[slot] & bit != 0 {
                let first = (0..start)
                    .find(|&s| self.window(s, order) == window)
                    .expect("a seen window occurred earlier");
                return Ok(Check {
                    de_bruijn: false,
                    order,
                    repeated_window: Some(RepeatedWindow {
                        window: (0..order)
                            .map(|d| {
                                if window >> (order - 1 - d) & 1 == 1 {
                                    '1'
                                } else {
                                    '0'
                                }
                            })
                            .collect(),
                        first: first as usize,
                        second: start as usize,
                    }),
                });
            }
            seen[slot] |= bit;
            window = ((window << 1) | self.bit((start + order as u64) % self.len)) & mask;
        }
        Ok(Check {
            de_bruijn: true,
            order,
            repeated_window: None,
        })
    }
}

/// The slow twin of [`check`]: the first position of every window in a
/// table of `2^n` positions.
pub fn check_by_positions(bits: &[u8]) -> Result<Check, MexError> {
    let len = bits.len();
    let order = check_length(len as u64)?;
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
    use proptest::prelude::*;

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

    proptest! {
        /// The packed check agrees with its slow twin on arbitrary
        /// sequences, and on De Bruijn sequences rotated and with one bit
        /// flipped.
        #[test]
        fn packed_check_agrees_with_positions(
            order in 1u32..11,
            seed in proptest::collection::vec(any::<bool>(), 1024),
            rotation in 0usize..1024,
            flip in proptest::option::of(0usize..1024),
        ) {
            let len = 1usize << order;
            let random: Vec<u8> = seed[..len].iter().map(|&b| b as u8).collect();
            let mut real = prefer_one(order).unwrap();
            real.rotate_left(rotation % len);
            if let Some(i) = flip {
                real[i % len] ^= 1;
            }
            for bits in [random, real] {
                prop_assert_eq!(check(&bits), check_by_positions(&bits));
            }
        }

        #[test]
        fn any_length_is_answered(len in 0usize..300) {
            let bits = vec![1u8; len];
            prop_assert_eq!(check(&bits), check_by_positions(&bits));
        }
    }

    #[test]
    fn lengths_are_classified() {
        assert!(matches!(check(&[]), Err(MexError::Invalid { .. })));
        assert!(matches!(check(&[1]), Err(MexError::TooSmall { .. })));
        assert!(matches!(
            check(&[0, 1, 1]),
            Err(MexError::OutOfRange { .. })
        ));
        let mut r = SequenceReader::default();
        assert!(r.push_text(b"01 10\n").is_ok());
        let err = r.push_text(b"0?").unwrap_err().to_string();
        assert!(err.contains("byte 8") && err.contains('?'), "{err}");
        let err = SequenceReader::default()
            .push_text(b"\0")
            .unwrap_err()
            .to_string();
        assert!(!err.contains('\0'), "{err}");
    }

    /// Issue 13: `mex debruijn prefer-one 24 | mex debruijn check` was
    /// refused (a 10^7-bit limit on input); order 24 is read and checked.
    #[test]
    fn checks_order_24_from_text_chunks() {
        let mut r = SequenceReader::default();
        let bits = prefer_one(24).unwrap();
        for chunk in bits.chunks(1 << 16) {
            let text: Vec<u8> = chunk.iter().map(|&b| b'0' + b).collect();
            r.push_text(&text).unwrap();
        }
        r.push_text(b"\n").unwrap();
        let c = r.check().unwrap();
        assert!(c.de_bruijn && c.order == 24);
    }
}
