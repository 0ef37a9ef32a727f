//! `mex games`, `mex value`, `mex moves`: every game of the catalog through
//! one interface (`mex_core::games`).

use crate::output::{fields, table, Output};
use clap::Args;
use mex_core::games;
use mex_core::MexError;

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
  mex value octal 0.77:5 --misere     (genus, misère value and outcome)
  (mex games lists every game with its position syntax)

--misere (impartial short games only): the last player to move loses. The
value is then the genus g^{γ0γ1...} (Winning Ways ch. 13): g the normal value,
γk the misère Grundy value of the position plus k heaps *2, written up to the
point where the last two digits alternate forever; P iff γ0 = 0."
)]
pub struct ValueArgs {
    /// The game (see mex games).
    game: String,
    /// The position (may start with '-').
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Misère play (the last player to move loses): the genus, misère
    /// Grundy value and misère outcome (impartial short games only).
    #[arg(long)]
    misere: bool,
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
  mex moves wythoff 3,5
  mex moves nim 1,1,4 --misere      (winning moves when the last mover loses)"
)]
pub struct MovesArgs {
    /// The game (see mex games).
    game: String,
    /// The position (may start with '-').
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Misère play: every move with the genus and misère outcome of the
    /// position it leads to; winning moves lead to misère P-positions.
    #[arg(long)]
    misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
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
        return Ok(Output::new(
            mex_present::json::games_json(Some(name))?,
            text,
        ));
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
    Ok(Output::new(mex_present::json::games_json(None)?, text))
}

/// A picture under the fields, indented by two spaces.
fn indented_picture(picture: &str) -> String {
    picture
        .lines()
        .map(|l| format!("\n  {l}"))
        .collect::<String>()
        + "\n"
}

pub fn run_value(a: &ValueArgs) -> Result<Output, MexError> {
    if a.misere {
        return super::misere::value(&a.game, &a.position);
    }
    let (game, e) = mex_present::json::evaluate(&a.game, &a.position)?;
    let mut pairs = vec![
        ("game", game.info().name.to_string()),
        ("position", e.position.clone()),
        ("value", e.value_text()),
        ("outcome", e.outcome.to_string()),
    ];
    if let Some(p) = e.to_move {
        pairs.push(("to move", format!("{p:?}")));
    }
    let json = mex_present::json::value_json(game, &e)?;
    let mut text = fields(&pairs);
    if let Some(picture) = game.drawing(&a.position)? {
        text += &indented_picture(&picture);
    }
    Ok(Output::new(json, text))
}

pub fn run_moves(a: &MovesArgs) -> Result<Output, MexError> {
    if a.misere {
        return super::misere::moves(&a.game, &a.position);
    }
    let (game, e, moves) = mex_present::json::evaluate_moves(&a.game, &a.position)?;
    let mut text = fields(&[
        ("position", e.position.clone()),
        ("value", e.value_text()),
        ("outcome", e.outcome.to_string()),
    ]);
    if let Some(picture) = game.drawing(&a.position)? {
        text += &indented_picture(&picture);
    }
    let with_player = moves.iter().any(|m| m.player.is_some());
    let rows: Vec<Vec<String>> = moves
        .iter()
        .map(|m| {
            let mut row = vec![];
            if with_player {
                row.push(m.player.map_or(String::new(), |p| p.to_string()));
            }
            row.extend([
                m.label.clone(),
                m.result.position.clone(),
                m.result.value_text(),
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
    Ok(Output::new(
        mex_present::json::moves_json(game, &e, &moves)?,
        text,
    ))
}
