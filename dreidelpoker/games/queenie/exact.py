"""Exact Queenie results: the dead-Queen carry-over, and whole deals enumerated on small decks.

* [`queen_dead_probability`][dreidelpoker.games.queenie.exact.queen_dead_probability] — the chance that the queen pot carries over because
  its Queen is dead (the queen-pot card is that Queen, or the Queen lies in the dead
  hand), for any player count and dealing option, as an exact Fraction. Only the sizes
  of the hands and where the queen-pot card comes from matter, so it is a short
  hypergeometric sum; the tests check it against every ordering of a reduced deck.
* [`enumerate_deal`][dreidelpoker.games.queenie.exact.enumerate_deal] — every deal of a (reduced) deck played with deterministic
  bots through the game's own chance nodes, equal states merged, giving exact
  probabilities of a blocked deal, of each seat going out, and of the queen pot
  carrying over.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, Literal


from ._deck import tables
from .game import LEAD, OFFER, QueenieGame, new_game
from .rules import QueenieRules
from ...errors import InputError
from ..._fractions import to_rational
from ...exact import ExactRecord, hold_exact
from ...sampler import Sampler
from ...validation import check_arguments

if TYPE_CHECKING:
    import sympy

__all__ = ["DealDistribution", "Deals", "DETERMINISTIC_BOTS", "deal_count", "deals", "enumerate_deal", "play_dealt", "queen_dead_probability", "queen_dead_table"]

#: Bots whose choices depend on their observation only (no randomness): fit for enumeration.
DETERMINISTIC_BOTS = ("never-swap", "always-swap", "heuristic")


@check_arguments
def queen_dead_probability(rules: QueenieRules, *, swap: Literal["never", "first"] = "never") -> sympy.Rational:
    """The exact chance that the queen pot carries over because its Queen is dead.

    The Queen of the queen-pot card's suit is *dead* when the queen-pot card is that
    Queen itself (it then carries over, except under ``"to-going-out"``, which hands the
    pot on instead; ``"redraw"`` prevents it, unless a dummy it is taken from holds only
    Queens) or when that Queen lies in the dead hand.

    Parameters:
        rules: the rules (players, ``dealing``, ``queen_card``, ``queen_card_queen``, deck).
        swap: ``"never"`` — nobody swaps, the dummy is dead; ``"first"`` — the first player
            takes the dummy, their own hand is dead. (Any swap decision made without
            seeing the Queens gives the size-weighted mix of these.)

    Returns:
        The probability, a sympy Rational.

    Raises:
        ValueError: ``swap`` is not ``"never"`` or ``"first"``.

    Examples:
        >>> queen_dead_probability(QueenieRules(players=4))
        61/221
        >>> queen_dead_probability(QueenieRules(players=4, queen_card_queen="redraw"))
        11/51
    """
    return to_rational(_queen_dead(rules, swap))


def _queen_dead(rules: QueenieRules, swap: str) -> Fraction:
    if swap not in ("never", "first"):
        raise InputError(f"swap must be 'never' or 'first', got {swap!r}")
    n_cards = rules.deck_size
    suits = rules.deck_suits
    sizes = rules.hand_sizes()
    queen_is_dead = Fraction(0 if rules.queen_card_queen == "to-going-out" else 1)
    if rules.queen_card == "deck":
        dead = sizes[0] if swap == "never" else sizes[1]
        p_queen = Fraction(0) if rules.queen_card_queen == "redraw" else Fraction(suits, n_cards)
        # Given a non-Queen card, its suit's Queen is any of the other n - 1 cards, all dealt.
        return p_queen * queen_is_dead + (1 - p_queen) * Fraction(dead, n_cards - 1)
    # queen_card == "dummy": every card dealt, then one taken from the dummy.
    d0 = sizes[0] + 1  # the dummy as dealt
    h1 = sizes[1]
    if rules.queen_card_queen != "redraw":
        p_queen = Fraction(suits, n_cards)
        dead = d0 - 1 if swap == "never" else h1
        return p_queen * queen_is_dead + (1 - p_queen) * Fraction(dead, n_cards - 1)
    # Redraw: the card is a random non-Queen of the dummy (a Queen only if the dummy is all Queens).
    total = Fraction(0)
    for j in range(0, min(suits, d0) + 1):  # Queens in the dealt dummy
        pj = Fraction(comb(suits, j) * comb(n_cards - suits, d0 - j), comb(n_cards, d0))
        if pj == 0:
            continue
        if j == d0:
            total += pj * queen_is_dead  # every dummy card is a Queen: the card put aside is one
            continue
        # The card's suit is uniform and independent of which Queens the dummy holds.
        if swap == "never":
            total += pj * Fraction(j, suits)
        else:
            total += pj * Fraction(suits - j, suits) * Fraction(h1, n_cards - d0)
    return total


@check_arguments
def queen_dead_table(players: Sequence[int] = range(3, 9)) -> list[dict[str, Any]]:
    """[`queen_dead_probability`][dreidelpoker.games.queenie.exact.queen_dead_probability] for each player count, dealing order and queen-card source.

    Parameters:
        players: the player counts.

    Returns:
        Rows ``{"players", "dealing", "queen_card", "swap", "probability"}`` (sympy Rationals).

    Examples:
        >>> row = queen_dead_table([3])[0]
        >>> row["players"], row["dealing"], row["queen_card"], row["swap"], row["probability"]
        (3, 'dummy-first', 'deck', 'never', 69/221)
    """
    rows = []
    for p in players:
        for dealing in ("dummy-first", "players-first"):
            for qc in ("deck", "dummy"):
                for swap in ("never", "first"):
                    r = QueenieRules(players=p, dealing=dealing, queen_card=qc)
                    rows.append({"players": p, "dealing": dealing, "queen_card": qc, "swap": swap,
                                 "probability": queen_dead_probability(r, swap=swap)})
    return rows


@hold_exact("blocked", "went_out", "queen_carried", "queen_dead", "swap", "cards")
@dataclass(frozen=True)
class DealDistribution(ExactRecord):
    """Exact probabilities over every deal of a deck, with fixed deterministic bots.

    The exact values are held as Fractions and shown as sympy Rationals (``.fractions()``
    gives them as held).

    Attributes:
        rules: the rules (one deal).
        bots: the bot names, seat 1 first.
        blocked: P(nobody goes out).
        went_out: P(seat k goes out), one per seat.
        queen_carried: P(the queen pot carries over).
        queen_dead: P(the queen pot's Queen is dead).
        swap: P(somebody takes the dummy).
        cards: the expected number of cards played.
        deals: distinct deals played.
    """

    rules: QueenieRules
    bots: tuple[str, ...]
    blocked: sympy.Rational
    went_out: tuple[sympy.Rational, ...]
    queen_carried: sympy.Rational
    queen_dead: sympy.Rational
    swap: sympy.Rational
    cards: sympy.Rational
    deals: int


_RNG = Sampler(0)  # never drawn from by deterministic bots


def _combos(pool: int, k: int) -> Iterator[int]:
    """Every ``k``-card sub-mask of ``pool``."""
    cards = [c for c in range(pool.bit_length()) if pool >> c & 1]
    for combo in itertools.combinations(cards, k):
        m = 0
        for c in combo:
            m |= 1 << c
        yield m


def _partitions(pool: int, sizes: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every split of ``pool`` into hands of ``sizes`` (as masks, in order)."""
    if len(sizes) == 1:
        yield (pool,)
        return
    for m in _combos(pool, sizes[0]):
        for rest in _partitions(pool & ~m, sizes[1:]):
            yield (m,) + rest


class Deals:
    """Every distinct deal of one rules object, enumerated lazily (see [`deals`][dreidelpoker.games.queenie.exact.deals]).

    Iterating gives ``(probability, queen-pot card, hands)`` with sympy Rationals;
    [`fractions`][dreidelpoker.games.queenie.exact.Deals.fractions] gives the same deals with
    the engine's own `fractions.Fraction` probabilities, for exact inner loops.

    Examples:
        >>> d = deals(QueenieRules(players=3, deck_suits=2, deck_ranks=3))
        >>> next(iter(d))[0], next(d.fractions())[0]
        (1/360, Fraction(1, 360))
    """

    def __init__(self, rules: QueenieRules) -> None:
        self.rules = rules

    def __iter__(self) -> Iterator[tuple[sympy.Rational, int, tuple[int, ...]]]:
        for p, q, hands in self.fractions():
            yield to_rational(p), q, hands

    def fractions(self) -> Iterator[tuple[Fraction, int, tuple[int, ...]]]:
        """The deals with `fractions.Fraction` probabilities (the same order as iterating).

        Returns:
            An iterator of ``(probability, queen-pot card, hands)``.

        Examples:
            >>> sum(p for p, _, _ in deals(QueenieRules(players=3, deck_suits=2, deck_ranks=3)).fractions())
            Fraction(1, 1)
        """
        rules = self.rules
        t = tables(rules)
        sizes = rules.hand_sizes()
        full = t.full
        if rules.queen_card == "deck":
            qs = [c for c in range(full.bit_length())
                  if not (rules.queen_card_queen == "redraw" and t.queen_mask >> c & 1)]
            per = Fraction(1, len(qs) * _multinomial(sizes))
            for q in qs:
                for hands in _partitions(full & ~(1 << q), sizes):
                    yield per, q, hands
            return
        dealt = (sizes[0] + 1,) + tuple(sizes[1:])
        per_split = Fraction(1, _multinomial(dealt))
        for hands in _partitions(full, dealt):
            dummy = hands[0]
            pool = dummy & ~t.queen_mask if rules.queen_card_queen == "redraw" and dummy & ~t.queen_mask else dummy
            cards = [c for c in range(pool.bit_length()) if pool >> c & 1]
            for q in cards:
                yield per_split / len(cards), q, (dummy & ~(1 << q),) + hands[1:]


def deals(rules: QueenieRules) -> Deals:
    """Every distinct deal with its exact probability: ``(probability, queen-pot card, hands)``.

    ``hands`` are masks by position: the dummy (after any card put aside), then the first
    player and on to the dealer. Every ordering of the deck is equally likely, so every
    split of the cards into hands of the dealt sizes is too.

    Parameters:
        rules: the rules (small decks: the count grows fast).

    Returns:
        A lazy [`Deals`][dreidelpoker.games.queenie.exact.Deals]: iterate it for
        ``(probability, queen-pot card, hands)`` with sympy Rationals (``.fractions()`` for
        Fractions); the probabilities sum to 1.

    Examples:
        >>> sum(p for p, _, _ in deals(QueenieRules(players=3, deck_suits=2, deck_ranks=3)))
        1
    """
    return Deals(rules)


def _multinomial(sizes: Sequence[int]) -> int:
    out, total = 1, 0
    for k in sizes:
        total += k
        out *= comb(total, k)
    return out


def play_dealt(queen_card: int, hands: Sequence[int], bots: Sequence[Callable[..., Any]],
               rng: Sampler | None = None, *, rules: QueenieRules, start: QueenieGame | None = None) -> QueenieGame:
    """Play one given deal (masks by position, as [`deals`][dreidelpoker.games.queenie.exact.deals] gives them) to its end with ``bots``.

    Seat 1 is the first player (the dealer is the last seat), as in the first deal of a
    session. ``start`` (``new_game`` of one-deal rules) may be passed to save its making.

    Parameters:
        rules: the rules.
        queen_card: the queen-pot card.
        hands: the hand masks by position (the dummy first).
        bots: one bot per seat.
        rng: the bots' sampler (default: a fixed one).
        start: a ready ``new_game`` of one-deal rules, to save making it.

    Returns:
        The finished game.

    Raises:
        ValueError: a bot chose an action that is not legal.
    """
    if start is None:
        start = new_game(replace(rules, session_deals=1))
    t = tables(start.rules)
    n = rules.players
    rng = rng if rng is not None else _RNG
    by_seat = [0] * n
    for pos in range(1, n + 1):
        by_seat[start.seat_at(pos)] = hands[pos]
    state = QueenieGame(start.rules, 1, 0, start.button, start.chips, start.pots, OFFER, 0, t.deal_count,
                        tuple(by_seat), hands[0], 0, queen_card, 1, -1, 0, -1, (), -1, start.queen_by, (0, 0, 0),
                        start.tally, start.out_wins, start.queen_wins)
    while state.phase == OFFER or state.phase == LEAD:
        seat = state.current_players[0]
        legal = state.legal_actions(seat)
        action = bots[seat](state.observation(seat), legal, rng)
        if action not in legal:
            raise InputError(f"bots: seat {seat + 1} chose {action!r}; legal: {legal!r}")
        state = state.apply(action)
    return state


def enumerate_deal(bots: Sequence[str] | str, *, rules: QueenieRules, max_deals: int = 2_000_000) -> DealDistribution:
    """Play every deal of ``rules``'s deck once, weighted exactly, with deterministic bots.

    Every distinct deal ([`deals`][dreidelpoker.games.queenie.exact.deals]) is played through the game's own states, so this
    is the simulator's game with the chance removed: use it on reduced decks
    (``deck_suits``, ``deck_ranks``).

    Parameters:
        rules: the rules; one deal is played (seat 1 first, the last seat deals).
        bots: one name per seat from [`DETERMINISTIC_BOTS`][dreidelpoker.games.queenie.exact.DETERMINISTIC_BOTS] (or a comma-separated string).
        max_deals: refuse decks with more distinct deals than this.

    Returns:
        A [`DealDistribution`][dreidelpoker.games.queenie.exact.DealDistribution].

    Raises:
        ValueError: an unknown or random bot, a wrong count, or too many deals.

    Examples:
        >>> d = enumerate_deal("never-swap,never-swap,never-swap", rules=QueenieRules(players=3, deck_suits=2, deck_ranks=3))
        >>> sum(d.went_out) + d.blocked
        1
    """
    from .play import PLAY

    names = tuple(b.strip() for b in bots.split(",")) if isinstance(bots, str) else tuple(bots)
    for b in names:
        if b not in DETERMINISTIC_BOTS:
            raise InputError(f"bots: {b!r} cannot be enumerated; use deterministic bots: {', '.join(DETERMINISTIC_BOTS)}")
    if len(names) != rules.players:
        raise InputError(f"bots: {len(names)} bots given for {rules.players} players; give exactly one bot per player")
    count = deal_count(rules)
    if count > max_deals:
        raise InputError(f"max_deals: this deck has {count:,} distinct deals, more than {max_deals:,}; use a smaller deck")
    rules = replace(rules, session_deals=1)
    made: list[Callable[..., Any]] = [PLAY.bots[b](rules) for b in names]
    start = new_game(rules)
    blocked = Fraction(0)
    went = [Fraction(0)] * rules.players
    qc = qd = sw = cards = Fraction(0)
    n_deals = 0
    for w, q, hands in deals(rules).fractions():
        d = play_dealt(q, hands, made, start=start, rules=rules).last_deal
        assert d is not None
        n_deals += 1
        if d.blocked:
            blocked += w
        else:
            went[d.went_out] += w
        if d.queen_winner < 0:
            qc += w
        if d.queen_dead:
            qd += w
        if d.swapper >= 0:
            sw += w
        cards += w * d.cards
    return DealDistribution(rules, names, blocked, tuple(went), qc, qd, sw, cards, n_deals)


def deal_count(rules: QueenieRules) -> int:
    """The number of distinct deals [`enumerate_deal`][dreidelpoker.games.queenie.exact.enumerate_deal] plays.

    Parameters:
        rules: the rules.

    Returns:
        The count.

    Examples:
        >>> deal_count(QueenieRules(players=3, deck_suits=2, deck_ranks=6))
        1108800
    """
    sizes = rules.hand_sizes()
    t = tables(rules)
    if rules.queen_card == "deck":
        qs = t.full.bit_length() - (t.suits if rules.queen_card_queen == "redraw" else 0)
        return qs * _multinomial(sizes)
    d0 = sizes[0] + 1
    if rules.queen_card_queen != "redraw":
        return _multinomial((d0,) + tuple(sizes[1:])) * d0
    n_cards, s = rules.deck_size, rules.deck_suits
    rest = _multinomial(tuple(sizes[1:]))
    return sum(comb(s, j) * comb(n_cards - s, d0 - j) * (d0 - j if j < d0 else d0) * rest for j in range(min(s, d0) + 1))
