"""Shared fixtures: the `mex` binary whose JSON the bindings must agree with.

The binary is `$MEX_BIN`, else `target/debug/mex` or `target/release/mex` of
the workspace (CI builds the debug one with `cargo test --workspace`), else
it is built with `cargo build -p mex-cli`.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Callable, Tuple

import pytest
from hypothesis import settings

# Hypothesis draws its examples deterministically, so that the tests pass or
# fail the same way on every run (the README's "Set-up"); to explore new
# examples, run with HYPOTHESIS_PROFILE=explore.
settings.register_profile("deterministic", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))

ROOT = Path(__file__).resolve().parents[3]


def _find_binary() -> Path:
    if os.environ.get("MEX_BIN"):
        return Path(os.environ["MEX_BIN"])
    for profile in ("debug", "release"):
        p = ROOT / "target" / profile / "mex"
        if p.exists():
            return p
    subprocess.run(["cargo", "build", "-q", "-p", "mex-cli"], cwd=ROOT, check=True)
    return ROOT / "target" / "debug" / "mex"


@pytest.fixture(scope="session")
def mex_bin() -> Path:
    return _find_binary()


def run(binary: Path, *args: str) -> Tuple[int, str, str]:
    p = subprocess.run(
        [str(binary), *args], capture_output=True, text=True, timeout=120
    )
    return p.returncode, p.stdout, p.stderr


@pytest.fixture(scope="session")
def cli(mex_bin: Path) -> Callable[..., Any]:
    """`cli("value", "nim", "3,4,5")`: the parsed `--json` output."""

    def call(*args: str) -> Any:
        code, out, err = run(mex_bin, *args, "--json")
        assert code == 0, err
        return json.loads(out)

    return call


@pytest.fixture(scope="session")
def cli_error(mex_bin: Path) -> Callable[..., str]:
    """The one-line error the CLI prints for a refused request, without `mex: `."""

    def call(*args: str) -> str:
        code, _, err = run(mex_bin, *args)
        assert code == 2, (code, err)
        line = err.strip()
        assert line.startswith("mex: ") and "\n" not in line, err
        return line[len("mex: "):]

    return call
