"""Keep policies: which of the drawn cards to put back (RULES.md 1.2, step 2).

A policy is a function from the drawn cards (canonical string, best first, e.g.
``"GHN"``) to the card(s) put back (a string of ``rules.put_back`` symbols). Named
policies are looked up in :data:`POLICIES`; any callable works too.

A policy that also looks at the deck (for example the optimal put-back policy of
:mod:`~dreidelpoker.games.two_dreidel.strategy`) is a :class:`StateAwarePolicy`: it wraps a
function ``(drawn, state) -> put-back`` where ``state`` is the
:class:`~dreidelpoker.games.two_dreidel.chain.ChainState` at the start of the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Union

from .ranking import Hand, format_hand, heads_up_share, normal_key, parse_cards
from .rules import TwoDreidelRules
from ...errors import InputError, InputTypeError

if TYPE_CHECKING:
    from ...exact import Distribution
    from .chain import ChainState

__all__ = [
    "POLICIES", "Policy", "PolicyFn", "StateAwarePolicy", "StatePolicyFn", "greedy_equity_policy",
    "resolve_policy",
]

PolicyFn = Callable[[str], str]
#: A state-aware policy function: drawn cards and the deck state -> put-back card(s).
StatePolicyFn = Callable[[str, "ChainState"], str]


@dataclass(frozen=True)
class StateAwarePolicy:
    """A keep policy that also sees the player's deck state at the start of the hand.

    ``fn(drawn, state)`` gets the drawn cards (canonical string, best first) and the
    :class:`~dreidelpoker.games.two_dreidel.chain.ChainState` the hand started from, and
    returns the put-back card(s). Plain ``callable(drawn) -> str`` policies keep working
    everywhere; this wrapper is how a policy says it needs the state.

    Examples:
        >>> from dreidelpoker.games.two_dreidel.chain import ChainState
        >>> rules = TwoDreidelRules()
        >>> p = StateAwarePolicy(lambda drawn, state: drawn[-1], name="worst")
        >>> resolve_policy(p, rules).kept_at((0, 1, 3), ChainState.fresh(rules))
        (0, 1)
    """

    fn: StatePolicyFn
    name: str = "state-aware"

    def __call__(self, drawn: str, state: ChainState) -> str:
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


def greedy_equity_policy(
    rules: TwoDreidelRules,
    *,
    reference: Mapping[str, Any] | Distribution[str] | None = None,
) -> PolicyFn:
    """Keep the hand with the best immediate heads-up equity against a reference opponent.

    ``reference`` is the opponent's kept-hand distribution (``{hand: probability}`` or a
    :class:`~dreidelpoker.exact.Distribution`); by default an opponent drawing from a fresh
    deck and playing ``normal-best``. Ties in equity keep the normal-better hand. The
    policy looks at this hand only, never at what the put-back card does next hand.

    Examples:
        >>> p = greedy_equity_policy(TwoDreidelRules())
        >>> p("GHS"), p("GNS"), p("HNS")
        ('H', 'N', 'N')
    """
    from fractions import Fraction

    from .ranking import parse_hand

    if reference is None:
        from .odds import kept_hand_distribution

        reference = kept_hand_distribution(rules)
    from ..._fractions import to_rational

    ref: dict[str, Fraction] = {}
    for h, p in reference.items():
        r = to_rational(p, what=f"reference probability of {h!r}")
        if r < 0:
            raise InputError(f"reference probability of {h!r} is negative ({r})")
        ref[h] = Fraction(int(r.p), int(r.q))
    if sum(ref.values()) != 1:
        raise InputError(f"reference probabilities must sum to 1, they sum to {sum(ref.values())}")
    ref_hands = [(parse_hand(h, rules), p) for h, p in ref.items()]

    def heads_up(a: Hand, b: Hand) -> Fraction:
        return heads_up_share(rules, a, b)

    @lru_cache(maxsize=None)
    def hand_equity(hand: Hand) -> Fraction:
        return sum((p * heads_up(hand, b) for b, p in ref_hands), Fraction(0))

    def policy(drawn: str) -> str:
        cards = parse_cards(drawn, rules, what="drawn cards")
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
    import itertools

    return [tuple(c) for c in itertools.combinations(cards, k)]


#: Built-in policies by name; each maps rules to a policy function.
POLICIES: dict[str, Callable[[TwoDreidelRules], PolicyFn]] = {
    "normal-best": _normal_best,
    "save-gimel": _save_gimel,
    "keep-shin": _keep_shin,
    "greedy-equity": greedy_equity_policy,
}


def _needs_state(name: str) -> PolicyFn:
    def policy(drawn: str) -> str:
        raise InputError(
            f"policy {name!r} depends on the deck state; call it with the state "
            "(ResolvedPolicy.put_back_at / kept_at)"
        )

    return policy


@dataclass(frozen=True)
class ResolvedPolicy:
    """A policy checked against the rules, memoised per drawn multiset (and per deck
    state for a :class:`StateAwarePolicy`)."""

    name: str
    rules: TwoDreidelRules
    fn: PolicyFn
    state_fn: StateAwarePolicy | None = None

    @property
    def state_aware(self) -> bool:
        """Whether the put-back choice depends on the deck state."""
        return self.state_fn is not None

    def put_back(self, drawn: Hand) -> Hand:
        """The put-back card(s) as sorted indices, validated."""
        return _put_back_cached(self, drawn)

    def kept(self, drawn: Hand) -> Hand:
        return _remove(drawn, self.put_back(drawn))

    def put_back_at(self, drawn: Hand, state: ChainState) -> Hand:
        """The put-back card(s) when the hand started from ``state`` (any policy)."""
        if self.state_fn is None:
            return _put_back_cached(self, drawn)
        return _put_back_state_cached(self, drawn, state)

    def kept_at(self, drawn: Hand, state: ChainState) -> Hand:
        """The kept hand when the hand started from ``state`` (any policy)."""
        return _remove(drawn, self.put_back_at(drawn, state))

    def __hash__(self) -> int:
        return hash((self.name, self.rules, id(self.fn), id(self.state_fn)))


def _remove(drawn: Hand, back: Hand) -> Hand:
    kept = list(drawn)
    for c in back:
        kept.remove(c)
    return tuple(kept)


@lru_cache(maxsize=100_000)
def _put_back_cached(policy: ResolvedPolicy, drawn: Hand) -> Hand:
    drawn_text = format_hand(drawn, policy.rules)
    try:
        answer = policy.fn(drawn_text)
    except Exception as exc:  # a user's policy failed: say which input broke it
        if isinstance(exc, ValueError) and "depends on the deck state" in str(exc):
            raise
        raise InputError(f"policy {policy.name!r} raised {type(exc).__name__}: {exc} on drawn cards {drawn_text!r}") from exc
    return _check_answer(policy, drawn, drawn_text, answer)


@lru_cache(maxsize=1_000_000)
def _put_back_state_cached(policy: ResolvedPolicy, drawn: Hand, state: ChainState) -> Hand:
    assert policy.state_fn is not None
    drawn_text = format_hand(drawn, policy.rules)
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
    back = parse_cards(answer, rules, what="put-back")
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


def resolve_policy(policy: Policy | ResolvedPolicy, rules: TwoDreidelRules) -> ResolvedPolicy:
    """Turn a policy name or callable into a validated, memoised policy.

    Examples:
        >>> p = resolve_policy("normal-best", TwoDreidelRules())
        >>> p.kept((0, 1, 3))
        (0, 1)
        >>> resolve_policy("keep-best", TwoDreidelRules())
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
        return ResolvedPolicy(policy, rules, POLICIES[policy](rules))
    if callable(policy):
        return ResolvedPolicy(getattr(policy, "__name__", "custom"), rules, policy)
    raise InputTypeError(
        f"policy must be a name ({', '.join(POLICIES)}), a callable or a StateAwarePolicy, "
        f"got {type(policy).__name__}"
    )
