"""Two Dreidel's registry entry: ``GAME`` (imported, and so registered, when the registry or
a user first asks for it; ``import dreidelpoker.games.two_dreidel`` alone imports nothing)."""

from __future__ import annotations

from ..registry import GameInfo, register
from .analysis import TWO_DREIDEL
from .cli import COMMANDS
from .play_spec import PLAY
from .rules import TwoDreidelRules

__all__ = ["GAME"]

GAME = register(
    GameInfo(
        name="two-dreidel",
        title="Two Dreidel",
        summary="Dreidel-flavoured high-card poker from private Dominion-style decks.",
        rules_type=TwoDreidelRules,
        commands=COMMANDS,
        play=PLAY,
        analysis=TWO_DREIDEL,
    )
)
