//! `mex play GAME POSITION --proof FILE`: the computer plays the winning
//! side through a proof of who wins (`mex_core::games::proof::Strategy`),
//! with no value computed, so that boards far beyond the value route (8×8
//! Domineering) are played perfectly at once. The person plays the loser's
//! side, moving whenever the proof's first player is the loser.

use mex_core::games::proof::Strategy;
use mex_core::games::{CatalogGame, Context};
use mex_core::partizan::minimax::Player;
use mex_core::MexError;
use std::io::{self, Write};

/// The strategy of the proof in `file`, which must be of `game` at
/// `position` (as the game prints it) and hold; the person's side must be
/// the loser's, when given.
pub fn strategy(
    file: &str,
    game: &dyn CatalogGame,
    position: &str,
    side: Option<&str>,
) -> Result<Strategy, MexError> {
    let ctx = Context::new();
    let (_, proof) = super::proof::read_proof(
        file,
        ctx.search_memory,
        "mex play reads proofs of at most a quarter of 4 GiB",
    )?;
    if !proof.is_about(game, position)? {
        let (name, proved) = proof.subject();
        let shown = game.normalize(position)?;
        return Err(MexError::invalid(
            format!(
                "--proof of {name} {proved} for mex play {} {shown}",
                game.info().name
            ),
            "the proof of the game and position played",
        ));
    }
    let loser = side_name(proof.winner().other());
    if let Some(side) = side.filter(|s| !s.eq_ignore_ascii_case(loser)) {
        return Err(MexError::invalid(
            format!("--side {side} with a proof that {loser} loses"),
            format!("--side {loser} (the computer plays the proof's winner), or no --side"),
        ));
    }
    match Strategy::new(proof, &ctx)? {
        Ok(strategy) => Ok(strategy),
        Err(flaw) => Err(MexError::invalid(
            format!("--proof {file} does not hold: {flaw}"),
            "a proof mex check-proof accepts",
        )),
    }
}

fn side_name(player: Player) -> &'static str {
    match player {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

/// The game loop: the proof's first player moves first; `read` gives the
/// person's lines (None: end of input) and whether to echo them.
pub fn play(
    strategy: &Strategy,
    mut position: String,
    read: &mut dyn FnMut() -> io::Result<(Option<String>, bool)>,
    w: &mut dyn Write,
) -> io::Result<()> {
    let game = strategy.game();
    let name = game.info().name;
    let winner = strategy.proof().winner();
    let mut mover = strategy.proof().first();
    let mut ctx = Context::new();
    writeln!(
        w,
        "{name} {position}: {} wins moving {} (the computer plays {0} by the proof); you are {}",
        side_name(winner),
        if mover == winner { "first" } else { "second" },
        side_name(winner.other())
    )?;
    let mut leaf: Option<(String, Player)> = None;
    loop {
        if leaf.is_none() {
            match strategy.is_leaf(&position, mover) {
                Ok(true) => leaf = Some((position.clone(), mover)),
                Ok(false) => {}
                Err(err) => return writeln!(w, "error: {err}"),
            }
        }
        let moves = match game.side_moves(&position, mover) {
            Ok(moves) => moves,
            Err(err) => return writeln!(w, "error: {err}"),
        };
        if moves.is_empty() {
            let verdict = if mover == winner {
                "you win"
            } else {
                "the computer wins"
            };
            return writeln!(w, "{} cannot move: {verdict}", side_name(mover));
        }
        position = if mover == winner {
            match strategy.winner_move(
                &position,
                leaf.as_ref().map(|(p, m)| (p.as_str(), *m)),
                &mut ctx,
            ) {
                Ok((label, after)) => {
                    writeln!(w, "computer plays: {label} -> {after}")?;
                    after
                }
                Err(err) => return writeln!(w, "error: {err}"),
            }
        } else {
            match person_move(&moves, side_name(mover), read, w)? {
                Some(i) => {
                    writeln!(w, "you play: {} -> {}", moves[i].0, moves[i].1)?;
                    moves[i].1.clone()
                }
                None => return Ok(()),
            }
        };
        writeln!(w, "{name} {position}")?;
        mover = mover.other();
    }
}

/// The person's choice among `moves` (a number or a label); `None` when
/// the game ends here (quit, or the end of input).
fn person_move(
    moves: &[(String, String)],
    side: &str,
    read: &mut dyn FnMut() -> io::Result<(Option<String>, bool)>,
    w: &mut dyn Write,
) -> io::Result<Option<usize>> {
    let list = |w: &mut dyn Write| -> io::Result<()> {
        for (i, (label, after)) in moves.iter().enumerate() {
            writeln!(w, "  {}. {label} -> {after}", i + 1)?;
        }
        write!(w, "your move ({side}): ")?;
        w.flush()
    };
    list(w)?;
    loop {
        let (line, echo) = read()?;
        let Some(line) = line else {
            writeln!(w)?;
            writeln!(w, "end of input: game left unfinished")?;
            return Ok(None);
        };
        let line = line.trim();
        if echo {
            writeln!(w, "{line}")?;
        }
        match line {
            "quit" | "q" => {
                writeln!(w, "bye")?;
                return Ok(None);
            }
            "moves" => list(w)?,
            _ => {
                let found = line
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n >= 1 && n <= moves.len())
                    .map(|n| n - 1)
                    .or_else(|| moves.iter().position(|(label, _)| label == line));
                if found.is_some() {
                    return Ok(found);
                }
                write!(
                    w,
                    "'{line}' is not a move here: a number from 1 to {}, or a label; your move: ",
                    moves.len()
                )?;
                w.flush()?;
            }
        }
    }
}
