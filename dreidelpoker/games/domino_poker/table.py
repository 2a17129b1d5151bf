"""Exact category tables of Domino Poker ([Domino Poker rules: categories][rules-5-3], 5.4) and the hand-strength index.

Every one of the C(20, 5) = 15,504 distinct hands is valued once per ``low_runs``
option and sorted; a hand's *strength* is its position in that order (0 = weakest).
Tiles are distinct, so no two hands share a key and strengths are a total order that
equals the key order. [`strength_tables`][dreidelpoker.games.domino_poker.table.strength_tables] also gives a numpy lookup
``mask -> strength`` over 20-bit tile masks, which the equity engine uses.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import comb, factorial
from typing import Any

import numpy as np
import numpy.typing as npt

from ...caches import bounded_cache
from ...categories import CategoryRow, CategoryTable
from ...exact import Distribution, ExactTable
from .evaluator import CATEGORY_DEFINITIONS, evaluate_tiles, category_names
from .rules import DominoPokerRules, LowRuns
from .tiles import HAND_SIZE, TILES, Tile
from ...validation import check_arguments, default_rules

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
#: strength and category in [`ALL_HANDS`][dreidelpoker.games.domino_poker.table.ALL_HANDS] order. Regenerate with
#: ``python -m dreidelpoker.games.domino_poker.table``; a test checks it against
#: [`compute_strengths`][dreidelpoker.games.domino_poker.table.compute_strengths].
STRENGTH_DATA = "strengths.npz"


def compute_strengths(low_runs: LowRuns = "flush") -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int8]]:
    """Value all 15,504 hands with the evaluator: (strength, category) in [`ALL_HANDS`][dreidelpoker.games.domino_poker.table.ALL_HANDS] order.

    This is what the shipped data file holds; [`strength_tables`][dreidelpoker.games.domino_poker.table.strength_tables] loads the file
    instead of calling this (it costs a few hundred milliseconds).

    Parameters:
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option for runs in suits 1, 2 and 3.

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
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option for runs in suits 1, 2 and 3.

    Returns:
        The [`StrengthTables`][dreidelpoker.games.domino_poker.table.StrengthTables]: each hand's strength and category, and a lookup by tile mask.

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


@check_arguments
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


def _build_table(counts: list[int], low_runs: LowRuns, title: str, rules: DominoPokerRules) -> CategoryTable:
    names = category_names(low_runs)
    total = sum(counts)
    note = (
        f"{total:,} distinct hands = C(20, 5). The source's {total * factorial(HAND_SIZE):,} "
        f"'possible hands' counts ordered draws, 20·19·18·17·16 = {total:,} × 5! "
        f"(each hand can arrive in {factorial(HAND_SIZE)} orders); every count here times "
        f"{factorial(HAND_SIZE)} is its number of ordered draws, and the probabilities are the same."
    )
    return CategoryTable(
        names=names, counts=tuple(counts), space="hands",
        space_description=f"all {total:,} five-tile hands (sets of tiles), each equally likely",
        title=title, rules=rules, game="domino-poker",
        definitions=tuple(CATEGORY_DEFINITIONS[n] for n in names), draw_orders=factorial(HAND_SIZE), note=note,
    )


def category_table(*, rules: DominoPokerRules | None = None) -> CategoryTable:
    """The exact category table over all 15,504 hands under ``rules`` (default [Domino Poker rules][rules-5]).

    Parameters:
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        The [`CategoryTable`][dreidelpoker.categories.CategoryTable], strongest category first.

    Examples:
        >>> t = category_table()
        >>> [(r.name, r.count) for r in t.rows][:3]
        [('Royal', 1), ('Straight sixes', 2), ('Four of a kind', 75)]
        >>> t.row("Straight fives").probability
        1/7752
    """
    rules = default_rules(rules, DominoPokerRules)
    return _build_table(
        category_counts(rules.low_runs), rules.low_runs,
        f"Domino Poker categories over all {DISTINCT_HANDS:,} hands (low_runs={rules.low_runs!r})", rules,
    )


def category_distribution(*, rules: DominoPokerRules | None = None) -> Distribution[str]:
    """The category of a random five-tile hand, strongest category first.

    Parameters:
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        A [`Distribution`][dreidelpoker.Distribution] over category names.

    Examples:
        >>> category_distribution()["Royal"]
        1/15504
    """
    return category_table(rules=rules).distribution()


def compare_options() -> ExactTable:
    """The category table under each [Domino Poker rules: errata and options][rules-5-4] option for runs in suits 1, 2, 3, side by
    side (hands per category; "—" where a category does not exist under an option).

    Returns:
        An [`ExactTable`][dreidelpoker.ExactTable] with one column per option.

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
