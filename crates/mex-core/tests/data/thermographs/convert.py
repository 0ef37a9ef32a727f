#!/usr/bin/env python3
"""Converts MCGS's thermograph tests (CGSuite 2.2's thermographs) into
cgsuite-thermographs.txt, read by crates/mex-core/tests/integration/thermographs.rs.

Usage: convert.py MCGS_CHECKOUT COMMIT > cgsuite-thermographs.txt

MCGS (ualberta-mueller-group/MCGS, GPL-3.0) keeps in
input/autotests/thermographs/*.test the thermographs that CGSuite 2.2-beta2
printed for small boards; only the boards and the walls are taken (data),
for the games mex has. A wall is a list of (value, t) breakpoints from
t = -1 up to the mast.
"""
import pathlib
import re
import sys

GAMES = {"domineering": str, "amazons": str.lower}  # MCGS's X is Left.


def cases(text):
    game = None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        header = re.fullmatch(r"\[(\w+)\]", line.strip())
        if header:
            game = header.group(1)
            continue
        if line.strip().startswith("{thermograph"):
            board = lines[i - 1].strip()
            left = lines[i + 1].strip()
            right = lines[i + 2].strip()
            yield game, board, i, left, right


def main():
    root, commit = pathlib.Path(sys.argv[1]), sys.argv[2]
    print("# Thermographs printed by CGSuite 2.2-beta2, from the test files of MCGS")
    print("# (https://github.com/ualberta-mueller-group/MCGS, GPL-3.0; data only),")
    print(f"# commit {commit}, input/autotests/thermographs/. Converted by convert.py.")
    print("# game <TAB> position <TAB> left wall <TAB> right wall <TAB> source line")
    skipped = {}
    for path in sorted((root / "input/autotests/thermographs").glob("*.test")):
        for game, board, line, left, right in cases(path.read_text()):
            if game not in GAMES:
                skipped[game] = skipped.get(game, 0) + 1
                continue
            position = GAMES[game](board)
            source = f"{path.name}:{line}"
            print("\t".join([game, position, left, right, source]))
    for game, count in sorted(skipped.items()):
        print(f"# not converted: {count} {game} cases (not a game of mex)")


main()
