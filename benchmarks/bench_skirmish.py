"""Skirmish: the exact capture solver and whole optimal-vs-optimal games (issue 10).

* A 5-versus-5 capture phase (value + optimal capture, ``best_capture``) must average
  under 1 ms warm (the table filled by earlier positions, the position itself new).
* The memoized solver against plain unmemoized minimax on the same positions (ratio).
* Whole 52-card games with the optimal bot on both sides: games per second on one core.

Run: .venv/bin/python benchmarks/bench_skirmish.py [--runs 1]
"""

from __future__ import annotations

import argparse
import random
import time

from _timing import WARM, Row, interleaved, print_table

from dreidelpoker.games.skirmish import SkirmishRules, best_capture
from dreidelpoker.games.skirmish.rules import STANDARD_DECK
from dreidelpoker.games.skirmish.solver import capture_value, plain_minimax, solver_cache_clear
from dreidelpoker.play import simulate


def positions(n: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        d = list(STANDARD_DECK)
        rng.shuffle(d)
        out.append((tuple(d[:5]), tuple(d[5:10])))
    return out


def warm_solve_ms(n: int = 2000) -> float:
    """Average ms per 5v5 solve (value + best capture) of new positions after a warm-up."""
    solver_cache_clear()
    for m, o in positions(500, 1):  # warm-up: other positions
        best_capture(m, o)
    pos = positions(n, 2)
    t = time.perf_counter()
    for m, o in pos:
        capture_value(m, o)
        best_capture(m, o)
    return (time.perf_counter() - t) / n * 1e3


def games_per_second(games: int = 40) -> float:
    t = time.perf_counter()
    simulate(SkirmishRules(), "optimal,optimal", games=games, seed=1, progress=False)
    return games / (time.perf_counter() - t)


def rows(runs: int) -> list[Row]:
    pos = positions(40, 3)
    assert all(capture_value(m, o) == plain_minimax(m, o) for m, o in pos)
    lib, fair = interleaved(lambda: [capture_value(m, o) for m, o in pos],
                            lambda: [plain_minimax(m, o) for m, o in pos], runs, warm=True)
    cold_lib, cold_fair = interleaved(lambda: (solver_cache_clear(), [capture_value(m, o) for m, o in pos]),
                                      lambda: [plain_minimax(m, o) for m, o in pos], runs)
    return [Row("skirmish: 40 5v5 capture values, memoized (warm table) vs plain minimax", lib, fair, target=10.0,
                note="same positions, same values", kind=WARM),
            Row("skirmish: 40 5v5 capture values, memoized (empty table) vs plain minimax", cold_lib, cold_fair,
                target=10.0, note="the table is emptied before each library run")]


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=1)
    a = p.parse_args()
    print(f"5v5 solve (value + best capture), warm average: {warm_solve_ms():.3f} ms (target < 1 ms)")
    print(f"optimal vs optimal, 52 cards: {games_per_second():.1f} games/s on one core")
    print_table(rows(a.runs), runs=a.runs)
