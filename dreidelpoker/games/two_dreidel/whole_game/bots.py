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
from .batch import PlainPolicy
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


def _fraction_bet(to_call: int, pot: int, low: int, high: int, fraction: float) -> int:
    """[`pot_fraction_bet`][dreidelpoker.games.two_dreidel.whole_game.bots.pot_fraction_bet] when the legal sizes run from ``low`` to ``high``."""
    want = to_call + int(round(fraction * (pot + to_call)))
    return min(max(want, low), high)


def _bet_shape(legal: Sequence[Any]) -> tuple[tuple[str, ...], int, int]:
    """A betting decision's legal actions as the plain values a `PlainPolicy` reads: the words
    that lead them, and the lowest and highest bet sizes (``high < low``: no bet is legal)."""
    k = _words(legal)
    if k < len(legal) and legal[-1].__class__ is int:  # the bet sizes follow the words, ascending
        return tuple(legal[:k]), legal[k], legal[-1]
    sizes = [a for a in legal if is_whole_number(a)]
    words = tuple(a for a in legal if isinstance(a, str))
    return (words, sizes[0], sizes[-1]) if sizes else (words, 1, 0)


def _opponents(obs: TwoDreidelObservation) -> int:
    """The opponents still in the observing seat's hand."""
    in_hand = obs.in_hand
    return sum(in_hand) - in_hand[obs.seat]


def _plain_decision(policy: PlainPolicy, obs: TwoDreidelObservation, legal: Sequence[Any], rng: Sampler) -> Any:
    """A bot's decision from its observation, made by its `PlainPolicy` (the one rule both the
    step-by-step path and the batch path ask)."""
    phase = obs.phase
    if phase == "put-back":
        return policy.put_back(tuple(legal), rng)
    if phase == "bet":
        words, low, high = _bet_shape(legal)
        return policy.bet(rng, obs.hand, obs.stacks[obs.seat], _opponents(obs), obs.pot, obs.to_call, words, low, high)
    return policy.call(rng, obs.hand, obs.stacks[obs.seat], _opponents(obs), obs.buy_in, tuple(legal))


class _RandomPolicy:
    """The random bot over plain values (`random_bot`)."""

    def put_back(self, choices: tuple[str, ...], rng: Sampler) -> str:
        return choices[rng.integers(len(choices))]

    def bet(self, rng: Sampler, hand: str, stack: int, opponents: int, pot: int, to_call: int, words: tuple[str, ...],
            low: int, high: int) -> str | int:
        k = len(words)
        if high >= low:  # the kinds of action: the words, then "raise"
            kind = rng.integers(k + 1)
            if kind < k:
                return words[kind]
            return _fraction_bet(to_call, pot, low, high, BET_FRACTIONS[rng.integers(3)])
        return words[rng.integers(k)]

    def call(self, rng: Sampler, hand: str, stack: int, opponents: int, buy_in: int, legal: tuple[str, ...]) -> str:
        return legal[rng.integers(len(legal))]


_RANDOM = _RandomPolicy()


def _random(observation: TwoDreidelObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    return _plain_decision(_RANDOM, observation, legal_actions, rng)


setattr(_random, "plain_policy", _RANDOM)  # the batch path plays it over plain values


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


class _CallingStationPolicy:
    """The calling station over plain values (`calling_station_bot`)."""

    def put_back(self, choices: tuple[str, ...], rng: Sampler) -> str:
        return choices[0]  # the worst card goes back: keep the normal-best hand

    def bet(self, rng: Sampler, hand: str, stack: int, opponents: int, pot: int, to_call: int, words: tuple[str, ...],
            low: int, high: int) -> str | int:
        # the game's words: ("check",), ("fold",) or ("fold", "call")
        return "check" if "check" in words else "call" if "call" in words else words[0]

    def call(self, rng: Sampler, hand: str, stack: int, opponents: int, buy_in: int, legal: tuple[str, ...]) -> str:
        return "call" if "call" in legal else legal[0]


_CALLING_STATION = _CallingStationPolicy()


def _calling_station(observation: TwoDreidelObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    return _plain_decision(_CALLING_STATION, observation, legal_actions, rng)


setattr(_calling_station, "plain_policy", _CALLING_STATION)


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

        got = {h: float(equity(h, rules=rules, opponents=1).fractions()[3]) for h in possible_hands(rules)}
        if len(_STRENGTHS) > 64:
            _STRENGTHS.clear()
        _STRENGTHS[rules] = got
    return got


class _Tight:
    """A rule of thumb: play only strong hands, bet them, and pay spins only with them."""

    name = "tight"

    def __init__(self, rules: TwoDreidelRules) -> None:
        self.strength = hand_strengths(rules)
        self.plain_policy = self  # the batch path plays it over plain values

    def __call__(self, observation: TwoDreidelObservation, legal_actions: Sequence[Any],
                 rng: Sampler) -> Any:
        return _plain_decision(self, observation, legal_actions, rng)

    def put_back(self, choices: tuple[str, ...], rng: Sampler) -> str:
        return choices[0]  # keep the normal-best hand

    def bet(self, rng: Sampler, hand: str, stack: int, opponents: int, pot: int, to_call: int, words: tuple[str, ...],
            low: int, high: int) -> str | int:
        s = self.strength.get(hand, 0.0) ** (opponents if opponents > 1 else 1)
        if to_call == 0:
            if s >= 0.7 and high >= low:
                return _fraction_bet(to_call, pot, low, high, 0.5)
            return "check"
        if s >= 0.85 and high >= low:
            return _fraction_bet(to_call, pot, low, high, 1.0)
        affordable = to_call <= max(1, stack // 3)
        if "call" in words and (s >= 0.6 or (s >= 0.4 and affordable)):
            return "call"
        return "fold"

    def call(self, rng: Sampler, hand: str, stack: int, opponents: int, buy_in: int, legal: tuple[str, ...]) -> str:
        if "call" not in legal:
            return "fold"
        s = self.strength.get(hand, 0.0) ** (opponents if opponents > 1 else 1)
        cheap = buy_in <= max(1, stack // 4)
        return "call" if buy_in == 0 or s >= 0.7 or (s >= 0.45 and cheap) else "fold"


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
