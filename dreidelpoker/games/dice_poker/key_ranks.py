"""Shipped key ranks: the strength order of every (dice, cards) class, so the exact equity
engine compares hands by small integers without valuing 455 card classes per roll.

For each ranking option ([`DicePokerRules.ranking_options`][dreidelpoker.games.dice_poker.DicePokerRules.ranking_options]), ``key_ranks(options)[d, t]``
is the rank, among the distinct best keys of all 56 x 455 classes, of the best key of dice
multiset ``DICE_MULTISETS[d]`` with rank triple ``RANK_TRIPLES[t]``: equal ranks are equal
hands, a greater rank a better hand, whatever the dice. The file ``key_ranks.npz`` holds
them; regenerate it with ``python -m dreidelpoker.games.dice_poker.key_ranks``, and
``tests/test_dice_key_ranks.py`` checks it against the evaluator ([`compute_key_ranks`][dreidelpoker.games.dice_poker.key_ranks.compute_key_ranks]).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import numpy.typing as npt

from ...caches import bounded_cache
from .space import DICE_MULTISETS, keys_for_dice

__all__ = ["KEY_RANK_DATA", "RANKING_OPTIONS", "compute_key_ranks", "key_ranks", "write_key_rank_data"]

#: The data file, next to this module.
KEY_RANK_DATA = "key_ranks.npz"
#: Every ``(straight_min_start, bobtail_min_start)`` the rules can give.
RANKING_OPTIONS: tuple[tuple[int, int], ...] = ((1, 2), (2, 2), (1, 1), (2, 1))


def compute_key_ranks(options: tuple[int, int] = (1, 2)) -> npt.NDArray[np.int16]:
    """Value every class with the evaluator and rank the keys (what the data file holds).

    Parameters:
        options: ``(straight_min_start, bobtail_min_start)``.

    Returns:
        A read-only ``(56, 455)`` int16 array of key ranks.

    Examples:
        >>> r = compute_key_ranks()
        >>> r.shape, int(r.min())
        ((56, 455), 0)
    """
    keys = [keys_for_dice(ms, options) for ms in DICE_MULTISETS]
    index = {k: i for i, k in enumerate(sorted({k for row in keys for k in row}))}
    out = np.array([[index[k] for k in row] for row in keys], dtype=np.int16)
    out.setflags(write=False)
    return out


def _name(options: tuple[int, int]) -> str:
    return f"ranks_{options[0]}_{options[1]}"


@bounded_cache(maxsize=4)
def key_ranks(options: tuple[int, int] = (1, 2)) -> npt.NDArray[np.int16]:
    """The key ranks for these ranking options, loaded from the shipped file (computed with
    [`compute_key_ranks`][dreidelpoker.games.dice_poker.key_ranks.compute_key_ranks] for options the file lacks).

    Parameters:
        options: ``(straight_min_start, bobtail_min_start)``.

    Returns:
        A read-only ``(56, 455)`` int16 array, rows in [`DICE_MULTISETS`][dreidelpoker.games.dice_poker.DICE_MULTISETS] order and
        columns in [`RANK_TRIPLES`][dreidelpoker.games.dice_poker.RANK_TRIPLES] order.

    Examples:
        >>> from dreidelpoker.games.dice_poker.space import RANK_TRIPLES
        >>> r = key_ranks()
        >>> six = DICE_MULTISETS.index((6, 6, 6))
        >>> int(r[six, RANK_TRIPLES.index((6, 6, 6))]) == int(r.max())  # six 6s: the best hand
        True
    """
    from importlib import resources

    try:
        with resources.files(__package__).joinpath(KEY_RANK_DATA).open("rb") as f, np.load(f) as data:
            out: npt.NDArray[np.int16] = data[_name(options)]
    except (FileNotFoundError, KeyError):
        return compute_key_ranks(options)
    out.setflags(write=False)
    return out


def write_key_rank_data(path: str | None = None) -> str:
    """Regenerate the shipped file for every ranking option.

    Parameters:
        path: where to write (default: the package's own ``key_ranks.npz``).

    Returns:
        The path written.
    """
    path = path or os.path.join(os.path.dirname(__file__), KEY_RANK_DATA)
    arrays: dict[str, Any] = {_name(o): compute_key_ranks(o) for o in RANKING_OPTIONS}
    np.savez_compressed(path, **arrays)
    return path


if __name__ == "__main__":  # pragma: no cover
    print(write_key_rank_data())
