//! `mex shift-game ...` and `mex debruijn ...`.

use crate::number::{in_range, in_range_u32, u64_value};
use crate::output::{fields, Output, Report};
use clap::{Args, Subcommand, ValueEnum};
use mex_core::shift::debruijn::{Check, MAX_ORDER_IN_MEMORY};
use mex_core::shift::exhaustive::MAX_EXHAUSTIVE_N;
use mex_core::shift::generalized::{GameReport, Proposition17Survey, MAX_ENUMERATION_ORDER};
use mex_core::shift::packed::MAX_PACKED_ORDER;
use mex_core::shift::rule::Explanation;
use mex_core::shift::state::{from_index, parse_state, show};
use mex_core::shift::{debruijn, exhaustive, generalized, packed, rule};
use mex_core::MexError;
use serde::{Serialize, Serializer};
use std::io::Write;

/// The shift game (Weiss) over an n-bit shift register.
#[derive(Args)]
#[command(
    long_about = "The shift game (Weiss) over an n-bit shift register.

Rules: a state is n bits b0 ... b(n-1). Each turn b(n-1) drops out at the right,
everything shifts right and a new bit enters at the left as b0, chosen by Alice
when the dropped bit is 1 and by Bob when it is 0. Play starts at 0^n; Alice
wins when 0^n comes back (she hurries, Bob delays).",
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
        /// Register length (1 to 24).
        #[arg(value_parser = u64_value)]
        n: u64,
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
        /// Register length (1 to 20).
        #[arg(value_parser = u64_value)]
        n: u64,
    },
}

/// Most states listed (play and table).
const MAX_LISTED_N: u32 = 20;
/// Most states whose successor the text table lists one per line.
const MAX_TEXT_TABLE_N: u32 = 8;

pub fn run_shift(a: &ShiftGameArgs) -> Result<Output, MexError> {
    match &a.command {
        ShiftCommand::Solve { n, no_play } => Ok(Output::report(solve(*n, *no_play)?)),
        ShiftCommand::Next { state, explain } => Ok(Output::report(next(state, *explain)?)),
        ShiftCommand::Table { n } => Ok(Output::report(table(*n)?)),
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

/// Serialises pairs as a JSON object, in their order.
fn as_map<S: Serializer>(pairs: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

/// `mex shift-game solve N`.
#[derive(Serialize)]
struct Solved {
    n: u32,
    turns: usize,
    unique: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<Vec<String>>,
}

impl Report for Solved {
    fn text(&self) -> String {
        let n = self.n;
        let mut text = fields(&[
            ("n", n.to_string()),
            ("turns", format!("{} (2^{n} = {})", self.turns, 1u64 << n)),
            ("optimal strategies unique", self.unique.to_string()),
        ]);
        if let Some(states) = &self.play {
            if n <= 6 || states.len() <= 6 {
                text += &format!("play: {}\n", states.join(" "));
            } else {
                text += &format!(
                    "play: {} ... {} (use --json for all)\n",
                    states[..4].join(" "),
                    states[states.len() - 2..].join(" ")
                );
            }
        }
        text
    }
}

fn solve(n: u64, no_play: bool) -> Result<Solved, MexError> {
    let n = in_range_u32("register length", n, 1, MAX_EXHAUSTIVE_N)?;
    if !no_play {
        listing_limit(n, "the play")?;
    }
    let sol = exhaustive::solve(n)?;
    let play = sol.play();
    Ok(Solved {
        n,
        turns: play.len(),
        unique: sol.unique,
        play: (!no_play).then(|| {
            play.iter()
                .map(|&s| show(&from_index(s as u64, n)))
                .collect()
        }),
    })
}

/// `mex shift-game next STATE`.
#[derive(Serialize)]
struct Next {
    state: String,
    next: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<Explanation>,
    #[serde(skip)]
    dropped: u8,
}

impl Report for Next {
    fn text(&self) -> String {
        let mut text = fields(&[("next", self.next.clone())]);
        let Some(e) = &self.explanation else {
            return text;
        };
        let chooser = format!("{:?} (dropped bit {})", e.chooser, self.dropped);
        let examined = format!("{} (the state with its last bit set to 1)", e.examined);
        let rank = format!("{} (greatest rotation, from the head)", e.rank_bits);
        let tail = format!("{} (least significant 1 of the rank)", e.tail);
        let step = if e.flip {
            "complement the dropped bit (tail = n-1)"
        } else {
            "repeat the dropped bit (tail != n-1)"
        };
        text += &fields(&[
            ("chooser", chooser),
            ("examined", examined),
            ("rank", rank),
            ("head", e.head.to_string()),
            ("tail", tail),
            ("move", step.to_string()),
        ]);
        text
    }
}

fn next(state: &str, explain: bool) -> Result<Next, MexError> {
    let bits = parse_state(state)?;
    let (next, e) = rule::next_with_explanation(&bits);
    Ok(Next {
        state: show(&bits),
        next: show(&next),
        explanation: explain.then_some(e),
        dropped: bits[bits.len() - 1],
    })
}

/// `mex shift-game table N`.
#[derive(Serialize)]
struct Table {
    n: u32,
    unique: bool,
    /// Every state and its successor, in the order of the states' indices.
    #[serde(serialize_with = "as_map")]
    successors: Vec<(String, String)>,
}

impl Report for Table {
    fn text(&self) -> String {
        if self.n > MAX_TEXT_TABLE_N {
            return format!(
                "{} states; use --json for the table\n",
                self.successors.len()
            );
        }
        self.successors
            .iter()
            .map(|(from, to)| format!("{from} -> {to}\n"))
            .collect()
    }
}

fn table(n: u64) -> Result<Table, MexError> {
    let n = in_range_u32("register length", n, 1, MAX_LISTED_N)?;
    let sol = exhaustive::solve(n)?;
    let successors = sol
        .successors
        .iter()
        .enumerate()
        .map(|(s, &t)| {
            (
                show(&from_index(s as u64, n)),
                show(&from_index(t as u64, n)),
            )
        })
        .collect();
    Ok(Table {
        n,
        unique: sol.unique,
        successors,
    })
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
  mex debruijn prefer-one 3 --json
  mex debruijn prefer-zero 20 --format binary > seq.bin
  mex debruijn prefer-one 10 | mex debruijn check --json
  mex debruijn graph 4 --svg debruijn4.svg
  mex debruijn graph 3 --dot | dot -Tpng > debruijn3.png"
)]
pub struct DebruijnArgs {
    #[command(subcommand)]
    command: DebruijnCommand,
    /// Print one JSON object (generators: orders up to 20, as 0/1 text).
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
        /// The order (2 to 5).
        #[arg(value_parser = u64_value)]
        n: u64,
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
    /// The De Bruijn graph of order N (1 ≤ N ≤ 6) with the shift game's optimal play as its path.
    Graph {
        /// The order (1 to 6).
        #[arg(value_parser = u64_value)]
        n: u64,
        /// Write the picture as SVG to FILE.
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
        /// Write the graph as Graphviz text to FILE, or to stdout without FILE.
        #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-")]
        dot: Option<String>,
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
    /// 30 for reversed-prefer-one, 26 for prefer-opposite; 20 with --json).
    #[arg(value_parser = u64_value)]
    n: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// 0/1 characters and a newline.
    Text,
    /// 8 bits per byte, first bit most significant; the last byte zero-padded.
    Binary,
    /// The binary bytes as lower-case hexadecimal and a newline.
    Hex,
}

/// Largest order printed as one JSON object.
const MAX_JSON_ORDER: u32 = 20;

pub fn run_debruijn(a: &DebruijnArgs) -> Result<Output, MexError> {
    match &a.command {
        DebruijnCommand::PreferOne(g) => generate(g, Generator::PreferOne, a.json),
        DebruijnCommand::PreferZero(g) => generate(g, Generator::PreferZero, a.json),
        DebruijnCommand::ReversedPreferOne(g) => generate(g, Generator::ReversedPreferOne, a.json),
        DebruijnCommand::PreferOpposite(g) => generate(g, Generator::PreferOpposite, a.json),
        DebruijnCommand::Check { file } => Ok(Output::report(check(file.as_deref())?)),
        DebruijnCommand::GameOf { sequence } => Ok(Output::report(game_of(sequence)?)),
        DebruijnCommand::Survey { n } => Ok(Output::report(survey(*n)?)),
        DebruijnCommand::Graph { n, svg, dot } => graph(*n, svg.as_deref(), dot.as_deref(), a.json),
        DebruijnCommand::SolveGame {
            f,
            sequence,
            no_play,
        } => Ok(Output::report(solve_game(
            f.as_deref(),
            sequence.as_deref(),
            *no_play,
        )?)),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Generator {
    PreferOne,
    PreferZero,
    ReversedPreferOne,
    PreferOpposite,
}

impl Generator {
    /// The largest order generated.
    fn max_order(self) -> u32 {
        match self {
            Generator::PreferOne | Generator::PreferZero => MAX_PACKED_ORDER,
            Generator::ReversedPreferOne => MAX_ORDER_IN_MEMORY,
            Generator::PreferOpposite => 26,
        }
    }

    /// The sequence in memory, one bit a byte.
    fn bits(self, n: u32) -> Result<Vec<u8>, MexError> {
        match self {
            Generator::PreferOne => debruijn::prefer_one(n),
            Generator::PreferZero => debruijn::fkm_least(n),
            Generator::ReversedPreferOne => {
                let mut bits = debruijn::prefer_one(n)?;
                bits.reverse();
                Ok(bits)
            }
            Generator::PreferOpposite => debruijn::prefer_opposite(n),
        }
    }

    /// Whether the packed engine streams it (complemented for prefer-one).
    fn streamed(self, n: u32) -> Option<bool> {
        match self {
            Generator::PreferOne if n >= 3 => Some(true),
            Generator::PreferZero if n >= 3 => Some(false),
            _ => None,
        }
    }
}

/// A generated sequence as one JSON object.
#[derive(Serialize)]
struct Sequence {
    order: u32,
    sequence: String,
}

impl Report for Sequence {
    fn text(&self) -> String {
        format!("{}\n", self.sequence)
    }
}

fn generate(gen: &Generate, which: Generator, json: bool) -> Result<Output, MexError> {
    let n = in_range_u32("order", gen.n, 1, which.max_order())?;
    if json {
        in_range("order", n, 1, MAX_JSON_ORDER).map_err(|_| {
            MexError::too_large(
                format!("order {n} with --json"),
                format!("order {MAX_JSON_ORDER}"),
                "drop --json to stream the sequence",
            )
        })?;
        if gen.format != Format::Text {
            return Err(MexError::invalid(
                "--json with --format binary or hex",
                "--json alone (the sequence as 0/1 text), or --format without --json",
            ));
        }
        let sequence = which
            .bits(n)?
            .iter()
            .map(|&b| char::from(b'0' + b))
            .collect();
        return Ok(Output::report(Sequence { order: n, sequence }));
    }
    let format = gen.format;
    if let Some(complement) = which.streamed(n) {
        return Ok(Output::stream(move |w| stream(n, complement, format, w)));
    }
    let bits = which.bits(n)?;
    let mut out = Vec::new();
    match format {
        Format::Text => out.extend(bits.iter().map(|&b| b'0' + b)),
        Format::Binary => out.extend(packed::pack(&bits)),
        Format::Hex => out.extend(hex(&packed::pack(&bits))),
    }
    if format != Format::Binary {
        out.push(b'\n');
    }
    Ok(Output::bytes(out))
}

/// Bytes as lower-case hexadecimal digits.
fn hex(bytes: &[u8]) -> impl Iterator<Item = u8> + '_ {
    bytes
        .iter()
        .flat_map(|b| [HEX[(b >> 4) as usize], HEX[(b & 15) as usize]])
}

/// Streams an FKM-based sequence of order 3 ≤ n ≤ 32 in chunks: nothing of
/// size 2^n is held in memory, and generation stops at the first write
/// error (a reader that went away).
fn stream(n: u32, complement: bool, format: Format, w: &mut dyn Write) -> std::io::Result<()> {
    let mut failed: Option<std::io::Error> = None;
    let mut text = Vec::with_capacity(8 << 16);
    packed::stream_fkm_while(n, complement, |chunk| {
        let result = match format {
            Format::Binary => w.write_all(chunk),
            Format::Hex => {
                text.clear();
                text.extend(hex(chunk));
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
        failed.is_none()
    })
    .map_err(std::io::Error::other)?;
    if let Some(e) = failed {
        return Err(e);
    }
    if format != Format::Binary {
        w.write_all(b"\n")?;
    }
    Ok(())
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// `mex debruijn check`: the verdict, with the repeated window of a failure.
#[derive(Serialize)]
#[serde(transparent)]
struct Checked(Check);

impl Report for Checked {
    fn text(&self) -> String {
        format!("De Bruijn sequence of order {}\n", self.0.order)
    }

    fn verdict(&self) -> Option<String> {
        let r = self.0.repeated_window.as_ref()?;
        Some(format!(
            "not a De Bruijn sequence of order {}: window {} occurs at positions {} and {}",
            self.0.order, r.window, r.first, r.second
        ))
    }
}

/// The bits of a 0/1 text, whitespace ignored; `what` names it in errors.
fn bits_of(input: &str, what: &str) -> Result<Vec<u8>, MexError> {
    let accepted = "a 0/1 sequence of length 2^n, n ≥ 1 (whitespace is ignored)";
    let bits = input
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '0' => Ok(0),
            '1' => Ok(1),
            _ => Err(MexError::invalid(
                format!("the {what} contains '{}'", c.escape_default()),
                accepted,
            )),
        })
        .collect::<Result<Vec<u8>, _>>()?;
    if bits.is_empty() {
        return Err(MexError::invalid(format!("the {what} is empty"), accepted));
    }
    Ok(bits)
}

fn check(file: Option<&str>) -> Result<Checked, MexError> {
    let mut sequence = debruijn::SequenceReader::default();
    let cap = crate::files::MAX_SEQUENCE_BYTES;
    crate::files::for_each_chunk(file, "the sequence", cap, |chunk| sequence.push_text(chunk))?;
    Ok(Checked(sequence.check()?))
}

/// `mex debruijn game-of SEQ`.
#[derive(Serialize)]
struct GameOf {
    order: u32,
    f: String,
}

impl Report for GameOf {
    fn text(&self) -> String {
        fields(&[
            ("order", self.order.to_string()),
            ("f", self.f.clone()),
            (
                "owner",
                "Alice moves where f(b0..b(n-2)) XOR b(n-1) = 1".into(),
            ),
        ])
    }
}

fn game_of(sequence: &str) -> Result<GameOf, MexError> {
    let beta = bits_of(sequence, "sequence")?;
    let f = generalized::f_of_sequence(&beta)?;
    Ok(GameOf {
        order: f.len().trailing_zeros() + 1,
        f: show(&f),
    })
}

/// `mex debruijn solve-game`.
#[derive(Serialize)]
struct SolvedGame {
    n: u32,
    f: String,
    /// Turns until 0^n returns; `None` when Bob keeps it away.
    turns: Option<usize>,
    unique: bool,
    spells_de_bruijn: bool,
    /// Only when a sequence was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    spells_sequence: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    spells_reverse: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<Vec<String>>,
    /// The dropped bit of each state of the play, turn by turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    spelled: Option<String>,
}

impl Report for SolvedGame {
    fn text(&self) -> String {
        let turns = self
            .turns
            .map_or("Bob prevents 0^n from returning".into(), |t| t.to_string());
        let mut pairs = vec![
            ("order", self.n.to_string()),
            ("turns", turns),
            ("optimal strategies unique", self.unique.to_string()),
            (
                "play spells a De Bruijn sequence",
                self.spells_de_bruijn.to_string(),
            ),
        ];
        if let (Some(forward), Some(reverse)) = (self.spells_sequence, self.spells_reverse) {
            pairs.push(("play spells the sequence", forward.to_string()));
            pairs.push(("play spells its reverse", reverse.to_string()));
        }
        let mut text = fields(&pairs);
        if let (Some(play), Some(spelled)) = (&self.play, &self.spelled) {
            if self.n <= 6 {
                text += &format!("play: {}\nspelled: {spelled}\n", play.join(" "));
            }
        }
        text
    }
}

fn solve_game(
    f: Option<&str>,
    sequence: Option<&str>,
    no_play: bool,
) -> Result<SolvedGame, MexError> {
    let beta = sequence.map(|s| bits_of(s, "sequence")).transpose()?;
    let f = match (f, &beta) {
        (Some(f), _) => bits_of(f, "function f")?,
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
    let (r, sol): (GameReport, _) = generalized::report(&f, beta.as_deref())?;
    let (play, spelled) = if no_play {
        (None, None)
    } else {
        let play = sol.play();
        let states = play
            .iter()
            .map(|&s| show(&from_index(s as u64, n)))
            .collect();
        let spelled = play
            .iter()
            .map(|&s| if s & 1 == 1 { '1' } else { '0' })
            .collect();
        (Some(states), Some(spelled))
    };
    let compared = beta.is_some();
    Ok(SolvedGame {
        n: r.n,
        f: r.f,
        turns: r.turns,
        unique: r.unique,
        spells_de_bruijn: r.spells_de_bruijn,
        spells_sequence: compared.then_some(r.spells_sequence),
        spells_reverse: compared.then_some(r.spells_reverse),
        play,
        spelled,
    })
}

/// `mex debruijn survey N`.
#[derive(Serialize)]
#[serde(transparent)]
struct Survey(Proposition17Survey);

impl Report for Survey {
    fn text(&self) -> String {
        let s = &self.0;
        fields(&[
            ("order", s.n.to_string()),
            ("De Bruijn sequences", s.sequences.to_string()),
            (
                "play spells the sequence",
                s.play_spells_sequence.to_string(),
            ),
            ("play spells its reverse", s.play_spells_reverse.to_string()),
            ("unique optimal strategies", s.unique_strategies.to_string()),
            ("play of exactly 2^n turns", s.turns_2_to_the_n.to_string()),
        ])
    }
}

fn survey(n: u64) -> Result<Survey, MexError> {
    let n = in_range_u32("order", n, 2, MAX_ENUMERATION_ORDER)?;
    Ok(Survey(generalized::proposition_17_survey(n)?))
}

/// `mex debruijn graph`: the graph's size and the optimal play.
#[derive(Serialize)]
struct GraphReport {
    n: u32,
    vertices: usize,
    edges: usize,
    /// The optimal play from 0^n, b0 first; the next turn returns to 0^n.
    play: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    svg: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dot: Option<String>,
}

impl Report for GraphReport {
    fn text(&self) -> String {
        let mut pairs = vec![
            ("order", self.n.to_string()),
            ("vertices", self.vertices.to_string()),
            ("edges", self.edges.to_string()),
            ("play", self.play.join(" ")),
        ];
        if let Some(f) = &self.svg {
            pairs.push(("svg written to", f.clone()));
        }
        if let Some(f) = &self.dot {
            pairs.push(("dot written to", f.clone()));
        }
        fields(&pairs)
    }
}

fn graph(
    n: u64,
    svg: Option<&std::path::Path>,
    dot: Option<&str>,
    json: bool,
) -> Result<Output, MexError> {
    use mex_core::shift::graph::DeBruijnGraph;
    use mex_present::pictures;
    if json && dot == Some("-") {
        return Err(MexError::invalid(
            "--dot without a file prints Graphviz text, which is not JSON",
            "--dot FILE together with --json, or --dot alone",
        ));
    }
    let g = DeBruijnGraph::new(n)?;
    let path = pictures::closed_play(&g);
    if let Some(file) = svg {
        let title = format!("De Bruijn graph of order {n} and the optimal play of the shift game");
        crate::files::write_file(file, &pictures::debruijn_svg(&g, &path, &title), "--svg")?;
    }
    let dot_text = dot.map(|_| pictures::debruijn_dot(&g, &path));
    match (dot, dot_text) {
        (Some("-"), Some(text)) => return Ok(Output::bytes(text.into_bytes())),
        (Some(file), Some(text)) => {
            crate::files::write_file(std::path::Path::new(file), &text, "--dot")?
        }
        _ => {}
    }
    Ok(Output::report(GraphReport {
        n: g.n,
        vertices: g.play.len(),
        edges: g.edges.len(),
        play: g.play.iter().map(|&s| g.label(s)).collect(),
        svg: svg.map(|p| p.display().to_string()),
        dot: dot.map(str::to_string),
    }))
}
