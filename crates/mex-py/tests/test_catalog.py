"""Every game of the catalog through Python against the CLI's JSON."""

from __future__ import annotations

from typing import Any, Callable, Dict, List
from xml.etree import ElementTree

import pytest

import mex

# Positions beyond the catalog's examples (several per family).
EXTRA = [
    ("nim", "0"),
    ("nim", "1,2,3"),
    ("nim", "7, 9 ,12"),
    ("subtraction", "1,2:10"),
    ("octal", "0.77:3,5"),
    ("octal", "0.137:12"),
    ("domino", "7"),
    ("wythoff", "0,0"),
    ("wythoff", "10,16"),
    ("kayles", "III"),
    ("graph", "a: b; b: a"),
    ("shift-game", "0110"),
    ("shift-game", "111"),
    ("expression", "^ + ^ + *"),
    ("expression", "{2||1|0}"),
    ("cherries", "BW"),
    ("stack-cherries", "BBW WB"),
    ("domineering", "2x3"),
    ("domineering", "..#/.../.#."),
    ("hackenbush", "BR R"),
    ("toads-and-frogs", "T.F"),
    ("nogo", "1x5"),
    ("nogo", "X.O|.#."),
    ("impartial-nogo", "x.o/..."),
    ("ssc", "BW WB"),
    ("sync-cherries", "BW"),
]

CASES = [(g["name"], g["example"]) for g in mex.games()] + EXTRA


def value_fields(obj: Any) -> Dict[str, Any]:
    """What Python says about a Game or a Move, in the CLI's field names."""
    out: Dict[str, Any] = {
        "position": obj.position,
        "value": obj.value_text() if callable(obj.value_text) else obj.value_text,
        "outcome": obj.outcome() if callable(obj.outcome) else obj.outcome,
    }
    return out


def test_games_lists_the_catalog(cli: Callable[..., Any]) -> None:
    assert mex.games() == cli("games")["games"]
    assert len(mex.games()) >= 17


@pytest.mark.parametrize("name,position", CASES)
def test_value_agrees_with_the_cli(
    cli: Callable[..., Any], name: str, position: str
) -> None:
    want = cli("value", name, position)
    g = mex.Game(name, position)
    assert g.name == name and g.family in {
        "impartial",
        "partizan",
        "synchronized",
        "arena",
    }
    assert value_fields(g) == {k: want[k] for k in ("position", "value", "outcome")}
    v = g.value()
    if "grundy" in want:
        assert v == int(want["grundy"]) and isinstance(v, int)
    elif "left_first" in want:
        # Partizan games with cycles: who wins with each first player.
        assert v == want["value"]
    elif g.family == "partizan":
        assert isinstance(v, mex.CGValue) and str(v) == want["value"]
        assert v == mex.CGValue.parse(want["value"])
    elif "turns" in want:
        assert v == want["turns"]
    else:
        assert v == want["value"]
    assert g.to_move() == want.get("to_move")
    assert g.remoteness() == want.get("remoteness")
    assert mex.Game(name, g.position).position == g.position
    assert repr(g) == f"Game({name!r}, {g.position!r})"
    # The dict is the CLI's object, field for field (the pictures below).
    report = g.to_dict()
    assert _without_pictures(report) == _without_pictures(want)
    assert report["picture"] == g.picture() and report.get("drawing") == g.drawing()


# The fields of a value report that picture the position.
PICTURES = ("picture", "drawing")


# What the CLI adds about its own run: the work its search took.
RUN_COUNTS = ("search",)


def _without_pictures(report: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in report.items() if k not in PICTURES + RUN_COUNTS}


@pytest.mark.parametrize("name,position", CASES)
def test_reports_carry_the_clis_picture_and_drawing(
    cli: Callable[..., Any], name: str, position: str
) -> None:
    # `mex value --json` gives the position's picture in its shared shape
    # (`picture`) and the catalog's ASCII drawing (`drawing`, where the game
    # has one); Python's dict the same.
    want = cli("value", name, position)
    report = mex.Game(name, position).to_dict()
    assert {k: report.get(k) for k in PICTURES} == {k: want.get(k) for k in PICTURES}
    assert isinstance(report["picture"], dict) and "shape" in report["picture"]


@pytest.mark.parametrize("name,position", CASES)
def test_moves_agree_with_the_cli(
    cli: Callable[..., Any], name: str, position: str
) -> None:
    want = cli("moves", name, position)
    g = mex.Game(name, position)
    got: List[Dict[str, Any]] = []
    for m in g.moves():
        d = value_fields(m)
        d["label"] = m.label
        d["winning"] = m.winning
        if m.player is not None:
            d["player"] = m.player
        got.append(d)
    keys = ("position", "value", "outcome", "label", "winning", "player")
    assert got == [{k: w[k] for k in keys if k in w} for w in want["moves"]]
    winning = [m.label for m in g.winning_moves()]
    assert winning == [w["label"] for w in want["moves"] if w["winning"]]
    for m in g.moves()[:3]:
        assert m.game.position == m.position
        assert m.game.value_text() == m.value_text
    # The dicts are the CLI's objects, field for field.
    assert [m.to_dict() for m in g.moves()] == want["moves"]
    report = g.to_dict(moves=True)
    assert report["moves"] == want["moves"]
    assert _without_pictures(report) == _without_pictures(want)


def test_helpers_build_catalog_positions() -> None:
    assert mex.Nim([3, 4, 5]) == mex.Game("nim", "3,4,5")
    assert mex.Domineering("3x3") == mex.Game("domineering", "3x3")
    assert mex.Wythoff(3, 5) == mex.Game("wythoff", "3,5")
    assert mex.octal("0.07")(20) == mex.Game("octal", "0.07:20")
    assert mex.octal("0.77")(3, 5).value() == mex.Game("octal", "0.77:3,5").value()
    assert len({mex.Nim([1, 2]), mex.Nim([1, 2]), mex.Nim([2, 1])}) == 2
    assert mex.Game("nim", "3,4,5").components() == ["3", "4", "5"]
    assert str(mex.Game("nim", "1,2,3").canonical()) == "0"
    assert str(mex.Domineering("2x2").canonical()) == "±1"


def _spots(svg: str) -> List[str]:
    """The `data-spot` attributes of an SVG, which must be well-formed XML."""
    root = ElementTree.fromstring(svg)
    return [e.attrib["data-spot"] for e in root.iter() if "data-spot" in e.attrib]


def test_svg_of_a_domineering_board() -> None:
    # The board is the one board writer's (mex-present), which marks every
    # spot a move can change: here the five free cells, in reading order.
    g = mex.Domineering("..#/...")
    board = g.board_svg()
    assert board == mex.domineering_svg("..#/...") == mex.pictures.domineering_svg("..#|...")
    assert {f"cell:{i}" for i in (0, 1, 3, 4, 5)} <= set(_spots(board))
    assert board.strip() in g._repr_svg_()


def _texts(svg: str) -> List[str]:
    """The lines of text of a card (an SVG, which must be well-formed XML)."""
    root = ElementTree.fromstring(svg)
    return [
        t.text or ""
        for t in root.iter("{http://www.w3.org/2000/svg}text")
        if t.attrib.get("class") == "line"
    ]


@pytest.mark.parametrize("name,position", CASES)
def test_every_game_draws_itself(
    cli: Callable[..., Any], name: str, position: str
) -> None:
    # Jupyter's picture of every position: its board (the one board writer
    # of mex-present, given the position's picture), then the name, the
    # position, the value and the outcome, as `mex value` gives them.
    want = cli("value", name, position)
    g = mex.Game(name, position)
    svg = g._repr_svg_()
    assert svg.startswith("<svg")
    assert _texts(svg) == [
        name,
        f"position {want['position']}",
        f"value    {want['value']}",
        f"outcome  {want['outcome']}",
    ]
    board = g.board_svg()
    assert board.startswith("<svg") and board.strip() in svg
    ElementTree.fromstring(board)


def test_cards_escape_and_shorten_what_they_show() -> None:
    g = mex.Game("graph", "a<b: c&d; c&d: a<b")
    assert "a<b" in _texts(g._repr_svg_())[1]
    long = mex.Nim(list(range(1, 200)))
    line = _texts(long._repr_svg_())[1]
    assert len(line) == 100 and line.endswith("…")


def test_picture_and_drawing() -> None:
    # The drawing is the catalog's ASCII text; the picture its shared shape.
    board = mex.Domineering("..#/...")
    assert board.drawing() == "..#\n..."
    picture = board.picture()
    assert picture["shape"] == "grid" and (picture["rows"], picture["columns"]) == (2, 3)
    assert [c["kind"] for c in picture["cells"]] == ["empty", "empty", "blocked"] + ["empty"] * 3
    assert mex.Nim([2**100, 0]).picture() == {"shape": "heaps", "heaps": [str(2**100), "0"]}
    assert mex.Nim([3]).drawing() is None
