//! The computer's perfect move, for every family of the catalog, from the
//! catalog's own move lists (no code per game).
//!
//! * Impartial short games: a winning move (to a P-position) when there is
//!   one, else any move. Among those, the one by which the winner wins as
//!   fast as possible and the loser loses as slowly as possible, by
//!   *remoteness* (Smith): `R(p) = 0` with no move; `1 + min R(q)` over the
//!   moves to P-positions when there are some; else `1 + max R(q)`. It is
//!   computed by a memoised search over the catalog's moves, bounded by
//!   [`Budget`] (positions, depth and time) and stopped by a stop token
//!   ([`crate::stop`]); past the budget the computer plays
//!   the first winning move, or, when losing, the move to the option of
//!   largest Grundy value (a heuristic to make the game last).
//! * Game graphs (loopy): the solver's remoteness: when winning, the move to
//!   the loss of least remoteness; when losing, the move to the win of most
//!   remoteness; when drawing, a move to a draw.
//! * Partizan games: a move of the computer's side that keeps the best
//!   outcome class for it once the opponent is to move: for Left, `L` or
//!   `P` (value ≥ 0), then `N`, then `R`; for Right symmetrically (the first
//!   of the best class).
//! * Partizan games with cycles (Fox and Geese, Backsliding Toads and
//!   Frogs): a move of the computer's side to a loss of the opponent (the
//!   fastest: least remoteness), else to a draw, else the longest defence
//!   (most remoteness), by the solver's remoteness; the position's
//!   remoteness is the one with the computer's side first. Following these
//!   moves ends the game: each move of the winner and each of the loser
//!   lowers the remoteness by one.
//! * Synchronized games: a choice of the computer's side that secures its
//!   best guaranteed result whatever the other side chooses (a choice that
//!   appears in a pair marked winning), made without seeing the person's
//!   choice; with the person's choice, the pair of both.
//! * Arena games (the shift games): the mover's move marked winning
//!   (Alice's fastest; for Bob one that keeps Alice away forever); when Bob
//!   has none he delays as long as possible (most turns).

use crate::error::quote;
use crate::games::{
    value_with_first, CatalogGame, Context, Evaluation, MoveEvaluation, Outcome, Side, Value,
};
use crate::partizan::store::OutcomeClass;
use crate::solve::arena::Player;
use crate::solve::retrograde;
use crate::MexError;
use num_bigint::BigUint;
use std::collections::HashMap;

/// Bounds of the remoteness search.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Most distinct positions whose moves are listed.
    pub positions: usize,
    /// Deepest line of play followed.
    pub depth: usize,
    /// Longest time the search may take.
    pub time: std::time::Duration,
    /// Bytes the search's evaluations may take ([`Context::within`]);
    /// `None` for the defaults of [`Context::new`].
    pub memory: Option<usize>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            positions: 4_000,
            depth: 400,
            time: std::time::Duration::from_secs(2),
            memory: None,
        }
    }
}

/// The computer's answer.
#[derive(Debug, Clone)]
pub struct Best {
    /// The side the computer plays (Left, Right, Alice, Bob), if the
    /// family has sides.
    pub player: Option<Side>,
    /// The move, when there is one (a synchronized game needs the person's
    /// choice for it).
    pub chosen: Option<MoveEvaluation>,
    /// Its index in the move list.
    pub index: Option<usize>,
    /// A synchronized game: the computer's own choice.
    pub choice: Option<String>,
    /// The remoteness of the position, when it is known.
    pub remoteness: Option<u32>,
    /// Why this move, in a few words.
    pub reason: String,
}

/// Remoteness of impartial short games over the catalog's moves.
struct Remoteness<'a> {
    game: &'a dyn CatalogGame,
    ctx: Context,
    memo: HashMap<String, u32>,
    budget: Budget,
    started: std::time::Instant,
}

impl Remoteness<'_> {
    fn of(&mut self, position: &str, depth: usize) -> Result<Option<u32>, MexError> {
        if let Some(&r) = self.memo.get(position) {
            return Ok(Some(r));
        }
        if self.memo.len() >= self.budget.positions
            || depth >= self.budget.depth
            || self.started.elapsed() > self.budget.time
        {
            return Ok(None);
        }
        crate::stop::check()?;
        let moves = self.game.moves(position, &mut self.ctx)?;
        let r = self.of_moves(&moves, depth)?;
        if let Some(r) = r {
            self.memo.insert(position.to_string(), r);
        }
        Ok(r)
    }

    /// Remoteness of a position from its evaluated moves.
    fn of_moves(
        &mut self,
        moves: &[MoveEvaluation],
        depth: usize,
    ) -> Result<Option<u32>, MexError> {
        if moves.is_empty() {
            return Ok(Some(0));
        }
        let winning = moves.iter().any(|m| m.winning);
        let mut best: Option<u32> = None;
        for m in moves.iter().filter(|m| m.winning || !winning) {
            let Some(r) = self.of(&m.result.position, depth + 1)? else {
                return Ok(None);
            };
            best = Some(match best {
                None => r,
                Some(b) if winning => b.min(r),
                Some(b) => b.max(r),
            });
        }
        Ok(best.map(|b| b + 1))
    }
}

fn pick(moves: &[MoveEvaluation], i: Option<usize>) -> (Option<MoveEvaluation>, Option<usize>) {
    match i {
        Some(i) => (Some(moves[i].clone()), Some(i)),
        None => (None, None),
    }
}

/// The index of the first move maximising `key`.
fn first_max<K: Ord>(
    moves: &[MoveEvaluation],
    keep: impl Fn(&MoveEvaluation) -> bool,
    key: impl Fn(usize, &MoveEvaluation) -> K,
) -> Option<usize> {
    let mut best: Option<(usize, K)> = None;
    for (i, m) in moves.iter().enumerate().filter(|(_, m)| keep(m)) {
        let k = key(i, m);
        if best.as_ref().is_none_or(|(_, b)| k > *b) {
            best = Some((i, k));
        }
    }
    best.map(|(i, _)| i)
}

/// How good a move of a partizan game with cycles is for its player, by
/// the value of the position it leads to with the opponent to move
/// ([`MoveEvaluation::value_for_next`]): a loss of
/// the opponent (fastest first), then a draw, then a win of the opponent
/// (slowest first).
fn loopy_rank(m: &MoveEvaluation) -> (u8, i64) {
    let Some(opponent) = m.value_for_next() else {
        return (0, 0);
    };
    match opponent {
        retrograde::Value::Loss(r) => (2, -i64::from(r)),
        retrograde::Value::Draw => (1, 0),
        retrograde::Value::Win(r) => (0, i64::from(r)),
    }
}

/// The side the computer plays in a partizan or synchronized game: Left
/// or Right (`Left` when none is given).
fn partizan_side(side: Option<Side>) -> Result<Side, MexError> {
    match side.unwrap_or(Side::Left) {
        s @ (Side::Left | Side::Right) => Ok(s),
        s => Err(MexError::invalid(
            format!("{} is not a side of this game", s.name()),
            "Left or Right",
        )),
    }
}

/// The computer's perfect move at `position` (evaluated as `e` with
/// `moves`), playing `side` where the family has sides (partizan and
/// synchronized games: Left or Right, `Left` by default), given in a
/// synchronized game the person's `choice` (the other side's part of a
/// move, [`crate::games::Choices`]).
pub fn best_move(
    game: &dyn CatalogGame,
    e: &Evaluation,
    moves: &[MoveEvaluation],
    side: Option<Side>,
    choice: Option<&str>,
    budget: Budget,
) -> Result<Best, MexError> {
    use crate::games::Family;
    let family = game.info().family;
    let side_name = partizan_side;
    let mut best = Best {
        player: None,
        chosen: None,
        index: None,
        choice: None,
        remoteness: None,
        reason: String::new(),
    };
    match family {
        Family::Impartial => {
            if let Value::Loopy(v) = e.value {
                let remote = |m: &MoveEvaluation| match m.result.value {
                    Value::Loopy(retrograde::Value::Win(r) | retrograde::Value::Loss(r)) => r,
                    _ => 0,
                };
                let i = match v {
                    retrograde::Value::Win(r) => {
                        best.remoteness = Some(r);
                        best.reason = format!("winning: the fastest win, in {r}");
                        first_max(moves, |m| m.winning, |_, m| std::cmp::Reverse(remote(m)))
                    }
                    retrograde::Value::Loss(r) => {
                        best.remoteness = Some(r);
                        let defence = crate::error::counted(r, "move");
                        best.reason = format!("losing: the longest defence, {defence}");
                        first_max(moves, |_| true, |_, m| remote(m))
                    }
                    retrograde::Value::Draw => {
                        best.reason = "a draw: a move that keeps the draw".into();
                        let draw = Outcome::Loopy(retrograde::Value::Draw);
                        first_max(moves, |m| m.result.outcome == draw, |_, _| 0).or(first_max(
                            moves,
                            |_| true,
                            |_, _| 0,
                        ))
                    }
                };
                (best.chosen, best.index) = pick(moves, i);
                return Ok(best);
            }
            let mut search = Remoteness {
                game,
                ctx: budget.memory.map_or_else(Context::new, Context::within),
                memo: HashMap::new(),
                budget,
                started: std::time::Instant::now(),
            };
            let winning = moves.iter().any(|m| m.winning);
            let mut rs = Vec::with_capacity(moves.len());
            let mut complete = true;
            for m in moves {
                if winning && !m.winning {
                    rs.push(None);
                    continue;
                }
                let r = search.of(&m.result.position, 1)?;
                complete &= r.is_some();
                rs.push(r);
            }
            let i = if complete {
                let key = |i: usize| rs[i].unwrap_or(0);
                let i = if winning {
                    first_max(moves, |m| m.winning, |j, _| std::cmp::Reverse(key(j)))
                } else {
                    first_max(moves, |_| true, |j, _| key(j))
                };
                best.remoteness = i.map(|i| key(i) + 1).or(Some(0));
                best.reason = if winning {
                    "winning: to a P-position, as fast as possible (remoteness)".into()
                } else {
                    "losing: the move that delays longest (remoteness)".into()
                };
                i
            } else if winning {
                best.reason = "winning: to a P-position (remoteness beyond the budget)".into();
                first_max(moves, |m| m.winning, |_, _| 0)
            } else {
                best.reason =
                    "losing: to the option of largest Grundy value (remoteness beyond the budget)"
                        .into();
                first_max(
                    moves,
                    |_| true,
                    |_, m| match &m.result.value {
                        Value::Grundy(g) => g.clone(),
                        _ => BigUint::default(),
                    },
                )
            };
            (best.chosen, best.index) = pick(moves, i);
        }
        Family::Partizan if matches!(e.value, Value::LoopyPartizan(_)) => {
            let side = side_name(side)?;
            best.player = Some(side);
            best.remoteness = match e.value {
                Value::LoopyPartizan(v) => value_with_first(&v, side).remoteness(),
                _ => None,
            };
            let i = first_max(moves, |m| m.player == Some(side), |_, m| loopy_rank(m));
            let within = |outcome: &str| {
                let r = best.remoteness.map(|r| format!(", {outcome} in {r}"));
                r.unwrap_or_default()
            };
            best.reason = match i.map(|i| loopy_rank(&moves[i]).0) {
                Some(2) => format!("{side} wins: the fastest win{}", within("won")),
                Some(1) => format!("{side} cannot win: a move that keeps the draw"),
                Some(_) => format!(
                    "{side} loses whatever it plays: the longest defence{}",
                    within("lost")
                ),
                None => format!("{side} has no move"),
            };
            (best.chosen, best.index) = pick(moves, i);
        }
        Family::Partizan => {
            let side = side_name(side)?;
            best.player = Some(side);
            let rank = |m: &MoveEvaluation| -> u8 {
                use OutcomeClass::{L, N, P, R};
                let order = if side == Side::Left {
                    [L, P, N, R]
                } else {
                    [R, P, N, L]
                };
                let pos = order
                    .iter()
                    .position(|&c| m.result.outcome == Outcome::Partizan(c));
                3 - pos.unwrap_or(3) as u8
            };
            let i = first_max(moves, |m| m.player == Some(side), |_, m| rank(m));
            best.reason = match i {
                Some(i) if moves[i].winning => {
                    format!("{side} wins: the opponent moves next and loses")
                }
                Some(_) => format!("{side} loses whatever it plays: the best class left"),
                None => format!("{side} has no move"),
            };
            (best.chosen, best.index) = pick(moves, i);
        }
        Family::Synchronized => {
            let side = side_name(side)?;
            best.player = Some(side);
            let mine = |m: &MoveEvaluation| -> Option<String> {
                m.choices.as_ref()?.of(side).map(str::to_string)
            };
            let own = moves
                .iter()
                .find(|m| m.winning)
                .or(moves.first())
                .and_then(mine);
            best.reason = if moves.iter().any(|m| m.winning) {
                format!("{side}'s choice that secures its best guaranteed result")
            } else {
                format!("{side} has no move")
            };
            if let (Some(own), Some(theirs)) = (&own, choice) {
                let i = moves.iter().position(|m| {
                    m.choices.as_ref().is_some_and(|c| {
                        c.of(side) == Some(own.as_str()) && c.of(side.opponent()) == Some(theirs)
                    })
                });
                if i.is_none() {
                    return Err(MexError::invalid(
                        format!("{} is not a choice of the other side", quote(theirs)),
                        "a choice listed by /api/moves",
                    ));
                }
                (best.chosen, best.index) = pick(moves, i);
            }
            best.choice = own;
        }
        Family::Arena => {
            let mover = e.to_move.unwrap_or(Player::Alice);
            best.player = Some(Side::from(mover));
            let turns = |m: &MoveEvaluation| match m.result.value {
                Value::Turns(t) => t,
                _ => None,
            };
            let i = first_max(moves, |m| m.winning, |_, _| 0).or_else(|| {
                // No winning move: Bob delays (most turns); Alice any move.
                first_max(moves, |_| true, |_, m| turns(m).unwrap_or(u64::MAX))
            });
            best.reason = match (mover, i.map(|i| moves[i].winning)) {
                (Player::Alice, Some(true)) => "Alice's fastest way back to 0^n".into(),
                (Player::Bob, Some(true)) => "Bob keeps Alice away forever".into(),
                (Player::Bob, Some(false)) => "Bob delays Alice as long as he can".into(),
                (_, None) => "no move: the game is over".into(),
                _ => "Alice cannot reach the target".into(),
            };
            (best.chosen, best.index) = pick(moves, i);
        }
    }
    Ok(best)
}
