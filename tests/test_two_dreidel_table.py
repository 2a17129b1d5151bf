"""Partial-hand equity at the table: brute force, a seeded card-level simulation, bad input."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from sympy.utilities.iterables import multiset_permutations

from dreidelpoker.montecarlo import MonteCarloEstimate
from dreidelpoker.games.two_dreidel import (
    DeckState,
    TwoDreidelRules,
    equity,
    kept_hand_distribution,
    showdown,
)
from dreidelpoker.games.two_dreidel.odds.information import opponent_posterior, table_posteriors
from dreidelpoker.games.two_dreidel.odds.table import (
    before_draw_equity,
    monte_carlo_equity,
    parse_drawn,
    put_back_equities,
)

ORDER = "GHNS"


def worst_back(drawn: str) -> str:
    return sorted(drawn, key=ORDER.index)[-1]


def canon(cards: list[str] | str) -> str:
    return "".join(sorted(cards, key=ORDER.index))


@cache
def share(hands: tuple[str, ...]) -> Fraction:
    """The first player's share of the pot in a showdown (memoised; not the code under test)."""
    winners = showdown(list(hands))
    return Fraction(1, len(winners)) if 0 in winners else Fraction(0)


def brute_equity(hero: str, opponents: list[dict[str, Fraction]]) -> Fraction:
    """Enumerate every ordered tuple of opponents' hands; split pots evenly."""
    total = Fraction(0)
    for combo in itertools.product(*[list(d.items()) for d in opponents]):
        p = Fraction(1)
        for _h, q in combo:
            p *= q
        total += p * share((hero,) + tuple(h for h, _q in combo))
    return total


def wtle(r: object) -> tuple[object, ...]:
    return (r.win, r.tie, r.lose, r.equity)  # type: ignore[attr-defined]


def fractions(dist: object) -> dict[str, Fraction]:
    return {k: Fraction(int(p.p), int(p.q)) for k, p in dist.items()}  # type: ignore[attr-defined]


def exact(x: object) -> Fraction:
    return Fraction(int(x.p), int(x.q))  # type: ignore[attr-defined]


@pytest.mark.parametrize("drawn", ["GHN", "HNS", "HHN", "GNS", "NNS"])
def test_put_back_equities_match_brute_force_against_posteriors(drawn: str) -> None:
    posts = table_posteriors(discards=[["GH", "HN"], ["NN", "HH"], ["HN", "NN"]])
    table = put_back_equities(drawn, opponents=posts)
    opp = [fractions(p.hand) for p in posts]
    for choice in table.choices:
        assert canon(choice.hand + choice.put_back) == canon(drawn)
        assert exact(choice.equity) == brute_equity(choice.hand, opp)
        r = choice.result
        assert r.win + r.tie + r.lose == 1
    assert table.best.equity == max(c.equity for c in table.choices)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_hand_equity_agrees_with_the_foundation_engine(n: int) -> None:
    rules = TwoDreidelRules(deck="2-6-6-2")
    for hand in ["GH", "HS", "NN", "GS"]:
        assert wtle(equity(hand, rules=rules, opponents=n)) == wtle(equity(hand, rules=rules, opponents=n))
    state = DeckState.of(rules, deck="1-4-3-2", top="S")
    assert wtle(equity("HN", rules=rules, opponents=[state, state])) == wtle(
        equity("HN", rules=rules, opponents=[state, state]))


def test_seven_opponents_brute_force() -> None:
    post = opponent_posterior(discards="GH")  # three possible hands: HH, HN, NN
    r = equity("HN", opponents=[post] * 7)
    assert exact(r.equity) == brute_equity("HN", [fractions(post.hand)] * 7)
    fresh = fractions(kept_hand_distribution())
    r = equity("HS", opponents=3)
    assert exact(r.equity) == brute_equity("HS", [fresh] * 3)


def test_before_draw_equity_enumerates_every_pile_order() -> None:
    rules = TwoDreidelRules()
    state = DeckState.of(rules, deck="1-3-4-1", top="H")
    posts = [opponent_posterior(discards="GH,HH")]
    result = before_draw_equity(state, opponents=posts)
    # Brute force: every order of the pile below the known top card, best put-back each time.
    below = ["G"] + ["H"] * 2 + ["N"] * 4 + ["S"]
    orders = list(multiset_permutations(below))
    opp = [fractions(posts[0].hand)]
    best = Fraction(0)
    for order in orders:
        drawn = ["H"] + order[:2]
        options = [canon(drawn[:i] + drawn[i + 1:]) for i in range(3)]
        best += max(brute_equity(h, opp) for h in options) / len(orders)
    assert exact(result.equity) == best
    fixed = before_draw_equity(state, opponents=posts, hero_policy="normal-best")
    assert fixed.equity <= result.equity
    assert fixed.hero_policy == "normal-best" and len(result.draws) == len(fixed.draws)


# -- a card-level simulation, written independently of the library ------------------------
def simulate_opponent(rng: np.random.Generator, counts: tuple[int, ...], hands: int,
                      policy: Callable[[str], str], seen: Callable[[list[str]], bool]) -> str | None:
    """Shuffle and play ``hands`` hands; return the kept hand at the last one, or None if the
    discards do not match what was seen (rejection sampling)."""
    deck = [s for s, c in zip(ORDER, counts) for _ in range(c)]
    pile = list(rng.permutation(deck))
    discard: list[str] = []
    kept_history: list[str] = []
    for hand in range(1, hands + 1):
        drawn: list[str] = []
        while len(drawn) < 3:
            if not pile:
                pile = list(rng.permutation(discard))
                discard = []
            drawn.append(pile.pop(0))
        back = policy(canon(drawn))
        kept = list(drawn)
        kept.remove(back)
        if hand == hands:
            return canon(kept) if seen(kept_history) else None
        pile.insert(0, back)
        discard += kept
        kept_history.append(canon(kept))
    raise AssertionError("unreachable")


def sampled_hands(seed: int, counts: tuple[int, ...], hands: int, seen: Callable[[list[str]], bool],
                  n: int) -> list[str]:
    rng = np.random.default_rng(seed)
    out: list[str] = []
    while len(out) < n:
        h = simulate_opponent(rng, counts, hands, worst_back, seen)
        if h is not None:
            out.append(h)
    return out


@pytest.mark.parametrize(
    "deck,hand_number,views,drawn",
    [
        ((1, 5, 5, 1), 2, [("all", ["GH"]), ("all", ["NN"])], "GHS"),
        ((1, 5, 5, 1), 4, [("top-two", ["HN"]), ("all", ["HH", "GN", "HN"])], "HNS"),
        ((1, 2, 2, 1), 4, [("all", ["HN", "GH", "HN"]), ("top-two", ["NN"])], "HNN"),  # reshuffle at hand 3
    ],
)
def test_equities_match_a_seeded_card_level_simulation(
    deck: tuple[int, ...], hand_number: int, views: list[tuple[str, list[str]]], drawn: str
) -> None:
    rules = TwoDreidelRules(deck=deck)
    n = 3000
    posts = []
    samples = []
    for i, (vis, discards) in enumerate(views):
        posts.append(opponent_posterior(rules, discards=discards, hand_number=hand_number,
                                        visibility=vis))  # type: ignore[arg-type]
        if vis == "all":
            seen: Callable[[list[str]], bool] = lambda hist, d=discards: hist == d
        else:
            seen = lambda hist, d=discards: hist[-1:] == d
        samples.append(sampled_hands(1000 + i, deck, hand_number, seen, n))
    table = put_back_equities(drawn, rules=rules, opponents=posts)
    for choice in table.choices:
        shares = []
        for t in range(n):
            shares.append(float(share((choice.hand,) + tuple(s[t] for s in samples))))
        mean = float(np.mean(shares))
        sd = float(np.std(shares, ddof=1))
        # 4.5 standard errors: a false alarm about once in 150,000 runs; floor for sd = 0.
        assert abs(mean - float(choice.equity)) <= 4.5 * max(sd, 0.05) / math.sqrt(n), choice


def test_library_monte_carlo_agrees_with_exact_and_is_reproducible() -> None:
    posts = table_posteriors(discards=[["GH", "HN"], ["NN", "HH"]])
    for hand in ["HN", "HS", "NN"]:
        exact_eq = float(equity(hand, opponents=posts).equity)
        mc = monte_carlo_equity(hand, opponents=posts, samples=5000, seed=7)
        assert abs(mc.equity - exact_eq) <= 4.5 * max(mc.stderr["equity"], 0.005)
        assert mc.intervals["equity"][0] <= mc.equity <= mc.intervals["equity"][1]
        assert mc == monte_carlo_equity(hand, opponents=posts, samples=5000, seed=7)
    state = DeckState.of(TwoDreidelRules(), deck="1-5-5-1", top="G")
    mc = monte_carlo_equity(state, hero_policy="normal-best", samples=4000, seed=2)
    assert isinstance(mc, MonteCarloEstimate)
    ex = before_draw_equity(state, hero_policy="normal-best")
    assert abs(mc.equity - float(ex.equity)) <= 4.5 * mc.stderr["equity"] + 1e-9
    mc_table = put_back_equities("GHS", method="monte-carlo", samples=3000, seed=4, opponents=posts)
    ex_table = put_back_equities("GHS", opponents=posts)
    assert mc_table.method == "monte-carlo" and ex_table.method == "exact"
    for a, b in zip(mc_table.choices, ex_table.choices):
        assert abs(a.equity - float(b.equity)) <= 4.5 * max(a.result.stderr["equity"], 0.005)  # type: ignore[union-attr]
    assert "95% intervals" in mc.to_text() and mc.to_dict()["samples"] == 4000


def test_put_back_table_shows_every_choice() -> None:
    d = put_back_equities("GHN").to_dict()
    assert {c["put_back"] for c in d["choices"]} == {"G", "H", "N"} and d["best"] in "GHN"
    assert "best" in put_back_equities("GHN").to_text()
    assert "<table" in put_back_equities("HHN")._repr_html_()
    assert len(put_back_equities("HHN").choices) == 2


# -- bad input ----------------------------------------------------------------------------
def test_opponent_counts_the_game_cannot_seat() -> None:
    with pytest.raises(ValueError, match="opponents must be an integer from 1 to 7, got 0"):
        equity("GH", opponents=0)
    with pytest.raises(ValueError, match="opponents must be an integer from 1 to 7, got 8"):
        put_back_equities("GHN", opponents=8)
    with pytest.raises(ValueError, match="seats 1 to 7 opponents, got 8"):
        equity("GH", opponents=[opponent_posterior(discards=[])] * 8)
    with pytest.raises(TypeError, match="opponent 1 must be a DeckState"):
        equity("GH", opponents=["GH"])  # type: ignore[list-item]


def test_drawn_cards_that_cannot_be() -> None:
    with pytest.raises(ValueError, match="hold 2 G but the deck 1-5-5-1 holds only 1"):
        parse_drawn("GGH")
    with pytest.raises(ValueError, match="you draw 3 cards each hand, got 4"):
        parse_drawn("GHNN")
    with pytest.raises(ValueError, match="inconsistent with the known top card S"):
        put_back_equities("GHN", top="S")
    state = DeckState.of(TwoDreidelRules(), deck="0-3-2-1", top="H")
    with pytest.raises(ValueError, match="inconsistent with the known top card H"):
        parse_drawn("NNS", hero_deck=state)
    with pytest.raises(ValueError, match="cannot be drawn from deck 0-3-2-1"):
        parse_drawn("GHN", hero_deck=state)
    with pytest.raises(ValueError, match="method must be"):
        put_back_equities("GHN", method="guess")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples must be an integer from 2 to 10,000,000"):
        monte_carlo_equity("GH", samples=1)
