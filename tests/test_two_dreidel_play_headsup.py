"""The heads-up showdown shortcut of the engine's tables against the general settlement."""

from __future__ import annotations

import itertools

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.rulebook.betting import showdown_payouts
from dreidelpoker.games.two_dreidel.whole_game.play_tables import Tables


def test_heads_up_showdown_matches_showdown_payouts() -> None:
    rules = TwoDreidelRules()
    t = Tables(2, rules=rules)
    symbols = range(len(rules.symbols))
    hands = sorted(set(tuple(sorted(h)) for h in itertools.product(symbols, repeat=2)))
    checked = 0
    for h0, h1 in itertools.product(hands, repeat=2):
        for c0, c1, carry, button in itertools.product(range(4), range(4), (0, 1, 3), (0, 1)):
            want_paid, want_left, want_trump = showdown_payouts((h0, h1), (c0, c1), (True, True), carry=carry,
                                                                 button=button, rules=rules)
            got = t.showdown((h0, h1), (c0, c1), (True, True), carry, button)
            assert got == (tuple(want_paid), want_left, want_trump), (h0, h1, c0, c1, carry, button)
            checked += 1
    assert checked == len(hands) ** 2 * 96
    assert t.heads_up and not t.showdowns  # every case above took the shortcut


def test_two_in_showdown_matches_showdown_payouts_with_folded_seats() -> None:
    rules = TwoDreidelRules()
    symbols = range(len(rules.symbols))
    hands = sorted(set(tuple(sorted(h)) for h in itertools.product(symbols, repeat=2)))[::3]
    for players in (3, 4):
        t = Tables(players, rules=rules)
        checked = 0
        for a, b in itertools.combinations(range(players), 2):
            in_hand = tuple(i in (a, b) for i in range(players))
            for ha, hb in itertools.product(hands, repeat=2):
                kept = tuple(ha if i == a else hb if i == b else None for i in range(players))
                for contrib in itertools.product((0, 1, 4), repeat=players):
                    for carry, button in ((0, 0), (1, 1), (3, players - 1)):
                        want_paid, want_left, want_trump = showdown_payouts(kept, contrib, in_hand, carry=carry,
                                                                             button=button, rules=rules)
                        got = t.showdown(kept, contrib, in_hand, carry, button)
                        assert got == (tuple(want_paid), want_left, want_trump), (kept, contrib, carry, button)
                        checked += 1
        assert checked == players * (players - 1) // 2 * len(hands) ** 2 * 3 ** players * 3
        assert t.heads_up and not t.showdowns  # every case above took the shortcut
