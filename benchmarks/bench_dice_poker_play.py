"""Whole Dice Poker hands per CPU-second, and the heads-up solves (issue 23).

1. Hands per second of CPU time (``time.process_time``: honest on a shared machine) of
   ``simulate`` at 4 players, serially, for the rule-based line-ups (random, calling-station,
   tight x4; after 200 untimed warm-up hands) and for the equity bot x4 twice: **cold**
   (``dp.clear_caches()`` first: every pair of rolls met builds its exact heads-up equity
   table, ~1 ms) and **warm** (the tables of the cold run and of a 20,000-hand warm-up kept).
   Issue 23 asks for 5,000 (rule-based) and 500 (equity, warm).
2. ``solve_dice_poker`` for each betting structure (defaults: 3 dice buckets, card buckets
   6 for once and 2,2,3 for per-card, one raise a round), from cold caches: wall and CPU
   seconds, split into the abstraction's enumeration, the tree and the solve. Issue 23 asks
   for under 2 minutes each.

Measured at load 11-13 on the 2-core machine (wall times are about five times the CPU times
there): random x4 4,050, calling-station x4 6,070, tight x4 4,580 (5,150 warm), equity x4 330
cold and 4,110 warm hands per CPU-second; solves once 6.7 s CPU (54 s wall), per-card 33.8 s
CPU (171 s wall: 37 s enumeration, 56 s tree, 57 s CFR+). Bytecodes a hand: random x4 12,040,
calling-station x4 10,790, tight x4 13,170.

After the runner's streams started in Python (``Sampler.spawned``) and a batch's shared initial
state (issue 23), at load 12.3: random x4 5,956, calling-station x4 8,214, tight x4 6,285 (6,500
warm), equity x4 254 cold and 5,535 warm. Interleaved against the code before (load 11-12, 3,000
hands each, two pairs): random 1.52x, tight 1.29x, calling-station 1.39x. The per-card solve,
measured alone in its process: 36.1 s CPU (276 s wall at load 11.6); once: 6.9 s CPU (28 s wall).
Issue 23's last stop, alone in its process: per-card 30.5 s CPU (72.4 s wall at load 7.0), once 3.6 s
CPU (7.5 s wall).

Run: .venv/bin/python benchmarks/bench_dice_poker_play.py [--games 5000] [--no-solve] [--bytecodes]
"""

from __future__ import annotations

import argparse
import os
import time

import dreidelpoker as dp
from dreidelpoker.games.dice_poker import DicePokerRules
from dreidelpoker.games.dice_poker.solve import solve_dice_poker
from dreidelpoker.play import simulate


def _rate(bots: list[str], games: int, seed: int) -> float:
    start = time.process_time()
    simulate(DicePokerRules(), bots, games=games, seed=seed, progress=False)
    return games / (time.process_time() - start)


def bytecodes(bots: list[str], games: int = 200) -> float:
    """Python bytecodes a hand (``sys.settrace`` opcode events; load-independent), after 200
    untimed hands."""
    import sys
    from types import FrameType
    from typing import Any

    simulate(DicePokerRules(), bots, games=200, seed=10_000, progress=False)
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        simulate(DicePokerRules(), bots, games=games, seed=1, progress=False)
    finally:
        sys.settrace(None)
    return count / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--no-solve", action="store_true")
    parser.add_argument("--bytecodes", action="store_true", help="count Python bytecodes a hand instead")
    args = parser.parse_args()
    if args.bytecodes:
        for name in ("random", "calling-station", "tight"):
            print(f"{name} x4: {bytecodes([name] * 4):,.0f} bytecodes a hand")
        return
    print(f"load {os.getloadavg()[0]:.1f}")
    for name in ("random", "calling-station", "tight"):
        simulate(DicePokerRules(), [name] * 4, games=200, seed=99, progress=False)
        print(f"{name} x4: {_rate([name] * 4, args.games, 1):,.0f} hands per CPU-second")
    # the tight bot's category cache (56 rolls x 560 holdings) warm, as in a long simulation
    simulate(DicePokerRules(), ["tight"] * 4, games=20_000, seed=97, progress=False)
    print(f"tight x4, warm: {_rate(['tight'] * 4, args.games, 1):,.0f} hands per CPU-second")
    dp.clear_caches()
    print(f"equity x4, cold: {_rate(['equity'] * 4, args.games // 5, 1):,.0f} hands per CPU-second")
    simulate(DicePokerRules(), ["equity"] * 4, games=20_000, seed=98, progress=False)
    print(f"equity x4, warm: {_rate(['equity'] * 4, args.games, 1):,.0f} hands per CPU-second")
    if args.no_solve:
        return
    for betting in ("once", "per-card"):
        dp.clear_caches()
        wall, cpu = time.perf_counter(), time.process_time()
        sol = solve_dice_poker(DicePokerRules(betting=betting, max_raises=1))  # type: ignore[arg-type]
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        load = os.getloadavg()[0]  # wall time on a shared machine means little without it
        print(f"solve {betting}: {wall:.1f} s wall, {cpu:.1f} s CPU at load {load:.1f} ({sol.seconds}); {sol.tree}")


if __name__ == "__main__":
    main()
