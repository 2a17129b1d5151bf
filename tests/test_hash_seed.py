"""Same seed, same answer, under any hash seed (issue 20, item 4).

Python randomises the iteration order of sets of strings per process (``PYTHONHASHSEED``).
A sweep whose Two Dreidel rules held two trump pairs gave different games under
``PYTHONHASHSEED=1`` than under 0 and 2: the cell's seed came from a key holding the
frozenset's repr. Here the same commands run in fresh processes under three hash seeds and
their output must be byte for byte the same; the sweep cache they share must hold one entry
per cell (the keys agree too).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from dreidelpoker.games.two_dreidel.rulebook.rules import TrumpPairs, TwoDreidelRules

TRUMPS = "S>G,N>G,H>N"

COMMANDS = [
    ["sweep", "two-dreidel", "--players", "2", "--games", "20", "--seed", "1", "--trumps", "S>G,N>G"],
    ["sweep", "two-dreidel", "--players", "2,3", "--games", "8", "--seed", "2", "--trumps", TRUMPS,
     "--metric", "trump_rate"],
    ["simulate", "two-dreidel", "--players", "3", "--games", "15", "--seed", "4", "--trumps", TRUMPS],
    ["odds", "two-dreidel", "--trumps", TRUMPS],
    ["equity", "two-dreidel", "--hand", "GH", "--opponents", "2", "--trumps", TRUMPS],
    ["sweep", "classic-dreidel", "--players", "2", "--coins", "2", "--games", "10", "--seed", "1"],
    ["sweep", "queenie", "--games", "6", "--seed", "1"],
    ["sweep", "skirmish", "--players", "2", "--games", "6", "--seed", "1"],
    ["sweep", "dice-poker", "--players", "2", "--games", "10", "--seed", "1"],
]

SCRIPT = """
import contextlib, io, json, sys
from dreidelpoker import cli
commands, cache = json.loads(sys.argv[1]), sys.argv[2]
for i, argv in enumerate(commands):
    argv = argv + (["--cache", cache] if i == 0 else []) + ["--json"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    print(code, err.getvalue().strip()[-300:])
    print(out.getvalue())
"""


def _run(hash_seed: str, cache: Path) -> str:
    import json

    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    proc = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(COMMANDS), str(cache)], env=env,
                          capture_output=True, text=True, timeout=600, cwd=cache.parent)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def test_outputs_are_the_same_under_three_hash_seeds(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    runs = {"0": _run("0", cache)}
    entries = sorted(p.name for p in cache.iterdir())
    runs.update({seed: _run(seed, cache) for seed in ("1", "2")})
    first = runs["0"]
    assert first.count("\n0 \n") + first.startswith("0 \n") == len(COMMANDS), first[:2000]
    for seed, out in runs.items():
        assert out == first, f"PYTHONHASHSEED={seed} changed the output"
    # The later runs found the first run's cells: they agreed on every cell's key.
    assert len(entries) == 3 and sorted(p.name for p in cache.iterdir()) == entries


def test_trump_pairs_iterate_and_print_sorted() -> None:
    rules = TwoDreidelRules(trumps={("S", "G"), ("N", "G"), ("H", "N")})
    assert isinstance(rules.trumps, TrumpPairs)
    assert list(rules.trumps) == [("H", "N"), ("N", "G"), ("S", "G")]
    assert "frozenset({('H', 'N'), ('N', 'G'), ('S', 'G')})" in repr(rules)
    assert rules.trumps == frozenset({("S", "G"), ("N", "G"), ("H", "N")})
    assert rules == TwoDreidelRules(trumps=[("H", "N"), ("S", "G"), ("N", "G")])
    import pickle

    assert pickle.loads(pickle.dumps(rules)) == rules
    assert list(pickle.loads(pickle.dumps(rules.trumps))) == list(rules.trumps)
