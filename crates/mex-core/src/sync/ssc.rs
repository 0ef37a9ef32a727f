//! Synchronized Stack Cherries (van den Bergh 2023, Sections 6.3–6.4).
//!
//! A segment is a word over `B` (black, Left's; written 1) and `W` (white,
//! Right's; 0), front first. The lexicographic order ⪯ compares segments
//! left-aligned with `W < empty < B` (van den Bergh 2023, Section 6.3), and by
//! Theorem 6.3.2 it is the synchronized order. `|G|` is `G` when `G` starts
//! black and `G` with colours swapped otherwise. A segment is *irreducible*
//! when it is weaker than all of its proper suffixes: `|G| < |G_i|` for all
//! `1 < i ≤ n` (Definition 6.3.6).

use crate::ruleset::Ruleset;
use crate::MexError;
use num_bigint::BigUint;
use std::cmp::Ordering;

/// A segment: `true` is black.
pub type Segment = Vec<bool>;

/// The longest segment the front ends decompose (`mex ssc decompose`,
/// Python's `ssc_cut_points`), 2·10^8 cherries: [`cut_points`] needs about
/// ten bytes a cherry at its peak (the suffix array), about 2 GB here.
pub const MAX_SEGMENT_CHERRIES: usize = 200_000_000;

/// Parses `BBWB` (any case).
pub fn parse_segment(text: &str) -> Result<Segment, MexError> {
    let accepted = "a segment of B and W such as BBWBBWW";
    if text.trim().is_empty() {
        return Err(MexError::invalid("the segment is empty", accepted));
    }
    crate::partizan::cherries::parse_word(text.trim(), accepted)
}

/// Prints a segment as `B`/`W`.
pub fn show(seg: &[bool]) -> String {
    seg.iter().map(|&b| if b { 'B' } else { 'W' }).collect()
}

/// The lexicographic order ⪯ with `W < empty < B`, segments left-aligned.
/// `flip_a` / `flip_b` read a segment with its colours swapped (for `|·|`).
pub fn compare(a: &[bool], flip_a: bool, b: &[bool], flip_b: bool) -> Ordering {
    compare_counting(a, flip_a, b, flip_b).0
}

/// [`compare`], with the number of letters read.
fn compare_counting(a: &[bool], flip_a: bool, b: &[bool], flip_b: bool) -> (Ordering, usize) {
    let common = a
        .iter()
        .zip(b)
        .take_while(|&(&x, &y)| (x ^ flip_a) == (y ^ flip_b))
        .count();
    let rank = |w: &[bool], flip: bool| w.get(common).map_or(1, |&c| if c ^ flip { 2 } else { 0 });
    (rank(a, flip_a).cmp(&rank(b, flip_b)), common + 1)
}

/// `|a|` compared with `|b|`.
pub fn compare_abs(a: &[bool], b: &[bool]) -> Ordering {
    compare(a, a.first() == Some(&false), b, b.first() == Some(&false))
}

/// Definition 6.3.6: weaker than every proper suffix.
pub fn is_irreducible(seg: &[bool]) -> bool {
    !seg.is_empty() && (1..seg.len()).all(|i| compare_abs(seg, &seg[i..]) == Ordering::Less)
}

/// Theorem 6.3.11 (for segments starting black): `w` has fundamental period
/// `n` and `ρ₁(w)` is the smallest element of all rotations of `w` and of its
/// complement, in the ordinary lexicographic order (`ε < 0 < 1`).
pub fn is_irreducible_by_necklace(seg: &[bool]) -> bool {
    let n = seg.len();
    if n == 0 || !seg[0] {
        return false;
    }
    let rot = |w: &[bool], k: usize| -> Vec<bool> { (0..n).map(|d| w[(k + d) % n]).collect() };
    if (1..n).any(|p| n.is_multiple_of(p) && rot(seg, p) == seg) {
        return false;
    }
    let complement: Vec<bool> = seg.iter().map(|&b| !b).collect();
    let first = rot(seg, 1);
    (0..n).all(|k| first <= rot(seg, k) && first <= rot(&complement, k))
}

/// Largest length for enumerating irreducible elements.
pub const MAX_ENUMERATION_LENGTH: usize = 24;

/// The positive irreducible elements of length ≤ `max_len`, in decreasing
/// lexicographic order.
pub fn irreducibles(max_len: usize) -> Result<Vec<Segment>, MexError> {
    MexError::check_range(
        "the enumerated length",
        max_len as u64,
        1,
        MAX_ENUMERATION_LENGTH as u64,
        "count them instead of listing them",
    )?;
    let mut out: Vec<Segment> = Vec::new();
    for len in 1..=max_len {
        for bits in 0u64..1 << (len - 1) {
            let seg: Segment = std::iter::once(true)
                .chain((0..len - 1).map(|i| bits >> (len - 2 - i) & 1 == 1))
                .collect();
            if is_irreducible(&seg) {
                out.push(seg);
            }
        }
    }
    out.sort_by(|a, b| compare(b, false, a, false));
    Ok(out)
}

/// The number of positive irreducible elements of length `n` (OEIS
/// A000048): `(1 / 2n) Σ_{d | n, d odd} μ(d) 2^(n/d)`.
pub fn count_irreducibles(n: u64) -> Result<BigUint, MexError> {
    MexError::check_range("length", n, 1, 1_000_000, "choose a smaller length")?;
    let mut positive = BigUint::from(0u32);
    let mut negative = BigUint::from(0u32);
    for d in (1..=n).filter(|&d| d % 2 == 1 && n.is_multiple_of(d)) {
        match mobius(d) {
            1 => positive += BigUint::from(1u32) << (n / d),
            -1 => negative += BigUint::from(1u32) << (n / d),
            _ => {}
        }
    }
    Ok((positive - negative) / (2 * n))
}

fn mobius(mut d: u64) -> i32 {
    let mut result = 1;
    let mut p = 2;
    while p * p <= d {
        if d.is_multiple_of(p) {
            d /= p;
            if d.is_multiple_of(p) {
                return 0;
            }
            result = -result;
        }
        p += 1;
    }
    if d > 1 {
        result = -result;
    }
    result
}

/// Decomposition by Theorem 6.4.2, the quadratic twin: split off the weakest
/// suffix (it is irreducible) and decompose the rest. Returns the pieces in
/// order along the segment.
pub fn decompose_by_weakest_suffix(seg: &[bool]) -> Vec<Segment> {
    let mut pieces = Vec::new();
    let mut end = seg.len();
    while end > 0 {
        let g = &seg[..end];
        let weakest = (0..end)
            .min_by(|&i, &j| compare_abs(&g[i..], &g[j..]))
            .expect("non-empty");
        pieces.push(g[weakest..].to_vec());
        end = weakest;
    }
    pieces.reverse();
    pieces
}

/// Decomposition by Theorem 6.4.5 with direct comparisons, the second twin:
/// while the segment is not irreducible, split at the smallest `i` with
/// `|G_{i+1:}| ≤ |G|`; the prefix is irreducible. Quadratic in the worst
/// case (for example `(BW)^k`).
pub fn decompose_by_first_weaker_suffix(seg: &[bool]) -> Vec<Segment> {
    let mut pieces = Vec::new();
    let mut start = 0;
    while start < seg.len() {
        let g = &seg[start..];
        let cut = (1..g.len())
            .find(|&i| compare_abs(&g[i..], g) != Ordering::Greater)
            .unwrap_or(g.len());
        pieces.push(g[..cut].to_vec());
        start += cut;
    }
    pieces
}

/// The decomposition of a segment into irreducible elements (Theorems 6.4.2
/// and 6.4.5), in order along the segment, in linear time; see
/// [`cut_points`].
pub fn decompose(seg: &[bool]) -> Vec<Segment> {
    pieces(seg, &cut_points(seg))
        .map(<[bool]>::to_vec)
        .collect()
}

/// The pieces of `seg` between consecutive `cuts` (as [`cut_points`] gives
/// them: increasing, starting at 0).
pub fn pieces<'a>(seg: &'a [bool], cuts: &'a [usize]) -> impl Iterator<Item = &'a [bool]> + 'a {
    let ends = cuts
        .iter()
        .skip(1)
        .copied()
        .chain(std::iter::once(seg.len()));
    cuts.iter().zip(ends).map(move |(&a, b)| &seg[a..b])
}

/// Where the irreducible pieces of a segment start (always 0 first, for a
/// non-empty segment), in linear time.
///
/// By Theorem 6.4.5 a piece starts at `c` and the next one at the first
/// `t > c` with `|suf(t)| < |suf(c)|`: the piece starts are exactly the
/// left-to-right minima of the suffixes of the whole segment under `|·|`
/// and the order `W < empty < B`.
///
/// Two exact methods compute them. The direct scan compares suffixes letter
/// by letter and is fast on typical inputs, but quadratic on periodic ones,
/// so it runs under a budget of a few letter comparisons per cherry. Past the
/// budget the suffix-array method takes over: it sorts the suffixes of
/// `S·M·S̄·M` (`M` a middle letter, `W < M < B`), reads `|suf(t)|` as the
/// suffix of `S` at `t` when `t` is black and of `S̄` when white, and keeps,
/// in rank order, every position smaller than all before it. Both are
/// `O(n)`; together they are `O(n)` in the worst case.
pub fn cut_points(seg: &[bool]) -> Vec<usize> {
    cut_points_by_direct_scan(seg, DIRECT_SCAN_BUDGET_PER_CHERRY * seg.len() + 64)
        .unwrap_or_else(|| cut_points_by_suffix_array(seg))
}

/// Letter comparisons per cherry the direct scan may spend before the
/// suffix-array method takes over.
const DIRECT_SCAN_BUDGET_PER_CHERRY: usize = 8;

/// The direct scan of Theorem 6.4.5, or `None` when it would exceed
/// `budget` letter comparisons. When two neighbours have the same colour
/// the cut is immediate: `|suf(c)| = B·|suf(c+1)|` is stronger than
/// `|suf(c+1)|`.
pub fn cut_points_by_direct_scan(seg: &[bool], mut budget: usize) -> Option<Vec<usize>> {
    let n = seg.len();
    let mut cuts = Vec::new();
    let mut c = 0;
    while c < n {
        cuts.push(c);
        if c + 1 < n && seg[c + 1] == seg[c] {
            c += 1;
            continue;
        }
        let mut t = c + 1;
        while t < n {
            let (order, spent) = compare_counting(&seg[t..], !seg[t], &seg[c..], !seg[c]);
            budget = budget.checked_sub(spent)?;
            if order == Ordering::Less {
                break;
            }
            t += 1;
        }
        c = t;
    }
    Some(cuts)
}

fn suffix_array<I: libsais::OutputElement>(text: &[u8]) -> Vec<I> {
    libsais::SuffixArrayConstruction::for_text(text)
        .in_owned_buffer()
        .single_threaded()
        .run()
        .expect("libsais sorts any byte text whose length fits the output type")
        .into_vec()
}

/// The suffix-array method of [`cut_points`].
pub fn cut_points_by_suffix_array(seg: &[bool]) -> Vec<usize> {
    let n = seg.len();
    let (white, middle, black) = (1u8, 2u8, 3u8);
    let mut text = Vec::with_capacity(2 * n + 2);
    text.extend(seg.iter().map(|&b| if b { black } else { white }));
    text.push(middle);
    text.extend(seg.iter().map(|&b| if b { white } else { black }));
    text.push(middle);
    if text.len() < i32::MAX as usize {
        let order = suffix_array::<i32>(&text);
        left_to_right_minima(seg, order.into_iter().map(|p| p as usize))
    } else {
        let order = suffix_array::<i64>(&text);
        left_to_right_minima(seg, order.into_iter().map(|p| p as usize))
    }
}

/// Given the suffixes of `S·M·S̄·M` in increasing order, the positions `t`
/// of `S` whose `|suf(t)|` is smaller than that of every earlier position.
fn left_to_right_minima(seg: &[bool], order: impl Iterator<Item = usize>) -> Vec<usize> {
    let n = seg.len();
    let mut cuts = Vec::new();
    let mut leftmost = usize::MAX;
    for p in order {
        let position = if p < n && seg[p] {
            p
        } else if p > n && p <= 2 * n && !seg[p - n - 1] {
            p - n - 1
        } else {
            continue;
        };
        if position < leftmost {
            leftmost = position;
            cuts.push(position);
        }
    }
    cuts.reverse();
    cuts
}

/// SSC positions (several stacks) as a synchronized ruleset: Left removes
/// the top of a stack with a black top, Right of one with a white top, at
/// the same time (never the same stack).
#[derive(Debug, Clone, Copy, Default)]
pub struct SscRules;

impl Ruleset for SscRules {
    type Position = Vec<Segment>;
}

impl super::solver::SyncRuleset for SscRules {
    type Choice = usize;
    fn left_choices(&self, p: &Vec<Segment>) -> Vec<usize> {
        (0..p.len())
            .filter(|&i| p[i].first() == Some(&true))
            .collect()
    }
    fn right_choices(&self, p: &Vec<Segment>) -> Vec<usize> {
        (0..p.len())
            .filter(|&i| p[i].first() == Some(&false))
            .collect()
    }
    fn apply(&self, p: &Vec<Segment>, &l: &usize, &r: &usize) -> Vec<Segment> {
        let mut q: Vec<Segment> = p.clone();
        q[l].remove(0);
        q[r].remove(0);
        normalise(q)
    }
}

/// Drops empty stacks and sorts (the order of stacks does not matter).
pub fn normalise(mut stacks: Vec<Segment>) -> Vec<Segment> {
    stacks.retain(|s| !s.is_empty());
    stacks.sort();
    stacks
}

/// The outcome of an SSC position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum SscOutcome {
    /// Left wins.
    L,
    /// Right wins.
    R,
    /// Draw.
    D,
}

/// One irreducible element with its multiplicity after cancellation
/// (positive: that many copies of the black-topped element; negative: of
/// its colour swap).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Term {
    /// The element, starting black.
    pub element: String,
    /// Net multiplicity.
    pub count: i64,
}

/// The signed decomposition of a position into irreducible elements, with
/// `G − G = 0` cancelled, strongest first; the outcome is the sign of the
/// strongest term (Theorem 6.3.9: each element outweighs any multiple of a
/// weaker one), a draw when everything cancels.
pub fn outcome_by_decomposition(stacks: &[Segment]) -> (SscOutcome, Vec<Term>) {
    let mut net: std::collections::BTreeMap<Segment, i64> = std::collections::BTreeMap::new();
    for stack in stacks {
        for piece in decompose(stack) {
            let positive = piece[0];
            let key: Segment = if positive {
                piece
            } else {
                piece.iter().map(|&b| !b).collect()
            };
            *net.entry(key).or_default() += if positive { 1 } else { -1 };
        }
    }
    let mut terms: Vec<(Segment, i64)> = net.into_iter().filter(|&(_, c)| c != 0).collect();
    terms.sort_by(|a, b| compare(&b.0, false, &a.0, false));
    let outcome = match terms.first() {
        Some(&(_, c)) if c > 0 => SscOutcome::L,
        Some(_) => SscOutcome::R,
        None => SscOutcome::D,
    };
    (
        outcome,
        terms
            .into_iter()
            .map(|(e, count)| Term {
                element: show(&e),
                count,
            })
            .collect(),
    )
}

/// Optimal play by Theorem 6.3.3: each round Left takes from the greatest
/// black-topped stack and Right from the smallest white-topped one. Returns
/// the result and the number of rounds played.
pub fn optimal_play(stacks: &[Segment]) -> (SscOutcome, usize) {
    let mut tops: Vec<&[bool]> = stacks
        .iter()
        .map(|s| s.as_slice())
        .filter(|s| !s.is_empty())
        .collect();
    let mut rounds = 0;
    loop {
        let left = (0..tops.len())
            .filter(|&i| tops[i][0])
            .max_by(|&a, &b| compare(tops[a], false, tops[b], false));
        let right = (0..tops.len())
            .filter(|&i| !tops[i][0])
            .min_by(|&a, &b| compare(tops[a], false, tops[b], false));
        match (left, right) {
            (None, None) => return (SscOutcome::D, rounds),
            (Some(_), None) => return (SscOutcome::L, rounds),
            (None, Some(_)) => return (SscOutcome::R, rounds),
            (Some(l), Some(r)) => {
                tops[l] = &tops[l][1..];
                tops[r] = &tops[r][1..];
                tops.retain(|s| !s.is_empty());
                rounds += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sync::solver::{SyncOutcome, SyncSolver};
    use proptest::prelude::*;

    fn all_segments(max_len: usize) -> Vec<Segment> {
        (0..=max_len)
            .flat_map(|len| {
                (0u32..1 << len).map(move |m| (0..len).map(|i| m >> i & 1 == 1).collect())
            })
            .collect()
    }

    /// Decomposition, optimal play and the exhaustive synchronized solver
    /// agree on every position of up to three stacks of up to four cherries
    /// (up to 12 cherries).
    #[test]
    fn three_answers_agree() {
        let segs = all_segments(4);
        let mut solver = SyncSolver::new(SscRules);
        let mut checked = 0;
        for (i, a) in segs.iter().enumerate() {
            for (j, b) in segs.iter().enumerate().skip(i) {
                for c in segs.iter().skip(j) {
                    let pos = normalise(vec![a.clone(), b.clone(), c.clone()]);
                    let (by_decomposition, _) = outcome_by_decomposition(&pos);
                    let (by_play, _) = optimal_play(&pos);
                    let exhaustive = match solver.outcome(&pos) {
                        SyncOutcome::L => SscOutcome::L,
                        SyncOutcome::R => SscOutcome::R,
                        SyncOutcome::D => SscOutcome::D,
                        other => panic!("{pos:?}: unexpected class {other:?}"),
                    };
                    assert_eq!(by_decomposition, exhaustive, "{pos:?}");
                    assert_eq!(by_play, exhaustive, "{pos:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 5000);
    }

    /// Theorem 6.3.2: G ⪯ H exactly when o(G + X) ≤ o(H + X) for every X
    /// (R < U < L), for all segments of length ≤ 3 and all positions X of
    /// up to two stacks of length ≤ 3.
    #[test]
    fn theorem_6_3_2_order_is_the_synchronized_order() {
        let segs = all_segments(3);
        let mut solver = SyncSolver::new(SscRules);
        let rank = |o: SyncOutcome| match o {
            SyncOutcome::R => 0,
            SyncOutcome::L => 2,
            _ => 1,
        };
        let contexts: Vec<Vec<Segment>> = segs
            .iter()
            .enumerate()
            .flat_map(|(i, x)| segs.iter().skip(i).map(move |y| vec![x.clone(), y.clone()]))
            .collect();
        for g in &segs {
            for h in &segs {
                let lex = compare(g, false, h, false) != Ordering::Greater;
                let sync = contexts.iter().all(|x| {
                    let mut gx = x.clone();
                    gx.push(g.clone());
                    let mut hx = x.clone();
                    hx.push(h.clone());
                    rank(solver.outcome(&normalise(gx))) <= rank(solver.outcome(&normalise(hx)))
                });
                assert_eq!(lex, sync, "G = {}, H = {}", show(g), show(h));
            }
        }
    }

    fn seg(s: &str) -> Segment {
        parse_segment(s).unwrap()
    }

    fn words(len: usize) -> impl Iterator<Item = Segment> {
        (0u32..1 << len).map(move |m| (0..len).map(|i| m >> (len - 1 - i) & 1 == 1).collect())
    }

    #[test]
    fn example_6_3_1_order() {
        let (g1, g2, g3) = (seg("BWWB"), seg("BB"), seg("BBW"));
        assert_eq!(compare(&g1, false, &g2, false), Ordering::Less);
        assert_eq!(compare(&g1, false, &g3, false), Ordering::Less);
        assert_eq!(compare(&g3, false, &g2, false), Ordering::Less);
    }

    /// Example 6.3.7 lists B, BW, BWW, BWWB, BWWW "in decreasing order"; in
    /// the lexicographic order BWWB > BWW, so the order is B, BW, BWWB, BWW,
    /// BWWW (docs/errata.md).
    #[test]
    fn example_6_3_7_irreducibles_up_to_4() {
        let found: Vec<String> = irreducibles(4).unwrap().iter().map(|s| show(s)).collect();
        assert_eq!(found, ["B", "BW", "BWWB", "BWW", "BWWW"]);
    }

    /// Theorem 6.3.11 against Definition 6.3.6 for every word of length ≤ 18.
    /// Theorem 6.3.11 against Definition 6.3.6 for every word of length
    /// 2 to 20 starting black. At length 1 it fails: `B` is irreducible
    /// (no proper suffix), but `ρ₁(1) = 1` is not the smallest of {1, 0}
    /// (docs/errata.md).
    #[test]
    fn theorem_6_3_11_necklaces() {
        assert!(is_irreducible(&seg("B")) && !is_irreducible_by_necklace(&seg("B")));
        for len in 2..=20 {
            for w in words(len).filter(|w| w[0]) {
                assert_eq!(
                    is_irreducible(&w),
                    is_irreducible_by_necklace(&w),
                    "{}",
                    show(&w)
                );
            }
        }
    }

    #[test]
    fn counts_are_a000048() {
        for n in 1..=18usize {
            let enumerated = words(n).filter(|w| w[0] && is_irreducible(w)).count();
            assert_eq!(
                count_irreducibles(n as u64).unwrap(),
                BigUint::from(enumerated),
                "n = {n}"
            );
        }
        assert!(count_irreducibles(5000).unwrap().bits() > 4900);
    }

    #[test]
    fn example_6_4_3_decomposition() {
        let g = seg("BBWBBWW");
        let expected: Vec<String> = ["B", "B", "WB", "BWW"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            decompose(&g).iter().map(|s| show(s)).collect::<Vec<_>>(),
            expected
        );
        assert_eq!(
            decompose_by_weakest_suffix(&g)
                .iter()
                .map(|s| show(s))
                .collect::<Vec<_>>(),
            expected
        );
    }

    /// Theorems 6.4.2 and 6.4.5 give the same decomposition into
    /// irreducible elements, for every segment of length ≤ 14.
    #[test]
    fn decompositions_agree_and_are_irreducible() {
        for len in 1..=14 {
            for w in words(len) {
                let fast = decompose(&w);
                assert_eq!(fast, decompose_by_weakest_suffix(&w), "{}", show(&w));
                assert_eq!(fast, decompose_by_first_weaker_suffix(&w), "{}", show(&w));
                assert!(fast.iter().all(|p| is_irreducible(p)), "{}", show(&w));
                assert_eq!(fast.concat(), w);
            }
        }
    }

    fn cuts_of(pieces: &[Segment]) -> Vec<usize> {
        let mut at = 0;
        pieces
            .iter()
            .map(|p| {
                at += p.len();
                at - p.len()
            })
            .collect()
    }

    #[test]
    fn both_linear_methods_match_theorem_6_4_2_on_every_word_up_to_16() {
        for len in 1..=16 {
            for w in words(len) {
                let twin = cuts_of(&decompose_by_weakest_suffix(&w));
                assert_eq!(cut_points_by_suffix_array(&w), twin, "{}", show(&w));
                assert_eq!(
                    cut_points_by_direct_scan(&w, usize::MAX),
                    Some(twin),
                    "{}",
                    show(&w)
                );
            }
        }
    }

    #[test]
    fn periodic_segments_exhaust_the_direct_budget_and_fall_back() {
        let w: Segment = (0..4000).map(|i| i % 2 == 0).collect();
        assert_eq!(cut_points_by_direct_scan(&w, 8 * w.len()), None);
        let cuts = cut_points(&w);
        assert_eq!(cuts, (0..4000).step_by(2).collect::<Vec<_>>());
        assert_eq!(cuts, cuts_of(&decompose_by_first_weaker_suffix(&w)));
    }

    /// Segments built from repeated random blocks, their colour swaps and
    /// noise: the inputs where suffixes share long prefixes.
    fn structured_segment() -> impl Strategy<Value = Segment> {
        let block = prop::collection::vec(any::<bool>(), 1..7);
        let part = (block, 1usize..40, any::<bool>(), any::<bool>()).prop_map(
            |(b, times, swap_alternate, noise)| {
                let mut out = Vec::new();
                for k in 0..times {
                    let swap = swap_alternate && k % 2 == 1;
                    out.extend(b.iter().map(|&x| x ^ swap));
                }
                if noise {
                    out.push(!out[out.len() - 1]);
                }
                out
            },
        );
        prop::collection::vec(part, 1..6).prop_map(|parts| parts.concat())
    }

    proptest! {
        #[test]
        fn linear_methods_match_the_twins_on_structured_segments(w in structured_segment()) {
            let twin = cuts_of(&decompose_by_first_weaker_suffix(&w));
            prop_assert_eq!(&cut_points_by_suffix_array(&w), &twin);
            prop_assert_eq!(&cut_points(&w), &twin);
            prop_assert_eq!(cut_points_by_direct_scan(&w, usize::MAX), Some(twin));
        }

        #[test]
        fn pieces_are_irreducible_and_theorem_6_4_2_agrees(w in prop::collection::vec(any::<bool>(), 1..400)) {
            let pieces = decompose(&w);
            prop_assert!(pieces.iter().all(|p| is_irreducible(p)));
            prop_assert_eq!(pieces.concat(), w.clone());
            prop_assert_eq!(pieces, decompose_by_weakest_suffix(&w));
        }
    }
}
