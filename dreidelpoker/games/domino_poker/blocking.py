"""Blocking ([Domino Poker rules: errata and options][rules-5-4], the source's complaint): the tiles you hold change what the
other players can hold.

Given the tiles you can see (your hand, and any tile you know is elsewhere), each
opponent's hand is a uniformly random five-tile set of the unseen tiles. Every opponent
whose tiles are unknown has the same (exchangeable) category distribution; this module
computes it exactly and sets it beside the unconditioned table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from ..._fractions import frac_str, to_rational
from ...display import Html, number_html, table_html, to_pandas_frame
from ...exact import Distribution, ExactRecord, ExactTable, hold_exact
from .equity import setup_deal
from .evaluator import category_names
from .rules import DominoPokerRules, LowRuns
from .table import DISTINCT_HANDS, category_counts
from .tiles import HAND_SIZE, TILES, HandLike, Tile, format_tiles, parse_tiles, tiles_mask
from ...errors import InputError
from ...validation import check_arguments, default_rules

if TYPE_CHECKING:
    import sympy

__all__ = ["BlockingResult", "BlockingRow", "blocking", "blocking_by_opponent"]


@hold_exact("probability", "unconditioned")
@dataclass(frozen=True)
class BlockingRow(ExactRecord):
    """One category: an opponent's chance of it given the held tiles, and without them.

    The chances are held as Fractions and shown as sympy Rationals (``.fractions()`` gives
    them as held).

    Examples:
        >>> from dreidelpoker.games.domino_poker import blocking, parse_tiles
        >>> row = blocking(parse_tiles("6-6,5-5,2-4,3-1,4-6")).row("Full house")
        >>> row.probability, row.unconditioned  # an opponent's chance with and without your tiles out
        (37/3003, 25/646)
    """

    rank: int
    name: str
    count: int
    probability: sympy.Rational
    unconditioned: sympy.Rational

    @property
    def change(self) -> sympy.Rational:
        """``probability - unconditioned`` (negative: the held tiles block it)."""
        return to_rational(self._figures()[2])

    @property
    def ratio(self) -> sympy.Rational | None:
        """``probability / unconditioned`` (None where the category is impossible anyway)."""
        ratio = self._figures()[3]
        return None if ratio is None else to_rational(ratio)

    def _figures(self) -> tuple[Fraction, Fraction, Fraction, Fraction | None]:
        """Probability, unconditioned, change and ratio as held Fractions (for the displays)."""
        held = self.fractions()
        p, u = held["probability"], held["unconditioned"]
        return p, u, p - u, p / u if u else None


@dataclass(frozen=True)
class BlockingResult:
    """The category distribution of each unknown opponent's hand given ``held`` tiles.

    Examples:
        >>> b = blocking("6-6,5-5,4-4")
        >>> b.row("Royal").probability, b.row("Four of a kind").probability
        (0, 0)
    """

    held: tuple[Tile, ...]
    low_runs: LowRuns
    hands: int
    rows: tuple[BlockingRow, ...]
    known: tuple[Tile, ...] = ()

    def row(self, name: str) -> BlockingRow:
        for r in self.rows:
            if r.name == name:
                return r
        raise KeyError(f"no category {name!r}; categories are {[r.name for r in self.rows]}")

    @property
    def title(self) -> str:
        held = format_tiles(self.held) or "nothing"
        known = f" and they show {format_tiles(self.known)}" if self.known else ""
        return f"An opponent's hand when you hold {held}{known} ({self.hands:,} equally likely hands)"

    def distribution(self) -> Distribution[str]:
        return Distribution.from_weights({r.name: r.count for r in self.rows if r.count},
                                         title=self.title, outcome_name="category")

    def as_exact_table(self) -> ExactTable:
        return ExactTable(
            ("rank", "category", "hands", "probability", "unconditioned", "change", "ratio"),
            tuple((r.rank, r.name, r.count, p, u, change, "—" if ratio is None else ratio)
                  for r in self.rows for p, u, change, ratio in (r._figures(),)),
            title=self.title,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "domino-poker",
            "held": [t.label for t in self.held],
            "known": [t.label for t in self.known],
            "low_runs": self.low_runs,
            "hands": self.hands,
            "categories": [
                {"name": r.name, "rank": r.rank, "count": r.count, "probability": frac_str(p),
                 "unconditioned": frac_str(u), "change": frac_str(change),
                 "ratio": None if ratio is None else frac_str(ratio)}
                for r in self.rows for p, u, change, ratio in (r._figures(),)
            ],
        }

    def to_text(self) -> str:
        return self.as_exact_table().to_text()

    def __repr__(self) -> str:
        return "BlockingResult\n" + self.to_text()

    def _repr_html_(self) -> str:
        rows = []
        for r in self.rows:
            p, u, change, ratio = r._figures()
            color = "#b00" if change < 0 else "#070" if change > 0 else "inherit"
            sign = "+" if change > 0 else ""
            # What decides first: the category, its probability now and the change; the rank is
            # the row order (and in to_pandas).
            rows.append((r.name, p, Html(f'<span style="color:{color}">{sign}{number_html(change)}</span>'),
                         u, "—" if ratio is None else ratio, r.count))
        return table_html(("category", "probability", "change", "unconditioned", "ratio", "hands"),
                          rows, title=self.title)

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The table as a ``pandas.DataFrame`` (floats unless ``exact``)."""
        t = self.as_exact_table()
        return to_pandas_frame(t.columns, t.rows, exact=exact)

    def plot(self, ax: Any = None) -> Any:
        """Opponent category probabilities with and without the held tiles (log scale)."""
        import numpy as np

        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(8, 4))
        rows = list(reversed(self.rows))
        held = [r.fractions() for r in rows]
        x = np.arange(len(rows))
        ax.bar(x - 0.2, [float(h["unconditioned"]) for h in held], width=0.4, label="unconditioned")
        ax.bar(x + 0.2, [float(h["probability"]) for h in held], width=0.4,
               label=f"holding {format_tiles(self.held) or 'nothing'}")
        ax.set_xticks(x, labels=[r.name for r in rows], rotation=60)
        ax.set_yscale("log")
        ax.set_ylabel("probability (log scale)")
        ax.set_title("What an opponent can hold")
        ax.legend()
        return ax


def blocking(held: HandLike, *, known: HandLike = (), rules: DominoPokerRules | None = None) -> BlockingResult:
    """An opponent's exact category distribution given the ``held`` tiles.

    ``held`` is any set of tiles you know are not in the opponent's hand (your own hand,
    plus any others you have seen); ``known`` are tiles you know ARE in it (default
    none). The rest of the opponent's hand is a uniform draw from the unseen tiles.

    Parameters:
        held: tiles known not to be in the opponent's hand.
        known: tiles known to be in it.
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        The opponent's category table, with each category's change from an unknown deal.

    Raises:
        ValueError: a tile both held and known, more than five known tiles, or too few unseen tiles
            left to complete the opponent's hand.

    Examples:
        >>> b = blocking("6-6,5-5,2-4,3-1,4-6")
        >>> b.hands, b.row("Royal").probability, b.row("Royal").change
        (3003, 0, -1/15504)
        >>> blocking("6-6", known="5-5,4-4,3-3,2-2").row("Four of a kind").probability
        1
    """
    rules = default_rules(rules, DominoPokerRules)
    tiles = parse_tiles(held, what="held tiles")
    mine = parse_tiles(known, what="the opponent's known tiles")
    both = set(tiles) & set(mine)
    if both:
        raise InputError(f"{format_tiles(sorted(both, reverse=True))} cannot be both held elsewhere and in the opponent's hand")
    if len(mine) > HAND_SIZE:
        raise InputError(f"an opponent's hand holds at most {HAND_SIZE} tiles; {len(mine)} known tiles given")
    unseen = len(TILES) - len(tiles) - len(mine)
    need = HAND_SIZE - len(mine)
    if unseen < need:
        raise InputError(
            f"held tiles must leave at least {need} unseen tiles for an opponent; "
            f"got {len(tiles)} held of {len(TILES)}"
        )
    names = category_names(rules.low_runs)
    base = category_counts(rules.low_runs)
    cond = category_counts(rules.low_runs, excluded_mask=tiles_mask(tiles), required_mask=tiles_mask(mine))
    hands = comb(unseen, need)
    rows = tuple(
        BlockingRow(rank, names[rank], cond[rank], Fraction(cond[rank], hands), Fraction(base[rank], DISTINCT_HANDS))
        for rank in range(len(names) - 1, -1, -1)
    )
    return BlockingResult(tiles, rules.low_runs, hands, rows, mine)


@check_arguments
def blocking_by_opponent(
    hand: HandLike, *, opponents: int | Sequence[HandLike | None] = 1, rules: DominoPokerRules | None = None
) -> tuple[BlockingResult, ...]:
    """Each opponent's exact category distribution, given your ``hand`` and every tile
    known in the other opponents' hands (``opponents``: a count of unknown opponents, or
    one entry per opponent, None or their known tiles).

    Parameters:
        hand: your five tiles.
        opponents: a count of unknown opponents, or one entry per opponent (``None`` or known tiles).
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        One [`BlockingResult`][dreidelpoker.games.domino_poker.BlockingResult] per opponent.

    Examples:
        >>> a, b = blocking_by_opponent("6-6,5-5,2-4,3-1,4-6", opponents=["2-2,3-3", None])
        >>> a.row("Full house").probability, b.row("Full house").probability
        (37/286, 0)
    """
    deal = setup_deal(hand, opponents, rules=default_rules(rules, DominoPokerRules))
    out = []
    for i in range(1, len(deal.known)):
        seen = [t for j, k in enumerate(deal.known) if j != i for t in k]
        out.append(blocking(seen, known=deal.known[i], rules=rules))
    return tuple(out)
