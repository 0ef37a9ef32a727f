"""The outcome search from Python (issue 22): `mex.winner` and
`mex.sum_outcome` against the outcome class of the full value
(`Game.outcome()`, the slow and sure way) and against the CLI's
`mex sum --first`."""

from __future__ import annotations

from typing import Any, Callable, List

import pytest

import mex

POSITIONS = [
    ("clobber", "xo"),
    ("clobber", "xoxox"),
    ("domineering", "3x3"),
    ("domineering", "2x4"),
    ("toppling-dominoes", "LRGLR"),
    ("expression", "{2|-1} + *3"),
    ("amazons", "x..|...|..o"),
]


def expected(outcome: str, first: str) -> str:
    if outcome == "L" or (outcome, first) in (("N", "left"), ("P", "right")):
        return "Left"
    return "Right"


@pytest.mark.parametrize("name,position", POSITIONS)
def test_winners_agree_with_the_full_value(name: str, position: str) -> None:
    g = mex.Game(name, position)
    for first in ("left", "right", "LEFT"):
        assert mex.winner([g], first) == expected(g.outcome(), first.lower())
    assert mex.sum_outcome([g]) == g.outcome()


def test_sums_against_the_cli(cli: Callable[..., Any]) -> None:
    terms = ["clobber:xoxo", "domineering:2x3", "nim:3", "expression:-1/2"]
    games: List[mex.Game] = [mex.Game(*t.split(":", 1)) for t in terms]
    for first in ("left", "right"):
        want = cli("sum", *terms, "--first", first)[f"{first}_first"]
        assert mex.winner(games, first) == want
    assert mex.sum_outcome(games) == cli("sum", *terms)["outcome"]


def test_bad_first_players_and_families() -> None:
    with pytest.raises(ValueError, match="accepted: left, right"):
        mex.winner([mex.Game("clobber", "xo")], "up")
    with pytest.raises(ValueError):
        mex.winner([mex.Game("ssc", "BW")], "left")


def test_a_memory_budget_bounds_the_search() -> None:
    # Clobber's own search settles a 1x36 row in well under a MiB; a
    # two-row board needs tens of MiB.
    board = [mex.Game("clobber", "xoxoxoxoxoxoxo/oxoxoxoxoxoxox")]
    with pytest.raises(ValueError, match="exceeds the limit of .* of memory"):
        mex.winner(board, "left", memory=1 << 20)
    with pytest.raises(ValueError, match="exceeds the limit of .* of memory"):
        mex.sum_outcome(board, memory=1 << 20)
    short_row = [mex.Game("clobber", "xo" * 5)]
    assert mex.winner(short_row, "left", memory=1 << 20) == mex.winner(short_row, "left")
    assert mex.sum_outcome(short_row, memory=1 << 20) == short_row[0].outcome()
