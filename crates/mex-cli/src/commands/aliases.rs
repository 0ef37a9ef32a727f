//! The old per-position command lines, kept because people type them: each
//! prints the report of `mex value` for its game (one JSON shape for a
//! value, whichever command produced it), plus what the old command gave
//! besides (the winning moves of an impartial position):
//!
//! | old command line | prints |
//! |---|---|
//! | `mex nim 3 4 5 [--misere]` | `mex value nim 3,4,5 [--misere]` and `winning_moves` |
//! | `mex wythoff 3 5 [--pair K]` | `mex value wythoff 3,5` and `winning_moves` (and the pair) |
//! | `mex domino 40` | `mex value domino 40` and `winning_moves` (in `domino.rs`) |
//! | `mex cherries POS`, `mex stack-cherries POS` | `mex value cherries POS`, … |
//! | `mex domineering GRID [options]` | `mex value domineering GRID [options]` |

use super::catalog::{value_report, PositionOptions};
use crate::number::natural;
use crate::output::PositionReport;
use crate::output::{fields, table, Output};
use clap::Args;
use mex_core::bigint::parse_natural;
use mex_core::games::{self, CatalogGame};
use mex_core::heap::wythoff;
use mex_core::MexError;
use mex_present::position::{self, LabelledMoveReport, WythoffPairReport};
use num_bigint::BigUint;
use num_traits::Zero;

/// A move given by its label and the position it leads to.
type LabelledMove = (String, String);

/// Every move of an impartial position to a P-position: by the game's
/// closed form where it has one (Nim and Wythoff's game at any size), else
/// among its listed moves.
pub fn winning_moves(
    game: &dyn CatalogGame,
    position: &str,
) -> Result<Vec<LabelledMove>, MexError> {
    game.moves_to_grundy(position, &BigUint::zero())
}

/// Every move to a misère P-position, among the listed moves.
fn misere_winning_moves(
    game: &dyn CatalogGame,
    position: &str,
) -> Result<Vec<LabelledMove>, MexError> {
    let (_, moves) = games::misere::moves(game, position)?;
    Ok(moves
        .into_iter()
        .filter(|m| m.winning)
        .map(|m| (m.label, m.result.position))
        .collect())
}

/// Adds `winning_moves` ([{`label`, `position`}]) to a report, and their
/// table to its text.
pub fn add_winning_moves(report: &mut PositionReport, moves: &[LabelledMove]) {
    let list = moves
        .iter()
        .map(|(label, position)| LabelledMoveReport {
            label: label.clone(),
            position: position.clone(),
        })
        .collect();
    report.json.winning_moves = Some(list);
    if moves.is_empty() {
        report.text += "no winning move (P-position: every move loses against best play)\n";
        return;
    }
    let rows: Vec<Vec<String>> = moves
        .iter()
        .map(|(l, p)| vec![l.clone(), p.clone()])
        .collect();
    report.text += &table(&["winning move", "position"], &rows);
}

/// Nim: the value, the outcome and every winning move (piles of any size).
#[derive(Args)]
#[command(
    long_about = "Nim: the Grundy value (the nim-sum), the outcome and every winning move, for
piles of any size. The same report as `mex value nim 3,4,5`, with the winning
moves.

Rules: there are piles of tokens; a move takes any positive number of tokens from
one pile. Whoever cannot move (all piles empty) loses. The player to move wins
exactly when the nim-sum (bitwise XOR of the piles) is not 0."
)]
#[command(
    after_help = "With --misere the player who takes the last counter LOSES. Bouton (1901):
a position is then a P-position iff every pile is at most 1 and the nim-sum is
1, or some pile is at least 2 and the nim-sum is 0; the genus is tame (0^{120}
or 1^{031} when every pile is at most 1, else g^{g,g^2}).

Examples:
  mex nim 25 21 11
  mex nim 2^200 5 --json
  mex nim 1 1 4 --misere"
)]
pub struct NimArgs {
    /// Pile sizes: non-negative integers of any size (2^200 allowed).
    #[arg(required = true, allow_negative_numbers = true)]
    piles: Vec<String>,
    /// Misère play: whoever takes the last counter loses (Bouton 1901).
    #[arg(long)]
    misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run_nim(a: &NimArgs) -> Result<Output, MexError> {
    let position = a.piles.join(",");
    let none = PositionOptions::default();
    let mut report = value_report("nim", &position, a.misere, &none, a.json)?;
    let nim = games::find("nim")?;
    let moves = if a.misere {
        match misere_winning_moves(nim, &position) {
            Err(MexError::TooLarge { .. }) => bouton_misere_moves(nim, &a.piles)?,
            listed => listed?,
        }
    } else {
        winning_moves(nim, &position)?
    };
    add_winning_moves(&mut report, &moves);
    Ok(report.output())
}

/// Misère Nim's winning moves by Bouton's rule, for piles too large to
/// list every move, labelled as the catalog labels Nim's moves (the tests
/// check the two agree where both apply).
fn bouton_misere_moves(
    nim: &dyn CatalogGame,
    piles: &[String],
) -> Result<Vec<LabelledMove>, MexError> {
    let piles: Vec<BigUint> = piles
        .iter()
        .map(|p| parse_natural(p))
        .collect::<Result<_, _>>()?;
    mex_core::impartial::misere::nim_analyse(&piles)
        .winning_moves
        .iter()
        .map(|m| {
            let mut after: Vec<String> = piles.iter().map(ToString::to_string).collect();
            after[m.pile] = m.to.to_string();
            let label = format!("take {} from heap {}", &m.from - &m.to, m.pile + 1);
            Ok((label, nim.normalize(&after.join(","))?))
        })
        .collect()
}

/// Wythoff's game: P/N and every winning move for piles of any size, the
/// k-th P-position for any k, Grundy values.
#[derive(Args)]
#[command(
    long_about = "Wythoff's game in exact integer arithmetic: P/N and every winning move for
piles of any size, the k-th P-position for any k. The same report as
`mex value wythoff X,Y` (the Grundy value up to piles of 512, beyond only at
P-positions), with the winning moves.

Rules: two piles of tokens; a move takes any positive number of tokens from one
pile, or the same positive number from both. Whoever cannot move (both piles
empty) loses."
)]
#[command(after_help = "Examples:
  mex wythoff 153 289
  mex wythoff --pair 10 --json          # \"pair\": [\"16\", \"26\"]
  mex wythoff --pair 10^40
  mex wythoff 3 5 --grundy")]
pub struct WythoffArgs {
    /// The two piles.
    #[arg(num_args = 2, value_names = ["X", "Y"])]
    piles: Vec<String>,
    /// Print the k-th P-position (a_k, b_k), k ≥ 0.
    #[arg(long, value_name = "K", value_parser = natural)]
    pair: Option<BigUint>,
    /// Require the Grundy value of (X, Y) (piles up to 512, or a
    /// P-position); without it, larger N-positions get their outcome and
    /// winning moves only.
    #[arg(long)]
    grundy: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run_wythoff(a: &WythoffArgs) -> Result<Output, MexError> {
    let mut report = match a.piles.as_slice() {
        [x, y] => wythoff_position(x, y, a.grundy, a.json)?,
        _ if a.pair.is_some() => PositionReport {
            json: position::PositionReport::default(),
            text: String::new(),
        },
        _ => {
            return Err(MexError::invalid(
                "nothing to do",
                "two piles X Y, or --pair K",
            ))
        }
    };
    if let Some(k) = &a.pair {
        let (x, y) = wythoff::pair(k);
        report.json.pair = Some(WythoffPairReport {
            k: k.clone(),
            pair: [x.to_string(), y.to_string()],
        });
        report.text =
            fields(&[(&format!("P-position #{k}"), format!("({x}, {y})"))]) + &report.text;
    }
    Ok(report.output())
}

/// The report on the piles `(x, y)`: `mex value wythoff x,y` with its
/// winning moves (an N-position beyond the Grundy table has its outcome and
/// winning moves only, as the catalog gives it), the Grundy value required
/// with `grundy`.
fn wythoff_position(
    x: &str,
    y: &str,
    grundy: bool,
    quiet: bool,
) -> Result<PositionReport, MexError> {
    let position = format!("{x},{y}");
    let game = games::find("wythoff")?;
    if grundy {
        game.grundy(&position)?;
    }
    let none = PositionOptions::default();
    let mut report = value_report("wythoff", &position, false, &none, quiet)?;
    if report.json.winning_moves.is_none() {
        add_winning_moves(&mut report, &winning_moves(game, &position)?);
    }
    Ok(report)
}

/// `mex cherries POS` and `mex stack-cherries POS`: rows of B and W.
#[derive(Args)]
#[command(
    after_help = "A position is rows of B (Left's, black) and W (Right's, white), front first,
separated by spaces, at most 100 000 cherries. Values come from closed forms
(Theorem 6.2.1 of van den Bergh 2023 for stacks; the closed form in the README
for rows), checked against the canonical-form engine by the tests.

Examples:
  mex cherries \"BWB WWB\"
  mex stack-cherries \"BBWB WWB\" --json"
)]
pub struct CherriesArgs {
    /// The position, e.g. "BWB WWB".
    position: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `mex cherries --help`: what it computes and the rules.
pub const CHERRIES_ABOUT: &str =
    "Cherries: the value of a position (an integer) and its outcome; the same
report as `mex value cherries POS`.

Rules: rows of black (B, Left's) and white (W, Right's) cherries. A move takes one
cherry of one's own colour from either end of a row. Whoever cannot move loses.";

/// `mex stack-cherries --help`: what it computes and the rules.
pub const STACK_CHERRIES_ABOUT: &str =
    "Stack Cherries: the value of a position (an integer) and its outcome; the same
report as `mex value stack-cherries POS`.

Rules: rows (stacks) of black (B, Left's) and white (W, Right's) cherries. A move
takes one cherry of one's own colour from the front of a row, never from the back.
Whoever cannot move loses.";

/// `mex cherries` (`game` "cherries") or `mex stack-cherries`.
pub fn run_cherries(a: &CherriesArgs, game: &str) -> Result<Output, MexError> {
    let none = PositionOptions::default();
    Ok(value_report(game, &a.position, false, &none, a.json)?.output())
}

/// Domineering (Left vertical, Right horizontal): canonical value and
/// outcome, with decomposition into regions and symmetry.
#[derive(Args)]
#[command(
    long_about = "Domineering (Left vertical, Right horizontal): canonical value and outcome,
stops, mean, temperature and thermograph, with decomposition into regions and
symmetry. The same report as `mex value domineering GRID`.

Rules: a grid of free squares; Left places a domino on two vertically adjacent
free squares, Right on two horizontally adjacent ones. Whoever cannot move
loses.",
    after_help = "A grid is HxW (a full rectangle) or rows of . (free) and # (taken) separated
by /, | or newlines, of at most 64 cells. Any board is searched until its value
is found or a budget is spent (--memory, --comparisons, mex --time-limit; the
defaults suffice for every rectangle up to 5x6, 4x7 and 3x10); # cells that
split a board into regions make larger boards cheaper.

Examples:
  mex domineering 4x4 --json
  mex domineering \"..#./..../....\"
  mex domineering 5x6 --memory 4 --checkpoint 5x6.ckpt --thermograph 5x6.svg"
)]
pub struct DomineeringArgs {
    /// The grid.
    grid: String,
    #[command(flatten)]
    options: PositionOptions,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run_domineering(a: &DomineeringArgs) -> Result<Output, MexError> {
    Ok(value_report("domineering", &a.grid, false, &a.options, a.json)?.output())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog_misere_moves(position: &str) -> Vec<LabelledMove> {
        misere_winning_moves(games::find("nim").unwrap(), position).unwrap()
    }

    /// Bouton's rule, labelled here, against the catalog's misère search.
    #[test]
    fn bouton_moves_agree_with_the_catalog() {
        let nim = games::find("nim").unwrap();
        for position in [
            "1,1,4", "1,1,1", "2,2", "3,4,5", "1", "0,1,1", "2,1,1", "7,7,1",
        ] {
            let piles: Vec<String> = position.split(',').map(String::from).collect();
            let mut ours = bouton_misere_moves(nim, &piles).unwrap();
            let mut theirs = catalog_misere_moves(position);
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{position}");
        }
        let huge = bouton_misere_moves(nim, &["2^200".into(), "1".into()]).unwrap();
        assert_eq!(huge.len(), 1);
        assert!(huge[0].0.ends_with("from heap 1") && huge[0].1.ends_with(",1"));
    }

    #[test]
    fn winning_moves_lead_to_p_positions() {
        let nim = games::find("nim").unwrap();
        let moves = winning_moves(nim, "3,4,5").unwrap();
        assert_eq!(
            moves,
            vec![("take 2 from heap 1".to_string(), "1,4,5".to_string())]
        );
        assert!(winning_moves(nim, "1,2,3").unwrap().is_empty());
        let mut report = PositionReport {
            json: position::PositionReport::default(),
            text: String::new(),
        };
        add_winning_moves(&mut report, &moves);
        let json = mex_present::json::to_json(&report.json);
        assert_eq!(json["winning_moves"][0]["position"], "1,4,5");
        assert!(report.text.contains("take 2 from heap 1"));
    }
}
