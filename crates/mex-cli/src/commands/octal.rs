//! `mex octal CODE ...`.

use crate::output::{fields, wrapped, Output};
use crate::progress;
use clap::Args;
use mex_core::heap::checkpoint;
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::octal::{self, SearchPlan};
use mex_core::heap::sparse::TakeBreakSequence;
use mex_core::MexError;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Take-and-break (octal and hexadecimal) codes: nim sequence, P-positions
/// and periodicity proven by the octal periodicity theorem, with the
/// sparse-space engine.
#[derive(Args)]
#[command(
    after_help = "Code syntax: d0.d1d2...dk, digit dj for removing j tokens; bit 1 = may take a
whole heap of j, bit 2 = may leave one heap, bit 4 = two heaps, bit 8 = three
heaps (hexadecimal digits). d0 is 0, 4, 8 or c. Examples: 0.07 Dawson's Kayles,
0.77 Kayles, 0.137 Dawson's chess, 4.07.

Examples:
  mex octal 0.07 --period
  mex octal 0.77 --period --terms 100 --json
  mex octal 0.07 --at 10^18 --count-p 1..10^18
  mex octal 0.6 --max-terms 4194304 --checkpoint 06.ckpt"
)]
pub struct OctalArgs {
    /// The code, e.g. 0.07.
    code: String,
    #[command(flatten)]
    q: super::PeriodicQueries,
    /// Stop the period search after this many values [default: 2^20, or
    /// 4096 for codes with three-heap moves].
    #[arg(long, value_name = "N")]
    max_terms: Option<usize>,
    /// Resume from and save progress to this file (written atomically).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Values printed at most by --terms.
const MAX_PRINTED_TERMS: usize = 10_000_000;
/// Seconds between checkpoint saves.
const SAVE_EVERY: Duration = Duration::from_secs(10);

pub fn run(a: &OctalArgs) -> Result<Output, MexError> {
    let code: TakeBreakCode = a.code.parse()?;
    if let Some(n) = a.q.terms.filter(|&n| n > MAX_PRINTED_TERMS) {
        return Err(MexError::too_large(
            format!("--terms {n}"),
            MAX_PRINTED_TERMS.to_string(),
            "ask for fewer terms",
        ));
    }
    let want_period = a.q.wants_period();
    let plan = SearchPlan {
        min_terms: a.q.terms.unwrap_or(0),
        max_terms: if want_period {
            a.max_terms
                .unwrap_or(octal::DEFAULT_MAX_TERMS.min(octal::max_terms_for(&code)))
        } else {
            0
        },
    };
    plan.validate(&code)?;
    let mut seq = match &a.checkpoint {
        Some(path) if path.exists() => {
            TakeBreakSequence::resume(code.clone(), read_checkpoint(path, &code)?)
        }
        _ => TakeBreakSequence::new(code.clone()),
    };
    let bar = progress::bar(plan.max_terms.max(plan.min_terms) as u64, "values", a.json);
    let mut last_save = Instant::now();
    let mut save_error = None;
    let analysis = octal::search(&mut seq, plan, |s| {
        bar.set_position(s.len() as u64);
        if let Some(path) = &a.checkpoint {
            if last_save.elapsed() >= SAVE_EVERY {
                save_error = save_error.take().or(write_checkpoint(path, s).err());
                last_save = Instant::now();
            }
        }
    })?;
    bar.finish_and_clear();
    if let Some(path) = &a.checkpoint {
        write_checkpoint(path, &seq)?;
    }
    if let Some(e) = save_error {
        return Err(e);
    }
    report(a, &code, &seq, &analysis)
}

fn report(
    a: &OctalArgs,
    code: &TakeBreakCode,
    seq: &TakeBreakSequence,
    analysis: &octal::OctalAnalysis,
) -> Result<Output, MexError> {
    let (mask, rare) = seq.rare_summary();
    let mut json = json!({
        "code": code.to_string(),
        "values_computed": seq.len(),
        "sparse_space": {"mask": mask, "rare_positions": rare, "stats": seq.stats()},
    });
    let mut text = fields(&[
        ("code", code.to_string()),
        ("values computed", seq.len().to_string()),
        (
            "sparse space",
            format!("mask {mask:#b}, {rare} rare positions"),
        ),
    ]);
    if let Some(n) = a.q.terms {
        let values = &seq.values()[..n];
        let p: Vec<usize> = (0..n).filter(|&i| values[i] == 0).collect();
        text += &format!(
            "first {n} values:\n{}P-positions among them:\n{}",
            wrapped(values),
            wrapped(&p)
        );
        json["values"] = json!(values);
        json["p_positions"] = json!(p);
    }
    let wanted = a.q.wants_period();
    if !wanted {
        return Ok(Output::new(json, text));
    }
    match (&analysis.certificate, &analysis.sequence) {
        (Some(c), Some(s)) => {
            json["preperiod"] = json!(c.preperiod);
            json["period"] = json!(c.period);
            json["certificate"] = serde_json::to_value(c).expect("serialisable");
            text += &fields(&[
                ("preperiod", c.preperiod.to_string()),
                ("period", c.period.to_string()),
                ("certificate", format!("G(n+{}) = G(n) for all {} <= n < {} (= r*max(mu,1) + (r-1)p + t with t = {}, r = {}); by the {}", c.period, c.compared_from, c.compared_to, c.max_removal, c.max_heaps, c.theorem)),
                ("periodic part", s.head()[c.preperiod..].iter().map(u32::to_string).collect::<Vec<_>>().join(" ")),
            ]);
            a.q.answer(s, &mut json, &mut text)?;
        }
        _ => {
            if a.q.has_query() {
                return Err(MexError::NotFound { what: format!("no period of {code} proven within {} values, so --at/--count-p cannot be answered; raise --max-terms", seq.len()) });
            }
            json["preperiod"] = json!(null);
            json["period"] = json!(null);
            json["certificate"] = json!(null);
            json["status"] = json!(format!("no period proven within {} values", seq.len()));
            text += &format!(
                "no period proven within {} values (raise --max-terms)\n",
                seq.len()
            );
        }
    }
    Ok(Output::new(json, text))
}

fn read_checkpoint(path: &Path, code: &TakeBreakCode) -> Result<Vec<u16>, MexError> {
    let bytes = std::fs::read(path).map_err(|e| {
        MexError::invalid(
            format!("cannot read checkpoint {}: {e}", path.display()),
            "a readable checkpoint file",
        )
    })?;
    checkpoint::decode(code, &bytes)
}

/// Writes to `FILE.tmp`, syncs, then renames over `FILE`: a crash leaves
/// either the old or the new checkpoint, never a torn one.
fn write_checkpoint(path: &Path, seq: &TakeBreakSequence) -> Result<(), MexError> {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let fail = |e: std::io::Error| {
        MexError::invalid(
            format!("cannot write checkpoint {}: {e}", path.display()),
            "a writable path",
        )
    };
    let mut f = std::fs::File::create(&tmp).map_err(fail)?;
    f.write_all(&checkpoint::encode(seq.code(), seq.values()))
        .map_err(fail)?;
    f.sync_all().map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}
