"""CGValue: arithmetic and order agree with the Rust engine's notation
(parsing the printed sum) and with `mex game` (Hypothesis properties)."""

from __future__ import annotations

import html as htmllib
import re
from fractions import Fraction
from typing import Any, Callable, Dict
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings, strategies as st

import mex

ATOMS = ["0", "1", "-1", "2", "1/2", "-3/4", "*", "*2", "*3", "^", "v", "^*", "±1"]


def games_text() -> st.SearchStrategy[str]:
    atom = st.sampled_from(ATOMS)
    return st.recursive(
        atom,
        lambda inner: st.builds(
            lambda l, r: "{" + ", ".join(l) + " | " + ", ".join(r) + "}",
            st.lists(inner, max_size=2),
            st.lists(inner, max_size=2),
        ),
        max_leaves=5,
    )


values = games_text().map(mex.CGValue.parse)


@settings(max_examples=150, deadline=None)
@given(values, values)
def test_sum_agrees_with_parsing_the_printed_sum(a: mex.CGValue, b: mex.CGValue) -> None:
    s = a + b
    assert mex.CGValue.parse(f"{a} + {b}") == s
    assert mex.CGValue.parse(str(s)) == s
    assert b + a == s and hash(b + a) == hash(s)
    assert s - b == a
    assert mex.CGValue.parse(f"{a} - {b}") == a - b


@settings(max_examples=150, deadline=None)
@given(values)
def test_negation(a: mex.CGValue) -> None:
    assert -(-a) == a
    assert a + (-a) == mex.CGValue(0)
    assert mex.CGValue.parse(f"0 - {a}") == -a
    assert (a.outcome(), (-a).outcome()) in {("L", "R"), ("R", "L"), ("N", "N"), ("P", "P")}
    assert (-a).mean() == -a.mean() and (-a).temperature() == a.temperature()


@settings(max_examples=150, deadline=None)
@given(values, values)
def test_partial_order(a: mex.CGValue, b: mex.CGValue) -> None:
    le, ge = a <= b, a >= b
    assert (le and ge) == (a == b)
    assert (a < b) == (le and not ge) == (b > a)
    assert a.confused_with(b) == (not le and not ge) == b.confused_with(a)
    # G <= H iff H - G >= 0
    assert le == (b - a >= mex.CGValue(0))
    if a == b:
        assert hash(a) == hash(b)


@settings(max_examples=40, deadline=None)
@given(games_text(), games_text())
def test_agrees_with_mex_game(cli: Callable[..., Any], x: str, y: str) -> None:
    want = cli("game", f"{x} + {y}")
    s = mex.CGValue.parse(x) + mex.CGValue.parse(y)
    # `mex game` prints CGSuite's slash notation ({0||0|-1}, 3±1) and
    # CGValue plain braces: the same value either way.
    assert mex.CGValue.parse(want["value"]) == s
    assert mex.CGValue.parse(str(s)) == s
    assert s.outcome() == want["outcome"]
    assert s.birthday() == int(want["birthday"])  # JSON: a decimal string
    assert s.mean() == Fraction(want["mean"])
    assert s.temperature() == Fraction(want["temperature"])


def test_examples() -> None:
    g = mex.CGValue.parse("{1|*}")
    assert str(g) == "{1|*}" and repr(g) == "CGValue('{1|*}')"
    assert mex.CGValue("{1|0}") == mex.CGValue.parse("{1 | 0}")
    assert mex.CGValue(3) == mex.CGValue.integer(3) == mex.CGValue("3")
    assert mex.CGValue() == mex.CGValue(0) == mex.CGValue.parse("*") + mex.CGValue.nimber(1)
    half = mex.CGValue("1/2")
    assert half + half == mex.CGValue(1) and 1 + half == mex.CGValue("3/2")
    assert 1 - half == half and half - 1 == mex.CGValue("-1/2")
    hot = mex.CGValue("{3|-1}")
    assert hot.mean() == Fraction(1) and hot.temperature() == Fraction(2)
    assert isinstance(half.temperature(), Fraction) and half.temperature() == Fraction(-1, 2)
    up = mex.CGValue("^")
    assert up > mex.CGValue(0) and up.confused_with(mex.CGValue("*"))
    assert [str(x) for x in up.left_options()] == ["0"]
    assert [str(x) for x in up.right_options()] == ["*"]
    assert mex.CGValue.from_options([mex.CGValue(0)], [mex.CGValue("*")]) == up
    assert len({up, mex.CGValue("^"), -up}) == 2
    assert (up == 1) is False and up != "^"


@settings(max_examples=80, deadline=None)
@given(values)
def test_thermograph_agrees_with_mean_and_temperature(a: mex.CGValue) -> None:
    th = a.thermograph()
    assert th["mean"] == a.mean() and th["temperature"] == a.temperature()
    for side in ("left_wall", "right_wall"):
        points = [(p["t"], p["value"]) for p in th[side]["points"]]
        assert points[0][0] == -1
        assert all(isinstance(x, Fraction) for p in points for x in p)
        assert [t for t, _ in points] == sorted(t for t, _ in points)
        # Above the temperature both walls are the mast at the mean.
        t, v = points[-1]
        assert th[side]["tail_slope"] == 0 and v == th["mean"]
    svg = mex.Thermograph(a)._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<polyline") == 2
    assert svg == a.thermograph_svg() == mex.thermograph_svg(a)


def _exact(report: Dict[str, Any]) -> Dict[str, Any]:
    """A thermograph of `mex game --json` with its rationals as Fractions."""
    return {
        side: {
            "points": [
                {"t": Fraction(p["t"]), "value": Fraction(p["value"])}
                for p in report[side]["points"]
            ],
            "tail_slope": report[side]["tail_slope"],
        }
        for side in ("left_wall", "right_wall")
    }


@settings(max_examples=30, deadline=None)
@given(games_text())
def test_thermograph_is_the_clis(cli: Callable[..., Any], x: str) -> None:
    want = cli("game", x)
    th = mex.CGValue(x).thermograph()
    assert th == {
        "mean": Fraction(want["mean"]),
        "temperature": Fraction(want["temperature"]),
        **_exact(want["thermograph"]),
    }


def test_a_hot_thermograph() -> None:
    th = mex.CGValue("{3|-1}").thermograph()
    assert th["left_wall"]["points"][0] == {"t": Fraction(-1), "value": Fraction(4)}
    assert th["right_wall"]["points"][0] == {"t": Fraction(-1), "value": Fraction(-2)}
    assert (th["mean"], th["temperature"]) == (Fraction(1), Fraction(2))


def test_thermograph_pictures_are_the_clis_writer() -> None:
    # The SVG carries the exact walls (data-points, `t:value`) and its title.
    svg = mex.CGValue("{3|-1}").thermograph_svg()
    root = ElementTree.fromstring(svg)
    walls = [e.attrib["data-points"] for e in root.iter() if e.attrib.get("class") == "left-wall"]
    assert walls == ["-1:4 2:1"]
    assert "<title>thermograph of 1±2</title>" in svg  # {3|-1} as CGSuite writes it
    assert "<title>hot</title>" in mex.CGValue("{3|-1}").thermograph_svg("hot")
    # A form too long for a title is drawn under a plain one.
    long = mex.CGValue("+".join(f"{{{k}|-{k}}}" for k in range(1, 6)))
    assert len(str(long)) > 80
    assert "<title>thermograph</title>" in long.thermograph_svg()


RICH = [
    ("^", r"$\uparrow$", "↑"),
    ("v*", r"$\downarrow{*}$", "↓*"),
    ("^^*2", r"$\Uparrow{*}2$", "⇑*2"),
    ("v3*", r"$3\cdot\downarrow{*}$", "3·↓*"),
    ("3/4", r"$\frac{3}{4}$", "<sup>3</sup>&frasl;<sub>4</sub>"),
    ("-3/4", r"$-\frac{3}{4}$", "−<sup>3</sup>&frasl;<sub>4</sub>"),
    ("1/2^", r"$\frac{1}{2}\uparrow$", "<sup>1</sup>&frasl;<sub>2</sub>↑"),
    ("±1", r"$\pm 1$", "±1"),
    ("3±1", r"$3\pm 1$", "3±1"),
    ("{1|*}", r"$\{1\mathbin{|}{*}\}$", "{1|*}"),
    ("{2||1|0}", r"$\{2\mathbin{||}1\mathbin{|}0\}$", "{2||1|0}"),
    ("*3", r"${*}3$", "*3"),
    ("-2", "$-2$", "−2"),
]


@pytest.mark.parametrize("text,latex,html", RICH)
def test_rich_reprs_set_arrows_stars_and_fractions(text: str, latex: str, html: str) -> None:
    v = mex.CGValue(text)
    assert str(v) == text and repr(v) == f"CGValue({text!r})"
    assert v._repr_latex_() == latex
    assert v._repr_html_() == f'<span class="mex-value">{html}</span>'


def _from_html(rich: str) -> str:
    """The plain notation back from `_repr_html_` (the test's inverse)."""
    body = rich.removeprefix('<span class="mex-value">').removesuffix("</span>")
    body = re.sub(r"<sup>(\d+)</sup>&frasl;<sub>(\d+)</sub>", r"\1/\2", body)
    body = re.sub(r"\+?(\d+)·([↑↓])", lambda m: {"↑": "^", "↓": "v"}[m[2]] + m[1], body)
    for rich_char, plain in [("⇑", "^^"), ("⇓", "vv"), ("↑", "^"), ("↓", "v"), ("−", "-")]:
        body = body.replace(rich_char, plain)
    return htmllib.unescape(body)


def _from_latex(rich: str) -> str:
    """The plain notation back from `_repr_latex_` (the test's inverse)."""
    assert rich.startswith("$") and rich.endswith("$")
    body = rich[1:-1]
    body = re.sub(r"\\frac\{(\d+)\}\{(\d+)\}", r"\1/\2", body)
    body = re.sub(r"\+?(\d+)\\cdot\\(up|down)arrow", lambda m: {"up": "^", "down": "v"}[m[2]] + m[1], body)
    body = re.sub(r"\\mathbin\{(\|+)\}", r"\1", body)
    for rich_text, plain in [(r"\Uparrow", "^^"), (r"\Downarrow", "vv"), (r"\uparrow", "^"),
                             (r"\downarrow", "v"), ("{*}", "*"), (r"\pm ", "±"),
                             (r"\{", "{"), (r"\}", "}")]:
        body = body.replace(rich_text, plain)
    return body


@settings(max_examples=150, deadline=None)
@given(values, values)
def test_rich_reprs_say_what_str_says(a: mex.CGValue, b: mex.CGValue) -> None:
    for v in (a, a + b, a - b):
        text = str(v)
        html, latex = v._repr_html_(), v._repr_latex_()
        assert html is not None and latex is not None
        assert _from_html(html) == text
        assert _from_latex(latex) == text
        assert latex.count("{") - latex.count(r"\{") == latex.count("}") - latex.count(r"\}")
        assert repr(v) == f"CGValue({text!r})"


def test_jupyter_shows_the_rich_reprs() -> None:
    formatters = pytest.importorskip("IPython.core.formatters")
    data, _ = formatters.DisplayFormatter().format(mex.CGValue("^*"))
    assert data["text/plain"] == "CGValue('^*')"
    assert data["text/html"] == '<span class="mex-value">↑*</span>'
    assert data["text/latex"] == r"$\uparrow{*}$"
