"""Domino Poker tiles, rules, evaluator and exact tables against an independent oracle."""

from __future__ import annotations

import dataclasses
import itertools
import random
from math import comb

from tests import domino_oracle as bf
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.games import domino_poker as dom
from dreidelpoker.games.domino_poker import DominoPokerRules, evaluate, parse_hand
from dreidelpoker.games.domino_poker.table import ALL_HANDS, DISTINCT_HANDS, strength_tables
from dreidelpoker.games.domino_poker.tiles import Tile, parse_tile

OPTIONS = ("flush", "straight", "high-card")


# -- tiles -----------------------------------------------------------------------------
def test_the_set_has_20_tiles_and_5_doubles() -> None:
    assert len(dom.TILES) == 20 == len(bf.SET)
    assert sorted((t.high, t.low) for t in dom.TILES) == sorted(bf.SET)
    assert [str(t) for t in dom.DOUBLES] == ["[2-2]", "[3-3]", "[4-4]", "[5-5]", "[6-6]"]
    assert list(dom.TILES) == sorted(dom.TILES)


@pytest.mark.parametrize("text", ["6-4", "[6-4]", "64", "46", "[4-6]", "[4- 6]", " 4 - 6 ", "6|4"])
def test_tile_spellings(text: str) -> None:
    t = parse_tile(text)
    assert t == Tile(6, 4) and str(t) == "[6-4]" and t.label == "6-4"


def test_tile_tuple_and_object() -> None:
    assert parse_tile((4, 6)) == Tile(6, 4) == parse_tile(Tile(6, 4))


@pytest.mark.parametrize(
    "text, message",
    [
        ("0-3", "blank"),
        ("[0-0]", "blank"),
        ("1-1", "[1-1] is removed"),
        ("[1-1]", "[1-1] is removed"),
        ("11", "[1-1] is removed"),
        ("7-2", "outside 1..6"),
        ("6-7", "outside 1..6"),
        ("x", "not a tile"),
        ("[6-6", "not a tile"),
        ("6-6-6", "not a tile"),
    ],
)
def test_bad_tiles(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        parse_tile(text)


def test_bad_tile_types() -> None:
    with pytest.raises(TypeError, match="a tile must be"):
        parse_tile(66)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ints"):
        parse_tile((6.0, 4))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="high end first"):
        Tile(4, 6)


def test_hand_parsing_and_canonical_print() -> None:
    h = parse_hand("6-6,5-5,2-4,3-1,4-6")
    assert dom.format_tiles(h) == "[6-6] [6-4] [5-5] [4-2] [3-1]"
    assert parse_hand("[6-6][5-5][2-4][3-1][4-6]") == h == parse_hand("66 55 24 31 46")
    assert parse_hand([(6, 6), "5-5", Tile(4, 2), "13", "[4-6]"]) == h


@pytest.mark.parametrize(
    "hand, message",
    [
        ("6-6,5-5,2-4,3-1", "exactly 5 tiles, got 4"),
        ("6-6,5-5,2-4,3-1,4-6,2-2", "exactly 5 tiles, got 6"),
        ("6-6,5-5,2-4,3-1,6-6", r"repeat \[6-6\]"),
        ("6-6,5-5,2-4,3-1,4-0", "blank"),
        ("6-6,5-5,2-4,3-1,1-1", r"\[1-1\] is removed"),
        ("6-6,5-5,2-4,3-1,7-1", "outside"),
        ("", "exactly 5 tiles, got 0"),
    ],
)
def test_bad_hands(hand: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate(hand)


# -- rules -----------------------------------------------------------------------------
def test_rules_defaults_follow_rules_md() -> None:
    r = DominoPokerRules()
    assert (r.players, r.ante, r.min_bet, r.max_bet, r.max_raises, r.low_runs) == (2, 1, 1, 1, 3, "flush")
    assert r.fixed_limit
    assert r.categories == bf_names("flush")
    with pytest.raises(TypeError):
        DominoPokerRules(3)  # type: ignore[misc]  # keyword-only
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.players = 3  # type: ignore[misc]
    assert set(DominoPokerRules.options()) == set(OPTIONS)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 1}, "players must be 2, 3 or 4"),
        ({"players": 5}, "players must be 2, 3 or 4.*20 tiles"),
        ({"players": True}, "players"),
        ({"ante": -1}, "ante must be an integer >= 0, got -1"),
        ({"min_bet": 0}, "min_bet"),
        ({"min_bet": 2, "max_bet": 1}, "max_bet"),
        ({"max_raises": -1}, "max_raises"),
        ({"low_runs": "straights"}, "low_runs must be one of 'flush', 'straight', 'high-card'; got 'straights'"),
    ],
)
def test_rules_validation(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DominoPokerRules(**kwargs)  # type: ignore[arg-type]


# -- evaluator: source examples ---------------------------------------------------------
SEED_EXAMPLES = [
    ("2-2,3-3,4-4,5-5,6-6", "Royal"),
    ("[2-6], [3-6], [4-6], [5-6], [6-6]", "Straight sixes"),
    ("[1-6], [2-6], [3-6], [4- 6], [5-6]", "Straight sixes"),
    ("[2-5], [3-5], [4-5], [5-5], [5-6]", "Straight fives"),
    ("[1-5], [2-5], [3-5], [4- 5], [5-5]", "Straight fives"),
    ("[2-4], [3-4], [4-4], [4-5], [4-6]", "Straight fours"),
    ("[1-4], [2-4], [3-4], [4- 4], [4-5]", "Straight fours"),
    # the seed's Full House with [1-1] replaced by [3-3]: three doubles, [5-3] and [5-1] share a 5
    ("[3-3], [2-2], [4-4], [5-3], [5-1]", "Full house"),
    ("[3-3], [2-2], [4-4], [6-3], [5-1]", "Three of a kind"),
    ("2-2,3-3,4-4,5-5,6-1", "Four of a kind"),
    ("6-1,6-2,6-3,6-4,6-6", "Flush"),
    ("6-6,5-5,2-4,3-1,4-6", "One pair"),
    ("6-6,5-4,2-4,3-1,4-6", "High card"),
]


@pytest.mark.parametrize("hand, name", SEED_EXAMPLES)
def test_seed_examples(hand: str, name: str) -> None:
    v = evaluate(hand)
    assert v.category == name
    assert v.rank == bf.category(bf.norm(v.tiles))[0]
    assert sorted(v.tiles, reverse=True) == list(v.tiles) and len(v.tiles) == 5


def test_seed_full_house_example_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"\[1-1\] is removed"):
        evaluate("[1-1], [2-2], [4-4], [5-3], [5-1]")


def test_seed_pair_tie_break() -> None:
    # "6-6 and 2-2 beat 5-5 and 4-4"
    assert evaluate("6-6,2-2,6-1,5-1,4-1") > evaluate("5-5,4-4,6-2,6-3,3-2")
    assert evaluate("6-6,3-3,2-1,4-1,5-2") > evaluate("6-6,2-2,6-5,6-4,5-4")  # second double decides


def test_rules_md_tie_breaks() -> None:
    # flush: higher suit first
    assert evaluate("6-1,6-2,6-3,6-4,6-6") > evaluate("5-1,5-2,5-3,5-4,5-6")
    # high card: a double beats no double, higher double first
    assert evaluate("2-2,3-1,4-1,5-1,6-1") > evaluate("6-5,6-4,6-3,5-4,5-3")
    assert evaluate("3-3,2-1,4-1,5-1,6-1") > evaluate("2-2,6-5,6-4,6-3,5-4")
    # no doubles: tiles by (higher end, lower end), highest first
    assert evaluate("6-5,2-1,3-1,4-1,3-2") > evaluate("6-4,6-3,6-2,5-4,5-3")
    assert evaluate("6-5,6-1,3-1,4-1,3-2") > evaluate("6-5,5-4,5-3,4-3,4-2")


def test_runs_in_suits_1_2_3_options() -> None:
    ones = "1-2,1-3,1-4,1-5,1-6"
    twos = "2-1,2-2,2-3,2-4,2-5"
    threes = "3-2,3-3,3-4,3-5,3-6"
    for hand in (ones, twos, threes):
        assert evaluate(hand).category == "Flush"
        assert evaluate(hand, rules=DominoPokerRules(low_runs="high-card")).category == "High card"
    s = DominoPokerRules(low_runs="straight")
    assert [evaluate(h, rules=s).category for h in (ones, twos, threes)] == ["Straight ones", "Straight twos", "Straight threes"]
    assert evaluate(threes, rules=s) > evaluate(twos, rules=s) > evaluate(ones, rules=s) > evaluate("2-2,3-3,4-4,6-1,5-2", rules=s)
    assert evaluate("4-1,4-2,4-3,4-4,4-5", rules=s) > evaluate(threes, rules=s)


def test_hand_values_of_different_options_do_not_compare() -> None:
    with pytest.raises(ValueError, match="low_runs"):
        _ = evaluate("2-2,3-3,4-4,5-5,6-6") > evaluate("6-6,5-5,2-4,3-1,4-6", rules=DominoPokerRules(low_runs="straight"))


# -- every hand against the oracle --------------------------------------------------------
def bf_names(low_runs: str) -> tuple[str, ...]:
    return tuple(name for name, _ in reversed(bf.rows(low_runs)))


@pytest.mark.parametrize("low_runs", OPTIONS)
def test_every_hand_category_matches_oracle(low_runs: str) -> None:
    rules = DominoPokerRules(low_runs=low_runs)  # type: ignore[arg-type]
    assert rules.categories == bf_names(low_runs)
    counts: dict[str, int] = {}
    hands = bf.all_hands()
    assert len(hands) == 15504 == DISTINCT_HANDS
    for h in hands:
        v = dom.evaluate(h, rules=rules)
        assert (v.rank, v.category) == bf.category(h, low_runs), h
        counts[v.category] = counts.get(v.category, 0) + 1
    table = dom.category_table(rules=rules)
    for row in table.rows:
        assert row.count == counts.get(row.name, 0)
        assert row.probability == sympy.Rational(row.count, 15504)
        assert row.ordered_draws == row.count * 120
    assert sum(r.probability for r in table.rows) == 1


def test_counts_by_hand_combinatorics() -> None:
    """Counts derived by hand (15 non-doubles; each number is on 5 non-doubles)."""
    t = dom.category_table()
    expected = {
        "Royal": 1,
        "Straight sixes": 2, "Straight fives": 2, "Straight fours": 2,
        "Four of a kind": comb(5, 4) * 15,
        "Full house": comb(5, 3) * 6 * comb(5, 2),
        "Three of a kind": comb(5, 3) * (comb(15, 2) - 6 * comb(5, 2)),
        "Flush": 1 + 5 * comb(6, 5) - 6,  # suited hands minus the six named straights
        "One pair": comb(5, 2) * comb(15, 3),
    }
    expected["High card"] = comb(20, 5) - sum(expected.values())
    assert {r.name: r.count for r in t.rows} == expected
    assert t.total == comb(20, 5) == 15504
    assert t.ordered_draws == 20 * 19 * 18 * 17 * 16 == 1_860_480  # the source's figure
    assert "ordered draws" in t.note and "1,860,480" in t.note


def test_inversions_are_flagged() -> None:
    t = dom.category_table()
    counts = {r.name: r.count for r in t.rows}
    names = bf_names("flush")
    expected = {
        (names[hi], names[lo])
        for hi in range(len(names)) for lo in range(hi)
        if counts[names[hi]] > counts[names[lo]]
    }
    assert set(t.inversions) == expected
    assert ("Four of a kind", "Straight fives") in expected and ("Full house", "Three of a kind") in expected
    assert t.row("Four of a kind").inverted and not t.row("Royal").inverted and not t.row("High card").inverted
    assert set(t.row("Straight sixes").equally_likely) == {"Straight fives", "Straight fours"}
    d = t.to_dict()
    assert d["inversions"] and all(set(p) == {"higher", "lower"} for p in d["inversions"])


@pytest.mark.parametrize("low_runs", OPTIONS)
def test_key_order_matches_oracle(low_runs: str) -> None:
    rules = DominoPokerRules(low_runs=low_runs)  # type: ignore[arg-type]
    hands = bf.all_hands()
    rng = random.Random(6)
    pairs = [(rng.choice(hands), rng.choice(hands)) for _ in range(4000)]
    # plus same-category pairs, where tie-breaks matter
    by_cat: dict[str, list[tuple[tuple[int, int], ...]]] = {}
    for h in hands:
        by_cat.setdefault(bf.category(h, low_runs)[1], []).append(h)
    for group in by_cat.values():
        pairs += [(rng.choice(group), rng.choice(group)) for _ in range(300)]
    for a, b in pairs:
        va, vb = evaluate(a, rules=rules), evaluate(b, rules=rules)
        ka, kb = bf.key(a, low_runs), bf.key(b, low_runs)
        assert (va > vb) == (ka > kb) and (va == vb) == (ka == kb), (a, b)


def test_strength_index_is_the_key_order() -> None:
    t = strength_tables()
    values = [evaluate(h) for h in ALL_HANDS]
    by_strength = sorted(range(len(values)), key=lambda i: int(t.strength[i]))
    assert all(values[by_strength[i]] < values[by_strength[i + 1]] for i in range(len(values) - 1))
    assert len({v.key for v in values}) == len(values)  # distinct hands never tie


def test_categories_that_cannot_meet() -> None:
    """Two hands dealt together are disjoint; in these categories no two disjoint hands exist."""
    hands = bf.all_hands()
    for name in ("Royal", "Straight sixes", "Four of a kind", "Straight fives", "Full house",
                 "Straight fours", "Three of a kind"):
        group = [set(h) for h in hands if bf.category(h)[1] == name]
        assert all(a & b for a, b in itertools.combinations(group, 2)), name


@settings(max_examples=60, deadline=None)
@given(st.sets(st.sampled_from(bf.SET), min_size=5, max_size=5), st.permutations(range(5)))
def test_evaluation_ignores_tile_order_and_spelling(tiles: set[tuple[int, int]], perm: list[int]) -> None:
    listed = sorted(tiles)
    shuffled = [listed[i] for i in perm]
    text = ",".join(f"{b}-{a}" for a, b in shuffled)  # low end first
    assert evaluate(shuffled) == evaluate(text) == evaluate(listed)
    assert evaluate(text).tiles == tuple(sorted((Tile(*t) for t in tiles), reverse=True))


def test_compare_options_matches_oracle() -> None:
    t = dom.compare_options()
    for opt in OPTIONS:
        counts: dict[str, int] = {}
        for h in bf.all_hands():
            name = bf.category(h, opt)[1]
            counts[name] = counts.get(name, 0) + 1
        col = dict(zip(t.column("category"), t.column(opt)))
        for name, v in col.items():
            assert v == counts.get(name, "—"), (opt, name)
