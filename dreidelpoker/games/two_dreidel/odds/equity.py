"""Exact Two Dreidel equity: a hand (or a distribution over hands) against 1 to 7
opponents, each drawing from their own deck state under their own keep policy."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from math import comb, gcd
from typing import Protocol, Union

from fractions import Fraction

from ....equity import EquityAccumulator, EquityResult
from ....exact import Distribution, ExactMatrix, ExactTable
from ..rulebook.deck import DeckState
from .kept_hand import kept_hand_distribution
from ..deck_cycle.policies import Policy
from ..rulebook.ranking import Hand, HandLike, format_hand, hand_letters, parse_hand, showdown_winners
from ..rulebook.rules import TwoDreidelRules
from .showdown_table import MAX_TYPES, equity_counts, heads_up_counts, showdown_table
from ....caches import ValueCache, bounded_cache
from ....errors import InputError, InputTypeError
from ....validation import check_arguments, check_count, default_rules

__all__ = [
    "MAX_OPPONENTS", "equity", "equity_against", "equity_table", "hand_weights", "heads_up_matrix",
    "hero_outcome", "opponent_hand_lists", "opponent_multisets", "possible_hands", "equity_vs_lists",
]

#: A table seats at most eight players (the Two Dreidel rules chips and the source's play).
MAX_OPPONENTS = 7


def _check_opponents(n: object) -> int:
    return check_count(n, "opponents", low=1, high=MAX_OPPONENTS)


class HandPosterior(Protocol):
    """Anything holding a distribution over an opponent's current hand (e.g.
    [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior])."""

    @property
    def hand(self) -> Distribution[str]: ...


OpponentSpec = Union[DeckState, Distribution[str], HandPosterior]
OpponentsLike = Union[int, Sequence[OpponentSpec]]
Weights = list[tuple[Hand, int]]


def _possible_hand(rules: TwoDreidelRules, hand: HandLike) -> Hand:
    """Parse a hand and check that the full deck holds its cards."""
    symbols = rules.symbols
    if isinstance(hand, str) and len(hand) == rules.hand_size and all(c in symbols for c in hand):
        parsed = tuple(sorted(symbols.index(c) for c in hand))  # plain symbols: no aliases to look up
    else:
        parsed = parse_hand(hand, rules=rules)
    for i in set(parsed):
        if parsed.count(i) > rules.counts[i]:
            raise InputError(
                f"hand {format_hand(parsed, rules=rules)!r} holds {parsed.count(i)} {rules.symbols[i]} but the deck "
                f"{rules.deck_label} holds only {rules.counts[i]}; possible hands: {', '.join(possible_hands(rules))}"
            )
    return parsed


_PARSED = ValueCache(f"{__name__}.hand_weights", maxsize=4096)
_FRESH = ValueCache(f"{__name__}._fresh_weights", maxsize=256)


def hand_weights(hand: HandLike | Distribution[str], *, rules: TwoDreidelRules) -> Weights:
    """A hand, or a distribution over hands, as (parsed hand, integer weight) pairs.

    Parameters:
        rules: the rules.
        hand: a hand or a distribution over hands.

    Returns:
        ``(parsed hand, weight)`` pairs.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> hand_weights("GH", rules=TwoDreidelRules())
        [((0, 1), 1)]
    """
    if isinstance(hand, Distribution):
        return [(_possible_hand(rules, h), w) for h, w in hand.weights.items()]
    if isinstance(hand, str):  # parsed once per (symbols, deck, hand size, text): a hand string is a value
        key = (rules.symbols, rules.deck, rules.draw, rules.put_back, hand)
        return [(_PARSED.remember(key, lambda: _possible_hand(rules, hand)), 1)]
    return [(_possible_hand(rules, hand), 1)]


def _fresh_weights(rules: TwoDreidelRules, policy: str) -> tuple[tuple[Hand, int], ...]:
    """Kept-hand weights from a fresh deck under a named policy, cached by value (the rules
    fields a named policy and the draw depend on; cheaper to hash than the whole rules)."""
    key = (rules.symbols, rules.trumps, rules.deck, rules.draw, rules.put_back, policy)
    if policy == "normal-best":  # the common question takes the small path (issue 22)
        found: tuple[tuple[Hand, int], ...] = _FRESH.remember(key, lambda: fresh_normal_best_weights(rules))
    else:
        found = _FRESH.remember(
            key, lambda: tuple(hand_weights(kept_hand_distribution(rules, policy=policy), rules=rules)))
    return found


def fresh_normal_best_weights(rules: TwoDreidelRules) -> tuple[tuple[Hand, int], ...]:
    """Kept hands of one draw from a fresh deck under ``normal-best``, with integer weights.

    The small path of the most common question: the drawn multisets in order (sorted
    symbol indices, best first) with their products of binomials, keeping the first
    ``hand_size`` cards (normal-best puts back the worst). It gives the pairs
    ``hand_weights(kept_hand_distribution(rules))`` gives, in the same order (best first),
    without resolving a policy or building a [`Distribution`][dreidelpoker.Distribution]
    (checked in ``tests/test_two_dreidel_equity_small.py``).

    Parameters:
        rules: the rules.

    Returns:
        ``(kept hand, weight)`` pairs, best first, in lowest terms (their total divides the
        number of draws).

    Examples:
        >>> fresh_normal_best_weights(TwoDreidelRules())  # GH 40, GN 15, HH 70, HN 75, NN 20 of 220 draws
        (((0, 1), 8), ((0, 2), 3), ((1, 1), 14), ((1, 2), 15), ((2, 2), 4))
    """
    counts = rules.counts
    keep, draw = rules.hand_size, rules.draw
    kept: dict[Hand, int] = {}
    get = kept.get
    for drawn in combinations_with_replacement(range(len(counts)), draw):
        a = drawn[0]
        w = 1
        run = 0
        for s in drawn:  # drawn is sorted: one binomial per run of one symbol (0 past the deck's copies)
            if s == a:
                run += 1
            else:
                w *= comb(counts[a], run)
                a, run = s, 1
        w *= comb(counts[a], run)
        if w:
            hand = drawn[:keep]
            kept[hand] = get(hand, 0) + w
    g = gcd(*kept.values())  # in lowest terms, as a Distribution keeps them
    return tuple((h, w // g) for h, w in kept.items())


def opponent_hand_lists(opponents: OpponentsLike, policy: Policy, *, rules: TwoDreidelRules) -> list[Weights]:
    """Each opponent's current-hand distribution as integer weights (validated count).

    Parameters:
        rules: the rules.
        opponents: a number of fresh-deck opponents, or one entry per opponent (a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState], a
            [`Distribution`][dreidelpoker.Distribution] over hands or an [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior]).
        policy: the opponents' keep policy (a name from [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES] or a callable).

    Returns:
        One list of ``(hand, weight)`` pairs per opponent.

    Raises:
        ValueError: a bad number of opponents.
        TypeError: an opponent entry of the wrong type.
    """
    if isinstance(opponents, bool):
        raise InputError(f"opponents must be an integer from 1 to {MAX_OPPONENTS}, got {opponents!r}")
    if isinstance(opponents, int):
        _check_opponents(opponents)
        if isinstance(policy, str):  # the common case: fresh decks under a named policy
            return [list(_fresh_weights(rules, policy))] * opponents
        specs: list[OpponentSpec] = [kept_hand_distribution(rules, policy=policy)] * opponents
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
        specs = list(opponents)
        if not 1 <= len(specs) <= MAX_OPPONENTS:
            raise InputError(f"a table seats 1 to {MAX_OPPONENTS} opponents, got {len(specs)}")
    else:
        raise InputError(
            f"opponents must be an integer from 1 to {MAX_OPPONENTS} or a list of opponents, got {opponents!r}"
        )
    out: list[Weights] = []
    for i, spec in enumerate(specs, start=1):
        if isinstance(spec, DeckState):
            dist = kept_hand_distribution(rules, state=spec, policy=policy)
        elif isinstance(spec, Distribution):
            dist = spec
        elif isinstance(getattr(spec, "hand", None), Distribution):
            dist = spec.hand
        else:
            raise InputTypeError(
                f"opponent {i} must be a DeckState, a Distribution over hands or an OpponentPosterior, "
                f"got {type(spec).__name__}"
            )
        out.append(hand_weights(dist, rules=rules))
    return out


def opponent_multisets(lists: Sequence[Weights]) -> dict[tuple[Hand, ...], int]:
    """Distribution of the multiset of opponents' hands: all the hero's showdown needs.

    Parameters:
        lists: each opponent's ``(hand, weight)`` pairs.

    Returns:
        ``{sorted hands: weight}``.
    """
    multisets: dict[tuple[Hand, ...], int] = {(): 1}
    for weights in lists:
        nxt: dict[tuple[Hand, ...], int] = {}
        for ms, w in multisets.items():
            for h, hw in weights:
                new = tuple(sorted(ms + (h,)))
                nxt[new] = nxt.get(new, 0) + w * hw
        multisets = nxt
    return multisets


@bounded_cache(maxsize=200_000)
def hero_outcome(rules: TwoDreidelRules, hero: Hand, others: tuple[Hand, ...]) -> tuple[int, bool]:
    """(number of winners, whether the hero is one of them) for the hero against sorted others.

    Parameters:
        rules: the rules.
        hero: the hero's parsed hand.
        others: the opponents' parsed hands, sorted.

    Returns:
        ``(winners, hero wins)``.
    """
    winners = showdown_winners([hero, *others], rules=rules)
    return len(winners), 0 in winners


def equity_against(
    hero: Weights,
    multisets: Mapping[tuple[Hand, ...], int],
    *,
    rules: TwoDreidelRules, opponents: int,
    description: str = "",
) -> EquityResult:
    """Exact equity of weighted hero hands against a distribution of opponent multisets.

    Parameters:
        rules: the rules.
        hero: ``(hand, weight)`` pairs.
        multisets: ``{sorted opponent hands: weight}``.
        opponents: the number of opponents.
        description: the result's description.

    Returns:
        The exact [`EquityResult`][dreidelpoker.EquityResult].
    """
    acc = EquityAccumulator(opponents + 1)
    for hero_hand, hero_w in hero:
        for ms, w in multisets.items():
            k, wins = hero_outcome(rules, hero_hand, ms)
            acc.add(hero_w * w, winners=k, hero_wins=wins)
    return acc.result(description)


def equity_vs_lists(
    hero: Weights,
    lists: Sequence[Weights],
    *,
    rules: TwoDreidelRules, description: str = "",
) -> EquityResult:
    """Exact equity of weighted hero hands against independent opponents' hand weights.

    Uses the precomputed showdown table ([`showdown_table`][dreidelpoker.games.two_dreidel.odds.showdown_table.showdown_table]); with more hand types
    in play than it handles, falls back to enumerating opponent multisets.

    Parameters:
        rules: the rules.
        hero: ``(hand, weight)`` pairs.
        lists: each opponent's ``(hand, weight)`` pairs.
        description: the result's description.

    Returns:
        The exact [`EquityResult`][dreidelpoker.EquityResult].

    Examples:
        >>> r = TwoDreidelRules()
        >>> equity_vs_lists([((0, 1), 1)], [[((0, 1), 1), ((1, 1), 1)]], rules=r)
        EquityResult(win=1/2, tie=1/2, lose=0, equity=3/4)
    """
    n = len(lists)
    if n == 1:  # heads-up: a few comparisons, no showdown table to build
        total, win, tie = heads_up_counts(rules.trump_index_pairs, hero, lists[0])
        return EquityResult.from_counts(total, win, tie, 2 * win + tie, 2, description)
    distinct = {id(lst): lst for lst in lists}.values()  # identical opponents share one list
    if n == 1 or len({h for lst in distinct for h, w in lst if w}) <= MAX_TYPES:  # heads-up: any number of types
        table = showdown_table(len(rules.symbols), rules.trump_index_pairs, rules.hand_size)
        total, win, tie, share, den = equity_counts(table, hero, lists)
        return EquityResult.from_counts(total, win, tie, share, den, description)
    return equity_against(hero, opponent_multisets(lists), opponents=n, description=description, rules=rules)


def equity(
    hand: HandLike | Distribution[str],
    *,
    rules: TwoDreidelRules | None = None,
    opponents: OpponentsLike = 1,
    policy: Policy = "normal-best",
) -> EquityResult:
    """Exact showdown equity of ``hand`` against opponents.

    ``opponents`` is a number (each opponent draws from a fresh deck) or a list with one
    entry per opponent: a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState] (they draw from it under ``policy``), a
    [`Distribution`][dreidelpoker.Distribution] over their hands, or an ``OpponentPosterior`` from their public
    discards. ``hand`` may itself be a distribution over the hero's hands (a partial hand).

    Parameters:
        hand: your kept hand, or a distribution over your hands.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        opponents: a number of fresh-deck opponents, or one entry per opponent (a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState], a
            [`Distribution`][dreidelpoker.Distribution] over hands or an [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior]).
        policy: the opponents' keep policy (a name from [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES] or a callable).

    Returns:
        An [`EquityResult`][dreidelpoker.EquityResult] (exact win, tie, lose, equity).

    Examples:
        >>> equity("GH", opponents=1)
        EquityResult(win=9/11, tie=2/11, lose=0, equity=10/11)
        >>> equity("NS", opponents=1).win
        1/4
    """
    rules = default_rules(rules, TwoDreidelRules)
    lists = opponent_hand_lists(opponents, policy, rules=rules)
    hero = hand_weights(hand, rules=rules)
    label = hand_letters(hero[0][0], rules.symbols) if not isinstance(hand, Distribution) else "a distribution of hands"
    n = len(lists)
    return equity_vs_lists(
        hero, lists,
        description=f"{label} against {n} opponent{'s' if n != 1 else ''}, deck {rules.deck_label}", rules=rules,
    )


@check_arguments
def possible_hands(rules: TwoDreidelRules) -> list[str]:
    """Every hand a full deck can produce, best first in normal order.

    Parameters:
        rules: the rules.

    Returns:
        Canonical hand strings.

    Examples:
        >>> possible_hands(TwoDreidelRules())
        ['GH', 'GN', 'GS', 'HH', 'HN', 'HS', 'NN', 'NS']
    """
    out = []
    for h in rules.all_hands:
        if all(h.count(i) <= c for i, c in enumerate(rules.counts)):
            out.append(format_hand(h, rules=rules))
    return out


@check_arguments
def heads_up_matrix(rules: TwoDreidelRules | None = None, *, hands: Sequence[str] | None = None) -> ExactMatrix:
    """Equity (1 win, 1/2 tie, 0 loss) of every row hand against every column hand.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        hands: the hands to compare (default: every possible hand).

    Returns:
        An [`ExactMatrix`][dreidelpoker.ExactMatrix].

    Examples:
        >>> m = heads_up_matrix()
        >>> m["NS", "GH"], m["GH", "HH"], m["HN", "HN"]
        (1, 1, 1/2)
    """
    rules = default_rules(rules, TwoDreidelRules)
    labels = tuple(hands) if hands is not None else tuple(possible_hands(rules))
    parsed = [parse_hand(h, rules=rules) for h in labels]
    canon = tuple(format_hand(h, rules=rules) for h in parsed)
    values = []
    for a in parsed:
        row = []
        for b in parsed:
            w = showdown_winners([a, b], rules=rules)
            row.append(Fraction(1, len(w)) if 0 in w else Fraction(0))
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
    next to how often the policy keeps it from a fresh deck.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        opponents: the number of fresh-deck opponents.
        policy: the opponents' keep policy (a name from [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES] or a callable).

    Returns:
        An [`ExactTable`][dreidelpoker.ExactTable], one row per possible hand.

    Examples:
        >>> t = equity_table()
        >>> t.columns
        ('hand', 'P(kept)', 'win', 'tie', 'lose', 'equity')
        >>> t.rows[0]
        ('GH', 2/11, 9/11, 2/11, 0, 10/11)
    """
    rules = default_rules(rules, TwoDreidelRules)
    kept = kept_hand_distribution(rules, policy=policy).fractions()
    rows = []
    for h in possible_hands(rules):
        r = equity(h, rules=rules, opponents=opponents, policy=policy)
        rows.append((h, kept.get(h, Fraction(0)), *r.fractions()))
    return ExactTable(
        ("hand", "P(kept)", "win", "tie", "lose", "equity"),
        tuple(rows),
        title=f"deck {rules.deck_label}: equity against {opponents} opponent(s) playing {policy}",
    )
