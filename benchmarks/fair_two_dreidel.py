"""The fair baseline of Two Dreidel equity (what a competent user writes in about 45 lines),
in a module of its own so a fresh process can time it without importing the library."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb, factorial, lcm, prod


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
