"""Bots for whole games of Two Dreidel: ``random``, ``calling-station``, ``tight`` (and ``equity``
in [`equity_bot`][dreidelpoker.games.two_dreidel.whole_game.equity_bot]).

A bot is any function ``bot(observation, legal_actions, rng) -> action`` (see
[`Bot`][dreidelpoker.play.Bot]): it sees a
[`TwoDreidelObservation`][dreidelpoker.games.two_dreidel.whole_game.play.TwoDreidelObservation] only. The factories
here take the rules and return such a function; they are registered by name in
[`PLAY`][dreidelpoker.games.two_dreidel.PLAY]. A user's own function plays
against them by passing it in the ``bots`` line-up of [`dreidelpoker.play.simulate`][dreidelpoker.play.simulate].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


from ...protocol import Bot
from .play import TwoDreidelObservation
from ..rulebook.rules import TwoDreidelRules
from ....sampler import Sampler
from ....validation import is_whole_number

__all__ = [
    "BET_FRACTIONS", "calling_station_bot", "hand_strengths", "pot_fraction_bet", "random_bot", "tight_bot",
]

#: The pot fractions the random bot draws its bet sizes from.
BET_FRACTIONS = (0.5, 1.0, 2.0)


def pot_fraction_bet(obs: TwoDreidelObservation, legal: Sequence[Any], fraction: float) -> int | None:
    """The legal bet or raise closest to ``fraction`` of the pot after calling (``None`` if none is legal).

    Parameters:
        obs: the seat's observation.
        legal: the legal actions.
        fraction: the wanted bet as a fraction of the pot.

    Returns:
        The bet size, or ``None``.

    Examples:
        >>> from dreidelpoker.games.two_dreidel.whole_game.play import new_game
        >>> g = new_game(TwoDreidelRules(), players=2)
        >>> pot_fraction_bet(g.observation(0), ("check", 2, 3, 4, 5), 1.0)  # the pot is the blind: 1, below 2
        2
    """
    sizes = [a for a in legal if is_whole_number(a)]
    if not sizes:
        return None
    want = obs.to_call + int(round(fraction * (obs.pot + obs.to_call)))
    return min(max(want, sizes[0]), sizes[-1])


def _words(legal: Sequence[Any]) -> int:
    """How many words (``"fold"``, ``"call"``, ``"check"``) lead the legal actions: the game
    lists its words first and its bet sizes after them, ascending."""
    k = 0
    for a in legal:
        if a.__class__ is not str:
            break
        k += 1
    return k


def _fraction_bet(obs: TwoDreidelObservation, low: int, high: int, fraction: float) -> int:
    """[`pot_fraction_bet`][dreidelpoker.games.two_dreidel.whole_game.bots.pot_fraction_bet] when the legal sizes run from ``low`` to ``high``."""
    want = obs.to_call + int(round(fraction * (obs.pot + obs.to_call)))
    return min(max(want, low), high)


def _random(observation: TwoDreidelObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    legal = legal_actions
    if observation.phase != "bet":
        return legal[rng.integers(len(legal))]
    # the words ("fold", "call", "check") come first, the bet sizes after them
    n = len(legal)
    k = 0
    if n > 1 and legal[0].__class__ is str:
        if legal[1].__class__ is not str:
            k = 1
        elif n > 2 and legal[2].__class__ is not str:
            k = 2
    if not k or legal[-1].__class__ is not int:
        return _random_bet_slow(observation, legal, rng)
    kind = rng.integers(k + 1)  # the words, then "raise"
    if kind < k:
        return legal[kind]
    return _fraction_bet(observation, legal[k], legal[-1], BET_FRACTIONS[rng.integers(3)])


def _random_bet_slow(obs: TwoDreidelObservation, legal: Sequence[Any], rng: Sampler) -> Any:
    kinds: list[Any] = [a for a in legal if isinstance(a, str)]
    if len(legal) > len(kinds):
        kinds.append("raise")
    kind = kinds[rng.integers(len(kinds))]
    if kind != "raise":
        return kind
    bet = pot_fraction_bet(obs, legal, BET_FRACTIONS[rng.integers(len(BET_FRACTIONS))])
    assert bet is not None
    return bet


def random_bot(rules: TwoDreidelRules) -> Bot:
    """Uniform over the kinds of legal action (fold, check, call, bet); a bet's size is
    half the pot, the pot or twice the pot, uniformly (clipped to the legal range).
    Put-backs and spin calls are uniform too.

    Parameters:
        rules: the rules the bot plays.

    Returns:
        The bot.

    Examples:
        >>> import numpy as np
        >>> from dreidelpoker.games.two_dreidel.whole_game.play import new_game
        >>> g = new_game(TwoDreidelRules(), players=2)
        >>> from dreidelpoker.sampler import Sampler
        >>> random_bot(TwoDreidelRules())(g.observation(1), ("fold", "call", 2, 3), Sampler(0)) in (
        ...     "fold", "call", 2, 3)
        True
    """
    return _random


def _calling_station(observation: TwoDreidelObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    obs, legal = observation, legal_actions
    if obs.phase == "put-back":
        return legal[0]  # the worst card goes back: keep the normal-best hand
    if obs.phase == "bet":  # the game lists its words first: ("check",), ("fold",) or ("fold", "call")
        first = legal[0]
        if first == "check":
            return "check"
        if first == "fold" and len(legal) > 1 and legal[1] == "call":
            return "call"
        words = legal[:_words(legal)]
        return "check" if "check" in words else "call" if "call" in words else first
    return "call" if "call" in legal else legal[0]


def calling_station_bot(rules: TwoDreidelRules) -> Bot:
    """Keeps the normal-best hand, never bets, calls every bet and every spin it may call.

    Two of them heads-up make the game a Markov chain with no decisions at all (the
    exact check of the simulator in the tests).

    Parameters:
        rules: the rules the bot plays.

    Returns:
        The bot.

    Examples:
        >>> import numpy as np
        >>> from dreidelpoker.games.two_dreidel.whole_game.play import new_game
        >>> g = new_game(TwoDreidelRules(), players=2)
        >>> calling_station_bot(TwoDreidelRules())(g.observation(1), ("fold", "call", 2), Sampler(0))
        'call'
    """
    return _calling_station


_STRENGTHS: dict[TwoDreidelRules, dict[str, float]] = {}


def hand_strengths(rules: TwoDreidelRules) -> dict[str, float]:
    """Each possible hand's exact heads-up equity against a fresh-deck, normal-best opponent
    ([`equity`][dreidelpoker.games.two_dreidel.odds.equity.equity]), as floats; cached per rules.

    Parameters:
        rules: the rules.

    Returns:
        ``{hand: equity}``.

    Examples:
        >>> s = hand_strengths(TwoDreidelRules())
        >>> round(s["GH"], 4), s["GH"] > s["NN"]
        (0.9091, True)
    """
    got = _STRENGTHS.get(rules)
    if got is None:
        from ..odds.equity import equity, possible_hands

        got = {h: float(equity(h, rules=rules, opponents=1).equity) for h in possible_hands(rules)}
        if len(_STRENGTHS) > 64:
            _STRENGTHS.clear()
        _STRENGTHS[rules] = got
    return got


class _Tight:
    """A rule of thumb: play only strong hands, bet them, and pay spins only with them."""

    name = "tight"

    def __init__(self, rules: TwoDreidelRules) -> None:
        self.strength = hand_strengths(rules)

    def __call__(self, observation: TwoDreidelObservation, legal_actions: Sequence[Any],
                 rng: Sampler) -> Any:
        obs, legal = observation, legal_actions
        if obs.phase == "put-back":
            return legal[0]  # keep the normal-best hand
        in_hand = obs.in_hand
        n_opp = max(1, sum(in_hand) - in_hand[obs.seat])  # the opponents still in the hand
        s = self.strength.get(obs.hand, 0.0) ** n_opp
        stack = obs.stacks[obs.seat]
        if obs.phase == "calls":
            if "call" not in legal:
                return "fold"
            cheap = obs.buy_in <= max(1, stack // 4)
            return "call" if obs.buy_in == 0 or s >= 0.7 or (s >= 0.45 and cheap) else "fold"
        if obs.to_call == 0:
            if s >= 0.7:
                bet = _sized_bet(obs, legal, 0.5)
                if bet is not None:
                    return bet
            return "check"
        if s >= 0.85:
            bet = _sized_bet(obs, legal, 1.0)
            if bet is not None:
                return bet
        affordable = obs.to_call <= max(1, stack // 3)
        if "call" in legal and (s >= 0.6 or (s >= 0.4 and affordable)):
            return "call"
        return "fold"


def _sized_bet(obs: TwoDreidelObservation, legal: Sequence[Any], fraction: float) -> int | None:
    """[`pot_fraction_bet`][dreidelpoker.games.two_dreidel.whole_game.bots.pot_fraction_bet], read from the ends of the bet sizes when they follow the words."""
    k = _words(legal)
    if k < len(legal) and legal[-1].__class__ is int:  # the bet sizes follow the words, ascending
        return _fraction_bet(obs, legal[k], legal[-1], fraction)
    return pot_fraction_bet(obs, legal, fraction)


def tight_bot(rules: TwoDreidelRules) -> Bot:
    """A rule-of-thumb bot: keeps the normal-best hand, judges it by its heads-up equity
    against a fresh deck raised to the number of opponents still in
    (`hand_strengths`), bets half the pot with a strong hand, raises the pot with a
    very strong one, calls cheap bets and spins with a fair one and folds the rest.

    Parameters:
        rules: the rules the bot plays.

    Returns:
        The bot.

    Examples:
        >>> import numpy as np
        >>> from dreidelpoker.games.two_dreidel.whole_game.play import new_game
        >>> g = new_game(TwoDreidelRules(), players=2).apply("GHN").apply("HNS")  # both have drawn
        >>> g.legal_actions(0)
        ('S', 'N', 'H')
        >>> tight_bot(TwoDreidelRules())(g.observation(0), g.legal_actions(0), Sampler(0))
        'S'
    """
    return _Tight(rules)
