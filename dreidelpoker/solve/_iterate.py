"""The iteration loop both CFR+ solvers share: check the counts, step, measure NashConv
every ``check_every`` iterations (and after the last) with a progress bar, stop early at
``target``."""

from __future__ import annotations

from collections.abc import Callable

from ..limits import MAX_ITERATIONS, open_progress_bar
from ..validation import check_count, check_number


def check_iteration_options(iterations: int, check_every: int, target: float | None) -> None:
    """Check a CFR+ run's counts and target before any work (a NaN, infinite, zero or negative
    target would never be reached, so the run would always go to the last iteration)."""
    check_count(iterations, "iterations", low=1, high=MAX_ITERATIONS, hint="each CFR+ iteration walks the whole game")
    check_count(check_every, "check_every", low=1, high=MAX_ITERATIONS)
    if target is not None:
        check_number(target, "target", low=0, low_open=True, hint="the NashConv at which to stop")


def run_iterations(
    step: Callable[[int], None],
    measure: Callable[[], float],
    *,
    iterations: int,
    check_every: int,
    target: float | None,
    progress: bool,
) -> tuple[int, tuple[tuple[int, float], ...]]:
    """Run ``step(t)`` for ``t = 1 .. iterations`` and measure the NashConv as it goes.

    Parameters:
        step: one iteration (updates both seats); gets the iteration number.
        measure: the NashConv of the current average strategy.
        iterations: the most iterations (1 to ``MAX_ITERATIONS``).
        check_every: measure every this many iterations, and after the last.
        target: stop once a measured NashConv is at most this (``None``: never early).
        progress: show a progress bar with the last NashConv.

    Returns:
        The iterations run and the ``(iteration, NashConv)`` history.

    Raises:
        InputError: ``iterations`` or ``check_every`` is not a positive integer in range.
    """
    check_iteration_options(iterations, check_every, target)
    history: list[tuple[int, float]] = []
    bar = open_progress_bar(iterations, "CFR+", enabled=progress, unit=" iterations", min_total=0)
    t = 0
    try:
        for t in range(1, iterations + 1):
            step(t)
            bar.update(1)
            if t % check_every == 0 or t == iterations:
                nc = measure()
                history.append((t, nc))
                bar.set_postfix(nash_conv=f"{nc:.4g}")
                if target is not None and nc <= target:
                    break
    finally:
        bar.close()
    return t, tuple(history)
