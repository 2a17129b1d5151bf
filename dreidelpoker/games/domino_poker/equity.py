"""Exact Domino Poker equity: a hand against 1 to 3 opponents, each hand known, partly
known or unknown ([Domino Poker rules: play][rules-5-1]: best hand wins, exact ties split).

Method: every way to complete the unknown parts of the hands from the unseen tiles is
equally likely, so the engine enumerates those completions exactly, one player after
the other, vectorised with numpy over 20-bit tile masks. A hand's strength comes from
a lookup table over all 15,504 hands ([`strength_tables`][dreidelpoker.games.domino_poker.table.strength_tables]), so one
showdown costs a few integer comparisons. Opponents whose tiles are all unknown are
exchangeable: the hero's result depends only on the set of their hands, so such
opponents are dealt as an unordered set (each set stands for ``k!`` orders), which
cuts the three-unknown-opponent case from 756,756 deals to 126,126.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial
from typing import Any

import numpy as np
import numpy.typing as npt

from ...caches import bounded_cache
from ...equity import EquityAccumulator, EquityResult
from ...exact import ExactTable
from .evaluator import evaluate_tiles
from .rules import DominoPokerRules, LowRuns
from .table import strength_tables
from .tiles import (
    HAND_SIZE,
    MAX_PLAYERS,
    TILES,
    HandLike,
    Tile,
    format_tiles,
    parse_tiles,
    tiles_mask,
)
from ...errors import InputError, InputTypeError
from ...validation import check_arguments, default_rules

__all__ = [
    "MAX_DEALS",
    "MULTIWAY_DATA",
    "MULTIWAY_DEALS",
    "compute_multiway_wins",
    "multiway_wins",
    "DominoDeal",
    "PartialHand",
    "category_equity",
    "deal_count",
    "describe_deal",
    "equity",
    "equity_by_opponents",
    "exact_equity_of",
    "heads_up_wins",
    "setup_deal",
]

#: A partial hand: None (all five tiles unknown) or 0 to 5 known tiles.
PartialHand = HandLike | None

#: Refuse enumerations larger than this (they would take minutes); fix more tiles.
#: Counted after dealing unknown opponents as sets.
MAX_DEALS = 50_000_000
_CHUNK = 1 << 20

IntArray = npt.NDArray[np.int64]


@bounded_cache(maxsize=64)
def _combos(r: int, m: int) -> npt.NDArray[np.int64]:
    """All m-subsets of range(r) as rows of increasing positions."""
    return np.asarray(list(itertools.combinations(range(r), m)), dtype=np.int64).reshape(-1, m)


def _known(spec: PartialHand, *, what: str) -> tuple[Tile, ...]:
    if spec is None:
        return ()
    tiles = parse_tiles(spec, what=what)
    if len(tiles) > HAND_SIZE:
        raise InputError(f"{what} holds at most {HAND_SIZE} tiles, got {len(tiles)}: {format_tiles(tiles)}")
    return tiles


@dataclass(frozen=True)
class DominoDeal:
    """What is known before the deal: known tiles per player (hero first) and the unseen
    pool. Build it with [`setup_deal`][dreidelpoker.games.domino_poker.equity.setup_deal], which checks it.

    Examples:
        >>> from dreidelpoker.games.domino_poker import DominoPokerRules
        >>> from dreidelpoker.games.domino_poker.equity import setup_deal
        >>> deal = setup_deal("6-6,5-5,2-4,3-1,4-6", opponents=1, rules=DominoPokerRules())
        >>> len(deal.known[0]), len(deal.pool)  # your 5 tiles; the opponent's come from 15 unseen
        (5, 15)
    """

    known: tuple[tuple[Tile, ...], ...]
    pool: tuple[Tile, ...]
    groups: tuple[int, ...]  # players 1.. that are fully unknown, dealt as one unordered group

    @property
    def needs(self) -> tuple[int, ...]:
        return tuple(HAND_SIZE - len(k) for k in self.known)

    def ordered_deals(self) -> int:
        """The number of equally likely ordered completions."""
        n, left = 1, len(self.pool)
        for m in self.needs:
            n *= comb(left, m)
            left -= m
        return n


@check_arguments
def setup_deal(hand: PartialHand, opponents: int | Sequence[PartialHand] | None, *,
               rules: DominoPokerRules) -> DominoDeal:
    """Parse and check the hero's (partial) hand and the opponents (a count of unknown
    hands, or one entry per opponent: ``None`` or their known tiles).

    Parameters:
        hand: your (partial) hand.
        opponents: a count of unknown opponents, one entry per opponent, or ``None`` for
            ``rules.players - 1``.
        rules: the rules.

    Returns:
        The checked [`DominoDeal`][dreidelpoker.games.domino_poker.equity.DominoDeal].

    Raises:
        ValueError: for bad tiles, a tile in two hands, or a bad number of opponents.
        TypeError: for an ``opponents`` of the wrong type.

    Examples:
        >>> len(setup_deal("6-6,5-5", 2, rules=DominoPokerRules()).pool)
        18
    """
    hero = _known(hand, what="hand")
    if opponents is None:
        opponents = rules.players - 1
    if isinstance(opponents, bool):
        raise InputTypeError("opponents must be a number of unknown opponents or a list of their hands, not a bool")
    if isinstance(opponents, int):
        specs: list[PartialHand] = [None] * opponents
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
        specs = list(opponents)
    else:
        raise InputTypeError(
            "opponents must be a number of unknown opponents or a list with one hand per opponent "
            f"(None for unknown, or 1 to 5 known tiles), got {type(opponents).__name__}"
        )
    if not 1 <= len(specs) <= MAX_PLAYERS - 1:
        raise InputError(
            f"opponents must be 1 to {MAX_PLAYERS - 1}, got {len(specs)}: Domino Poker seats 2 to "
            f"{MAX_PLAYERS} players (Domino Poker rules) and {len(TILES)} tiles deal at most {MAX_PLAYERS} hands of {HAND_SIZE}"
        )
    known = [hero] + [_known(s, what=f"opponent {i + 1}'s hand") for i, s in enumerate(specs)]
    seen: dict[Tile, int] = {}
    for who, tiles in enumerate(known):
        for t in tiles:
            if t in seen:
                a, b = ("your hand" if x == 0 else f"opponent {x}'s hand" for x in (seen[t], who))
                raise InputError(f"tile {t} is in both {a} and {b}; every tile exists once")
            seen[t] = who
    pool = tuple(t for t in TILES if t not in seen)
    unknown = tuple(i for i in range(1, len(known)) if not known[i])
    return DominoDeal(tuple(known), pool, unknown if len(unknown) > 1 else ())


@check_arguments
def deal_count(hand: PartialHand, *, opponents: int | Sequence[PartialHand] | None = None,
               rules: DominoPokerRules | None = None) -> int:
    """How many equally likely ordered deals complete the hands (what naive enumeration visits).

    Parameters:
        hand: your (partial) hand.
        opponents: a count of unknown opponents, or one entry per opponent.
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        The number of ordered deals.

    Examples:
        >>> deal_count("6-6,5-5,2-4,3-1,4-6", opponents=3)
        756756
    """
    return setup_deal(hand, opponents, rules=default_rules(rules, DominoPokerRules)).ordered_deals()


class _Counter:
    """Walks the completions player by player, in chunks, and tallies showdowns."""

    def __init__(self, deal: DominoDeal, rules: DominoPokerRules) -> None:
        self.by_mask = strength_tables(rules.low_runs).by_mask
        self.deal = deal
        self.known = [tiles_mask(k) for k in deal.known]
        self.needs = deal.needs
        self.pool_bits = np.asarray([1 << t.index for t in deal.pool], dtype=np.int64)
        self.pool_mask = tiles_mask(deal.pool)
        self.group = set(deal.groups)
        self.first_of_group = deal.groups[0] if deal.groups else -1
        self.acc = EquityAccumulator(len(deal.known))
        self.multiplicity = factorial(len(deal.groups))
        self.visited = 0

    def run(self) -> EquityAccumulator:
        one = np.zeros(1, dtype=np.int64)
        self._level(0, one, one.copy(), one - 1, one.copy(), one - 1)
        return self.acc

    def _level(self, level: int, used: IntArray, hero: IntArray, omax: IntArray, ocnt: IntArray,
               low: IntArray) -> None:
        """``used``: tiles dealt so far (mask); ``low``: lowest pool position of the previous
        hand of the unordered group (each group hand must start above it)."""
        if level == len(self.needs):
            self._tally(hero, omax, ocnt)
            return
        m = self.needs[level]
        r = len(self.pool_bits) - sum(self.needs[:level])
        fan = comb(r, m)
        if len(used) * fan > _CHUNK and len(used) > 1:
            step = max(1, _CHUNK // fan)
            for start in range(0, len(used), step):
                sl = slice(start, start + step)
                self._level(level, used[sl], hero[sl], omax[sl], ocnt[sl], low[sl])
            return
        if m == 0:
            hands = np.full(len(used), self.known[level], dtype=np.int64)
            new_used, new_low = used, low
        elif m == r:  # the last hand takes every remaining tile
            hands = self.known[level] | (self.pool_mask & ~used)
            new_used, new_low = used | hands, low
            if level in self.group and level != self.first_of_group:
                # its lowest position is the lowest remaining one; keep only ordered sets
                free = (used[:, None] & self.pool_bits[None, :]) == 0
                keep = np.argmax(free, axis=1) > low
                hands, new_used, used, hero, omax, ocnt = (
                    x[keep] for x in (hands, new_used, used, hero, omax, ocnt))
                new_low = new_low[keep]
        else:
            free = (used[:, None] & self.pool_bits[None, :]) == 0
            pos = np.argsort(~free, axis=1, kind="stable")[:, :r]  # free positions, ascending
            fills = pos[:, _combos(r, m)]  # (S, fan, m)
            hands = self.known[level] | self.pool_bits[fills].sum(axis=2)
            new_used = used[:, None] | hands
            new_low = np.repeat(low, fan)
            if level in self.group:
                first = fills[:, :, 0]
                new_low = first.ravel()
                if level != self.first_of_group:
                    keep = (first > low[:, None]).ravel()
                else:
                    keep = np.ones(first.size, dtype=bool)
            else:
                keep = np.ones(len(used) * fan, dtype=bool)
            hero, omax, ocnt = (np.repeat(x, fan)[keep] for x in (hero, omax, ocnt))
            hands, new_used, new_low = hands.ravel()[keep], new_used.ravel()[keep], new_low[keep]
        s = self.by_mask[hands].astype(np.int64)
        if level == 0:
            hero = s
        else:
            gt, eq = s > omax, s == omax
            omax = np.where(gt, s, omax)
            ocnt = np.where(gt, 1, ocnt + eq)
        self._level(level + 1, new_used, hero, omax, ocnt, new_low)

    def _tally(self, hero: IntArray, omax: IntArray, ocnt: IntArray) -> None:
        k = self.multiplicity
        self.visited += len(hero)
        self.acc.add(k * int(np.count_nonzero(hero > omax)), winners=1, hero_wins=True)
        self.acc.add(k * int(np.count_nonzero(hero < omax)), winners=1, hero_wins=False)
        tied = hero == omax
        if tied.any():  # impossible with distinct tiles, but the rules say ties split
            for c, n in zip(*np.unique(ocnt[tied], return_counts=True)):
                self.acc.add(k * int(n), winners=int(c) + 1, hero_wins=True)


def _unknown_opponents_wins(deal: DominoDeal, rules: DominoPokerRules) -> tuple[int, int] | None:
    """(deals the hero wins, unordered deals) for a fully known hero hand against 1 to 3
    fully unknown opponents, or ``None`` for any other deal.

    Tiles are distinct, so the hero wins exactly when every opponent holds one of the
    pool hands ``L`` weaker than the hero's: the engine counts sets of disjoint
    ``L``-hands over 15-bit masks of the pool (hand sets, so each unordered deal once).
    """
    n = len(deal.known) - 1
    if len(deal.known[0]) != HAND_SIZE or any(deal.known[1:]) or len(deal.pool) != 3 * HAND_SIZE:
        return None
    by_mask = strength_tables(rules.low_runs).by_mask
    r = len(deal.pool)
    local = _combos(r, HAND_SIZE)
    pool_bits = np.asarray([1 << t.index for t in deal.pool], dtype=np.int64)
    strength = by_mask[pool_bits[local].sum(axis=1)]
    hero = by_mask[tiles_mask(deal.known[0])]
    masks = (np.int64(1) << local).sum(axis=1)  # the same hands as 15-bit pool masks
    weak = masks[strength < hero]
    full = (1 << r) - 1
    in_weak = np.zeros(1 << r, dtype=np.int64)
    in_weak[weak] = 1
    deals = [comb(r - HAND_SIZE * i, HAND_SIZE) for i in range(n)]
    visited = int(np.prod(deals)) // factorial(n)
    if n == 1:
        return len(weak), visited
    if n == 2:  # ordered pairs of disjoint weak hands, via subset sums over the pool
        sub = in_weak.reshape((2,) * r)
        for axis in range(r):
            hi = tuple(1 if a == axis else slice(None) for a in range(r))
            lo = tuple(0 if a == axis else slice(None) for a in range(r))
            sub[hi] += sub[lo]
        return int(sub.reshape(-1)[full ^ weak].sum()) // 2, visited
    # n == 3: the first hand holds the lowest pool tile, the second the lowest tile left,
    # the third is the rest: each partition of the pool once
    first = weak[(weak & 1) == 1]
    rest = full ^ first
    low = rest & -rest
    ok = ((weak[None, :] & first[:, None]) == 0) & ((weak[None, :] & low[:, None]) != 0)
    ai, bi = np.nonzero(ok)
    third = rest[ai] ^ weak[bi]
    return int(in_weak[third].sum()), visited


@check_arguments
def equity(
    hand: PartialHand,
    *,
    opponents: int | Sequence[PartialHand] | None = None,
    rules: DominoPokerRules | None = None,
) -> EquityResult:
    """Exact win / tie / lose probabilities and pot equity of ``hand``.

    ``opponents`` is a number of opponents whose tiles are all unknown (default:
    ``rules.players - 1``) or a list with one entry per opponent: ``None`` for an
    unknown hand, or 1 to 5 known tiles (the rest unknown). ``hand`` may also be
    partial. Every completion of the unknown tiles from the unseen ones is equally
    likely. Two hands never tie (they hold different tiles), so ``tie`` is 0 unless a
    future tie rule changes that; ties would split the pot.

    Parameters:
        hand: your hand, complete or partial.
        opponents: a count of unknown opponents, or one entry per opponent (``None`` or known tiles).
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        An [`EquityResult`][dreidelpoker.EquityResult] with the exact win, tie, lose and equity.

    Raises:
        ValueError: bad tiles, a tile in two hands, or more than `MAX_DEALS` deals to enumerate.

    Examples:
        >>> equity("6-6,5-5,2-4,3-1,4-6", opponents=1)
        EquityResult(win=978/1001, tie=0, lose=23/1001, equity=978/1001)
        >>> equity("2-2,3-3,4-4,5-5,6-6", opponents=3).equity
        1
        >>> equity("6-6,5-5,2-4,3-1,4-6", opponents=["2-2,3-3,4-4,5-1,5-3"]).win
        0
    """
    rules = default_rules(rules, DominoPokerRules)
    deal = setup_deal(hand, opponents, rules=rules)
    total = deal.ordered_deals()
    work = total // factorial(len(deal.groups))  # unknown opponents are dealt as sets
    if work > MAX_DEALS:
        raise InputError(
            f"{total:,} deals complete these hands"
            + (f" ({work:,} to enumerate)" if work != total else "")
            + f"; the exact engine stops at {MAX_DEALS:,}. Fix more of your own tiles or the opponents' tiles."
        )
    result = exact_equity_of(deal, rules=rules)
    hero = deal.known[0]
    if len(hero) == HAND_SIZE:
        result.details["category"] = evaluate_tiles(hero, rules.low_runs).category
    return result


def describe_deal(deal: DominoDeal) -> str:
    """A short description of what is known, e.g. ``"[6-6] (partial) against 1 opponent(s): unknown"``.

    Parameters:
        deal: a checked deal.

    Returns:
        The description.
    """
    hero = deal.known[0]
    who = format_tiles(hero) if len(hero) == HAND_SIZE else f"{format_tiles(hero) or 'an unknown hand'} (partial)"
    vs = ", ".join(
        "unknown" if not k else (format_tiles(k) + ("" if len(k) == HAND_SIZE else " + unknown"))
        for k in deal.known[1:]
    )
    return f"{who} against {len(deal.known) - 1} opponent(s): {vs}"


def exact_equity_of(deal: DominoDeal, *, rules: DominoPokerRules) -> EquityResult:
    """The vectorised exact engine on a checked [`DominoDeal`][dreidelpoker.games.domino_poker.equity.DominoDeal] (no size limit).

    Parameters:
        deal: a deal checked by [`setup_deal`][dreidelpoker.games.domino_poker.equity.setup_deal].
        rules: the rules.

    Returns:
        The exact [`EquityResult`][dreidelpoker.EquityResult].
    """
    fast = _unknown_opponents_wins(deal, rules)
    if fast is not None:  # a known hand against unknown opponents: count the deals it wins
        wins, visited = fast
        acc = EquityAccumulator(len(deal.known))
        acc.add(wins, winners=1, hero_wins=True)
        acc.add(visited - wins, winners=1, hero_wins=False)
    else:
        counter = _Counter(deal, rules)
        acc = counter.run()
        visited = counter.visited
    result = acc.result(describe_deal(deal))
    result.details.update({"deals": deal.ordered_deals(), "enumerated": visited})
    return result


@check_arguments
def equity_by_opponents(hand: PartialHand, *, rules: DominoPokerRules | None = None) -> ExactTable:
    """Equity of ``hand`` against 1, 2 and 3 unknown opponents.

    Parameters:
        hand: your hand (complete or partial).
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        One row per opponent count: win, tie, lose, equity.

    Examples:
        >>> equity_by_opponents("2-2,3-3,4-4,5-5,6-6").column("equity")
        [1, 1, 1]
    """
    rows = []
    for n in range(1, MAX_PLAYERS):
        r = equity(hand, opponents=n, rules=rules)
        rows.append((n, *r.fractions()))
    label = format_tiles(_known(hand, what="hand"))
    return ExactTable(("opponents", "win", "tie", "lose", "equity"), tuple(rows),
                      title=f"Equity of {label} against unknown opponents")


def heads_up_wins(*, rules: DominoPokerRules | None = None) -> npt.NDArray[np.int64]:
    """For every hand (in `ALL_HANDS` order), how many of the 3,003 hands an
    opponent can hold it beats; its exact heads-up equity is that number / 3003.

    Parameters:
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        An int64 array of 15,504 win counts.

    Examples:
        >>> w = heads_up_wins()
        >>> int(w.max()), int(w.min())
        (3003, 0)
    """
    return _heads_up_wins(default_rules(rules, DominoPokerRules).low_runs)


@bounded_cache(maxsize=8)
def _heads_up_wins(low_runs: LowRuns) -> npt.NDArray[np.int64]:
    t = strength_tables(low_runs)
    masks, strength = t.masks, t.strength.astype(np.int64)
    wins = np.empty(len(masks), dtype=np.int64)
    step = 1024
    for start in range(0, len(masks), step):
        hm, hs = masks[start:start + step, None], strength[start:start + step, None]
        wins[start:start + step] = (((masks[None, :] & hm) == 0) & (strength[None, :] < hs)).sum(axis=1)
    wins.setflags(write=False)
    return wins


def category_equity(*, rules: DominoPokerRules | None = None) -> ExactTable:
    """Heads-up equity by category: the exact average over the category's hands
    (= P(win | you hold the category) against one unknown opponent), and its range.

    Parameters:
        rules: the rules (default [Domino Poker rules][rules-5]).

    Returns:
        One row per category: average, lowest and highest heads-up equity.

    Examples:
        >>> t = category_equity()
        >>> t.records()[0]["category"], t.records()[0]["average equity"]
        ('Royal', 1)
    """
    from .evaluator import category_names
    from .table import DISTINCT_HANDS

    rules = default_rules(rules, DominoPokerRules)
    t = strength_tables(rules.low_runs)
    wins = heads_up_wins(rules=rules)
    opp = comb(len(TILES) - HAND_SIZE, HAND_SIZE)
    names = category_names(rules.low_runs)
    rows: list[tuple[Any, ...]] = []
    for rank in range(len(names) - 1, -1, -1):
        sel = wins[t.category == rank]
        if not len(sel):
            rows.append((rank, names[rank], 0, "—", "—", "—"))
            continue
        rows.append((
            rank, names[rank], len(sel),
            Fraction(int(sel.sum()), len(sel) * opp), Fraction(int(sel.min()), opp), Fraction(int(sel.max()), opp),
        ))
    return ExactTable(
        ("rank", "category", "hands", "average equity", "worst hand", "best hand"), tuple(rows),
        title=f"Heads-up equity by category against one unknown opponent ({DISTINCT_HANDS:,} hands)",
    )


#: Shipped multiway win counts (``multiway_wins.npz``): for each ``low_runs`` option, every
#: hand's wins against 1, 2 and 3 unknown opponents in [`ALL_HANDS`][dreidelpoker.games.domino_poker.table.ALL_HANDS] order.
#: Regenerate with ``python -m dreidelpoker.games.domino_poker.equity``; a test checks
#: samples of it against [`equity`][dreidelpoker.games.domino_poker.equity.equity].
MULTIWAY_DATA = "multiway_wins.npz"
#: Deals a hand's wins are counted over, against 1, 2 and 3 unknown opponents (opponents
#: dealt as unordered sets from the 15 unseen tiles): C(15,5), C(15,5)·C(10,5)/2, 15!/(5!^3·3!).
MULTIWAY_DEALS = (3003, 378_378, 126_126)


def compute_multiway_wins(low_runs: LowRuns = "flush") -> IntArray:
    """Every hand's exact win count against 1, 2 and 3 unknown opponents (about 5 s).

    Method: every unordered pair of disjoint hands lies in one 10-tile set ``Q`` (184,756 of
    them, 126 splits each). For a hand ``H`` outside ``Q``, the splits of ``Q`` whose
    stronger hand is weaker than ``H`` are the deals ``H`` wins against two opponents
    holding ``Q``; summed over every ``Q`` that avoids ``H``, that is ``H``'s win count
    against 2 opponents. Against 3 opponents all 20 tiles are dealt: ``H`` and a partner
    split one 10-tile set, the other two hands split its complement, and ``H`` wins when
    it beats its partner and the complement's stronger hand; each deal is met once per
    way of pairing its four hands (3), hence the division by 3. Counting "weaker than"
    is a sorted search per 10-tile set, vectorised with numpy.

    Parameters:
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option.

    Returns:
        An int64 array of shape (15504, 3) in [`ALL_HANDS`][dreidelpoker.games.domino_poker.table.ALL_HANDS] order; divide
        column ``k - 1`` by ``MULTIWAY_DEALS[k - 1]``.

    Examples:
        >>> w = compute_multiway_wins("high-card")
        >>> int(w[:, 2].sum())  # every deal of four hands has exactly one winner
        488864376
    """
    t = strength_tables(low_runs)
    n_tiles = len(TILES)
    by_mask = np.asarray(t.by_mask, dtype=np.int64)
    index_of = np.full(1 << n_tiles, -1, dtype=np.int64)
    index_of[t.masks] = np.arange(len(t.masks))
    tens = _combos(n_tiles, 2 * HAND_SIZE)
    ten_masks = (np.int64(1) << tens).sum(axis=1)
    # the splits of a 10-tile set: the five positions holding its lowest tile (126 of them)
    pos = _combos(2 * HAND_SIZE, HAND_SIZE)
    pos = pos[pos[:, 0] == 0]
    splits = len(pos)
    full = (1 << n_tiles) - 1
    bits = np.int64(1) << np.arange(n_tiles, dtype=np.int64)
    wins = np.zeros((len(t.masks), 2), dtype=np.float64)  # against 2 and 3 (x3) opponents
    spacing = 1 << 15  # above every strength: rows never mix in the flattened search
    chunk = 8192
    for a in range(0, len(tens), chunk):
        rows, qm = tens[a:a + chunk], ten_masks[a:a + chunk]
        r = len(rows)
        x = (np.int64(1) << rows[:, pos]).sum(axis=2)
        y = qm[:, None] ^ x
        sx, sy = by_mask[x], by_mask[y]
        comp = full ^ qm
        ctiles = np.nonzero((comp[:, None] & bits[None, :]) != 0)[1].reshape(r, 2 * HAND_SIZE)
        cx = (np.int64(1) << ctiles[:, pos]).sum(axis=2)
        cmax = np.sort(np.maximum(by_mask[cx], by_mask[(full ^ qm)[:, None] ^ cx]), axis=1)
        off = (np.arange(r, dtype=np.int64) * spacing)[:, None]
        flat = (cmax + off).ravel()
        base = (np.arange(r, dtype=np.int64) * splits)[:, None]
        cnt_x = np.searchsorted(flat, (sx + off).ravel()).reshape(r, splits) - base
        cnt_y = np.searchsorted(flat, (sy + off).ravel()).reshape(r, splits) - base
        ix, iy = index_of[x], index_of[y]
        for idx, cnt in ((ix, cnt_x), (iy, cnt_y)):
            wins[:, 0] += np.bincount(idx.ravel(), weights=cnt.ravel(), minlength=len(wins))
        x_wins = sx > sy
        wins[:, 1] += np.bincount(np.where(x_wins, ix, iy).ravel(), weights=np.where(x_wins, cnt_x, cnt_y).ravel(),
                                  minlength=len(wins))
    out = np.empty((len(t.masks), 3), dtype=np.int64)
    out[:, 0] = _heads_up_wins(low_runs)
    out[:, 1] = np.rint(wins[:, 0]).astype(np.int64)
    out[:, 2] = np.rint(wins[:, 1]).astype(np.int64) // 3
    return out


@bounded_cache(maxsize=4)
def multiway_wins(low_runs: LowRuns = "flush", *, compute: bool = True) -> IntArray | None:
    """Every hand's exact win count against 1, 2 and 3 unknown opponents (shipped data).

    Parameters:
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option.
        compute: when the shipped data lacks the option, compute it (about 5 s);
            ``False``: return ``None`` instead.

    Returns:
        An int64 array of shape (15504, 3) in [`ALL_HANDS`][dreidelpoker.games.domino_poker.table.ALL_HANDS] order; column
        ``k - 1`` divided by ``MULTIWAY_DEALS[k - 1]`` is the exact equity against ``k``
        opponents (two hands never tie).

    Examples:
        >>> w = multiway_wins()
        >>> w is not None and w.shape, int(w[:, 0].max()) == MULTIWAY_DEALS[0]
        ((15504, 3), True)
    """
    from importlib import resources

    try:
        with resources.files(__package__).joinpath(MULTIWAY_DATA).open("rb") as f, np.load(f) as data:
            wins: IntArray = data[f"wins_{low_runs}"].astype(np.int64)
    except (FileNotFoundError, KeyError):  # a new option not in the file yet: compute it
        if not compute:
            return None
        wins = compute_multiway_wins(low_runs)
    wins.setflags(write=False)
    return wins


if __name__ == "__main__":  # pragma: no cover - writes the shipped multiway data
    import os
    import sys

    from .rules import LOW_RUN_OPTIONS

    arrays: dict[str, Any] = {f"wins_{opt}": compute_multiway_wins(opt).astype(np.int32)  # type: ignore[arg-type]
              for opt in LOW_RUN_OPTIONS}
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), MULTIWAY_DATA)
    np.savez_compressed(path, **arrays)
    print(path)
