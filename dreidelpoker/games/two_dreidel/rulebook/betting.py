"""Chips in a hand of Two Dreidel: buy-ins, short stacks, no-limit bet sizes, side pots and
showdown payouts ([Two Dreidel rules: one hand of play][rules-1-4]).

One pure function per rule, called by every engine that needs it: the whole game
([`play`][dreidelpoker.games.two_dreidel.whole_game.play], which tabulates them per rules
object), the spin decision ([`spin_decision`][dreidelpoker.games.two_dreidel.spin_decision])
and the heads-up spin game ([`spin_game`][dreidelpoker.games.two_dreidel.spin_game]); each is
checked on its own in the tests.

**Buy-ins.** A spin's face sets the buy-in from the pot at that moment
([`spin_buy_in`][dreidelpoker.games.two_dreidel.rulebook.betting.spin_buy_in]).

**Short stacks.** A player who cannot pay a buy-in or a bet in full goes all-in for less
(``short_stack="all-in"``, the default) or may only fold (``short_stack="fold"``):
[`call_payment`][dreidelpoker.games.two_dreidel.rulebook.betting.call_payment].

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
from itertools import compress
from operator import add

from .ranking import Hand, normal_key, showdown_winners
from .rules import TwoDreidelRules
from ....errors import InputError
from ....validation import check_arguments, check_count, default_rules

__all__ = [
    "Pot", "award", "bet_range", "call_payment", "seats_from", "showdown_payouts", "side_pots", "spin_buy_in",
    "spin_face_index", "split_pot",
]

#: One pot: its chips and the seats that may win it (seat order).
Pot = tuple[int, tuple[int, ...]]

_NO_SIZES = range(0)


def spin_face_index(face: str, *, rules: TwoDreidelRules) -> int:
    """The position of a spin face among ``rules.spin_faces`` (a face is given by its symbol,
    any case, or by one of the rules' aliases).

    Parameters:
        face: the face, e.g. ``"G"`` or ``"gimel"`` where the rules alias it.
        rules: the rules.

    Returns:
        The index into ``rules.spin_faces`` and ``rules.spin_buy_ins``.

    Raises:
        InputError: the face is not one of the rules' spin faces.

    Examples:
        >>> spin_face_index("h", rules=TwoDreidelRules())
        1
    """
    sym = rules.aliases.get(face, face.upper()) if isinstance(face, str) else face
    if sym not in rules.spin_faces:
        raise InputError(f"spin face {face!r} is not one of {list(rules.spin_faces)}")
    return rules.spin_faces.index(sym)


@check_arguments
def spin_buy_in(face: str, pot: int, *, rules: TwoDreidelRules | None = None) -> int:
    """The buy-in a spin face sets from the pot at that moment.

    Parameters:
        face: ``"G"``, ``"H"``, ``"N"`` or ``"S"``.
        pot: the pot when the dreidel lands.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).

    Returns:
        The buy-in in chips.

    Raises:
        InputError: the face is not one of the rules' spin faces, or the pot is not a
            non-negative integer.

    Examples:
        >>> [spin_buy_in(f, 5) for f in "GHNS"]
        [5, 3, 0, 1]
        >>> spin_buy_in("H", 5, rules=TwoDreidelRules(half_pot_rounding="down"))
        2
    """
    rules = default_rules(rules, TwoDreidelRules)
    check_count(pot, "pot", low=0, high=None, hint="chips")
    kind = rules.spin_buy_ins[spin_face_index(face, rules=rules)]
    if kind == "pot":
        return pot
    if kind == "half-pot":
        return (pot + 1) // 2 if rules.half_pot_rounding == "up" else pot // 2
    if kind == "nothing":
        return 0
    return 1


def call_payment(stack: int, owed: int, *, rules: TwoDreidelRules) -> int | None:
    """The short-stack rule: what a player with ``stack`` chips puts in to call ``owed`` chips
    (a spin's buy-in, or a bet to match).

    Parameters:
        stack: the player's chips behind.
        owed: the chips the call asks for.
        rules: the rules (``short_stack``).

    Returns:
        ``owed`` when the player can pay it; otherwise ``stack`` (all-in for less) with
        ``short_stack="all-in"``, or ``None`` (the player may only fold) with
        ``short_stack="fold"``.

    Examples:
        >>> call_payment(10, 4, rules=TwoDreidelRules()), call_payment(3, 4, rules=TwoDreidelRules())
        (4, 3)
        >>> call_payment(3, 4, rules=TwoDreidelRules(short_stack="fold")) is None
        True
    """
    if stack >= owed:
        return owed
    return None if rules.short_stack == "fold" else stack


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


def split_pot(amount: int, winners: Sequence[int], *, button: int, out: list[int]) -> None:
    """Pay one pot to its winners into ``out``: ``amount // k`` each, and the odd chips one each
    to the winners in seat order starting left of the button.

    Parameters:
        amount: the pot's chips.
        winners: the seats that share it.
        button: the dealer seat.
        out: chips paid to each seat so far (one entry a seat), added to in place.

    Examples:
        >>> out = [0, 0, 0]
        >>> split_pot(7, [0, 2], button=0, out=out)
        >>> out
        [3, 0, 4]
    """
    k = len(winners)
    share, odd = divmod(amount, k)
    for w in winners:
        out[w] += share
    if odd:
        ws = set(winners)
        for seat in seats_from(button + 1, len(out)):
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
    # side_pots with one seat live: a single pot, every seat's chips up to the winner's level
    level = contrib[winner]
    won = carry
    for c in contrib:
        won += c if c < level else level
    out = [0] * len(contrib)
    out[winner] = won
    return out, sum(contrib) + carry - won


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
        split_pot(amount, winners, button=button, out=out)
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
    reach = list(map(add, stacks, bets))  # what each seat can put in this round, all told
    reach[seat] = 0
    # the deepest opponent still in (a seat in the hand counts itself as 0: max needs no default,
    # whose keyword costs a third of this function)
    cap = (max(compress(reach, live)) if live[seat] else max(compress(reach, live), default=0)) - bets[seat]
    if stack < cap:
        cap = stack
    if cap <= to_call:
        return _NO_SIZES
    low = to_call + (min_raise if min_raise > 1 else 1)
    return range(low if low < cap else cap, cap + 1)
