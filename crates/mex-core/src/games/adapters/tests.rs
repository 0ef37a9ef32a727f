//! The typed results and the families' adapters.

use super::*;
use crate::games::Player;
use crate::impartial::Outcome as ImpartialOutcome;
use crate::partizan::store::OutcomeClass;
use crate::solve::retrograde;
use crate::sync::solver::SyncOutcome;

fn evaluation(value: Value, notation: Option<&str>, outcome: Outcome) -> Evaluation {
    Evaluation {
        position: String::new(),
        value,
        notation: notation.map(String::from),
        outcome,
        to_move: None,
    }
}

#[test]
fn outcomes_print_the_texts_of_their_families() {
    use retrograde::Value::{Draw, Loss, Win};
    let cases = [
        (Outcome::Impartial(ImpartialOutcome::P), "P"),
        (Outcome::Impartial(ImpartialOutcome::N), "N"),
        (Outcome::Partizan(OutcomeClass::L), "L"),
        (Outcome::Partizan(OutcomeClass::R), "R"),
        (Outcome::Partizan(OutcomeClass::N), "N"),
        (Outcome::Partizan(OutcomeClass::P), "P"),
        (Outcome::Loopy(Win(3)), "win"),
        (Outcome::Loopy(Loss(2)), "loss"),
        (Outcome::Loopy(Draw), "draw"),
        (Outcome::Sync(SyncOutcome::LD), "LD"),
        (Outcome::Sync(SyncOutcome::U), "U"),
        (Outcome::Winner(Player::Alice), "Alice"),
        (Outcome::Winner(Player::Bob), "Bob"),
    ];
    for (outcome, text) in cases {
        assert_eq!(outcome.to_string(), text, "{outcome:?}");
    }
}

#[test]
fn sides_print_their_names_and_parse_as_people_write_them() {
    let names = [
        (Side::Left, "Left"),
        (Side::Right, "Right"),
        (Side::Alice, "Alice"),
        (Side::Bob, "Bob"),
        (Side::Both, "Left and Right"),
    ];
    for (side, name) in names {
        assert_eq!(side.to_string(), name);
        assert_eq!(side.name(), name);
    }
    assert_eq!(Side::from(Player::Bob), Side::Bob);
    for (text, side) in [
        ("L", Side::Left),
        ("left", Side::Left),
        ("Right", Side::Right),
    ] {
        assert_eq!(Side::parse_partizan(text).unwrap(), side);
    }
    for bad in ["", "Alice", "up"] {
        assert!(Side::parse_partizan(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_value_prints_itself_but_a_canonical_form_its_notation() {
    let p = Outcome::Impartial(ImpartialOutcome::P);
    let cases = [
        (Value::Grundy(BigUint::from(0u8)), None, "0"),
        (Value::Grundy(BigUint::from(1u8)), None, "*"),
        (Value::Grundy(BigUint::from(12u8)), None, "*12"),
        (Value::Loopy(retrograde::Value::Win(3)), None, "win in 3"),
        (Value::Loopy(retrograde::Value::Loss(0)), None, "loss in 0"),
        (Value::Loopy(retrograde::Value::Draw), None, "draw"),
        (Value::Sync(SyncOutcome::RD), None, "RD"),
        (Value::Turns(Some(0)), None, "Alice has won"),
        (Value::Turns(Some(1)), None, "Alice wins in 1 turn"),
        (Value::Turns(Some(5)), None, "Alice wins in 5 turns"),
        (Value::Turns(None), None, "Bob keeps Alice away forever"),
    ];
    for (value, notation, text) in cases {
        assert_eq!(evaluation(value, notation, p).value_text(), text);
    }
    let mut store = GameStore::new();
    let star = store.nimber(1);
    let e = evaluation(Value::Canonical(star), Some("*"), p);
    assert_eq!(e.value_text(), "*");
}

#[test]
fn catalog_evaluations_are_typed() {
    let mut ctx = Context::new();
    let domineering = super::super::find("domineering").unwrap();
    let e = domineering.evaluate("2x3", &mut ctx).unwrap();
    assert_eq!(e.outcome, Outcome::Partizan(OutcomeClass::N));
    assert_eq!(e.notation.as_deref(), Some("{2|-1/2}"));
    let moves = domineering.moves("2x2", &mut ctx).unwrap();
    assert!(moves
        .iter()
        .all(|m| matches!(m.player, Some(Side::Left | Side::Right))));
    let nim = super::super::find("nim").unwrap();
    let e = nim.evaluate("1,1", &mut ctx).unwrap();
    assert_eq!(e.outcome, Outcome::Impartial(ImpartialOutcome::P));
    assert_eq!(e.notation, None);
}

/// One memory setting sets every budget of memory; none leaves each at its
/// default.
#[test]
fn one_memory_setting_sets_every_budget() {
    let ctx = Context::with_budgets(Some(3 << 20), Some(1 << 10));
    assert_eq!(ctx.store.memory().1, 3 << 20);
    assert_eq!((ctx.search_memory, ctx.loopy_memory), (3 << 20, 3 << 20));
    let defaults = Context::with_budgets(None, None);
    let new = Context::new();
    assert_eq!(defaults.store.memory().1, new.store.memory().1);
    assert_eq!(
        (defaults.search_memory, defaults.loopy_memory),
        (new.search_memory, new.loopy_memory)
    );
}
