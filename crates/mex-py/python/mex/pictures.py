"""Pictures for Jupyter: objects that draw themselves (``_repr_svg_``) and
functions that return SVG text. Every picture is written by the Rust
writers of mex's presentation layer (crates/mex-present), the very ones the
command line and the playground use; this module only holds what to draw.

>>> import mex
>>> svg = domineering_svg("..#/...")
>>> svg.startswith("<svg")
True
>>> chart = NimChart([0, 1, 1, 0, 1, 1], preperiod=0, period=3)
>>> chart
<NimChart of 6 values, period 3 from 0>
>>> 'class="period"' in chart._repr_svg_()
True
>>> "<title>thermograph of 1±2</title>" in thermograph_svg(mex.CGValue("{3|-1}"))
True
"""

from fractions import Fraction as _Fraction
from typing import (
    Any as _Any,
    Dict as _Dict,
    Optional as _Optional,
    Sequence as _Sequence,
    Union as _Union,
)

from . import _mex
from ._mex import nim_chart, ssc_svg

__all__ = [
    "domineering_svg",
    "nim_chart",
    "NimChart",
    "thermograph_svg",
    "Thermograph",
    "ssc_svg",
    "SscDecomposition",
]


def domineering_svg(position: str) -> str:
    """An SVG of a Domineering board given as rows of ``.`` (empty) and
    ``#`` (taken) separated by ``/`` (or ``|``), or as ``HxW``: the board
    of ``mex.Domineering(position).board_svg()``."""
    return _mex.Game("domineering", position).board_svg()


class NimChart:
    """A nim sequence that Jupyter draws (``_repr_svg_``: ``nim_chart``)."""

    def __init__(
        self,
        values: _Sequence[int],
        preperiod: _Optional[int] = None,
        period: _Optional[int] = None,
        title: str = "nim sequence",
    ) -> None:
        self.values = [int(v) for v in values]
        self.preperiod = preperiod
        self.period = period
        self.title = title

    def _repr_svg_(self) -> str:
        return nim_chart(self.values, self.preperiod, self.period, self.title)

    def __repr__(self) -> str:
        tail = f", period {self.period} from {self.preperiod}" if self.period else ""
        return f"<NimChart of {len(self.values)} values{tail}>"


def thermograph_svg(value: _Union["_mex.CGValue", str]) -> str:
    """An SVG of the thermograph of a game (a ``CGValue``, or its text):
    temperature upwards, values increasing to the left, the left wall blue,
    the right wall red, the mast above the temperature
    (``CGValue.thermograph_svg``)."""
    return _mex.CGValue(value).thermograph_svg()


class Thermograph:
    """The thermograph of a CGValue, drawn by Jupyter (``_repr_svg_``).

    >>> import mex
    >>> th = Thermograph(mex.CGValue("{3|-1}"))
    >>> th.mean, th.temperature
    (Fraction(1, 1), Fraction(2, 1))
    >>> th._repr_svg_().startswith("<svg")
    True
    """

    def __init__(self, value: "_mex.CGValue") -> None:
        self.value = value
        self.data: _Dict[str, _Any] = value.thermograph()
        self.mean: _Fraction = self.data["mean"]
        self.temperature: _Fraction = self.data["temperature"]

    def _repr_svg_(self) -> str:
        return self.value.thermograph_svg()

    def __repr__(self) -> str:
        return f"<Thermograph mean {self.mean}, temperature {self.temperature}>"


class SscDecomposition:
    """A segment's decomposition, drawn by Jupyter as coloured blocks (whole
    pieces up to 400 cherries; the rest counted).

    >>> d = SscDecomposition("BBWBW")
    >>> list(d.pieces)
    ['B', 'BW', 'BW']
    >>> d._repr_svg_().count("<circle")
    5
    """

    def __init__(self, segment: str) -> None:
        from .ssc import Decomposition

        self.pieces: Decomposition = Decomposition(segment)

    def _repr_svg_(self) -> str:
        return _mex.ssc_decomposition_svg(self.pieces.segment, self.pieces.starts)

    def __repr__(self) -> str:
        return repr(self.pieces).replace("<Decomposition", "<SscDecomposition", 1)
