"""Exact Two Dreidel equity: a hand (or a distribution over hands) against 1 to 7
opponents, each drawing from their own deck state under their own keep policy."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Union

import sympy

from ...equity import EquityAccumulator, EquityResult
from ...exact import Distribution, ExactMatrix, ExactTable
from .deck import DeckState
from .odds import kept_hand_distribution
from .policies import Policy
from .ranking import Hand, HandLike, format_hand, parse_hand, showdown_winners
from .rules import TwoDreidelRules

__all__ = ["equity", "heads_up_matrix", "equity_table", "MAX_OPPONENTS", "possible_hands"]

#: A table seats at most eight players (RULES.md chips and the source's play).
MAX_OPPONENTS = 7

OpponentSpec = Union[DeckState, Distribution[str], Mapping[str, object]]


def _check_opponents(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_OPPONENTS:
        raise ValueError(f"opponents must be an integer from 1 to {MAX_OPPONENTS}, got {n!r}")
    return n


def _opponent_weights(
    rules: TwoDreidelRules, spec: OpponentSpec, policy: Policy
) -> list[tuple[Hand, int]]:
    """An opponent's kept-hand distribution as (hand, integer weight)."""
    if isinstance(spec, DeckState):
        dist = kept_hand_distribution(rules, state=spec, policy=policy)
    elif isinstance(spec, Distribution):
        dist = spec
    else:
        raise TypeError(
            "each opponent must be a DeckState (their deck before the draw) or a Distribution over hands, "
            f"got {type(spec).__name__}"
        )
    return [(parse_hand(h, rules), w) for h, w in dist.weights.items()]


def _hero_weights(rules: TwoDreidelRules, hero: HandLike | Distribution[str]) -> list[tuple[Hand, int]]:
    if isinstance(hero, Distribution):
        return [(parse_hand(h, rules), w) for h, w in hero.weights.items()]
    return [(parse_hand(hero, rules), 1)]


def equity(
    hand: HandLike | Distribution[str],
    *,
    rules: TwoDreidelRules | None = None,
    opponents: int | Sequence[OpponentSpec] = 1,
    policy: Policy = "normal-best",
) -> EquityResult:
    """Exact showdown equity of ``hand`` against opponents.

    ``opponents`` is a number (each opponent draws from a fresh deck) or a list with one
    entry per opponent: a :class:`DeckState` (they draw from it under ``policy``) or a
    :class:`Distribution` over their hands. ``hand`` may itself be a distribution over
    the hero's hands (a partial hand).

    Examples:
        >>> equity("GH", opponents=1)
        EquityResult(win=9/11, tie=2/11, lose=0, equity=10/11)
        >>> equity("NS", opponents=1).win
        1/4
    """
    rules = rules or TwoDreidelRules()
    if isinstance(opponents, int) and not isinstance(opponents, bool):
        specs: list[OpponentSpec] = [DeckState.fresh(rules)] * _check_opponents(opponents)
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
        specs = list(opponents)
        _check_opponents(len(specs))
    else:
        raise ValueError(f"opponents must be a number 1..{MAX_OPPONENTS} or a list of opponent deck states")
    hero = _hero_weights(rules, hand)
    # Distribution over the *multiset* of opponent hands: order does not matter to the hero.
    cache: dict[tuple[object, ...], list[tuple[Hand, int]]] = {}
    multisets: dict[tuple[Hand, ...], int] = {(): 1}
    for spec in specs:
        key = (spec,) if isinstance(spec, DeckState) else (id(spec),)
        if key not in cache:
            cache[key] = _opponent_weights(rules, spec, policy)
        nxt: dict[tuple[Hand, ...], int] = {}
        for ms, w in multisets.items():
            for h, hw in cache[key]:
                new = tuple(sorted(ms + (h,)))
                nxt[new] = nxt.get(new, 0) + w * hw
        multisets = nxt
    acc = EquityAccumulator(len(specs) + 1)
    for hero_hand, hero_w in hero:
        for ms, w in multisets.items():
            winners = _winners_cached(rules, (hero_hand,) + ms)
            acc.add(hero_w * w, winners=len(winners), hero_wins=0 in winners)
    label = format_hand(hero[0][0], rules) if len(hero) == 1 else "a distribution of hands"
    return acc.result(f"{label} against {len(specs)} opponent(s), deck {rules.deck_label}")


@lru_cache(maxsize=200_000)
def _winners_cached(rules: TwoDreidelRules, hands: tuple[Hand, ...]) -> tuple[int, ...]:
    return tuple(showdown_winners(rules, list(hands)))


def possible_hands(rules: TwoDreidelRules) -> list[str]:
    """Every hand a full deck can produce, best first in normal order.

    Examples:
        >>> possible_hands(TwoDreidelRules())
        ['GH', 'GN', 'GS', 'HH', 'HN', 'HS', 'NN', 'NS']
    """
    out = []
    for h in rules.all_hands:
        if all(h.count(i) <= c for i, c in enumerate(rules.counts)):
            out.append(format_hand(h, rules))
    return out


def heads_up_matrix(rules: TwoDreidelRules | None = None, *, hands: Sequence[str] | None = None) -> ExactMatrix:
    """Equity (1 win, 1/2 tie, 0 loss) of every row hand against every column hand.

    Examples:
        >>> m = heads_up_matrix()
        >>> m["NS", "GH"], m["GH", "HH"], m["HN", "HN"]
        (1, 1, 1/2)
    """
    rules = rules or TwoDreidelRules()
    labels = tuple(hands) if hands is not None else tuple(possible_hands(rules))
    parsed = [parse_hand(h, rules) for h in labels]
    canon = tuple(format_hand(h, rules) for h in parsed)
    values = []
    for a in parsed:
        row = []
        for b in parsed:
            w = showdown_winners(rules, [a, b])
            row.append(sympy.Rational(1, len(w)) if 0 in w else sympy.Integer(0))
        values.append(tuple(row))
    return ExactMatrix(canon, canon, tuple(values), title=f"heads-up equity, row vs column ({rules.deck_label})",
                       value_name="equity")


def equity_table(
    rules: TwoDreidelRules | None = None,
    *,
    opponents: int = 1,
    policy: Policy = "normal-best",
) -> ExactTable:
    """Each possible hand's exact win / tie / lose / equity against fresh-deck opponents,
    next to how often the policy keeps it from a fresh deck."""
    rules = rules or TwoDreidelRules()
    kept = kept_hand_distribution(rules, policy=policy)
    rows = []
    for h in possible_hands(rules):
        r = equity(h, rules=rules, opponents=opponents, policy=policy)
        rows.append((h, kept[h], r.win, r.tie, r.lose, r.equity))
    return ExactTable(
        ("hand", "P(kept)", "win", "tie", "lose", "equity"),
        tuple(rows),
        title=f"deck {rules.deck_label}: equity against {opponents} opponent(s) playing {policy}",
    )
