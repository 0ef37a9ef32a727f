//! Misère play of the catalog's impartial short games: the misère outcome,
//! the misère Grundy value and the genus of a position, of its moves and
//! of sums of positions of any such games (Winning Ways ch. 13; Conway
//! 1976, ch. 12). Sums are searched as multisets of parts
//! ([`crate::impartial::misere::MisereSolver`]) after the bound on the
//! reachable sums is checked; positions whose games know a tame genus
//! (Nim, Bouton 1901) are answered by the tame rule at any size.

use super::sum::{SumMove, Summand};
use super::{catalog, CatalogGame, Family};
use crate::impartial::misere::{Genus, MisereRuleset, MisereSolver, TameGenus};
use crate::impartial::Outcome;
use crate::MexError;
use num_bigint::BigUint;

/// A position under misère play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereEvaluation {
    /// The position as the game prints it (a sum: its components).
    pub position: String,
    /// The genus `g^{γ0γ1…}`.
    pub genus: String,
    /// `g`, the normal-play Grundy value.
    pub normal_value: BigUint,
    /// `γ0`, the misère Grundy value.
    pub misere_value: BigUint,
    /// P iff `γ0 = 0`: the previous player wins under misère play.
    pub outcome: Outcome,
}

/// A move under misère play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereMove {
    /// The move in words.
    pub label: String,
    /// The position it leads to, evaluated.
    pub result: MisereEvaluation,
    /// Whether it leads to a misère P-position.
    pub winning: bool,
}

/// A sum under misère play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereSum {
    /// Each component `GAME:POSITION`, evaluated alone.
    pub components: Vec<MisereEvaluation>,
    /// The whole sum.
    pub value: MisereEvaluation,
    /// Every move to a misère P-position, in the components whose moves
    /// can be listed.
    pub winning_moves: Vec<SumMove>,
    /// Components with too many moves to list.
    pub unlisted_components: Vec<usize>,
}

/// A part: the catalog index of its game and its printed position.
type Part = (usize, String);

/// The catalog's impartial games as parts for the misère solver.
struct CatalogParts;

impl MisereRuleset for CatalogParts {
    type Part = Part;
    fn options(&self, (game, text): &Part) -> Result<Vec<Vec<Part>>, MexError> {
        Ok(catalog()[*game]
            .misere_option_parts(text)?
            .into_iter()
            .map(|o| o.into_iter().map(|t| (*game, t)).collect())
            .collect())
    }
    fn reach_bound(&self, (game, text): &Part, cap: usize) -> Result<Option<BigUint>, MexError> {
        catalog()[*game].misere_reach_bound(text, cap)
    }
    fn move_bound(&self, (game, text): &Part) -> Result<Option<BigUint>, MexError> {
        catalog()[*game].misere_move_bound(text)
    }
}

/// Most sums a misère search of catalog positions visits (parts are
/// handled as text, so fewer than the engine's own limit).
pub const MAX_CATALOG_MISERE_STATES: usize = 1 << 18;

/// Most moves between sums a misère search of catalog positions examines:
/// a few seconds of work (a move between parts handled as text costs
/// about 2 µs), not the engine's [`crate::impartial::misere::MAX_MISERE_OPTIONS`].
pub const MAX_CATALOG_MISERE_MOVES: u64 = 1 << 22;

fn index_of(game: &dyn CatalogGame) -> Result<usize, MexError> {
    let name = game.info().name;
    catalog()
        .iter()
        .position(|g| g.info().name == name)
        .ok_or_else(|| MexError::invalid(format!("{name} is not in the catalog"), "catalog games"))
}

fn check_impartial(game: &dyn CatalogGame, position: &str) -> Result<(), MexError> {
    if game.info().family == Family::Impartial {
        return Ok(());
    }
    // The game's own refusal names its family in one line.
    game.misere_parts(position).map(|_| ())
}

/// A position or sum: its parts, and its tame genus when every component
/// knows one.
#[derive(Clone)]
struct Position {
    text: String,
    parts: Vec<Part>,
    tame: Option<Vec<TameGenus>>,
}

impl Position {
    fn of(game: &dyn CatalogGame, position: &str) -> Result<Self, MexError> {
        check_impartial(game, position)?;
        let index = index_of(game)?;
        let parts = game.misere_parts(position)?;
        Ok(Position {
            text: game.normalize(position)?,
            parts: parts.into_iter().map(|p| (index, p)).collect(),
            tame: game.misere_known(position)?.map(|g| vec![g]),
        })
    }

    fn join(text: String, positions: Vec<Position>) -> Self {
        let tame = positions
            .iter()
            .map(|p| p.tame.clone())
            .collect::<Option<Vec<Vec<TameGenus>>>>()
            .map(|t| t.into_iter().flatten().collect());
        Position {
            text,
            parts: positions.into_iter().flat_map(|p| p.parts).collect(),
            tame,
        }
    }
}

/// The evaluations of one request, sharing one memo.
struct Analyser {
    solver: MisereSolver<CatalogParts>,
}

impl Analyser {
    fn new() -> Self {
        Analyser {
            solver: MisereSolver::with_limits(
                CatalogParts,
                MAX_CATALOG_MISERE_STATES,
                MAX_CATALOG_MISERE_MOVES,
            ),
        }
    }

    /// `checked`: whether the bound on reachable sums must be checked (a
    /// new position) or is covered by an earlier check (its followers).
    fn evaluate(&mut self, p: &Position, checked: bool) -> Result<MisereEvaluation, MexError> {
        if let Some(tame) = &p.tame {
            return Ok(tame_evaluation(&p.text, &TameGenus::sum(tame)));
        }
        let genus = if checked {
            self.solver.genus_unchecked(&p.parts)?
        } else {
            self.solver.genus(&p.parts)?
        };
        Ok(genus_evaluation(&p.text, &genus))
    }
}

fn tame_evaluation(position: &str, g: &TameGenus) -> MisereEvaluation {
    MisereEvaluation {
        position: position.to_string(),
        genus: g.to_string(),
        normal_value: g.normal.clone(),
        misere_value: g.misere_value(),
        outcome: g.outcome(),
    }
}

fn genus_evaluation(position: &str, g: &Genus) -> MisereEvaluation {
    MisereEvaluation {
        position: position.to_string(),
        genus: g.to_string(),
        normal_value: BigUint::from(g.normal),
        misere_value: BigUint::from(g.misere_value()),
        outcome: g.outcome(),
    }
}

/// The misère evaluation of a position of an impartial catalog game.
pub fn evaluate(game: &dyn CatalogGame, position: &str) -> Result<MisereEvaluation, MexError> {
    Analyser::new().evaluate(&Position::of(game, position)?, false)
}

/// A position's misère evaluation and every move with the evaluation of
/// the position it leads to; winning moves lead to misère P-positions.
pub fn moves(
    game: &dyn CatalogGame,
    position: &str,
) -> Result<(MisereEvaluation, Vec<MisereMove>), MexError> {
    let start = Position::of(game, position)?;
    let mut analyser = Analyser::new();
    let e = analyser.evaluate(&start, false)?;
    let mut out = Vec::new();
    for (label, to, _) in game.misere_moves(position)? {
        let result = analyser.evaluate(&Position::of(game, &to)?, true)?;
        out.push(MisereMove {
            label,
            winning: result.outcome == Outcome::P,
            result,
        });
    }
    Ok((e, out))
}

/// A sum of positions of impartial catalog games under misère play: the
/// sum is searched as a whole (misère play has no nim-sum).
pub fn sum(summands: &[Summand]) -> Result<MisereSum, MexError> {
    if summands.is_empty() {
        return Err(MexError::invalid(
            "the sum has no components",
            "components GAME:POSITION of impartial games",
        ));
    }
    let mut analyser = Analyser::new();
    let components = summands
        .iter()
        .map(|s| {
            let p = Position::of(s.game, s.position)?;
            let text = format!("{}:{}", s.game.info().name, p.text);
            Ok(Position { text, ..p })
        })
        .collect::<Result<Vec<_>, MexError>>()?;
    let texts: Vec<&str> = components.iter().map(|c| c.text.as_str()).collect();
    let whole = Position::join(texts.join(" + "), components.clone());
    let value = analyser.evaluate(&whole, false)?;
    let evaluations = components
        .iter()
        .map(|c| analyser.evaluate(c, true))
        .collect::<Result<Vec<_>, _>>()?;
    let (winning_moves, unlisted_components) =
        sum_winning_moves(&mut analyser, summands, &components)?;
    Ok(MisereSum {
        components: evaluations,
        value,
        winning_moves,
        unlisted_components,
    })
}

fn sum_winning_moves(
    analyser: &mut Analyser,
    summands: &[Summand],
    components: &[Position],
) -> Result<(Vec<SumMove>, Vec<usize>), MexError> {
    let mut winning = Vec::new();
    let mut unlisted = Vec::new();
    for (i, s) in summands.iter().enumerate() {
        let moves = match s.game.misere_moves(s.position) {
            Ok(moves) => moves,
            Err(MexError::TooLarge { .. }) => {
                unlisted.push(i);
                continue;
            }
            Err(e) => return Err(e),
        };
        for (label, to, _) in moves {
            let moved = Position::of(s.game, &to)?;
            let mut after = components.to_vec();
            after[i] = moved.clone();
            let e = analyser.evaluate(&Position::join(String::new(), after), true)?;
            if e.outcome == Outcome::P {
                let name = s.game.info().name;
                winning.push(SumMove {
                    player: None,
                    component: i,
                    label,
                    from: components[i].text.clone(),
                    to: moved
                        .parts
                        .iter()
                        .map(|(_, p)| format!("{name}:{p}"))
                        .collect(),
                });
            }
        }
    }
    Ok((winning, unlisted))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::find;
    use crate::impartial::misere::nim_analyse;

    fn summands(text: &str) -> Vec<Summand<'_>> {
        text.split_whitespace()
            .map(|s| Summand::parse(s).unwrap())
            .collect()
    }

    #[test]
    fn nim_positions_by_bouton_at_any_size() {
        let nim = find("nim").unwrap();
        let e = evaluate(nim, "2^200,1").unwrap();
        assert_eq!(e.outcome, Outcome::N);
        let e = evaluate(nim, "1,1,1").unwrap();
        assert_eq!((e.outcome, e.genus.as_str()), (Outcome::P, "1^{031}"));
        assert_eq!(evaluate(nim, "2,2").unwrap().genus, "0^{02}");
    }

    /// The catalog's search (octal parts through text) against the heap
    /// engine, and Nim's tame rule against the search through Kayles-free
    /// games (subtraction {1,2,...} is Nim below its largest element).
    #[test]
    fn catalog_positions_agree_with_the_engine() {
        let genera = crate::heap::misere::heap_genera(&"0.77".parse().unwrap(), 12).unwrap();
        let octal = find("octal").unwrap();
        for (n, g) in genera.iter().enumerate() {
            let e = evaluate(octal, &format!("0.77:{n}")).unwrap();
            assert_eq!(e.genus, g.to_string(), "heap {n}");
        }
        let kayles = find("kayles").unwrap();
        let e = evaluate(kayles, kayles.info().example).unwrap();
        assert!(e.genus.contains('^'));
    }

    /// A misère sum of mixed games against the same sum where every Nim
    /// heap is written as a subtraction game with all removals (the same
    /// game, searched instead of answered by Bouton's rule).
    #[test]
    fn mixed_sums_and_winning_moves() {
        for (text, twin) in [
            ("nim:3 octal:0.07:6", "subtraction:1,2,3:3 octal:0.07:6"),
            (
                "nim:1 nim:1 octal:0.77:5",
                "subtraction:1:1 subtraction:1:1 octal:0.77:5",
            ),
            ("nim:2 nim:2", "subtraction:1,2:2 subtraction:1,2:2"),
            (
                "nim:4 nim:1 kayles:IIII",
                "subtraction:1,2,3,4:4 subtraction:1:1 octal:0.77:4",
            ),
        ] {
            let a = sum(&summands(text)).unwrap();
            let b = sum(&summands(twin)).unwrap();
            assert_eq!(a.value.outcome, b.value.outcome, "{text}");
            assert_eq!(a.value.misere_value, b.value.misere_value, "{text}");
            let labels = |s: &MisereSum| -> Vec<(usize, String)> {
                s.winning_moves
                    .iter()
                    .map(|m| (m.component, m.label.clone()))
                    .collect()
            };
            assert_eq!(labels(&a).len(), labels(&b).len(), "{text}");
            assert_eq!(
                a.value.outcome == Outcome::N,
                !a.winning_moves.is_empty(),
                "{text}"
            );
        }
    }

    #[test]
    fn nim_moves_match_bouton() {
        let nim = find("nim").unwrap();
        for position in ["3,4,5", "1,1", "1,1,1", "2,1,1", "5", "0"] {
            let (e, moves) = moves(nim, position).unwrap();
            let heaps: Vec<BigUint> = position.split(',').map(|h| h.parse().unwrap()).collect();
            let a = nim_analyse(&heaps);
            assert_eq!(e.outcome, a.outcome, "{position}");
            let winning = moves.iter().filter(|m| m.winning).count();
            assert_eq!(winning, a.winning_moves.len(), "{position}");
        }
    }

    #[test]
    fn refusals() {
        let e = evaluate(find("domineering").unwrap(), "2x2")
            .unwrap_err()
            .to_string();
        assert!(e.contains("partizan") && !e.contains('\n'), "{e}");
        assert!(evaluate(
            find("graph").unwrap(),
            find("graph").unwrap().info().example
        )
        .is_err());
        let e = evaluate(find("octal").unwrap(), "0.77:300").unwrap_err();
        assert!(matches!(e, MexError::TooLarge { .. }), "{e}");
        assert!(sum(&summands("nim:2^100 octal:0.07:5")).is_err());
        assert!(sum(&summands("nim:3 domineering:2x2")).is_err());
    }
}
