"""The pruned nimber search for one position of a Python ruleset
(`r(p).grundy(search="pruned")`, the default when the ruleset gives
components): the same Grundy values and outcomes as the full engine
(`search="full"`, every reachable position collected first) and as the
definition computed here in plain Python, on random rulesets (hypothesis),
on Python Kayles (the sequence of 0.77) and on Python Cram against the
catalog's; fewer positions asked of Python; cycles, exceptions and budgets;
the playground's move labels; loopy partizan rulesets against the catalog's
game graphs and against the outcome classes of games that end."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mex
from boards import Board, Cell, regions


def mex_of(values: List[int]) -> int:
    g = 0
    while g in values:
        g += 1
    return g


# ---------------------------------------------------------------------------
# Random rulesets: tokens on a random acyclic graph


def token_game(succ: Dict[int, List[int]]) -> Tuple[mex.Ruleset, mex.Ruleset]:
    """Tokens on the vertices of a graph whose edges go to smaller vertices:
    a move slides one token along an edge; a position (a sorted tuple of
    vertices) is the sum of its tokens. The same rules with components and
    without."""

    def options(tokens: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
        for i, v in enumerate(tokens):
            for w in succ[v]:
                yield tuple(sorted(tokens[:i] + (w,) + tokens[i + 1:]))

    def components(tokens: Tuple[int, ...]) -> List[Tuple[int, ...]]:
        return [(v,) for v in tokens]

    return (
        mex.Ruleset.impartial(options, components=components),
        mex.Ruleset.impartial(options),
    )


def grundy_by_definition(succ: Dict[int, List[int]], tokens: Tuple[int, ...]) -> int:
    @lru_cache(maxsize=None)
    def vertex(v: int) -> int:
        return mex_of([vertex(w) for w in succ[v]])

    total = 0
    for v in tokens:
        total ^= vertex(v)
    return total


@st.composite
def graphs(draw: st.DrawFn) -> Dict[int, List[int]]:
    n = draw(st.integers(1, 14))
    return {
        v: sorted(set(draw(st.lists(st.integers(0, v - 1), max_size=4)))) if v else []
        for v in range(n)
    }


@settings(max_examples=60, deadline=None)
@given(graphs(), st.data())
def test_pruned_search_agrees_with_the_full_engine_on_random_rulesets(
    succ: Dict[int, List[int]], data: st.DataObject
) -> None:
    with_parts, without = token_game(succ)
    for _ in range(4):
        tokens = tuple(sorted(data.draw(st.lists(st.sampled_from(sorted(succ)), max_size=4))))
        want = grundy_by_definition(succ, tokens)
        for r in (with_parts, without):
            assert r(tokens).grundy(search="pruned") == want, (succ, tokens)
            assert r(tokens).grundy(search="full") == want
            assert r(tokens).outcome(search="pruned") == ("P" if want == 0 else "N")
        fresh, _ = token_game(succ)
        assert fresh(tokens).outcome() == ("P" if want == 0 else "N")  # pruned: the default
        assert fresh(tokens).grundy() == want


# ---------------------------------------------------------------------------
# Kayles and Cram as a user would write them


def kayles() -> mex.Ruleset:
    def options(rows: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
        for i, n in enumerate(rows):
            rest = rows[:i] + rows[i + 1:]
            for take in (1, 2):
                for left in range(n - take + 1):
                    parts = (left, n - take - left)
                    yield tuple(sorted(rest + tuple(h for h in parts if h)))

    return mex.Ruleset.impartial(options, components=lambda rows: [(n,) for n in rows])


def test_python_kayles_by_the_pruned_search_gives_the_sequence_of_0_77() -> None:
    want = [int(v) for v in mex.octal("0.77").values(40)]
    K = kayles()
    assert [K((n,)).grundy() for n in range(40)] == want
    assert [kayles()((n,)).grundy(search="pruned") for n in range(40)] == want
    K = kayles()
    for n in range(25):
        assert K((n, 3, 7)).outcome() == ("P" if want[n] ^ want[3] ^ want[7] == 0 else "N")


def cram() -> mex.Ruleset:
    def options(board: Board) -> Iterator[Board]:
        for r, c in board:
            for other in ((r + 1, c), (r, c + 1)):
                if other in board:
                    yield board - {(r, c), other}

    return mex.Ruleset.impartial(options, components=regions, name="Cram")


def rectangle(rows: int, cols: int) -> Board:
    return frozenset((r, c) for r in range(rows) for c in range(cols))


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 5), (3, 3), (3, 4), (3, 5), (4, 4)])
def test_python_cram_agrees_with_the_catalog(rows: int, cols: int) -> None:
    want = mex.Game("cram", f"{rows}x{cols}").value()
    board = rectangle(rows, cols)
    pruned = cram()
    assert pruned(board).grundy(search="pruned") == want
    assert pruned(board).outcome(search="pruned") == ("P" if want == 0 else "N")
    full = cram()
    assert full(board).grundy(search="full") == want
    # The pruned search asks Python about fewer positions.
    assert pruned.callbacks() <= full.callbacks()


def test_the_pruned_search_leaves_most_positions_unasked() -> None:
    board = rectangle(4, 4)
    p, f = cram(), cram()
    assert p(board).outcome(search="pruned") == f(board).outcome(search="full") == "P"
    assert p.expanded() > 0 and f.expanded() == 0
    assert 2 * p.callbacks() < f.callbacks(), (p.callbacks(), f.callbacks())


def test_values_found_are_kept_for_the_full_engine() -> None:
    K = kayles()
    assert K((9,)).grundy(search="pruned") == 4
    calls = K.callbacks()
    assert K((9,)).grundy(search="pruned") == 4
    assert K.callbacks() == calls  # asked once per position, ever
    assert K((9,)).grundy(search="full") == 4
    assert K((9,)).misere_genus() == kayles()((9,)).misere_genus()


# ---------------------------------------------------------------------------
# Cycles, exceptions, budgets


def test_a_cycle_on_the_search_path_is_a_value_error() -> None:
    short = mex.Ruleset.impartial(lambda n: [(n + 1) % 5])
    with pytest.raises(ValueError, match="loopy=True"):
        short(0).grundy(search="pruned")
    with pytest.raises(ValueError, match="loopy=True"):
        short(0).outcome(search="pruned")
    # A cycle longer than the search's recursion (found by its deep guard).
    long = mex.Ruleset.impartial(lambda n: [n - 1] if n else [3000])
    with pytest.raises(ValueError, match="reached again"):
        long(3000).grundy(search="pruned")
    # Components: a position among its own is a cycle too.
    selfish = mex.Ruleset.impartial(lambda p: [], components=lambda p: [p, p])
    with pytest.raises(ValueError, match="reached again"):
        selfish("x").grundy()
    # Through a component's options.
    looping = mex.Ruleset.impartial(
        lambda p: [("a", "b")] if p == "a" else [], components=lambda p: list(p) if len(p) > 1 else []
    )
    with pytest.raises(ValueError, match="reached again"):
        looping("a").grundy()


def test_deep_acyclic_games_are_searched() -> None:
    chain = mex.Ruleset.impartial(lambda n: [n - 1] if n else [], components=lambda n: [])
    assert chain(5001).grundy() == 1
    assert chain(5000).outcome() == "P"


class Boom(Exception):
    pass


def test_an_exception_reaches_the_caller_unchanged_and_nothing_is_half_computed() -> None:
    raised: List[BaseException] = []
    fail = {"on": True}

    def options(rows: Tuple[int, ...]) -> List[Tuple[int, ...]]:
        if rows == (3,) and fail["on"]:
            e = Boom("no options for (3,)")
            raised.append(e)
            raise e
        return [
            tuple(sorted(rows[:i] + rows[i + 1:] + tuple(h for h in (a, n - t - a) if h)))
            for i, n in enumerate(rows)
            for t in (1, 2)
            for a in range(n - t + 1)
        ]

    K = mex.Ruleset.impartial(options, components=lambda rows: [(n,) for n in rows])
    with pytest.raises(Boom) as info:
        K((8,)).grundy()
    assert info.value is raised[0] and len(raised) == 1
    fail["on"] = False
    want = [int(v) for v in mex.octal("0.77").values(12)]
    assert [K((n,)).grundy() for n in range(12)] == want
    assert [K((n,)).grundy(search="full") for n in range(12)] == want


def test_garbage_answers_and_budgets() -> None:
    r = mex.Ruleset.impartial(lambda n: [[1]] if n == 2 else range(n), components=lambda n: [])
    with pytest.raises(TypeError, match="not hashable"):
        r(3).grundy()
    small = mex.Ruleset.impartial(lambda n: range(n), components=lambda n: [], memory=100 * 1000)
    assert small(50).grundy() == 50
    with pytest.raises(mex.TooLarge, match="memory budget of 100000 bytes"):
        small(500).grundy()
    small.clear()
    assert small(60).grundy() == 60


def test_search_names_are_checked_and_partizan_rulesets_use_their_engine() -> None:
    K = kayles()
    with pytest.raises(ValueError, match="accepted: pruned, full"):
        K((3,)).grundy(search="fast")
    cut = mex.Ruleset.partizan(lambda n: range(n), lambda n: [], components=lambda n: [])
    assert cut(3).outcome() == "L"
    loop = mex.Ruleset.impartial(lambda v: [v], loopy=True, components=lambda v: [])
    assert loop(0).outcome() == "draw"


# ---------------------------------------------------------------------------
# The playground lists moves with the label hook


def test_the_playground_lists_moves_with_the_label_hook(mex_bin: Path) -> None:
    import json
    import urllib.error
    import urllib.parse
    import urllib.request

    def take(n: int) -> List[int]:
        return [n - k for k in (1, 2) if k <= n]

    game = mex.Ruleset.impartial(take, label=lambda n, m: f"take {n - m} of {n}")
    text = mex.ruleset.graph_text(game, 5)
    labels = mex.ruleset.graph_labels(game, 5)
    assert labels["5 3"] == "take 2 of 5" and len(labels) == 9
    pg = mex.serve(game, 5, mex_bin=str(mex_bin), open_browser=False)
    try:
        assert "labels=" in pg.url
        for node in ("5", "4", "1"):
            at = text.rsplit("@", 1)[0] + f"@ {node}"
            query = urllib.parse.urlencode(
                {"game": "graph", "position": at, "labels": json.dumps(labels)}
            )
            with urllib.request.urlopen(pg.base + "api/moves?" + query, timeout=30) as f:
                moves = json.load(f)["moves"]
            want = {m.label: m.winning for m in game(int(node)).moves()}
            assert {m["label"]: m["winning"] for m in moves} == want
            with urllib.request.urlopen(pg.base + "api/best?" + query, timeout=30) as f:
                best = json.load(f)
            assert best["move"]["label"] in want
        # Without the map the graph's own labels; a bad map is a 400.
        query = urllib.parse.urlencode({"game": "graph", "position": text})
        with urllib.request.urlopen(pg.base + "api/moves?" + query, timeout=30) as f:
            assert {m["label"] for m in json.load(f)["moves"]} == {"to 4", "to 3"}
        bad = urllib.parse.urlencode({"game": "graph", "position": text, "labels": "[1]"})
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(pg.base + "api/moves?" + bad, timeout=30)
        assert info.value.code == 400
    finally:
        pg.stop()
    # Without a label hook, no map is sent.
    plain = mex.Ruleset.impartial(take)
    assert mex.ruleset.graph_labels(plain, 5) == {}


# ---------------------------------------------------------------------------
# Loopy partizan rulesets


@st.composite
def partizan_graphs(draw: st.DrawFn, acyclic: bool) -> Tuple[Dict[int, List[int]], Dict[int, List[int]]]:
    n = draw(st.integers(1, 8))

    def succ(v: int) -> List[int]:
        pool = st.integers(0, v - 1) if acyclic else st.integers(0, n - 1)
        if acyclic and v == 0:
            return []
        return sorted(set(draw(st.lists(pool, max_size=3))))

    return {v: succ(v) for v in range(n)}, {v: succ(v) for v in range(n)}


@settings(max_examples=60, deadline=None)
@given(partizan_graphs(acyclic=False))
def test_loopy_partizan_values_agree_with_the_catalogs_game_graphs(
    graph: Tuple[Dict[int, List[int]], Dict[int, List[int]]]
) -> None:
    left, right = graph
    r = mex.Ruleset.partizan(lambda v: left[v], lambda v: right[v], loopy=True)
    # The game graph of (vertex, player to move), written here.
    text = "; ".join(
        f"v{v}L: " + " ".join(f"v{c}R" for c in left[v]) + f"; v{v}R: " + " ".join(f"v{c}L" for c in right[v])
        for v in left
    )
    for v in left:
        want = [mex.Game("graph", f"{text} @ v{v}{side}").value() for side in "LR"]
        assert r(v).value() == f"Left first: {want[0]}, Right first: {want[1]}"


@settings(max_examples=60, deadline=None)
@given(partizan_graphs(acyclic=True))
def test_loopy_partizan_outcomes_of_games_that_end_are_their_classes(
    graph: Tuple[Dict[int, List[int]], Dict[int, List[int]]]
) -> None:
    left, right = graph
    loopy = mex.Ruleset.partizan(lambda v: left[v], lambda v: right[v], loopy=True)
    plain = mex.Ruleset.partizan(lambda v: left[v], lambda v: right[v])
    for v in left:
        assert loopy(v).outcome() == plain(v).outcome()
        for m in loopy(v).moves():
            assert m.winning == next(p.winning for p in plain(v).moves() if p.position == m.position and p.player == m.player)
