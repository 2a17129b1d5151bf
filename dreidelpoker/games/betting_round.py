"""One betting round of a poker game without stacks: check, bet, call, raise, fold.

Shared by the games whose players may always pay (Dice Poker, Domino Poker): nobody goes
all in, so there are no side pots (Two Dreidel, which has stacks, keeps its own
[`betting`][dreidelpoker.games.two_dreidel.betting]). Everything is a pure function on a
small immutable [`RoundState`][dreidelpoker.games.betting_round.RoundState], so a game state stores one and a solver or a test can
walk it on its own.

**Actions** are strings. With one bet size (fixed limit) they are ``"check"``, ``"bet"``,
``"call"``, ``"raise"`` and ``"fold"``. With a choice of sizes (pot limit, spread limit)
a bet or raise names its size: ``"bet 3"`` puts 3 chips in; ``"raise 3"`` calls and puts
3 more in (the raise is *by* 3). [`legal_actions`][dreidelpoker.games.betting_round.legal_actions] lists every size allowed.

**Limits** ([`Limits`][dreidelpoker.games.betting_round.Limits]): ``kind="fixed"`` bets and raises ``bet`` chips;
``kind="pot"`` allows any whole size from ``bet`` up to the pot (for a raise: the pot
after the call); ``kind="spread"`` any size from ``bet`` to ``max_bet``. At most
``max_raises`` raises follow the opening bet of a round (``max_raises=0``: bet and call
only). The minimum raise is ``bet`` (no "raise at least the last raise" rule).

**Order**: the round starts at ``first`` (the first live seat from it) and goes round the
table by seat number. It ends when every live seat has acted since the last bet or raise
and matched it, or when one live seat is left.

Examples:
    >>> limits = Limits(kind="fixed", bet=1, max_raises=1)
    >>> r = start_round(committed=(1, 1), live=(True, True), first=0)
    >>> legal_actions(limits, r)
    ('check', 'bet')
    >>> for a in ("bet", "raise", "call"):
    ...     r = apply_action(limits, r, a)
    >>> r.over, r.committed
    (True, (3, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from ..errors import InputError
from ..validation import check_count

__all__ = [
    "LIMIT_KINDS", "Limits", "RoundState", "action_size", "apply_action", "is_aggressive", "legal_actions",
    "start_round",
]

#: The betting structures [`Limits`][dreidelpoker.games.betting_round.Limits] knows.
LIMIT_KINDS = ("fixed", "pot", "spread")

LimitKind = Literal["fixed", "pot", "spread"]


@dataclass(frozen=True, slots=True)
class Limits:
    """How much a bet or raise may be, and how many raises a round allows.

    Attributes:
        kind: ``"fixed"`` (every bet and raise is ``bet``), ``"pot"`` (``bet`` up to the
            pot) or ``"spread"`` (``bet`` up to ``max_bet``).
        bet: the fixed size, or the smallest bet and raise (at least 1).
        max_raises: raises allowed after the opening bet of a round (0 or more).
        max_bet: the largest bet or raise of a spread limit (``None`` for the others).

    Examples:
        >>> Limits(kind="pot", bet=0, max_raises=1)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: bet must be an integer >= 1, got 0
    """

    kind: LimitKind = "fixed"
    bet: int = 1
    max_raises: int = 3
    max_bet: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in LIMIT_KINDS:
            raise InputError(f"limit must be one of {list(LIMIT_KINDS)}, got {self.kind!r}")
        for name, value in (("bet", self.bet), ("max_raises", self.max_raises)):
            low = 1 if name == "bet" else 0
            check_count(value, name, low=low, high=None)
        if self.kind == "spread":
            mb = self.max_bet
            check_count(mb, "max_bet", low=self.bet, high=None, hint="at least the bet, for a spread limit")
        elif self.max_bet is not None:
            raise InputError(f"max_bet applies to a spread limit only, got max_bet={self.max_bet!r} with "
                             f"limit {self.kind!r}")

    def sizes(self, pot_after_call: int) -> range:
        """The bet or raise sizes allowed when the pot (after any call) holds ``pot_after_call``."""
        if self.kind == "fixed":
            return range(self.bet, self.bet + 1)
        top = pot_after_call if self.kind == "pot" else self.max_bet
        assert top is not None
        return range(self.bet, max(self.bet, top) + 1)


class RoundState(NamedTuple):
    """Where a betting round stands (immutable; made by [`start_round`][dreidelpoker.games.betting_round.start_round]).

    Attributes:
        to_act: the seat to act, or -1 once the round is over.
        committed: chips each seat has put in the pot this hand (antes and earlier rounds included).
        live: whether each seat is still in the hand.
        pending: bit mask of the live seats that must still act before the round can end.
        level: the most any seat has committed (what a call matches).
        raises: raises made this round after its opening bet.
        opened: a bet has been made this round.
        actions: the actions taken this round, oldest first, as ``(seat, action)``.
    """

    to_act: int
    committed: tuple[int, ...]
    live: tuple[bool, ...]
    pending: int
    level: int
    raises: int
    opened: bool
    actions: tuple[tuple[int, str], ...]

    @property
    def over(self) -> bool:
        """The round has ended (everyone matched, or one seat is left)."""
        return self.to_act < 0

    @property
    def pot(self) -> int:
        """Chips in the pot."""
        return sum(self.committed)

    @property
    def live_count(self) -> int:
        """Seats still in the hand."""
        return sum(self.live)


def start_round(*, committed: Sequence[int], live: Sequence[bool], first: int) -> RoundState:
    """A new round: every live seat must act, starting at ``first`` (or the next live seat).

    Parameters:
        committed: chips each seat has put in so far this hand.
        live: whether each seat is still in.
        first: the seat that acts first (0-based).

    Returns:
        The round's [`RoundState`][dreidelpoker.games.betting_round.RoundState]; already over when fewer than two seats are live.

    Raises:
        ValueError: ``committed`` and ``live`` differ in length, or ``first`` is no seat.

    Examples:
        >>> start_round(committed=(1, 1, 1), live=(True, False, True), first=1).to_act
        2
    """
    n = len(committed)
    if len(live) != n or not 0 <= first < n:
        raise InputError(f"start_round: {n} seats, {len(live)} live flags, first seat {first!r}")
    committed, live = tuple(committed), tuple(bool(x) for x in live)
    level = max(committed)
    if sum(live) < 2:
        return RoundState(-1, committed, live, 0, level, 0, False, ())
    pending = 0
    for s in range(n):
        if live[s]:
            pending |= 1 << s
    seat = first
    while not live[seat]:
        seat = (seat + 1) % n
    return RoundState(seat, committed, live, pending, level, 0, False, ())


def legal_actions(limits: Limits, state: RoundState) -> tuple[str, ...]:
    """The actions the seat to act may take (``()`` once the round is over).

    Parameters:
        limits: the betting structure.
        state: the round.

    Returns:
        Check or call first, then the bets or raises (smallest first), then fold when facing a bet.

    Examples:
        >>> r = start_round(committed=(1, 1), live=(True, True), first=0)
        >>> legal_actions(Limits(kind="pot", bet=1, max_raises=1), r)
        ('check', 'bet 1', 'bet 2')
        >>> r = apply_action(Limits(kind="pot", bet=1, max_raises=1), r, "bet 2")
        >>> legal_actions(Limits(kind="pot", bet=1, max_raises=1), r)
        ('call', 'raise 1', 'raise 2', 'raise 3', 'raise 4', 'raise 5', 'raise 6', 'fold')
    """
    seat = state.to_act
    if seat < 0:
        return ()
    to_call = state.level - state.committed[seat]
    if not state.opened:
        if limits.kind == "fixed":
            return ("check", "bet")
        return ("check",) + tuple(f"bet {k}" for k in limits.sizes(state.pot))
    if state.raises >= limits.max_raises:
        return ("call", "fold")
    if limits.kind == "fixed":
        return ("call", "raise", "fold")
    return ("call",) + tuple(f"raise {k}" for k in limits.sizes(state.pot + to_call)) + ("fold",)


def is_aggressive(action: str) -> bool:
    """True for a bet or a raise.

    Parameters:
        action: an action of [`legal_actions`][dreidelpoker.games.betting_round.legal_actions].

    Returns:
        Whether it puts chips in beyond a call.

    Examples:
        >>> is_aggressive("raise 3"), is_aggressive("call")
        (True, False)
    """
    return action.startswith(("bet", "raise"))


def action_size(limits: Limits, action: str) -> int:
    """The size of a bet or raise (``"bet"`` and ``"raise"`` are the fixed size).

    Parameters:
        limits: the betting structure.
        action: a bet or raise of [`legal_actions`][dreidelpoker.games.betting_round.legal_actions].

    Returns:
        The chips it adds beyond a call.

    Examples:
        >>> action_size(Limits(), "raise"), action_size(Limits(kind="pot"), "bet 4")
        (1, 4)
    """
    _word, _, size = action.partition(" ")
    return int(size) if size else limits.bet


def apply_action(limits: Limits, state: RoundState, action: str) -> RoundState:
    """The round after the seat to act takes ``action``.

    Parameters:
        limits: the betting structure.
        state: the round (not over).
        action: one of [`legal_actions`][dreidelpoker.games.betting_round.legal_actions].

    Returns:
        The new [`RoundState`][dreidelpoker.games.betting_round.RoundState].

    Raises:
        ValueError: the round is over or the action is not legal now (the message lists the legal ones).

    Examples:
        >>> r = start_round(committed=(1, 1, 1), live=(True, True, True), first=0)
        >>> r = apply_action(Limits(), r, "bet")
        >>> r = apply_action(Limits(), r, "fold")
        >>> r.to_act, r.live, r.committed
        (2, (True, False, True), (2, 1, 1))
    """
    legal = legal_actions(limits, state)
    if action not in legal:
        what = "the betting round is over" if not legal else f"legal now: {', '.join(legal)}"
        raise InputError(f"action {action!r} is not allowed for seat {state.to_act + 1}; {what}")
    seat = state.to_act
    committed = state.committed
    live = state.live
    pending = state.pending & ~(1 << seat)
    level, raises, opened = state.level, state.raises, state.opened
    if action == "check":
        pass
    elif action == "call":
        committed = committed[:seat] + (level,) + committed[seat + 1:]
    elif action == "fold":
        live = live[:seat] + (False,) + live[seat + 1:]
        if sum(live) < 2:
            return RoundState(-1, committed, live, 0, level, raises, opened, state.actions + ((seat, action),))
    else:  # a bet or a raise: everyone else still in must act again
        level += action_size(limits, action)
        committed = committed[:seat] + (level,) + committed[seat + 1:]
        if action[0] == "r":
            raises += 1
        opened = True
        pending = 0
        for s, in_hand in enumerate(live):
            if in_hand and s != seat:
                pending |= 1 << s
    actions = state.actions + ((seat, action),)
    if not pending:
        return RoundState(-1, committed, live, 0, level, raises, opened, actions)
    n = len(committed)
    nxt = (seat + 1) % n
    while not pending >> nxt & 1:
        nxt = (nxt + 1) % n
    return RoundState(nxt, committed, live, pending, level, raises, opened, actions)
