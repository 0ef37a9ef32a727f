//! Take-and-break codes: octal games and their hexadecimal generalisation.
//!
//! A code `d0.d1d2…dk` has one digit per number of tokens removed: digit
//! `d_j` says what may remain of a heap after `j` tokens are removed from it.
//! Bit 1: nothing (the heap had exactly `j` tokens); bit 2: one non-empty
//! heap; bit 4: two non-empty heaps; bit 8 (hexadecimal digits 8–f): three
//! non-empty heaps. `d0` (remove nothing) may only use bits 4 and 8 (split a
//! heap). Octal games use digits 0–7. Examples: `0.07` Dawson's Kayles (the
//! 1×N domino game, OEIS A215721), `0.77` Kayles, `0.137` Dawson's chess,
//! `4.07`, and every subtraction game `S` is the code with digit 3 at each
//! `s ∈ S`.
//!
//! **Unequal splits.** A code followed by `u` (e.g. `4.0u`) adds one rule:
//! the heaps left by a split (bit 4 or bit 8) must have pairwise different
//! sizes. Grundy's game (split one heap into two unequal non-empty heaps) is
//! `4.0u`; `0.07u` is Dawson's Kayles in which the two remaining rows must
//! differ. The octal periodicity theorem does not cover these games
//! (shrinking the largest heap by a period may make it equal to another
//! heap), so no period is ever claimed for them.

use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Longest accepted code (number of digits after the point): every split
/// digit multiplies the work per value, so longer codes are refused up front.
pub const MAX_CODE_DIGITS: usize = 32;

/// Longest subtraction set turned into a code by [`TakeBreakCode::subtraction`].
pub const MAX_SUBTRACTION_CODE_DIGITS: usize = 256;

/// A parsed take-and-break code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TakeBreakCode {
    /// `digits[j]` for removing `j` tokens; the last digit is non-zero.
    digits: Vec<u8>,
    /// Whether the heaps left by a split must have pairwise different sizes.
    unequal: bool,
}

const ACCEPTED: &str = "a code d0.d1d2... such as 0.07, .137, 4.07 or 4.0u: d0 in {0,4,8,c}, 1 to 32 later digits 0-9 or a-f, at least one non-zero, optional suffix u (unequal splits)";

impl FromStr for TakeBreakCode {
    type Err = MexError;

    fn from_str(text: &str) -> Result<Self, MexError> {
        let bad = |why: &str| {
            MexError::invalid(
                format!(
                    "{} is not a take-and-break code: {why}",
                    crate::error::quote(text)
                ),
                ACCEPTED,
            )
        };
        let t = text.trim();
        let (t, unequal) = match t.strip_suffix(['u', 'U']) {
            Some(rest) => (rest, true),
            None => (t, false),
        };
        let (head, tail) = t.split_once('.').ok_or_else(|| bad("no '.'"))?;
        let head = if head.is_empty() { "0" } else { head };
        if head.len() != 1 {
            return Err(bad("one digit before the point"));
        }
        if tail.chars().count() > MAX_CODE_DIGITS {
            return Err(MexError::invalid(
                format!(
                    "the code '{}...' has {} digits after the point",
                    text.chars().take(12).collect::<String>(),
                    tail.chars().count()
                ),
                format!("1 to {MAX_CODE_DIGITS} digits after the point"),
            ));
        }
        let mut digits = Vec::with_capacity(tail.len() + 1);
        for c in head.chars().chain(tail.chars()) {
            let d = c
                .to_digit(16)
                .ok_or_else(|| bad(&format!("{} is not a digit", c.escape_debug())))?;
            digits.push(d as u8);
        }
        if digits[0] & 3 != 0 {
            return Err(bad("d0 may only split heaps (0, 4, 8 or c)"));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(bad("every digit is 0, so no move exists"));
        }
        Ok(TakeBreakCode { digits, unequal })
    }
}

impl fmt::Display for TakeBreakCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:x}.", self.digits[0])?;
        if self.digits.len() == 1 {
            f.write_str("0")?;
        } else {
            self.digits[1..]
                .iter()
                .try_for_each(|d| write!(f, "{d:x}"))?;
        }
        if self.unequal {
            f.write_str("u")?;
        }
        Ok(())
    }
}

impl TakeBreakCode {
    /// The code of the subtraction game with set `set` (digit 3 at each element).
    pub fn subtraction(set: &[u64]) -> Result<Self, MexError> {
        let max = set.iter().copied().max().unwrap_or(0) as usize;
        MexError::check_range(
            "the largest element of a subtraction set as a code",
            max as u64,
            1,
            MAX_SUBTRACTION_CODE_DIGITS as u64,
            "use SubtractionSet",
        )?;
        if set.contains(&0) {
            return Err(MexError::invalid(
                "a subtraction set as a code contains 0",
                format!("elements 1..={MAX_SUBTRACTION_CODE_DIGITS}"),
            ));
        }
        let mut digits = vec![0u8; max + 1];
        for &s in set {
            digits[s as usize] = 3;
        }
        Ok(TakeBreakCode {
            digits,
            unequal: false,
        })
    }

    /// Grundy's game: split one heap into two non-empty heaps of different
    /// sizes (`4.0u`).
    pub fn grundys_game() -> Self {
        TakeBreakCode {
            digits: vec![4],
            unequal: true,
        }
    }

    /// The same moves with the unequal-split rule switched on or off.
    pub fn with_unequal_splits(mut self, unequal: bool) -> Self {
        self.unequal = unequal;
        self
    }

    /// Whether the heaps left by a split must have pairwise different sizes.
    pub fn unequal_splits(&self) -> bool {
        self.unequal
    }

    /// Whether the octal periodicity theorem applies (not with unequal
    /// splits: shrinking a heap by the period may make two heaps equal).
    pub fn has_periodicity_theorem(&self) -> bool {
        !self.unequal
    }

    /// The number of removal amounts whose digit allows a split (bit 4 or
    /// 8): each one costs a scan of the splits of the rest, so the work per
    /// value grows with it.
    pub fn split_digits(&self) -> usize {
        self.digits.iter().filter(|&&d| d & 12 != 0).count()
    }

    /// The digit for removing `j` tokens (0 beyond the code).
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(0)
    }

    /// `t`: the largest number of tokens a move removes.
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// `r`: the most heaps a move leaves (at least 1, for the theorem's bound).
    pub fn max_heaps(&self) -> usize {
        let all = self.digits.iter().fold(0, |acc, d| acc | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// Whether every digit is octal (0–7).
    pub fn is_octal(&self) -> bool {
        self.digits.iter().all(|&d| d < 8)
    }

    /// Removal amounts `j ≥ 1` whose digit has bit 1 or 2.
    pub(crate) fn takes(&self) -> Vec<(usize, u8)> {
        (1..self.digits.len())
            .filter(|&j| self.digits[j] & 3 != 0)
            .map(|j| (j, self.digits[j] & 3))
            .collect()
    }

    /// Removal amounts `j ≥ 0` whose digit has the given bit (4 or 8).
    pub(crate) fn removals_with(&self, bit: u8) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&j| self.digits[j] & bit != 0)
            .collect()
    }

    /// Every option of a heap of `n`, as the list of heaps left, in a fixed
    /// order: removal `j` increasing, then heaps `a ≤ b ≤ c` increasing.
    pub fn options(&self, n: usize) -> Vec<(usize, Vec<usize>)> {
        let mut out = Vec::new();
        self.for_each_option(n, |j, heaps| out.push((j, heaps.to_vec())));
        out
    }

    /// Calls `visit(j, heaps)` for every option of a heap of `n` (removal
    /// `j`, the heaps left), in the order of [`TakeBreakCode::options`],
    /// without allocating: digit `dⱼ` allows leaving no heap (bit 1, only
    /// when `j = n`), one heap (bit 2), two (bit 4) or three (bit 8)
    /// non-empty heaps; an unequal code (`u`) only unequal heaps.
    pub fn for_each_option(&self, n: usize, mut visit: impl FnMut(usize, &[usize])) {
        for j in 0..self.digits.len().min(n + 1) {
            let (d, rest) = (self.digits[j], n - j);
            let mut emit = |heaps: &[usize]| {
                if !self.unequal || heaps.windows(2).all(|w| w[0] != w[1]) {
                    visit(j, heaps);
                }
            };
            if d & 1 != 0 && rest == 0 {
                emit(&[]);
            }
            if d & 2 != 0 && rest > 0 {
                emit(&[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    emit(&[a, rest - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        emit(&[a, b, rest - a - b]);
                    }
                }
            }
        }
    }
}

/// The nim sequence straight from the definition: `G(n)` is the MEX over
/// [`TakeBreakCode::options`] of the XOR of the heaps left. O(n²) per term
/// for two-heap moves: the slow twin of [`super::sparse`].
pub fn naive_values(code: &TakeBreakCode, terms: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(terms);
    let mut reached = Vec::new();
    for n in 0..terms {
        reached.clear();
        code.for_each_option(n, |_, heaps| {
            reached.push(heaps.iter().fold(0u64, |x, &h| x ^ u64::from(g[h])));
        });
        g.push(crate::impartial::mex::mex(reached.iter().copied()) as u32);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        for (text, shown, t, r) in [
            ("0.07", "0.07", 2, 2),
            (".137", "0.137", 3, 2),
            ("4.07", "4.07", 2, 2),
            ("0.77", "0.77", 2, 2),
            ("0.3", "0.3", 1, 1),
            ("0.f", "0.f", 1, 3),
            ("0.070", "0.07", 2, 2),
        ] {
            let c: TakeBreakCode = text.parse().unwrap();
            assert_eq!(c.to_string(), shown);
            assert_eq!((c.max_removal(), c.max_heaps()), (t, r), "{text}");
        }
    }

    #[test]
    fn rejects_malformed_codes() {
        for bad in [
            "", "07", "0.0", "1.07", "2.3", "0.0g", "00.7", "0.-7", "x.7",
        ] {
            assert!(bad.parse::<TakeBreakCode>().is_err(), "{bad}");
        }
        let long = format!("0.{}", "7".repeat(MAX_CODE_DIGITS + 1));
        assert!(long.parse::<TakeBreakCode>().is_err());
        let longest = format!("0.{}", "7".repeat(MAX_CODE_DIGITS));
        assert!(longest.parse::<TakeBreakCode>().is_ok());
    }

    /// Regression: a 256-digit code used to be accepted (and ran for hours);
    /// the message is one line naming the accepted range.
    #[test]
    fn a_256_digit_code_is_refused_with_the_range() {
        let long = format!("0.{}", "7".repeat(256));
        let e = long.parse::<TakeBreakCode>().unwrap_err().to_string();
        assert!(
            e.contains("256 digits") && e.contains("1 to 32 digits"),
            "{e}"
        );
        assert!(!e.contains('\n'));
    }

    #[test]
    fn unequal_suffix_parses_prints_and_filters() {
        let g: TakeBreakCode = "4.0u".parse().unwrap();
        assert_eq!(g, TakeBreakCode::grundys_game());
        assert_eq!(g.to_string(), "4.0u");
        assert_eq!(
            "0.07U".parse::<TakeBreakCode>().unwrap().to_string(),
            "0.07u"
        );
        assert!(!g.has_periodicity_theorem());
        // 6 splits into 1+5 and 2+4, not 3+3.
        let heaps: Vec<Vec<usize>> = g.options(6).into_iter().map(|(_, h)| h).collect();
        assert_eq!(heaps, vec![vec![1, 5], vec![2, 4]]);
        for bad in ["u", "0.u", "4.0uu", "0.0u"] {
            assert!(bad.parse::<TakeBreakCode>().is_err(), "{bad}");
        }
    }

    #[test]
    fn known_sequences() {
        // Kayles 0.77: 0 1 2 3 1 4 3 2 1 4 2 6 ...
        let k = naive_values(&"0.77".parse().unwrap(), 12);
        assert_eq!(k, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        // Subtraction code equals the subtraction game.
        let s = naive_values(&TakeBreakCode::subtraction(&[1, 3, 4]).unwrap(), 50);
        let direct = crate::heap::subtraction::SubtractionSet::new(vec![1, 3, 4])
            .unwrap()
            .values(50);
        assert_eq!(s, direct);
    }
}
