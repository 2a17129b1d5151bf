"""The small paths of Two Dreidel equity (issue 22) give exactly what the general ones give:
the fresh-deck normal-best weights against the policy engine, the heads-up comparisons
against the showdown, and the opponent-table states against the inclusion-exclusion and
the multiset enumeration (itself checked against ordered brute force in
test_two_dreidel_equity.py), each path forced on its own."""

from __future__ import annotations

import importlib

import pytest

from dreidelpoker.exact import Distribution
from dreidelpoker.games import two_dreidel as td
from dreidelpoker.games.two_dreidel.rulebook.ranking import showdown_winners

E = importlib.import_module("dreidelpoker.games.two_dreidel.odds.equity")
T = importlib.import_module("dreidelpoker.games.two_dreidel.odds.showdown_table")

VARIANTS = [
    {"deck": "1-5-5-1"}, {"deck": "2-6-6-2"}, {"deck": "2-7-7-2"}, {"deck": "3-1-1-3"}, {"deck": "0-2-2-4"},
    {"deck": "1-5-5-1", "draw": 4, "put_back": 2}, {"deck": "4-4-4-4", "draw": 4, "put_back": 1},
    {"deck": "2-6-6-2", "trumps": frozenset()}, {"deck": "2-6-6-2", "trumps": frozenset({("S", "G"), ("N", "G")})},
    {"deck": "2-6-6-2", "trumps": frozenset({("S", "G"), ("S", "H")})},
]


def _rules(kw: dict[str, object]) -> td.TwoDreidelRules:
    return td.TwoDreidelRules(**kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("kw", VARIANTS)
def test_fresh_normal_best_weights_match_the_policy_engine(kw: dict[str, object]) -> None:
    rules = _rules(kw)
    general = E.hand_weights(td.kept_hand_distribution(rules, policy="normal-best"), rules=rules)
    assert list(E.fresh_normal_best_weights(rules)) == general


@pytest.mark.parametrize("kw", VARIANTS)
def test_heads_up_counts_match_the_showdown(kw: dict[str, object]) -> None:
    rules = _rules(kw)
    hands = list(rules.all_hands)
    opponent = [(h, i + 1) for i, h in enumerate(hands)]  # unequal weights, every hand
    for hero in hands:
        total, win, tie = T.heads_up_counts(rules.trump_index_pairs, [(hero, 3)], opponent)
        want_win = want_tie = 0
        for h, w in opponent:
            winners = showdown_winners([hero, h], rules=rules)
            if winners == [0]:
                want_win += 3 * w
            elif 0 in winners:
                want_tie += 3 * w
        assert (total, win, tie) == (3 * sum(w for _, w in opponent), want_win, want_tie), hero


def _both_paths(rules: td.TwoDreidelRules, hero: list[tuple[tuple[int, ...], int]], lists: list,  # type: ignore[type-arg]
                monkeypatch: pytest.MonkeyPatch) -> None:
    want = E.equity_against(hero, E.opponent_multisets(lists), opponents=len(lists), rules=rules)
    for fixed, cost in ((0, 0), (10**12, 10**12)):  # never / always the opponent-table states
        monkeypatch.setattr(T, "_SUBSETS_FIXED", fixed)
        monkeypatch.setattr(T, "_SUBSETS_COST", cost)
        got = E.equity_vs_lists(hero, lists, rules=rules)
        assert (got.win, got.tie, got.lose, got.equity) == (want.win, want.tie, want.lose, want.equity)


@pytest.mark.parametrize(("kw", "n"), [(kw, n) for kw in VARIANTS for n in (2, 3)] + [(VARIANTS[0], 5)])
def test_table_states_match_inclusion_exclusion(kw: dict[str, object], n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _rules(kw)
    lists = E.opponent_hand_lists(n, "normal-best", rules=rules)
    for h in td.possible_hands(rules):
        _both_paths(rules, E.hand_weights(h, rules=rules), lists, monkeypatch)


def test_table_states_with_different_opponents_and_a_hero_distribution(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = td.TwoDreidelRules(deck="2-7-7-2")
    states = [td.DeckState.fresh(rules), td.DeckState.of(rules, deck="0-3-2-1", top="H", discard="2-4-5-1"),
              td.DeckState.of(rules, deck="1-1-1-1", top="S", discard="1-6-6-1")]
    lists = E.opponent_hand_lists(states, "normal-best", rules=rules)
    hero = E.hand_weights(Distribution.from_weights({"GH": 3, "NS": 2, "HN": 7}), rules=rules)
    _both_paths(rules, hero, lists, monkeypatch)


def test_the_small_paths_are_chosen_for_small_questions() -> None:
    # 2-7-7-2 keeps 10 hand types: 2 opponents go through about a hundred states, not 2**9 subsets
    assert T._table_states(9, 2) < T._SUBSETS_FIXED + T._SUBSETS_COST * 2**9
    assert T._table_states(9, 6) > T._SUBSETS_FIXED + T._SUBSETS_COST * 2**9


def test_plain_and_aliased_hand_text_parse_alike() -> None:
    rules = td.TwoDreidelRules()
    assert E.hand_weights("NH", rules=rules) == E.hand_weights("h n", rules=rules) == [((1, 2), 1)]
