//! `--misere`: misère play (the player who makes the last move loses) for
//! `mex value`, `mex moves`, `mex sum` and `mex octal`; `mex nim --misere`
//! is in `nim.rs`.

use crate::output::PositionReport;
use crate::output::{fields, table, wrapped, Output};
use mex_core::games::misere::{self, MisereEvaluation, MisereSum};
use mex_core::games::sum::Summand;
use mex_core::games::CatalogGame;
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::misere::heap_genera;
use mex_core::MexError;
use mex_present::json::to_json;
use mex_present::misere::{
    MisereMovesReport, MisereOctalReport, MisereSumReport, MisereValueReport,
};
use mex_present::position::{self, PositionBody};

/// What the text says about the convention.
const PLAY: &str = "misère (whoever makes the last move loses)";

fn evaluation_fields(e: &MisereEvaluation) -> Vec<(&'static str, String)> {
    vec![
        ("position", e.position.clone()),
        ("play", PLAY.to_string()),
        ("genus", e.genus.clone()),
        ("misère value", e.misere_value.to_string()),
        ("normal value", e.normal_value.to_string()),
        ("outcome", e.outcome.to_string()),
    ]
}

/// `mex value GAME POSITION --misere`.
pub fn value(g: &dyn CatalogGame, position: &str) -> Result<PositionReport, MexError> {
    let e = misere::evaluate(g, position)?;
    let report = MisereValueReport::new(g.info().name, &e);
    Ok(PositionReport {
        json: position::PositionReport::of(PositionBody::Misere(report)),
        text: fields(&evaluation_fields(&e)),
    })
}

/// `mex moves GAME POSITION --misere`.
pub fn moves(g: &dyn CatalogGame, position: &str) -> Result<PositionReport, MexError> {
    let (e, moves) = misere::moves(g, position)?;
    let report = MisereMovesReport::new(g.info().name, &e, &moves);
    let v = position::PositionReport::of(PositionBody::MisereMoves(report));
    let mut text = fields(&evaluation_fields(&e));
    let rows: Vec<Vec<String>> = moves
        .iter()
        .map(|m| {
            vec![
                m.label.clone(),
                m.result.position.clone(),
                m.result.genus.clone(),
                m.result.outcome.to_string(),
                if m.winning { "yes" } else { "" }.to_string(),
            ]
        })
        .collect();
    if rows.is_empty() {
        text += "no moves (under misère play the player to move has won)\n";
    } else {
        text += &table(&["move", "position", "genus", "outcome", "winning"], &rows);
    }
    Ok(PositionReport { json: v, text })
}

/// `mex sum COMPONENTS --misere`.
pub fn sum(components: &[String]) -> Result<Output, MexError> {
    let summands = components
        .iter()
        .map(|c| Summand::parse(c))
        .collect::<Result<Vec<_>, _>>()?;
    let r = misere::sum(&summands)?;
    Ok(Output::new(to_json(&MisereSumReport::of(&r)), sum_text(&r)))
}

fn sum_text(r: &MisereSum) -> String {
    let rows: Vec<Vec<String>> = r
        .components
        .iter()
        .enumerate()
        .map(|(i, c)| {
            vec![
                (i + 1).to_string(),
                c.position.clone(),
                c.genus.clone(),
                c.outcome.to_string(),
            ]
        })
        .collect();
    let mut text = table(&["#", "component", "genus", "misère outcome alone"], &rows);
    text += &fields(&[
        ("play", PLAY.to_string()),
        ("genus of the sum", r.value.genus.clone()),
        ("misère value", r.value.misere_value.to_string()),
        ("outcome", r.value.outcome.to_string()),
    ]);
    let mrows: Vec<Vec<String>> = r
        .winning_moves
        .iter()
        .map(|m| {
            let to = if m.to.is_empty() {
                "(nothing)".into()
            } else {
                m.to.join(" + ")
            };
            vec![(m.component + 1).to_string(), m.label.clone(), to]
        })
        .collect();
    if !mrows.is_empty() {
        text += "winning moves:\n";
        text += &table(&["#", "move", "to"], &mrows);
    }
    if !r.unlisted_components.is_empty() {
        let list: Vec<String> = mex_present::sum::numbered(&r.unlisted_components)
            .iter()
            .map(usize::to_string)
            .collect();
        text += &format!(
            "moves not listed in components {} (too many to enumerate)\n",
            list.join(", ")
        );
    }
    text
}

/// Heaps shown by `mex octal CODE --misere` without `--terms`.
pub const DEFAULT_MISERE_TERMS: usize = 20;

/// `mex octal CODE --misere --terms N`: the genus, normal and misère
/// values of heaps `0..N`, and the misère P-positions among them.
pub fn octal(code: &TakeBreakCode, terms: usize) -> Result<Output, MexError> {
    let genera = heap_genera(code, terms)?;
    let report = MisereOctalReport::new(code, &genera);
    let (normal, misere_values, shown) =
        (&report.normal_values, &report.misere_values, &report.genera);
    let rows: Vec<Vec<String>> = (0..terms)
        .map(|n| {
            vec![
                n.to_string(),
                normal[n].to_string(),
                misere_values[n].to_string(),
                shown[n].clone(),
                if genera[n].is_tame() { "" } else { "yes" }.to_string(),
            ]
        })
        .collect();
    let mut text = fields(&[("code", code.to_string()), ("play", PLAY.to_string())]);
    text += &table(&["heap", "normal", "misère", "genus", "wild"], &rows);
    text += &format!(
        "misère P-positions among them:\n{}",
        wrapped(&report.misere_p_positions)
    );
    Ok(Output::new(to_json(&report), text))
}
