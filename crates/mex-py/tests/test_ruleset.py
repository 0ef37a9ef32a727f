"""Rulesets written in Python (issue 26), checked against the games built
into mex and against the definitions computed here in plain Python (the slow
twins): Domineering's canonical forms on every board of at most 12 cells,
Kayles' nim sequence (0.77), Nim's nim-sums, misère genera against `mex value
kayles --misere`, loopy values against the catalog's game graphs; errors in
callbacks, garbage answers and budgets."""

from __future__ import annotations

import ast
import os
import random
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mex
from boards import Board, Cell, regions


# ---------------------------------------------------------------------------
# Domineering, as a user would write it


def dominoes(board: Board, step: Cell) -> Iterator[Board]:
    for r, c in board:
        other = (r + step[0], c + step[1])
        if other in board:
            yield board - {(r, c), other}


def domineering(components: bool = False) -> mex.Ruleset:
    return mex.Ruleset.partizan(
        lambda b: dominoes(b, (1, 0)),
        lambda b: dominoes(b, (0, 1)),
        components=regions if components else None,
        name="Domineering",
    )


def board_text(rows: int, cols: int, board: Board) -> str:
    return "|".join(
        "".join("." if (r, c) in board else "#" for c in range(cols)) for r in range(rows)
    )


def boards(rows: int, cols: int) -> Iterator[Board]:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for mask in range(1 << len(cells)):
        yield frozenset(cell for i, cell in enumerate(cells) if mask >> i & 1)


# Every rectangle of at most 12 cells lies in one of these, so every board
# of at most 12 cells (in a rectangle of at most 12) is one of their masks.
MAXIMAL_RECTANGLES = [(1, 12), (2, 6), (3, 4), (4, 3), (6, 2), (12, 1)]


@pytest.mark.parametrize("rows,cols", MAXIMAL_RECTANGLES)
def test_python_domineering_equals_the_builtin_on_every_board_up_to_12_cells(
    rows: int, cols: int
) -> None:
    python = domineering()
    split = domineering(components=True)
    for board in boards(rows, cols):
        builtin = mex.Game("domineering", board_text(rows, cols, board)).canonical()
        assert python(board).canonical() == builtin, board
        assert split(board).canonical() == builtin, board
        assert python(board).outcome() == builtin.outcome()


def test_the_canonical_form_is_built_as_the_definition_builds_it() -> None:
    """Slow twin: the canonical form of {left options | right options} from
    CGValue.from_options, recursively, on random small partizan DAGs."""
    rng = random.Random(7)
    for _ in range(30):
        n = 12
        left = {v: [w for w in range(v) if rng.random() < 0.3] for v in range(n)}
        right = {v: [w for w in range(v) if rng.random() < 0.3] for v in range(n)}

        @lru_cache(maxsize=None)
        def by_definition(v: int) -> mex.CGValue:
            return mex.CGValue.from_options(
                [by_definition(w) for w in left[v]], [by_definition(w) for w in right[v]]
            )

        r = mex.Ruleset.partizan(left.__getitem__, right.__getitem__)
        for v in range(n):
            assert r(v).canonical() == by_definition(v)


# ---------------------------------------------------------------------------
# Kayles and Nim


def kayles_rows(rows: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for a in range(n - take + 1):
                parts = tuple(h for h in (a, n - take - a) if h)
                yield tuple(sorted(rest + parts))


def kayles_heap(n: int) -> List[Tuple[int, int]]:
    return [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]


def test_python_kayles_gives_the_sequence_of_0_77() -> None:
    want = mex.octal("0.77").values(300).tolist()
    K = mex.Ruleset.impartial(kayles_rows, components=lambda p: [(n,) for n in p])
    assert [K((n,)).grundy() for n in range(300)] == want
    H = mex.Ruleset.heap(kayles_heap, name="Kayles")
    assert H.sequence(300) == want
    assert [H(n).grundy() for n in range(40)] == want[:40]
    assert H.take_break_code() == "0.77"
    p = H.period()
    assert p is not None
    assert (p["preperiod"], p["period"]) == (71, 12)
    assert p["rule_checked_up_to"] == p["certificate"]["values_needed"]


def test_heap_rulesets_that_are_not_codes_are_said_so() -> None:
    # Subtraction of squares is not a finite take-and-break code.
    squares = mex.Ruleset.heap(lambda n: [n - k * k for k in range(1, n + 1) if k * k <= n])
    assert squares.take_break_code() is None
    with pytest.raises(ValueError, match="not a take-and-break code"):
        squares.period()
    # Its P-positions (OEIS A030193 starts 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34).
    seq = squares.sequence(40)
    assert [n for n, g in enumerate(seq) if g == 0][:11] == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34]
    # A code given that the rule is not is refused.
    grundy = mex.Ruleset.heap(lambda n: [(a, n - a) for a in range(1, n) if 2 * a < n])
    assert grundy.take_break_code() is None
    with pytest.raises(ValueError):
        grundy.period(code="0.77")


def test_grundys_game_and_a_hexadecimal_code() -> None:
    g = mex.Ruleset.heap(lambda n: [(a, n - a) for a in range(1, n) if 2 * a < n])
    assert g.sequence(200) == mex.octal("4.0u").values(200).tolist()
    three = mex.Ruleset.heap(
        lambda n: [(a, b, n - 1 - a - b) for a in range(n) for b in range(n - a)]
    )  # remove 1, leave up to three heaps: digit 1 = 1+2+4+8 = f
    assert three.take_break_code() == "0.f"
    assert three.sequence(60) == mex.octal("0.f").values(60).tolist()


def nim_options(heaps: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
    for i, h in enumerate(heaps):
        for k in range(h):
            yield heaps[:i] + (k,) + heaps[i + 1:]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=0, max_size=4))
def test_python_nim_gives_nim_sums(heaps: List[int]) -> None:
    plain = mex.Ruleset.impartial(nim_options)
    keyed = mex.Ruleset.impartial(nim_options, key=lambda h: tuple(sorted(x for x in h if x)))
    want = 0
    for h in heaps:
        want ^= h
    assert plain(tuple(heaps)).grundy() == want
    assert keyed(tuple(heaps)).grundy() == want
    assert keyed(tuple(heaps)).outcome() == ("P" if want == 0 else "N")
    catalog = mex.Nim(heaps) if heaps else None
    if catalog is not None:
        ours = sorted(m.position for m in plain(tuple(heaps)).winning_moves())
        theirs = sorted(tuple(int(x) for x in m.position.split(",")) for m in catalog.winning_moves())
        assert ours == theirs


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_grundy_values_are_the_mex_by_definition(data: st.DataObject) -> None:
    """Slow twin: the Sprague–Grundy recursion in Python, on random DAGs
    with random components."""
    n = data.draw(st.integers(1, 25))
    succ = {v: data.draw(st.lists(st.integers(0, max(v - 1, 0)), max_size=4)) if v else [] for v in range(n)}

    @lru_cache(maxsize=None)
    def g(v: int) -> int:
        values = {g(w) for w in succ[v]}
        return next(k for k in range(len(values) + 1) if k not in values)

    r = mex.Ruleset.impartial(lambda v: succ[v])
    assert [r(v).grundy() for v in range(n)] == [g(v) for v in range(n)]
    # Sums of several vertices, split by components; options move in one part.
    def sum_options(p: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
        for i, v in enumerate(p):
            for w in succ[v]:
                yield tuple(sorted(p[:i] + (w,) + p[i + 1:]))
    s = mex.Ruleset.impartial(sum_options, components=lambda p: [(v,) for v in p])
    t = mex.Ruleset.impartial(sum_options)
    p = tuple(sorted(data.draw(st.lists(st.integers(0, n - 1), max_size=3))))
    want = 0
    for v in p:
        want ^= g(v)
    assert s(p).grundy() == want == t(p).grundy()


def test_misere_genus_agrees_with_the_catalogs_kayles(cli: Callable[..., Any]) -> None:
    K = mex.Ruleset.impartial(kayles_rows, components=lambda p: [(n,) for n in p])
    for rows in [(1,), (2,), (3,), (4,), (5,), (2, 3), (1, 1), (1, 4, 4), (6,), (7,), (3, 5)]:
        report = cli("value", "kayles", " ".join("I" * n for n in rows), "--misere")
        assert K(rows).misere_genus() == report["genus"], rows
        assert K(rows).misere_outcome() == report["outcome"], rows


# ---------------------------------------------------------------------------
# Loopy rulesets


def test_loopy_values_agree_with_the_catalogs_game_graphs() -> None:
    rng = random.Random(3)
    for _ in range(40):
        n = rng.randint(1, 9)
        succ = {v: sorted(rng.sample(range(n), rng.randint(0, min(3, n)))) for v in range(n)}
        text = "; ".join(f"v{v}: " + " ".join(f"v{w}" for w in succ[v]) for v in range(n))
        r = mex.Ruleset.impartial(lambda v: succ[v], loopy=True)
        for v in range(n):
            want = mex.Game("graph", f"{text} @ v{v}")
            assert r(v).value() == want.value(), (text, v)
            assert r(v).outcome() == want.outcome()
            assert r(v).remoteness() == want.remoteness()


def test_a_game_that_never_ends_needs_loopy() -> None:
    r = mex.Ruleset.impartial(lambda n: [(n + 1) % 5])
    with pytest.raises(ValueError, match="loopy=True"):
        r(0).grundy()
    # The ruleset stays usable and consistent.
    with pytest.raises(ValueError, match="loopy=True"):
        r(3).outcome()
    assert mex.Ruleset.impartial(lambda n: [(n + 1) % 5], loopy=True)(0).value() == "draw"
    # Components that do not get simpler are a cycle too.
    c = mex.Ruleset.impartial(lambda p: [], components=lambda p: [p, p])
    with pytest.raises(ValueError, match="reached again"):
        c("x").grundy()


# ---------------------------------------------------------------------------
# Errors and garbage


class Boom(Exception):
    pass


def test_an_exception_in_a_callback_reaches_the_caller_unchanged() -> None:
    raised: List[BaseException] = []
    fail = {"on": True}

    def options(n: int) -> List[int]:
        if n == 3 and fail["on"]:
            e = Boom("no options for 3")
            raised.append(e)
            raise e
        return list(range(n))

    r = mex.Ruleset.impartial(options)
    with pytest.raises(Boom) as info:
        r(6).grundy()
    assert info.value is raised[0]
    # Nothing half-computed: once the callback works, the values are right.
    fail["on"] = False
    assert [r(n).grundy() for n in range(8)] == list(range(8))
    assert r(6).misere_genus() == mex.Ruleset.impartial(lambda n: range(n))(6).misere_genus()


def test_an_exception_while_iterating_the_options_propagates() -> None:
    def options(n: int) -> Iterator[int]:
        yield 0
        raise KeyError("half way")

    with pytest.raises(KeyError, match="half way"):
        mex.Ruleset.impartial(options)(2).grundy()
    err = ZeroDivisionError("in a partizan key")

    def key(p: int) -> int:
        if p == 1:
            raise err
        return p

    d = mex.Ruleset.partizan(lambda n: range(n), lambda n: [], key=key)
    with pytest.raises(ZeroDivisionError) as info:
        d(3).canonical()
    assert info.value is err


@pytest.mark.parametrize(
    "options,kind,message",
    [
        (lambda p: 5, TypeError, "not an iterable of positions"),
        (lambda p: [[1, 2]], TypeError, "not hashable"),
        (lambda p: None, TypeError, "not an iterable"),
    ],
)
def test_garbage_answers_get_a_clear_error(
    options: Callable[[Any], Any], kind: type, message: str
) -> None:
    with pytest.raises(kind, match=message):
        mex.Ruleset.impartial(options)((1,)).grundy()


def test_garbage_messages_name_the_callback_and_the_value() -> None:
    with pytest.raises(TypeError, match=r"options\(\(1,\)\) gave \[1, 2\] \(list\), which is not hashable"):
        mex.Ruleset.impartial(lambda p: [[1, 2]])((1,)).grundy()
    with pytest.raises(TypeError, match=r"the ruleset was given \[1\] \(list\), which is not hashable"):
        mex.Ruleset.impartial(lambda p: [])([1]).grundy()
    with pytest.raises(TypeError, match=r"right\(3\) returned 7 \(int\), not an iterable"):
        mex.Ruleset.partizan(lambda n: [], lambda n: 7)(3).canonical()  # type: ignore[arg-type,return-value]


def test_garbage_heap_options_get_a_clear_error() -> None:
    with pytest.raises(ValueError, match="heaps left must be ints from 0 to 2"):
        mex.Ruleset.heap(lambda n: [n] if n == 3 else []).sequence(5)
    with pytest.raises(TypeError, match="not an iterable of options"):
        mex.Ruleset.heap(lambda n: 3).sequence(2)  # type: ignore[arg-type,return-value]
    with pytest.raises(TypeError, match="must be a function"):
        mex.Ruleset.impartial(42)  # type: ignore[arg-type]


def test_the_memory_of_the_positions_is_bounded() -> None:
    r = mex.Ruleset.impartial(lambda n: range(n), memory=100 * 1000)
    assert r(50).grundy() == 50
    with pytest.raises(mex.TooLarge, match="memory budget of 100000 bytes"):
        r(500).grundy()
    r.clear()
    assert r(60).grundy() == 60


def test_a_callback_that_uses_its_own_ruleset_is_refused() -> None:
    holder: Dict[str, mex.Ruleset] = {}

    def options(n: int) -> List[int]:
        if n == 2:
            holder["r"](1).grundy()
        return list(range(n))

    holder["r"] = mex.Ruleset.impartial(options)
    with pytest.raises(RuntimeError, match="callbacks must only compute options"):
        holder["r"](3).grundy()


def test_deep_games_do_not_overflow() -> None:
    r = mex.Ruleset.impartial(lambda n: [n - 1] if n else [])
    assert r(200_000).grundy() == 0
    p = mex.Ruleset.partizan(lambda n: [n - 1] if n else [], lambda n: [])
    assert str(p(2000).canonical()) == "2000"


# ---------------------------------------------------------------------------
# Moves, labels and sums


def test_partizan_moves_and_labels() -> None:
    D = mex.Ruleset.partizan(
        lambda b: dominoes(b, (1, 0)),
        lambda b: dominoes(b, (0, 1)),
        label=lambda b, o: ",".join(f"{r}{c}" for r, c in sorted(b - o)),
    )
    board = frozenset((r, c) for r in range(2) for c in range(3))
    game = D(board)
    moves = game.moves()
    builtin = mex.Game("domineering", "2x3").moves()
    assert sorted((m.player, m.winning) for m in moves) == sorted(
        (m.player, m.winning) for m in builtin
    )
    assert {m.label for m in moves if m.player == "Left"} == {"00,10", "01,11", "02,12"}
    for m in moves:
        assert m.value == m.game.canonical()


def test_a_move_without_a_label_hook_shows_where_it_goes_from_and_to() -> None:
    """Issue 39, item 19: the default label is the move, "X → Y", not the
    resulting position twice."""
    sub = mex.Ruleset.impartial(lambda n: [n - k for k in (1, 2) if k <= n])
    moves = sub(3).moves()
    assert [m.label for m in moves] == ["3 → 2", "3 → 1"]
    assert [repr(m) for m in moves] == ["<Move 3 → 2>", "<Move 3 → 1>"]
    cut = mex.Ruleset.partizan(lambda n: range(n), lambda n: [])
    assert repr(cut(1).moves()[0]) == "<Move Left: 1 → 0>"
    named = mex.Ruleset.impartial(lambda n: range(n), label=lambda p, q: f"take {p - q}")
    assert repr(named(1).moves()[0]) == "<Move take 1 -> 0>"


def test_sums_with_catalog_games() -> None:
    K = mex.Ruleset.heap(kayles_heap)
    nim3 = mex.Game("nim", "3")
    s = K(3) + nim3
    assert s.value() == 0 and s.outcome() == "P"
    assert (nim3 + K(4)).value() == 3 ^ 1
    assert (K(4) + K(5) + nim3).grundy() == 1 ^ 4 ^ 3
    D = domineering()
    board = frozenset((r, c) for r in range(2) for c in range(2))
    up = mex.Game("expression", "^")
    total = D(board) + up + K(1)
    assert total.value() == mex.CGValue("{1|-1} + ^ + *")
    assert len(total.moves()) == len(D(board).moves()) + len(up.moves()) + 1
    with pytest.raises(ValueError, match="loopy"):
        K(1) + mex.Ruleset.impartial(lambda v: [v], loopy=True)(0)


def test_values_are_kept_between_calls() -> None:
    calls: List[Any] = []

    def options(n: int) -> range:
        calls.append(n)
        return range(n)

    r = mex.Ruleset.impartial(options)
    assert r(30).grundy() == 30
    first = len(calls)
    assert first == 31 == r.callbacks() and r.positions() == 31
    assert r(30).grundy() == 30 and r(20).outcome() == "N"
    assert len(calls) == first  # one call per position, ever
    r.clear()
    assert r.positions() == 0


# ---------------------------------------------------------------------------
# The notebook of three games (examples/python_rulesets.ipynb)

NOTEBOOK = Path(__file__).resolve().parents[3] / "examples" / "python_rulesets.ipynb"


def _plain(cell: Dict[str, Any]) -> List[str]:
    out = []
    for o in cell.get("outputs", []):
        assert o["output_type"] != "error", o
        data = o.get("data", {}).get("text/plain", "")
        out.append("".join(data) if isinstance(data, list) else data)
    return out


def test_the_rulesets_notebook_runs_and_shows_its_results() -> None:
    if os.environ.get("CI"):
        import nbclient
        import nbformat
    else:
        nbclient = pytest.importorskip("nbclient")
        nbformat = pytest.importorskip("nbformat")
    stored = nbformat.read(NOTEBOOK, as_version=4)  # type: ignore[no-untyped-call]
    nb = nbformat.read(NOTEBOOK, as_version=4)  # type: ignore[no-untyped-call]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outs = [_plain(c) for c in nb.cells if c.cell_type == "code"]
    # Chomp: every rectangle but the poison alone is won by the first player.
    table = ast.literal_eval(outs[0][0])
    assert table[0][0] == "P" and all(o == "N" for row in table for o in row[1:])
    # Node Kayles on paths is Dawson's Kayles, 0.137.
    assert outs[3][0].startswith("(True, [0, 1, 1, 2, 0, 3")
    # Alquerkonane: the values Busser names (integers, fractions, star, up).
    assert "'^'" in outs[7][0] and "'1/2'" in outs[7][0]
    assert [_plain(c) for c in stored.cells] == [_plain(c) for c in nb.cells]


def test_the_playground_serves_a_python_game(mex_bin: Path) -> None:
    import json
    import urllib.parse
    import urllib.request

    chomp = mex.Ruleset.impartial(
        lambda rows: (
            tuple(x for x in (min(l, c) if i >= r else l for i, l in enumerate(rows)) if x)
            for r, length in enumerate(rows)
            for c in range(length)
            if (r, c) != (0, 0)
        )
    )
    text = mex.ruleset.graph_text(chomp, (3, 3))
    pg = mex.serve(chomp, (3, 3), mex_bin=str(mex_bin), open_browser=False)
    try:
        assert pg.url.startswith(pg.base) and "game=graph" in pg.url
        query = urllib.parse.urlencode({"game": "graph", "position": text})
        with urllib.request.urlopen(pg.base + "api/value?" + query, timeout=30) as f:
            value = json.load(f)
        assert value["outcome"] == "win"  # as chomp((3, 3)) is an N-position
        assert chomp((3, 3)).outcome() == "N"
        with urllib.request.urlopen(pg.base + "api/moves?" + query, timeout=30) as f:
            moves = json.load(f)["moves"]
        assert sorted(m["label"] for m in moves) == sorted(
            f"to {mex.ruleset._name(repr(m.position))}" for m in chomp((3, 3)).moves()
        )
        winning = {m["label"] for m in moves if m["winning"]}
        assert winning == {
            f"to {mex.ruleset._name(repr(m.position))}" for m in chomp((3, 3)).winning_moves()
        }
    finally:
        pg.stop()
    with pytest.raises(mex.TooLarge):
        mex.ruleset.graph_text(chomp, (6, 6, 6, 6), max_positions=50)
