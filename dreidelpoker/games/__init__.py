"""The games. Each game registers itself with the registry when its package is imported.

Lazy imports: importing ``dreidelpoker.games`` loads no game. ``BUILTIN_GAMES`` (and
[`games`][dreidelpoker.list_games]) import every package listed in [`BUILTIN_PACKAGES`][dreidelpoker.games.BUILTIN_PACKAGES] on first
use. A new built-in game adds its package name to ``BUILTIN_PACKAGES``; importing one game
(``from dreidelpoker.games import two_dreidel``) imports that game only.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .registry import CliCommand, GameInfo, games, get_game, register

#: Subpackages that hold the built-in games, in registration order.
BUILTIN_PACKAGES: tuple[str, ...] = ("two_dreidel", "dice_poker", "domino_poker", "classic_dreidel", "skirmish", "queenie")

if TYPE_CHECKING:
    from . import classic_dreidel, dice_poker, domino_poker, queenie, skirmish, two_dreidel  # noqa: F401

    BUILTIN_GAMES: tuple[GameInfo, ...]

__all__ = ["BUILTIN_GAMES", "BUILTIN_PACKAGES", "CliCommand", "GameInfo", "games", "get_game", "register"]


def __getattr__(name: str) -> Any:
    """``BUILTIN_GAMES`` and the game subpackages, imported on first access."""
    if name == "BUILTIN_GAMES":
        value: Any = tuple(importlib.import_module(f".{p}", __name__).GAME for p in BUILTIN_PACKAGES)
    elif name in BUILTIN_PACKAGES:
        value = importlib.import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
