"""Nim sequences and periods, De Bruijn sequences, the shift rule and SSC
against the CLI; big integers both ways."""

from __future__ import annotations

import functools
import operator
from typing import Any, Callable
from xml.etree import ElementTree

import numpy as np
import pytest

import mex


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137", "4.07", "0.6", "0.51"])
def test_octal_values_agree_with_the_cli(cli: Callable[..., Any], code: str) -> None:
    want = cli("octal", code, "--terms", "300", "--max-terms", "300")
    values = mex.octal(code).values(300)
    assert isinstance(values, np.ndarray)
    assert values.dtype == np.uint16 and values.shape == (300,)
    assert values.tolist() == want["values"]


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137", "0.51", "4.07"])
def test_octal_period_agrees_with_the_cli(cli: Callable[..., Any], code: str) -> None:
    want = cli("octal", code, "--period")
    got = mex.octal(code).period()
    if want["period"] is None:
        assert got is None
        return
    assert got is not None
    # One report (mex_present::sequences::OctalReport) for both: the dict is
    # the CLI's object, field for field.
    assert got == want
    assert len(got["periodic_part"]) == got["period"]
    assert isinstance(got["certificate"]["compared_to"], int)


def test_unproven_period_is_none() -> None:
    assert mex.octal("0.6").period(max_terms=5000) is None
    assert mex.octal("4.0u").period(max_terms=5000) is None


def test_a_million_values_in_one_array() -> None:
    code = mex.octal("0.6")
    v = code.values(2**20)
    assert v.shape == (2**20,) and v.dtype == np.uint16
    assert v[:10].tolist() == mex.octal("0.6").values(10).tolist()
    assert code.values(100).tolist() == v[:100].tolist()


def test_chart_marks_the_period() -> None:
    chart = mex.octal("0.07").chart()
    assert (chart.preperiod, chart.period) == (53, 34)
    # The default length: the preperiod and two periods (heap::periodic::chart_terms).
    assert len(chart.values) == 53 + 2 * 34
    svg = chart._repr_svg_()
    root = ElementTree.fromstring(svg)
    bars = [e for e in root.iter() if e.attrib.get("class") == "value"]
    assert [int(b.attrib["data-value"]) for b in bars] == chart.values
    # A dashed line at the start of each period: n = 53, 87 and 121 (the
    # end of the 121 values shown).
    lines = [float(e.attrib["x1"]) for e in root.iter() if e.attrib.get("class") == "period"]
    assert len(lines) == 3 and lines == sorted(lines)
    assert "period 34 from n = 53" in svg and "preperiod shaded" in svg
    assert "nim sequence of 0.07" in svg
    assert mex.octal("0.07")._repr_svg_() == svg


def test_nim_chart_without_a_period_and_its_limit() -> None:
    svg = mex.nim_chart([0, 1, 2])
    assert svg.count('class="value"') == 3 and 'class="period"' not in svg
    assert mex.NimChart([0, 1, 2])._repr_svg_() == svg
    with pytest.raises(mex.TooLarge):
        mex.nim_chart([0] * (2**16 + 1))


def test_big_heaps_round_trip() -> None:
    heaps = [2**200, 2**200 + 5, 3**130, 10**18]
    g = mex.Nim(heaps)
    nim_sum = functools.reduce(operator.xor, heaps)
    assert g.value() == nim_sum and isinstance(g.value(), int)
    assert g.position == ",".join(map(str, heaps))
    winning = g.moves_to_grundy(0)
    assert winning
    for _, position in winning:
        after = [int(x) for x in position.split(",")]
        assert functools.reduce(operator.xor, after) == 0
        assert mex.Game("nim", position).value() == 0
    # A proven period answers any heap of an octal game.
    assert mex.octal("0.07")(2**200).value() == mex.Game("octal", "0.07:2^200").value()
    with pytest.raises(mex.TooLarge, match="Wythoff"):
        mex.Wythoff(10**30, 10**30 + 1)
    assert mex.ssc.count(200) > 2**190


def test_ssc_count_is_an_exact_int(cli: Callable[..., Any]) -> None:
    for n in (1, 10, 100, 1000):
        got = mex.ssc.count(n)
        assert isinstance(got, int) and got == int(cli("ssc", "count", str(n))["count"])


@pytest.mark.parametrize("kind", ["prefer-one", "prefer-zero", "reversed-prefer-one", "prefer-opposite"])
@pytest.mark.parametrize("n", [1, 2, 3, 5, 10])
def test_debruijn_agrees_with_the_cli(cli: Callable[..., Any], kind: str, n: int) -> None:
    want = cli("debruijn", kind, str(n))["sequence"]
    bits = mex.debruijn(n, kind=kind)
    assert bits.dtype == np.uint8 and "".join(map(str, bits.tolist())) == want
    packed = mex.debruijn(n, kind, packed=True)
    assert isinstance(packed, bytes)
    assert np.unpackbits(np.frombuffer(packed, dtype=np.uint8))[: len(want)].tolist() == bits.tolist()


def test_debruijn_binary_output_matches(mex_bin: Any) -> None:
    import subprocess

    for n in (3, 12):
        out = subprocess.run(
            [str(mex_bin), "debruijn", "prefer-one", str(n), "--format", "binary"],
            capture_output=True, check=True,
        ).stdout
        assert mex.debruijn(n, packed=True) == out


@pytest.mark.parametrize("state", ["0110", "0000", "1", "0", "1011001110001", "01" * 40, "1" + "0" * 99 + "1"])
def test_shift_next_agrees_with_the_cli(cli: Callable[..., Any], state: str) -> None:
    want = cli("shift-game", "next", state)["next"]
    n = len(state)
    got = mex.shift_next(int(state, 2), n)
    assert format(got, f"0{n}b") == want


def test_shift_next_for_huge_states_agrees_with_words() -> None:
    # n <= 64 goes through the word rule, n > 64 through the bit-vector rule.
    import random

    rng = random.Random(5)
    for _ in range(200):
        n = rng.randint(1, 64)
        s = rng.getrandbits(n)
        assert 0 <= mex.shift_next(s, n) < 2**n
    big = (1 << 999) | 12345
    nxt = mex.shift_next(big, 1000)
    assert nxt >> 999 in (0, 1) and (nxt & ((1 << 999) - 1)) == big >> 1
    play = [int(s, 2) for s in mex.shift_play("00000")]
    assert len(set(play)) == 32 and mex.shift_next(play[-1], 5) == 0


@pytest.mark.parametrize("state", ["0110", "0000", "1", "1011001110001", "01" * 40])
def test_shift_next_of_a_str_is_the_clis_str(cli: Callable[..., Any], state: str) -> None:
    assert mex.shift_next(state) == cli("shift-game", "next", state)["next"]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 12])
def test_shift_play_lists_the_states_as_the_cli(cli: Callable[..., Any], n: int) -> None:
    # `mex shift-game solve N` lists the 2^n states of the play from 0^n,
    # b0 first, as strings of 0 and 1; shift_play gives the same list.
    want = cli("shift-game", "solve", str(n))
    play = mex.shift_play("0" * n)
    assert play == want["play"] and len(play) == want["turns"] == 2**n
    assert all(isinstance(s, str) for s in play)


def test_shift_play_from_any_state_and_for_some_turns() -> None:
    whole = mex.shift_play("0000")
    # From a later state of the play: the rest of it, up to the return of 0^n.
    assert mex.shift_play(whole[5]) == whole[5:]
    assert mex.shift_play("0000", turns=3) == whole[:3]
    assert mex.shift_play("0000", turns=100) == whole
    assert mex.shift_play(" 0110 ") == mex.shift_play("0110")
    # Beyond n = 20 only a given number of turns is listed.
    start = "1" + "0" * 98 + "1"
    play = mex.shift_play(start, turns=50)
    assert len(play) == 50 and play[0] == start
    assert all(mex.shift_next(a) == b for a, b in zip(play, play[1:]))
    assert all(int(b, 2) == mex.shift_next(int(a, 2), 100) for a, b in zip(play, play[1:]))


def test_shift_play_refuses_what_it_cannot_list(cli_error: Callable[..., str]) -> None:
    with pytest.raises(TypeError, match="str of 0 and 1"):
        mex.shift_play(0, 4)  # type: ignore[arg-type]  # the old int form
    with pytest.raises(ValueError) as e:
        mex.shift_play("01a")
    assert str(e.value) == cli_error("shift-game", "next", "01a")
    with pytest.raises(ValueError):
        mex.shift_play("")
    with pytest.raises(mex.TooLarge, match="n ≤ 20"):
        mex.shift_play("0" * 21)
    for turns in (0, -1):
        with pytest.raises(ValueError) as e:
            mex.shift_play("01", turns)
        assert not isinstance(e.value, mex.TooLarge)
    with pytest.raises(mex.TooLarge):
        mex.shift_play("01", 2**20 + 1)
    with pytest.raises(mex.TooLarge):
        mex.shift_play("01", 10**30)
    with pytest.raises(mex.TooLarge, match="characters"):
        mex.shift_play("0" * 10**6, 100)
    with pytest.raises(TypeError):
        mex.shift_next(3)  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        mex.shift_next("011", 3)  # type: ignore[call-overload]


@pytest.mark.parametrize("segment", ["BBWBW", "B", "W", "BWWBBWBWWW", "BBBWWWBWBW" * 7])
def test_ssc_decompose_agrees_with_the_cli(cli: Callable[..., Any], segment: str) -> None:
    assert mex.ssc.decompose(segment) == cli("ssc", "decompose", segment)["decomposition"]


def test_ssc_irreducibles_and_outcome(cli: Callable[..., Any]) -> None:
    assert mex.ssc.irreducibles(6) == cli("ssc", "irreducibles", "6")["irreducibles"]
    for pos in ["BBW WB BWWB", "BW WB", "W", "BWB BBW WWB"]:
        want = cli("ssc", "outcome", pos)
        outcome, terms = mex.ssc.outcome(pos)
        assert outcome == want["outcome"]
        assert [{"element": e, "count": c} for e, c in terms] == want["decomposition"]
        assert mex.ssc.outcome(pos.split()) == (outcome, terms)
