//! The loopy partizan rulesets of the catalog (Backsliding Toads and Frogs,
//! Fox and Geese) valued two independent ways: the winner with each first
//! player by retrograde analysis of the position graph
//! (`solve::partizan_graph`), and the simplest form of the same graph as a
//! stopper (`partizan::loopy`, Siegel 2013, ch. VI), printed, read back and
//! its outcome computed again. The two must agree on every small position.

use mex_core::games::{self, Context, Value};
use mex_core::partizan::loopy::{notation, LoopyOutcome, LoopyValue};

/// Every strip of `len` cells over toads, frogs and empty cells.
fn strips(len: u32) -> Vec<String> {
    (0..3u32.pow(len))
        .map(|mut code| {
            (0..len)
                .map(|_| {
                    let c = [b'T', b'F', b'.'][(code % 3) as usize] as char;
                    code /= 3;
                    c
                })
                .collect()
        })
        .collect()
}

/// The outcome of a printed simplest form, read back.
fn outcome_of_form(form: &str) -> String {
    match notation::parse_value(form).unwrap() {
        LoopyValue::Stopper(s) => LoopyOutcome::of(s.graph(), 0).unwrap().to_string(),
        other => panic!("{form} read back as a non-stopper: {other:?}"),
    }
}

#[test]
fn simplest_forms_of_toads_and_frogs_agree_with_retrograde_analysis() {
    let game = games::find("backsliding-toads-and-frogs").unwrap();
    let mut forms = 0;
    for len in 1..=5 {
        for strip in strips(len) {
            let e = game.evaluate(&strip, &mut Context::new()).unwrap();
            assert!(matches!(e.value, Value::LoopyPartizan(_)));
            if let Some(form) = &e.notation {
                assert_eq!(
                    outcome_of_form(form),
                    e.outcome.to_string(),
                    "{strip}: {form}"
                );
                forms += 1;
            }
        }
    }
    // Most strips are stoppers (every strip where nobody can move back
    // and forth forever).
    assert!(forms > 150, "only {forms} simplest forms");
}

#[test]
fn small_fox_and_geese_boards_agree_too() {
    let game = games::find("fox-and-geese").unwrap();
    for board in ["4x4", "3x4", "4x3"] {
        let e = game.evaluate(board, &mut Context::new()).unwrap();
        if let Some(form) = &e.notation {
            assert_eq!(
                outcome_of_form(form),
                e.outcome.to_string(),
                "{board}: {form}"
            );
        }
    }
}
