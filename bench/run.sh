#!/usr/bin/env bash
# Runs the criterion benchmarks and prints each fast method as a speed ratio
# against its naive twin measured in the same run.
#
# Peer comparison (optional): set OGSOLVE to the path of an ogsolve binary
# (Piotr Beling's octal game solver, built outside this repository) to time
# the first 2^22 values of 0.6 and 0.16 with both programs on one core.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo bench -p mex-core --bench impartial -- "$@"

python3 - <<'PY'
import json, pathlib
root = pathlib.Path("target/criterion")
groups = {}
for est in root.glob("**/new/estimates.json"):
    parts = est.relative_to(root).parts[:-2]
    # group path components, then function id (and optional parameter)
    key = "/".join(parts)
    mean = json.loads(est.read_text())["mean"]["point_estimate"]
    groups[key] = mean
print()
print(f"{'benchmark':<45} {'fast':>12} {'naive':>12} {'speed-up':>9}")
seen = set()
for key in sorted(groups):
    if "/fast" not in key:
        continue
    naive_key = key.replace("/fast", "/naive")
    if naive_key in groups:
        f, n = groups[key], groups[naive_key]
        name = key.replace("/fast", "")
        print(f"{name:<45} {f/1e6:>10.3f}ms {n/1e6:>10.3f}ms {n/f:>8.1f}x")
PY

if [[ -n "${OGSOLVE:-}" ]]; then
  cargo build --release -q -p mex-core --example nim_sequence
  echo
  echo "peer comparison, first 2^22 values, one core each:"
  for code in 0.16 0.6; do
    mex=$( { /usr/bin/time -f "%e" ./target/release/examples/nim_sequence "$code" 4194304 >/dev/null; } 2>&1 | tail -1)
    peer=$( { /usr/bin/time -f "%e" "$OGSOLVE" -m rc -n 4194304 "$code" >/dev/null; } 2>&1 | tail -1)
    python3 -c "print(f'  {\"$code\":<6} mex {$mex:>7.2f}s  ogsolve {$peer:>7.2f}s  mex is {$peer/$mex:.2f}x faster')"
  done
fi
