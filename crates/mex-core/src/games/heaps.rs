//! What heap games (subtraction games, take-and-break codes, the domino
//! strip) share: a position is the rules and a list of heaps, a move acts on
//! one heap, and the value of a heap comes from the game's nim sequence,
//! computed directly for small heaps or read from a proven period
//! (Sprague–Grundy: the value of the position is the XOR of its heaps').

use super::picture::Picture;
use super::{check_move_count, parse_heaps, show_heaps, Move};
use crate::error::quote;
use crate::heap::periodic::PeriodicSequence;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

/// Nim values of a heap game: computed directly up to some heap, or all of
/// them from a proven period. Shared, so that a cache of them hands out
/// copies without copying the values.
#[derive(Debug, Clone)]
pub enum Values {
    /// `G(0) .. G(n)`.
    Direct(Arc<[u16]>),
    /// Every value.
    Periodic(Arc<PeriodicSequence>),
}

impl Values {
    /// `G(n)`, when known.
    pub fn at(&self, n: &BigUint) -> Option<u32> {
        match self {
            Values::Direct(v) => n.to_usize().and_then(|i| v.get(i)).map(|&g| g as u32),
            Values::Periodic(p) => Some(p.value_at(n)),
        }
    }
}

/// The rules of a heap game.
pub trait HeapRules:
    Clone + Eq + Hash + fmt::Display + FromStr<Err = MexError> + Send + Sync + 'static
{
    /// The options of one heap of `n`: a label and the heaps left (no
    /// empty heaps). Called only after [`HeapRules::check_heap_moves`].
    fn heap_options(&self, n: &BigUint) -> Vec<(String, Vec<BigUint>)>;
    /// How many options a heap of `n` has, at most (for the listing limit).
    fn option_count(&self, n: &BigUint) -> BigUint;
    /// Nim values covering every heap up to `largest`.
    fn values(&self, largest: &BigUint) -> Result<Values, MexError>;
    /// The rules of a game that has no rule text (positions are then heaps
    /// alone, as in the domino game); `None` for games that need one.
    fn bare() -> Option<Self> {
        None
    }
    /// Whether no move ever splits a heap (then a heap of `n` reaches at
    /// most `n + 1` positions under misère search).
    fn never_splits(&self) -> bool {
        false
    }
    /// Extra limits on listing the moves of a heap of `n`.
    fn check_heap_moves(&self, _n: &BigUint) -> Result<(), MexError> {
        Ok(())
    }
    /// The picture of a position with these heaps (no empty heap): by
    /// default the heaps.
    fn picture(&self, heaps: &[BigUint]) -> Picture {
        Picture::heaps(heaps)
    }
}

/// A position of a heap game: the rules and the heaps (empty heaps left
/// out; no heap at all prints as `0`).
#[derive(Debug, Clone)]
pub struct HeapPosition<R> {
    /// The rules.
    pub rules: R,
    /// The heaps.
    pub heaps: Vec<BigUint>,
    values: Arc<OnceLock<Values>>,
}

impl<R: HeapRules> HeapPosition<R> {
    /// An upper bound on the sums of heaps reachable from this position:
    /// per heap of `n`, `n + 1` for rules that never split and otherwise
    /// `p(0) + … + p(n)` (a move never adds tokens, so what is left is a
    /// partition of at most `n`); the product over the heaps. Saturates
    /// above `cap`.
    pub fn misere_reach_bound(&self, cap: usize) -> BigUint {
        let mut bound = BigUint::from(1u32);
        for h in &self.heaps {
            let per_heap = match (self.rules.never_splits(), h.to_usize()) {
                (true, _) => h + 1u32,
                (false, Some(n)) if n <= cap => BigUint::from(
                    crate::impartial::misere::partition_prefix_sum(n, cap as u128 + 1),
                ),
                (false, _) => BigUint::from(cap) + 1u32,
            };
            bound *= per_heap;
        }
        bound
    }

    /// A position with its own (not yet computed) values.
    pub fn new(rules: R, mut heaps: Vec<BigUint>) -> Self {
        heaps.retain(|h| !h.is_zero());
        HeapPosition {
            rules,
            heaps,
            values: Arc::new(OnceLock::new()),
        }
    }

    fn with_heaps(&self, heaps: Vec<BigUint>) -> Self {
        HeapPosition {
            rules: self.rules.clone(),
            heaps,
            values: Arc::clone(&self.values),
        }
    }

    /// Computes (once) the values every heap of this position and of the
    /// positions after it needs.
    pub fn prepare(&self) -> Result<(), MexError> {
        if self.values.get().is_none() {
            let largest = self.heaps.iter().max().cloned().unwrap_or_default();
            let values = self.rules.values(&largest)?;
            let _ = self.values.set(values);
        }
        Ok(())
    }

    /// `G(n)` for a heap of `n`, once prepared.
    pub fn heap_value(&self, n: &BigUint) -> Option<u32> {
        self.values.get().and_then(|v| v.at(n))
    }

    /// The Grundy value: the XOR of the heaps' values.
    pub fn grundy(&self) -> Option<BigUint> {
        self.heaps
            .iter()
            .try_fold(0u32, |x, h| Some(x ^ self.heap_value(h)?))
            .map(BigUint::from)
    }

    /// Every move, labelled `LABEL (heap I)` when there are several heaps.
    pub fn moves(&self) -> Vec<Move<Self>> {
        let mut out = Vec::new();
        for (i, h) in self.heaps.iter().enumerate() {
            for (label, left) in self.rules.heap_options(h) {
                let mut heaps = self.heaps.clone();
                heaps.splice(i..=i, left);
                let label = if self.heaps.len() > 1 {
                    format!("{label} (heap {})", i + 1)
                } else {
                    label
                };
                out.push(Move::new(label, self.with_heaps(heaps)));
            }
        }
        out
    }

    /// Refuses positions with too many moves to list.
    pub fn check_moves(&self) -> Result<(), MexError> {
        let count: BigUint = self.heaps.iter().map(|h| self.rules.option_count(h)).sum();
        check_move_count(&count, "this position")?;
        self.heaps
            .iter()
            .try_for_each(|h| self.rules.check_heap_moves(h))
    }

    /// The heaps as separate positions (a sum), when there are several.
    pub fn decompose(&self) -> Option<Vec<Self>> {
        (self.heaps.len() > 1).then(|| {
            self.heaps
                .iter()
                .map(|h| self.with_heaps(vec![h.clone()]))
                .collect()
        })
    }
}

impl<R: PartialEq> PartialEq for HeapPosition<R> {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules && self.heaps == other.heaps
    }
}

impl<R: Eq> Eq for HeapPosition<R> {}

impl<R: Hash> Hash for HeapPosition<R> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rules.hash(state);
        self.heaps.hash(state);
    }
}

impl<R: HeapRules> fmt::Display for HeapPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heaps = if self.heaps.is_empty() {
            "0".to_string()
        } else {
            show_heaps(&self.heaps)
        };
        if R::bare().is_some() {
            f.write_str(&heaps)
        } else {
            write!(f, "{}:{heaps}", self.rules)
        }
    }
}

impl<R: HeapRules> FromStr for HeapPosition<R> {
    type Err = MexError;
    /// `RULES:HEAPS`, the heaps separated by commas; the rules end at the
    /// last colon.
    fn from_str(s: &str) -> Result<Self, MexError> {
        let accepted = "heap sizes separated by commas, such as 20 or 3,5";
        if let Some(rules) = R::bare() {
            return Ok(HeapPosition::new(rules, parse_heaps(s, accepted)?));
        }
        let (rules, heaps) = s.trim().rsplit_once(':').ok_or_else(|| {
            MexError::invalid(
                format!("{} has no ':' between the rules and the heaps", quote(s)),
                "RULES:HEAPS such as 1,3,4:9 (subtraction) or 0.07:20 (octal)",
            )
        })?;
        Ok(HeapPosition::new(
            rules.parse()?,
            parse_heaps(heaps, accepted)?,
        ))
    }
}

/// Implements [`super::Game`], [`super::ImpartialGame`] and their
/// [`super::Ruleset`] and [`super::ImpartialRuleset`] for a heap game with
/// rules `$rules` and the given [`super::GameInfo`].
macro_rules! heap_game {
    ($game:ty, $rules:ty, $info:expr) => {
        impl $crate::ruleset::Ruleset for $game {
            type Position = $crate::games::heaps::HeapPosition<$rules>;
        }

        impl $crate::games::Game for $game {
            const INFO: $crate::games::GameInfo = $info;
            fn check(&self, p: &Self::Position) -> Result<(), $crate::MexError> {
                p.prepare()
            }
            fn check_moves(&self, p: &Self::Position) -> Result<(), $crate::MexError> {
                p.check_moves()
            }
            fn picture(&self, p: &Self::Position) -> $crate::games::picture::Picture {
                $crate::games::heaps::HeapRules::picture(&p.rules, &p.heaps)
            }
        }

        impl $crate::games::ImpartialGame for $game {
            fn moves(&self, p: &Self::Position) -> Vec<$crate::games::Move<Self::Position>> {
                p.moves()
            }
            fn is_terminal(&self, p: &Self::Position) -> bool {
                p.heaps.is_empty()
            }
            fn misere_reach_bound(
                &self,
                p: &Self::Position,
                cap: usize,
            ) -> Option<num_bigint::BigUint> {
                Some(p.misere_reach_bound(cap))
            }
        }

        impl $crate::impartial::ruleset::ImpartialRuleset for $game {
            fn options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
                out.extend($crate::games::positions(p.moves()));
            }
            fn decompose(&self, p: &Self::Position) -> Option<Vec<Self::Position>> {
                p.decompose()
            }
            fn known_grundy(&self, p: &Self::Position) -> Option<num_bigint::BigUint> {
                p.grundy()
            }
        }
    };
}
pub(crate) use heap_game;
