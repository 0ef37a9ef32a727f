//! `mex nimber`: arithmetic in the nimber field.

use crate::output::{Output, Report};
use clap::Args;
use mex_core::MexError;
use mex_present::nimber::NimberReport;

/// Arithmetic in the nimber field (Conway, On Numbers and Games, ch. 6):
/// `+` is the nim-sum (XOR), `*` the nim-product, `/` the nim-quotient,
/// `^k` an integer nim-power (k may be negative: 2^3 is 2*2*2 = 2, not
/// 8); parentheses group; numbers are decimal, of any size.
#[derive(Args)]
#[command(after_help = "Examples:
  mex nimber \"2*3\"              # prints 1
  mex nimber \"16*16\"            # prints 24
  mex nimber \"1/2\"              # prints 3 (2*3 = 1)
  mex nimber \"(5+6)^-1 * 7\"
  mex nimber \"18446744073709551616 * 18446744073709551616\" --json")]
pub struct NimberArgs {
    /// The expression, e.g. \"(2+3)*7^-1\".
    #[arg(allow_hyphen_values = true)]
    expression: String,
    /// Print one JSON object: `expression` and `value` (a decimal string).
    #[arg(long)]
    pub json: bool,
}

impl Report for NimberReport {
    fn text(&self) -> String {
        format!("{}\n", self.value)
    }
}

pub fn run(a: &NimberArgs) -> Result<Output, MexError> {
    Ok(Output::report(NimberReport::evaluate(&a.expression)?))
}
