"""mex.misere_quotient: the quotient of mex misere-quotient --json.

The quotient itself is checked against the multiset search in mex-core
(tests/integration/misere_quotients.rs); here the Python surface.
"""

import pytest

import mex


def test_quotient_of_0_75_has_order_8_and_a_proof() -> None:
    # Plambeck and Siegel 2008: the misère quotient of 0.75 has order 8.
    q = mex.misere_quotient("0.75", 30)
    assert q["order"] == 8
    assert len(q["elements"]) == 8
    assert {e["outcome"] for e in q["elements"]} == {"P", "N"}
    assert q["period"]["period"] == 2
    assert len(q["heaps"]) == 31


def test_outcome_is_boutons_rule_for_nim() -> None:
    for heaps, expected in [([1, 1, 1], "P"), ([1, 1], "N"), ([3, 5, 6], "P")]:
        q = mex.misere_quotient("0.3333333", 7, outcome=heaps)
        assert q["outcome"] == expected, heaps


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        mex.misere_quotient("0.7x", 10)
    with pytest.raises(ValueError):
        mex.misere_quotient("0.77", 100000)
    with pytest.raises(ValueError):
        mex.misere_quotient("0.77", 10, outcome=[-1])


def _kayles(n: int) -> list[tuple[int, int]]:
    return [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]


def _halving(n: int) -> list[tuple[int, ...]]:
    # Not a take-and-break code: take one token, or split an even heap
    # into two equal halves without taking any.
    options: list[tuple[int, ...]] = [(n - 1,)] if n else []
    if n >= 2 and n % 2 == 0:
        options.append((n // 2, n // 2))
    return options


def _misere_p(rule: object, heaps: tuple[int, ...], memo: dict) -> bool:
    """Misère play by the definition: a sum is P when it has a move and
    every move leads to an N-position (no move at all: the player to
    move has won)."""
    key = tuple(sorted(h for h in heaps if h))
    if key not in memo:
        moves = [
            key[:i] + tuple(o) + key[i + 1:]
            for i, n in enumerate(key)
            for o in rule(n)  # type: ignore[operator]
        ]
        memo[key] = bool(moves) and not any(_misere_p(rule, m, memo) for m in moves)
    return memo[key]


def test_a_python_heap_ruleset_that_is_a_code_gets_the_codes_quotient() -> None:
    k = mex.Ruleset.heap(_kayles, name="Kayles")
    q = k.misere_quotient(40)
    assert q["code"] == "0.77" and q["rule_checked_up_to"] == 40
    assert q["order"] == mex.misere_quotient("0.77", 40)["order"]
    # The same rule listed (no code) gives the same quotient, no period.
    listed = mex._mex.misere_quotient_of_options(
        "Kayles", [[[h for h in o if h] for o in _kayles(n)] for n in range(41)], 40
    )
    assert listed["order"] == q["order"]
    assert len(listed["p_portion"]) == len(q["p_portion"])
    assert listed["period"] is None


def test_a_python_heap_ruleset_outside_the_codes_agrees_with_the_definition() -> None:
    rule = mex.Ruleset.heap(_halving, name="halving")
    assert rule.take_break_code(13) is None
    q = rule.misere_quotient(12)
    assert "code" not in q and q["period"] is None and q["order"] % 2 == 0
    memo: dict = {}
    sums = [(a, b, c) for a in range(13) for b in range(a, 13) for c in (0, 1, 2, 5)]
    for heaps in sums:
        expected = "P" if _misere_p(_halving, heaps, memo) else "N"
        got = rule.misere_quotient(12, outcome=list(heaps))["outcome"]
        assert got == expected, heaps


def test_a_heap_ruleset_with_a_bad_option_is_refused_in_one_line() -> None:
    rule = mex.Ruleset.heap(lambda n: [(n - 1,)], name="bad at 0")
    with pytest.raises(ValueError, match=r"options\(0\) gave the option \(-1,\)"):
        rule.misere_quotient(5)


def test_a_heap_rulesets_bound_is_checked_before_its_options_are_listed() -> None:
    calls: list[int] = []
    rule = mex.Ruleset.heap(lambda n: calls.append(n) or [(n - 1,)], name="counted")
    for bad in (0, -1, 4097, 10**9):
        with pytest.raises(ValueError, match="from 1 to 4096"):
            rule.misere_quotient(bad)
        with pytest.raises((ValueError, OverflowError)):
            mex.misere_quotient("0.77", bad)
    assert calls == []
