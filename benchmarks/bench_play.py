"""Hands per second of whole Two Dreidel games on one core, by line-up (issue 9).

Each line-up plays ``--games`` seeded games serially; the figure is hands per second of
CPU time of this process (``time.process_time``, honest on a shared machine) and of wall
time. The equity bots are measured twice: cold (empty caches) and warm (the caches of the
first run kept: the steady state of a long simulation, where exact equities are looked
up by observation class instead of recomputed).

What bounds the speed (printed as "steps/hand" and "us/step"): every hand is a sequence
of engine steps -- one chance draw per player, one simultaneous put-back, the betting
actions, the spins and the simultaneous call/fold reveals -- all through the one protocol
(``GameState.apply`` / ``apply_joint``, ``observation``, ``legal_actions``). A step now
costs one copy of the state (an immutable named tuple: a list copy, the changed fields,
one tuple), one log node whose text is written only when read, and per deciding seat an
observation made of three slices of the state, a stored legal-action tuple and the bot's
call; chance and the random bot draw numpy's exact integers from raw words in blocks
(``dreidelpoker.exact_rng``). Counted in Python bytecodes (load-independent,
``sys.settrace`` opcode events over 12 games) a hand costs about 6,500 (random x4),
8,700 (calling-station x2, 12 steps a hand) and 6,100 (tight x4), against 15,000, 23,500
and 14,800 before the speed work; the biggest items are the end of a hand (side pots,
discards, deck cycle, figures: ~800), the betting step with its legal actions (~350 per
bet) and the runner's loop (~60 per step). On the shared 2-core machine a bytecode costs
about 20-30 ns, so a step is ~15-30 us of CPU and a hand ~130-250 us: 4,000-8,000 hands
per CPU-second, below the issue's 10,000. The equity bot adds a few dictionary look-ups
per decision once its caches are warm, and exact posterior and equity computations
(milliseconds each) only on a cache miss.

The rule-based line-ups are timed after two untimed warm-up games (the first ``simulate``
imports the game registry and builds the per-rules tables: a cost of the process, not of
a hand).

Command::

    .venv/bin/python benchmarks/bench_play.py            # about a minute
    .venv/bin/python benchmarks/bench_play.py --games 400 --json
"""

from __future__ import annotations

import argparse
import json
import time

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.equity_bot import cache_info, clear_caches
from dreidelpoker.play import simulate

LINEUPS = {
    "random x4": "random,random,random,random",
    "calling-station x2": "calling-station,calling-station",
    "tight x4": "tight,tight,tight,tight",
    "equity + random x3": "equity,random,random,random",
    "equity x4": "equity,equity,equity,equity",
}


def warm_up(bots: str) -> None:
    """Play two untimed games: the first ``simulate`` imports the game registry and builds the
    per-rules tables (draw classes, put-back choices, hand strengths), a one-time cost of the
    process, not of a hand."""
    simulate(TwoDreidelRules(), bots=bots, games=2, seed=10_000, progress=False)


def bench(bots: str, games: int, seed: int) -> dict[str, float]:
    rules = TwoDreidelRules()
    cpu, wall = time.process_time(), time.perf_counter()
    res = simulate(rules, bots=bots, games=games, seed=seed, progress=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    hands = sum(r.rounds for r in res.records)
    steps = sum(r.steps for r in res.records)
    return {"games": games, "hands": hands, "hands_per_s_cpu": hands / cpu, "hands_per_s_wall": hands / wall,
            "steps_per_hand": steps / hands, "us_per_step_cpu": 1e6 * cpu / steps}


def main() -> None:
    p = argparse.ArgumentParser(description="Two Dreidel whole-game speed by line-up")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    out: dict[str, dict[str, float]] = {}
    for name, bots in LINEUPS.items():
        if "equity" in bots:
            clear_caches()
            out[name + " (cold)"] = bench(bots, args.games, args.seed)
            out[name + " (warm)"] = bench(bots, args.games, args.seed + 1)
            out[name + " (warm)"]["library_calls"] = float(cache_info()["posterior_calls"] + cache_info()["equity_calls"])
        else:
            warm_up(bots)
            out[name] = bench(bots, args.games, args.seed)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{'line-up':<30}{'hands':>8}{'hands/s cpu':>13}{'hands/s wall':>14}{'steps/hand':>12}{'us/step':>9}")
    for name, r in out.items():
        print(f"{name:<30}{r['hands']:>8.0f}{r['hands_per_s_cpu']:>13.0f}{r['hands_per_s_wall']:>14.0f}"
              f"{r['steps_per_hand']:>12.1f}{r['us_per_step_cpu']:>9.1f}")


if __name__ == "__main__":
    main()
