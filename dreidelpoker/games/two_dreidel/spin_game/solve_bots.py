"""Whole-game bots inside the solved spin game, and the ``equilibrium`` bot.

[`bot_policy`][dreidelpoker.games.two_dreidel.spin_game.solve_bots.bot_policy] lets any whole-game bot ([`dreidelpoker.games.two_dreidel.whole_game.bots`][dreidelpoker.games.two_dreidel.whole_game.bots])
play a seat of the heads-up spin game: each information set of the spin game is shown to
the bot as a [`TwoDreidelObservation`][dreidelpoker.games.two_dreidel.whole_game.play.TwoDreidelObservation] (its
hand, the pot, the stacks, the face and buy-in, what it must call), with the legal
actions of the whole game (any integer bet from 1 to the shorter stack); an integer bet
is mapped to the nearest abstracted bet size. A bot that draws random numbers is asked
``samples`` times with seeded generators and its empirical frequencies are its strategy,
so its exploitability is exact for that sample.

The ``equilibrium`` bot (module ``equilibrium_bot``) of the whole-game engine: heads-up, it
calls spins with the equilibrium probabilities of the solved one-spin call/fold game at
the current pot and stacks (both hands from fresh-deck distributions; cached per pot and
stacks); everywhere else (put-backs, betting, more than two players) it plays like the
``tight`` bot.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, cast

import numpy as np

from ...protocol import Bot
from ..rulebook.deck import DeckState
from ..whole_game.play import TwoDreidelObservation
from .game import SpinGameSetup
from ....errors import InputError
from ....validation import is_whole_number
from ....sampler import Sampler

__all__ = ["bot_policy"]

Policy = Callable[[Hashable, tuple[Hashable, ...]], Any]


def _observation(setup: SpinGameSetup, seat: int, obs: Hashable) -> tuple[TwoDreidelObservation, bool, int]:
    hand, public, pot, paid = cast(tuple[str, tuple[str, ...], int, tuple[int, int]], obs)
    stacks = (setup.stacks[0] - paid[0], setup.stacks[1] - paid[1])
    faces = tuple(p[5:] for p in public if p.startswith("spin "))
    last = public[-1]
    calls = last.startswith("spin ")
    bet = int(last.rsplit(" ", 1)[1]) if last.startswith("seat ") and " bet " in last else 0
    face = faces[-1] if faces else ""
    buy_in = setup.buy_in(setup.rules.spin_faces.index(face), pot) if calls and face else 0
    half = setup.pot // 2
    contrib = (half + paid[0] + (bet if seat == 1 else 0), setup.pot - half + paid[1] + (bet if seat == 0 else 0))
    o = TwoDreidelObservation(
        seat=seat, hand_number=1, phase="calls" if calls else "bet", button=0, stacks=stacks,
        alive=(True, True), in_hand=(True, True), contributions=contrib, pot=pot + bet, carry=0,
        round_bets=(bet, 0) if seat == 1 else (0, bet), to_call=bet, face=face, buy_in=buy_in, spins=faces,
        drawn="", hand=hand, put_back="", deck=DeckState.fresh(setup.rules), discards=((), ()),
        visibility="all", street=0,
    )
    return o, calls, min(stacks)


def bot_policy(bot: Bot, setup: SpinGameSetup, seat: int, *, samples: int = 16, seed: int = 0) -> Policy:
    """A whole-game bot as a policy of one seat of the spin game (see the module docstring).

    Parameters:
        bot: a whole-game bot ``bot(observation, legal_actions, rng)``.
        setup: the spin game.
        seat: the seat it plays (0 the button, 1 the other).
        samples: how many times to ask it at each decision (its empirical mix is its strategy).
        seed: the seed of the generators.

    Returns:
        ``policy(observation, legal) -> {action: probability}`` with exact probabilities.
    """

    def policy(obs: Hashable, legal: tuple[Hashable, ...]) -> dict[Hashable, Fraction]:
        o, calls, eff = _observation(setup, seat, obs)
        if calls:
            whole: tuple[Any, ...] = tuple(legal)
        elif "check" in legal:
            whole = ("check",) + tuple(range(1, eff + 1))
        else:
            whole = ("fold", "call")
        bets = [int(str(a)[4:]) for a in legal if str(a).startswith("bet ")]
        counts: dict[Hashable, int] = {}
        for i in range(samples):
            answer = bot(o, whole, Sampler(np.random.SeedSequence([seed, i])))
            if is_whole_number(answer):
                if not bets:
                    answer = "check"
                else:
                    answer = f"bet {min(bets, key=lambda b: (abs(b - answer), b))}"
            if answer not in legal:
                raise InputError(f"bot answered {answer!r}; legal here: {list(legal)}")
            counts[answer] = counts.get(answer, 0) + 1
        return {a: Fraction(c, samples) for a, c in counts.items()}

    return policy
