"""Pictures for Jupyter, the one SVG writer of the package: every position
of the catalog (its board, or the catalog's ASCII picture, with its value
and outcome), a nim-sequence chart, a thermograph and an SSC decomposition.

>>> svg = domineering_svg("..#/...")
>>> svg.startswith("<svg") and svg.count('class="cell"') == 6
True
>>> "period" in nim_chart([0, 1, 1, 0, 1, 1], preperiod=0, period=3)
True
>>> card = game_svg("nim", "3,4,5", None, "*2", "N")
>>> card.startswith("<svg") and "3,4,5" in card and "*2" in card
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
from xml.sax.saxutils import escape as _escape

__all__ = [
    "game_svg",
    "domineering_svg",
    "nim_chart",
    "NimChart",
    "thermograph_svg",
    "Thermograph",
    "ssc_svg",
    "SscDecomposition",
]

_CELL = 28
# Characters of a board drawn cell by cell: empty, taken (or burned), a
# stone of Left (x, black) and one of Right (o, white).
_BOARD = set(".#xo")
# Text lines: font size, line height, width of a character (monospace).
_FONT, _LINE, _CHAR = 13, 17, 8.2
# A drawing (lines of ASCII) or a field shown at most this large.
_MAX_LINES, _MAX_CHARS = 40, 100

# Elements of a drawing with its width and height.
_Drawing = _Tuple[_List[str], float, float]


def _svg(parts: _Sequence[str], width: float, height: float) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}">'
        + "".join(parts)
        + "</svg>"
    )


def _shown(text: str, limit: int = _MAX_CHARS) -> str:
    """At most ``limit`` characters, an ellipsis marking a cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _board(rows: _Sequence[str], x0: float = 0, y0: float = 0) -> _Drawing:
    """A board of ``.``, ``#``, ``x`` and ``o``, one square per character."""
    width = max((len(r) for r in rows), default=0)
    cell = max(8, min(_CELL, 560 // max(width, 1)))
    parts = []
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            left, top = x0 + x * cell + 1, y0 + y * cell + 1
            fill = "#333" if c == "#" else "#f4f1e8"
            parts.append(
                f'<rect class="cell" x="{left}" y="{top}" width="{cell}" '
                f'height="{cell}" fill="{fill}" stroke="#888"/>'
            )
            if c in "xo":
                stone = "#222" if c == "x" else "#fff"
                parts.append(
                    f'<circle cx="{left + cell / 2:g}" cy="{top + cell / 2:g}" '
                    f'r="{cell * 0.36:g}" fill="{stone}" stroke="#222"/>'
                )
    return parts, width * cell + 2, len(rows) * cell + 2


def _text(lines: _Sequence[str], x0: float = 0, y0: float = 0, bold: int = 0) -> _Drawing:
    """Lines of monospace text (the first ``bold`` in bold), each at most
    100 characters and at most 40 lines."""
    shown = [_shown(line) for line in lines[:_MAX_LINES]]
    if len(lines) > _MAX_LINES:
        shown.append(f"… {len(lines) - _MAX_LINES} more lines")
    parts = []
    for i, line in enumerate(shown):
        weight = ' font-weight="bold"' if i < bold else ""
        parts.append(
            f'<text x="{x0 + 4:g}" y="{y0 + (i + 1) * _LINE - 4:g}" font-family="monospace" '
            f'font-size="{_FONT}"{weight} xml:space="preserve">{_escape(line)}</text>'
        )
    width = max((len(line) for line in shown), default=0) * _CHAR + 8
    return parts, width, len(shown) * _LINE + 4


def _is_board(picture: str) -> bool:
    rows = picture.split("\n")
    return len({len(r) for r in rows}) == 1 and set(picture) - {"\n"} <= _BOARD


def game_svg(
    name: str,
    position: str,
    picture: _Optional[str],
    value: str,
    outcome: str,
) -> str:
    """A position of the catalog as an SVG card: the picture (a board of
    ``.``, ``#``, ``x`` and ``o`` drawn square by square, any other drawing
    as its lines of text), then the game's name, the position, its value
    and its outcome; what ``Game._repr_svg_`` shows."""
    parts: _List[str] = []
    width, height = 0.0, 4.0
    if picture is not None:
        if _is_board(picture):
            drawn = _board(picture.split("\n"), 4, height)
        else:
            drawn = _text(picture.split("\n"), 4, height)
        parts += drawn[0]
        width, height = max(width, drawn[1] + 4), height + drawn[2] + 6
    lines = [name, f"position {position}", f"value    {value}", f"outcome  {outcome}"]
    drawn = _text(lines, 4, height, bold=1)
    parts += drawn[0]
    width, height = max(width, drawn[1] + 4), height + drawn[2] + 2
    frame = (
        f'<rect x="0.5" y="0.5" width="{width - 1:g}" height="{height - 1:g}" '
        f'fill="none" stroke="#ccc" rx="4"/>'
    )
    return _svg([frame] + parts, width, height)


def _game_card(game: _Any) -> str:
    """``game_svg`` of a ``mex.Game``: its value computed (and kept) if not
    yet, a refusal shown in its place."""
    try:
        value, outcome = game.value_text(), game.outcome()
    except ValueError as e:
        value, outcome = f"not computed: {e}", "-"
    return game_svg(game.name, game.position, game.picture(), value, outcome)


def domineering_svg(position: str) -> str:
    """An SVG of a Domineering board given as rows of ``.`` (empty) and
    ``#`` (taken) separated by ``/``."""
    return _svg(*_board(position.split("/")))


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


def ssc_svg(pieces: _Sequence[str], more: int = 0) -> str:
    """An SVG of an SSC segment cut into its irreducible pieces: one row of
    cherries (black B, white W), each piece framed in its own colour;
    ``more`` cherries not drawn are counted at the end."""
    size, gap = 16, 6
    colours = ["#2a6ebb", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085"]
    n = sum(len(p) for p in pieces)
    w: float = n * size + gap * max(len(pieces) - 1, 0) + 4
    parts = []
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
    if more:
        label = f"… {more} more cherries"
        parts.append(
            f'<text x="{x}" y="{size}" font-family="monospace" font-size="{_FONT}">'
            f"{label}</text>"
        )
        w += len(label) * _CHAR + gap
    return _svg(parts, w, size + 8)


# Cherries an SscDecomposition draws at most (the rest counted).
_MAX_CHERRIES = 400


class SscDecomposition:
    """A segment's decomposition, drawn by Jupyter as coloured blocks (the
    first 400 cherries; the rest counted).

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
        shown: _List[str] = []
        drawn = 0
        for piece in self.pieces:
            if drawn + len(piece) > _MAX_CHERRIES:
                break
            shown.append(piece)
            drawn += len(piece)
        return ssc_svg(shown, len(self.pieces.segment) - drawn)

    def __repr__(self) -> str:
        return repr(self.pieces).replace("<Decomposition", "<SscDecomposition", 1)
