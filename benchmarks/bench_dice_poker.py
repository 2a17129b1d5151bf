"""Dice Poker exact engines (from cold caches) against fair baselines.

1. The one-player category table over the ordered space (216 rolls x 22,100 card sets).
   Fair: dice multisets (56, multinomial weights) x card-rank multisets (455, suit-choice
   weights), each pair valued once with the library's ``best_key`` (memoized per pair only).
2. Heads-up exact equity with both players' dice known (6,5,3 vs 2,2,1), cards unknown.
   Fair: value each of the 455 rank multisets once per player, then a 455 x 455 integer
   weight matrix of disjoint suit choices in numpy.

(The ordered brute forces stay in the tests as oracles.)

Caches: each library call starts with ``dp.clear_caches()``; the fair baselines then run
right after it and use the library's memoized evaluator (``classify_sorted``), so they are
warm when the library's run valued the same classes (the category table) and cold when it
did not (heads-up equity reads the shipped key ranks and values nothing).

Run: .venv/bin/python benchmarks/bench_dice_poker.py [--runs 3]
"""

from __future__ import annotations

import argparse
import itertools
from fractions import Fraction
from math import comb, factorial, prod

import numpy as np
from _timing import Row, interleaved, print_table

import dreidelpoker as dp
from dreidelpoker.games import dice_poker as dpk
from dreidelpoker.games.dice_poker.evaluator import best_key

RANKS = range(2, 15)


def _rank_multisets() -> list[tuple[tuple[int, ...], int]]:
    """Card-rank multisets of 3 cards with their suit-choice weights."""
    out = []
    for ranks in itertools.combinations_with_replacement(RANKS, 3):
        out.append((ranks, prod(comb(4, ranks.count(r)) for r in set(ranks))))
    return out


def fair_table() -> list[int]:
    counts = [0] * 16
    cards = _rank_multisets()
    for dice in itertools.combinations_with_replacement(range(1, 7), 3):
        dw = factorial(3) // prod(factorial(dice.count(d)) for d in set(dice))
        for ranks, cw in cards:
            counts[best_key(dice, ranks)[0][0]] += dw * cw
    return counts


def fair_heads_up(hero: tuple[int, ...], opp: tuple[int, ...]) -> tuple[Fraction, Fraction]:
    cards = _rank_multisets()
    keys_h = [best_key(hero, r)[0] for r, _ in cards]
    keys_o = [best_key(opp, r)[0] for r, _ in cards]
    order = {k: i for i, k in enumerate(sorted(set(keys_h) | set(keys_o)))}
    sh = np.array([order[k] for k in keys_h])
    so = np.array([order[k] for k in keys_o])
    cnt = np.array([[r.count(v) for v in RANKS] for r, _ in cards])  # (455, 13)
    c4 = np.array([[comb(4 - a, b) for b in range(5)] for a in range(5)])
    # ways to pick the hero's suits, then the opponent's from the rest, rank by rank
    w = np.prod(c4[0][cnt][:, None, :] * c4[cnt[:, None, :], cnt[None, :, :]], axis=2)
    total = int(w.sum())
    win = int(w[sh[:, None] > so[None, :]].sum())
    tie = int(w[sh[:, None] == so[None, :]].sum())
    return Fraction(win, total), Fraction(tie, total)


def library_table() -> list[int]:
    dp.clear_caches()
    return list(dpk.category_table().counts)


def library_heads_up() -> object:
    dp.clear_caches()
    return dpk.equity("6,5,3", opponent_dice=["2,2,1"], method="exact")


def rows(runs: int) -> list[Row]:
    lib_counts = library_table()
    assert fair_table()[: len(lib_counts)] == lib_counts
    r = library_heads_up()
    assert (Fraction(int(r.win.p), int(r.win.q)), Fraction(int(r.tie.p), int(r.tie.q))) == \
        fair_heads_up((6, 5, 3), (2, 2, 1))  # type: ignore[attr-defined]
    t1 = interleaved(library_table, fair_table, runs)
    t2 = interleaved(library_heads_up, lambda: fair_heads_up((6, 5, 3), (2, 2, 1)), runs)
    return [Row("Dice category table, cold caches", *t1), Row("Dice heads-up equity 653 vs 221, cold caches", *t2)]


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    print_table(rows(a.runs), runs=a.runs)
