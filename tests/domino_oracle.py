"""An independent brute-force Domino Poker oracle, written literally from RULES.md 5.

It shares no code with dreidelpoker.games.domino_poker: tiles are (high, low) tuples,
a hand's category is the highest row of the RULES.md 5.3 table whose definition holds
(each definition checked on its own), and tie-breaks follow the 5.3 text.
"""

from __future__ import annotations

import itertools
from functools import cache

SET = [(a, b) for a in range(1, 7) for b in range(1, a + 1) if (a, b) != (1, 1)]


def in_suit(tile: tuple[int, int], k: int) -> bool:
    return k in tile


def other(tile: tuple[int, int], k: int) -> int:
    a, b = tile
    return b if a == k else a


def run_in(hand: tuple[tuple[int, int], ...], k: int) -> bool:
    if not all(in_suit(t, k) for t in hand):
        return False
    ends = sorted(other(t, k) for t in hand)
    return all(ends[i + 1] - ends[i] == 1 for i in range(4))


def suit_of(hand: tuple[tuple[int, int], ...]) -> int | None:
    ks = [k for k in range(1, 7) if all(in_suit(t, k) for t in hand)]
    assert len(ks) <= 1
    return ks[0] if ks else None


def rows(low_runs: str) -> list[tuple[str, object]]:
    """The category table, highest first, as (name, predicate)."""

    def nd(h: tuple[tuple[int, int], ...]) -> int:
        return sum(1 for a, b in h if a == b)

    def full_house(h: tuple[tuple[int, int], ...]) -> bool:
        rest = [t for t in h if t[0] != t[1]]
        return nd(h) == 3 and bool(set(rest[0]) & set(rest[1]))

    def flush(h: tuple[tuple[int, int], ...]) -> bool:
        k = suit_of(h)
        if k is None:
            return False
        if k >= 4 and run_in(h, k):
            return False  # a named straight
        # a run in suit 1, 2 or 3 is a Flush only under the default reading
        return not (k <= 3 and run_in(h, k) and low_runs != "flush")

    table: list[tuple[str, object]] = [
        ("Royal", lambda h: nd(h) == 5),
        ("Straight sixes", lambda h: run_in(h, 6)),
        ("Four of a kind", lambda h: nd(h) >= 4),
        ("Straight fives", lambda h: run_in(h, 5)),
        ("Full house", full_house),
        ("Straight fours", lambda h: run_in(h, 4)),
    ]
    if low_runs == "straight":
        table += [
            ("Straight threes", lambda h: run_in(h, 3)),
            ("Straight twos", lambda h: run_in(h, 2)),
            ("Straight ones", lambda h: run_in(h, 1)),
        ]
    table += [
        ("Three of a kind", lambda h: nd(h) >= 3),
        ("Flush", flush),
        ("One pair", lambda h: nd(h) >= 2),
        ("High card", lambda h: True),
    ]
    return table


@cache
def category(hand: tuple[tuple[int, int], ...], low_runs: str = "flush") -> tuple[int, str]:
    """(rank, name): the highest row that holds; rank counts from the bottom."""
    table = rows(low_runs)
    for i, (name, pred) in enumerate(table):
        if pred(hand):  # type: ignore[operator]
            return len(table) - 1 - i, name
    raise AssertionError


@cache
def key(hand: tuple[tuple[int, int], ...], low_runs: str = "flush") -> tuple[object, ...]:
    """A sort key that follows the RULES.md 5.3 tie-breaks literally."""
    rank, name = category(hand, low_runs)
    desc = sorted(hand, reverse=True)
    doubles = [t for t in desc if t[0] == t[1]]
    others = [t for t in desc if t[0] != t[1]]
    if name == "One pair":
        return (rank, doubles, others)
    if name == "Flush":
        return (rank, suit_of(hand), desc)
    if name == "High card":
        return (rank, len(doubles), doubles, others if doubles else desc)
    return (rank, desc)


def norm(hand: object) -> tuple[tuple[int, int], ...]:
    """Normalise a library hand (Tiles) or tuples to sorted (high, low) tuples."""
    out = []
    for t in hand:  # type: ignore[attr-defined]
        a, b = (t.high, t.low) if hasattr(t, "high") else t
        out.append((max(a, b), min(a, b)))
    return tuple(sorted(out))


def all_hands() -> list[tuple[tuple[int, int], ...]]:
    return [tuple(sorted(h)) for h in itertools.combinations(SET, 5)]


def naive_equity(hero: list[tuple[int, int]], opponents: list[list[tuple[int, int]]],
                 low_runs: str = "flush") -> tuple[int, int, int, int, int]:
    """Enumerate every ordered completion of the opponents' hands (and the hero's, if
    partial); returns (win, tie_count, lose, share_numerator_over_12, deals)."""
    players = [list(hero)] + [list(o) for o in opponents]
    used = {t for p in players for t in p}
    pool = [t for t in SET if t not in used]
    win = tie = lose = share12 = deals = 0

    def rec(i: int, pool: list[tuple[int, int]], hands: list[tuple[tuple[int, int], ...]]) -> None:
        nonlocal win, tie, lose, share12, deals
        if i == len(players):
            keys = [key(h, low_runs) for h in hands]
            best = max(keys)
            winners = keys.count(best)
            deals += 1
            if keys[0] == best:
                if winners == 1:
                    win += 1
                else:
                    tie += 1
                share12 += 12 // winners
            else:
                lose += 1
            return
        need = 5 - len(players[i])
        for fill in itertools.combinations(pool, need):
            rest = [t for t in pool if t not in fill]
            rec(i + 1, rest, hands + [tuple(sorted(players[i] + list(fill)))])

    rec(0, pool, [])
    return win, tie, lose, share12, deals
