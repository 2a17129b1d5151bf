"""The end of a hand of Two Dreidel and the start of the next ([Two Dreidel rules: one hand of play][rules-1-4] steps 6-7).

Settlement (one player left wins what they may win, or a showdown pot by pot), the
discards and each seat's deck for the next hand, the hand's note for the game's figures,
elimination, the end of the game, and the next hand's button and blind. Each function
works on ``v``, a list of a state's fields (indexed by
[`play_state`][dreidelpoker.games.two_dreidel.whole_game.play_state]), and appends its log lines to
``lines``, as the steps of [`play`][dreidelpoker.games.two_dreidel.whole_game.play] do.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add as _ADD, attrgetter
from typing import Any

from ...protocol import LazyEvent, Turn
from .play_state import (
    ALIVE, ALL_IN, BETS, BUTTON, CARRY, CONTRIB, CURRENT, CUT, DISCARDS, DRAW, HAND_LIMIT, HAND_NUMBER, HAND_START,
    HANDS, HIGH, IN_HAND, LABS, LEGAL, LEGALS, NODES, NOTES, OUTS, OVER, PENDING, PHASE, PLANS, POT, RAISE_BY, RAISES, SEAT,
    SEEN, SPUN, STACKS, START_NODES, STEP, T, TURN, BUY_IN, FACE, NO_RAISE,
)
from .play_tables import Plan, Tables
from ..rulebook.betting import award
from ..rulebook.ranking import Hand

__all__: list[str] = []

_CHANCE, _TERMINAL = Turn.CHANCE, Turn.TERMINAL
_BLANK = attrgetter("blank")


def win_alone(v: list[Any], seat: int, why: str, lines: list[LazyEvent], *, gimel_end: bool = False) -> None:
    """The only player left wins every pot they may win (the side-pot rule,
    [`award`][dreidelpoker.games.two_dreidel.rulebook.betting.award]: every seat's contribution up to
    the winner's, and the carried pot); the rest carries over."""
    payouts, leftover = award(v[CONTRIB], seat, v[CARRY])
    won = payouts[seat]
    note = ("seat {} wins {} ({}){}", (seat + 1, won, why,
                                       f"; {leftover} nobody still in may win carry over" if leftover else ""))
    end_hand(v, leftover, payouts, note, lines, gimel_end=gimel_end)


def showdown(v: list[Any], lines: list[LazyEvent]) -> None:
    """Showdown among the players still in, pot by pot (`showdown`)."""
    t: Tables = v[T]
    plans, in_hand = v[PLANS], v[IN_HAND]
    kept = tuple(None if p is None else p.kept for p in plans)
    payouts, leftover, trump = t.showdown(kept, v[CONTRIB], in_hand, v[CARRY], v[BUTTON])
    note = (_showdown_text, (t, kept, in_hand, payouts, trump, leftover))
    end_hand(v, leftover, payouts, note, lines, showdown=True, trump=trump)


def _showdown_text(t: Tables, kept: tuple[Hand | None, ...], in_hand: tuple[bool, ...], payouts: tuple[int, ...],
                   trump: bool, leftover: int) -> str:
    shown = [(i + 1, t.label(h)) for i, h in enumerate(kept) if in_hand[i] and h is not None]
    won = ", ".join(f"seat {i + 1} wins {p}" for i, p in enumerate(payouts) if p)
    note = f"showdown: {', '.join(f'seat {s} {lab}' for s, lab in shown)}; {won}" + (" (the trump decides)" if trump else "")
    return note + (f"; {leftover} carry over" if leftover else "")


def _discards_text(seats: tuple[int, ...], plans: tuple[Plan, ...]) -> str:
    return "discards: " + ", ".join(f"seat {i + 1} {plans[i].klab}" for i in seats)


def _hand_text(number: int, seat: int, blind: int, all_in: bool) -> str:
    posts = (f" and posts a blind of {blind}" + (" (all-in)" if all_in else "")) if blind else ""
    return f"hand {number}: seat {seat} has the button{posts}"


def end_hand(v: list[Any], carry: int, payouts: Sequence[int] | None, note: tuple[Any, tuple[Any, ...]],
             lines: list[LazyEvent], *, gimel_end: bool = False, showdown: bool = False, trump: bool = False) -> None:
    """Pay ``payouts`` (``None``: the pot carries over), discard, note the hand, eliminate, and
    end the game or start the next hand; ``carry`` chips stay in the middle."""
    t: Tables = v[T]
    stacks = tuple(map(_ADD, v[STACKS], payouts)) if payouts is not None else v[STACKS]
    lines.append(("result", None, True, (), note[0], note[1]))
    alive = v[ALIVE]
    seats = t.seat_sets.get(alive) or t.seats(alive)
    plans = v[PLANS]
    nodes = list(v[NODES])
    discards = list(v[DISCARDS])
    for i in seats:  # each seat's deck for the next hand; the kept hand goes on its discard pile
        p = plans[i]
        nodes[i] = p.next
        discards[i] += p.shown
    lines.append(("discard", None, True, (), _discards_text, (seats, plans)))
    v[NOTES] += ((v[SPUN], gimel_end, v[POT], v[ALL_IN], payouts is None, showdown, trump, stacks, v[HAND_START],
                  v[BUTTON]),)
    # elimination (nobody is out while the carried pot holds every chip)
    left = seats
    if stacks.count(0) > t.players - len(seats):
        busted = [i for i in seats if not stacks[i]]
        if len(busted) < len(seats):
            out = list(alive)
            for i in busted:
                out[i] = False
                lines.append(("out", i, True, (), "seat {} has no chips and is out", (i + 1,)))
            alive = tuple(out)
            left = t.seats(alive)
    hands = v[HANDS] + 1
    new_discards = tuple(discards)
    v[ALIVE] = v[IN_HAND] = alive
    v[NODES], v[DISCARDS], v[HANDS], v[CARRY] = tuple(nodes), new_discards, hands, carry
    v[SEEN] = new_discards if t.visibility == "all" else tuple(hs[-1:] for hs in new_discards)
    v[PENDING], v[CONTRIB], v[BETS], v[HIGH], v[POT], v[HAND_NUMBER] = 0, t.zeros, t.zeros, 0, carry, hands + 1
    if len(left) == 1:
        w = left[0]
        won = list(stacks)
        won[w] += carry
        lines.append(("end", w, True, (), "seat {} holds every chip and wins after {} hands", (w + 1, hands)))
        v[STACKS], v[CARRY], v[POT], v[PHASE] = tuple(won), 0, 0, OVER
        _over(v)
        return
    v[STACKS] = stacks
    if hands >= v[HAND_LIMIT]:
        lines.append(("end", None, True, (), "the hand limit ({}) is reached: the game is cut short", (v[HAND_LIMIT],)))
        v[PHASE], v[CUT] = OVER, True
        _over(v)
        return
    button = (t.nexts.get(alive) or t.next_seats(alive))[v[BUTTON]]
    assert button is not None
    start_hand(v, button, lines)


def start_hand(v: list[Any], button: int, lines: list[LazyEvent]) -> None:
    """The button posts the blind; the first seat left of the button draws."""
    t: Tables = v[T]
    before = v[STACKS]
    have = before[button]
    blind = t.blind if t.blind < have else have
    stacks, contrib = before, t.zeros
    if blind:
        s, c = list(before), list(contrib)
        s[button] -= blind
        c[button] = blind
        stacks, contrib = tuple(s), tuple(c)
    all_in = blind > 0 and stacks[button] == 0
    lines.append(("hand", button, True, (), _hand_text, (v[HANDS] + 1, button + 1, blind, all_in)))
    alive = v[ALIVE]
    first = (t.nexts.get(alive) or t.next_seats(alive))[button]
    v[STACKS], v[BUTTON], v[PHASE], v[STEP] = stacks, button, DRAW, 0
    v[SEAT] = first if first is not None else button
    v[OUTS] = v[PLANS] = t.nones
    v[LABS] = tuple(map(_BLANK, v[NODES]))
    v[POT] = v[CARRY] + blind
    v[IN_HAND], v[CONTRIB], v[BETS], v[HIGH], v[RAISE_BY], v[PENDING] = alive, contrib, t.zeros, 0, t.min_bet, 0
    v[FACE], v[BUY_IN], v[SPUN], v[HAND_START], v[START_NODES] = "", 0, (), before, v[NODES]
    v[ALL_IN] = all_in
    v[TURN], v[CURRENT], v[LEGAL], v[RAISES], v[LEGALS] = _CHANCE, (), (), NO_RAISE, t.empties


def _over(v: list[Any]) -> None:
    v[TURN], v[CURRENT], v[LEGAL], v[RAISES], v[LEGALS] = _TERMINAL, (), (), NO_RAISE, v[T].empties
