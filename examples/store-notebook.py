"""Executes examples/python-tour.ipynb and stores it with its outputs
(pictures included), so that GitHub shows them. CI executes it again
(crates/mex-py/tests/test_notebook.py) and checks that the stored outputs
are what it gives: run this after a change that alters them.

    python examples/store-notebook.py

Needs the package and nbclient, nbformat and ipykernel in the environment
(`pip install ./crates/mex-py nbclient nbformat ipykernel`). Timings are
not recorded, so that storing again changes only what changed.
"""

import sys
from pathlib import Path

import nbclient
import nbformat

NOTEBOOK = Path(__file__).resolve().parent / "python-tour.ipynb"


def main() -> int:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", record_timing=False
    )
    client.execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, NOTEBOOK)
    print(f"stored {NOTEBOOK.name}: {sum(c.cell_type == 'code' for c in nb.cells)} cells executed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
