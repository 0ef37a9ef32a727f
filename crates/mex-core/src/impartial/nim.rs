//! Nim with arbitrary-precision piles (Nash–Sheenko, Game 3.8 and Theorem 3.11;
//! the *Sequential games* slides, "Nim").
//!
//! Theorem (Bouton 1901; Nash–Sheenko, Theorems 3.11 and 3.14): a Nim position is a
//! P-position exactly when the nim-sum (bitwise XOR) of its piles is zero.
//! From an N-position with nim-sum `s`, the winning moves are exactly the
//! reductions of a pile `x` to `x XOR s`, for every pile with `x XOR s < x`.

use super::Outcome;
use num_bigint::BigUint;
use num_traits::Zero;

/// One move in Nim: pile `pile` (0-based) goes from `from` to `to` chips.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NimMove {
    /// 0-based index of the pile.
    pub pile: usize,
    /// Size before the move.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::decimal::serialize"))]
    pub from: BigUint,
    /// Size after the move.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::decimal::serialize"))]
    pub to: BigUint,
}

/// The complete analysis of a Nim position.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NimAnalysis {
    /// XOR of all piles.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::decimal::serialize"))]
    pub nim_sum: BigUint,
    /// P when the nim-sum is 0.
    pub outcome: Outcome,
    /// Every winning move, in pile order.
    pub winning_moves: Vec<NimMove>,
}

/// The nim-sum of the piles (Nash–Sheenko, Definition 3.13).
pub fn nim_sum(piles: &[BigUint]) -> BigUint {
    piles.iter().fold(BigUint::zero(), |acc, p| acc ^ p)
}

/// Nim-sum, outcome and every winning move.
pub fn analyse(piles: &[BigUint]) -> NimAnalysis {
    let s = nim_sum(piles);
    let winning_moves = if s.is_zero() {
        Vec::new()
    } else {
        piles
            .iter()
            .enumerate()
            .filter_map(|(pile, x)| {
                let to = x ^ &s;
                (to < *x).then(|| NimMove {
                    pile,
                    from: x.clone(),
                    to,
                })
            })
            .collect()
    };
    NimAnalysis {
        outcome: Outcome::from_is_zero(s.is_zero()),
        nim_sum: s,
        winning_moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::grundy::GrundySolver;
    use crate::impartial::ruleset::ImpartialRuleset;
    use crate::ruleset::Ruleset;
    use proptest::prelude::*;

    fn big(v: &[u64]) -> Vec<BigUint> {
        v.iter().map(|&x| BigUint::from(x)).collect()
    }

    #[test]
    fn seed_004_nim_sums() {
        // The *Sequential games* slides: 7 ⊕ 5 = 2 and 23 ⊕ 13 = 26.
        assert_eq!(nim_sum(&big(&[7, 5])), BigUint::from(2u32));
        assert_eq!(nim_sum(&big(&[23, 13])), BigUint::from(26u32));
    }

    #[test]
    fn seed_001_nim_sum_of_59_78_45_is_88() {
        // Nash–Sheenko, Definition 3.13 claims 90 from the wrong expansion
        // 78 = 64 + 8 + 4; see docs/errata.md.
        assert_eq!(78, 64 + 8 + 4 + 2);
        assert_eq!(nim_sum(&big(&[59, 78, 45])), BigUint::from(88u32));
    }

    #[test]
    fn seed_004_example_1() {
        let a = analyse(&big(&[25, 21, 11]));
        assert_eq!(a.nim_sum, BigUint::from(7u32));
        assert_eq!(a.outcome, Outcome::N);
        let moves: Vec<_> = a
            .winning_moves
            .iter()
            .map(|m| (m.pile, m.to.clone()))
            .collect();
        assert_eq!(moves, vec![(1, BigUint::from(18u32))]);
    }

    #[test]
    fn seed_004_example_2_is_13_23_28() {
        // The seed prints the position as (11,23,28), which is a P-position;
        // its working (13 ⊕ 23 ⊕ 28 = 6) is for (13,23,28). See docs/errata.md.
        assert_eq!(analyse(&big(&[11, 23, 28])).outcome, Outcome::P);
        let a = analyse(&big(&[13, 23, 28]));
        assert_eq!(a.nim_sum, BigUint::from(6u32));
        let to: Vec<_> = a.winning_moves.iter().map(|m| m.to.clone()).collect();
        assert_eq!(to, big(&[11, 17, 26]));
    }

    #[test]
    fn huge_piles() {
        let two_200 = BigUint::from(2u32).pow(200);
        let a = analyse(&[two_200.clone(), BigUint::from(5u32)]);
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, BigUint::from(5u32));
        assert_eq!(analyse(&[two_200.clone(), two_200]).outcome, Outcome::P);
    }

    /// Nim as a plain ruleset, for the brute-force twin.
    struct NimRules;
    impl Ruleset for NimRules {
        type Position = Vec<u8>;
    }

    impl ImpartialRuleset for NimRules {
        fn options(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for i in 0..p.len() {
                for smaller in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = smaller;
                    out.push(q);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn bouton_agrees_with_brute_force(piles in proptest::collection::vec(0u8..8, 1..4)) {
            let mut solver = GrundySolver::new(NimRules);
            let g = solver.grundy(&piles).unwrap();
            let wide: Vec<u64> = piles.iter().map(|&x| x as u64).collect();
            let a = analyse(&big(&wide));
            prop_assert_eq!(BigUint::from(g), a.nim_sum.clone());
            // Every listed winning move leads to a P-position, and every move
            // to a P-position is listed.
            let mut opts = Vec::new();
            NimRules.options(&piles, &mut opts);
            let brute: Vec<Vec<u8>> = opts.into_iter().filter(|q| solver.grundy(q).unwrap() == 0).collect();
            let listed: Vec<Vec<u8>> = a.winning_moves.iter().map(|m| {
                let mut q = piles.clone();
                q[m.pile] = u8::try_from(&m.to).unwrap();
                q
            }).collect();
            prop_assert_eq!(brute, listed);
        }
    }
}
