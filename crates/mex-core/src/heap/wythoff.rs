//! Wythoff's game (Wythoff 1907; the *Sequential games* slides) in exact
//! integer arithmetic.
//!
//! Two piles; a move removes any positive number from one pile, or the same
//! positive number from both. The P-positions are `(a_k, b_k)` and
//! `(b_k, a_k)` with `a_k = ⌊kφ⌋`, `b_k = a_k + k` (the *Sequential games* slides). Since
//! `kφ = (k + k√5)/2` and `k√5` is irrational for `k > 0`,
//! `a_k = ⌊(k + ⌊√(5k²)⌋) / 2⌋`: an integer square root, no floating point.

use crate::impartial::mex::MexScratch;
use crate::impartial::ruleset::ImpartialRuleset;
use crate::impartial::Outcome;
use crate::ruleset::Ruleset;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::Zero;
use std::sync::OnceLock;

/// The k-th P-position `(a_k, b_k)`, `k ≥ 0` (`k = 0` gives `(0, 0)`).
pub fn pair(k: &BigUint) -> (BigUint, BigUint) {
    let a = (k + (k * k * 5u32).sqrt()) >> 1;
    let b = &a + k;
    (a, b)
}

/// Whether `(x, y)` is a P-position.
pub fn is_p_position(x: &BigUint, y: &BigUint) -> bool {
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    pair(&(hi - lo)).0 == *lo
}

/// The P-position partner of `v`: the `w` with `(v, w)` a P-position (every
/// non-negative integer has exactly one, by Beatty's theorem: Beatty 1926;
/// the *Sequential games* slides).
pub fn partner(v: &BigUint) -> BigUint {
    if v.is_zero() {
        return BigUint::zero();
    }
    // v = a_k exactly when k = ⌈v/φ⌉ gives a_k = v; v/φ = v(√5 − 1)/2.
    let s = (v * v * 5u32).sqrt(); // ⌊v√5⌋
    let k = ((&s - v) >> 1) + 1u32; // ⌊v(√5−1)/2⌋ + 1 = ⌈v/φ⌉ (v/φ irrational)
    let (a, b) = pair(&k);
    if a == *v {
        return b;
    }
    // Otherwise v = b_j = ⌊jφ²⌋ with j = ⌈v/φ²⌉ and v/φ² = v(3 − √5)/2,
    // which lies in ((3v − s − 1)/2, (3v − s)/2]: three candidates cover it.
    let lo: BigUint = (v * 3u32 - &s - 1u32) >> 1;
    for j in [lo.clone(), &lo + 1u32, &lo + 2u32] {
        let (a, b) = pair(&j);
        if b == *v {
            return a;
        }
    }
    unreachable!("every positive integer is some a_k or b_k (Beatty)")
}

/// Every move from `(x, y)` to a P-position, as `[x', y']` in pile order,
/// without duplicates, ordered by `x'` then `y'`.
pub fn winning_moves(x: &BigUint, y: &BigUint) -> Vec<(BigUint, BigUint)> {
    let mut moves = Vec::new();
    // Shrink y to the partner of x, or x to the partner of y.
    let px = partner(x);
    if px < *y {
        moves.push((x.clone(), px));
    }
    let py = partner(y);
    if py < *x {
        moves.push((py, y.clone()));
    }
    // Take d from both: the difference k stays, so go to (a_k, b_k) ordered as (x, y).
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    let a = pair(&(hi - lo)).0;
    if a < *lo {
        let d = lo - &a;
        moves.push((x - &d, y - &d));
    }
    moves.sort();
    moves.dedup();
    moves
}

/// Outcome of `(x, y)`.
pub fn outcome(x: &BigUint, y: &BigUint) -> Outcome {
    Outcome::from_is_zero(is_p_position(x, y))
}

/// Largest pile for Grundy-value tables (the table has (x+1)(y+1) cells).
pub const MAX_GRUNDY_PILE: u64 = 512;

/// Grundy values `G(i, j)` for all `i ≤ max_x`, `j ≤ max_y`, by the MEX over
/// each cell's row, column and diagonal predecessors, kept as per-line sets
/// of values already seen: O(x·y·(x+y)) in the worst case, small in practice.
pub fn grundy_table(max_x: u64, max_y: u64) -> Result<Vec<Vec<u32>>, MexError> {
    if max_x > MAX_GRUNDY_PILE || max_y > MAX_GRUNDY_PILE {
        return Err(MexError::too_large(
            format!("Wythoff Grundy table for ({max_x}, {max_y})"),
            format!("piles of {MAX_GRUNDY_PILE}"),
            "P/N status and winning moves work for piles of any size",
        ));
    }
    let (w, h) = (max_x as usize + 1, max_y as usize + 1);
    let mut g = vec![vec![0u32; h]; w];
    let mut scratch = MexScratch::new();
    for i in 0..w {
        for j in 0..h {
            crate::stop::check()?;
            scratch.clear();
            (0..i).for_each(|k| scratch.insert(g[k][j]));
            (0..j).for_each(|k| scratch.insert(g[i][k]));
            (1..=i.min(j)).for_each(|d| scratch.insert(g[i - d][j - d]));
            g[i][j] = scratch.mex_from(0);
        }
    }
    Ok(g)
}

/// Positions a side of the shared table: piles `0..=MAX_GRUNDY_PILE`.
const SIDE: usize = MAX_GRUNDY_PILE as usize + 1;

/// The Grundy values of every position with piles up to
/// [`MAX_GRUNDY_PILE`], row by row, computed once per process.
///
/// Each cell's value is the MEX of the values before it on its row, its
/// column and its diagonal (the three kinds of move); each line keeps the
/// set of values seen on it as a bit set, so a cell costs O(n/64) word
/// operations and the whole table a few milliseconds. `G(x, y) ≤ x + y +
/// min(x, y)`, the number of options, bounds the values. [`grundy_table`]
/// is the slow twin.
fn shared_table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let words = 3 * SIDE / 64 + 1;
        let mut rows = vec![0u64; SIDE * words];
        let mut columns = vec![0u64; SIDE * words];
        let mut diagonals = vec![0u64; 2 * SIDE * words];
        let mut g = vec![0u16; SIDE * SIDE];
        for i in 0..SIDE {
            for j in 0..SIDE {
                let (r, c, d) = (i * words, j * words, (j + SIDE - i) * words);
                let v = (0..words)
                    .find_map(|w| {
                        let seen = rows[r + w] | columns[c + w] | diagonals[d + w];
                        (seen != u64::MAX).then(|| w * 64 + (!seen).trailing_zeros() as usize)
                    })
                    .expect("the values are bounded by the number of options");
                g[i * SIDE + j] = v as u16;
                let (word, bit) = (v / 64, 1u64 << (v % 64));
                rows[r + word] |= bit;
                columns[c + word] |= bit;
                diagonals[d + word] |= bit;
            }
        }
        g
    })
}

/// The Grundy value of one position with piles up to [`MAX_GRUNDY_PILE`]
/// (the shared table; refused above).
pub fn grundy(x: u64, y: u64) -> Result<u32, MexError> {
    if x > MAX_GRUNDY_PILE || y > MAX_GRUNDY_PILE {
        return Err(MexError::too_large(
            format!("the Grundy value of Wythoff's game at ({x}, {y})"),
            format!("piles of {MAX_GRUNDY_PILE}"),
            "P/N status and winning moves work for piles of any size",
        ));
    }
    Ok(u32::from(shared_table()[x as usize * SIDE + y as usize]))
}

/// Wythoff as a plain ruleset: the slow twin for the generic solver.
#[derive(Debug, Clone, Copy, Default)]
pub struct WythoffRuleset;

impl Ruleset for WythoffRuleset {
    type Position = (u32, u32);
}

impl ImpartialRuleset for WythoffRuleset {
    fn options(&self, &(x, y): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        out.extend((0..x).map(|i| (i, y)));
        out.extend((0..y).map(|j| (x, j)));
        out.extend((1..=x.min(y)).map(|d| (x - d, y - d)));
    }
    fn canonical(&self, &(x, y): &(u32, u32)) -> (u32, u32) {
        (x.min(y), x.max(y))
    }
}

/// `true` when `pair` enumerates Beatty sequences correctly up to `k`: every
/// positive integer up to `a_k` appears exactly once among `a_1.., b_1..`.
pub fn pairs_partition_integers(k: u64) -> bool {
    let mut hits = vec![0u8; (3 * k + 3) as usize];
    for kk in 1..=k {
        let (a, b) = pair(&BigUint::from(kk));
        for v in [a, b] {
            let v = u64::try_from(&v).expect("small");
            hits[v as usize] += 1;
        }
    }
    let top = u64::try_from(&pair(&BigUint::from(k)).0).expect("small") as usize;
    hits[1..=top].iter().all(|&h| h == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::grundy::GrundySolver;

    fn b(v: u64) -> BigUint {
        BigUint::from(v)
    }

    fn moves(x: u64, y: u64) -> Vec<(u64, u64)> {
        winning_moves(&b(x), &b(y))
            .into_iter()
            .map(|(p, q)| (p.try_into().unwrap(), q.try_into().unwrap()))
            .collect()
    }

    #[test]
    fn seed_004_pairs() {
        let first: Vec<(u64, u64)> = (0..6u64)
            .map(|k| pair(&b(k)))
            .map(|(a, c)| (a.try_into().unwrap(), c.try_into().unwrap()))
            .collect();
        assert_eq!(
            first,
            vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
        );
        assert_eq!(pair(&b(10)), (b(16), b(26)));
        assert_eq!(pair(&b(13)), (b(21), b(34)));
        assert_eq!(pair(&b(8)), (b(12), b(20)));
        assert_eq!(pair(&b(95)), (b(153), b(248)));
        assert!(pairs_partition_integers(5000));
    }

    /// The shared bit-set table against the MEX per cell, on every
    /// position with piles up to 512 (the whole table).
    #[test]
    fn shared_table_against_the_mex_per_cell() {
        let slow = grundy_table(MAX_GRUNDY_PILE, MAX_GRUNDY_PILE).unwrap();
        for (x, row) in slow.iter().enumerate() {
            for (y, &g) in row.iter().enumerate() {
                assert_eq!(grundy(x as u64, y as u64).unwrap(), g, "({x}, {y})");
            }
        }
        assert!(grundy(513, 0).is_err() && grundy(0, 513).is_err());
    }

    #[test]
    fn seed_004_examples() {
        assert_eq!(moves(9, 13), vec![(6, 10), (8, 13)]);
        assert_eq!(moves(26, 34), vec![(12, 20), (21, 34), (26, 16)]);
        assert_eq!(moves(153, 289), vec![(153, 248)]);
    }

    #[test]
    fn exact_for_huge_k() {
        let k = BigUint::from(10u32).pow(60);
        let (a, c) = pair(&k);
        assert!(is_p_position(&a, &c) && is_p_position(&c, &a));
        assert!(!is_p_position(&a, &(&c + 1u32)));
        assert_eq!(partner(&a), c);
        assert_eq!(partner(&c), a);
        let m = winning_moves(&(&a + 7u32), &(&c + 7u32));
        assert!(m.contains(&(a.clone(), c.clone())));
        assert!(m.iter().all(|(p, q)| is_p_position(p, q)));
    }

    #[test]
    fn agrees_with_brute_force() {
        let table = grundy_table(40, 40).unwrap();
        let mut solver = GrundySolver::new(WythoffRuleset);
        for x in 0..=40u32 {
            for y in 0..=40u32 {
                let g = solver.grundy(&(x, y)).unwrap();
                assert_eq!(table[x as usize][y as usize] as u64, g);
                assert_eq!(is_p_position(&b(x as u64), &b(y as u64)), g == 0);
                let mut opts = Vec::new();
                WythoffRuleset.options(&(x, y), &mut opts);
                let mut brute: Vec<(u64, u64)> = opts
                    .into_iter()
                    .filter(|o| solver.grundy(o).unwrap() == 0)
                    .map(|(p, q)| (p as u64, q as u64))
                    .collect();
                brute.sort();
                brute.dedup();
                assert_eq!(moves(x as u64, y as u64), brute, "({x}, {y})");
            }
        }
    }

    #[test]
    fn table_limit() {
        assert!(grundy(MAX_GRUNDY_PILE + 1, 1).is_err());
    }
}
