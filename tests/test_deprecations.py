"""Every one-release deprecation shim warns and still gives the old answer (CHANGELOG)."""

from __future__ import annotations

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
