"""The table explorer, driven without a kernel: set `.value`, read the HTML panes."""

from __future__ import annotations

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.odds.at_the_table import at_the_table
from dreidelpoker.games.two_dreidel.odds.information import opponent_posterior
from dreidelpoker.games.two_dreidel.odds.table import put_back_equities
from dreidelpoker.widgets import two_dreidel_explorer
from dreidelpoker.widgets.two_dreidel import table_report


def test_default_view_shows_the_pure_functions_numbers() -> None:
    ex = two_dreidel_explorer()
    assert ex.output.value == table_report(**ex.arguments())
    report = at_the_table(rules=TwoDreidelRules(), cards="GHN", opponent_discards=["GH,NN", "HH,HN"], pot=4,
                          hero_stack=8)
    assert ex.output.value == report.equity_html() + report.posteriors_html() + report.spin_html()
    table = put_back_equities("GHN", opponents=[opponent_posterior(discards="GH,NN"),
                                                opponent_posterior(discards="HH,HN")])
    for c in table.choices:
        assert f"{c.equity.p}/{c.equity.q}" in ex.output.value
    assert ex.status.value == ""


def test_controls_update_the_numbers() -> None:
    ex = two_dreidel_explorer()
    before = ex.output.value
    ex.drawn.value = "HNS"
    assert ex.output.value != before and "HS" in ex.output.value
    ex.opponents.value = 4
    assert "opponent 4" in ex.output.value and "opponent 5" not in ex.output.value
    assert ex.discards[3].layout.display is None and ex.discards[4].layout.display == "none"
    ex.pot.value = 11
    assert "pot 11" in ex.output.value
    ex.discards[0].value = "HN,HH"
    assert "HN, HH" in ex.output.value


def test_text_boxes_wait_for_enter() -> None:
    ex = two_dreidel_explorer()
    assert not ex.drawn.continuous_update and not ex.discards[0].continuous_update


def test_top_two_works_from_the_default_state() -> None:
    ex = two_dreidel_explorer(opponents=2)
    ex.visibility.value = "top-two"
    assert ex.status.value == ""
    # The default discards "GH,NN" and "HH,HN" at hand 3: only the last pairs are visible.
    for name, last in (("opponent 1", "NN"), ("opponent 2", "HN")):
        assert f"discarded ?, {last}" in ex.output.value, name
    expected = opponent_posterior(discards="NN", hand_number=3, visibility="top-two")
    assert all(f"{p.p}/{p.q}" in ex.output.value for _h, p in expected.hand.items() if p.q != 1)


def test_top_two_visibility_and_custom_deck() -> None:
    ex = two_dreidel_explorer(opponents=1)
    ex.visibility.value = "top-two"
    ex.hand_number.value = 6
    ex.discards[0].value = "NN"
    assert ex.status.value == ""
    expected = opponent_posterior(discards="NN", hand_number=6, visibility="top-two")
    assert all(f"{p.p}/{p.q}" in ex.output.value for _h, p in expected.hand.items() if p.q != 1)
    ex.hand_number.value = 1
    assert "hand no. 1" in ex.status.value and ex.output.value == ""
    ex.hand_number.value = 6
    ex.deck.value = "custom"
    ex.custom_deck.value = "2-4-4-2"
    assert ex.status.value == ""
    assert ex.output.value == table_report(**ex.arguments())
    assert table_report(**dict(ex.arguments(), deck="1-5-5-1")) != ex.output.value  # the deck matters
    ex.custom_deck.value = "2-4-4"
    assert ex.status.value.startswith("<p class='dp-error'>deck: ") and ex.output.value == ""


def test_bad_input_shows_an_error_and_no_stale_numbers() -> None:
    ex = two_dreidel_explorer()
    good = ex.output.value
    ex.drawn.value = "GGG"
    assert "holds only 1" in ex.status.value and ex.output.value == ""
    ex.drawn.value = "GHN"
    assert ex.output.value == good
    ex.top.value = "S"
    assert "inconsistent with the known top card S" in ex.status.value
    assert ex.output.value == ""  # never the last good numbers beside an error
    ex.top.value = "H"
    assert ex.status.value == ""
    ex.discards[1].value = "GG"
    assert "could not have produced it" in ex.status.value
    ex.discards[1].value = "HH,HN"
    ex.opponent_stacks.value = "x"
    assert "whole numbers" in ex.status.value
    ex.opponent_stacks.value = "3"
    assert ex.status.value == "" and "you pay" in ex.output.value


def test_static_snapshot_for_sites_without_a_kernel() -> None:
    ex = two_dreidel_explorer()
    bundle = ex._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    snap = data["text/html"]
    assert "run this notebook in Jupyter or Voilà to use the explorer" in snap
    assert "dreidelpoker explore two-dreidel" in snap and ex.output.value in snap
