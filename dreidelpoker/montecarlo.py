"""The one Monte Carlo result type: [`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate].

Every seeded estimate of a showdown in the library (each game's own vectorised sampler
and the generic engine in [`dreidelpoker.analysis`][dreidelpoker.analysis]) returns a
[`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate]: the win / tie / lose probabilities and the expected pot
share as floats, with the sample count, the seed, and a confidence interval for every
one of the four fields. [`ShowdownTally`][dreidelpoker.montecarlo.ShowdownTally] turns counted showdown outcomes into one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any
from .errors import InputError
from .validation import check_count

from .equity import EquityAccumulator

from .display import table_html, to_pandas_frame

__all__ = ["FIELDS", "MonteCarloEstimate", "ShowdownTally", "wilson_interval"]

#: The four estimated quantities, in display order.
FIELDS = ("win", "tie", "lose", "equity")


@dataclass(frozen=True)
class MonteCarloEstimate:
    """A seeded Monte Carlo estimate of win / tie / lose / equity with an interval for each.

    ``intervals[name]`` is the interval at ``confidence`` for the field ``name``: the
    Wilson score interval for the probabilities win / tie / lose, the normal
    approximation (clipped to [0, 1]) for the equity; ``stderr[name]`` is its standard error. The same
    ``seed`` and ``samples`` give the same estimate on any machine.

    Examples:
        >>> t = ShowdownTally(players=2)
        >>> for winners, hero in [(1, True), (1, False), (2, True), (1, True)]:
        ...     t.add(winners=winners, hero_wins=hero)
        >>> est = t.estimate(seed=0, description="four fake showdowns")
        >>> est.win, est.tie, est.lose, est.equity
        (0.5, 0.25, 0.25, 0.625)
        >>> est.samples, est.seed, est.contains("equity", 0.6)
        (4, 0, True)
    """

    win: float
    tie: float
    lose: float
    equity: float
    samples: int
    seed: int
    intervals: dict[str, tuple[float, float]]
    stderr: dict[str, float]
    confidence: float = 0.95
    description: str = ""
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        missing = [f for f in FIELDS if f not in self.intervals or f not in self.stderr]
        if missing:
            raise InputError(f"intervals and stderr must cover every field {list(FIELDS)}; missing {missing}")

    def contains(self, name: str, value: float) -> bool:
        """Whether ``value`` lies inside the interval of field ``name``.

        Raises:
            ValueError: if ``name`` is not one of `FIELDS`.
        """
        if name not in FIELDS:
            raise InputError(f"name must be one of {list(FIELDS)}, got {name!r}")
        lo, hi = self.intervals[name]
        return lo <= value <= hi

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data: every field with its interval, the sample count and the seed."""
        return {
            "method": "monte-carlo",
            "description": self.description,
            **{name: getattr(self, name) for name in FIELDS},
            "samples": self.samples,
            "seed": self.seed,
            "confidence": self.confidence,
            "intervals": {k: list(v) for k, v in self.intervals.items()},
            "stderr": dict(self.stderr),
        }

    def to_text(self) -> str:
        """Readable lines: one per field with its interval."""
        lines = [self.description] if self.description else []
        lines.append(f"Monte Carlo: {self.samples:,} samples, seed {self.seed}, {self.confidence:.0%} intervals")
        for name in FIELDS:
            lo, hi = self.intervals[name]
            lines.append(f"{name:<7}{getattr(self, name):.6f}  [{lo:.6f}, {hi:.6f}]")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"MonteCarloEstimate(win={self.win:.4f}, tie={self.tie:.4f}, lose={self.lose:.4f}, "
                f"equity={self.equity:.4f}, samples={self.samples}, seed={self.seed})")

    def _repr_html_(self) -> str:
        rows = [(n, f"{getattr(self, n):.6f}", f"[{self.intervals[n][0]:.6f}, {self.intervals[n][1]:.6f}]")
                for n in FIELDS]
        cap = f"{self.description} — Monte Carlo, {self.samples:,} samples, seed {self.seed}"
        return table_html(("", "estimate", f"{self.confidence:.0%} interval"), rows, title=cap)

    def to_pandas(self) -> Any:
        """One row per field: estimate, interval bounds and standard error (a ``pandas.DataFrame``)."""
        rows = [(n, getattr(self, n), self.intervals[n][0], self.intervals[n][1], self.stderr.get(n))
                for n in FIELDS]
        return to_pandas_frame(("", "estimate", "low", "high", "stderr"), rows)


def wilson_interval(p: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval of a proportion ``p`` seen in ``n`` samples (never empty at 0 or
    1, unlike the normal one; exactly 0 or 1 at the ends).

    Parameters:
        p: the observed proportion, 0 to 1.
        n: the number of samples (at least 1).
        z: the normal quantile (default: 95% two-sided).

    Returns:
        ``(low, high)``, within 0 and 1.

    Examples:
        >>> lo, hi = wilson_interval(0.0, 50)
        >>> lo, round(hi, 4)
        (0.0, 0.0713)
    """
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (0.0 if p <= 0 else max(0.0, centre - half), 1.0 if p >= 1 else min(1.0, centre + half))


class ShowdownTally(EquityAccumulator):
    """Counts sampled showdowns (integers only) and turns them into a [`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate].

    ``add(winners=k, hero_wins=b)`` records one sampled showdown with ``k`` winners;
    [`add_counts`][dreidelpoker.montecarlo.ShowdownTally.add_counts] records many at once (vectorised samplers). It is an
    [`EquityAccumulator`][dreidelpoker.equity.EquityAccumulator] with unit weights that also keeps
    the sum of squared shares, for the equity's standard error.

    Args:
        players: the most players a showdown can have (shares are kept over their lcm).

    Raises:
        ValueError: if ``players`` is not a positive integer.
    """

    def __init__(self, players: int) -> None:
        check_count(players, "players", low=1, high=None)
        super().__init__(players)
        self.share_sq = 0  # in units of 1/_den**2

    @property
    def samples(self) -> int:
        """Showdowns recorded so far."""
        return self.total

    def add_counts(self, *, winners: int, hero_wins: bool, count: int) -> None:
        """Record ``count`` sampled showdowns with the same outcome."""
        super().add(count, winners=winners, hero_wins=hero_wins)
        if hero_wins:
            self.share_sq += count * (self._den // winners) ** 2

    def add(self, weight: int = 1, *, winners: int, hero_wins: bool) -> None:
        """Record ``weight`` (default one) sampled showdowns."""
        self.add_counts(winners=winners, hero_wins=hero_wins, count=weight)

    def estimate(self, *, seed: int, confidence: float = 0.95, description: str = "",
                 details: dict[str, Any] | None = None) -> MonteCarloEstimate:
        """The estimate with intervals at ``confidence`` (Wilson for probabilities, normal for the equity).

        Raises:
            ValueError: if nothing was recorded or ``confidence`` is not in (0, 1).
        """
        if self.samples == 0:
            raise InputError("no samples were recorded")
        if not 0 < confidence < 1:
            raise InputError(f"confidence must be between 0 and 1, got {confidence!r}")
        n = self.samples
        z = NormalDist().inv_cdf(0.5 + confidence / 2)
        win, tie = self.win / n, self.tie / n
        lose = (n - self.win - self.tie) / n
        eq = self.share / (n * self._den)
        var = max(self.share_sq / (n * self._den**2) - eq * eq, 0.0)
        stderr = {name: math.sqrt(p * (1 - p) / n) for name, p in (("win", win), ("tie", tie), ("lose", lose))}
        stderr["equity"] = math.sqrt(var / n)
        intervals = {name: wilson_interval(p, n, z) for name, p in (("win", win), ("tie", tie), ("lose", lose))}
        intervals["equity"] = (max(0.0, eq - z * stderr["equity"]), min(1.0, eq + z * stderr["equity"]))
        return MonteCarloEstimate(win=win, tie=tie, lose=lose, equity=eq, samples=n, seed=seed,
                                  intervals=intervals, stderr=stderr, confidence=confidence,
                                  description=description, details=dict(details or {}))
