"""Proofs of who wins from Python (issue 40): `mex.prove` writes the text
`--proof` writes, `mex.check_proof` verifies it; the winner is the one of
the full value's outcome class, and a corrupted proof does not hold."""

from __future__ import annotations

import pytest

import mex

POSITIONS = [
    ("clobber", "xoxox/oxoxo"),
    ("domineering", "4x4"),
    ("nogo", "2x3"),
    ("konane", "xoxo/oxox/xoxo"),
]


def expected(outcome: str, first: str) -> str:
    if outcome == "L" or (outcome, first) in (("N", "left"), ("P", "right")):
        return "Left"
    return "Right"


@pytest.mark.parametrize("name,position", POSITIONS)
@pytest.mark.parametrize("first", ["left", "right"])
def test_proofs_hold_and_name_the_value_routes_winner(name: str, position: str, first: str) -> None:
    game = mex.Game(name, position)
    text = mex.prove(game, first)
    checked = mex.check_proof(text)
    assert checked["holds"] is True
    assert checked["flaw"] is None
    assert checked["game"] == name
    assert checked["first"] == first.capitalize()
    assert checked["winner"] == expected(game.outcome(), first)
    assert checked["nodes"] == len(text.splitlines()) - 4


def test_a_claim_of_the_other_winner_does_not_hold() -> None:
    text = mex.prove(mex.Game("domineering", "4x4"), "left")
    winner = "left" if "\nwinner left\n" in text else "right"
    other = "right" if winner == "left" else "left"
    checked = mex.check_proof(text.replace(f"\nwinner {winner}\n", f"\nwinner {other}\n"))
    assert checked["holds"] is False
    assert checked["flaw"].startswith("node ")


def test_text_that_is_not_a_proof_raises() -> None:
    with pytest.raises(ValueError):
        mex.check_proof("not a proof")
    with pytest.raises(ValueError):
        mex.prove(mex.Game("nim", "3,4"), "left")
    with pytest.raises(ValueError):
        mex.prove(mex.Game("clobber", "xo"), "up")


def test_a_sum_has_a_proof_that_holds() -> None:
    games = [mex.Game("clobber", "xoxo"), mex.Game("domineering", "2x3")]
    for first in ["left", "right"]:
        checked = mex.check_proof(mex.prove(games, first))
        assert checked["holds"] is True
        assert checked["game"] == "sum"
        assert checked["winner"] == mex.winner(games, first)
