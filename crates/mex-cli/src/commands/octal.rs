//! `mex octal CODE ...` and `mex grundys-game ...`.

use super::checkpoint_file::{CheckpointFile, Interrupt};
use super::{count_arg, Known};
use crate::output::{fields, wrapped, Output};
use crate::progress;
use clap::Args;
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::octal::{self, Phase, SearchPlan};
use mex_core::heap::sparse::{SequenceStats, TakeBreakSequence};
use mex_core::MexError;
use mex_present::json::to_json;
use mex_present::sequences::{OctalReport, PeriodReport, TermsReport};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Take-and-break (octal and hexadecimal) codes: nim sequence, P-positions
/// and periodicity proven by the octal periodicity theorem, with the
/// sparse-space engine.
#[derive(Args)]
#[command(
    after_help = "Code syntax: d0.d1d2...dk, digit dj for removing j tokens; bit 1 = may take a
whole heap of j, bit 2 = may leave one heap, bit 4 = two heaps, bit 8 = three
heaps (hexadecimal digits). d0 is 0, 4, 8 or c. A suffix u (4.0u, 0.07u) requires
the heaps left by a split to have different sizes (4.0u is Grundy's game); no
periodicity theorem covers those codes. Examples: 0.07 Dawson's Kayles, 0.77
Kayles, 0.137 Dawson's chess, 4.07.

Without a proven period, --at and --count-p are answered from the computed
values (or the checkpoint's) when they reach that far.

Examples:
  mex octal 0.07 --period
  mex octal 0.77 --period --terms 100 --json
  mex octal 0.07 --at 10^18 --count-p 1..10^18
  mex octal 0.6 --max-terms 2^16 --at 65535 --stats
  mex octal 0.6 --max-terms 2^22 --checkpoint 06.ckpt
  mex octal 0.77 --misere --terms 21

--misere: misère play (the last player to move loses). For heaps 0..N-1
(--terms N, default 20) prints the normal value, the misère Grundy value and
the genus g^{γ0γ1...} of Winning Ways ch. 13 (γk: misère value of the heap plus
k heaps *2, written up to the point where the last two digits alternate
forever), and the misère P-positions. Sums of heaps are searched, so heaps are
refused when p(0)+...+p(N-1) partitions exceed 2^20 (about heap 50 for codes
that split heaps). Takes only --terms and --json."
)]
pub struct OctalArgs {
    /// The code, e.g. 0.07.
    code: String,
    /// Misère play: genus, misère value and misère P-positions of heaps
    /// 0..N-1 (with --terms N).
    #[arg(long)]
    misere: bool,
    #[command(flatten)]
    run: RunArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Grundy's game: split one heap into two non-empty heaps of different
/// sizes (the code 4.0u). Its nim sequence (OEIS A002188) is not known to
/// be periodic, so queries are answered from computed values.
#[derive(Args)]
#[command(after_help = "Examples:
  mex grundys-game --terms 30
  mex grundys-game --max-terms 2^20 --at 1000000 --count-p 1..1000000 --stats
  mex grundys-game --max-terms 2^24 --checkpoint grundy.ckpt --json")]
pub struct GrundysGameArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The options of a nim-sequence run.
#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    q: super::PeriodicQueries,
    /// Stop the period search after this many values [default: 2^20 divided
    /// by the number of split digits, at least 4096; less for codes with
    /// three-heap moves].
    #[arg(long, value_name = "N", value_parser = count_arg)]
    max_terms: Option<usize>,
    /// Resume from and save progress to this file (written atomically,
    /// locked against a second run; Ctrl-C saves it).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// The columns of the tables of unsolved octal games: values computed,
    /// largest value and where it first occurs, rare mask, rare positions
    /// and the last one, the count of each value.
    #[arg(long)]
    stats: bool,
    /// Also show the engine's internals (sparse-space mask) in the text.
    #[arg(long)]
    verbose: bool,
    /// Threads to use: 1, or 2 (a helper thread marks the rare pairs of the
    /// next block of positions while the main thread finishes the current
    /// one; the values are the same). Higher numbers are treated as 2
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::number::threads_value)]
    threads: u16,
    /// Seconds between checkpoint saves (for tests).
    #[arg(long, hide = true, default_value_t = 10, value_parser = crate::number::u64_value)]
    save_every: u64,
}

/// Values printed at most by --terms.
const MAX_PRINTED_TERMS: usize = 10_000_000;

pub fn run(a: &OctalArgs) -> Result<Output, MexError> {
    let code: TakeBreakCode = a.code.parse()?;
    if a.misere {
        return run_misere(&code, &a.run);
    }
    run_code(code, &a.run, a.json)
}

fn run_misere(code: &TakeBreakCode, a: &RunArgs) -> Result<Output, MexError> {
    let q = &a.q;
    let others = q.period
        || q.has_query()
        || q.plot.is_some()
        || a.max_terms.is_some()
        || a.checkpoint.is_some()
        || a.stats
        || a.threads != 1;
    if others {
        return Err(MexError::invalid(
            "--misere with options of the normal-play search",
            "--misere with --terms N and --json only",
        ));
    }
    let terms = q.terms.unwrap_or(super::misere::DEFAULT_MISERE_TERMS);
    super::misere::octal(code, terms)
}

pub fn run_grundys_game(a: &GrundysGameArgs) -> Result<Output, MexError> {
    run_code(TakeBreakCode::grundys_game(), &a.run, a.json)
}

/// How many values to compute at most, and at least.
fn plan_for(code: &TakeBreakCode, a: &RunArgs, resumed: usize) -> Result<SearchPlan, MexError> {
    let q = &a.q;
    let asked = q.has_query() || q.terms.is_some();
    let limit = octal::max_terms_for(code);
    let read = q.values_read().unwrap_or(usize::MAX);
    let theorem = code.has_periodicity_theorem();
    if !theorem && a.max_terms.is_none() && read > limit {
        return Err(MexError::too_large(
            format!("a query of {code} beyond heap {}", limit - 1),
            format!("{limit} values, since no periodicity theorem applies to unequal splits"),
            "ask about smaller heaps",
        ));
    }
    let max_terms = match a.max_terms {
        Some(m) => m,
        // Everything asked is in the checkpoint: compute nothing more.
        None if asked && resumed > 0 && !q.period && read <= resumed => resumed,
        // No theorem: compute what the queries read.
        None if asked && !theorem => read,
        None if q.wants_period() || !theorem => octal::default_max_terms(code),
        None => 0,
    };
    let plan = SearchPlan {
        min_terms: q.terms.unwrap_or(0),
        max_terms: max_terms.max(resumed.min(limit)),
    };
    plan.validate(code)?;
    Ok(plan)
}

fn run_code(code: TakeBreakCode, a: &RunArgs, json_out: bool) -> Result<Output, MexError> {
    if let Some(n) = a.q.terms.filter(|&n| n > MAX_PRINTED_TERMS) {
        return Err(MexError::too_large(
            format!("--terms {n}"),
            MAX_PRINTED_TERMS.to_string(),
            "ask for fewer terms",
        ));
    }
    let file = a
        .checkpoint
        .as_deref()
        .map(CheckpointFile::open)
        .transpose()?;
    let loaded = match &file {
        Some(f) => f.load(&code)?,
        None => None,
    };
    let resumed = loaded.as_ref().map_or(0, Vec::len);
    let plan = plan_for(&code, a, resumed)?;
    let interrupt = file.as_ref().map(|_| Interrupt::install()).transpose()?;
    let mut seq = match loaded {
        Some(values) => TakeBreakSequence::resume(code.clone(), values),
        None => TakeBreakSequence::new(code.clone()),
    }
    .with_threads(usize::from(a.threads));
    let bar = progress::bar(
        plan.max_terms.max(plan.min_terms) as u64,
        "values",
        json_out,
    );
    let mut last_save = Instant::now();
    let mut save_cost = Duration::ZERO;
    let analysis = octal::search(&mut seq, plan, |phase, s| {
        if phase == Phase::Extending {
            bar.set_position(s.len() as u64);
            if let Some(f) = &file {
                // Saves every `save_every` seconds, but never spend more than
                // about 2% of the run writing (a file of 2^30 values is 2 GiB).
                let interval = Duration::from_secs(a.save_every).max(save_cost * 50);
                if last_save.elapsed() >= interval {
                    let started = Instant::now();
                    if let Err(e) = f.save(s.code(), s.values()) {
                        eprintln!(
                            "mex: warning: saving checkpoint {} failed ({e}); will retry",
                            f.path().display()
                        );
                    }
                    save_cost = started.elapsed();
                    last_save = Instant::now();
                }
            }
        }
        match &interrupt {
            Some(i) if i.requested() => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    })?;
    bar.finish_and_clear();
    if analysis.interrupted {
        let f = file
            .as_ref()
            .expect("only checkpointed runs are interrupted");
        match f.save(seq.code(), seq.values()) {
            Ok(()) => eprintln!(
                "mex: interrupted; {} values of {code} saved to {}",
                seq.len(),
                f.path().display()
            ),
            Err(e) => eprintln!(
                "mex: interrupted; saving checkpoint {} failed: {e}",
                f.path().display()
            ),
        }
        drop(file); // removes the checkpoint's lock file
        std::process::exit(130);
    }
    let out = report(a, &code, &seq, &analysis, resumed)?;
    if let Some(f) = &file {
        if let Err(e) = f.save_or_error(seq.code(), seq.values()) {
            let _ = out.write(json_out, &mut std::io::stdout().lock());
            return Err(e);
        }
    }
    Ok(out)
}

fn report(
    a: &RunArgs,
    code: &TakeBreakCode,
    seq: &TakeBreakSequence,
    analysis: &octal::OctalAnalysis,
    resumed: usize,
) -> Result<Output, MexError> {
    // The period, when proven, is in the report from the start.
    let mut json = OctalReport::new(code, seq, analysis);
    let (mask, rare) = (json.sparse_space.mask, json.sparse_space.rare_positions);
    let mut text = fields(&[
        ("code", code.to_string()),
        ("values computed", seq.len().to_string()),
    ]);
    if a.verbose {
        text += &fields(&[(
            "sparse space",
            format!("mask {mask:#b}, {rare} rare positions"),
        )]);
    }
    if resumed > 0 {
        json.values_from_checkpoint = Some(resumed);
        json.rechecked_values = Some(analysis.rechecked_values);
        let how = if analysis.rechecked_values > 0 {
            format!(
                "{resumed} (the proof's stretch was recomputed from scratch and agrees with them)"
            )
        } else {
            format!("{resumed} (checked by checksum only)")
        };
        text += &fields(&[("values from checkpoint", how)]);
    }
    if let Some(n) = a.q.terms {
        let terms = TermsReport::of(seq.values()[..n].iter().map(|&v| u32::from(v)));
        text += &format!(
            "first {n} values:\n{}P-positions among them:\n{}",
            wrapped(&terms.values),
            wrapped(&terms.p_positions)
        );
        json.terms = Some(terms);
    }
    if a.stats {
        let st = seq.table_stats();
        text += &stats_text(&st);
        json.stats = Some(st);
    }
    let proven = analysis
        .certificate
        .as_ref()
        .zip(analysis.sequence.as_ref());
    if a.q.plot.is_some() {
        let (mu, p) = proven.map_or((None, None), |(c, _)| (Some(c.preperiod), Some(c.period)));
        let n = a.q.plot_len(mu, p).min(seq.len());
        let values: Vec<u32> = seq.values()[..n].iter().map(|&v| v as u32).collect();
        a.q.write_plot(
            &format!("take-and-break game {code}: Grundy values"),
            &values,
            mu,
            p,
        )?;
    }
    if !a.q.wants_period() && proven.is_none() {
        return Ok(Output::new(to_json(&json), text));
    }
    match proven {
        Some((c, s)) => {
            text += &fields(&[
                ("preperiod", c.preperiod.to_string()),
                ("period", c.period.to_string()),
                ("certificate", format!("G(n+{}) = G(n) for all {} <= n < {} (= r*max(mu,1) + (r-1)p + t with t = {}, r = {}); by the {}", c.period, c.compared_from, c.compared_to, c.max_removal, c.max_heaps, c.theorem)),
                ("periodic part", s.head()[c.preperiod..].iter().map(u32::to_string).collect::<Vec<_>>().join(" ")),
            ]);
            json.queries = a.q.answer(&Known::Periodic(s), &mut text)?;
        }
        None => {
            let status = if code.has_periodicity_theorem() {
                format!("no period proven within {} values", seq.len())
            } else {
                format!(
                    "no periodicity theorem applies to unequal splits; {} values computed",
                    seq.len()
                )
            };
            let why = if code.has_periodicity_theorem() {
                "no period is proven; raise --max-terms".to_string()
            } else {
                "no periodicity theorem applies to unequal splits; raise --max-terms".to_string()
            };
            let values = seq.values();
            let value = |i: usize| values[i] as u32;
            let basis = |i: usize| {
                if i < resumed {
                    "checkpoint values"
                } else {
                    "computed values"
                }
            };
            json.queries = a.q.answer(
                &Known::Prefix {
                    len: seq.len(),
                    value: &value,
                    basis: &basis,
                    why,
                },
                &mut text,
            )?;
            text += &format!("{status}\n");
            json.period = Some(PeriodReport::unproven(status));
        }
    }
    Ok(Output::new(to_json(&json), text))
}

fn stats_text(st: &SequenceStats) -> String {
    let show = |x: Option<usize>| x.map_or("none".to_string(), |v| v.to_string());
    let counts: Vec<String> = st
        .value_counts
        .iter()
        .enumerate()
        .map(|(v, c)| format!("{v}:{c}"))
        .collect();
    fields(&[
        ("n reached", st.values_computed.to_string()),
        (
            "largest value",
            match (st.largest_value, st.largest_value_first_at) {
                (Some(v), Some(at)) => format!("{v}, first at n = {at}"),
                _ => "none".to_string(),
            },
        ),
        (
            "rare mask",
            format!("{:#b} ({})", st.rare_mask, st.rare_mask),
        ),
        ("rare positions", st.rare_positions.to_string()),
        ("last rare position", show(st.last_rare_position)),
        ("count of each value", counts.join(" ")),
        ("sha256 of the values", st.values_sha256.clone()),
    ])
}
