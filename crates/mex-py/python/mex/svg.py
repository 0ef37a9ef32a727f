"""Pictures for Jupyter: a Domineering board and a nim-sequence chart.

>>> svg = domineering_svg("..#/...")
>>> svg.startswith("<svg") and svg.count("<rect") == 6
True
>>> "period" in nim_chart([0, 1, 1, 0, 1, 1], preperiod=0, period=3)
True
"""

from __future__ import annotations

from typing import Optional, Sequence

__all__ = ["domineering_svg", "nim_chart", "NimChart"]

CELL = 28


def domineering_svg(position: str) -> str:
    """An SVG of a Domineering board given as rows of ``.`` (empty) and
    ``#`` (taken) separated by ``/``."""
    rows = position.split("/")
    width = max((len(r) for r in rows), default=0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * CELL + 2}" '
        f'height="{len(rows) * CELL + 2}">'
    ]
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            fill = "#333" if c == "#" else "#f4f1e8"
            parts.append(
                f'<rect x="{x * CELL + 1}" y="{y * CELL + 1}" width="{CELL}" '
                f'height="{CELL}" fill="{fill}" stroke="#888"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def nim_chart(
    values: Sequence[int],
    preperiod: Optional[int] = None,
    period: Optional[int] = None,
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
        values: Sequence[int],
        preperiod: Optional[int] = None,
        period: Optional[int] = None,
    ) -> None:
        self.values = [int(v) for v in values]
        self.preperiod = preperiod
        self.period = period

    def _repr_svg_(self) -> str:
        return nim_chart(self.values, self.preperiod, self.period)

    def __repr__(self) -> str:
        tail = f", period {self.period} from {self.preperiod}" if self.period else ""
        return f"<NimChart of {len(self.values)} values{tail}>"
