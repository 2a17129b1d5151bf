"""The games. Importing this package registers every built-in game with the registry."""

from __future__ import annotations

from . import classic_dreidel, dice_poker, domino_poker, skirmish, two_dreidel
from .registry import CliCommand, GameInfo, games, get_game, register

BUILTIN_GAMES = (two_dreidel.GAME, dice_poker.GAME, domino_poker.GAME, classic_dreidel.GAME, skirmish.GAME)

__all__ = ["BUILTIN_GAMES", "CliCommand", "GameInfo", "games", "get_game", "register"]
