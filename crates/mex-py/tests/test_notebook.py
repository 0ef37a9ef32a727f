"""examples/python-tour.ipynb, executed headless (nbclient), its outputs
checked, and compared with the outputs stored in the file (which GitHub
shows; `python examples/store-notebook.py` stores them again). Skipped
where nbclient is not installed, except under CI."""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Any, Dict, List

import pytest

import mex

NOTEBOOK = Path(__file__).resolve().parents[3] / "examples" / "python-tour.ipynb"


def _texts(cell: Dict[str, Any]) -> Dict[str, str]:
    out: Dict[str, str] = {}
    for o in cell.get("outputs", []):
        assert o["output_type"] != "error", o
        for mime, data in o.get("data", {}).items():
            out[mime] = "".join(data) if isinstance(data, list) else data
    return out


def test_the_notebook_runs_and_shows_its_results() -> None:
    if os.environ.get("CI"):
        import nbclient
        import nbformat
    else:
        nbclient = pytest.importorskip("nbclient")
        nbformat = pytest.importorskip("nbformat")
    stored = nbformat.read(NOTEBOOK, as_version=4)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outs: List[Dict[str, str]] = [_texts(c) for c in nb.cells if c.cell_type == "code"]
    assert outs[0]["text/plain"] == "CGValue('±1')"
    assert outs[1]["image/svg+xml"].startswith("<svg")
    pre, period, theorem = ast.literal_eval(outs[2]["text/plain"])
    assert (pre, period) == (53, 34) and theorem.startswith("octal periodicity theorem")
    assert outs[3]["image/svg+xml"] == mex.octal("0.07").chart()._repr_svg_()
    assert "period 34 from n = 53" in outs[3]["image/svg+xml"]
    play = ast.literal_eval(outs[4]["text/plain"])
    assert play[:2] == ["0000", "1000"] and len(set(play)) == len(play) == 16
    assert play[-1] == "0001"  # 0000 comes back next: the game is over
    assert "take 2 from heap 1" in outs[5]["text/plain"]
    assert outs[6]["image/svg+xml"] == mex.CGValue("{3 | {1 | -2}}").thermograph_svg()
    assert outs[7]["image/svg+xml"].count("<circle") == 10
    assert outs[8]["text/plain"] == "CGValue('1/2^*')"
    assert outs[8]["text/latex"] == r"$\frac{1}{2}\uparrow{*}$"
    assert "↓*" in outs[9]["text/html"]
    clobber = mex.Game("clobber", "xox/oxo")
    assert clobber.board_svg().strip() in outs[10]["image/svg+xml"]
    assert "outcome  P" in outs[10]["image/svg+xml"]
    report = ast.literal_eval(outs[11]["text/plain"])
    assert report == mex.Game("toads-and-frogs", "TT.FF").to_dict()
    assert report["picture"]["shape"] == "strips"
    # The stored notebook holds these very outputs (pictures included).
    assert [_outputs(c) for c in stored.cells] == [_outputs(c) for c in nb.cells]
    assert all(_outputs(c) for c in stored.cells if c.cell_type == "code")


def _outputs(cell: Dict[str, Any]) -> List[Dict[str, Any]]:
    """What a cell shows, without execution counts and metadata."""
    return [
        {k: v for k, v in o.items() if k not in ("execution_count", "metadata")}
        for o in cell.get("outputs", [])
    ]
