//! `mex misere-quotient`: the misère quotient of a take-and-break game
//! (Plambeck and Siegel, "Misère quotients for impartial games", 2008).

use crate::output::{Output, Report};
use clap::Args;
use mex_core::bigint::parse_bounded;
use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::misere_quotient::{MisereQuotient, MAX_QUOTIENT_HEAP};
use mex_core::MexError;
use mex_present::misere_quotient::MisereQuotientReport;
use num_bigint::BigUint;

/// The misère quotient of the heaps up to N of an octal or hexadecimal
/// game: its order, presentation, elements with their outcomes (the
/// P-portion), the image of each heap, and, when the heap images repeat
/// long enough, the periodicity theorem's proof that it is the quotient of
/// the whole game. With --outcome, who wins a sum of heaps in misère play.
#[derive(Args)]
#[command(after_help = "Examples:
  mex misere-quotient 0.75 --max-heap 30
  mex misere-quotient 0.77 --max-heap 40 --outcome 3,5,7
  mex misere-quotient 0.3333 --max-heap 4 --json")]
pub struct MisereQuotientArgs {
    /// The code, e.g. 0.75 (as `mex octal` reads it).
    code: String,
    /// The largest heap (1 to 4096). Without it, 30, doubled until a
    /// period proves the quotient of the whole game, 4096 is reached or a
    /// budget refuses the next bound.
    #[arg(long, value_name = "N", value_parser = max_heap_arg)]
    max_heap: Option<usize>,
    /// A sum of heaps, e.g. 3,5,7: prints its misère outcome (P or N).
    #[arg(long, value_name = "HEAPS", value_delimiter = ',', value_parser = crate::number::natural)]
    outcome: Option<Vec<BigUint>>,
    /// Print one JSON object: `order`, `elements`, `p_portion`, `heaps`,
    /// `presentation`, `table`, `period` and, with --outcome, `outcome`.
    #[arg(long)]
    pub json: bool,
}

/// `--max-heap`: a number in the syntax of every option (`2^5`, `1_000`),
/// at most [`MAX_QUOTIENT_HEAP`] however large it is typed.
fn max_heap_arg(text: &str) -> Result<usize, MexError> {
    let limit = MAX_QUOTIENT_HEAP as u64;
    Ok(parse_bounded(text, "the largest heap of a misère quotient", limit)? as usize)
}

impl Report for MisereQuotientReport {
    fn text(&self) -> String {
        MisereQuotientReport::text(self)
    }
}

/// The first bound of the heaps when `--max-heap` is not given.
const DEFAULT_MAX_HEAP: usize = 30;

pub fn run(a: &MisereQuotientArgs) -> Result<Output, MexError> {
    let code: TakeBreakCode = a.code.parse()?;
    let name = code.to_string();
    let sum = a.outcome.as_deref();
    let report = match a.max_heap {
        Some(n) => MisereQuotientReport::new(&name, &MisereQuotient::compute(&code, n)?, sum)?,
        None => {
            let grown = MisereQuotient::compute_growing(&code, DEFAULT_MAX_HEAP)?;
            MisereQuotientReport::grown(&name, &grown, sum)?
        }
    };
    Ok(Output::report(report))
}
