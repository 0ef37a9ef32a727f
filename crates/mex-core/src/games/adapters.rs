//! From the family traits to one object-safe interface for front ends:
//! [`CatalogGame`] takes positions as text and answers with printed values,
//! so that a front end needs no code per game.

use super::picture::Picture;
use super::{
    check_listing_size, ArenaGame, Game, GameInfo, ImpartialGame, LoopyGame, Move, PartizanGame,
    Player, SyncGame,
};
use crate::impartial::grundy::GrundySolver;
use crate::impartial::misere::TameGenus;
use crate::impartial::ruleset::ImpartialRuleset;
use crate::impartial::Outcome as ImpartialOutcome;
use crate::partizan::notation;
use crate::partizan::ruleset::Evaluator;
use crate::partizan::store::{GameId, GameStore, OutcomeClass, DEFAULT_BUDGET};
use crate::solve::retrograde;
use crate::sync::solver::{Goal, SyncOutcome, SyncRuleset, SyncSolver};
use crate::MexError;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use std::fmt;

/// Positions a partizan evaluation may memoise before it is refused.
pub const MAX_PARTIZAN_POSITIONS: usize = 1 << 24;

/// What one request shares: the arena of canonical forms, so that values
/// of several positions (a sum, the options of a position) can be combined.
#[derive(Debug)]
pub struct Context {
    /// The canonical-form arena.
    pub store: GameStore,
}

impl Context {
    /// A fresh context whose arena has the default memory budget
    /// ([`DEFAULT_BUDGET`]): work that would outgrow it is refused with
    /// [`MexError::TooLarge`] instead of exhausting the machine.
    pub fn new() -> Self {
        Context::with_store(GameStore::with_budget(DEFAULT_BUDGET))
    }

    /// A context over a store of the caller's choosing (another budget, or
    /// [`GameStore::new`] for none).
    pub fn with_store(store: GameStore) -> Self {
        Context { store }
    }
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

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
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Impartial(o) => o.fmt(f),
            Outcome::Partizan(c) => f.write_str(class_text(*c)),
            Outcome::Loopy(v) => f.write_str(match v {
                retrograde::Value::Win(_) => "win",
                retrograde::Value::Loss(_) => "loss",
                retrograde::Value::Draw => "draw",
            }),
            Outcome::Sync(c) => f.write_str(sync_text(*c)),
            Outcome::Winner(p) => Side::from(*p).fmt(f),
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
            Value::Sync(c) => sync_text(*c).into(),
            Value::Turns(Some(0)) => "Alice has won".into(),
            Value::Turns(Some(t)) => {
                format!("Alice wins in {}", crate::error::counted(*t, "turn"))
            }
            Value::Turns(None) => "Bob keeps Alice away forever".into(),
        }
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
}

/// What a front end can ask of any game of the catalog.
pub trait CatalogGame: Send + Sync {
    /// Name, family, syntax, example, rules.
    fn info(&self) -> &'static GameInfo;
    /// Parses a position and prints it back as the game prints it.
    fn normalize(&self, position: &str) -> Result<String, MexError>;
    /// The independent components of a position (a sum), each printed;
    /// empty for a position with nothing left to play.
    fn components(&self, position: &str) -> Result<Vec<String>, MexError>;
    /// A drawing of the position in lines of ASCII (boards, graphs), when
    /// the game draws one ([`Game::drawing`]).
    fn drawing(&self, position: &str) -> Result<Option<String>, MexError>;
    /// The position as a picture in a shared shape ([`Game::picture`]).
    fn picture(&self, position: &str) -> Result<Picture, MexError>;
    /// The position's value and outcome.
    fn evaluate(&self, position: &str, ctx: &mut Context) -> Result<Evaluation, MexError>;
    /// Every move with its resulting position and value.
    fn moves(&self, position: &str, ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError>;
    /// The Grundy value (impartial short games only).
    fn grundy(&self, position: &str) -> Result<BigUint, MexError> {
        Err(not_in_family(self.info(), position, "a Grundy value"))
    }
    /// Every move to a position of Grundy value `target`, as (label,
    /// resulting position) (impartial short games only).
    fn moves_to_grundy(
        &self,
        position: &str,
        _target: &BigUint,
    ) -> Result<Vec<(String, String)>, MexError> {
        Err(not_in_family(self.info(), position, "a Grundy value"))
    }
    /// The parts of a position for misère play: its components with a
    /// move, each printed in its canonical representative (impartial short
    /// games only).
    fn misere_parts(&self, position: &str) -> Result<Vec<String>, MexError> {
        Err(not_misere(self.info(), position))
    }
    /// The options of a part (as [`CatalogGame::misere_parts`] prints
    /// them), each as the parts it leaves.
    fn misere_option_parts(&self, part: &str) -> Result<Vec<Vec<String>>, MexError> {
        Err(not_misere(self.info(), part))
    }
    /// An upper bound on the sums reachable from a part, when the game
    /// knows one cheaply (may saturate above `cap`).
    fn misere_reach_bound(&self, part: &str, _cap: usize) -> Result<Option<BigUint>, MexError> {
        Err(not_misere(self.info(), part))
    }
    /// Every move of a position as (label, resulting position, its parts).
    fn misere_moves(&self, position: &str) -> Result<Vec<LabelledParts>, MexError> {
        Err(not_misere(self.info(), position))
    }
    /// The genus of a position by a closed form (hereditarily tame
    /// positions such as Nim's), when the game knows one.
    fn misere_known(&self, position: &str) -> Result<Option<TameGenus>, MexError> {
        Err(not_misere(self.info(), position))
    }
    /// The canonical form in `ctx`'s store (partizan games, and impartial
    /// short games as nimbers).
    fn canonical(&self, position: &str, ctx: &mut Context) -> Result<GameId, MexError> {
        let _ = ctx;
        Err(not_in_family(self.info(), position, "a canonical form"))
    }
}

fn not_in_family(info: &GameInfo, position: &str, what: &str) -> MexError {
    MexError::invalid(
        format!(
            "{} position '{position}' has no {what}: {} is a {} game",
            info.name,
            info.name,
            info.family.name()
        ),
        "impartial short games for Grundy values; partizan and impartial short games for canonical forms",
    )
}

/// A move as (label, resulting position, the parts of that position).
pub type LabelledParts = (String, String, Vec<String>);

fn not_misere(info: &GameInfo, position: &str) -> MexError {
    MexError::invalid(
        format!(
            "{} position {} has no misère analysis: {} is a {} game",
            info.name,
            crate::error::quote(position),
            info.name,
            info.family.name()
        ),
        "impartial short games (mex games lists each game's family)",
    )
}

fn parse<G: Game>(game: &G, text: &str) -> Result<G::Position, MexError> {
    let p: G::Position = text.trim().parse()?;
    game.check(&p)?;
    Ok(p)
}

/// The nimber `*g` in standard notation (`0` for zero).
pub fn nimber_text(g: &BigUint) -> String {
    match g.to_u64() {
        Some(0) => "0".into(),
        Some(1) => "*".into(),
        _ => format!("*{g}"),
    }
}

/// Nimbers above this size are not built as canonical forms (the form of
/// `*k` has `k` options on each side).
pub const MAX_NIMBER_FORM: u32 = 1 << 12;

/// The canonical form of `*g`, refused above [`MAX_NIMBER_FORM`].
pub fn nimber_form(store: &mut GameStore, g: &BigUint) -> Result<GameId, MexError> {
    match g.to_u32().filter(|&k| k <= MAX_NIMBER_FORM) {
        Some(k) => store.try_nimber(k),
        None => Err(MexError::too_large(
            format!("the nimber *{g} as a canonical form"),
            format!("*{MAX_NIMBER_FORM}"),
            "sum impartial components alone to get their nim-sum",
        )),
    }
}

/// The partizan outcome class as a letter (its `Display`).
pub fn class_text(c: OutcomeClass) -> &'static str {
    c.as_str()
}

/// An [`ImpartialGame`] in the catalog.
pub struct ImpartialEntry<G>(pub G);

/// The options of `p`, collected.
fn options<G: ImpartialRuleset>(game: &G, p: &G::Position) -> Vec<G::Position> {
    let mut out = Vec::new();
    game.options(p, &mut out);
    out
}

impl<G: ImpartialGame> ImpartialEntry<G> {
    fn solver(&self) -> GrundySolver<&G> {
        GrundySolver::new(&self.0)
    }

    fn grundy_in(
        &self,
        solver: &mut GrundySolver<&G>,
        p: &G::Position,
    ) -> Result<BigUint, MexError> {
        match self.0.known_grundy(p) {
            Some(g) => Ok(g),
            None => solver.grundy(p).map(BigUint::from),
        }
    }

    /// The components of `p` with a move, canonical, printed.
    fn parts(&self, p: &G::Position) -> Vec<String> {
        let pieces = self.0.decompose(p).unwrap_or_else(|| vec![p.clone()]);
        pieces
            .iter()
            .filter(|q| !self.0.is_terminal(q))
            .map(|q| self.0.canonical(q).to_string())
            .collect()
    }

    /// Every move of `p`, refused beyond the listing bounds: the game's own
    /// [`Game::check_moves`], then the number of moves times the printed
    /// length of `p` ([`check_listing_size`]), counted component by
    /// component before the whole position is copied into every move.
    fn listed_moves(&self, p: &G::Position) -> Result<Vec<Move<G::Position>>, MexError> {
        self.0.check_moves(p)?;
        let length = p.to_string().len();
        if let Some(pieces) = self.0.decompose(p) {
            let count = pieces.iter().map(|q| options(&self.0, q).len()).sum();
            check_listing_size(count, length)?;
        }
        let moves = self.0.moves(p);
        check_listing_size(moves.len(), length)?;
        Ok(moves)
    }

    fn evaluation(p: &G::Position, g: BigUint) -> Evaluation {
        Evaluation {
            position: p.to_string(),
            notation: None,
            outcome: Outcome::Impartial(ImpartialOutcome::from_is_zero(g.is_zero())),
            value: Value::Grundy(g),
            to_move: None,
        }
    }
}

impl<G: ImpartialGame> CatalogGame for ImpartialEntry<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }
    fn normalize(&self, position: &str) -> Result<String, MexError> {
        Ok(parse(&self.0, position)?.to_string())
    }
    fn drawing(&self, position: &str) -> Result<Option<String>, MexError> {
        Ok(self.0.drawing(&parse(&self.0, position)?))
    }
    fn picture(&self, position: &str) -> Result<Picture, MexError> {
        Ok(self.0.picture(&parse(&self.0, position)?))
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        let p = parse(&self.0, position)?;
        let parts = self.0.decompose(&p).unwrap_or_else(|| vec![p]);
        Ok(parts
            .iter()
            .filter(|q| !self.0.is_terminal(q))
            .map(ToString::to_string)
            .collect())
    }
    fn evaluate(&self, position: &str, _ctx: &mut Context) -> Result<Evaluation, MexError> {
        let p = parse(&self.0, position)?;
        let g = self.grundy_in(&mut self.solver(), &p)?;
        Ok(Self::evaluation(&p, g))
    }
    fn moves(&self, position: &str, _ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        let moves = self.listed_moves(&p)?;
        let mut solver = self.solver();
        moves
            .into_iter()
            .map(|m| {
                let g = self.grundy_in(&mut solver, &m.to)?;
                Ok(MoveEvaluation {
                    player: None,
                    label: m.label,
                    winning: g.is_zero(),
                    result: Self::evaluation(&m.to, g),
                })
            })
            .collect()
    }
    fn grundy(&self, position: &str) -> Result<BigUint, MexError> {
        let p = parse(&self.0, position)?;
        self.grundy_in(&mut self.solver(), &p)
    }
    fn moves_to_grundy(
        &self,
        position: &str,
        target: &BigUint,
    ) -> Result<Vec<(String, String)>, MexError> {
        let p = parse(&self.0, position)?;
        let moves = match self.0.known_moves_to(&p, target) {
            Some(moves) => moves,
            None => {
                let mut solver = self.solver();
                let mut out = Vec::new();
                for m in self.listed_moves(&p)? {
                    if self.grundy_in(&mut solver, &m.to)? == *target {
                        out.push(m);
                    }
                }
                out
            }
        };
        Ok(moves
            .into_iter()
            .map(|m| (m.label, m.to.to_string()))
            .collect())
    }
    fn canonical(&self, position: &str, ctx: &mut Context) -> Result<GameId, MexError> {
        let g = self.grundy(position)?;
        nimber_form(&mut ctx.store, &g)
    }
    fn misere_parts(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(self.parts(&parse(&self.0, position)?))
    }
    fn misere_reach_bound(&self, part: &str, cap: usize) -> Result<Option<BigUint>, MexError> {
        Ok(self.0.misere_reach_bound(&parse(&self.0, part)?, cap))
    }
    fn misere_option_parts(&self, part: &str) -> Result<Vec<Vec<String>>, MexError> {
        let p = parse(&self.0, part)?;
        self.0.check_moves(&p)?;
        Ok(options(&self.0, &p).iter().map(|q| self.parts(q)).collect())
    }
    fn misere_moves(&self, position: &str) -> Result<Vec<LabelledParts>, MexError> {
        let p = parse(&self.0, position)?;
        Ok(self
            .listed_moves(&p)?
            .into_iter()
            .map(|m| {
                let parts = self.parts(&m.to);
                (m.label, m.to.to_string(), parts)
            })
            .collect())
    }
    fn misere_known(&self, position: &str) -> Result<Option<TameGenus>, MexError> {
        Ok(self.0.known_misere(&parse(&self.0, position)?))
    }
}

/// A [`LoopyGame`] in the catalog.
pub struct LoopyEntry<G>(pub G);

impl<G: LoopyGame> LoopyEntry<G> {
    fn evaluation(&self, p: &G::Position) -> Result<Evaluation, MexError> {
        let v = self.0.solve(p)?;
        Ok(Evaluation {
            position: p.to_string(),
            value: Value::Loopy(v),
            notation: None,
            outcome: Outcome::Loopy(v),
            to_move: None,
        })
    }
}

impl<G: LoopyGame> CatalogGame for LoopyEntry<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }
    fn normalize(&self, position: &str) -> Result<String, MexError> {
        Ok(parse(&self.0, position)?.to_string())
    }
    fn drawing(&self, position: &str) -> Result<Option<String>, MexError> {
        Ok(self.0.drawing(&parse(&self.0, position)?))
    }
    fn picture(&self, position: &str) -> Result<Picture, MexError> {
        Ok(self.0.picture(&parse(&self.0, position)?))
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(vec![self.normalize(position)?])
    }
    fn evaluate(&self, position: &str, _ctx: &mut Context) -> Result<Evaluation, MexError> {
        self.evaluation(&parse(&self.0, position)?)
    }
    fn moves(&self, position: &str, _ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.check_moves(&p)?;
        let moves = self.0.moves(&p);
        check_listing_size(moves.len(), p.to_string().len())?;
        moves
            .into_iter()
            .map(|m| {
                let result = self.evaluation(&m.to)?;
                Ok(MoveEvaluation {
                    player: None,
                    label: m.label,
                    winning: matches!(result.value, Value::Loopy(retrograde::Value::Loss(_))),
                    result,
                })
            })
            .collect()
    }
}

/// A [`PartizanGame`] in the catalog.
pub struct PartizanEntry<G>(pub G);

/// The default [`PartizanGame::value`]: the memoising evaluator with the
/// game's hooks.
pub(super) fn partizan_value<G: PartizanGame>(
    game: &G,
    store: &mut GameStore,
    p: &G::Position,
) -> Result<GameId, MexError> {
    partizan_value_within(game, store, p, MAX_PARTIZAN_POSITIONS)
}

/// The memoising evaluator with the game's hooks, refused after
/// `max_positions` memoised positions.
pub(super) fn partizan_value_within<G: PartizanGame>(
    game: &G,
    store: &mut GameStore,
    p: &G::Position,
    max_positions: usize,
) -> Result<GameId, MexError> {
    Evaluator::new(game, max_positions).value(store, p)
}

/// The evaluation of a position of canonical value `g` (refused when the
/// value's notation would exceed [`notation::MAX_PRINTED`] characters or
/// its outcome the store's budget).
pub fn partizan_evaluation(
    store: &mut GameStore,
    position: String,
    g: GameId,
) -> Result<Evaluation, MexError> {
    Ok(Evaluation {
        position,
        notation: Some(notation::try_show(store, g, notation::MAX_PRINTED)?),
        outcome: Outcome::Partizan(store.try_outcome(g)?),
        value: Value::Canonical(g),
        to_move: None,
    })
}

/// A side with the moves it may make.
type SideMoves<P> = [(Side, Vec<Move<P>>); 2];

impl<G: PartizanGame> PartizanEntry<G> {
    /// Left's and Right's moves of `p`, refused beyond the listing bounds
    /// as for impartial games (counted component by component first).
    fn listed_moves(&self, p: &G::Position) -> Result<SideMoves<G::Position>, MexError> {
        self.0.check_moves(p)?;
        let length = p.to_string().len();
        let count = |q: &G::Position| {
            let mut options = Vec::new();
            self.0.left_options(q, &mut options);
            self.0.right_options(q, &mut options);
            options.len()
        };
        if let Some(pieces) = self.0.decompose(p) {
            check_listing_size(pieces.iter().map(count).sum(), length)?;
        }
        let sides = [
            (Side::Left, self.0.left_moves(p)),
            (Side::Right, self.0.right_moves(p)),
        ];
        check_listing_size(sides[0].1.len() + sides[1].1.len(), length)?;
        Ok(sides)
    }
}

impl<G: PartizanGame> CatalogGame for PartizanEntry<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }
    fn normalize(&self, position: &str) -> Result<String, MexError> {
        Ok(parse(&self.0, position)?.to_string())
    }
    fn drawing(&self, position: &str) -> Result<Option<String>, MexError> {
        Ok(self.0.drawing(&parse(&self.0, position)?))
    }
    fn picture(&self, position: &str) -> Result<Picture, MexError> {
        Ok(self.0.picture(&parse(&self.0, position)?))
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        let p = parse(&self.0, position)?;
        let parts = self.0.decompose(&p).unwrap_or_else(|| vec![p]);
        Ok(parts
            .iter()
            .filter(|q| !self.0.left_moves(q).is_empty() || !self.0.right_moves(q).is_empty())
            .map(ToString::to_string)
            .collect())
    }
    fn evaluate(&self, position: &str, ctx: &mut Context) -> Result<Evaluation, MexError> {
        let p = parse(&self.0, position)?;
        let g = self.0.value(&mut ctx.store, &p)?;
        partizan_evaluation(&mut ctx.store, p.to_string(), g)
    }
    fn moves(&self, position: &str, ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        let sides = self.listed_moves(&p)?;
        let mut evaluator = Evaluator::new(&self.0, MAX_PARTIZAN_POSITIONS);
        let zero = ctx.store.zero();
        let mut out = Vec::new();
        for (player, moves) in sides {
            for Move { label, to } in moves {
                let g = evaluator.value(&mut ctx.store, &to)?;
                let winning = if player == Side::Left {
                    ctx.store.try_leq(zero, g)?
                } else {
                    ctx.store.try_leq(g, zero)?
                };
                out.push(MoveEvaluation {
                    player: Some(player),
                    label,
                    result: partizan_evaluation(&mut ctx.store, to.to_string(), g)?,
                    winning,
                });
            }
        }
        Ok(out)
    }
    fn canonical(&self, position: &str, ctx: &mut Context) -> Result<GameId, MexError> {
        let p = parse(&self.0, position)?;
        self.0.value(&mut ctx.store, &p)
    }
}

/// A [`SyncGame`] in the catalog.
pub struct SyncEntry<G>(pub G);

/// The synchronized class as text (its `Display`).
pub fn sync_text(c: SyncOutcome) -> &'static str {
    c.as_str()
}

fn sync_evaluation(position: String, c: SyncOutcome) -> Evaluation {
    Evaluation {
        position,
        value: Value::Sync(c),
        notation: None,
        outcome: Outcome::Sync(c),
        to_move: None,
    }
}

/// The best result a player can guarantee at a position: a win, else a
/// draw, else nothing (then every choice is as good as another).
fn best_goal<R: SyncRuleset>(
    solver: &mut SyncSolver<R>,
    p: &R::Position,
    left: bool,
) -> Result<Option<Goal>, MexError> {
    let (win, draw) = if left {
        (Goal::LeftWin, Goal::LeftDraw)
    } else {
        (Goal::RightWin, Goal::RightDraw)
    };
    for goal in [win, draw] {
        if solver.try_can(p, goal)? {
            return Ok(Some(goal));
        }
    }
    Ok(None)
}

/// Whether a choice secures `goal` whatever the other player chooses.
fn secures<G: SyncGame>(
    solver: &mut SyncSolver<&G>,
    game: &G,
    p: &G::Position,
    goal: Option<Goal>,
    choice: &G::Choice,
    replies: &[G::Choice],
    left: bool,
) -> Result<bool, MexError> {
    let Some(goal) = goal else { return Ok(true) };
    for r in replies {
        let q = if left {
            game.apply(p, choice, r)
        } else {
            game.apply(p, r, choice)
        };
        if !solver.try_can(&q, goal)? {
            return Ok(false);
        }
    }
    Ok(true)
}

impl<G: SyncGame> CatalogGame for SyncEntry<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }
    fn normalize(&self, position: &str) -> Result<String, MexError> {
        Ok(parse(&self.0, position)?.to_string())
    }
    fn drawing(&self, position: &str) -> Result<Option<String>, MexError> {
        Ok(self.0.drawing(&parse(&self.0, position)?))
    }
    fn picture(&self, position: &str) -> Result<Picture, MexError> {
        Ok(self.0.picture(&parse(&self.0, position)?))
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(vec![self.normalize(position)?])
    }
    fn evaluate(&self, position: &str, _ctx: &mut Context) -> Result<Evaluation, MexError> {
        let p = parse(&self.0, position)?;
        let c = SyncSolver::new(&self.0).try_outcome(&p)?;
        Ok(sync_evaluation(p.to_string(), c))
    }
    fn moves(&self, position: &str, _ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.check_moves(&p)?;
        let game = &self.0;
        let mut solver = SyncSolver::new(game);
        let (lefts, rights) = (game.left_moves(&p), game.right_moves(&p));
        check_listing_size(
            lefts.len().saturating_mul(rights.len()),
            p.to_string().len(),
        )?;
        let left_all: Vec<G::Choice> = lefts.iter().map(|m| m.to.clone()).collect();
        let right_all: Vec<G::Choice> = rights.iter().map(|m| m.to.clone()).collect();
        let (left_goal, right_goal) = (
            best_goal(&mut solver, &p, true)?,
            best_goal(&mut solver, &p, false)?,
        );
        let left_good: Vec<bool> = left_all
            .iter()
            .map(|l| secures(&mut solver, game, &p, left_goal, l, &right_all, true))
            .collect::<Result<_, _>>()?;
        let right_good: Vec<bool> = right_all
            .iter()
            .map(|r| secures(&mut solver, game, &p, right_goal, r, &left_all, false))
            .collect::<Result<_, _>>()?;
        let mut out = Vec::new();
        for (i, l) in lefts.iter().enumerate() {
            for (j, r) in rights.iter().enumerate() {
                let q = game.apply(&p, &l.to, &r.to);
                let c = solver.try_outcome(&q)?;
                out.push(MoveEvaluation {
                    player: Some(Side::Both),
                    label: format!("Left {}, Right {}", l.label, r.label),
                    result: sync_evaluation(q.to_string(), c),
                    winning: left_good[i] && right_good[j],
                });
            }
        }
        Ok(out)
    }
}

/// An [`ArenaGame`] in the catalog.
pub struct ArenaEntry<G>(pub G);

impl<G: ArenaGame> ArenaEntry<G> {
    fn evaluation(&self, p: &G::Position) -> Result<Evaluation, MexError> {
        let turns = self.0.turns(p)?;
        let winner = match turns {
            Some(_) => Player::Alice,
            None => Player::Bob,
        };
        Ok(Evaluation {
            position: p.to_string(),
            value: Value::Turns(turns),
            notation: None,
            outcome: Outcome::Winner(winner),
            to_move: Some(self.0.mover(p)),
        })
    }
}

impl<G: ArenaGame> CatalogGame for ArenaEntry<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }
    fn normalize(&self, position: &str) -> Result<String, MexError> {
        Ok(parse(&self.0, position)?.to_string())
    }
    fn drawing(&self, position: &str) -> Result<Option<String>, MexError> {
        Ok(self.0.drawing(&parse(&self.0, position)?))
    }
    fn picture(&self, position: &str) -> Result<Picture, MexError> {
        Ok(self.0.picture(&parse(&self.0, position)?))
    }
    fn components(&self, position: &str) -> Result<Vec<String>, MexError> {
        Ok(vec![self.normalize(position)?])
    }
    fn evaluate(&self, position: &str, _ctx: &mut Context) -> Result<Evaluation, MexError> {
        self.evaluation(&parse(&self.0, position)?)
    }
    fn moves(&self, position: &str, _ctx: &mut Context) -> Result<Vec<MoveEvaluation>, MexError> {
        let p = parse(&self.0, position)?;
        self.0.check_moves(&p)?;
        let mover = self.0.mover(&p);
        let moves = self.0.moves(&p);
        check_listing_size(moves.len(), p.to_string().len())?;
        let results: Vec<(Move<G::Position>, Evaluation)> = moves
            .into_iter()
            .map(|m| {
                let e = self.evaluation(&m.to)?;
                Ok((m, e))
            })
            .collect::<Result<_, MexError>>()?;
        // Alice wants the fewest turns (+1 for the move itself), Bob none.
        let fastest = results
            .iter()
            .filter_map(|(_, e)| match e.value {
                Value::Turns(t) => t,
                _ => None,
            })
            .min();
        Ok(results
            .into_iter()
            .map(|(m, e)| {
                let turns = match e.value {
                    Value::Turns(t) => t,
                    _ => None,
                };
                let winning = match mover {
                    Player::Alice => turns.is_some() && turns == fastest,
                    Player::Bob => turns.is_none(),
                };
                MoveEvaluation {
                    player: Some(Side::from(mover)),
                    label: m.label,
                    result: e,
                    winning,
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evaluation(value: Value, notation: Option<&str>, outcome: Outcome) -> Evaluation {
        Evaluation {
            position: String::new(),
            value,
            notation: notation.map(String::from),
            outcome,
            to_move: None,
        }
    }

    #[test]
    fn outcomes_print_the_texts_of_their_families() {
        use retrograde::Value::{Draw, Loss, Win};
        let cases = [
            (Outcome::Impartial(ImpartialOutcome::P), "P"),
            (Outcome::Impartial(ImpartialOutcome::N), "N"),
            (Outcome::Partizan(OutcomeClass::L), "L"),
            (Outcome::Partizan(OutcomeClass::R), "R"),
            (Outcome::Partizan(OutcomeClass::N), "N"),
            (Outcome::Partizan(OutcomeClass::P), "P"),
            (Outcome::Loopy(Win(3)), "win"),
            (Outcome::Loopy(Loss(2)), "loss"),
            (Outcome::Loopy(Draw), "draw"),
            (Outcome::Sync(SyncOutcome::LD), "LD"),
            (Outcome::Sync(SyncOutcome::U), "U"),
            (Outcome::Winner(Player::Alice), "Alice"),
            (Outcome::Winner(Player::Bob), "Bob"),
        ];
        for (outcome, text) in cases {
            assert_eq!(outcome.to_string(), text, "{outcome:?}");
        }
    }

    #[test]
    fn sides_print_their_names_and_parse_as_people_write_them() {
        let names = [
            (Side::Left, "Left"),
            (Side::Right, "Right"),
            (Side::Alice, "Alice"),
            (Side::Bob, "Bob"),
            (Side::Both, "Left and Right"),
        ];
        for (side, name) in names {
            assert_eq!(side.to_string(), name);
            assert_eq!(side.name(), name);
        }
        assert_eq!(Side::from(Player::Bob), Side::Bob);
        for (text, side) in [
            ("L", Side::Left),
            ("left", Side::Left),
            ("Right", Side::Right),
        ] {
            assert_eq!(Side::parse_partizan(text).unwrap(), side);
        }
        for bad in ["", "Alice", "up"] {
            assert!(Side::parse_partizan(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_value_prints_itself_but_a_canonical_form_its_notation() {
        let p = Outcome::Impartial(ImpartialOutcome::P);
        let cases = [
            (Value::Grundy(BigUint::from(0u8)), None, "0"),
            (Value::Grundy(BigUint::from(1u8)), None, "*"),
            (Value::Grundy(BigUint::from(12u8)), None, "*12"),
            (Value::Loopy(retrograde::Value::Win(3)), None, "win in 3"),
            (Value::Loopy(retrograde::Value::Loss(0)), None, "loss in 0"),
            (Value::Loopy(retrograde::Value::Draw), None, "draw"),
            (Value::Sync(SyncOutcome::RD), None, "RD"),
            (Value::Turns(Some(0)), None, "Alice has won"),
            (Value::Turns(Some(1)), None, "Alice wins in 1 turn"),
            (Value::Turns(Some(5)), None, "Alice wins in 5 turns"),
            (Value::Turns(None), None, "Bob keeps Alice away forever"),
        ];
        for (value, notation, text) in cases {
            assert_eq!(evaluation(value, notation, p).value_text(), text);
        }
        let mut store = GameStore::new();
        let star = store.nimber(1);
        let e = evaluation(Value::Canonical(star), Some("*"), p);
        assert_eq!(e.value_text(), "*");
    }

    #[test]
    fn catalog_evaluations_are_typed() {
        let mut ctx = Context::new();
        let domineering = super::super::find("domineering").unwrap();
        let e = domineering.evaluate("2x3", &mut ctx).unwrap();
        assert_eq!(e.outcome, Outcome::Partizan(OutcomeClass::N));
        assert_eq!(e.notation.as_deref(), Some("{2|-1/2}"));
        let moves = domineering.moves("2x2", &mut ctx).unwrap();
        assert!(moves
            .iter()
            .all(|m| matches!(m.player, Some(Side::Left | Side::Right))));
        let nim = super::super::find("nim").unwrap();
        let e = nim.evaluate("1,1", &mut ctx).unwrap();
        assert_eq!(e.outcome, Outcome::Impartial(ImpartialOutcome::P));
        assert_eq!(e.notation, None);
    }
}
