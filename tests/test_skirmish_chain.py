"""Skirmish's exact small-deck chain, checked against a card-by-card expansion of the engine and the simulator."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from dreidelpoker.games.protocol import Turn
from dreidelpoker.games.skirmish import SkirmishRules
from dreidelpoker.games.skirmish.bots import BOTS
from dreidelpoker.games.skirmish.chain import (
    _state_of,
    analyze_small_deck,
    deal_distribution,
    pile_card_odds,
    skirmish_transitions,
)
from dreidelpoker.games.skirmish.game import LAY, new_game
from dreidelpoker.play import simulate

TINY = SkirmishRules(deck=(1, 1, 2, 2, 3, 3), line_size=1, pile_size=1)
SMALL = SkirmishRules(deck=tuple(r for r in range(1, 5) for _ in range(2)), line_size=2, pile_size=2)


def expand(rules: SkirmishRules, state: tuple, bots: tuple[str, str]) -> dict:
    """One skirmish expanded node by node through the engine's own chance_outcomes."""
    d0, c0, d1, c1, prev = state
    g = new_game(rules, hand_limit=10**9)._with(stock=(), phase=LAY, draw=(d0, d1), discard=(c0, c1),
                                                 prev_winner=prev)._start_skirmish()
    funcs = [BOTS[b](rules) for b in bots]
    rng = np.random.default_rng(0)
    out: dict = {}
    frontier = [(g, Fraction(1))]
    while frontier:
        g, p = frontier.pop()
        if g.skirmishes == 1:
            k = _state_of(g)
            out[k] = out.get(k, 0) + p
        elif g.turn is Turn.CHANCE:
            outs = g.chance_outcomes()
            tot = sum(w for _, w in outs)
            frontier += [(g.apply(r), p * Fraction(w, tot)) for r, w in outs]
        else:
            s = g.seat
            frontier.append((g.apply(funcs[s](g.observation(s), g.legal_actions(s), rng)), p))
    return out


@pytest.mark.parametrize("rules", [TINY, SMALL, SkirmishRules(deck=SMALL.deck, line_size=2, pile_size=2, tie="war")])
def test_transitions_match_the_engine_expanded_card_by_card(rules: SkirmishRules) -> None:
    for state in list(deal_distribution(rules))[:3]:
        for bots in (("optimal", "greedy"), ("spendthrift", "optimal")):
            assert skirmish_transitions(state, bots, rules=rules) == expand(rules, state, bots)
    # and from a state after a skirmish (draw piles part used, discards non-empty)
    later = next(s for state in deal_distribution(rules)
                 for s in skirmish_transitions(state, ("optimal", "optimal"), rules=rules) if s[0] not in ("win", "draw"))
    assert skirmish_transitions(later, ("greedy", "optimal"), rules=rules) == expand(rules, later, ("greedy", "optimal"))


def test_deal_distribution_is_hypergeometric() -> None:
    d = deal_distribution(TINY)
    assert sum(d.values()) == 1
    assert d[((1, 2, 3), (), (1, 2, 3), (), 0)] == Fraction(math.comb(2, 1) ** 3, math.comb(6, 3))


def test_exact_chain_against_simulation() -> None:
    for rules, bots in ((TINY, ("optimal", "optimal")), (SMALL, ("optimal", "spendthrift"))):
        exact = analyze_small_deck(rules, bots)
        assert exact.win_seat1 + exact.win_seat2 + exact.draw == 1
        n = 400
        sim = simulate(rules, list(bots), games=n, seed=3, progress=False)
        assert sim.truncated == 0
        wins = sum(1 for r in sim.records if r.winners == (0,))
        sd = math.sqrt(float(exact.win_seat1 * (1 - exact.win_seat1)) / n)
        assert abs(wins / n - float(exact.win_seat1)) < 4 * sd + 1e-9, (rules.label, bots)
        lengths = [r.rounds for r in sim.records]
        mean = sum(lengths) / n
        sem = float(np.std(lengths, ddof=1)) / math.sqrt(n)
        assert abs(mean - float(exact.expected_skirmishes)) < 4 * sem + 1e-9


def test_exact_values_pinned() -> None:
    assert float(analyze_small_deck(TINY, "optimal").expected_skirmishes) == pytest.approx(6.880910362564393)
    r = analyze_small_deck(SMALL, ("optimal", "optimal"))
    assert float(r.win_seat1) == pytest.approx(0.5034394579101796)
    with pytest.raises(ValueError, match="deterministic bots"):
        analyze_small_deck(TINY, ("random", "optimal"))


def test_pile_card_odds_by_brute_force() -> None:
    assert pile_card_odds(SkirmishRules()).tie == Fraction(1, 17)
    for tie in ("own-pile", "war"):
        rules = SkirmishRules(deck=(1, 1, 2, 2, 3, 3, 4, 4), line_size=0, pile_size=2, tie=tie)  # type: ignore[arg-type]
        counts = {"w1": 0, "w2": 0, "tie": 0}
        total = 0
        for perm in itertools.permutations(range(8), 4):  # seat 1's pile (bottom, top), seat 2's pile
            a = [rules.deck[i] for i in perm[:2]]
            b = [rules.deck[i] for i in perm[2:]]
            pairs = [(a[1], b[1])] + ([(a[0], b[0])] if tie == "war" else [])
            res = next((("w1" if x > y else "w2") for x, y in pairs if x != y), "tie")
            counts[res] += 1
            total += 1
        odds = pile_card_odds(rules)
        assert (odds.win_seat1, odds.win_seat2, odds.tie) == tuple(Fraction(counts[k], total) for k in ("w1", "w2", "tie"))
