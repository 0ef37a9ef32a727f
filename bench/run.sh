#!/usr/bin/env bash
# Runs the criterion benchmarks and prints each fast method as a speed ratio
# against its naive twin measured in the same run.
#
# Peer comparison (optional): set OGSOLVE to the path of an ogsolve binary
# (Piotr Beling's octal game solver, built outside this repository) to time
# the first 2^22 values of 0.6 and 0.16 with both programs on one core.
set -euo pipefail
cd "$(dirname "$0")/.."

# A full run starts from a clean slate, so that no stale result is reported.
if [[ $# -eq 0 ]]; then rm -rf target/criterion; fi
cargo bench -p mex-core --bench impartial --bench shift -- "$@"

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
print()
print("scaling (time relative to the smallest size in the group):")
scaling = {}
for key, mean in groups.items():
    if key.startswith("scaling_"):
        group, size = key.rsplit("/", 1)
        scaling.setdefault(group, []).append((int(size), mean))
for group, rows in sorted(scaling.items()):
    rows.sort()
    base_n, base_t = rows[0]
    for size, t in rows:
        print(f"  {group:<35} {size:>8}  {t/1e6:>10.3f}ms  x{t/base_t:>7.2f} time for x{size/base_n:g} size")
for key, mean in groups.items():
    if key.startswith("shift_rule_word") and key.endswith("/fast"):
        print(f"\nshift rule on random u64 words: {1024/(mean/1e9):.3e} calls/s")
    if key.startswith("shift_rule_play") and key.endswith("/fast"):
        print(f"shift rule along the play from 0^64: {1024/(mean/1e9):.3e} calls/s")
    if key.startswith("scaling_prefer_one/28"):
        print(f"prefer-one order 28: {(1<<28)/(mean/1e9):.3e} bits/s")
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
