"""The game registry: every game joins it through one manifest, and the CLI, the engines and
the conformance tests find games only here. The registry names no game.

A game package declares one [`GameManifest`][dreidelpoker.games.registry.GameManifest] (name, title, rules type, and where its
analysis, play and commands live, as ``"module:attribute"`` references) and lists it under
the entry-point group ``dreidelpoker.games`` of its distribution's ``pyproject.toml``::

    [project.entry-points."dreidelpoker.games"]
    two-dreidel = "dreidelpoker.games.two_dreidel.manifest:MANIFEST"

The registry reads the entry points (``importlib.metadata``), so a game from another
installed package joins with no edit here. Reading a manifest imports only its small
module; [`GameManifest.load`][dreidelpoker.games.registry.GameManifest.load] imports the rest when a game is first used. Entry points
exist once the distribution is installed (``make setup``, i.e. ``pip install -e .``, after
``pyproject.toml`` changes). A game made in a session (a notebook, a test) joins with
[`register`][dreidelpoker.games.registry.register].

A CLI command is a verb (``odds``, ``equity``, ``table``, ``chain`` …) plus a function
that adds the game's arguments to an argparse parser and a function that runs the command
and returns a result object with ``to_dict()`` (for ``--json``) and ``to_text()`` (for humans).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .._lazy import load
from ..errors import InputError

if TYPE_CHECKING:  # argparse for annotations only: a fresh simulation builds no parser
    import argparse

    from .protocol import AnalysisGame, PlaySpec

__all__ = ["CliCommand", "GameInfo", "GameManifest", "PlayCliSpec", "get_game", "games", "register", "unregister"]

#: A game's rules type.
R = TypeVar("R")

#: The entry-point group that lists every game's manifest.
ENTRY_POINT_GROUP = "dreidelpoker.games"


class CliResult(Protocol):
    def to_dict(self) -> dict[str, Any]: ...
    def to_text(self) -> str: ...


@dataclass(frozen=True)
class CliCommand:
    """One ``dreidelpoker VERB GAME`` command. A game's own commands leave ``help`` empty: their
    one-line help is in the game's manifest (``command_help``), which adds it when the
    command is loaded, so ``--help`` can list it without importing the game.

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> odds = get_game("two-dreidel").commands["odds"]
        >>> odds.help
        'exact distribution of the kept two-card hand from a fresh deck'
    """

    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], CliResult]
    help: str = ""
    description: str = ""
    #: Argument lists (after ``VERB GAME``) that the conformance tests run with ``--json``.
    examples: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class PlayCliSpec(Generic[R]):
    """The command-line side of a playable game's ``simulate`` and ``sweep`` (the engine side
    is its [`PlaySpec`][dreidelpoker.games.protocol.PlaySpec]). Every field is optional: a game
    without one gets one option per rules field and a sweep over ``--players`` and ``--bots``.

    Attributes:
        rules_from_args: ``rules_from_args(args)`` -> the rules of a ``simulate``, for a game
            that checks more than its rules object does (``None``: the generated
            `rules_from_args`).
        add_sweep_arguments / rules_grid_from_args: the rules variants a CLI sweep runs over
            (its own list options), as ``{label: rules}``.
        cli_exclude: rules fields that are no option of ``simulate`` / ``sweep``, with the
            reason (e.g. a limit the generic ``--hand-limit`` sets).
        sweep_fields: rules fields a ``sweep`` varies through its own list options, with the
            option's name (they are no single-value option of ``sweep``).

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> get_game("two-dreidel").play_cli.sweep_fields  # sweep varies these through its own options
        {'deck': '--decks', 'chips_per_player': '--chips'}
    """

    rules_from_args: Callable[[argparse.Namespace], R] | None = None
    add_sweep_arguments: Callable[[argparse.ArgumentParser], None] | None = None
    rules_grid_from_args: Callable[[argparse.Namespace], Mapping[str, R]] | None = None
    cli_exclude: Mapping[str, str] = field(default_factory=dict)
    sweep_fields: Mapping[str, str] = field(default_factory=dict)


def generic_help(verb: str, title: str) -> str:
    """The one-line help of a command the library makes for every game that can have it
    (``simulate``/``sweep``/``compare``/``skill``/``design`` for a playable game, ``explore`` for one with an explorer,
    ``equity`` for one with an analysis but no equity command of its own).

    Parameters:
        verb: ``"simulate"``, ``"sweep"``, ``"compare"``, ``"skill"``, ``"design"``, ``"explore"`` or ``"equity"``.
        title: the game's title.

    Returns:
        The help line ``dreidelpoker --help`` lists.

    Examples:
        >>> generic_help("sweep", "Queenie")
        'simulate Queenie over rules variants x player counts x bot line-ups'
    """
    return {
        "simulate": f"play seeded whole games of {title} with bots; win rates and metrics with 95% intervals",
        "sweep": f"simulate {title} over rules variants x player counts x bot line-ups",
        "explore": f"open the {title} explorer live in Voilà",
        "equity": "exact or Monte Carlo equity of a (partial) hand (generic engine)",
        "compare": f"paired study of {title} rules variants (common random numbers, seats rotated, precision-stopped)",
        "skill": f"skill gap of each {title} bot against baseline bots, and openskill ratings of all bots",
        "design": f"search {title}'s rules for variants that meet your targets (Optuna, resumable on SQLite)",
    }[verb]


@dataclass(frozen=True)
class GameInfo(Generic[R]):
    """A game as the engines and the CLI use it: its manifest's references, loaded.

    Attributes:
        name: the registered name, e.g. ``"two-dreidel"``.
        title: the name people read, e.g. ``"Two Dreidel"``.
        summary: one sentence.
        rules_type: the frozen, keyword-only rules dataclass (``rules_type()`` is the
            game's default rules).
        commands: the game's own CLI commands, ``verb -> CliCommand``.
        analysis: the analysis protocol (hands, showdown, deals), or ``None`` for a game
            without showdowns (classic dreidel). The generic engines and the conformance
            test use it.
        play: how to play whole games of it ([`PlaySpec`][dreidelpoker.games.protocol.PlaySpec]),
            or ``None`` for games analysed hand by hand only.
        play_cli: the command-line side of ``simulate`` and ``sweep`` (``None``: the defaults).
        explorers: explorer name -> ``"module:factory"`` (the first is the default of
            ``dreidelpoker explore``).

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> queenie = get_game("queenie")
        >>> queenie.name, queenie.title, queenie.rules_type.__name__, queenie.play is not None
        ('queenie', 'Queenie', 'QueenieRules', True)
    """

    name: str
    title: str
    summary: str
    rules_type: type[R]
    commands: Mapping[str, CliCommand] = field(default_factory=dict)
    analysis: AnalysisGame[Any, Any, R] | None = None
    play: PlaySpec[R] | None = None
    play_cli: PlayCliSpec[R] | None = None
    explorers: Mapping[str, str] = field(default_factory=dict)

    def __repr__(self) -> str:
        """Short: name, title, CLI verbs and whether whole games can be played (the full
        field dump of ``dp.list_games()`` ran to pages).

        Examples:
            >>> from dreidelpoker.games.registry import get_game
            >>> get_game("skirmish")
            GameInfo('skirmish', 'Skirmish', commands=['compare', 'design', 'explore', 'simulate', 'skill', 'solve', 'sweep'], playable=True)
        """
        verbs = sorted(set(self.commands) | ({"simulate", "sweep", "compare", "skill", "design"} if self.play is not None
                                             else set())
                       | ({"explore"} if self.explorers else set()))
        return f"GameInfo({self.name!r}, {self.title!r}, commands={verbs}, playable={self.play is not None})"


@dataclass(frozen=True)
class GameManifest:
    """A game's one door: what the registry reads before importing any of the game.

    Every part is a reference ``"module:attribute"``, imported by [`load`][dreidelpoker.games.registry.GameManifest.load] when the game
    is first used. A game package keeps its manifest in a small module of its own
    (``manifest.py``) and lists it under the entry-point group ``dreidelpoker.games``.

    Attributes:
        name: the registered name (also the entry point's name), e.g. ``"two-dreidel"``.
        title: the name people read.
        summary: one sentence.
        rules: the rules dataclass, e.g. ``"dreidelpoker.games.two_dreidel.rulebook.rules:TwoDreidelRules"``.
        commands: the game's own CLI commands (a ``verb -> CliCommand`` mapping), or ``None``.
        command_help: verb -> one-line help of each of those commands: ``dreidelpoker --help``
            lists them from here without importing the game (each command's ``help`` is this).
        analysis: the [`AnalysisGame`][dreidelpoker.games.protocol.AnalysisGame], or ``None``.
        play: the [`PlaySpec`][dreidelpoker.games.protocol.PlaySpec], or ``None``.
        play_cli: the [`PlayCliSpec`][dreidelpoker.games.registry.PlayCliSpec] of ``simulate``/``sweep``, or ``None``.
        explorers: explorer name -> ``"module:factory"`` of a widget (``dreidelpoker explore``).
        searchable: the rules declare a search space (``search_space``), so the game offers
            ``design`` (a playable game without one is not offered a command that cannot work).

    Examples:
        >>> m = GameManifest(name="toy", title="Toy", summary="a test", rules="fractions:Fraction")
        >>> m.load().rules_type.__name__
        'Fraction'
    """

    name: str
    title: str
    summary: str
    rules: str
    commands: str | None = None
    command_help: Mapping[str, str] = field(default_factory=dict)
    analysis: str | None = None
    play: str | None = None
    play_cli: str | None = None
    explorers: Mapping[str, str] = field(default_factory=dict)
    searchable: bool = False

    def verbs(self) -> dict[str, str]:
        """verb -> one-line help of every command the game offers (its own and the generic
        ones), read from the manifest alone.

        Returns:
            The table ``dreidelpoker --help`` lists for this game.
        """
        out = {verb: generic_help(verb, self.title) for verb, present in
               (("simulate", self.play), ("sweep", self.play), ("compare", self.play), ("skill", self.play),
                ("design", self.play and self.searchable),
                ("explore", self.explorers),
                ("equity", self.analysis)) if present}
        return {**out, **self.command_help}

    def load(self) -> GameInfo[Any]:
        """Import the game's parts.

        Returns:
            The [`GameInfo`][dreidelpoker.games.registry.GameInfo].
        """
        return GameInfo(
            name=self.name, title=self.title, summary=self.summary, rules_type=load(self.rules),
            commands=_HelpedCommands(self.commands, self.command_help) if self.commands else {},
            analysis=load(self.analysis) if self.analysis else None,
            play=load(self.play) if self.play else None,
            play_cli=load(self.play_cli) if self.play_cli else None,
            explorers=dict(self.explorers),
        )


class _HelpedCommands(Mapping[str, CliCommand]):
    """A game's own commands, each with its one-line help from the manifest (looked up, and
    so imported, one verb at a time). The command table's module is imported on first use:
    a simulation loads the game, never its command line (argparse, the rules options)."""

    def __init__(self, ref: str, helps: Mapping[str, str]) -> None:
        self._ref, self._helps = ref, helps
        self._table: Mapping[str, CliCommand] | None = None

    @property
    def _commands(self) -> Mapping[str, CliCommand]:
        if self._table is None:
            self._table = load(self._ref)
        return self._table

    def __getitem__(self, verb: str) -> CliCommand:
        return with_help(self._commands[verb], self._helps.get(verb, ""))

    def __iter__(self) -> Iterator[str]:
        return iter(self._commands)

    def __len__(self) -> int:
        return len(self._commands)


def with_help(command: CliCommand, help_line: str) -> CliCommand:
    """``command`` with its one-line help set from the manifest (unchanged when it has one).

    Parameters:
        command: a game's command.
        help_line: the manifest's help line for its verb.

    Returns:
        The command with a help line.
    """
    return command if command.help or not help_line else replace(command, help=help_line)


#: Games registered in this session ([`register`][dreidelpoker.games.registry.register]), by name.
_SESSION: dict[str, GameInfo[Any]] = {}
#: Games loaded from their manifests so far, by name.
_LOADED: dict[str, GameInfo[Any]] = {}
#: The manifests found, with the ``sys.path`` they were read from.
_FOUND: tuple[tuple[str, ...], dict[str, GameManifest]] | None = None


def manifests() -> dict[str, GameManifest]:
    """Every installed game's manifest, by name, read from the entry points (no game imported).

    Returns:
        ``{name: GameManifest}``, sorted by name.

    Raises:
        ValueError: an entry point that is no [`GameManifest`][dreidelpoker.games.registry.GameManifest], or whose name differs
            from its manifest's.

    Examples:
        >>> "two-dreidel" in manifests()
        True
    """
    global _FOUND
    import sys

    key = tuple(sys.path)
    if _FOUND is None or _FOUND[0] != key:
        from importlib.metadata import entry_points

        found: dict[str, GameManifest] = {}
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            manifest = ep.load()
            if not isinstance(manifest, GameManifest) or manifest.name != ep.name:
                raise InputError(f"entry point {ep.name} = {ep.value} of group {ENTRY_POINT_GROUP!r} must be a "
                                 f"GameManifest named {ep.name!r}")
            found.setdefault(ep.name, manifest)  # the first on sys.path wins, as for imports
        _FOUND = key, dict(sorted(found.items()))
    return dict(_FOUND[1])


def register(game: GameInfo[R]) -> GameInfo[R]:
    """Add a game made in this session (a notebook, a test); an installed game joins through
    its manifest's entry point instead. Idempotent for the same object.

    Parameters:
        game: the game's [`GameInfo`][dreidelpoker.games.registry.GameInfo].

    Returns:
        The same ``game``.

    Raises:
        ValueError: another game of the same name is registered or installed.

    Examples:
        >>> game = register(GameInfo(name="toy-example", title="Toy", summary="an example", rules_type=object))
        >>> get_game("toy-example").title
        'Toy'
        >>> unregister("toy-example")
    """
    existing = _SESSION.get(game.name)
    if (existing is not None and existing is not game) or game.name in manifests():
        raise InputError(f"a game named {game.name!r} is already registered")
    _SESSION[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game registered in this session.

    Parameters:
        name: the registered name.

    Raises:
        ValueError: if no game of that name was registered in this session.

    Examples:
        >>> _ = register(GameInfo(name="toy-example", title="Toy", summary="an example", rules_type=object))
        >>> unregister("toy-example")
        >>> "toy-example" in [g.name for g in games()]
        False
    """
    if _SESSION.pop(name, None) is None:
        raise InputError(f"no game named {name!r} was registered in this session")


def get_game(name: str) -> GameInfo[Any]:
    """Look a game up by its registered name, e.g. ``"two-dreidel"``; only that game is imported.

    Parameters:
        name: the registered name, e.g. ``"dice-poker"``.

    Returns:
        The game's [`GameInfo`][dreidelpoker.games.registry.GameInfo].

    Raises:
        ValueError: for an unknown name (the message lists the known ones).

    Examples:
        >>> get_game("two-dreidel").title
        'Two Dreidel'
    """
    if name in _SESSION:
        return _SESSION[name]
    if name not in _LOADED:
        found = manifests()
        if name not in found:
            known = sorted(found) + sorted(_SESSION)
            hint = "" if found else " (no game is installed: run `make setup`, i.e. `pip install -e .`)"
            raise InputError(f"unknown game {name!r}; known games: {', '.join(known)}{hint}")
        _LOADED[name] = found[name].load()
    return _LOADED[name]


def games() -> list[GameInfo[Any]]:
    """All games, installed and registered in this session, sorted by name (each is imported).

    Returns:
        Every game's [`GameInfo`][dreidelpoker.games.registry.GameInfo].

    Examples:
        >>> "two-dreidel" in [g.name for g in games()]
        True
    """
    return [get_game(name) for name in sorted({*manifests(), *_SESSION})]


def playable_games() -> list[GameInfo[Any]]:
    """The games that can be played whole (``GameInfo.play`` is set).

    Returns:
        Their [`GameInfo`][dreidelpoker.games.registry.GameInfo], sorted by name.

    Examples:
        >>> all(g.play is not None for g in playable_games())
        True
    """
    return [g for g in games() if g.play is not None]


def game_for_rules(rules: R) -> GameInfo[R]:
    """The game whose rules type ``rules`` is an instance of (its own manifest is found
    first without importing the other games).

    Parameters:
        rules: a rules object.

    Returns:
        The game's [`GameInfo`][dreidelpoker.games.registry.GameInfo].

    Raises:
        ValueError: when no game uses that rules type.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> game_for_rules(ClassicDreidelRules()).name
        'classic-dreidel'
    """
    ref = f"{type(rules).__module__}:{type(rules).__qualname__}"
    own = _own_game(type(rules).__module__, ref)
    if own is not None and isinstance(rules, own.rules_type):
        return own
    for name in [name for name, m in manifests().items() if m.rules == ref]:
        game = get_game(name)
        if isinstance(rules, game.rules_type):
            return game
    for game in games():  # a subclass of a game's rules, or a game registered this session: load them all
        if isinstance(rules, game.rules_type):
            return game
    known = ", ".join(f"{g.rules_type.__name__} ({g.name})" for g in games())
    raise InputError(f"rules must be the rules object of a registered game ({known}); got {type(rules).__name__}")


def _own_game(module: str, ref: str) -> GameInfo[Any] | None:
    """The library's own game whose rules are ``ref``, from its package's manifest module, without
    reading the installed entry points (about 50 ms of a fresh process); ``None`` for any other
    rules, or when the entry points were read already (then they answer)."""
    if _FOUND is not None or not module.startswith(__package__ + "."):
        return None
    import importlib

    try:
        manifest = importlib.import_module(".".join(module.split(".")[:3]) + ".manifest").MANIFEST
    except (ImportError, AttributeError):
        return None
    if not isinstance(manifest, GameManifest) or manifest.rules != ref or manifest.name in _SESSION:
        return None
    if manifest.name not in _LOADED:
        _LOADED[manifest.name] = manifest.load()
    return _LOADED[manifest.name]


def session_games() -> list[GameInfo[Any]]:
    """The games registered in this session with [`register`][dreidelpoker.games.registry.register], sorted by name.

    Returns:
        Their [`GameInfo`][dreidelpoker.games.registry.GameInfo].
    """
    return [_SESSION[k] for k in sorted(_SESSION)]
