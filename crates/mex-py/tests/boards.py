"""Boards as frozensets of (row, column) cells, shared by the ruleset tests."""

from __future__ import annotations

from typing import FrozenSet, List, Tuple

Cell = Tuple[int, int]
Board = FrozenSet[Cell]


def regions(board: Board) -> List[Board]:
    """The 4-connected regions of the board.

    >>> sorted(len(r) for r in regions(frozenset({(0, 0), (0, 1), (2, 2)})))
    [1, 2]
    """
    left = set(board)
    out: List[Board] = []
    while left:
        todo = [left.pop()]
        region = set(todo)
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in left:
                    left.remove(n)
                    region.add(n)
                    todo.append(n)
        out.append(frozenset(region))
    return out
