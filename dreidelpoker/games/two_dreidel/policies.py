"""Keep policies: which of the drawn cards to put back (RULES.md 1.2, step 2).

A policy is a function from the drawn cards (canonical string, best first, e.g.
``"GHN"``) to the card(s) put back (a string of ``rules.put_back`` symbols). Named
policies are looked up in :data:`POLICIES`; any callable works too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Union

from .ranking import Hand, format_hand, parse_cards
from .rules import TwoDreidelRules

__all__ = ["POLICIES", "Policy", "PolicyFn", "resolve_policy"]

PolicyFn = Callable[[str], str]
Policy = Union[str, PolicyFn]


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


#: Built-in policies by name; each maps rules to a policy function.
POLICIES: dict[str, Callable[[TwoDreidelRules], PolicyFn]] = {
    "normal-best": _normal_best,
    "save-gimel": _save_gimel,
    "keep-shin": _keep_shin,
}


@dataclass(frozen=True)
class ResolvedPolicy:
    """A policy checked against the rules, memoised per drawn multiset."""

    name: str
    rules: TwoDreidelRules
    fn: PolicyFn

    def put_back(self, drawn: Hand) -> Hand:
        """The put-back card(s) as sorted indices, validated."""
        return _put_back_cached(self, drawn)

    def kept(self, drawn: Hand) -> Hand:
        back = list(self.put_back(drawn))
        kept = list(drawn)
        for c in back:
            kept.remove(c)
        return tuple(kept)

    def __hash__(self) -> int:
        return hash((self.name, self.rules, id(self.fn)))


@lru_cache(maxsize=100_000)
def _put_back_cached(policy: ResolvedPolicy, drawn: Hand) -> Hand:
    rules = policy.rules
    drawn_text = format_hand(drawn, rules)
    try:
        answer = policy.fn(drawn_text)
    except Exception as exc:  # a user's policy failed: say which input broke it
        raise ValueError(f"policy {policy.name!r} raised {type(exc).__name__}: {exc} on drawn cards {drawn_text!r}") from exc
    if not isinstance(answer, str):
        raise ValueError(
            f"policy {policy.name!r} returned {answer!r} for drawn cards {drawn_text!r}; "
            f"it must return the put-back card(s) as a string of {rules.put_back} symbol(s)"
        )
    back = parse_cards(answer, rules, what="put-back")
    if len(back) != rules.put_back:
        raise ValueError(
            f"policy {policy.name!r} put back {answer!r} for drawn cards {drawn_text!r}; "
            f"it must put back exactly {rules.put_back} card(s)"
        )
    remaining = list(drawn)
    for c in back:
        if c not in remaining:
            raise ValueError(
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
        ValueError: unknown policy 'keep-best'; known policies: normal-best, save-gimel, keep-shin (or pass a callable)
    """
    if isinstance(policy, ResolvedPolicy):
        if policy.rules != rules:
            return ResolvedPolicy(policy.name, rules, policy.fn)
        return policy
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise ValueError(
                f"unknown policy {policy!r}; known policies: {', '.join(POLICIES)} (or pass a callable)"
            )
        return ResolvedPolicy(policy, rules, POLICIES[policy](rules))
    if callable(policy):
        return ResolvedPolicy(getattr(policy, "__name__", "custom"), rules, policy)
    raise TypeError(f"policy must be a name ({', '.join(POLICIES)}) or a callable, got {type(policy).__name__}")
