"""Loopy games through CGValue (CGSuite's printed forms, Siegel 2013 ch. VI;
the values are checked in crates/mex-core/tests/integration/loopy.rs)."""

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
    # Winning Ways ch. 11: dud = on & off, a draw whoever starts.
    dud = mex.LoopyValue("dud")
    assert dud.outcome() == "D" and not dud.is_stopper
    assert (dud.onside(), dud.offside()) == ("on", "off")
    assert str(dud) == "dud"  # CGSuite prints on & off as dud
    assert not dud > 0 and not dud < 0 and dud != 0
    assert mex.LoopyValue("over & v").offside() == "v"
    # Bach's carousel (Winning Ways ch. 11): sides that are no stoppers,
    # simplified as CGSuite prints them (SidedValueTestCase).
    bach = mex.LoopyValue("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    assert bach.onside() == "a{1|1,{1*|a||*}||0}" and bach.outcome() == "N"
    assert bach.offside() == "a{0,{1|||1*|a||*}|0}"
    assert str(bach) == "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}"
    assert mex.LoopyValue(str(bach)) == bach
    assert not bach > 0 and not bach < 0 and bach != 0


def test_sides_add_and_negate() -> None:
    over = mex.LoopyValue("over")
    # over - over = over & under; tis - tis = 1 & -1, not 0.
    assert str(over - over) == "over & under"
    tis = mex.LoopyValue("tis")
    assert str(tis) == "1 & 0"
    assert str(tis - tis) == "1 & -1"
    g = mex.LoopyValue("over & v")
    assert str(g + 1) == "1over & 1v"
    assert str(1 + g) == "1over & 1v"
    assert str(-g) == "^ & under"
    assert -(-g) == g


def test_short_games_stay_cgvalues() -> None:
    assert isinstance(mex.CGValue("{1|0}"), mex.CGValue)
    with pytest.raises(ValueError):
        mex.CGValue("{pass")


def test_sums_are_added_as_values() -> None:
    # A sum of two LoopyValues is the value of the sum typed as one text.
    for a, b in [("over", "upon"), ("on", "1"), ("over & v", "tis"), ("{pass|*}", "^<on>")]:
        total = mex.LoopyValue(a) + mex.LoopyValue(b)
        assert total == mex.LoopyValue(f"({a}) + ({b})")
        assert str(total) == str(mex.LoopyValue(f"({a}) + ({b})"))
    assert mex.LoopyValue("over") - mex.LoopyValue("over") == mex.LoopyValue("over & under")


def test_comparisons_work_on_the_values() -> None:
    on, over, under, off = (mex.LoopyValue(t) for t in ("on", "over", "under", "off"))
    assert on > over > 0 > under > off
    assert over <= mex.LoopyValue("a{0|a}") <= over
    assert mex.LoopyValue("1over") > over and mex.LoopyValue("1over") >= 1
    assert not (mex.LoopyValue("dud") >= 0) and not (mex.LoopyValue("dud") <= 0)


def test_a_value_printed_longer_than_the_reader_takes_stays_usable() -> None:
    # {G|pass} for a short G whose canonical form prints 16,874 characters:
    # longer than the 10,000 the notation reads, so it is added, negated
    # and compared as a value, not as its printed text.
    g = "(+-1):(+-1):(+-1):(+-1):(+-1):(+-1)"
    v = mex.LoopyValue("{" + g + "|pass}")
    assert len(str(v)) > 10_000
    with pytest.raises(mex.TooLarge):
        mex.LoopyValue(str(v))
    w = v + 1
    assert len(str(w)) > 10_000
    assert w > v and v < w and v == v and w - 1 == v
    assert -(-v) == v
    assert v - v == mex.LoopyValue("{0||0|-2,pass} & {2,pass|0||0}")
    assert v + mex.LoopyValue("over") > v
