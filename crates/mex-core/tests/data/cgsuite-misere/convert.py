#!/usr/bin/env python3
"""Extracts the expected outputs of CGSuite's MisereCanonicalGameTestCase
(data only) into cases.txt: one line per property,
`property <TAB> game <TAB> expected <TAB> source file:line`.

Usage: convert.py MisereCanonicalGameTestCase.scala > cases.txt
"""
import re
import sys

COMMIT = "e909ab8bc330e39bc837d26b22bc8a96f9fa512a"
SOURCE = "MisereCanonicalGameTestCase.scala"


def main(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    print("# Expected outputs of CGSuite for misère canonical forms, taken as data from")
    print("# CGSuite's test suite (https://github.com/aaron-siegel/cgsuite, GPL-3.0; data only),")
    print(f"# commit {COMMIT}, lib/core/src/test/scala/org/cgsuite/lang/{SOURCE}.")
    print("# property <TAB> game (CGSuite's input) <TAB> expected (CGSuite's output) <TAB> source file:line")
    i = 0
    while i < len(lines):
        start = re.match(r'\s*MisereCanonicalGameTestCase\(\s*$', lines[i])
        if not start:
            i += 1
            continue
        head = lines[i + 1]
        game, out, cls = re.findall(r'"([^"]*)"', head)
        line_no = i + 2
        print(f"Value\t{game}\t{out}\t{SOURCE}:{line_no}")
        print(f"Class\t{game}\tgame.misere.{cls}\t{SOURCE}:{line_no}")
        j = i + 2
        while not re.match(r'\s*\),?\s*$', lines[j]):
            name, value = re.match(r'\s*(\w+) = "([^"]*)",?\s*$', lines[j]).groups()
            prop = name[0].upper() + name[1:]
            print(f"{prop}\t{game}\t{value}\t{SOURCE}:{j + 1}")
            j += 1
        i = j
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
