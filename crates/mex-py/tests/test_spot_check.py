"""bench/spot_check.py, the outside check of record runs: without numpy it
says so on one line and exits with status 2 (it once ended in a traceback);
with numpy it checks a checkpoint written by `mex octal --checkpoint`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "bench" / "spot_check.py"

# Runs the script as `python3 bench/spot_check.py ARGS` would, with numpy
# made unimportable (a None in sys.modules makes `import numpy` fail).
WITHOUT_NUMPY = (
    "import runpy, sys\n"
    "sys.modules['numpy'] = None\n"
    "sys.argv = sys.argv[1:]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def test_without_numpy_one_line_and_status_2(tmp_path: Path) -> None:
    p = subprocess.run(
        [sys.executable, "-c", WITHOUT_NUMPY, str(SCRIPT), str(tmp_path / "x.ckpt")],
        capture_output=True, text=True, timeout=60,
    )
    assert p.returncode == 2, p.stderr
    assert p.stdout == ""
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert "Traceback" not in p.stderr
    assert lines[0].startswith("spot_check: numpy is needed")
    assert lines[0].endswith("-m pip install numpy")


def test_with_numpy_it_checks_a_checkpoint(mex_bin: Path, tmp_path: Path) -> None:
    ckpt = tmp_path / "dawson.ckpt"
    subprocess.run(
        [str(mex_bin), "octal", "0.07", "--terms", "2000", "--checkpoint", str(ckpt)],
        check=True, capture_output=True, timeout=120,
    )
    p = subprocess.run(
        [sys.executable, str(SCRIPT), str(ckpt), "--random", "5", "1999"],
        capture_output=True, text=True, timeout=120,
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[-1].endswith("heaps checked, 0 different")
