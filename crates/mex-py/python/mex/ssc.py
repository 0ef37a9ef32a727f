"""Synchronized Stack Cherries (van den Bergh 2023, Sections 6.3-6.4).

>>> from mex import ssc
>>> ssc.decompose("BBWBW")
<Decomposition of 5 cherries into 3 pieces: B + BW + BW>
>>> list(ssc.decompose("BBWBW"))
['B', 'BW', 'BW']
>>> ssc.count(10)
51
>>> ssc.outcome("BBW WB")[0]
'L'
"""

from collections.abc import Sequence as _SequenceABC
from typing import (
    TYPE_CHECKING as _TYPE_CHECKING,
    Iterator as _Iterator,
    List as _List,
    Sequence as _Sequence,
    Tuple as _Tuple,
    Union as _Union,
    overload as _overload,
)

from . import _mex

if _TYPE_CHECKING:
    import numpy as _np
    import numpy.typing as _npt

__all__ = ["Decomposition", "decompose", "irreducibles", "count", "outcome"]

# Piece starts turned into Python ints at a time when iterating.
_CHUNK = 1 << 16


class Decomposition(_Sequence[str]):
    """The decomposition of a segment into irreducible pieces (Theorem
    6.4.5), in order along the segment, held compactly: the segment and
    where each piece starts (``starts``, a NumPy uint64 array, 8 bytes a
    piece); a piece is made as a ``str`` when it is asked for. A sequence of
    str: ``len``, indexing, slicing, iteration, and ``==`` with a list of
    the pieces.

    >>> d = decompose("bbwbw")
    >>> len(d), d[1], d[-1], d[:2]
    (3, 'BW', 'BW', ['B', 'BW'])
    >>> d == ["B", "BW", "BW"], d.segment, d.starts.tolist()
    (True, 'BBWBW', [0, 1, 3])
    >>> list(decompose("BBWBWBWBW").runs())
    [('B', 1), ('BW', 4)]
    """

    __slots__ = ("segment", "starts")

    def __init__(self, segment: str) -> None:
        starts = _mex.ssc_cut_points(segment)
        text = segment.strip()
        if "b" in text or "w" in text:
            text = text.upper()
        # The segment as mex writes it (B and W, front first), and where
        # each piece starts in it, increasing from 0.
        self.segment: str = text
        self.starts: "_npt.NDArray[_np.uint64]" = starts

    def __len__(self) -> int:
        return len(self.starts)

    def _piece(self, i: int) -> str:
        end = int(self.starts[i + 1]) if i + 1 < len(self.starts) else len(self.segment)
        return self.segment[int(self.starts[i]) : end]

    @_overload
    def __getitem__(self, index: int) -> str: ...

    @_overload
    def __getitem__(self, index: slice) -> _List[str]: ...

    def __getitem__(self, index: _Union[int, slice]) -> _Union[str, _List[str]]:
        if isinstance(index, slice):
            return [self._piece(i) for i in range(*index.indices(len(self)))]
        n = len(self)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError(f"piece {index} of a decomposition into {n} pieces")
        return self._piece(i)

    def __iter__(self) -> _Iterator[str]:
        n, text = len(self.starts), self.segment
        for at in range(0, n, _CHUNK):
            chunk = self.starts[at : at + _CHUNK + 1].tolist()
            if at + _CHUNK >= n:
                chunk.append(len(text))
            for a, b in zip(chunk, chunk[1:]):
                yield text[a:b]

    def runs(self) -> _Iterator[_Tuple[str, int]]:
        """Consecutive equal pieces grouped, as ``(piece, count)`` (what
        ``mex ssc decompose --runs`` lists), one group at a time."""
        last, count = "", 0
        for piece in self:
            if piece == last:
                count += 1
                continue
            if count:
                yield last, count
            last, count = piece, 1
        if count:
            yield last, count

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Decomposition):
            return self.segment == other.segment and bool((self.starts == other.starts).all())
        if isinstance(other, _SequenceABC) and not isinstance(other, str):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = " + ".join(self[:8]) + (" + …" if len(self) > 8 else "")
        return f"<Decomposition of {len(self.segment)} cherries into {len(self)} pieces: {shown}>"


def decompose(segment: str) -> Decomposition:
    """The pieces of a segment (B and W, front first), each irreducible, as
    a compact :class:`Decomposition` (a sequence of str); at most 2·10^8
    cherries, as ``mex ssc decompose``."""
    return Decomposition(segment)


def irreducibles(n: int) -> _List[str]:
    """The positive irreducible elements of length at most ``n``, decreasing."""
    return _mex.ssc_irreducibles(n)


def count(n: int) -> int:
    """The number of positive irreducible elements of length ``n`` (A000048)."""
    return _mex.ssc_count(n)


def outcome(position: _Union[str, _Sequence[str]]) -> _Tuple[str, _List[_Tuple[str, int]]]:
    """The outcome (L, R or D) and the signed decomposition, strongest first."""
    return _mex.ssc_outcome(position)
