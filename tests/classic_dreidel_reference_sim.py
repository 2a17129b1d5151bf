"""Test-only cross-check: an independent classic dreidel simulator written from RULES.md 6.

It plays the game with a plain list of coins (not with the chain's states or the game
engine), so it cross-checks ``dreidelpoker.play.simulate`` on classic dreidel, which runs on
the whole-game runner through the chain's own ``spin_outcome``. (Until issue 9 this was the
library's simulator.)

Randomness is a :class:`numpy.random.Generator` seeded from a
:class:`numpy.random.SeedSequence`; the same seed gives the same games. Every estimate
carries the number of games and its sample standard deviation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from dreidelpoker.games.classic_dreidel.rules import ClassicDreidelRules

__all__ = ["ReferenceResult", "reference_simulate"]

@dataclass(frozen=True)
class ReferenceResult:
    """Monte Carlo estimates for one variant (means and sample standard deviations)."""

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


def _play(rules: ClassicDreidelRules, faces: Any, max_spins: int) -> tuple[int, list[float], list[int], list[float]]:
    """Play one game; returns (spins, win shares per seat, first-out seats, net winnings)."""
    p = rules.players
    continuous = rules.hey_rounding == "continuous"
    coins: list[float] = [float(rules.coins - 1)] * p if continuous else [rules.coins - 1] * p
    net = [0.0] * p  # taken from the pot minus Shin payments (antes not counted)
    pot: float = float(p) if continuous else p
    active = [True] * p
    zero_rule = rules.elimination == "zero"
    turn = 0
    spins = 0
    while spins < max_spins:
        face = int(next(faces))
        spins += 1
        out_now: list[int] = []
        s = turn
        if face == 0:  # Gimel
            coins[s] += pot
            net[s] += pot
            pot = 0
            if rules.stopping == "first-gimel":
                share = [0.0] * p
                share[s] = 1.0
                return spins, share, [], net
        elif face == 1:  # Hey
            take = pot / 2 if continuous else rules.hey_take(int(pot))
            coins[s] += take
            net[s] += take
            pot -= take
        elif face == 3:  # Shin
            if coins[s] >= 1:
                coins[s] -= 1
                net[s] -= 1
                pot += 1
                if zero_rule and coins[s] == 0:
                    out_now.append(s)
            else:
                out_now.append(s)
        if rules.reante and pot == 0:
            for i in range(p):
                if active[i] and i not in out_now:
                    if coins[i] >= 1:
                        coins[i] -= 1
                        pot += 1
                        if zero_rule and coins[i] == 0:
                            out_now.append(i)
                    else:
                        out_now.append(i)
        if out_now and rules.stopping == "first-elimination":
            return spins, [0.0] * p, out_now, net
        for i in out_now:
            active[i] = False
        left = [i for i in range(p) if active[i]]
        if len(left) <= 1:
            share = [0.0] * p
            for i in (left or out_now):
                share[i] = 1.0 / len(left or out_now)
            return spins, share, [], net
        turn = (turn + 1) % p
        while not active[turn]:
            turn = (turn + 1) % p
    return spins, [0.0] * p, [], net


def reference_simulate(
    *,
    rules: ClassicDreidelRules | None = None,
    games: int = 10_000,
    seed: int = 0,
    max_spins: int = 10_000_000,
) -> ReferenceResult:
    """Play ``games`` seeded games and estimate the length, the win (or first-out)
    frequencies and each seat's mean winnings. Works for every option, the continuous pot
    included (there a payment needs at least 1 coin in hand).

    Examples:
        >>> res = reference_simulate(rules=ClassicDreidelRules(players=2, coins=2), games=200, seed=1)
        >>> res.games, round(sum(res.win_frequencies), 9)
        (200, 1.0)
    """
    rules = rules or ClassicDreidelRules()
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    probs = np.array([float(x) for x in rules.face_probabilities])

    def face_stream() -> Any:
        while True:
            yield from rng.choice(4, size=4096, p=probs).tolist()

    faces = face_stream()
    p = rules.players
    lengths = np.empty(games)
    wins = np.zeros(p)
    outs = np.zeros(p)
    net_sum = np.zeros(p)
    net_sq = np.zeros(p)
    cut = 0
    for k in range(games):
        spins, share, first_out, net = _play(rules, faces, max_spins)
        lengths[k] = spins
        cut += spins >= max_spins
        wins += share
        for i in first_out:
            outs[i] += 1
        net_arr = np.array(net)
        net_sum += net_arr
        net_sq += net_arr**2
    mean_net = net_sum / games
    std_net = np.sqrt(np.maximum(net_sq / games - mean_net**2, 0.0) * games / max(games - 1, 1))
    first = rules.stopping == "first-elimination"
    return ReferenceResult(
        rules=rules, games=games, seed=seed,
        mean_spins=float(lengths.mean()), spins_std=float(lengths.std(ddof=1)) if games > 1 else 0.0,
        win_frequencies=None if first else tuple(float(w) for w in wins / games),
        first_out_frequencies=tuple(float(o) for o in outs / games) if first else None,
        mean_winnings=tuple(float(x) for x in mean_net), winnings_std=tuple(float(x) for x in std_net),
        max_spins_hit=int(cut),
    )
