//! Take-and-break games given by octal (or hexadecimal) codes
//! `d0.d1d2…`: digit `dj` says what removing `j` tokens from a heap may
//! leave (bit 1: nothing; 2: one heap; 4: two heaps; 8: three heaps). Values
//! come from the sparse-space engine for small heaps and from a period
//! proven by the octal periodicity theorem (Guy and Smith 1956) for any
//! heap.

use super::heaps::{heap_game, HeapRules, Values};
use super::{Family, GameInfo};
use crate::heap::code::TakeBreakCode;
use crate::heap::octal::{default_max_terms, prove_period};
use crate::heap::sparse::TakeBreakSequence;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

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

/// Heaps up to this size are computed directly without looking for a
/// period first.
pub const SMALL_HEAP: u64 = 1 << 12;

/// Values of `code` covering heaps up to `largest`: directly for small
/// heaps; otherwise from the period when the octal periodicity theorem
/// proves one (found within the code's default search bound, so a periodic
/// code such as 0.07 never computes a million values one by one), and
/// directly up to [`MAX_DIRECT_HEAP`] when it does not.
pub(crate) fn code_values(code: &TakeBreakCode, largest: &BigUint) -> Result<Values, MexError> {
    // As many values as `mex octal` computes by default for this code (fewer
    // for codes with many split digits, whose values cost more).
    let direct = MAX_DIRECT_HEAP.min(default_max_terms(code) as u64 - 1);
    let small = largest.to_u64().filter(|&n| n <= direct.min(SMALL_HEAP));
    if let Some(n) = small {
        let mut seq = TakeBreakSequence::new(code.clone());
        seq.extend_to(n as usize + 1)?;
        return Ok(Values::Direct(seq.values().to_vec()));
    }
    let mut seq = TakeBreakSequence::new(code.clone());
    if code.has_periodicity_theorem() {
        let (computed, analysis) = prove_period(code, default_max_terms(code))?;
        if let Some(p) = analysis.sequence {
            return Ok(Values::Periodic(p));
        }
        seq = computed;
    }
    match largest.to_u64().filter(|&n| n <= direct) {
        Some(n) => {
            if seq.len() <= n as usize {
                seq.extend_to(n as usize + 1)?;
            }
            Ok(Values::Direct(seq.values()[..=n as usize].to_vec()))
        }
        None => Err(MexError::too_large(
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
        )),
    }
}

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
