"""Domino Poker exact equity of one known hand against 3 unknown opponents, paid cold
(a fresh process, timed from after the imports to the answer), against a fair numpy
baseline: value only the C(15,5) = 3,003 hands the unseen tiles can make (with the
library's per-hand evaluator, uncached), then deal the 15 unseen tiles into 3 unordered
hands with numpy (126,126 deals) and count where the hero's hand is the best.

(The ordered enumeration of all 756,756 deals stays in the tests as an oracle.)

Run: .venv/bin/python benchmarks/bench_domino_poker.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from _timing import COLD_PROCESS, Row, interleaved

HAND = "6-6,5-5,2-4,3-1,4-6"

LIBRARY = f"""
import time, json
from dreidelpoker.games import domino_poker as dom
equity = dom.equity  # (the package is lazy: this imports the module, before the clock starts)
t = time.perf_counter()
r = equity({HAND!r}, opponents=3)
print(json.dumps([time.perf_counter() - t, str(r.win), str(r.tie)]))
"""

FAIR = f"""
import time, json, itertools
import numpy as np
from fractions import Fraction
from dreidelpoker.games import domino_poker as dom
from dreidelpoker.games.domino_poker.evaluator import evaluate_tiles
t = time.perf_counter()
evaluate = evaluate_tiles.__wrapped__  # the per-hand evaluator without its cache
hero = dom.parse_hand({HAND!r})
pool = [x for x in dom.TILES if x not in hero]
hands = list(itertools.combinations(range(15), 5))
keys = [evaluate(tuple(sorted((pool[i] for i in h), reverse=True)), "flush").key for h in hands]
hero_key = evaluate(hero, "flush").key
beats = np.array([k > hero_key for k in keys])          # opponent hand beats the hero
ties = np.array([k == hero_key for k in keys])
masks = np.array([sum(1 << i for i in h) for h in hands], dtype=np.int64)
index = np.full(1 << 15, -1, dtype=np.int64)
index[masks] = np.arange(len(hands))
full = (1 << 15) - 1
a = np.flatnonzero(masks & 1)                           # first hand holds the lowest tile
rest = full ^ masks[a]
low = rest & -rest                                      # second hand holds the lowest left
b_ok = ((masks[None, :] & masks[a][:, None]) == 0) & ((masks[None, :] & low[:, None]) != 0)
ai, bi = np.nonzero(b_ok)
ai = a[ai]
ci = index[full ^ masks[ai] ^ masks[bi]]
lost = beats[ai] | beats[bi] | beats[ci]
tied = ~lost & (ties[ai] | ties[bi] | ties[ci])
total = len(ai)
win = Fraction(int(np.count_nonzero(~lost & ~tied)), total)
tie = Fraction(int(np.count_nonzero(tied)), total)
print(json.dumps([time.perf_counter() - t, str(win), str(tie)]))
"""


def _run(code: str) -> tuple[float, list[str]]:
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    seconds, *answer = json.loads(out)
    return float(seconds), answer


def rows(runs: int) -> list[Row]:
    answers: list[list[str]] = []
    lib: list[float] = []
    fair: list[float] = []

    def timed(code: str, out: list[float]) -> None:
        s, ans = _run(code)
        out.append(s)
        answers.append(ans)

    interleaved(lambda: timed(LIBRARY, lib), lambda: timed(FAIR, fair), runs, warm=True)  # fresh processes
    assert all(a == answers[0] for a in answers), answers
    return [Row("Domino equity, 1 hand vs 3 unknown, cold process (after imports)", lib, fair, target=1.0,
                kind=COLD_PROCESS)]


if __name__ == "__main__":
    from _timing import print_table

    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    t = time.perf_counter()
    print_table(rows(a.runs), runs=a.runs)
