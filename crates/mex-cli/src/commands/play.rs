//! `mex play`: a line-oriented game against the perfect computer, on a
//! terminal or through a pipe (one move per line on stdin).

use super::partizan::form_text_or;
use crate::output::Output;
use clap::Args;
use mex_core::error::counted;
use mex_core::games::best::{self, Budget};
use mex_core::games::{
    self, CatalogGame, Context, Evaluation, Family, MoveEvaluation, Player, Side, Value,
};
use mex_core::solve::partizan_graph::Winner;
use mex_core::MexError;
use std::collections::HashMap;
use std::io::{self, BufRead, IsTerminal, Read, Write};

/// Plays a game of the catalog against the perfect computer: type the
/// number or the label of a move; the computer answers with its best move.
#[derive(Args)]
#[command(
    after_help = "The computer wins as fast as it can and, when losing, delays as long as it
can. Type a move's number or label, 'moves' to
list them again, 'hint' to see which are winning, 'quit' to stop.
In games whose positions repeat (fox-and-geese, backsliding-toads-and-frogs)
a repeated position is announced; a draw with best play then ends the game.

Examples:
  mex play nim 3,4,5
  printf '1\\n1\\n' | mex play nim 1,2
  mex play domineering 3x3 --side Right
  mex play shift-game 0000            (you are Alice, the computer Bob)
  mex play ssc \"BBW WB\"                (choose together with the computer)
  mex value domineering 8x8 --first left --proof 8x8.proof
  mex play domineering 8x8 --proof 8x8.proof    (the computer plays Left by the proof)"
)]
pub struct PlayArgs {
    /// The game (see mex games).
    game: String,
    /// The starting position (may start with '-').
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Words after the position, refused (`catalog::one_position`).
    #[arg(hide = true)]
    extra: Vec<String>,
    /// Your side: Left or Right (partizan and synchronized games), Alice or
    /// Bob (arena games).
    #[arg(long)]
    side: Option<String>,
    /// Let the computer move first (alternating games).
    #[arg(long)]
    computer_first: bool,
    /// Play through a proof of who wins (as `mex value GAME POSITION
    /// --first left --proof FILE` writes it, for this position): the
    /// computer plays the proof's winner with no value computed, you the
    /// loser; the proof's first player moves first (partizan games).
    #[arg(long, value_name = "FILE", conflicts_with = "computer_first")]
    proof: Option<String>,
}

/// The person's side as typed (`--side`, any case), or the family's
/// first side when none is given.
fn normal_side(family: Family, side: Option<&str>) -> Result<Side, MexError> {
    let accepted = match family {
        Family::Arena => [Side::Alice, Side::Bob],
        _ => [Side::Left, Side::Right],
    };
    let Some(s) = side else {
        return Ok(accepted[0]);
    };
    accepted
        .into_iter()
        .find(|a| a.name().eq_ignore_ascii_case(s))
        .ok_or_else(|| {
            MexError::invalid(
                format!("'{s}' is not a side of {}", family.name()),
                format!("{} or {}", accepted[0], accepted[1]),
            )
        })
}

pub fn run(a: &PlayArgs) -> Result<Output, MexError> {
    super::catalog::one_position(&a.game, &a.position, &a.extra)?;
    let game = games::find(&a.game)?;
    if let Some(file) = &a.proof {
        super::winner::check_partizan(game, "--proof")?;
        let strategy = super::play_proof::strategy(file, game, &a.position, a.side.as_deref())?;
        let position = game.normalize(&a.position)?;
        return Ok(Output::stream(move |w| {
            with_lines(|read| super::play_proof::play(&strategy, position, read, w))
        }));
    }
    let family = game.info().family;
    let side = normal_side(family, a.side.as_deref())?;
    // Refuse a bad position before the game starts (status 2).
    let mut ctx = Context::new();
    let position = game.evaluate(&a.position, &mut ctx)?.position;
    game.moves(&position, &mut ctx)?;
    let computer_first = a.computer_first;
    Ok(Output::stream(move |w| {
        with_lines(|read| play(game, position, side, computer_first, ctx, read, w))
    }))
}

/// Runs `game_loop` on the lines of stdin, each with whether to echo it
/// (through a pipe the typed lines are not echoed: they are printed).
fn with_lines(
    game_loop: impl FnOnce(&mut dyn FnMut() -> io::Result<(Option<String>, bool)>) -> io::Result<()>,
) -> io::Result<()> {
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut read = || {
        let line = read_line(&mut input).map_err(io::Error::other)?;
        Ok((line, echo))
    };
    game_loop(&mut read)
}

/// Longest line of input `mex play` reads (a move's label or number).
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input without its newline, at most [`MAX_LINE`] bytes
/// (`None` at the end of input); a longer line is refused without reading
/// the rest of it (the input may never end, as `/dev/zero` does not).
fn read_line(input: &mut impl BufRead) -> Result<Option<String>, MexError> {
    let mut bytes = Vec::new();
    let read = input
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| MexError::Io {
            path: "standard input".into(),
            message: e.to_string(),
        })?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE {
        return Err(MexError::above_limit(
            "a line of input",
            format!("longer than {MAX_LINE} bytes"),
            format!("{MAX_LINE} bytes"),
            "type a move's number or label",
        ));
    }
    Ok(Some(
        String::from_utf8_lossy(&bytes)
            .trim_end_matches('\r')
            .to_string(),
    ))
}

/// The positions met so far in a game whose positions may repeat, each
/// with the player to move and the turn it was first met at.
type Seen = HashMap<(String, Side), u64>;

/// What to say when a position of a loopy partizan game comes back with
/// the same player to move, as the web playground says it (a draw with
/// best play ends the game; otherwise who is winning), and whether the
/// game ends. `None` for a position met for the first time (it is
/// remembered; at most one entry per reachable position).
fn repetition(
    seen: &mut Seen,
    e: &Evaluation,
    mover: Option<Side>,
    side: Side,
    turn: u64,
) -> Option<(String, bool)> {
    let (Value::LoopyPartizan(v), Some(mover)) = (&e.value, mover) else {
        return None;
    };
    let first = *seen.entry((e.position.clone(), mover)).or_insert(turn);
    if first == turn {
        return None;
    }
    let winner = if mover == Side::Left {
        v.winner_left_first()
    } else {
        v.winner_right_first()
    };
    let head = format!("position repeated (as at turn {first})");
    Some(match winner {
        Winner::Draw => (
            format!("{head}: drawn with best play; game over: a draw"),
            true,
        ),
        w if (w == Winner::Left) == (side == Side::Left) => (
            format!(
                "{head}: you are winning but not getting closer; 'hint' shows the winning moves"
            ),
            false,
        ),
        _ => (
            format!("{head}: the computer is winning and will not let it go on"),
            false,
        ),
    })
}

/// What prints a value too long for the game's lines.
const PRINTED_BY: &str = "mex value GAME POSITION --form prints it";

fn show(m: &MoveEvaluation) -> String {
    format!(
        "{} -> {} ({})",
        m.label,
        m.result.position,
        form_text_or(&m.result.value_text(), false, PRINTED_BY)
    )
}

/// The game loop, from the context `ctx` of the position's first
/// evaluation; `read` gives the person's lines (None: end of input)
/// and whether to echo them, or the error that ends the game (an
/// over-long line: the command then exits with status 2).
pub fn play(
    game: &dyn CatalogGame,
    mut position: String,
    side: Side,
    computer_first: bool,
    mut ctx: Context,
    read: &mut dyn FnMut() -> io::Result<(Option<String>, bool)>,
    w: &mut dyn Write,
) -> io::Result<()> {
    let family = game.info().family;
    let name = game.info().name;
    let mut person_turn = !computer_first;
    // Partizan: whose turn (the person's side moves first unless
    // --computer-first).
    let mut turn = 0u64;
    let mut seen = Seen::new();
    // The solved graph of a loopy game is kept from turn to turn (`ctx`
    // holds the one solved when the position was checked): its positions
    // are solved once.
    loop {
        ctx = ctx.next_turn();
        let step = game
            .evaluate(&position, &mut ctx)
            .and_then(|e| Ok((game.moves(&position, &mut ctx)?, e)));
        let (moves, e) = match step {
            Ok(x) => x,
            Err(err) => return writeln!(w, "error: {err}"),
        };
        writeln!(
            w,
            "{name} {}: {} ({})",
            e.position,
            form_text_or(&e.value_text(), false, PRINTED_BY),
            e.outcome
        )?;
        // Who moves now, and which moves are theirs.
        let mover: Option<Side> = match family {
            Family::Arena => Some(Side::from(e.to_move.unwrap_or(Player::Alice))),
            Family::Partizan => Some(if person_turn { side } else { side.opponent() }),
            _ => None,
        };
        if let Some((note, ends)) = repetition(&mut seen, &e, mover, side, turn) {
            writeln!(w, "{note}")?;
            if ends {
                return Ok(());
            }
        }
        if family == Family::Arena {
            person_turn = mover == Some(side);
            match e.value {
                mex_core::games::Value::Turns(Some(0)) => {
                    writeln!(w, "Alice has won after {}", counted(turn, "turn"))?;
                    return Ok(());
                }
                // Decided: the play could only go on forever.
                mex_core::games::Value::Turns(None) => {
                    let verdict = if side == Side::Bob {
                        "you win"
                    } else {
                        "the computer wins"
                    };
                    writeln!(
                        w,
                        "Bob keeps Alice away from the target forever: {verdict} (after {})",
                        counted(turn, "turn")
                    )?;
                    return Ok(());
                }
                _ => {}
            }
        }
        let mine: Vec<(usize, &MoveEvaluation)> = moves
            .iter()
            .enumerate()
            .filter(|(_, m)| mover.is_none() || m.player.is_none() || m.player == mover)
            .collect();
        // In a synchronized game the person picks only their own part.
        let choices: Vec<String> = if family == Family::Synchronized {
            let mut c: Vec<String> = Vec::new();
            for m in &moves {
                if let Some(own) = m.choices.as_ref().and_then(|c| c.of(side)) {
                    if !c.iter().any(|o| o == own) {
                        c.push(own.to_string());
                    }
                }
            }
            c
        } else {
            mine.iter().map(|(_, m)| m.label.clone()).collect()
        };
        if choices.is_empty() {
            let who = match (family, mover) {
                (Family::Partizan, Some(p)) => format!("{p} cannot move"),
                (Family::Synchronized, _) => "no moves left".to_string(),
                _ if person_turn => "you cannot move".to_string(),
                _ => "the computer cannot move".to_string(),
            };
            let verdict = match family {
                Family::Synchronized => format!("game over: {}", e.outcome),
                _ if person_turn => "the computer wins".to_string(),
                _ => "you win".to_string(),
            };
            writeln!(w, "{who}: {verdict}")?;
            return Ok(());
        }
        let sync = family == Family::Synchronized;
        if person_turn || sync {
            for (i, c) in choices.iter().enumerate() {
                writeln!(w, "  {}. {c}", i + 1)?;
            }
            write!(
                w,
                "your move ({}): ",
                mover.map_or(if sync { side.name() } else { "you" }, Side::name)
            )?;
            w.flush()?;
            let picked = loop {
                let (line, echo) = read()?;
                let Some(line) = line else {
                    writeln!(w)?;
                    writeln!(w, "end of input: game left unfinished")?;
                    return Ok(());
                };
                let line = line.trim();
                if echo {
                    writeln!(w, "{line}")?;
                }
                if line == "quit" || line == "q" {
                    writeln!(w, "bye")?;
                    return Ok(());
                }
                if line == "moves" {
                    for (i, c) in choices.iter().enumerate() {
                        writeln!(w, "  {}. {c}", i + 1)?;
                    }
                    write!(w, "your move: ")?;
                    w.flush()?;
                    continue;
                }
                if line == "hint" {
                    for (i, (_, m)) in mine.iter().enumerate() {
                        let tag = if m.winning { "winning" } else { "losing" };
                        writeln!(w, "  {}. {} [{tag}]", i + 1, show(m))?;
                    }
                    write!(w, "your move: ")?;
                    w.flush()?;
                    continue;
                }
                let found = line
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n >= 1 && n <= choices.len())
                    .map(|n| n - 1)
                    .or_else(|| choices.iter().position(|c| c == line));
                match found {
                    Some(i) => break i,
                    None => {
                        write!(w, "'{line}' is not a move here: a number from 1 to {}, or a label; your move: ", choices.len())?;
                        w.flush()?;
                    }
                }
            };
            if sync {
                let answer = best::best_move(
                    game,
                    &e,
                    &moves,
                    Some(side.opponent()),
                    Some(&choices[picked]),
                    Budget::default(),
                );
                match answer {
                    Ok(b) => match b.chosen {
                        Some(m) => {
                            writeln!(w, "both choose: {}", show(&m))?;
                            position = m.result.position;
                        }
                        None => return writeln!(w, "error: no pair of choices"),
                    },
                    Err(err) => return writeln!(w, "error: {err}"),
                }
            } else {
                let m = mine[picked].1;
                writeln!(w, "you play: {}", show(m))?;
                position = m.result.position.clone();
            }
        } else {
            let computer = mover.map(|_| side.opponent());
            let answer = best::best_move(game, &e, &moves, computer, None, Budget::default());
            match answer {
                Ok(b) => match b.chosen {
                    Some(m) => {
                        writeln!(w, "computer plays: {} [{}]", show(&m), b.reason)?;
                        position = m.result.position;
                    }
                    None => return writeln!(w, "error: the computer found no move"),
                },
                Err(err) => return writeln!(w, "error: {err}"),
            }
        }
        turn += 1;
        if family != Family::Arena {
            person_turn = !person_turn;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position met again: who is winning with the player to move
    /// (T..F: Left moving first wins, Right moving first wins; checked by
    /// the catalog's retrograde analysis, not typed here).
    #[test]
    fn repetition_names_who_is_winning() {
        let game = games::find("backsliding-toads-and-frogs").unwrap();
        let e = game.evaluate("T..F", &mut Context::new()).unwrap();
        let Value::LoopyPartizan(v) = &e.value else {
            panic!("not loopy")
        };
        assert_eq!(v.winner_left_first(), Winner::Left);
        let mut seen = Seen::new();
        let (left, right) = (Side::Left, Side::Right);
        assert!(repetition(&mut seen, &e, Some(left), left, 0).is_none());
        let (mine, ends) = repetition(&mut seen, &e, Some(left), left, 2).unwrap();
        assert!(!ends && mine.contains("you are winning"), "{mine}");
        let (theirs, _) = repetition(&mut seen, &e, Some(left), right, 4).unwrap();
        assert!(theirs.contains("the computer is winning"), "{theirs}");
        assert!(theirs.contains("as at turn 0"), "{theirs}");
        // The other player to move is another state.
        assert!(repetition(&mut seen, &e, Some(right), left, 6).is_none());
    }
}
