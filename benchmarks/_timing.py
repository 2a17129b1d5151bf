"""Shared timing helpers for the benchmarks: interleaved repeats, cold processes, one table.

Every benchmark module exposes ``rows(runs) -> list[Row]``; ``benchmarks/run.py`` (``make
bench``) collects them into one table. Each row times the library and the fair baseline
(the best a competent user would write: multisets with multiplicities, numpy where it
fits, python-flint dense solves), after checking that both give the same answer.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Row", "interleaved", "cold", "print_table"]


@dataclass(frozen=True)
class Row:
    """One line of the table: times in seconds (every run), and the target to meet."""

    work: str
    library: list[float]
    fair: list[float]
    target: float = 1.0  # the fair/library ratio to reach (2.0 = "2x faster")
    note: str = ""
    ran: bool = True  # False: not run this time; the times are the last measured ones (see note)

    @property
    def ratio(self) -> float:
        """How many times faster the library is than the fair baseline (medians)."""
        return statistics.median(self.fair) / statistics.median(self.library)


def interleaved(library: Callable[[], object], fair: Callable[[], object], runs: int, *,
                min_sample: float = 0.005) -> tuple[list[float], list[float]]:
    """Time both callables ``runs`` times each, alternating, so machine noise hits both.

    A call shorter than ``min_sample`` seconds is repeated within each sample (the same
    number of times in every sample of that side, found from one calibration call) and the
    sample is the time per call: single calls of tens of microseconds are mostly timer and
    scheduler noise on a loaded machine."""
    reps = []
    for f in (library, fair):
        t = time.perf_counter()
        f()
        once = time.perf_counter() - t
        reps.append(1 if once >= min_sample else min(10_000, int(min_sample / max(once, 1e-7)) + 1))
    lib: list[float] = []
    base: list[float] = []
    for _ in range(runs):
        for f, out, k in ((library, lib, reps[0]), (fair, base, reps[1])):
            t = time.perf_counter()
            for _ in range(k):
                f()
            out.append((time.perf_counter() - t) / k)
    return lib, base


def cold(argv: Sequence[str], *, cpu: bool = False) -> float:
    """Wall time of one fresh process (what a CLI user pays), or with ``cpu`` its CPU time
    (user + system, which other load on a shared machine disturbs much less)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(list(argv), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime) if cpu else wall


def cold_pair(library: Sequence[str], fair: Sequence[str], runs: int, *,
              cpu: bool = False) -> tuple[list[float], list[float]]:
    """Interleaved cold-process timings of two command lines (CPU time with ``cpu``)."""
    return interleaved(lambda: cold(library, cpu=cpu), lambda: cold(fair, cpu=cpu), runs)


def python(code: str) -> list[str]:
    """A command line running ``code`` in this interpreter."""
    return [sys.executable, "-c", code]


def _fmt(ts: Sequence[float]) -> str:
    return f"{min(ts) * 1e3:10.3f} {statistics.median(ts) * 1e3:10.3f}"


def print_table(rows: Sequence[Row], *, runs: int) -> None:
    """Print the table: work, library min/median, fair min/median, ratio, target met."""
    w = max(len(r.work) for r in rows)
    print(f"{runs} interleaved runs per row; times in milliseconds (min, median); "
          "ratio = fair median / library median (>1: library faster)")
    print(f"{'work':<{w}}  {'library min     median':>21}  {'fair min     median':>21}  {'ratio':>7}  {'target':>7}  met")
    for r in rows:
        met = ("yes" if r.ratio >= r.target else "NO") + ("" if r.ran else " (last measured, not run)")
        print(f"{r.work:<{w}}  {_fmt(r.library)}  {_fmt(r.fair)}  {r.ratio:6.2f}x  {r.target:6.2f}x  {met}"
              + (f"  ({r.note})" if r.note else ""))
