//! Take-and-break games given by octal (or hexadecimal) codes
//! `d0.d1d2…`: digit `dj` says what removing `j` tokens from a heap may
//! leave (bit 1: nothing; 2: one heap; 4: two heaps; 8: three heaps). Values
//! come from the sparse-space engine for small heaps and from a period
//! proven by the octal periodicity theorem (Guy and Smith 1956) for any
//! heap.

use super::heaps::{heap_game, HeapRules, Values};
use super::{Family, GameInfo};
use crate::heap::code::TakeBreakCode;
use crate::heap::octal::{default_max_terms, search, Phase, SearchPlan};
use crate::heap::sparse::TakeBreakSequence;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::ops::ControlFlow;
use std::sync::Mutex;

/// Heaps up to this size are computed directly; larger heaps need a proven
/// period.
pub const MAX_DIRECT_HEAP: u64 = 1_000_000;
/// Largest heap whose moves are listed.
pub const MAX_MOVE_HEAP: u64 = 100_000;
/// Largest heap whose moves are listed for codes with three-heap moves.
pub const MAX_THREE_HEAP_MOVE_HEAP: u64 = 3_000;

/// Take-and-break games by code.
#[derive(Debug, Clone, Copy, Default)]
pub struct Octal;

/// The options of a heap under `code`, labelled in words.
pub(crate) fn labelled_options(code: &TakeBreakCode, n: u64) -> Vec<(String, Vec<BigUint>)> {
    code.options(n as usize)
        .into_iter()
        .map(|(taken, heaps)| {
            let left: Vec<String> = heaps.iter().map(usize::to_string).collect();
            let label = match left.len() {
                0 => format!("take {taken}, leave nothing"),
                _ => format!("take {taken}, leave {}", left.join(" and ")),
            };
            (label, heaps.into_iter().map(BigUint::from).collect())
        })
        .collect()
}

/// Splits (rare pairs and scanned pairs of the sparse-space engine, and its
/// three-heap steps) a query may look at before it is refused: a few
/// seconds of one core, and enough for every heap up to [`MAX_DIRECT_HEAP`]
/// of Grundy's game (`4.0u`: more than 2^32 splits to 10^6), as `mex
/// grundys-game --at` answers it. The
/// codes without a useful sparse space (0.06, 0.026, …) cost about n²/4
/// pairs for n values, so without this bound a heap of 5000 would search a
/// million values for a period, for minutes.
pub const QUERY_PAIR_BUDGET: u64 = 1 << 33;

/// Heaps up to this size are computed directly without looking for a
/// period first (at most 2^26 two-heap splits).
pub const SMALL_HEAP: u64 = 1 << 14;

/// The part of [`QUERY_PAIR_BUDGET`] spent looking for a period first (a
/// fraction of a second): enough for 0.07 (Dawson's Kayles), whose small
/// values have no sparse space either, and for 0.16's period of 149 459.
pub const PERIOD_SEARCH_PAIR_BUDGET: u64 = 1 << 29;

fn pairs_looked_at(seq: &TakeBreakSequence) -> u64 {
    let stats = seq.stats();
    stats.rare_pairs + stats.scanned_pairs + stats.three_heap_steps
}

/// Values of `code` covering heaps up to `largest`: from the period when the
/// octal periodicity theorem proves one within the code's default search
/// bound and [`PERIOD_SEARCH_PAIR_BUDGET`] (so a periodic code such as 0.07
/// never computes a million values one by one); otherwise directly up to
/// [`MAX_DIRECT_HEAP`] (fewer for codes with many split digits) within
/// [`QUERY_PAIR_BUDGET`].
pub(crate) fn code_values(code: &TakeBreakCode, largest: &BigUint) -> Result<Values, MexError> {
    if let Some(values) = RecentValues::find(code, largest) {
        return Ok(values);
    }
    let values = code_values_within(code, largest, QUERY_PAIR_BUDGET)?;
    RecentValues::keep(code, &values);
    Ok(values)
}

/// The values of the last few codes queried, so that a front end which
/// checks a position, then evaluates it, then lists its moves computes them
/// once (each entry at most 2 MB: a million `u16`; shared, not copied).
struct RecentValues;

static RECENT_VALUES: Mutex<Vec<(TakeBreakCode, Values)>> = Mutex::new(Vec::new());

impl RecentValues {
    const ENTRIES: usize = 4;

    fn covers(values: &Values, largest: &BigUint) -> bool {
        values.at(largest).is_some()
    }

    fn find(code: &TakeBreakCode, largest: &BigUint) -> Option<Values> {
        let mut recent = RECENT_VALUES.lock().unwrap_or_else(|e| e.into_inner());
        let i = recent
            .iter()
            .position(|(c, v)| c == code && Self::covers(v, largest))?;
        let entry = recent.remove(i);
        let values = entry.1.clone();
        recent.insert(0, entry);
        Some(values)
    }

    fn keep(code: &TakeBreakCode, values: &Values) {
        let mut recent = RECENT_VALUES.lock().unwrap_or_else(|e| e.into_inner());
        recent.retain(|(c, _)| c != code);
        recent.insert(0, (code.clone(), values.clone()));
        recent.truncate(Self::ENTRIES);
    }
}

/// [`code_values`] with `pair_budget` two-heap splits for the direct values.
fn code_values_within(
    code: &TakeBreakCode,
    largest: &BigUint,
    pair_budget: u64,
) -> Result<Values, MexError> {
    // As many values as `mex octal` computes by default for this code (fewer
    // for codes with many split digits, whose values cost more).
    let direct = MAX_DIRECT_HEAP.min(default_max_terms(code) as u64 - 1);
    let mut seq = TakeBreakSequence::new(code.clone());
    let small = largest.to_u64().filter(|&n| n <= direct.min(SMALL_HEAP));
    if code.has_periodicity_theorem() && small.is_none() {
        let plan = SearchPlan {
            min_terms: 0,
            max_terms: default_max_terms(code),
        };
        let stop = |_: Phase, seq: &TakeBreakSequence| {
            if pairs_looked_at(seq) > PERIOD_SEARCH_PAIR_BUDGET {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        if let Some(p) = search(&mut seq, plan, stop)?.sequence {
            return Ok(Values::Periodic(p.into()));
        }
    }
    let Some(n) = largest.to_u64().filter(|&n| n <= direct) else {
        return Err(MexError::too_large(
            if code.has_periodicity_theorem() {
                format!(
                    "heap {largest} of {code}, whose period is not proven within {} values,",
                    seq.len()
                )
            } else {
                format!("heap {largest} of {code}, which no periodicity theorem covers,")
            },
            format!("{direct} tokens"),
            "use a smaller heap",
        ));
    };
    while seq.len() <= n as usize {
        if pairs_looked_at(&seq) > pair_budget {
            return Err(MexError::too_large(
                format!("computing heap {largest} of {code}"),
                format!("{pair_budget} splits looked at"),
                format!("heaps up to {} are accepted", seq.len() - 1),
            ));
        }
        let slice = if code.max_heaps() == 3 {
            SLICE / 16
        } else {
            SLICE
        };
        seq.extend_to((n as usize + 1).min(seq.len() + slice))?;
    }
    Ok(Values::Direct(seq.values()[..=n as usize].into()))
}

/// Values computed between two checks of the pair budget (a sixteenth of it
/// for codes with three-heap moves, whose values cost O(n) to O(n²) each).
const SLICE: usize = 1 << 12;

/// Refuses listing the moves of heaps too large for `code`.
pub(crate) fn check_code_moves(code: &TakeBreakCode, n: &BigUint) -> Result<(), MexError> {
    let limit = if code.max_heaps() == 3 {
        MAX_THREE_HEAP_MOVE_HEAP
    } else {
        MAX_MOVE_HEAP
    };
    if *n > BigUint::from(limit) {
        return Err(MexError::too_large(
            format!("listing the moves of heap {n} of {code}"),
            format!("heaps of {limit}"),
            "ask for the value only",
        ));
    }
    Ok(())
}

impl HeapRules for TakeBreakCode {
    fn never_splits(&self) -> bool {
        self.max_heaps() == 1 && self.digit(0) == 0
    }
    fn heap_options(&self, n: &BigUint) -> Vec<(String, Vec<BigUint>)> {
        n.to_u64()
            .map_or_else(Vec::new, |n| labelled_options(self, n))
    }
    fn option_count(&self, n: &BigUint) -> BigUint {
        let per_removal = match self.max_heaps() {
            3 => n * n,
            2 => n / 2u32 + 1u32,
            _ => BigUint::from(1u32),
        };
        per_removal * (self.max_removal() + 1)
    }
    fn values(&self, largest: &BigUint) -> Result<Values, MexError> {
        code_values(self, largest)
    }
    fn check_heap_moves(&self, n: &BigUint) -> Result<(), MexError> {
        check_code_moves(self, n)
    }
}

heap_game!(
    Octal,
    TakeBreakCode,
    GameInfo {
        name: "octal",
        family: Family::Impartial,
        description: "take-and-break games by octal or hexadecimal code (0.07, 0.77, 0.137, 4.07)",
        syntax:
            "CODE:HEAPS, e.g. 0.07:20 or 0.77:3,5 (heaps of any size once the period is proven)",
        example: "0.07:20",
        rules: "Heaps of tokens. Digit dj of the code d0.d1d2... says what a move that removes j \
                tokens from one heap may leave: bit 1 nothing, bit 2 one heap, bit 4 two heaps, \
                bit 8 three heaps (non-empty). Who cannot move loses.",
    }
);

#[cfg(test)]
mod budget_tests {
    use super::*;
    use crate::heap::code::naive_values;

    fn direct_values(values: Values) -> Vec<u16> {
        match values {
            Values::Direct(v) => v.to_vec(),
            Values::Periodic(_) => panic!("no period expected"),
        }
    }

    /// 0.06 has no useful sparse space: a heap of 20 260 (the fuzzer's hang,
    /// which searched a million values for a period) is answered from the
    /// values up to it, equal to the plain O(n²) computation.
    #[test]
    fn a_heap_of_a_code_without_sparse_space_costs_only_its_values() {
        let code: TakeBreakCode = "0.06".parse().unwrap();
        let values = direct_values(code_values(&code, &BigUint::from(20_260u32)).unwrap());
        assert_eq!(values.len(), 20_261);
        let naive = naive_values(&code, 20_261);
        assert!(values.iter().zip(&naive).all(|(&a, &b)| u32::from(a) == b));
    }

    /// The largest heap a budget refusal says is accepted.
    fn accepted_heap(refusal: &str) -> u64 {
        refusal
            .rsplit("heaps up to ")
            .next()
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the largest heap accepted")
    }

    /// Three-heap work counts in the budget: with unequal heaps (triples
    /// enumerated) and with equal ones (the sets of XORs), a heap of 3000
    /// is refused within a small budget, and the heap it names is answered
    /// with the values of the full enumeration.
    #[test]
    fn three_heap_work_counts_in_the_budget() {
        for text in ["0.8u", "0.8"] {
            let code: TakeBreakCode = text.parse().unwrap();
            let budget = 1 << 22;
            let refusal = code_values_within(&code, &BigUint::from(3000u32), budget)
                .unwrap_err()
                .to_string();
            let accepted = accepted_heap(&refusal) as usize;
            assert!(accepted > 100 && accepted < 3000, "{refusal}");
            let values = code_values_within(&code, &BigUint::from(accepted), budget).unwrap();
            let values = direct_values(values);
            let naive = naive_values(&code, accepted + 1);
            assert!(values.iter().zip(&naive).all(|(&a, &b)| u32::from(a) == b));
        }
    }

    /// Over the budget a heap is refused, and the refusal names the largest
    /// heap accepted, which is then answered.
    #[test]
    fn the_refusal_names_the_heaps_accepted() {
        let code: TakeBreakCode = "0.06".parse().unwrap();
        let budget = 1 << 28;
        let refusal = code_values_within(&code, &BigUint::from(200_000u32), budget)
            .unwrap_err()
            .to_string();
        assert!(
            refusal.starts_with(
                "computing heap 200000 of 0.06 exceeds the limit of 268435456 splits looked at"
            ),
            "{refusal}"
        );
        let accepted = accepted_heap(&refusal);
        assert!(accepted > SMALL_HEAP && accepted < 200_000, "{refusal}");
        let values = code_values_within(&code, &BigUint::from(accepted), budget).unwrap();
        assert_eq!(direct_values(values).len() as u64, accepted + 1);
    }
}
