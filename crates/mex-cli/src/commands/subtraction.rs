//! `mex subtraction SET ...` and `mex subtraction survey M`.

use super::Known;
use crate::output::{fields, table, wrapped, Output};
use crate::progress;
use clap::Args;
use mex_core::error::counted;
use mex_core::heap::subtraction::{self, SubtractionSet};
use mex_core::MexError;
use mex_present::json::to_json;
use mex_present::sequences::{PeriodReport, SubtractionReport, TermsReport};

/// Subtraction games (S-Pick-Up-Bricks): nim sequence, P-positions, exact
/// preperiod and period with a window certificate; or a survey of all
/// subsets of {1..M}.
#[derive(Args)]
#[command(after_help = "Examples:
  mex subtraction 1,3,4 --terms 30
  mex subtraction 2,4,7 --period --json
  mex subtraction 1,3,4 --at 10^18 --count-p 1..10^18
  mex subtraction survey 10      # periods of all subsets of {1..10}, Conjecture 5.1 of Nash–Sheenko")]
pub struct SubtractionArgs {
    /// The set S (e.g. 1,3,4), or the word `survey` followed by M.
    #[arg(required = true, num_args = 1..=2)]
    args: Vec<String>,
    #[command(flatten)]
    q: super::PeriodicQueries,
    /// Give up the period search after this many values [default: 2000000,
    /// less for large sets: |S| times it stays within 4*10^9].
    #[arg(long, value_name = "N", value_parser = super::count_arg)]
    max_terms: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Most terms printed by `--terms`.
const MAX_PRINTED_TERMS: usize = 10_000_000;
/// Most steps `|S| · values` a run may take (each value looks at up to
/// `|S|` earlier ones): a few seconds.
const MAX_WORK: u128 = 4_000_000_000;

/// Refuses `values` terms of `set` when `|S| · values` exceeds [`MAX_WORK`].
fn check_work(set: &SubtractionSet, values: usize, what: &str) -> Result<(), MexError> {
    let size = set.elements().len() as u128;
    if size * values as u128 > MAX_WORK {
        return Err(MexError::too_large(
            format!("{what} {values} with a set of {size} elements"),
            format!(
                "|S| x values = {MAX_WORK}, here at most {} values",
                MAX_WORK / size
            ),
            "ask for fewer values or use a smaller set",
        ));
    }
    Ok(())
}

pub fn run(a: &SubtractionArgs) -> Result<Output, MexError> {
    if a.args[0] == "survey" {
        let m = a.args.get(1).ok_or_else(|| {
            MexError::invalid(
                "survey needs M",
                "mex subtraction survey M, with 1 ≤ M ≤ 20",
            )
        })?;
        return survey(
            mex_core::bigint::parse_bounded(m, "survey size", subtraction::MAX_SURVEY_M)?,
            a.json,
        );
    }
    if a.args.len() > 1 {
        return Err(MexError::invalid(
            format!("unexpected argument '{}'", a.args[1]),
            "one set such as 1,3,4",
        ));
    }
    let set = SubtractionSet::parse(&a.args[0])?;
    let mut json = SubtractionReport::new(&set);
    let mut text = fields(&[("set", set.to_string())]);
    let need_period = a.q.wants_period();
    let max_terms = match a.max_terms {
        Some(m) => {
            check_work(&set, m, "--max-terms")?;
            m
        }
        None => {
            subtraction::DEFAULT_MAX_TERMS.min((MAX_WORK / set.elements().len() as u128) as usize)
        }
    };
    if let Some(n) = a.q.terms {
        if n > MAX_PRINTED_TERMS {
            return Err(MexError::too_large(
                format!("--terms {n}"),
                MAX_PRINTED_TERMS.to_string(),
                "ask for fewer terms",
            ));
        }
        check_work(&set, n, "--terms")?;
        let terms = TermsReport::of(set.values(n));
        text += &format!(
            "first {n} values:\n{}P-positions among them:\n{}",
            wrapped(&terms.values),
            wrapped(&terms.p_positions)
        );
        json.terms = Some(terms);
    }
    if need_period {
        subtraction::check_max_terms(max_terms)
            .map_err(|e| crate::files::with_option_hint(e, "--max-terms"))?;
        let found = match set.find_period(max_terms) {
            Ok(found) => found,
            Err(MexError::NotFound { what }) if a.q.has_query() => {
                return answer_without_period(a, &set, max_terms, what, json, text)
            }
            Err(e) => return Err(e),
        };
        json.period = Some(SubtractionReport::proven(&found));
        let c = &found.certificate;
        text += &fields(&[
            ("preperiod", found.preperiod.to_string()),
            ("period", found.period.to_string()),
            (
                "certificate",
                format!(
                    "the {} values from n = {} equal those from n = {} (Nash–Sheenko, Lemma 4.3)",
                    c.window_length, c.first_start, c.second_start
                ),
            ),
            (
                "periodic part",
                found.sequence.head()[found.preperiod..]
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        ]);
        json.queries = a.q.answer(&Known::Periodic(&found.sequence), &mut text)?;
        if a.q.plot.is_some() {
            let n = a.q.plot_len(Some(found.preperiod), Some(found.period));
            let title = format!("subtraction game S = {set}: Grundy values");
            let values = set.values(n);
            a.q.write_plot(&title, &values, Some(found.preperiod), Some(found.period))?;
        }
    } else if a.q.plot.is_some() {
        let n = a.q.plot_len(None, None);
        let title = format!("subtraction game S = {set}: Grundy values");
        a.q.write_plot(&title, &set.values(n), None, None)?;
    }
    Ok(Output::new(to_json(&json), text))
}

/// No period within `max_terms` values: answers the queries that stay
/// within them from the values themselves.
fn answer_without_period(
    a: &SubtractionArgs,
    set: &SubtractionSet,
    max_terms: usize,
    status: String,
    mut json: SubtractionReport,
    mut text: String,
) -> Result<Output, MexError> {
    let read = a.q.values_read().unwrap_or(usize::MAX).min(max_terms);
    let values = set.values(read);
    let value = |i: usize| values[i];
    let basis = |_: usize| "computed values";
    json.queries = a.q.answer(
        &Known::Prefix {
            len: values.len(),
            value: &value,
            basis: &basis,
            why: format!("no period is proven within {max_terms} values; raise --max-terms"),
        },
        &mut text,
    )?;
    text += &format!("{status}\n");
    json.period = Some(PeriodReport::unproven(status));
    Ok(Output::new(to_json(&json), text))
}

fn survey(m: u64, json_out: bool) -> Result<Output, MexError> {
    let bar = progress::bar((1u64 << m) - 1, "sets", json_out);
    let report = subtraction::survey(m, |done| {
        if done % 256 == 0 {
            bar.set_position(done as u64)
        }
    })?;
    bar.finish_and_clear();
    let mut text = fields(&[
        ("sets", report.sets.to_string()),
        (
            "not immediately periodic",
            report.not_immediately_periodic.to_string(),
        ),
        (
            "largest period",
            format!("{} for {:?}", report.max_period.0, report.max_period.1),
        ),
        (
            "largest preperiod",
            format!(
                "{} for {:?}",
                report.max_preperiod.0, report.max_preperiod.1
            ),
        ),
    ]);
    text += "Conjecture 5.1 (Nash–Sheenko): if a ≤ ⌈n/2⌉ small-augmentations take S to {l}, the period is 2l − a.\n";
    for t in &report.conjecture_5_1 {
        let reading = match t.reading {
            subtraction::ConjectureReading::SizeOfSet => "n = |S|",
            subtraction::ConjectureReading::LargestElement => "n = l = max S",
        };
        text += &format!(
            "reading {reading}: {} in scope, {}\n",
            counted(t.sets_in_scope, "set"),
            counted(t.counterexamples.len(), "counterexample")
        );
        let rows: Vec<Vec<String>> = t
            .counterexamples
            .iter()
            .map(|c| {
                vec![
                    format!("{:?}", c.set),
                    c.augmentations.to_string(),
                    c.predicted_period.to_string(),
                    c.actual_period.to_string(),
                ]
            })
            .collect();
        if !rows.is_empty() {
            text += &table(&["set", "a", "predicted", "actual"], &rows);
        }
    }
    Ok(Output::new(
        serde_json::to_value(&report).expect("serialisable"),
        text,
    ))
}
