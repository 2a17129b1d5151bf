"""Seeded Monte Carlo simulation of classic dreidel on the whole-game runner.

[`simulate`][dreidelpoker.games.classic_dreidel.simulate.simulate] plays the game through [`dreidelpoker.play.simulate`][dreidelpoker.play.simulate] with the
registered play spec ([`play`][dreidelpoker.games.classic_dreidel.play], built on the
chain's own ``spin_outcome``) and summarises it as a [`SimulationResult`][dreidelpoker.games.classic_dreidel.SimulationResult]: game
length, win (or first-out) frequencies and each seat's winnings. Game ``i`` draws its
spins from ``SeedSequence(seed, spawn_key=(i,))``, so the same seed gives the same games
on any executor. An independent list-of-coins simulator written from [classic dreidel rules][rules-6] lives in
the tests (``tests/classic_dreidel_reference_sim.py``) as a cross-check.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .rules import ClassicDreidelRules
from ...errors import InputError
from ...validation import check_arguments, default_rules

__all__ = ["SimulationResult", "simulate"]

_Z95 = 1.959963984540054


@dataclass(frozen=True)
class SimulationResult:
    """Monte Carlo estimates for one variant. Intervals are 95% normal-approximation CIs."""

    rules: ClassicDreidelRules
    games: int
    seed: int
    mean_spins: float
    spins_std: float
    win_frequencies: tuple[float, ...] | None
    first_out_frequencies: tuple[float, ...] | None
    mean_winnings: tuple[float, ...]
    winnings_std: tuple[float, ...]
    max_spins_hit: int

    @property
    def spins_ci(self) -> tuple[float, float]:
        half = _Z95 * self.spins_std / math.sqrt(self.games)
        return (self.mean_spins - half, self.mean_spins + half)

    def frequency_ci(self, p: float) -> tuple[float, float]:
        half = _Z95 * math.sqrt(max(p * (1 - p), 0.0) / self.games)
        return (p - half, p + half)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "classic-dreidel", "players": self.rules.players, "coins": self.rules.coins,
            "hey_rounding": self.rules.hey_rounding, "elimination": self.rules.elimination,
            "reante": self.rules.reante, "stopping": self.rules.stopping,
            "games": self.games, "seed": self.seed,
            "mean_spins": self.mean_spins, "mean_spins_ci95": list(self.spins_ci),
            "win_frequencies": None if self.win_frequencies is None else list(self.win_frequencies),
            "first_out_frequencies": None if self.first_out_frequencies is None else list(self.first_out_frequencies),
            "mean_winnings": list(self.mean_winnings),
            "games_cut_at_max_spins": self.max_spins_hit,
        }

    def to_text(self) -> str:
        lo, hi = self.spins_ci
        lines = [f"classic dreidel, simulated: {self.rules.label}",
                 f"{self.games} games, seed {self.seed}",
                 f"mean spins: {self.mean_spins:.3f} (95% CI {lo:.3f} .. {hi:.3f})"]
        for name, freqs in (("wins", self.win_frequencies), ("first out", self.first_out_frequencies)):
            if freqs is not None:
                for i, f in enumerate(freqs):
                    a, b = self.frequency_ci(f)
                    lines.append(f"  seat {i + 1} {name}: {f:.4f} (95% CI {a:.4f} .. {b:.4f})")
        return "\n".join(lines)


@check_arguments
def simulate(
    *,
    rules: ClassicDreidelRules | None = None,
    games: int = 10_000,
    seed: int = 0,
    max_spins: int = 10_000_000,
) -> SimulationResult:
    """Play ``games`` seeded games on the whole-game runner and estimate the length, the win
    (or first-out) frequencies and each seat's mean winnings (coins taken on Gimel and Hey
    less coins paid on Shin). Works for every option, the continuous pot included.
    ``max_spins`` cuts a game short (counted in ``max_spins_hit``).

    Parameters:
        rules: the rules (default [classic dreidel rules][rules-6]).
        games: the number of games (1 or more).
        seed: the seed (0 or more).
        max_spins: cut a game short after this many spins.

    Returns:
        A [`SimulationResult`][dreidelpoker.games.classic_dreidel.SimulationResult] with the estimates and their intervals.

    Raises:
        ValueError: ``games`` or ``seed`` out of range.

    Examples:
        >>> res = simulate(rules=ClassicDreidelRules(players=2, coins=2), games=200, seed=1)
        >>> res.games, round(sum(res.win_frequencies), 9)
        (200, 1.0)
    """
    from ...play import simulate as play_simulate

    rules = default_rules(rules, ClassicDreidelRules)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InputError(f"games must be a positive integer, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"seed must be a non-negative integer, got {seed!r}")
    res = play_simulate(rules, games=games, seed=seed, hand_limit=max_spins, progress=False)
    p = rules.players
    lengths = np.array(res.metric_values("rounds"))
    first = rules.stopping == "first-elimination"
    wins = np.zeros(p)
    outs = np.zeros(p)
    for r in res.records:
        if first:
            for i in range(p):
                outs[i] += r.metrics.get(f"first_out_seat{i + 1}", 0.0)
        else:
            wins += np.array([float(x) for x in r.returns])
    net = np.array([[r.metrics.get(f"winnings_seat{i + 1}", 0.0) for i in range(p)] for r in res.records])
    return SimulationResult(
        rules=rules, games=games, seed=seed,
        mean_spins=float(lengths.mean()), spins_std=float(lengths.std(ddof=1)) if games > 1 else 0.0,
        win_frequencies=None if first else tuple(float(w) for w in wins / games),
        first_out_frequencies=tuple(float(o) for o in outs / games) if first else None,
        mean_winnings=tuple(float(x) for x in net.mean(axis=0)),
        winnings_std=tuple(float(x) for x in (net.std(axis=0, ddof=1) if games > 1 else np.zeros(p))),
        max_spins_hit=int(res.truncated),
    )
