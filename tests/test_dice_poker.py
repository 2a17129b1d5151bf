"""Dice Poker: RULES.md and seed examples, rules options, properties, equity, bad input."""

from __future__ import annotations

import dataclasses
import math

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.equity import EquityResult
from dreidelpoker.montecarlo import MonteCarloEstimate
from dreidelpoker.games import dice_poker as dpk
from dreidelpoker.games.dice_poker.cards import Card
from dreidelpoker.games.dice_poker.equity import parse_opponent_dice
from dreidelpoker.games.dice_poker.evaluator import Category, classify_values, dice_partitions
from dreidelpoker.games.dice_poker.space import keys_for_dice

# -- RULES.md 2.2 and the seed's examples ------------------------------------------------


def test_six_plus_six_is_a_queen_and_six_plus_five_a_jack() -> None:
    """Erratum: the source calls 6+6 a King and 6+5 a Queen; its value table (the sum) wins."""
    sums = {tuple(sorted(sum(g) for g in p)) for p in dice_partitions((6, 6, 5))}
    assert (5, 12) in sums and (6, 11) in sums
    assert dpk.value_name(12) == "Q" and dpk.value_name(11) == "J"


def test_seed_example_three_sixes() -> None:
    """Three sixes: three sixes or 'a King and a six' (really a Queen, 12, and a six); 18 is no card."""
    parts = dice_partitions((6, 6, 6))
    assert sorted(tuple(sorted(sum(g) for g in p)) for p in parts) == [(6, 6, 6), (6, 12), (6, 12), (6, 12)]


def test_seed_example_six_five_three() -> None:
    """6,5,3: three cards; Jack and three (the seed says Queen), eight and six, nine and five; or an Ace."""
    values = {tuple(sorted((sum(g) for g in p), reverse=True)) for p in dice_partitions((6, 5, 3))}
    assert values == {(6, 5, 3), (11, 3), (9, 5), (8, 6), (14,)}


def test_ones_are_not_aces_and_a_pair_of_ones_exists() -> None:
    h = dpk.evaluate("1,1,6", "9,J,K")
    # 1+1 = 2 is no help; the ones stay a pair (6+1 = 7 would break it).
    assert h.name == "One pair" and h.key[1] == (1,)
    # 6+4 = 10 and the 1 alone: 10 J Q K and a 1 -- a bobtail, not a wrap-around straight.
    assert dpk.evaluate("1,6,4", "K,Q,J").name == "Bobtail"
    # 6+4+1 = 11 = J: J Q K A is a bobtail; A-2-3-4-5 style runs never use a 1 as an Ace.
    assert dpk.evaluate("6,4,1", "A,K,Q").name == "Bobtail"
    # A 2 3 with 4 5 5: the Ace is no 1, so 2-3-4-5 is only a bobtail, never A-2-3-4-5.
    assert dpk.evaluate("4,5,5", "A,2,3").name == "Bobtail"


def test_source_odds_or_evens_examples() -> None:
    assert classify_values((14, 12, 10, 8, 6))[0] == Category.ODDS_OR_EVENS
    key = classify_values((11, 9, 7, 5, 3, 1))
    assert key == (Category.ODDS_OR_EVENS, (6, 11), ())
    # A longer run beats a higher shorter one.
    assert classify_values((11, 9, 7, 5, 3, 1)) > classify_values((14, 12, 10, 8, 6, 6))


def test_straights_from_one_and_bobtails() -> None:
    assert classify_values((1, 2, 3, 4, 5, 9))[0] == Category.STRAIGHT
    # Without straights from 1, the 2-5 part is still a bobtail.
    assert classify_values((1, 2, 3, 4, 5, 9), straight_min_start=2)[0] == Category.BOBTAIL
    assert classify_values((1, 2, 3, 4, 5, 6), straight_min_start=2) == (8, (6,), (1,))
    assert classify_values((1, 2, 3, 4, 9, 12))[0] == Category.HIGH_CARD
    assert classify_values((1, 2, 3, 4, 9, 12), bobtail_min_start=1)[0] == Category.BOBTAIL
    assert classify_values((2, 3, 4, 5, 9, 12))[0] == Category.BOBTAIL
    rules = dpk.DicePokerRules(straights_from_one=False)
    assert dpk.evaluate("1,2,3", "4,5,9", rules=rules).name != "Straight"


def test_rules_md_category_rows() -> None:
    """One hand per row of the RULES.md 2.3 table, lowest to highest."""
    examples = [
        ((2, 5, 9, 11, 13),), ((9, 9, 2, 5, 13),), ((2, 3, 4, 5, 9, 13),), ((9, 9, 5, 5, 13),),
        ((9, 9, 9, 2, 13),), ((9, 9, 5, 5, 2, 2),), ((1, 3, 5, 7, 9, 13),), ((9, 9, 9, 5, 5),),
        ((2, 3, 4, 5, 6, 13),), ((9, 9, 9, 9, 2),), ((9, 9, 9, 9, 2, 2),), ((9, 9, 9, 2, 2, 2),),
        ((9, 9, 9, 9, 9, 2),), ((2, 3, 4, 5, 6, 7),), ((6, 6, 6, 6, 6, 6),),
    ]
    for rank, (values,) in enumerate(examples):
        assert classify_values(values)[0] == rank, (rank, values)
    assert [c.label for c in Category] == list(dpk.CATEGORY_NAMES)


def test_six_sixes_is_the_strongest_hand_of_all() -> None:
    """The seed: 'This, of course, makes six of a kind sixes the highest hand.'"""
    top = max(max(keys_for_dice(d)) for d in dpk.DICE_MULTISETS)
    assert top == dpk.evaluate("6,6,6", "6S,6H,6D").key


def test_within_category_comparisons() -> None:
    # A hand that runs out of values first loses: pair of nines with fewer kickers.
    assert classify_values((9, 9, 7, 5)) < classify_values((9, 9, 7, 5, 3))
    # Group part first, then kickers.
    assert classify_values((10, 10, 2, 3, 4)) > classify_values((9, 9, 14, 13, 12))
    assert classify_values((9, 9, 9, 2, 2)) > classify_values((8, 8, 8, 14, 14))
    # Runs: top of the run first, then the rest.
    assert classify_values((3, 4, 5, 6, 7, 2)) > classify_values((2, 3, 4, 5, 6, 14))
    assert classify_values((2, 3, 4, 5, 6, 9)) > classify_values((2, 3, 4, 5, 6, 8))


def test_evaluator_keeps_partition_and_cards() -> None:
    h = dpk.evaluate("6,5,3", "AS,QH,10D")
    assert h.combined == ((5, 3),)
    assert h.describe_partition() == "5+3=8, 6"
    assert [str(c) for c in h.cards] == ["AS", "QH", "10D"]
    assert h.to_dict()["category"] == "Odds or evens"
    assert "Odds or evens" in h._repr_html_()


# -- designer's questions ---------------------------------------------------------------


def test_designer_counts_from_first_principles() -> None:
    a = dpk.designer_answers()
    assert a.ordered_outcomes == 6 ** 3 * math.comb(52, 3)
    assert a.dice_multiset_hands == math.comb(8, 3) * math.comb(52, 3)
    assert a.suitless_hands == math.comb(8, 3) * math.comb(15, 3)
    # Six of a kind needs three equal dice left alone (2-6) and the three cards of that rank:
    # 5 values x C(4,3) suit choices, one roll order each.
    assert a.six_of_a_kind_ordered == 5 * math.comb(4, 3) == a.six_of_a_kind_dice_multiset
    assert a.six_of_a_kind_suitless == 5
    assert a.six_of_a_kind_probability == sympy.Rational(20, 4773600)
    assert "Six of a kind" not in a.to_text() or "six of a kind" in a.to_text()


def test_tables_are_distributions_and_inversions_are_consistent() -> None:
    for space in dpk.SPACES:
        t = dpk.category_table(space=space)
        assert sum(t.probabilities().values()) == 1
        for hi, lo in t.inversions:
            assert t.count(hi) > t.count(lo) and dpk.CATEGORY_NAMES.index(hi) > dpk.CATEGORY_NAMES.index(lo)
        n_inv = sum(1 for i in range(15) for j in range(i) if t.counts[i] > t.counts[j] > 0)
        assert len(t.inversions) == n_inv
        d = t.to_dict()
        assert d["space"] == space and d["total"] == t.total and len(d["categories"]) == 15
    # The ordered space is the equally-likely one: it is the default.
    assert dpk.category_table().space == "ordered"


def test_conditional_tables_average_to_the_whole_table() -> None:
    """Law of total probability: P(category) = sum over rolls of P(roll) P(category | roll)."""
    whole = dpk.category_table()
    acc = [sympy.Integer(0)] * 15
    for d in dpk.DICE_MULTISETS:
        t = dpk.conditional_table(d)
        for i in range(15):
            acc[i] += sympy.Rational(dpk.dice_orderings(d), 216) * t.probability(i)
    assert acc == [whole.probability(i) for i in range(15)]


def test_conditional_with_known_cards_averages_over_the_next_card() -> None:
    base = dpk.conditional_table("6,5,3", "K")
    acc = [sympy.Integer(0)] * 15
    for rank in range(2, 15):
        left = 4 - (rank == 13)
        t = dpk.conditional_table("6,5,3", [Card(13), Card(rank)])
        for i in range(15):
            acc[i] += sympy.Rational(left, 51) * t.probability(i)
    assert acc == [base.probability(i) for i in range(15)]


def test_dice_table_rows_sum_to_one() -> None:
    m = dpk.dice_table()
    assert len(m.row_labels) == 56
    assert all(sum(r) == 1 for r in m.values)


# -- properties ----------------------------------------------------------------------------

dice_st = st.tuples(*[st.integers(1, 6)] * 3)
cards_st = st.lists(st.sampled_from([f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC"]), min_size=3,
                    max_size=3, unique=True)


@settings(max_examples=150, deadline=None)
@given(dice=dice_st, cards=cards_st, perm=st.permutations(range(3)))
def test_evaluation_ignores_order_and_is_the_best_partition(dice: tuple[int, int, int], cards: list[str],
                                                            perm: list[int]) -> None:
    h = dpk.evaluate(dice, cards)
    h2 = dpk.evaluate([dice[i] for i in perm], [cards[i] for i in perm])
    assert h.key == h2.key
    ranks = [Card.parse(c).rank for c in cards]
    for part in dice_partitions(dice):
        assert classify_values([sum(g) for g in part] + ranks) <= h.key
    assert sorted(h.values) == sorted([sum(g) for g in h.partition] + ranks)
    assert sum(len(g) for g in h.partition) == 3


@settings(max_examples=40, deadline=None)
@given(dice=dice_st)
def test_equal_dice_heads_up_is_a_fair_fight(dice: tuple[int, int, int]) -> None:
    r = dpk.equity(dice, opponent_dice=[dice[::-1]])
    assert isinstance(r, EquityResult)
    assert r.equity == sympy.Rational(1, 2) and r.win == r.lose


@settings(max_examples=25, deadline=None)
@given(dice=dice_st, opp=dice_st, known=st.integers(0, 3))
def test_heads_up_equities_are_complementary(dice: tuple[int, ...], opp: tuple[int, ...], known: int) -> None:
    r = dpk.equity(dice, opponent_dice=[opp])
    s = dpk.equity(opp, opponent_dice=[dice])
    assert isinstance(r, EquityResult) and isinstance(s, EquityResult)
    assert r.equity + s.equity == 1 and r.win == s.lose and r.tie == s.tie


def test_known_card_equity_averages_to_unknown() -> None:
    """Removal effects done right: averaging over the hero's first card gives the no-card equity."""
    base = dpk.equity("6,5,3", opponent_dice=["4,4,2"])
    acc = sympy.Integer(0)
    for rank in range(2, 15):
        r = dpk.equity("6,5,3", [rank], opponent_dice=["4,4,2"])
        acc += sympy.Rational(4, 52) * r.equity
    assert acc == base.equity


def test_three_handed_is_symmetric_in_the_opponents() -> None:
    a = dpk.equity("6,5,3", "K,Q", opponent_dice=["2,2,1", "4,4,3"])
    b = dpk.equity("6,5,3", "K,Q", opponent_dice=["4,4,3", "2,2,1"])
    assert (a.win, a.tie, a.lose, a.equity) == (b.win, b.tie, b.lose, b.equity)
    assert a.details["method"] == "exact"


def test_monte_carlo_agrees_with_exact_within_its_interval() -> None:
    exact = dpk.equity("5,2,2", "9", opponent_dice=["6,6,1"], method="exact")
    n = 100_000
    mc = dpk.equity("5,2,2", "9", opponent_dice=["6,6,1"], method="monte-carlo", samples=n, seed=7)
    assert isinstance(mc, MonteCarloEstimate) and mc.samples == n and mc.seed == 7
    # 5 standard errors: a fixed seed, so this either always passes or always fails.
    for name in ("win", "equity"):
        p = float(getattr(exact, name))
        assert abs(getattr(mc, name) - p) < 5 * math.sqrt(p * (1 - p) / n)
    lo, hi = mc.intervals["equity"]
    assert lo <= mc.equity <= hi
    again = dpk.equity("5,2,2", "9", opponent_dice=["6,6,1"], method="monte-carlo", samples=n, seed=7)
    assert again == mc


def test_auto_switches_to_monte_carlo_beyond_the_exact_limit() -> None:
    assert dpk.exact_cells(0, 2) > dpk.EXACT_CELL_LIMIT >= dpk.exact_cells(1, 2)
    r = dpk.equity("6,5,3", opponent_dice=["2,2,1", "4,4,3"], samples=20_000)
    assert isinstance(r, MonteCarloEstimate)
    assert r.to_dict()["method"] == "monte-carlo" and "intervals" in r.to_dict()
    assert "Monte Carlo" in r.to_text()


def test_equity_result_keys() -> None:
    r = dpk.equity("6,5,3", "K", opponent_dice=["2,2,1"])
    assert {"win", "tie", "lose", "equity"} <= set(r.to_dict())


# -- rules and bad input ----------------------------------------------------------------------


def test_rules_defaults_and_options() -> None:
    r = dpk.DicePokerRules()
    assert (r.players, r.ante, r.bet, r.betting, r.straights_from_one, r.bobtail_from_one) == (
        2, 1, 1, "once", True, False)
    assert (r.limit, r.max_raises) == ("fixed", 3)
    assert dataclasses.replace(r, betting="per-card").betting == "per-card"
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.players = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        dpk.DicePokerRules(2)  # type: ignore[misc]


@pytest.mark.parametrize("kwargs,message", [
    ({"players": 1}, "players must be an integer from 2 to 17, got 1"),
    ({"players": 18}, "players must be an integer from 2 to 17, got 18"),
    ({"ante": -1}, "ante must be an integer >= 0, got -1"),
    ({"bet": 0}, "bet must be an integer >= 1, got 0"),
    ({"betting": "per-die"}, "betting must be one of 'once', 'per-card'; got 'per-die'"),
    ({"limit": "no"}, "limit must be one of 'fixed', 'pot'; got 'no'"),
    ({"max_raises": 11}, "max_raises must be an integer from 0 to 10, got 11"),
    ({"straights_from_one": "yes"}, "straights_from_one must be True or False, got str 'yes'"),
    ({"bobtail_from_one": 1}, "bobtail_from_one must be True or False, got int 1"),
])
def test_bad_rules(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as e:
        dpk.DicePokerRules(**kwargs)  # type: ignore[arg-type]
    assert str(e.value) == message


@pytest.mark.parametrize("dice,fragment", [
    ("6,5,7", "7 is outside 1-6"), ("0,1,2", "0 is outside 1-6"), ("6,5", "got 2 dice"),
    ("6,5,3,2", "got 4 dice"), ("6,x,3", "'x' is not a die face"), ((6, 5, 3.0), "3.0 is not a die face"),
])
def test_bad_dice(dice: object, fragment: str) -> None:
    with pytest.raises(ValueError, match="exactly three dice with faces 1-6") as e:
        dpk.evaluate(dice, "K,Q,J")  # type: ignore[arg-type]
    assert fragment in str(e.value)


@pytest.mark.parametrize("cards,fragment", [
    ("K,Q,X", "unknown card 'X'"), ("K,Q,1", "unknown card '1'"), ("KS,KS,2", "duplicate card KS"),
    ("K,Q", "exactly 3 cards, got 2"), ("K,Q,J,10", "at most 3"), ("KZ,Q,J", "unknown card 'KZ'"),
])
def test_bad_cards(cards: str, fragment: str) -> None:
    with pytest.raises(ValueError) as e:
        dpk.evaluate("6,5,3", cards)
    assert fragment in str(e.value)


def test_bad_equity_input() -> None:
    with pytest.raises(ValueError, match="at least one opponent"):
        dpk.equity("6,5,3", opponent_dice=[])
    with pytest.raises(ValueError, match="17 players"):
        dpk.equity("6,5,3", opponent_dice=["1,1,1"] * 17)
    with pytest.raises(ValueError, match="opponent 2's dice"):
        dpk.equity("6,5,3", opponent_dice=["1,1,1", "1,9,1"])
    with pytest.raises(ValueError, match="looks like one roll"):
        dpk.equity("6,5,3", opponent_dice=[2, 2, 1])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="the deck holds 4 of each rank"):
        dpk.equity("6,5,3", "K,K", opponent_dice=["2,2,1"], dead="K,K,K")
    with pytest.raises(ValueError, match="need 6 more cards but only 4 are left"):
        dpk.equity("6,5,3", opponent_dice=["2,2,1"],
                   dead=[f"{r}{s}" for r in "23456789TJQK" for s in "SHDC"])
    with pytest.raises(ValueError, match="method must be one of"):
        dpk.equity("6,5,3", opponent_dice=["2,2,1"], method="guess")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples must be an integer from 2 to 10,000,000"):
        dpk.equity("6,5,3", opponent_dice=["2,2,1"], samples=0)
    with pytest.raises(ValueError, match="over max_exact_cells"):
        dpk.equity("6,5,3", opponent_dice=["2,2,1", "3,3,3"], method="exact")
    with pytest.raises(ValueError, match="space must be one of"):
        dpk.category_table(space="unordered")
    with pytest.raises(ValueError, match="unknown category"):
        dpk.category_table().count("Flush")
    with pytest.raises(ValueError, match="at most 3"):
        dpk.conditional_table("6,5,3", "K,Q,J,10")


def test_conditional_table_with_three_known_cards_is_certain() -> None:
    t = dpk.conditional_table("6,5,3", "A,Q,10")
    assert t.total == 1 and t.count("Odds or evens") == 1


def test_display_methods() -> None:
    t = dpk.category_table()
    assert "inversion" in t._repr_html_() and "Six of a kind" in t.to_text()
    assert "CategoryTable(space='ordered'" in repr(t)
    assert t.distribution()["Six of a kind"] == sympy.Rational(1, 238680)
    assert len(t.to_table()) == 15
    assert "<pre>" in dpk.designer_answers()._repr_html_()


def test_plots() -> None:
    import matplotlib.pyplot as plt

    ax = dpk.category_table().plot()
    assert len(ax.patches) == 15
    plt.close("all")


def test_registered_game() -> None:
    import dreidelpoker

    g = dreidelpoker.get_game("dice-poker")
    assert g.rules_type is dpk.DicePokerRules and set(g.commands) == {"table", "equity", "solve"}
    assert dreidelpoker.dice_poker is dpk
    assert len(dpk.RANK_TRIPLES) == 455 == math.comb(13 + 2, 3)


def test_unknown_roll_is_the_average_over_rolls() -> None:
    """Law of total probability over the opponent's 216 rolls."""
    r = dpk.equity("5,4,4", "Q,7,7", opponent_dice=["?"])
    acc = sympy.Integer(0)
    for d in dpk.DICE_MULTISETS:
        e = dpk.equity("5,4,4", "Q,7,7", opponent_dice=[d])
        acc += sympy.Rational(dpk.dice_orderings(d), 216) * e.equity
    assert acc == r.equity
    assert parse_opponent_dice("2,2,1 ? any") == [(2, 2, 1), None, None]
    assert dpk.exact_cells(0, 1, unknown_rolls=1) == 455 * 455 * 56
