"""Keep policies: which of the drawn cards to put back ([Two Dreidel rules: deck cycle][rules-1-2], step 2).

A policy is a function from the drawn cards (canonical string, best first, e.g.
``"GHN"``) to the card(s) put back (a string of ``rules.put_back`` symbols). Named
policies are looked up in [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES]; any callable works too.

A policy that also looks at the deck (for example the optimal put-back policy of
[`strategy`][dreidelpoker.games.two_dreidel.deck_cycle.strategy]) is a [`StateAwarePolicy`][dreidelpoker.games.two_dreidel.deck_cycle.policies.StateAwarePolicy]: it wraps a
function ``(drawn, state) -> put-back`` where ``state`` is the
[`DeckState`][dreidelpoker.games.two_dreidel.DeckState] at the start of the hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Union

from ...._fractions import to_fraction
from ....caches import bounded_cache
from ....errors import InputError, InputTypeError, shorten
from ..rulebook.deck import DeckState, draw_weights
from ..rulebook.ranking import Hand, format_hand, heads_up_points, normal_key, parse_cards, parse_hand
from ..rulebook.rules import TwoDreidelRules
from ....validation import check_arguments, check_field_types

if TYPE_CHECKING:
    from ....exact import Distribution

__all__ = [
    "POLICIES", "NeedsStateError", "Policy", "PolicyFn", "ResolvedPolicy", "StateAwarePolicy", "StatePolicyFn",
    "greedy_equity_policy", "kept_weights", "resolve_policy",
]

PolicyFn = Callable[[str], str]
#: A state-aware policy function: drawn cards and the deck state -> put-back card(s).
StatePolicyFn = Callable[[str, DeckState], str]


@dataclass(frozen=True)
class StateAwarePolicy:
    """A keep policy that also sees the player's deck state at the start of the hand.

    ``fn(drawn, state)`` gets the drawn cards (canonical string, best first) and the
    [`DeckState`][dreidelpoker.games.two_dreidel.DeckState] the hand started from, and
    returns the put-back card(s). Plain ``callable(drawn) -> str`` policies keep working
    everywhere; this wrapper is how a policy says it needs the state.

    Examples:
        >>> from dreidelpoker.games.two_dreidel.rulebook.deck import DeckState
        >>> rules = TwoDreidelRules()
        >>> p = StateAwarePolicy(lambda drawn, state: drawn[-1], name="worst")
        >>> resolve_policy(p, rules=rules).kept_at((0, 1, 3), DeckState.fresh(rules))
        (0, 1)
    """

    fn: StatePolicyFn
    name: str = "state-aware"

    def __post_init__(self) -> None:
        check_field_types(self)

    def __call__(self, drawn: str, state: DeckState) -> str:
        return self.fn(drawn, state)


Policy = Union[str, PolicyFn, StateAwarePolicy]


def _normal_best(rules: TwoDreidelRules) -> PolicyFn:
    """Keep the normal-best cards: put back the worst card(s) in normal order."""

    def policy(drawn: str) -> str:
        return drawn[len(drawn) - rules.put_back :]

    return policy


def _save_gimel(rules: TwoDreidelRules) -> PolicyFn:
    """Put back a drawn best symbol (Gimel) to guarantee it next hand; else normal-best."""
    best = rules.symbols[0]

    def policy(drawn: str) -> str:
        if best not in drawn:
            return drawn[len(drawn) - rules.put_back :]
        rest = drawn.replace(best, "", 1)
        return best + (rest[len(rest) - (rules.put_back - 1) :] if rules.put_back > 1 else "")

    return policy


def _keep_shin(rules: TwoDreidelRules) -> PolicyFn:
    """Never put back a trumping symbol (Shin) if another card can go back; else normal-best."""
    trumpers = {a for a, _ in rules.trumps}

    def policy(drawn: str) -> str:
        order = [c for c in reversed(drawn) if c not in trumpers] + [c for c in reversed(drawn) if c in trumpers]
        return "".join(order[: rules.put_back])

    return policy


@check_arguments
def greedy_equity_policy(
    rules: TwoDreidelRules,
    *,
    reference: Mapping[str, Any] | Distribution[str] | None = None,
) -> PolicyFn:
    """Keep the hand with the best immediate heads-up equity against a reference opponent.

    ``reference`` is the opponent's kept-hand distribution (``{hand: probability}`` or a
    [`Distribution`][dreidelpoker.Distribution]); by default an opponent drawing from a fresh
    deck and playing ``normal-best``. Ties in equity keep the normal-better hand. The
    policy looks at this hand only, never at what the put-back card does next hand.

    Parameters:
        rules: the rules.
        reference: the reference opponent's kept-hand distribution.

    Returns:
        A policy ``drawn -> put-back``.

    Raises:
        ValueError: reference probabilities that are negative or do not sum to 1.

    Examples:
        >>> p = greedy_equity_policy(TwoDreidelRules())
        >>> p("GHS"), p("GNS"), p("HNS")
        ('H', 'N', 'N')
    """
    if reference is None:  # an opponent keeping normal-best from a fresh deck
        fresh = kept_weights(resolve_policy("normal-best", rules=rules), DeckState.fresh(rules))
        total = sum(fresh.values())
        reference = {format_hand(h, rules=rules): Fraction(w, total) for h, w in fresh.items()}

    ref: dict[str, Fraction] = {}
    if not hasattr(reference, "items"):
        raise InputTypeError(f"reference must be a mapping {{hand: probability}} or a Distribution, "
                             f"got {type(reference).__name__} {shorten(reference)}")
    for h, p in reference.items():
        r = to_fraction(p, what=f"reference probability of {h!r}")
        if r < 0:
            raise InputError(f"reference probability of {h!r} is negative ({r})")
        ref[h] = r
    if sum(ref.values()) != 1:
        raise InputError(f"reference probabilities must sum to 1, they sum to {sum(ref.values())}")
    ref_hands = [(parse_hand(h, rules=rules), p) for h, p in ref.items()]

    def heads_up(a: Hand, b: Hand) -> Fraction:
        return Fraction(heads_up_points(a, b, rules=rules), 2)

    @lru_cache(maxsize=None)
    def hand_equity(hand: Hand) -> Fraction:
        return sum((p * heads_up(hand, b) for b, p in ref_hands), Fraction(0))

    def policy(drawn: str) -> str:
        cards = parse_cards(drawn, what="drawn cards", rules=rules)
        best: tuple[Fraction, tuple[int, ...], Hand] | None = None
        for back in sorted(set(_sub_multisets(cards, rules.put_back))):
            kept = list(cards)
            for c in back:
                kept.remove(c)
            key = (hand_equity(tuple(kept)), normal_key(kept), back)
            if best is None or key[:2] > best[:2]:
                best = key
        assert best is not None
        return "".join(rules.symbols[c] for c in best[2])

    policy.__name__ = "greedy-equity"
    return policy


def _sub_multisets(cards: Hand, k: int) -> list[Hand]:
    return [tuple(c) for c in itertools.combinations(cards, k)]


#: Built-in policies by name; each maps rules to a policy function.
POLICIES: dict[str, Callable[[TwoDreidelRules], PolicyFn]] = {
    "normal-best": _normal_best,
    "save-gimel": _save_gimel,
    "keep-shin": _keep_shin,
    "greedy-equity": greedy_equity_policy,
}


class NeedsStateError(InputError):
    """A state-aware policy was asked for a put-back without the deck state."""


def _needs_state(name: str) -> PolicyFn:
    def policy(drawn: str) -> str:
        raise NeedsStateError(
            f"policy {name!r} depends on the deck state; call it with the state "
            "(ResolvedPolicy.put_back_at / kept_at)"
        )

    return policy


@dataclass(frozen=True)
class ResolvedPolicy:
    """A policy checked against the rules, memoised per drawn multiset (and per deck
    state for a [`StateAwarePolicy`][dreidelpoker.games.two_dreidel.deck_cycle.policies.StateAwarePolicy]).

    The memo lives in the object, so it goes when the policy goes; named policies are
    resolved once per (name, rules) value, so every call with ``"normal-best"`` and the
    same rules shares one memo. A state-aware memo holds at most
    `STATE_MEMO_LIMIT` answers.
    """

    name: str
    rules: TwoDreidelRules
    fn: PolicyFn
    state_fn: StateAwarePolicy | None = None
    _memo: dict[Hand, Hand] = field(default_factory=dict, compare=False, repr=False)
    _state_memo: dict[tuple[Hand, DeckState], Hand] = field(default_factory=dict, compare=False, repr=False)

    @property
    def state_aware(self) -> bool:
        """Whether the put-back choice depends on the deck state."""
        return self.state_fn is not None

    def put_back(self, drawn: Hand) -> Hand:
        """The put-back card(s) as sorted indices, validated."""
        back = self._memo.get(drawn)
        if back is None:
            back = self._memo[drawn] = _put_back(self, drawn)
        return back

    def kept(self, drawn: Hand) -> Hand:
        return _remove(drawn, self.put_back(drawn))

    def put_back_at(self, drawn: Hand, state: DeckState) -> Hand:
        """The put-back card(s) when the hand started from ``state`` (any policy)."""
        if self.state_fn is None:
            return self.put_back(drawn)
        key = (drawn, state)
        back = self._state_memo.get(key)
        if back is None:
            if len(self._state_memo) >= STATE_MEMO_LIMIT:
                self._state_memo.clear()
            back = self._state_memo[key] = _put_back_state(self, drawn, state)
        return back

    def kept_at(self, drawn: Hand, state: DeckState) -> Hand:
        """The kept hand when the hand started from ``state`` (any policy)."""
        return _remove(drawn, self.put_back_at(drawn, state))

    def __hash__(self) -> int:
        # A policy function's value is its identity; the name and rules hash by value.
        return hash((self.name, self.rules, self.fn, self.state_fn))


#: The most (drawn, deck state) answers one state-aware policy remembers.
STATE_MEMO_LIMIT = 1_000_000


@check_arguments
def kept_weights(policy: ResolvedPolicy, state: DeckState) -> dict[Hand, int]:
    """The kept hands of one draw and put-back from ``state`` under ``policy``, with
    integer weights (the draw's multiset classes; they sum to the number of draws).

    Parameters:
        policy: the resolved keep policy.
        state: the deck state before the draw.

    Returns:
        ``{kept hand: weight}``.

    Examples:
        >>> rules = TwoDreidelRules()
        >>> w = kept_weights(resolve_policy("normal-best", rules=rules), DeckState.fresh(rules))
        >>> w[(0, 1)], sum(w.values())
        (40, 220)
    """
    outcomes, _total = draw_weights(state, rules=policy.rules)
    weights: dict[Hand, int] = {}
    for outcome, w in outcomes:
        kept = policy.kept_at(outcome.drawn, state)
        weights[kept] = weights.get(kept, 0) + w
    return weights


def _remove(drawn: Hand, back: Hand) -> Hand:
    kept = list(drawn)
    for c in back:
        kept.remove(c)
    return tuple(kept)


def _put_back(policy: ResolvedPolicy, drawn: Hand) -> Hand:
    drawn_text = format_hand(drawn, rules=policy.rules)
    try:
        answer = policy.fn(drawn_text)
    except NeedsStateError:
        raise
    except Exception as exc:  # a user's policy failed: say which input broke it
        raise InputError(f"policy {policy.name!r} raised {type(exc).__name__}: {exc} on drawn cards {drawn_text!r}") from exc
    return _check_answer(policy, drawn, drawn_text, answer)


def _put_back_state(policy: ResolvedPolicy, drawn: Hand, state: DeckState) -> Hand:
    assert policy.state_fn is not None
    drawn_text = format_hand(drawn, rules=policy.rules)
    try:
        answer = policy.state_fn(drawn_text, state)
    except Exception as exc:  # a user's policy failed: say which input broke it
        raise InputError(
            f"policy {policy.name!r} raised {type(exc).__name__}: {exc} on drawn cards {drawn_text!r} "
            f"from {state.describe(policy.rules)}"
        ) from exc
    try:
        return _check_answer(policy, drawn, drawn_text, answer)
    except ValueError as exc:
        raise InputError(f"{exc} (the hand started from {state.describe(policy.rules)})") from None


def _check_answer(policy: ResolvedPolicy, drawn: Hand, drawn_text: str, answer: object) -> Hand:
    rules = policy.rules
    if not isinstance(answer, str):
        raise InputError(
            f"policy {policy.name!r} returned {answer!r} for drawn cards {drawn_text!r}; "
            f"it must return the put-back card(s) as a string of {rules.put_back} symbol(s)"
        )
    back = parse_cards(answer, what="put-back", rules=rules)
    if len(back) != rules.put_back:
        raise InputError(
            f"policy {policy.name!r} put back {answer!r} for drawn cards {drawn_text!r}; "
            f"it must put back exactly {rules.put_back} card(s)"
        )
    remaining = list(drawn)
    for c in back:
        if c not in remaining:
            raise InputError(
                f"policy {policy.name!r} put back {rules.symbols[c]!r}, which it did not draw "
                f"(drawn: {drawn_text!r}); it must put back one of the drawn cards"
            )
        remaining.remove(c)
    return back


@bounded_cache(maxsize=256)
def _named_policy(name: str, rules: TwoDreidelRules) -> ResolvedPolicy:
    return ResolvedPolicy(name, rules, POLICIES[name](rules))


@check_arguments
def resolve_policy(policy: Policy | ResolvedPolicy, *, rules: TwoDreidelRules) -> ResolvedPolicy:
    """Turn a policy name or callable into a validated, memoised policy.

    Parameters:
        policy: a name, a callable ``drawn -> put-back``, a [`StateAwarePolicy`][dreidelpoker.games.two_dreidel.deck_cycle.policies.StateAwarePolicy] or a resolved policy.
        rules: the rules.

    Returns:
        The resolved policy.

    Raises:
        ValueError: an unknown name.
        TypeError: a value of another type.

    Examples:
        >>> p = resolve_policy("normal-best", rules=TwoDreidelRules())
        >>> p.kept((0, 1, 3))
        (0, 1)
        >>> resolve_policy("keep-best", rules=TwoDreidelRules())
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: unknown policy 'keep-best'; known policies: normal-best, save-gimel, keep-shin, greedy-equity (or pass a callable)
    """
    if isinstance(policy, ResolvedPolicy):
        if policy.rules != rules:
            return ResolvedPolicy(policy.name, rules, policy.fn, policy.state_fn)
        return policy
    if isinstance(policy, StateAwarePolicy):
        return ResolvedPolicy(policy.name, rules, _needs_state(policy.name), policy)
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise InputError(
                f"unknown policy {policy!r}; known policies: {', '.join(POLICIES)} (or pass a callable)"
            )
        return _named_policy(policy, rules)
    if callable(policy):
        return ResolvedPolicy(getattr(policy, "__name__", "custom"), rules, policy)
    raise InputTypeError(
        f"policy must be a name ({', '.join(POLICIES)}), a callable or a StateAwarePolicy, "
        f"got {type(policy).__name__}"
    )
