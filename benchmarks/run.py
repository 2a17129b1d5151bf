"""``make bench``: every benchmark in one table (library vs fair baseline, interleaved runs).

Run: .venv/bin/python benchmarks/run.py [--runs 3] [--only two_dreidel,cli,...] [--scale]
``--scale`` adds the long single-run scale rows (classic dreidel 4 x 10 in floats, the
put-back MDP on 4-12-12-4 and 8-24-24-8), measured against the issue's time targets.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _timing import print_table  # noqa: E402

MODULES = ["bench_two_dreidel", "bench_domino_poker", "bench_dice_poker", "bench_markov", "bench_cli", "bench_skirmish"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--only", default="", help="comma-separated module names without bench_")
    p.add_argument("--scale", action="store_true", help="add the long scale rows (one run each)")
    a = p.parse_args()
    names = [f"bench_{n}" for n in a.only.split(",")] if a.only else list(MODULES)
    if a.scale:
        names.append("bench_scale")
    rows = []
    t = time.perf_counter()
    for name in names:
        rows += importlib.import_module(name).rows(a.runs)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; total {time.perf_counter() - t:.0f} s")
    print_table(rows, runs=a.runs)


if __name__ == "__main__":
    main()
