"""Long computations release the interpreter and stop on Ctrl-C."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import mex


def test_long_octal_runs_let_other_threads_run() -> None:
    done = threading.Event()
    ticks = 0

    def work() -> None:
        mex.octal("0.6").values(2**17)
        done.set()

    t = threading.Thread(target=work)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    t.join()
    elapsed = time.perf_counter() - start
    # Attached for the whole run, the loop above would not tick at all.
    assert elapsed < 0.05 or ticks >= 5, (elapsed, ticks)


def test_ctrl_c_interrupts_a_long_run() -> None:
    script = (
        "import os, signal, threading, time, mex\n"
        "threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "start = time.perf_counter()\n"
        "try:\n"
        "    mex.octal('0.6').values(2**26)\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', time.perf_counter() - start)\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert p.returncode == 0, p.stderr
    word, seconds = p.stdout.split()
    assert word == "interrupted" and float(seconds) < 30


def test_ctrl_c_interrupts_a_catalog_evaluation() -> None:
    # Domineering 5x6 takes tens of seconds; Ctrl-C after 1 s returns at once.
    script = (
        "import os, signal, threading, time, mex\n"
        "threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "start = time.perf_counter()\n"
        "try:\n"
        "    mex.Game('domineering', '5x6').value()\n"
        "    print('finished', time.perf_counter() - start)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', time.perf_counter() - start)\n"
        "os._exit(0)\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert p.returncode == 0, p.stderr
    word, seconds = p.stdout.split()
    assert word == "interrupted" and float(seconds) < 5, p.stdout


def test_ctrl_c_interrupts_a_cgvalue_operation() -> None:
    # No timer: a helper thread waits until the sum's work thread
    # ("mex-work", started by the extension) exists, then sends SIGINT. The
    # sum needs about 2^26 comparisons of options (a second of work on one
    # core, more on a loaded machine) before the budget refuses it; the
    # extension checks for signals every 50 ms while it waits, so it must
    # end in KeyboardInterrupt, not in the refusal.
    script = (
        "import _thread, os, threading, time, mex\n"
        "def working():\n"
        "    for t in os.listdir('/proc/self/task'):\n"
        "        try:\n"
        "            with open(f'/proc/self/task/{t}/comm') as f:\n"
        "                if f.read().strip() == 'mex-work':\n"
        "                    return True\n"
        "        except OSError:\n"
        "            pass  # a thread that has just ended\n"
        "    return False\n"
        "def interrupt_when_working():\n"
        "    while not working():\n"
        "        time.sleep(0.0005)\n"
        "    _thread.interrupt_main()  # SIGINT, as Ctrl-C sends it\n"
        "a, b = mex.CGValue('{2||0}'), mex.CGValue('*2222')\n"
        "while working():\n"
        "    time.sleep(0.001)  # the threads of the two parses end\n"
        "threading.Thread(target=interrupt_when_working, daemon=True).start()\n"
        "try:\n"
        "    a + b\n"
        "    print('finished')\n"
        "except mex.TooLarge:\n"
        "    print('refused')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
        "os._exit(0)\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["interrupted"], p.stdout
