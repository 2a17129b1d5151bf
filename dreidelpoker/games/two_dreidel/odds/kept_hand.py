"""Exact kept-hand odds ([Two Dreidel rules: deck cycle][rules-1-2]): numeric from any deck state, and closed-form in
symbolic deck counts (only the closed forms import sympy)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import factorial
from typing import TYPE_CHECKING, Any

from ....display import text_table
from ....exact import Distribution
from ..rulebook.deck import DeckState
from ..deck_cycle.policies import Policy, kept_weights, resolve_policy
from ..rulebook.ranking import format_hand, normal_key
from ..rulebook.rules import TwoDreidelRules
from ....errors import InputError
from ....validation import check_arguments, default_rules

if TYPE_CHECKING:
    import sympy

__all__ = ["kept_hand_distribution", "kept_hand_formulas", "KeptHandFormulas", "deck_symbols"]


def _order_hands(rules: TwoDreidelRules, weights: Mapping[tuple[int, ...], int]) -> dict[str, int]:
    ordered = sorted(weights, key=normal_key, reverse=True)
    return {format_hand(h, rules=rules): weights[h] for h in ordered}


@check_arguments
def kept_hand_distribution(
    rules: TwoDreidelRules | None = None,
    *,
    state: DeckState | None = None,
    policy: Policy = "normal-best",
) -> Distribution[str]:
    """Exact distribution of the kept hand after one draw and put-back.

    ``state`` defaults to a fresh deck. Outcomes are canonical hand strings, best first.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        state: the deck state before the draw.
        policy: the keep policy.

    Returns:
        A [`Distribution`][dreidelpoker.Distribution] over kept hands.

    Raises:
        TypeError: ``rules`` is not a [`TwoDreidelRules`][dreidelpoker.games.two_dreidel.TwoDreidelRules].

    Examples:
        >>> d = kept_hand_distribution()
        >>> d["GH"]
        2/11
        >>> sum(d.probabilities().values())
        1
    """
    rules = default_rules(rules, TwoDreidelRules)
    state = state or DeckState.fresh(rules)
    pol = resolve_policy(policy, rules=rules)
    weights = kept_weights(pol, state)
    title = f"kept hand, {pol.name}, {state.describe(rules)}"
    return Distribution.from_weights(_order_hands(rules, weights), title=title, outcome_name="hand")


@check_arguments
def deck_symbols(rules: TwoDreidelRules) -> tuple[sympy.Symbol, ...]:
    """The symbolic deck counts, named after the symbols in lower case (g, h, n, s).

    Parameters:
        rules: the rules.

    Returns:
        One sympy Symbol per card symbol.
    """
    import sympy

    return tuple(sympy.Symbol(s.lower(), nonnegative=True, integer=True) for s in rules.symbols)


def _falling(x: sympy.Expr, k: int) -> sympy.Expr:
    import sympy

    return sympy.Mul(*[x - j for j in range(k)]) if k else sympy.Integer(1)


@dataclass(frozen=True)
class KeptHandFormulas:
    """Closed-form kept-hand probabilities in symbolic deck counts.

    Valid whenever the draw pile holds at least ``rules.draw`` cards (no reshuffle).
    """

    formulas: dict[str, sympy.Expr]
    symbols: tuple[sympy.Symbol, ...]
    policy: str
    top: str | None

    def subs(self, counts: Sequence[int] | Mapping[str, int]) -> dict[str, sympy.Rational]:
        """Substitute numeric counts (tuple in symbol order, or a mapping) into every formula."""
        import sympy

        if isinstance(counts, Mapping):
            values = {s: counts[str(s).upper()] for s in self.symbols}
        else:
            values = dict(zip(self.symbols, counts))
        out: dict[str, sympy.Rational] = {}
        for hand, f in self.formulas.items():
            v = f.subs(values)
            v = v if isinstance(v, sympy.Rational) else sympy.nsimplify(v)  # nsimplify can mangle Rationals
            if v != 0:
                out[hand] = v
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"policy": self.policy, "top": self.top, "formulas": {h: str(f) for h, f in self.formulas.items()}}

    def _repr_latex_(self) -> str:
        import sympy

        rows = r" \\ ".join(rf"P(\text{{{h}}}) &= {sympy.latex(f)}" for h, f in self.formulas.items())
        return rf"$\begin{{aligned}} {rows} \end{{aligned}}$"

    def __repr__(self) -> str:
        body = "\n".join(f"  {h}: {f}" for h, f in self.formulas.items())
        return f"KeptHandFormulas(policy={self.policy!r}, top={self.top!r})\n{body}"


def kept_hand_formulas(
    rules: TwoDreidelRules | None = None,
    *,
    policy: Policy = "normal-best",
    top: str | None = None,
) -> KeptHandFormulas:
    """Kept-hand probabilities as closed-form expressions in the deck counts (g, h, n, s).

    The draw pile is treated as holding the symbolic counts (a fresh deck, or any pile of
    at least ``rules.draw`` cards); ``top`` fixes the known top card, which is then one
    of the counted cards.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        policy: the keep policy.
        top: the known top card.

    Returns:
        A [`KeptHandFormulas`][dreidelpoker.games.two_dreidel.KeptHandFormulas] (``formulas``, and ``subs`` for numbers).

    Raises:
        ValueError: a top card that is not one card.

    Examples:
        >>> f = kept_hand_formulas()
        >>> f.formulas["GH"]
        3*g*h*(h + 2*n + 2*s - 1)/((g + h + n + s)*(g + h + n + s - 2)*(g + h + n + s - 1))
        >>> f.subs((1, 5, 5, 1))["GH"]
        2/11
    """
    import sympy

    rules = default_rules(rules, TwoDreidelRules)
    pol = resolve_policy(policy, rules=rules)
    syms = deck_symbols(rules)
    k = len(syms)
    n = rules.draw
    top_idx = None
    fixed = [0] * k
    counts: list[sympy.Expr] = list(syms)
    if top is not None:
        from ..rulebook.ranking import parse_cards

        cards = parse_cards(top, what="top card", rules=rules)
        if len(cards) != 1:
            raise InputError(f"the known top card must be one card, got {top!r}")
        top_idx = cards[0]
        fixed[top_idx] = 1
        counts[top_idx] = counts[top_idx] - 1
    need = n - sum(fixed)
    total = sympy.Add(*counts)
    formulas: dict[tuple[int, ...], sympy.Expr] = {}
    import itertools

    for combo in itertools.combinations_with_replacement(range(k), need):
        vec = [combo.count(i) for i in range(k)]
        multinom = factorial(need)
        for v in vec:
            multinom //= factorial(v)
        prob = multinom * sympy.Mul(*[_falling(counts[i], vec[i]) for i in range(k)]) / _falling(total, need)
        drawn = tuple(sorted(list(combo) + [i for i in range(k) for _ in range(fixed[i])]))
        kept = pol.kept(drawn)
        formulas[kept] = formulas.get(kept, sympy.Integer(0)) + prob
    ordered = sorted(formulas, key=normal_key, reverse=True)
    return KeptHandFormulas(
        {format_hand(h, rules=rules): sympy.factor_terms(formulas[h]) for h in ordered},
        syms,
        pol.name,
        None if top_idx is None else rules.symbols[top_idx],
    )


def odds_table_text(dist: Distribution[str]) -> str:
    """Plain-text rendering used by the CLI."""
    return text_table(("hand", "probability"), list(dist.fractions().items()), title=dist.title)
