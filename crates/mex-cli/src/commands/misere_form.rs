//! `mex misere`: misère canonical forms of impartial games (the `--misere`
//! flag of other commands is `commands/misere.rs`).

use crate::output::{Output, Report};
use clap::{Args, ValueEnum};
use mex_core::impartial::misere_form::Notation;
use mex_core::MexError;
use mex_present::misere_form::MisereFormReport;

/// Misère canonical forms of impartial games (Conway, On Numbers and
/// Games, ch. 12). Reads CGSuite's printed notation, Conway's subscripts
/// (`*[2#0]` is the game with options {*2} and 0, `*[2[2]]` is *2+*2,
/// `*[42]` the game with options *4 and *2), and CGSuite's list notation
/// (`*[2,1]` is the game with options *2 and *, `*[[2],0]` the game with
/// options {*2} and 0; a lone item stands for itself, `*[2]` is *2); `0`,
/// `*`, `*n` are nim-heaps; `+` adds. Prints the simplest form as CGSuite
/// does (`--notation list` for lists), its birthday, genus, mate, misère
/// outcome, normal and misère nim values, whether it is tame, restive,
/// restless, extraverted, introverted, prime or even, its options, parts
/// and partitions.
#[derive(Args)]
#[command(after_help = "Examples:
  mex misere \"*[2,1]\"            # prints canonical: *[0]
  mex misere \"*[2#0]\"            # restive: genus 1^{20}
  mex misere \"*[[2],0]\" --notation list
  mex misere \"*2+*2\" --json
  mex misere \"*[[*[4]+*[2]]]\"    # two partitions into primes")]
pub struct MisereFormArgs {
    /// The form, e.g. \"*[[2],1]\" or a sum \"*[[2],0]+*\".
    form: String,
    /// Print one JSON object: `canonical`, `birthday`, `genus`, `mate`,
    /// `misere_outcome`, `nim_value`, `misere_nim_value`, the booleans
    /// `tame`, `restive`, `restless`, `extraverted`, `introverted`,
    /// `prime`, `even`, `nim_heap`, and `options`, `parts`, `partitions`.
    #[arg(long)]
    pub json: bool,
    /// How forms are printed: `conway`, as CGSuite prints them (`*[2#0]`),
    /// or `list`, CGSuite's input notation (`*[[2],0]`).
    #[arg(long, value_enum, default_value = "conway")]
    pub notation: NotationArg,
}

/// The notation of `--notation`.
#[derive(Clone, Copy, ValueEnum)]
pub enum NotationArg {
    /// As CGSuite prints forms: Conway's subscripts, `*[2#0]`.
    Conway,
    /// CGSuite's input notation: nested lists, `*[[2],0]`.
    List,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Self {
        match n {
            NotationArg::Conway => Notation::Conway,
            NotationArg::List => Notation::List,
        }
    }
}

impl Report for MisereFormReport {
    fn text(&self) -> String {
        MisereFormReport::text(self)
    }
}

pub fn run(a: &MisereFormArgs) -> Result<Output, MexError> {
    Ok(Output::report(MisereFormReport::evaluate_in(
        &a.form,
        a.notation.into(),
    )?))
}

/// CGSuite's compact impartial notation read by `mex game`: when `text`
/// holds a `*[…]` form, the nimber `*g` of its normal-play value `g`
/// (Sprague–Grundy), to be read by the partizan notation. The misère
/// simplification keeps `g`: it is the first part of the genus, which
/// misère-equal games share (Conway 1976, ch. 12). `None` for any other
/// text.
pub fn normal_play_nimber(text: &str) -> Option<Result<String, MexError>> {
    if !text.contains("*[") {
        return None;
    }
    let mut store = mex_core::impartial::misere_form::MisereStore::default();
    Some(
        store
            .parse(text.trim())
            .map(|g| format!("*{}", store.nim_value(g))),
    )
}
