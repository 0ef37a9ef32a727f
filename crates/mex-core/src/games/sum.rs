//! Sums of positions of any games of the catalog, written `GAME:POSITION`
//! (`nim:5 octal:0.07:20 subtraction:1,3,4:9 wythoff:3,5 domineering:2x3`).
//!
//! * Impartial components alone: by the Sprague–Grundy theorem the value of
//!   the sum is the XOR (nim-sum) of the components' Grundy values, and the
//!   winning moves from a sum of value `X ≠ 0` are exactly the moves in a
//!   component of value `g` to a position of value `g XOR X`.
//! * With a partizan component: the sum of canonical forms (impartial
//!   components enter as nimbers `*g`). Left, moving first, wins by moving
//!   to a sum `≥ 0`; Right by moving to a sum `≤ 0` (Conway 1976).
//!
//! The same component written several times is evaluated once.

use super::adapters::nimber_text;
use super::{find, CatalogGame, Context, Family, GameInfo, Value};
use crate::error::quote;
use crate::partizan::notation;
use crate::partizan::simple::Record;
use crate::partizan::store::GameId;
use crate::MexError;
use num_bigint::BigUint;
use num_traits::Zero;
use std::collections::HashMap;

/// One component: a game of the catalog and a position of it.
#[derive(Clone, Copy)]
pub struct Summand<'a> {
    /// The game.
    pub game: &'static dyn CatalogGame,
    /// The position, as typed.
    pub position: &'a str,
}

const ACCEPTED: &str = "components GAME:POSITION such as nim:5 octal:0.07:20 \
                        subtraction:1,3,4:9 wythoff:3,5 domineering:2x3 (mex games lists the games)";

impl<'a> Summand<'a> {
    /// Parses `GAME:POSITION`.
    pub fn parse(text: &'a str) -> Result<Self, MexError> {
        let (name, position) = text.split_once(':').ok_or_else(|| {
            MexError::invalid(format!("{} is not a component", quote(text)), ACCEPTED)
        })?;
        Ok(Summand {
            game: find(name)?,
            position,
        })
    }
}

/// A component with its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentValue {
    /// `GAME:POSITION`, the position as the game prints it.
    pub component: String,
    /// Its value.
    pub value: Value,
    /// The value in its family's notation.
    pub value_text: String,
}

/// A winning move in one component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumMove {
    /// `Left` or `Right` in a partizan sum; none in an impartial one.
    pub player: Option<&'static str>,
    /// 0-based index of the component.
    pub component: usize,
    /// The move, in words.
    pub label: String,
    /// The component before the move.
    pub from: String,
    /// What it becomes: zero or more components, `GAME:POSITION`.
    pub to: Vec<String>,
}

/// The analysis of a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumAnalysis {
    /// Whether every component is impartial (the value is then a nimber).
    pub impartial: bool,
    /// Each component's value.
    pub components: Vec<ComponentValue>,
    /// The sum's value: the nim-sum, or the canonical form of the sum.
    pub value: Value,
    /// The value in notation.
    pub value_text: String,
    /// `P`/`N`, or `L`/`R`/`N`/`P` for a partizan sum.
    pub outcome: String,
    /// Every winning move, in the components whose moves can be listed.
    pub winning_moves: Vec<SumMove>,
    /// Components with too many moves to list (their winning moves, if
    /// any, are missing from `winning_moves`).
    pub unlisted_components: Vec<usize>,
}

/// Parses and analyses a sum written as whitespace-separated components.
pub fn analyse_text(text: &str, ctx: &mut Context) -> Result<SumAnalysis, MexError> {
    let summands: Vec<Summand> = text
        .split_whitespace()
        .map(Summand::parse)
        .collect::<Result<_, _>>()?;
    analyse(&summands, ctx)
}

/// Values, outcome and every winning move of a sum.
pub fn analyse(summands: &[Summand], ctx: &mut Context) -> Result<SumAnalysis, MexError> {
    if summands.is_empty() {
        return Err(MexError::invalid("the sum has no components", ACCEPTED));
    }
    for s in summands {
        let info = s.game.info();
        if !matches!(info.family, Family::Impartial | Family::Partizan) {
            return Err(not_addable(info));
        }
    }
    let texts = summands
        .iter()
        .map(|s| {
            Ok(format!(
                "{}:{}",
                s.game.info().name,
                s.game.normalize(s.position)?
            ))
        })
        .collect::<Result<Vec<String>, MexError>>()?;
    if summands
        .iter()
        .all(|s| s.game.info().family == Family::Impartial)
    {
        impartial_sum(summands, texts)
    } else {
        partizan_sum(summands, texts, ctx)
    }
}

/// Each component's `GAME:POSITION` pieces after a move to `position`.
fn pieces(game: &dyn CatalogGame, position: &str) -> Result<Vec<String>, MexError> {
    Ok(game
        .components(position)?
        .into_iter()
        .map(|c| format!("{}:{c}", game.info().name))
        .collect())
}

/// Moves as (label, resulting position).
type LabelledPositions = Vec<(String, String)>;

fn impartial_sum(summands: &[Summand], texts: Vec<String>) -> Result<SumAnalysis, MexError> {
    let mut grundy: HashMap<&str, BigUint> = HashMap::new();
    let mut values = Vec::with_capacity(summands.len());
    for (s, text) in summands.iter().zip(&texts) {
        let g = match grundy.get(text.as_str()) {
            Some(g) => g.clone(),
            None => s.game.grundy(s.position)?,
        };
        grundy.insert(text, g.clone());
        values.push(g);
    }
    let nim_sum = values.iter().fold(BigUint::zero(), |x, g| x ^ g);
    let mut winning_moves = Vec::new();
    let mut unlisted_components = Vec::new();
    let mut listed: HashMap<&str, Result<LabelledPositions, MexError>> = HashMap::new();
    if !nim_sum.is_zero() {
        for (i, (s, g)) in summands.iter().zip(&values).enumerate() {
            let moves = listed
                .entry(&texts[i])
                .or_insert_with(|| s.game.moves_to_grundy(s.position, &(g ^ &nim_sum)));
            match moves {
                Ok(moves) => {
                    for (label, to) in moves.iter() {
                        winning_moves.push(SumMove {
                            player: None,
                            component: i,
                            label: label.clone(),
                            from: texts[i].clone(),
                            to: pieces(s.game, to)?,
                        });
                    }
                }
                Err(MexError::TooLarge { .. }) => unlisted_components.push(i),
                Err(e) => return Err(e.clone()),
            }
        }
    }
    let components = texts
        .into_iter()
        .zip(values)
        .map(|(component, g)| ComponentValue {
            component,
            value_text: nimber_text(&g),
            value: Value::Grundy(g),
        })
        .collect();
    Ok(SumAnalysis {
        impartial: true,
        components,
        outcome: if nim_sum.is_zero() { "P" } else { "N" }.into(),
        value_text: nimber_text(&nim_sum),
        value: Value::Grundy(nim_sum),
        winning_moves,
        unlisted_components,
    })
}

fn partizan_sum(
    summands: &[Summand],
    texts: Vec<String>,
    ctx: &mut Context,
) -> Result<SumAnalysis, MexError> {
    let mut cache: HashMap<&str, GameId> = HashMap::new();
    let mut values = Vec::with_capacity(summands.len());
    for (s, text) in summands.iter().zip(&texts) {
        let g = match cache.get(text.as_str()) {
            Some(&g) => g,
            // Impartial components enter as nimbers of any size.
            None if s.game.info().family == Family::Impartial => {
                let g = s.game.grundy(s.position)?;
                ctx.store.try_record(big_nimber(&g))?
            }
            None => s.game.canonical(s.position, ctx)?,
        };
        cache.insert(text, g);
        values.push(g);
    }
    let mut total = ctx.store.zero();
    for &g in &values {
        total = ctx.store.try_add(total, g)?;
    }
    let mut winning_moves = Vec::new();
    let mut unlisted_components = Vec::new();
    for (i, s) in summands.iter().enumerate() {
        let rest = ctx.store.try_sub(total, values[i])?;
        let moves = match s.game.moves(s.position, ctx) {
            Ok(moves) => moves,
            Err(MexError::TooLarge { .. }) => {
                unlisted_components.push(i);
                continue;
            }
            Err(e) => return Err(e),
        };
        for m in moves {
            let option = match &m.result.value {
                Value::Canonical(g) => *g,
                Value::Grundy(g) => ctx.store.try_record(big_nimber(g))?,
                _ => continue,
            };
            let after = ctx.store.try_add(option, rest)?;
            let zero = ctx.store.zero();
            let players = match m.player {
                Some(p) => vec![p.name()],
                None => vec!["Left", "Right"],
            };
            for player in players {
                let wins = if player == "Left" {
                    ctx.store.try_leq(zero, after)?
                } else {
                    ctx.store.try_leq(after, zero)?
                };
                if wins {
                    winning_moves.push(SumMove {
                        player: Some(player),
                        component: i,
                        label: m.label.clone(),
                        from: texts[i].clone(),
                        to: pieces(s.game, &m.result.position)?,
                    });
                }
            }
        }
    }
    let components = texts
        .into_iter()
        .zip(&values)
        .map(|(component, &g)| {
            Ok(ComponentValue {
                component,
                value_text: notation::try_show(&ctx.store, g, notation::MAX_PRINTED)?,
                value: Value::Canonical(g),
            })
        })
        .collect::<Result<_, MexError>>()?;
    Ok(SumAnalysis {
        impartial: false,
        components,
        outcome: ctx.store.try_outcome(total)?.to_string(),
        value_text: notation::try_show(&ctx.store, total, notation::MAX_PRINTED)?,
        value: Value::Canonical(total),
        winning_moves,
        unlisted_components,
    })
}

/// The refusal of a component whose family has no sums (game graphs,
/// synchronized and arena games).
/// The nimber `*g` of any size, as a record of the store (Siegel 2013,
/// II.3: nimbers add by XOR).
fn big_nimber(g: &BigUint) -> Record {
    Record::number(0.into(), 0).with(0.into(), g.clone())
}

pub(crate) fn not_addable(info: &GameInfo) -> MexError {
    MexError::invalid(
        format!(
            "{} is a {} game, which mex does not add",
            info.name,
            info.family.name()
        ),
        "impartial and partizan components",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::grundy::GrundySolver;
    use crate::impartial::ruleset::ImpartialRuleset;
    use crate::ruleset::Ruleset;
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

    impl Ruleset for Mixed {
        type Position = Pos;
    }

    impl ImpartialRuleset for Mixed {
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
            let a = analyse_text(&text.join(" "), &mut Context::new()).unwrap();
            prop_assert_eq!(a.value.clone(), Value::Grundy(BigUint::from(brute)));
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
        let a = analyse_text(
            "nim:5 octal:0.07:20 subtraction:1,3,4:9 wythoff:3,5",
            &mut Context::new(),
        )
        .unwrap();
        assert_eq!(a.components.len(), 4);
        let huge = analyse_text(
            "nim:2^200 subtraction:1,3,4:10^30 domino:10^20",
            &mut Context::new(),
        )
        .unwrap();
        assert_eq!(huge.outcome, "N");
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
            assert!(analyse_text(bad, &mut Context::new()).is_err(), "{bad}");
        }
        assert!(analyse_text("wythoff:600,1", &mut Context::new()).is_err());
    }
}
