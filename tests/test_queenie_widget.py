"""The Queenie explorer: pure functions and the widget without a kernel."""

from __future__ import annotations

from dreidelpoker.games.queenie import card_from_name
from dreidelpoker.games.queenie.explore import deal_view
from dreidelpoker.widgets.queenie import QueenieExplorer


def _cards(hands: tuple[str, ...]) -> int:
    return sum(1 for h in hands for part in h.split("|") for tok in part.split(":")[1].split() if tok != "-")


def test_deal_view_steps_through_the_runs_to_the_end() -> None:
    start = deal_view(seed=3, players=4, samples=4)
    assert start.step == 0 and start.lines == () and start.result == ""
    previous = _cards(start.hands)
    # 52 cards: 4 hands of 10, a dummy of 11, the queen-pot card; a seat that took the dummy holds 11.
    assert previous == 40 + sum("takes the dummy" in o for o in start.offers)
    for k in range(1, start.steps + 1):
        v = deal_view(seed=3, players=4, samples=4, step=k)
        assert v.step == k and sum(1 for line in v.lines if line.startswith("run:")) == k
        left = _cards(v.hands)
        assert left < previous  # every run plays at least one card
        previous = left
    end = deal_view(seed=3, players=4, samples=4, step=999)
    assert end.step == end.steps and "going-out pot" in end.result and "queen-pot card" in end.result
    assert end.value is not None and end.value.best in ("keep", "swap")


def test_a_seat_sees_only_its_own_hand_until_the_end() -> None:
    v = deal_view(seed=5, players=5, view="seat 2", samples=4)
    assert [h == "hidden" for h in v.hands] == [True, False, True, True, True]
    assert v.dummy == "hidden" and v.queen_card == "hidden"
    end = deal_view(seed=5, players=5, view="seat 2", samples=4, step=999)
    assert "hidden" not in end.hands and end.queen_card != "hidden"
    card_from_name(end.queen_card)  # a real card


def test_bad_input_is_an_error_view() -> None:
    for kwargs, msg in [({"seed": -1}, "seed"), ({"players": 2}, "players"), ({"view": "seat 9"}, "view"),
                        ({"bots": "smart"}, "unknown bot")]:
        v = deal_view(**kwargs)  # type: ignore[arg-type]
        assert msg in v.error and "error" in v.to_html()


def test_widget_without_a_kernel() -> None:
    ex = QueenieExplorer(seed=2, players=4, samples=4)
    assert "run 0 of" in ex.output.value and "seat 1's dummy decision" in ex.output.value
    ex.step.value = ex.step.max
    assert "going-out pot" in ex.output.value
    ex.view.value = "seat 3"
    ex.step.value = 0
    assert ex.output.value.count("hidden") == 5  # three other hands, the dummy, the queen-pot card
    ex.players.value = 6
    assert list(ex.view.options)[-1] == "seat 6" and "6 players" in ex.output.value
    ex._next()
    assert ex.seed.value == 3 and ex.step.value == 0
    ex.seed.value = 7
    assert "deal 7" in ex.output.value


def test_widget_is_an_explorer_with_a_static_snapshot() -> None:
    from dreidelpoker.widgets import Explorer

    ex = QueenieExplorer(seed=2, players=4, samples=4)
    assert isinstance(ex, Explorer)
    bundle = ex._repr_mimebundle_()
    snapshot = (bundle[0] if isinstance(bundle, tuple) else bundle)["text/html"]
    assert "dp-explorer-static" in snapshot and "dreidelpoker explore queenie" in snapshot
    assert "<b>deal 2</b>" in snapshot and "run 0 of" in snapshot
    ex.seed.value = 10**10  # beyond the range: a message, never a silent clamp
    assert "deal must be from 0 to 1,000,000,000; got 10,000,000,000" in ex.status.value and ex.output.value == ""


def test_a_seat_view_shows_only_what_that_seat_may_know() -> None:
    # As the bots' observation test: a seat's view must not change when what it cannot see
    # changes. The first player's keep/swap estimate comes from their hidden hand, so only
    # their view (or the view from above) shows it; every other seat's hand, the dummy and the
    # queen-pot card stay hidden until the deal is over.
    from dreidelpoker.games.queenie.explore import _dealt, deal_view
    from dreidelpoker.games.queenie import QueenieRules

    players = 4
    first = _dealt(3, QueenieRules(players=players)).seat_at(1)
    for seat in range(players):
        v = deal_view(3, players, view=f"seat {seat + 1}", step=0, samples=4)
        assert not v.error
        assert (v.value is not None) == (seat == first), seat
        assert [h == "hidden" for h in v.hands] == [s != seat for s in range(players)]
        assert v.dummy == "hidden" and v.queen_card == "hidden"
    assert deal_view(3, players, view="all", samples=4).value is not None
