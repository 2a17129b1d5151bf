"""Two workers against one: the same sweep serially, on 2 processes and on 2 Dask workers
(issue 22: at least 1.6x serial on a quiet 2-core machine).

The records are checked to be identical on every executor before any time is reported.
The work is classic dreidel, 3 and 4 players x 10 coins (no decisions: the runner's own
overhead and its batch path), cut by ``dreidelpoker.play.runner.chunk_count`` into pieces of
at most 1,000 games (16,000 games a cell: 32 tasks).

What each row times (wall clock, each run interleaved with the serial sweep):

* **a started pool / cluster** (kind ``warm``): the sweep alone, on a pool of 2 processes
  (``play.cluster.process_pool``, what ``--workers 2`` uses) or on
  ``play.cluster.local_cluster(2)``: a Dask ``LocalCluster`` of 2 single-threaded worker
  processes with ``PLAY_DASK_CONFIG`` (no statistical profiler, calmer health checks), and its
  client; both started and given a small sweep first (a Dask worker imports the library on its
  first task). This is the common case for a cluster: ``--scheduler`` or a notebook's
  client runs many sweeps on workers started once. A third row, without a target, runs the
  same ``LocalCluster`` with Dask's default settings: what those settings cost.
* **start, sweep, stop** (kind ``cold process``): starting the pool or the cluster and
  client, the sweep, and closing them, all timed: what one sweep on a fresh pool or
  cluster costs. No target: it shows what starting costs.

The pool rows run first, with no Dask cluster alive, each against serial runs of their
own; then the Dask rows against theirs (a ``LocalCluster``'s scheduler, nannies and client
live in this process and spend CPU every second, beside the pool's run and the serial one).

On a shared machine other jobs take the second core, so the warm rows also account for
CPU: the serial sweep's CPU, every worker's CPU during the sweep and the main process's
(the client, and with a ``LocalCluster`` its scheduler and nannies too). "2 quiet cores"
is serial CPU over the wall two quiet cores would need for that CPU: the busiest worker's
CPU or half of all the CPU used, whichever is larger. It is pessimistic for Dask on a loaded
machine: its processes' event loops (ticks, heartbeats) spend CPU per second of wall
(measured idle for 15 s on a quiet machine: about 0.03 s a second in the client process and
0.01-0.02 in each worker with ``PLAY_DASK_CONFIG``; 0.09 and 0.06-0.07 with Dask's defaults),
and a loaded machine stretches the wall.

    python benchmarks/bench_play_parallel.py [--runs 3] [--games 16000]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

try:
    from _timing import COLD_PROCESS, WARM, Row, print_table
except ImportError:  # run as benchmarks.bench_play_parallel
    from benchmarks._timing import COLD_PROCESS, WARM, Row, print_table  # type: ignore[no-redef]

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.play import sweep
from dreidelpoker.play.cluster import local_cluster, process_pool


def _grid() -> dict[str, Any]:
    return {"rules": {"10 coins": ClassicDreidelRules(coins=10)}, "players": [3, 4]}


def _records(executor: Any, games: int) -> list[Any]:
    return [r.records for _, r in sweep(_grid(), games=games, seed=1, executor=executor, progress=False).cells]


def _children_cpu(pids: list[int]) -> dict[int, float]:
    import psutil  # a dependency of dask.distributed

    out = {}
    for pid in pids:
        t = psutil.Process(pid).cpu_times()
        out[pid] = t.user + t.system
    return out


def _dask_worker_cpu(client: Any) -> dict[str, float]:
    return dict(client.run(time.process_time))


class _Account:
    """One executor's runs, each against a serial sweep timed just before it: the sweep on
    started workers (wall, main process CPU, each worker's CPU) and start, sweep and stop."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.serial: list[float] = []
        self.serial_cpu: list[float] = []
        self.wall: list[float] = []
        self.main: list[float] = []
        self.busiest: list[float] = []
        self.workers: list[float] = []
        self.cold: list[float] = []

    def run(self, executor: Any, worker_cpu: Callable[[], dict[Any, float]], cold: Callable[[int], Any] | None,
            games: int) -> None:
        t, c, ref = _timed(lambda: _records(None, games))
        self.serial.append(t)
        self.serial_cpu.append(c)
        before = worker_cpu()
        t, c, recs = _timed(lambda: _records(executor, games))
        after = worker_cpu()
        assert recs == ref, f"the {self.what} gave different records"
        workers = [after[k] - before[k] for k in after]
        self.wall.append(t)
        self.main.append(c)
        self.busiest.append(max(workers))
        self.workers.append(sum(workers))
        if cold is not None:
            t, _c, recs = _timed(lambda: cold(games))
            assert recs == ref, f"a new {self.what} gave different records"
            self.cold.append(t)

    def note(self, main_what: str) -> str:
        serial_cpu = self.serial_cpu
        quiet = statistics.median(s / max(b, (w + m) / 2) for s, b, w, m
                                  in zip(serial_cpu, self.busiest, self.workers, self.main))
        workers = statistics.median(w / s for w, s in zip(self.workers, serial_cpu))
        main = statistics.median(self.main)
        return (f"wall time, workers started and warmed first; 2 quiet cores: {quiet:.2f}x; workers' CPU "
                f"{workers:.2f}x serial, {main_what} {main * 1e3:.0f} ms CPU (serial {statistics.median(serial_cpu):.2f} s)")


def _timed(run: Callable[[], Any]) -> tuple[float, float, Any]:
    t, c = time.perf_counter(), time.process_time()
    out = run()
    return time.perf_counter() - t, time.process_time() - c, out


def _dask_cold(games: int) -> Any:
    with local_cluster(2) as client:
        return _records(client, games)


def _pool_cold(games: int) -> Any:
    with process_pool(2) as pool:
        return _records(pool, games)


@contextlib.contextmanager
def _started_pool() -> Iterator[tuple[Any, list[int]]]:
    """A started pool of 2 processes (with its workers' pids), warmed by a small sweep."""
    import psutil

    before = {p.pid for p in psutil.Process().children(recursive=True)}
    with process_pool(2) as pool:
        _records(pool, 200)  # start and warm the workers
        pids = [p.pid for p in psutil.Process().children(recursive=True) if p.pid not in before]
        assert len(pids) == 2, f"expected 2 pool workers, found {len(pids)}"
        yield pool, pids


@contextlib.contextmanager
def _started_client(dask_defaults: bool) -> Iterator[Any]:
    """A started Dask client of 2 workers, warmed by a small sweep (``None`` without
    dask.distributed): ``local_cluster(2)``, or with ``dask_defaults`` a plain ``LocalCluster``
    with Dask's default settings."""
    try:
        import distributed
    except ImportError:
        yield None
        return
    if dask_defaults:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                      dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}
                                      ) as cluster, distributed.Client(cluster) as client:
            _records(client, 200)
            yield client
    else:
        with local_cluster(2) as client:
            _records(client, 200)
            yield client


def rows(runs: int, games: int = 16000) -> list[Row]:
    # Two phases, each with its own serial runs: the pool's with no Dask cluster alive (its
    # scheduler, nannies and client live in this process and would spend CPU beside the pool's
    # run and the serial one), then Dask's.
    pool = _Account("process pool")
    with _started_pool() as (started_pool, pids):
        for _ in range(runs):
            pool.run(started_pool, lambda: _children_cpu(pids), _pool_cold, games)
    dask = _Account("Dask cluster")
    with _started_client(dask_defaults=False) as client:
        for _ in range(runs if client is not None else 0):
            dask.run(client, lambda: _dask_worker_cpu(client), _dask_cold, games)
    plain = _Account("Dask cluster with its default settings")
    with _started_client(dask_defaults=True) as client:
        for _ in range(runs if client is not None else 0):
            plain.run(client, lambda: _dask_worker_cpu(client), None, games)
    work = f"classic-dreidel sweep, 2 cells x {games:,} games of 10 coins"
    out = [Row(f"{work}: a started pool of 2 processes vs serial", pool.wall, pool.serial, target=1.6, kind=WARM,
               note=pool.note("main process"))]
    out.append(Row(f"{work}: start 2 processes, sweep, stop vs serial", pool.cold, pool.serial, target=0.0,
                   kind=COLD_PROCESS, note="wall time; no target: what starting a pool costs"))
    if dask.wall:
        out.append(Row(f"{work}: a started local_cluster(2) (Dask, 2 workers) vs serial", dask.wall, dask.serial,
                       target=1.6, kind=WARM,
                       note=dask.note("client, scheduler and nannies (one process)")))
        out.append(Row(f"{work}: start local_cluster(2), sweep, close vs serial", dask.cold,
                       dask.serial, target=0.0, kind=COLD_PROCESS,
                       note="wall time; no target: what starting a cluster costs (workers import dask and the library)"))
    if plain.wall:
        out.append(Row(f"{work}: a started LocalCluster with Dask's default settings, 2 workers vs serial", plain.wall,
                       plain.serial, target=0.0, kind=WARM,
                       note=plain.note("client, scheduler and nannies") + "; no target: what PLAY_DASK_CONFIG saves"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=16000)
    args = ap.parse_args()
    print_table(rows(args.runs, args.games), runs=args.runs)


if __name__ == "__main__":
    main()
