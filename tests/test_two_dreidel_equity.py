"""Equity against brute force over opponents' draws, and bad input."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from dreidelpoker.games import two_dreidel as td
from tests import two_dreidel_oracles as oracle


def fr(x: object) -> Fraction:
    return Fraction(int(x.p), int(x.q))  # type: ignore[attr-defined]


def fresh_kept(counts: tuple[int, ...]) -> dict[str, Fraction]:
    # Independent: every unordered 3-subset of labelled cards is equally likely.
    cards = oracle.labelled(counts)
    draws: Counter[str] = Counter(
        oracle.canon("".join(cards[i] for i in c)) for c in itertools.combinations(range(len(cards)), 3)
    )
    return oracle.kept_distribution(draws)


def check(result: object, expected: dict[str, Fraction]) -> None:
    for key in ("win", "tie", "lose", "equity"):
        assert fr(getattr(result, key)) == expected[key], key


@pytest.mark.parametrize("deck", ["1-5-5-1", "2-6-6-2", "2-7-7-2"])
@pytest.mark.parametrize("opponents", [1, 2])
def test_equity_presets(deck: str, opponents: int) -> None:
    rules = td.TwoDreidelRules(deck=deck)
    dist = fresh_kept(rules.counts)
    for hand in td.possible_hands(rules):
        check(td.equity(hand, rules=rules, opponents=opponents), oracle.equity_brute(hand, [dist] * opponents))


@pytest.mark.parametrize("opponents", [3, 5, 7])
def test_equity_many_opponents_small_deck(opponents: int) -> None:
    rules = td.TwoDreidelRules(deck="1-1-1-1")
    dist = fresh_kept(rules.counts)
    for hand in ["GH", "NS", "GS", "HN"]:
        check(td.equity(hand, rules=rules, opponents=opponents), oracle.equity_brute(hand, [dist] * opponents))


def test_equity_with_mixed_opponent_states() -> None:
    rules = td.TwoDreidelRules(deck="2-6-6-2")
    s1 = td.DeckState.of(rules, deck="1-2-1-1", top="S", discard="1-4-5-1")
    s2 = td.DeckState.of(rules, deck="0-1-0-1", discard="2-5-6-1")  # reshuffles mid-draw
    dists = []
    for s in (s1, s2):
        top = "".join("GHNS"[t] for t in s.top) or None
        draws = oracle.ordered_draws(oracle.labelled(s.deck), top=top, discard=oracle.labelled(s.discard))
        dists.append(oracle.kept_distribution(draws))
    for hand in ["GH", "HH", "NS"]:
        check(td.equity(hand, rules=rules, opponents=[s1, s2]), oracle.equity_brute(hand, dists))


def test_equity_of_a_distribution_of_hero_hands() -> None:
    hero = td.kept_hand_distribution()
    r = td.equity(hero, opponents=1)
    # symmetric heads-up: equal players' equities are 1/2 each
    assert r.equity == Fraction(1, 2)
    assert r.win == r.lose


def test_equity_result_invariants() -> None:
    r = td.equity("HN", opponents=3, rules=td.TwoDreidelRules(deck="2-7-7-2"))
    assert r.win + r.tie + r.lose == 1
    assert r.win <= r.equity <= r.win + r.tie
    assert r.to_dict().keys() >= {"win", "tie", "lose", "equity"}


@pytest.mark.parametrize("opponents", [0, 8, -1, 2.5, "3"])
def test_bad_opponent_counts(opponents: object) -> None:
    with pytest.raises(ValueError, match="opponents must be"):
        td.equity("GH", opponents=opponents)  # type: ignore[arg-type]


def test_bad_hand() -> None:
    with pytest.raises(ValueError, match="2 cards, got 3"):
        td.equity("GHN")
    with pytest.raises(ValueError, match="unknown symbol"):
        td.equity("GQ")


def test_equity_table_columns() -> None:
    t = td.equity_table()
    assert t.columns == ("hand", "P(kept)", "win", "tie", "lose", "equity")
    assert sum(t.column("P(kept)")) == 1
