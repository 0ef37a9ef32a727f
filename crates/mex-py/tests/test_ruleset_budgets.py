"""Issue 39, item 8: a ruleset's budget holds while its callbacks are read.
A budget too small for anything is a ValueError (it was a Rust panic); an
options iterator that never ends, even one repeating a single position,
and positions that grow without end each stop at the memory budget,
which every test sets small."""

from __future__ import annotations

import itertools
from typing import Iterator

import pytest

import mex

SMALL = 1 << 20


def test_a_budget_below_the_least_is_a_value_error() -> None:
    for memory in (0, 1, 4095):
        with pytest.raises(ValueError, match="memory= .* is below the minimum 4096 bytes"):
            mex.Ruleset.impartial(lambda n: range(n), memory=memory)
        with pytest.raises(ValueError, match="below the minimum"):
            mex.Ruleset.partizan(lambda n: range(n), lambda n: [], memory=memory)
    with pytest.raises(ValueError, match="below the minimum"):
        mex.winner([mex.Game("clobber", "xo")], "left", memory=0)
    with pytest.raises(ValueError, match="below the minimum"):
        mex.sum_outcome([mex.Game("clobber", "xo")], memory=0)
    assert mex.Ruleset.impartial(lambda n: range(n), memory=4096)(1).grundy() == 1


def test_options_that_never_end_stop_at_the_budget() -> None:
    def distinct(p: int) -> Iterator[int]:
        return itertools.count(p + 1)

    def repeating(p: int) -> Iterator[int]:
        while True:
            yield p + 1

    for options in (distinct, repeating):
        r = mex.Ruleset.impartial(options, memory=SMALL)
        with pytest.raises(mex.TooLarge, match="memory budget of 1048576 bytes"):
            r(0).grundy()


def test_positions_that_grow_without_end_stop_at_the_budget() -> None:
    r = mex.Ruleset.impartial(lambda p: [2 * p + 1], memory=SMALL)
    with pytest.raises(mex.TooLarge, match="memory budget"):
        r(0).grundy()
    words = mex.Ruleset.partizan(lambda w: [w + "ab"], lambda w: [], memory=SMALL)
    with pytest.raises(mex.TooLarge, match="memory budget"):
        words("").canonical()

