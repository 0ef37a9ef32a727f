"""A small typed use of the package: checked by mypy --strict in CI against
the stubs (mex/_mex.pyi, py.typed), and run by pytest."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, List, Optional

import numpy as np
import numpy.typing as npt

import mex


def domineering_value(board: str) -> str:
    value = mex.Domineering(board).value()
    assert isinstance(value, mex.CGValue)
    return str(value)


def proven_period(code: str) -> Optional[int]:
    found: Optional[Dict[str, object]] = mex.octal(code).period()
    if found is None:
        return None
    period = found["period"]
    assert isinstance(period, int)
    return period


def test_typed_usage() -> None:
    assert domineering_value("2x2") == "±1"
    assert proven_period("0.07") == 34
    values: npt.NDArray[np.uint16] = mex.octal("0.07").values(20)
    assert int(values[19]) == 3
    moves: List[mex.Move] = mex.Nim([3, 4, 5]).winning_moves()
    labels: List[str] = [m.label for m in moves]
    assert labels == ["take 2 from heap 1"]
    a: mex.CGValue = mex.CGValue.parse("{1|0}")
    b: mex.CGValue = a + 1 - mex.CGValue("*")
    mean: Fraction = b.mean()
    assert mean == Fraction(3, 2) and not (a <= mex.CGValue(0))
    bits: npt.NDArray[np.uint8] = mex.debruijn(4)
    packed: bytes = mex.debruijn(4, packed=True)
    assert len(bits) == 16 and len(packed) == 2
    state: int = mex.shift_next(2**100, 101)
    assert state == 2**99
    play: List[str] = mex.shift_play("000")
    following: str = mex.shift_next(play[-1])
    assert play[:2] == ["000", "100"] and following == "000"
    count: int = mex.ssc.count(10)
    pieces: mex.ssc.Decomposition = mex.ssc.decompose("BBWBW")
    first: str = pieces[0]
    starts: npt.NDArray[np.uint64] = pieces.starts
    assert count == 51 and list(pieces) == ["B", "BW", "BW"] and first == "B"
    assert starts.tolist() == [0, 1, 3]
    try:
        mex.octal("0.07").values(2**40)
    except mex.TooLarge as e:
        message: str = str(e)
        assert "exceeds the limit" in message
    catalog: List[Dict[str, str]] = mex.games()
    assert catalog[0]["name"] == "nim"
    game = mex.Domineering("2x2")
    report: Dict[str, Any] = game.to_dict()
    picture: Dict[str, Any] = game.picture()
    drawing: Optional[str] = game.drawing()
    board: str = game.board_svg()
    assert report["value"] == "±1" and report["picture"] == picture
    assert drawing == "..\n.." and board.startswith("<svg")
    move: Dict[str, Any] = mex.Nim([1]).moves()[0].to_dict()
    assert move["winning"] is True
    walls: Dict[str, Any] = mex.CGValue("{1|0}").thermograph()
    assert walls["temperature"] == Fraction(1, 2)
    chart: str = mex.nim_chart([0, 1], title="two values")
    cherries: str = mex.ssc_svg(["B", "BW"])
    assert chart.startswith("<svg") and cherries.startswith("<svg")
