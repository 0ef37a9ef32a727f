//! What the CLI test files share: running the built `mex` binary.

use serde_json::Value;
use std::process::{Command, Output};

/// Runs `mex` with `args`.
pub fn mex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .output()
        .expect("binary runs")
}

/// Runs with `--json`, checks success and that stdout is exactly one object.
pub fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = mex(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON value");
    assert!(v.is_object(), "{args:?} printed a non-object");
    v
}
