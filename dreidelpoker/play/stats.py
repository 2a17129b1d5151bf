"""Simulated figures (one number each) with their sample count, seed and a 95% interval.

([`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate] is the showdown estimate with
win / tie / lose / equity fields; an [`Estimate`][dreidelpoker.play.Estimate] is one measured number, such as
the mean game length or a seat's win rate.)

Means use the normal approximation (mean ± 1.96·s/√n); proportions use the Wilson
score interval, which stays inside [0, 1] and is honest for rare events. For heavy-tailed
figures (game lengths) [`bootstrap_estimate`][dreidelpoker.play.bootstrap_estimate] gives a seeded ``scipy.stats.bootstrap``
interval (BCa) of the mean or the median, [`quantile_estimate`][dreidelpoker.play.quantile_estimate] a distribution-free
interval of any quantile, and [`difference_estimate`][dreidelpoker.play.difference_estimate] the interval of a difference
between two variants, paired (common random numbers: game *i* of both) or not. A
bootstrap or order-statistic bound is always one of the sample's own values or a
statistic of them, so it never leaves the range the figure can take.
"""

from __future__ import annotations

import contextlib
import math
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InputError
from ..validation import check_count, is_whole_number

__all__ = [
    "Estimate", "Statistic", "bootstrap_estimate", "difference_estimate", "mean_estimate", "proportion_estimate",
    "quantile_estimate", "Z95",
]

#: What a study measures of a metric: ``"mean"``, ``"median"`` or a quantile ``0 < q < 1``.
Statistic = str | float

#: Bootstrap resamples (scipy's default is 9999; 2000 keep a 95% bound's Monte Carlo error
#: well under its sampling error and a study's precision checks fast).
RESAMPLES = 2000

#: The largest sample given a BCa interval; larger ones get the percentile interval (see ``_bootstrap``).
BCA_MAX = 2000

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A figure measured by simulation: its value, 95% interval, sample count and seed.

    Examples:
        >>> e = proportion_estimate(30, 100, seed=1)
        >>> round(e.value, 2), e.samples
        (0.3, 100)
        >>> e.low < 0.3 < e.high
        True
    """

    value: float
    low: float
    high: float
    samples: int
    seed: int | None = None
    #: Sample standard deviation (``nan`` for proportions and n < 2).
    std: float = float("nan")
    #: How the interval was made: ``"mean"`` (normal), ``"proportion"`` (Wilson),
    #: ``"bootstrap"`` (BCa), ``"quantile"`` (order statistics) or ``"paired"`` /
    #: ``"unpaired"`` (a bootstrap difference).
    kind: str = "mean"

    @property
    def half_width(self) -> float:
        """Half the interval's width."""
        return (self.high - self.low) / 2

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: value, ci95 and samples (and the seed)."""
        d: dict[str, Any] = {"value": _json_float(self.value), "ci95": [_json_float(self.low), _json_float(self.high)],
                             "samples": self.samples}
        if self.seed is not None:
            d["seed"] = self.seed
        return d

    def __str__(self) -> str:
        return f"{_fmt(self.value)} (95% CI {_fmt(self.low)} .. {_fmt(self.high)}, n={self.samples})"


def _json_float(x: float) -> float | None:
    return None if math.isnan(x) else x


def _fmt(x: float) -> str:
    if math.isnan(x):
        return "n/a"
    return f"{x:.4g}" if abs(x) < 1e5 else f"{x:.4e}"


def mean_estimate(values: Sequence[float], *, seed: int | None = None) -> Estimate:
    """The sample mean with a normal-approximation 95% interval (zero width when n = 1 is not claimed: nan).

    Parameters:
        values: the samples.
        seed: the seed that produced them (kept with the estimate).

    Returns:
        An [`Estimate`][dreidelpoker.play.Estimate]; with fewer than 2 values the interval is ``nan``, with none the value too.

    Examples:
        >>> e = mean_estimate([1.0, 2.0, 3.0])
        >>> e.value, e.samples
        (2.0, 3)
    """
    n = len(values)
    if n == 0:
        nan = float("nan")
        return Estimate(nan, nan, nan, 0, seed)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, float("nan"), float("nan"), n, seed)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    std = math.sqrt(var)
    half = Z95 * std / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n, seed, std)


def proportion_estimate(successes: float, n: int, *, seed: int | None = None) -> Estimate:
    """A frequency ``successes / n`` with its Wilson 95% interval.

    Parameters:
        successes: how many of the samples succeeded (a count or a weighted sum).
        n: the number of samples.
        seed: the seed that produced them (kept with the estimate).

    Returns:
        An [`Estimate`][dreidelpoker.play.Estimate] of kind ``"proportion"`` (all ``nan`` when ``n`` is 0).

    Examples:
        >>> e = proportion_estimate(0, 50)
        >>> e.value, e.low, round(e.high, 3)
        (0.0, 0.0, 0.071)
    """
    if n == 0:
        nan = float("nan")
        return Estimate(nan, nan, nan, 0, seed, kind="proportion")
    # Imported here: montecarlo loads the equity and display modules, which a simulation never reads.
    from ..montecarlo import wilson_interval

    p = successes / n
    low, high = wilson_interval(p, n, Z95)
    return Estimate(p, low, high, n, seed, kind="proportion")


def _statistic(statistic: Statistic) -> tuple[str, float]:
    """``("mean"|"median"|"quantile", q)``, or an InputError naming what is allowed."""
    if statistic == "mean":
        return "mean", float("nan")
    if statistic == "median":
        return "quantile", 0.5
    if (is_whole_number(statistic) or isinstance(statistic, float)) and 0 < float(statistic) < 1:
        return "quantile", float(statistic)
    raise InputError(f"statistic: expected 'mean', 'median' or a quantile between 0 and 1, got {statistic!r}")


def _stat_function(statistic: Statistic) -> Any:
    kind, q = _statistic(statistic)
    if kind == "mean":
        return np.mean
    # The smallest value with at least q of the sample at or below it (as SimulationResult's quantiles).
    return lambda x, axis=-1: np.quantile(x, q, axis=axis, method="inverted_cdf")


def _as_array(values: Sequence[float] | np.ndarray[Any, Any], name: str) -> np.ndarray[Any, Any]:
    a = np.asarray(values, dtype=float).ravel()
    if a.size and not np.all(np.isfinite(a)):
        raise InputError(f"{name}: every value must be a finite number")
    return a


def _bootstrap(data: tuple[np.ndarray[Any, Any], ...], statistic: Any, *, seed: int | None, paired: bool,
               resamples: int) -> tuple[float, float]:
    """A seeded BCa interval (percentile where BCa is undefined), within the statistic's bootstrap range."""
    from scipy import stats

    rng = np.random.default_rng(seed)
    n = len(data[0])
    batch = max(1, min(resamples, 4_000_000 // max(1, n)))  # bounds memory: the jackknife is n x n
    # BCa's jackknife costs n statistics of n - 1 values: above BCA_MAX samples the percentile
    # interval is used (its coverage error, O(1/sqrt(n)), is then small; BCa's edge is skewed small samples).
    for method in (("BCa", "percentile") if n <= BCA_MAX else ("percentile",)):
        with np.errstate(all="ignore"), _quiet():
            res = stats.bootstrap(data, statistic, n_resamples=resamples, method=method, paired=paired,
                                  vectorized=True, random_state=rng, batch=batch, confidence_level=0.95)
        low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
        if math.isfinite(low) and math.isfinite(high):
            return low, high
        rng = np.random.default_rng(seed)
    return float("nan"), float("nan")


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Silence scipy's degenerate-sample warnings (a constant sample has a zero-width interval)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def bootstrap_estimate(
    values: Sequence[float] | np.ndarray[Any, Any], *, statistic: Statistic = "mean", seed: int | None = 0,
    resamples: int = RESAMPLES,
) -> Estimate:
    """The mean or median of a sample with a seeded bootstrap 95% interval (``scipy.stats.bootstrap``:
    BCa up to 2,000 samples, the percentile interval above, where BCa's jackknife is slow and its edge small).

    Meant for non-negative, heavy-tailed figures such as game lengths, where the normal
    interval can reach below zero. Every bound lies within the sample's smallest and
    largest value, so it never leaves the figure's range. A constant sample gets a
    zero-width interval; a quantile other than the median goes to [`quantile_estimate`][dreidelpoker.play.quantile_estimate].

    Parameters:
        values: the samples (finite numbers).
        statistic: ``"mean"`` or ``"median"`` (or a quantile ``0 < q < 1``).
        seed: the bootstrap's seed (same seed, same interval).
        resamples: bootstrap resamples (100 to 100,000).

    Returns:
        An [`Estimate`][dreidelpoker.play.Estimate] of kind ``"bootstrap"`` (all ``nan`` for an empty sample; the
        interval ``nan`` for a single value).

    Raises:
        InputError: an unknown statistic, a non-finite value or a resample count out of range.

    Examples:
        >>> e = bootstrap_estimate([1, 2, 3, 4, 50], seed=1)
        >>> e.value, 1 <= e.low <= e.value <= e.high <= 50
        (12.0, True)
    """
    kind, q = _statistic(statistic)
    resamples = _check_resamples(resamples)
    a = _as_array(values, "values")
    n = int(a.size)
    nan = float("nan")
    if n == 0:
        return Estimate(nan, nan, nan, 0, seed, kind="bootstrap")
    stat = _stat_function(statistic)
    value = float(stat(a))
    std = float(np.std(a, ddof=1)) if n > 1 else nan
    if n == 1:
        return Estimate(value, nan, nan, 1, seed, std, kind="bootstrap")
    if np.all(a == a[0]):
        return Estimate(value, value, value, n, seed, std, kind="bootstrap")
    low, high = _bootstrap((a,), stat, seed=seed, paired=False, resamples=resamples)
    lo, hi = float(a.min()), float(a.max())
    low, high = min(max(low, lo), value), max(min(high, hi), value)
    return Estimate(value, low, high, n, seed, std, kind="bootstrap")


def _check_resamples(resamples: int) -> int:
    return check_count(resamples, "resamples", low=100, high=100_000)


def quantile_estimate(
    values: Sequence[float] | np.ndarray[Any, Any], q: float, *, seed: int | None = None,
    low: float = -math.inf, high: float = math.inf,
) -> Estimate:
    """A quantile of a sample with a distribution-free 95% interval (order statistics, ``scipy.stats.quantile_test``).

    The bounds are sample values; where the sample is too small for a bound at 95% it is the
    figure's own limit (``low`` / ``high``), never a made-up number.

    Parameters:
        values: the samples.
        q: the quantile, ``0 < q < 1`` (0.5 is the median, 0.9 the 90th percentile).
        seed: kept with the estimate (the interval itself involves no randomness).
        low: the smallest value the figure can take (e.g. 0 for a length).
        high: the largest value the figure can take.

    Returns:
        An [`Estimate`][dreidelpoker.play.Estimate] of kind ``"quantile"``.

    Raises:
        InputError: ``q`` outside (0, 1) or a non-finite value.

    Examples:
        >>> e = quantile_estimate(list(range(1, 101)), 0.9, low=0)
        >>> e.value, e.low < 90 < e.high
        (90.0, True)
    """
    kind, qq = _statistic(q)
    if kind != "quantile":
        raise InputError(f"q: expected a quantile between 0 and 1, got {q!r}")
    a = _as_array(values, "values")
    n = int(a.size)
    nan = float("nan")
    if n == 0:
        return Estimate(nan, nan, nan, 0, seed, kind="quantile")
    from scipy import stats

    value = float(np.quantile(a, qq, method="inverted_cdf"))
    with np.errstate(all="ignore"), _quiet():
        ci = stats.quantile_test(a, q=value, p=qq).confidence_interval(0.95)
    lo = float(ci.low) if math.isfinite(float(ci.low)) else low
    hi = float(ci.high) if math.isfinite(float(ci.high)) else high
    return Estimate(value, min(lo, value), max(hi, value), n, seed, kind="quantile")


def difference_estimate(
    variant: Sequence[float] | np.ndarray[Any, Any], base: Sequence[float] | np.ndarray[Any, Any], *,
    statistic: Statistic = "mean", paired: bool = True, seed: int | None = 0, resamples: int = RESAMPLES,
) -> Estimate:
    """``statistic(variant) - statistic(base)`` with a seeded bootstrap 95% interval.

    Paired (common random numbers): ``variant[i]`` and ``base[i]`` come from game *i* of
    each, played from the same seed, and are resampled together, so what the two share
    cancels out of the difference. Unpaired: the two samples are resampled independently.

    Parameters:
        variant: the variant's per-game values.
        base: the base's per-game values (as long as ``variant`` when paired).
        statistic: ``"mean"``, ``"median"`` or a quantile ``0 < q < 1``.
        paired: resample pairs (default) or the two samples independently.
        seed: the bootstrap's seed.
        resamples: bootstrap resamples (100 to 100,000).

    Returns:
        An [`Estimate`][dreidelpoker.play.Estimate] of kind ``"paired"`` or ``"unpaired"``; its bounds lie within
        the bootstrap's range of the difference (a zero-width interval where every pair is equal).

    Raises:
        InputError: paired samples of different lengths, an unknown statistic or non-finite values.

    Examples:
        >>> base = [10.0, 20.0, 30.0, 40.0, 55.0]
        >>> d = difference_estimate([b + 1 for b in base], base)
        >>> d.value, d.low, d.high
        (1.0, 1.0, 1.0)
    """
    _statistic(statistic)
    resamples = _check_resamples(resamples)
    a, b = _as_array(variant, "variant"), _as_array(base, "base")
    if paired and a.size != b.size:
        raise InputError(f"paired samples must be equally long (game i of each); got {a.size} and {b.size}")
    kind = "paired" if paired else "unpaired"
    nan = float("nan")
    n = int(min(a.size, b.size))
    if n == 0:
        return Estimate(nan, nan, nan, 0, seed, kind=kind)
    stat = _stat_function(statistic)
    value = float(stat(a)) - float(stat(b))
    if n == 1:
        return Estimate(value, nan, nan, n, seed, kind=kind)
    if paired and np.all(a - b == (a - b)[0]) and statistic == "mean":
        return Estimate(value, value, value, n, seed, kind=kind)

    def diff(x: Any, y: Any, axis: int = -1) -> Any:
        return stat(x, axis=axis) - stat(y, axis=axis)

    if paired and np.array_equal(a, b):
        return Estimate(value, value, value, n, seed, kind=kind)
    low, high = _bootstrap((a, b), diff, seed=seed, paired=paired, resamples=resamples)
    # The difference can be no lower than min(a) - max(b), no higher than max(a) - min(b).
    lo, hi = float(a.min() - b.max()), float(a.max() - b.min())
    low, high = min(max(low, lo), value), max(min(high, hi), value)
    return Estimate(value, low, high, n, seed, kind=kind)
