"""The shipped Dice Poker key ranks equal a fresh valuation of every (dice, cards) class, and
the exact equity engine that compares hands by them agrees with ordered brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from dreidelpoker import clear_caches
from dreidelpoker.games.dice_poker import key_ranks as kr
from dreidelpoker.games.dice_poker.evaluator import best_key
from dreidelpoker.games.dice_poker.space import DICE_MULTISETS, RANK_TRIPLES


@pytest.mark.parametrize("options", kr.RANKING_OPTIONS)
def test_shipped_ranks_match_the_evaluator(options: tuple[int, int]) -> None:
    clear_caches()  # load the file again
    assert np.array_equal(kr.key_ranks(options), kr.compute_key_ranks(options))


def test_ranks_order_keys_like_the_evaluator() -> None:
    """Independently of the file's making: on a sample of classes from different dice, a
    greater rank is exactly a greater best key (``best_key`` over the dice partitions)."""
    ranks = kr.key_ranks((1, 2))
    cells = [(d, t) for d in range(0, len(DICE_MULTISETS), 7) for t in range(0, len(RANK_TRIPLES), 23)]
    keys = {c: best_key(DICE_MULTISETS[c[0]], RANK_TRIPLES[c[1]])[0] for c in cells}
    for x, y in itertools.combinations(cells, 2):
        rx, ry = int(ranks[x]), int(ranks[y])
        assert (rx > ry) == (keys[x] > keys[y]) and (rx == ry) == (keys[x] == keys[y]), (x, y)


def test_write_and_reload(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = kr.write_key_rank_data(str(tmp_path / "k.npz"))
    with np.load(path) as data:
        assert sorted(data.files) == sorted(f"ranks_{a}_{b}" for a, b in kr.RANKING_OPTIONS)
        assert data["ranks_1_2"].shape == (len(DICE_MULTISETS), len(RANK_TRIPLES))
