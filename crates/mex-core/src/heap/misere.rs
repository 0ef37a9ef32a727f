//! Misère play of take-and-break heap games: the genera of single heaps,
//! searched by the misère solver of [`crate::impartial::misere`] as sums
//! of heaps (a part is a heap).

use super::code::TakeBreakCode;
use crate::impartial::misere::{
    partition_prefix_sum, Genus, MisereRuleset, MisereSolver, MAX_MISERE_STATES,
};
use crate::MexError;
use num_bigint::BigUint;

/// A heap game of a take-and-break code as parts for the solver: a part
/// is a heap; heaps with no move are left out.
pub struct HeapCodeRules {
    code: TakeBreakCode,
    terminal: Vec<bool>,
}

impl HeapCodeRules {
    /// The rules of `code` for heaps up to `largest`.
    pub fn new(code: TakeBreakCode, largest: usize) -> Self {
        let terminal = (0..=largest).map(|n| code.options(n).is_empty()).collect();
        HeapCodeRules { code, terminal }
    }

    /// The parts of a heap of `n`: none when it has no move.
    pub fn parts_of(&self, n: usize) -> Vec<usize> {
        if self.terminal[n] {
            vec![]
        } else {
            vec![n]
        }
    }
}

/// The sums reachable from a heap of `n` under `code`, bounded: `n + 1`
/// for codes that never split a heap; otherwise the multisets of heaps
/// with at most `n` tokens in all, `p(0) + … + p(n)` (a move never adds
/// tokens), saturating above `cap`. Needs no options, so it can refuse a
/// search before any is listed.
fn heap_reach_bound(code: &TakeBreakCode, n: usize, cap: usize) -> u128 {
    if code.max_heaps() > 1 || code.digit(0) != 0 {
        partition_prefix_sum(n, cap as u128 + 1)
    } else {
        n as u128 + 1
    }
}

impl MisereRuleset for HeapCodeRules {
    type Part = usize;
    fn options(&self, n: &usize) -> Result<Vec<Vec<usize>>, MexError> {
        Ok(self
            .code
            .options(*n)
            .into_iter()
            .map(|(_, heaps)| heaps.into_iter().filter(|&h| !self.terminal[h]).collect())
            .collect())
    }
    /// See [`heap_reach_bound`].
    fn reach_bound(&self, n: &usize, cap: usize) -> Result<Option<BigUint>, MexError> {
        Ok(Some(BigUint::from(heap_reach_bound(&self.code, *n, cap))))
    }
}

/// The genera of the heaps `0..terms` of a take-and-break code, searched
/// as sums of heaps (the bound on the reachable sums of the largest heap
/// is checked first).
pub fn heap_genera(code: &TakeBreakCode, terms: usize) -> Result<Vec<Genus>, MexError> {
    let Some(largest) = terms.checked_sub(1) else {
        return Ok(Vec::new());
    };
    if largest > MAX_MISERE_STATES {
        return Err(MexError::too_large(
            format!("the misère genera of {terms} heaps"),
            format!("{MAX_MISERE_STATES} heaps"),
            "ask for fewer heaps",
        ));
    }
    // The bound first: listing the options of every heap up to `largest`
    // takes time quadratic in it for codes that split heaps.
    if heap_reach_bound(code, largest, MAX_MISERE_STATES) > MAX_MISERE_STATES as u128 {
        return Err(MexError::too_large(
            format!("a misère search of the heaps up to {largest} (their reachable sums)"),
            format!("{MAX_MISERE_STATES} reachable sums"),
            "ask for fewer heaps",
        ));
    }
    let mut solver = MisereSolver::new(HeapCodeRules::new(code.clone(), largest));
    solver.check(&[largest])?;
    (0..terms)
        .map(|n| {
            let parts = solver.rules().parts_of(n);
            solver.genus_unchecked(&parts)
        })
        .collect()
}

#[cfg(test)]
mod tests;
