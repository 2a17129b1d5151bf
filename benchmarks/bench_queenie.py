"""Queenie speed (issue 11): deals per second on one core with rule-based bots (target: at
least 2,000 deals/s at 5 players), and a sweep's speedup on 2 worker processes.

The sweep's records are checked to be identical serially and on the pool before any time
is reported. Times are wall clock and CPU time of this process (on a shared machine the
CPU time is the fairer single-core figure). One short untimed run comes first, so the
figures leave out the one-off import of the game registry (about a second), which the
first call of ``simulate`` pays.

What bounds the speed: the runner's batch path (``QueenieGame.run_turns(log=False)``) plays
whole deals in one loop over plain ints: the session's deals shuffled ahead in numpy
(``Sampler.permutations``) and dealt into bit masks there, the dummy offered round (the
bot asked each time, with an observation only if it reads one: ``observation_needed``),
the runs a turn at a time with bit arithmetic (about 26 turns and 10 runs a deal: about
half of a deal's time), the leads that need a choice (an observation and the bot) and
the pots. No state is made between steps and no log line is written. Sessions of one
deal also pay per game for the runner's seeded generators (numpy makes a
``SeedSequence`` and a ``Generator``, about 20 µs), a fresh line-up of bots and the
record with its ~30 metrics.

    python benchmarks/bench_queenie.py [--runs 1] [--deals 20000] [--sweep-games 400]  (0: no sweep)
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import fair_queenie
import os

from _timing import COLD_PROCESS, Row, cold_pair, interleaved, python

from dreidelpoker.games.queenie import QueenieRules
from dreidelpoker.play import simulate, sweep

LINEUP = ("heuristic", "never-swap", "always-swap", "heuristic", "never-swap")


def deals_per_second(deals: int, session_deals: int) -> tuple[float, float]:
    """(wall, cpu) deals per second for ``deals`` deals at 5 players in sessions of ``session_deals``."""
    rules = QueenieRules(players=5, session_deals=session_deals)
    games = max(1, deals // session_deals)
    w, c = time.perf_counter(), time.process_time()
    res = simulate(rules, LINEUP, games=games, seed=1, progress=False)
    wall, cpu = time.perf_counter() - w, time.process_time() - c
    assert res.games == games
    n = games * session_deals
    return n / wall, n / cpu


def _grid() -> dict[str, Any]:
    return {"rules": {"sessions of 10": QueenieRules(session_deals=10)}, "players": [3, 4, 5, 6, 7, 8],
            "bots": {"heuristic vs random": _heuristic_vs_random}}


def _heuristic_vs_random(players: int) -> tuple[str, ...]:
    return ("heuristic",) + ("random",) * (players - 1)


def sweep_speedup(games: int) -> tuple[float, float, float]:
    """(serial seconds, 2-process seconds, speedup) for a 6-cell sweep."""
    t = time.perf_counter()
    ref = sweep(_grid(), games=games, seed=1, progress=False)
    serial = time.perf_counter() - t
    with ProcessPoolExecutor(2) as ex:
        ex.submit(int, 0).result()  # start the workers before timing
        t = time.perf_counter()
        par = sweep(_grid(), games=games, seed=1, executor=ex, progress=False)
        pool = time.perf_counter() - t
    assert [r.records for _, r in par.cells] == [r.records for _, r in ref.cells], "the pool gave different records"
    return serial, pool, serial / pool


def rows(runs: int) -> list[Row]:
    """The row of ``make bench``: 5 never-swap players, sessions of 100 deals, against the fair
    simulator (``fair_queenie.play``), after checking both play the same game (cards, runs,
    turns, blocked deals and dead queen-pot Queens per deal agree within sampling error)."""
    players, sessions, deals = 5, 10, 100
    rules = QueenieRules(players=players, session_deals=deals)
    lineup = ("never-swap",) * players
    lib = simulate(rules, lineup, games=30, seed=1, progress=False)
    fair = fair_queenie.play(players, 30, deals, 1)
    for k, name in enumerate(("cards", "runs", "turns"), start=1):
        a = [r.metrics[name] for r in lib.records]
        b = [f[k] / deals for f in fair]
        se = (statistics.pvariance(a) / len(a) + statistics.pvariance(b) / len(b)) ** 0.5
        assert abs(statistics.mean(a) - statistics.mean(b)) < 5 * se + 1e-9, (name, statistics.mean(a), statistics.mean(b))
    t_lib, t_fair = interleaved(lambda: simulate(rules, lineup, games=sessions, seed=2, progress=False),
                                lambda: fair_queenie.play(players, sessions, deals, 2), runs)
    n = sessions * deals
    return [Row(f"Queenie, 5 never-swap players, {n} deals: simulate vs a fair simulator",
                [1000 * t / n for t in t_lib], [1000 * t / n for t in t_fair], target=1.0,
                note="times per 1,000 deals, the runner's batch path (QueenieGame.run_turns); issue 22: at least "
                     "1x the fair simulator, which never asks a bot at the 5 offers a deal"),
            _cold_row(runs)]


def _cold_row(runs: int) -> Row:
    """The same sessions in a fresh process each (imports included), CPU time."""
    here = os.path.dirname(os.path.abspath(__file__))
    lib_argv = python("from dreidelpoker.games.queenie import QueenieRules\nfrom dreidelpoker.play import simulate\n"
                      "simulate(QueenieRules(players=5, session_deals=100), ('never-swap',) * 5, games=20, seed=2, "
                      "progress=False)")
    fair_argv = python(f"import sys; sys.path.insert(0, {here!r})\nimport fair_queenie\nfair_queenie.play(5, 20, 100, 2)")
    t_lib, t_fair = cold_pair(lib_argv, fair_argv, runs, cpu=True)
    return Row("Queenie, 5 never-swap players, 2,000 deals, a fresh process each: simulate vs a fair simulator", t_lib,
               t_fair, target=1.0, kind=COLD_PROCESS,
               note="CPU time of the whole process, imports included (the fair simulator imports numpy only)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--sweep-games", type=int, default=400)
    a = ap.parse_args()
    deals_per_second(200, 100)  # untimed: imports the registry and fills the caches
    for session in (100, 1):
        walls, cpus = zip(*(deals_per_second(a.deals, session) for _ in range(a.runs)))
        print(f"5 players, rule-based bots, sessions of {session:>3} deal(s): "
              f"{statistics.median(cpus):,.0f} deals/s per CPU second ({statistics.median(walls):,.0f} wall); "
              f"target 2,000")
    if a.sweep_games < 1:
        return  # --sweep-games 0: deals per second only
    speed = [sweep_speedup(a.sweep_games) for _ in range(a.runs)]
    s, p, x = (statistics.median(v) for v in zip(*speed))
    print(f"sweep, 3..8 players x {a.sweep_games} sessions of 10 deals: serial {s:.1f} s, 2 processes {p:.1f} s, "
          f"speedup {x:.2f}x")


if __name__ == "__main__":
    main()
