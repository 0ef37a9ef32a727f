//! Every parser a user reaches, fed arbitrary strings and structured
//! near-valid input: it never panics, and when it refuses, the message is
//! one line of bounded length without control characters.

use mex_core::heap::checkpoint;
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::subtraction::SubtractionSet;
use mex_core::partizan::domineering::Grid;
use mex_core::partizan::loopy::notation as loopy_notation;
use mex_core::partizan::store::{GameStore, DEFAULT_BUDGET};
use mex_core::partizan::{cherries, notation, syntax};
use mex_core::shift::debruijn::SequenceReader;
use mex_core::shift::state::parse_state;
use mex_core::solve::graph::ExplicitGraph;
use mex_core::sync::ssc;
use mex_core::{bigint, MexError};
use proptest::prelude::*;
use std::str::FromStr;

/// Longest message accepted from any parser, in characters.
const MAX_MESSAGE_CHARS: usize = 2000;

fn assert_one_line<T>(input: &str, result: Result<T, MexError>) -> Result<(), TestCaseError> {
    if let Err(e) = result {
        let message = e.to_string();
        prop_assert!(
            !message.chars().any(char::is_control),
            "input {:?}: {:?}",
            input,
            message
        );
        prop_assert!(
            message.chars().count() <= MAX_MESSAGE_CHARS,
            "input of {} bytes: message of {} chars",
            input.len(),
            message.len()
        );
    }
    Ok(())
}

/// Runs every text parser on `text`.
fn every_parser(text: &str) -> Result<(), TestCaseError> {
    let mut store = GameStore::with_budget(DEFAULT_BUDGET);
    assert_one_line(text, notation::parse(&mut store, text))?;
    assert_one_line(text, syntax::read(text))?;
    assert_one_line(text, loopy_notation::parse(text))?;
    assert_one_line(text, Grid::parse(text))?;
    assert_one_line(text, TakeBreakCode::from_str(text))?;
    assert_one_line(text, SubtractionSet::parse(text))?;
    assert_one_line(text, ExplicitGraph::parse(text))?;
    assert_one_line(text, ssc::parse_segment(text))?;
    assert_one_line(text, cherries::parse_rows(text))?;
    assert_one_line(text, parse_state(text))?;
    assert_one_line(text, bigint::parse_natural(text))?;
    let code = TakeBreakCode::from_str("0.07").unwrap();
    assert_one_line(text, checkpoint::decode(&code, text.as_bytes()))?;
    let mut reader = SequenceReader::default();
    let read = reader.push_text(text.as_bytes());
    assert_one_line(text, read.and_then(|_| reader.check()))?;
    Ok(())
}

/// Structured near-valid input: fragments of every notation, joined.
fn near_valid() -> impl Strategy<Value = String> {
    let fragment = prop_oneof![
        Just("{".to_string()),
        Just("}".to_string()),
        Just("|".to_string()),
        Just("||".to_string()),
        Just(",".to_string()),
        Just(":".to_string()),
        Just("=".to_string()),
        Just("\n".to_string()),
        Just(" ".to_string()),
        Just("/".to_string()),
        Just("*".to_string()),
        Just("^".to_string()),
        Just("x".to_string()),
        Just(".".to_string()),
        Just("#".to_string()),
        Just("-".to_string()),
        Just("win".to_string()),
        Just("draw".to_string()),
        Just("\0".to_string()),
        Just("é".to_string()),
        "[0-9]{1,12}",
        "[01]{1,12}",
        "[BW]{1,8}",
        "[a-c]{1,2}",
        "0\\.[0-7]{1,4}",
        "[0-9]{1,3}x[0-9]{1,11}",
    ];
    proptest::collection::vec(fragment, 0..12).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,40}") {
        every_parser(&text)?;
    }

    #[test]
    fn near_valid_input_never_panics(text in near_valid()) {
        every_parser(&text)?;
    }

    #[test]
    fn checkpoint_bytes_never_panic(
        header in "[a-z0-9 .:=\n]{0,60}",
        body in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        let code = TakeBreakCode::from_str("0.07").unwrap();
        let mut bytes = header.clone().into_bytes();
        bytes.extend_from_slice(b"\n\n");
        bytes.extend_from_slice(&body);
        assert_one_line(&header, checkpoint::decode(&code, &bytes))?;
        let valid = checkpoint::encode(&code, &[0, 1, 2, 3]);
        let mut damaged = valid.clone();
        if !body.is_empty() {
            let at = body[0] as usize % damaged.len();
            damaged[at] ^= body[body.len() - 1] | 1;
            damaged.truncate(damaged.len() - body.len() % damaged.len());
        }
        assert_one_line(&header, checkpoint::decode(&code, &damaged))?;
    }
}

/// Issue 8: very long input (262 KB) was echoed whole into one message.
#[test]
fn long_input_is_not_echoed_whole() {
    for long in [
        "{".repeat(300_000),
        "x".repeat(300_000),
        "a: b\n".to_string() + &"?".repeat(300_000),
        "\n".repeat(1000) + &"\0".repeat(300_000),
        format!("1,{}", "9".repeat(300_000)),
    ] {
        every_parser(&long).unwrap();
    }
}
