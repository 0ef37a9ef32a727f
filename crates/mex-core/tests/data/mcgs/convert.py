#!/usr/bin/env python3
"""Converts the test cases of MCGS into mex's MCGS corpus.

MCGS (Folkersen, Mueller and Du, 2024-26), a minimax solver for sums of
combinatorial games: https://github.com/ualberta-mueller-group/MCGS,
GPL-3.0. Only its test data (positions and expected results) is converted;
none of its code is used. The input syntax is the one MCGS documents in its
`input/info.test` (input language version 1.7).

Usage:
    convert.py MCGS_INPUT_DIR COMMIT [OUT_DIR]

MCGS_INPUT_DIR is the `input/` directory of an MCGS checkout (this script
never fetches or builds MCGS); COMMIT names the MCGS commit it came from
(written into every header). OUT_DIR defaults to this script's directory.

Converted directories, in this order (a case already written from an
earlier file is not written again; its later sources are appended to the
first line's sources): input/main_tests, input/autotests,
input/impartial/impartial-easy, input/impartial/impartial-medium.

Each corpus file mirrors one MCGS file (`.test` -> `.txt`) and holds one
case a line, tab-separated:

    SUM  FIRST  WINNER  NIMBER  SOURCES

SUM is the sum in `mex sum` notation (`GAME:POSITION` separated by
spaces; `-` for the empty sum); FIRST the player who moves first and WINNER
the expected winner (`L` or `R`); NIMBER the expected nim value of an
impartial sum when MCGS gives one (`-` otherwise); SOURCES the MCGS file
and line of the command block, `;`-separated when the case occurs in
several files. An MCGS `{N k}` command (the nim value of an impartial sum)
becomes a case with FIRST `L`, WINNER `L` if k > 0 and `R` if k = 0
(Sprague-Grundy: the first player wins exactly when the value is not 0).

Colour mapping (checked by computing the converted cases with mex: the
expected winners come out for every case mex answers): MCGS's BLACK (`X`,
command `B`) is Left (mex `x`, `L`, the vertical player of Domineering),
WHITE (`O`, command `W`) is Right. In Toppling Dominoes MCGS's `#` (a
domino either player may topple) is mex's green `G`.
"""

import os
import re
import sys
from collections import Counter, OrderedDict
from fractions import Fraction

DIRECTORIES = [
    "main_tests",
    "autotests",
    "impartial/impartial-easy",
    "impartial/impartial-medium",
]

URL = "https://github.com/ualberta-mueller-group/MCGS"

# MCGS's README: "2 tests are expected to fail, as they intentionally have
# incorrect expected results" (XO, a first-player win, said to be a loss).
INTENTIONALLY_WRONG = {"wrong_value.test"}

README_HEAD = """# The MCGS corpus

Test cases of MCGS (Folkersen, Mueller and Du, 2024-26, a minimax solver
for sums of combinatorial games, {url}), converted for
mex by `convert.py` from MCGS commit `{commit}`. MCGS is GPL-3.0:
these files hold its test data only (positions and expected results),
none of its code.

Regenerate (from an MCGS checkout; the script neither fetches nor builds
MCGS):

    python3 crates/mex-core/tests/data/mcgs/convert.py MCGS/input {commit}

`crates/mex-core/tests/integration/mcgs.rs` checks every case (`cargo test -p mex-core
--test integration mcgs:: -- --nocapture` prints answered / refused / wrong per file and
per game). The format of the case files and the mapping of MCGS's games to
mex's are in `convert.py`'s opening comment.

## What was converted

From `input/main_tests`, `input/autotests`, `input/impartial/impartial-easy`
and `input/impartial/impartial-medium` (`autotests` is almost a subset of
`main_tests`: a case met again is not written again, its source is added to
the first line's sources). An MCGS `{{B win, N 3}}` on one sum gives one line
(first player L, winner L, nim value 3).

| MCGS game | mex game |
|---|---|
| `clobber_1xn`, `clobber` | `clobber` (X = x = Left, O = o = Right) |
| `domineering` | `domineering` (Black = Left plays vertically) |
| `impartial domineering` | `cram` |
| `amazons` | `amazons` (X = x = Left) |
| `toppling_dominoes` | `toppling-dominoes` (X = L, O = R, # = G) |
| `impartial toppling_dominoes` | `toppling-dominoes`, every domino G |
| `nogo_1xn`, `nogo` | `nogo` (X = x = Black = Left, O = o = White = Right) |
| `impartial nogo_1xn`, `impartial nogo` | `impartial-nogo` |
| `kayles`, `impartial kayles` | `kayles` (n = a row of n pins) |
| `nimber`, `impartial nimber` | `nim` (the nimber *n is the Nim heap n) |
| `integer_game`, `dyadic_rational`, `switch_game` (l, r), `up_star` (n *) | `expression` (`n`, `p/q`, `{{l\\|r}}`, `^n*`) |

"""

FRACTION = re.compile(r"-?\d+(?:\s*/\s*\d+)?")


class NotInMex(Exception):
    """A game of MCGS that mex does not have (the message names it)."""


# ---------------------------------------------------------------- tokens


def tokens(text):
    """Yields (kind, text, line) for sections, games and command blocks."""
    i, line, n = 0, 1, len(text)
    closing = {"[": ("]", "section"), "(": (")", "game"), "{": ("}", "commands")}
    while i < n:
        c = text[i]
        if c.isspace():
            line += c == "\n"
            i += 1
        elif text.startswith("/*", i):
            j = text.index("*/", i + 2)
            line += text.count("\n", i, j)
            i = j + 2
        elif c in closing:
            end, kind = closing[c]
            j = text.index(end, i + 1)
            yield kind, " ".join(text[i + 1 : j].split()), line
            line += text.count("\n", i, j)
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace():
                j += 1
            yield "game", text[i:j], line
            i = j


def split_commands(block):
    """Splits a command block at the commas outside parentheses."""
    parts, depth, current = [], 0, ""
    for c in block:
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    parts.append(current.strip())
    return [p for p in parts if p]


# ---------------------------------------------------------------- games


def number_text(f):
    """A dyadic rational in mex's expression notation."""
    if f.denominator & (f.denominator - 1):
        raise ValueError(f"{f} is not dyadic")
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def fractions_of(text):
    return [Fraction(re.sub(r"\s", "", m)) for m in FRACTION.findall(text)]


def grid(text, table):
    """A board `row|row` with its characters translated."""
    if any(c not in table and c != "|" for c in text):
        raise ValueError(f"unexpected character in board {text!r}")
    return "/".join("".join(table[c] for c in row) for row in text.split("|"))


STONES = {"X": "x", "O": "o", ".": "."}


def clobber(text):
    return "clobber:" + grid(text, STONES)


def domineering(text):
    return "domineering:" + grid(text, {".": ".", "#": "#"})


def cram(text):
    return "cram:" + grid(text, {".": ".", "#": "#"})


def amazons(text):
    return "amazons:" + grid(text, {"X": "x", "O": "o", ".": ".", "#": "#"})


def toppling(text):
    return "toppling-dominoes:" + grid(text, {"X": "L", "O": "R", "#": "G"})


def toppling_impartial(text):
    """The impartial version (either player topples any domino): all green."""
    return "toppling-dominoes:" + grid(text, {"X": "G", "O": "G", "#": "G"})


# MCGS's NoGo boards may have points off the board (`#`), as mex's.
NOGO = {"X": "x", "O": "o", ".": ".", "#": "#"}


def nogo(text):
    return "nogo:" + grid(text, NOGO)


def impartial_nogo(text):
    """MCGS's impartial variant of NoGo (a move of either colour) is mex's
    impartial-nogo on the same board."""
    return "impartial-nogo:" + grid(text, NOGO)


def kayles(text):
    n = int(text)
    return "kayles:" + ("I" * n if n > 0 else ".")


def nimber(text):
    """The nimber *n is the Nim heap of size n."""
    n = int(text)
    if n < 0:
        raise ValueError(f"negative nimber {n}")
    return f"nim:{n}"


def integer(text):
    return "expression:" + str(int(text))


def dyadic(text):
    (f,) = fractions_of(text)
    return "expression:" + number_text(f)


def switch(text):
    """MCGS's switch_game (l, r) is the game {l | r}."""
    left, right = fractions_of(text)
    return "expression:{" + number_text(left) + "|" + number_text(right) + "}"


def up_star(text):
    """MCGS's up_star (n *) is n.up (n < 0: |n|.down), plus * if starred."""
    parts = text.replace(",", " ").split()
    ups = sum(int(p) for p in parts if p != "*")
    star = "*" in parts
    if ups == 0:
        body = "*" if star else "0"
    else:
        arrow = "^" if ups > 0 else "v"
        body = arrow + (str(abs(ups)) if abs(ups) > 1 else "") + ("*" if star else "")
    return "expression:" + body


GAMES = {
    "clobber_1xn": clobber,
    "clobber": clobber,
    "domineering": domineering,
    "impartial domineering": cram,
    "amazons": amazons,
    "toppling_dominoes": toppling,
    "impartial toppling_dominoes": toppling_impartial,
    "nogo_1xn": nogo,
    "nogo": nogo,
    "impartial nogo_1xn": impartial_nogo,
    "impartial nogo": impartial_nogo,
    "kayles": kayles,
    "impartial kayles": kayles,
    "nimber": nimber,
    "impartial nimber": nimber,
    "integer_game": integer,
    "dyadic_rational": dyadic,
    "switch_game": switch,
    "up_star": up_star,
}


def convert_game(section, text):
    if section not in GAMES:
        raise NotInMex(section)
    return GAMES[section](text)


# ---------------------------------------------------------------- cases


def parse_command(command):
    """(first, winner, nimber) of a B/W/N command with an expected result;
    None for a command without one or of another kind."""
    words = command.split()
    if words[0] in ("B", "W") and len(words) == 2 and words[1] in ("win", "loss"):
        first = "L" if words[0] == "B" else "R"
        other = "R" if first == "L" else "L"
        return first, first if words[1] == "win" else other, "-"
    if words[0] == "N" and len(words) == 2:
        k = int(words[1])
        return "L", "L" if k > 0 else "R", str(k)
    return None


class Corpus:
    def __init__(self):
        self.cases = OrderedDict()  # (sum, first) -> [winner, nimber, sources, file]
        self.not_in_mex = Counter()  # game -> cases
        self.skipped = Counter()  # reason -> commands
        self.conflicts = []
        self.duplicates = 0

    def add(self, total, first, winner, nim, source, out_file):
        key = (total, first)
        if key in self.cases:
            known = self.cases[key]
            if known[0] != winner or "-" not in (nim, known[1]) and nim != known[1]:
                self.conflicts.append((total, first, known[2][0], source))
            if nim != "-" and known[1] == "-":
                known[1] = nim
            known[2].append(source)
            self.duplicates += 1
            return
        self.cases[key] = [winner, nim, [source], out_file]

    def read(self, path, relative, out_file):
        self.on_purpose = os.path.basename(path) in INTENTIONALLY_WRONG
        text = open(path, encoding="utf-8").read()
        section, games, missing = None, [], set()
        for kind, value, line in tokens(text):
            if kind == "section":
                section = value
            elif kind == "game":
                try:
                    games.append(convert_game(section, value))
                except NotInMex as e:
                    missing.add(str(e))
            else:
                if not value.startswith("version"):
                    self.block(value, games, missing, f"{relative}:{line}", out_file)
                games, missing = [], set()

    def block(self, value, games, missing, source, out_file):
        for command in split_commands(value):
            case = parse_command(command)
            if self.on_purpose:
                self.skipped["commands of wrong_value.test (wrong on purpose)"] += 1
            elif case is None:
                self.skipped[command.split()[0] + " commands (no winner to check)"] += 1
            elif missing:
                self.not_in_mex[" + ".join(sorted(missing))] += 1
            else:
                first, winner, nim = case
                self.add(" ".join(games) or "-", first, winner, nim, source, out_file)


# The README's part after this line (the harness's results, written by hand)
# is kept when the converter rewrites the README.
RESULTS_MARK = "## Results of mex"


def header(relative, commit):
    return (
        f"# MCGS test cases converted for mex from input/{relative}\n"
        f"# MCGS (Folkersen, Mueller and Du): {URL}, commit {commit}\n"
        "# MCGS is GPL-3.0; this file holds its test data only (positions and\n"
        "# expected results), converted by convert.py beside it, no MCGS code.\n"
        "# Columns (tab-separated): SUM FIRST WINNER NIMBER SOURCES\n"
    )


def write(corpus, out_dir, commit):
    by_file = OrderedDict()
    for (total, first), (winner, nim, sources, out_file) in corpus.cases.items():
        by_file.setdefault(out_file, []).append(
            "\t".join([total, first, winner, nim, ";".join(sources)])
        )
    for relative, lines in by_file.items():
        target = os.path.join(out_dir, relative[: -len(".test")] + ".txt")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(header(relative, commit))
            f.write("\n".join(lines) + "\n")
    return by_file


def game_names(total):
    return " + ".join(sorted({c.split(":")[0] for c in total.split()})) if total != "-" else "empty sum"


def table(title, counts):
    lines = [f"| {title} | cases |", "|---|---:|"]
    lines += [f"| {g} | {n} |" for g, n in sorted(counts.items())]
    lines.append(f"| total | {sum(counts.values())} |")
    return lines


def summary(corpus, commit):
    per_game = Counter(game_names(t) for (t, _) in corpus.cases)
    lines = ["Cases written (lines), by the games of the sum:", ""]
    lines += table("games of the sum", per_game)
    lines += [
        "",
        f"MCGS commands converted: {len(corpus.cases) + corpus.duplicates}, of which "
        f"{corpus.duplicates} were folded into an earlier line.",
        "",
    ]
    lines += ["## Not converted", ""]
    lines += ["MCGS commands on sums with a game mex does not have:", ""]
    lines += table("MCGS games", corpus.not_in_mex)
    lines += ["", "Other MCGS commands:", ""]
    lines += table("command", corpus.skipped)
    lines += ["", f"Conflicting expectations between MCGS files: {len(corpus.conflicts)}."]
    lines += [f"- `{c}`" for c in corpus.conflicts]
    return README_HEAD.format(url=URL, commit=commit) + "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    input_dir, commit = sys.argv[1], sys.argv[2]
    out_dir = sys.argv[3] if len(sys.argv) == 4 else os.path.dirname(os.path.abspath(__file__))
    corpus = Corpus()
    for directory in DIRECTORIES:
        root = os.path.join(input_dir, directory)
        for dirpath, _, filenames in sorted(os.walk(root)):
            for name in sorted(filenames):
                if name.endswith(".test"):
                    path = os.path.join(dirpath, name)
                    relative = "input/" + os.path.relpath(path, input_dir)
                    corpus.read(path, relative, os.path.relpath(path, input_dir))
    write(corpus, out_dir, commit)
    text = summary(corpus, commit)
    readme = os.path.join(out_dir, "README.md")
    kept = ""
    if os.path.exists(readme):
        old = open(readme, encoding="utf-8").read()
        if RESULTS_MARK in old:
            kept = old[old.index(RESULTS_MARK) :]
    with open(readme, "w", encoding="utf-8") as f:
        f.write(text + ("\n" + kept if kept else ""))
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
