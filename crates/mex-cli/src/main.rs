//! `mex`: the command-line front end of mex-core. Parsing, presentation,
//! files and progress bars live here; all mathematics is in `mex-core`.

mod commands;
mod output;
mod progress;

use clap::{Parser, Subcommand};
use output::Output;
use std::process::ExitCode;

/// mex: combinatorial game theory, exact and with evidence.
#[derive(Parser)]
#[command(name = "mex", version, about, long_about = None)]
#[command(after_help = "Examples:
  mex nim 25 21 11
  mex octal 0.07 --period
  mex subtraction 2,4,7 --period --terms 20 --json
  mex sum nim:5 octal:0.07:20 subtraction:1,3,4:9 wythoff:3,5
  mex domino 40
  mex wythoff 153 289
  mex shift-game solve 4
  mex debruijn prefer-one 3

Every analysis command takes --json and then prints exactly one JSON object.
Bad input exits with status 2 and a one-line message.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Nim(commands::nim::NimArgs),
    Mex(commands::nim::MexArgs),
    Sum(commands::sum::SumArgs),
    Subtraction(commands::subtraction::SubtractionArgs),
    Octal(commands::octal::OctalArgs),
    GrundysGame(commands::octal::GrundysGameArgs),
    Domino(commands::domino::DominoArgs),
    Wythoff(commands::wythoff::WythoffArgs),
    Graph(commands::graph::GraphArgs),
    ShiftGame(commands::shift::ShiftGameArgs),
    Game(commands::game::GameArgs),
    Cherries(commands::cherries::CherriesArgs),
    StackCherries(commands::cherries::CherriesArgs),
    Ssc(commands::ssc::SscArgs),
    Domineering(commands::domineering::DomineeringArgs),
    Debruijn(commands::shift::DebruijnArgs),
}

fn run(command: Command) -> Result<(Output, bool), mex_core::MexError> {
    match command {
        Command::Nim(a) => Ok((commands::nim::run(&a)?, a.json)),
        Command::Mex(a) => Ok((commands::nim::run_mex(&a)?, a.json)),
        Command::Sum(a) => Ok((commands::sum::run(&a)?, a.json)),
        Command::Subtraction(a) => Ok((commands::subtraction::run(&a)?, a.json)),
        Command::Octal(a) => Ok((commands::octal::run(&a)?, a.json)),
        Command::GrundysGame(a) => Ok((commands::octal::run_grundys_game(&a)?, a.json)),
        Command::Domino(a) => Ok((commands::domino::run(&a)?, a.json)),
        Command::Wythoff(a) => Ok((commands::wythoff::run(&a)?, a.json)),
        Command::Graph(a) => Ok((commands::graph::run(&a)?, a.json)),
        Command::ShiftGame(a) => Ok((commands::shift::run_shift(&a)?, a.json)),
        Command::Game(a) => Ok((commands::game::run(&a)?, a.json)),
        Command::Ssc(a) => Ok((commands::ssc::run(&a)?, a.json)),
        Command::Domineering(a) => Ok((commands::domineering::run(&a)?, a.json)),
        Command::Cherries(a) => Ok((
            commands::cherries::run(&a, mex_core::partizan::cherries::Cherries::Both)?,
            a.json,
        )),
        Command::StackCherries(a) => Ok((
            commands::cherries::run(&a, mex_core::partizan::cherries::Cherries::Stack)?,
            a.json,
        )),
        Command::Debruijn(a) => Ok((commands::shift::run_debruijn(&a)?, a.json)),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let rendered = e.render().to_string();
            let first = rendered
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments");
            eprintln!(
                "mex: {}; see mex --help",
                first.trim_start_matches("error: ")
            );
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok((out, json)) => {
            out.print(json);
            match &out.failure {
                Some(message) => {
                    eprintln!("mex: {message}");
                    ExitCode::from(2)
                }
                None => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            eprintln!("mex: {e}");
            ExitCode::from(2)
        }
    }
}
