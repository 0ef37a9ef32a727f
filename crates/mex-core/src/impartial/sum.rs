//! Sums of components of mixed rulesets.
//!
//! By the Sprague–Grundy theorem the Grundy value of a sum is the XOR of the
//! components' values (Nash–Sheenko, Theorem 3.14 with Corollary 3.17), and the
//! winning moves from a sum with value `X ≠ 0` are exactly the moves in some
//! component of value `g` to a position of value `g XOR X`.
//!
//! Component syntax (space-separated in a sum):
//!
//! | text | component |
//! |---|---|
//! | `nim:5` | a Nim heap of 5 (any size: `nim:2^200`) |
//! | `subtraction:1,3,4:9` | a heap of 9 in the subtraction game {1,3,4} (any size) |
//! | `octal:0.07:20` | a heap of 20 in the take-and-break code 0.07 |
//! | `domino:40` | a free 1×40 strip of the domino game (OEIS A215721) |
//! | `wythoff:3,5` | Wythoff's game at piles (3, 5) |

use crate::bigint::parse_natural;
use crate::heap::code::TakeBreakCode;
use crate::heap::octal::prove_period;
use crate::heap::periodic::PeriodicSequence;
use crate::heap::sparse::TakeBreakSequence;
use crate::heap::subtraction::{SubtractionSet, DEFAULT_MAX_TERMS};
use crate::heap::wythoff;
use crate::impartial::Outcome;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

/// Heaps of take-and-break codes up to this size are computed directly;
/// larger heaps need a proven period.
pub const MAX_DIRECT_HEAP: u64 = 1_000_000;
/// Largest heap whose options are enumerated for winning moves.
pub const MAX_MOVE_HEAP: u64 = 100_000;

/// One component of a sum.
#[derive(Debug, Clone)]
pub enum Component {
    /// A Nim heap.
    Nim(BigUint),
    /// A subtraction-game heap, with the game's proven sequence.
    Subtraction(SubtractionSet, BigUint, PeriodicSequence),
    /// A take-and-break heap, with the values it needs.
    TakeBreak(TakeBreakCode, BigUint, Values),
    /// Wythoff's game at `(x, y)`, with its Grundy table.
    Wythoff(u64, u64, Vec<Vec<u32>>),
}

/// Nim values of a heap game: computed directly or from a proven period.
#[derive(Debug, Clone)]
pub enum Values {
    /// `G(0) .. G(heap)`.
    Direct(Vec<u16>),
    /// All values.
    Periodic(PeriodicSequence),
}

impl Values {
    fn at(&self, n: &BigUint) -> u32 {
        match self {
            Values::Direct(v) => v[n.to_usize().expect("heap within the computed range")] as u32,
            Values::Periodic(p) => p.value_at(n),
        }
    }
}

/// A move in one component.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SumMove {
    /// 0-based index of the component.
    pub component: usize,
    /// The component before the move, in component syntax.
    pub from: String,
    /// What it becomes: zero or more components in component syntax.
    pub to: Vec<String>,
}

/// The analysis of a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SumAnalysis {
    /// Each component's Grundy value.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::decimal::serialize_seq")
    )]
    pub grundy_values: Vec<BigUint>,
    /// Their XOR.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::decimal::serialize"))]
    pub nim_sum: BigUint,
    /// P when the XOR is zero.
    pub outcome: Outcome,
    /// Every winning move, in the components whose moves can be listed.
    pub winning_moves: Vec<SumMove>,
    /// Components too large to list moves in (their winning moves, if any,
    /// are missing from `winning_moves`).
    pub unlisted_components: Vec<usize>,
}

const ACCEPTED: &str = "nim:N, subtraction:S:N, octal:CODE:N, domino:N or wythoff:X,Y (e.g. nim:5 octal:0.07:20 subtraction:1,3,4:9 wythoff:3,5)";

impl Component {
    /// Parses one component.
    pub fn parse(text: &str) -> Result<Self, MexError> {
        let bad = || MexError::invalid(format!("'{text}' is not a component"), ACCEPTED);
        let (kind, rest) = text.split_once(':').ok_or_else(bad)?;
        match kind {
            "nim" => Ok(Component::Nim(parse_natural(rest)?)),
            "subtraction" => {
                let (set, heap) = rest.rsplit_once(':').ok_or_else(bad)?;
                let set = SubtractionSet::parse(set)?;
                let seq = set.find_period(DEFAULT_MAX_TERMS)?.sequence;
                Ok(Component::Subtraction(set, parse_natural(heap)?, seq))
            }
            "octal" => {
                let (code, heap) = rest.rsplit_once(':').ok_or_else(bad)?;
                take_break(code.parse()?, parse_natural(heap)?)
            }
            "domino" => take_break("0.07".parse()?, parse_natural(rest)?),
            "wythoff" => {
                let (x, y) = rest.split_once(',').ok_or_else(bad)?;
                let x = crate::bigint::parse_bounded(x, "Wythoff pile", wythoff::MAX_GRUNDY_PILE)?;
                let y = crate::bigint::parse_bounded(y, "Wythoff pile", wythoff::MAX_GRUNDY_PILE)?;
                Ok(Component::Wythoff(x, y, wythoff::grundy_table(x, y)?))
            }
            _ => Err(bad()),
        }
    }

    /// The component in component syntax.
    pub fn text(&self) -> String {
        match self {
            Component::Nim(h) => format!("nim:{h}"),
            Component::Subtraction(s, h, _) => format!(
                "subtraction:{}:{h}",
                s.elements()
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            Component::TakeBreak(c, h, _) => format!("octal:{c}:{h}"),
            Component::Wythoff(x, y, _) => format!("wythoff:{x},{y}"),
        }
    }

    /// The Grundy value.
    pub fn grundy(&self) -> BigUint {
        match self {
            Component::Nim(h) => h.clone(),
            Component::Subtraction(_, h, seq) => seq.value_at(h).into(),
            Component::TakeBreak(_, h, values) => values.at(h).into(),
            Component::Wythoff(x, y, t) => t[*x as usize][*y as usize].into(),
        }
    }

    /// Every move to a position of Grundy value `target`, as the components
    /// left behind.
    pub fn moves_to(&self, target: &BigUint) -> Result<Vec<Vec<String>>, MexError> {
        Ok(match self {
            Component::Nim(h) => {
                if target < h {
                    vec![vec![format!("nim:{target}")]]
                } else {
                    vec![]
                }
            }
            Component::Subtraction(s, h, seq) => s
                .elements()
                .iter()
                .filter(|&&e| BigUint::from(e) <= *h)
                .map(|&e| h - e)
                .filter(|rest| BigUint::from(seq.value_at(rest)) == *target)
                .map(|rest| vec![format!("subtraction:{}:{rest}", join(s.elements()))])
                .collect(),
            Component::TakeBreak(code, h, values) => take_break_moves(code, h, values, target)?,
            Component::Wythoff(x, y, t) => wythoff_moves(*x, *y, t, target),
        })
    }
}

fn join(e: &[u64]) -> String {
    e.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

fn take_break(code: TakeBreakCode, heap: BigUint) -> Result<Component, MexError> {
    let direct = MAX_DIRECT_HEAP.min(crate::heap::octal::max_terms_for(&code) as u64 - 1);
    if let Some(n) = heap.to_u64().filter(|&n| n <= direct) {
        let mut seq = TakeBreakSequence::new(code.clone());
        seq.extend_to(n as usize + 1)?;
        return Ok(Component::TakeBreak(
            code,
            heap,
            Values::Direct(seq.values().to_vec()),
        ));
    }
    let (_, analysis) = prove_period(&code, 1 << 20)?;
    match analysis.sequence {
        Some(p) => Ok(Component::TakeBreak(code, heap, Values::Periodic(p))),
        None => Err(MexError::too_large(
            format!("heap {heap} of {code}, whose period is not proven within 2^20 values,"),
            format!("{direct} tokens"),
            "use a smaller heap",
        )),
    }
}

fn take_break_moves(
    code: &TakeBreakCode,
    heap: &BigUint,
    values: &Values,
    target: &BigUint,
) -> Result<Vec<Vec<String>>, MexError> {
    let n = heap
        .to_u64()
        .filter(|&n| n <= MAX_MOVE_HEAP)
        .ok_or_else(|| {
            MexError::too_large(
                format!("listing the moves of heap {heap}"),
                format!("heaps of {MAX_MOVE_HEAP}"),
                "use a smaller heap",
            )
        })?;
    if code.max_heaps() == 3 && n > 3000 {
        return Err(MexError::too_large(
            format!("listing three-heap moves of heap {n}"),
            "heaps of 3000",
            "use a smaller heap",
        ));
    }
    Ok(code
        .options(n as usize)
        .into_iter()
        .filter(|(_, heaps)| {
            BigUint::from(
                heaps
                    .iter()
                    .fold(0, |x, &h| x ^ values.at(&BigUint::from(h))),
            ) == *target
        })
        .map(|(_, heaps)| heaps.iter().map(|h| format!("octal:{code}:{h}")).collect())
        .collect())
}

fn wythoff_moves(x: u64, y: u64, t: &[Vec<u32>], target: &BigUint) -> Vec<Vec<String>> {
    let mut opts: Vec<(u64, u64)> = (0..x).map(|i| (i, y)).collect();
    opts.extend((0..y).map(|j| (x, j)));
    opts.extend((1..=x.min(y)).map(|d| (x - d, y - d)));
    opts.into_iter()
        .filter(|&(i, j)| BigUint::from(t[i as usize][j as usize]) == *target)
        .map(|(i, j)| vec![format!("wythoff:{i},{j}")])
        .collect()
}

/// Parses and analyses a sum given as whitespace-separated components.
pub fn analyse_text(text: &str) -> Result<SumAnalysis, MexError> {
    let components: Vec<Component> = text
        .split_whitespace()
        .map(Component::parse)
        .collect::<Result<_, _>>()?;
    if components.is_empty() {
        return Err(MexError::invalid("the sum has no components", ACCEPTED));
    }
    analyse(&components)
}

/// Grundy values, nim-sum, outcome and every winning move of a sum.
pub fn analyse(components: &[Component]) -> Result<SumAnalysis, MexError> {
    let grundy_values: Vec<BigUint> = components.iter().map(Component::grundy).collect();
    let nim_sum = grundy_values.iter().fold(BigUint::zero(), |acc, g| acc ^ g);
    let mut winning_moves = Vec::new();
    let mut unlisted_components = Vec::new();
    if !nim_sum.is_zero() {
        for (i, (c, g)) in components.iter().zip(&grundy_values).enumerate() {
            let target = g ^ &nim_sum;
            match c.moves_to(&target) {
                Ok(moves) => winning_moves.extend(moves.into_iter().map(|to| SumMove {
                    component: i,
                    from: c.text(),
                    to,
                })),
                Err(MexError::TooLarge { .. }) => unlisted_components.push(i),
                Err(e) => return Err(e),
            }
        }
    }
    Ok(SumAnalysis {
        outcome: Outcome::from_is_zero(nim_sum.is_zero()),
        grundy_values,
        nim_sum,
        winning_moves,
        unlisted_components,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::grundy::GrundySolver;
    use crate::impartial::ruleset::ImpartialRuleset;
    use proptest::prelude::*;

    /// A sum of small components as one big position, for brute force.
    #[derive(Clone)]
    struct Mixed;
    type Pos = Vec<(u8, u32, u32)>; // (kind, a, b): 0 nim a, 1 {1,3,4} heap a, 2 0.07 heap a, 3 wythoff (a,b)

    fn options_of(kind: u8, a: u32, b: u32) -> Vec<Vec<(u8, u32, u32)>> {
        match kind {
            0 => (0..a).map(|x| vec![(0, x, 0)]).collect(),
            1 => [1, 3, 4]
                .iter()
                .filter(|&&s| s <= a)
                .map(|&s| vec![(1, a - s, 0)])
                .collect(),
            2 => (0..a.saturating_sub(1))
                .map(|l| vec![(2, l, 0), (2, a - 2 - l, 0)])
                .collect(),
            _ => {
                let mut o: Vec<_> = (0..a).map(|i| vec![(3, i, b)]).collect();
                o.extend((0..b).map(|j| vec![(3, a, j)]));
                o.extend((1..=a.min(b)).map(|d| vec![(3, a - d, b - d)]));
                o
            }
        }
    }

    impl ImpartialRuleset for Mixed {
        type Position = Pos;
        fn options(&self, p: &Pos, out: &mut Vec<Pos>) {
            for i in 0..p.len() {
                for repl in options_of(p[i].0, p[i].1, p[i].2) {
                    let mut q = p.clone();
                    q.remove(i);
                    q.extend(repl);
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
    }

    fn text_of(&(k, a, b): &(u8, u32, u32)) -> String {
        match k {
            0 => format!("nim:{a}"),
            1 => format!("subtraction:1,3,4:{a}"),
            2 => format!("octal:0.07:{a}"),
            _ => format!("wythoff:{a},{b}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        /// The Sprague–Grundy theorem on random mixed sums, against brute
        /// force on the whole sum; winning moves lead exactly to P-positions.
        #[test]
        fn mixed_sums_against_brute_force(parts in proptest::collection::vec((0u8..4, 0u32..7, 0u32..5), 1..4)) {
            let mut pos: Pos = parts.clone();
            pos.sort_unstable();
            let mut solver = GrundySolver::new(Mixed);
            let brute = solver.grundy(&pos).unwrap();
            let text: Vec<String> = pos.iter().map(text_of).collect();
            let a = analyse_text(&text.join(" ")).unwrap();
            prop_assert_eq!(a.nim_sum.clone(), BigUint::from(brute));
            let listed = a.winning_moves.len();
            let mut winning = std::collections::BTreeSet::new();
            for i in 0..pos.len() {
                for mut repl in options_of(pos[i].0, pos[i].1, pos[i].2) {
                    repl.retain(|c| !(c.0 == 2 && c.1 == 0));
                    repl.sort_unstable();
                    let mut q = pos.clone();
                    q.remove(i);
                    q.extend(repl.iter().copied());
                    q.sort_unstable();
                    if solver.grundy(&q).unwrap() == 0 {
                        winning.insert((i, repl));
                    }
                }
            }
            let winning = winning.len();
            prop_assert_eq!(listed, winning);
        }
    }

    #[test]
    fn documented_example() {
        let a = analyse_text("nim:5 octal:0.07:20 subtraction:1,3,4:9 wythoff:3,5").unwrap();
        assert_eq!(a.grundy_values.len(), 4);
        let huge = analyse_text("nim:2^200 subtraction:1,3,4:10^30 domino:10^20").unwrap();
        assert_eq!(huge.outcome, Outcome::N);
        assert_eq!(huge.unlisted_components, vec![2]);
        assert!(huge.winning_moves.iter().all(|m| m.component != 2));
    }

    #[test]
    fn bad_components() {
        for bad in [
            "",
            "chess:1",
            "nim:-1",
            "octal:0.07",
            "subtraction:0:5",
            "wythoff:3",
            "octal:9.9:3",
        ] {
            assert!(analyse_text(bad).is_err(), "{bad}");
        }
        assert!(analyse_text("wythoff:600,1").is_err());
    }
}
