"""Simulated figures (one number each) with their sample count, seed and a 95% interval.

([`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate] is the showdown estimate with
win / tie / lose / equity fields; an [`Estimate`][dreidelpoker.play.Estimate] is one measured number, such as
the mean game length or a seat's win rate.)

Means use the normal approximation (mean ± 1.96·s/√n); proportions use the Wilson
score interval, which stays inside [0, 1] and is honest for rare events.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..montecarlo import wilson_interval

__all__ = ["Estimate", "mean_estimate", "proportion_estimate", "Z95"]

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
    #: "mean" or "proportion": how the interval was made.
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
    p = successes / n
    low, high = wilson_interval(p, n, Z95)
    return Estimate(p, low, high, n, seed, kind="proportion")
