"""Benchmark: Dice Poker exact engines against naive ordered enumeration, in the same run.

1. The one-player exact category table (ordered-dice space, 4,773,600 outcomes), from cold
   caches. Target: under 1 s. Naive: every ordered roll x every real 3-card set, each hand
   evaluated from scratch (no class grouping, no caches).
2. Heads-up exact equity with dice known (hero 6,5,3 with no card seen vs 2,2,1), from
   cold caches. Target: under 2 s. Naive: every hero card set x every opponent card set
   from the 49 left (407,170,400 deals), each evaluated from scratch -- far too long to
   run whole, so its rate is measured on a slice and scaled (printed as "extrapolated").
   A heads-up case the naive loop can finish (hero's three cards known: 18,424 deals) is
   also timed in full.

    python benchmarks/bench_dice_poker.py            # naive table measured on 24 of 216 rolls, scaled
    python benchmarks/bench_dice_poker.py --full     # naive table over all 4,773,600 outcomes
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Sequence

import dreidelpoker as dp
from dreidelpoker.games import dice_poker as dpk
from dreidelpoker.games.dice_poker.evaluator import _classify, dice_partitions

DECK = [(r, s) for r in range(2, 15) for s in "SHDC"]


def naive_key(dice: Sequence[int], ranks: Sequence[int]) -> tuple[object, ...]:
    """Evaluate one hand from scratch: every partition, no caches."""
    return max(_classify(tuple(sorted([sum(g) for g in p] + list(ranks), reverse=True)), 1, 2)
               for p in dice_partitions(dice))


def naive_table(rolls: Sequence[tuple[int, ...]]) -> list[int]:
    counts = [0] * 15
    for dice in rolls:
        for cards in itertools.combinations(DECK, 3):
            counts[naive_key(dice, [c[0] for c in cards])[0]] += 1  # type: ignore[index]
    return counts


def naive_heads_up(hero_dice: tuple[int, ...], opp_dice: tuple[int, ...],
                   hero_sets: Sequence[tuple[tuple[int, str], ...]]) -> tuple[int, int, int]:
    win = tie = lose = 0
    for mine in hero_sets:
        hk = naive_key(hero_dice, [c[0] for c in mine])
        rest = [c for c in DECK if c not in mine]
        for theirs in itertools.combinations(rest, 3):
            ok = naive_key(opp_dice, [c[0] for c in theirs])
            if hk > ok:  # type: ignore[operator]
                win += 1
            elif hk == ok:
                tie += 1
            else:
                lose += 1
    return win, tie, lose


def timed(f, *args, **kwargs):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    out = f(*args, **kwargs)
    return out, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", action="store_true", help="run the naive table over all 216 rolls")
    ap.add_argument("--naive-rolls", type=int, default=24, help="rolls in the naive table slice (default 24)")
    ap.add_argument("--naive-hero-sets", type=int, default=3, help="hero card sets in the naive equity slice")
    args = ap.parse_args()

    # 1. One-player table.
    dp.clear_caches()
    table, t_exact = timed(dpk.category_table)
    rolls = list(itertools.product(range(1, 7), repeat=3))
    slice_rolls = rolls if args.full else rolls[:: max(1, len(rolls) // args.naive_rolls)][: args.naive_rolls]
    naive_counts, t_slice = timed(naive_table, slice_rolls)
    t_naive = t_slice * len(rolls) / len(slice_rolls)
    if args.full:
        assert naive_counts == list(table.counts), "naive and exact tables differ"
    label = "measured" if args.full else f"extrapolated from {len(slice_rolls)} of 216 rolls"
    print("One-player exact category table (ordered space, 4,773,600 outcomes)")
    print(f"  exact engine (cold caches): {t_exact:8.3f} s   target < 1 s: {'OK' if t_exact < 1 else 'MISSED'}")
    print(f"  naive ordered enumeration:  {t_naive:8.1f} s   ({label})")
    print(f"  ratio naive / exact:        {t_naive / t_exact:8.0f}x")

    # 2. Heads-up exact equity, dice known.
    dp.clear_caches()
    res, t_eq = timed(dpk.equity, "6,5,3", opponent_dice=["2,2,1"], method="exact")
    hero_sets = list(itertools.combinations(DECK, 3))
    step = len(hero_sets) // args.naive_hero_sets
    sample = hero_sets[::step][: args.naive_hero_sets]
    _, t_sample = timed(naive_heads_up, (6, 5, 3), (2, 2, 1), sample)
    t_naive_eq = t_sample * len(hero_sets) / len(sample)
    print("Heads-up exact equity, dice known (6,5,3 with no card seen vs 2,2,1; 407,170,400 deals)")
    print(f"  exact engine (cold caches): {t_eq:8.3f} s   target < 2 s: {'OK' if t_eq < 2 else 'MISSED'}"
          f"   equity = {res.equity}")
    print(f"  naive ordered enumeration:  {t_naive_eq:8.0f} s   (extrapolated from {len(sample)} of 22,100 hero card sets)")
    print(f"  ratio naive / exact:        {t_naive_eq / t_eq:8.0f}x")

    # 2b. A heads-up case the naive loop finishes: the hero's three cards known.
    dp.clear_caches()
    hero = ((13, "S"), (12, "H"), (9, "D"))
    res2, t_eq2 = timed(dpk.equity, "6,5,3", "KS,QH,9D", opponent_dice=["2,2,1"], method="exact")
    (w, t, _), t_naive2 = timed(naive_heads_up, (6, 5, 3), (2, 2, 1), [hero])
    assert (res2.win * 18424, res2.tie * 18424) == (w, t), "naive and exact equities differ"
    print("Heads-up exact equity, hero's cards known too (6,5,3 + K Q 9 vs 2,2,1; 18,424 deals)")
    print(f"  exact engine (cold caches): {t_eq2:8.3f} s")
    print(f"  naive ordered enumeration:  {t_naive2:8.3f} s   (measured)")
    print(f"  ratio naive / exact:        {t_naive2 / t_eq2:8.1f}x")


if __name__ == "__main__":
    main()
