#!/usr/bin/env bash
# A bounded AFL++ run of the fuzz target (see README, "Fuzzing").
#   fuzz/run.sh [SECONDS]   default 120
# Builds the target with cargo-afl (installed from crates.io if missing),
# fuzzes from fuzz/corpus, then fails if AFL saved a crash, or if one of the
# first inputs AFL saved as a hang still needs more than 90 s of CPU time on
# its own.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-120}"

if ! cargo afl --version >/dev/null 2>&1; then
  # cargo-afl builds AFL++'s runtime from its bundled sources with make and
  # a C compiler (no LLVM plugins are built).
  if ! command -v make >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make >/dev/null
  fi
  cargo install cargo-afl --locked --version 0.18.2
fi
# AFL_OPT_LEVEL=1: cargo-afl builds with opt-level 3 and one codegen unit
# by default, and that build of mex-core was most of this step's time in CI
# (about 4 of its 6 minutes); at level 1 it takes about 2 minutes, and the
# slower target still runs thousands of inputs a second.
export AFL_OPT_LEVEL="${AFL_OPT_LEVEL:-1}"
cargo afl build --release

out="${AFL_OUT:-$(mktemp -d)}"
export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_NO_AFFINITY=1
cargo afl fuzz -i corpus -o "$out" -V "$seconds" -t 5000 -m none \
  target/release/mex-fuzz > "$out/afl.log" 2>&1 || {
  tail -20 "$out/afl.log"
  exit 1
}
grep -a "Statistics" "$out/afl.log" | tail -1 | sed 's/\x1b\[[0-9;]*m//g'

status=0
for crash in "$out"/default/crashes/id:*; do
  [[ -e "$crash" ]] || continue
  echo "crash: $crash"; od -c "$crash" | head -5
  status=1
done
# AFL saves inputs over its 5 s limit (wall-clock time, so a busy machine
# saves more); most are slow but bounded (the engines' budgets, slowed down
# by the instrumentation). Each of the first $replays is run again alone
# with a budget of $limit s of CPU time (a soft ulimit -t, ended by
# SIGXCPU): the work the input itself costs, however many other processes
# share the cores. Over it, it is a real hang. A wall-clock guard of ten
# times that stops a run that waits instead of computing; no core file is
# written.
replays="${FUZZ_REPLAYS:-3}"; limit="${FUZZ_HANG_SECONDS:-90}"; replayed=0
target="${FUZZ_TARGET:-target/release/mex-fuzz}"
for hang in "$out"/default/hangs/id:*; do
  [[ -e "$hang" ]] || continue
  if (( replayed >= replays )); then
    echo "not replayed (FUZZ_REPLAYS=$replays): $hang"
    continue
  fi
  replayed=$((replayed + 1))
  code=0
  ( ulimit -c 0; ulimit -S -t "$limit"; exec timeout -k 10 "$((limit * 10))" "$target" ) \
    < "$hang" >/dev/null 2>&1 || code=$?
  case "$code" in
    0) echo "slow but bounded (over AFL's 5 s, under $limit s of CPU time): $hang" ;;
    124|137) echo "hang (waited $((limit * 10)) s without ending): $hang" ;;
    152) echo "hang (over $limit s of CPU time): $hang" ;;
    *) echo "fails on its own (status $code): $hang" ;;
  esac
  if (( code != 0 )); then
    od -c "$hang" | head -5
    status=1
  fi
done
echo "fuzz: output in $out"
exit "$status"
