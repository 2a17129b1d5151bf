"""The showdown-table equity engine against the multiset enumeration (itself checked
against ordered brute force in test_two_dreidel_equity.py), on every preset, 1..7
opponents, different opponents, hero distributions and other trump rules."""

from __future__ import annotations

import importlib

import pytest

from dreidelpoker.exact import Distribution
from dreidelpoker.games import two_dreidel as td

E = importlib.import_module("dreidelpoker.games.two_dreidel.odds.equity")


def _same(rules: td.TwoDreidelRules, hero: list[tuple[tuple[int, ...], int]], lists: list) -> None:  # type: ignore[type-arg]
    fast = E.equity_vs_lists(hero, lists, rules=rules)
    slow = E.equity_against(hero, E.opponent_multisets(lists), opponents=len(lists), rules=rules)
    assert (fast.win, fast.tie, fast.lose, fast.equity) == (slow.win, slow.tie, slow.lose, slow.equity)


@pytest.mark.parametrize(("deck", "n"), [(d, n) for d in ("1-5-5-1", "2-6-6-2", "2-7-7-2", "3-1-1-3", "0-2-2-4")
                                          for n in (1, 2, 3, 5)] + [("1-5-5-1", 7)])
def test_identical_opponents_every_hand(deck: str, n: int) -> None:
    rules = td.TwoDreidelRules(deck=deck)
    lists = E.opponent_hand_lists(n, "normal-best", rules=rules)
    for h in td.possible_hands(rules):
        _same(rules, E.hand_weights(h, rules=rules), lists)


def test_seven_opponents_big_deck() -> None:
    rules = td.TwoDreidelRules(deck="2-7-7-2")
    _same(rules, E.hand_weights("HN", rules=rules), E.opponent_hand_lists(7, "normal-best", rules=rules))


def test_different_opponents_and_hero_distribution() -> None:
    rules = td.TwoDreidelRules(deck="2-7-7-2")
    states = [
        td.DeckState.fresh(rules),
        td.DeckState.of(rules, deck="0-3-2-1", top="H", discard="2-4-5-1"),
        td.DeckState.of(rules, deck="1-1-1-1", top="S", discard="1-6-6-1"),
    ]
    lists = E.opponent_hand_lists(states, "normal-best", rules=rules)
    hero = E.hand_weights(Distribution.from_weights({"GH": 3, "NS": 2, "HN": 7}), rules=rules)
    _same(rules, hero, lists)
    _same(rules, hero, lists[:2] + [E.hand_weights(Distribution.from_weights({"SS": 1}), rules=rules)])


@pytest.mark.parametrize("trumps", [frozenset(), frozenset({("S", "G"), ("N", "G")}), frozenset({("S", "G"), ("S", "H")})])
def test_other_trump_rules(trumps: frozenset[tuple[str, str]]) -> None:
    rules = td.TwoDreidelRules(deck="2-6-6-2", trumps=trumps)
    for n in (1, 4):
        lists = E.opponent_hand_lists(n, "normal-best", rules=rules)
        for h in td.possible_hands(rules):
            _same(rules, E.hand_weights(h, rules=rules), lists)


def test_winner_matches_showdown() -> None:
    from dreidelpoker.games.two_dreidel.rulebook.ranking import showdown_winners
    from dreidelpoker.games.two_dreidel.odds.showdown_table import showdown_table

    rules = td.TwoDreidelRules(trumps=frozenset({("S", "G"), ("N", "G")}))
    table = showdown_table(4, rules.trump_index_pairs, 2)
    for mask in range(1, 1 << len(table.hands)):
        hands = [h for i, h in enumerate(table.hands) if mask >> i & 1]
        winners = showdown_winners(hands, rules=rules)
        assert [hands[i] for i in winners] == [table.hands[table.winner(mask)]]
