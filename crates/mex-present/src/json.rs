//! The JSON of the catalog: one serde shape per result, whichever command
//! produced it. `mex games/value/moves --json` and the server's
//! `/api/games`, `/api/value`, `/api/moves` and `/api/best` serialize these
//! structs, so that both answer the same object for the same input (the
//! server adds the board's SVG, [`ValueReport::with_board`]).
//!
//! The shapes (`?` marks a field left out when it does not apply; the
//! server writes the fields in this order, the command line sorts them):
//!
//! * [`GamesReport`]: `{"games": [GameInfoReport]}`, each
//!   `{name, family, description, syntax, example, rules, views?}` (the
//!   server adds `views`, [`GamesReport::with_views`]).
//! * [`ValueReport`]: `{game, position, value, outcome, grundy?,
//!   remoteness?, turns?, to_move?, left_first?, right_first?,
//!   left_first_remoteness?, right_first_remoteness?, canonical?, picture,
//!   drawing?, left_stop?, right_stop?, mean?, temperature?, thermograph?,
//!   board?}` (the five before `board` for partizan values,
//!   [`PartizanSummary`]).
//! * [`MovesReport`]: the [`ValueReport`] and `moves: [MoveReport]`, each
//!   `{player?, label, position, value, outcome, grundy?, remoteness?,
//!   turns?, to_move?, left_first?, …, winning, changes}` (a move's
//!   `remoteness`, in a game with cycles: the one for the player who moves
//!   next).
//! * [`BestReport`]: the [`ValueReport`] (without its `remoteness`) and
//!   `{player, move, index, choice, remoteness, reason}` (each may be null
//!   but `reason`).
//! * [`ErrorReport`]: `{"error": "one line"}`.

use crate::board::board_svg;
use crate::thermograph::PartizanSummary;
use crate::views;
use mex_core::games::best::Best;
use mex_core::games::picture::{Picture, Spot};
use mex_core::games::{
    self, CatalogGame, Context, Evaluation, MoveEvaluation, Outcome, Side, Value,
};
use mex_core::solve::arena::Player;
use mex_core::solve::retrograde;
use mex_core::MexError;
use serde::Serialize;

/// A game of the catalog: `{name, family, description, syntax, example,
/// rules}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfoReport {
    /// The name commands take (`nim`, `domineering`, …).
    pub name: &'static str,
    /// `impartial`, `partizan`, `synchronized` or `arena`.
    pub family: &'static str,
    /// One line.
    pub description: &'static str,
    /// How a position is written.
    pub syntax: &'static str,
    /// A position.
    pub example: &'static str,
    /// The rules in words.
    pub rules: &'static str,
    /// The views the playground draws besides the board
    /// ([`views::views_of`]): the server's answers only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub views: Option<Vec<views::View>>,
}

impl GameInfoReport {
    /// The report of a game.
    pub fn of(g: &dyn CatalogGame) -> Self {
        let i = g.info();
        GameInfoReport {
            name: i.name,
            family: i.family.name(),
            description: i.description,
            syntax: i.syntax,
            example: i.example,
            rules: i.rules,
            views: None,
        }
    }
}

/// `{"games": [...]}`: `mex games --json`, `/api/games`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GamesReport {
    /// The games, in the catalog's order.
    pub games: Vec<GameInfoReport>,
}

impl GamesReport {
    /// The same report with each game's `views` (the server's).
    pub fn with_views(mut self) -> Self {
        for g in &mut self.games {
            g.views = games::find(g.name).ok().map(views::views_of);
        }
        self
    }
}

/// Every game of the catalog, or the one called `name`.
pub fn games_report(name: Option<&str>) -> Result<GamesReport, MexError> {
    let games = match name {
        Some(name) => vec![GameInfoReport::of(games::find(name)?)],
        None => games::catalog()
            .iter()
            .map(|g| GameInfoReport::of(*g))
            .collect(),
    };
    Ok(GamesReport { games })
}

/// The value of a position, as every report that carries one has it:
/// `{position, value, outcome, grundy?, remoteness?, turns?, to_move?}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValueFields {
    /// The position as the game prints it.
    pub position: String,
    /// The value in its family's notation ([`Evaluation::value_text`]).
    pub value: String,
    /// `P`/`N`, `L`/`R`/`N`/`P`, `win`/`loss`/`draw`, a synchronized class,
    /// or the winner of an arena game (`Alice`/`Bob`).
    pub outcome: Outcome,
    /// Impartial short games: the Grundy value, in decimal (a string: it
    /// may exceed 2^53).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<String>,
    /// Game graphs won or lost: the remoteness. In a move's report of a
    /// game with cycles (a game graph, or a partizan game with cycles), the
    /// remoteness of the position it leads to for the player who moves
    /// there ([`MoveEvaluation::value_for_next`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// Arena games: turns until Alice reaches the target, null when Bob
    /// keeps her away forever.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turns: Option<Option<u64>>,
    /// Arena games: who moves next (`Alice`/`Bob`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Player>,
    /// Partizan games with cycles: the winner when Left moves first
    /// (`Left`, `Right` or `draw`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_first: Option<&'static str>,
    /// Partizan games with cycles: the winner when Right moves first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_first: Option<&'static str>,
    /// Partizan games with cycles won when Left moves first: the
    /// remoteness then (moves to the end when the winner hurries and the
    /// loser delays); left out for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_first_remoteness: Option<u32>,
    /// Partizan games with cycles won when Right moves first: the
    /// remoteness then; left out for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_first_remoteness: Option<u32>,
    /// Partizan games with cycles: the simplest form, when the position is
    /// a stopper small enough to simplify (CGSuite's notation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical: Option<String>,
}

impl ValueFields {
    /// The fields of an evaluation.
    pub fn of(e: &Evaluation) -> Self {
        ValueFields {
            position: e.position.clone(),
            value: e.value_text(),
            outcome: e.outcome,
            grundy: grundy_text(&e.value),
            remoteness: match e.value {
                Value::Loopy(retrograde::Value::Win(r) | retrograde::Value::Loss(r)) => Some(r),
                _ => None,
            },
            turns: match e.value {
                Value::Turns(t) => Some(t),
                _ => None,
            },
            to_move: e.to_move,
            left_first: match e.value {
                Value::LoopyPartizan(v) => Some(v.winner_left_first().as_str()),
                _ => None,
            },
            right_first: match e.value {
                Value::LoopyPartizan(v) => Some(v.winner_right_first().as_str()),
                _ => None,
            },
            left_first_remoteness: match e.value {
                Value::LoopyPartizan(v) => v.left_first.remoteness(),
                _ => None,
            },
            right_first_remoteness: match e.value {
                Value::LoopyPartizan(v) => v.right_first.remoteness(),
                _ => None,
            },
            canonical: match e.value {
                Value::LoopyPartizan(_) => e.notation.clone(),
                _ => None,
            },
        }
    }
}

/// `mex value GAME POSITION --json`, `/api/value`: the game, the value
/// fields, the position's picture and, when the game draws one, its ASCII
/// drawing; the server adds the board's SVG.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The game's name.
    pub game: &'static str,
    /// The value.
    #[serde(flatten)]
    pub fields: ValueFields,
    /// The position in one of the shared shapes
    /// ([`mex_core::games::picture`]).
    pub picture: Picture,
    /// The game's drawing in lines of ASCII, for games that have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing: Option<String>,
    /// A partizan value's stops, mean, temperature and thermograph.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub partizan: Option<PartizanSummary>,
    /// The picture as SVG ([`board_svg`]): the server's answers only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

impl ValueReport {
    /// The report of `e`, a position of `game` evaluated in `ctx`, without
    /// the board. A position the catalog draws only below a size (a board
    /// searched under larger budgets) is pictured as its text, with no
    /// drawing.
    pub fn new(game: &dyn CatalogGame, e: &Evaluation, ctx: &Context) -> Result<Self, MexError> {
        let picture = unless_too_large(game.picture(&e.position))?;
        let drawing = unless_too_large(game.drawing(&e.position))?.flatten();
        Ok(ValueReport {
            game: game.info().name,
            fields: ValueFields::of(e),
            picture: picture.unwrap_or_else(|| Picture::text(&e.position)),
            drawing,
            partizan: match e.value {
                Value::Canonical(g) => Some(PartizanSummary::of(&ctx.store, g)?),
                _ => None,
            },
            board: None,
        })
    }

    /// The same report with the picture drawn as SVG in `board`.
    pub fn with_board(mut self) -> Self {
        self.board = Some(board_svg(&self.picture));
        self
    }
}

/// One move: its player (where the family has sides), label, the value
/// fields of the position it leads to, whether it is winning, and the
/// spots of the picture it changes (null when the pictures before and
/// after have different shapes or sizes, [`Picture::changes`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// `Left`, `Right`, `Alice`, `Bob`, or `Left and Right` (a pair of
    /// synchronized choices); left out for impartial games and game graphs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Side>,
    /// The move in words.
    pub label: String,
    /// A synchronized game's move: each side's choice (`left`, `right`);
    /// left out in the other families.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<ChoicesReport>,
    /// The resulting position and its value.
    #[serde(flatten)]
    pub fields: ValueFields,
    /// Whether the move is winning for its player
    /// ([`MoveEvaluation::winning`]).
    pub winning: bool,
    /// The spots the move changes, each `{"kind": "cell"|"heap"|"edge"|
    /// "node"|"bit", "index": i}`.
    pub changes: Option<Vec<Spot>>,
}

/// The two simultaneous choices of a synchronized game's move
/// ([`mex_core::games::Choices`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChoicesReport {
    /// Left's choice.
    pub left: String,
    /// Right's choice.
    pub right: String,
}

impl MoveReport {
    /// The report of `m`, a move of `game` from a position whose picture is
    /// `before`.
    pub fn new(
        game: &dyn CatalogGame,
        before: &Picture,
        m: &MoveEvaluation,
    ) -> Result<Self, MexError> {
        let after = game.picture(&m.result.position)?;
        let mut fields = ValueFields::of(&m.result);
        if let Some(next) = m.value_for_next() {
            fields.remoteness = next.remoteness();
        }
        Ok(MoveReport {
            player: m.player,
            label: m.label.clone(),
            choices: m.choices.as_ref().map(|c| ChoicesReport {
                left: c.left.clone(),
                right: c.right.clone(),
            }),
            fields,
            winning: m.winning,
            changes: before.changes(&after),
        })
    }
}

/// `mex moves GAME POSITION --json`, `/api/moves`: the position's value
/// report and every move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// The position.
    #[serde(flatten)]
    pub value: ValueReport,
    /// Every move, in the game's order.
    pub moves: Vec<MoveReport>,
}

impl MovesReport {
    /// The report of `e` and its `moves`, a position of `game`.
    pub fn new(
        game: &dyn CatalogGame,
        e: &Evaluation,
        moves: &[MoveEvaluation],
        ctx: &Context,
    ) -> Result<Self, MexError> {
        let value = ValueReport::new(game, e, ctx)?;
        let moves = moves
            .iter()
            .map(|m| MoveReport::new(game, &value.picture, m))
            .collect::<Result<_, _>>()?;
        Ok(MovesReport { value, moves })
    }
}

/// `/api/best`, `/api/play`: the position's value report, then the
/// computer's move ([`mex_core::games::best`]). The value's own
/// `remoteness` (game graphs) is left out: `remoteness` here is the
/// computer's, which equals it where both are known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BestReport {
    /// The position.
    #[serde(flatten)]
    pub value: ValueReport,
    /// The side the computer plays, null where the family has none.
    pub player: Option<Side>,
    /// The move, as in [`MovesReport`], or null (no move, or a
    /// synchronized game asked without the person's choice).
    #[serde(rename = "move")]
    pub chosen: Option<MoveReport>,
    /// The move's index in the move list.
    pub index: Option<usize>,
    /// Synchronized games: the computer's own choice.
    pub choice: Option<String>,
    /// The position's remoteness, when known.
    pub remoteness: Option<u32>,
    /// Why this move, in a few words.
    pub reason: String,
}

impl BestReport {
    /// The report of the computer's answer `best` at `e`, a position of
    /// `game`.
    pub fn new(
        game: &dyn CatalogGame,
        e: &Evaluation,
        best: &Best,
        ctx: &Context,
    ) -> Result<Self, MexError> {
        let mut value = ValueReport::new(game, e, ctx)?;
        value.fields.remoteness = None;
        let chosen = match &best.chosen {
            Some(m) => Some(MoveReport::new(game, &value.picture, m)?),
            None => None,
        };
        Ok(BestReport {
            value,
            player: best.player,
            chosen,
            index: best.index,
            choice: best.choice.clone(),
            remoteness: best.remoteness,
            reason: best.reason.clone(),
        })
    }
}

/// An error: `{"error": "one line"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorReport {
    /// The message, on one line.
    pub error: String,
}

impl ErrorReport {
    /// The report of a message, its line breaks made spaces.
    pub fn new(message: &str) -> Self {
        ErrorReport {
            error: message.replace(['\n', '\r'], " "),
        }
    }
}

/// The Grundy value of an impartial short game's value, in decimal (a
/// string: it may exceed 2^53); `None` for other values.
pub fn grundy_text(value: &Value) -> Option<String> {
    match value {
        Value::Grundy(g) => Some(g.to_string()),
        _ => None,
    }
}

/// serde `serialize_with`: a quantity that may exceed 2^53 (a heap size,
/// a count, a Grundy value of a position) as a decimal string, always.
pub fn decimal<T: std::fmt::Display, S: serde::Serializer>(
    value: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// `Ok(None)` when the catalog refuses the position's size.
fn unless_too_large<T>(r: Result<T, MexError>) -> Result<Option<T>, MexError> {
    match r {
        Ok(t) => Ok(Some(t)),
        Err(MexError::TooLarge { .. } | MexError::AboveLimit { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// A report as a JSON value (for front ends that hold JSON as values, such
/// as the command line's output).
pub fn to_json<T: Serialize>(report: &T) -> serde_json::Value {
    // The reports are structs of strings, numbers, booleans and sequences:
    // serializing them into a value cannot fail.
    serde_json::to_value(report).expect("a report serializes")
}

/// [`games_report`] as JSON.
pub fn games_json(name: Option<&str>) -> Result<serde_json::Value, MexError> {
    Ok(to_json(&games_report(name)?))
}

/// [`ValueReport`] as JSON (without the board).
pub fn value_json(
    game: &dyn CatalogGame,
    e: &Evaluation,
    ctx: &Context,
) -> Result<serde_json::Value, MexError> {
    Ok(to_json(&ValueReport::new(game, e, ctx)?))
}

/// [`MovesReport`] as JSON.
pub fn moves_json(
    game: &dyn CatalogGame,
    e: &Evaluation,
    moves: &[MoveEvaluation],
    ctx: &Context,
) -> Result<serde_json::Value, MexError> {
    Ok(to_json(&MovesReport::new(game, e, moves, ctx)?))
}

/// Evaluates `position` of the game called `game`: the game, the value.
pub fn evaluate(
    game: &str,
    position: &str,
) -> Result<(&'static dyn CatalogGame, Evaluation, Context), MexError> {
    evaluate_in(game, position, Context::new())
}

/// [`evaluate`] in the context `ctx` (its budgets).
pub fn evaluate_in(
    game: &str,
    position: &str,
    mut ctx: Context,
) -> Result<(&'static dyn CatalogGame, Evaluation, Context), MexError> {
    let g = games::find(game)?;
    let e = g.evaluate(position, &mut ctx)?;
    Ok((g, e, ctx))
}

/// A game, a position's value, its moves and the context they were
/// evaluated in.
pub type EvaluatedMoves = (
    &'static dyn CatalogGame,
    Evaluation,
    Vec<MoveEvaluation>,
    Context,
);

/// Evaluates `position` and its moves.
pub fn evaluate_moves(game: &str, position: &str) -> Result<EvaluatedMoves, MexError> {
    evaluate_moves_in(game, position, Context::new())
}

/// [`evaluate_moves`] in the context `ctx` (its budgets).
pub fn evaluate_moves_in(
    game: &str,
    position: &str,
    mut ctx: Context,
) -> Result<EvaluatedMoves, MexError> {
    let g = games::find(game)?;
    let e = g.evaluate(position, &mut ctx)?;
    let moves = g.moves(position, &mut ctx)?;
    Ok((g, e, moves, ctx))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value as Json};

    fn value_of(game: &str, position: &str) -> Json {
        let (g, e, ctx) = evaluate(game, position).unwrap();
        value_json(g, &e, &ctx).unwrap()
    }

    fn moves_of(game: &str, position: &str) -> Json {
        let (g, e, moves, ctx) = evaluate_moves(game, position).unwrap();
        moves_json(g, &e, &moves, &ctx).unwrap()
    }

    #[test]
    fn games_list_the_catalog_with_its_fields() {
        let all = games_json(None).unwrap();
        let list = all["games"].as_array().unwrap();
        assert_eq!(list.len(), games::catalog().len());
        let nim = games_json(Some("nim")).unwrap();
        let keys: Vec<&str> = nim["games"][0]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut want = vec![
            "name",
            "family",
            "description",
            "syntax",
            "example",
            "rules",
        ];
        want.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, want);
        assert_eq!(nim["games"][0]["family"], "impartial");
        assert!(games_json(Some("no-such-game")).is_err());
    }

    #[test]
    fn an_impartial_value_has_its_grundy_value_as_a_string_and_its_picture() {
        // 3 ^ 4 ^ 5 = 2.
        let v = value_of("nim", "3,4,5");
        assert_eq!(v["game"], "nim");
        assert_eq!(v["value"], "*2");
        assert_eq!(v["outcome"], "N");
        assert_eq!(v["grundy"], "2");
        let (g, _, _) = evaluate("nim", "3,4,5").unwrap();
        assert_eq!(v["picture"], to_json(&g.picture("3,4,5").unwrap()));
        assert!(v["picture"]["shape"].is_string());
        for absent in ["remoteness", "turns", "to_move", "board"] {
            assert!(v.get(absent).is_none(), "{absent} in {v}");
        }
    }

    #[test]
    fn a_partizan_value_has_its_canonical_form_and_drawing() {
        let v = value_of("domineering", "2x3");
        assert_eq!(v["value"], "{2|-1/2}");
        assert_eq!(v["outcome"], "N");
        assert!(v.get("grundy").is_none());
        let (g, _, _) = evaluate("domineering", "2x3").unwrap();
        let drawing = g.drawing("2x3").unwrap();
        assert!(drawing.is_some());
        assert_eq!(v.get("drawing").and_then(Json::as_str), drawing.as_deref());
    }

    #[test]
    fn a_game_graph_value_has_its_remoteness() {
        let (g, e, ctx) = evaluate("graph", games::find("graph").unwrap().info().example).unwrap();
        let v = value_json(g, &e, &ctx).unwrap();
        match e.value {
            Value::Loopy(retrograde::Value::Win(r) | retrograde::Value::Loss(r)) => {
                assert_eq!(v["remoteness"], r);
                assert!(v["value"].as_str().unwrap().ends_with(&format!(" in {r}")));
            }
            _ => assert!(v.get("remoteness").is_none()),
        }
        assert!(["win", "loss", "draw"].contains(&v["outcome"].as_str().unwrap()));
    }

    /// Backsliding Toads and Frogs `TT..FF`: each first player wins in 17;
    /// Left's move toad 2 to 3 leaves `T.T.FF`, which Left wins in 16 with
    /// Right to move (and Right wins in 18 with Left to move): the move's
    /// `remoteness` is the one for the player who moves next, not a text to
    /// read.
    #[test]
    fn a_loopy_partizan_move_has_the_remoteness_for_the_next_player() {
        let m = moves_of("backsliding-toads-and-frogs", "TT..FF");
        assert_eq!(
            (&m["left_first_remoteness"], &m["right_first_remoteness"]),
            (&json!(17), &json!(17)),
            "{m}"
        );
        let toad = &m["moves"][0];
        assert_eq!(toad["label"], "toad 2 to 3", "{toad}");
        assert_eq!(toad["player"], "Left");
        assert_eq!(toad["right_first"], "Left");
        assert_eq!(toad["remoteness"], 16, "{toad}");
        assert_eq!(toad["left_first_remoteness"], 18, "{toad}");
        // A draw has no remoteness.
        let d = value_of("backsliding-toads-and-frogs", "FF..TT");
        assert_eq!(d["left_first"], "draw");
        for absent in [
            "remoteness",
            "left_first_remoteness",
            "right_first_remoteness",
        ] {
            assert!(d.get(absent).is_none(), "{absent} in {d}");
        }
    }

    #[test]
    fn an_arena_value_has_turns_and_the_player_to_move() {
        let v = value_of("shift-game", "0000");
        assert_eq!(v["outcome"], "Alice");
        assert!(v["turns"].is_u64(), "{v}");
        assert!(v["to_move"] == "Alice" || v["to_move"] == "Bob", "{v}");
    }

    #[test]
    fn moves_carry_players_values_and_the_spots_they_change() {
        // Nim 1,2 has three moves: to 0,2 (*2), 1,1 (0, the winning one)
        // and 1,0 (*1).
        let (g, _, _) = evaluate("nim", "1,2").unwrap();
        let before = g.picture("1,2").unwrap();
        let m = moves_of("nim", "1,2");
        let moves = m["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 3);
        for mv in moves {
            assert!(mv.get("player").is_none());
            let to = mv["position"].as_str().unwrap();
            let winning = to == "1,1";
            assert_eq!(mv["winning"], winning, "{mv}");
            assert_eq!(mv["outcome"], if winning { "P" } else { "N" });
            let after = g.picture(to).unwrap();
            assert_eq!(mv["changes"], to_json(&before.changes(&after)), "{mv}");
            assert!(mv.get("picture").is_none());
        }
        let d = moves_of("domineering", "2x2");
        let players: Vec<&str> = d["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|mv| mv["player"].as_str().unwrap())
            .collect();
        assert!(players.contains(&"Left") && players.contains(&"Right"));
    }

    #[test]
    fn synchronized_moves_are_made_by_both_sides() {
        let m = moves_of("ssc", "BBW WB");
        let moves = m["moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|mv| mv["player"] == "Left and Right"));
        // Each move carries both choices, which its label joins.
        for mv in moves {
            let (l, r) = (&mv["choices"]["left"], &mv["choices"]["right"]);
            let joined = format!(
                "Left {}, Right {}",
                l.as_str().unwrap(),
                r.as_str().unwrap()
            );
            assert_eq!(mv["label"], joined.as_str());
        }
        let nim = moves_of("nim", "1,2");
        assert!(nim["moves"][0].get("choices").is_none(), "{nim}");
    }

    #[test]
    fn the_best_report_keeps_one_remoteness() {
        let (g, e, moves, ctx) = evaluate_moves("nim", "2,2").unwrap();
        let best = mex_core::games::best::best_move(g, &e, &moves, None, None, Default::default())
            .unwrap();
        let text = serde_json::to_string(&BestReport::new(g, &e, &best, &ctx).unwrap()).unwrap();
        assert_eq!(text.matches("\"remoteness\"").count(), 1, "{text}");
        let v: Json = serde_json::from_str(&text).unwrap();
        assert_eq!(v["remoteness"], 4);
        assert_eq!(v["player"], Json::Null);
        assert!(v["move"].get("changes").is_some(), "{v}");
    }

    #[test]
    fn the_board_is_the_pictures_svg() {
        let (g, e, ctx) = evaluate("nim", "3,4").unwrap();
        let r = ValueReport::new(g, &e, &ctx).unwrap().with_board();
        assert_eq!(r.board.as_deref(), Some(&*board_svg(&r.picture)));
        assert!(to_json(&r)["board"].is_string());
    }

    #[test]
    fn errors_are_one_line() {
        let v = to_json(&ErrorReport::new("two\nlines\r"));
        assert_eq!(v, json!({"error": "two lines "}));
    }
}
