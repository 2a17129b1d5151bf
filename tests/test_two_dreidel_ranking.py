"""Ranking: RULES.md 1.3 examples, parsing, and the showdown against an independent oracle."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dreidelpoker.games import two_dreidel as td
from dreidelpoker.games.two_dreidel.rulebook.ranking import normal_key
from tests import two_dreidel_oracles as oracle

RULES = td.TwoDreidelRules()


@pytest.mark.parametrize(
    ("a", "b"),
    [("GH", "HH"), ("NS", "GH"), ("SH", "NS"), ("גה", "הה"), ("שנ", "גה"), ("שה", "שנ")],
)
def test_rules_heads_up_examples(a: str, b: str) -> None:
    # RULES.md 1.3 source checks and the seed's Hebrew versions: a beats b.
    assert td.compare(a, b) == 1
    assert td.compare(b, a) == -1


def test_rules_multiway_example() -> None:
    # "among SG, SN, NN, the normal winner is SG, SN trumps it, SN wins"
    assert td.showdown(["SG", "SN", "NN"]) == [1]
    assert td.showdown(["ננ", "שג", "שנ"]) == [2]


def test_normal_order_listing() -> None:
    listed = ["GG", "GH", "GN", "GS", "HH", "HN", "HS", "NN", "NS", "SS"]
    keys = [normal_key(td.parse_hand(h)) for h in listed]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert [td.format_hand(h) for h in RULES.all_hands] == listed


def test_intransitive_cycle() -> None:
    # SG > NN > SN > SG (RULES.md 1.3 note)
    assert td.compare("SG", "NN") == 1
    assert td.compare("NN", "SN") == 1
    assert td.compare("SN", "SG") == 1


@pytest.mark.parametrize("text", ["GH", "HG", "hg", "גה", "הג", "♠♥", "♤♡", "G H", "G,H"])
def test_parse_notations(text: str) -> None:
    assert td.format_hand(td.parse_hand(text)) == "GH"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("GX", "unknown symbol 'X'"),
        ("GHN", "hand has 2 cards, got 3"),
        ("G", "hand has 2 cards, got 1"),
        ("", "hand has 2 cards, got 0"),
        ("G7", "allowed: G, H, N, S"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        td.parse_hand(text)


def test_showdown_needs_hands() -> None:
    with pytest.raises(ValueError, match="at least one hand"):
        td.showdown([])


def _possible(counts: tuple[int, ...]) -> list[str]:
    return [
        h for h in ("".join(c) for c in itertools.combinations_with_replacement("GHNS", 2))
        if all(h.count(s) <= n for s, n in zip("GHNS", counts))
    ]


@pytest.mark.parametrize("deck", ["1-5-5-1", "2-6-6-2"])
def test_showdown_exhaustive_against_oracle(deck: str) -> None:
    rules = td.TwoDreidelRules(deck=deck)
    hands = _possible(rules.counts)
    checked = 0
    for n in range(2, 7):
        for combo in itertools.combinations_with_replacement(hands, n):
            assert set(td.showdown(list(combo), rules=rules)) == oracle.showdown(combo), combo
            checked += 1
    assert checked == sum(len(list(itertools.combinations_with_replacement(hands, n))) for n in range(2, 7))


def test_heads_up_matrix_against_oracle() -> None:
    rules = td.TwoDreidelRules(deck="2-6-6-2")
    m = td.heads_up_matrix(rules)
    for a in m.row_labels:
        for b in m.col_labels:
            expected = {1: Fraction(1), 0: Fraction(1, 2), -1: Fraction(0)}[oracle.heads_up(a, b)]
            assert Fraction(int(m[a, b].p), int(m[a, b].q)) == expected


hand_strategy = st.sampled_from(_possible((2, 2, 2, 2)))


@given(st.lists(hand_strategy, min_size=1, max_size=7), st.randoms())
def test_showdown_permutation_invariant(hands: list[str], rnd: object) -> None:
    winners = {hands[i] for i in td.showdown(hands)}
    shuffled = list(hands)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert {shuffled[i] for i in td.showdown(shuffled)} == winners
    # every copy of a winning hand wins: winners are closed under equality
    assert sorted(td.showdown(hands)) == [i for i, h in enumerate(hands) if h in winners]


def test_trump_cycle_rejected() -> None:
    # With Nun also trumping Hey, GN > HN > HS > GS > GN trump each other in a cycle.
    with pytest.raises(ValueError, match="cycle"):
        td.TwoDreidelRules(trumps=frozenset({("S", "G"), ("N", "H")}))


def test_family_member_custom_trumps() -> None:
    # A variant where Nun trumps Gimel as well: NN now beats GH heads-up.
    rules = td.TwoDreidelRules(trumps=frozenset({("S", "G"), ("N", "G")}), deck="2-6-6-2")
    assert td.compare("NN", "GH", rules=rules) == 1
    assert td.compare("GN", "GH", rules=rules) == 1
    assert td.compare("SN", "GN", rules=rules) == 1  # GN holds the Gimel SN's Shin and Nun trump
    for combo in itertools.combinations_with_replacement(_possible((2, 2, 2, 2)), 3):
        td.showdown(list(combo), rules=rules)  # terminates on every table
