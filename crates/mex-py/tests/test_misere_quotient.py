"""mex.misere_quotient: the quotient of mex misere-quotient --json.

The quotient itself is checked against the multiset search in mex-core
(tests/misere_quotients.rs); here the Python surface.
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
