"""Dice Poker's bots: ``random``, ``calling-station``, ``tight`` and ``equity``.

Bots see a [`DicePokerObservation`][dreidelpoker.games.dice_poker.game.DicePokerObservation] only: every die,
their own cards and the betting.

* ``random``: uniform over the legal actions.
* ``calling-station``: checks when it can, else calls; never bets, never folds.
* ``tight``: rule of thumb on the category its dice and cards already make (the library's
  evaluator on the values it holds): on the dice alone it checks and calls one bet at most;
  with cards it bets or raises with three of a kind or better (two pair or better with one
  or two cards), calls with a pair, and checks or folds below.
* ``equity``: its exact heads-up equity (win + tie/2) against each opponent still in
  ([`heads_up_equity_table`][dreidelpoker.games.dice_poker.equity.heads_up_equity_table]: its dice and cards
  against that opponent's dice and every card set it may hold, card removal included; one
  table per pair of rolls, cached), multiplied over the opponents (exact heads-up; with more
  opponents the product treats them as independent, an approximation). It bets or raises
  when the equity is at least 1.3 times its fair share (1 / players still in, so 0.65
  heads-up), calls when the equity covers the price (to call / (pot + to call)), else
  checks or folds. Under pot limit it bets about half the pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...caches import bounded_cache
from ...play.bots import random_bot
from ..betting_round import is_aggressive
from ..protocol import Bot, BotFactory, SameBot
from .equity import heads_up_equity_table
from .evaluator import best_key, classify_values, dice_partitions
from .game import DicePokerObservation, hand_rank
from .key_ranks import key_ranks
from .space import DICE_MULTISETS, RANK_TRIPLES
from .rules import DicePokerRules
from ...sampler import Sampler

__all__ = ["BOTS", "EQUITY_AGGRESSION", "calling_station", "category_held", "make_equity",
           "make_tight", "showdown_equity"]

#: The equity bot bets or raises at this multiple of its fair share (1 / players still in).
EQUITY_AGGRESSION = 1.3


def calling_station(observation: Any, legal_actions: Sequence[str], rng: Sampler) -> str:
    """The ``calling-station`` bot: checks when it can, else calls."""
    return "check" if "check" in legal_actions else "call"


def _choose(legal: Sequence[str], *, aggressive: bool, call: bool, size: int = 0) -> str:
    """Bet or raise (the size nearest ``size``, else the smallest) when ``aggressive``; else check,
    call when ``call``, fold otherwise."""
    if aggressive:
        bets = [a for a in legal if is_aggressive(a)]
        if bets:
            if size and len(bets) > 1:
                return min(bets, key=lambda a: abs(int(a.rpartition(" ")[2]) - size))
            return bets[0]
    if "check" in legal:
        return "check"
    return "call" if call else "fold"


@bounded_cache(maxsize=65_536)
def category_held(dice: tuple[int, ...], cards: tuple[int, ...], options: tuple[int, int] = (1, 2)) -> int:
    """The category (0 high card .. 14 six of a kind) the dice and the cards held so far make:
    the best over the dice partitions that give at least four values (the evaluator's
    categories are defined on four to six values; with one card only the three dice alone do).

    Parameters:
        dice: the dice (sorted high to low).
        cards: the card ranks held (0 to 3, sorted high to low).
        options: [`DicePokerRules.ranking_options`][dreidelpoker.games.dice_poker.DicePokerRules.ranking_options].

    Returns:
        The category number.

    Examples:
        >>> category_held((6, 6, 1), (9,))  # a pair of sixes
        1
        >>> category_held((6, 5, 3), (9, 9))  # 6 + 3 = 9: three nines
        4
    """
    if len(cards) == 3:
        return int(_rank_categories(options)[hand_rank(dice, cards, rules=_rules_for(options))])
    best = 0
    for groups in dice_partitions(dice):
        if len(groups) + len(cards) >= 4:
            key = classify_values([sum(g) for g in groups] + list(cards), straight_min_start=options[0],
                                  bobtail_min_start=options[1])
            best = max(best, key[0])
    return best


@bounded_cache(maxsize=4)
def _rules_for(options: tuple[int, int]) -> DicePokerRules:
    return DicePokerRules(straights_from_one=options[0] == 1, bobtail_from_one=options[1] == 1)


@bounded_cache(maxsize=4)
def _rank_categories(options: tuple[int, int]) -> npt.NDArray[np.int64]:
    """The category of every key rank of the shipped order (ranks sort by key, and a key starts
    with its category, so each category is one run of ranks): found by a binary search per
    category boundary, valuing about 200 hands instead of all 25,480 classes."""
    ranks = key_ranks(options)
    top = int(ranks.max())
    where: dict[int, tuple[int, int]] = {}
    for d in range(ranks.shape[0]):
        for t, r in enumerate(ranks[d]):
            where.setdefault(int(r), (d, t))

    def category(r: int) -> int:
        d, t = where[r]
        key, _ = best_key(DICE_MULTISETS[d], RANK_TRIPLES[t], straight_min_start=options[0],
                          bobtail_min_start=options[1])
        return key[0]

    out = np.zeros(top + 1, dtype=np.int64)
    low = 0
    for c in range(category(0), category(top) + 1):
        # the first rank whose category exceeds c
        lo, hi = low, top + 1
        while lo < hi:
            mid = (lo + hi) // 2
            if category(mid) > c:
                hi = mid
            else:
                lo = mid + 1
        out[low:lo] = c
        low = lo
    return out


class _Tight:
    name = "tight"

    def __init__(self, rules: DicePokerRules) -> None:
        self.options = rules.ranking_options
        self.bet = rules.bet

    def __call__(self, observation: Any, legal_actions: Sequence[Any], rng: Sampler) -> Any:
        obs, legal = observation, legal_actions
        cards = obs.cards
        if not cards:
            return _choose(legal, aggressive=False, call=obs.to_call <= self.bet)
        cat = category_held(obs.dice[obs.seat], tuple(sorted(cards, reverse=True)), self.options)
        strong = 4 if len(cards) == 3 else 3
        return _choose(legal, aggressive=cat >= strong, call=cat >= 1)


@bounded_cache(maxsize=64)
def make_tight(rules: DicePokerRules) -> Bot:
    """The rule-of-thumb bot (see the module docstring); it keeps no state, so one per rules serves
    every game.

    Parameters:
        rules: the rules (their ranking options and bet size).

    Returns:
        The bot.
    """
    return _Tight(rules)


def showdown_equity(obs: DicePokerObservation, options: tuple[int, int] = (1, 2)) -> float:
    """The equity bot's figure: the product over the opponents still in of the exact heads-up
    equity of this seat's dice and cards against that opponent's dice and unknown cards.

    Parameters:
        obs: the seat's observation (after the dice are rolled).
        options: [`DicePokerRules.ranking_options`][dreidelpoker.games.dice_poker.DicePokerRules.ranking_options].

    Returns:
        A number from 0 to 1 (exactly the heads-up equity with one opponent).

    Examples:
        >>> from dreidelpoker.games.dice_poker.game import new_game
        >>> g = new_game(DicePokerRules()).apply(((6, 5, 3), (2, 2, 1)))
        >>> round(showdown_equity(g.observation(0)), 4)
        0.6577
    """
    mine = obs.dice[obs.seat]
    out = 1.0
    for s, live in enumerate(obs.live):
        if live and s != obs.seat:
            out *= heads_up_equity_table(mine, obs.dice[s], options).equity(obs.cards)
    return out


class _Equity:
    name = "equity"

    def __init__(self, rules: DicePokerRules) -> None:
        self.options = rules.ranking_options
        self.pot_limit = rules.limit == "pot"
        self.rules = rules

    def __call__(self, observation: Any, legal_actions: Sequence[Any], rng: Sampler) -> Any:
        obs, legal = observation, legal_actions
        eq = showdown_equity(obs, self.options)
        live = sum(obs.live)
        to_call = obs.to_call
        price = to_call / (obs.pot + to_call) if to_call else 0.0
        size = max(1, obs.pot // 2) if self.pot_limit else 0
        return _choose(legal, aggressive=eq >= EQUITY_AGGRESSION / live, call=eq >= price, size=size)


@bounded_cache(maxsize=64)
def make_equity(rules: DicePokerRules) -> Bot:
    """The equity bot (see the module docstring); it keeps no state (its tables are cached), so
    one per rules serves every game.

    Parameters:
        rules: the rules (their ranking options and limit).

    Returns:
        The bot.
    """
    return _Equity(rules)


#: Bot name -> factory (``factory(rules)`` returns a bot).
BOTS: dict[str, BotFactory] = {"random": SameBot(random_bot), "calling-station": SameBot(calling_station),
                               "tight": make_tight, "equity": make_equity}
