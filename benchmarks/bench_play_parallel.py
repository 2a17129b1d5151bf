"""Two workers against one: the same sweep serially, on a 2-process pool and on a 2-worker
Dask LocalCluster (issue 22: at least 1.6x serial on a quiet 2-core machine).

The records are checked to be identical on every executor before any time is reported.
The work is classic dreidel, 3 and 4 players x 10 coins (no decisions: the runner's own
overhead and its batch path), chunked by ``dreidelpoker.play.runner.chunk_count`` (about 4
tasks per worker; 4,000 games a cell make pieces of 1,000 on 2 workers and serially alike, so
both play across games at once in numpy). Each executor's workers run a small sweep first (untimed): a Dask
worker imports the library on its first task, a cost of starting the cluster, not of the
sweep.

On a shared machine the wall-time ratio says little (other jobs take the second core), so
the Dask row also measures the work itself: each worker's CPU seconds during the sweep and
the main process's (client and scheduler). Serial CPU over the busiest worker's CPU is the
speed-up two quiet cores would give (the note's "2 quiet cores"), and the sum of the
workers' CPU over serial CPU is what running in pieces costs (pickling, scheduling).

    python benchmarks/bench_play_parallel.py [--runs 3] [--games 4000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

try:
    from _timing import WARM, Row, print_table
except ImportError:  # run as benchmarks.bench_play_parallel
    from benchmarks._timing import WARM, Row, print_table  # type: ignore[no-redef]

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.play import sweep


def _grid() -> dict[str, Any]:
    return {"rules": {"10 coins": ClassicDreidelRules(coins=10)}, "players": [3, 4]}


def _time(executor: Any, games: int) -> tuple[float, float, Any]:
    t, c = time.perf_counter(), time.process_time()
    res = sweep(_grid(), games=games, seed=1, executor=executor, progress=False)
    return time.perf_counter() - t, time.process_time() - c, [r.records for _, r in res.cells]


def _worker_cpu(client: Any) -> dict[str, float]:
    return dict(client.run(time.process_time))


def rows(runs: int, games: int = 4000) -> list[Row]:
    serial: list[float] = []
    serial_cpu: list[float] = []
    pool: list[float] = []
    dask: list[float] = []
    busiest: list[float] = []
    overhead: list[float] = []
    main_cpu: list[float] = []
    with ProcessPoolExecutor(2) as ex:
        sweep(_grid(), games=20, seed=2, executor=ex, progress=False)  # start and warm the workers
        client = cluster = None
        try:
            from distributed import Client, LocalCluster

            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
            sweep(_grid(), games=20, seed=2, executor=client, progress=False)
        except ImportError:
            pass
        for _ in range(runs):
            t, c, ref = _time(None, games)
            serial.append(t)
            serial_cpu.append(c)
            t, _c, recs = _time(ex, games)
            assert recs == ref, "process pool gave different records"
            pool.append(t)
            if client is not None:
                before = _worker_cpu(client)
                t, c, recs = _time(client, games)
                after = _worker_cpu(client)
                assert recs == ref, "Dask gave different records"
                dask.append(t)
                used = [after[w] - before[w] for w in after]
                busiest.append(max(used))
                overhead.append(sum(used) / serial_cpu[-1])
                main_cpu.append(c)
        if client is not None:
            client.close()
            cluster.close()  # type: ignore[union-attr]
    work = f"classic-dreidel sweep, 2 cells x {games} games of 10 coins"
    out = [Row(f"{work}: 2 processes vs serial", pool, serial, target=1.6, kind=WARM,
               note="wall time, workers started and warmed first; a shared machine's other jobs take the second core")]
    if dask:
        quiet = statistics.median(serial_cpu) / statistics.median(busiest)
        out.append(Row(f"{work}: Dask 2 workers vs serial", dask, serial, target=1.6, kind=WARM, note=(
            f"wall time, workers warmed first; 2 quiet cores: {quiet:.2f}x (serial CPU / busiest worker's CPU), workers' CPU "
            f"{statistics.median(overhead):.2f}x serial, client and scheduler "
            f"{statistics.median(main_cpu) * 1e3:.0f} ms CPU")))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=4000)
    args = ap.parse_args()
    print_table(rows(args.runs, args.games), runs=args.runs)


if __name__ == "__main__":
    main()
