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
  mex serve --memory 2G            (the evaluations' memory pool)

Each request is logged on one line on stderr. The API is described at
/api/openapi.json.")]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The memory all evaluations running at once may take together, 1
    /// MiB to 20 GiB, in GiB (1.5) or with a unit (512M; default 3 GiB).
    /// Each evaluation reserves its budget from it before it starts (1
    /// GiB, or the whole pool when it is smaller; 64 MiB for a first try
    /// under 0.2 s); a request finding it taken waits up to 5 s, then gets
    /// 503; one that alone needs more than its budget gets 422.
    #[arg(long, value_name = "SIZE", value_parser = super::search::memory_arg)]
    memory: Option<usize>,
}

pub fn run(a: &ServeArgs) -> Result<Output, MexError> {
    let mut config = mex_serve::Config::default();
    if let Some(bytes) = a.memory {
        config.memory = bytes;
    }
    mex_serve::run(&a.addr, config)
        .map_err(|e| MexError::invalid(e, "a free address such as 127.0.0.1:8080"))?;
    Ok(Output::bytes(Vec::new()))
}
