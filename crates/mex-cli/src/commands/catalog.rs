//! `mex games`, `mex value`, `mex moves`: every game of the catalog through
//! one interface (`mex_core::games`), with the budgets, the checkpoint and
//! the pictures of a position (`--memory`, `--comparisons`, `--checkpoint`,
//! `--thermograph`, `--svg`). The old per-position command lines (`mex nim`,
//! `mex domineering`, …) print these same reports (`aliases.rs`).

use super::partizan::{
    form_omitted, form_text, size_text, summary_text, write_thermograph, PartizanSummary,
};
use super::search::{self, SearchOptions};
use super::winner;
use crate::output::{fields, table, Output, PositionReport};
use crate::progress;
use clap::Args;
use mex_core::error::quote;
use mex_core::games::{self, CatalogGame, Context, Evaluation};
use mex_core::partizan::toolkit;
use mex_core::MexError;
use mex_present::position::{self, OutcomeReport, PositionBody, SearchReport};
use std::path::PathBuf;

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
outcome class (L, R, N, P) with the stops, mean, temperature and thermograph;
synchronized games the outcome class (L, R, D, LD, RD, U); arena games (the
shift games) the turns until Alice wins.

Examples:
  mex value nim 3,4,5
  mex value octal 0.07:20
  mex value domineering 3x3 --json
  mex value domineering 3x3 --thermograph t.svg --svg board.svg
  mex value domineering 5x6 --memory 4 --checkpoint 5x6.ckpt
  mex value domineering 6x6 --first left --proof 6x6.proof   (mex check-proof 6x6.proof)
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
    /// Words after the position, refused ([`one_position`]).
    #[arg(hide = true)]
    extra: Vec<String>,
    /// Misère play (the last player to move loses): the genus, misère
    /// Grundy value and misère outcome (impartial short games only).
    #[arg(long)]
    misere: bool,
    /// Who wins when this player moves first (left or right, searched
    /// first; both: the outcome class), with the outcome class, by the
    /// outcome search alone, without the value (partizan games; as MCGS
    /// answers): for positions whose value is too expensive.
    #[arg(long, value_enum, value_name = "PLAYER")]
    first: Option<winner::First>,
    /// With --first left or right: write a proof of who wins to FILE (a
    /// strategy for the winner; mex check-proof verifies it; format:
    /// docs/proof-format.md).
    #[arg(long, value_name = "FILE", value_parser = super::proof::proof_path, requires = "first")]
    proof: Option<PathBuf>,
    #[command(flatten)]
    options: PositionOptions,
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
    /// Words after the position, refused ([`one_position`]).
    #[arg(hide = true)]
    extra: Vec<String>,
    /// Misère play: every move with the genus and misère outcome of the
    /// position it leads to; winning moves lead to misère P-positions.
    #[arg(long)]
    misere: bool,
    #[command(flatten)]
    options: PositionOptions,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The budgets, the checkpoint and the pictures of a position.
#[derive(Args, Default)]
pub struct PositionOptions {
    #[command(flatten)]
    pub search: SearchOptions,
    /// Write the thermograph of the value as an SVG picture to this file
    /// (partizan games).
    #[arg(long, value_name = "FILE.svg")]
    pub thermograph: Option<PathBuf>,
    /// Write the position's board as an SVG picture to this file.
    #[arg(long, value_name = "FILE.svg")]
    pub svg: Option<PathBuf>,
    /// Print canonical forms longer than 200 characters in full (text
    /// output gives their birthday and subpositions instead; JSON always
    /// has them).
    #[arg(long)]
    pub form: bool,
}

/// What is asked of a position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Request {
    /// Its value (`mex value`).
    Value,
    /// Its value and every move (`mex moves`).
    Moves,
}

/// ", with cycles" for a game whose positions may repeat.
fn cycles(game: &dyn CatalogGame) -> &'static str {
    if game.has_cycles() {
        ", with cycles"
    } else {
        ""
    }
}

impl PositionOptions {
    /// Refuses an option that does not apply (one line naming it):
    /// budgets and thermographs are for partizan games, checkpoints for
    /// the one search that saves them, misère play takes neither.
    fn check(
        &self,
        game: &dyn CatalogGame,
        misere: bool,
        request: Request,
    ) -> Result<(), MexError> {
        if misere {
            self.check_misere()?;
        }
        self.check_accepted(game)?;
        self.check_checkpoint(game, request)
    }

    fn check_misere(&self) -> Result<(), MexError> {
        let s = &self.search;
        if s.budgeted() || s.checkpoint.is_some() || s.db.is_some() || self.thermograph.is_some() {
            return Err(MexError::invalid(
                "--misere with --memory, --comparisons, --checkpoint, --db or --thermograph",
                "--misere with --svg and --json",
            ));
        }
        Ok(())
    }

    /// Refuses a budget or a picture the game's engine does not honour
    /// ([`CatalogGame::accepts`]).
    fn check_accepted(&self, game: &dyn CatalogGame) -> Result<(), MexError> {
        let accepts = game.accepts();
        let given = [
            (self.search.memory.is_some() && !accepts.memory, "--memory"),
            (
                self.search.comparisons.is_some() && !accepts.comparisons,
                "--comparisons",
            ),
            (
                self.thermograph.is_some() && !accepts.thermograph,
                "--thermograph",
            ),
        ];
        let Some((_, option)) = given.iter().find(|(refused, _)| *refused) else {
            return Ok(());
        };
        let info = game.info();
        let honoured: Vec<&str> = [
            (accepts.memory, "--memory"),
            (accepts.comparisons, "--comparisons"),
            (accepts.thermograph, "--thermograph"),
        ]
        .iter()
        .filter(|(yes, _)| *yes)
        .map(|(_, name)| *name)
        .collect();
        let accepted = if honoured.is_empty() {
            format!(
                "none of --memory, --comparisons and --thermograph with {}",
                info.name
            )
        } else {
            format!("{} with {}", honoured.join(", "), info.name)
        };
        Err(MexError::invalid(
            format!(
                "{option} with {} (family: {}{})",
                info.name,
                info.family.name(),
                cycles(game)
            ),
            accepted,
        ))
    }

    fn check_checkpoint(&self, game: &dyn CatalogGame, request: Request) -> Result<(), MexError> {
        if self.search.checkpoint.is_some() && self.search.db.is_some() {
            return Err(MexError::invalid(
                "--checkpoint with --db",
                "one of them: a search consulting a database saves no checkpoint",
            ));
        }
        if self.search.checkpoint.is_none()
            || (request == Request::Value && search::saves_checkpoints(game))
        {
            return Ok(());
        }
        let command = match request {
            Request::Value => "value",
            Request::Moves => "moves",
        };
        Err(MexError::invalid(
            format!("--checkpoint with mex {command} {}", game.info().name),
            "--checkpoint with mex value domineering, cram or chomp (the searches that save \
             checkpoints)",
        ))
    }

    /// Writes the board of `position` to the `--svg` file, if one is asked
    /// (before any search, so that a bad path is known at once).
    fn write_board(&self, game: &dyn CatalogGame, position: &str) -> Result<(), MexError> {
        let Some(path) = &self.svg else {
            return Ok(());
        };
        let svg = mex_present::board::board_svg(&game.picture(position)?);
        crate::files::write_file(path, &svg, "--svg")
    }
}

/// What a search run here took (the game's resumable search).
struct SearchFacts {
    positions: usize,
    resumed_positions: usize,
    /// Whether the checkpoint was written (not when the game's own bounded
    /// table answered, nor when no file was named).
    checkpoint_saved: bool,
}

/// The position's value: by the game's resumable search
/// ([`CatalogGame::resumable_search`]) when a checkpoint is named, and for
/// a partizan game that has one even without (its report counts the
/// positions memoised); else by the catalog; in a context of `options`'
/// budgets.
fn evaluate(
    game: &dyn CatalogGame,
    position: &str,
    options: &PositionOptions,
    quiet: bool,
) -> Result<(Evaluation, Context, Option<SearchFacts>), MexError> {
    let mut ctx = options.search.context(&[game])?;
    let checkpoint = options.search.checkpoint.as_deref();
    if checkpoint.is_some() || game.info().family == games::Family::Partizan {
        let ran = match game.resumable_search(position, &mut ctx)? {
            Some(s) => Some(match checkpoint {
                Some(path) => search::resumable(s, path, quiet)?,
                None => search::unsaved(s, quiet)?,
            }),
            None => None,
        };
        if let Some(r) = ran {
            let facts = SearchFacts {
                positions: r.positions,
                resumed_positions: r.resumed_positions,
                checkpoint_saved: r.saved,
            };
            return Ok((r.evaluation, ctx, Some(facts)));
        }
    }
    let e = progress::while_searching(quiet, || game.evaluate(position, &mut ctx))?;
    Ok((e, ctx, None))
}

/// The value's fields as text (`game` given for `mex value`, which then
/// points to `--first both` when it leaves a long form out). A canonical
/// form beyond [`super::partizan::SHORT_FORM`] characters is left out
/// unless `full` (`--form`), its birthday and subpositions given instead.
fn value_text(game: Option<&dyn CatalogGame>, e: &Evaluation, ctx: &Context, full: bool) -> String {
    let mut pairs = vec![];
    if let Some(game) = game {
        pairs.push(("game", game.info().name.to_string()));
    }
    pairs.extend([
        ("position", e.position.clone()),
        ("value", shown_value(e, ctx, full)),
        ("outcome", e.outcome.to_string()),
    ]);
    if let Some(p) = e.to_move {
        pairs.push(("to move", format!("{p:?}")));
    }
    if let (games::Value::LoopyPartizan(_), Some(form)) = (&e.value, &e.notation) {
        pairs.push(("simplest form", form.clone()));
    }
    let mut text = fields(&pairs);
    let omitted = form_omitted(&e.value_text(), in_full(e, ctx, full));
    if let (&games::Value::Canonical(g), true) = (&e.value, omitted) {
        text += &size_text(&ctx.store, g);
        if game.is_some() {
            let hint = "--first both finds the outcome alone, without the value (often faster)";
            text += &fields(&[("who wins", hint.to_string())]);
        }
    }
    text
}

/// The value as text: a canonical form through [`form_text`] (left out
/// when long, unless `full` or a number), any other value as it is.
fn shown_value(e: &Evaluation, ctx: &Context, full: bool) -> String {
    match e.value {
        games::Value::Canonical(_) => form_text(&e.value_text(), in_full(e, ctx, full)),
        _ => e.value_text(),
    }
}

/// Whether `e`'s value prints in full however long: with `--form`, or a
/// number (its stops, printed beside it, are the number itself).
fn in_full(e: &Evaluation, ctx: &Context, full: bool) -> bool {
    full || matches!(e.value, games::Value::Canonical(g) if toolkit::number_value(&ctx.store, g).is_some())
}

/// A picture under the fields, indented by two spaces.
fn indented_picture(picture: &str) -> String {
    picture
        .lines()
        .map(|l| format!("\n  {l}"))
        .collect::<String>()
        + "\n"
}

impl PositionReport {
    /// What every value report adds to the value: for a partizan value its
    /// stops, mean, temperature, thermograph (and its file) and what the
    /// search took; the board's file; the ASCII drawing of the position
    /// where the game draws one.
    fn add_position(
        &mut self,
        game: &dyn CatalogGame,
        e: &Evaluation,
        partizan: Option<&PartizanSummary>,
        ctx: &Context,
        facts: Option<SearchFacts>,
        options: &PositionOptions,
    ) -> Result<(), MexError> {
        if let Some(summary) = partizan {
            self.text += &summary_text(summary);
            if let Some(path) = &options.thermograph {
                let name = format!("{} {}", game.info().name, e.position);
                let shown = write_thermograph(summary, path, &name)?;
                self.text += &fields(&[("thermograph written", shown.clone())]);
                self.json.thermograph_svg = Some(shown);
            }
            self.add_search(ctx, facts);
        } else if let Some(f) = facts {
            self.add_nimber_search(f);
        }
        if let Some(path) = &options.svg {
            let shown = path.display().to_string();
            self.text += &fields(&[("board written", shown.clone())]);
            self.json.board_svg = Some(shown);
        }
        if let Some(drawing) = self.json.drawing() {
            self.text += &indented_picture(drawing);
        }
        Ok(())
    }

    /// `search`: canonical forms built and comparisons made; for the
    /// checkpointed search also the positions memoised and resumed.
    fn add_search(&mut self, ctx: &Context, facts: Option<SearchFacts>) {
        let mut search = SearchReport {
            games: Some(ctx.store.len()),
            comparisons: Some(ctx.store.comparisons()),
            positions: None,
            resumed_positions: None,
            checkpoint_saved: None,
        };
        if let Some(f) = facts {
            search.positions = Some(f.positions);
            search.resumed_positions = Some(f.resumed_positions);
            self.add_resumed_text(f.resumed_positions);
        }
        self.json.search = Some(search);
    }

    /// `search` of a checkpointed nimber search (Cram, Chomp): the keys of
    /// a plain run's report stay as they are, and the checkpoint's facts
    /// come here: positions memoised and resumed, and whether the file was
    /// written (not when the game's own bounded table answered).
    fn add_nimber_search(&mut self, facts: SearchFacts) {
        let saved = facts.checkpoint_saved;
        let mut search = SearchReport {
            games: None,
            comparisons: None,
            positions: None,
            resumed_positions: None,
            checkpoint_saved: Some(saved),
        };
        if saved {
            search.positions = Some(facts.positions);
            search.resumed_positions = Some(facts.resumed_positions);
            self.add_resumed_text(facts.resumed_positions);
        } else {
            let why = "not needed (the dense table answers within the memory budget)";
            self.text += &fields(&[("checkpoint", why.to_string())]);
        }
        self.json.search = Some(search);
    }

    fn add_resumed_text(&mut self, resumed_positions: usize) {
        if resumed_positions > 0 {
            let n = resumed_positions.to_string();
            self.text += &fields(&[("resumed positions", n)]);
        }
    }
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

/// Refuses a position typed as several arguments (`mex value nim 3 4 5`),
/// saying how to write it as one: joined by commas where the game reads
/// that (`3,4,5`), else in quotes (`"1 + 2"`).
pub fn one_position(game: &str, position: &str, extra: &[String]) -> Result<(), MexError> {
    if extra.is_empty() {
        return Ok(());
    }
    let words: Vec<&str> = std::iter::once(position)
        .chain(extra.iter().map(String::as_str))
        .collect();
    let (commas, spaced) = (words.join(","), words.join(" "));
    let written = match games::find(game) {
        Ok(g) if g.normalize(&commas).is_ok() => quote(&commas),
        _ => format!("{} (in quotes)", quote(&spaced)),
    };
    Err(MexError::invalid(
        format!(
            "the position is one argument, not {} ({})",
            words.len(),
            quote(&spaced)
        ),
        format!("the position as one argument: {written}"),
    ))
}

pub fn run_value(a: &ValueArgs) -> Result<Output, MexError> {
    one_position(&a.game, &a.position, &a.extra)?;
    if let Some(first) = a.first {
        return first_player_winner(a, first);
    }
    value_report(&a.game, &a.position, a.misere, &a.options, a.json)
        .map(PositionReport::output)
        .map_err(|e| {
            if a.misere {
                e
            } else {
                winner::suggest_first(e)
            }
        })
}

/// `mex value GAME POSITION --first PLAYER`.
fn first_player_winner(a: &ValueArgs, first: winner::First) -> Result<Output, MexError> {
    let game = games::find(&a.game)?;
    let o = &a.options;
    if a.misere || o.thermograph.is_some() || o.search.checkpoint.is_some() {
        return Err(MexError::invalid(
            "--first with --misere, --thermograph or --checkpoint",
            "--first with --memory, --svg and --json",
        ));
    }
    o.write_board(game, &a.position)?;
    if let Some(file) = &a.proof {
        let summand = mex_core::games::sum::Summand {
            game,
            position: &a.position,
        };
        return super::proof::write(&[summand], first, file, &o.search, a.json);
    }
    winner::position(
        game,
        &a.position,
        first,
        &mut o.search.context(&[game])?,
        a.json,
    )
}

/// `mex value GAME POSITION`: the value fields of the catalog's report,
/// then [`PositionReport::add_position`]. `quiet` silences the progress
/// counter of a long search.
pub fn value_report(
    name: &str,
    position: &str,
    misere: bool,
    options: &PositionOptions,
    quiet: bool,
) -> Result<PositionReport, MexError> {
    let game = games::find(name)?;
    options.check(game, misere, Request::Value)?;
    options.write_board(game, position)?;
    if misere {
        return super::misere::value(game, position);
    }
    let (e, ctx, facts) = match evaluate(game, position, options, quiet) {
        Err(refused @ MexError::TooLarge { .. }) => return outcome_report(game, position, refused),
        evaluated => evaluated?,
    };
    let value = mex_present::json::ValueReport::new(game, &e, &ctx)?;
    let partizan = value.partizan.clone();
    let mut report = PositionReport {
        json: position::PositionReport::of(PositionBody::Value(value)),
        text: value_text(Some(game), &e, &ctx, options.form),
    };
    report.add_position(game, &e, partizan.as_ref(), &ctx, facts, options)?;
    Ok(report)
}

/// A position whose value the catalog `refused` as too large, reported
/// when a closed form of its game gives the outcome
/// ([`CatalogGame::known_outcome`]: Wythoff's game beyond its Grundy
/// table): the outcome and every winning move, the value said not
/// computed; else the refusal.
fn outcome_report(
    game: &dyn CatalogGame,
    position: &str,
    refused: MexError,
) -> Result<PositionReport, MexError> {
    let (Some((position, outcome)), MexError::TooLarge { limit, .. }) =
        (game.known_outcome(position)?, &refused)
    else {
        return Err(refused);
    };
    let name = game.info().name;
    let mut report = PositionReport {
        json: position::PositionReport::of(PositionBody::Outcome(OutcomeReport {
            game: name,
            position: position.clone(),
            outcome: outcome.to_string(),
        })),
        text: fields(&[
            ("game", name.to_string()),
            ("position", position.clone()),
            ("outcome", outcome.to_string()),
            ("value", format!("not computed (the limit is {limit})")),
        ]),
    };
    let moves = game.moves_to_grundy(&position, &num_bigint::BigUint::ZERO)?;
    super::aliases::add_winning_moves(&mut report, &moves);
    Ok(report)
}

pub fn run_moves(a: &MovesArgs) -> Result<Output, MexError> {
    one_position(&a.game, &a.position, &a.extra)?;
    let game = games::find(&a.game)?;
    a.options.check(game, a.misere, Request::Moves)?;
    a.options.write_board(game, &a.position)?;
    if a.misere {
        return super::misere::moves(game, &a.position).map(PositionReport::output);
    }
    let mut ctx = a.options.search.context(&[game])?;
    let (e, moves) = match progress::while_searching(a.json, || {
        let e = game.evaluate(&a.position, &mut ctx)?;
        Ok::<_, MexError>((e, game.moves(&a.position, &mut ctx)?))
    }) {
        Err(refused @ MexError::TooLarge { .. }) => {
            return outcome_report(game, &a.position, refused).map(PositionReport::output)
        }
        listed => listed?,
    };
    let listed = mex_present::json::MovesReport::new(game, &e, &moves, &ctx)?;
    let partizan = listed.value.partizan.clone();
    let mut report = PositionReport {
        json: position::PositionReport::of(PositionBody::Moves(listed)),
        text: value_text(None, &e, &ctx, a.options.form),
    };
    report.add_position(game, &e, partizan.as_ref(), &ctx, None, &a.options)?;
    report.text += &moves_table(&moves, &ctx, a.options.form);
    Ok(report.output())
}

/// The moves as a table (with a player column when moves have players;
/// long canonical forms left out unless `full`, as in [`value_text`]).
fn moves_table(moves: &[games::MoveEvaluation], ctx: &Context, full: bool) -> String {
    if moves.is_empty() {
        return "no moves\n".into();
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
                shown_value(&m.result, ctx, full),
                if m.winning { "yes" } else { "" }.to_string(),
            ]);
            row
        })
        .collect();
    let mut header = vec![];
    if with_player {
        header.push("player");
    }
    header.extend(["move", "position", "value", "winning"]);
    table(&header, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search run here writes its value as the catalog does.
    #[test]
    fn the_searched_value_reads_as_the_catalogs() {
        let game = games::find("domineering").unwrap();
        let none = PositionOptions::default();
        for board in ["1x1", "2x2", "3x3", "2x4", ".#./...", "4x3"] {
            let (ours, _, facts) = evaluate(game, board, &none, true).unwrap();
            let theirs = game.evaluate(board, &mut Context::new()).unwrap();
            let shown =
                |e: &Evaluation| (e.position.clone(), e.value_text(), e.outcome.to_string());
            assert_eq!(shown(&ours), shown(&theirs), "{board}");
            assert!(facts.is_some());
        }
    }

    #[test]
    fn options_that_do_not_apply_are_refused() {
        let nim = games::find("nim").unwrap();
        let ssc = games::find("ssc").unwrap();
        let domineering = games::find("domineering").unwrap();
        let budget = PositionOptions {
            search: SearchOptions {
                memory: Some(2),
                ..SearchOptions::default()
            },
            ..PositionOptions::default()
        };
        // --memory budgets the searches of partizan and impartial games.
        assert!(budget.check(nim, false, Request::Value).is_ok());
        assert!(budget.check(ssc, false, Request::Value).is_err());
        assert!(budget.check(domineering, false, Request::Moves).is_ok());
        assert!(budget.check(domineering, true, Request::Value).is_err());
        let checkpoint = PositionOptions {
            search: SearchOptions {
                checkpoint: Some("c.ckpt".into()),
                ..SearchOptions::default()
            },
            ..PositionOptions::default()
        };
        assert!(checkpoint.check(domineering, false, Request::Value).is_ok());
        let moves = checkpoint
            .check(domineering, false, Request::Moves)
            .unwrap_err();
        assert!(
            moves.to_string().contains("mex moves domineering"),
            "{moves}"
        );
        assert!(checkpoint
            .check(games::find("amazons").unwrap(), false, Request::Value)
            .is_err());
    }

    /// Each option is refused exactly where the game's engine does not
    /// honour it, naming the options it does honour.
    #[test]
    fn options_follow_what_the_game_accepts() {
        let options = |memory: bool, comparisons: bool, thermograph: bool| PositionOptions {
            search: SearchOptions {
                memory: memory.then_some(1 << 20),
                comparisons: comparisons.then_some(5),
                ..SearchOptions::default()
            },
            thermograph: thermograph.then(|| "t.svg".into()),
            ..PositionOptions::default()
        };
        for game in games::catalog() {
            let accepts = game.accepts();
            for (given, honoured) in [
                (options(true, false, false), accepts.memory),
                (options(false, true, false), accepts.comparisons),
                (options(false, false, true), accepts.thermograph),
            ] {
                let checked = given.check(*game, false, Request::Value);
                assert_eq!(
                    checked.is_ok(),
                    honoured,
                    "{} {checked:?}",
                    game.info().name
                );
            }
        }
        let fox = games::find("fox-and-geese").unwrap();
        let e = options(false, false, true)
            .check(fox, false, Request::Value)
            .unwrap_err()
            .to_string();
        assert!(e.contains("--thermograph with fox-and-geese"), "{e}");
        assert!(e.contains("accepted: --memory with fox-and-geese"), "{e}");
        let graph = games::find("graph").unwrap();
        assert!(options(true, false, false)
            .check(graph, false, Request::Value)
            .is_err());
    }
}
