#!/usr/bin/env python3
"""Prints the table of docs/records.md from the checkpoints of bench/records.sh.

    python3 bench/records_table.py DIR MEX [OGSOLVE]

For every checkpoint DIR/CODE.ckpt (finished or still running) it asks MEX
for the statistics of the saved values, from a copy of the checkpoint (so
a running record is not disturbed, and nothing is recomputed), and prints
one row: the code, n reached, the period if one is proven, the columns of
the public tables (largest value and where it first occurs, the rare mask,
rare positions and the last one) and the SHA-256 of the first 2^20 and 2^24
values and of all n values. With OGSOLVE (the path of ogsolve) it also
computes the first 2^20 values with `ogsolve -m rc2 -p` and says whether
their SHA-256 is the same.
"""
import glob, hashlib, json, os, shutil, subprocess, sys, tempfile


def header_and_body(path):
    with open(path, "rb") as f:
        data = f.read()
    cut = data.index(b"\n\n")
    fields = dict(l.split("=", 1) for l in data[:cut].decode().splitlines()[1:])
    return fields, data[cut + 2:]


def stats_of(mex, code, count, ckpt):
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "copy.ckpt")
        shutil.copyfile(ckpt, copy)
        command = [mex, "grundys-game"] if code == "4.0u" else [mex, "octal", code]
        out = subprocess.run(command + ["--max-terms", str(count), "--checkpoint", copy,
                                        "--stats", "--json"],
                             capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def ogsolve_sha(ogsolve, code, n):
    out = subprocess.run([ogsolve, "-m", "rc2", "-p", "-n", str(n - 1), code],
                         capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if "nimbers:" in l)
    values = [int(x) for x in line.split(":", 1)[1].split()]
    return hashlib.sha256(b"".join(v.to_bytes(2, "little") for v in values)).hexdigest()


def power(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def main():
    folder, mex = sys.argv[1], sys.argv[2]
    ogsolve = sys.argv[3] if len(sys.argv) > 3 else None
    print("| game | n reached | status | largest value (first at) | rare mask | rare positions | last rare "
          "| SHA-256 of the first 2^20 values | SHA-256 of the first 2^24 values | SHA-256 of all n values "
          "| ogsolve -m rc2, 2^20 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for ckpt in sorted(glob.glob(os.path.join(folder, "*.ckpt"))):
        fields, body = header_and_body(ckpt)
        code, count = fields["code"], int(fields["count"])
        d = stats_of(mex, code, count, ckpt)
        s = d["stats"]
        shas = {k: hashlib.sha256(body[: 2 << k]).hexdigest() for k in (20, 24) if (1 << k) <= count}
        check = "—"
        if ogsolve and not code.endswith("u") and 20 in shas:
            check = "same" if ogsolve_sha(ogsolve, code, 1 << 20) == shas[20] else "DIFFERENT"
        status = f"period {d['period']} from {d['preperiod']}" if d.get("period") else "open"
        print(f"| {code} | {power(s['values_computed'])} | {status} "
              f"| {s['largest_value']} ({s['largest_value_first_at']}) | {s['rare_mask']} "
              f"| {s['rare_positions']} | {s['last_rare_position']} "
              f"| `{shas.get(20, '—')}` | `{shas.get(24, '—')}` | `{s['values_sha256']}` | {check} |")


if __name__ == "__main__":
    main()
