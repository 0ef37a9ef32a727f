"""Loopy games through CGValue (CGSuite's printed forms, Siegel 2013 ch. VI;
the values are checked in crates/mex-core/tests/loopy.rs)."""

import mex
import pytest


def test_cgvalue_reads_loopy_games() -> None:
    on = mex.CGValue("on")
    assert isinstance(on, mex.LoopyValue)
    assert str(on) == "on"
    assert on.outcome() == "L"
    assert on.is_stopper
    # CGSuite's CanonicalStopperTestCase: {pass|3/2} is 3/2under.
    g = mex.CGValue("{pass|3/2}")
    assert str(g) == "3/2under"
    assert (g.left_stop(), g.right_stop()) == ("3/2under", "3/2under")
    assert str(mex.LoopyValue("a{0|a}")) == "over"


def test_order_and_draws() -> None:
    over = mex.CGValue("over")
    assert isinstance(over, mex.LoopyValue)
    assert over > 0 and over < 1
    assert mex.LoopyValue("x{0|x}") == over
    dud = mex.LoopyValue("dud")
    assert dud.outcome() == "D" and not dud.is_stopper and dud.onside() is None
    with pytest.raises(ValueError):
        _ = dud > 0
    assert mex.LoopyValue("over & v").offside() == "v"


def test_short_games_stay_cgvalues() -> None:
    assert isinstance(mex.CGValue("{1|0}"), mex.CGValue)
    with pytest.raises(ValueError):
        mex.CGValue("{pass")
