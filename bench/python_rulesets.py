#!/usr/bin/env python3
"""The cost of a ruleset written in Python (issue 26): the same question
asked of a game defined in Python (`mex.Ruleset`) and of the same game built
into mex, in one process, each timed from a fresh start (no values kept).

    pip install ./crates/mex-py            # into the active environment
    python bench/python_rulesets.py domineering 4x4 [--side python|builtin|both]
    python bench/python_rulesets.py kayles 2000     # the nim sequence, heaps 0..1999
    python bench/python_rulesets.py kayles-rows 60  # rows of 0..59 pins, one by one
    python bench/python_rulesets.py cram 4x5 [--search pruned|full]  # the Grundy value
    python bench/python_rulesets.py cram-outcome 4x5 [--search pruned|full]  # P or N

Prints, per side, the seconds, the positions the Python ruleset interned
and the callbacks it made (with the positions the pruned search expanded,
for Cram and Kayles rows: `--search pruned` or `full`, default: the
ruleset's, pruned with components), positions per second, and the ratio
Python/built-in. With `--side` one side only (for timing whole processes
in pairs).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable, Iterator, List, Optional, Tuple

import mex

# The board helpers are shared with the ruleset tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "crates" / "mex-py" / "tests"))
from boards import Board, regions  # noqa: E402
SEARCH: Optional[str] = None


def dominoes(board: Board, dr: int, dc: int) -> Iterator[Board]:
    for r, c in board:
        other = (r + dr, c + dc)
        if other in board:
            yield board - {(r, c), other}


def domineering(size: str) -> Tuple[Callable[[], object], Callable[[], object]]:
    rows, cols = (int(x) for x in size.split("x"))
    board = frozenset((r, c) for r in range(rows) for c in range(cols))

    def python() -> object:
        d = mex.Ruleset.partizan(
            lambda b: dominoes(b, 1, 0), lambda b: dominoes(b, 0, 1), components=regions
        )
        value = d(board).canonical()
        return value, d.positions(), d.callbacks()

    return python, lambda: mex.Domineering(size).value()


def kayles_heap(n: int) -> List[Tuple[int, int]]:
    return [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]


def kayles(terms: str) -> Tuple[Callable[[], object], Callable[[], object]]:
    n = int(terms)

    def python() -> object:
        k = mex.Ruleset.heap(kayles_heap)
        return k.sequence(n)[-1], n, n

    return python, lambda: int(mex.octal("0.77").values(n)[-1])


def kayles_rows(terms: str) -> Tuple[Callable[[], object], Callable[[], object]]:
    n = int(terms)

    def rows(p: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
        for i, h in enumerate(p):
            rest = p[:i] + p[i + 1:]
            for a, b in kayles_heap(h):
                yield tuple(sorted(rest + tuple(x for x in (a, b) if x)))

    def python() -> object:
        k = mex.Ruleset.impartial(rows, components=lambda p: [(h,) for h in p])
        values = [k((h,)).grundy(search=SEARCH) for h in range(n)]
        return values[-1], k.positions(), f"{k.callbacks()} expanded {k.expanded()}"

    def builtin() -> object:
        return [mex.Game("kayles", "I" * h if h else ".").value() for h in range(n)][-1]

    return python, builtin


def cram_options(board: Board) -> Iterator[Board]:
    for r, c in board:
        for other in ((r + 1, c), (r, c + 1)):
            if other in board:
                yield board - {(r, c), other}


def cram_game(size: str, outcome: bool) -> Tuple[Callable[[], object], Callable[[], object]]:
    rows, cols = (int(x) for x in size.split("x"))
    board = frozenset((r, c) for r in range(rows) for c in range(cols))

    def python() -> object:
        c = mex.Ruleset.impartial(cram_options, components=regions)
        g = c(board)
        value = g.outcome(search=SEARCH) if outcome else g.grundy(search=SEARCH)
        return value, c.positions(), f"{c.callbacks()} expanded {c.expanded()}"

    def builtin() -> object:
        g = mex.Game("cram", size)
        return g.outcome() if outcome else g.value()

    return python, builtin


GAMES = {
    "domineering": domineering,
    "kayles": kayles,
    "kayles-rows": kayles_rows,
    "cram": lambda size: cram_game(size, False),
    "cram-outcome": lambda size: cram_game(size, True),
}


def timed(f: Callable[[], object]) -> Tuple[float, object]:
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("size")
    parser.add_argument("--side", choices=["python", "builtin", "both"], default="both")
    parser.add_argument("--search", choices=["pruned", "full"], default=None)
    args = parser.parse_args()
    global SEARCH
    SEARCH = args.search
    python, builtin = GAMES[args.game](args.size)
    if args.side in ("python", "both"):
        t_py, (value, positions, calls) = timed(python)  # type: ignore[misc]
        print(
            f"python   {t_py:8.3f} s  value {value}  positions {positions}  "
            f"callbacks {calls}  {positions / t_py:,.0f} positions/s"
        )
    if args.side in ("builtin", "both"):
        t_b, value_b = timed(builtin)
        print(f"built-in {t_b:8.3f} s  value {value_b}")
    if args.side == "both":
        print(f"ratio python/built-in {t_py / t_b:.1f}")


if __name__ == "__main__":
    main()
