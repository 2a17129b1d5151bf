"""The table explorer, driven without a kernel: set `.value`, read the HTML panes."""

from __future__ import annotations

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.at_the_table import at_the_table
from dreidelpoker.games.two_dreidel.information import opponent_posterior
from dreidelpoker.games.two_dreidel.table import put_back_equities
from dreidelpoker.widgets import two_dreidel_explorer


def test_default_view_shows_the_pure_functions_numbers() -> None:
    ex = two_dreidel_explorer()
    report = at_the_table(**ex.arguments())
    assert ex.putback_html.value == report.equity_html()
    assert ex.posteriors_html.value == report.posteriors_html()
    assert ex.spin_html.value == report.spin_html()
    table = put_back_equities("GHN", opponents=[opponent_posterior(discards="GH,NN"),
                                                opponent_posterior(discards="HH,HN")])
    for c in table.choices:
        assert f"{c.equity.p}/{c.equity.q}" in ex.putback_html.value
    assert ex.status.value == ""


def test_controls_update_the_numbers() -> None:
    ex = two_dreidel_explorer()
    before = ex.putback_html.value
    ex.drawn.value = "HNS"
    assert ex.putback_html.value != before and "HS" in ex.putback_html.value
    ex.opponents.value = 4
    assert "opponent 4" in ex.posteriors_html.value and "opponent 5" not in ex.posteriors_html.value
    assert ex.discards[3].layout.display is None and ex.discards[4].layout.display == "none"
    spin_before = ex.spin_html.value
    ex.pot.value = 11
    assert ex.spin_html.value != spin_before and "pot 11" in ex.spin_html.value
    ex.discards[0].value = "HN,HH"
    assert "HN, HH" in ex.posteriors_html.value


def test_top_two_visibility_and_custom_deck() -> None:
    ex = two_dreidel_explorer(opponents=1)
    ex.visibility.value = "top-two"
    assert "hand number" in ex.status.value or "exactly the one visible" in ex.status.value
    ex.hand_number.value = 6
    ex.discards[0].value = "NN"
    assert ex.status.value == ""
    expected = opponent_posterior(discards="NN", hand_number=6, visibility="top-two")
    assert all(f"{p.p}/{p.q}" in ex.posteriors_html.value for _h, p in expected.hand.items() if p.q != 1)
    ex.deck.value = "custom"
    ex.custom_deck.value = "2-4-4-2"
    assert ex.status.value == "" and "2-4-4-2" not in ex.status.value
    report = at_the_table(**ex.arguments())
    assert report.rules == TwoDreidelRules(deck="2-4-4-2")
    assert ex.putback_html.value == report.equity_html()


def test_bad_input_shows_an_error_and_recovers() -> None:
    ex = two_dreidel_explorer()
    good = ex.putback_html.value
    ex.top.value = "S"
    assert "inconsistent with the known top card S" in ex.status.value
    assert ex.putback_html.value == good  # the last good numbers stay
    ex.top.value = "H"
    assert ex.status.value == ""
    ex.discards[1].value = "GG"
    assert "could not have produced it" in ex.status.value
    ex.discards[1].value = "HH,HN"
    ex.opponent_stacks.value = "x"
    assert "whole numbers" in ex.status.value
    ex.opponent_stacks.value = "3"
    assert ex.status.value == "" and "you pay" in ex.spin_html.value
