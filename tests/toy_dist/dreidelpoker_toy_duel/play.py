"""The toy's whole game: one card each, seat 1 raises or checks, both stay or leave together."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dreidelpoker.games.protocol import Event, EventLog, PlaySpec, Turn

from .rules import DuelRules


@dataclass(frozen=True)
class ToyObservation:
    seat: int
    my_card: int | None
    raised: bool | None
    public_log: tuple[str, ...]


@dataclass(frozen=True)
class ToyState:
    rules: DuelRules
    cards: tuple[int, ...] = ()
    raised: bool | None = None
    stays: tuple[bool, ...] | None = None
    log: EventLog = EventLog()

    num_players = 2
    rounds = 1
    truncated = False

    @property
    def turn(self) -> Turn:
        if len(self.cards) < 2:
            return Turn.CHANCE
        if self.raised is None:
            return Turn.PLAYER
        if self.stays is None:
            return Turn.SIMULTANEOUS
        return Turn.TERMINAL

    @property
    def current_players(self) -> tuple[int, ...]:
        return {Turn.PLAYER: (0,), Turn.SIMULTANEOUS: (0, 1)}.get(self.turn, ())

    def legal_actions(self, player: int) -> tuple[str, ...]:
        return ("raise", "check") if self.turn is Turn.PLAYER else ("stay", "leave")

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        # Without replacement from 1..cards: weight 1 each for the cards still in the deck.
        return tuple((c, 1) for c in range(1, self.rules.deck_size + 1) if c not in self.cards)

    def apply(self, action: Any) -> ToyState:
        if self.turn is Turn.CHANCE:
            seat = len(self.cards)
            return ToyState(self.rules, self.cards + (action,), None, None,
                            self.log.add(Event("deal", f"seat {seat + 1} gets {action}", None, False, (seat,))))
        return ToyState(self.rules, self.cards, action == "raise", None,
                        self.log.add(Event("bet", f"seat 1 {action}s", 0)))

    def apply_joint(self, actions: Mapping[int, str]) -> ToyState:
        stays = tuple(actions[s] == "stay" for s in range(2))
        return ToyState(self.rules, self.cards, self.raised, stays,
                        self.log.add(Event("reveal", f"seat 1 {actions[0]}s, seat 2 {actions[1]}s")))

    def returns(self) -> tuple[int, ...]:
        if self.stays is None:
            return (0, 0)
        stake = 2 if self.raised else 1
        if self.stays == (True, True):
            w = 0 if self.cards[0] > self.cards[1] else 1
        elif self.stays == (False, False):
            return (0, 0)
        else:
            w = 0 if self.stays[0] else 1
        return (stake, -stake) if w == 0 else (-stake, stake)

    def observation(self, player: int) -> ToyObservation:
        return ToyObservation(player, self.cards[player] if len(self.cards) > player else None, self.raised,
                              tuple(e.text for e in self.log if e.visible(player)))


def new_game(rules: DuelRules, *, players: int, hand_limit: int | None = None) -> ToyState:
    return ToyState(rules)


def stay_high(obs: ToyObservation, legal: Sequence[str], rng: np.random.Generator) -> str:
    if "raise" in legal:
        return "raise" if obs.my_card == 3 else "check"
    return "stay" if (obs.my_card or 0) >= 2 else "leave"


def uniform(obs: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
    return legal[int(rng.integers(len(legal)))]


def _uniform_factory(rules: DuelRules) -> Any:
    return uniform


def _high_factory(rules: DuelRules) -> Any:
    return stay_high


def _default(players: int) -> tuple[str, ...]:
    return ("uniform",) * players


def _metrics(final: ToyState) -> dict[str, float]:
    return {"raised": float(bool(final.raised))}


PLAY: PlaySpec[DuelRules] = PlaySpec(
    new_game=new_game, bots={"uniform": _uniform_factory, "high": _high_factory}, default_bots=_default,
    metrics=_metrics, min_players=2, max_players=2, metric_help={"raised": "1 if seat 1 raised"},
)
