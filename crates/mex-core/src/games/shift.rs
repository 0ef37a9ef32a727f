//! The shift game over an n-bit register (Definition 1 of the shift-game
//! paper) and its generalization by a function `f` (Definition 16). Each
//! turn the last bit `b(n-1)` drops out, the register shifts right and the
//! player who owns the state puts the new bit in front as `b0`: in the
//! shift game Alice when the dropped bit is 1, Bob when it is 0; in the
//! generalized game Alice when `f(b0 … b(n-2)) XOR b(n-1) = 1`. Play starts
//! at `0^n`; Alice wins when `0^n` comes back, and hurries; Bob delays.
//! Values come from the exhaustive solver (min–max reachability).

use super::picture::Picture;
use super::{ArenaGame, Family, Game, GameInfo, Move, Player, Ruleset};
use crate::error::quote;
use crate::shift::exhaustive::{self, ShiftSolution};
use crate::shift::state::{parse_state, show, to_index};
use crate::MexError;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

/// Largest register for catalog values (the exhaustive solver keeps 2^n
/// states); `mex shift-game next` plays any length by the O(n) rule.
pub const MAX_CATALOG_BITS: usize = 20;

/// The shift game.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShiftGame;

/// The generalized shift game.
#[derive(Debug, Clone, Copy, Default)]
pub struct GeneralizedShiftGame;

/// A register state; `f` for the generalized game; `over` once `0^n` has
/// come back (printed with ` end`), as opposed to `0^n` at the start.
#[derive(Debug, Clone)]
pub struct Register {
    /// `f`, 2^(n-1) bits indexed by `b0 … b(n-2)` read as binary.
    pub f: Option<Arc<[u8]>>,
    /// `b0 … b(n-1)`.
    pub bits: Vec<u8>,
    /// Whether Alice has already won.
    pub over: bool,
    solution: Arc<OnceLock<Result<ShiftSolution, MexError>>>,
}

impl Register {
    fn new(f: Option<Arc<[u8]>>, bits: Vec<u8>, over: bool) -> Self {
        Register {
            f,
            bits,
            over,
            solution: Arc::new(OnceLock::new()),
        }
    }

    fn owner(&self) -> Player {
        let f = self
            .f
            .as_ref()
            .map_or(0, |f| f[(to_index(&self.bits) >> 1) as usize]);
        if self.bits[self.bits.len() - 1] ^ f == 1 {
            Player::Alice
        } else {
            Player::Bob
        }
    }

    fn after(&self, bit: u8) -> Register {
        let mut bits = vec![bit];
        bits.extend_from_slice(&self.bits[..self.bits.len() - 1]);
        let over = bits.iter().all(|&b| b == 0);
        Register {
            f: self.f.clone(),
            bits,
            over,
            solution: Arc::clone(&self.solution),
        }
    }

    fn solution(&self) -> Result<&ShiftSolution, MexError> {
        self.solution
            .get_or_init(|| match &self.f {
                None => exhaustive::solve(self.bits.len() as u32),
                Some(f) => exhaustive::solve_generalized(f),
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Turns until `0^n` (again), under optimal play.
    fn turns(&self) -> Result<Option<u64>, MexError> {
        if self.over {
            return Ok(Some(0));
        }
        let sol = self.solution()?;
        let distance = |r: &Register| -> Option<u64> {
            if r.over {
                return Some(0);
            }
            let d = sol.distances[to_index(&r.bits) as usize];
            (d != u32::MAX).then_some(u64::from(d))
        };
        if self.bits.contains(&1) {
            return Ok(distance(self));
        }
        // At the start: one move, then the distance of what it leads to.
        let options = [distance(&self.after(0)), distance(&self.after(1))];
        let best = match self.owner() {
            Player::Alice => options.into_iter().flatten().min(),
            Player::Bob if options.contains(&None) => None,
            Player::Bob => options.into_iter().flatten().max(),
        };
        Ok(best.map(|d| d + 1))
    }
}

impl PartialEq for Register {
    fn eq(&self, other: &Self) -> bool {
        (&self.f, &self.bits, self.over) == (&other.f, &other.bits, other.over)
    }
}

impl Eq for Register {}

impl Hash for Register {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (&self.f, &self.bits, self.over).hash(state);
    }
}

impl fmt::Display for Register {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(func) = &self.f {
            write!(f, "{}:", show(func))?;
        }
        f.write_str(&show(&self.bits))?;
        if self.over {
            f.write_str(" end")?;
        }
        Ok(())
    }
}

/// Parses `STATE` or `STATE end`.
fn parse_register(f: Option<Arc<[u8]>>, text: &str) -> Result<Register, MexError> {
    let text = text.trim();
    let (state, over) = match text.strip_suffix("end") {
        Some(state) => (state.trim_end(), true),
        None => (text, false),
    };
    let bits = parse_state(state)?;
    if over && bits.contains(&1) {
        return Err(MexError::invalid(
            format!("{} marks a state other than 0^n as the end", quote(text)),
            "STATE, or 0^n followed by ' end' once 0^n has come back",
        ));
    }
    Ok(Register::new(f, bits, over))
}

fn check_size(p: &Register) -> Result<(), MexError> {
    if p.bits.len() > MAX_CATALOG_BITS {
        return Err(MexError::too_large(
            format!("a register of {} bits", p.bits.len()),
            format!("{MAX_CATALOG_BITS} bits (the exhaustive solver keeps 2^n states)"),
            "mex shift-game next STATE plays any length by the O(n) rule",
        ));
    }
    Ok(())
}

fn register_moves(p: &Register) -> Vec<Move<Register>> {
    if p.over {
        return vec![];
    }
    let who = match p.owner() {
        Player::Alice => "Alice",
        Player::Bob => "Bob",
    };
    (0..2)
        .map(|bit| Move::new(format!("{who} puts in {bit}"), p.after(bit)))
        .collect()
}

/// A state for the shift game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShiftState(pub Register);

impl FromStr for ShiftState {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        parse_register(None, s).map(ShiftState)
    }
}

impl fmt::Display for ShiftState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A function and a state for the generalized shift game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GeneralizedState(pub Register);

impl FromStr for GeneralizedState {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let accepted = "F:STATE, with f as 2^(n-1) bits and an n-bit state, e.g. 0110:000";
        let (f, state) = s.split_once(':').ok_or_else(|| {
            MexError::invalid(format!("{} has no ':' after f", quote(s)), accepted)
        })?;
        let f = parse_state(f)?;
        let r = parse_register(Some(f.clone().into()), state)?;
        if f.len() != 1 << (r.bits.len() - 1).min(40) {
            return Err(MexError::invalid(
                format!(
                    "f has {} bits for a state of {} bits",
                    f.len(),
                    r.bits.len()
                ),
                accepted,
            ));
        }
        Ok(GeneralizedState(r))
    }
}

impl fmt::Display for GeneralizedState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Ruleset for ShiftGame {
    type Position = ShiftState;
}

impl Game for ShiftGame {
    const INFO: GameInfo = GameInfo {
        name: "shift-game",
        family: Family::Arena,
        description: "the shift game on an n-bit register: Alice returns to 0^n, Bob delays",
        syntax: "the register b0...b(n-1) as 0/1 (n <= 20); '0^n end' once 0^n has come back",
        example: "0000",
        rules: "Each turn the last bit drops out, the register shifts right and a new bit enters \
                in front: Alice chooses it when the dropped bit is 1, Bob when it is 0. Play \
                starts at 0^n; Alice wins when 0^n comes back and hurries, Bob delays.",
    };
    fn check(&self, p: &ShiftState) -> Result<(), MexError> {
        check_size(&p.0)
    }
    /// The register's bits, `b0` (the newest) first.
    fn picture(&self, p: &ShiftState) -> Picture {
        Picture::Register {
            bits: show(&p.0.bits),
        }
    }
}

impl ArenaGame for ShiftGame {
    fn mover(&self, p: &ShiftState) -> Player {
        p.0.owner()
    }
    fn moves(&self, p: &ShiftState) -> Vec<Move<ShiftState>> {
        register_moves(&p.0)
            .into_iter()
            .map(|m| Move::new(m.label, ShiftState(m.to)))
            .collect()
    }
    fn turns(&self, p: &ShiftState) -> Result<Option<u64>, MexError> {
        p.0.turns()
    }
}

impl Ruleset for GeneralizedShiftGame {
    type Position = GeneralizedState;
}

impl Game for GeneralizedShiftGame {
    const INFO: GameInfo = GameInfo {
        name: "generalized-shift-game",
        family: Family::Arena,
        description: "the shift game with a function f choosing who owns each state",
        syntax: "F:STATE, f as 2^(n-1) bits indexed by b0...b(n-2), the state as 0/1 (n <= 20)",
        example: "0110:000",
        rules: "As the shift game, but Alice chooses the new bit when f(b0...b(n-2)) XOR b(n-1) \
                is 1 and Bob otherwise (Definition 16 of the shift-game paper). Bob wins if he \
                keeps 0^n from coming back forever.",
    };
    fn check(&self, p: &GeneralizedState) -> Result<(), MexError> {
        check_size(&p.0)
    }
    /// The register's bits, `b0` (the newest) first.
    fn picture(&self, p: &GeneralizedState) -> Picture {
        Picture::Register {
            bits: show(&p.0.bits),
        }
    }
}

impl ArenaGame for GeneralizedShiftGame {
    fn mover(&self, p: &GeneralizedState) -> Player {
        p.0.owner()
    }
    fn moves(&self, p: &GeneralizedState) -> Vec<Move<GeneralizedState>> {
        register_moves(&p.0)
            .into_iter()
            .map(|m| Move::new(m.label, GeneralizedState(m.to)))
            .collect()
    }
    fn turns(&self, p: &GeneralizedState) -> Result<Option<u64>, MexError> {
        p.0.turns()
    }
}
