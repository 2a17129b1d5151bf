"""One hand of one player's deck cycle: the draw classes, what the policy puts back and
keeps, and the next deck state ([Two Dreidel rules: deck cycle][rules-1-2]). The deck chain ([`chain`][dreidelpoker.games.two_dreidel.deck_cycle.chain], which
re-exports these names) and the put-back MDP are built from these steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ...._fractions import to_rationals
from ..rulebook.deck import DeckState, DrawOutcome, counts_of, draw_weights
from .policies import Policy, ResolvedPolicy, resolve_policy
from ..rulebook.ranking import Hand
from ..rulebook.rules import TwoDreidelRules

Counts = tuple[int, ...]


def _hand(counts: Counts) -> Hand:
    return tuple(i for i, c in enumerate(counts) for _ in range(c))


@dataclass(frozen=True)
class HandStep:
    """One class of hands played from a state: what was drawn, put back and kept, where
    the deck stands at the start of the next hand, and the class's integer weight."""

    drawn: Hand
    put_back: Hand
    kept: Hand
    next_state: DeckState
    weight: int
    reshuffled: bool


def after_hand(outcome: DrawOutcome, put_back: Hand, kept: Hand, k: int) -> DeckState:
    """The state at the start of the next hand: the put-back card(s) on top of the pile,
    the kept hand on the discard ([Two Dreidel rules: deck cycle][rules-1-2] steps 2 and 3)."""
    back = counts_of(put_back, k)
    held = counts_of(kept, k)
    return DeckState.trusted(
        tuple(d + b for d, b in zip(outcome.deck_after, back)),
        tuple(sorted(put_back)),
        tuple(d + h for d, h in zip(outcome.discard_after, held)),
    )


def hand_steps(state: DeckState, policy: ResolvedPolicy, *, rules: TwoDreidelRules) -> tuple[list[HandStep], int]:
    """Every class of hands from ``state`` under ``policy``, with weights and their total.

    Parameters:
        rules: the rules.
        state: the deck state before the draw.
        policy: the resolved keep policy.

    Returns:
        ``(steps, total weight)``.

    Examples:
        >>> rules = TwoDreidelRules()
        >>> steps, total = hand_steps(DeckState.fresh(rules), resolve_policy("normal-best", rules=rules), rules=rules)
        >>> total, sum(s.weight for s in steps)
        (220, 220)
    """
    outcomes, total = draw_weights(state, rules=rules)
    k = len(rules.symbols)
    steps = []
    for outcome, w in outcomes:
        back = policy.put_back_at(outcome.drawn, state)
        kept = _remove(outcome.drawn, back)
        steps.append(HandStep(outcome.drawn, back, kept, after_hand(outcome, back, kept, k), w, outcome.reshuffled))
    return steps, total


def _remove(drawn: Hand, back: Hand) -> Hand:
    kept = list(drawn)
    for c in back:
        kept.remove(c)
    return tuple(kept)


def transitions(state: DeckState, policy: Policy | ResolvedPolicy, *, rules: TwoDreidelRules) -> dict[DeckState, sympy.Rational]:
    """The deck chain's transition function: next state -> exact probability.

    Parameters:
        rules: the rules.
        state: the deck state at the start of a hand.
        policy: the keep policy (a name, a callable or a resolved policy).

    Returns:
        ``{next state: probability}`` (sympy Rationals).

    Examples:
        >>> rules = TwoDreidelRules()
        >>> nxt = transitions(DeckState.fresh(rules), "normal-best", rules=rules)
        >>> len(nxt), sum(nxt.values())
        (12, 1)
    """
    pol = resolve_policy(policy, rules=rules)
    steps, total = hand_steps(state, pol, rules=rules)
    out: dict[DeckState, Fraction] = {}
    for s in steps:
        out[s.next_state] = out.get(s.next_state, Fraction(0)) + Fraction(s.weight, total)
    return to_rationals(out)


def deck_size_cycle(rules: TwoDreidelRules, *, start_size: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deck sizes at the start of each hand: ``(prefix, cycle)``.

    The deck size does not depend on the cards, so the sizes run through ``prefix`` once
    and then repeat ``cycle`` forever; a reshuffle happens on every hand that starts with
    fewer than ``rules.draw`` cards in the pile.

    Parameters:
        rules: the rules.
        start_size: the pile's size at the first hand (default: the whole deck).

    Returns:
        ``(prefix, cycle)``.

    Examples:
        >>> deck_size_cycle(TwoDreidelRules())
        ((12,), (10, 8, 6, 4, 2))
    """
    size = rules.deck_size if start_size is None else start_size
    seen: dict[int, int] = {}
    order: list[int] = []
    while size not in seen:
        seen[size] = len(order)
        order.append(size)
        size = _next_size(rules, size)
    i = seen[size]
    return tuple(order[:i]), tuple(order[i:])


def _next_size(rules: TwoDreidelRules, size: int) -> int:
    if size >= rules.draw:
        return size - rules.draw + rules.put_back
    return rules.deck_size - rules.draw + rules.put_back
