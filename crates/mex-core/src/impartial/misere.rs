//! Impartial games under misère play: whoever makes the last move LOSES
//! (equivalently, a player who cannot move wins).
//!
//! Misère play does not reduce to nim-sums, so a sum is searched as a whole:
//! a state is the multiset of its components (parts), memoised on the sorted
//! list of part numbers.
//!
//! **Misère Grundy value** (Conway 1976, ONAG ch. 12; Winning Ways ch. 13):
//! `γ⁻(G) = mex{γ⁻(G')}` over the options, and `γ⁻(G) = 1` for a position
//! with no move. `G` is a misère P-position iff `γ⁻(G) = 0`.
//!
//! **Genus** (Conway 1976; Winning Ways, ch. 13 "Survival in the Lost
//! World"): `g^{γ0 γ1 γ2 …}` where `g` is the normal-play Grundy value and
//! `γk = γ⁻(G + 2 + … + 2)` with `k` nim-heaps `*2`. The superscripts end
//! alternating between two values, so a genus is written up to the point
//! where its last two digits repeat alternately: `0^{120}` is
//! `1, 2, 0, 2, 0, …`.
//!
//! **Computing the genus from the options** (the rule of Dan Hoey's genus
//! code in CGSuite, proved here): the options of `G + k·2` are
//! `G' + k·2`, `G + (k−1)·2 + 1` and `G + (k−1)·2`, and adding a heap `*1`
//! XORs a misère Grundy value with 1 (induction on `H`: the options of
//! `H + 1` are `H' + 1` and `H`). Hence for `k ≥ 1`
//! `γk(G) = mex({γk(G')} ∪ {γ(k−1)(G), γ(k−1)(G) ⊕ 1})`, and
//! `γ0(G) = mex{γ0(G')}` (1 with no option). Once every option's digits
//! are 2-periodic (from index `M`), `γk` is a function of the parity of `k`
//! and of the pair `{2j, 2j+1}` holding `γ(k−1)`; such a function takes two
//! values per parity, and the composite map on each parity's two values has
//! no 2-cycle, so the digits of `G` are 2-periodic from index `M + 4` at the
//! latest. [`Genus::from_options`] computes `M + 8` digits and trims.
//! The slow twin is the definition itself: a search of `G + k·2` with
//! explicit heaps, in the tests of [`crate::heap::misere`] (the genera of
//! take-and-break heaps, searched as sums of heaps).
//!
//! **Misère Nim** (Bouton 1901): a Nim position is a misère P-position iff
//! every heap is at most 1 and the nim-sum is 1, or some heap is at least 2
//! and the nim-sum is 0 ([`nim_analyse`], any heap size).

use super::nim::{nim_sum, NimAnalysis, NimMove};
use super::Outcome;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

/// Most states (multisets of parts) a misère search may visit; the bound
/// on the reachable states is checked against it before the search.
pub const MAX_MISERE_STATES: usize = 1 << 20;

/// Most options (moves from one sum to another) a misère search may
/// examine, counted as it goes: the states alone do not bound the work of
/// games with many moves per position (Wythoff's game has about 3n moves
/// from a position of n tokens a pile).
pub const MAX_MISERE_OPTIONS: u64 = 1 << 24;

/// What the misère solver needs of a game whose positions are sums of
/// parts.
pub trait MisereRuleset {
    /// One component of a sum. Parts with no move may be left out of the
    /// options (a part with no move changes nothing in a sum).
    type Part: Clone + Eq + Hash;

    /// Every option of a part, each as the parts it leaves (empty: nothing).
    fn options(&self, part: &Self::Part) -> Result<Vec<Vec<Self::Part>>, MexError>;

    /// An upper bound on the number of distinct multisets of parts
    /// reachable from `part` (itself and the empty sum included), which
    /// may saturate at any value above `cap`; `None` (the default): the
    /// solver counts them by a search stopped past `cap` sums.
    fn reach_bound(&self, _part: &Self::Part, _cap: usize) -> Result<Option<BigUint>, MexError> {
        Ok(None)
    }

    /// An upper bound on the moves of any sum reachable from `part` alone
    /// (the most moves of one of its followers); `None` (the default): the
    /// moves are counted as the search goes. With the bound on reachable
    /// sums it bounds the work before the search starts.
    fn move_bound(&self, _part: &Self::Part) -> Result<Option<BigUint>, MexError> {
        Ok(None)
    }
}

/// The genus `g^{γ0 γ1 …}` of an impartial game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// `g`: the normal-play Grundy value.
    pub normal: u32,
    /// `γ0, γ1, …` up to the alternating tail (at least two digits; the
    /// last two repeat alternately).
    digits: Vec<u32>,
}

fn mex_of(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

impl Genus {
    /// The genus of a position with no move: `0^{120}`.
    pub fn terminal() -> Self {
        Genus {
            normal: 0,
            digits: vec![1, 2, 0],
        }
    }

    /// A genus from its normal value and superscript digits (trimmed to
    /// the alternating tail); `None` for fewer than two digits.
    pub fn new(normal: u32, digits: &[u32]) -> Option<Self> {
        (digits.len() >= 2).then(|| Genus {
            normal,
            digits: trimmed(digits.to_vec()),
        })
    }

    /// The genus of a position from the genera of its options (see the
    /// module documentation for the rule and its proof).
    pub fn from_options(options: &[&Genus]) -> Self {
        if options.is_empty() {
            return Genus::terminal();
        }
        let normal = mex_of(options.iter().map(|g| g.normal));
        let longest = options.iter().map(|g| g.digits.len()).max().unwrap_or(2);
        let len = longest + 6;
        let mut digits = Vec::with_capacity(len);
        digits.push(mex_of(options.iter().map(|g| g.digit(0))));
        for k in 1..len {
            let prev = digits[k - 1];
            let own = [prev, prev ^ 1];
            digits.push(mex_of(
                own.into_iter().chain(options.iter().map(|g| g.digit(k))),
            ));
        }
        Genus {
            normal,
            digits: trimmed(digits),
        }
    }

    /// `γk` for any `k`.
    pub fn digit(&self, k: usize) -> u32 {
        let len = self.digits.len();
        if k < len {
            self.digits[k]
        } else {
            self.digits[len - 2 + (k - len) % 2]
        }
    }

    /// The superscript digits up to the alternating tail.
    pub fn digits(&self) -> &[u32] {
        &self.digits
    }

    /// `γ0`: the misère Grundy value.
    pub fn misere_value(&self) -> u32 {
        self.digits[0]
    }

    /// The misère outcome: P iff `γ0 = 0`.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_is_zero(self.digits[0] == 0)
    }

    /// Whether the genus is tame (Winning Ways ch. 13): `0^{120}` or
    /// `1^{031}` (fickle), or `g^{g, g⊕2}` (firm).
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        self.digits == tame_digits(g, g < 2 && self.digits[0] != g)
    }
}

/// The digits of a tame genus: fickle (`g < 2`, `γ0 = g ⊕ 1`) or firm.
fn tame_digits(g: u32, fickle: bool) -> Vec<u32> {
    if fickle {
        vec![g ^ 1, g ^ 2, g]
    } else {
        vec![g, g ^ 2]
    }
}

/// Drops final digits that the alternation of the two before predicts.
fn trimmed(mut digits: Vec<u32>) -> Vec<u32> {
    while digits.len() > 2 && digits[digits.len() - 1] == digits[digits.len() - 3] {
        digits.pop();
    }
    digits
}

/// Writes `g^{d0d1…}`, with commas between digits when one is 10 or more
/// (`6^{1,9,10,8}`).
fn write_genus(
    f: &mut fmt::Formatter<'_>,
    normal: &dyn fmt::Display,
    digits: &[u32],
) -> fmt::Result {
    let sep = if digits.iter().any(|&d| d >= 10) {
        ","
    } else {
        ""
    };
    let sup: Vec<String> = digits.iter().map(u32::to_string).collect();
    write!(f, "{normal}^{{{}}}", sup.join(sep))
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_genus(f, &self.normal, &self.digits)
    }
}

/// The genus of a hereditarily tame position (every Nim position is one)
/// with normal value `normal`, as text: fickle (`0^{120}`, `1^{031}`) when
/// it plays like heaps of at most one counter, firm (`g^{g, g⊕2}`)
/// otherwise. Sums of tame games add by this rule: the normal values XOR,
/// and the sum is fickle iff every component is (Winning Ways ch. 13).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TameGenus {
    /// The normal-play Grundy value.
    pub normal: BigUint,
    /// Whether `γ0 = g ⊕ 1` (then `g ≤ 1`).
    pub fickle: bool,
}

impl TameGenus {
    /// The genus of a sum of hereditarily tame games.
    pub fn sum<'a>(parts: impl IntoIterator<Item = &'a TameGenus>) -> TameGenus {
        parts.into_iter().fold(
            TameGenus {
                normal: BigUint::zero(),
                fickle: true,
            },
            |acc, g| TameGenus {
                normal: acc.normal ^ &g.normal,
                fickle: acc.fickle && g.fickle,
            },
        )
    }

    /// `γ0`, the misère Grundy value.
    pub fn misere_value(&self) -> BigUint {
        if self.fickle {
            &self.normal ^ BigUint::one()
        } else {
            self.normal.clone()
        }
    }

    /// The misère outcome.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_is_zero(self.misere_value().is_zero())
    }
}

impl fmt::Display for TameGenus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.normal;
        let two = BigUint::from(2u32);
        let digits = if self.fickle {
            vec![g ^ BigUint::one(), g ^ &two, g.clone()]
        } else {
            vec![g.clone(), g ^ &two]
        };
        let sep = if digits.iter().any(|d| *d >= BigUint::from(10u32)) {
            ","
        } else {
            ""
        };
        let sup: Vec<String> = digits.iter().map(ToString::to_string).collect();
        write!(f, "{g}^{{{}}}", sup.join(sep))
    }
}

/// Misère Nim (Bouton 1901): the misère outcome and every winning move,
/// for heaps of any size. `nim_sum` is the ordinary nim-sum.
pub fn nim_analyse(piles: &[BigUint]) -> NimAnalysis {
    let s = nim_sum(piles);
    let big = piles.iter().filter(|&p| *p > BigUint::one()).count();
    let is_p = |sum: &BigUint, big: usize| {
        if big == 0 {
            sum.is_one()
        } else {
            sum.is_zero()
        }
    };
    let mut winning_moves = Vec::new();
    for (pile, x) in piles.iter().enumerate() {
        let mut targets = vec![x ^ &s, BigUint::zero(), BigUint::one()];
        targets.sort();
        targets.dedup();
        for to in targets.into_iter().filter(|y| y < x) {
            let after = &s ^ x ^ &to;
            let big_after =
                big - usize::from(*x > BigUint::one()) + usize::from(to > BigUint::one());
            if is_p(&after, big_after) {
                winning_moves.push(NimMove {
                    pile,
                    from: x.clone(),
                    to,
                });
            }
        }
    }
    NimAnalysis {
        outcome: Outcome::from_is_zero(is_p(&s, big)),
        nim_sum: s,
        winning_moves,
    }
}

/// The genus of a Nim position: tame, fickle iff every heap is at most 1.
pub fn nim_genus(piles: &[BigUint]) -> TameGenus {
    TameGenus {
        normal: nim_sum(piles),
        fickle: piles.iter().all(|p| *p <= BigUint::one()),
    }
}

/// `C(n + k − 1, k)`: multisets of size `k` from `n` kinds.
fn multisets(n: &BigUint, k: usize) -> BigUint {
    let mut acc = BigUint::one();
    for i in 1..=k {
        acc = acc * (n + BigUint::from(i - 1)) / BigUint::from(i);
    }
    acc
}

struct Frame {
    state: Box<[u32]>,
    options: Vec<Box<[u32]>>,
    next: usize,
    genera: Vec<u32>,
}

/// The memoised misère solver over multisets of parts.
pub struct MisereSolver<R: MisereRuleset> {
    rules: R,
    parts: Vec<R::Part>,
    part_ids: HashMap<R::Part, u32>,
    part_options: Vec<Option<Vec<Box<[u32]>>>>,
    genera: Vec<Genus>,
    genus_ids: HashMap<Genus, u32>,
    memo: HashMap<Box<[u32]>, u32>,
    limit: usize,
    move_limit: u64,
    options_examined: u64,
}

impl<R: MisereRuleset> MisereSolver<R> {
    /// A solver refusing more than [`MAX_MISERE_STATES`] states and
    /// [`MAX_MISERE_OPTIONS`] moves.
    pub fn new(rules: R) -> Self {
        Self::with_limits(rules, MAX_MISERE_STATES, MAX_MISERE_OPTIONS)
    }

    /// A solver refusing more than `limit` states and `move_limit` moves
    /// between them.
    pub fn with_limits(rules: R, limit: usize, move_limit: u64) -> Self {
        MisereSolver {
            rules,
            parts: Vec::new(),
            part_ids: HashMap::new(),
            part_options: Vec::new(),
            genera: Vec::new(),
            genus_ids: HashMap::new(),
            memo: HashMap::new(),
            limit,
            move_limit,
            options_examined: 0,
        }
    }

    /// Number of options examined so far (see [`MAX_MISERE_OPTIONS`]).
    pub fn options_examined(&self) -> u64 {
        self.options_examined
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Number of states memoised so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    fn part_id(&mut self, part: &R::Part) -> u32 {
        if let Some(&id) = self.part_ids.get(part) {
            return id;
        }
        let id = self.parts.len() as u32;
        self.parts.push(part.clone());
        self.part_ids.insert(part.clone(), id);
        self.part_options.push(None);
        id
    }

    fn state_of(&mut self, parts: &[R::Part]) -> Box<[u32]> {
        let mut ids: Vec<u32> = parts.iter().map(|p| self.part_id(p)).collect();
        ids.sort_unstable();
        ids.into_boxed_slice()
    }

    /// Refuses a sum whose reachable states may exceed the limit: the
    /// bound is the product over distinct parts `p` (met `c` times) of the
    /// multisets of size `c` of the `r(p)` sums reachable from `p`. When
    /// every part bounds the moves of its followers
    /// ([`MisereRuleset::move_bound`]), a sum whose states times moves may
    /// exceed the move limit is refused too, before any search.
    pub fn check(&mut self, parts: &[R::Part]) -> Result<(), MexError> {
        let mut counts: Vec<(R::Part, usize)> = Vec::new();
        for p in parts {
            match counts.iter_mut().find(|(q, _)| q == p) {
                Some((_, c)) => *c += 1,
                None => counts.push((p.clone(), 1)),
            }
        }
        let cap = BigUint::from(self.limit);
        let mut bound = BigUint::one();
        let mut most_moves = Some(BigUint::zero());
        for (p, c) in counts {
            let r = match self.rules.reach_bound(&p, self.limit)? {
                Some(r) => r,
                None => self.count_reachable(&p)?,
            };
            bound *= multisets(&r, c.min(self.limit + 1));
            if bound > cap {
                return Err(MexError::too_large(
                    "a misère search of this position (its reachable sums are not bounded by the limit)",
                    format!("{} reachable sums", self.limit),
                    "ask for a smaller position or fewer components",
                ));
            }
            most_moves = match (most_moves, self.rules.move_bound(&p)?) {
                (Some(m), Some(b)) => Some(m + b * c),
                _ => None,
            };
        }
        // Every reachable sum has at most `most_moves` moves.
        if most_moves.is_some_and(|m| m * bound > BigUint::from(self.move_limit)) {
            return Err(self.too_many_moves(
                "a misère search of this position (the moves between its reachable sums are not \
                 bounded by the limit)",
            ));
        }
        Ok(())
    }

    /// The number of sums reachable from `part` (itself and the empty sum
    /// included), counted by a search that stops past the limit.
    fn count_reachable(&mut self, part: &R::Part) -> Result<BigUint, MexError> {
        let start = self.state_of(std::slice::from_ref(part));
        let mut seen = std::collections::HashSet::from([start.clone()]);
        let mut todo = vec![start];
        while let Some(state) = todo.pop() {
            crate::stop::check()?;
            for next in self.state_options(&state)? {
                if seen.len() > self.limit {
                    return Ok(BigUint::from(seen.len()));
                }
                if seen.insert(next.clone()) {
                    todo.push(next);
                }
            }
        }
        Ok(BigUint::from(seen.len() + 1))
    }

    /// The genus of the sum of `parts`, after [`MisereSolver::check`].
    pub fn genus(&mut self, parts: &[R::Part]) -> Result<Genus, MexError> {
        self.check(parts)?;
        self.genus_unchecked(parts)
    }

    /// The genus of the sum of `parts` (a position reachable from one
    /// already checked, such as an option), bounded only by the limit on
    /// memoised states.
    pub fn genus_unchecked(&mut self, parts: &[R::Part]) -> Result<Genus, MexError> {
        let state = self.state_of(parts);
        let id = self.solve(state)?;
        Ok(self.genera[id as usize].clone())
    }

    fn options_of_part(&mut self, id: u32) -> Result<Vec<Box<[u32]>>, MexError> {
        if let Some(o) = &self.part_options[id as usize] {
            return Ok(o.clone());
        }
        let part = self.parts[id as usize].clone();
        let raw = self.rules.options(&part)?;
        let opts: Vec<Box<[u32]>> = raw.iter().map(|o| self.state_of(o)).collect();
        self.part_options[id as usize] = Some(opts.clone());
        Ok(opts)
    }

    /// The states one move away from `state`, counted against
    /// [`MAX_MISERE_OPTIONS`].
    fn state_options(&mut self, state: &[u32]) -> Result<Vec<Box<[u32]>>, MexError> {
        let mut out = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue;
            }
            for replacement in self.options_of_part(state[i])? {
                let mut next: Vec<u32> = Vec::with_capacity(state.len() + replacement.len());
                next.extend_from_slice(&state[..i]);
                next.extend_from_slice(&state[i + 1..]);
                next.extend_from_slice(&replacement);
                next.sort_unstable();
                out.push(next.into_boxed_slice());
            }
        }
        self.options_examined += out.len() as u64;
        if self.options_examined > self.move_limit {
            return Err(
                self.too_many_moves("a misère search that examines more moves than the limit")
            );
        }
        Ok(out)
    }

    fn intern_genus(&mut self, g: Genus) -> u32 {
        if let Some(&id) = self.genus_ids.get(&g) {
            return id;
        }
        let id = self.genera.len() as u32;
        self.genera.push(g.clone());
        self.genus_ids.insert(g, id);
        id
    }

    fn too_many_moves(&self, what: &str) -> MexError {
        MexError::too_large(
            what,
            format!("{} moves between sums", self.move_limit),
            "ask for a smaller position or fewer components",
        )
    }

    fn too_many(&self) -> MexError {
        MexError::too_large(
            "a misère search that visits more sums than the limit",
            format!("{} sums", self.limit),
            "ask for a smaller position",
        )
    }

    /// The genus id of a state, by an explicit stack (no recursion).
    fn solve(&mut self, root: Box<[u32]>) -> Result<u32, MexError> {
        if let Some(&g) = self.memo.get(&root) {
            return Ok(g);
        }
        let options = self.state_options(&root)?;
        let mut stack = vec![Frame {
            state: root,
            options,
            next: 0,
            genera: Vec::new(),
        }];
        loop {
            crate::stop::check()?;
            let top = stack.last_mut().expect("non-empty stack");
            if top.next < top.options.len() {
                if let Some(&g) = self.memo.get(&top.options[top.next]) {
                    top.genera.push(g);
                    top.next += 1;
                    continue;
                }
                let state = top.options[top.next].clone();
                if stack.len() > self.limit {
                    return Err(self.too_many());
                }
                let options = self.state_options(&state)?;
                stack.push(Frame {
                    state,
                    options,
                    next: 0,
                    genera: Vec::new(),
                });
                continue;
            }
            let frame = stack.pop().expect("non-empty stack");
            let option_genera: Vec<&Genus> = frame
                .genera
                .iter()
                .map(|&g| &self.genera[g as usize])
                .collect();
            let genus = Genus::from_options(&option_genera);
            let id = self.intern_genus(genus);
            if self.memo.len() >= self.limit {
                return Err(self.too_many());
            }
            self.memo.insert(frame.state, id);
            match stack.last_mut() {
                Some(parent) => {
                    parent.genera.push(id);
                    parent.next += 1;
                }
                None => return Ok(id),
            }
        }
    }
}

/// `p(0) + p(1) + … + p(n)` (partition numbers, Euler's pentagonal
/// recurrence), stopping once the sum exceeds `cap`.
pub fn partition_prefix_sum(n: usize, cap: u128) -> u128 {
    let mut p: Vec<u128> = vec![1];
    let mut total: u128 = 1;
    for k in 1..=n {
        let mut v: i128 = 0;
        for j in 1.. {
            let (a, b) = (j * (3 * j - 1) / 2, j * (3 * j + 1) / 2);
            if a > k {
                break;
            }
            let sign = if j % 2 == 1 { 1 } else { -1 };
            v += sign * p[k - a] as i128;
            if b <= k {
                v += sign * p[k - b] as i128;
            }
        }
        p.push(v as u128);
        total += v as u128;
        if total > cap {
            return total;
        }
    }
    total
}

#[cfg(test)]
mod tests;
