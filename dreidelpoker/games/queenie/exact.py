"""Exact Queenie results: the dead-Queen carry-over, and whole deals enumerated on small decks.

* :func:`queen_dead_probability` — the chance that the queen pot carries over because
  its Queen is dead (the queen-pot card is that Queen, or the Queen lies in the dead
  hand), for any player count and dealing option, as an exact Fraction. Only the sizes
  of the hands and where the queen-pot card comes from matter, so it is a short
  hypergeometric sum; the tests check it against every ordering of a reduced deck.
* :func:`enumerate_deal` — every deal of a (reduced) deck played with deterministic
  bots through the game's own chance nodes, equal states merged, giving exact
  probabilities of a blocked deal, of each seat going out, and of the queen pot
  carrying over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Any, Literal

import numpy as np

from .game import OVER, QueenieGame, new_game
from .rules import QueenieRules

__all__ = ["DealDistribution", "DETERMINISTIC_BOTS", "enumerate_deal", "queen_dead_probability", "queen_dead_table"]

#: Bots whose choices depend on their observation only (no randomness): fit for enumeration.
DETERMINISTIC_BOTS = ("never-swap", "always-swap", "heuristic")


def queen_dead_probability(rules: QueenieRules, *, swap: Literal["never", "first"] = "never") -> Fraction:
    """The exact chance that the queen pot carries over because its Queen is dead.

    The Queen of the queen-pot card's suit is *dead* when the queen-pot card is that
    Queen itself (it then carries over unless ``queen_card_queen`` is ``"redraw"``, which
    never lets it happen, or ``"to-going-out"``, which hands the pot on instead) or when
    that Queen lies in the dead hand.

    Parameters:
        rules: the rules (players, ``dealing``, ``queen_card``, ``queen_card_queen``, deck).
        swap: ``"never"`` — nobody swaps, the dummy is dead; ``"first"`` — the first player
            takes the dummy, their own hand is dead. (Any swap decision made without
            seeing the Queens gives the size-weighted mix of these.)

    Returns:
        The probability as a Fraction.

    Raises:
        ValueError: ``swap`` is not ``"never"`` or ``"first"``.

    Examples:
        >>> queen_dead_probability(QueenieRules(players=4))
        Fraction(61, 221)
        >>> queen_dead_probability(QueenieRules(players=4, queen_card_queen="redraw"))
        Fraction(11, 51)
    """
    if swap not in ("never", "first"):
        raise ValueError(f"swap must be 'never' or 'first', got {swap!r}")
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


def queen_dead_table(players: Sequence[int] = range(3, 9)) -> list[dict[str, Any]]:
    """:func:`queen_dead_probability` for each player count, dealing order and queen-card source.

    Returns:
        Rows ``{"players", "dealing", "queen_card", "swap", "probability"}`` (Fractions).

    Examples:
        >>> row = queen_dead_table([3])[0]
        >>> row["players"], row["dealing"], row["queen_card"], row["swap"], row["probability"]
        (3, 'dummy-first', 'deck', 'never', Fraction(69, 221))
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


@dataclass(frozen=True)
class DealDistribution:
    """Exact probabilities over every deal of a deck, with fixed deterministic bots.

    Attributes:
        rules: the rules (one deal).
        bots: the bot names, seat 1 first.
        blocked: P(nobody goes out).
        went_out: P(seat k goes out), one per seat.
        queen_carried: P(the queen pot carries over).
        queen_dead: P(the queen pot's Queen is dead).
        swap: P(somebody takes the dummy).
        cards: the expected number of cards played.
        deals: distinct end states reached (after merging equal states).
    """

    rules: QueenieRules
    bots: tuple[str, ...]
    blocked: Fraction
    went_out: tuple[Fraction, ...]
    queen_carried: Fraction
    queen_dead: Fraction
    swap: Fraction
    cards: Fraction
    deals: int


def enumerate_deal(rules: QueenieRules, bots: Sequence[str] | str, *, max_states: int = 2_000_000) -> DealDistribution:
    """Play every deal of ``rules``'s deck once, weighted exactly, with deterministic bots.

    The game's own chance nodes (one card at a time, weight 1) are expanded breadth
    first and equal states merged, so this is exact and as fast as the number of
    distinct partial deals allows: use it on reduced decks (``deck_suits``,
    ``deck_ranks``).

    Parameters:
        rules: the rules; one deal is played (``session_deals`` is set to 1).
        bots: one name per seat from :data:`DETERMINISTIC_BOTS` (or a comma-separated string).
        max_states: give up when a layer holds more states than this.

    Returns:
        A :class:`DealDistribution`.

    Raises:
        ValueError: an unknown or random bot, a wrong count, or too many states.

    Examples:
        >>> d = enumerate_deal(QueenieRules(players=3, deck_suits=2, deck_ranks=3), "never-swap,never-swap,never-swap")
        >>> sum(d.went_out) + d.blocked
        Fraction(1, 1)
    """
    from .play import PLAY

    names = tuple(b.strip() for b in bots.split(",")) if isinstance(bots, str) else tuple(bots)
    for b in names:
        if b not in DETERMINISTIC_BOTS:
            raise ValueError(f"bots: {b!r} cannot be enumerated; use deterministic bots: {', '.join(DETERMINISTIC_BOTS)}")
    if len(names) != rules.players:
        raise ValueError(f"bots: {len(names)} bots given for {rules.players} players; give exactly one bot per player")
    rules = replace(rules, session_deals=1)
    made: list[Callable[..., Any]] = [PLAY.bots[b](rules) for b in names]
    rng = np.random.default_rng(0)  # never drawn from: the bots are deterministic
    frontier: dict[QueenieGame, Fraction] = {new_game(rules): Fraction(1)}
    ends: dict[QueenieGame, Fraction] = {}
    while frontier:
        nxt: dict[QueenieGame, Fraction] = {}
        for state, w in frontier.items():
            if state.phase == OVER:
                ends[state] = ends.get(state, Fraction(0)) + w
                continue
            if state.current_players:
                seat = state.current_players[0]
                child = state.apply(made[seat](state.observation(seat), state.legal_actions(seat), rng))
                nxt[child] = nxt.get(child, Fraction(0)) + w
                continue
            outcomes = state.chance_outcomes()
            total = sum(wt for _, wt in outcomes)
            for o, wt in outcomes:
                child = state.apply(o)
                nxt[child] = nxt.get(child, Fraction(0)) + w * wt / total
        if len(nxt) > max_states:
            raise ValueError(f"max_states: more than {max_states:,} states in one layer; use a smaller deck")
        frontier = nxt
    blocked = Fraction(0)
    went = [Fraction(0)] * rules.players
    qc = qd = sw = cards = Fraction(0)
    for state, w in ends.items():
        d = state.last_deal
        assert d is not None
        if d.blocked:
            blocked += w
        else:
            went[d.went_out] += w
        qc += w * (d.queen_winner < 0)
        qd += w * d.queen_dead
        sw += w * (d.swapper >= 0)
        cards += w * d.cards
    return DealDistribution(rules, names, blocked, tuple(went), qc, qd, sw, cards, len(ends))
