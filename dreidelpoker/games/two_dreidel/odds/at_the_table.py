"""One decision point at the table, computed in one call: what the explorer widget shows.

[`at_the_table`][dreidelpoker.games.two_dreidel.odds.at_the_table.at_the_table] takes the hero's drawn cards (or kept hand), every opponent's public
discards, the pot and the stacks, and returns the posterior of each opponent's hand, the
exact equity of each put-back choice and the spin table for the best choice.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...._fractions import frac_str
from ....display import Html, table_html
from ....equity import EquityResult
from .information import DiscardsLike, OpponentPosterior, Visibility, discards_text, table_posteriors
from ..deck_cycle.policies import Policy
from ..rulebook.ranking import parse_cards
from ..rulebook.rules import TwoDreidelRules
from .spin_decision import SpinTable, spin_table
from .equity import equity
from .table import PutBackTable, put_back_equities
from ....errors import InputError
from ....validation import check_arguments, default_rules

__all__ = ["TableReport", "at_the_table"]


@dataclass(frozen=True)
class TableReport:
    """Everything known at one decision point (see [`at_the_table`][dreidelpoker.games.two_dreidel.odds.at_the_table.at_the_table])."""

    rules: TwoDreidelRules
    posteriors: tuple[OpponentPosterior, ...]
    put_back: PutBackTable | None
    hand: EquityResult | None
    spin: SpinTable
    kept: str

    @property
    def equity(self) -> Any:
        """The equity the spin table uses: the best put-back choice's, or the hand's."""
        if self.put_back is not None:
            return self.put_back.best.equity
        assert self.hand is not None
        return self.hand.equity

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": self.rules.deck_label,
            "kept": self.kept,
            "equity": frac_str(self.equity),
            "put_back": None if self.put_back is None else self.put_back.to_dict(),
            "hand": None if self.hand is None else self.hand.to_dict(),
            "opponents": [p.to_dict() for p in self.posteriors],
            "spin": self.spin.to_dict(),
        }

    def equity_html(self) -> str:
        if self.put_back is not None:
            return self.put_back._repr_html_()
        assert self.hand is not None
        return self.hand._repr_html_()

    def posteriors_html(self) -> str:
        """One row per opponent, one column per hand any of them may hold."""
        from ..rulebook.ranking import normal_key, parse_hand

        hands = sorted({h for p in self.posteriors for h in p.hand},
                       key=lambda h: normal_key(parse_hand(h, rules=self.rules)), reverse=True)
        rows = []
        for i, p in enumerate(self.posteriors, start=1):
            seen = discards_text(p.discards)
            label = Html(f"opponent {i}<br><small>discarded {html.escape(seen)}</small>")
            rows.append((label, *(p.hand[h] if h in p.hand else 0 for h in hands)))
        first = self.posteriors[0]
        caption = (f"opponents' hands now (hand {first.hand_number}, {first.visibility} discards, "
                   f"policy {first.policy})")
        return table_html(("", *hands), rows, title=caption, css_class="dp-posteriors")

    def spin_html(self) -> str:
        return self.spin._repr_html_()

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The equity of each put-back choice (or of the hand, after the draw) as a
        ``pandas.DataFrame``; ``posteriors[i].to_pandas()`` and ``spin.to_pandas()`` have the rest.

        Parameters:
            exact: keep sympy Rationals instead of floats.

        Returns:
            A DataFrame.
        """
        table = self.put_back if self.put_back is not None else self.hand
        assert table is not None
        return table.to_pandas(exact=exact)

    def _repr_html_(self) -> str:
        return self.equity_html() + self.posteriors_html() + self.spin_html()

    def to_text(self) -> str:
        eq = self.put_back.to_text() if self.put_back is not None else self.hand.to_text()  # type: ignore[union-attr]
        posts = "\n\n".join(f"opponent {i}: {p.to_text()}" for i, p in enumerate(self.posteriors, start=1))
        return f"{eq}\n\n{posts}\n\n{self.spin.to_text()}"


@check_arguments
def at_the_table(
    *,
    cards: str,
    opponent_discards: Sequence[DiscardsLike],
    rules: TwoDreidelRules | None = None,
    top: str | None = None,
    visibility: Visibility | None = None,
    hand_number: int | None = None,
    policy: Policy = "normal-best",
    pot: int = 2,
    hero_stack: int | None = None,
    opponent_stacks: Sequence[int | None] | None = None,
) -> TableReport:
    """The hero's view of one hand: ``cards`` are the three drawn cards (or the two kept),
    ``opponent_discards`` one discard history per opponent (see
    [`opponent_posterior`][dreidelpoker.games.two_dreidel.opponent_posterior]).

    The spin table assumes every opponent still in calls and uses the equity of the best
    put-back choice against all of them.

    Parameters:
        cards: your three drawn cards, or your two kept cards.
        opponent_discards: one discard history per opponent, oldest first (``"GH,NN"``; ``"?"`` unseen).
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        top: the card you put back last hand (with three drawn cards).
        visibility: ``"all"`` or ``"top-two"`` (default: the rules' ``discard_visibility``).
        hand_number: the current hand (with ``"top-two"``).
        policy: the opponents' keep policy (a name from [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES] or a callable).
        pot: the pot when the dreidel lands.
        hero_stack: your chips (``None``: deep).
        opponent_stacks: one stack per opponent (``None``: deep).

    Returns:
        A [`TableReport`][dreidelpoker.games.two_dreidel.TableReport]: the put-back table (or the hand's equity), each opponent's
        posterior and the spin table.

    Raises:
        ValueError: a card count that is neither drawn nor kept, a top card without drawn cards,
            a stack count that does not match the opponents, or bad cards or discards.

    Examples:
        >>> r = at_the_table(cards="GHN", opponent_discards=["GH,NN", "HH,HN"], pot=4)
        >>> r.put_back.best.put_back, r.equity
        ('N', 20/21)
        >>> [d.decision for d in r.spin.decisions]
        ['call', 'call', 'call', 'call']
    """
    rules = default_rules(rules, TwoDreidelRules)
    posts = tuple(table_posteriors(rules, discards=opponent_discards, hand_number=hand_number,
                                   visibility=visibility, policy=policy))
    n_cards = len(parse_cards(cards, what="your cards", rules=rules))
    put_back: PutBackTable | None = None
    hand: EquityResult | None = None
    if n_cards == rules.draw:
        put_back = put_back_equities(cards, rules=rules, opponents=list(posts), top=top)
        kept = put_back.best.hand
        eq = put_back.best.equity
    elif n_cards == rules.hand_size:
        if top:
            raise InputError("a known top card checks drawn cards; give your three drawn cards to use it")
        hand = equity(cards, rules=rules, opponents=list(posts))
        kept = cards
        eq = hand.equity
    else:
        raise InputError(
            f"your cards must be the {rules.draw} drawn or the {rules.hand_size} kept, got {n_cards} in {cards!r}"
        )
    if opponent_stacks is not None and len(opponent_stacks) != len(posts):
        raise InputError(f"give one stack per opponent ({len(posts)}), got {len(opponent_stacks)}")
    opps: int | list[int | None] = len(posts) if opponent_stacks is None else list(opponent_stacks)
    spin = spin_table(pot=pot, equity=eq, rules=rules, hero_stack=hero_stack, opponents=opps)
    return TableReport(rules, posts, put_back, hand, spin, kept)
