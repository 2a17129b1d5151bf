"""Whole Domino Poker hands per CPU-second at 4 players, and the 2-4 player solves (issue 23).

1. Hands per second of CPU time (``time.process_time``: honest on a shared machine) of
   ``simulate`` at 4 players, serially, one hand a game (the default session) and 100 hands
   a game (``session_hands=100``: the per-game set-up of the runner shared by 100 hands),
   for the rule-based line-ups (random, calling-station, tight x4; after 200 untimed
   warm-up hands) and for the equity bot x4 twice: **cold** (``dp.clear_caches()`` first:
   the first decision loads the shipped exact multiway win counts and builds its look-up
   table) and **warm** (that table kept). Issue 23 asks for 5,000 (rule-based) and 500
   (equity, warm).
2. ``solve_multiway`` on 8 strength bands for 2, 3 and 4 players (default rules, raise cap
   3): CPU seconds per CFR+ iteration and the deal table's set-up.

Measured at load 15.5 (issue 23, after the runner's Python-started streams and Domino on the
shared betting round), ``--games 3000 --no-solve``: random x4 6,578 (11,368 with 100 hands a
game), calling-station x4 11,127 (17,982), tight x4 8,608 (12,278), equity x4 6,734 cold and
7,900 warm. Interleaved against the code before (load 11-12, two pairs): random 1.54x, tight
1.33x, calling-station 1.51x.

Run: .venv/bin/python benchmarks/bench_domino_poker_play.py [--games 4000] [--no-solve]
"""

from __future__ import annotations

import argparse
import os
import time

import dreidelpoker as dp
from dreidelpoker.games.domino_poker import DominoPokerRules
from dreidelpoker.games.domino_poker.multiway import domino_deal_table, solve_multiway
from dreidelpoker.play import simulate


def _rate(bots: list[str], games: int, seed: int, session: int = 1) -> float:
    rules = DominoPokerRules(players=4, session_hands=session)
    start = time.process_time()
    simulate(rules, bots, games=games, seed=seed, progress=False)
    return games * session / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--no-solve", action="store_true")
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.1f}")
    for name in ("random", "calling-station", "tight"):
        simulate(DominoPokerRules(players=4), [name] * 4, games=200, seed=99, progress=False)
        one = _rate([name] * 4, args.games, 1)
        many = _rate([name] * 4, max(1, args.games // 100), 1, session=100)
        print(f"{name} x4: {one:,.0f} hands per CPU-second (1 hand a game), {many:,.0f} (100 hands a game)")
    dp.clear_caches()
    print(f"equity x4, cold: {_rate(['equity'] * 4, args.games // 4, 1):,.0f} hands per CPU-second "
          "(the first decision loads the win counts)")
    print(f"equity x4, warm: {_rate(['equity'] * 4, args.games, 2):,.0f} hands per CPU-second")
    if args.no_solve:
        return
    for players, iterations in ((2, 40), (3, 40), (4, 10)):
        start = time.process_time()
        domino_deal_table(players=players)
        table = time.process_time() - start
        start = time.process_time()
        solve_multiway(DominoPokerRules(players=players), iterations=iterations, progress=False)
        per = (time.process_time() - start) / iterations
        print(f"solve {players} players, 8 bands: table {table:.1f} s CPU, {per:.3f} s CPU per iteration "
              "(NashConv measured every 25 and at the end)")


if __name__ == "__main__":
    main()
