"""Bad input: ValueError with the CLI's one-line message; refused sizes:
mex.TooLarge (a ValueError); nothing crashes the interpreter."""

from __future__ import annotations

from typing import Callable, List

import pytest

import mex

BAD_POSITIONS = [
    ("nim", "3,x"),
    ("nim", ""),
    ("nim", "-3"),
    ("nim", "3,,4"),
    ("octal", "0.07"),
    ("domineering", "0x3"),
    ("domineering", "100x100"),
    ("wythoff", "1"),
    ("expression", "{1|"),
    ("expression", "{1 0|0}"),
    ("ssc", "BXW"),
    ("shift-game", "01a"),
    ("no-such-game", "1"),
    ("nim", "1," * 10001),
]


@pytest.mark.parametrize("name,position", BAD_POSITIONS)
def test_bad_positions_raise_the_clis_message(
    cli_error: Callable[..., str], name: str, position: str
) -> None:
    want = cli_error("value", name, position)
    with pytest.raises(ValueError) as e:
        mex.Game(name, position).value()
    assert str(e.value) == want
    assert "\n" not in str(e.value)


def test_too_large_is_a_value_error(cli_error: Callable[..., str]) -> None:
    assert issubclass(mex.TooLarge, ValueError)
    with pytest.raises(mex.TooLarge) as e:
        mex.Game("nim", ",".join(["1"] * 10001))
    assert str(e.value) == cli_error("value", "nim", ",".join(["1"] * 10001))
    with pytest.raises(mex.TooLarge):
        mex.octal("0.07").values(2**40)
    with pytest.raises(mex.TooLarge) as e:
        mex.debruijn(31)
    with pytest.raises(mex.TooLarge) as e:
        mex.ssc.count(10**7)
    assert str(e.value) == cli_error("ssc", "count", str(10**7))
    with pytest.raises(mex.TooLarge) as e:
        mex.ssc.irreducibles(30)
    assert str(e.value) == cli_error("ssc", "irreducibles", "30")
    with pytest.raises(ValueError) as e:
        mex.ssc.count(0)
    assert not isinstance(e.value, mex.TooLarge)
    assert str(e.value) == cli_error("ssc", "count", "0")
    with pytest.raises(mex.TooLarge):
        mex.CGValue.nimber(2**70).left_options()
    with pytest.raises(mex.TooLarge):
        mex.Nim([2**4000]).moves()


def test_other_bad_input() -> None:
    with pytest.raises(ValueError, match="negative"):
        mex.Nim([3, -1])
    with pytest.raises(ValueError):
        mex.octal("0.x7")
    with pytest.raises(ValueError):
        mex.CGValue.parse("{|")
    with pytest.raises(ValueError):
        mex.debruijn(3, kind="prefer-two")
    with pytest.raises(ValueError):
        mex.debruijn(0)
    with pytest.raises(ValueError):
        mex.shift_next(8, 3)
    with pytest.raises(ValueError):
        mex.shift_next(-1, 3)
    with pytest.raises(ValueError):
        mex.shift_next(0, 0)
    with pytest.raises(ValueError):
        mex.ssc.decompose("")
    with pytest.raises(ValueError):
        mex.ssc.outcome("")
    with pytest.raises(TypeError):
        mex.CGValue(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        mex.CGValue("1") <= 1  # type: ignore[operator]


FUZZ: List[str] = ["", " ", "\x00", "{" * 5000, "}" * 10, "*" * 100, "^" * 64,
                   "9" * 400, "-" * 50, "{|}" * 1000, "é", "2^99999999", "1/0",
                   "{1|0}" + "+{1|0}" * 30]


@pytest.mark.parametrize("text", FUZZ)
def test_no_input_crashes(text: str) -> None:
    for g in mex.games():
        try:
            game = mex.Game(g["name"], text)
            game.value()
        except ValueError:
            pass
    try:
        mex.CGValue.parse(text)
    except ValueError:
        pass
