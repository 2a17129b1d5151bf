"""Bots for whole games of Domino Poker: ``random``, ``calling-station``, ``tight`` and ``equity``.

A bot is any function ``bot(observation, legal_actions, rng) -> action`` that sees a
[`DominoPokerObservation`][dreidelpoker.games.domino_poker.game.DominoPokerObservation] only. The factories
here take the rules and return such a function; [`BOTS`][dreidelpoker.games.domino_poker.bots.BOTS] registers them by name.

**Bet sizes (no-limit).** Where more than one size is legal the bots choose from four
sizes only (the *bet-size abstraction*, [`BET_SIZES`][dreidelpoker.games.domino_poker.bots.BET_SIZES]): the smallest legal size, half
the pot, the pot, and all-in; "the pot" is the pot after calling, and a size outside the
legal range is moved to its nearest end. In fixed-limit play there is one size and the
abstraction changes nothing.

**Equity.** [`live_equity`][dreidelpoker.games.domino_poker.bots.live_equity] is a hand's exact share of the pot at a showdown against
``k`` opponents whose tiles are unknown (every hand of the 15 unseen tiles equally likely,
card removal included): the library's equity engine's counts for every hand, shipped as
data ([`multiway_wins`][dreidelpoker.games.domino_poker.equity.multiway_wins]) and read once into a
dictionary; for an option without shipped data, the engine
([`equity`][dreidelpoker.games.domino_poker.equity.equity]) hand by hand, cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


from ..protocol import Bot
from .equity import MULTIWAY_DEALS, equity, heads_up_wins, multiway_wins
from .game import DominoPokerObservation, hand_tiles
from .rules import DominoPokerRules
from .table import strength_tables
from ...caches import bounded_cache
from ...sampler import Sampler
from ...errors import InputError, InputTypeError, shorten
from ...validation import check_arguments

__all__ = [
    "BET_SIZES", "BOTS", "calling_station_bot", "equity_bot", "live_equity", "random_bot", "sized_action",
    "tight_bot", "win_rate",
]

#: The bet-size abstraction: name -> fraction of the pot after calling (``inf``: all-in;
#: 0: the smallest legal size).
BET_SIZES: dict[str, float] = {"min": 0.0, "half-pot": 0.5, "pot": 1.0, "all-in": float("inf")}


def _aggressive(legal: Sequence[str]) -> list[str]:
    """The bets or raises among the legal actions, smallest first."""
    return [a for a in legal if a[0] in "br"]


def sized_action(obs: DominoPokerObservation, legal: Sequence[str], fraction: float) -> str | None:
    """The legal bet or raise closest to ``fraction`` of the pot after calling (``None`` if none).

    Parameters:
        obs: the seat's observation.
        legal: the legal actions.
        fraction: a value of [`BET_SIZES`][dreidelpoker.games.domino_poker.bots.BET_SIZES] (``inf`` for all-in, 0 for the smallest).

    Returns:
        The action, e.g. ``"bet 3"``, or ``None`` when no bet or raise is legal.

    Examples:
        >>> from dreidelpoker.games.domino_poker.game import new_game
        >>> g = new_game(DominoPokerRules(betting="no-limit", stack=5)).apply(tuple(range(10)))
        >>> sized_action(g.observation(0), g.legal_actions(0), 1.0)  # the pot is the two antes
        'bet 2'
    """
    agg = _aggressive(legal)
    if not agg:
        return None
    if fraction == float("inf"):
        return agg[-1]
    want = fraction * (obs.pot + obs.to_call)
    return min(agg, key=lambda a: (abs(int(a.split(" ")[1]) - want), int(a.split(" ")[1])))


def _words(legal: Sequence[str]) -> list[str]:
    """The actions that are not bets or raises, in one fixed order (fold, check, call) whatever
    the order of ``legal``: the random bot's draws name the same action kinds."""
    return [w for w in ("fold", "check", "call") if w in legal]


# -- equity --------------------------------------------------------------------------
@bounded_cache(maxsize=8)
def _win_rates(low_runs: str) -> dict[int, float]:
    t = strength_tables(low_runs)  # type: ignore[arg-type]
    wins = heads_up_wins(rules=DominoPokerRules(low_runs=low_runs))  # type: ignore[arg-type]
    return dict(zip(t.masks.tolist(), (wins / 3003).tolist()))


@check_arguments
def win_rate(mask: int, *, rules: DominoPokerRules) -> float:
    """A hand's exact chance to beat one random hand of the 15 unseen tiles (its heads-up equity).

    Parameters:
        mask: the hand as a 20-bit tile mask.
        rules: the rules.

    Returns:
        A probability.

    Raises:
        InputError: a mask that is not five of the 20 tiles.

    Examples:
        >>> win_rate(0b11111 << 15, rules=DominoPokerRules())  # the five strongest tiles
        1.0
    """
    rate = _win_rates(rules.low_runs).get(mask)
    if rate is None:
        raise InputError(f"mask must be a 20-bit tile mask with 5 bits set (a hand of five tiles), got {mask!r}")
    return rate


@bounded_cache(maxsize=8)
def _equity_table(low_runs: str) -> dict[tuple[int, int], float] | None:
    """``{(mask, opponents): equity}`` from the shipped multiway win counts, or ``None``."""
    wins = multiway_wins(low_runs, compute=False)  # type: ignore[arg-type]
    if wins is None:
        return None
    masks = strength_tables(low_runs).masks.tolist()  # type: ignore[arg-type]
    table: dict[tuple[int, int], float] = {}
    for k in (1, 2, 3):
        for m, w in zip(masks, (wins[:, k - 1] / MULTIWAY_DEALS[k - 1]).tolist()):
            table[m, k] = w
    return table


@bounded_cache(maxsize=200_000)
def _computed_equity(mask: int, opponents: int, low_runs: str) -> float:
    rules = DominoPokerRules(low_runs=low_runs)  # type: ignore[arg-type]
    if opponents == 1:
        return _win_rates(low_runs)[mask]
    return float(equity(hand_tiles(mask), opponents=opponents, rules=rules).fractions()[3])


def _live_equity(mask: int, opponents: int, low_runs: str) -> float:
    table = _equity_table(low_runs)
    if table is not None:
        return table[mask, opponents]
    return _computed_equity(mask, opponents, low_runs)  # an option without shipped data: hand by hand


def live_equity(mask: int, opponents: int, *, rules: DominoPokerRules) -> float:
    """A hand's exact pot share at a showdown against ``opponents`` unknown hands (cached).

    Folded hands are unknown too, so only the number of opponents still in matters.

    Parameters:
        mask: the hand as a 20-bit tile mask.
        opponents: opponents still in the hand (1 to 3).
        rules: the rules.

    Returns:
        The equity, a float in [0, 1].

    Raises:
        InputError: a mask that is not five of the 20 tiles, opponents outside 1..3, or rules that
            are not a DominoPokerRules.

    Examples:
        >>> from dreidelpoker.games.domino_poker import parse_hand
        >>> from dreidelpoker.games.domino_poker.equity import equity
        >>> from dreidelpoker.games.domino_poker.tiles import tiles_mask
        >>> hand = parse_hand("6-6,5-5,2-4,3-1,4-6")
        >>> live_equity(tiles_mask(hand), 2, rules=DominoPokerRules()) == float(equity(hand, opponents=2).equity)
        True
    """
    # cheap checks by hand: bots call this at every decision
    if type(mask) is not int or mask < 0 or mask >> 20 or mask.bit_count() != 5:
        raise InputError(f"mask must be a 20-bit tile mask with 5 bits set (a hand of five tiles), got {shorten(mask)}")
    if type(opponents) is not int or not 1 <= opponents <= 3:
        raise InputError(f"opponents must be an integer from 1 to 3, got {shorten(opponents)}")
    if not isinstance(rules, DominoPokerRules):
        raise InputTypeError(f"rules must be a DominoPokerRules, got {type(rules).__name__} {shorten(rules)}")
    return _live_equity(mask, opponents, rules.low_runs)


# -- the bots --------------------------------------------------------------------------
def _random(observation: DominoPokerObservation, legal_actions: Sequence[str], rng: Sampler) -> str:
    words = _words(legal_actions)
    kinds = len(words) + (len(words) < len(legal_actions))
    k = rng.integers(kinds)
    if k < len(words):
        return words[k]
    agg = _aggressive(legal_actions)
    if len(agg) == 1:
        return agg[0]
    fractions = tuple(BET_SIZES.values())
    sized = sized_action(observation, legal_actions, fractions[rng.integers(len(fractions))])
    assert sized is not None
    return sized


def random_bot(rules: DominoPokerRules) -> Bot:
    """Uniform over the kinds of legal action (fold, check, call, bet or raise); a bet's size
    uniform over the bet-size abstraction ([`BET_SIZES`][dreidelpoker.games.domino_poker.bots.BET_SIZES]).

    Parameters:
        rules: the rules (unused: the bot reads everything from its observation).

    Returns:
        The bot.

    Examples:
        >>> from dreidelpoker.games.domino_poker.game import new_game
        >>> g = new_game(DominoPokerRules()).apply(tuple(range(10)))
        >>> random_bot(DominoPokerRules())(g.observation(0), g.legal_actions(0), Sampler(0)) in ("check", "bet 1")
        True
    """
    return _random


def _calling_station(observation: DominoPokerObservation, legal_actions: Sequence[str], rng: Sampler) -> str:
    return legal_actions[0] if legal_actions[0] == "check" else "call"


def calling_station_bot(rules: DominoPokerRules) -> Bot:
    """Checks when it may, else calls: never bets, raises or folds.

    Parameters:
        rules: the rules (unused).

    Returns:
        The bot.

    Examples:
        >>> calling_station_bot(DominoPokerRules())(None, ("fold", "call", "raise 1"), Sampler(0))
        'call'
    """
    return _calling_station


class _Tight:
    """Plays only strong hands: thresholds on the heads-up win rate raised to the number of
    opponents still in (the chance to beat each of them if their hands were independent)."""

    name = "tight"
    __slots__ = ("rates",)

    def __init__(self, rules: DominoPokerRules) -> None:
        self.rates = _win_rates(rules.low_runs)

    def __call__(self, observation: DominoPokerObservation, legal_actions: Sequence[str],
                 rng: Sampler) -> str:
        strength = self.rates[observation.hand] ** observation.opponents_in
        agg = _aggressive(legal_actions)
        if strength >= TIGHT_RAISE and agg:
            return sized_action(observation, legal_actions, 1.0) or agg[0]
        if legal_actions[0] == "check":
            return "check"
        return "call" if strength >= TIGHT_CALL else "fold"


#: The tight bot bets or raises (a pot-sized bet in no-limit) at or above this, calls at or above ``TIGHT_CALL``.
TIGHT_RAISE = 0.8
TIGHT_CALL = 0.55


def tight_bot(rules: DominoPokerRules) -> Bot:
    """Bets or raises when its heads-up win rate to the power of the opponents still in is at
    least ``TIGHT_RAISE`` (0.8), calls when it is at least ``TIGHT_CALL`` (0.55), else checks or folds.

    Parameters:
        rules: the rules (the strength order).

    Returns:
        The bot.

    Examples:
        >>> from dreidelpoker.games.domino_poker.game import new_game
        >>> g = new_game(DominoPokerRules()).apply(tuple(range(10)))  # seat 1 holds weak tiles
        >>> tight_bot(DominoPokerRules())(g.observation(0), g.legal_actions(0), Sampler(0))
        'check'
    """
    return _Tight(rules)


class _Equity:
    """Bets for value from its exact equity, calls on pot odds."""

    name = "equity"
    __slots__ = ("rules",)

    def __init__(self, rules: DominoPokerRules) -> None:
        self.rules = rules

    def __call__(self, observation: DominoPokerObservation, legal_actions: Sequence[str],
                 rng: Sampler) -> str:
        k = observation.opponents_in
        e = _live_equity(observation.hand, k, self.rules.low_runs)
        value = 1.5 / (k + 1)  # half as much again as a fair share of the pot
        raise_at = 1 - (1 - value) / 2
        agg = _aggressive(legal_actions)
        if agg and e >= (value if legal_actions[0] == "check" else raise_at):
            return sized_action(observation, legal_actions, 1.0) or agg[0]
        if legal_actions[0] == "check":
            return "check"
        to_call = observation.to_call
        return "call" if e * (observation.pot + to_call) >= to_call else "fold"


def equity_bot(rules: DominoPokerRules) -> Bot:
    """From its exact equity ``e`` against the ``k`` opponents still in ([`live_equity`][dreidelpoker.games.domino_poker.bots.live_equity]):
    bets (a pot-sized bet in no-limit) when ``e >= 1.5 / (k + 1)``, raises when ``e`` is
    at least halfway from there to 1, calls when the pot odds pay (``e * (pot + to_call) >=
    to_call``), else checks or folds.

    Parameters:
        rules: the rules.

    Returns:
        The bot.

    Examples:
        >>> from dreidelpoker.games.domino_poker.game import new_game
        >>> g = new_game(DominoPokerRules()).apply((19, 0, 18, 1, 17, 2, 16, 3, 15, 4))  # seat 1: [6-6] .. [6-2]
        >>> equity_bot(DominoPokerRules())(g.observation(0), g.legal_actions(0), Sampler(0))
        'bet 1'
    """
    return _Equity(rules)


#: The registered bots.
BOTS: dict[str, Any] = {
    "random": random_bot, "calling-station": calling_station_bot, "tight": tight_bot, "equity": equity_bot,
}
