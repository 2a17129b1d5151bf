"""Domino Poker exact equity and blocking against naive enumeration (tests/domino_oracle.py)."""

from __future__ import annotations

import itertools
import random
from math import comb

from tests import domino_oracle as bf
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.games import domino_poker as dom
from dreidelpoker.games.domino_poker import DominoPokerRules, blocking, equity
from dreidelpoker.games.domino_poker.equity import deal_count
from dreidelpoker.games.domino_poker.table import ALL_HANDS

R = sympy.Rational


def t(text: str) -> list[tuple[int, int]]:
    out = []
    for tok in text.split(","):
        a, b = (int(x) for x in tok.strip().split("-"))
        out.append((max(a, b), min(a, b)))
    return out


def check(hero: str, opponents: list[str | None], low_runs: str = "flush") -> None:
    """The engine's result equals naive enumeration of every ordered deal."""
    win, tie, lose, share12, deals = bf.naive_equity(
        t(hero) if hero else [], [t(o) if o else [] for o in opponents], low_runs
    )
    r = equity(hero or None, opponents=opponents, rules=DominoPokerRules(low_runs=low_runs))  # type: ignore[arg-type]
    assert (r.win, r.tie, r.lose) == (R(win, deals), R(tie, deals), R(lose, deals))
    assert r.equity == R(share12, 12 * deals)
    assert r.details["deals"] == deals


HEROES = [
    "6-6,5-5,2-4,3-1,4-6",  # the CLI example: One pair
    "2-2,3-3,4-4,5-5,6-6",  # Royal
    "6-1,6-2,6-3,6-4,6-5",  # Straight sixes
    "1-2,1-3,1-4,1-5,1-6",  # run in suit 1
    "6-5,2-1,3-1,4-1,3-2",  # High card, no double
    "2-2,3-1,4-1,5-1,6-1",  # High card with a double
    "3-3,2-2,4-4,5-3,5-1",  # Full house
]


@pytest.mark.parametrize("hero", HEROES)
@pytest.mark.parametrize("low_runs", ["flush", "straight", "high-card"])
def test_heads_up_against_naive(hero: str, low_runs: str) -> None:
    check(hero, [None], low_runs)


def test_random_heads_up_against_naive() -> None:
    rng = random.Random(2026)
    for _ in range(8):
        hero = rng.sample(bf.SET, 5)
        check(",".join(f"{a}-{b}" for a, b in hero), [None])


def test_mixed_known_unknown_against_naive() -> None:
    check("6-6,5-5,2-4,3-1,4-6", ["2-2,3-3,4-1,5-1,6-1", None])  # one known, one unknown
    check("6-6,5-5,2-4,3-1,4-6", ["2-2,3-3", None, None])  # partial + 2 unknown (reduced pool)
    check("6-6,5-5,2-4,3-1,4-6", ["2-2,3-3,4-1,5-1,6-1", "6-5,6-3,6-2", None])
    check("6-6,5-5,2-4,3-1,4-6", ["2-2,3-3,4-1,5-1,6-1", "6-5,6-3,6-2,5-3,5-2", "4-4,3-2,4-3,5-4,2-1"])
    check("6-6,5-5,2-4,3-1", ["2-2,3-3,4-1,5-1", "6-5,6-3,6-2,5-3"])  # partial hero
    check("", ["2-2,3-3,4-1,5-1,6-1", "6-5,6-3,6-2,5-3,5-2", "4-4,3-2,4-3,5-4"])  # unknown hero


def test_two_unknown_opponents_against_naive() -> None:
    # 5 known tiles among the opponents leave C(10,5) * C(5,... ) small enough for naive play
    check("2-2,3-1,4-1,5-1,6-1", ["6-6,5-5", "4-4"])
    check("6-5,2-1,3-1,4-1,3-2", ["6-6,6-4,6-3", None])


def test_three_unknown_opponents_against_naive() -> None:
    """The full 756,756-deal case for one hand (a few seconds of pure Python)."""
    check("6-6,5-5,2-4,3-1,4-6", [None, None, None])


def test_certain_outcomes() -> None:
    royal = equity("2-2,3-3,4-4,5-5,6-6", opponents=3)
    assert (royal.win, royal.tie, royal.lose, royal.equity) == (1, 0, 0, 1)
    lose = equity("6-6,5-5,2-4,3-1,4-6", opponents=["2-2,3-3,4-4,5-1,5-3"])
    assert lose.equity == 0 and lose.lose == 1


def test_deal_counts() -> None:
    assert deal_count("6-6,5-5,2-4,3-1,4-6", opponents=3) == comb(15, 5) * comb(10, 5) == 756_756
    assert deal_count("6-6,5-5,2-4,3-1,4-6", opponents=2) == comb(15, 5) * comb(10, 5)
    assert deal_count("6-6,5-5,2-4,3-1,4-6", opponents=1) == 3003
    r = equity("6-6,5-5,2-4,3-1,4-6", opponents=3)
    assert r.details["enumerated"] == 756_756 // 6  # exchangeable opponents dealt as sets


def test_default_opponents_follow_players() -> None:
    hand = "6-6,5-5,2-4,3-1,4-6"
    a, b = equity(hand, rules=DominoPokerRules(players=3)), equity(hand, opponents=2)
    assert (a.win, a.lose, a.equity, a.description) == (b.win, b.lose, b.equity, b.description)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(bf.SET), min_size=10, max_size=10, unique=True))
def test_heads_up_known_hands_are_complementary(tiles: list[tuple[int, int]]) -> None:
    a, b = tiles[:5], tiles[5:]
    ra, rb = equity(a, opponents=[b]), equity(b, opponents=[a])
    assert ra.equity + rb.equity == 1 and ra.tie == 0
    assert ra.win == (1 if bf.key(bf.norm(a)) > bf.key(bf.norm(b)) else 0)


@settings(max_examples=10, deadline=None)
@given(st.lists(st.sampled_from(bf.SET), min_size=9, max_size=9, unique=True), st.permutations(range(3)))
def test_opponent_order_does_not_matter(tiles: list[tuple[int, int]], perm: list[int]) -> None:
    hero = tiles[:5]
    opps: list[list[tuple[int, int]] | None] = [tiles[5:7], tiles[7:9], None]
    shuffled = [opps[i] for i in perm]
    a, b = equity(hero, opponents=opps), equity(hero, opponents=shuffled)
    assert (a.win, a.tie, a.lose, a.equity) == (b.win, b.tie, b.lose, b.equity)


def test_all_equities_of_a_table_sum_to_one() -> None:
    # four known hands: exactly one of them wins
    hands = ["2-2,3-1,4-1,5-1,6-1", "6-6,5-5,4-2,4-3,5-2", "6-5,6-4,6-3,6-2,5-4", "4-4,3-3,5-3,3-2,2-1"]
    total = sum(equity(h, opponents=[o for o in hands if o != h]).equity for h in hands)
    assert total == 1


@pytest.mark.parametrize(
    "hand, opponents, error, message",
    [
        ("6-6,5-5,2-4,3-1,4-6", 4, ValueError, "opponents must be 1 to 3, got 4.*at most 4 hands"),
        ("6-6,5-5,2-4,3-1,4-6", 0, ValueError, "opponents must be 1 to 3, got 0"),
        ("6-6,5-5,2-4,3-1,4-6", [None] * 4, ValueError, "opponents must be 1 to 3"),
        ("6-6,5-5,2-4,3-1,4-6", ["6-6"], ValueError, r"tile \[6-6\] is in both your hand and opponent 1's hand"),
        ("6-6,5-5,2-4,3-1,4-6", ["2-2", "2-2"], ValueError, "opponent 1's hand and opponent 2's hand"),
        ("6-6,5-5,2-4,3-1,4-6,2-2", 1, ValueError, "at most 5 tiles, got 6"),
        ("6-6,5-5,2-4,3-1,1-1", 1, ValueError, r"\[1-1\] is removed"),
        ("6-6,5-5,0-4", 1, ValueError, "blank"),
        ("6-6,5-5,2-4,3-1,4-6", ["2-2,3-3,4-4,5-1,6-1,2-1"], ValueError, "opponent 1's hand holds at most 5"),
        ("6-6,5-5,2-4,3-1,4-6", True, TypeError, "got bool True"),
        ("6-6,5-5,2-4,3-1,4-6", "2-2", TypeError, "opponents must be"),
        (None, 3, ValueError, "deals complete these hands"),
    ],
)
def test_equity_bad_input(hand: object, opponents: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        equity(hand, opponents=opponents)  # type: ignore[arg-type]


# -- blocking ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "held", ["6-6,5-5,2-4,3-1,4-6", "2-2,3-3,4-4,5-5,6-6", "6-5", "", "1-2,1-3,1-4,1-5,1-6,6-6,5-5"]
)
@pytest.mark.parametrize("low_runs", ["flush", "straight"])
def test_blocking_against_naive(held: str, low_runs: str) -> None:
    held_tiles = t(held) if held else []
    pool = [x for x in bf.SET if x not in held_tiles]
    counts: dict[str, int] = {}
    for h in itertools.combinations(pool, 5):
        name = bf.category(tuple(sorted(h)), low_runs)[1]
        counts[name] = counts.get(name, 0) + 1
    total = comb(len(pool), 5)
    base = dom.category_table(rules=DominoPokerRules(low_runs=low_runs))  # type: ignore[arg-type]
    b = blocking(held, rules=DominoPokerRules(low_runs=low_runs))  # type: ignore[arg-type]
    assert b.hands == total
    for row in b.rows:
        assert row.count == counts.get(row.name, 0)
        assert row.probability == R(row.count, total)
        assert row.unconditioned == base.row(row.name).probability
        assert row.change == row.probability - row.unconditioned
    assert sum(r.probability for r in b.rows) == 1


def test_blocking_examples() -> None:
    b = blocking("6-6,5-5,2-4,3-1,4-6")
    assert b.row("Royal").probability == 0 and b.row("Royal").change == -R(1, 15504)
    assert b.row("Straight sixes").probability == 0  # both runs in suit 6 use [6-4]
    assert b.row("Four of a kind").probability == 0  # only three doubles left
    assert b.row("Straight fours").count == 0  # both runs in suit 4 use [4-2] or [6-4]
    d = b.to_dict()
    assert d["hands"] == 3003 and d["categories"][0]["name"] == "Royal" and d["categories"][0]["ratio"] == "0"
    empty = blocking("")
    assert all(r.change == 0 for r in empty.rows)


@pytest.mark.parametrize(
    "held, message",
    [
        ("6-6,6-6", "repeat"),
        ("1-1", r"\[1-1\]"),
        (",".join(f"{a}-{b}" for a, b in bf.SET[:16]), "at least 5 unseen tiles"),
    ],
)
def test_blocking_bad_input(held: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        blocking(held)


def test_heads_up_wins_against_naive() -> None:
    wins = dom.heads_up_wins()
    rng = random.Random(5)
    for i in rng.sample(range(len(ALL_HANDS)), 6):
        hand = bf.norm(ALL_HANDS[i])
        w, _, _, _, deals = bf.naive_equity(list(hand), [[]])
        assert deals == 3003 and int(wins[i]) == w


def test_category_equity_small_categories_against_naive() -> None:
    table = {r["category"]: r for r in dom.category_equity().records()}
    for name in ("Royal", "Straight sixes", "Straight fives", "Straight fours"):
        hands = [h for h in bf.all_hands() if bf.category(h)[1] == name]
        total = sum(bf.naive_equity(list(h), [[]])[0] for h in hands)
        assert table[name]["average equity"] == R(total, len(hands) * 3003)
        assert table[name]["hands"] == len(hands)


@pytest.mark.parametrize(
    "hand, opponents",
    [
        ("6-6,5-5,2-4,3-1,4-6", ["2-2,3-3", None]),
        ("6-1,6-2,6-3,6-4,6-5", ["5-5", "4-4,4-3,4-2,4-1", None]),
        ("2-2,3-1,4-1,5-1,6-1", [None]),
    ],
)
def test_blocking_by_opponent_against_naive(hand: str, opponents: list[str | None]) -> None:
    """Each opponent's category counted over every ordered deal of the unknown tiles."""
    players = [t(hand)] + [t(o) if o else [] for o in opponents]
    used = {x for p in players for x in p}
    pool = [x for x in bf.SET if x not in used]
    needs = [5 - len(p) for p in players[1:]]
    tallies: list[dict[str, int]] = [{} for _ in opponents]
    deals = 0

    def rec(i: int, pool: list[tuple[int, int]], hands: list[tuple[tuple[int, int], ...]]) -> None:
        nonlocal deals
        if i == len(needs):
            deals += 1
            for tally, h in zip(tallies, hands):
                name = bf.category(h)[1]
                tally[name] = tally.get(name, 0) + 1
            return
        for fill in itertools.combinations(pool, needs[i]):
            rest = [x for x in pool if x not in fill]
            rec(i + 1, rest, hands + [tuple(sorted(players[i + 1] + list(fill)))])

    rec(0, pool, [])
    results = dom.blocking_by_opponent(hand, opponents=opponents)
    assert len(results) == len(opponents)
    for res, tally in zip(results, tallies):
        for row in res.rows:
            assert row.probability == R(tally.get(row.name, 0), deals), row.name


def test_blocking_known_tiles_bad_input() -> None:
    with pytest.raises(ValueError, match="cannot be both held elsewhere and in the opponent's hand"):
        blocking("6-6", known="6-6")
    with pytest.raises(ValueError, match="at most 5 tiles; 6 known"):
        blocking("", known="2-2,3-3,4-4,5-5,6-6,2-1")
