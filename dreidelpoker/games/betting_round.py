"""One betting round of a poker game where everyone can always pay: check, bet, call, raise, fold.

Shared by the games whose players may always pay (Dice Poker, Domino Poker): nobody is ever
short of a call, so there are no side pots; a table-stakes cap (the same for every seat)
bounds what a seat may put in (Two Dreidel, whose stacks differ, keeps its own
[`betting`][dreidelpoker.games.two_dreidel.rulebook.betting]). Everything is a pure function on a
small immutable [`RoundState`][dreidelpoker.games.betting_round.RoundState], so a game state stores one and a solver or a test can
walk it on its own.

**Actions** are strings. With one bet size (fixed limit) they are ``"check"``, ``"bet"``,
``"call"``, ``"raise"`` and ``"fold"``. With a choice of sizes (pot limit, spread limit)
a bet or raise names its size: ``"bet 3"`` puts 3 chips in; ``"raise 3"`` calls and puts
3 more in (the raise is *by* 3). [`legal_actions`][dreidelpoker.games.betting_round.legal_actions] lists every size allowed.

**Limits** ([`Limits`][dreidelpoker.games.betting_round.Limits]): ``kind="fixed"`` bets and raises ``bet`` chips;
``kind="pot"`` allows any whole size from ``bet`` up to the pot (for a raise: the pot
after the call); ``kind="spread"`` any size from ``bet`` to ``max_bet``; ``kind="no-limit"``
any size from ``bet`` up to the cap, a raise at least the last bet or raise of the round
(or everything the cap leaves, when that is less). At most ``max_raises`` raises follow the
opening bet of a round (``max_raises=0``: bet and call only; ``None``: no cap). Under the
other kinds the minimum raise is ``bet`` (no "raise at least the last raise" rule). With a
``cap`` (table stakes) no seat's commitment in the hand, antes included, may pass it: sizes
that would are not offered.

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

from ..caches import bounded_cache
from ..errors import InputError
from ..validation import check_count

__all__ = [
    "LIMIT_KINDS", "Limits", "RoundState", "action_size", "apply_action", "is_aggressive", "legal_actions",
    "start_round",
]

#: The betting structures [`Limits`][dreidelpoker.games.betting_round.Limits] knows.
LIMIT_KINDS = ("fixed", "pot", "spread", "no-limit")

LimitKind = Literal["fixed", "pot", "spread", "no-limit"]


@dataclass(frozen=True, slots=True)
class Limits:
    """How much a bet or raise may be, and how many raises a round allows.

    Attributes:
        kind: ``"fixed"`` (every bet and raise is ``bet``), ``"pot"`` (``bet`` up to the
            pot), ``"spread"`` (``bet`` up to ``max_bet``) or ``"no-limit"`` (``bet`` up to
            the cap; a raise at least the last bet or raise).
        bet: the fixed size, or the smallest bet and raise (at least 1).
        max_raises: raises allowed after the opening bet of a round (0 or more; ``None``: no cap).
        max_bet: the largest bet or raise of a spread limit (``None`` for the others).
        cap: table stakes: the most one seat may have committed in the hand, antes
            included (``None``: no cap; required for no limit).

    Examples:
        >>> Limits(kind="pot", bet=0, max_raises=1)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: bet must be an integer >= 1, got 0
    """

    kind: LimitKind = "fixed"
    bet: int = 1
    max_raises: int | None = 3
    max_bet: int | None = None
    cap: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in LIMIT_KINDS:
            raise InputError(f"limit must be one of {list(LIMIT_KINDS)}, got {self.kind!r}")
        for name, value in (("bet", self.bet), ("max_raises", self.max_raises), ("cap", self.cap)):
            low = 1 if name != "max_raises" else 0
            if value is None and name != "bet":
                continue
            check_count(value, name, low=low, high=None)
        if self.kind == "no-limit" and self.cap is None:
            raise InputError("a no-limit round needs a cap (table stakes: the most a seat may put in)")
        if self.kind == "spread":
            mb = self.max_bet
            check_count(mb, "max_bet", low=self.bet, high=None, hint="at least the bet, for a spread limit")
        elif self.max_bet is not None:
            raise InputError(f"max_bet applies to a spread limit only, got max_bet={self.max_bet!r} with "
                             f"limit {self.kind!r}")

    def sizes(self, pot_after_call: int, *, room: int | None = None, last: int = 0) -> range:
        """The bet or raise sizes allowed when the pot (after any call) holds ``pot_after_call``,
        the cap leaves ``room`` chips beyond the call (``None``: no cap) and the last bet or
        raise of the round was ``last`` (0: none yet)."""
        if self.kind == "fixed":
            top = self.bet
        elif self.kind == "pot":
            top = max(self.bet, pot_after_call)
        elif self.kind == "spread":
            assert self.max_bet is not None
            top = self.max_bet
        else:  # no limit: anything the cap allows; a raise at least the last bet or raise, or all-in
            assert room is not None
            low = max(self.bet, last)
            return range(low, room + 1) if low <= room else range(room, room + 1) if room > 0 else range(0)
        if room is not None:
            top = min(top, room)
        return range(self.bet, top + 1)


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
        last: the size of the round's last bet or raise (0 before a bet; a no-limit raise is at least this).
    """

    to_act: int
    committed: tuple[int, ...]
    live: tuple[bool, ...]
    pending: int
    level: int
    raises: int
    opened: bool
    actions: tuple[tuple[int, str], ...]
    last: int = 0

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
    kind, cap = limits.kind, limits.cap
    if kind == "fixed" and cap is None:  # the common case, without building sizes
        if not state.opened:
            return _CHECK_BET
        mr = limits.max_raises
        return _CALL_FOLD if mr is not None and state.raises >= mr else _CALL_RAISE_FOLD
    global _LAST
    last = _LAST
    if last[0] is state and last[1] is limits:  # asked again for the same round (by apply_action)
        return last[2]
    out: tuple[str, ...]
    room = None if cap is None else cap - state.level  # what the cap leaves beyond a call
    if not state.opened:
        sizes = limits.sizes(state.pot, room=room)
        if kind == "fixed":
            out = _CHECK_BET if sizes else ("check",)
        else:
            out = _named("check", "bet", sizes, "")
    elif limits.max_raises is not None and state.raises >= limits.max_raises:
        out = _CALL_FOLD
    else:
        sizes = limits.sizes(state.pot + state.level - state.committed[seat], room=room, last=state.last)
        if kind == "fixed":
            out = _CALL_RAISE_FOLD if sizes else _CALL_FOLD
        else:
            out = _named("call", "raise", sizes, "fold")
    _LAST = (state, limits, out)
    return out


#: The last round asked about, its limits and its legal actions: a game asks for a round's
#: legal actions, then applies one (which checks it against them) to the same round object.
_LAST: tuple[object, object, tuple[str, ...]] = (None, None, ())


_CHECK_BET = ("check", "bet")
_CALL_FOLD = ("call", "fold")
_CALL_RAISE_FOLD = ("call", "raise", "fold")


@bounded_cache(maxsize=4096)
def _named(first: str, word: str, sizes: range, final: str) -> tuple[str, ...]:
    """``(first, "word k" for each size, final)`` (cached: the legal actions of sized limits)."""
    return (first,) + tuple(f"{word} {k}" for k in sizes) + ((final,) if final else ())


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
    level, raises, opened, last = state.level, state.raises, state.opened, state.last
    if action == "check":
        pass
    elif action == "call":
        committed = committed[:seat] + (level,) + committed[seat + 1:]
    elif action == "fold":
        live = live[:seat] + (False,) + live[seat + 1:]
        if sum(live) < 2:
            return RoundState(-1, committed, live, 0, level, raises, opened, state.actions + ((seat, action),), last)
    else:  # a bet or a raise: everyone else still in must act again
        last = action_size(limits, action)
        level += last
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
        return RoundState(-1, committed, live, 0, level, raises, opened, actions, last)
    n = len(committed)
    nxt = (seat + 1) % n
    while not pending >> nxt & 1:
        nxt = (nxt + 1) % n
    return RoundState(nxt, committed, live, pending, level, raises, opened, actions, last)
