#!/usr/bin/env python3
"""Extracts the expected outputs of CGSuite's tables of loopy values
(CanonicalStopperTestCase.scala, SidedValueTestCase.scala) as data lines
`property <TAB> game <TAB> expected <TAB> source` for ../cgsuite-loopy/cases.txt.

Usage: convert.py CANONICAL_STOPPER_TEST_CASE SIDED_VALUE_TEST_CASE > part.txt
(the two files from a checkout of github.com/aaron-siegel/cgsuite,
lib/core/src/test/scala/org/cgsuite/lang/). Only string literals are read;
the properties that each table's `toTests` fixes to a constant are added
with that constant, as that method states them.
"""
import re
import sys

STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
NAMED = re.compile(r'(\w+)\s*=\s*(Some\(\s*)?"((?:[^"\\]|\\.)*)"')


def instances(path, head):
    lines = open(path, encoding="utf-8").read().split("\n")
    starts = [i for i, l in enumerate(lines) if l.strip().startswith(head + "(")]
    for k, i in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        body = "\n".join(lines[i:end])
        body = body.split("\n  )")[0] if k + 1 == len(starts) else body
        positional = STRING.findall(body)[:3]
        named = {m.group(1): m.group(3) for m in NAMED.finditer(body)}
        yield i + 1, positional, named


def emit(prop, game, expected, source):
    print(f"{prop}\t{game}\t{expected}\t{source}")


def stoppers(path):
    name = "CanonicalStopperTestCase.scala"
    for line, (x, x_out, cls), named in instances(path, "CanonicalStopperTestCase"):
        src = f"{name}:{line}"
        emit("Value", x, x_out, src)
        emit("Class", x, cls, src)
        for prop in ["Degree", "FollowerCount", "Followers", "IsIdempotent",
                     "IsInfinitesimal", "IsNumberish", "IsNumberTiny", "IsPlumtree",
                     "IsStable", "LeftOptions", "LeftStop", "OutcomeClass",
                     "RightOptions", "RightStop", "Variety"]:
            key = prop[0].lower() + prop[1:]
            if key in named:
                emit(prop, x, named[key], src)
        for prop, const in [("IsInteger", "false"), ("IsLoopfree", "false"),
                            ("IsNimber", "false"), ("IsNumber", "false"),
                            ("IsOrdinal", "false"), ("IsStopper", "true"),
                            ("IsStopperSided", "true"), ("IsUptimal", "false"),
                            ("IsZero", "false"),
                            ("IsPseudonumber", str(cls == "Pseudonumber").lower())]:
            emit(prop, x, const, src)
        emit("Onside", x, x_out, src)
        emit("Offside", x, x_out, src)


def sided(path):
    name = "SidedValueTestCase.scala"
    for line, (x, x_out, cls), named in instances(path, "SidedValueTestCase"):
        src = f"{name}:{line}"
        emit("Value", x, x_out, src)
        emit("Class", x, cls, src)
        for prop in ["IsIdempotent", "IsInfinitesimal", "IsNumberish", "IsStopperSided",
                     "Onside", "Offside", "OutcomeClass"]:
            key = prop[0].lower() + prop[1:]
            if key in named:
                emit(prop, x, named[key], src)
        for prop, const in [("IsInteger", "false"), ("IsLoopfree", "false"),
                            ("IsNimber", "false"), ("IsNumber", "false"),
                            ("IsNumberTiny", "false"), ("IsOrdinal", "false"),
                            ("IsPlumtree", "false"), ("IsPseudonumber", "false"),
                            ("IsStopper", "false"), ("IsUptimal", "false"),
                            ("IsZero", "false")]:
            emit(prop, x, const, src)


if __name__ == "__main__":
    stoppers(sys.argv[1])
    sided(sys.argv[2])
