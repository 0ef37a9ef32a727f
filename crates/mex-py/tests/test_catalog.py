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


def test_svg_of_a_domineering_board() -> None:
    svg = mex.Domineering("..#/...")._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="cell"') == 6
    assert svg.count('fill="#333"') == 1  # the taken cell
    assert mex.svg.domineering_svg("..#/...").count('class="cell"') == 6


def _texts(svg: str) -> List[str]:
    """The lines of text of an SVG, which must be well-formed XML."""
    root = ElementTree.fromstring(svg)
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize("name,position", CASES)
def test_every_game_draws_itself(
    cli: Callable[..., Any], name: str, position: str
) -> None:
    # Jupyter's picture of every position: the catalog's picture (a board
    # square by square, any other drawing as text), then the name, the
    # position, the value and the outcome, as `mex value` gives them.
    want = cli("value", name, position)
    g = mex.Game(name, position)
    assert g.picture() == want.get("drawing")
    svg = g._repr_svg_()
    assert svg.startswith("<svg")
    texts = _texts(svg)
    assert texts[-4:] == [
        name,
        f"position {want['position']}",
        f"value    {want['value']}",
        f"outcome  {want['outcome']}",
    ]
    picture = want.get("drawing")
    if picture is None:
        assert texts == texts[-4:]
    elif set(picture) <= set(".#xo\n"):
        rows = picture.split("\n")
        assert svg.count('class="cell"') == sum(len(r) for r in rows)
        assert svg.count("<circle") == picture.count("x") + picture.count("o")
        assert texts == texts[-4:]
    else:
        assert texts[:-4] == picture.split("\n")


def test_a_refused_value_is_shown_in_the_card() -> None:
    # Positions are checked when made, so a refusal at evaluation is rare
    # (a budget spent in the search): a stand-in game refuses here.
    refusal = "the computation (comparisons of options) exceeds the limit"

    class Refused:
        name, position = "domineering", "5x6"

        def value_text(self) -> str:
            raise mex.TooLarge(refusal)

        def outcome(self) -> str:
            raise AssertionError("not asked after a refusal")

        def picture(self) -> str:
            return "......\n" * 4 + "......"

    svg = mex.svg._game_card(Refused())
    texts = _texts(svg)
    assert texts[-2:] == [f"value    not computed: {refusal}", "outcome  -"]
    assert svg.count('class="cell"') == 30


def test_cards_escape_and_shorten_what_they_show() -> None:
    g = mex.Game("graph", "a<b: c&d; c&d: a<b")
    assert "a<b" in _texts(g._repr_svg_())[1]
    long = mex.Nim(list(range(1, 200)))
    line = _texts(long._repr_svg_())[1]
    assert len(line) == 100 and line.endswith("…")
    many = mex.Game("hackenbush-graph", " ".join(f"{i}-{i + 1}:B" for i in range(60)))
    texts = _texts(many._repr_svg_())
    assert texts[40] == "… 20 more lines" and len(texts) == 41 + 4
