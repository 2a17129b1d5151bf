"""Two Dreidel exact equity (HN against 1..7 fresh-deck normal-best opponents, every
preset) against a fair baseline: what a competent user writes in about 45 lines.

The fair baseline draws 3 cards as a multiset with hypergeometric integer weights, keeps
the normal-best two, then goes over the *multisets* of opponents' kept hands
(``combinations_with_replacement``) with multinomial weights and a plain showdown, all in
integer arithmetic. (The ordered-outcome brute force is a test oracle, not a yardstick.)

Run: .venv/bin/python benchmarks/bench_two_dreidel.py [--runs 3]
"""

from __future__ import annotations

import argparse
import itertools
from collections import Counter
from fractions import Fraction
from math import comb, factorial, lcm, prod

from _timing import Row, interleaved, print_table

from dreidelpoker.games import two_dreidel as td

PRESETS = ("1-5-5-1", "2-6-6-2", "2-7-7-2")


def fair_equity(hero: tuple[int, int], counts: tuple[int, ...], opponents: int) -> tuple[Fraction, Fraction, Fraction]:
    """Fair baseline: hero's exact (win, tie, pot share) (GHNS = 0123, Shin trumps Gimel)."""
    kept: Counter[tuple[int, ...]] = Counter()
    for drawn in itertools.combinations_with_replacement(range(4), 3):
        w = prod(comb(counts[s], drawn.count(s)) for s in set(drawn))
        if w:
            kept[drawn[:2]] += w  # drawn is sorted best first: put back the worst card
    total = sum(kept.values())
    hands = list(kept)

    def trumps(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
        return 3 in a and 0 in b and not (3 in b and 0 in a)

    def winners(table: list[tuple[int, ...]]) -> list[int]:
        best = min(table)  # best first in normal order == lexicographically smallest
        while True:
            challengers = [h for h in table if trumps(h, best)]
            if not challengers:
                return [i for i, h in enumerate(table) if h == best]
            best = min(challengers)

    den = lcm(*range(1, opponents + 2))
    win = tie = share = 0
    for combo in itertools.combinations_with_replacement(hands, opponents):
        mult = factorial(opponents) // prod(factorial(c) for c in Counter(combo).values())
        w = mult * prod(kept[h] for h in combo)
        won = winners([hero, *combo])
        if 0 in won:
            share += w * (den // len(won))
            if len(won) == 1:
                win += w
            else:
                tie += w
    t = total**opponents
    return Fraction(win, t), Fraction(tie, t), Fraction(share, t * den)


def rows(runs: int) -> list[Row]:
    out = []
    for deck in PRESETS:
        rules = td.TwoDreidelRules(deck=deck)
        counts = rules.counts
        for n in range(1, 8):
            lib = td.equity("HN", rules=rules, opponents=n)
            exact = tuple(Fraction(int(v.p), int(v.q)) for v in (lib.win, lib.tie, lib.equity))
            assert exact == fair_equity((1, 2), counts, n), (deck, n)
            t_lib, t_fair = interleaved(lambda: td.equity("HN", rules=rules, opponents=n),
                                        lambda: fair_equity((1, 2), counts, n), runs)
            out.append(Row(f"Two Dreidel equity HN vs {n}, {deck}", t_lib, t_fair, target=2.0))
    return out


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    print_table(rows(a.runs), runs=a.runs)
