//! `mex shift-game ...` and `mex debruijn ...`.

use crate::output::{fields, Output};
use clap::{Args, Subcommand, ValueEnum};
use mex_core::shift::state::{from_index, parse_state, show};
use mex_core::shift::{debruijn, exhaustive, generalized, packed, rule};
use mex_core::MexError;
use serde_json::json;
use std::io::Read;

/// The shift game (Weiss) over an n-bit shift register.
#[derive(Args)]
#[command(
    after_help = "A state is written b0 b1 ... b(n-1). Each turn b(n-1) drops out at the right,
everything shifts right, and the new bit enters at the left as b0. Alice chooses
it when the dropped bit is 1, Bob when it is 0. Play starts at 0^n; Alice wins
when 0^n comes back (she hurries, Bob delays).

Examples:
  mex shift-game solve 4
  mex shift-game next 0110 --explain
  mex shift-game table 3 --json"
)]
pub struct ShiftGameArgs {
    #[command(subcommand)]
    command: ShiftCommand,
    /// Print one JSON object.
    #[arg(long, global = true)]
    pub json: bool,
}

#[derive(Subcommand)]
enum ShiftCommand {
    /// Optimal play from 0^n by the exhaustive solver (n ≤ 24; the play is listed for n ≤ 20).
    Solve {
        /// Register length.
        n: u32,
        /// Do not list the play (needed above n = 20).
        #[arg(long)]
        no_play: bool,
    },
    /// The next state under optimal play, by the O(n) rule (any length).
    Next {
        /// The state, e.g. 0110.
        state: String,
        /// Show the rank, head and tail behind the move.
        #[arg(long)]
        explain: bool,
    },
    /// The successor of every state, by the exhaustive solver (n ≤ 20).
    Table {
        /// Register length.
        n: u32,
    },
}

/// Most states listed in JSON.
const MAX_LISTED_N: u32 = 20;

pub fn run_shift(a: &ShiftGameArgs) -> Result<Output, MexError> {
    match &a.command {
        ShiftCommand::Solve { n, no_play } => solve(*n, *no_play),
        ShiftCommand::Next { state, explain } => next(state, *explain),
        ShiftCommand::Table { n } => table(*n),
    }
}

fn listing_limit(n: u32, what: &str) -> Result<(), MexError> {
    if n > MAX_LISTED_N {
        return Err(MexError::too_large(
            format!("listing {what} for n = {n}"),
            format!("n ≤ {MAX_LISTED_N}"),
            "use --no-play, or `mex shift-game next` state by state",
        ));
    }
    Ok(())
}

fn solve(n: u32, no_play: bool) -> Result<Output, MexError> {
    if !no_play {
        listing_limit(n, "the play")?;
    }
    let sol = exhaustive::solve(n)?;
    let play = sol.play();
    let turns = play.len();
    let mut json = json!({"n": n, "turns": turns, "unique": sol.unique});
    let mut text = fields(&[
        ("n", n.to_string()),
        ("turns", format!("{turns} (2^{n} = {})", 1u64 << n)),
        ("optimal strategies unique", sol.unique.to_string()),
    ]);
    if !no_play {
        let states: Vec<String> = play
            .iter()
            .map(|&s| show(&from_index(s as u64, n)))
            .collect();
        if n <= 6 {
            text += &format!("play: {}\n", states.join(" "));
        } else {
            text += &format!(
                "play: {} ... {} (use --json for all)\n",
                states[..4].join(" "),
                states[states.len() - 2..].join(" ")
            );
        }
        json["play"] = json!(states);
    }
    Ok(Output::new(json, text))
}

fn next(state: &str, explain: bool) -> Result<Output, MexError> {
    let bits = parse_state(state)?;
    let (next, e) = rule::next_with_explanation(&bits);
    let next_text = show(&next);
    let mut json = json!({"state": show(&bits), "next": next_text});
    let mut text = fields(&[("next", next_text)]);
    if explain {
        json["explanation"] = serde_json::to_value(&e).expect("serialisable");
        text += &fields(&[
            (
                "chooser",
                format!("{:?} (dropped bit {})", e.chooser, bits[bits.len() - 1]),
            ),
            (
                "examined",
                format!("{} (the state with its last bit set to 1)", e.examined),
            ),
            (
                "rank",
                format!("{} (greatest rotation, from the head)", e.rank_bits),
            ),
            ("head", e.head.to_string()),
            (
                "tail",
                format!("{} (least significant 1 of the rank)", e.tail),
            ),
            (
                "move",
                if e.flip {
                    "complement the dropped bit (tail = n-1)".into()
                } else {
                    "repeat the dropped bit (tail != n-1)".to_string()
                },
            ),
        ]);
    }
    Ok(Output::new(json, text))
}

fn table(n: u32) -> Result<Output, MexError> {
    listing_limit(n, "the table")?;
    let sol = exhaustive::solve(n)?;
    let mut map = serde_json::Map::new();
    let mut text = String::new();
    for (s, &t) in sol.successors.iter().enumerate() {
        let (from, to) = (
            show(&from_index(s as u64, n)),
            show(&from_index(t as u64, n)),
        );
        if n <= 8 {
            text += &format!("{from} -> {to}\n");
        }
        map.insert(from, json!(to));
    }
    if n > 8 {
        text += &format!(
            "{} states; use --json for the table\n",
            sol.successors.len()
        );
    }
    Ok(Output::new(
        json!({"n": n, "unique": sol.unique, "successors": map}),
        text,
    ))
}

/// De Bruijn sequences: generation and checking.
#[derive(Args)]
#[command(
    after_help = "Sequences are cyclic strings of 2^N bits. prefer-one is Martin's sequence with
its N leading zeroes moved to the end (N = 3: 11101000); prefer-zero is the
lexicographically least sequence (FKM); reversed-prefer-one is the play of the
shift game.

Examples:
  mex debruijn prefer-one 3
  mex debruijn prefer-zero 20 --format binary > seq.bin
  mex debruijn prefer-one 10 | mex debruijn check --json"
)]
pub struct DebruijnArgs {
    #[command(subcommand)]
    command: DebruijnCommand,
    /// Print one JSON object (check only).
    #[arg(long, global = true)]
    pub json: bool,
}

#[derive(Subcommand)]
enum DebruijnCommand {
    /// Martin's prefer-one sequence, leading zeroes moved to the end.
    PreferOne(Generate),
    /// The lexicographically least sequence (prefer-zero, by FKM).
    PreferZero(Generate),
    /// The reversed prefer-one sequence (the shift game's play).
    ReversedPreferOne(Generate),
    /// The prefer-opposite sequence (Alhakim), leading zeroes moved to the end.
    PreferOpposite(Generate),
    /// The function f of Proposition 17 whose generalized game the sequence solves.
    GameOf {
        /// The sequence as 0/1 text.
        sequence: String,
    },
    /// Run every De Bruijn sequence of order N (2 ≤ N ≤ 5) through its game (Proposition 17).
    Survey {
        /// The order.
        n: u32,
    },
    /// Solve the generalized shift game of f (Definition 16) exhaustively (n ≤ 24).
    SolveGame {
        /// f as 2^(n-1) bits of 0/1, indexed by b0 ... b(n-2) with b0 highest.
        #[arg(long, required_unless_present = "sequence")]
        f: Option<String>,
        /// A De Bruijn sequence: compare the play with it (and derive f from it if --f is absent).
        #[arg(long)]
        sequence: Option<String>,
        /// Do not list the play (needed above n = 20).
        #[arg(long)]
        no_play: bool,
    },
    /// Check that a 0/1 sequence (stdin or FILE) is De Bruijn of its order.
    Check {
        /// A file with the sequence as 0/1 text (whitespace ignored); stdin if absent.
        file: Option<String>,
    },
}

#[derive(Args)]
struct Generate {
    /// The order N (1 ≤ N ≤ 32 for prefer-one and prefer-zero, which stream;
    /// 30 for reversed-prefer-one, 26 for prefer-opposite).
    n: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// 0/1 characters and a newline.
    Text,
    /// 8 bits per byte, first bit most significant; the last byte zero-padded.
    Binary,
    /// The binary bytes as lower-case hexadecimal and a newline.
    Hex,
}

pub fn run_debruijn(a: &DebruijnArgs) -> Result<Output, MexError> {
    let (gen, bits) = match &a.command {
        DebruijnCommand::PreferOne(g) if g.n >= 3 => return stream(g, true),
        DebruijnCommand::PreferZero(g) if g.n >= 3 => return stream(g, false),
        DebruijnCommand::PreferOne(g) => (g, debruijn::prefer_one(g.n)?),
        DebruijnCommand::PreferZero(g) => (g, debruijn::fkm_least(g.n)?),
        DebruijnCommand::ReversedPreferOne(g) => {
            let mut b = debruijn::prefer_one(g.n)?;
            b.reverse();
            (g, b)
        }
        DebruijnCommand::PreferOpposite(g) => (g, debruijn::prefer_opposite(g.n)?),
        DebruijnCommand::Check { file } => return check(file.as_deref()),
        DebruijnCommand::GameOf { sequence } => return game_of(sequence),
        DebruijnCommand::Survey { n } => return survey(*n),
        DebruijnCommand::SolveGame {
            f,
            sequence,
            no_play,
        } => return solve_game(f.as_deref(), sequence.as_deref(), *no_play),
    };
    let mut out = Vec::new();
    match gen.format {
        Format::Text => out.extend(bits.iter().map(|&b| b'0' + b)),
        Format::Binary => out.extend(packed::pack(&bits)),
        Format::Hex => out.extend(
            packed::pack(&bits)
                .iter()
                .flat_map(|b| format!("{b:02x}").into_bytes()),
        ),
    }
    if !matches!(gen.format, Format::Binary) {
        out.push(b'\n');
    }
    Ok(Output::raw(out))
}

/// Streams an FKM-based sequence of order 3 ≤ n ≤ 32 to stdout in chunks:
/// nothing of size 2^n is held in memory.
fn stream(gen: &Generate, complement: bool) -> Result<Output, MexError> {
    use std::io::Write;
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed: Option<std::io::Error> = None;
    let mut text = Vec::with_capacity(8 << 16);
    packed::stream_fkm(gen.n, complement, |chunk| {
        if failed.is_some() {
            return;
        }
        let result = match gen.format {
            Format::Binary => w.write_all(chunk),
            Format::Hex => {
                text.clear();
                text.extend(
                    chunk
                        .iter()
                        .flat_map(|b| [HEX[(b >> 4) as usize], HEX[(b & 15) as usize]]),
                );
                w.write_all(&text)
            }
            Format::Text => {
                text.clear();
                text.extend(
                    chunk
                        .iter()
                        .flat_map(|&b| (0..8).rev().map(move |i| b'0' + (b >> i & 1))),
                );
                w.write_all(&text)
            }
        };
        failed = result.err();
    })?;
    let end = if matches!(gen.format, Format::Binary) {
        Ok(())
    } else {
        w.write_all(b"\n")
    };
    match failed.map_or(end.and_then(|_| w.flush()), Err) {
        Ok(()) => Ok(Output::raw(Vec::new())),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Output::raw(Vec::new())),
        Err(e) => Err(MexError::invalid(
            format!("cannot write the sequence: {e}"),
            "a writable standard output",
        )),
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn check(file: Option<&str>) -> Result<Output, MexError> {
    let mut input = String::new();
    let read = match file {
        Some(path) => std::fs::read_to_string(path).map(|t| input = t),
        None => std::io::stdin().read_to_string(&mut input).map(|_| ()),
    };
    read.map_err(|e| {
        MexError::invalid(
            format!("cannot read the sequence: {e}"),
            "a readable text file of 0 and 1, or stdin",
        )
    })?;
    let cleaned: String = input.chars().filter(|c| !c.is_whitespace()).collect();
    let bits = parse_state(&cleaned).map_err(|_| {
        let bad = cleaned
            .chars()
            .find(|&c| c != '0' && c != '1')
            .unwrap_or('?');
        MexError::invalid(
            format!("the sequence contains '{}'", bad.escape_default()),
            "only the characters 0 and 1 (whitespace is ignored)",
        )
    })?;
    let c = debruijn::check(&bits)?;
    let json = serde_json::to_value(&c).expect("serialisable");
    match &c.repeated_window {
        None => Ok(Output::new(
            json,
            format!("De Bruijn sequence of order {}\n", c.order),
        )),
        Some(r) => {
            let message = format!(
                "not a De Bruijn sequence of order {}: window {} occurs at positions {} and {}",
                c.order, r.window, r.first, r.second
            );
            Ok(Output::failure(json, message))
        }
    }
}

fn game_of(sequence: &str) -> Result<Output, MexError> {
    let beta = parse_state(sequence)?;
    let f = generalized::f_of_sequence(&beta)?;
    let n = f.len().trailing_zeros() + 1;
    let text = fields(&[
        ("order", n.to_string()),
        ("f", show(&f)),
        (
            "owner",
            "Alice moves where f(b0..b(n-2)) XOR b(n-1) = 1".into(),
        ),
    ]);
    Ok(Output::new(json!({"order": n, "f": show(&f)}), text))
}

fn solve_game(f: Option<&str>, sequence: Option<&str>, no_play: bool) -> Result<Output, MexError> {
    let beta = sequence.map(parse_state).transpose()?;
    let f = match (f, &beta) {
        (Some(f), _) => parse_state(f)?,
        (None, Some(b)) => generalized::f_of_sequence(b)?,
        (None, None) => {
            return Err(MexError::invalid(
                "no game given",
                "--f BITS or --sequence SEQ",
            ))
        }
    };
    let n = f.len().trailing_zeros() + 1;
    if !no_play {
        listing_limit(n, "the play")?;
    }
    let (r, sol) = generalized::report(&f, beta.as_deref())?;
    let mut json = serde_json::to_value(&r).expect("serialisable");
    let mut text = fields(&[
        ("order", n.to_string()),
        (
            "turns",
            r.turns
                .map_or("Bob prevents 0^n from returning".into(), |t| t.to_string()),
        ),
        ("optimal strategies unique", r.unique.to_string()),
    ]);
    text += &fields(&[(
        "play spells a De Bruijn sequence",
        r.spells_de_bruijn.to_string(),
    )]);
    if beta.is_some() {
        text += &fields(&[
            ("play spells the sequence", r.spells_sequence.to_string()),
            ("play spells its reverse", r.spells_reverse.to_string()),
        ]);
    } else {
        json.as_object_mut()
            .expect("object")
            .remove("spells_sequence");
        json.as_object_mut()
            .expect("object")
            .remove("spells_reverse");
    }
    if !no_play {
        let play: Vec<String> = sol
            .play()
            .iter()
            .map(|&s| show(&from_index(s as u64, n)))
            .collect();
        // The play spells a sequence: the dropped bit of each state, in turn.
        let spelled: String = sol
            .play()
            .iter()
            .map(|&s| if s & 1 == 1 { '1' } else { '0' })
            .collect();
        if n <= 6 {
            text += &format!("play: {}\nspelled: {spelled}\n", play.join(" "));
        }
        json["play"] = json!(play);
        json["spelled"] = json!(spelled);
    }
    Ok(Output::new(json, text))
}

fn survey(n: u32) -> Result<Output, MexError> {
    let s = generalized::proposition_17_survey(n)?;
    let text = fields(&[
        ("order", s.n.to_string()),
        ("De Bruijn sequences", s.sequences.to_string()),
        (
            "play spells the sequence",
            s.play_spells_sequence.to_string(),
        ),
        ("play spells its reverse", s.play_spells_reverse.to_string()),
        ("unique optimal strategies", s.unique_strategies.to_string()),
        ("play of exactly 2^n turns", s.turns_2_to_the_n.to_string()),
    ]);
    Ok(Output::new(
        serde_json::to_value(&s).expect("serialisable"),
        text,
    ))
}
