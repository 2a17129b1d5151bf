"""The shipped Domino Poker strength data equals a fresh valuation of every hand."""

from __future__ import annotations

import numpy as np
import pytest

from dreidelpoker.games.domino_poker import table
from dreidelpoker.games.domino_poker.rules import LOW_RUN_OPTIONS
from dreidelpoker.games.domino_poker.tiles import tiles_mask


@pytest.mark.parametrize("low_runs", LOW_RUN_OPTIONS)
def test_shipped_strengths_match_the_evaluator(low_runs: str) -> None:
    strength, category = table.compute_strengths(low_runs)  # type: ignore[arg-type]
    t = table.strength_tables(low_runs)  # type: ignore[arg-type]
    assert np.array_equal(t.strength, strength)
    assert np.array_equal(t.category, category)


def test_masks_follow_all_hands_order() -> None:
    masks = table.strength_tables().masks
    assert [int(m) for m in masks] == [tiles_mask(h) for h in table.ALL_HANDS]


def test_write_and_reload(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = table.write_strength_data(str(tmp_path / "s.npz"))  # (values checked above)
    with np.load(path) as data:
        assert sorted(data.files) == sorted(f"{k}_{o}" for k in ("strength", "category") for o in LOW_RUN_OPTIONS)


@pytest.mark.parametrize("low_runs", LOW_RUN_OPTIONS)
@pytest.mark.parametrize("hand", ["6-6,5-5,2-4,3-1,4-6", "1-2,2-3,3-4,4-5,5-6", "1-2,2-6,3-5,4-2,6-5"])
def test_unknown_opponents_fast_path_matches_the_generic_engine(low_runs: str, hand: str) -> None:
    import importlib

    eq_mod = importlib.import_module("dreidelpoker.games.domino_poker.equity")
    from dreidelpoker.games.domino_poker.rules import DominoPokerRules

    rules = DominoPokerRules(low_runs=low_runs)  # type: ignore[arg-type]
    for n in (1, 2, 3):
        deal = eq_mod.setup_deal(hand, n, rules=rules)
        fast = eq_mod._unknown_opponents_wins(deal, rules)
        counter = eq_mod._Counter(deal, rules)
        acc = counter.run()
        assert fast is not None
        assert (fast[0] * counter.multiplicity, fast[1]) == (acc.win, counter.visited)
        assert acc.tie == 0
