"""Queenie property tests (hypothesis): every card accounted for, pots conserved, legal plays only."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.games.registry import get_game
from dreidelpoker.games.protocol import Turn
from dreidelpoker.games.queenie import QueenieRules, new_game
from dreidelpoker.sampler import Sampler

OPTIONS = st.fixed_dictionaries({
    "players": st.integers(3, 8),
    "direction": st.sampled_from(["right", "left"]),
    "dealing": st.sampled_from(["dummy-first", "players-first"]),
    "queen_card": st.sampled_from(["deck", "dummy"]),
    "queen_card_queen": st.sampled_from(["carry-over", "redraw", "to-going-out"]),
    "no_colour": st.sampled_from(["pass-on", "next-any"]),
    "blocked": st.sampled_from(["carry-over", "fewest-cards"]),
    "ante": st.integers(0, 3),
    "swap_cost": st.integers(0, 2),
})
BOTS = st.sampled_from(["never-swap", "always-swap", "random", "heuristic"])


@settings(max_examples=10, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_cards_pots_and_legality_through_a_session(options: dict[str, object], seed: int, data: st.DataObject) -> None:
    rules = QueenieRules(session_deals=3, **options)  # type: ignore[arg-type]
    n = rules.players
    spec = get_game("queenie").play
    assert spec is not None
    names = data.draw(st.lists(BOTS, min_size=n, max_size=n))
    bots = [spec.bots[b](rules) for b in names]
    rng = Sampler(seed)
    g = new_game(rules)
    carried = (0, 0)
    deals_seen = 0
    while g.turn is not Turn.TERMINAL:
        assert g.card_count() == 52, "a card went missing or is in two places"
        assert sum(g.chips) + sum(g.pots) == 0, "chips were created or destroyed"
        if g.phase_name == "deal" and g.dealt == 0 and g.qcard < 0:
            # A new deal: the pots are what carried over plus this deal's antes.
            assert g.pots == (carried[0] + n * rules.ante, carried[1] + n * rules.ante)
            deals_seen += 1
        if g.turn is Turn.CHANCE:
            outcomes = dict(g.chance_outcomes())
            if rng.integers(2):
                g = g.apply(g.sample_chance(rng))
            else:  # one exact chance outcome at a time
                keys = list(outcomes)
                g = g.apply(keys[int(rng.integers(len(keys)))])
            continue
        (seat,) = g.current_players
        legal = g.legal_actions(seat)
        for other in range(n):
            if other != seat:
                assert g.legal_actions(other) == ()
        action = bots[seat](g.observation(seat), legal, rng)
        assert action in legal
        if g.phase_name == "lead":
            # Only the leader's lowest cards of the colour asked for may be led.
            hand = g.observation(seat).hand
            allowed = [c for c in hand if g.lead_colour < 0 or (c // 13) % 2 == g.lead_colour]
            allowed = allowed or list(hand)  # "next-any": no card of the colour, any card
            low = min(c % 13 for c in allowed)
            assert all(c % 13 == low for c in legal)
        before = g
        g = g.apply(action)
        if g.last_deal is not before.last_deal and g.last_deal is not None:
            carried = (g.pots[0] - (n * rules.ante if not g.is_terminal else 0),
                       g.pots[1] - (n * rules.ante if not g.is_terminal else 0))
    assert deals_seen == 3 and g.rounds == 3
    assert g.card_count() == 52 and sum(g.chips) + sum(g.pots) == 0
