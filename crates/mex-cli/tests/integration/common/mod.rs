//! What the CLI test files share: running the built `mex` binary, a hang
//! guard for runs that must end, and fresh scratch directories.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// Longest a single run of `mex` may take before a test calls it a hang,
/// kills it and fails. It only tells a run that ends from one that does not
/// (the regressions it catches ran for minutes to hours, or forever): every
/// guarded run takes at most about a second on an idle machine, and the
/// guard leaves room for a loaded machine, the test threads running in
/// parallel and unoptimised builds. No test compares a duration with
/// anything tighter.
pub const HANG_GUARD: Duration = Duration::from_secs(300);

/// Runs `mex` with `args`.
pub fn mex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .output()
        .expect("binary runs")
}

/// Runs with `--json`, checks success and that stdout is exactly one object.
pub fn json(args: &[&str]) -> Value {
    json_by(mex, args)
}

/// [`json`], the binary run by `run` (such as [`mex_bounded`]).
pub fn json_by(run: fn(&[&str]) -> Output, args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = run(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON value");
    assert!(v.is_object(), "{args:?} printed a non-object");
    v
}

/// Waits for `child` for at most `limit`; past it, kills it and returns
/// `None`. Polls (from 1 ms, backing off to 50 ms), so a quick run is not
/// slowed down.
pub fn wait_bounded(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

/// Starts `mex` with `args` in the background, stdout discarded and
/// stderr piped (for [`interrupt_after_lock`]).
pub fn spawn_quiet(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs")
}

/// Sends SIGINT (Ctrl-C) to a checkpointed run once it has taken its
/// `lock` file (and half a second more: the lock is taken just before the
/// checkpoint is read and the handlers are installed), and waits for it
/// to end under [`HANG_GUARD`]: its status and what it wrote on stderr
/// (piped by the caller).
pub fn interrupt_after_lock(child: &mut Child, lock: &std::path::Path) -> (ExitStatus, String) {
    let start = Instant::now();
    while !lock.exists() && start.elapsed() < HANG_GUARD {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = wait_bounded(child, HANG_GUARD).expect("ends after SIGINT");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut err)
        .unwrap();
    (status, err)
}

/// Runs `cmd` to its end with `input` on stdin (else /dev/null) and stdout
/// and stderr captured, as `Command::output` does, under [`HANG_GUARD`]: a
/// run still going then is killed and the test fails, naming `cmd`.
pub fn output_bounded(cmd: &mut Command, input: Option<&[u8]>) -> Output {
    let mut child = cmd
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let feeder = input.map(|bytes| {
        let mut pipe = child.stdin.take().expect("piped stdin");
        let bytes = bytes.to_vec();
        // The pipe closes when the thread ends: end of input.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        })
    });
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = pipe.read_to_end(&mut v);
            v
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = read_all(Box::new(child.stderr.take().expect("piped stderr")));
    let Some(status) = wait_bounded(&mut child, HANG_GUARD) else {
        panic!("{cmd:?} ran longer than {HANG_GUARD:?} (killed)");
    };
    if let Some(f) = feeder {
        f.join().expect("stdin written");
    }
    Output {
        status,
        stdout: stdout.join().expect("stdout read"),
        stderr: stderr.join().expect("stderr read"),
    }
}

/// Runs `mex` with `args` under [`HANG_GUARD`].
pub fn mex_bounded(args: &[&str]) -> Output {
    output_bounded(Command::new(env!("CARGO_BIN_EXE_mex")).args(args), None)
}

/// A fresh, empty directory for one test, named after the test binary, its
/// process, the test module that asks (the file of the caller: all modules
/// share one binary and process) and `name` (unique within the module), so
/// that tests running in parallel, in this or another test binary, never
/// share one; whatever an earlier run left there (a process with the same
/// id that failed before cleaning up) is removed first.
#[track_caller]
pub fn scratch_dir(name: &str) -> PathBuf {
    let caller = std::path::Path::new(std::panic::Location::caller().file());
    let module = caller.file_stem().expect("a source file").to_string_lossy();
    let dir = std::env::temp_dir().join(format!(
        "mex-{}-{}-{module}-{name}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}
