//! The typed results every family shares: a position's [`Value`] and
//! [`Outcome`], who makes a move ([`Side`]), and the evaluations of a
//! position and of a move that the front ends render.

use super::nimber_text;
use crate::games::Player;
use crate::impartial::Outcome as ImpartialOutcome;
use crate::partizan::store::{GameId, OutcomeClass};
use crate::solve::partizan_graph::{LoopyClass, TwoSided};
use crate::solve::retrograde;
use crate::sync::solver::SyncOutcome;
use crate::MexError;
use num_bigint::BigUint;
use std::fmt;

/// The value of a position, in the form its family has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A Grundy value: the position equals the nimber `*g`.
    Grundy(BigUint),
    /// Win, loss or draw with remoteness, for the player to move.
    Loopy(retrograde::Value),
    /// A canonical form, in the [`Context`]'s store.
    Canonical(GameId),
    /// A synchronized outcome class.
    Sync(SyncOutcome),
    /// Turns until Alice reaches the target; `None` when Bob keeps her from
    /// it forever.
    Turns(Option<u64>),
    /// Partizan games with cycles played alone: the winner (or a draw)
    /// with each first player, with remoteness.
    LoopyPartizan(TwoSided),
}

/// The outcome of a position, in the form its family has. Its `Display`
/// gives the short text the front ends print and put in JSON: `P`/`N`,
/// `L`/`R`/`N`/`P`, `win`/`loss`/`draw`, a synchronized class
/// (`L`, `LD`, `U`, …) or the winner of an arena game (`Alice`/`Bob`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Impartial short games: the previous (`P`) or next (`N`) player wins.
    Impartial(ImpartialOutcome),
    /// Partizan games: the outcome class of the canonical form.
    Partizan(OutcomeClass),
    /// Game graphs: win or loss with remoteness, or draw, for the player
    /// to move (printed without the remoteness, which the value carries).
    Loopy(retrograde::Value),
    /// Synchronized games: the synchronized outcome class.
    Sync(SyncOutcome),
    /// Arena games: who wins, Alice (she reaches the target, or has) or
    /// Bob (he keeps her away forever).
    Winner(Player),
    /// Partizan games with cycles: one of the nine classes with draws
    /// (`L`, `R`, `N`, `P`, `D`, `NHat`, `PCheck`, `PHat`, `NCheck`).
    LoopyPartizan(LoopyClass),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Impartial(o) => o.fmt(f),
            Outcome::Partizan(c) => f.write_str(c.as_str()),
            Outcome::Loopy(v) => f.write_str(match v {
                retrograde::Value::Win(_) => "win",
                retrograde::Value::Loss(_) => "loss",
                retrograde::Value::Draw => "draw",
            }),
            Outcome::Sync(c) => f.write_str(c.as_str()),
            Outcome::Winner(p) => Side::from(*p).fmt(f),
            Outcome::LoopyPartizan(c) => c.fmt(f),
        }
    }
}

/// An outcome serializes as its text (`"P"`, `"win"`, `"Alice"`, …), the
/// `outcome` field of the JSON reports.
#[cfg(feature = "serde")]
impl serde::Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Who makes a move: a side of a partizan or synchronized game, a player
/// of an arena game, or both sides at once (a synchronized move is a pair
/// of choices). Impartial games and game graphs have no sides (`None` in
/// [`MoveEvaluation::player`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// Left (partizan and synchronized games).
    Left,
    /// Right (partizan and synchronized games).
    Right,
    /// Alice, who wants to reach the target (arena games).
    Alice,
    /// Bob, who keeps Alice away (arena games).
    Bob,
    /// Left and Right together (a pair of synchronized choices).
    Both,
}

impl Side {
    /// The side's name: `Left`, `Right`, `Alice`, `Bob`, or
    /// `Left and Right` for both.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "Left",
            Side::Right => "Right",
            Side::Alice => "Alice",
            Side::Bob => "Bob",
            Side::Both => "Left and Right",
        }
    }

    /// The other side: Right for Left, Bob for Alice (and the reverse);
    /// both sides for both.
    pub fn opponent(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
            Side::Alice => Side::Bob,
            Side::Bob => Side::Alice,
            Side::Both => Side::Both,
        }
    }

    /// The partizan player of Left or Right; the other sides are refused.
    pub fn partizan_player(self) -> Result<crate::partizan::minimax::Player, MexError> {
        use crate::partizan::minimax::Player as Partizan;
        match self {
            Side::Left => Ok(Partizan::Left),
            Side::Right => Ok(Partizan::Right),
            other => Err(MexError::invalid(
                format!("{} does not move first in a partizan sum", other.name()),
                "Left or Right",
            )),
        }
    }

    /// A side of a partizan or synchronized game as a person writes it
    /// (`Left`, `left`, `L`; `Right`, `right`, `R`).
    pub fn parse_partizan(text: &str) -> Result<Side, MexError> {
        match text {
            "Left" | "left" | "L" => Ok(Side::Left),
            "Right" | "right" | "R" => Ok(Side::Right),
            other => Err(MexError::invalid(
                format!("{} is not a side", crate::error::quote(other)),
                "Left or Right",
            )),
        }
    }
}

impl From<Player> for Side {
    fn from(p: Player) -> Side {
        match p {
            Player::Alice => Side::Alice,
            Player::Bob => Side::Bob,
        }
    }
}

/// The side of a partizan player.
impl From<crate::partizan::minimax::Player> for Side {
    fn from(p: crate::partizan::minimax::Player) -> Side {
        match p {
            crate::partizan::minimax::Player::Left => Side::Left,
            crate::partizan::minimax::Player::Right => Side::Right,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A side serializes as its name (`"Left"`, `"Left and Right"`, …).
#[cfg(feature = "serde")]
impl serde::Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A position with its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The position as the game prints it.
    pub position: String,
    /// The value.
    pub value: Value,
    /// The notation of a canonical form (`{1 | 0}`), printed when the value
    /// was computed, and `None` for the other families. A
    /// [`Value::Canonical`] is only an index into the [`Context`]'s store,
    /// which the evaluation does not keep, so it cannot print itself later;
    /// every other value prints itself ([`Evaluation::value_text`]).
    pub notation: Option<String>,
    /// The outcome.
    pub outcome: Outcome,
    /// Who moves next, where the position says so (arena games).
    pub to_move: Option<Player>,
}

impl Evaluation {
    /// The value in its family's notation: `*3` (nimbers, `0` for zero),
    /// the canonical form, `win in 3`/`loss in 2`/`draw`, a synchronized
    /// class, or `Alice wins in 3 turns`/`Alice has won`/`Bob keeps Alice
    /// away forever`.
    pub fn value_text(&self) -> String {
        match &self.value {
            Value::Grundy(g) => nimber_text(g),
            Value::Canonical(_) => self.notation.clone().unwrap_or_default(),
            Value::Loopy(retrograde::Value::Win(r)) => format!("win in {r}"),
            Value::Loopy(retrograde::Value::Loss(r)) => format!("loss in {r}"),
            Value::Loopy(retrograde::Value::Draw) => "draw".into(),
            Value::Sync(c) => c.to_string(),
            Value::Turns(Some(0)) => "Alice has won".into(),
            Value::Turns(Some(t)) => {
                format!("Alice wins in {}", crate::error::counted(*t, "turn"))
            }
            Value::Turns(None) => "Bob keeps Alice away forever".into(),
            Value::LoopyPartizan(v) => v.to_string(),
        }
    }
}

/// The value of a partizan game with cycles when `side` moves first: its
/// [`TwoSided::right_first`] for Right, else its [`TwoSided::left_first`].
pub fn value_with_first(v: &TwoSided, side: Side) -> retrograde::Value {
    if side == Side::Right {
        v.right_first
    } else {
        v.left_first
    }
}

/// A move with the value of the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveEvaluation {
    /// Who makes it: Left or Right (partizan), Alice or Bob (arena), both
    /// (synchronized: a pair of choices), none (impartial, game graphs).
    pub player: Option<Side>,
    /// A label a person can read.
    pub label: String,
    /// The resulting position and its value.
    pub result: Evaluation,
    /// Whether the move is winning for its player: to a P-position
    /// (impartial), to a loss of the opponent (game graphs), to a value
    /// ≥ 0 for Left or ≤ 0 for Right (partizan), the fastest move for Alice
    /// and a move that keeps her away forever for Bob (arena), and in a
    /// synchronized game a pair of choices each of which secures its
    /// player's best guaranteed result.
    pub winning: bool,
    /// A synchronized game's move: the choice of each side; `None` in the
    /// other families.
    pub choices: Option<Choices>,
}

/// The two simultaneous choices of a synchronized game's move, each as its
/// side labels it (the move's label joins them for a person to read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choices {
    /// Left's choice.
    pub left: String,
    /// Right's choice.
    pub right: String,
}

impl Choices {
    /// The choice of `side` (Left or Right; `None` for the other sides).
    pub fn of(&self, side: Side) -> Option<&str> {
        match side {
            Side::Left => Some(&self.left),
            Side::Right => Some(&self.right),
            _ => None,
        }
    }
}

impl MoveEvaluation {
    /// In a game whose positions may repeat, the value of the position the
    /// move leads to for the player who moves there: a game graph's value,
    /// or a partizan game with cycles' value with the opponent of the
    /// move's player first; `None` in the other families. Its remoteness is
    /// the number of moves left when the winner hurries and the loser
    /// delays (Smith 1966), so that the winner's fastest move is the one of
    /// least remoteness to a loss and the loser's longest defence the one
    /// of most remoteness to a win.
    pub fn value_for_next(&self) -> Option<retrograde::Value> {
        match (&self.result.value, self.player) {
            (Value::Loopy(v), _) => Some(*v),
            (Value::LoopyPartizan(v), Some(side)) => Some(value_with_first(v, side.opponent())),
            _ => None,
        }
    }
}
