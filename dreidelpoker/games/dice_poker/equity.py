"""Exact and Monte Carlo equity of a partial Dice Poker hand.

Every player's dice are known (they are rolled first and public); the hero knows 0 to
3 of their own cards; each opponent's three cards are unknown. All cards come from
the one shared 52-card deck, so what one player holds changes what the others can
hold (removal effects).

Exact method: suits never matter, so each player's unknown cards are enumerated as
rank multisets, jointly and in turn, each weighted by the number of card sets it
stands for given the ranks still in the deck (``prod C(left_r, k_r)``). The outer
players are looped over in Python; the last two are a numpy matrix (class x class)
with integer weights. Hands are compared by their rank in the shipped key order
([`key_ranks`][dreidelpoker.games.dice_poker.key_ranks.key_ranks], one small integer per dice-and-cards class), so no hand is valued
at run time, and the matrix's weights start from the second player's full-deck weights
and change only on the (at most three) ranks each row's cards hold. The work is about
the product of the players' class counts ("cells"): 455 per opponent, and 455, 91, 13
or 1 for the hero with 0, 1, 2 or 3 known cards. Heads-up is at most 455^2 = 207,025
cells (about 20 ms from cold caches); every
case within [`EXACT_CELL_LIMIT`][dreidelpoker.games.dice_poker.EXACT_CELL_LIMIT] runs exactly, beyond it ``method="auto"`` uses
a seeded Monte Carlo with a 95% confidence interval.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from ...equity import EquityAccumulator, EquityResult
from ...montecarlo import MonteCarloEstimate, ShowdownTally
from .cards import CARD_RANKS, Card, check_card_supply, parse_cards, parse_dice
from .key_ranks import key_ranks
from .rules import DECK_SIZE, MAX_PLAYERS, DicePokerRules
from .space import DICE_MULTISETS, RANK_TRIPLES, dice_orderings, rank_multisets
from .tables import remaining_deck
from ...caches import bounded_cache
from ...limits import MAX_SAMPLES, progress_bar
from ...validation import check_arguments, check_count, check_seed, default_rules
from ...errors import InputError, InputTypeError

__all__ = [
    "EXACT_CELL_LIMIT", "UNKNOWN_DICE", "DiceKnown", "HeadsUpEquityTable", "Method", "OpponentDice", "dice_known",
    "equity", "heads_up_equity_table",
    "exact_cells", "exact_equity_of", "monte_carlo_equity_of", "parse_opponent_dice",
]

#: Largest number of cells ``method="auto"`` computes exactly (under 2 s here; ~80 ns a cell).
EXACT_CELL_LIMIT = 20_000_000
Method = Literal["auto", "exact", "monte-carlo"]
_METHODS = ("auto", "exact", "monte-carlo")
IntArray = npt.NDArray[np.int64]

# _BINOM[n, k] = C(n, k) for n, k in 0..4 (0 when k > n).
_BINOM: IntArray = np.array([[math.comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)
_RANK_INDEX = {r: i for i, r in enumerate(CARD_RANKS)}
# Cells per vectorised block of the matrix stage (bounds memory to a few tens of MB).
_MATRIX_CELLS = 1_000_000


#: Words that stand for an opponent whose roll is not known (enumerated over all 216 rolls).
UNKNOWN_DICE = ("?", "any", "unknown")

OpponentDice = tuple[int, ...] | None


def parse_opponent_dice(opponent_dice: str | Sequence[str | Sequence[int] | None]) -> list[OpponentDice]:
    """Parse the opponents' dice: ``"2,2,1 4,4,3"`` / ``"2,2,1; 4,4,3"`` or a list of dice.

    ``"?"``, ``"any"``, ``"unknown"`` or ``None`` is an opponent whose roll is not known yet:
    it is averaged over all 216 equally likely rolls.

    Parameters:
        opponent_dice: the rolls, as text or a list.

    Returns:
        One entry per opponent: the three faces, or ``None`` for a roll not known yet.

    Raises:
        ValueError: a bad roll, or no opponent.
        TypeError: a value of another type.

    Examples:
        >>> parse_opponent_dice("2,2,1 4,4,3")
        [(2, 2, 1), (4, 4, 3)]
        >>> parse_opponent_dice([(6, 6, 1), "?"])
        [(6, 6, 1), None]
    """
    if isinstance(opponent_dice, str):
        groups: list[str | Sequence[int] | None] = [g for g in re.split(r"[;\s]+", opponent_dice.strip()) if g]
    elif isinstance(opponent_dice, Sequence):
        groups = list(opponent_dice)
        if groups and all(isinstance(x, int) for x in groups):
            raise InputError(
                f"opponent_dice {opponent_dice!r} looks like one roll; give a list of rolls, e.g. [(2, 2, 1)]"
            )
    else:
        raise InputTypeError(f"opponent_dice must be a list of rolls like [(2, 2, 1)], got {type(opponent_dice).__name__}")
    if not groups:
        raise InputError("give the dice of at least one opponent, e.g. opponent_dice=[(2, 2, 1)]")
    max_opp = MAX_PLAYERS - 1
    if len(groups) > max_opp:
        raise InputError(
            f"{len(groups)} opponents need {3 * (len(groups) + 1)} cards; the {DECK_SIZE}-card deck deals "
            f"three cards to at most {MAX_PLAYERS} players ({max_opp} opponents)"
        )
    out: list[OpponentDice] = []
    for i, g in enumerate(groups):
        if g is None or (isinstance(g, str) and g.strip().lower() in UNKNOWN_DICE):
            out.append(None)
        else:
            out.append(parse_dice(g, what=f"opponent {i + 1}'s dice"))
    return out


def _counts_matrix(multisets: Sequence[Sequence[int]]) -> IntArray:
    out = np.zeros((len(multisets), len(CARD_RANKS)), dtype=np.int64)
    for i, ms in enumerate(multisets):
        for r in ms:
            out[i, _RANK_INDEX[r]] += 1
    return out


@dataclass(frozen=True)
class _Draw:
    """One player's unknown cards: their classes (count vectors) and the key ordinal of each."""

    player: int
    counts: IntArray
    ordinals: IntArray
    #: Extra integer weight per class (the number of rolls for an unknown-dice opponent).
    mult: IntArray | None = None
    #: For an unknown roll: rolls (216) -> dice-multiset index; class = index * 455 + triple.
    roll_index: IntArray | None = None


@bounded_cache(maxsize=1)
def _class_tables() -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int], IntArray, IntArray, IntArray]:
    """Index tables of the classes: dice multiset -> row, rank triple -> column, the triples'
    rank-count matrix, each dice multiset's number of orders, and roll (216) -> dice row."""
    dice_row: dict[tuple[int, ...], int] = {ms: i for i, ms in enumerate(DICE_MULTISETS)}
    triple_col = {t: i for i, t in enumerate(RANK_TRIPLES)}
    orders = np.array([dice_orderings(ms) for ms in DICE_MULTISETS], dtype=np.int64)
    rolls = np.array([dice_row[(max(r), sorted(r)[1], min(r))] for r in itertools.product(range(1, 7), repeat=3)],
                     dtype=np.int64)
    triples = _counts_matrix(RANK_TRIPLES)
    for arr in (orders, rolls, triples):
        arr.setflags(write=False)
    return dice_row, triple_col, triples, orders, rolls


def _draws(dice: tuple[int, ...], known: tuple[Card, ...], opponents: list[OpponentDice],
           rules: DicePokerRules) -> tuple[list[_Draw], int | None]:
    """The players' unknown-card draws (hero first) and the hero's key rank if fully known.

    Hands are compared by their rank in the shipped key order ([`key_ranks`][dreidelpoker.games.dice_poker.key_ranks.key_ranks]), so no
    class is valued here."""
    ranks = key_ranks(rules.ranking_options).astype(np.int64)  # (dice multiset, rank triple)
    dice_row, triple_col, triples, orders, roll_rows = _class_tables()
    hero_ranks = ranks[dice_row[tuple(sorted(dice, reverse=True))]]
    known_ranks = [c.rank for c in known]
    draws: list[_Draw] = []
    hero_fixed: int | None = None
    u = 3 - len(known)
    if u == 0:
        hero_fixed = int(hero_ranks[triple_col[tuple(sorted(known_ranks, reverse=True))]])
    else:
        classes = rank_multisets(u)
        cols = [triple_col[tuple(sorted(known_ranks + list(c), reverse=True))] for c in classes]
        draws.append(_Draw(0, _counts_matrix(classes), hero_ranks[cols]))
    for j, roll in enumerate(opponents, start=1):
        if roll is None:
            # Every dice multiset x every rank triple, weighted by the roll's orders.
            draws.append(_Draw(j, np.tile(triples, (len(DICE_MULTISETS), 1)), ranks.ravel(),
                               mult=np.repeat(orders, len(RANK_TRIPLES)), roll_index=roll_rows))
        else:
            draws.append(_Draw(j, triples, ranks[dice_row[tuple(sorted(roll, reverse=True))]]))
    return draws, hero_fixed


@check_arguments
def exact_cells(hero_known_cards: int, opponents: int, *, unknown_rolls: int = 0) -> int:
    """The size of the exact enumeration: the product of every player's class counts.

    ``unknown_rolls`` of the opponents have dice not known yet (56 dice multisets each).

    Parameters:
        hero_known_cards: how many of the hero's cards are known (0 to 3).
        opponents: the number of opponents.
        unknown_rolls: how many opponents have not rolled yet.

    Returns:
        The number of cells.

    Examples:
        >>> exact_cells(0, 1), exact_cells(3, 2), exact_cells(0, 2)
        (207025, 207025, 94196375)
        >>> exact_cells(0, 1, unknown_rolls=1)
        11593400
    """
    hero = len(rank_multisets(3 - hero_known_cards)) if hero_known_cards < 3 else 1
    return hero * math.prod([len(RANK_TRIPLES)] * opponents + [len(DICE_MULTISETS)] * unknown_rolls)


def _class_weights(left: IntArray, counts: IntArray) -> IntArray:
    """Card sets per class given the rank counts left (rows of ``counts``)."""
    w: IntArray = np.prod(_BINOM[left[None, :], counts], axis=1)
    return w


class _Exact:
    def __init__(self, draws: list[_Draw], hero_fixed: int | None, players: int) -> None:
        self.draws = draws
        self.hero_fixed = hero_fixed
        self.acc = EquityAccumulator(players)
        self.players = players

    def run(self, left: IntArray) -> EquityAccumulator:
        self._rec(0, left, 1, {} if self.hero_fixed is None else {0: self.hero_fixed})
        return self.acc

    def _rec(self, i: int, left: IntArray, weight: int, fixed: dict[int, int]) -> None:
        remaining = len(self.draws) - i
        if remaining <= 2:
            self._final(i, left, weight, fixed)
            return
        d = self.draws[i]
        w = _class_weights(left, d.counts)
        if d.mult is not None:
            w = w * d.mult
        for c in np.nonzero(w)[0]:
            self._rec(i + 1, left - d.counts[c], weight * int(w[c]), {**fixed, d.player: int(d.ordinals[c])})

    def _final(self, i: int, left: IntArray, weight: int, fixed: dict[int, int]) -> None:
        """The last one or two draws, vectorised: a weight vector or matrix and the showdown."""
        last = self.draws[i:]
        if len(last) == 1:
            (a,) = last
            weights = _class_weights(left, a.counts)
            if a.mult is not None:
                weights = weights * a.mult
            self._showdown(weight, fixed, weights, {a.player: a.ordinals})
            return
        a, b = last
        wa = _class_weights(left, a.counts)
        if a.mult is not None:
            wa = wa * a.mult
        keep = np.nonzero(wa)[0]
        # B's weights from the full ``left``: C(left_r, b_r) for every rank r. A class of A
        # holds at most three ranks, and only on those does B's factor change, to
        # C(left_r - a_r, b_r): so each rank updates only the rows of A that hold it.
        base = _class_weights(left, b.counts)
        if b.mult is not None:
            base = base * b.mult
        # C(left_r, b_r) per rank and class of B, as divisors (1 where it is 0: base is 0 there).
        den = np.maximum(_BINOM[left[None, :], b.counts], 1)  # (nb, 13)
        # Rows in chunks so the weight matrix stays small (unknown rolls make B 25,480 wide).
        step = max(1, _MATRIX_CELLS // max(len(b.counts), 1))
        for start in range(0, len(keep), step):
            rows = keep[start:start + step]
            ca, ka, wa_r = a.counts[rows], a.ordinals[rows], wa[rows]
            wb = np.repeat(base[None, :], len(rows), axis=0)
            for r in np.nonzero(ca.any(axis=0))[0]:
                held = np.nonzero(ca[:, r])[0]
                col = b.counts[:, r]
                num = _BINOM[(left[r] - ca[held, r])[:, None], col[None, :]]
                wb[held] = wb[held] // den[None, :, r] * num  # exact: the divisor is a factor
            wb *= wa_r[:, None]
            self._showdown(weight, fixed, wb, {a.player: ka[:, None], b.player: b.ordinals[None, :]})

    def _showdown(self, weight: int, fixed: dict[int, int], weights: IntArray, keys: dict[int, Any]) -> None:
        if self.players == 2:  # heads-up: win, tie or lose against the one other key
            mine: Any = fixed[0] if 0 in fixed else keys[0]
            (theirs,) = [v for p, v in {**fixed, **keys}.items() if p != 0]
            win = int(weights.sum(where=np.broadcast_to(mine > theirs, weights.shape)))
            tie = int(weights.sum(where=np.broadcast_to(mine == theirs, weights.shape)))
            lose = int(weights.sum()) - win - tie
            for count, winners, won in ((lose, 1, False), (win, 1, True), (tie, 2, True)):
                if count:
                    self.acc.add(weight * count, winners=winners, hero_wins=won)
            return
        best: Any = max(fixed.values()) if fixed else -1
        for k in keys.values():
            best = np.maximum(best, k)
        nwin: Any = np.zeros_like(weights)
        for v in fixed.values():
            nwin = nwin + (v == best)
        for k in keys.values():
            nwin = nwin + (k == best)
        hero = fixed[0] if 0 in fixed else keys[0]
        hero_wins = np.broadcast_to(hero == best, weights.shape)
        lose = int(weights[~hero_wins].sum())
        if lose:
            self.acc.add(weight * lose, winners=1, hero_wins=False)
        for n in range(1, self.players + 1):
            s = int(weights[hero_wins & (nwin == n)].sum())
            if s:
                self.acc.add(weight * s, winners=n, hero_wins=True)


def _monte_carlo(draws: list[_Draw], hero_fixed: int | None, left: IntArray, known: tuple[Card, ...],
                 *, samples: int, seed: int, description: str, confidence: float,
                 players: int) -> MonteCarloEstimate:
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    deck = np.repeat(np.arange(len(CARD_RANKS)), left)  # rank indices of the cards left
    # A sorted rank-index triple (a >= b >= c) -> its RANK_TRIPLES position.
    lut = np.full(13 ** 3, -1, dtype=np.int64)
    for i, t in enumerate(RANK_TRIPLES):
        a, b, c = (_RANK_INDEX[r] for r in t)
        lut[(a * 13 + b) * 13 + c] = i
    known_idx = [_RANK_INDEX[c.rank] for c in known]
    u = 3 - len(known)
    # Hero ordinals indexed by triple position (known + drawn ranks).
    hero_table = None
    if u:
        hero_table = np.full(len(RANK_TRIPLES), -1, dtype=np.int64)
        for cls_counts, o in zip(draws[0].counts, draws[0].ordinals):
            ranks = known_idx + [r for r in range(13) for _ in range(int(cls_counts[r]))]
            a, b, c = sorted(ranks, reverse=True)
            hero_table[lut[(a * 13 + b) * 13 + c]] = o
    opp_draws = draws[1:] if u else draws
    need = u + 3 * len(opp_draws)
    tally = ShowdownTally(players)
    done = 0
    chunk = max(1, min(samples, 2_000_000 // max(len(deck), 1)))
    with progress_bar(samples, "sampling deals", unit=" deals") as bar:  # chunks: constant memory
        while done < samples:
            n = min(chunk, samples - done)
            order = rng.random((n, len(deck))).argsort(axis=1)[:, :need]
            cards = deck[order]
            cols = []
            pos = 0
            if u:
                hero_cards = np.concatenate([np.tile(np.array(known_idx, dtype=np.int64), (n, 1)),
                                             cards[:, :u]], axis=1) if known_idx else cards[:, :u]
                pos = u
                h = -np.sort(-hero_cards, axis=1)
                assert hero_table is not None
                cols.append(hero_table[lut[(h[:, 0] * 13 + h[:, 1]) * 13 + h[:, 2]]])
            else:
                cols.append(np.full(n, hero_fixed, dtype=np.int64))
            for d in opp_draws:
                o = -np.sort(-cards[:, pos:pos + 3], axis=1)
                pos += 3
                cls = lut[(o[:, 0] * 13 + o[:, 1]) * 13 + o[:, 2]]
                if d.roll_index is not None:  # an unknown roll: throw the dice too
                    cls = d.roll_index[rng.integers(0, 216, size=n)] * len(RANK_TRIPLES) + cls
                cols.append(d.ordinals[cls])
            keys = np.stack(cols, axis=1)
            best = keys.max(axis=1)
            nwin = (keys == best[:, None]).sum(axis=1)
            hero_wins = keys[:, 0] == best
            lose = int((~hero_wins).sum())
            if lose:
                tally.add_counts(winners=1, hero_wins=False, count=lose)
            for k, c in enumerate(np.bincount(nwin[hero_wins], minlength=players + 1)):
                if c:
                    tally.add_counts(winners=k, hero_wins=True, count=int(c))
            done += n
            bar.update(n)
    return tally.estimate(seed=seed, confidence=confidence, description=description)


def _roll_label(roll: OpponentDice) -> str:
    return "?" if roll is None else ",".join(map(str, roll))


@dataclass(frozen=True)
class DiceKnown:
    """What is known before the cards are dealt: the hero's dice and known cards, each
    opponent's dice (``None`` = not rolled yet) and the dead cards.

    Build it with [`dice_known`][dreidelpoker.games.dice_poker.equity.dice_known], which checks it.

    Examples:
        >>> from dreidelpoker.games.dice_poker.equity import dice_known
        >>> known = dice_known((6, 5, 3), opponent_dice="2,2,1")
        >>> known.dice, known.cards, known.opponent_dice
        ((6, 5, 3), (), ((2, 2, 1),))
    """

    dice: tuple[int, ...]
    cards: tuple[Card, ...]
    opponent_dice: tuple[OpponentDice, ...]
    dead: tuple[Card, ...] = ()

    def left(self) -> IntArray:
        """Rank counts left in the deck (index ``r - 2`` for rank ``r``)."""
        left_map = remaining_deck(self.cards + self.dead)
        return np.array([left_map[r] for r in CARD_RANKS], dtype=np.int64)

    def describe(self) -> str:
        """A short description, e.g. ``"dice 6,5,3 and cards K against 2,2,1"``."""
        return (f"dice {','.join(map(str, self.dice))}"
                + (f" and cards {' '.join(str(c) for c in self.cards)}" if self.cards else "")
                + " against " + "; ".join(_roll_label(o) for o in self.opponent_dice))


@check_arguments
def dice_known(
    dice: str | Sequence[int],
    cards: str | Iterable[str | int | Card] | None = None,
    *,
    opponent_dice: str | Sequence[str | Sequence[int] | None],
    dead: str | Iterable[str | int | Card] | None = None,
) -> DiceKnown:
    """Parse and check what is known (the arguments of [`equity`][dreidelpoker.games.dice_poker.equity.equity]).

    Parameters:
        dice: the hero's three dice.
        cards: the hero's known cards (a string like ``"K,QS"`` or a list of tokens / [`Card`][dreidelpoker.games.dice_poker.cards.Card] objects).
        opponent_dice: the opponents' dice (see [`parse_opponent_dice`][dreidelpoker.games.dice_poker.equity.parse_opponent_dice]).
        dead: cards known to be out of play.

    Returns:
        The checked [`DiceKnown`][dreidelpoker.games.dice_poker.equity.DiceKnown].

    Raises:
        ValueError: for bad dice or cards, too many players, or too few cards left.

    Examples:
        >>> dice_known("6,5,3", "K", opponent_dice="2,2,1 ?").describe()
        'dice 6,5,3 and cards K against 2,2,1; ?'
    """
    d = parse_dice(dice)
    known = parse_cards(cards)
    gone = parse_cards(dead, max_cards=DECK_SIZE, what="dead cards")
    check_card_supply(known + gone, what="your cards and the dead cards")
    opponents = parse_opponent_dice(opponent_dice)
    k = DiceKnown(d, known, tuple(opponents), gone)
    left = k.left()
    need = 3 - len(known) + 3 * len(opponents)
    if need > int(left.sum()):
        raise InputError(
            f"{len(opponents) + 1} players need {need} more cards but only {int(left.sum())} are left in the deck "
            f"after {len(known)} known and {len(gone)} dead cards"
        )
    return k


def exact_equity_of(known: DiceKnown, *, rules: DicePokerRules) -> EquityResult:
    """The vectorised exact engine on a checked [`DiceKnown`][dreidelpoker.games.dice_poker.equity.DiceKnown] (no cell limit).

    Parameters:
        known: what is known, checked by [`dice_known`][dreidelpoker.games.dice_poker.equity.dice_known].
        rules: the rules.

    Returns:
        The exact [`EquityResult`][dreidelpoker.EquityResult].
    """
    draws, hero_fixed = _draws(known.dice, known.cards, list(known.opponent_dice), rules)
    acc = _Exact(draws, hero_fixed, len(known.opponent_dice) + 1).run(known.left())
    return acc.result(known.describe())


def monte_carlo_equity_of(known: DiceKnown, *, rules: DicePokerRules, samples: int, seed: int,
                          confidence: float = 0.95) -> MonteCarloEstimate:
    """The vectorised Monte Carlo engine on a checked [`DiceKnown`][dreidelpoker.games.dice_poker.equity.DiceKnown].

    Parameters:
        known: what is known, checked by [`dice_known`][dreidelpoker.games.dice_poker.equity.dice_known].
        rules: the rules.
        samples: the number of samples.
        seed: the seed.
        confidence: the intervals' confidence level.

    Returns:
        A [`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate].
    """
    draws, hero_fixed = _draws(known.dice, known.cards, list(known.opponent_dice), rules)
    return _monte_carlo(draws, hero_fixed, known.left(), known.cards, samples=samples, seed=seed,
                        description=known.describe(), confidence=confidence,
                        players=len(known.opponent_dice) + 1)


@check_arguments
def equity(
    dice: str | Sequence[int],
    cards: str | Iterable[str | int | Card] | None = None,
    *,
    opponent_dice: str | Sequence[str | Sequence[int] | None],
    rules: DicePokerRules | None = None,
    method: Method = "auto",
    samples: int = 200_000,
    seed: int = 0,
    max_exact_cells: int = EXACT_CELL_LIMIT,
    dead: str | Iterable[str | int | Card] | None = None,
) -> EquityResult | MonteCarloEstimate:
    """Equity of the hero's dice and 0-3 known cards against opponents with known dice.

    ``method="exact"`` enumerates (an [`EquityResult`][dreidelpoker.EquityResult] of sympy Rationals) and
    refuses cases beyond ``max_exact_cells``; ``"monte-carlo"`` samples
    (a `MonteCarloEquity` with seed, sample count and 95% intervals);
    ``"auto"`` is exact within the limit and Monte Carlo beyond. An opponent given as
    ``"?"`` (or ``None``) has not rolled yet: their roll is averaged over all 216. ``dead`` lists cards
    known to be out of play (seen elsewhere); they are removed from the deck. The table
    size is one hero plus one player per entry of ``opponent_dice`` (up to 17 players);
    ``rules`` supplies the ranking options.

    Parameters:
        dice: the hero's three dice.
        cards: the hero's 0 to 3 known cards (a string like ``"K,QS"`` or a list of tokens / `Card` objects).
        opponent_dice: the opponents' dice, ``"?"`` for a roll not known yet.
        rules: the rules (default [Dice Poker rules][rules-2]).
        method: ``"exact"``, ``"monte-carlo"`` or ``"auto"``.
        samples: Monte Carlo samples (2 or more).
        seed: the Monte Carlo seed.
        max_exact_cells: the largest exact enumeration ``"auto"`` and ``"exact"`` accept.
        dead: cards known to be out of play.

    Returns:
        An [`EquityResult`][dreidelpoker.EquityResult] (exact) or a
        [`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate].

    Raises:
        ValueError: an unknown method, bad counts or seed, bad dice or cards, or an exact
            enumeration over ``max_exact_cells``.

    Examples:
        >>> r = equity("6,5,3", "K", opponent_dice=["2,2,1"])
        >>> r.win + r.tie + r.lose
        1
        >>> equity("4,4,2", opponent_dice=["4,2,4"]).equity  # the same dice: a fair fight
        1/2
    """
    rules = default_rules(rules, DicePokerRules)
    if method not in _METHODS:
        raise InputError(f"method must be one of {list(_METHODS)}, got {method!r}")
    check_count(samples, "samples", low=2, high=MAX_SAMPLES)
    check_count(max_exact_cells, "max_exact_cells", low=1, high=10 ** 12)
    check_seed(seed)
    k = dice_known(dice, cards, opponent_dice=opponent_dice, dead=dead)
    opponents = k.opponent_dice
    cells = exact_cells(len(k.cards), len(opponents), unknown_rolls=sum(o is None for o in opponents))
    use_exact = method == "exact" or (method == "auto" and cells <= max_exact_cells)
    if method == "exact" and cells > max_exact_cells:
        raise InputError(
            f"exact enumeration needs {cells:,} cells, over max_exact_cells={max_exact_cells:,}; "
            "use method 'monte-carlo' or 'auto', or raise max_exact_cells (CLI: --max-exact-cells)"
        )
    if use_exact:
        res = exact_equity_of(k, rules=rules)
        return res.with_details({"method": "exact", "cells": cells})
    mc = monte_carlo_equity_of(k, rules=rules, samples=samples, seed=seed)
    return dataclasses.replace(mc, details={"method": "monte-carlo", "cells": cells})


# -- every holding at once, heads-up (the bots' and the solver's table) ----------------------

#: Card sets an opponent may hold once the hero's three cards are out: C(49, 3).
_OPPONENT_SETS = math.comb(49, 3)


@bounded_cache(maxsize=1)
def _removal_tables() -> tuple[IntArray, tuple[IntArray, IntArray, IntArray]]:
    """``W[t, u]``: card sets of rank triple ``u`` left once triple ``t`` is out (455 x 455), and
    per known-card count ``j`` (0, 1, 2) ``M_j[k, t]``: the ways to complete the ``j`` known
    ranks ``k`` to triple ``t`` from the rest of the deck (0 when ``k`` is not inside ``t``)."""
    triples = _counts_matrix(RANK_TRIPLES)
    w = np.ones((len(RANK_TRIPLES), len(RANK_TRIPLES)), dtype=np.int64)
    for r in range(len(CARD_RANKS)):
        w *= _BINOM[(4 - triples[:, r])[:, None], triples[None, :, r]]
    completions = []
    for j in range(3):
        known = _counts_matrix(rank_multisets(j))
        extra = triples[None, :, :] - known[:, None, :]
        m = np.ones((len(known), len(RANK_TRIPLES)), dtype=np.int64)
        ok = (extra >= 0).all(axis=2)
        for r in range(len(CARD_RANKS)):
            m *= _BINOM[(4 - known[:, r])[:, None], np.clip(extra[:, :, r], 0, 4)]
        completions.append(np.where(ok, m, 0))
    for arr in (w, *completions):
        arr.setflags(write=False)
    return w, (completions[0], completions[1], completions[2])


@dataclass(frozen=True)
class HeadsUpEquityTable:
    """The exact heads-up equity of every holding of one roll against one opponent's roll.

    ``numerators[j][k] / denominators[j]`` is the equity (win + tie/2) of a hero with dice
    ``dice`` who knows the ``j`` cards ``rank_multisets(j)[k]`` (sorted high to low; ``j = 3``:
    [`RANK_TRIPLES`][dreidelpoker.games.dice_poker.RANK_TRIPLES]), against an opponent with dice ``opponent_dice`` whose three
    cards are unknown. Exactly [`exact_equity_of`][dreidelpoker.games.dice_poker.equity.exact_equity_of] for each holding (card removal
    included), computed for all 560 holdings at once.

    Attributes:
        dice: the hero's dice (sorted high to low).
        opponent_dice: the opponent's dice (sorted high to low).
        numerators: per known-card count 0 to 3, integer numerators of the equities.
        denominators: per known-card count, the common denominator.
        floats: per known-card count, the equities as floats (what bots read).
    """

    dice: tuple[int, ...]
    opponent_dice: tuple[int, ...]
    numerators: tuple[IntArray, IntArray, IntArray, IntArray]
    denominators: tuple[int, int, int, int]
    floats: tuple[npt.NDArray[np.float64], ...]

    def equity(self, cards: Sequence[int]) -> float:
        """The equity of a hero holding these card ranks (0 to 3 of them, any order).

        Parameters:
            cards: the known card ranks (2 to 14).

        Returns:
            The equity as a float.
        """
        key = tuple(sorted(cards, reverse=True))
        return float(self.floats[len(key)][_holding_index(len(key))[key]])

    def exact(self, cards: Sequence[int]) -> Any:
        """The equity as an exact ``fractions.Fraction`` (see [`equity`][dreidelpoker.games.dice_poker.equity.HeadsUpEquityTable.equity]).

        Parameters:
            cards: the known card ranks.

        Returns:
            The equity.
        """
        from fractions import Fraction

        key = tuple(sorted(cards, reverse=True))
        j = len(key)
        return Fraction(int(self.numerators[j][_holding_index(j)[key]]), self.denominators[j])


@bounded_cache(maxsize=4)
def _holding_index(j: int) -> dict[tuple[int, ...], int]:
    return {k: i for i, k in enumerate(rank_multisets(j))}


@bounded_cache(maxsize=8192)
def heads_up_equity_table(dice: tuple[int, ...], opponent_dice: tuple[int, ...],
                          options: tuple[int, int] = (1, 2)) -> HeadsUpEquityTable:
    """Exact heads-up equities of every holding of ``dice`` against ``opponent_dice`` (cached).

    Parameters:
        dice: the hero's three dice.
        opponent_dice: the opponent's three dice.
        options: [`DicePokerRules.ranking_options`][dreidelpoker.games.dice_poker.DicePokerRules.ranking_options].

    Returns:
        A [`HeadsUpEquityTable`][dreidelpoker.games.dice_poker.equity.HeadsUpEquityTable].

    Examples:
        >>> t = heads_up_equity_table((6, 5, 3), (2, 2, 1))
        >>> t.exact([13]) == equity("6,5,3", "K", opponent_dice=["2,2,1"], method="exact").equity
        True
    """
    d = tuple(sorted(dice, reverse=True))
    e = tuple(sorted(opponent_dice, reverse=True))
    dice_row = _class_tables()[0]
    ranks = key_ranks(options)
    hero, opp = ranks[dice_row[d]].astype(np.int64), ranks[dice_row[e]].astype(np.int64)
    w, completions = _removal_tables()
    # Twice the equity: 2 per win, 1 per tie, over every opponent card set left.
    score = 2 * (hero[:, None] > opp[None, :]) + (hero[:, None] == opp[None, :])
    full = (w * score).sum(axis=1)
    nums = [completions[j] @ full for j in range(3)] + [full]
    dens = [2 * _OPPONENT_SETS * math.comb(52 - j, 3 - j) for j in range(3)] + [2 * _OPPONENT_SETS]
    for a in nums:
        a.setflags(write=False)
    floats = tuple(n / den for n, den in zip(nums, dens))
    return HeadsUpEquityTable(d, e, (nums[0], nums[1], nums[2], nums[3]), (dens[0], dens[1], dens[2], dens[3]),
                              floats)
