"""SSC decompositions are compact: a segment of 10^8 cherries of B (10^8
pieces) once peaked at over 6 GB (a Rust String and a Python str a piece)
and aborted the interpreter under a 4 GiB address-space limit; now the
result is the piece starts (8 bytes a piece) and the pieces are made as
asked for. Beyond what fits the request is refused before any work:
`TooLarge` past the CLI's 2·10^8 cherries, `MemoryError` when the address
space for the peak cannot be reserved. Each case runs in its own process
under `resource.setrlimit(RLIMIT_AS)`."""

from __future__ import annotations

import itertools
import subprocess
import sys
from typing import Any, Callable, List
from xml.etree import ElementTree

import numpy as np
import pytest

import mex

GIB = 1 << 30

# Decomposes __SEGMENT__ under an address-space limit of __LIMIT__ bytes
# (Python expressions; `vm()` is the process's size before the call).
HARNESS = r"""
import resource, sys
import numpy, mex

def vm():
    for line in open("/proc/self/status"):
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024

segment = __SEGMENT__
limit = __LIMIT__
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    d = mex.ssc.decompose(segment)
    print("decomposed", len(d), d[0], d[-1], d.starts.dtype, d.starts.nbytes)
except MemoryError as e:
    print("MemoryError:", e)
except mex.TooLarge as e:
    print("TooLarge:", e)
print("alive", mex.ssc.decompose("BBWBW") == ["B", "BW", "BW"])
"""


def run(segment: str, limit: str) -> str:
    code = HARNESS.replace("__SEGMENT__", segment).replace("__LIMIT__", limit)
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=600
    )
    assert p.returncode == 0, (p.returncode, p.stderr[-2000:])
    return p.stdout


def test_ten_to_the_eight_cherries_fit_in_four_gib() -> None:
    out = run("'B' * 10**8", f"{4 * GIB}")
    assert out.splitlines() == [
        f"decomposed {10**8} B B uint64 {8 * 10**8}",
        "alive True",
    ]


def test_memory_error_when_the_peak_cannot_be_reserved() -> None:
    # 10^8 cherries with 512 MiB of address space left: refused before any
    # work with a one-line MemoryError, and the interpreter goes on.
    out = run("'BW' * (5 * 10**7)", f"vm() + {GIB // 2}").splitlines()
    assert out[0].startswith("MemoryError: decomposing a segment of 100000000 cherries needs")
    assert out[0].endswith("use a shorter segment")
    assert out[1:] == ["alive True"]


def test_too_large_past_the_clis_maximum() -> None:
    # Refused before anything is allocated: 1 GiB of address space is plenty.
    out = run("'B' * (2 * 10**8 + 1)", f"vm() + {GIB}").splitlines()
    assert out == [
        "TooLarge: a segment of 200000001 characters exceeds the limit of "
        "200000000 cherries; split it",
        "alive True",
    ]


@pytest.mark.parametrize(
    "segment", ["BBWBW", "bbwBW", "  BWWBBWBWWW\n", "B" * 70_000, "BW" * 30_000 + "B", "BBWBWWB" * 9_000]
)
def test_the_decomposition_is_a_sequence_of_the_clis_pieces(
    cli: Callable[..., Any], segment: str
) -> None:
    want = cli("ssc", "decompose", segment.strip())["decomposition"]
    d = mex.ssc.decompose(segment)
    assert isinstance(d, mex.ssc.Decomposition) and mex.ssc_decompose(segment) == d
    assert d == want and list(d) == want and len(d) == len(want)
    assert d.segment == segment.strip().upper()
    assert isinstance(d.starts, np.ndarray) and d.starts.dtype == np.uint64
    assert d.starts.tolist() == [0, *itertools.accumulate(map(len, want[:-1]))]
    assert d[0] == want[0] and d[-1] == want[-1] and d[1:4] == want[1:4]
    assert d[::-1][:3] == want[::-1][:3]
    runs = cli("ssc", "decompose", segment.strip(), "--runs")["runs"]
    assert list(d.runs()) == [(r["piece"], r["count"]) for r in runs]
    with pytest.raises(IndexError):
        d[len(want)]
    assert d != want[:-1] and d != "".join(want)


def test_decompositions_compare_and_show_themselves() -> None:
    d = mex.ssc.decompose("BBWBW")
    assert d == mex.ssc.decompose("bbwbw") and d != mex.ssc.decompose("BBWBB")
    assert repr(d) == "<Decomposition of 5 cherries into 3 pieces: B + BW + BW>"
    many = mex.ssc.decompose("B" * 20)
    assert repr(many).endswith("into 20 pieces: B + B + B + B + B + B + B + B + …>")
    picture = mex.SscDecomposition("BW" * 1000)
    svg = picture._repr_svg_()
    assert svg.count("<circle") == 400 and "… 1600 more cherries" in svg


def _pieces_drawn(svg: str) -> List[str]:
    root = ElementTree.fromstring(svg)
    return [e.attrib["data-text"] for e in root.iter() if e.attrib.get("class") == "piece"]


@pytest.mark.parametrize("segment", ["BBWBW", "BWWBBWBWWW", "BBBWWWBWBW" * 7, "BW" * 300, "W" + "B" * 999])
def test_the_picture_frames_the_pieces_within_400_cherries(segment: str) -> None:
    d = mex.ssc.decompose(segment)
    svg = mex.SscDecomposition(segment)._repr_svg_()
    drawn = _pieces_drawn(svg)
    # Whole pieces while they fit in 400 cherries (a first piece longer than
    # that is drawn up to 400), the rest counted.
    want, total = [], 0
    for piece in d:
        if total + len(piece) > 400:
            if not want:
                want.append(piece[:400])
            break
        want.append(piece)
        total += len(piece)
    assert drawn == want
    rest = len(segment) - sum(map(len, want))
    assert (f"… {rest} more cherries" in svg) == (rest > 0)
    assert mex.ssc_svg(list(d)) == mex.pictures.ssc_svg(list(d))
    if len(segment) <= 400:
        assert svg == mex.ssc_svg(list(d))


def test_ssc_svg_counts_what_it_is_not_given() -> None:
    svg = mex.ssc_svg(["B", "BW"], more=7)
    assert _pieces_drawn(svg) == ["B", "BW"] and "… 7 more cherries" in svg
    with pytest.raises(ValueError):
        mex.ssc_svg(["BX"])
