"""Every one-release deprecation shim warns and still gives the old answer (CHANGELOG)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from dreidelpoker.games import classic_dreidel as cd
from dreidelpoker.games import dice_poker as dpk
from dreidelpoker.games import domino_poker as dom

DICE = dpk.DicePokerRules(straights_from_one=False)
DOMINO = dom.DominoPokerRules(low_runs="straight")
CLASSIC = cd.ClassicDreidelRules(players=2, coins=1)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (lambda: dpk.evaluate("1,2,3", "4,5,9", DICE), lambda: dpk.evaluate("1,2,3", "4,5,9", rules=DICE)),
        (lambda: dpk.category_table(DICE, space="suitless"), lambda: dpk.category_table(rules=DICE, space="suitless")),
        (lambda: dpk.conditional_table("6,5,3", "K", DICE), lambda: dpk.conditional_table("6,5,3", "K", rules=DICE)),
        (lambda: dpk.dice_table(DICE), lambda: dpk.dice_table(rules=DICE)),
        (lambda: dom.evaluate("1-2,1-3,1-4,1-5,1-6", DOMINO), lambda: dom.evaluate("1-2,1-3,1-4,1-5,1-6", rules=DOMINO)),
        (lambda: dom.category_table(DOMINO), lambda: dom.category_table(rules=DOMINO)),
        (lambda: dom.category_distribution(DOMINO), lambda: dom.category_distribution(rules=DOMINO)),
        (lambda: cd.start_state(CLASSIC), lambda: cd.start_state(rules=CLASSIC)),
        (lambda: cd.successors(CLASSIC, cd.start_state(rules=CLASSIC)),
         lambda: cd.successors(cd.start_state(rules=CLASSIC), rules=CLASSIC)),
        (lambda: cd.spin_outcome(CLASSIC, ((1, 1), 0, 0, 0), "N"), lambda: cd.spin_outcome(((1, 1), 0, 0, 0), "N", rules=CLASSIC)),
        (lambda: cd.analyze(CLASSIC).expected_spins, lambda: cd.analyze(rules=CLASSIC).expected_spins),
        (lambda: cd.game_length_cdf(CLASSIC, 3), lambda: cd.game_length_cdf(3, rules=CLASSIC)),
    ],
)
def test_rules_by_position_warns_and_still_works(old: object, new: object) -> None:
    with pytest.warns(DeprecationWarning, match=r"passing rules by position to \w+\(\) is deprecated"):
        got = old()  # type: ignore[operator]
    assert got == new()  # type: ignore[operator]


def _module(name: str) -> Any:
    """A Two Dreidel module by name (``two_dreidel.equity`` is also a function's name)."""
    return importlib.import_module(f"dreidelpoker.games.two_dreidel.{name}")


def _td() -> object:
    from dreidelpoker.games import two_dreidel as td

    return td


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # Two Dreidel: rules first, last, and optional left out of the old call.
        (lambda td, r: td.ranking.trumps(r, (3,), (0,)), lambda td, r: td.ranking.trumps((3,), (0,), rules=r)),
        (lambda td, r: td.compare("GH", "HH", r), lambda td, r: td.compare("GH", "HH", rules=r)),
        (lambda td, r: td.showdown(["SG", "SN"], r), lambda td, r: td.showdown(["SG", "SN"], rules=r)),
        (lambda td, r: td.ranking.showdown_winners(r, [(0, 1), (3, 3)]),
         lambda td, r: td.ranking.showdown_winners([(0, 1), (3, 3)], rules=r)),
        (lambda td, r: td.ranking.heads_up_share(r, (0, 1), (3, 3)),
         lambda td, r: td.ranking.heads_up_share((0, 1), (3, 3), rules=r)),
        (lambda td, r: td.parse_hand("GH", r), lambda td, r: td.parse_hand("GH", rules=r)),
        (lambda td, r: td.format_hand((0, 1), r), lambda td, r: td.format_hand((0, 1), rules=r)),
        (lambda td, r: td.information.pile_sizes(r, 3), lambda td, r: td.information.pile_sizes(3, rules=r)),
        (lambda td, r: td.information.parse_discards("GH, ?", r),
         lambda td, r: td.information.parse_discards("GH, ?", rules=r)),
        (lambda td, r: td.spin.spin_buy_in("H", 5, r), lambda td, r: td.spin.spin_buy_in("H", 5, rules=r)),
        (lambda td, r: td.deck.draw_weights(r, td.DeckState.fresh(r))[1],
         lambda td, r: td.deck.draw_weights(td.DeckState.fresh(r), rules=r)[1]),
        (lambda td, r: td.chain.transitions(r, td.DeckState.fresh(r), "normal-best"),
         lambda td, r: td.chain.transitions(td.DeckState.fresh(r), "normal-best", rules=r)),
        (lambda td, r: _module("equity").hand_weights(r, "GH"),
         lambda td, r: _module("equity").hand_weights("GH", rules=r)),
    ],
)
def test_two_dreidel_rules_by_position_warns_and_still_works(old: object, new: object) -> None:
    td = _td()
    rules = td.TwoDreidelRules()  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match=r"passing rules by position to \w+\(\) is deprecated"):
        got = old(td, rules)  # type: ignore[operator]
    assert got == new(td, rules)  # type: ignore[operator]


def test_other_games_rules_by_position_warn_and_still_work() -> None:
    from dreidelpoker.games.queenie import QueenieRules
    from dreidelpoker.games.queenie import exact as qx
    from dreidelpoker.games.skirmish import SkirmishRules
    from dreidelpoker.games.skirmish import game as sg

    q = QueenieRules(players=3, deck_suits=2, deck_ranks=3)
    with pytest.warns(DeprecationWarning, match="enumerate_deal"):
        old = qx.enumerate_deal(q, "never-swap,never-swap,never-swap")
    assert old.went_out == qx.enumerate_deal("never-swap,never-swap,never-swap", rules=q).went_out
    s = SkirmishRules()
    with pytest.warns(DeprecationWarning, match="deal_state"):
        old_state = sg.deal_state(s, s.deck[::2], s.deck[1::2])
    assert old_state == sg.deal_state(s.deck[::2], s.deck[1::2], rules=s)
    with pytest.warns(DeprecationWarning, match="check_chain_size"):
        assert cd.size.check_chain_size(CLASSIC, 100) == cd.size.check_chain_size(100, rules=CLASSIC)
    from dreidelpoker.games.dice_poker.report import explorer_report

    with pytest.warns(DeprecationWarning, match="explorer_report"):
        assert explorer_report((6, 5, 3), ["A"], "2,2,1", DICE, samples=200) == \
            explorer_report((6, 5, 3), ["A"], "2,2,1", rules=DICE, samples=200)


def test_rules_twice_is_an_error() -> None:
    with pytest.raises(TypeError, match="rules both by position and by keyword"):
        dpk.evaluate("1,2,3", "4,5,9", DICE, rules=DICE)  # type: ignore[misc]


def test_dice_clear_caches_warns_and_clears_every_cache() -> None:
    import dreidelpoker as dp

    dpk.category_table()
    assert dp.cache_info()["dreidelpoker.games.dice_poker.space.keys_for_dice"].currsize > 0
    with pytest.warns(DeprecationWarning, match=r"use dreidelpoker.clear_caches\(\)"):
        dpk.clear_caches()
    assert all(info.currsize == 0 for info in dp.cache_info().values())
    assert all(info.maxsize is not None for info in dp.cache_info().values())


def test_two_dreidel_old_names_warn() -> None:
    from dreidelpoker.games import two_dreidel as td
    from dreidelpoker.montecarlo import MonteCarloEstimate

    with pytest.warns(DeprecationWarning, match="use dreidelpoker.montecarlo.MonteCarloEstimate"):
        assert td.MonteCarloEquity is MonteCarloEstimate
    with pytest.warns(DeprecationWarning, match=r"use two_dreidel.equity\(\)"):
        assert td.hand_equity("GH", opponents=2) == td.equity("GH", opponents=2)


def test_one_category_table_and_domino_old_names_warn() -> None:
    from dreidelpoker.categories import CategoryTable

    dice, domino = dpk.category_table(), dom.category_table(rules=DOMINO)
    assert type(dice) is type(domino) is CategoryTable is dpk.CategoryTable is dom.CategoryTable
    with pytest.warns(DeprecationWarning, match=r"use CategoryTable.rules.low_runs"):
        assert domino.low_runs == "straight"
    with pytest.warns(DeprecationWarning, match=r"use CategoryTable.inversions"):
        assert domino.inversion_pairs == tuple(domino.inversions)
    with pytest.warns(DeprecationWarning, match=r"use CategoryTable.to_table\(\)"):
        assert domino.as_exact_table() == domino.to_table()
