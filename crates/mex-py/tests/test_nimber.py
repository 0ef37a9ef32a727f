"""`mex.Nimber`: the nimber field (Conway 1976, chapter 6) from Python.

The product is checked against its definition (the mex of
``a'b + ab' + a'b'``) computed here in plain Python, the field laws on big
ints by hypothesis, and every value against ``mex nimber --json``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Dict

import pytest
from hypothesis import given, settings, strategies as st

import mex
from mex import Nimber


@lru_cache(maxsize=None)
def product_by_definition(a: int, b: int) -> int:
    seen = {
        product_by_definition(x, b) ^ product_by_definition(a, y) ^ product_by_definition(x, y)
        for x in range(a)
        for y in range(b)
    }
    return next(v for v in range(len(seen) + 1) if v not in seen)


def test_small_products_follow_the_definition() -> None:
    for a in range(24):
        for b in range(24):
            assert Nimber(a) * Nimber(b) == product_by_definition(a, b), (a, b)


big = st.integers(min_value=0, max_value=2**300)


@settings(max_examples=60, deadline=None)
@given(big, big, big)
def test_field_laws(a: int, b: int, c: int) -> None:
    x, y, z = Nimber(a), Nimber(b), Nimber(c)
    assert x * y == y * x
    assert (x * y) * z == x * (y * z)
    assert x * (y + z) == x * y + x * z
    assert x + y == Nimber(a ^ b) and x - y == x + y and -x == x
    if a:
        assert x * x.inverse() == 1 and y / x * x == y
    assert x.sqrt() * x.sqrt() == x
    assert x**3 == x * x * x


def test_ints_mix_in_and_values_are_ints() -> None:
    assert 2 * Nimber(3) == Nimber(1) and Nimber(3) + 1 == 2
    assert int(Nimber(2**100)) == 2**100 and hash(Nimber(7)) == hash(7)
    keys: Dict[object, str] = {Nimber(5): "a"}
    assert keys[5] == "a"
    assert repr(Nimber(24)) == "Nimber(24)" and str(Nimber(24)) == "*24"
    assert not Nimber(0) and Nimber(1)
    assert Nimber(5) ** -1 == Nimber(5).inverse()


def test_errors() -> None:
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / 0
    with pytest.raises(ZeroDivisionError):
        Nimber(0).inverse()
    with pytest.raises(ZeroDivisionError):
        Nimber(0) ** -1
    with pytest.raises(ValueError):
        Nimber(-1)
    with pytest.raises(TypeError):
        Nimber(1) < Nimber(2)  # type: ignore[operator]  # the field has no order
    with pytest.raises(ValueError, match="nimber expression"):
        Nimber.eval("2**3")
    with pytest.raises(mex.TooLarge):
        Nimber(2**100_000) ** (2**200_000 - 3)


@pytest.mark.parametrize(
    "expression", ["2*3", "1/2", "(5+6)^-1 * 7", "16*16", "340282366920938463463374607431768211456^3"]
)
def test_eval_is_the_clis(cli: Callable[..., Any], expression: str) -> None:
    assert Nimber.eval(expression) == int(cli("nimber", expression)["value"])
