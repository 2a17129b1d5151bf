"""Immutable named tuples for game states, observations and summaries (Dice Poker, Domino Poker, Queenie).

A game state is made at every step, so the whole-game engines build them as named tuples
(cheap to make) and make their fields unassignable with [`FrozenTuple`][dreidelpoker.games.tuple_state.FrozenTuple]. A state whose
last field is its log derives from [`LoggedState`][dreidelpoker.games.tuple_state.LoggedState] as well: two states are equal
when every field but the log is (the log is how a state was reached, not where it stands).

Examples:
    >>> from typing import NamedTuple
    >>> class _Fields(NamedTuple):
    ...     pot: int
    ...     log: tuple[str, ...] = ()
    >>> class Table(LoggedState, FrozenTuple, _Fields):
    ...     __slots__ = ()
    >>> Table(3, ("ante",)) == Table(3, ()), hash(Table(3, ("a",))) == hash(Table(3, ()))
    (True, True)
    >>> Table(3).pot = 4
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'pot'
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

__all__ = ["FrozenTuple", "LoggedState"]


class FrozenTuple:
    """A mixin for named tuples whose fields cannot be assigned (as immutable as a frozen
    dataclass, and cheaper to make). Put it before the named tuple among the bases."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")


class LoggedState(tuple[Any, ...]):
    """A mixin for state tuples whose last field is the log: equality and hashing skip it."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self[:-1] == other[:-1]

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self[:-1])
