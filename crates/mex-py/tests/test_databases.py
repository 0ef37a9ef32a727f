"""Databases of solved regions from Python (issue 40): a database built by
`mex db build` is consulted by `mex.winner`, `mex.sum_outcome` and
`mex.prove` through `db=`, and changes no answer; a database of another
game, or a damaged one, raises ValueError."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

import mex


@pytest.fixture(scope="module")
def databases(tmp_path_factory: pytest.TempPathFactory, cli: Callable[..., Any]) -> Path:
    folder = tmp_path_factory.mktemp("db")
    cli("db", "build", "domineering", "--max-cells", "7", str(folder / "d.db"))
    cli("db", "build", "clobber", "--max-cells", "5", str(folder / "c.db"))
    return folder


SUMS = [
    [mex.Game("domineering", "4x4")],
    [mex.Game("domineering", "..#./..../.#.."), mex.Game("clobber", "xoxo/oxox")],
    [mex.Game("clobber", "xoxox/oxoxo")],
]


@pytest.mark.parametrize("games", SUMS)
def test_a_database_changes_no_answer(databases: Path, games: list) -> None:
    db = str(databases / ("c.db" if games[0].name == "clobber" else "d.db"))
    for first in ["left", "right"]:
        assert mex.winner(games, first, db=db) == mex.winner(games, first)
    assert mex.sum_outcome(games, db=db) == mex.sum_outcome(games)
    checked = mex.check_proof(mex.prove(games, "left", db=db))
    assert checked["holds"] and checked["winner"] == mex.winner(games, "left")


def test_a_database_of_another_game_or_damaged_is_refused(databases: Path) -> None:
    with pytest.raises(ValueError, match="not of domineering"):
        mex.winner([mex.Game("domineering", "3x3")], "left", db=str(databases / "c.db"))
    damaged = databases / "damaged.db"
    data = bytearray((databases / "d.db").read_bytes())
    data[-1] ^= 1
    damaged.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="digest"):
        mex.winner([mex.Game("domineering", "3x3")], "left", db=str(damaged))
    with pytest.raises(ValueError, match="cannot read database"):
        mex.winner([mex.Game("domineering", "3x3")], "left", db=str(databases / "none.db"))
