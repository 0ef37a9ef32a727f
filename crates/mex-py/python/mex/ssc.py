"""Synchronized Stack Cherries (van den Bergh 2023, Sections 6.3-6.4).

>>> from mex import ssc
>>> ssc.decompose("BBWBW")
['B', 'BW', 'BW']
>>> ssc.count(10)
51
>>> ssc.outcome("BBW WB")[0]
'L'
"""

from typing import List as _List, Sequence as _Sequence, Tuple as _Tuple, Union as _Union

from . import _mex

__all__ = ["decompose", "irreducibles", "count", "outcome"]


def decompose(segment: str) -> _List[str]:
    """The pieces of a segment (B and W, front first), each irreducible."""
    return _mex.ssc_decompose(segment)


def irreducibles(n: int) -> _List[str]:
    """The positive irreducible elements of length at most ``n``, decreasing."""
    return _mex.ssc_irreducibles(n)


def count(n: int) -> int:
    """The number of positive irreducible elements of length ``n`` (A000048)."""
    return _mex.ssc_count(n)


def outcome(position: _Union[str, _Sequence[str]]) -> _Tuple[str, _List[_Tuple[str, int]]]:
    """The outcome (L, R or D) and the signed decomposition, strongest first."""
    return _mex.ssc_outcome(position)
