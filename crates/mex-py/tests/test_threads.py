"""Long computations release the interpreter and stop on Ctrl-C.

No timer and no measured duration: a helper thread acts once the call is
known to be under way (a profile hook sees the call of the method, or the
extension's work thread "mex-work" exists), and each call is long (seconds
of work at least) next to the helper's reaction (a thread waking up).
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from types import FrameType
from typing import Any, Optional

import mex

# In a fresh interpreter: `interrupt_during(call, name)` runs call() with a
# helper thread that sends SIGINT (as Ctrl-C does) once the call is under
# way, and prints what became of it.
HARNESS = r"""
import _thread, os, sys, threading, time, mex

def working():
    # The thread the extension starts for catalog and CGValue work.
    for t in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{t}/comm") as f:
                if f.read().strip() == "mex-work":
                    return True
        except OSError:
            pass  # a thread that has just ended
    return False

def interrupt_during(call, name=None):
    started = threading.Event()
    if name is None:
        def watch():
            while not working():
                time.sleep(0.0005)
            started.set()
    else:
        def hook(frame, event, arg):
            if event == "c_call" and getattr(arg, "__name__", None) == name:
                started.set()
        sys.setprofile(hook)
        watch = started.wait
    def helper():
        watch()
        started.wait()
        _thread.interrupt_main()  # SIGINT, as Ctrl-C sends it
    while working():
        time.sleep(0.001)  # threads of earlier calls end
    threading.Thread(target=helper, daemon=True).start()
    try:
        call()
        print("finished")
    except mex.TooLarge:
        print("refused")
    except KeyboardInterrupt:
        print("interrupted")
    sys.setprofile(None)
    os._exit(0)  # abandoned work is not waited for
"""


def interrupted(body: str) -> str:
    p = subprocess.run(
        [sys.executable, "-c", HARNESS + body], capture_output=True, text=True, timeout=600
    )
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def test_long_octal_runs_let_other_threads_run() -> None:
    # While values() works, another thread runs Python: it finds the call
    # under way (a profile hook marks it at the call and clears the mark at
    # its return) with the main thread in no Python code of its own, which
    # can happen only if values() has released the interpreter.
    code = mex.octal("0.6")
    code.values(16)  # NumPy's first use done
    inside, done, seen = threading.Event(), threading.Event(), threading.Event()
    main = threading.get_ident()

    def hook(frame: FrameType, event: str, arg: Any) -> Optional[Any]:
        if getattr(arg, "__name__", None) == "values":
            if event == "c_call":
                inside.set()
            elif event in ("c_return", "c_exception"):
                inside.clear()
        return None

    def watch() -> None:
        inside.wait()
        while inside.is_set() and not done.is_set():
            frame = sys._current_frames().get(main)
            if frame is not None and frame.f_code is not hook.__code__:
                seen.set()  # the main thread is inside values()
                return
            time.sleep(0.0005)

    helper = threading.Thread(target=watch, daemon=True)
    helper.start()
    sys.setprofile(hook)
    try:
        code.values(2**20)
    finally:
        sys.setprofile(None)
    done.set()
    inside.set()  # wakes the helper if it never saw the call
    helper.join()
    assert seen.is_set()


def test_ctrl_c_interrupts_a_long_run() -> None:
    # 2^26 values of 0.6: minutes of work, checked for Ctrl-C between slices.
    assert interrupted("interrupt_during(lambda: mex.octal('0.6').values(2**26), 'values')\n") == "interrupted"


def test_ctrl_c_interrupts_a_catalog_evaluation() -> None:
    # Domineering 5x6: tens of seconds in the extension's work thread.
    assert interrupted("interrupt_during(lambda: mex.Game('domineering', '5x6').value())\n") == "interrupted"


def test_ctrl_c_interrupts_a_cgvalue_operation() -> None:
    # {2||0} + *2222 needs 2^26 comparisons of options (a second's work on
    # one core, more on a loaded machine) before the budget refuses it; the
    # extension checks for signals every 50 ms while it waits, so the sum
    # must end in KeyboardInterrupt, not in the refusal.
    body = (
        "a, b = mex.CGValue('{2||0}'), mex.CGValue('*2222')\n"
        "interrupt_during(lambda: a + b)\n"
    )
    assert interrupted(body) == "interrupted"
