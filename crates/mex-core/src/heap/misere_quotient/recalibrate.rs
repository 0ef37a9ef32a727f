//! The recalibration of MisereSolver (Siegel's program, 2005–2006, as
//! described by Plambeck 2009, "Advances in losing", §MisereSolver, and
//! Plambeck and Siegel 2008, §7; Siegel 2013, ch. V): how `Q_n` is found
//! when old elements of `Q_{n−1}` split, without searching game trees.
//!
//! A *candidate* is a finite commutative monoid `M = R × C(i₁, p₁) × …`
//! (`R` the last candidate, `C(i, p)` the cyclic monoid `⟨a | a^{i+p} =
//! a^i⟩`) with a map from heaps to `M`: the *freed* heaps go to the
//! generators of the cyclic factors, the others to their old elements of
//! `R`. Its P-portion is *marked* by the misère rule: the elements reached
//! from the heaps are visited in order of the least play length of a sum
//! reaching them (Dijkstra), and an element is P iff that sum is not empty
//! and none of its options (images taken in `M`) was marked P. The
//! candidate is then *reduced* (Moore's partition refinement: the coarsest
//! partition of the reached elements finer than the P-portion and stable
//! under multiplication by each heap's image, i.e. the syntactic
//! congruence) and checked by the verification of the parent module (V1–V3).
//! When the check fails it names a sum of heaps on which the misère rule
//! fails (a *failure*); the heaps of that sum are freed, one, then two, …,
//! until a new candidate satisfies the rule on that sum (of those freeing
//! as few heaps, the one of least order), and the loop goes on. Only a candidate passing the verification is ever returned,
//! so an answer is proved; the loop has a budget of rounds, elements and
//! states of sums searched, and a refusal is an error, never a wrong answer.

use super::{too_big, Monoid, MAX_QUOTIENT_ORDER};
use crate::MexError;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Most elements of a candidate reached from the heaps.
pub const MAX_CANDIDATE_ELEMENTS: usize = 1 << 18;

/// Most failures corrected for one heap.
pub const MAX_RECALIBRATIONS: usize = 96;

/// Most heaps freed at once when correcting a failure.
const MAX_FREED_AT_ONCE: usize = 3;

/// The cyclic monoid `C(index, period)`: exponents `0..index + period`.
#[derive(Debug, Clone, Copy)]
struct Cycle {
    index: u64,
    period: u64,
}

impl Cycle {
    fn size(self) -> u64 {
        self.index + self.period
    }

    fn add(self, a: u64, b: u64) -> u64 {
        let k = a + b;
        if k < self.size() {
            k
        } else {
            self.index + (k - self.index) % self.period
        }
    }
}

/// What the candidates are built from: the game's heaps.
pub(super) struct Heaps<'a> {
    /// Options of each heap as the non-terminal heaps they leave (empty for
    /// a heap without moves).
    pub options: &'a [Vec<Vec<usize>>],
    /// The longest play of each heap (an option's is shorter).
    pub lengths: &'a [u64],
}

impl Heaps<'_> {
    fn last(&self) -> usize {
        self.options.len() - 1
    }

    fn is_terminal(&self, h: usize) -> bool {
        h == 0 || self.options[h].is_empty()
    }
}

/// A proved (or to-be-checked) reduced candidate.
#[derive(Debug, Clone)]
pub(super) struct Solved {
    pub monoid: Monoid,
    /// `images[h]` for every heap `0..=n`.
    pub images: Vec<u32>,
    /// A sum of heaps of least play length reaching each element.
    pub reps: Vec<Vec<usize>>,
}

impl Solved {
    /// The images of the options of heap `h`.
    pub fn option_images(&self, heaps: &Heaps, h: usize) -> Vec<u32> {
        let mut set: Vec<u32> = heaps.options[h]
            .iter()
            .map(|o| self.monoid.product(o.iter().map(|&k| self.images[k])))
            .collect();
        set.sort_unstable();
        set.dedup();
        set
    }

    fn option_sets(&self, heaps: &Heaps) -> Vec<Vec<u32>> {
        (0..self.images.len())
            .map(|h| self.option_images(heaps, h))
            .collect()
    }

    /// Whether the misère rule holds at the sum `word`: its image is P iff
    /// it has an option and no option's image is P.
    fn rule_holds_at(&self, heaps: &Heaps, word: &[usize]) -> bool {
        let q = &self.monoid;
        let image = q.product(word.iter().map(|&h| self.images[h]));
        let mut has_move = false;
        let mut to_p = false;
        for (i, &h) in word.iter().enumerate() {
            if i > 0 && word[i - 1] == h {
                continue;
            }
            let rest = q.product(
                word.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &k)| self.images[k]),
            );
            for s in self.option_images(heaps, h) {
                has_move = true;
                to_p |= q.is_p(q.mul(rest, s));
            }
        }
        q.is_p(image) == (has_move && !to_p)
    }
}

/// Computes `Q_n` from the proved `Q_{n−1}` (`old`, with the images of the
/// heaps below `n`) by candidates and recalibration (module documentation).
pub(super) fn solve(
    heaps: &Heaps,
    old: &Monoid,
    old_images: &[u32],
    max_states: usize,
) -> Result<Solved, MexError> {
    let n = heaps.last();
    let mut images = old_images.to_vec();
    images.push(0);
    let first = Cycle {
        index: 2,
        period: 2,
    };
    let mut candidate = build(heaps, old, &images, &[(n, first)])?;
    for _ in 0..MAX_RECALIBRATIONS {
        crate::stop::check()?;
        match find_failure(heaps, &candidate, max_states)? {
            None => return Ok(candidate),
            Some(word) => candidate = recalibrated(heaps, &candidate, &word)?,
        }
    }
    Err(too_big(
        "its candidates kept failing",
        format!("{MAX_RECALIBRATIONS} recalibrations of one heap"),
    ))
}

/// A candidate freeing one, two or three heaps of the failure `word` on
/// which the misère rule holds at `word`: among the fewest heaps freed, the
/// one of least order (the first subset that works, as MisereSolver takes,
/// often grows the candidates far past the quotient: 0.04 at heap 43 went
/// from 184 to over 2048 elements that way, and to 380 this way).
fn recalibrated(heaps: &Heaps, last: &Solved, word: &[usize]) -> Result<Solved, MexError> {
    let mut involved: Vec<usize> = word
        .iter()
        .copied()
        .filter(|&h| !heaps.is_terminal(h))
        .collect();
    involved.dedup();
    for size in 1..=involved.len().min(MAX_FREED_AT_ONCE) {
        let mut best: Option<Solved> = None;
        for subset in combinations(&involved, size) {
            crate::stop::check()?;
            let freed: Vec<(usize, Cycle)> = subset
                .iter()
                .map(|&h| {
                    let copies = word.iter().filter(|&&k| k == h).count() as u64;
                    (h, cycle_for(&last.monoid, last.images[h], copies))
                })
                .collect();
            // A candidate over a budget is skipped: another subset may fit.
            match build(heaps, &last.monoid, &last.images, &freed) {
                Ok(candidate) if candidate.rule_holds_at(heaps, word) => {
                    if best
                        .as_ref()
                        .is_none_or(|b| candidate.monoid.order() < b.monoid.order())
                    {
                        best = Some(candidate);
                    }
                }
                Ok(_) | Err(MexError::TooLarge { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        if let Some(candidate) = best {
            return Ok(candidate);
        }
    }
    Err(too_big(
        "a failure of its candidate could not be corrected",
        format!("{MAX_FREED_AT_ONCE} heaps freed at once"),
    ))
}

/// The cyclic factor of a freed heap: at least the index and period of its
/// old element's powers, an index reaching the copies in the failure, and
/// an even period (misère quotients of impartial games have `a² = 1` for
/// the heap of one counter, so periods of 2 are the common case).
fn cycle_for(q: &Monoid, x: u32, copies: u64) -> Cycle {
    let (index, period) = cyclic_index_period(q, x);
    let period = if period % 2 == 1 { 2 * period } else { period };
    Cycle {
        index: index.max(copies.saturating_sub(1)).max(1),
        period: period.max(2),
    }
}

/// `(i, p)` least with `x^{i+p} = x^i`.
fn cyclic_index_period(q: &Monoid, x: u32) -> (u64, u64) {
    let mut seen: HashMap<u32, u64> = HashMap::default();
    let mut power = 0u32;
    for k in 0.. {
        if let Some(&i) = seen.get(&power) {
            return (i, k - i);
        }
        seen.insert(power, k);
        power = q.mul(power, x);
    }
    unreachable!("a finite monoid's powers repeat")
}

fn combinations(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &x) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], size - 1) {
            rest.insert(0, x);
            out.push(rest);
        }
    }
    out
}

/// `R × C(i₁, p₁) × …`, elements packed in mixed radix (`R` first).
struct Product<'a> {
    base: &'a Monoid,
    cycles: Vec<Cycle>,
}

impl Product<'_> {
    fn mul(&self, x: u64, y: u64) -> u64 {
        let order = self.base.order() as u64;
        let r = self.base.mul((x % order) as u32, (y % order) as u32) as u64;
        let (mut x, mut y) = (x / order, y / order);
        let mut out = 0u64;
        let mut scale = 1u64;
        for c in &self.cycles {
            let k = c.add(x % c.size(), y % c.size());
            out += k * scale;
            scale *= c.size();
            x /= c.size();
            y /= c.size();
        }
        r + order * out
    }

    fn product(&self, xs: impl IntoIterator<Item = u64>) -> u64 {
        xs.into_iter().fold(0, |acc, x| self.mul(acc, x))
    }

    fn generator(&self, i: usize) -> u64 {
        let scale: u64 = self.cycles[..i].iter().map(|c| c.size()).product();
        self.base.order() as u64 * scale
    }
}

/// The elements reached from the identity, in order of least play length,
/// with the sum reaching each (a parent and a heap) and its marked outcome.
struct Reached {
    elements: Vec<u64>,
    index: HashMap<u64, u32>,
    parent: Vec<(u32, usize)>,
    p: Vec<bool>,
}

impl Reached {
    fn word(&self, mut i: u32) -> Vec<usize> {
        let mut word = Vec::new();
        while i != 0 {
            let (up, h) = self.parent[i as usize];
            word.push(h);
            i = up;
        }
        word.sort_unstable();
        word
    }
}

/// Builds the candidate freeing `freed` (heap and cyclic factor) over
/// `base`, marks its P-portion and reduces it.
fn build(
    heaps: &Heaps,
    base: &Monoid,
    base_images: &[u32],
    freed: &[(usize, Cycle)],
) -> Result<Solved, MexError> {
    let size = freed
        .iter()
        .try_fold(base.order() as u64, |acc, (_, c)| acc.checked_mul(c.size()));
    if size.is_none_or(|s| s > 1 << 48) {
        return Err(too_big(
            "a candidate's product of cyclic factors",
            "2^48 elements".into(),
        ));
    }
    let m = Product {
        base,
        cycles: freed.iter().map(|&(_, c)| c).collect(),
    };
    let images: Vec<u64> = (0..=heaps.last())
        .map(|h| match freed.iter().position(|&(f, _)| f == h) {
            Some(i) => m.generator(i),
            None if heaps.is_terminal(h) => 0,
            None => base_images[h] as u64,
        })
        .collect();
    let reached = mark(heaps, &m, &images)?;
    reduce(heaps, &m, &images, &reached)
}

/// The images of the options of every heap in the product.
fn option_images(heaps: &Heaps, m: &Product, images: &[u64]) -> Vec<Vec<u64>> {
    heaps
        .options
        .iter()
        .map(|opts| {
            let mut set: Vec<u64> = opts
                .iter()
                .map(|o| m.product(o.iter().map(|&k| images[k])))
                .collect();
            set.sort_unstable();
            set.dedup();
            set
        })
        .collect()
}

/// One heap per distinct (image, option images), the shortest: the moves of
/// the Dijkstra search.
fn distinct_heaps(heaps: &Heaps, images: &[u64], options: &[Vec<u64>]) -> Vec<usize> {
    let mut best: HashMap<(u64, &[u64]), usize> = HashMap::default();
    for h in 1..=heaps.last() {
        if heaps.is_terminal(h) {
            continue;
        }
        let slot = best.entry((images[h], &options[h])).or_insert(h);
        if heaps.lengths[h] < heaps.lengths[*slot] {
            *slot = h;
        }
    }
    let mut out: Vec<usize> = best.into_values().collect();
    out.sort_unstable();
    out
}

/// Dijkstra over the elements by play length, marking each P iff its
/// least sum has options and none of them is marked P.
fn mark(heaps: &Heaps, m: &Product, images: &[u64]) -> Result<Reached, MexError> {
    let options = option_images(heaps, m, images);
    let moves = distinct_heaps(heaps, images, &options);
    let mut r = Reached {
        elements: Vec::new(),
        index: HashMap::default(),
        parent: Vec::new(),
        p: Vec::new(),
    };
    let mut best: HashMap<u64, (u64, u32, usize)> = HashMap::from_iter([(0, (0, 0, 0))]);
    let mut queue = BinaryHeap::from([Reverse((0u64, 0u64))]);
    while let Some(Reverse((length, x))) = queue.pop() {
        crate::stop::check()?;
        if r.index.contains_key(&x) || best[&x].0 < length {
            continue;
        }
        if r.elements.len() >= MAX_CANDIDATE_ELEMENTS {
            return Err(too_big(
                "a candidate's elements",
                format!("{MAX_CANDIDATE_ELEMENTS} elements"),
            ));
        }
        let i = r.elements.len() as u32;
        let (_, up, h) = best[&x];
        r.elements.push(x);
        r.index.insert(x, i);
        r.parent.push((up, h));
        let p = marked_p(&r, m, images, &options, &r.word(i))?;
        r.p.push(p);
        for &h in &moves {
            crate::stop::check()?;
            let y = m.mul(x, images[h]);
            let l = length.saturating_add(heaps.lengths[h]);
            if r.index.contains_key(&y) || best.get(&y).is_some_and(|b| b.0 <= l) {
                continue;
            }
            best.insert(y, (l, i, h));
            queue.push(Reverse((l, y)));
        }
    }
    Ok(r)
}

/// The misère rule at `word`, from the marks of its options' images
/// (shorter sums, so marked already).
fn marked_p(
    r: &Reached,
    m: &Product,
    images: &[u64],
    options: &[Vec<u64>],
    word: &[usize],
) -> Result<bool, MexError> {
    if word.is_empty() {
        return Ok(false);
    }
    for (i, &h) in word.iter().enumerate() {
        if i > 0 && word[i - 1] == h {
            continue;
        }
        let rest = m.product(
            word.iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &k)| images[k]),
        );
        for &s in &options[h] {
            crate::stop::check()?;
            let t = m.mul(rest, s);
            if r.index.get(&t).is_some_and(|&j| r.p[j as usize]) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The reduced candidate: the reached elements divided by the coarsest
/// partition finer than the marks and stable under the heaps' images.
fn reduce(heaps: &Heaps, m: &Product, images: &[u64], r: &Reached) -> Result<Solved, MexError> {
    let gens: Vec<u64> = {
        let set: HashSet<u64> = (1..=heaps.last())
            .filter(|&h| !heaps.is_terminal(h))
            .map(|h| images[h])
            .collect();
        set.into_iter().collect()
    };
    let k = r.elements.len();
    let successor: Vec<u32> = r
        .elements
        .iter()
        .flat_map(|&x| gens.iter().map(move |&g| r.index[&m.mul(x, g)]))
        .collect();
    let mut class: Vec<u32> = r.p.iter().map(|&p| p as u32).collect();
    let mut count = 0;
    loop {
        crate::stop::check()?;
        let mut numbering: HashMap<Vec<u32>, u32> = HashMap::default();
        let next: Vec<u32> = (0..k)
            .map(|i| {
                let mut sig = vec![class[i]];
                sig.extend(
                    successor[i * gens.len()..(i + 1) * gens.len()]
                        .iter()
                        .map(|&j| class[j as usize]),
                );
                let fresh = numbering.len() as u32;
                *numbering.entry(sig).or_insert(fresh)
            })
            .collect();
        let now = numbering.len();
        class = next;
        if now == count {
            break;
        }
        count = now;
    }
    if count > MAX_QUOTIENT_ORDER {
        return Err(too_big(
            "its order",
            format!("{MAX_QUOTIENT_ORDER} elements"),
        ));
    }
    let mut first = vec![u32::MAX; count];
    for (i, &c) in class.iter().enumerate() {
        if first[c as usize] == u32::MAX {
            first[c as usize] = i as u32;
        }
    }
    let mut table = vec![0u32; count * count];
    for a in 0..count {
        for b in 0..count {
            let x = m.mul(r.elements[first[a] as usize], r.elements[first[b] as usize]);
            table[a * count + b] = class[r.index[&x] as usize];
        }
    }
    let monoid = Monoid {
        order: count,
        table,
        p: first.iter().map(|&i| r.p[i as usize]).collect(),
    };
    let images = images.iter().map(|x| class[r.index[x] as usize]).collect();
    let reps = first.iter().map(|&i| r.word(i)).collect();
    Ok(Solved {
        monoid,
        images,
        reps,
    })
}

/// A sum of heaps on which the misère rule fails for `s`, or `None` when
/// conditions (V1)–(V3) of the parent module hold (then `s` gives every
/// outcome). (V3) is searched breadth first over the states of sums
/// ([`super::unanswered_sum`]), so the failure found has few heaps.
#[allow(clippy::needless_range_loop)]
fn find_failure(
    heaps: &Heaps,
    s: &Solved,
    max_states: usize,
) -> Result<Option<Vec<usize>>, MexError> {
    let q = &s.monoid;
    let order = q.order() as u32;
    if q.is_p(0) {
        return Ok(Some(Vec::new()));
    }
    let option_sets = s.option_sets(heaps);
    for h in 1..=heaps.last() {
        if heaps.is_terminal(h) {
            continue;
        }
        let e = s.images[h];
        let wins = |y: u32| option_sets[h].iter().any(|&t| q.is_p(q.mul(t, y)));
        if let Some(y) = (0..order).find(|&y| q.is_p(q.mul(e, y)) && wins(y)) {
            let mut word = s.reps[y as usize].clone();
            word.push(h);
            word.sort_unstable();
            return Ok(Some(word));
        }
    }
    super::unanswered_sum(q, &s.images, &option_sets, 1, max_states)
}
