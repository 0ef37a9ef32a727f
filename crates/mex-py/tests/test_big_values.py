"""Numbers, ups and nimbers of any size (issue 25): Python ints in and out,
closed forms kept exact, and one-line refusals where a tree would be needed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import mex

BIG = st.integers(min_value=-(2**300), max_value=2**300)


@settings(max_examples=60, deadline=None)
@given(BIG, BIG)
def test_big_integers_add_and_compare_as_ints(a: int, b: int) -> None:
    x, y = mex.CGValue(a), mex.CGValue(b)
    assert x + y == mex.CGValue(a + b)
    assert (x <= y) == (a <= b)
    assert mex.CGValue(str(x)) == x
    assert x.birthday() == abs(a)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**256), st.integers(min_value=0, max_value=2**256))
def test_big_nimbers_add_by_nim_sum(a: int, b: int) -> None:
    x, y = mex.CGValue.nimber(a), mex.CGValue.nimber(b)
    assert x + y == mex.CGValue.nimber(a ^ b)
    assert mex.CGValue(str(x)) == x
    assert x.birthday() == a


def test_a_switch_plus_a_big_nimber_is_in_closed_form() -> None:
    n = 2**200 + 1
    g = mex.CGValue("{1|-1}") + mex.CGValue.nimber(n)
    assert str(g) == "{1*%d|-1*%d}" % (n, n)
    assert g.outcome() == "N"
    assert mex.CGValue(str(g)) == g


def test_options_of_a_big_nimber_are_refused_in_one_line() -> None:
    with pytest.raises(mex.TooLarge) as e:
        mex.CGValue.nimber(2**100).left_options()
    assert "\n" not in str(e.value)
    assert mex.CGValue(10**30).left_options() == [mex.CGValue(10**30 - 1)]


def test_the_readme_sum() -> None:
    """`mex sum nim:2^200 kayles:IIII domineering:2x2` from Python."""
    parts = [mex.Game("nim", "2^200"), mex.Game("kayles", "IIII"), mex.Game("domineering", "2x2")]
    total = sum((g.canonical() for g in parts), mex.CGValue())
    n = 2**200 ^ 1  # Kayles IIII is *1
    assert str(total) == "{1*%d|-1*%d}" % (n, n)
    assert total.outcome() == "N"
