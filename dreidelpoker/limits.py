"""Documented upper bounds on every count a user passes, checked before any work or allocation,
and the progress bar used by long computations.

Each bound is a module constant so the docs, the CLI help and the error messages quote
the same number. A count above its bound raises :class:`~dreidelpoker.errors.InputError`
(or :class:`~dreidelpoker.errors.ResourceLimitError` when an option raises the limit)
before anything is allocated.

Examples:
    >>> check_count(5, "samples", low=2, high=MAX_SAMPLES)
    5
    >>> check_count(10 ** 10, "samples", low=2, high=MAX_SAMPLES)
    Traceback (most recent call last):
    ...
    dreidelpoker.errors.InputError: samples must be an integer from 2 to 10,000,000, got 10000000000
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from .errors import InputError, InputTypeError, shorten

__all__ = [
    "MAX_HAND_NUMBER", "MAX_SAMPLES", "MAX_SEED", "PROGRESS_MIN_WORK", "check_count",
    "check_seed", "int_arg", "monte_carlo_options", "progress_bar", "use_progress",
]

#: Most Monte Carlo samples one call draws (memory stays constant: samples are drawn in chunks).
MAX_SAMPLES = 10_000_000
#: Latest hand number a Two Dreidel posterior looks at (the work grows with it).
MAX_HAND_NUMBER = 10_000
#: Seeds are non-negative integers below 2**128 (numpy's SeedSequence takes any size; this keeps
#: outputs and messages short).
MAX_SEED = 2 ** 128 - 1
#: Work units (samples, states, games) above which a progress bar is worth showing.
PROGRESS_MIN_WORK = 200_000


def check_count(value: Any, name: str, *, low: int, high: int, hint: str = "") -> int:
    """Check that ``value`` is an int from ``low`` to ``high``, before any work.

    Parameters:
        value: what the user passed.
        name: the argument's name as the user wrote it (``"samples"`` or ``"--samples"``).
        low: the smallest allowed value.
        high: the largest allowed value (a documented bound).
        hint: added to the message, e.g. what the bound protects.

    Returns:
        ``value``.

    Raises:
        InputTypeError: if ``value`` is not an int (bools are refused).
        InputError: if it is outside ``low..high``.

    Examples:
        >>> check_count(3, "games", low=1, high=10)
        3
    """
    allowed = f"an integer from {low:,} to {high:,}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputTypeError(f"{name} must be {allowed}, got {type(value).__name__} {shorten(value)}")
    if not low <= value <= high:
        raise InputError(f"{name} must be {allowed}, got {shorten(value)}" + (f" ({hint})" if hint else ""))
    return value


def check_seed(value: Any, name: str = "seed") -> int:
    """Check a seed: an int from 0 to :data:`MAX_SEED`.

    Parameters:
        value: the seed.
        name: the argument's name.

    Returns:
        ``value``.

    Raises:
        InputTypeError: if it is not an int.
        InputError: if it is negative or too large.

    Examples:
        >>> check_seed(7)
        7
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputTypeError(f"{name} must be a non-negative integer, got {type(value).__name__} {shorten(value)}")
    if not 0 <= value <= MAX_SEED:
        raise InputError(f"{name} must be an integer from 0 to 2**128 - 1, got {shorten(value)}")
    return value


def int_arg(text: str) -> int:
    """An argparse ``type=`` for whole numbers: a clear, short message for anything else.

    Accepts an optional sign, digits and ``_`` separators, up to 100 digits (every bound
    in the library is far smaller, so the bound check that follows names the real range).

    Parameters:
        text: the command-line text.

    Returns:
        The int.

    Raises:
        argparse.ArgumentTypeError: for anything else (argparse turns it into a usage error).

    Examples:
        >>> int_arg("1_000")
        1000
        >>> int_arg("²")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: '²' is not an integer like 12
    """
    import argparse
    import re

    cleaned = text.strip()
    if not re.fullmatch(r"[+-]?[0-9][0-9_]{0,120}", cleaned, flags=re.ASCII) or len(cleaned.replace("_", "")) > 101:
        if re.fullmatch(r"[+-]?[0-9_]+", cleaned, flags=re.ASCII):
            raise argparse.ArgumentTypeError(f"{shorten(text)} has too many digits")
        raise argparse.ArgumentTypeError(f"{shorten(text)} is not an integer like 12")
    try:
        return int(cleaned)
    except ValueError:  # e.g. "1__0"
        raise argparse.ArgumentTypeError(f"{shorten(text)} is not an integer like 12") from None


def monte_carlo_options(samples: int | None, seed: int | None, *, monte_carlo: bool | None,
                        default_samples: int, how: str) -> tuple[int, int]:
    """Check the CLI's ``--samples`` / ``--seed`` against the method, so an option that does
    not apply is refused instead of ignored.

    Parameters:
        samples: ``--samples`` as given (``None``: not given).
        seed: ``--seed`` as given (``None``: not given).
        monte_carlo: ``True`` for Monte Carlo, ``False`` for exact, ``None`` when the method is
            chosen later (``auto``: the options apply if Monte Carlo is chosen).
        default_samples: samples when not given.
        how: how to ask for Monte Carlo, for the message (e.g. ``"--method monte-carlo"``).

    Returns:
        ``(samples, seed)`` with the defaults filled in and checked.

    Raises:
        InputError: for ``--samples``/``--seed`` with an exact method, or out-of-range values.

    Examples:
        >>> monte_carlo_options(None, None, monte_carlo=True, default_samples=1000, how="--samples N")
        (1000, 0)
        >>> monte_carlo_options(5, None, monte_carlo=False, default_samples=1000, how="--method monte-carlo")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: --samples applies to Monte Carlo only, and this computes exactly; add --method monte-carlo or leave --samples out
    """
    if monte_carlo is False:
        given = [name for name, v in (("--samples", samples), ("--seed", seed)) if v is not None]
        if given:
            verb = "apply" if len(given) > 1 else "applies"
            raise InputError(f"{' and '.join(given)} {verb} to Monte Carlo only, and this computes exactly; "
                             f"add {how} or leave {' and '.join(given)} out")
    n = check_count(default_samples if samples is None else samples, "--samples", low=2, high=MAX_SAMPLES)
    return n, check_seed(0 if seed is None else seed, "--seed")


class _NoBar:
    """A stand-in with tqdm's ``update`` / ``close`` when no bar is shown."""

    def update(self, n: int = 1) -> None:
        """Do nothing."""

    def close(self) -> None:
        """Do nothing."""


#: Whether long computations show a bar when the caller does not say (the CLI turns it on).
_PROGRESS_DEFAULT: ContextVar[bool] = ContextVar("dreidelpoker_progress", default=False)


@contextmanager
def use_progress(enabled: bool) -> Iterator[None]:
    """Within the block, long computations show a progress bar unless told otherwise.

    The command line wraps each command in ``use_progress(not args.json)``; library calls
    stay quiet by default.

    Parameters:
        enabled: the default for :func:`progress_bar` calls with ``enabled=None``.

    Yields:
        Nothing.

    Examples:
        >>> with use_progress(False):
        ...     pass
    """
    token = _PROGRESS_DEFAULT.set(enabled)
    try:
        yield
    finally:
        _PROGRESS_DEFAULT.reset(token)


@contextmanager
def progress_bar(total: int | None, desc: str, *, enabled: bool | None = None, unit: str = "it",
                 min_total: int = PROGRESS_MIN_WORK) -> Iterator[Any]:
    """A ``tqdm`` bar on stderr, or a silent stand-in.

    The bar is shown only when progress is enabled (``enabled``, or by default the
    innermost :func:`use_progress`), the work is at least ``min_total`` units, and stderr
    is a terminal (tqdm's own rule with ``disable=None``), so pipes, ``--json`` and tests
    stay quiet. In Jupyter, ``tqdm.auto`` draws a widget.

    Parameters:
        total: the expected number of units, if known.
        desc: a short label.
        enabled: whether to show progress (``None``: the :func:`use_progress` default).
        unit: the unit's name.
        min_total: smaller jobs never show a bar.

    Yields:
        An object with ``update(n)``.

    Examples:
        >>> with progress_bar(10, "counting", enabled=False) as bar:
        ...     bar.update(10)
    """
    show = _PROGRESS_DEFAULT.get() if enabled is None else enabled
    if not show or (total is not None and total < min_total):
        yield _NoBar()
        return
    from tqdm.auto import tqdm

    bar = tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, disable=None, leave=False,
               mininterval=0.5, unit_scale=True)
    try:
        yield bar
    finally:
        bar.close()
