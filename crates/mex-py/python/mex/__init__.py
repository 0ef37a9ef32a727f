"""mex: combinatorial games in Python, on the mex engine (Rust).

Every game of the catalog, by name and position, as ``mex value`` and
``mex moves`` see it:

>>> import mex
>>> g = mex.Nim([3, 4, 5])
>>> g.value(), g.outcome()
(2, 'N')
>>> [m.label for m in g.winning_moves()]
['take 2 from heap 1']
>>> mex.Domineering("2x2").value()
CGValue('±1')
>>> mex.Game("domineering", "3x3").outcome()
'N'

Canonical forms with their arithmetic and partial order:

>>> up = mex.CGValue.parse("^")
>>> str(up + up), str(-up), up > 0 if False else up > mex.CGValue(0)
('^^', 'v', True)
>>> up.confused_with(mex.CGValue("*"))
True
>>> mex.CGValue("{1|0}").mean(), mex.CGValue("{1|0}").temperature()
(Fraction(1, 2), Fraction(1, 2))

Nim sequences as NumPy arrays, and periods proven by the octal periodicity
theorem:

>>> kayles = mex.octal("0.77")
>>> kayles.values(12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> p = kayles.period()
>>> p["preperiod"], p["period"]
(71, 12)

The shift game, its states written as ``mex shift-game`` writes them (0 and
1, ``b0`` first): the play from ``0^n`` lists all ``2^n`` states, as ``mex
shift-game solve 3`` does:

>>> mex.shift_play("000")
['000', '100', '010', '101', '110', '111', '011', '001']
>>> mex.shift_next("001")
'000'

Each position is also the very object ``mex value --json`` prints, and a
picture in one of the shapes every front end draws:

>>> report = mex.Nim([3, 4, 5]).to_dict()
>>> report["value"], report["grundy"], report["picture"]
('*2', '2', {'heaps': ['3', '4', '5'], 'shape': 'heaps'})
>>> print(mex.Game("domineering", "#../...").drawing())
#..
...

The nimber field (Conway's *On Numbers and Games*, chapter 6), of any size:

>>> mex.Nimber(2) * 3, mex.Nimber(16) * 16, 1 / mex.Nimber(2)
(Nimber(1), Nimber(24), Nimber(3))
>>> mex.Nimber.eval("(2+1)^2"), mex.Nimber(2**64) ** 2 == 3 * 2**63
(Nimber(2), True)

Big numbers are Python ints both ways:

>>> mex.Nim([2**200, 2**200 + 1]).value()
1

Bad input raises ValueError with the message of the command line; refused
sizes raise ``mex.TooLarge``, a subclass:

>>> mex.Game("nim", "3,x")
Traceback (most recent call last):
...
ValueError: 'x' is not a non-negative integer; accepted: a non-negative integer such as 42, 1_000_000 or 2^200
>>> mex.octal("0.07").values(2**40)
Traceback (most recent call last):
...
mex.TooLarge: a run of 1099511627776 values of 0.07 exceeds the limit of 4294967296 values; ask for fewer terms
"""

from . import _mex
from ._mex import (
    CGValue,
    Game,
    LoopyValue,
    MisereForm,
    Move,
    Nimber,
    OctalCode,
    TooLarge,
    Domineering,
    Nim,
    Wythoff,
    debruijn,
    games,
    misere_quotient,
    octal,
    shift_next,
    shift_play,
    ssc_count,
    ssc_irreducibles,
    ssc_outcome,
    sum_outcome,
    winner,
    prove,
    check_proof,
)
from . import pictures, ssc
from . import ruleset
from .ruleset import GameSum, HeapRuleset, Playground, Ruleset, RulesetGame, RulesetMove, serve
from .ssc import decompose as ssc_decompose
from .pictures import (
    NimChart,
    SscDecomposition,
    Thermograph,
    domineering_svg,
    nim_chart,
    ssc_svg,
    thermograph_svg,
)

__all__ = [
    "CGValue",
    "Game",
    "LoopyValue",
    "MisereForm",
    "Move",
    "Nimber",
    "OctalCode",
    "TooLarge",
    "Domineering",
    "Nim",
    "Wythoff",
    "debruijn",
    "misere_quotient",
    "games",
    "octal",
    "shift_next",
    "shift_play",
    "ssc",
    "pictures",
    "ssc_count",
    "ssc_decompose",
    "ssc_irreducibles",
    "ssc_outcome",
    "sum_outcome",
    "winner",
    "prove",
    "check_proof",
    "domineering_svg",
    "nim_chart",
    "NimChart",
    "thermograph_svg",
    "Thermograph",
    "ssc_svg",
    "SscDecomposition",
    "ruleset",
    "Ruleset",
    "HeapRuleset",
    "RulesetGame",
    "RulesetMove",
    "GameSum",
    "Playground",
    "serve",
]

