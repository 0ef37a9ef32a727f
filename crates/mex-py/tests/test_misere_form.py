"""`mex.MisereForm`: misère canonical forms (Conway 1976, ONAG ch. 12) from
Python, agreeing with ``mex misere --json``; sums checked against the
misère outcome of explicit game trees searched here in plain Python."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, Callable, Tuple

import pytest

import mex
from mex import MisereForm

FIELDS = [
    "birthday", "genus", "misere_outcome", "nim_value", "misere_nim_value",
    "tame", "restive", "restless", "extraverted", "introverted", "prime", "even",
]


@pytest.mark.parametrize("form", ["*[2,1]", "*[[2],0]", "*[[2],1]", "*2+*2", "*[[[2]]]"])
def test_agrees_with_the_cli(form: str, cli: Callable[..., Any]) -> None:
    g = MisereForm(form)
    # Python prints CGSuite's list notation; the CLI's default is Conway's
    # subscripts as CGSuite prints them, so the list notation is asked for.
    report = cli("misere", form, "--notation", "list")
    assert g.canonical == report["canonical"] == str(g)
    for field in FIELDS:
        assert getattr(g, field) == report[field], field
    assert g.mate.canonical == report["mate"]
    assert [str(o) for o in g.options()] == report["options"]
    assert [str(p) for p in g.parts()] == report["parts"]
    assert [[str(q) for q in p] for p in g.partitions()] == report["partitions"]


def test_cgsuite_examples() -> None:
    # CGSuite's tests (MisereCanonicalGameTestCase.scala): *[[2],0] is
    # restive with misère nim value 2, *[[2],1] restless, their mates swap.
    restive, restless = MisereForm("*[[2],0]"), MisereForm("*[[2],1]")
    assert restive.restive and not restive.tame and restive.misere_nim_value == 2
    assert restless.restless and restless.nim_value == 2
    assert restive.mate == restless and restless.mate == restive
    star = MisereForm("*")
    assert restive + star + star == restive  # * + * = 0
    assert MisereForm("*[2,1]") == MisereForm("0")
    assert repr(MisereForm("*[[2]]")) == 'MisereForm("*[[2]]")'
    assert len(MisereForm("*[[*[4]+*[2]]]").partitions()) == 2
    assert hash(MisereForm("*+*")) == hash(MisereForm("0"))


def day(n: int) -> list[Any]:
    games: list[Any] = [frozenset()]
    for _ in range(n):
        games = [frozenset(c) for k in range(len(games) + 1) for c in combinations(games, k)]
    return games


@lru_cache(maxsize=None)
def misere_p(sum_: Tuple[Any, ...]) -> bool:
    parts = tuple(sorted((g for g in sum_ if g), key=hash))
    if not parts:
        return False
    for i, g in enumerate(parts):
        for o in g:
            if misere_p(parts[:i] + (o,) + parts[i + 1:]):
                return False
    return True


def item(g: Any) -> str:
    """A game as a list item: the bracketed list of its options."""
    return "[" + ",".join(item(o) for o in g) + "]"


def text(g: Any) -> str:
    """A lone item in ``*[...]`` stands for itself."""
    return "*[" + item(g) + "]"


def test_sums_against_trees() -> None:
    games = day(3)
    forms = [MisereForm(text(g)) for g in games]
    for a, fa in zip(games, forms):
        for b, fb in zip(games, forms):
            expected = "P" if misere_p((a, b)) else "N"
            assert (fa + fb).misere_outcome == expected, (text(a), text(b))


def test_bad_input_raises() -> None:
    with pytest.raises(ValueError):
        MisereForm("*[")
    with pytest.raises(mex.TooLarge):
        MisereForm("*" + "[" * 200 + "]" * 200)
