"""One category table for every game whose hands fall into ranked categories.

A [`CategoryTable`][dreidelpoker.categories.CategoryTable] holds exact counts of hands per category in a stated outcome space,
and answers what a game designer asks of it: the probabilities, the rows strongest first,
and the *inversions*, where a higher-ranked category is more likely than a lower-ranked
one (the ranking and the odds disagree). Dice Poker and Domino Poker both return it.
"""

from __future__ import annotations

import textwrap

import html
import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ._fractions import frac_str, to_jsonable, to_rational
from .display import Html, table_html, to_pandas_frame
from .errors import InputError
from .exact import Distribution, ExactRecord, ExactTable, hold_exact

if TYPE_CHECKING:
    import sympy
from .validation import check_count, check_field_types

__all__ = ["CategoryRow", "CategoryTable"]


def _fields(rules: Any) -> Any:
    """A rules object without a ``label`` as ``{field: value}`` (JSON-safe), else its repr."""
    if dataclasses.is_dataclass(rules) and not isinstance(rules, type):
        return {f.name: to_jsonable(getattr(rules, f.name)) for f in dataclasses.fields(rules)}
    return None if rules is None else repr(rules)


@hold_exact("probability")
@dataclass(frozen=True)
class CategoryRow(ExactRecord):
    """One category of a [`CategoryTable`][dreidelpoker.categories.CategoryTable].

    Attributes:
        rank: the category's rank (0 is the weakest).
        name: the category's name.
        count: hands in the category (in the table's outcome space).
        probability: ``count / total``, exact (held as a Fraction, shown as a sympy Rational;
            ``.fractions()`` gives it as held).
        ordered_draws: ``count`` times the orders each hand can be drawn in.
        definition: what the category is (empty when the game gives none).
        rarer_below: names of weaker-ranked categories that are rarer than this one.
        equally_likely: names of other categories with exactly the same count.
    """

    rank: int
    name: str
    count: int
    probability: sympy.Rational
    ordered_draws: int
    definition: str
    rarer_below: tuple[str, ...]
    equally_likely: tuple[str, ...]

    @property
    def inverted(self) -> bool:
        """True when some weaker-ranked category is rarer (rank contradicts the odds)."""
        return bool(self.rarer_below)


@dataclass(frozen=True, kw_only=True)
class CategoryTable:
    """Exact counts of hands per category in a stated outcome space.

    ``counts[i]`` is the number of outcomes whose best hand is in category ``names[i]``;
    both run from the weakest category (rank 0) to the strongest. Impossible categories
    (count 0, e.g. in a conditional table) take part in no inversion.

    Attributes:
        names: the category names, weakest first.
        counts: hands per category, weakest first.
        space: the outcome space's short name (e.g. ``"ordered"``).
        space_description: what one counted outcome is.
        title: a caption.
        rules: the game's rules the table was counted under.
        game: the registered game's name.
        definitions: what each category is, in the order of ``names`` (or empty).
        draw_orders: how many ordered draws one counted hand stands for (1 when the space
            is already ordered).
        note: a remark shown under the table.

    Examples:
        >>> t = CategoryTable(names=("low", "mid", "top"), counts=(10, 1, 5), space="toy",
        ...                   space_description="a toy deck")
        >>> t.total, t.probability("top"), t.inversions
        (16, 5/16, [('top', 'mid')])
        >>> [r.name for r in t.rows]
        ['top', 'mid', 'low']
    """

    names: tuple[str, ...]
    counts: tuple[int, ...]
    space: str
    space_description: str
    title: str = ""
    rules: Any = None
    game: str = ""
    definitions: tuple[str, ...] = ()
    draw_orders: int = 1
    note: str = ""

    def __post_init__(self) -> None:
        check_field_types(self)
        if len(self.names) != len(self.counts):
            raise InputError(f"a category table needs one count per category: {len(self.names)} names, "
                             f"{len(self.counts)} counts")
        if self.definitions and len(self.definitions) != len(self.names):
            raise InputError(f"a category table needs one definition per category or none, got "
                             f"{len(self.definitions)} for {len(self.names)} categories")

    @property
    def total(self) -> int:
        """Every outcome of the space: the sum of the counts."""
        return sum(self.counts)

    @property
    def ordered_draws(self) -> int:
        """The number of ordered draws the table stands for (``total * draw_orders``)."""
        return self.total * self.draw_orders

    def index(self, category: int | str) -> int:
        """The rank of a category given by rank or name (any case).

        Parameters:
            category: a rank (0 is the weakest) or a category name.

        Returns:
            The rank.

        Raises:
            dreidelpoker.errors.InputError: an unknown name or a rank out of range.

        Examples:
            >>> CategoryTable(names=("low", "top"), counts=(3, 1), space="s", space_description="").index("TOP")
            1
        """
        if isinstance(category, str):
            lowered = [n.lower() for n in self.names]
            if category.lower() not in lowered:
                raise InputError(f"unknown category {category!r}; categories are {list(self.names)}")
            return lowered.index(category.lower())
        return check_count(category, "category rank", low=0, high=len(self.names) - 1, hint="or a category name")

    def count(self, category: int | str) -> int:
        """The count of a category.

        Parameters:
            category: a rank or a category name.

        Returns:
            Hands in that category.

        Raises:
            dreidelpoker.errors.InputError: an unknown category (from [`index`][dreidelpoker.categories.CategoryTable.index]).
        """
        return self.counts[self.index(category)]

    def probability(self, category: int | str) -> sympy.Rational:
        """Exact probability of a category in this table's space.

        Parameters:
            category: a rank or a category name.

        Returns:
            ``count / total`` as a sympy Rational.

        Raises:
            dreidelpoker.errors.InputError: an unknown category (from [`index`][dreidelpoker.categories.CategoryTable.index]).
        """
        return to_rational(Fraction(self.count(category), self.total))

    def probabilities(self) -> dict[str, sympy.Rational]:
        """Every category's exact probability, weakest first.

        Returns:
            ``{name: probability}``.
        """
        return {name: to_rational(Fraction(c, self.total)) for name, c in zip(self.names, self.counts)}

    def inverted_with(self, category: int | str) -> list[str]:
        """The weaker-ranked categories that are rarer than this one (strongest first).

        Parameters:
            category: a rank or a category name.

        Returns:
            Their names.

        Raises:
            dreidelpoker.errors.InputError: an unknown category (from [`index`][dreidelpoker.categories.CategoryTable.index]).
        """
        i = self.index(category)
        return [self.names[lo] for lo in range(i - 1, -1, -1) if self.counts[i] > self.counts[lo] > 0]

    @property
    def inversions(self) -> list[tuple[str, str]]:
        """Every (higher-ranked, lower-ranked) pair where the higher category is more likely,
        strongest higher-ranked category first."""
        return [(self.names[hi], lo) for hi in range(len(self.names) - 1, -1, -1) for lo in self.inverted_with(hi)]

    @property
    def rows(self) -> tuple[CategoryRow, ...]:
        """One `CategoryRow` per category, strongest first."""
        total = self.total
        out = []
        for rank in range(len(self.names) - 1, -1, -1):
            c = self.counts[rank]
            out.append(CategoryRow(
                rank=rank, name=self.names[rank], count=c, probability=Fraction(c, total),
                ordered_draws=c * self.draw_orders,
                definition=self.definitions[rank] if self.definitions else "",
                rarer_below=tuple(self.inverted_with(rank)),
                equally_likely=tuple(self.names[o] for o in range(len(self.names) - 1, -1, -1)
                                     if o != rank and self.counts[o] == c and c > 0),
            ))
        return tuple(out)

    def row(self, name: str) -> CategoryRow:
        """The row of one category.

        Parameters:
            name: a category name (any case) or rank.

        Returns:
            Its `CategoryRow`.

        Raises:
            dreidelpoker.errors.InputError: an unknown category (from [`index`][dreidelpoker.categories.CategoryTable.index]).
        """
        i = self.index(name)
        return self.rows[len(self.names) - 1 - i]

    def distribution(self) -> Distribution[str]:
        """The category of a random outcome, strongest first (impossible categories dropped).

        Returns:
            A [`Distribution`][dreidelpoker.Distribution] over category names.
        """
        return Distribution.from_weights(
            {r.name: r.count for r in self.rows if r.count}, title=self.title, outcome_name="category"
        )

    def to_table(self) -> ExactTable:
        """The rows as an [`ExactTable`][dreidelpoker.ExactTable], strongest first.

        Returns:
            Rank, category, count (and ordered draws when a hand stands for several), the exact
            probability, and the rarer categories ranked below.
        """
        draws = self.draw_orders != 1
        columns = ("rank", "category", "count", *(("ordered draws",) if draws else ()), "probability",
                   "rarer categories ranked below")
        rows = tuple(
            (r.rank, r.name, r.count, *((r.ordered_draws,) if draws else ()), r.fractions()["probability"],
             ", ".join(r.rarer_below) or "-")
            for r in self.rows
        )
        return ExactTable(columns, rows, title=self.title)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (exact probabilities as ``"p/q"`` strings), strongest category first.

        Returns:
            The table's fields, its categories and its inversions.
        """
        label = getattr(self.rules, "label", None)
        return {
            "game": self.game,
            "space": self.space,
            "space_description": self.space_description,
            "title": self.title,
            "total": self.total,
            "ordered_draws": self.ordered_draws,
            "categories": [
                {"name": r.name, "rank": r.rank, "count": r.count, "probability": frac_str(r.fractions()["probability"]),
                 "ordered_draws": r.ordered_draws, "definition": r.definition, "inverted": r.inverted,
                 "rarer_below": list(r.rarer_below), "equally_likely": list(r.equally_likely)}
                for r in self.rows
            ],
            "inversions": [{"higher": h, "lower": lo} for h, lo in self.inversions],
            "note": self.note,
            "rules": label if isinstance(label, str) else _fields(self.rules),
        }

    def _tie_groups(self) -> list[tuple[str, ...]]:
        order = list(reversed(self.names))  # strongest first
        groups = {tuple(sorted((r.name, *r.equally_likely), key=order.index)) for r in self.rows if r.equally_likely}
        return sorted(groups, key=lambda g: order.index(g[0]))

    def to_text(self) -> str:
        """Plain-text form: the table, the space, the note, the inversions and the equal-odds groups.

        Returns:
            The text.
        """
        lines = [self.to_table().to_text(), "", f"total: {self.total:,} ({self.space}: {self.space_description})"]
        if self.note:
            lines.append(self.note)
        inv = self.inversions
        lines.append(f"{len(inv)} rank-versus-probability inversions "
                     "(a higher-ranked category that is more likely than a lower-ranked one):")
        lines.extend(f"  {h} (more likely) ranks above {lo}" for h, lo in inv)
        lines.extend("equally likely but ranked differently: " + ", ".join(g) for g in self._tie_groups())
        # prose lines wrap at 100 columns (the table above keeps its own layout)
        prose = [textwrap.fill(line, 100, subsequent_indent="  " if line.startswith("  ") else "")
                 for line in "\n".join(lines[1:]).splitlines()]
        return "\n".join([lines[0], *prose])

    def __repr__(self) -> str:
        body = ", ".join(f"{n!r}: {c}" for n, c in zip(self.names, self.counts))
        return f"CategoryTable(space={self.space!r}, total={self.total}, counts={{{body}}})"

    def _repr_html_(self) -> str:
        # What decides first (the category and its probability); the inversion note wraps.
        rows = [(r.name, r.fractions()["probability"], r.rank, r.count,
                 Html(f"<span class='dp-wrap'>⚠ more likely than {html.escape(', '.join(r.rarer_below))}</span>")
                 if r.rarer_below else "") for r in self.rows]
        styles = ["background:#fde2e1" if r.inverted else "" for r in self.rows]
        cap = f"{self.title} — {self.space}: {self.space_description}; total {self.total:,}"
        note = f"<p>{html.escape(self.note)}</p>" if self.note else ""
        return table_html(("category", "probability", "rank", "count", "inversion"), rows, title=cap,
                          row_styles=styles) + note

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The table as a ``pandas.DataFrame``.

        Parameters:
            exact: keep the probabilities as sympy Rationals (floats otherwise).

        Returns:
            The frame, strongest category first.
        """
        t = self.to_table()
        return to_pandas_frame(t.columns, t.rows, exact=exact)

    def plot(self, ax: Any = None, *, log: bool = True) -> Any:
        """Bar chart of the probabilities, weakest to strongest; inverted categories in red.

        Parameters:
            ax: a matplotlib axis (a new figure when ``None``).
            log: a logarithmic probability axis.

        Returns:
            The axis.
        """
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(9, 3.8))
        rows = list(reversed(self.rows))
        ax.bar(range(len(rows)), [r.count / self.total for r in rows],
               color=["tab:red" if r.inverted else "tab:blue" for r in rows])
        ax.set_xticks(range(len(rows)), labels=[f"{r.rank} {r.name}" for r in rows], rotation=60, ha="right")
        if log:
            ax.set_yscale("log")
        ax.set_ylabel("probability (log scale)" if log else "probability")
        ax.set_xlabel("category, weakest to strongest")
        ax.set_title(self.title or f"categories ({self.space})")
        return ax
