"""``make bench``: every benchmark in one table (library vs fair baseline, interleaved runs).

Run: .venv/bin/python benchmarks/run.py [--runs 3] [--only two_dreidel,cli,...] [--scale]
The scale rows (``bench_scale``) always come last: the put-back MDP on 4-12-12-4 runs every
time; ``--scale`` also runs the long ones (classic dreidel 4 x 10 in floats, the put-back
MDP on 8-24-24-8), which otherwise show their last measured figures, marked as such.
Every target of issues 16 and 22 has a row: Two Dreidel equity (1 to 7 opponents, every
preset, first calls, and the first answer in a fresh process), Domino cold equity, Dice,
CLI start-up, the exact Markov solves, Skirmish, classic dreidel games against a plain
loop, engine steps and CFR+ against OpenSpiel (skipped with a note when it is not
installed), Queenie, parallel sweeps, scale. The machine load is printed with the table.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _timing import machine_load, print_table  # noqa: E402

MODULES = ["bench_two_dreidel", "bench_domino_poker", "bench_dice_poker", "bench_markov", "bench_cli", "bench_skirmish",
           "bench_play", "bench_solve", "bench_queenie", "bench_play_parallel"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--only", default="", help="comma-separated module names without bench_")
    p.add_argument("--scale", action="store_true", help="add the long scale rows (one run each)")
    a = p.parse_args()
    names = [f"bench_{n}" for n in a.only.split(",")] if a.only else list(MODULES) + ["bench_scale"]
    rows = []
    load = machine_load()
    t = time.perf_counter()
    for name in names:
        module = importlib.import_module(name)
        rows += module.rows(a.runs, long=a.scale) if name == "bench_scale" else module.rows(a.runs)
    print(f"python {sys.version.split()[0]}; total {time.perf_counter() - t:.0f} s; at the start: {load}")
    print_table(rows, runs=a.runs)


if __name__ == "__main__":
    main()
