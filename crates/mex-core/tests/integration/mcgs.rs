//! The MCGS corpus: every test case of MCGS (Folkersen, Müller and Du,
//! 2024–26, <https://github.com/ualberta-mueller-group/MCGS>, GPL-3.0;
//! its test data only) for a game mex has, converted by
//! `tests/data/mcgs/convert.py` into one line a case: a sum, the first
//! player, the expected winner (and the nim value of an impartial sum when
//! MCGS gives it). See `tests/data/mcgs/README.md`.
//!
//! Every case is checked: the winner with the given first player, and the
//! nim value when the case has one. A wrong answer always fails. A case
//! the current code refuses (a size limit, the memory budget, or the time
//! limit given to each case, [`TIME_LIMIT_SECONDS`]) is counted per game and only
//! fails when [`require_all`] says so. `cargo test -p mex-core --test integration mcgs::
//! -- --nocapture` prints the counts per file and per game.

use mex_core::games::sum::Summand;
use mex_core::games::{outcome_search, Context, Family, Side};
use mex_core::partizan::outcome::OutcomeClass;
use mex_core::stop::{run_under, StopToken};
use mex_core::MexError;
use num_bigint::BigUint;
use num_traits::Zero;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Whether a refused case fails the test too: when the environment
/// variable `MEX_MCGS_REQUIRE_ALL` is set (the run of bench/README.md,
/// with `MEX_MCGS_SECONDS=60`: every case answered within 60 s). The
/// default run gives each case a short time limit, so that the test
/// stays quick on a loaded machine, and counts what ran out.
fn require_all() -> bool {
    std::env::var_os("MEX_MCGS_REQUIRE_ALL").is_some()
}

/// The time each case may take before it is counted as refused, in
/// seconds (wall clock), unless the environment variable
/// `MEX_MCGS_SECONDS` gives another.
const TIME_LIMIT_SECONDS: u64 = 2;

fn time_limit() -> Duration {
    let seconds = std::env::var("MEX_MCGS_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(TIME_LIMIT_SECONDS);
    Duration::from_secs(seconds)
}

/// One line of the corpus.
struct Case {
    sum: String,
    first: Side,
    winner: Side,
    nimber: Option<BigUint>,
    sources: String,
}

/// What became of a case.
enum Verdict {
    Answered,
    Refused(String),
    Wrong(String),
}

/// The winner of `summands` when `first` moves first, from the outcome
/// class of the sum's full value: the nim-sum of the Grundy values of an
/// impartial sum (Sprague 1935, Grundy 1939), or else the canonical form
/// of the sum compared with 0 (Conway 1976): `L` and `R` win whoever
/// starts, in `N` the first player wins, in `P` the second.
///
/// The slow twin of `mex_core::games::outcome_search::winner`, which
/// answers the corpus. It remembers the outcome class of each sum (or its
/// refusal), so that two cases of one sum (Left first, Right first) cost
/// one computation.
fn winner_by_full_value(
    summands: &[Summand],
    first: Side,
    ctx: &mut Context,
) -> Result<Side, MexError> {
    let key = sum_key(summands);
    let known = OUTCOMES.with_borrow(|m| m.get(&key).cloned());
    let class = match known {
        Some(class) => class,
        None => {
            let class = outcome_class(summands, ctx);
            OUTCOMES.with_borrow_mut(|m| m.insert(key, class.clone()));
            class
        }
    }?;
    Ok(match class {
        OutcomeClass::L => Side::Left,
        OutcomeClass::R => Side::Right,
        OutcomeClass::N => first,
        OutcomeClass::P => other(first),
    })
}

thread_local! {
    /// The outcome classes found by [`winner_by_full_value`], by sum.
    static OUTCOMES: RefCell<HashMap<String, Result<OutcomeClass, MexError>>> = RefCell::default();
    /// The nim values found by [`nim_value`], by sum.
    static NIM_VALUES: RefCell<HashMap<String, BigUint>> = RefCell::default();
}

/// The components as typed, one per line.
fn sum_key(summands: &[Summand]) -> String {
    summands
        .iter()
        .map(|s| format!("{}:{}\n", s.game.info().name, s.position))
        .collect()
}

/// The outcome class of the sum's full value.
fn outcome_class(summands: &[Summand], ctx: &mut Context) -> Result<OutcomeClass, MexError> {
    if summands.iter().all(is_impartial) {
        return Ok(if nim_value(summands)?.is_zero() {
            OutcomeClass::P
        } else {
            OutcomeClass::N
        });
    }
    let mut total = ctx.store.zero();
    for s in summands {
        let g = s.game.canonical(s.position, ctx)?;
        total = ctx.store.try_add(total, g)?;
    }
    ctx.store.try_outcome(total)
}

fn is_impartial(s: &Summand) -> bool {
    s.game.info().family == Family::Impartial
}

/// The nim-sum of the components' Grundy values (all impartial),
/// remembered by sum.
fn nim_value(summands: &[Summand]) -> Result<BigUint, MexError> {
    let key = sum_key(summands);
    if let Some(v) = NIM_VALUES.with_borrow(|m| m.get(&key).cloned()) {
        return Ok(v);
    }
    let v = summands.iter().try_fold(BigUint::zero(), |x, s| {
        Ok::<_, MexError>(x ^ s.game.grundy(s.position)?)
    })?;
    NIM_VALUES.with_borrow_mut(|m| m.insert(key, v.clone()));
    Ok(v)
}

fn other(side: Side) -> Side {
    if side == Side::Left {
        Side::Right
    } else {
        Side::Left
    }
}

fn side(text: &str) -> Side {
    match text {
        "L" => Side::Left,
        "R" => Side::Right,
        _ => panic!("'{text}' is not L or R"),
    }
}

/// The cases of one corpus file.
fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).expect("a corpus file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 5, "{}: five columns in '{line}'", path.display());
            Case {
                sum: f[0].to_string(),
                first: side(f[1]),
                winner: side(f[2]),
                nimber: (f[3] != "-").then(|| f[3].parse().expect("a nimber")),
                sources: f[4].to_string(),
            }
        })
        .collect()
}

fn summands(sum: &str) -> Result<Vec<Summand<'_>>, MexError> {
    if sum == "-" {
        return Ok(Vec::new());
    }
    sum.split_whitespace().map(Summand::parse).collect()
}

/// Checks one case under the time limit.
fn check(case: &Case) -> Verdict {
    let parts = match summands(&case.sum) {
        Ok(parts) => parts,
        Err(e) => return Verdict::Wrong(format!("does not parse: {e}")),
    };
    let token = StopToken::with_time_limit(time_limit());
    let answer = run_under(&token, || {
        let won = outcome_search::winner(&parts, case.first, &mut Context::new())?;
        let nim = match &case.nimber {
            Some(_) if parts.iter().all(is_impartial) => Some(nim_value(&parts)?),
            _ => None,
        };
        Ok::<_, MexError>((won, nim))
    });
    match answer {
        Ok((won, _)) if won != case.winner => {
            Verdict::Wrong(format!("winner {won:?}, MCGS says {:?}", case.winner))
        }
        Ok((_, Some(nim))) if Some(&nim) != case.nimber.as_ref() => {
            Verdict::Wrong(format!("nim value {nim}, MCGS says {:?}", case.nimber))
        }
        Ok(_) => Verdict::Answered,
        Err(e @ MexError::Invalid { .. }) => Verdict::Wrong(format!("refused as invalid: {e}")),
        Err(e) => Verdict::Refused(e.to_string()),
    }
}

/// The games of a sum, e.g. `clobber + nim`.
fn games_of(sum: &str) -> String {
    if sum == "-" {
        return "empty sum".into();
    }
    let mut names: Vec<&str> = sum
        .split_whitespace()
        .map(|c| c.split(':').next().unwrap_or(c))
        .collect();
    names.sort_unstable();
    names.dedup();
    names.join(" + ")
}

fn corpus_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus directory")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            corpus_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "txt") {
            out.push(path);
        }
    }
}

/// Answered, refused, wrong.
#[derive(Default, Clone, Copy)]
struct Tally([usize; 3]);

impl Tally {
    fn add(&mut self, v: &Verdict) {
        self.0[match v {
            Verdict::Answered => 0,
            Verdict::Refused(_) => 1,
            Verdict::Wrong(_) => 2,
        }] += 1;
    }

    fn line(&self, name: &str) -> String {
        let [a, r, w] = self.0;
        format!("{:5} {a:8} {r:7} {w:5}  {name}", a + r + w)
            .trim_end()
            .to_string()
    }
}

const COLUMNS: &str = "cases answered refused wrong";

#[test]
fn every_mcgs_case() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mcgs");
    let mut files = Vec::new();
    corpus_files(&root, &mut files);
    assert!(files.len() > 10, "the corpus is in {}", root.display());
    let (mut per_game, mut reasons) = (BTreeMap::new(), BTreeMap::new());
    let (mut total, mut wrong, mut refused) = (Tally::default(), Vec::new(), Vec::new());
    println!("{COLUMNS}     ms  file");
    for CheckedFile { path, checked, ms } in check_files_in_parallel(&files) {
        let mut tally = Tally::default();
        for (case, verdict) in checked {
            tally.add(&verdict);
            let game = games_of(&case.sum);
            per_game
                .entry(game.clone())
                .or_insert_with(Tally::default)
                .add(&verdict);
            let said = format!("{} first {:?} ({})", case.sum, case.first, case.sources);
            match verdict {
                Verdict::Wrong(why) => wrong.push(format!("{said}: {why}")),
                Verdict::Refused(why) => {
                    *reasons.entry((game, first_words(&why))).or_insert(0) += 1;
                    refused.push(format!("{said}: {why}"));
                }
                Verdict::Answered => {}
            }
        }
        total.add_all(tally);
        let name = path.strip_prefix(&root).unwrap_or(path).display();
        println!("{} {ms:6}  {name}", tally.line(""));
    }
    println!("\n{COLUMNS}  games of the sum");
    for (game, tally) in &per_game {
        println!("{}", tally.line(game));
    }
    println!("{}", total.line("total"));
    println!("\nrefusals by game and reason:");
    for ((game, why), n) in &reasons {
        println!("{n:5}  {game}: {why}");
    }
    println!("\nrefused cases:");
    for case in &refused {
        println!("{case}");
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(
        !require_all() || refused.is_empty(),
        "{} refused:\n{}",
        refused.len(),
        refused.join("\n")
    );
}

/// A corpus file's cases with their verdicts, and the milliseconds they took.
struct CheckedFile<'a> {
    path: &'a Path,
    checked: Vec<(Case, Verdict)>,
    ms: u128,
}

/// The cases of every file checked, each with its verdict, and the
/// milliseconds its cases took, in the order of `files`. The cases are
/// shared out among as many threads as the machine has cores (each keeps
/// its own time limit; the remembered values are per thread).
fn check_files_in_parallel(files: &[PathBuf]) -> Vec<CheckedFile<'_>> {
    let cases: Vec<(usize, Case)> = files
        .iter()
        .enumerate()
        .flat_map(|(i, path)| read_cases(path).into_iter().map(move |case| (i, case)))
        .collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut verdicts: Vec<(usize, Verdict, u128)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some((_, case)) = cases.get(k) else {
                            break mine;
                        };
                        let started = Instant::now();
                        let verdict = check(case);
                        mine.push((k, verdict, started.elapsed().as_millis()));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a checking thread"))
            .collect()
    });
    verdicts.sort_by_key(|(k, ..)| *k);
    let mut per_file: Vec<CheckedFile> = files
        .iter()
        .map(|path| CheckedFile {
            path,
            checked: Vec::new(),
            ms: 0,
        })
        .collect();
    for ((i, case), (_, verdict, ms)) in cases.into_iter().zip(verdicts) {
        per_file[i].checked.push((case, verdict));
        per_file[i].ms += ms;
    }
    per_file
}

impl Tally {
    fn add_all(&mut self, other: Tally) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

/// The start of an error message, up to its first digit or colon, to
/// group refusals of one kind.
fn first_words(message: &str) -> String {
    let end = message
        .find(|c: char| c.is_ascii_digit() || c == ':' || c == '\'')
        .unwrap_or(message.len());
    message[..end].trim().to_string()
}

/// The corpus's own checks: a tiny sum of each kind is read and judged,
/// by the search and by its slow twin.
#[test]
fn winners_of_small_sums() {
    let cases = [
        ("clobber:xo", Side::Left, Side::Left), // * : the first player wins
        ("clobber:xo clobber:xo", Side::Left, Side::Right), // * + * = 0
        ("expression:1 nim:1", Side::Right, Side::Left), // 1* > 0
        ("kayles:III", Side::Right, Side::Right), // *3 (Guy and Smith 1956)
        ("-", Side::Left, Side::Right),         // the empty sum is 0
    ];
    for (sum, first, expected) in cases {
        let parts = summands(sum).unwrap();
        let mut ctx = Context::new();
        assert_eq!(
            winner_by_full_value(&parts, first, &mut ctx).unwrap(),
            expected,
            "{sum}"
        );
        assert_eq!(
            outcome_search::winner(&parts, first, &mut ctx).unwrap(),
            expected,
            "{sum}"
        );
    }
}
