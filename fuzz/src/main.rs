//! The AFL++ fuzz target: every parser a user reaches in `mex-core`, and
//! parsing and decomposition through the catalog of games, on bytes chosen
//! by the fuzzer. The first byte chooses the entry point, the rest is the
//! input. The property: no panic (AFL records one as a crash), no hang
//! (AFL's time limit), and every refusal is one line of bounded length
//! without control characters.

use mex_core::games;
use mex_core::heap::checkpoint;
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::subtraction::SubtractionSet;
use mex_core::partizan::domineering::Grid;
use mex_core::partizan::store::GameStore;
use mex_core::partizan::{cherries, notation};
use mex_core::shift::debruijn::SequenceReader;
use mex_core::shift::state::parse_state;
use mex_core::solve::graph::ExplicitGraph;
use mex_core::sync::ssc;
use mex_core::{bigint, MexError};
use std::str::FromStr;

/// The game store's memory budget here: 64 MiB, not the command line's
/// 1.5 GiB. The budget's checks are the same whatever its size, and a
/// small one ends the deepest inputs (`^444444 + {2||2|0}` nests 444 444
/// levels: 8 s and 1.2 GB under the default budget) in milliseconds, so
/// that AFL spends its time on new inputs rather than on big values.
const FUZZ_BUDGET: usize = 64 << 20;

/// Longest message accepted from any parser, in characters.
const MAX_MESSAGE_CHARS: usize = 2000;

fn one_line<T>(result: Result<T, MexError>) {
    if let Err(e) = result {
        let message = e.to_string();
        assert!(!message.chars().any(char::is_control), "{message:?}");
        assert!(message.chars().count() <= MAX_MESSAGE_CHARS, "{message:?}");
    }
}

fn run(selector: u8, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let text = text.as_ref();
    match selector % 13 {
        0 => one_line(notation::parse(
            &mut GameStore::with_budget(FUZZ_BUDGET),
            text,
        )),
        1 => one_line(Grid::parse(text)),
        2 => one_line(TakeBreakCode::from_str(text)),
        3 => one_line(SubtractionSet::parse(text)),
        4 => one_line(ExplicitGraph::parse(text)),
        5 => one_line(ssc::parse_segment(text)),
        6 => one_line(cherries::parse_rows(text)),
        7 => one_line(parse_state(text)),
        8 => one_line(bigint::parse_natural(text)),
        9 => {
            let code = TakeBreakCode::from_str("0.07").expect("a valid code");
            one_line(checkpoint::decode(&code, bytes));
        }
        10 => {
            let mut reader = SequenceReader::default();
            let read = reader.push_text(bytes);
            one_line(read.and_then(|_| reader.check()));
        }
        11 => one_line(games::sum::Summand::parse(text)),
        _ => {
            // A catalog game chosen by the second byte: parse and print
            // back, and split into components.
            let Some((&which, rest)) = bytes.split_first() else {
                return;
            };
            let all = games::catalog();
            let game = all[which as usize % all.len()];
            let position = String::from_utf8_lossy(rest);
            // As the front ends do, a refused position goes no further.
            let normalized = game.normalize(&position);
            let accepted = normalized.is_ok();
            one_line(normalized);
            if accepted {
                one_line(game.components(&position));
            }
        }
    }
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Some((&selector, rest)) = data.split_first() {
            run(selector, rest);
        }
    });
}
