//! `mex game EXPRESSION` and `mex compare G H`.

use super::partizan::{form_omitted, form_text, wall_text, write_thermograph, PartizanSummary};
use crate::output::{fields, Output, Report};
use clap::Args;
use mex_core::error::quote;
use mex_core::partizan::infinitesimal;
use mex_core::partizan::loopy::notation as loopy_notation;
use mex_core::partizan::loopy::predicates::Predicates;
use mex_core::partizan::notation::{self, Style};
use mex_core::partizan::store::{GameId, GameStore, OutcomeClass, DEFAULT_BUDGET, MAX_COMPARISONS};
use mex_core::partizan::thermograph::Q;
use mex_core::partizan::toolkit::{self, TreeNode};
use mex_core::partizan::value::CanonicalForm;
use mex_core::MexError;
use mex_present::loopy::{LoopyCompareReport, LoopyReport};
use serde::Serialize;
use std::path::PathBuf;

/// A short partizan game: canonical form, outcome, stops, thermograph,
/// infinitesimals; on request options, tree, cooling, heating.
///
/// Prints the canonical form, outcome class (L, R, N, P), birthday, stops,
/// mean, temperature, confusion interval, thermograph walls, whether the
/// game is infinitesimal or all-small, its atomic weight and reduced
/// canonical form; on request its options and game tree (text or DOT), the
/// game cooled, heated or overheated, its conjugate, its uptimal expansion
/// and a picture of its thermograph.
#[derive(Args)]
#[command(
    after_help = "Notation (CGSuite's): {1|0}, {2||1|0}, 3/4, -2, *, *3, ^ or ↑, v or ↓, ^3 (3·↑, not a
power), ^*, ^<3> (↑³, up-third), ^[3] (↑ + ↑² + ↑³), v<3>, v[3]*, ±1 or +-1, 3±1, 1↑*3,
joined by + or -; G:H is the ordinal sum, G.U the Norton
product by U > 0 (both bind before + and -). Printed with slashes and ± as CGSuite
does ({0||0|-1}, 3±1) unless --braces.

Examples:
  mex game \"{1|0} + {0|-1}\"
  mex game \"^ + ^ + *\" --json
  mex game \"{0|{0|-1}}\" --braces
  mex game \"{2|||1||0|-1}\" --options --tree 2
  mex game \"{2|-1}\" --dot --tree 3 > tree.dot
  mex game \"{2|-1}\" --cool 1 --thermograph g.svg
  mex game \"*\" --heat 1
  mex game \"1/2\" --overheat 1 1
  mex game \"*:1\"              # ordinal sum: ^*
  mex game \"3.^\" --conjugate  # Norton product: ^3, conjugate v3
  mex game \"*:3\" --uptimal    # *.111
  mex game \"^[3]*\"            # the same value, typed as CGSuite's uptimal arrows
  mex game @docs/domineering/6x6.txt   # a long value read from a file"
)]
pub struct GameArgs {
    /// The expression (may start with '-', e.g. "-1/2"), or @FILE to read
    /// it from a file (up to 1 MiB, for long values such as published
    /// records; typed expressions stop at 10 000 characters).
    #[arg(allow_hyphen_values = true)]
    expression: String,
    /// Print games with plain braces at every level (`{0 | {0 | -1}}`)
    /// instead of CGSuite's slashes and `±` (`{0||0|-1}`, `3±1`).
    #[arg(long)]
    braces: bool,
    /// Also print the Left and Right options of the canonical form.
    #[arg(long)]
    options: bool,
    /// Also print the game tree of the canonical form to this depth (at
    /// most 10 000 nodes).
    #[arg(long, value_name = "DEPTH", value_parser = crate::number::u32_value)]
    tree: Option<u32>,
    /// Print the game tree (depth from --tree, else 3) as Graphviz DOT text
    /// instead of the analysis (with --json: as the field "dot").
    #[arg(long)]
    dot: bool,
    /// Also print G cooled by the number T ≥ -1 (a dyadic rational, e.g. 1/2
    /// or -1/4; below 0 as Siegel and CGSuite define it; the domain is the
    /// thermograph's, CGSuite stops at T > -1).
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    cool: Option<String>,
    /// Also print G heated by T (any game, e.g. 1 or *).
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    heat: Option<String>,
    /// Also print G overheated from S to T (games, e.g. 1* 1).
    #[arg(long, num_args = 2, value_names = ["S", "T"], allow_hyphen_values = true)]
    overheat: Option<Vec<String>>,
    /// Also print the uptimal expansion x.d1d2… (CGSuite's notation; for
    /// games born by day 16), searched with 1/16 of --comparisons: when
    /// that runs out it is "not computed" and the rest stands.
    #[arg(long)]
    uptimal: bool,
    /// Also print the conjugate −G (Left and Right exchanged).
    #[arg(long)]
    conjugate: bool,
    /// Print canonical forms longer than 200 characters in full (text
    /// output leaves them out, with their length; JSON always has them).
    #[arg(long)]
    form: bool,
    /// Write the thermograph as an SVG picture to this file.
    #[arg(long, value_name = "FILE.svg")]
    thermograph: Option<PathBuf>,
    /// Memory budget of the canonical forms, 1 MiB to 20 GiB, in GiB (1.5)
    /// or with a unit (16M, 2GiB); default 1.5 GiB. It also bounds how deep
    /// games may nest (about 2 KiB a level: `{1|*} + ^100000` recurses
    /// 100 000 levels while it is built).
    #[arg(long, value_name = "SIZE", value_parser = super::search::memory_arg)]
    memory: Option<usize>,
    /// Most comparisons of options (the work budget, about 100-300 ns
    /// each; default 2^26). Accepts 2^N.
    #[arg(long, value_name = "N", value_parser = crate::number::u64_value)]
    comparisons: Option<u64>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

impl GameArgs {
    /// The store of canonical forms under --memory and --comparisons.
    fn store(&self) -> GameStore {
        GameStore::with_limits(
            self.memory.unwrap_or(DEFAULT_BUDGET),
            self.comparisons.unwrap_or(MAX_COMPARISONS),
        )
    }
}

#[derive(Serialize)]
struct Interval {
    low: String,
    low_included: bool,
    high: String,
    high_included: bool,
    /// `[a, b)`, `{a}` or `∅`.
    text: String,
}

#[derive(Serialize)]
struct UptimalReport {
    /// The number part, an exact rational.
    number: String,
    /// The nimber part k of `*k` ("0" for none), a decimal string.
    nimber: String,
    /// Whether the nimber part is `*` (k = 1).
    star: bool,
    /// d1, d2, …: the game is number + d1·↑ + d2·↑² + … + *k.
    digits: Vec<i64>,
    /// CGSuite's form, e.g. "0.11", "*.2", "3/4.11-", "*8.0".
    text: String,
}

#[derive(Serialize)]
struct OptionsReport {
    left: Vec<String>,
    right: Vec<String>,
}

#[derive(Serialize)]
struct TreeReport {
    game: String,
    left: Vec<TreeReport>,
    right: Vec<TreeReport>,
    truncated: bool,
}

#[derive(Serialize)]
struct Transformed {
    /// The temperature (for overheating, "S T").
    by: String,
    game: String,
}

/// A short game's canonical form and the quantities derived from it; the
/// value, outcome, stops, mean, temperature and thermograph under the names
/// of every partizan value report (`mex value`).
#[derive(Serialize)]
struct GameResult {
    /// The canonical form.
    value: String,
    outcome: OutcomeClass,
    /// Of any size (records' closed forms), a decimal string in JSON when
    /// beyond 2^53.
    #[serde(serialize_with = "mex_core::decimal::serialize")]
    birthday: num_bigint::BigUint,
    #[serde(flatten)]
    summary: PartizanSummary,
    confusion_interval: Interval,
    infinitesimal: bool,
    all_small: bool,
    /// The atomic weight (a game) for all-small games; null otherwise
    /// (undefined).
    atomic_weight: Option<String>,
    /// Why the atomic weight was refused (a game holding a big ↑-multiple
    /// or nimber), when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    atomic_weight_refused: Option<String>,
    /// The reduced canonical form (the simplest game infinitesimally close);
    /// null when its computation was refused (then `reduced_refused` says
    /// why; the rest of the report stands).
    reduced: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reduced_refused: Option<String>,
    /// With --uptimal: the uptimal expansion `x.d1d2…` (with `*k`), null
    /// when the game is not an uptimal (or is older than 16), or when the
    /// search was refused (then `uptimal_refused` says why; the rest of the
    /// report stands).
    #[serde(skip_serializing_if = "Option::is_none")]
    uptimal: Option<Option<UptimalReport>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uptimal_refused: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<OptionsReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<TreeReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dot: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cooled: Option<Transformed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    heated: Option<Transformed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    overheated: Option<Transformed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conjugate: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    thermograph_svg: Option<String>,
    /// Text output only: whether long forms print in full (--form, or the
    /// value is a number: its stops, printed beside it, are the number).
    #[serde(skip)]
    full_forms: bool,
    /// Text output only: the distinct subpositions of the canonical form
    /// (printed when the form is left out).
    #[serde(skip)]
    subpositions: usize,
}

impl Report for GameResult {
    fn text(&self) -> String {
        let form = |f: &str| form_text(f, self.full_forms);
        let mut pairs = vec![
            ("value", form(&self.value)),
            ("outcome", format!("{:?}", self.outcome)),
            ("birthday", self.birthday.to_string()),
            ("left stop", self.summary.left_stop.clone()),
            ("right stop", self.summary.right_stop.clone()),
            ("mean", self.summary.mean.clone()),
            ("temperature", self.summary.temperature.clone()),
            ("confusion interval", self.confusion_interval.text.clone()),
            ("infinitesimal", yes_no(self.infinitesimal)),
            ("all-small", yes_no(self.all_small)),
            (
                "atomic weight",
                match (&self.atomic_weight, &self.atomic_weight_refused) {
                    (Some(w), _) => form(w),
                    (None, Some(why)) => format!("refused: {why}"),
                    (None, None) => "undefined (not all-small)".into(),
                },
            ),
            (
                "reduced",
                self.reduced.as_deref().map(form).unwrap_or_else(|| {
                    format!(
                        "refused: {}",
                        self.reduced_refused.clone().unwrap_or_default()
                    )
                }),
            ),
            ("left wall", wall_text(&self.summary.thermograph.left_wall)),
            (
                "right wall",
                wall_text(&self.summary.thermograph.right_wall),
            ),
        ];
        if form_omitted(&self.value, self.full_forms) {
            pairs.insert(3, ("subpositions", self.subpositions.to_string()));
        }
        if let Some(o) = &self.options {
            let listed = |xs: &[String]| xs.iter().map(|x| form(x)).collect::<Vec<_>>().join(", ");
            pairs.push(("left options", listed(&o.left)));
            pairs.push(("right options", listed(&o.right)));
        }
        for (name, t) in [
            ("cooled", &self.cooled),
            ("heated", &self.heated),
            ("overheated", &self.overheated),
        ] {
            if let Some(t) = t {
                pairs.push((name, format!("{} (by {})", form(&t.game), t.by)));
            }
        }
        if let Some(u) = &self.uptimal {
            let text = match (u, &self.uptimal_refused) {
                (Some(u), _) => u.text.clone(),
                (None, Some(why)) => format!("not computed: {why}"),
                (None, None) => "none (not an uptimal, or born after day 16)".to_string(),
            };
            pairs.push(("uptimal", text));
        }
        if let Some(c) = &self.conjugate {
            pairs.push(("conjugate", form(c)));
        }
        if let Some(path) = &self.thermograph_svg {
            pairs.push(("thermograph written", path.clone()));
        }
        let mut out = fields(&pairs);
        if let Some(tree) = &self.tree {
            out.push_str("tree\n");
            tree_text(tree, "  ", "", &mut out);
        }
        out
    }
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

/// The tree as indented lines: `L` and `R` mark Left and Right options.
fn tree_text(t: &TreeReport, indent: &str, mark: &str, out: &mut String) {
    let more = if t.truncated { " …" } else { "" };
    out.push_str(&format!("{indent}{mark}{}{more}\n", t.game));
    let deeper = format!("{indent}  ");
    for c in &t.left {
        tree_text(c, &deeper, "L ", out);
    }
    for c in &t.right {
        tree_text(c, &deeper, "R ", out);
    }
}

/// Graphviz DOT text of the tree: Left options on blue edges, Right options
/// on red ones (the colours of Hackenbush), one node per tree node.
fn dot(t: &TreeReport) -> String {
    fn quote(s: &str) -> String {
        s.replace('\\', "\\\\").replace('"', "\\\"")
    }
    fn walk(t: &TreeReport, next: &mut usize, out: &mut String) -> usize {
        let me = *next;
        *next += 1;
        let more = if t.truncated { " …" } else { "" };
        out.push_str(&format!("  n{me} [label=\"{}{more}\"];\n", quote(&t.game)));
        for (children, colour, label) in [(&t.left, "blue", "L"), (&t.right, "red", "R")] {
            for c in children {
                let child = walk(c, next, out);
                out.push_str(&format!(
                    "  n{me} -> n{child} [color={colour}, label=\"{label}\"];\n"
                ));
            }
        }
        me
    }
    let mut out = String::from("digraph game {\n  node [shape=box, fontname=\"monospace\"];\n");
    walk(t, &mut 0, &mut out);
    out.push_str("}\n");
    out
}

/// The printer of a request.
struct Printer {
    style: Style,
}

impl Printer {
    fn show(&self, s: &GameStore, g: GameId) -> Result<String, MexError> {
        notation::try_show_with(s, g, self.style, notation::MAX_PRINTED)
    }

    fn tree(&self, s: &GameStore, t: &TreeNode) -> Result<TreeReport, MexError> {
        Ok(TreeReport {
            game: self.show(s, t.game)?,
            left: t
                .left
                .iter()
                .map(|c| self.tree(s, c))
                .collect::<Result<_, _>>()?,
            right: t
                .right
                .iter()
                .map(|c| self.tree(s, c))
                .collect::<Result<_, _>>()?,
            truncated: t.truncated,
        })
    }
}

fn parse_number(s: &mut GameStore, text: &str, what: &str) -> Result<Q, MexError> {
    let g = notation::parse(s, text)?;
    toolkit::number_value(s, g).ok_or_else(|| {
        MexError::invalid(
            format!("{what} {} is not a number", quote(text)),
            "a dyadic rational such as 1, 1/2 or 3/4",
        )
    })
}

/// The expression typed, or read from FILE for `@FILE`.
fn parse_argument(store: &mut GameStore, arg: &str) -> Result<GameId, MexError> {
    let Some(path) = arg.strip_prefix('@') else {
        if let Some(nimber) = super::misere_form::normal_play_nimber(arg) {
            return notation::parse(store, &nimber?);
        }
        return notation::parse(store, arg);
    };
    let unreadable = |why: String| {
        MexError::invalid(
            format!("cannot read the expression from {path}: {why}"),
            format!(
                "@FILE naming a text file of at most {} bytes",
                notation::MAX_PRINTED
            ),
        )
    };
    let meta = std::fs::metadata(path).map_err(|e| unreadable(e.to_string()))?;
    if !meta.is_file() || meta.len() > notation::MAX_PRINTED as u64 {
        return Err(unreadable(format!(
            "not a regular file of at most {} bytes",
            notation::MAX_PRINTED
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| unreadable(e.to_string()))?;
    notation::parse_long(store, text.trim(), notation::MAX_PRINTED)
}

pub fn run(a: &GameArgs) -> Result<Output, MexError> {
    if is_loopy(&a.expression) {
        return run_loopy(a);
    }
    // Read once, under the budgets: a text that does not read gets the
    // error of the one reader of the notation.
    let mut store = a.store();
    let g = parse_argument(&mut store, &a.expression)?;
    let p = Printer {
        style: if a.braces {
            Style::Braces
        } else {
            Style::Slashes
        },
    };
    let summary = PartizanSummary::of(&store, g)?;
    let interval = toolkit::confusion_interval(&mut store, g)?;
    let options = if a.options {
        // A value kept without its tree (a big number, `x + n·↑ + *k`) has
        // the options of its closed form; a big nimber's are refused.
        let (left, right) = (store.try_options(g, true)?, store.try_options(g, false)?);
        let shown = |xs: Vec<GameId>| -> Result<Vec<String>, MexError> {
            xs.iter().map(|&x| p.show(&store, x)).collect()
        };
        Some(OptionsReport {
            left: shown(left)?,
            right: shown(right)?,
        })
    } else {
        None
    };
    let depth = a.tree.or(a.dot.then_some(3));
    let tree = match depth {
        Some(d) => Some(p.tree(&store, &toolkit::game_tree(&store, g, d)?)?),
        None => None,
    };
    let dot_text = if a.dot { tree.as_ref().map(dot) } else { None };
    if let (Some(text), false) = (&dot_text, a.json) {
        return Ok(Output::bytes(text.clone().into_bytes()));
    }
    let cooled = match &a.cool {
        Some(t) => {
            let q = parse_number(&mut store, t, "the cooling temperature")?;
            let c = toolkit::cool(&mut store, g, &q)?;
            Some(Transformed {
                by: q.to_string(),
                game: p.show(&store, c)?,
            })
        }
        None => None,
    };
    let heated = match &a.heat {
        Some(t) => {
            let tg = notation::parse(&mut store, t)?;
            let h = toolkit::heat(&mut store, g, tg)?;
            Some(Transformed {
                by: p.show(&store, tg)?,
                game: p.show(&store, h)?,
            })
        }
        None => None,
    };
    let overheated = match a.overheat.as_deref() {
        Some([s, t]) => {
            let (sg, tg) = (
                notation::parse(&mut store, s)?,
                notation::parse(&mut store, t)?,
            );
            let h = toolkit::overheat(&mut store, g, sg, tg)?;
            Some(Transformed {
                by: format!("{} {}", p.show(&store, sg)?, p.show(&store, tg)?),
                game: p.show(&store, h)?,
            })
        }
        _ => None,
    };
    let canonical = p.show(&store, g)?;
    let conjugate = if a.conjugate {
        let c = toolkit::conjugate(&mut store, g)?;
        Some(p.show(&store, c)?)
    } else {
        None
    };
    // Refused for a game holding a big ↑-multiple or nimber (no closed
    // form yet): said on its line, the rest of the report stands.
    let (atomic_weight, atomic_weight_refused) = match infinitesimal::atomic_weight(&mut store, g) {
        Ok(Some(w)) => (Some(p.show(&store, w)?), None),
        Ok(None) => (None, None),
        Err(e @ MexError::TooLarge { .. }) if store.holds_record(g) => (None, Some(e.to_string())),
        Err(e) => return Err(e),
    };
    // The reduced form searches differences of options; it runs in a store
    // of its own, so that a refusal there leaves the rest of the report.
    let (reduced, reduced_refused) = {
        let mut side = a.store();
        let h = CanonicalForm::from_store(&store, g).to_store(&mut side)?;
        match infinitesimal::reduced(&mut side, h) {
            Ok(r) => (Some(p.show(&side, r)?), None),
            Err(e) => (None, Some(e.to_string())),
        }
    };
    let (uptimal, uptimal_refused) = if a.uptimal {
        match uptimal_report(a, &store, g) {
            Ok(u) => (Some(u), None),
            Err(e) => (Some(None), Some(uptimal_refusal(e))),
        }
    } else {
        (None, None)
    };
    let thermograph_svg = a
        .thermograph
        .as_deref()
        .map(|path| write_thermograph(&summary, path, &canonical))
        .transpose()?;
    Ok(Output::report(GameResult {
        value: canonical,
        outcome: store.try_outcome(g)?,
        birthday: store.big_birthday(g),
        summary,
        confusion_interval: Interval {
            low: interval.low.to_string(),
            low_included: interval.low_included,
            high: interval.high.to_string(),
            high_included: interval.high_included,
            text: interval.to_string(),
        },
        infinitesimal: infinitesimal::is_infinitesimal(&store, g),
        all_small: infinitesimal::is_all_small(&store, g),
        atomic_weight,
        atomic_weight_refused,
        reduced,
        reduced_refused,
        uptimal,
        uptimal_refused,
        options,
        tree,
        dot: dot_text,
        cooled,
        heated,
        overheated,
        conjugate,
        thermograph_svg,
        full_forms: a.form || toolkit::number_value(&store, g).is_some(),
        subpositions: toolkit::follower_count(&store, g),
    }))
}

/// The share of the comparison budget the uptimal search may spend:
/// 1/16 (2^22 comparisons, about a second, of the default 2^26).
const UPTIMAL_SHARE: u64 = 16;

/// The uptimal expansion of `g`, searched in a store of its own with
/// 1/[`UPTIMAL_SHARE`] of the comparison budget, so that a search that
/// runs out leaves the rest of the report (and its budget) standing.
fn uptimal_report(
    a: &GameArgs,
    store: &GameStore,
    g: GameId,
) -> Result<Option<UptimalReport>, MexError> {
    let comparisons = a.comparisons.unwrap_or(MAX_COMPARISONS) / UPTIMAL_SHARE;
    let mut side = GameStore::with_limits(a.memory.unwrap_or(DEFAULT_BUDGET), comparisons.max(1));
    let h = CanonicalForm::from_store(store, g).to_store(&mut side)?;
    Ok(
        infinitesimal::uptimal_expansion(&mut side, h)?.map(|u| UptimalReport {
            number: u.number.to_string(),
            nimber: u.nimber.to_string(),
            star: u.nimber == 1u32.into(),
            text: u.to_string(),
            digits: u.digits,
        }),
    )
}

/// Why the uptimal search stopped, naming its share of the budget.
fn uptimal_refusal(e: MexError) -> String {
    match e {
        MexError::TooLarge { what, limit, .. } => format!(
            "{what} exceeds the limit of {limit} (the uptimal search's share: 1/{UPTIMAL_SHARE} \
             of --comparisons)"
        ),
        other => other.to_string(),
    }
}

/// How two games compare, short or loopy: `<`, `>`, `=` or `||` (confused).
#[derive(Args)]
#[command(
    after_help = "Exit status 0 whatever the relation; 2 for bad input (or a loopy game whose sides were not found).

Examples:
  mex compare \"^\" \"0\"          # >
  mex compare \"*\" \"0\"          # ||
  mex compare \"{1|0} + {0|-1}\" 0 --json   # relation; g_report, h_report: each
                                          # game's canonical form, outcome, stops
  mex compare upon \"^\"         # > (loopy games, CGSuite's notation)
  mex compare dud tis --json   # ||; dud: sides on & off, outcome D"
)]
pub struct CompareArgs {
    /// The first game (may start with '-').
    #[arg(allow_hyphen_values = true)]
    g: String,
    /// The second game.
    #[arg(allow_hyphen_values = true)]
    h: String,
    /// Print games with plain braces instead of slashes.
    #[arg(long)]
    braces: bool,
    /// Print games longer than 200 characters in full (text output leaves
    /// them out, with their length; JSON always has them).
    #[arg(long)]
    form: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct CompareResult {
    /// `<`, `>`, `=` or `||`.
    relation: &'static str,
    /// The first game, printed.
    g: String,
    /// The second game, printed.
    h: String,
    /// The first game described as `mex game` describes it: `canonical`,
    /// `kind` (`short`, `stopper`, `sided`), `stopper`, `outcome`,
    /// `left_stop`, `right_stop`, `onside`, `offside`.
    g_report: LoopyReport,
    /// The second game, described the same way.
    h_report: LoopyReport,
    /// Text output only: whether --form asks for long games in full.
    #[serde(skip)]
    full_forms: bool,
}

impl Report for CompareResult {
    fn text(&self) -> String {
        let form = |f: &str| form_text(f, self.full_forms);
        format!("{} {} {}", form(&self.g), self.relation, form(&self.h))
    }
}

pub fn run_compare(a: &CompareArgs) -> Result<Output, MexError> {
    let p = Printer {
        style: if a.braces {
            Style::Braces
        } else {
            Style::Slashes
        },
    };
    if is_loopy(&a.g) || is_loopy(&a.h) {
        let (r, g_loopy, h_loopy) = LoopyCompareReport::compare_described(&a.g, &a.h)?;
        // A short game beside a loopy one is described as `mex game`
        // describes it (printed in the short notation).
        let described = |text: &str, loopy: LoopyReport| {
            if is_loopy(text) {
                Ok(loopy)
            } else {
                let mut store = GameStore::with_budget(DEFAULT_BUDGET);
                let g = notation::parse(&mut store, text)?;
                short_report(&mut store, g, &p)
            }
        };
        return Ok(Output::report(CompareResult {
            relation: r.relation,
            g: r.g,
            h: r.h,
            g_report: described(&a.g, g_loopy)?,
            h_report: described(&a.h, h_loopy)?,
            full_forms: a.form,
        }));
    }
    let mut store = GameStore::with_budget(DEFAULT_BUDGET);
    let g = notation::parse(&mut store, &a.g)?;
    let h = notation::parse(&mut store, &a.h)?;
    let relation = toolkit::compare(&mut store, g, h)?;
    let (g_report, h_report) = (
        short_report(&mut store, g, &p)?,
        short_report(&mut store, h, &p)?,
    );
    Ok(Output::report(CompareResult {
        relation: relation.symbol(),
        g: g_report.value.clone(),
        h: h_report.value.clone(),
        g_report,
        h_report,
        full_forms: a.form,
    }))
}

/// A short game in the shape of a loopy game's report: its canonical form,
/// outcome and stops as `mex game` prints them; a short game is a stopper,
/// its own onside and offside (Siegel 2013, §VI.3).
fn short_report(store: &mut GameStore, g: GameId, p: &Printer) -> Result<LoopyReport, MexError> {
    let value = p.show(store, g)?;
    let (left_stop, right_stop) = toolkit::stops(store, g);
    Ok(LoopyReport {
        kind: "short",
        stopper: true,
        outcome: format!("{:?}", store.try_outcome(g)?),
        left_stop: Some(left_stop.to_string()),
        right_stop: Some(right_stop.to_string()),
        onside: Some(value.clone()),
        offside: Some(value.clone()),
        value,
        predicates: None,
    })
}

/// Whether a typed expression is a loopy game: its syntax tree, read
/// once, uses `pass`, a label, a loopy name or `&`
/// ([`loopy_notation::looks_loopy`], the function Python classifies texts
/// with, so the two agree; Siegel 2013, ch. VI; CGSuite's notation). A
/// text that does not read is not loopy: the short path reports its error.
fn is_loopy(text: &str) -> bool {
    !text.starts_with('@') && loopy_notation::looks_loopy(text)
}

/// `mex game` for a loopy game: simplest form or sides, outcome with
/// draws, stops.
fn run_loopy(a: &GameArgs) -> Result<Output, MexError> {
    let short_only = [
        ("--options", a.options),
        ("--tree", a.tree.is_some()),
        ("--dot", a.dot),
        ("--cool", a.cool.is_some()),
        ("--heat", a.heat.is_some()),
        ("--overheat", a.overheat.is_some()),
        ("--uptimal", a.uptimal),
        ("--conjugate", a.conjugate),
        ("--thermograph", a.thermograph.is_some()),
        ("--braces", a.braces),
    ];
    if let Some((flag, _)) = short_only.iter().find(|(_, on)| *on) {
        return Err(MexError::invalid(
            format!(
                "{flag} applies to short games, and {} is loopy",
                mex_core::error::quote(&a.expression)
            ),
            "for a loopy game: mex game G [--json]",
        ));
    }
    Ok(Output::report(LoopyGameResult(LoopyReport::evaluate(
        &a.expression,
    )?)))
}

/// The predicates that hold, by CGSuite's names (`numberish`,
/// `number-tiny`, …), or `none of integer, number, nimber, uptimal,
/// numberish, number-tiny`.
fn predicate_names(p: &Predicates) -> String {
    let names: Vec<&str> = [
        (p.integer, "integer"),
        (p.number, "number"),
        (p.nimber, "nimber"),
        (p.ordinal, "ordinal"),
        (p.uptimal, "uptimal"),
        (p.numberish, "numberish"),
        (p.number_tiny, "number-tiny"),
    ]
    .into_iter()
    .filter_map(|(holds, name)| holds.then_some(name))
    .collect();
    if names.is_empty() {
        "none of integer, number, nimber, ordinal, uptimal, numberish, number-tiny".into()
    } else {
        names.join(", ")
    }
}

/// The text and JSON of a loopy game's report.
#[derive(Serialize)]
#[serde(transparent)]
struct LoopyGameResult(LoopyReport);

impl Report for LoopyGameResult {
    fn text(&self) -> String {
        let r = &self.0;
        let mut pairs = vec![
            ("value", r.value.clone()),
            ("kind", r.kind.to_string()),
            ("outcome", r.outcome.clone()),
        ];
        for (name, v) in [
            ("left stop", &r.left_stop),
            ("right stop", &r.right_stop),
            ("onside", &r.onside),
            ("offside", &r.offside),
        ] {
            if let Some(v) = v {
                pairs.push((name, v.clone()));
            }
        }
        if r.onside.is_none() {
            pairs.push(("sides", "not computed".into()));
        }
        if let Some(p) = &r.predicates {
            pairs.push(("is", predicate_names(p)));
        }
        fields(&pairs)
    }
}
