"""Exact category tables of Domino Poker (RULES.md 5.3, 5.4) and the hand-strength index.

Every one of the C(20, 5) = 15,504 distinct hands is valued once per ``low_runs``
option and sorted; a hand's *strength* is its position in that order (0 = weakest).
Tiles are distinct, so no two hands share a key and strengths are a total order that
equals the key order. :func:`strength_tables` also gives a numpy lookup
``mask -> strength`` over 20-bit tile masks, which the equity engine uses.
"""

from __future__ import annotations

import html
import itertools
from dataclasses import dataclass
from math import comb, factorial
from typing import Any

import numpy as np
import numpy.typing as npt
import sympy

from ...caches import bounded_cache
from ..._deprecation import rules_keyword_only
from ..._fractions import frac_str
from ...display import table_html, to_pandas_frame
from ...exact import Distribution, ExactTable
from .evaluator import CATEGORY_DEFINITIONS, evaluate_tiles, category_names
from .rules import DominoPokerRules, LowRuns
from .tiles import HAND_SIZE, TILES, Tile

__all__ = [
    "ALL_HANDS",
    "DISTINCT_HANDS",
    "ORDERED_DRAWS",
    "CategoryRow",
    "CategoryTable",
    "StrengthTables",
    "category_distribution",
    "category_table",
    "compare_options",
    "inversions",
    "strength_tables",
    "compute_strengths",
    "write_strength_data",
]

#: Every distinct hand (strongest tile first), in combination order.
ALL_HANDS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(h, reverse=True)) for h in itertools.combinations(TILES, HAND_SIZE)
)
#: C(20, 5): hands as sets of tiles.
DISTINCT_HANDS = comb(len(TILES), HAND_SIZE)
#: 20 * 19 * 18 * 17 * 16: the source's "1,860,480 possible hands" counts ordered draws.
ORDERED_DRAWS = DISTINCT_HANDS * factorial(HAND_SIZE)


@dataclass(frozen=True)
class StrengthTables:
    """Per-option lookups over all 15,504 hands.

    ``masks[i]`` is hand i's 20-bit tile mask, ``strength[i]`` its position in the
    strength order, ``category[i]`` its category rank; ``by_mask`` maps any 20-bit mask
    of a hand to its strength (-1 elsewhere) and ``category_by_strength`` maps a
    strength to its category rank.
    """

    low_runs: LowRuns
    masks: npt.NDArray[np.int64]
    strength: npt.NDArray[np.int32]
    category: npt.NDArray[np.int8]
    by_mask: npt.NDArray[np.int16]
    category_by_strength: npt.NDArray[np.int8]


#: Shipped strength data (``strengths.npz``): for each ``low_runs`` option, every hand's
#: strength and category in :data:`ALL_HANDS` order. Regenerate with
#: ``python -m dreidelpoker.games.domino_poker.table``; a test checks it against
#: :func:`compute_strengths`.
STRENGTH_DATA = "strengths.npz"


def compute_strengths(low_runs: LowRuns = "flush") -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int8]]:
    """Value all 15,504 hands with the evaluator: (strength, category) in :data:`ALL_HANDS` order.

    This is what the shipped data file holds; :func:`strength_tables` loads the file
    instead of calling this (it costs a few hundred milliseconds).

    Parameters:
        low_runs: the RULES.md 5.4 option for runs in suits 1, 2 and 3.

    Returns:
        ``(strength, category)``: int16 strength ranks (0 = weakest) and int8 category ranks.
    """
    values = [evaluate_tiles(h, low_runs) for h in ALL_HANDS]
    order = sorted(range(len(values)), key=lambda i: values[i].key)
    strength = np.empty(len(values), dtype=np.int16)
    strength[np.asarray(order)] = np.arange(len(values), dtype=np.int16)
    return strength, np.asarray([v.rank for v in values], dtype=np.int8)


def _load_strengths(low_runs: LowRuns) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int8]]:
    from importlib import resources

    try:
        with resources.files(__package__).joinpath(STRENGTH_DATA).open("rb") as f, np.load(f) as data:
            return data[f"strength_{low_runs}"], data[f"category_{low_runs}"]
    except (FileNotFoundError, KeyError):  # e.g. a new option not in the file yet
        return compute_strengths(low_runs)


@bounded_cache(maxsize=1)
def _all_masks() -> npt.NDArray[np.int64]:
    combos = np.asarray(list(itertools.combinations(range(len(TILES)), HAND_SIZE)), dtype=np.int64)
    masks: npt.NDArray[np.int64] = (np.int64(1) << combos).sum(axis=1)  # tile i is bit i
    masks.setflags(write=False)
    return masks


@bounded_cache(maxsize=8)
def strength_tables(low_runs: LowRuns = "flush") -> StrengthTables:
    """The strength order of all hands, per option (loaded from the shipped data).

    Parameters:
        low_runs: the RULES.md 5.4 option for runs in suits 1, 2 and 3.

    Returns:
        The :class:`StrengthTables`: each hand's strength and category, and a lookup by tile mask.

    Examples:
        >>> t = strength_tables()
        >>> int(t.by_mask[t.masks[0]]) >= 0, len(t.masks)
        (True, 15504)
    """
    strength16, category = _load_strengths(low_runs)
    strength = strength16.astype(np.int32)
    masks = _all_masks()
    by_mask = np.full(1 << len(TILES), -1, dtype=np.int16)
    by_mask[masks] = strength16
    cat_by_strength = np.empty(len(strength), dtype=np.int8)
    cat_by_strength[strength] = category
    for arr in (strength, category, by_mask, cat_by_strength):
        arr.setflags(write=False)
    return StrengthTables(low_runs, masks, strength, category, by_mask, cat_by_strength)


def write_strength_data(path: str | None = None) -> str:
    """Regenerate the shipped strength data for every ``low_runs`` option; returns the path.

    Parameters:
        path: where to write (default: the package's own data file).

    Returns:
        The path written.
    """
    import os

    from .rules import LOW_RUN_OPTIONS

    path = path or os.path.join(os.path.dirname(__file__), STRENGTH_DATA)
    arrays: dict[str, Any] = {}
    for opt in LOW_RUN_OPTIONS:
        strength, category = compute_strengths(opt)  # type: ignore[arg-type]
        arrays[f"strength_{opt}"], arrays[f"category_{opt}"] = strength, category
    np.savez_compressed(path, **arrays)
    return path


def category_counts(low_runs: LowRuns = "flush", *, excluded_mask: int = 0, required_mask: int = 0) -> list[int]:
    """Number of hands per category rank among hands that avoid ``excluded_mask`` and
    contain ``required_mask``."""
    t = strength_tables(low_runs)
    ok = ((t.masks & excluded_mask) == 0) & ((t.masks & required_mask) == required_mask)
    counts = np.bincount(t.category[ok], minlength=len(category_names(low_runs)))
    return [int(c) for c in counts]


@dataclass(frozen=True)
class CategoryRow:
    """One category of the table: rank (0 = weakest), count of distinct hands, exact probability."""

    rank: int
    name: str
    count: int
    probability: sympy.Rational
    ordered_draws: int
    definition: str
    #: names of weaker-ranked categories that are rarer than this one
    rarer_below: tuple[str, ...]
    #: names of other categories with exactly the same probability
    equally_likely: tuple[str, ...]

    @property
    def inverted(self) -> bool:
        """True when some weaker-ranked category is rarer (rank contradicts the odds)."""
        return bool(self.rarer_below)


def inversions(counts: list[int], names: tuple[str, ...]) -> list[tuple[str, str]]:
    """Pairs (higher-ranked, lower-ranked) where the higher-ranked category is MORE likely.

    Parameters:
        counts: hands per category, weakest category first.
        names: the category names, in the same order.

    Returns:
        The inverted pairs, strongest higher-ranked category first.

    Examples:
        >>> inversions([10, 5, 1], ("low", "mid", "top"))
        []
        >>> inversions([10, 1, 5], ("low", "mid", "top"))
        [('top', 'mid')]
    """
    out = []
    for hi in range(len(names) - 1, -1, -1):
        for lo in range(hi - 1, -1, -1):
            if counts[hi] > counts[lo]:
                out.append((names[hi], names[lo]))
    return out


@dataclass(frozen=True)
class CategoryTable:
    """The exact category table under one ``low_runs`` option, strongest category first.

    Examples:
        >>> t = category_table()
        >>> t.total, t.ordered_draws, t.row("Royal").count
        (15504, 1860480, 1)
    """

    low_runs: LowRuns
    rows: tuple[CategoryRow, ...]
    total: int
    ordered_draws: int
    inversion_pairs: tuple[tuple[str, str], ...]
    title: str = ""

    def row(self, name: str) -> CategoryRow:
        for r in self.rows:
            if r.name == name:
                return r
        raise KeyError(f"no category {name!r}; categories are {[r.name for r in self.rows]}")

    @property
    def note(self) -> str:
        """Why the source's 1,860,480 is not the number of hands."""
        return (
            f"{self.total:,} distinct hands = C(20, 5). The source's {self.ordered_draws:,} "
            f"'possible hands' counts ordered draws, 20·19·18·17·16 = {self.total:,} × 5! "
            f"(each hand can arrive in {factorial(HAND_SIZE)} orders); every count here times "
            f"{factorial(HAND_SIZE)} is its number of ordered draws, and the probabilities are the same."
        )

    def distribution(self) -> Distribution[str]:
        """The category distribution (strongest category first)."""
        return Distribution.from_weights(
            {r.name: r.count for r in self.rows if r.count}, title=self.title, outcome_name="category"
        )

    def as_exact_table(self) -> ExactTable:
        return ExactTable(
            ("rank", "category", "hands", "ordered draws", "probability", "inverted"),
            tuple(
                (r.rank, r.name, r.count, r.ordered_draws, r.probability,
                 ("rarer below: " + ", ".join(r.rarer_below)) if r.rarer_below else "")
                for r in self.rows
            ),
            title=self.title,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "domino-poker",
            "low_runs": self.low_runs,
            "categories": [
                {"name": r.name, "rank": r.rank, "count": r.count, "probability": frac_str(r.probability),
                 "ordered_draws": r.ordered_draws, "definition": r.definition,
                 "inverted": r.inverted, "rarer_below": list(r.rarer_below),
                 "equally_likely": list(r.equally_likely)}
                for r in self.rows
            ],
            "total": self.total,
            "ordered_draws": self.ordered_draws,
            "inversions": [list(p) for p in self.inversion_pairs],
            "note": self.note,
        }

    def to_text(self) -> str:
        lines = [self.as_exact_table().to_text(), "", self.note,
                 (f"{len(self.inversion_pairs)} rank-versus-probability inversions "
                  "(a higher-ranked category that is more likely than a lower-ranked one):")]
        lines += [f"  {hi} (more likely) ranks above {lo}" for hi, lo in self.inversion_pairs]
        order = [r.name for r in self.rows]  # strongest first
        ties = sorted({tuple(sorted((r.name, *r.equally_likely), key=order.index))
                       for r in self.rows if r.equally_likely}, key=lambda g: order.index(g[0]))
        for group in ties:
            lines.append("equally likely but ranked differently: " + ", ".join(group))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = [(r.rank, r.name, r.count, r.probability, ", ".join(r.rarer_below)) for r in self.rows]
        styles = ["background:#fde2e1" if r.inverted else "" for r in self.rows]
        return table_html(("rank", "category", "hands", "probability", "rarer categories ranked below"),
                          rows, title=self.title, row_styles=styles) + f"<p>{html.escape(self.note)}</p>"

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The table as a ``pandas.DataFrame`` (floats unless ``exact``)."""
        t = self.as_exact_table()
        return to_pandas_frame(t.columns, t.rows, exact=exact)

    def __repr__(self) -> str:
        return f"CategoryTable(low_runs={self.low_runs!r})\n" + self.as_exact_table().to_text()

    def plot(self, ax: Any = None) -> Any:
        """Probability (log scale) against rank; inverted categories in red."""
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(8, 4))
        rows = list(reversed(self.rows))
        ax.bar([r.name for r in rows], [float(r.probability) for r in rows],
               color=["tab:red" if r.inverted else "tab:blue" for r in rows])
        ax.set_yscale("log")
        ax.set_ylabel("probability (log scale)")
        ax.set_xlabel("category, weakest to strongest")
        ax.set_title(self.title)
        ax.tick_params(axis="x", labelrotation=60)
        return ax


def _build_table(counts: list[int], low_runs: LowRuns, title: str) -> CategoryTable:
    names = category_names(low_runs)
    total = sum(counts)
    rows = []
    for rank in range(len(names) - 1, -1, -1):
        c = counts[rank]
        rows.append(CategoryRow(
            rank=rank,
            name=names[rank],
            count=c,
            probability=sympy.Rational(c, total),
            ordered_draws=c * factorial(HAND_SIZE),
            definition=CATEGORY_DEFINITIONS[names[rank]],
            rarer_below=tuple(names[lo] for lo in range(rank - 1, -1, -1) if counts[lo] < c),
            equally_likely=tuple(names[o] for o in range(len(names) - 1, -1, -1) if o != rank and counts[o] == c),
        ))
    return CategoryTable(low_runs, tuple(rows), total, total * factorial(HAND_SIZE),
                         tuple(inversions(counts, names)), title)


@rules_keyword_only(0)
def category_table(*, rules: DominoPokerRules | None = None) -> CategoryTable:
    """The exact category table over all 15,504 hands under ``rules`` (default RULES.md).

    Parameters:
        rules: the rules (default RULES.md).

    Returns:
        The :class:`CategoryTable`, strongest category first.

    Examples:
        >>> t = category_table()
        >>> [(r.name, r.count) for r in t.rows][:3]
        [('Royal', 1), ('Straight sixes', 2), ('Four of a kind', 75)]
        >>> t.row("Straight fives").probability
        1/7752
    """
    rules = rules or DominoPokerRules()
    return _build_table(
        category_counts(rules.low_runs), rules.low_runs,
        f"Domino Poker categories over all {DISTINCT_HANDS:,} hands (low_runs={rules.low_runs!r})",
    )


@rules_keyword_only(0)
def category_distribution(*, rules: DominoPokerRules | None = None) -> Distribution[str]:
    """The category of a random five-tile hand, strongest category first.

    Parameters:
        rules: the rules (default RULES.md).

    Returns:
        A :class:`~dreidelpoker.Distribution` over category names.

    Examples:
        >>> category_distribution()["Royal"]
        1/15504
    """
    return category_table(rules=rules).distribution()


def compare_options() -> ExactTable:
    """The category table under each RULES.md 5.4 option for runs in suits 1, 2, 3, side by
    side (hands per category; "—" where a category does not exist under an option).

    Returns:
        An :class:`~dreidelpoker.ExactTable` with one column per option.

    Examples:
        >>> t = compare_options()
        >>> [r for r in t.records() if r["category"] == "Flush"][0]
        {'category': 'Flush', 'flush': 25, 'straight': 20, 'high-card': 20}
    """
    from .rules import LOW_RUN_OPTIONS

    counts = {opt: dict(zip(category_names(opt), category_counts(opt)))  # type: ignore[arg-type]
              for opt in LOW_RUN_OPTIONS}
    names = list(reversed(category_names("straight")))  # the longest list, strongest first
    rows = tuple((n, *(counts[o].get(n, "—") for o in LOW_RUN_OPTIONS)) for n in names)
    return ExactTable(("category", *LOW_RUN_OPTIONS), rows,
                      title="Hands per category under each reading of runs in suits 1, 2, 3")


if __name__ == "__main__":  # pragma: no cover - regenerates the package data
    print(write_strength_data())
