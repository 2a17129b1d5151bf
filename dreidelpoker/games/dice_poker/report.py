"""Pure functions behind the Dice Poker explorer: everything it shows, as HTML text."""

from __future__ import annotations

import html
from collections.abc import Sequence

import sympy

from ...display import number_html, table_html
from ...equity import EquityResult
from .cards import parse_cards, parse_dice
from .equity import equity, parse_opponent_dice
from .evaluator import CATEGORY_NAMES, evaluate
from .rules import DicePokerRules
from .tables import conditional_table
from ...validation import default_rules

__all__ = ["UNKNOWN", "dice_report", "explorer_report"]

#: The card pickers' "not seen yet" choice.
UNKNOWN = "?"


def explorer_report(dice: Sequence[int] | str, cards: Sequence[str], opponent_dice: str, *, rules: DicePokerRules | None = None, samples: int = 50_000, seed: int = 0) -> str:
    """HTML: the best hand (if all cards are known), the category distribution given what is
    known, and the equity against the opponents' dice. Bad input gives an error paragraph.

    Parameters:
        dice: the hero's three dice.
        cards: three entries, a card or ``"?"`` for unknown.
        opponent_dice: the opponents' dice as text.
        rules: the rules (default [Dice Poker rules][rules-2]).
        samples: Monte Carlo samples where the exact engine would be too slow.
        seed: the Monte Carlo seed.

    Returns:
        HTML.

    Examples:
        >>> "Odds or evens" in explorer_report((6, 5, 3), ["A", "Q", "10"], "2,2,1")
        True
        >>> explorer_report((6, 5, 3), ["?", "?", "?"], "2,2,9")
        "<p class='error'>error: opponent 1's dice '2,2,9' must be exactly three dice with faces 1-6, e.g. 6,5,3; 9 is outside 1-6</p>"
    """
    try:
        return dice_report(dice, cards, opponent_dice, rules=rules, samples=samples, seed=seed)
    except (ValueError, TypeError) as exc:
        return f"<p class='error'>error: {html.escape(str(exc), quote=False)}</p>"


def dice_report(dice: Sequence[int] | str, cards: Sequence[str], opponent_dice: str, *,
                rules: DicePokerRules | None = None, samples: int = 50_000, seed: int = 0) -> str:
    """Like [`explorer_report`][dreidelpoker.games.dice_poker.report.explorer_report], but bad input raises [`InputError`][dreidelpoker.InputError] (the explorer shows it).

    Parameters:
        dice: the three dice.
        cards: up to three cards, ``"?"`` for one not seen yet.
        opponent_dice: the opponents' dice, e.g. ``"2,2,1 4,4,3"`` (``?`` = not rolled yet).
        rules: the rules (default [Dice Poker rules][rules-2]).
        samples: Monte Carlo samples when the exact answer is too big.
        seed: the Monte Carlo seed.

    Returns:
        HTML.

    Raises:
        ValueError: for impossible dice or cards.

    Examples:
        >>> "Dice 1-1-1" in dice_report((1, 1, 1), ["?"] * 3, "")
        True
    """
    rules = default_rules(rules, DicePokerRules)
    d = parse_dice(dice)
    known = parse_cards([c for c in cards if c and c != UNKNOWN])
    opps = parse_opponent_dice(opponent_dice) if opponent_dice.strip() else []
    parts = [f"<h4>Dice {'-'.join(map(str, d))}"
             + (f", cards {html.escape(' '.join(str(c) for c in known))}" if known else "") + "</h4>"]
    if len(known) == 3:
        hand = evaluate(d, known, rules=rules)
        parts.append(f"<p><b>{hand.name}</b>: {html.escape(str(hand))}</p>")
    table = conditional_table(d, known, rules=rules)
    parts.append(table_html(
        ("category", "probability"),
        [(name, table.probability(i)) for i, name in enumerate(CATEGORY_NAMES) if table.counts[i]],
        title=f"final hand ({table.total:,} equally likely card sets)",
    ))
    if opps:
        r = equity(d, known, opponent_dice=opps, rules=rules, samples=samples, seed=seed)
        against = "; ".join("?" if o is None else ",".join(map(str, o)) for o in opps)
        if isinstance(r, EquityResult):
            parts.append(f"<p>Against {against} (exact): win {_pct(r.win)}, tie {_pct(r.tie)}, "
                         f"lose {_pct(r.lose)}, <b>equity {number_html(r.equity, percent=True)}</b></p>")
        else:
            lo, hi = r.intervals["equity"]
            parts.append(f"<p>Against {against} (Monte Carlo, {r.samples:,} samples, seed {r.seed}): "
                         f"win {r.win:.2%}, tie {r.tie:.2%}, lose {r.lose:.2%}, "
                         f"<b>equity {r.equity:.2%}</b> (95% interval {lo:.2%} to {hi:.2%})</p>")
    return "".join(parts)


def _pct(x: sympy.Rational) -> str:
    return f"{float(x):.2%}"
