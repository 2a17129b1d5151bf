"""Time exact Two Dreidel equity (multiset DP over opponents' hands) against a naive
enumeration of every ordered tuple of opponents' kept hands, in the same run.

Run: .venv/bin/python benchmarks/bench_two_dreidel.py
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

from dreidelpoker.games import two_dreidel as td


def naive_equity(hand: str, rules: td.TwoDreidelRules, opponents: int) -> Fraction:
    dist = td.kept_hand_distribution(rules)
    items = [(h, Fraction(int(p.p), int(p.q))) for h, p in dist.items()]
    total = Fraction(0)
    for combo in itertools.product(items, repeat=opponents):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        winners = td.showdown([hand] + [h for h, _ in combo], rules)
        if 0 in winners:
            total += p / len(winners)
    return total


def main() -> None:
    print(f"{'deck':<9}{'opp':>4}{'exact s':>10}{'naive s':>10}{'ratio':>8}")
    for deck, opponents in [("1-5-5-1", 3), ("2-6-6-2", 3), ("2-6-6-2", 5), ("2-7-7-2", 5)]:
        rules = td.TwoDreidelRules(deck=deck)
        t0 = time.perf_counter()
        exact = td.equity("HN", rules=rules, opponents=opponents).equity
        t1 = time.perf_counter()
        naive = naive_equity("HN", rules, opponents)
        t2 = time.perf_counter()
        assert Fraction(int(exact.p), int(exact.q)) == naive
        print(f"{deck:<9}{opponents:>4}{t1 - t0:>10.3f}{t2 - t1:>10.3f}{(t2 - t1) / (t1 - t0):>8.1f}x")


if __name__ == "__main__":
    main()
