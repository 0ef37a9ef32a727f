"""The public namespace of each module of the package holds only mex's own
names: what `__all__` lists, nothing imported along the way (`List`,
`Optional`, `annotations` once leaked into `dir(mex)`)."""

from __future__ import annotations

from types import ModuleType

import pytest

import mex
import mex.ssc
import mex.pictures


@pytest.mark.parametrize("module", [mex, mex.ssc, mex.pictures], ids=lambda m: m.__name__)
def test_public_names_are_exactly_all(module: ModuleType) -> None:
    public = {name for name in dir(module) if not name.startswith("_")}
    assert public == set(module.__all__)
    assert len(module.__all__) == len(set(module.__all__))


def test_star_import_gives_mex_names_only() -> None:
    namespace: dict[str, object] = {}
    exec("from mex import *", namespace)
    names = set(namespace) - {"__builtins__"}
    assert names == set(mex.__all__)
    assert not names & {"List", "Optional", "annotations", "Sequence", "Tuple", "Union"}
