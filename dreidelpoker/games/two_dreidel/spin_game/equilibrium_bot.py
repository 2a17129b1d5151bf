"""The ``equilibrium`` bot: heads-up spin calls from the solved one-spin call/fold game
([`solve_spin_game`][dreidelpoker.games.two_dreidel.spin_game.solve.solve_spin_game]) at the current pot and
stacks, and ``tight`` everywhere else."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast


from ....caches import bounded_cache
from ...protocol import Bot
from ..whole_game.bots import tight_bot
from ..odds.kept_hand import kept_hand_distribution
from ..whole_game.play import TwoDreidelObservation
from ..rulebook.rules import TwoDreidelRules
from .solve import solve_spin_game
from ....sampler import Sampler

__all__ = ["equilibrium_bot"]


@bounded_cache(maxsize=256)
def _spin_equilibrium(rules: TwoDreidelRules, pot: int, stacks: tuple[int, int]) -> dict[tuple[int, str, str], float]:
    sol = solve_spin_game(rules, pot=pot, stacks=stacks, spins=1, betting=False, bots={})
    return {(s, h, f): float(p) for s, h, f, p in sol.calls}


def _fresh_hands(rules: TwoDreidelRules) -> set[str]:
    return {h for h, w in kept_hand_distribution(rules).weights.items() if w}


class _Equilibrium:
    name = "equilibrium"

    def __init__(self, rules: TwoDreidelRules) -> None:
        self.rules = rules
        self.fallback = tight_bot(rules)
        self.hands = _fresh_hands(rules)

    def __call__(self, observation: TwoDreidelObservation, legal_actions: Sequence[Any],
                 rng: Sampler) -> Any:
        obs = observation
        others = obs.opponents_in_hand
        if obs.phase != "calls" or len(others) != 1 or "call" not in legal_actions or obs.hand not in self.hands:
            return self.fallback(obs, legal_actions, rng)
        other = others[0]
        me_button = obs.seat == obs.button
        stacks = (obs.stacks[obs.seat], obs.stacks[other]) if me_button else (obs.stacks[other], obs.stacks[obs.seat])
        if min(stacks) < 1 or obs.pot < 1:
            return "call"
        table = _spin_equilibrium(self.rules, obs.pot, stacks)
        p = table.get((0 if me_button else 1, obs.hand, obs.face))
        if p is None:
            return self.fallback(obs, legal_actions, rng)
        return "call" if rng.random() < p else "fold"


def equilibrium_bot(rules: TwoDreidelRules) -> Bot:
    """The ``equilibrium`` bot: heads-up spin calls from the solved one-spin call/fold game at
    the current pot and stacks; ``tight`` everywhere else (module docstring).

    Parameters:
        rules: the Two Dreidel rules.

    Returns:
        A bot.

    Examples:
        >>> from dreidelpoker.games.two_dreidel.whole_game.play import new_game
        >>> bot = equilibrium_bot(TwoDreidelRules())
        >>> g = new_game(TwoDreidelRules(), players=2)
        >>> bot(g.observation(0), ("call", "fold"), Sampler(0)) in ("call", "fold", "check")
        True
    """
    return cast(Bot, _Equilibrium(rules))
