//! `mex games`, `mex value`, `mex moves`: every game of the catalog through
//! one interface (`mex_core::games`).

use crate::output::{fields, table, Output};
use clap::Args;
use mex_core::games::{self, CatalogGame, Context, Evaluation, Value};
use mex_core::solve::retrograde;
use mex_core::MexError;
use serde_json::{json, Map};

/// The games mex knows, with their position syntax and an example.
#[derive(Args)]
#[command(after_help = "Examples:
  mex games
  mex games domineering      (the rules of one game)
  mex games --json")]
pub struct GamesArgs {
    /// Show only this game, with its rules.
    name: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The value and outcome of a position of any game of the catalog.
#[derive(Args)]
#[command(
    after_help = "Values by family: impartial games a Grundy value (*g) or, for game
graphs, win/loss/draw with remoteness; partizan games the canonical form and
outcome class (L, R, N, P); synchronized games the outcome class (L, R, D, LD,
RD, U); arena games (the shift games) the turns until Alice wins.

Examples:
  mex value nim 3,4,5
  mex value octal 0.07:20
  mex value domineering 3x3 --json
  mex value expression \"{1|0} + *\"
  mex value shift-game 0000
  mex value ssc \"BBW WB\"
  (mex games lists every game with its position syntax)"
)]
pub struct ValueArgs {
    /// The game (see mex games).
    game: String,
    /// The position (may start with '-').
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Every move of a position, with the resulting position and its value;
/// the winning ones marked.
#[derive(Args)]
#[command(
    after_help = "A move is winning when it leads to a P-position (impartial), to a loss
of the opponent (game graphs), to a value >= 0 for Left or <= 0 for Right
(partizan), is Alice's fastest or keeps her away forever for Bob (arena), or,
in a synchronized game, is a pair of choices each securing its player's best
guaranteed result.

Examples:
  mex moves nim 3,4,5
  mex moves domineering 2x3 --json
  mex moves wythoff 3,5"
)]
pub struct MovesArgs {
    /// The game (see mex games).
    game: String,
    /// The position (may start with '-').
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn info_json(g: &dyn CatalogGame) -> serde_json::Value {
    let i = g.info();
    json!({"name": i.name, "family": i.family.name(), "description": i.description,
           "syntax": i.syntax, "example": i.example, "rules": i.rules})
}

pub fn run_games(a: &GamesArgs) -> Result<Output, MexError> {
    if let Some(name) = &a.name {
        let g = games::find(name)?;
        let i = g.info();
        let text = fields(&[
            ("game", i.name.to_string()),
            ("family", i.family.name().to_string()),
            ("description", i.description.to_string()),
            ("syntax", i.syntax.to_string()),
            ("example", i.example.to_string()),
            ("rules", i.rules.to_string()),
        ]);
        return Ok(Output::new(json!({"games": [info_json(g)]}), text));
    }
    let all = games::catalog();
    let rows: Vec<Vec<String>> = all
        .iter()
        .map(|g| {
            let i = g.info();
            vec![
                i.name.into(),
                i.family.name().into(),
                i.example.into(),
                i.description.into(),
            ]
        })
        .collect();
    let mut text = table(&["game", "family", "example", "description"], &rows);
    text += "\nmex games NAME shows a game's rules and position syntax.\n";
    let list: Vec<_> = all.iter().map(|g| info_json(*g)).collect();
    Ok(Output::new(json!({ "games": list }), text))
}

/// The family-specific fields of a value, for JSON.
pub fn value_fields(e: &Evaluation, out: &mut Map<String, serde_json::Value>) {
    out.insert("position".into(), json!(e.position));
    out.insert("value".into(), json!(e.value_text));
    out.insert("outcome".into(), json!(e.outcome));
    match &e.value {
        Value::Grundy(g) => {
            out.insert("grundy".into(), json!(g.to_string()));
        }
        Value::Loopy(retrograde::Value::Win(r) | retrograde::Value::Loss(r)) => {
            out.insert("remoteness".into(), json!(r));
        }
        Value::Turns(t) => {
            out.insert("turns".into(), json!(t));
        }
        _ => {}
    }
    if let Some(p) = e.to_move {
        out.insert("to_move".into(), json!(format!("{p:?}")));
    }
}

pub fn run_value(a: &ValueArgs) -> Result<Output, MexError> {
    let game = games::find(&a.game)?;
    let e = game.evaluate(&a.position, &mut Context::new())?;
    let mut map = Map::new();
    map.insert("game".into(), json!(game.info().name));
    value_fields(&e, &mut map);
    let mut pairs = vec![
        ("game", game.info().name.to_string()),
        ("position", e.position.clone()),
        ("value", e.value_text.clone()),
        ("outcome", e.outcome.clone()),
    ];
    if let Some(p) = e.to_move {
        pairs.push(("to move", format!("{p:?}")));
    }
    Ok(Output::new(serde_json::Value::Object(map), fields(&pairs)))
}

pub fn run_moves(a: &MovesArgs) -> Result<Output, MexError> {
    let game = games::find(&a.game)?;
    let mut ctx = Context::new();
    let e = game.evaluate(&a.position, &mut ctx)?;
    let moves = game.moves(&a.position, &mut ctx)?;
    let mut map = Map::new();
    map.insert("game".into(), json!(game.info().name));
    value_fields(&e, &mut map);
    let list: Vec<_> = moves
        .iter()
        .map(|m| {
            let mut o = Map::new();
            if let Some(p) = m.player {
                o.insert("player".into(), json!(p));
            }
            o.insert("label".into(), json!(m.label));
            value_fields(&m.result, &mut o);
            o.insert("winning".into(), json!(m.winning));
            serde_json::Value::Object(o)
        })
        .collect();
    map.insert("moves".into(), json!(list));
    let mut text = fields(&[
        ("position", e.position.clone()),
        ("value", e.value_text.clone()),
        ("outcome", e.outcome.clone()),
    ]);
    let with_player = moves.iter().any(|m| m.player.is_some());
    let rows: Vec<Vec<String>> = moves
        .iter()
        .map(|m| {
            let mut row = vec![];
            if with_player {
                row.push(m.player.unwrap_or("").to_string());
            }
            row.extend([
                m.label.clone(),
                m.result.position.clone(),
                m.result.value_text.clone(),
                if m.winning { "yes" } else { "" }.to_string(),
            ]);
            row
        })
        .collect();
    if rows.is_empty() {
        text += "no moves\n";
    } else {
        let mut header = vec![];
        if with_player {
            header.push("player");
        }
        header.extend(["move", "position", "value", "winning"]);
        text += &table(&header, &rows);
    }
    Ok(Output::new(serde_json::Value::Object(map), text))
}
