//! `mex`: the command-line front end of mex-core. Parsing, presentation,
//! files and progress bars live here; all mathematics is in `mex-core`.

mod commands;
mod files;
mod number;
mod output;
mod progress;

use clap::{CommandFactory, Parser, Subcommand};
use output::Output;
use std::io::{ErrorKind, Write};
use std::process::ExitCode;

/// mex: combinatorial game theory, exact and with evidence.
#[derive(Parser)]
#[command(name = "mex", version, about, long_about = None)]
#[command(after_help = "Examples:
  mex games
  mex value domineering 3x3
  mex moves nim 3,4,5
  mex nim 25 21 11
  mex octal 0.07 --period
  mex subtraction 2,4,7 --period --terms 20 --json
  mex sum nim:5 octal:0.07:20 subtraction:1,3,4:9 wythoff:3,5
  mex domino 40
  mex wythoff 153 289
  mex shift-game solve 4
  mex game \"{2|-1}\" --cool 1 --options
  mex compare \"^\" \"*\"
  mex nimber \"2*3\"
  mex debruijn prefer-one 3

Every analysis command takes --json and then prints exactly one JSON object.
Numbers: decimal, with _ separators (1_000), or powers (2^20, 10^18).
The analysis commands take --time-limit SECONDS (mex value cram 6x7 --time-limit 60):
past it the work stops with one line, status 2 (a checkpointed search saves first).

Exit status:
  0  success (also when the reader of standard output goes away)
  1  a check answered no (mex debruijn check: not a De Bruijn sequence)
  2  bad input, a refused size, or standard output could not be written;
     one line on stderr says what was wrong and what is accepted")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Stop the work after this many seconds (a decimal such as 30 or 0.5,
    /// at most 10^9), with one line saying so and status 2; a search with
    /// --checkpoint saves its table first
    #[arg(long, global = true, value_name = "SECONDS", value_parser = number::parse_seconds)]
    time_limit: Option<std::time::Duration>,
}
#[derive(Subcommand)]
enum Command {
    Nim(commands::aliases::NimArgs),
    Mex(commands::mex_set::MexArgs),
    Games(commands::catalog::GamesArgs),
    Value(commands::catalog::ValueArgs),
    Moves(commands::catalog::MovesArgs),
    Sum(commands::sum::SumArgs),
    Subtraction(commands::subtraction::SubtractionArgs),
    Octal(commands::octal::OctalArgs),
    GrundysGame(commands::octal::GrundysGameArgs),
    Domino(commands::domino::DominoArgs),
    Wythoff(commands::aliases::WythoffArgs),
    Graph(commands::graph::GraphArgs),
    ShiftGame(commands::shift::ShiftGameArgs),
    Game(commands::game::GameArgs),
    Compare(commands::game::CompareArgs),
    Nimber(commands::nimber::NimberArgs),
    Misere(commands::misere_form::MisereFormArgs),
    MisereQuotient(commands::misere_quotient::MisereQuotientArgs),
    /// Cherries (take a cherry of your colour from either end of a row):
    /// the value of a position (an integer) and its outcome.
    #[command(long_about = commands::aliases::CHERRIES_ABOUT)]
    Cherries(commands::aliases::CherriesArgs),
    /// Stack Cherries (take a cherry of your colour from the front of a
    /// row only): the value of a position (an integer) and its outcome.
    #[command(long_about = commands::aliases::STACK_CHERRIES_ABOUT)]
    StackCherries(commands::aliases::CherriesArgs),
    Ssc(commands::ssc::SscArgs),
    Domineering(commands::aliases::DomineeringArgs),
    Debruijn(commands::shift::DebruijnArgs),
    Serve(commands::serve::ServeArgs),
    Play(commands::play::PlayArgs),
    CheckProof(commands::proof::CheckProofArgs),
    Db(commands::db::DbArgs),
}

fn run(command: Command) -> Result<(Output, bool), mex_core::MexError> {
    match command {
        Command::Nim(a) => Ok((commands::aliases::run_nim(&a)?, a.json)),
        Command::Mex(a) => Ok((commands::mex_set::run_mex(&a)?, a.json)),
        Command::Games(a) => Ok((commands::catalog::run_games(&a)?, a.json)),
        Command::Value(a) => Ok((commands::catalog::run_value(&a)?, a.json)),
        Command::Moves(a) => Ok((commands::catalog::run_moves(&a)?, a.json)),
        Command::Sum(a) => Ok((commands::sum::run(&a)?, a.json)),
        Command::Subtraction(a) => Ok((commands::subtraction::run(&a)?, a.json)),
        Command::Octal(a) => Ok((commands::octal::run(&a)?, a.json)),
        Command::GrundysGame(a) => Ok((commands::octal::run_grundys_game(&a)?, a.json)),
        Command::Domino(a) => Ok((commands::domino::run(&a)?, a.json)),
        Command::Wythoff(a) => Ok((commands::aliases::run_wythoff(&a)?, a.json)),
        Command::Graph(a) => Ok((commands::graph::run(&a)?, a.json)),
        Command::ShiftGame(a) => Ok((commands::shift::run_shift(&a)?, a.json)),
        Command::Game(a) => Ok((commands::game::run(&a)?, a.json)),
        Command::Nimber(a) => Ok((commands::nimber::run(&a)?, a.json)),
        Command::Misere(a) => Ok((commands::misere_form::run(&a)?, a.json)),
        Command::MisereQuotient(a) => Ok((commands::misere_quotient::run(&a)?, a.json)),
        Command::Compare(a) => Ok((commands::game::run_compare(&a)?, a.json)),
        Command::Ssc(a) => Ok((commands::ssc::run(&a)?, a.json)),
        Command::Domineering(a) => Ok((commands::aliases::run_domineering(&a)?, a.json)),
        Command::Cherries(a) => Ok((commands::aliases::run_cherries(&a, "cherries")?, a.json)),
        Command::StackCherries(a) => Ok((
            commands::aliases::run_cherries(&a, "stack-cherries")?,
            a.json,
        )),
        Command::Debruijn(a) => Ok((commands::shift::run_debruijn(&a)?, a.json)),
        Command::Serve(a) => Ok((commands::serve::run(&a)?, false)),
        Command::Play(a) => Ok((commands::play::run(&a)?, false)),
        Command::CheckProof(a) => Ok((commands::proof::run_check(&a)?, a.json)),
        Command::Db(a) => Ok((commands::db::run(&a)?, a.json())),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e),
    };
    let Some(command) = cli.command else {
        return match Cli::command().print_help() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => write_failed(e),
        };
    };
    let result = match cli.time_limit {
        Some(limit) => {
            mex_core::stop::run_under(&mex_core::stop::StopToken::with_time_limit(limit), || {
                run(command)
            })
        }
        None => run(command),
    };
    let (out, json) = match result {
        Ok(result) => result,
        Err(e) => return fail(&e.to_string(), 2),
    };
    let stdout = std::io::stdout();
    let mut writer = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    match out.write(json, &mut writer) {
        Ok(None) => ExitCode::SUCCESS,
        Ok(Some(verdict)) => fail(&verdict, 1),
        Err(e) => write_failed(e),
    }
}

/// Help and version go to stdout with status 0. A value our parsers
/// refused (a number, say) is one line naming the argument, what was wrong
/// and what is accepted. Other usage errors print as clap renders them
/// (the missing argument, "a similar subcommand exists" tips), status 2.
fn clap_error(e: &clap::Error) -> ExitCode {
    if !e.use_stderr() {
        return match e.print() {
            Ok(()) => ExitCode::SUCCESS,
            Err(io) => write_failed(io),
        };
    }
    if e.kind() == clap::error::ErrorKind::ValueValidation {
        if let Some(line) = invalid_value_line(e) {
            return fail(&line, 2);
        }
        let rendered = e.render().to_string();
        let first = rendered.lines().next().unwrap_or_default();
        return fail(first.trim_start_matches("error: "), 2);
    }
    let _ = e.print();
    ExitCode::from(2)
}

/// "invalid value '…' for '--terms <N>': why", the value shortened as
/// every echoed input is ([`mex_core::error::quote`]) and the reason kept
/// to one bounded line ([`mex_core::error::one_line`]): clap's own
/// rendering repeats a value of any length in full.
fn invalid_value_line(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let (arg, value) = (
        text(ContextKind::InvalidArg)?,
        text(ContextKind::InvalidValue)?,
    );
    let why = std::error::Error::source(e)?.to_string();
    Some(format!(
        "invalid value {} for '{arg}': {}",
        mex_core::error::quote(&value),
        mex_core::error::one_line(&why)
    ))
}

/// A closed stdout (the reader went away, as in `mex ... | head`) ends the
/// command quietly with status 0; a stream that stopped on bad input it
/// read (an error carrying a `MexError`, as `mex play` gives for an
/// over-long line) is that error's line and status 2; any other write
/// error is one line and status 2.
fn write_failed(e: std::io::Error) -> ExitCode {
    if e.kind() == ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    if let Some(refused) = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<mex_core::MexError>())
    {
        return fail(&refused.to_string(), 2);
    }
    fail(&format!("cannot write to standard output: {e}"), 2)
}

/// One line on stderr and the status.
fn fail(message: &str, status: u8) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "mex: {message}");
    ExitCode::from(status)
}
