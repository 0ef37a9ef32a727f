//! The 1×N domino-covering game (OEIS A215721): players alternately place a
//! 1×2 domino on two free adjacent squares of a 1×N strip; who cannot move
//! loses. Placing a domino on a free segment of length `L` leaves segments of
//! `k` and `L − 2 − k`, so the game is the take-and-break code `0.07`
//! (Dawson's Kayles), with
//! `nv(N + 2) = mex { nv(k) XOR nv(N − k) : 0 ≤ k ≤ N }` (OEIS A215721).
//! Its nim sequence is proven periodic (period 34, preperiod 52) by the
//! octal periodicity theorem at run time, which answers any `N`.

use super::code::TakeBreakCode;
use super::octal::prove_period;
use super::period::PeriodCertificate;
use super::periodic::PeriodicSequence;
use crate::impartial::ruleset::ImpartialRuleset;
use crate::impartial::Outcome;
use crate::ruleset::Ruleset;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive};

/// The domino game as a ruleset for the generic solver: a position is the
/// multiset of free segment lengths. Segments are independent components.
#[derive(Debug, Clone, Copy, Default)]
pub struct DominoRuleset;

impl Ruleset for DominoRuleset {
    type Position = Vec<u32>;
}

impl ImpartialRuleset for DominoRuleset {
    fn options(&self, segments: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &len) in segments.iter().enumerate() {
            for left in 0..len.saturating_sub(1) {
                let mut next = segments.clone();
                next[i] = left;
                next.push(len - 2 - left);
                out.push(next);
            }
        }
    }

    fn decompose(&self, segments: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
        (segments.len() > 1).then(|| segments.iter().map(|&s| vec![s]).collect())
    }

    fn canonical(&self, segments: &Vec<u32>) -> Vec<u32> {
        let mut c: Vec<u32> = segments.iter().copied().filter(|&s| s >= 2).collect();
        c.sort_unstable();
        c
    }
}

/// The recurrence of OEIS A215721, verbatim: the slow twin.
pub fn nim_values_by_recurrence(terms: usize) -> Vec<u32> {
    let mut nv = vec![0u32; terms.max(2)];
    for n in 0..terms.saturating_sub(2) {
        nv[n + 2] = crate::impartial::mex::mex((0..=n).map(|k| (nv[k] ^ nv[n - k]) as u64)) as u32;
    }
    nv.truncate(terms);
    nv
}

/// A placement covering squares `first` and `first + 1` (1-based), leaving
/// free segments of `left` and `right` squares.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Placement {
    /// The first covered square, 1-based.
    pub first: u64,
    /// Free squares to the left.
    pub left: u64,
    /// Free squares to the right.
    pub right: u64,
}

/// Largest board for which every winning placement is listed.
pub const MAX_LISTED_BOARD: u64 = 10_000_000;

/// The solved domino game.
#[derive(Debug, Clone)]
pub struct DominoGame {
    sequence: PeriodicSequence,
    certificate: PeriodCertificate,
}

impl DominoGame {
    /// Proves the period of `0.07` and keeps it.
    pub fn solve() -> Result<Self, MexError> {
        let code: TakeBreakCode = "0.07".parse().expect("valid code");
        let (_, analysis) = prove_period(&code, 1 << 14)?;
        match (analysis.sequence, analysis.certificate) {
            (Some(sequence), Some(certificate)) => Ok(DominoGame {
                sequence,
                certificate,
            }),
            _ => Err(MexError::NotFound {
                what: "no period proven for 0.07".into(),
            }),
        }
    }

    /// The proof of periodicity.
    pub fn certificate(&self) -> &PeriodCertificate {
        &self.certificate
    }

    /// `nv(N)` for any `N`.
    pub fn nim_value(&self, n: &BigUint) -> u32 {
        self.sequence.value_at(n)
    }

    /// P when the second player wins.
    pub fn outcome(&self, n: &BigUint) -> Outcome {
        Outcome::from_is_zero(self.nim_value(n) == 0)
    }

    /// Every placement that moves to a P-position (boards up to
    /// [`MAX_LISTED_BOARD`]).
    pub fn winning_moves(&self, n: &BigUint) -> Result<Vec<Placement>, MexError> {
        let n = n
            .to_u64()
            .filter(|&n| n <= MAX_LISTED_BOARD)
            .ok_or_else(|| {
                MexError::too_large(
                    "listing winning placements of the board",
                    format!("N = {MAX_LISTED_BOARD}"),
                    "ask for the value and outcome only",
                )
            })?;
        let value = |k: u64| self.sequence.value_at(&BigUint::from(k));
        Ok((0..n.saturating_sub(1))
            .filter(|&left| value(left) == value(n - 2 - left))
            .map(|left| Placement {
                first: left + 1,
                left,
                right: n - 2 - left,
            })
            .collect())
    }

    /// Every `N ≤ limit` for which the second player wins.
    pub fn second_player_wins(&self, limit: u64) -> Result<Vec<u64>, MexError> {
        if limit > MAX_LISTED_BOARD {
            return Err(MexError::too_large(
                format!("listing up to {limit}"),
                MAX_LISTED_BOARD.to_string(),
                "use the count instead",
            ));
        }
        Ok((0..=limit)
            .filter(|&n| self.sequence.value_at(&BigUint::from(n)) == 0)
            .collect())
    }

    /// `#{ 1 ≤ N ≤ m : the first player wins on 1×N }`, for any `m`.
    pub fn count_first_player_wins(&self, m: &BigUint) -> BigUint {
        self.sequence.count_in_range(&BigUint::one(), m, |v| v != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::grundy::GrundySolver;

    fn game() -> DominoGame {
        DominoGame::solve().unwrap()
    }

    #[test]
    fn three_methods_agree() {
        let g = game();
        let recurrence = nim_values_by_recurrence(300);
        let mut solver = GrundySolver::new(DominoRuleset);
        for (n, &nv) in recurrence.iter().enumerate() {
            assert_eq!(g.nim_value(&BigUint::from(n)), nv, "N = {n}");
            if n <= 60 {
                assert_eq!(
                    solver.grundy(&vec![n as u32]).unwrap(),
                    nv as u64,
                    "N = {n}"
                );
            }
        }
        assert_eq!(
            (g.certificate().preperiod, g.certificate().period),
            (53, 34)
        );
    }

    #[test]
    fn seed_003_small_boards() {
        let g = game();
        let o = |n: u32| g.outcome(&BigUint::from(n));
        assert_eq!(o(1), Outcome::P); // first player cannot move
        assert_eq!((o(2), o(3)), (Outcome::N, Outcome::N));
        assert_eq!(o(4), Outcome::N);
        let four = g.winning_moves(&BigUint::from(4u32)).unwrap();
        assert_eq!(
            four,
            vec![Placement {
                first: 2,
                left: 1,
                right: 1
            }]
        ); // the two central squares
        assert_eq!(o(5), Outcome::P);
    }

    #[test]
    fn seed_003_second_player_list() {
        let listed = [0, 1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55];
        let wins = game().second_player_wins(55).unwrap();
        assert_eq!(wins, listed);
    }

    /// OEIS a(n): the n-th board (1-based) on which the second player wins.
    fn oeis(n: usize, wins: &[u64]) -> u64 {
        wins[n - 1]
    }

    #[test]
    fn seed_003_recurrence_pari_formula_and_generating_function() {
        let wins = game().second_player_wins(100_000).unwrap();
        for n in 15..wins.len() {
            assert_eq!(
                oeis(n, &wins),
                oeis(n - 5, &wins) + 34,
                "a(n) = a(n-5) + 34 at n = {n}"
            );
        }
        // PARI: a(n) = if(n<10, [0,1,5,9,15,21,25,29,35][n], n\5*34 - [29,25,13,9,5][n%5+1])
        for n in 1..wins.len() {
            let pari = if n < 10 {
                [0, 1, 5, 9, 15, 21, 25, 29, 35][n - 1]
            } else {
                (n as u64 / 5) * 34 - [29, 25, 13, 9, 5][n % 5]
            };
            assert_eq!(oeis(n, &wins), pari, "n = {n}");
        }
        // G.f. x^2 P(x) / ((x-1)^2 (x^4+x^3+x^2+x+1)): coefficient of x^n is a(n).
        let num: [i64; 14] = [1, 4, 4, 6, 6, 3, 0, 2, -2, -2, 8, 0, -2, 6];
        let den: [i64; 7] = [1, -1, 0, 0, 0, -1, 1]; // (x-1)^2 (x^4+...+1) = 1 - x - x^5 + x^6
        let terms = 200;
        let mut coeff = vec![0i64; terms];
        for k in 0..terms {
            let mut c = if k >= 2 && k - 2 < num.len() {
                num[k - 2]
            } else {
                0
            };
            for j in 1..den.len().min(k + 1) {
                c -= den[j] * coeff[k - j];
            }
            coeff[k] = c;
        }
        for (n, &c) in coeff.iter().enumerate().skip(1) {
            assert_eq!(c, oeis(n, &wins) as i64, "g.f. coefficient {n}");
        }
    }

    #[test]
    fn counts_for_huge_bounds_match_direct_counting() {
        let g = game();
        let values = nim_values_by_recurrence(2000);
        for m in [0usize, 1, 2, 5, 51, 52, 53, 100, 1999] {
            let direct = (1..=m).filter(|&n| values[n] != 0).count();
            assert_eq!(
                g.count_first_player_wins(&BigUint::from(m)),
                BigUint::from(direct)
            );
        }
        let m = BigUint::from(10u32).pow(18);
        let count = g.count_first_player_wins(&m);
        // Per period of 34 exactly 5 boards are P-positions.
        let per_cycle = (52..86).filter(|&n| values[n] == 0).count();
        assert_eq!(per_cycle, 5);
        let p_count = &m - &count;
        assert!(
            p_count > BigUint::from(10u64.pow(18) / 34 * 5 - 100)
                && p_count < BigUint::from(10u64.pow(18) / 34 * 5 + 100)
        );
    }

    #[test]
    fn huge_boards_are_answered_and_listing_is_bounded() {
        let g = game();
        let n = BigUint::from(2u32).pow(100);
        let _ = g.outcome(&n);
        assert!(g.winning_moves(&n).is_err());
        assert!(g.second_player_wins(MAX_LISTED_BOARD + 1).is_err());
    }
}
