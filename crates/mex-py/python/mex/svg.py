"""Pictures for Jupyter: a Domineering board and a nim-sequence chart.

>>> svg = domineering_svg("..#/...")
>>> svg.startswith("<svg") and svg.count("<rect") == 6
True
>>> "period" in nim_chart([0, 1, 1, 0, 1, 1], preperiod=0, period=3)
True
"""

from fractions import Fraction as _Fraction
from typing import (
    Any as _Any,
    Dict as _Dict,
    List as _List,
    Optional as _Optional,
    Sequence as _Sequence,
    Tuple as _Tuple,
)

__all__ = [
    "domineering_svg",
    "nim_chart",
    "NimChart",
    "thermograph_svg",
    "Thermograph",
    "ssc_svg",
    "SscDecomposition",
]

_CELL = 28


def domineering_svg(position: str) -> str:
    """An SVG of a Domineering board given as rows of ``.`` (empty) and
    ``#`` (taken) separated by ``/``."""
    rows = position.split("/")
    width = max((len(r) for r in rows), default=0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * _CELL + 2}" '
        f'height="{len(rows) * _CELL + 2}">'
    ]
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            fill = "#333" if c == "#" else "#f4f1e8"
            parts.append(
                f'<rect x="{x * _CELL + 1}" y="{y * _CELL + 1}" width="{_CELL}" '
                f'height="{_CELL}" fill="{fill}" stroke="#888"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def nim_chart(
    values: _Sequence[int],
    preperiod: _Optional[int] = None,
    period: _Optional[int] = None,
) -> str:
    """An SVG bar chart of a nim sequence; the periodic part, when given,
    is shaded and its first period outlined and labelled."""
    values = [int(v) for v in values]
    n = len(values)
    top = max(values, default=0) or 1
    bar, height = max(2, min(12, 900 // max(n, 1))), 160
    w = n * bar + 20
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height + 40}">'
    ]
    if period is not None and preperiod is not None and preperiod < n:
        x0 = 10 + preperiod * bar
        parts.append(
            f'<rect x="{x0}" y="10" width="{(n - preperiod) * bar}" '
            f'height="{height}" fill="#e8f0fb"/>'
        )
        x1 = min(n, preperiod + period)
        parts.append(
            f'<rect x="{x0}" y="10" width="{(x1 - preperiod) * bar}" '
            f'height="{height}" fill="none" stroke="#2a6ebb" stroke-dasharray="4 2"/>'
        )
        parts.append(
            f'<text x="{x0 + 2}" y="{height + 30}" font-size="12" fill="#2a6ebb">'
            f"period {period} from n = {preperiod}</text>"
        )
    for i, v in enumerate(values):
        h = v * (height - 10) // top
        parts.append(
            f'<rect x="{10 + i * bar}" y="{10 + height - h}" width="{max(bar - 1, 1)}" '
            f'height="{h}" fill="#555"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


class NimChart:
    """A nim sequence that Jupyter draws (``_repr_svg_``)."""

    def __init__(
        self,
        values: _Sequence[int],
        preperiod: _Optional[int] = None,
        period: _Optional[int] = None,
    ) -> None:
        self.values = [int(v) for v in values]
        self.preperiod = preperiod
        self.period = period

    def _repr_svg_(self) -> str:
        return nim_chart(self.values, self.preperiod, self.period)

    def __repr__(self) -> str:
        tail = f", period {self.period} from {self.preperiod}" if self.period else ""
        return f"<NimChart of {len(self.values)} values{tail}>"


def _wall(points: _Sequence[_Tuple[_Fraction, _Fraction]], tail: int, top: _Fraction) -> _List[_Tuple[_Fraction, _Fraction]]:
    """The breakpoints up to ``top`` (at least), extended to it by the tail."""
    out = list(points)
    t, v = out[-1]
    if t < top:
        out.append((top, v + tail * (top - t)))
    return out


def thermograph_svg(th: _Dict[str, _Any]) -> str:
    """An SVG of a thermograph (``CGValue.thermograph()``): temperature
    upwards, values decreasing to the right as usual, the left wall blue,
    the right wall red, the mast above the temperature."""
    temperature = th["temperature"]
    top = max(temperature, _Fraction(0)) + 1
    left = _wall(th["left"], th["left_tail"], top)
    right = _wall(th["right"], th["right_tail"], top)
    ts = [t for t, _ in left + right]
    vs = [v for _, v in left + right]
    t_max, v_min, v_max = max(ts), min(vs), max(vs)
    if v_max == v_min:
        v_min, v_max = v_min - 1, v_max + 1
    w, h, pad = 320, 220, 20

    def xy(t: _Fraction, v: _Fraction) -> str:
        x = pad + float((v_max - v) / (v_max - v_min)) * (w - 2 * pad)
        y = h - pad - float((t + 1) / (t_max + 1)) * (h - 2 * pad)
        return f"{x:.1f},{y:.1f}"

    def line(points: _List[_Tuple[_Fraction, _Fraction]], colour: str) -> str:
        d = " ".join(xy(t, v) for t, v in points)
        return f'<polyline points="{d}" fill="none" stroke="{colour}" stroke-width="2"/>'

    zero = xy(_Fraction(0), v_max).split(",")[1]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">'
        f'<line x1="{pad}" y1="{zero}" x2="{w - pad}" y2="{zero}" stroke="#bbb"/>'
        + line(left, "#2a6ebb")
        + line(right, "#c0392b")
        + f'<text x="{pad}" y="14" font-size="12">mean {th["mean"]}, '
        f'temperature {temperature}</text></svg>'
    )


class Thermograph:
    """The thermograph of a CGValue, drawn by Jupyter (``_repr_svg_``).

    >>> import mex
    >>> th = Thermograph(mex.CGValue("{3|-1}"))
    >>> th.mean, th.temperature
    (Fraction(1, 1), Fraction(2, 1))
    >>> th._repr_svg_().startswith("<svg")
    True
    """

    def __init__(self, value: _Any) -> None:
        self.data: _Dict[str, _Any] = value.thermograph()
        self.mean: _Fraction = self.data["mean"]
        self.temperature: _Fraction = self.data["temperature"]

    def _repr_svg_(self) -> str:
        return thermograph_svg(self.data)

    def __repr__(self) -> str:
        return f"<Thermograph mean {self.mean}, temperature {self.temperature}>"


def ssc_svg(pieces: _Sequence[str]) -> str:
    """An SVG of an SSC segment cut into its irreducible pieces: one row of
    cherries (black B, white W), each piece framed in its own colour."""
    size, gap = 16, 6
    colours = ["#2a6ebb", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085"]
    n = sum(len(p) for p in pieces)
    w = n * size + gap * max(len(pieces) - 1, 0) + 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{size + 8}">']
    x = 2
    for i, piece in enumerate(pieces):
        colour = colours[i % len(colours)]
        parts.append(
            f'<rect x="{x - 1}" y="1" width="{len(piece) * size + 2}" height="{size + 6}" '
            f'fill="none" stroke="{colour}" stroke-width="2" rx="3"/>'
        )
        for c in piece:
            fill = "#222" if c == "B" else "#fff"
            parts.append(
                f'<circle cx="{x + size / 2}" cy="{size / 2 + 4}" r="{size / 2 - 2}" '
                f'fill="{fill}" stroke="#222"/>'
            )
            x += size
        x += gap
    parts.append("</svg>")
    return "".join(parts)


class SscDecomposition:
    """A segment's decomposition, drawn by Jupyter as coloured blocks.

    >>> d = SscDecomposition("BBWBW")
    >>> d.pieces
    ['B', 'BW', 'BW']
    >>> d._repr_svg_().count("<circle")
    5
    """

    def __init__(self, segment: str) -> None:
        from ._mex import ssc_decompose

        self.pieces: _List[str] = ssc_decompose(segment)

    def _repr_svg_(self) -> str:
        return ssc_svg(self.pieces)

    def __repr__(self) -> str:
        return "<SscDecomposition " + " | ".join(self.pieces) + ">"
