"""The game registry: every game joins it, and the CLI and conformance tests go through it.

A game registers a [`GameInfo`][dreidelpoker.games.GameInfo] naming its rules type and the CLI commands it
offers. A CLI command is a verb (``odds``, ``equity``, ``table``, ``chain`` …) plus a
function that adds the game's arguments to an argparse parser and a function that runs
the command and returns a result object with ``to_dict()`` (for ``--json``) and
``to_text()`` (for humans).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import InputError

if TYPE_CHECKING:
    from .protocol import AnalysisGame, PlaySpec


class CliResult(Protocol):
    def to_dict(self) -> dict[str, Any]: ...
    def to_text(self) -> str: ...


@dataclass(frozen=True)
class CliCommand:
    """One ``dreidelpoker VERB GAME`` command."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], CliResult]
    description: str = ""
    #: Argument lists (after ``VERB GAME``) that the conformance tests run with ``--json``.
    examples: tuple[tuple[str, ...], ...] = ()


class LazyCommands(Mapping[str, CliCommand]):
    """A game's ``verb -> CliCommand`` table whose heavy commands are imported on first use:
    a value may be a ``"module:attribute"`` string, replaced by that object when the verb is
    first looked up. Listing the verbs imports nothing, so the CLI can run one light command
    (``odds two-dreidel``) without loading the game's solver.

    Examples:
        >>> c = LazyCommands({"now": "dreidelpoker.explore:EXPLORERS"})
        >>> list(c), type(c["now"]).__name__
        (['now'], 'dict')
    """

    def __init__(self, commands: Mapping[str, CliCommand | str]) -> None:
        self._commands: dict[str, Any] = dict(commands)

    def __getitem__(self, verb: str) -> CliCommand:
        value = self._commands[verb]
        if isinstance(value, str):
            import importlib

            module, _, attribute = value.partition(":")
            value = self._commands[verb] = getattr(importlib.import_module(module), attribute)
        return value  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return iter(self._commands)

    def __len__(self) -> int:
        return len(self._commands)

    def __repr__(self) -> str:
        return f"LazyCommands({list(self._commands)})"


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows about a game."""

    name: str
    title: str
    summary: str
    rules_type: type
    commands: Mapping[str, CliCommand] = field(default_factory=dict)
    #: The analysis protocol (hands, showdown, deals), or ``None`` for a game without
    #: showdowns (classic dreidel). The generic engines and the conformance test use it.
    analysis: AnalysisGame[Any, Any, Any] | None = None
    #: How to play whole games of it ([`PlaySpec`][dreidelpoker.play.PlaySpec]),
    #: or ``None`` for games analysed hand by hand only.
    play: PlaySpec | None = None

    def __repr__(self) -> str:
        """Short: name, title, CLI verbs and whether whole games can be played (the full
        field dump of ``dp.list_games()`` ran to pages).

        Examples:
            >>> from dreidelpoker.games.registry import get_game
            >>> get_game("skirmish")
            GameInfo('skirmish', 'Skirmish', commands=['simulate', 'solve', 'sweep'], playable=True)
        """
        verbs = sorted(set(self.commands) | ({"simulate", "sweep"} if self.play is not None else set()))
        return f"GameInfo({self.name!r}, {self.title!r}, commands={verbs}, playable={self.play is not None})"


_REGISTRY: dict[str, GameInfo] = {}


def register(game: GameInfo) -> GameInfo:
    """Add a game (idempotent for the same object).

    Parameters:
        game: the game's [`GameInfo`][dreidelpoker.games.GameInfo].

    Returns:
        The same ``game``.

    Raises:
        ValueError: another game of the same name is registered.
    """
    existing = _REGISTRY.get(game.name)
    if existing is not None and existing is not game:
        raise InputError(f"a game named {game.name!r} is already registered")
    _REGISTRY[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game (for tests that register a toy game for a while).

    Parameters:
        name: the registered name.

    Raises:
        ValueError: if no game of that name is registered.
    """
    if _REGISTRY.pop(name, None) is None:
        raise InputError(f"no game named {name!r} is registered")


def get_game(name: str) -> GameInfo:
    """Look a game up by its registered name, e.g. ``"two-dreidel"``. A built-in game's
    package is imported on first use, and only that game's package.

    Parameters:
        name: the registered name, e.g. ``"dice-poker"``.

    Returns:
        The game's [`GameInfo`][dreidelpoker.games.GameInfo].

    Raises:
        ValueError: for an unknown name (the message lists the known ones).

    Examples:
        >>> get_game("two-dreidel").title
        'Two Dreidel'
    """
    if name not in _REGISTRY:
        _load_builtin_game(name)
    try:
        return _REGISTRY[name]
    except KeyError:
        raise InputError(f"unknown game {name!r}; known games: {', '.join(sorted(_REGISTRY))}") from None


def games() -> list[GameInfo]:
    """All registered games, sorted by name.

    Returns:
        Every registered game's [`GameInfo`][dreidelpoker.games.GameInfo] (the built-in games are imported first).

    Examples:
        >>> "two-dreidel" in [g.name for g in games()]
        True
    """
    _load_builtin_games()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def playable_games() -> list[GameInfo]:
    """The registered games that can be played whole (``GameInfo.play`` is set).

    Returns:
        Their [`GameInfo`][dreidelpoker.games.GameInfo], sorted by name.

    Examples:
        >>> all(g.play is not None for g in playable_games())
        True
    """
    return [g for g in games() if g.play is not None]


def game_for_rules(rules: object) -> GameInfo:
    """The registered game whose rules type ``rules`` is an instance of.

    Parameters:
        rules: a rules object.

    Returns:
        The game's [`GameInfo`][dreidelpoker.games.GameInfo].

    Raises:
        ValueError: when no registered game uses that rules type.
    """
    _load_builtin_games()
    for game in _REGISTRY.values():
        if isinstance(rules, game.rules_type):
            return game
    known = ", ".join(f"{g.rules_type.__name__} ({g.name})" for g in _REGISTRY.values())
    raise InputError(f"rules must be the rules object of a registered game ({known}); got {type(rules).__name__}")


def registered_games() -> list[GameInfo]:
    """The games registered so far, sorted by name, without importing the built-in games
    that nobody has used yet (the CLI lists those from [`dreidelpoker.cli_index`][dreidelpoker.cli_index]).

    Returns:
        Their [`GameInfo`][dreidelpoker.games.GameInfo].

    Examples:
        >>> get_game("skirmish") in registered_games()
        True
    """
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def _load_builtin_game(name: str) -> None:
    """Import the built-in game called ``name`` (its package registers it), or every
    built-in game when ``name`` is none of them (so an error can list the known games)."""
    import importlib

    from . import BUILTIN_PACKAGES

    package = name.replace("-", "_") if isinstance(name, str) else ""
    if package in BUILTIN_PACKAGES:
        importlib.import_module(f".{package}", __package__).GAME  # a lazy package registers on GAME
    else:
        _load_builtin_games()


def _load_builtin_games() -> None:
    # Importing the games package registers the built-in games.
    from . import BUILTIN_GAMES  # noqa: F401
