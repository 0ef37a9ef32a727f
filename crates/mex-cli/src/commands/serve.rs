//! `mex serve`: the playground in the browser (the `mex-serve` crate).

use crate::output::Output;
use clap::Args;
use mex_core::MexError;

/// Starts the playground: a web server where every game of the catalog can
/// be played against the perfect computer, with a JSON API under /api/.
#[derive(Args)]
#[command(after_help = "Examples:
  mex serve                       (then open http://127.0.0.1:8080/)
  mex serve --addr 0.0.0.0:9000

Each request is logged on one line on stderr. The API is described at
/api/openapi.json.")]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
}

pub fn run(a: &ServeArgs) -> Result<Output, MexError> {
    mex_serve::run(&a.addr)
        .map_err(|e| MexError::invalid(e, "a free address such as 127.0.0.1:8080"))?;
    Ok(Output::bytes(Vec::new()))
}
