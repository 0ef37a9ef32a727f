#!/usr/bin/env python3
"""The cost of Python around the engine: the nim sequence of 0.6 to 2^20
(the period search over 2^20 values, as `mex octal 0.6 --max-terms 2^20`)
through the Python package and through the CLI, and their ratio.

    cargo build --release -p mex-cli
    pip install ./crates/mex-py            # into the active environment
    python bench/python_overhead.py [--terms 1048576] [--repeat 3] [--mex target/release/mex]

Both sides run the same mex-core search (`heap::octal::search`) in a release
build; the CLI's time includes starting the process and printing its JSON,
Python's the call, the Ctrl-C checks between slices and building the NumPy
array of all the values. The target of issue 10 is a ratio within 1.05.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import mex

ROOT = Path(__file__).resolve().parents[1]


def python_run(code: str, terms: int) -> float:
    start = time.perf_counter()
    octal = mex.octal(code)
    octal.period(max_terms=terms)
    values = octal.values(terms)
    assert len(values) == terms
    return time.perf_counter() - start


def cli_run(binary: str, code: str, terms: int) -> float:
    start = time.perf_counter()
    subprocess.run(
        [binary, "octal", code, "--max-terms", str(terms), "--at", str(terms - 1), "--json"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--code", default="0.6")
    ap.add_argument("--terms", type=int, default=2**20)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--mex", default=str(ROOT / "target" / "release" / "mex"))
    a = ap.parse_args()
    if not Path(a.mex).exists():
        print(f"no binary at {a.mex}: cargo build --release -p mex-cli", file=sys.stderr)
        return 2
    py, cli = [], []
    for _ in range(a.repeat):  # interleaved, so that both see the same machine
        cli.append(cli_run(a.mex, a.code, a.terms))
        py.append(python_run(a.code, a.terms))
    best_py, best_cli = min(py), min(cli)
    print(f"{a.code} to {a.terms} values, best of {a.repeat}")
    print(f"  python  {best_py:8.3f} s")
    print(f"  cli     {best_cli:8.3f} s")
    print(f"  ratio   {best_py / best_cli:8.3f}  (python / cli; target <= 1.05)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
