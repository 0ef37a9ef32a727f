"""CGValue works within the budgets of `mex game` (the store's memory and
comparisons of options): `{2||0} + *2222`, which once ran for an hour
deaf to Ctrl-C, is refused with the CLI's message. Run in a subprocess so
that a regression fails (by the generous timeout) instead of hanging the
suite."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Callable

SCRIPT = r"""
import json, mex
a, b = mex.CGValue("{2||0}"), mex.CGValue("*2222")
tries = {
    "sum": lambda: a + b,
    "reversed sum": lambda: b + a,
    "difference": lambda: a - b,
    "parsed sum": lambda: mex.CGValue.parse("{2||0} + *2222"),
}
out = {}
for name, f in tries.items():
    try:
        f()
        out[name] = "computed"
    except mex.TooLarge as e:
        out[name] = str(e)
print(json.dumps(out))
"""


def test_the_clis_budgets_refuse_a_huge_sum(cli_error: Callable[..., str]) -> None:
    want = cli_error("game", "{2||0} + *2222")
    assert "comparisons" in want
    p = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=600
    )
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    assert got == {name: want for name in got}


def test_integers_beyond_the_chains_are_records() -> None:
    """Integers past the chains a budgeted store builds (2^16) are kept in
    closed form (issue 25): exact, of any size, and the sum crosses over."""
    import mex

    top = mex.CGValue(2**16)
    assert top - 1 == mex.CGValue.integer(2**16 - 1)
    assert str(mex.CGValue(-(2**16))) == "-65536"
    for n in (2**16 + 1, -(2**16) - 1, 2**70):
        assert str(mex.CGValue(n)) == str(n)
        assert mex.CGValue(n).birthday() == abs(n)
    assert top + 1 == mex.CGValue(2**16 + 1)
    assert (top + 1) - 1 == top
