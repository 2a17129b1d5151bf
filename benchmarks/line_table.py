"""Package lines by subpackage: the commit before issue 25 against now (issue 25 "Done when").

Issue 25 asks that "package lines for what exists today are down by at least 20%". This
script prints the table that claim is judged on:

* **before** is ``ac73b2c`` (30 Nov, 21:29), the last commit before the session in which
  issue 25's work began; it holds 33,476 package lines, the "33.5k" the issue quotes.
* **now** is the working tree (or ``--now REV``).
* A line is a physical line of a ``.py`` file under ``dreidelpoker/`` (data files, notebooks,
  docs and tests do not count). ``--code`` counts only lines that are not blank, not
  comments and not inside docstrings.
* Modules that hold capabilities added since ``before`` are listed in ``NEW`` with the
  capability they bring, and counted apart, so that the "what exists today" column
  compares like with like. Issue 20's hardening modules (strict number parsing, argument
  checks at every door, atomic output files) are listed in ``HARDENING`` and shown apart
  as well: they are new requirements, not new games or studies. Capabilities that grew
  inside a module that already existed (e.g. classic dreidel's numpy batch play) stay in
  "existed" and are not subtracted.

Usage::

    .venv/bin/python benchmarks/line_table.py            # physical lines
    .venv/bin/python benchmarks/line_table.py --code     # code lines only
    .venv/bin/python benchmarks/line_table.py --markdown # a table to paste in a note
"""

from __future__ import annotations

import argparse
import ast
import io
import subprocess
import tokenize
from collections import defaultdict
from pathlib import Path

BEFORE = "ac73b2c"
ROOT = Path(__file__).resolve().parent.parent

#: Modules (paths now) that hold a capability the package did not have at ``BEFORE``.
NEW: dict[str, str] = {
    "dreidelpoker/games/betting_round.py": "Dice/Domino whole games: shared betting round",
    "dreidelpoker/games/tuple_state.py": "Dice/Domino whole games: shared state base",
    "dreidelpoker/games/dice_poker/bots.py": "Dice whole game: bots",
    "dreidelpoker/games/dice_poker/game.py": "Dice whole game: engine",
    "dreidelpoker/games/dice_poker/play.py": "Dice whole game: play spec",
    "dreidelpoker/games/dice_poker/solve.py": "Dice whole game: solver and exploitability",
    "dreidelpoker/games/domino_poker/bots.py": "Domino whole game: bots",
    "dreidelpoker/games/domino_poker/game.py": "Domino whole game: engine",
    "dreidelpoker/games/domino_poker/play.py": "Domino whole game: play spec",
    "dreidelpoker/games/domino_poker/exploit.py": "Domino whole game: exploitability",
    "dreidelpoker/games/domino_poker/multiway.py": "Domino multiway solve",
    "dreidelpoker/solve/multiway.py": "multiway solver",
    "dreidelpoker/play/cluster.py": "Dask clusters for play",
    "dreidelpoker/play/search.py": "variant search (Optuna)",
    "dreidelpoker/search_space.py": "variant search: search spaces",
    "dreidelpoker/play/skill.py": "skill ratings (openskill)",
    "dreidelpoker/play/store.py": "study layer: resume store",
    "dreidelpoker/play/study.py": "study layer: compare, precision stopping",
    "dreidelpoker/play/study_cli.py": "study layer: CLI",
    "dreidelpoker/play/variants.py": "study layer: rules variants from text",
}

#: Modules (paths now) that hold issue 20's hardening: new requirements, shown apart.
HARDENING: dict[str, str] = {
    "dreidelpoker/strict_numbers.py": "strict number parser (no sympify of user text)",
    "dreidelpoker/validation.py": "argument checks at every public door",
    "dreidelpoker/files.py": "output paths checked first, atomic writes",
}


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True
    ).stdout


def _code_lines(text: str) -> int:
    """Lines holding code: not blank, not a comment, not inside a docstring."""
    docstring_lines: set[int] = set()
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return sum(1 for line in text.splitlines() if line.strip())
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                end = body[0].end_lineno or body[0].lineno
                docstring_lines.update(range(body[0].lineno, end + 1))
    code: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                          tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        for line in range(token.start[0], token.end[0] + 1):
            if line not in docstring_lines:
                code.add(line)
    return len(code)


def _count(text: str, *, code: bool) -> int:
    return _code_lines(text) if code else len(text.splitlines())


def _files_at(rev: str | None) -> dict[str, str]:
    if rev is None:
        names = _git("ls-files", "dreidelpoker").split()
        return {
            name: (ROOT / name).read_text()
            for name in names
            if name.endswith(".py") and (ROOT / name).exists()
        }
    names = _git("ls-tree", "-r", "--name-only", rev, "dreidelpoker").split()
    return {name: _git("show", f"{rev}:{name}") for name in names if name.endswith(".py")}


def subpackage(path: str) -> str:
    """The row a module is counted in: a game package, a subpackage, or the root modules."""
    parts = path.split("/")[1:-1]
    if not parts:
        return "(root modules)"
    if parts[0] == "games" and len(parts) >= 2:
        return "games/" + parts[1]
    if parts[0] == "games":
        return "games (shared modules)"
    return parts[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help="the commit before issue 25")
    parser.add_argument("--now", default=None, help="a commit (default: the working tree)")
    parser.add_argument("--code", action="store_true", help="count code lines only")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    args = parser.parse_args()

    before = _files_at(args.before)
    now = _files_at(args.now)
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # before, existed, hard, new
    for name, text in before.items():
        rows[subpackage(name)][0] += _count(text, code=args.code)
    for name, text in now.items():
        column = 3 if name in NEW else 2 if name in HARDENING else 1
        rows[subpackage(name)][column] += _count(text, code=args.code)
    missing = sorted((set(NEW) | set(HARDENING)) - set(now))
    if missing:
        print("note: listed modules no longer exist:", ", ".join(missing))

    header = ("subpackage", "before", "now (existed)", "change", "now (hardening)", "now (new)")
    lines = []
    totals = [0, 0, 0, 0]
    for name in sorted(rows):
        values = rows[name]
        totals = [t + v for t, v in zip(totals, values, strict=True)]
        lines.append((name, *values))
    lines.append(("total", *totals))

    def change(old: int, new: int) -> str:
        return f"{(new - old) / old:+.1%}" if old else "new"

    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
    else:
        print(f"{header[0]:<26}" + "".join(f"{h:>17}" for h in header[1:]))
    for name, old, existed, hard, new in lines:
        cells = (f"{old:,}", f"{existed:,}", change(old, existed), f"{hard:,}", f"{new:,}")
        if args.markdown:
            bold = "**" if name == "total" else ""
            print(f"| {bold}{name}{bold} | " + " | ".join(cells) + " |")
        else:
            print(f"{name:<26}" + "".join(f"{c:>17}" for c in cells))
    old, existed, hard, new = totals
    kind = "code lines" if args.code else "lines"
    print(
        f"\n{kind}: before {old:,}; now {existed + hard + new:,} in all "
        f"({existed:,} existed + {hard:,} hardening + {new:,} new capabilities)\n"
        f"what existed then: {change(old, existed)}; with hardening: "
        f"{change(old, existed + hard)}; goal: -20.0% or lower"
    )


if __name__ == "__main__":
    main()
