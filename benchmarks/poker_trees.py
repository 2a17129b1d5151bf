"""Kuhn and Leduc poker as game states, for the CFR+ benchmark against OpenSpiel's C++
``CFRPlusSolver`` (the same games as OpenSpiel's ``kuhn_poker`` and ``leduc_poker``: Kuhn
with ante 1 and bets of 1; Leduc with ante 1, six cards J J Q Q K K, raises of 2 then 4,
at most two raises a round, a pair with the board card best)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dreidelpoker.games.protocol import Turn


@dataclass(frozen=True)
class Kuhn:
    """Kuhn poker: one card each from J < Q < K, seat 0 passes or bets 1, ..."""

    cards: tuple[int, ...] = ()
    history: str = ""
    num_players = 2
    rounds = 0
    truncated = False
    log: tuple[Any, ...] = ()

    @property
    def turn(self) -> Turn:
        if len(self.cards) < 2:
            return Turn.CHANCE
        return Turn.TERMINAL if self.history in ("pp", "bb", "bp", "pbb", "pbp") else Turn.PLAYER

    @property
    def current_players(self) -> tuple[int, ...]:
        return (len(self.history) % 2,) if self.turn is Turn.PLAYER else ()

    def legal_actions(self, player: int) -> tuple[str, ...]:
        return ("p", "b")

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        return tuple((c, 1) for c in range(3) if c not in self.cards)

    def apply(self, action: Any) -> Kuhn:
        if self.turn is Turn.CHANCE:
            return Kuhn(self.cards + (action,), self.history)
        return Kuhn(self.cards, self.history + action)

    def apply_joint(self, actions: Mapping[int, Any]) -> Kuhn:
        raise AssertionError("no simultaneous moves")

    def returns(self) -> tuple[int, int]:
        h = self.history
        if self.turn is not Turn.TERMINAL:
            return (0, 0)
        if h in ("bp", "pbp"):
            return (1, -1) if h == "bp" else (-1, 1)
        stake = 2 if "b" in h else 1
        win = 1 if self.cards[0] > self.cards[1] else -1
        return (win * stake, -win * stake)

    def observation(self, player: int) -> tuple[int, str]:
        return (self.cards[player] if len(self.cards) > player else -1, self.history)


@dataclass(frozen=True)
class Leduc:
    """Leduc poker: cards 0..5 (rank = card // 2), private cards, then a board card."""

    cards: tuple[int, ...] = ()  # seat 0, seat 1, board
    rounds_: tuple[str, ...] = ("",)  # betting so far, a string per round: c(heck/all), r(aise), f(old)
    num_players = 2
    rounds = 0
    truncated = False
    log: tuple[Any, ...] = ()

    def _done(self, h: str) -> bool:
        return h.endswith("f") or h in ("cc",) or (len(h) >= 2 and h.endswith("c") and "r" in h)

    @property
    def turn(self) -> Turn:
        h = self.rounds_[-1]
        if h.endswith("f"):
            return Turn.TERMINAL
        if len(self.cards) < 2 or (len(self.rounds_) == 2 and len(self.cards) < 3):
            return Turn.CHANCE
        if self._done(h):
            return Turn.TERMINAL if len(self.rounds_) == 2 else Turn.CHANCE
        return Turn.PLAYER

    @property
    def current_players(self) -> tuple[int, ...]:
        return (len(self.rounds_[-1]) % 2,) if self.turn is Turn.PLAYER else ()

    def legal_actions(self, player: int) -> tuple[str, ...]:
        h = self.rounds_[-1]
        facing = h.endswith("r")
        raises = h.count("r")
        return (("f",) if facing else ()) + ("c",) + (("r",) if raises < 2 else ())

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        return tuple((c, 1) for c in range(6) if c not in self.cards)

    def apply(self, action: Any) -> Leduc:
        if self.turn is Turn.CHANCE:
            if len(self.cards) < 2:
                return Leduc(self.cards + (action,), self.rounds_)
            return Leduc(self.cards + (action,), self.rounds_)
        rounds = self.rounds_[:-1] + (self.rounds_[-1] + action,)
        if len(rounds) == 1 and self._done(rounds[0]) and not rounds[0].endswith("f"):
            rounds = rounds + ("",)
        return Leduc(self.cards, rounds)

    def apply_joint(self, actions: Mapping[int, Any]) -> Leduc:
        raise AssertionError("no simultaneous moves")

    def _paid(self) -> list[int]:
        paid = [1, 1]
        for k, h in enumerate(self.rounds_):
            size = 2 if k == 0 else 4
            for i, a in enumerate(h):
                seat = i % 2
                if a == "c":
                    paid[seat] = max(paid)
                elif a == "r":
                    paid[seat] = max(paid) + size
        return paid

    def returns(self) -> tuple[int, int]:
        if self.turn is not Turn.TERMINAL:
            return (0, 0)
        paid = self._paid()
        h = self.rounds_[-1]
        if h.endswith("f"):
            folder = (len(h) - 1) % 2
            return (-paid[0], paid[0]) if folder == 0 else (paid[1], -paid[1])
        board = self.cards[2] // 2
        strength = [(self.cards[i] // 2 == board, self.cards[i] // 2) for i in (0, 1)]
        if strength[0] == strength[1]:
            return (0, 0)
        return (paid[1], -paid[1]) if strength[0] > strength[1] else (-paid[0], paid[0])

    def observation(self, player: int) -> tuple[int, int, tuple[str, ...]]:
        private = self.cards[player] // 2 if len(self.cards) > player else -1
        board = self.cards[2] // 2 if len(self.cards) > 2 else -1
        return (private, board, self.rounds_)
