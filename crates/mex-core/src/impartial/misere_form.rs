//! Misère canonical forms of impartial games (Conway 1976, ONAG ch. 12;
//! Siegel 2013, *Combinatorial Game Theory*, ch. V.1–V.2), read and
//! printed in CGSuite's list notation (`*[2,1]`, `*[[2],0]`) and in the
//! notation CGSuite prints, Conway's subscripts (`*[2#0]`, [`conway`]).
//!
//! **Equality.** Impartial games `G`, `H` are *misère-equal* when
//! `o⁻(G + X) = o⁻(H + X)` for every impartial `X` (`o⁻` the misère
//! outcome: a player who cannot move wins).
//!
//! **Simplification** (Conway 1976, ch. 12, the "reversible moves"
//! theorem; Siegel 2013, ch. V.1): if `H` is obtained from `G` by
//! deleting options `A` each of which has an option `A'` equal to `H`,
//! then `G = H` — except when `H = 0` (no option left), where `G = 0`
//! iff `G` is a misère N-position. (Proof, by induction on `X`: a move to
//! `A + X` is answered by `A' + X`, which has `H + X`'s outcome; the only
//! sum the induction cannot reach is `H + 0` with `H` terminal.)
//!
//! **Simplest form** (Conway 1976, ch. 12): a game none of whose options
//! is reversible (has an option equal to the game) and whose options are
//! in simplest form; two misère-equal games have identical simplest forms.
//! With Conway's lemma that `G = K` implies every option of `G` equals an
//! option of `K` or has an option equal to `K`, a canonical `K` equals the
//! game `{S}` on canonical options `S` iff the options of `K` are among
//! `S`, every other member of `S` has `K` as an option, and, when `K = 0`,
//! `{S}` is a misère N-position ([`MisereStore::from_options`]). The
//! tests check all of this against brute force over explicit game trees.
//!
//! **Parts and differences** (Conway 1976, ch. 12): `H` is a *part* of
//! `G` if `G = H + X` for some `X`; `X` is then unique (cancellation) and
//! written `G − H`. If `H + X = G` with `X` canonical, every option `X'`
//! has `H + X'` equal to an option `G'` of `G` or `H' + X' = G`, so the
//! options of `X` are among the differences `G' − H` and `G − H'`
//! ([`MisereStore::difference`] tries every subset of them).
//! Every part `H` of `G` is a part of some option of `G`, or `G − H` is a
//! part of every option (the same lemma applied to `H + X = G`).
//!
//! Long work is budgeted: the store counts the bytes of its tables as they
//! grow and calls [`crate::stop::check`] in its loops.

mod conway;

pub use conway::{Base, Item, Notation, Subscript};

use super::misere::Genus;
use super::Outcome;
use crate::{stop, MexError};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// Default memory budget of a store (bytes of its tables).
pub const DEFAULT_FORM_BUDGET: usize = 256 << 20;

/// Most candidate options a difference `G − H` may try subsets of.
pub const MAX_DIFFERENCE_CANDIDATES: usize = 12;

/// Most characters of input accepted by the parser.
pub const MAX_FORM_INPUT: usize = 10_000;

/// Most nesting of brackets accepted by the parser.
pub const MAX_FORM_DEPTH: usize = 64;

/// A misère canonical form in a [`MisereStore`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormId(u32);

impl FormId {
    /// The game with no move.
    pub const ZERO: FormId = FormId(0);
    /// `* = {0}`.
    pub const STAR: FormId = FormId(1);
}

#[derive(Debug, Clone)]
struct Node {
    options: Vec<FormId>,
    birthday: u32,
    genus: Genus,
    /// Every option is tame and the genus is tame (below).
    tame: bool,
    /// The options are exactly `*0 … *(birthday − 1)`.
    nim_heap: bool,
}

/// An interned store of misère canonical forms with memoised sums,
/// differences and parts, under a memory budget.
#[derive(Debug)]
pub struct MisereStore {
    nodes: Vec<Node>,
    index: HashMap<Vec<FormId>, FormId>,
    sums: HashMap<(FormId, FormId), FormId>,
    differences: HashMap<(FormId, FormId), Option<FormId>>,
    parts: HashMap<FormId, Vec<FormId>>,
    heaps: Vec<FormId>,
    /// CGSuite's early games ([`conway`]), filled on first use.
    early: Vec<FormId>,
    /// The items CGSuite prints, memoised.
    conway_items: HashMap<FormId, Item>,
    bytes: usize,
    budget: usize,
    work: u64,
}

impl Default for MisereStore {
    fn default() -> Self {
        Self::new(DEFAULT_FORM_BUDGET)
    }
}

impl MisereStore {
    /// A store holding `0` and `*`, allowed `budget` bytes of tables.
    pub fn new(budget: usize) -> Self {
        let mut store = MisereStore {
            nodes: Vec::new(),
            index: HashMap::new(),
            sums: HashMap::new(),
            differences: HashMap::new(),
            parts: HashMap::new(),
            heaps: Vec::new(),
            early: Vec::new(),
            conway_items: HashMap::new(),
            bytes: 0,
            budget,
            work: 0,
        };
        let zero = store.intern(Vec::new()).expect("empty store");
        let star = store.intern(vec![zero]).expect("empty store");
        debug_assert_eq!((zero, star), (FormId::ZERO, FormId::STAR));
        store.heaps = vec![zero, star];
        store
    }

    /// The work spent so far, in option comparisons (see [`MAX_FORM_WORK`]).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// How many canonical forms the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: `0` and `*` are always there.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn charge(&mut self, bytes: usize) -> Result<(), MexError> {
        self.bytes += bytes;
        if self.bytes > self.budget {
            return Err(MexError::too_large(
                "the misère canonical forms of this request",
                format!("{} of tables", crate::error::memory_amount(self.budget)),
                "ask for smaller games or fewer sums",
            ));
        }
        Ok(())
    }

    fn spend(&mut self, work: u64) -> Result<(), MexError> {
        self.work += work;
        if self.work > MAX_FORM_WORK {
            return Err(MexError::too_large(
                "the work of simplifying misère forms in this request",
                format!("{MAX_FORM_WORK} option comparisons"),
                "ask for smaller games or fewer sums",
            ));
        }
        Ok(())
    }

    fn intern(&mut self, options: Vec<FormId>) -> Result<FormId, MexError> {
        if let Some(&id) = self.index.get(&options) {
            return Ok(id);
        }
        self.charge(160 + 8 * options.len())?;
        let genera: Vec<&Genus> = options
            .iter()
            .map(|o| &self.nodes[o.0 as usize].genus)
            .collect();
        let genus = Genus::from_options(&genera);
        let birthday = options
            .iter()
            .map(|o| self.birthday(*o) + 1)
            .max()
            .unwrap_or(0);
        let tame = options.iter().all(|o| self.nodes[o.0 as usize].tame) && genus_is_tame(&genus);
        let nim_heap = options.len() == birthday as usize
            && options.iter().all(|o| self.nodes[o.0 as usize].nim_heap)
            && options
                .iter()
                .map(|o| self.birthday(*o))
                .collect::<BTreeSet<_>>()
                .len()
                == options.len();
        let id = FormId(self.nodes.len() as u32);
        self.nodes.push(Node {
            options: options.clone(),
            birthday,
            genus,
            tame,
            nim_heap,
        });
        self.index.insert(options, id);
        Ok(id)
    }

    /// The canonical form of the game whose options are `options`
    /// (canonical forms of this store): duplicates merged, then the
    /// simplification test of the module documentation.
    pub fn from_options(&mut self, mut options: Vec<FormId>) -> Result<FormId, MexError> {
        stop::check()?;
        options.sort_unstable();
        options.dedup();
        if let Some(&id) = self.index.get(&options) {
            return Ok(id);
        }
        let genera: Vec<&Genus> = options
            .iter()
            .map(|o| &self.nodes[o.0 as usize].genus)
            .collect();
        let is_n_position = Genus::from_options(&genera).outcome() == Outcome::N;
        let reach: usize = options.iter().map(|a| self.options(*a).len()).sum();
        self.spend((reach as u64 + 1) * (options.len() as u64 + 1))?;
        for &a in &options {
            for &k in &self.nodes[a.0 as usize].options {
                if self.equals_game_on(k, &options, is_n_position) {
                    return Ok(k);
                }
            }
        }
        self.intern(options)
    }

    /// Whether canonical `k` equals the game `{options}` (module
    /// documentation: options of `k` among `options`, the others reverse
    /// through `k`, and the exception for `k = 0`).
    fn equals_game_on(&self, k: FormId, options: &[FormId], is_n_position: bool) -> bool {
        if k == FormId::ZERO && !is_n_position {
            return false;
        }
        let k_options = &self.nodes[k.0 as usize].options;
        k_options.iter().all(|o| options.binary_search(o).is_ok())
            && options.iter().all(|b| {
                k_options.binary_search(b).is_ok()
                    || self.nodes[b.0 as usize].options.binary_search(&k).is_ok()
            })
    }

    /// The nim-heap `*n` (options `*0 … *(n−1)`).
    /// Nim-heaps are in simplest form (no option has an option with the
    /// heap's genus), so they are interned directly.
    pub fn nim_heap(&mut self, n: u32) -> Result<FormId, MexError> {
        while self.heaps.len() <= n as usize {
            stop::check()?;
            let next = self.intern(self.heaps.clone())?;
            self.heaps.push(next);
        }
        Ok(self.heaps[n as usize])
    }

    /// The options of a canonical form, sorted by id.
    pub fn options(&self, g: FormId) -> &[FormId] {
        &self.nodes[g.0 as usize].options
    }

    /// The birthday: 0 for `0`, else one more than the largest birthday of
    /// an option (of the simplest form, so the least over equal games).
    pub fn birthday(&self, g: FormId) -> u32 {
        self.nodes[g.0 as usize].birthday
    }

    /// The genus `g^{γ0γ1…}` (Conway 1976, ch. 12), computed from the
    /// options' genera by [`Genus::from_options`].
    pub fn genus(&self, g: FormId) -> &Genus {
        &self.nodes[g.0 as usize].genus
    }

    /// The normal-play nim value `g` (equal games have equal values).
    pub fn nim_value(&self, g: FormId) -> u32 {
        self.genus(g).normal
    }

    /// The misère nim value `γ⁻ = γ0`.
    pub fn misere_nim_value(&self, g: FormId) -> u32 {
        self.genus(g).misere_value()
    }

    /// The misère outcome: P iff `γ⁻ = 0`.
    pub fn misere_outcome(&self, g: FormId) -> Outcome {
        self.genus(g).outcome()
    }

    /// Whether `g` is the nim-heap `*n` for some `n`.
    pub fn is_nim_heap(&self, g: FormId) -> bool {
        self.nodes[g.0 as usize].nim_heap
    }

    /// Tame (Conway 1976, ch. 12; CGSuite's "hereditarily tame"): every
    /// option tame and `(γ⁺, γ⁻)` with `γ⁺ = γ⁻` or both at most 1 (then
    /// the genus is `0^{120}`, `1^{031}` or `g^{g,g⊕2}`).
    pub fn is_tame(&self, g: FormId) -> bool {
        self.nodes[g.0 as usize].tame
    }

    fn options_all_tame(&self, g: FormId) -> bool {
        self.options(g).iter().all(|&o| self.is_tame(o))
    }

    /// Restive (Conway 1976, ch. 12): every option tame, `γ⁺ ≤ 1 < γ⁻`.
    pub fn is_restive(&self, g: FormId) -> bool {
        let genus = self.genus(g);
        self.options_all_tame(g) && genus.normal <= 1 && genus.misere_value() >= 2
    }

    /// Restless (Conway 1976, ch. 12): every option tame, `γ⁻ ≤ 1 < γ⁺`.
    pub fn is_restless(&self, g: FormId) -> bool {
        let genus = self.genus(g);
        self.options_all_tame(g) && genus.misere_value() <= 1 && genus.normal >= 2
    }

    /// The sum `a + b`, canonical: `{a' + b, a + b'}` simplified.
    pub fn add(&mut self, a: FormId, b: FormId) -> Result<FormId, MexError> {
        if a == FormId::ZERO {
            return Ok(b);
        }
        if b == FormId::ZERO {
            return Ok(a);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        self.spend(1)?;
        let mut options = Vec::new();
        for a1 in self.options(a).to_vec() {
            options.push(self.add(a1, b)?);
        }
        for b1 in self.options(b).to_vec() {
            options.push(self.add(a, b1)?);
        }
        let sum = self.from_options(options)?;
        self.charge(48)?;
        self.sums.insert(key, sum);
        Ok(sum)
    }

    /// The mate `G⁻` (Conway 1976, ch. 12): `*` if `G = 0`, else
    /// `{(G')⁻}`.
    pub fn mate(&mut self, g: FormId) -> Result<FormId, MexError> {
        if g == FormId::ZERO {
            return Ok(FormId::STAR);
        }
        let mut options = Vec::new();
        for o in self.options(g).to_vec() {
            options.push(self.mate(o)?);
        }
        self.from_options(options)
    }

    /// Even (CGSuite's definition): `G` has a smaller birthday than
    /// `G + *`. Of `G` and `G + *` exactly one is even.
    pub fn is_even(&mut self, g: FormId) -> Result<bool, MexError> {
        let odd = self.add(g, FormId::STAR)?;
        Ok(self.birthday(g) < self.birthday(odd))
    }

    /// `G` if even, else `G + *`.
    pub fn even_part(&mut self, g: FormId) -> Result<FormId, MexError> {
        if self.is_even(g)? {
            Ok(g)
        } else {
            self.add(g, FormId::STAR)
        }
    }

    /// The difference `G − H`: the `X` with `H + X = G`, if any (unique by
    /// cancellation; Conway 1976, ch. 12). Searched among games whose
    /// options are differences `G' − H` and `G − H'` (module
    /// documentation); refused past [`MAX_DIFFERENCE_CANDIDATES`].
    pub fn difference(&mut self, g: FormId, h: FormId) -> Result<Option<FormId>, MexError> {
        if h == FormId::ZERO {
            return Ok(Some(g));
        }
        if let Some(&d) = self.differences.get(&(g, h)) {
            return Ok(d);
        }
        let mut candidates = BTreeSet::new();
        for g1 in self.options(g).to_vec() {
            candidates.extend(self.difference(g1, h)?);
        }
        for h1 in self.options(h).to_vec() {
            candidates.extend(self.difference(g, h1)?);
        }
        let candidates: Vec<FormId> = candidates.into_iter().collect();
        if candidates.len() > MAX_DIFFERENCE_CANDIDATES {
            return Err(MexError::above_limit(
                "candidate options of a misère difference",
                candidates.len(),
                MAX_DIFFERENCE_CANDIDATES,
                "ask for smaller games",
            ));
        }
        let mut found = None;
        for mask in 0u32..(1 << candidates.len()) {
            stop::check()?;
            self.spend(candidates.len() as u64 + 1)?;
            let subset = candidates
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, &c)| c)
                .collect();
            let x = self.from_options(subset)?;
            if self.add(h, x)? == g {
                found = Some(x);
                break;
            }
        }
        self.charge(48)?;
        self.differences.insert((g, h), found);
        Ok(found)
    }

    /// Every part of `G` (Conway 1976, ch. 12): all `H` with `G = H + X`
    /// for some `X`, `0`, `*`, `G` and `G + *` included, sorted by id.
    pub fn all_parts(&mut self, g: FormId) -> Result<Vec<FormId>, MexError> {
        if let Some(p) = self.parts.get(&g) {
            return Ok(p.clone());
        }
        let mut parts = BTreeSet::new();
        if g == FormId::ZERO || g == FormId::STAR {
            parts.extend([FormId::ZERO, FormId::STAR]);
        } else {
            let mut union = BTreeSet::new();
            let mut common: Option<BTreeSet<FormId>> = None;
            for o in self.options(g).to_vec() {
                let option_parts: BTreeSet<FormId> = self.all_parts(o)?.into_iter().collect();
                union.extend(option_parts.iter().copied());
                common = Some(match common {
                    None => option_parts,
                    Some(c) => c.intersection(&option_parts).copied().collect(),
                });
            }
            for h in union {
                if self.difference(g, h)?.is_some() {
                    parts.insert(h);
                }
            }
            for x in common.unwrap_or_default() {
                if let Some(h) = self.difference(g, x)? {
                    parts.insert(h);
                }
            }
        }
        let parts: Vec<FormId> = parts.into_iter().collect();
        self.charge(48 + 4 * parts.len())?;
        self.parts.insert(g, parts.clone());
        Ok(parts)
    }

    /// The proper parts as CGSuite lists them: the even parts other than
    /// `0` and the even one of `G`, `G + *`.
    pub fn proper_parts(&mut self, g: FormId) -> Result<Vec<FormId>, MexError> {
        let own = self.even_part(g)?;
        let mut proper = Vec::new();
        for h in self.all_parts(g)? {
            if h != FormId::ZERO && h != own && self.is_even(h)? {
                proper.push(h);
            }
        }
        Ok(proper)
    }

    /// Prime: not `0` or `*`, and no proper part (Conway 1976, ch. 12).
    pub fn is_prime(&mut self, g: FormId) -> Result<bool, MexError> {
        Ok(g != FormId::ZERO && g != FormId::STAR && self.proper_parts(g)?.is_empty())
    }

    /// Extraverted (Conway 1976, ch. 12): every option is a part of `G`.
    pub fn is_extraverted(&mut self, g: FormId) -> Result<bool, MexError> {
        for o in self.options(g).to_vec() {
            if self.difference(g, o)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Introverted (Conway 1976, ch. 12): `G` is a part of each option.
    /// (By the extraversion–introversion theorem only `0` and `*` are.)
    pub fn is_introverted(&mut self, g: FormId) -> Result<bool, MexError> {
        for o in self.options(g).to_vec() {
            if self.difference(o, g)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Every partition of `G` into primes (Conway 1976, ch. 12): multisets
    /// of even primes summing to `G` or `G + *`, with `*` appended in the
    /// second case; `[]` for `0`. Each list sorted by id, the lists sorted.
    pub fn partitions(&mut self, g: FormId) -> Result<Vec<Vec<FormId>>, MexError> {
        let even = self.even_part(g)?;
        let mut out = Vec::new();
        for mut p in self.even_partitions(even)? {
            let mut sum = FormId::ZERO;
            for &q in &p {
                sum = self.add(sum, q)?;
            }
            if sum != g {
                p.push(FormId::STAR);
            }
            out.push(p);
        }
        Ok(out)
    }

    fn even_partitions(&mut self, even: FormId) -> Result<Vec<Vec<FormId>>, MexError> {
        if even == FormId::ZERO {
            return Ok(vec![Vec::new()]);
        }
        if self.is_prime(even)? {
            return Ok(vec![vec![even]]);
        }
        let mut found = BTreeSet::new();
        for p in self.proper_parts(even)? {
            stop::check()?;
            if !self.is_prime(p)? {
                continue;
            }
            let Some(rest) = self.difference(even, p)? else {
                continue;
            };
            let rest = self.even_part(rest)?;
            for mut q in self.even_partitions(rest)? {
                q.push(p);
                q.sort_unstable();
                found.insert(q);
            }
        }
        Ok(found.into_iter().collect())
    }

    /// The form in CGSuite's list notation, read back by [`Self::parse`]:
    /// `0`, `*`, `*n` for nim-heaps, otherwise `*[o1,o2,…]` (`*[[o]]` for a
    /// single option `o`), an option written as its heap size or as the
    /// bracketed list of its own options.
    pub fn display(&self, g: FormId) -> String {
        match self.heap_size(g) {
            Some(0) => "0".into(),
            Some(1) => "*".into(),
            Some(n) => format!("*{n}"),
            None => {
                let items = self.option_items(g);
                if items.len() == 1 {
                    format!("*[[{}]]", items[0])
                } else {
                    format!("*[{}]", items.join(","))
                }
            }
        }
    }

    fn heap_size(&self, g: FormId) -> Option<u32> {
        self.is_nim_heap(g).then(|| self.birthday(g))
    }

    fn item(&self, g: FormId) -> String {
        match self.heap_size(g) {
            Some(n) => n.to_string(),
            None => format!("[{}]", self.option_items(g).join(",")),
        }
    }

    /// The options' items, larger birthdays first, then by text.
    fn option_items(&self, g: FormId) -> Vec<String> {
        let mut items: Vec<(u32, String)> = self
            .options(g)
            .iter()
            .map(|&o| (self.birthday(o), self.item(o)))
            .collect();
        items.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        items.into_iter().map(|(_, s)| s).collect()
    }

    /// Reads a sum of forms: terms `0`, `*`, `*n`, `*[…]` joined by `+`.
    /// A bracket with no comma at its own level whose first character is a
    /// digit, `&` or `(` is in CGSuite's printed notation ([`conway`]:
    /// `*[42]` is the game with options `*4` and `*2`); any other is in
    /// list notation. In a list a single item stands for itself and
    /// several items are the options of the game; an item is a heap size
    /// `n` (the nim-heap `*n`), a bracketed list `[…]` (the game with those
    /// options), or a form written with `*` (e.g. `*[[*[4]+*[2]]]`).
    pub fn parse(&mut self, text: &str) -> Result<FormId, MexError> {
        if text.len() > MAX_FORM_INPUT {
            return Err(MexError::above_limit(
                "the length of a misère form",
                text.len(),
                MAX_FORM_INPUT,
                "write a shorter form",
            ));
        }
        let mut parser = Parser {
            text: text.as_bytes(),
            at: 0,
            input: text,
        };
        let g = parser.sum(self, 0)?;
        parser.skip_spaces();
        if parser.at != parser.text.len() {
            return Err(parser.error("unexpected text"));
        }
        Ok(g)
    }
}

/// The genus test of tameness on `(γ⁺, γ⁻)`.
fn genus_is_tame(genus: &Genus) -> bool {
    let (plus, minus) = (genus.normal, genus.misere_value());
    plus == minus || (plus <= 1 && minus <= 1)
}

const ACCEPTED: &str = "a misère form in CGSuite's notation (*[2#0], *[2[2]], *[(2#1)2##]) or in list notation (0, *, *2, *[2,1], *[[2],0]), or a sum of forms (*[2#]+*)";

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
    input: &'a str,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> MexError {
        MexError::invalid(
            format!(
                "{what} at character {} of {}",
                self.at + 1,
                crate::error::quote(self.input)
            ),
            ACCEPTED,
        )
    }

    fn skip_spaces(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_spaces();
        self.text.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8) -> Result<(), MexError> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected '{}'", byte as char)))
        }
    }

    fn depth_ok(&self, depth: usize) -> Result<(), MexError> {
        if depth > MAX_FORM_DEPTH {
            return Err(MexError::above_limit(
                "the nesting of brackets in a misère form",
                depth,
                MAX_FORM_DEPTH,
                "write a less nested form",
            ));
        }
        Ok(())
    }

    fn sum(&mut self, store: &mut MisereStore, depth: usize) -> Result<FormId, MexError> {
        let mut total = self.term(store, depth)?;
        while self.peek() == Some(b'+') {
            self.at += 1;
            let next = self.term(store, depth)?;
            total = store.add(total, next)?;
        }
        Ok(total)
    }

    fn number(&mut self) -> Result<Option<u32>, MexError> {
        self.skip_spaces();
        let start = self.at;
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        if start == self.at {
            return Ok(None);
        }
        let digits = &self.input[start..self.at];
        match digits.parse::<u32>() {
            Ok(n) if n <= MAX_HEAP => Ok(Some(n)),
            _ => Err(MexError::above_limit(
                "a nim-heap in a misère form",
                digits,
                MAX_HEAP,
                "use smaller heaps",
            )),
        }
    }

    fn term(&mut self, store: &mut MisereStore, depth: usize) -> Result<FormId, MexError> {
        self.depth_ok(depth)?;
        if let Some(n) = self.number()? {
            return if n == 0 {
                Ok(FormId::ZERO)
            } else {
                Err(self.error("a number other than 0 needs a '*'"))
            };
        }
        self.expect(b'*')?;
        if let Some(n) = self.number()? {
            return store.nim_heap(n);
        }
        if self.peek() != Some(b'[') {
            return Ok(FormId::STAR);
        }
        if self.bracket_is_conway() {
            let item = self.conway_form(depth + 1)?;
            return store.evaluate(&item);
        }
        let items = self.list(store, depth + 1)?;
        match items.as_slice() {
            [single] => Ok(*single),
            _ => store.from_options(items),
        }
    }

    /// `[item, item, …]`, each item a game.
    fn list(&mut self, store: &mut MisereStore, depth: usize) -> Result<Vec<FormId>, MexError> {
        self.depth_ok(depth)?;
        self.expect(b'[')?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(items);
        }
        loop {
            items.push(self.item(store, depth)?);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(items);
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    fn item(&mut self, store: &mut MisereStore, depth: usize) -> Result<FormId, MexError> {
        match self.peek() {
            Some(b'[') => {
                let options = self.list(store, depth + 1)?;
                store.from_options(options)
            }
            Some(b'*') => self.sum(store, depth + 1),
            _ => match self.number()? {
                Some(n) => store.nim_heap(n),
                None => Err(self.error("expected a heap size, '[' or '*'")),
            },
        }
    }
}

/// Largest nim-heap accepted in the notation (its form has that many
/// options, each a smaller heap).
pub const MAX_HEAP: u32 = 256;

/// Most work (option comparisons while simplifying) of one store.
pub const MAX_FORM_WORK: u64 = 1 << 24;

/// A form's properties, as one record (for reports: the JSON of
/// `mex misere` and Python's `MisereForm` serialize it whole).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FormReport {
    /// The canonical form, in the notation asked for.
    pub canonical: String,
    /// Its birthday.
    pub birthday: u32,
    /// Its genus, as text.
    pub genus: String,
    /// Its mate.
    pub mate: String,
    /// Misère outcome.
    pub misere_outcome: Outcome,
    /// Normal-play nim value.
    pub nim_value: u32,
    /// Misère nim value.
    pub misere_nim_value: u32,
    /// See [`MisereStore::is_tame`].
    pub tame: bool,
    /// See [`MisereStore::is_restive`].
    pub restive: bool,
    /// See [`MisereStore::is_restless`].
    pub restless: bool,
    /// See [`MisereStore::is_extraverted`].
    pub extraverted: bool,
    /// See [`MisereStore::is_introverted`].
    pub introverted: bool,
    /// See [`MisereStore::is_prime`].
    pub prime: bool,
    /// See [`MisereStore::is_even`].
    pub even: bool,
    /// Whether it is a nim-heap.
    pub nim_heap: bool,
    /// The options.
    pub options: Vec<String>,
    /// The proper parts ([`MisereStore::proper_parts`]).
    pub parts: Vec<String>,
    /// The partitions into primes ([`MisereStore::partitions`]).
    pub partitions: Vec<Vec<String>>,
}

impl MisereStore {
    /// Every property of `g`, its forms printed in `notation`; options and
    /// parts in [CGSuite's order](Self::cgsuite_order), each partition in
    /// that order and the partitions sorted by their text.
    pub fn report(&mut self, g: FormId, notation: Notation) -> Result<FormReport, MexError> {
        let mate = self.mate(g)?;
        let options = self.options_in_cgsuite_order(g)?;
        let parts = self.proper_parts(g)?;
        let parts = self.sort_cgsuite(parts)?;
        let mut partitions = Vec::new();
        for p in self.partitions(g)? {
            let p = self.sort_cgsuite(p)?;
            partitions.push(self.show_all(&p, notation)?);
        }
        partitions.sort();
        Ok(FormReport {
            canonical: self.display_in(g, notation)?,
            birthday: self.birthday(g),
            genus: self.genus(g).to_string(),
            mate: self.display_in(mate, notation)?,
            misere_outcome: self.misere_outcome(g),
            nim_value: self.nim_value(g),
            misere_nim_value: self.misere_nim_value(g),
            tame: self.is_tame(g),
            restive: self.is_restive(g),
            restless: self.is_restless(g),
            extraverted: self.is_extraverted(g)?,
            introverted: self.is_introverted(g)?,
            prime: self.is_prime(g)?,
            even: self.is_even(g)?,
            nim_heap: self.is_nim_heap(g),
            options: self.show_all(&options, notation)?,
            parts: self.show_all(&parts, notation)?,
            partitions,
        })
    }

    fn show_all(&mut self, forms: &[FormId], notation: Notation) -> Result<Vec<String>, MexError> {
        forms
            .iter()
            .map(|&f| self.display_in(f, notation))
            .collect()
    }

    /// The text of a sum of forms, for messages: `a + b + …`.
    pub fn display_sum(&self, terms: &[FormId]) -> String {
        let mut out = String::new();
        for (i, &t) in terms.iter().enumerate() {
            if i > 0 {
                out.push_str(" + ");
            }
            let _ = write!(out, "{}", self.display(t));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(store: &mut MisereStore, text: &str) -> String {
        let g = store.parse(text).unwrap();
        store.display(g)
    }

    #[test]
    fn small_forms_print_and_read_back() {
        let mut s = MisereStore::default();
        assert_eq!(canon(&mut s, "*[[1]]"), "0");
        assert_eq!(canon(&mut s, "*[1,2]"), "0");
        assert_eq!(canon(&mut s, "*[0,2]"), "*");
        assert_eq!(canon(&mut s, "*[[2]]"), "*[[2]]");
        assert_eq!(canon(&mut s, "*[[2],0]"), "*[[2],0]");
        assert_eq!(canon(&mut s, "*+*"), "0");
        for text in ["*[[2],0]", "*[[2],1]", "*[[[2]]]", "*2+*2"] {
            let g = s.parse(text).unwrap();
            let printed = s.display(g);
            assert_eq!(s.parse(&printed).unwrap(), g, "{text} printed {printed}");
        }
    }

    #[test]
    fn bad_input_is_refused() {
        let mut s = MisereStore::default();
        for bad in ["", "*[", "*[2,", "2", "*[a]", "*[2]]", "*99999999999"] {
            assert!(s.parse(bad).is_err(), "{bad}");
        }
        let deep = format!("*{}{}", "[".repeat(100), "]".repeat(100));
        assert!(s.parse(&deep).is_err());
    }
}
