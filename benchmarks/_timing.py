"""Shared timing helpers for the benchmarks: interleaved repeats, cold processes, one table.

Every benchmark module exposes ``rows(runs) -> list[Row]``; ``benchmarks/run.py`` (``make
bench``) collects them into one table. Each row times the library and the fair baseline
(the best a competent user would write: multisets with multiplicities, numpy where it
fits, python-flint dense solves, a plain loop of the same rules), written in the same
run, after checking that both give the same answer.

What a row times is what a user pays for a *new* question (issue 22): :func:`interleaved`
empties every library cache (``dreidelpoker.clear_caches()``, untimed) before each library
call, so a repeated question never reads its own answer back. A row that times something
else says so in its kind: ``"cold process"`` (a fresh interpreter, imports included) or
``"warm"`` (caches kept on purpose: the steady state of a long run), never unlabelled.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Row", "interleaved", "cold", "cold_pair", "machine_load", "print_table", "python"]

#: What a row's library time is (see the module docstring).
FIRST_CALL, COLD_PROCESS, WARM = "first call", "cold process", "warm"


@dataclass(frozen=True)
class Row:
    """One line of the table: times in seconds (every run), and the target to meet."""

    work: str
    library: list[float]
    fair: list[float]
    target: float = 1.0  # the fair/library ratio to reach (2.0 = "2x faster"); 0: none (shown for what it costs)
    note: str = ""
    ran: bool = True  # False: not run this time; the times are the last measured ones (see note)
    kind: str = FIRST_CALL  # FIRST_CALL (caches emptied before each call), COLD_PROCESS or WARM

    @property
    def ratio(self) -> float:
        """How many times faster the library is than the fair baseline: the median of the ratios
        run by run (each pair timed back to back, so a burst of load hits both), or of the
        medians when the two sides have different run counts; nan when skipped."""
        if not self.library or not self.fair:
            return float("nan")
        if len(self.library) == len(self.fair):
            return statistics.median(f / lib for f, lib in zip(self.fair, self.library))
        return statistics.median(self.fair) / statistics.median(self.library)


def _clear_library_caches() -> None:
    from dreidelpoker.caches import clear_caches

    clear_caches()


def _timed(f: Callable[[], object], k: int, before: Callable[[], object] | None,
           clock: Callable[[], float]) -> float:
    """Seconds per call of ``k`` calls of ``f``; ``before`` runs before each call, untimed."""
    if before is None:
        t = clock()
        for _ in range(k):
            f()
        return (clock() - t) / k
    total = 0.0
    for _ in range(k):
        before()
        t = clock()
        f()
        total += clock() - t
    return total / k


def interleaved(library: Callable[[], object], fair: Callable[[], object], runs: int, *,
                min_sample: float = 0.005, warm: bool = False,
                clock: Callable[[], float] = time.process_time) -> tuple[list[float], list[float]]:
    """Time both callables ``runs`` times each, alternating, so machine noise hits both.

    Every library call is a first call: the library's caches are emptied (untimed) before
    each one, unless ``warm`` (then label the row ``kind=WARM``). The clock is this
    process's CPU time by default (other jobs on a shared machine delay a call, they
    hardly add CPU time to it); calls that wait on other processes pass
    ``clock=time.perf_counter``.

    A call shorter than ``min_sample`` seconds is repeated within each sample (the same
    number of times in every sample of that side, found from one calibration call) and the
    sample is the time per call: single calls of tens of microseconds are mostly timer and
    scheduler noise on a loaded machine."""
    before = None if warm else _clear_library_caches
    reps = []
    for f, b in ((library, before), (fair, None)):
        once = _timed(f, 1, b, clock)
        reps.append(1 if once >= min_sample else min(10_000, int(min_sample / max(once, 1e-7)) + 1))
    lib: list[float] = []
    base: list[float] = []
    for _ in range(runs):
        lib.append(_timed(library, reps[0], before, clock))
        base.append(_timed(fair, reps[1], None, clock))
    return lib, base


def cold(argv: Sequence[str], *, cpu: bool = False) -> float:
    """Wall time of one fresh process (what a CLI user pays), or with ``cpu`` its CPU time
    (user + system, which other load on a shared machine disturbs much less).

    The process may write its bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped from its
    environment): an installed package's modules are compiled once, so a user's fresh
    process reads ``.pyc`` files; with the variable set (as on some CI and sandbox shells)
    every run would compile each changed module again and time the compiler, not the import.
    The untimed first run of ``cold_pair`` writes them."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(list(argv), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime) if cpu else wall


def cold_pair(library: Sequence[str], fair: Sequence[str], runs: int, *,
              cpu: bool = False) -> tuple[list[float], list[float]]:
    """Interleaved cold-process timings of two command lines (CPU time with ``cpu``)."""
    lib: list[float] = []
    base: list[float] = []
    interleaved(lambda: lib.append(cold(library, cpu=cpu)), lambda: base.append(cold(fair, cpu=cpu)), runs, warm=True,
                clock=time.perf_counter)
    return lib[-runs:], base[-runs:]


def python(code: str) -> list[str]:
    """A command line running ``code`` in this interpreter."""
    return [sys.executable, "-c", code]


def _fmt(ts: Sequence[float]) -> str:
    return f"{min(ts) * 1e3:10.3f} {statistics.median(ts) * 1e3:10.3f}"


def machine_load() -> str:
    """The 1-, 5- and 15-minute load averages and the core count, for the table's header."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:  # pragma: no cover - no load average on this platform
        return f"{os.cpu_count()} cores, load unknown"
    return f"{os.cpu_count()} cores, load {one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min)"


def print_table(rows: Sequence[Row], *, runs: int) -> None:
    """Print the table: work, kind, library min/median, fair min/median, ratio, target met,
    with the machine load before the table."""
    w = max(len(r.work) for r in rows)
    k = max(len(r.kind) for r in rows)
    print(f"machine: {machine_load()}")
    print(f"{runs} interleaved runs per row; times in milliseconds (min, median); "
          "ratio = median over runs of fair / library, each pair timed back to back (>1: library faster); "
          "in-process rows in CPU time of this process, processes in wall time; kind: 'first call' = the library's "
          "caches emptied before every timed call, 'cold process' = a fresh interpreter with its imports, "
          "'warm' = caches kept on purpose")
    print(f"{'work':<{w}}  {'kind':<{k}}  {'library min     median':>21}  {'fair min     median':>21}  {'ratio':>7}  "
          f"{'target':>7}  met")
    for r in rows:
        if not r.library or not r.fair:  # a row that could not run here (its note says why)
            print(f"{r.work:<{w}}  {r.kind:<{k}}  {'':>21}  {'':>21}  {'-':>7}  {r.target:6.2f}x  -  ({r.note})")
            continue
        met = ("-" if r.target <= 0 else "yes" if r.ratio >= r.target else "NO") + (
            "" if r.ran else " (last measured, not run)")
        target = f"{'-':>6} " if r.target <= 0 else f"{r.target:6.2f}x"
        print(f"{r.work:<{w}}  {r.kind:<{k}}  {_fmt(r.library)}  {_fmt(r.fair)}  {r.ratio:6.2f}x  {target}  "
              f"{met}" + (f"  ({r.note})" if r.note else ""))
