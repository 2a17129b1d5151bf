"""Documented upper bounds on every count a user passes, checked before any work or allocation,
and the progress bar used by long computations.

Each bound is a module constant so the docs, the CLI help and the error messages quote
the same number. A count above its bound raises [`InputError`][dreidelpoker.InputError]
(or [`ResourceLimitError`][dreidelpoker.ResourceLimitError] when an option raises the limit)
before anything is allocated.

The checks themselves live in [`dreidelpoker.validation`][dreidelpoker.validation].

Examples:
    >>> from dreidelpoker.validation import check_count
    >>> check_count(10 ** 10, "samples", low=2, high=MAX_SAMPLES)
    Traceback (most recent call last):
    ...
    dreidelpoker.errors.InputError: samples must be an integer from 2 to 10,000,000, got 10000000000
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from .errors import InputError, ResourceLimitError
from .validation import check_count, check_seed

__all__ = [
    "MAX_HAND_NUMBER", "MAX_ITERATIONS", "MAX_SAMPLED_HANDS", "MAX_SAMPLES", "MAX_STACK", "PROGRESS_DELAY", "PROGRESS_MIN_WORK", "approx_count",
    "MAX_TEXT_ARGUMENT", "check_estimate", "float_arg", "int_arg", "monte_carlo_options", "open_progress_bar", "progress_bar", "progress_display", "text_arg", "use_progress",
]

#: Most Monte Carlo samples one call draws (memory stays constant: samples are drawn in chunks).
MAX_SAMPLES = 10_000_000
#: Most hands one Monte Carlo equity call draws (samples x seats at the table).
MAX_SAMPLED_HANDS = 20_000_000
#: Latest hand number a Two Dreidel posterior looks at (the work grows with it).
MAX_HAND_NUMBER = 10_000
#: Most CFR+ iterations one solve runs (each walks the whole game; a bar shows the progress).
MAX_ITERATIONS = 1_000_000
#: Most chips in one Two Dreidel stack, blind or pot (every bet size is a legal action, so the
#: work of each betting decision grows with it).
MAX_STACK = 10_000
#: Most characters of one text value on the command line (hands, decks, lists, names). Far
#: below Python's 4,300-digit limit on ``int(text)``, so a game that reads numbers from its own
#: text options never meets that limit's ``ValueError``. Paths are checked by
#: [`dreidelpoker.files`][dreidelpoker.files] instead (up to 4,096 bytes).
MAX_TEXT_ARGUMENT = 2_000
#: Work units (samples, states, games) above which a progress bar is worth showing.
PROGRESS_MIN_WORK = 200_000


def approx_count(n: int) -> str:
    """A count for a message: exact with thousands separators, or ``about 10^k`` when huge.

    Parameters:
        n: a non-negative whole number (an estimate of states or work).

    Returns:
        ``"1,234"``, or ``"about 10^17"`` from 10^15 up.

    Examples:
        >>> approx_count(12345), approx_count(3 * 10 ** 17)
        ('12,345', 'about 10^17')
    """
    return f"{n:,}" if n < 10 ** 15 else f"about 10^{len(str(n)) - 1}"


def check_estimate(estimate: int, max_states: int, *, option: str, what: str, cost: str, remedy: str) -> int:
    """Refuse at once work whose estimated size (in states) is over ``max_states``, before
    anything is built: the one size check of the games' chains.

    Parameters:
        estimate: the estimated states.
        max_states: the limit (a whole number; NaN or a float would skip it).
        option: how the caller names the limit (``"--max-states"`` on the command line).
        what: what is that big, ending where the count follows (``"deck 1-5-5-1 gives a chain of"``).
        cost: what each state costs, for the message.
        remedy: how to go on (after ``raise {option}``).

    Returns:
        ``estimate``.

    Raises:
        ResourceLimitError: naming the estimate, the limit and the option that raises it.

    Examples:
        >>> check_estimate(5, 10, option="max_states", what="a chain of", cost="cheap", remedy="anyway")
        5
        >>> check_estimate(50, 10, option="max_states", what="a chain of", cost="cheap", remedy="anyway")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.ResourceLimitError: a chain of about 50 states, over max_states=10 (cheap); raise max_states anyway
    """
    check_count(max_states, option, low=1, high=None)
    if estimate > max_states:
        raise ResourceLimitError(f"{what} about {approx_count(estimate)} states, over {option}={max_states:,} ({cost}); "
                                 f"raise {option} {remedy}")
    return estimate


def int_arg(text: str) -> int:
    """An argparse ``type=`` for whole numbers: a clear, short message for anything else.

    Reads text with [`parse_integer`][dreidelpoker.strict_numbers.parse_integer]: an optional sign,
    ASCII digits and ``_`` separators, up to 100 digits (every bound in the library is far
    smaller, so the bound check that follows names the real range).

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
        argparse.ArgumentTypeError: '²' is not an integer: it uses the non-ASCII digit '²' (U+00B2); write digits 0-9
    """
    import argparse

    from .strict_numbers import parse_integer

    try:
        return parse_integer(text, what="")
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def text_arg(text: str) -> str:
    """The argparse ``type=`` of every text option of the command line (the default the
    [`CommandParser`][dreidelpoker.cli.CommandParser] gives options declared without a type):
    at most [`MAX_TEXT_ARGUMENT`][dreidelpoker.limits.MAX_TEXT_ARGUMENT] characters, so no
    command (a game from another package included) reads an unbounded value.

    Parameters:
        text: the command-line text.

    Returns:
        ``text``.

    Raises:
        argparse.ArgumentTypeError: for longer text (argparse turns it into a usage error).

    Examples:
        >>> text_arg("GH")
        'GH'
        >>> text_arg("9" * 5000)
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: a text of 5,000 characters; at most 2,000 are taken
    """
    import argparse

    if len(text) > MAX_TEXT_ARGUMENT:
        raise argparse.ArgumentTypeError(f"a text of {len(text):,} characters; at most {MAX_TEXT_ARGUMENT:,} are taken")
    return text


def float_arg(text: str) -> float:
    """An argparse ``type=`` for a finite number given as an integer, a decimal or ``p/q``
    (read by [`parse_float`][dreidelpoker.strict_numbers.parse_float]: no ``nan``, ``inf`` or exponents).

    Parameters:
        text: the command-line text.

    Returns:
        The float.

    Raises:
        argparse.ArgumentTypeError: for anything else (argparse turns it into a usage error).

    Examples:
        >>> float_arg("0.01"), float_arg("1/8")
        (0.01, 0.125)
    """
    import argparse

    from .strict_numbers import parse_float

    try:
        return parse_float(text, what="")
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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

    def set_postfix(self, **values: Any) -> None:
        """Do nothing."""


#: Whether long computations show a bar when the caller does not say (the CLI turns it on).
_PROGRESS_DEFAULT: ContextVar[bool] = ContextVar("dreidelpoker_progress", default=False)

#: Seconds of work before a bar appears: quick jobs never draw one.
PROGRESS_DELAY = 1.0


@contextmanager
def use_progress(enabled: bool) -> Iterator[None]:
    """Within the block, long computations show a progress bar unless told otherwise.

    The command line wraps each command in ``use_progress(not args.json)``; library calls
    stay quiet by default.

    Parameters:
        enabled: the default for [`progress_bar`][dreidelpoker.limits.progress_bar] calls with ``enabled=None``.

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


def progress_display() -> str | None:
    """Where a progress bar can be drawn: ``"jupyter"``, ``"terminal"`` or ``None``.

    ``"jupyter"`` inside a Jupyter kernel (a notebook, JupyterLab, Voilà), ``"terminal"`` when
    stderr is a terminal; ``None`` otherwise: a pipe, a log file, a test run or CI, where a bar
    would only be noise. This is the one rule every bar in the library follows.

    Returns:
        The kind of display, or ``None``.

    Examples:
        >>> progress_display() is None   # doctests run with stderr captured
        True
    """
    ipython = sys.modules.get("IPython")
    if ipython is not None:
        shell = ipython.get_ipython()
        if shell is not None and type(shell).__name__ == "ZMQInteractiveShell":
            return "jupyter"
    isatty = getattr(sys.stderr, "isatty", None)
    try:
        return "terminal" if isatty is not None and isatty() else None
    except ValueError:  # a closed stream
        return None


def _unit_scale(total: int | None) -> bool:
    """``1.2M`` for big counts, ``30`` (not ``30.0``) for small ones."""
    return total is None or total >= 10_000


class _JupyterBar:
    """A ``tqdm.notebook`` bar that appears after [`PROGRESS_DELAY`][dreidelpoker.limits.PROGRESS_DELAY] seconds and, when done,
    replaces itself with one line of text, so an executed notebook keeps no empty widget output."""

    def __init__(self, total: int | None, desc: str, unit: str, delay: float) -> None:
        from tqdm.notebook import tqdm as notebook_tqdm

        self._bar = notebook_tqdm(total=total, desc=desc, unit=unit, leave=False, display=False,
                                  mininterval=0.5, unit_scale=_unit_scale(total))
        self._desc, self._unit, self._delay = desc, unit, delay
        self._start = time.monotonic()
        self._handle: Any = None

    def update(self, n: int = 1) -> None:
        """Advance by ``n`` units; show the bar once the delay has passed."""
        self._bar.update(n)
        if self._handle is None and time.monotonic() - self._start >= self._delay:
            from IPython.display import display

            self._handle = display(self._bar.container, display_id=True)  # type: ignore[no-untyped-call]

    def set_postfix(self, **values: Any) -> None:
        """Show ``values`` after the bar (e.g. the current NashConv)."""
        self._bar.set_postfix(**values)

    def close(self) -> None:
        """Close the bar; a bar that was shown leaves ``desc: N units in S s``."""
        n, seconds = self._bar.n, time.monotonic() - self._start
        self._bar.close()
        if self._handle is not None:
            done = f"{self._desc}: {n:,}{self._unit} in {seconds:.1f} s"
            self._handle.update({"text/plain": done}, raw=True)


def open_progress_bar(total: int | None, desc: str, *, enabled: bool | None = None, unit: str = "it",
                      min_total: int = PROGRESS_MIN_WORK, delay: float | None = None) -> Any:
    """[`progress_bar`][dreidelpoker.limits.progress_bar] without the ``with``: the caller must call ``close()``.

    Parameters:
        total: the expected number of units, if known.
        desc: a short label.
        enabled: whether to show progress (``None``: the [`use_progress`][dreidelpoker.limits.use_progress] default).
        unit: the unit's name.
        min_total: smaller jobs never show a bar.
        delay: seconds before the bar appears (``None``: [`PROGRESS_DELAY`][dreidelpoker.limits.PROGRESS_DELAY]).

    Returns:
        An object with ``update(n)``, ``set_postfix(**values)`` and ``close()``.

    Examples:
        >>> bar = open_progress_bar(10, "counting", enabled=False)
        >>> bar.update(10); bar.close()
    """
    show = _PROGRESS_DEFAULT.get() if enabled is None else enabled
    where = progress_display() if show and (total is None or total >= min_total) else None
    delay = PROGRESS_DELAY if delay is None else delay
    if where == "jupyter":
        try:
            return _JupyterBar(total, desc, unit, delay)
        except ImportError:  # tqdm.notebook needs ipywidgets
            return _NoBar()
    if where == "terminal":
        from tqdm.std import tqdm

        return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, leave=False, mininterval=0.5,
                    unit_scale=_unit_scale(total), delay=delay)
    return _NoBar()


@contextmanager
def progress_bar(total: int | None, desc: str, *, enabled: bool | None = None, unit: str = "it",
                 min_total: int = PROGRESS_MIN_WORK, delay: float | None = None) -> Iterator[Any]:
    """A ``tqdm`` bar on a terminal or in Jupyter, or a silent stand-in.

    The bar is shown only when progress is enabled (``enabled``, or by default the innermost
    [`use_progress`][dreidelpoker.limits.use_progress]), the work is at least ``min_total`` units, there is somewhere to draw
    it ([`progress_display`][dreidelpoker.limits.progress_display]: a terminal on stderr, or Jupyter; never a pipe, ``--json``,
    a test run or a CI log) and the work lasts more than ``delay`` seconds. In Jupyter the bar
    is a widget that, once done, leaves one line of text (``desc: N units in S s``) instead of
    an empty output; on a terminal it is erased when done.

    Parameters:
        total: the expected number of units, if known.
        desc: a short label.
        enabled: whether to show progress (``None``: the [`use_progress`][dreidelpoker.limits.use_progress] default).
        unit: the unit's name.
        min_total: smaller jobs never show a bar.
        delay: seconds before the bar appears (``None``: [`PROGRESS_DELAY`][dreidelpoker.limits.PROGRESS_DELAY]).

    Yields:
        An object with ``update(n)`` and ``set_postfix(**values)``.

    Examples:
        >>> with progress_bar(10, "counting", enabled=False) as bar:
        ...     bar.update(10)
    """
    bar = open_progress_bar(total, desc, enabled=enabled, unit=unit, min_total=min_total, delay=delay)
    try:
        yield bar
    finally:
        bar.close()
