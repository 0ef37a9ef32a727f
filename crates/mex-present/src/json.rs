//! The JSON of the catalog, shared by `mex games/value/moves --json` and
//! the server's `/api/games`, `/api/value` and `/api/moves`, so that both
//! answer the same object for the same input.

use mex_core::games::{self, CatalogGame, Context, Evaluation, MoveEvaluation, Value};
use mex_core::solve::retrograde;
use mex_core::MexError;
use serde_json::{json, Map};

/// Name, family, description, syntax, example and rules of a game.
pub fn info_json(g: &dyn CatalogGame) -> serde_json::Value {
    let i = g.info();
    json!({"name": i.name, "family": i.family.name(), "description": i.description,
           "syntax": i.syntax, "example": i.example, "rules": i.rules})
}

/// `{"games": [...]}`: every game of the catalog, or the one called `name`.
pub fn games_json(name: Option<&str>) -> Result<serde_json::Value, MexError> {
    let list: Vec<_> = match name {
        Some(name) => vec![info_json(games::find(name)?)],
        None => games::catalog().iter().map(|g| info_json(*g)).collect(),
    };
    Ok(json!({ "games": list }))
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

/// One move: its player (if any), label, resulting position with its value,
/// and whether it is winning.
pub fn move_json(m: &MoveEvaluation) -> serde_json::Value {
    let mut o = Map::new();
    if let Some(p) = m.player {
        o.insert("player".into(), json!(p));
    }
    o.insert("label".into(), json!(m.label));
    value_fields(&m.result, &mut o);
    o.insert("winning".into(), json!(m.winning));
    serde_json::Value::Object(o)
}

/// `mex value GAME POSITION --json`: the game's name and the value fields.
pub fn value_json(game: &dyn CatalogGame, e: &Evaluation) -> serde_json::Value {
    let mut map = Map::new();
    map.insert("game".into(), json!(game.info().name));
    value_fields(e, &mut map);
    serde_json::Value::Object(map)
}

/// `mex moves GAME POSITION --json`: the value fields and every move.
pub fn moves_json(
    game: &dyn CatalogGame,
    e: &Evaluation,
    moves: &[MoveEvaluation],
) -> serde_json::Value {
    let mut v = value_json(game, e);
    let list: Vec<_> = moves.iter().map(move_json).collect();
    v["moves"] = json!(list);
    v
}

/// Evaluates `position` of the game called `game`: the game, the value.
pub fn evaluate(
    game: &str,
    position: &str,
) -> Result<(&'static dyn CatalogGame, Evaluation), MexError> {
    let g = games::find(game)?;
    let e = g.evaluate(position, &mut Context::new())?;
    Ok((g, e))
}

/// Evaluates `position` and its moves.
pub fn evaluate_moves(
    game: &str,
    position: &str,
) -> Result<(&'static dyn CatalogGame, Evaluation, Vec<MoveEvaluation>), MexError> {
    let g = games::find(game)?;
    let mut ctx = Context::new();
    let e = g.evaluate(position, &mut ctx)?;
    let moves = g.moves(position, &mut ctx)?;
    Ok((g, e, moves))
}
