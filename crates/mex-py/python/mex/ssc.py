"""Synchronized Stack Cherries (van den Bergh 2023, Sections 6.3-6.4).

>>> from mex import ssc
>>> ssc.decompose("BBWBW")
['B', 'BW', 'BW']
>>> ssc.count(10)
51
>>> ssc.outcome("BBW WB")[0]
'L'
"""

from __future__ import annotations

from typing import List, Sequence, Tuple, Union

from ._mex import ssc_count, ssc_decompose, ssc_irreducibles, ssc_outcome

__all__ = ["decompose", "irreducibles", "count", "outcome"]


def decompose(segment: str) -> List[str]:
    """The pieces of a segment (B and W, front first), each irreducible."""
    return ssc_decompose(segment)


def irreducibles(n: int) -> List[str]:
    """The positive irreducible elements of length at most ``n``, decreasing."""
    return ssc_irreducibles(n)


def count(n: int) -> int:
    """The number of positive irreducible elements of length ``n`` (A000048)."""
    return ssc_count(n)


def outcome(position: Union[str, Sequence[str]]) -> Tuple[str, List[Tuple[str, int]]]:
    """The outcome (L, R or D) and the signed decomposition, strongest first."""
    return ssc_outcome(position)
