"""Rulesets written in Python, evaluated by mex's engines (issue 26).

A new game is a few lines: the options of a position (any hashable Python
value), and optionally how a position splits into independent components and
a key shared by symmetric positions. mex interns the positions, asks for the
options of each position once (one call for all of them), and runs its own
engines over the positions it has seen, with the interpreter released: the
Sprague–Grundy solver, canonical forms with the whole partizan toolkit of
:class:`mex.CGValue`, the misère genus, win/loss/draw with remoteness for
loopy rulesets, and nim sequences of heap rulesets (with the period proven by
the octal periodicity theorem when the rule is a take-and-break code).

Kayles on rows of pins (a position is the sorted tuple of the rows'
lengths): knock down one pin or two adjacent ones; a position is the sum of
its rows:

>>> import mex
>>> def kayles(rows):
...     for i, n in enumerate(rows):
...         rest = rows[:i] + rows[i + 1:]
...         for take in (1, 2):
...             for left in range(n - take + 1):
...                 parts = (left, n - take - left)
...                 yield tuple(sorted(rest + tuple(h for h in parts if h)))
>>> def rows(position):
...     return [(n,) for n in position]
>>> K = mex.Ruleset.impartial(kayles, components=rows, name="Kayles")
>>> [K((n,)).grundy() for n in range(12)]
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> K((3, 5)).grundy(), K((3, 5)).outcome()
(7, 'N')
>>> K((4,)).misere_genus()
'1^{031}'

Domineering (Left places vertical dominoes, Right horizontal ones) on a
board given as the frozenset of its empty cells:

>>> def dominoes(cells, step):
...     for (r, c) in cells:
...         other = (r + step[0], c + step[1])
...         if other in cells:
...             yield cells - {(r, c), other}
>>> D = mex.Ruleset.partizan(lambda b: dominoes(b, (1, 0)),
...                          lambda b: dominoes(b, (0, 1)), name="Domineering")
>>> board = frozenset((r, c) for r in range(2) for c in range(2))
>>> D(board).canonical(), D(board).outcome()
(CGValue('±1'), 'N')
>>> D(board).canonical() == mex.Domineering("2x2").value()
True

Sums with catalog games and with each other:

>>> (K((3,)) + mex.Game("nim", "3")).value()
0
>>> str((D(board) + mex.Game("domineering", "1x2")).value())
'-1±1'

A loopy ruleset: positions may repeat, and the value is win, loss or draw
for the player to move, with the remoteness:

>>> cycle = mex.Ruleset.impartial(lambda v: {"a": ["b"], "b": ["a", "c"], "c": []}[v], loopy=True)
>>> cycle("a").value(), cycle("b").value(), cycle("c").outcome()
('loss in 2', 'win in 1', 'loss')

A heap ruleset: ``options(n)`` gives each option as the heaps it leaves;
its nim sequence, the take-and-break code the rule is (when it is one), and
the period that code's octal periodicity theorem proves:

>>> K2 = mex.Ruleset.heap(lambda n: [(a, n - t - a) for t in (1, 2)
...                                  for a in range(n - t + 1)], name="Kayles")
>>> K2.sequence(10)
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
>>> K2.take_break_code()
'0.77'
>>> p = K2.period()
>>> p["preperiod"], p["period"], p["rule_checked_up_to"]
(71, 12, 168)

and its misère quotient (Plambeck and Siegel 2008), here of the heaps up
to 30, with the misère outcome of the sum 1 + 4 + 5:

>>> q = K2.misere_quotient(30, outcome=[1, 4, 5])
>>> q["code"], q["order"], len(q["p_portion"]), q["outcome"]
('0.77', 40, 9, 'N')
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from . import _mex
from ._mex import CGValue, Game, Move

Options = Callable[[Any], Iterable[Any]]
Label = Callable[[Any, Any], str]
Search = Optional[str]
SEARCHES = ("pruned", "full")
Summand = Union["RulesetGame", Game, "GameSum"]

__all__ = [
    "Ruleset",
    "HeapRuleset",
    "RulesetGame",
    "RulesetMove",
    "GameSum",
    "Playground",
    "graph_text",
    "graph_labels",
    "serve",
]

DEFAULT_MEMORY = 3 << 29
"""The default memory budget of a ruleset, in bytes (1.5 GiB)."""


class Ruleset:
    """A game defined by Python functions; ``r(position)`` is a game object.

    Build one with :meth:`Ruleset.impartial`, :meth:`Ruleset.partizan` or
    :meth:`Ruleset.heap`. Values are kept between calls (the positions seen,
    their options and values): :meth:`positions` counts them, :meth:`clear`
    forgets them.
    """

    def __init__(
        self,
        engine: _mex.RulesetEngine,
        left: Options,
        right: Optional[Options],
        name: Optional[str],
        label: Optional[Label],
        components: Optional[Options] = None,
    ) -> None:
        self._engine = engine
        self._left = left
        self._right = right
        self._components = components
        self.name = name or ("partizan ruleset" if right else "impartial ruleset")
        self._label = label

    @staticmethod
    def impartial(
        options: Options,
        components: Optional[Options] = None,
        key: Optional[Callable[[Any], Any]] = None,
        name: Optional[str] = None,
        *,
        label: Optional[Label] = None,
        loopy: bool = False,
        memory: int = DEFAULT_MEMORY,
    ) -> Ruleset:
        """An impartial ruleset: ``options(position)`` is an iterable of the
        positions one move reaches (hashable values), for every position
        (also those that split: misère play and the moves use them).
        ``components(position)`` (optional) lists independent components
        whose sum the position is (each strictly simpler; fewer than two
        means it does not split), so that normal play adds their values;
        ``key(position)`` (optional) is a hashable key shared by symmetric
        positions (isomorphic games, equal in every engine, misère play
        included); ``label(position, option)`` names a move;
        ``loopy=True`` allows positions to repeat (then values are win, loss
        or draw). ``memory`` is the budget in bytes (default 1.5 GiB) of the
        positions interned with the engines' tables, and of the canonical
        forms' store; beyond it ``mex.TooLarge`` is raised.

        >>> import mex
        >>> nim = mex.Ruleset.impartial(
        ...     lambda h: [h[:i] + (k,) + h[i + 1:] for i in range(len(h)) for k in range(h[i])],
        ...     key=lambda h: tuple(sorted(x for x in h if x)))
        >>> nim((3, 4, 5)).grundy()
        2
        """
        engine = _mex.RulesetEngine(
            options, None, components, key, loopy, memory
        )
        return Ruleset(engine, options, None, name, label, components)

    @staticmethod
    def partizan(
        left: Options,
        right: Options,
        components: Optional[Options] = None,
        key: Optional[Callable[[Any], Any]] = None,
        name: Optional[str] = None,
        *,
        label: Optional[Label] = None,
        loopy: bool = False,
        memory: int = DEFAULT_MEMORY,
    ) -> Ruleset:
        """A partizan ruleset: ``left(position)`` and ``right(position)`` are
        iterables of the positions Left's and Right's moves reach; the hooks
        are those of :meth:`impartial` (a key must be shared only by
        positions of equal value, not by conjugates). With ``loopy=True``
        positions may repeat: the value is win, loss or draw for the first
        player when Left starts and when Right does (retrograde analysis),
        and the outcome ``L``, ``R``, ``N`` or ``P``, or who wins with each
        first player when one of them draws.

        >>> import mex
        >>> cut = mex.Ruleset.partizan(lambda n: range(n), lambda n: [])
        >>> cut(3).canonical(), cut(3).outcome()
        (CGValue('3'), 'L')
        >>> G = {"a": (["a", "b"], ["a"]), "b": ([], [])}
        >>> passes = mex.Ruleset.partizan(lambda p: G[p][0], lambda p: G[p][1], loopy=True)
        >>> passes("a").value(), passes("a").outcome()
        ('Left first: win in 1, Right first: loss in 2', 'L')
        >>> mex.Ruleset.partizan(lambda p: [p], lambda p: [p], loopy=True)("x").outcome()
        'Left first: draw, Right first: draw'
        """
        engine = _mex.RulesetEngine(left, right, components, key, loopy, memory)
        return Ruleset(engine, left, right, name, label, components)

    @staticmethod
    def heap(
        options: Callable[[int], Iterable[Union[int, Iterable[int]]]],
        name: Optional[str] = None,
        *,
        label: Optional[Label] = None,
        memory: int = DEFAULT_MEMORY,
    ) -> HeapRuleset:
        """A heap ruleset: ``options(n)`` gives, for a heap of ``n``, each
        option as the heaps it leaves (an iterable of ints below ``n``, or
        one int). See :class:`HeapRuleset`.

        >>> import mex
        >>> sub = mex.Ruleset.heap(lambda n: [n - k for k in (1, 3, 4) if k <= n])
        >>> sub.sequence(8)
        [0, 1, 0, 1, 2, 3, 2, 0]
        """
        return HeapRuleset(options, name, label, memory)

    def __call__(self, position: Any, /) -> RulesetGame:
        return RulesetGame(self, position)

    @property
    def is_partizan(self) -> bool:
        """Whether Left and Right have their own options."""
        return bool(self._engine.partizan)

    @property
    def is_loopy(self) -> bool:
        """Whether positions may repeat (values are win, loss or draw)."""
        return bool(self._engine.loopy)

    def positions(self) -> int:
        """How many distinct positions (by key) mex has seen so far."""
        return self._engine.positions()

    def expanded(self) -> int:
        """How many positions the pruned searches have expanded so far."""
        return self._engine.expanded()

    def _pruned(self, search: Search) -> bool:
        """Whether a single position's Grundy value or outcome is found by
        the pruned search: ``search="pruned"`` or ``"full"``, else (None)
        the pruned search when the ruleset gives components."""
        if search is None:
            return self._components is not None
        if search not in SEARCHES:
            raise ValueError(f"{search!r} is not a search; accepted: pruned, full")
        return search == "pruned"

    def callbacks(self) -> int:
        """How many calls of the ruleset's functions mex has made so far."""
        return self._engine.callbacks()

    def clear(self) -> None:
        """Forgets every position and value seen so far."""
        self._engine.clear()

    def label(self, position: Any, option: Any) -> str:
        """The label of the move from ``position`` to ``option``: the
        ``label`` hook's, else the move itself, ``repr(position) → repr(option)``.

        >>> import mex
        >>> r = mex.Ruleset.impartial(lambda n: range(n))
        >>> r.label(3, 1)
        '3 → 1'
        """
        if self._label is not None:
            return str(self._label(position, option))
        return f"{position!r} → {option!r}"

    def __repr__(self) -> str:
        return f"<Ruleset {self.name!r}>"


class RulesetGame:
    """A position of a :class:`Ruleset`, with its value, outcome and moves
    (the shape of :class:`mex.Game`); ``+`` makes a :class:`GameSum`."""

    def __init__(self, ruleset: Ruleset, position: Any) -> None:
        self.ruleset = ruleset
        self.position = position

    @property
    def family(self) -> str:
        """impartial, partizan or loopy."""
        if self.ruleset.is_loopy:
            return "loopy"
        return "partizan" if self.ruleset.is_partizan else "impartial"

    def value(self) -> Union[int, CGValue, str]:
        """The Grundy value (impartial), the canonical form (partizan), or
        win/loss/draw with the remoteness (loopy: ``'win in 3'``)."""
        if self.ruleset.is_loopy and self.ruleset.is_partizan:
            sides = self.ruleset._engine.loopy_sides(self.position)
            left, right = (_with_remoteness(*side) for side in sides)
            return f"Left first: {left}, Right first: {right}"
        if self.ruleset.is_loopy:
            return _with_remoteness(*self.ruleset._engine.loopy_value(self.position))
        if self.ruleset.is_partizan:
            return self.canonical()
        return self.grundy()

    def value_text(self) -> str:
        """The value as mex prints it (``*2``, ``{1|0}``, ``win in 3``)."""
        v = self.value()
        if isinstance(v, int):
            return "0" if v == 0 else "*" if v == 1 else f"*{v}"
        return str(v)

    def grundy(self, search: Search = None) -> int:
        """The Grundy value of an impartial position.

        ``search="full"`` collects every position reachable first, then runs
        the Sprague–Grundy solver with the interpreter released;
        ``search="pruned"`` runs the pruned nimber search of Beling and
        Rogalski (2020), which asks Python for the options of the positions
        it expands only (each once), and stops early where the answer is
        settled. The default is the pruned search when the ruleset gives
        ``components`` (where it was measured to pay), else the full one.
        A position that repeats on the search's path is a ValueError.

        >>> import mex
        >>> nim = mex.Ruleset.impartial(lambda h: range(h))
        >>> nim(6).grundy(search="pruned"), nim.expanded(), nim.positions()
        (6, 7, 7)
        """
        r = self.ruleset
        if not r.is_partizan and not r.is_loopy and r._pruned(search):
            return r._engine.pruned_grundy(self.position)[0]
        r._pruned(search)
        return r._engine.grundy(self.position)

    def canonical(self) -> CGValue:
        """The canonical form (an impartial position's is its nimber)."""
        return self.ruleset._engine.canonical(self.position)

    def outcome(self, search: Search = None) -> str:
        """P or N (impartial), L, R, N or P (partizan), win, loss or draw
        (loopy). ``search`` as in :meth:`grundy` (impartial rulesets): the
        pruned search asks only whether the value is 0."""
        r = self.ruleset
        if not r.is_partizan and not r.is_loopy and r._pruned(search):
            return "P" if r._engine.pruned_is_zero(self.position)[0] else "N"
        r._pruned(search)
        return r._engine.outcome(self.position)

    def remoteness(self) -> Optional[int]:
        """Moves to the end of a won or lost loopy impartial position, else
        None (partizan: see :meth:`value`)."""
        if not self.ruleset.is_loopy or self.ruleset.is_partizan:
            return None
        return self.ruleset._engine.loopy_value(self.position)[1]

    def misere_genus(self) -> str:
        """The misère genus ``g^{γ0γ1…}`` of an impartial position."""
        return self.ruleset._engine.misere(self.position)[0]

    def misere_outcome(self) -> str:
        """The outcome under misère play (the last mover loses)."""
        return self.ruleset._engine.misere(self.position)[2]

    def _options(self) -> List[Tuple[Optional[str], Any]]:
        r = self.ruleset
        sides: List[Tuple[Optional[str], Options]] = [(None, r._left)]
        if r._right is not None:
            sides = [("Left", r._left), ("Right", r._right)]
        return [(player, q) for player, f in sides for q in f(self.position)]

    def moves(self) -> List[RulesetMove]:
        """Every move, with the resulting position (its value computed on
        demand) and whether it wins for its player."""
        return [
            RulesetMove(self, player, self.ruleset.label(self.position, q), q)
            for player, q in self._options()
        ]

    def winning_moves(self) -> List[RulesetMove]:
        """The moves that win for their player."""
        return [m for m in self.moves() if m.winning]

    def __add__(self, other: Summand) -> GameSum:
        return GameSum([self, other])

    def __radd__(self, other: Summand) -> GameSum:
        return GameSum([other, self])

    def __repr__(self) -> str:
        return f"{self.ruleset.name}({self.position!r})"


class RulesetMove:
    """A move of a :class:`RulesetGame`: who makes it, its label, the
    position it leads to, and that position's value."""

    def __init__(
        self, before: RulesetGame, player: Optional[str], label: str, position: Any
    ) -> None:
        self.player = player
        self.label = label
        self.position = position
        self.game = RulesetGame(before.ruleset, position)

    @property
    def value(self) -> Union[int, CGValue, str]:
        """The value of the resulting position."""
        return self.game.value()

    @property
    def outcome(self) -> str:
        """The outcome of the resulting position."""
        return self.game.outcome()

    @property
    def winning(self) -> bool:
        """Whether the move wins for its player: to a P-position (impartial),
        to a loss for the opponent (loopy), to P or the mover's own class
        (partizan)."""
        if self.player is not None and self.game.ruleset.is_loopy:
            sides = self.game.ruleset._engine.loopy_sides(self.position)
            opponent_first = sides[1] if self.player == "Left" else sides[0]
            return opponent_first[0] == "loss"
        outcome = self.game.outcome()
        if self.player is None:
            return outcome in ("P", "loss")
        return outcome in ("P", self.player[0])

    def __repr__(self) -> str:
        """``<Move Left: label -> position>`` with a ``label`` hook, else
        ``<Move from → to>`` (the default label is the move itself).

        >>> import mex
        >>> mex.Ruleset.impartial(lambda n: range(n))(2).moves()
        [<Move 2 → 0>, <Move 2 → 1>]
        """
        player = f"{self.player}: " if self.player else ""
        if self.game.ruleset._label is None:
            return f"<Move {player}{self.label}>"
        return f"<Move {player}{self.label} -> {self.position!r}>"


def _with_remoteness(outcome: str, remoteness: Optional[int]) -> str:
    return outcome if remoteness is None else f"{outcome} in {remoteness}"


def _parts(x: Summand) -> List[Union[RulesetGame, Game]]:
    return list(x.parts) if isinstance(x, GameSum) else [x]


class GameSum:
    """The disjunctive sum of positions of rulesets and of the catalog
    (``r(p) + mex.Game("nim", "3")``): impartial parts add by nim-sum,
    others as canonical forms."""

    def __init__(self, parts: Iterable[Summand]) -> None:
        self.parts: List[Union[RulesetGame, Game]] = [
            p for x in parts for p in _parts(x)
        ]
        for p in self.parts:
            if not isinstance(p, (RulesetGame, Game)):
                raise TypeError(
                    f"a sum adds positions of rulesets and mex.Game, not {type(p).__name__}"
                )
            if isinstance(p, RulesetGame) and p.ruleset.is_loopy:
                raise ValueError(
                    "sums of loopy positions are not supported; add positions of games that end"
                )

    @staticmethod
    def _grundy(p: Union[RulesetGame, Game]) -> Optional[int]:
        if isinstance(p, RulesetGame):
            return None if p.ruleset.is_partizan else p.grundy()
        v = p.value() if p.family == "impartial" else None
        return v if isinstance(v, int) else None

    def grundy(self) -> int:
        """The nim-sum of the parts' Grundy values (impartial parts only)."""
        total = 0
        for p in self.parts:
            g = self._grundy(p)
            if g is None:
                raise ValueError(f"{p!r} is not impartial; use canonical()")
            total ^= g
        return total

    def canonical(self) -> CGValue:
        """The sum of the parts' canonical forms."""
        total = CGValue(0)
        for p in self.parts:
            total = total + p.canonical()
        return total

    def value(self) -> Union[int, CGValue]:
        """The nim-sum when every part is impartial, else the canonical form."""
        if all(self._grundy(p) is not None for p in self.parts):
            return self.grundy()
        return self.canonical()

    def outcome(self) -> str:
        """P or N (impartial parts), else L, R, N or P."""
        v = self.value()
        if isinstance(v, int):
            return "P" if v == 0 else "N"
        return v.outcome()

    def moves(self) -> List[Tuple[int, Union[RulesetMove, Move]]]:
        """Every move: (the index of the part moved in, the part's move)."""
        return [(i, m) for i, p in enumerate(self.parts) for m in p.moves()]

    def __add__(self, other: Summand) -> GameSum:
        return GameSum([self, other])

    def __radd__(self, other: Summand) -> GameSum:
        return GameSum([other, self])

    def __repr__(self) -> str:
        return " + ".join(repr(p) for p in self.parts)


HeapOption = Union[int, Iterable[int]]


class HeapRuleset(Ruleset):
    """A heap ruleset (:meth:`Ruleset.heap`): ``options(n)`` gives each
    option of a heap of ``n`` as the heaps left. ``sequence(n)`` is the nim
    sequence; ``h(3, 5)`` a position of several heaps (a game object);
    ``take_break_code()`` the code of the rule, when it is a take-and-break
    rule; ``period()`` the period proven by that code's octal periodicity
    theorem."""

    def __init__(
        self,
        options: Callable[[int], Iterable[HeapOption]],
        name: Optional[str],
        label: Optional[Label],
        memory: int,
    ) -> None:
        self._heap_options = options
        self._heaps = _mex.HeapEngine(options)
        left = self._position_options
        engine = _mex.RulesetEngine(
            left, None, _heap_components, _heap_key, False, memory
        )
        super().__init__(
            engine, left, None, name or "heap ruleset", label, _heap_components
        )

    def _left_heaps(self, n: int) -> List[Tuple[int, ...]]:
        return [
            (o,) if isinstance(o, int) else tuple(o) for o in self._heap_options(n)
        ]

    def _position_options(self, heaps: Tuple[int, ...]) -> List[Tuple[int, ...]]:
        return [
            heaps[:i] + option + heaps[i + 1:]
            for i, n in enumerate(heaps)
            for option in self._left_heaps(n)
        ]

    def __call__(self, *heaps: Any) -> RulesetGame:
        if len(heaps) == 1 and isinstance(heaps[0], tuple):
            heaps = heaps[0]
        return RulesetGame(self, tuple(heaps))

    def sequence(self, n: int) -> List[int]:
        """The nim values G(0) … G(n−1): G(n) is the MEX of the nim-sums of
        the heaps each option leaves (computed once and kept)."""
        return self._heaps.values(n)

    def _options_as_code_sees(self, n: int) -> List[Tuple[int, ...]]:
        return sorted({tuple(sorted(h for h in o if h)) for o in self._left_heaps(n)})

    def take_break_code(self, heaps: int = 64) -> Optional[str]:
        """The take-and-break code (``0.77``, ``4.07``, ``0.3f``) whose
        options equal the rule's on every heap below ``heaps``, else None:
        each option read as (removed, heaps left) sets the digit of the
        removal, then the code's options are compared with the rule's."""
        digits: Dict[int, int] = {}
        for n in range(heaps):
            for o in self._left_heaps(n):
                left = [h for h in o if h]
                removed = n - sum(left)
                if removed < 0 or len(left) > 3 or (len(left) == 0 and removed != n):
                    return None
                digits[removed] = digits.get(removed, 0) | (1 << len(left))
        if not digits or max(digits) > 64:
            return None
        text = "".join("0123456789abcdef"[digits.get(j, 0)] for j in range(max(digits) + 1))
        code = f"{text[0]}.{text[1:] or '0'}"
        try:
            ok = all(
                _code_options(code, n) == self._options_as_code_sees(n)
                for n in range(heaps)
            )
        except ValueError:
            return None
        return code if ok else None

    def period(
        self, code: Optional[str] = None, max_terms: Optional[int] = None
    ) -> Optional[Dict[str, Any]]:
        """The period of the nim sequence proven by the octal periodicity
        theorem (Guy–Smith) for the take-and-break ``code`` the rule is
        (found by :meth:`take_break_code` when not given): the dict of
        ``mex.octal(code).period()`` with ``rule_checked_up_to``, the heaps
        below which the rule's options were compared equal to the code's —
        every heap the proof's values depend on. None when no period is
        proven; ValueError when the rule is not a take-and-break code."""
        code = code or self.take_break_code()
        if code is None:
            raise ValueError(
                "the rule is not a take-and-break code on heaps below 64; "
                "give code= if it is one, or use sequence()"
            )
        report = _mex.octal(code).period(max_terms)
        if report is None:
            return None
        needed = int(report["certificate"]["values_needed"])
        for n in range(needed):
            if _code_options(code, n) != self._options_as_code_sees(n):
                raise ValueError(
                    f"the rule differs from the code {code} on a heap of {n}"
                )
        if self.sequence(needed) != [int(v) for v in _mex.octal(code).values(needed)]:
            raise ValueError(f"the rule's values differ from the code {code}'s")
        report["rule_checked_up_to"] = needed
        return report

    def misere_quotient(
        self, max_heap: int, outcome: Optional[Iterable[int]] = None
    ) -> Dict[str, Any]:
        """The misère quotient ``Q_N`` of the heaps 1 … ``max_heap``
        (Plambeck and Siegel 2008), as :func:`mex.misere_quotient` reports
        it, with the ``outcome`` ("P" or "N") of that sum of heaps when
        given. When the rule is a take-and-break code on every heap up to
        ``max_heap`` (:meth:`take_break_code`), the code's quotient is
        computed, with its period proof when the periodicity theorem
        applies, and the dict adds ``code`` and ``rule_checked_up_to`` (the
        proof is the code's: the rule was compared with it on those heaps
        only). Otherwise the rule's options are listed up to ``max_heap``
        and no period is claimed (``period`` is None)."""
        if not isinstance(max_heap, int) or not 1 <= max_heap <= _MAX_QUOTIENT_HEAP:
            raise ValueError(
                f"the largest heap of a misère quotient {max_heap!r} is not an int "
                f"from 1 to {_MAX_QUOTIENT_HEAP}; accepted: the largest heap of a "
                f"misère quotient from 1 to {_MAX_QUOTIENT_HEAP}"
            )
        heaps = None if outcome is None else list(outcome)
        code = self.take_break_code(max_heap + 1)
        if code is not None:
            report = _mex.misere_quotient(code, max_heap, outcome=heaps)
            report["code"] = code
            report["rule_checked_up_to"] = max_heap
            return report
        listed = [self._listed_options(n) for n in range(max_heap + 1)]
        return _mex.misere_quotient_of_options(
            self.name, listed, max_heap, outcome=heaps
        )

    def _listed_options(self, n: int) -> List[List[int]]:
        """The options of a heap of ``n`` as the non-empty heaps they leave,
        each checked to be an int from 0 to n − 1."""
        listed = []
        for option in self._left_heaps(n):
            for h in option:
                if not isinstance(h, int) or not 0 <= h < n:
                    raise ValueError(
                        f"options({n}) gave the option {option!r} with the heap {h!r}: "
                        f"heaps left must be ints from 0 to {max(n - 1, 0)}"
                    )
            listed.append([h for h in option if h])
        return listed

    def __repr__(self) -> str:
        return f"<HeapRuleset {self.name!r}>"


# mex_core::heap::misere_quotient::MAX_QUOTIENT_HEAP (a test checks that
# mex.misere_quotient refuses the next heap too): checked before the rule's
# options are listed, so a huge bound is refused at once.
_MAX_QUOTIENT_HEAP = 4096


def _heap_components(heaps: Tuple[int, ...]) -> List[Tuple[int, ...]]:
    return [(h,) for h in heaps if h]


def _heap_key(heaps: Tuple[int, ...]) -> Tuple[int, ...]:
    return tuple(sorted(h for h in heaps if h))


def _code_options(code: str, n: int) -> List[Tuple[int, ...]]:
    return sorted({tuple(o) for o in _mex.take_break_options(code, n)})


# ---------------------------------------------------------------------------
# The playground

MAX_SERVED_POSITIONS = 5000


def _name(text: str) -> str:
    """A graph node name (one word, none of ``: = ; @ #``) from a text."""
    bad = set(":=;@#")
    word = "".join("_" if ch.isspace() or ch in bad else ch for ch in text)
    return word[:48] or "_"


def graph_text(
    ruleset: Ruleset,
    example: Any,
    max_positions: int = MAX_SERVED_POSITIONS,
    show: Optional[Callable[[Any], str]] = None,
) -> str:
    """Every position reachable from ``example``, as the text of the catalog's
    game graphs (``mex value graph``): a node per position (per position and
    player to move, ``/L`` or ``/R``, for a partizan ruleset), named by
    ``show(position)`` (default ``repr``) made one word, then ``@`` the
    example; a move reads ``to NAME``. Refused (``mex.TooLarge``) past
    ``max_positions``.

    >>> import mex
    >>> r = mex.Ruleset.impartial(lambda n: range(n))
    >>> graph_text(r, 2, show=lambda n: f"{n}-left")
    '2-left: 0-left 1-left; 0-left: ; 1-left: 0-left @ 2-left'
    """
    return _graph(ruleset, example, max_positions, show)[0]


def graph_labels(
    ruleset: Ruleset,
    example: Any,
    max_positions: int = MAX_SERVED_POSITIONS,
    show: Optional[Callable[[Any], str]] = None,
) -> Dict[str, str]:
    """The labels of the moves of :func:`graph_text`'s graph given by the
    ruleset's ``label`` hook, keyed ``"FROM TO"`` by the two node names (the
    playground's ``labels=``); empty without a hook.

    >>> import mex
    >>> r = mex.Ruleset.impartial(lambda n: range(n), label=lambda n, m: f"take {n - m}")
    >>> graph_labels(r, 2)
    {'2 0': 'take 2', '2 1': 'take 1', '1 0': 'take 1'}
    """
    return _graph(ruleset, example, max_positions, show)[1]


def _graph(
    ruleset: Ruleset,
    example: Any,
    max_positions: int,
    show: Optional[Callable[[Any], str]],
) -> Tuple[str, Dict[str, str]]:
    """The graph's text and its moves' labels (by the ``label`` hook)."""
    show = show or repr
    labels: Dict[str, str] = {}
    start = (example, None if not ruleset.is_partizan else "L")
    first = _name(show(example)) + ("/L" if ruleset.is_partizan else "")
    names: Dict[Tuple[Any, Optional[str]], str] = {start: first}
    used = {first}
    order = [start]
    moves: Dict[Tuple[Any, Optional[str]], List[Tuple[Any, Optional[str]]]] = {}
    for node in order:
        position, side = node
        f = ruleset._left if side in (None, "L") else ruleset._right
        assert f is not None
        nxt = None if side is None else ("R" if side == "L" else "L")
        moves[node] = []
        for q in f(position):
            child = (q, nxt)
            if child not in names:
                if len(names) >= max_positions:
                    raise _mex.TooLarge(
                        f"the positions reachable from the example exceed {max_positions}; "
                        "serve a smaller example or pass max_positions="
                    )
                base = _name(show(q))
                if nxt is not None:
                    base = f"{base}/{nxt}"
                name, k = base, 1
                while name in used:
                    k += 1
                    name = f"{base}~{k}"
                names[child] = name
                used.add(name)
                order.append(child)
            moves[node].append(child)
            edge = f"{names[node]} {names[child]}"
            if ruleset._label is not None and edge not in labels:
                labels[edge] = ruleset.label(position, q)
    statements = [
        f"{names[n]}: " + " ".join(dict.fromkeys(names[c] for c in moves[n])) for n in order
    ]
    return "; ".join(statements) + f" @ {first}", labels


class Playground:
    """A running playground (``mex serve``) showing a Python ruleset's game:
    ``url`` is the page with the game in it; ``stop()`` ends the server."""

    def __init__(self, process: Any, base: str, url: str) -> None:
        self.process = process
        self.base = base
        self.url = url

    def stop(self) -> None:
        """Stops the server."""
        self.process.terminate()
        self.process.wait()

    def __repr__(self) -> str:
        return f"<Playground {self.url[:80]}>"


def serve(
    ruleset: Ruleset,
    example: Any,
    *,
    addr: str = "127.0.0.1:0",
    mex_bin: Optional[str] = None,
    open_browser: bool = True,
    max_positions: int = MAX_SERVED_POSITIONS,
    show: Optional[Callable[[Any], str]] = None,
) -> Playground:
    """Opens the playground with the ruleset's game from ``example``: every
    reachable position is evaluated here (within ``max_positions``) and
    served as a game graph (:func:`graph_text`), played against the perfect
    computer, each move listed with the ruleset's ``label`` hook
    (:func:`graph_labels`, sent as the page's ``labels=``), else as ``to``
    the position it leads to, named by ``show`` (default ``repr``). Runs the ``mex`` binary
    (``mex_bin``, else ``$MEX_BIN``, else ``mex`` on the PATH) as ``mex serve
    --addr ADDR`` and returns a :class:`Playground`."""
    import os
    import subprocess
    import urllib.parse
    import webbrowser

    import json

    text, labels = _graph(ruleset, example, max_positions, show)
    binary = mex_bin or os.environ.get("MEX_BIN") or "mex"
    process = subprocess.Popen(
        [binary, "serve", "--addr", addr],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if "http://" not in line:
        process.kill()
        raise RuntimeError(f"mex serve did not start: {line.strip()!r}")
    base = line[line.index("http://"):].split()[0]
    params = {"game": "graph", "position": text}
    if labels:
        params["labels"] = json.dumps(labels, ensure_ascii=False)
    query = urllib.parse.urlencode(params)
    url = f"{base}?{query}"
    if open_browser:
        webbrowser.open(url)
    return Playground(process, base, url)
