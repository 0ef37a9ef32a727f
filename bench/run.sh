#!/usr/bin/env bash
# Runs the criterion benchmarks and prints each fast method as a speed ratio
# against its naive twin measured in the same run.
#
# Peer comparisons (optional), each against a binary built outside this
# repository and never vendored here:
#   OGSOLVE=/path/to/ogsolve     times the first 2^20, 2^22, 2^24 values of 0.6
#                                and 2^22 of 0.16 against every ogsolve method
#                                but naive (n − 1 is ogsolve's last position),
#                                and Grundy's game (mex alone);
#   CGT_TOOLS=/path/to/cgt-cli   times Domineering canonical forms of every
#                                rectangle up to 5x6 and of seven irregular
#                                boards (time and peak memory of each tool),
#                                and checks that both give the same value.
#                                Then six small Amazons boards the same way.
#                                And Snort on paths, cycles, grids and K4.
#   CGT_PY=/path/to/python       a Python with cgt-tools' module cgt_py and
#                                mex's package installed (both built with
#                                maturin): Toads and Frogs strips, each tool's
#                                CPU time in one process, values compared
#                                (cgt-tools' CLI has no Toads and Frogs).
# Both run pinned to one core (taskset) when taskset is available.
#   PEERS_ONLY=1                 runs the peer comparisons alone (no
#                                criterion, no SSC timing, no load test).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${PEERS_ONLY:-}" ]]; then
# A full run starts from a clean slate, so that no stale result is reported.
if [[ $# -eq 0 ]]; then rm -rf target/criterion; fi
cargo bench -p mex-bench --features criterion --bench impartial --bench shift --bench partizan -- "$@"

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
fi

if [[ -n "${OGSOLVE:-}" ]]; then
  cargo build --release -q -p mex-bench --example nim_sequence
  # Seconds of one command (wall clock), pinned to the given cores.
  secs() { local cores=$1; shift; { /usr/bin/time -f "%e" taskset -c "$cores" "$@" >/dev/null; } 2>&1 | tail -1; }
  echo
  echo "peer comparison against ogsolve, same run; one core each (taskset -c 0),"
  echo "and mex with two threads on two cores (taskset -c 0,1) reported apart:"
  # OGSOLVE_METHODS: ogsolve's methods to time (default: all but naive,
  # whose O(n^2) scan takes hours at these sizes); at 2^24 only rc2 unless
  # OGSOLVE_ALL_AT_2_24=1.
  methods=${OGSOLVE_METHODS:-rc2 rc2s rc rcs}
  for run in "0.6 1048576" "0.6 4194304" "0.16 4194304" "0.6 16777216"; do
    set -- $run
    code=$1 n=$2
    mex1=$(secs 0 ./target/release/examples/nim_sequence "$code" "$n" 1)
    mex2=$(secs 0,1 ./target/release/examples/nim_sequence "$code" "$n" 2)
    line="  $code first $n values: mex ${mex1}s (two threads ${mex2}s)"
    these=$methods
    if [[ $n -ge 16777216 && -z "${OGSOLVE_ALL_AT_2_24:-}" ]]; then these=rc2; fi
    for m in $these; do
      peer=$(secs 0 "$OGSOLVE" -m "$m" -n $((n - 1)) "$code")
      line+=$(python3 -c "print(f'; ogsolve -m $m ${peer}s ({$peer/$mex1:.2f}x)')")
    done
    echo "$line"
  done
  # ogsolve has no unequal-split codes: Grundy's game is timed for mex alone.
  g1=$(secs 0 ./target/release/examples/nim_sequence 4.0u 4194304 1)
  g2=$(secs 0,1 ./target/release/examples/nim_sequence 4.0u 4194304 2)
  echo "  4.0u (Grundy's game) first 4194304 values: mex ${g1}s (two threads ${g2}s); no peer computes it"
fi

pin() { if command -v taskset >/dev/null; then taskset -c 0 "$@"; else "$@"; fi; }

# Long inputs, timed once on one core: SSC decomposition of 10^8 cherries
# (random, periodic, monochrome) and closed-form Cherries rows of 10^6.
if [[ $# -eq 0 && -z "${PEERS_ONLY:-}" ]]; then
  cargo build --release -q -p mex-bench --example ssc_time
  echo
  pin ./target/release/examples/ssc_time 100000000
fi

if [[ -n "${CGT_TOOLS:-}" ]]; then
  cargo build --release -q -p mex-cli
  echo
  echo "Domineering against cgt-tools (one core): board, seconds and peak MiB of each, ratio, same value?"
  boards=()
  for h in 1 2 3 4 5; do for w in 1 2 3 4 5 6; do
    row=$(printf '%*s' "$w" '' | tr ' ' '.'); grid=$row
    for ((i = 1; i < h; i++)); do grid="$grid|$row"; done
    boards+=("$grid")
  done; done
  # Irregular boards: holes, an L, a plus, a ring, a staircase, a 6x6 with
  # a wall, a 4x7 with a notch.
  boards+=("..#...|......|...#..|......|..#..." "....|....|....|....|##..|##.." \
           "##..##|##..##|......|......|##..##|##..##" "......|.#..#.|.#..#.|......" \
           "#.....|##....|###...|####..|#####." "......|......|######|......|......|......" \
           ".......|.......|...#...|.......")
  min_ratio=1000; total_mex=0; total_cgt=0
  for grid in "${boards[@]}"; do
    /usr/bin/time -f '%e %M' -o /tmp/mex-bench-ours.time \
      taskset -c 0 ./target/release/mex value domineering "$grid" --json > /tmp/mex-bench-ours.json
    /usr/bin/time -f '%e %M' -o /tmp/mex-bench-theirs.time \
      taskset -c 0 "$CGT_TOOLS" domineering evaluate --position "$grid" > /tmp/mex-bench-theirs.txt
    # Same value: mex compares its canonical form with cgt-tools' printed one.
    ours=$(python3 -c 'import json; print(json.load(open("/tmp/mex-bench-ours.json"))["value"])')
    theirs=$(sed -n 's/^Canonical Form: //p' /tmp/mex-bench-theirs.txt)
    relation=$(./target/release/mex compare "$ours" "$theirs" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["relation"])')
    same=$([[ "$relation" == "=" ]] && echo yes || echo NO)
    read -r tm mm < /tmp/mex-bench-ours.time; read -r tc mc < /tmp/mex-bench-theirs.time
    read -r total_mex total_cgt min_ratio ratio < <(python3 -c "
tm, tc = max($tm, 0.01), max($tc, 0.01)
print(f'{$total_mex + $tm:.2f} {$total_cgt + $tc:.2f} {min($min_ratio, tc / tm) if $tc >= 0.1 else $min_ratio:.2f} {tc / tm:.1f}')")
    printf '  %-42s mex %7ss %5s MiB  cgt-tools %7ss %5s MiB  %5sx  %s\n' "$grid" "$tm" "$((mm / 1024))" "$tc" "$((mc / 1024))" "$ratio" "$same"
  done
  echo "  total: mex ${total_mex}s, cgt-tools ${total_cgt}s; smallest ratio on boards where cgt-tools takes 0.1 s or more: ${min_ratio}x"

  echo
  echo "Amazons against cgt-tools (one core): board, mex, cgt-tools, ratio, same value?"
  total_mex=0; total_cgt=0
  for grid in 'x..|...|..o' 'x...|o...' 'x..#|....|.#.o' 'x...|....|...o' 'x.o.|....|....' 'xo..|....|..#.'; do
    t0=$(date +%s.%N); pin ./target/release/mex value amazons "$grid" --json > /tmp/mex-bench-ours.json; t1=$(date +%s.%N)
    # cgt-tools prints its Amazons answer on stderr.
    pin "$CGT_TOOLS" amazons evaluate --position "$grid" > /tmp/mex-bench-theirs.txt 2>&1; t2=$(date +%s.%N)
    ours=$(./target/release/mex game "$(python3 -c 'import json; print(json.load(open("/tmp/mex-bench-ours.json"))["value"])')" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
    theirs=$(./target/release/mex game "$(sed -n 's/^Canonical Form: //p' /tmp/mex-bench-theirs.txt)" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
    same=$([[ "$ours" == "$theirs" ]] && echo yes || echo NO)
    read -r tm tc < <(python3 -c "print(f'{$t1-$t0:.3f} {$t2-$t1:.3f}')")
    total_mex=$(python3 -c "print($total_mex+$tm)"); total_cgt=$(python3 -c "print($total_cgt+$tc)")
    printf '  %-20s %8ss %8ss %6sx  %s\n' "$grid" "$tm" "$tc" "$(python3 -c "print(f'{$tc/max($tm,1e-3):.2f}')")" "$same"
  done
  python3 -c "print(f'  total: mex {$total_mex:.2f}s, cgt-tools {$total_cgt:.2f}s, ratio (cgt-tools / mex) {$total_cgt/$total_mex:.2f}')"
fi

if [[ -n "${CGT_TOOLS:-}" ]]; then
  echo
  echo "Snort against cgt-tools (one core; cgt-cli snort graph --no-graphviz): graph, mex, cgt-tools, same value?"
  total_mex=0; total_cgt=0
  for g in P6 P8 P10 P12 C6 C8 C10 C12 2x4 2x5 3x3 3x4 K4; do
    edges=$(./target/release/mex value snort "$g" --json | python3 -c 'import json,sys; p=json.load(sys.stdin)["position"]; print(",".join(p.split("; ")[1].split()))')
    t0=$(date +%s.%N); pin ./target/release/mex value snort "$g" --json > /tmp/mex-bench-ours.json; t1=$(date +%s.%N)
    pin "$CGT_TOOLS" snort graph --no-graphviz --edges "$edges" > /tmp/mex-bench-theirs.txt 2>&1; t2=$(date +%s.%N)
    ours=$(python3 -c 'import json; print(json.load(open("/tmp/mex-bench-ours.json"))["value"])')
    theirs=$(grep -o '"canonical_form":"[^"]*"' /tmp/mex-bench-theirs.txt | sed 's/"canonical_form":"//; s/"$//')
    canon() { ./target/release/mex game "$1" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])'; }
    same=$([[ "$(canon "$ours")" == "$(canon "$theirs")" ]] && echo yes || echo NO)
    read -r tm tc < <(python3 -c "print(f'{$t1-$t0:.3f} {$t2-$t1:.3f}')")
    total_mex=$(python3 -c "print($total_mex+$tm)"); total_cgt=$(python3 -c "print($total_cgt+$tc)")
    printf '  %-5s %8ss %8ss  %s\n' "$g" "$tm" "$tc" "$same"
  done
  python3 -c "print(f'  total: mex {$total_mex:.2f}s, cgt-tools {$total_cgt:.2f}s, ratio {$total_cgt/$total_mex:.2f}')"
fi

if [[ -n "${CGT_PY:-}" ]]; then
  echo
  echo "Toads and Frogs against cgt-tools (cgt_py, one core, CPU seconds in one Python process): strip, mex, cgt-tools, ratio, same value?"
  pin "$CGT_PY" - <<'PY'
import re, time
import cgt_py, mex
strips = ["TTT...FFF", "TTTT....FFFF", "TTT.T..F.FFF", "TT.T.T...F.F.FF",
          "TTTTT.....FFFFF", "T.T.T.T...F.F.F.F", "TTT.TT....FF.FFF"]
total_mex = total_cgt = 0.0
for s in strips:
    t0 = time.process_time()
    try:
        ours = mex.Game("toads-and-frogs", s).value_text()
    except mex.TooLarge as refused:
        print(f"  {s:<18} refused by mex: {refused}")
        continue
    t1 = time.process_time(); theirs = cgt_py.ToadsAndFrogs(s).canonical_form()
    t2 = time.process_time()
    text = re.fullmatch(r"CanonicalForm\('(.*)'\)", repr(theirs)).group(1)
    same = "yes" if mex.CGValue(text) == mex.CGValue(ours) else "NO"
    total_mex += t1 - t0; total_cgt += t2 - t1
    print(f"  {s:<18} {t1 - t0:8.3f}s {t2 - t1:8.3f}s  {(t2 - t1) / max(t1 - t0, 1e-3):5.1f}x  {same}")
print(f"  total: mex {total_mex:.2f}s, cgt-tools {total_cgt:.2f}s, ratio {total_cgt / total_mex:.2f}")
PY
fi

# The playground server under load (issue 9): 64 connections for 30 s, a mix
# of cheap and expensive valid requests; fails on any error.
if [[ $# -eq 0 && -z "${PEERS_ONLY:-}" ]]; then
  echo
  echo "playground server load test:"
  cargo run --release -q -p mex-serve --example load -- --seconds 30 --connections 64
fi
