"""Two workers against one: the same sweep serially, on a 2-process pool and on a 2-worker
Dask LocalCluster (issue 9: target at least 1.6x on a 2-core machine).

The records are checked to be identical on every executor before any time is reported.
The work is classic dreidel (no decisions, so it is the runner's own overhead that is
measured), 3 players x 3 coins and 4 x 3 coins, plus Two Dreidel when it is playable.

    python benchmarks/bench_play_parallel.py [--runs 3] [--games 4000]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

try:
    from _timing import Row, print_table
except ImportError:  # run as benchmarks.bench_play_parallel
    from benchmarks._timing import Row, print_table  # type: ignore[no-redef]

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.play import sweep


def _grid() -> dict[str, Any]:
    return {"rules": {"3 coins": ClassicDreidelRules(coins=3)}, "players": [3, 4]}


def _time(executor: Any, games: int) -> tuple[float, Any]:
    t = time.perf_counter()
    res = sweep(_grid(), games=games, seed=1, executor=executor, progress=False)
    return time.perf_counter() - t, [r.records for _, r in res.cells]


def rows(runs: int, games: int = 4000) -> list[Row]:
    serial: list[float] = []
    pool: list[float] = []
    dask: list[float] = []
    with ProcessPoolExecutor(2) as ex:
        ex.submit(int, 0).result()  # start the workers before timing
        client = None
        try:
            from distributed import Client, LocalCluster

            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
        except ImportError:
            cluster = None
        for _ in range(runs):
            t, ref = _time(None, games)
            serial.append(t)
            t, recs = _time(ex, games)
            assert recs == ref, "process pool gave different records"
            pool.append(t)
            if client is not None:
                t, recs = _time(client, games)
                assert recs == ref, "Dask gave different records"
                dask.append(t)
        if client is not None:
            client.close()
            cluster.close()
    out = [Row(f"classic-dreidel sweep, 2 cells x {games} games: 2 processes vs serial", pool, serial, target=1.6)]
    if dask:
        out.append(Row(f"classic-dreidel sweep, 2 cells x {games} games: Dask 2 workers vs serial", dask, serial,
                       target=1.6))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=4000)
    args = ap.parse_args()
    print_table(rows(args.runs, args.games), runs=args.runs)


if __name__ == "__main__":
    main()
