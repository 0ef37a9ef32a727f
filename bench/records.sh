#!/usr/bin/env bash
# Runs the record computations of docs/records.md, resumable: each game
# keeps a checkpoint in DIR (outside the repository), so a run that is
# interrupted (Ctrl-C, end of a session) goes on from where it stopped.
#
#   bench/records.sh DIR N CODE...     e.g. bench/records.sh ~/mex-records 2^24 0.6 0.16 4.0u
#
# For each code it runs
#   mex octal CODE --max-terms N --checkpoint DIR/CODE.ckpt --stats --json
# (`mex grundys-game` for 4.0u) and keeps the JSON in DIR/CODE.json. With
# OGSOLVE=/path/to/ogsolve it also computes the same N values with
# `ogsolve -m rc2 -p` and compares the SHA-256 of the two sequences (codes
# ogsolve accepts: octal digits 0-7 without the suffix u).
#   MEX=/path/to/mex   the binary to use (default: target/release/mex, built)
set -euo pipefail
dir=${1:?usage: bench/records.sh DIR N CODE...}
n=${2:?usage: bench/records.sh DIR N CODE...}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ -z "${MEX:-}" ]]; then
  cargo build --release -q -p mex-cli --manifest-path "$root/Cargo.toml"
  MEX="$root/target/release/mex"
fi
mkdir -p "$dir"
for code in "$@"; do
  if [[ "$code" == 4.0u ]]; then
    cmd=("$MEX" grundys-game --max-terms "$n" --checkpoint "$dir/$code.ckpt" --stats --json)
  else
    cmd=("$MEX" octal "$code" --max-terms "$n" --checkpoint "$dir/$code.ckpt" --stats --json)
  fi
  start=$(date +%s)
  "${cmd[@]}" > "$dir/$code.json.tmp"
  mv "$dir/$code.json.tmp" "$dir/$code.json"
  python3 - "$dir/$code.json" "$code" "$(( $(date +%s) - start ))" "${cmd[*]}" <<'PY'
import json, sys, datetime
path, code, secs, cmd = sys.argv[1:]
d = json.load(open(path))
d["record"] = {"date": datetime.date.today().isoformat(), "seconds_this_run": int(secs),
               "command": cmd.replace(cmd.split()[0], "mex", 1)}
json.dump(d, open(path, "w"))
s = d["stats"]
print(f"{code}: n={s['values_computed']} largest={s['largest_value']}@{s['largest_value_first_at']} "
      f"mask={s['rare_mask']} rare={s['rare_positions']} last_rare={s['last_rare_position']} "
      f"sha256={s['values_sha256'][:16]}… ({secs} s)")
PY
  if [[ -n "${OGSOLVE:-}" && "$code" != *u ]]; then
    count=$(python3 -c "import json; print(json.load(open('$dir/$code.json'))['stats']['values_computed'])")
    "$OGSOLVE" -m rc2 -p -n $((count - 1)) "$code" | python3 -c "
import sys, hashlib, struct, json
line = next(l for l in sys.stdin if 'nimbers:' in l)
values = [int(x) for x in line.split(':', 1)[1].split()]
sha = hashlib.sha256(b''.join(struct.pack('<H', v) for v in values)).hexdigest()
d = json.load(open('$dir/$code.json'))
same = sha == d['stats']['values_sha256'] and len(values) == d['stats']['values_computed']
d['record']['ogsolve_rc2_sha256'] = sha
d['record']['ogsolve_agrees'] = same
json.dump(d, open('$dir/$code.json', 'w'))
print('  ogsolve -m rc2:', 'same values' if same else 'DIFFERENT VALUES')
"
  fi
done
