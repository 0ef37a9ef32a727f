#!/usr/bin/env python3
"""Checks values of a checkpoint outside mex, from the rules alone.

    python3 bench/spot_check.py FILE.ckpt [--random K] [--from N] [--seed S] [N ...]

For each heap n asked for (the listed ones, K random heaps from N on, the
first heap with the largest value and the last heap), it recomputes
G(n) = mex of the values of the options of n from the values G(0) ..
G(n - 1) stored in the checkpoint (numpy over all the splits), and compares
it with the stored G(n). An independent check of a record run: it shares
no code with mex, only the rules of the code and the file format
(docs/checkpoint.md). Codes: a digit before the point (0 or 4) and octal
digits after it, with an optional suffix `u` (every split unequal), as in
`4.0u` (Grundy's game) or `0.04`. Exit status 1 if a value differs.
"""
import argparse
import random
import sys


def refuse(message):
    """One line on stderr and exit status 2 (bad input), as mex does."""
    print(f"spot_check: {message}", file=sys.stderr)
    sys.exit(2)


try:
    import numpy as np
except ImportError as e:
    refuse(f"numpy is needed and cannot be imported ({e}); install it with: "
           f"{sys.executable or 'python3'} -m pip install numpy")


def read_checkpoint(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
        cut = data.index(b"\n\n")
        lines = data[:cut].decode().splitlines()
        fields = dict(l.split("=", 1) for l in lines[1:])
        code, count = fields["code"], int(fields["count"])
    except OSError as e:
        refuse(f"cannot read {path}: {e.strerror}")
    except (ValueError, KeyError, UnicodeDecodeError):
        refuse(f"{path} is not a mex checkpoint (see docs/checkpoint.md)")
    values = np.frombuffer(data[cut + 2:], dtype="<u2")
    if lines[0] != "MEXCKPT2" or len(values) != count or count == 0:
        refuse(f"{path} is not a whole MEXCKPT2 checkpoint with values (see docs/checkpoint.md)")
    return code, values


def parse_code(code):
    """[(removal k, digit, unequal)] for a code like 0.04, 4.0u or 4.064: a
    suffix `u` (mex's notation) makes every split unequal."""
    unequal = code.endswith("u")
    head, _, tail = code.rstrip("u").partition(".")
    if not all(ch in "01234567" for ch in head + tail):
        refuse(f"code {code}: only octal digits 0-7 (with a suffix u) are checked here")
    return [(k, int(ch, 8), unequal) for k, ch in enumerate(head + tail)]


def option_values(values, digits, n):
    """The values of the options of heap n, from values[:n]."""
    found = []
    for k, digit, unequal in digits:
        rest = n - k
        if rest < 0:
            continue
        if digit & 1 and rest == 0 and k >= 1:
            found.append(np.zeros(1, dtype=np.uint16))
        if digit & 2 and rest >= 1 and k >= 1:
            found.append(values[rest:rest + 1])
        if digit & 4 and rest >= 2:
            half = (rest - 1) // 2 if unequal else rest // 2
            a = np.arange(1, half + 1)
            found.append(values[a] ^ values[rest - a])
    return np.concatenate(found) if found else np.zeros(0, dtype=np.uint16)


def mex(options):
    present = np.zeros(int(options.max(initial=0)) + 2, dtype=bool)
    present[options] = True
    return int(np.argmin(present))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("checkpoint")
    parser.add_argument("heaps", nargs="*", type=int)
    parser.add_argument("--random", type=int, default=20, metavar="K")
    parser.add_argument("--from", dest="start", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_intermixed_args()
    code, values = read_checkpoint(args.checkpoint)
    digits = parse_code(code)
    count = len(values)
    rng = random.Random(args.seed)
    outside = [n for n in args.heaps if not 0 <= n < count]
    if outside:
        refuse(f"heap {outside[0]} is not among the {count} values of the checkpoint "
               f"(heaps 0 to {count - 1})")
    heaps = list(args.heaps) + [int(np.argmax(values)), count - 1]
    heaps += [rng.randrange(min(args.start, count - 1), count) for _ in range(args.random)]
    wrong = 0
    for n in sorted(set(heaps)):
        computed = mex(option_values(values, digits, n))
        ok = computed == int(values[n])
        wrong += not ok
        print(f"{code} G({n}) = {computed}: {'same' if ok else 'DIFFERENT from stored ' + str(values[n])}")
    print(f"{code}: {len(set(heaps))} heaps checked, {wrong} different")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        # A closed stdout (e.g. `| head -1`) ends the check quietly.
        sys.stderr.close()
        sys.exit(0)
