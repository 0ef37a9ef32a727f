r"""Rich text of canonical forms for notebooks: ``CGValue._repr_latex_`` and
``CGValue._repr_html_`` set the text that ``str()`` prints (CGSuite's
notation, as ``mex game`` prints it) with arrows, fractions and ``±``.

>>> print(latex("{1/2^*|-3/4,v3}"))
$\{\frac{1}{2}\uparrow{*}\mathbin{|}-\frac{3}{4},3\cdot\downarrow\}$
>>> print(html("3±1"))
<span class="mex-value">3±1</span>
>>> print(html("^^*2"))
<span class="mex-value">⇑*2</span>
"""

import html as _html
import re as _re
from typing import Callable as _Callable, List as _List, Optional as _Optional, Tuple as _Tuple

__all__ = ["latex", "html"]

# Longest text shown richly; a longer one is left to the plain repr.
_MAX_RICH = 4096

# One token of the printed notation: braces, commas, runs of bars, ±, or a
# value x + n·↑ + *k written as `x`, `^`, `^^`, `^n`, `v`, `vv`, `vn`, `*`,
# `*k` run together (e.g. `-3/4`, `1/2^*`, `2v3*5`).
_TOKEN = _re.compile(
    r"(?P<open>\{)|(?P<close>\})|(?P<comma>,)|(?P<bars>\|+)|(?P<pm>±)"
    r"|(?P<num>-?\d+(?:/\d+)?)?(?P<ups>\^\^|vv|[\^v]\d+|[\^v])?(?P<star>\*\d*)?"
)


def _render(
    text: str,
    number: _Callable[[str], str],
    arrows: _Callable[[str, bool], str],
    star: _Callable[[str], str],
    fixed: _Callable[[str], str],
) -> _Optional[_List[str]]:
    """The text as pieces, each token rendered by the given functions; None
    when the text is not in the notation (or too long to show)."""
    if len(text) > _MAX_RICH:
        return None
    out: _List[str] = []
    at = 0
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None or m.end() == at:
            return None
        at = m.end()
        kind = m.lastgroup
        if kind in ("open", "close", "comma", "bars", "pm"):
            out.append(fixed(m.group(kind)))
            continue
        num, ups, st = m.group("num"), m.group("ups"), m.group("star")
        if num:
            out.append(number(num))
        if ups:
            out.append(arrows(ups, bool(num)))
        if st:
            out.append(star(st))
    return out


def _number(num: str, minus: str, fraction: _Callable[[str, str], str]) -> str:
    """A number ``-p/q`` with a markup's minus sign and fraction."""
    sign, body = (minus, num[1:]) if num.startswith("-") else ("", num)
    if "/" in body:
        p, q = body.split("/")
        body = fraction(p, q)
    return sign + body


def _latex_number(num: str) -> str:
    return _number(num, "-", lambda p, q: f"\\frac{{{p}}}{{{q}}}")


def _arrows(
    ups: str, after_number: bool, up: _Tuple[str, str], down: _Tuple[str, str], times: str
) -> str:
    """Arrows ``^``, ``^^``/``vv``, ``^n``/``vn`` with the symbols of a
    markup: ``up`` and ``down`` are (single, double), ``times`` the product
    sign of ``n·↑``."""
    single, double = down if ups[0] == "v" else up
    if len(ups) == 1:
        return single
    if ups[1:] in ("^", "v"):
        return double
    n = f"{ups[1:]}{times}{single}"
    return "+" + n if after_number else n


def _latex_arrows(ups: str, after_number: bool) -> str:
    return _arrows(
        ups,
        after_number,
        ("\\uparrow", "\\Uparrow"),
        ("\\downarrow", "\\Downarrow"),
        "\\cdot",
    )


def _latex_fixed(token: str) -> str:
    if token in "{}":
        return "\\" + token
    if token == "±":
        return "\\pm "
    if token[0] == "|":
        return f"\\mathbin{{{token}}}"
    return token


def latex(text: str) -> _Optional[str]:
    r"""The printed form ``text`` as LaTeX (math mode, in ``$``): fractions
    as ``\frac``, ``\uparrow``/``\Uparrow``, ``n\cdot\uparrow``, ``\pm``;
    None when the text is longer than 4096 characters.

    >>> for text in ["±1", "v*", "*3", "-2^3", "{2||1|0}"]:
    ...     print(latex(text))
    $\pm 1$
    $\downarrow{*}$
    ${*}3$
    $-2+3\cdot\uparrow$
    $\{2\mathbin{||}1\mathbin{|}0\}$
    """
    pieces = _render(
        text,
        _latex_number,
        _latex_arrows,
        lambda st: "{*}" + st[1:],
        _latex_fixed,
    )
    if pieces is None:
        return None
    return "$" + "".join(pieces) + "$"


def _html_number(num: str) -> str:
    return _number(num, "−", lambda p, q: f"<sup>{p}</sup>&frasl;<sub>{q}</sub>")


def _html_arrows(ups: str, after_number: bool) -> str:
    return _arrows(ups, after_number, ("↑", "⇑"), ("↓", "⇓"), "·")


def html(text: str) -> _Optional[str]:
    """The printed form ``text`` as HTML: ↑, ⇑, ↓, ⇓, ``n·↑``, fractions
    with a fraction slash, a true minus sign; None when the text is longer
    than 4096 characters.

    >>> html("-3/4")
    '<span class="mex-value">−<sup>3</sup>&frasl;<sub>4</sub></span>'
    """
    pieces = _render(text, _html_number, _html_arrows, lambda st: st, _html.escape)
    if pieces is None:
        return None
    return '<span class="mex-value">' + "".join(pieces) + "</span>"
