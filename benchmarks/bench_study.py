"""A paired study on two processes: two Two Dreidel variants x 5,000 four-player games with
``equity`` x 4 (issue 21: target under 10 minutes on this 2-core machine).

The study is :func:`dreidelpoker.play.compare` with its defaults (seats rotated, common
random numbers, batches of 100), the base rules against one variant, on a
``ProcessPoolExecutor(2)``. Printed: wall time, games and hands played, hands per second
of wall time (both processes together), the CPU seconds the worker processes spent (so a
run on a loaded machine still says what a quiet one would take: CPU / workers), the
machine's load before and after (the machine is shared: quote the load with the figure),
and the verdict on the target.

    python benchmarks/bench_study.py [--games 5000] [--workers 2] [--variant deck=2-7-7-2]

Measured (2026-12-01, shared 2-core machine, load 10.9 before and 14.0 after): 10,000 games
(189,057 hands) in 362 s wall, 522 hands/s over both processes: under the 600 s target.
Later (19:50 UTC, load 4.6-5.4, ``nice -n 10``, ``--games 1500``): 3,000 games (57,168 hands),
25.8 CPU-seconds over both workers (8.6 ms a game, 2,220 hands per CPU-second), so the
10,000 games take about 90 CPU-seconds, about 45 s wall on two quiet cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.play import compare, rules_variants

TARGET_SECONDS = 600.0


def _children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def run(games: int, workers: int, variant: str, players: int = 4) -> dict[str, float]:
    """Time one paired study; returns wall seconds, CPU seconds, games, hands and hands per second."""
    variants = rules_variants(TwoDreidelRules(), [variant])
    cpu0, own0 = _children_cpu(), time.process_time()
    with ProcessPoolExecutor(workers) as ex:
        ex.submit(int, 0).result()  # start the workers before timing
        t = time.perf_counter()
        study = compare(variants, lineups={f"equity x{players}": ("equity",) * players}, players=players,
                        metrics=["hands", "all_in_rate"], games=games, seed=1, executor=ex, progress=False)
        wall = time.perf_counter() - t
    # the workers' CPU is known once they have exited (it includes their start-up, about a second each)
    cpu = _children_cpu() - cpu0 + time.process_time() - own0
    hands = sum(float(r.per_game("hands").sum()) for _, r in study.cells)
    played = sum(r.games for _, r in study.cells)
    print(study.to_text())
    return {"seconds": wall, "cpu_seconds": cpu, "games": played, "hands": hands, "hands_per_second": hands / wall}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=5000, help="games per variant (default 5000)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--variant", default="deck=2-7-7-2", help="the variant compared with the base rules")
    args = ap.parse_args()
    before = os.getloadavg()
    fig = run(args.games, args.workers, args.variant)
    after = os.getloadavg()
    print(f"\n{fig['games']:,.0f} games ({fig['hands']:,.0f} hands) in {fig['seconds']:.1f} s wall on "
          f"{args.workers} processes: {fig['hands_per_second']:,.0f} hands/s; load {before[0]:.1f} before, "
          f"{after[0]:.1f} after (1-minute averages)")
    quiet = fig["cpu_seconds"] / args.workers
    print(f"CPU: {fig['cpu_seconds']:,.1f} s over all processes ({1000 * fig['cpu_seconds'] / fig['games']:.1f} ms "
          f"a game, {fig['hands'] / fig['cpu_seconds']:,.0f} hands per CPU-second); on a quiet machine about "
          f"{quiet:,.0f} s wall on {args.workers} processes")
    verdict = "meets" if fig["seconds"] < TARGET_SECONDS else "misses"
    print(f"target: under {TARGET_SECONDS:.0f} s -> {verdict} it")


if __name__ == "__main__":
    main()
