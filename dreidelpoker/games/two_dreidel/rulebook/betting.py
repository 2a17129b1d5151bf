"""Chips in a hand of Two Dreidel: side pots, showdown payouts and no-limit bet sizes ([Two Dreidel rules: one hand of play][rules-1-4]).

Pure functions on tuples of integers, used by the whole-game state
([`play`][dreidelpoker.games.two_dreidel.whole_game.play]) and checked on their own in the tests.

**Side pots.** Every seat's contribution to the pot this hand is recorded; chips carried
over from earlier hands (nobody called a spin) belong to nobody and join the main pot.
The pots are built from the contribution levels of the players still in the hand: the
pot of level ``L`` holds what every seat (folded or not) put in between the previous
level and ``L``, and only players still in with at least ``L`` may win it. Chips a folded
player put in above every live level have nobody to go to and carry over to the next
hand, like a pot nobody called.

**Odd chips.** A pot split ``k`` ways pays ``amount // k`` each; the ``amount % k`` odd
chips go one each to the winners in seat order starting left of the button (one odd
chip: the first winner left of the button, [Two Dreidel rules: one hand of play][rules-1-4] step 6).
"""

from __future__ import annotations

from collections.abc import Sequence

from .ranking import Hand, normal_key, showdown_winners
from .rules import TwoDreidelRules
from ....errors import InputError

__all__ = ["Pot", "award", "bet_range", "side_pots", "showdown_payouts", "seats_from"]

#: One pot: its chips and the seats that may win it (seat order).
Pot = tuple[int, tuple[int, ...]]


def seats_from(start: int, players: int) -> tuple[int, ...]:
    """Every seat in turn order beginning with ``start`` (left of the button is ``button + 1``).

    Parameters:
        start: the first seat.
        players: the number of seats.

    Returns:
        The seats.

    Examples:
        >>> seats_from(2, 4)
        (2, 3, 0, 1)
    """
    return tuple((start + k) % players for k in range(players))


def side_pots(contrib: Sequence[int], live: Sequence[bool], carry: int = 0) -> tuple[list[Pot], int]:
    """The main pot and side pots, and the chips nobody still in may win.

    Parameters:
        contrib: chips each seat put in this hand.
        live: whether each seat is still in the hand (has not folded).
        carry: chips carried over from earlier hands (they join the main pot).

    Returns:
        ``(pots, leftover)``: pots as ``(amount, eligible seats)`` from the main pot up, and
        the chips above every live level (they carry over). With nobody live, everything
        is left over. ``sum(amounts) + leftover == sum(contrib) + carry`` always.

    Examples:
        >>> side_pots([10, 6, 10], [True, True, True])
        ([(18, (0, 1, 2)), (8, (0, 2))], 0)
        >>> side_pots([10, 6, 10], [False, True, False], carry=3)
        ([(21, (1,))], 8)
    """
    levels = sorted({c for c, a in zip(contrib, live) if a})
    total = sum(contrib) + carry
    if not levels:
        return [], total
    pots: list[Pot] = []
    prev = 0
    taken = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contrib)
        if not pots:
            amount += carry
        eligible = tuple(i for i, (c, a) in enumerate(zip(contrib, live)) if a and c >= level)
        pots.append((amount, eligible))
        taken += amount
        prev = level
    return pots, total - taken


def _split(amount: int, winners: Sequence[int], button: int, players: int, out: list[int]) -> None:
    k = len(winners)
    share, odd = divmod(amount, k)
    for w in winners:
        out[w] += share
    if odd:
        ws = set(winners)
        for seat in seats_from(button + 1, players):
            if seat in ws:
                out[seat] += 1
                odd -= 1
                if not odd:
                    break


def award(contrib: Sequence[int], winner: int, carry: int = 0) -> tuple[list[int], int]:
    """Everything one remaining player may win (all others folded, or the only caller of a spin).

    Returns ``(payouts, leftover)``; the leftover carries over to the next hand.

    Parameters:
        contrib: each seat's chips in the pot this hand.
        winner: the seat that wins.
        carry: chips carried over from earlier hands.

    Returns:
        ``(payouts, leftover)``: chips paid to each seat, and what carries over.

    Examples:
        >>> award([3, 1, 5], 1, carry=2)
        ([0, 5, 0], 6)
    """
    live = [i == winner for i in range(len(contrib))]
    pots, leftover = side_pots(contrib, live, carry)
    out = [0] * len(contrib)
    for amount, _eligible in pots:
        out[winner] += amount
    return out, leftover


def showdown_payouts(
    hands: Sequence[Hand | None],
    contrib: Sequence[int],
    live: Sequence[bool],
    *,
    rules: TwoDreidelRules, carry: int = 0,
    button: int = 0,
) -> tuple[list[int], int, bool]:
    """Settle a showdown pot by pot with the library's multiway [`showdown_winners`][dreidelpoker.games.two_dreidel.rulebook.ranking.showdown_winners].

    Every pot is decided among the hands eligible for it (the trump relation is not
    transitive, so a side pot may go to another hand than the main pot).

    Parameters:
        rules: the rules.
        hands: each seat's kept hand (``None`` for a folded seat).
        contrib: each seat's chips in the pot this hand.
        live: which seats are still in.
        carry: chips carried over from earlier hands.
        button: the dealer seat (odd chips go to the winners in seat order from its left).

    Returns:
        ``(payouts, leftover, trump_decided)``: chips paid to each seat, chips left over
        (carried to the next hand), and whether the trump changed the winner of the main
        pot (the normal-order best hand did not win it).

    Raises:
        ValueError: a seat still in without a hand.

    Examples:
        >>> r = TwoDreidelRules()
        >>> showdown_payouts([(0, 1), (2, 3)], [4, 4], [True, True], button=0, rules=r)
        ([0, 8], 0, True)
        >>> showdown_payouts([(0, 1), (0, 1), (2, 2)], [3, 3, 3], [True, True, True], button=0, rules=r)
        ([4, 5, 0], 0, False)
    """
    players = len(contrib)
    pots, leftover = side_pots(contrib, live, carry)
    out = [0] * players
    trump = False
    for k, (amount, eligible) in enumerate(pots):
        held = [hands[i] for i in eligible]
        if any(h is None for h in held):
            raise InputError(f"showdown: seats {[i + 1 for i in eligible]} must all hold a hand")
        pos = showdown_winners(held, rules=rules)  # type: ignore[arg-type]
        winners = [eligible[p] for p in pos]
        if k == 0 and len(eligible) > 1:
            best = max(normal_key(h) for h in held if h is not None)
            normal = [eligible[p] for p, h in enumerate(held) if h is not None and normal_key(h) == best]
            trump = normal != winners
        _split(amount, winners, button, players, out)
    return out, leftover, trump


def bet_range(*, stack: int, to_call: int, min_raise: int, bets: Sequence[int], stacks: Sequence[int],
              live: Sequence[bool], seat: int) -> range:
    """The bet or raise sizes (chips put in now, more than a call) seat ``seat`` may make.

    No-limit with integer amounts: at least a call plus the last full raise (``min_raise``,
    at least 1 chip), at most the player's stack. A bet above what any opponent still in
    can match is capped at that amount (the unmatched part would only be returned). An
    all-in, or a bet that puts the deepest opponent all-in, may be smaller than a full raise.

    Parameters:
        stack: the seat's chips.
        to_call: chips the seat must add to call.
        min_raise: the last full raise.
        bets: each seat's chips in this round.
        stacks: each seat's chips behind.
        live: which seats are still in.
        seat: the seat to act.

    Returns:
        The allowed sizes.

    Examples:
        >>> bet_range(stack=10, to_call=2, min_raise=2, bets=[2, 0], stacks=[5, 10], live=[True, True], seat=1)
        range(4, 8)
        >>> bet_range(stack=3, to_call=2, min_raise=2, bets=[2, 0], stacks=[5, 3], live=[True, True], seat=1)
        range(3, 4)
    """
    deepest = max((stacks[j] + bets[j] for j in range(len(stacks)) if j != seat and live[j]), default=0)
    cap = min(stack, deepest - bets[seat])
    if cap <= to_call:
        return range(0)
    low = min(to_call + max(1, min_raise), cap)
    return range(low, cap + 1)
