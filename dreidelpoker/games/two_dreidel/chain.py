"""The deck cycle of one Two Dreidel player as an exact Markov chain (RULES.md 1.2).

A :class:`ChainState` is what a player knows at the start of a hand: the composition of
their draw pile, the card(s) they put back on top last hand, and their discard pile
(every card is in one or the other between hands). One step of the chain is one hand:
draw ``rules.draw`` cards (the known top card(s) first; if the pile runs out, draw what is
left, shuffle the discard into a new pile and go on), put ``rules.put_back`` of them back
on top of the pile as the policy says, keep the rest, and discard the kept hand at the end.

The deck *size* moves deterministically (every hand takes ``draw - put_back`` cards from
the pile until a reshuffle refills it), so the chain is periodic: its states fall into
layers by deck size that the chain visits in a fixed cycle. :class:`DeckChain` uses that
structure for fast exact long-run answers (an exact solve on the smallest layer only) and
the generic :class:`~dreidelpoker.markov.MarkovChain` for everything else.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import comb
from typing import TYPE_CHECKING, Any

import sympy

from ..._fractions import decimal_str, frac_str
from ...exact import Distribution, ExactTable
from .deck import DeckState, DrawOutcome, counts_of, draw_weights, hypergeometric
from .policies import Policy, ResolvedPolicy, resolve_policy
from .ranking import Hand, format_hand, normal_key, trumps
from .rules import TwoDreidelRules

if TYPE_CHECKING:
    from ...markov import MarkovChain

__all__ = [
    "ChainState", "DeckChain", "HandStep", "TrumpFrequency", "deck_chain", "deck_size_cycle",
    "draw_classes", "hand_steps", "trump_frequency", "transitions",
]

Counts = tuple[int, ...]

#: Chains larger than this are refused (the deck presets need a few hundred states).
DEFAULT_MAX_STATES = 200_000


@dataclass(frozen=True)
class ChainState:
    """One player's deck at the start of a hand.

    ``deck`` counts every card in the draw pile (the known top cards included), ``top``
    lists the known top card(s) as sorted symbol indices (empty on a fresh deck; with the
    default rules one card), ``discard`` counts the discard pile.

    >>> rules = TwoDreidelRules()
    >>> ChainState.fresh(rules).describe(rules)
    'deck 1-5-5-1, discard 0-0-0-0'
    >>> ChainState((0, 2, 1, 1), (1,), (1, 3, 4, 0)).label(rules)
    '0211·H'
    """

    deck: Counts
    top: Hand
    discard: Counts

    @classmethod
    def fresh(cls, rules: TwoDreidelRules) -> ChainState:
        """A freshly shuffled full deck, nothing known on top, empty discard."""
        return cls(rules.counts, (), tuple(0 for _ in rules.counts))

    @classmethod
    def from_deck_state(cls, state: DeckState) -> ChainState:
        """The chain state of a :class:`~dreidelpoker.games.two_dreidel.deck.DeckState`."""
        return cls(state.deck, () if state.top is None else (state.top,), state.discard)

    def as_deck_state(self) -> DeckState:
        """The same state as a :class:`DeckState` (at most one known top card)."""
        if len(self.top) > 1:
            raise ValueError(f"a DeckState knows one top card; this state knows {len(self.top)}")
        return DeckState(self.deck, self.top[0] if self.top else None, self.discard)

    @property
    def deck_size(self) -> int:
        return sum(self.deck)

    def validate(self, rules: TwoDreidelRules) -> None:
        """Raise ``ValueError`` if this state cannot occur under ``rules``."""
        k = len(rules.symbols)
        if len(self.deck) != k or len(self.discard) != k:
            raise ValueError(f"deck and discard must each have {k} counts")
        if any(c < 0 for c in self.deck + self.discard):
            raise ValueError("card counts must be >= 0")
        if any(not 0 <= t < k for t in self.top) or len(self.top) > rules.put_back:
            raise ValueError(f"the known top cards {self.top!r} must be at most {rules.put_back} symbol indices")
        top = counts_of(self.top, k)
        if any(t > d for t, d in zip(top, self.deck)):
            raise ValueError(f"the known top card(s) {format_hand(self.top, rules)} are not in the deck {_label(self.deck)}")
        if any(a + b > full for a, b, full in zip(self.deck, self.discard, rules.counts)):
            raise ValueError(
                f"deck {_label(self.deck)} plus discard {_label(self.discard)} holds more cards of some "
                f"symbol than the full deck {rules.deck_label}"
            )
        if self.deck_size + sum(self.discard) < rules.draw:
            raise ValueError(f"deck and discard hold too few cards to draw {rules.draw}")

    def describe(self, rules: TwoDreidelRules) -> str:
        top = f" (top {format_hand(self.top, rules)})" if self.top else ""
        return f"deck {_label(self.deck)}{top}, discard {_label(self.discard)}"

    def label(self, rules: TwoDreidelRules) -> str:
        """A short node label: deck counts, then the known top card(s)."""
        digits = "".join(str(c) if c < 10 else f"({c})" for c in self.deck)
        return digits + ("·" + format_hand(self.top, rules) if self.top else "")

    def to_dict(self, rules: TwoDreidelRules) -> dict[str, Any]:
        return {
            "deck": dict(zip(rules.symbols, self.deck)),
            "top": format_hand(self.top, rules),
            "discard": dict(zip(rules.symbols, self.discard)),
        }


def _label(counts: Counts) -> str:
    return "-".join(str(c) for c in counts)


def draw_classes(rules: TwoDreidelRules, state: ChainState) -> tuple[list[tuple[DrawOutcome, int]], int]:
    """All classes of draws from ``state`` with integer weights and their total.

    With at most one known top card this is
    :func:`~dreidelpoker.games.two_dreidel.deck.draw_weights`; with several (``put_back >
    1``) all known cards are drawn first, then the same rules apply.

    >>> outs, total = draw_classes(TwoDreidelRules(), ChainState((0, 1, 1, 0), (1,), (1, 4, 4, 1)))
    >>> total, sorted(format_hand(o.drawn) for o, _ in outs)
    (10, ['GHN', 'HHN', 'HNN', 'HNS'])
    """
    if len(state.top) <= 1:
        return draw_weights(rules, state.as_deck_state())
    state.validate(rules)
    fixed = counts_of(state.top, len(rules.symbols))
    pile = tuple(d - f for d, f in zip(state.deck, fixed))
    need = rules.draw - len(state.top)
    out: list[tuple[DrawOutcome, int]] = []
    if need <= sum(pile):
        for vec, w in hypergeometric(pile, need):
            drawn = _hand(tuple(f + v for f, v in zip(fixed, vec)))
            out.append((DrawOutcome(drawn, tuple(p - v for p, v in zip(pile, vec)), state.discard, False), w))
        return out, comb(sum(pile), need)
    first = tuple(f + p for f, p in zip(fixed, pile))
    rest = need - sum(pile)
    for vec, w in hypergeometric(state.discard, rest):
        drawn = _hand(tuple(a + v for a, v in zip(first, vec)))
        new_pile = tuple(d - v for d, v in zip(state.discard, vec))
        out.append((DrawOutcome(drawn, new_pile, tuple(0 for _ in pile), True), w))
    return out, comb(sum(state.discard), rest)


def _hand(counts: Counts) -> Hand:
    return tuple(i for i, c in enumerate(counts) for _ in range(c))


@dataclass(frozen=True)
class HandStep:
    """One class of hands played from a state: what was drawn, put back and kept, where
    the deck stands at the start of the next hand, and the class's integer weight."""

    drawn: Hand
    put_back: Hand
    kept: Hand
    next_state: ChainState
    weight: int
    reshuffled: bool


def after_hand(outcome: DrawOutcome, put_back: Hand, kept: Hand, k: int) -> ChainState:
    """The state at the start of the next hand: the put-back card(s) on top of the pile,
    the kept hand on the discard (RULES.md 1.2 steps 2 and 3)."""
    back = counts_of(put_back, k)
    held = counts_of(kept, k)
    return ChainState(
        tuple(d + b for d, b in zip(outcome.deck_after, back)),
        tuple(sorted(put_back)),
        tuple(d + h for d, h in zip(outcome.discard_after, held)),
    )


def hand_steps(rules: TwoDreidelRules, state: ChainState, policy: ResolvedPolicy) -> tuple[list[HandStep], int]:
    """Every class of hands from ``state`` under ``policy``, with weights and their total.

    >>> rules = TwoDreidelRules()
    >>> steps, total = hand_steps(rules, ChainState.fresh(rules), resolve_policy("normal-best", rules))
    >>> total, sum(s.weight for s in steps)
    (220, 220)
    """
    outcomes, total = draw_classes(rules, state)
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


def transitions(rules: TwoDreidelRules, state: ChainState, policy: Policy | ResolvedPolicy) -> dict[ChainState, Fraction]:
    """The deck chain's transition function: next state -> exact probability.

    >>> rules = TwoDreidelRules()
    >>> nxt = transitions(rules, ChainState.fresh(rules), "normal-best")
    >>> len(nxt), sum(nxt.values())
    (26, Fraction(1, 1))
    """
    pol = resolve_policy(policy, rules)
    steps, total = hand_steps(rules, state, pol)
    out: dict[ChainState, Fraction] = {}
    for s in steps:
        out[s.next_state] = out.get(s.next_state, Fraction(0)) + Fraction(s.weight, total)
    return out


def deck_size_cycle(rules: TwoDreidelRules, *, start_size: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deck sizes at the start of each hand: ``(prefix, cycle)``.

    The deck size does not depend on the cards, so the sizes run through ``prefix`` once
    and then repeat ``cycle`` forever; a reshuffle happens on every hand that starts with
    fewer than ``rules.draw`` cards in the pile.

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


@dataclass(frozen=True)
class _StateInfo:
    """Per-state facts of a chain under a fixed policy (exact, as Fractions)."""

    next: dict[ChainState, Fraction]
    kept: dict[Hand, Fraction]
    reshuffle: Fraction


def _state_info(rules: TwoDreidelRules, state: ChainState, policy: ResolvedPolicy) -> _StateInfo:
    steps, total = hand_steps(rules, state, policy)
    nxt: dict[ChainState, Fraction] = {}
    kept: dict[Hand, Fraction] = {}
    resh = 0
    for s in steps:
        p = Fraction(s.weight, total)
        nxt[s.next_state] = nxt.get(s.next_state, Fraction(0)) + p
        kept[s.kept] = kept.get(s.kept, Fraction(0)) + p
        resh += s.weight if s.reshuffled else 0
    return _StateInfo(nxt, kept, Fraction(resh, total))


def _explore(
    rules: TwoDreidelRules, start: ChainState, policy: ResolvedPolicy, max_states: int
) -> dict[ChainState, _StateInfo]:
    info: dict[ChainState, _StateInfo] = {}
    stack = [start]
    while stack:
        s = stack.pop()
        if s in info:
            continue
        if len(info) >= max_states:
            raise ValueError(
                f"the deck chain of {rules.deck_label} under {policy.name!r} has more than max_states="
                f"{max_states} states; raise max_states if you have the memory"
            )
        info[s] = si = _state_info(rules, s, policy)
        stack.extend(t for t in si.next if t not in info)
    return info


def _mat_vec(vec: Mapping[ChainState, Fraction], info: Mapping[ChainState, _StateInfo]) -> dict[ChainState, Fraction]:
    out: dict[ChainState, Fraction] = {}
    for s, p in vec.items():
        for t, q in info[s].next.items():
            out[t] = out.get(t, Fraction(0)) + p * q
    return out
