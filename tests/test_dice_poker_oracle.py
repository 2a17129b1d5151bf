"""Independent brute-force oracles for Dice Poker.

Nothing here imports the engine's evaluator, class enumeration or weights. The oracle:

* builds hands from *labelled* dice groupings (every map of the three dice to three bins)
  rather than the engine's list of five partitions;
* finds the category by testing each RULES.md 2.3 row literally (``Counter`` look-ups,
  sliding windows over 1..14), highest row first;
* builds keys as one flat tuple (group categories: values sorted by (count, value)
  descending, with repeats; runs: the run's top, then the rest) instead of the engine's
  (category, defining, rest) triple;
* enumerates real 52-card decks with suits (``itertools.combinations``) and all 216
  ordered dice rolls; the only shortcut is memoising a pure function of the values.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache, lru_cache

import pytest

from dreidelpoker.games import dice_poker as dpk
from dreidelpoker.games.dice_poker.cards import Card
from dreidelpoker.games.dice_poker.space import keys_for_dice

SUITS = "SHDC"
DECK = [(r, s) for r in range(2, 15) for s in SUITS]
NAMES = ["High card", "One pair", "Bobtail", "Two pair", "Three of a kind", "Three pair", "Odds or evens",
         "Full house", "Straight", "Four of a kind", "Longtom", "Double barrel", "Five of a kind",
         "Major straight", "Six of a kind"]


@cache
def oracle_value_sets(dice: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """Dice values of every legal way to use the dice (each die once, bins summed, sum <= 14)."""
    out = set()
    for labels in itertools.product(range(3), repeat=3):
        bins: dict[int, int] = {}
        for die, lab in zip(dice, labels):
            bins[lab] = bins.get(lab, 0) + die
        if all(v <= 14 for v in bins.values()):
            out.add(tuple(sorted(bins.values())))
    return frozenset(out)


def _has_run(vals: Counter[int], length: int, step: int, lowest: int) -> list[int]:
    """Tops of every run a, a+step, ... (length values) with a >= lowest."""
    tops = []
    for a in range(lowest, 15):
        run = [a + step * i for i in range(length)]
        if all(vals[v] >= 1 for v in run):
            tops.append(run[-1])
    return tops


@cache
def oracle_key(values: tuple[int, ...], smin: int = 1, bmin: int = 2) -> tuple[int, ...]:
    """(category, tie-break...) as one flat tuple, from RULES.md 2.3 read literally.

    Memoised on the sorted values: a pure function of the multiset.
    """
    c = Counter(values)
    counts = sorted(c.values(), reverse=True) + [0, 0, 0]
    by_count = sorted(values, key=lambda v: (c[v], v), reverse=True)

    def rest_after(run: list[int]) -> tuple[int, ...]:
        left = c.copy()
        left.subtract(run)
        return tuple(sorted(left.elements(), reverse=True))

    def run_key(cat: int, length: int, step: int, lowest: int, with_length: bool = False) -> tuple[int, ...] | None:
        tops = _has_run(c, length, step, lowest)
        if not tops:
            return None
        top = max(tops)
        head = (cat, length, top) if with_length else (cat, top)
        return head + rest_after([top - step * i for i in range(length)])

    pairs = [v for v in c if c[v] >= 2]
    triples = [v for v in c if c[v] >= 3]
    if counts[0] >= 6:
        return (14, *by_count)
    if (k := run_key(13, 6, 1, smin)) is not None:
        return k
    if counts[0] >= 5:
        return (12, *by_count)
    if len(triples) >= 2:
        return (11, *by_count)
    if counts[0] >= 4 and any(c[v] >= 2 for v in c if c[v] < 4):
        return (10, *by_count)
    if counts[0] >= 4:
        return (9, *by_count)
    if (k := run_key(8, 5, 1, smin)) is not None:
        return k
    if triples and any(v not in triples for v in pairs):
        return (7, *by_count)
    for length in (6, 5):
        if (k := run_key(6, length, 2, 1, with_length=True)) is not None:
            return k
    if len(pairs) >= 3:
        return (5, *by_count)
    if triples:
        return (4, *by_count)
    if len(pairs) >= 2:
        return (3, *by_count)
    if (k := run_key(2, 4, 1, bmin)) is not None:
        return k
    if pairs:
        return (1, *by_count)
    return (0, *sorted(values, reverse=True))


@cache
def oracle_best(dice: tuple[int, ...], ranks: tuple[int, ...], smin: int = 1, bmin: int = 2) -> tuple[int, ...]:
    return max(oracle_key(tuple(sorted(dv + ranks)), smin, bmin) for dv in oracle_value_sets(dice))


def _sorted_ranks(cards: tuple[tuple[int, str], ...]) -> tuple[int, ...]:
    return tuple(sorted(r for r, _ in cards))


@lru_cache(maxsize=1)
def real_rank_triple_counts() -> Counter[tuple[int, ...]]:
    """How many real 3-card sets (with suits) have each sorted rank triple: by enumeration."""
    return Counter(_sorted_ranks(t) for t in itertools.combinations(DECK, 3))


def test_real_deck_has_22100_card_sets_in_455_rank_classes() -> None:
    counts = real_rank_triple_counts()
    assert sum(counts.values()) == 22100 and len(counts) == 455


@pytest.mark.parametrize("smin,bmin", [(1, 2), (2, 1)])
def test_whole_table_matches_ordered_brute_force(smin: int, bmin: int) -> None:
    """Every ordered roll (216) x every real card set (22,100): 4,773,600 outcomes."""
    rules = dpk.DicePokerRules(straights_from_one=smin == 1, bobtail_from_one=bmin == 1)
    expected_ordered = [0] * 15
    expected_multiset = [0] * 15
    expected_suitless = [0] * 15
    seen_multisets = set()
    cards = real_rank_triple_counts()
    for dice in itertools.product(range(1, 7), repeat=3):
        first_order = tuple(sorted(dice)) not in seen_multisets
        seen_multisets.add(tuple(sorted(dice)))
        for ranks, n in cards.items():
            cat = oracle_best(dice, ranks, smin, bmin)[0]
            expected_ordered[cat] += n
            if first_order:
                expected_multiset[cat] += n
                expected_suitless[cat] += 1
    assert sum(expected_ordered) == 216 * 22100
    assert list(dpk.category_table(rules=rules).counts) == expected_ordered
    assert list(dpk.category_table(rules=rules, space="dice-multiset").counts) == expected_multiset
    assert list(dpk.category_table(rules=rules, space="suitless").counts) == expected_suitless


def test_every_class_category_and_order_match_the_oracle() -> None:
    """All 56 x 455 (dice multiset, rank multiset) classes: same category, and the keys of
    the engine and the oracle sort the 25,480 hands into the same order (ties included)."""
    engine: list[tuple[object, ...]] = []
    oracle: list[tuple[int, ...]] = []
    for dice in itertools.combinations_with_replacement(range(1, 7), 3):
        keys = keys_for_dice(tuple(sorted(dice, reverse=True)))
        for ranks, key in zip(dpk.RANK_TRIPLES, keys):
            o = oracle_best(dice, tuple(sorted(ranks)))
            assert key[0] == o[0], (dice, ranks, key, o)
            engine.append(key)
            oracle.append(o)
    # Same ranking: the rank of each hand among distinct keys agrees.
    e_rank = {k: i for i, k in enumerate(sorted(set(engine)))}
    o_rank = {k: i for i, k in enumerate(sorted(set(oracle)))}
    assert len(e_rank) == len(o_rank)
    assert [e_rank[k] for k in engine] == [o_rank[k] for k in oracle]


@pytest.mark.parametrize("dice,known", [((6, 5, 3), ()), ((1, 1, 1), ()), ((6, 6, 6), ("KS",)),
                                         ((4, 2, 1), ("5H", "3C")), ((6, 5, 3), ("AS", "AH"))])
def test_conditional_table_matches_real_card_enumeration(dice: tuple[int, ...], known: tuple[str, ...]) -> None:
    known_cards = [(Card.parse(k).rank, k[-1]) for k in known]
    rest = [c for c in DECK if c not in known_cards]
    expected = [0] * 15
    for extra in itertools.combinations(rest, 3 - len(known)):
        ranks = _sorted_ranks(tuple(known_cards) + extra)
        expected[oracle_best(dice, ranks)[0]] += 1
    got = dpk.conditional_table(dice, list(known))
    assert list(got.counts) == expected


def _oracle_equity(hero_dice: tuple[int, ...], hero_known: list[tuple[int, str]],
                   opps: list[tuple[int, ...]], deck: list[tuple[int, str]]) -> tuple[Fraction, ...]:
    """Every real deal of the unknown cards, hero first, then each opponent in turn."""
    need = 3 - len(hero_known)
    win = tie = total = 0
    share = Fraction(0)

    def deal(rest: list[tuple[int, str]], hands: list[tuple[tuple[int, str], ...]], k: int) -> None:
        nonlocal win, tie, total, share
        if k == len(opps):
            keys = [oracle_best(hero_dice, _sorted_ranks(tuple(hero_known) + hands[0]))]
            keys += [oracle_best(d, _sorted_ranks(h)) for d, h in zip(opps, hands[1:])]
            best = max(keys)
            n = keys.count(best)
            total += 1
            if keys[0] == best:
                win += n == 1
                tie += n > 1
                share += Fraction(1, n)
            return
        for hand in itertools.combinations(rest, 3):
            deal([c for c in rest if c not in hand], hands + [hand], k + 1)

    for mine in itertools.combinations(deck, need):
        deal([c for c in deck if c not in mine], [mine], 0)
    return Fraction(win, total), Fraction(tie, total), share / total


def _name(card: tuple[int, str]) -> str:
    return f"{dpk.value_name(card[0])}{card[1]}"


def test_heads_up_equity_known_hand_matches_every_real_deal() -> None:
    """Hero 6,5,3 holding KS QH 9D against 2,2,1: all 18,424 opposing card sets."""
    hero = [(13, "S"), (12, "H"), (9, "D")]
    deck = [c for c in DECK if c not in hero]
    win, tie, eq = _oracle_equity((6, 5, 3), hero, [(2, 2, 1)], deck)
    r = dpk.equity("6,5,3", "KS,QH,9D", opponent_dice=["2,2,1"], method="exact")
    assert (r.win, r.tie, r.equity) == (win, tie, eq)


@pytest.mark.parametrize("hero_dice,opp_dice", [((6, 5, 3), (2, 2, 1)), ((4, 4, 2), (4, 2, 4))])
def test_heads_up_equity_unknown_hand_matches_real_deals_on_a_live_deck(
        hero_dice: tuple[int, ...], opp_dice: tuple[int, ...]) -> None:
    """Both hands unknown, dealt from 16 live cards (the rest dead): 560 x 286 deals."""
    live = [c for c in DECK if c[0] in (2, 6, 8, 11)]
    dead = [c for c in DECK if c not in live]
    win, tie, eq = _oracle_equity(hero_dice, [], [opp_dice], live)
    r = dpk.equity(hero_dice, opponent_dice=[opp_dice], dead=[_name(c) for c in dead], method="exact")
    assert (r.win, r.tie, r.equity) == (win, tie, eq)


def test_three_handed_equity_with_removal_matches_real_deals() -> None:
    """A small live deck (dead cards removed) so three hands can be dealt out fully."""
    live = [c for c in DECK if c[0] in (6, 11, 13)] + [(14, "S")]  # 13 live cards
    dead = [c for c in DECK if c not in live]
    hero = [(6, "S")]
    deck = [c for c in live if c not in hero]
    win, tie, eq = _oracle_equity((5, 5, 1), hero, [(6, 5, 1), (4, 4, 2)], deck)
    r = dpk.equity("5,5,1", "6S", opponent_dice=["6,5,1", "4,4,2"], dead=[_name(c) for c in dead],
                   method="exact")
    assert (r.win, r.tie, r.equity) == (win, tie, eq)


def test_unknown_opponent_roll_matches_every_roll_and_deal() -> None:
    """An opponent who has not rolled: all 216 ordered rolls x every real deal (12 live cards)."""
    live = [c for c in DECK if c[0] in (4, 9, 12)]
    dead = [c for c in DECK if c not in live]
    hero = [(9, "S")]
    deck = [c for c in live if c not in hero]
    win = tie = total = 0
    share = Fraction(0)
    for mine in itertools.combinations(deck, 2):
        hk = oracle_best((6, 2, 1), _sorted_ranks(tuple(hero) + mine))
        rest = [c for c in deck if c not in mine]
        for theirs in itertools.combinations(rest, 3):
            for roll in itertools.product(range(1, 7), repeat=3):
                ok = oracle_best(roll, _sorted_ranks(theirs))
                total += 1
                win += hk > ok
                tie += hk == ok
                share += 1 if hk > ok else Fraction(1, 2) if hk == ok else 0
    r = dpk.equity("6,2,1", "9S", opponent_dice=["any"], dead=[_name(c) for c in dead], method="exact")
    assert (r.win, r.tie, r.equity) == (Fraction(win, total), Fraction(tie, total), share / total)
