#!/usr/bin/env python3
"""Prints the table of docs/records.md from the runs of bench/records.sh.

    python3 bench/records_table.py DIR [OGSOLVE]

For every DIR/CODE.json (and its checkpoint DIR/CODE.ckpt) it prints one
row: the code, n reached, largest value and where it first occurs, the rare
mask, rare positions and the last one, the SHA-256 of the first 2^20 and
2^24 values (and of all n values), the date and the command. With OGSOLVE
(the path of ogsolve) it also computes the first 2^20 values with
`ogsolve -m rc2 -p` and says whether their SHA-256 is the same.
"""
import glob, hashlib, json, os, subprocess, sys


def checkpoint_values(path):
    with open(path, "rb") as f:
        data = f.read()
    body = data[data.index(b"\n\n") + 2:]
    return body


def sha_prefix(body, n):
    return hashlib.sha256(body[: 2 * n]).hexdigest()


def ogsolve_sha(ogsolve, code, n):
    out = subprocess.run([ogsolve, "-m", "rc2", "-p", "-n", str(n - 1), code],
                         capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if "nimbers:" in l)
    values = [int(x) for x in line.split(":", 1)[1].split()]
    return hashlib.sha256(b"".join(v.to_bytes(2, "little") for v in values)).hexdigest()


def main():
    folder = sys.argv[1]
    ogsolve = sys.argv[2] if len(sys.argv) > 2 else None
    rows = []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        code = os.path.basename(path)[: -len(".json")]
        d = json.load(open(path))
        s, r = d["stats"], d.get("record", {})
        body = checkpoint_values(os.path.join(folder, code + ".ckpt"))
        n = s["values_computed"]
        assert len(body) >= 2 * n, code
        shas = {k: sha_prefix(body, 1 << k) for k in (20, 24) if (1 << k) <= n}
        check = ""
        if ogsolve and not code.endswith("u") and 20 in shas:
            check = "same" if ogsolve_sha(ogsolve, code, 1 << 20) == shas[20] else "DIFFERENT"
        period = f"period {d['period']} from {d['preperiod']}" if d.get("period") else "open"
        rows.append((code, n, period, s, shas, check, r))
    print("| game | n reached | status | largest value (first at) | rare mask | rare positions | last rare | SHA-256 of the first 2^20 values | SHA-256 of the first 2^24 values | ogsolve -m rc2 (2^20) | date |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for code, n, period, s, shas, check, r in rows:
        n_text = f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)
        print(f"| {code} | {n_text} | {period} | {s['largest_value']} ({s['largest_value_first_at']}) "
              f"| {s['rare_mask']} | {s['rare_positions']} | {s['last_rare_position']} "
              f"| `{shas.get(20, '—')}` | `{shas.get(24, '—')}` | {check or '—'} | {r.get('date', '')} |")


if __name__ == "__main__":
    main()
