"""The ``dreidelpoker`` command line. Commands are ``dreidelpoker VERB GAME [options]``;
each game contributes its verbs through the registry, so this module knows no game.

Start-up is lazy: the parser lists every command from the games' manifests (names and
one-line help, no game imported), and only the ``VERB GAME`` parser the command line chose
gets its options, so one command imports one game and ``--help`` imports none.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import traceback
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn

from ._lazy import load
from .errors import InputError, shorten
from .limits import float_arg, int_arg, text_arg, use_progress
from .rules_cli import help_width, name_long_choices, wrap_lines
from .games.registry import CliCommand, GameInfo, get_game, manifests, session_games, with_help

VERB_HELP = {
    "odds": "exact odds of a game's hands",
    "equity": "exact win / tie / lose probabilities and pot equity",
    "table": "exact category tables",
    "chain": "Markov-chain analyses (deck cycles, game length)",
    "simulate": "play seeded whole games with bots (Monte Carlo with 95% intervals)",
    "sweep": "simulate over rules variants x player counts x bot line-ups",
    "design": "search a game's rules for variants that meet a designer's targets (Optuna, resumable)",
    "compare": "paired studies of rules variants: common random numbers, rotated seats, precision-stopped",
    "skill": "how much skill a game rewards: each bot's skill gap, and ratings of all bots",
    "solve": "equilibria of a game's decisions: betting and bluffing (Two Dreidel, Domino Poker), captures (Skirmish)",
    "explore": "open a game's interactive explorer live in Voilà (a local web page)",
}


_DEBUG_HELP = "also show the traceback of a bad-input error (also: DREIDELPOKER_DEBUG=1)"
#: Exit codes: 2 for bad input (ours) and usage errors, 1 for an internal error, 130 for Ctrl-C.
EXIT_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 2, 1, 130


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter that keeps the line breaks of descriptions and epilogs (one example
    a line), at the terminal's width and never past [`HELP_WIDTH`][dreidelpoker.rules_cli.HELP_WIDTH]
    columns. Long description lines are wrapped when the parser is made
    ([`wrap_lines`][dreidelpoker.rules_cli.wrap_lines]) and long choice lists named
    ([`name_long_choices`][dreidelpoker.rules_cli.name_long_choices]): argparse's own hooks
    for that are private."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, min(width or help_width(), help_width()))


class CommandParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr that points to ``--help``; exit code 2;
    help wrapped by [`HelpFormatter`][dreidelpoker.cli.HelpFormatter]. It remembers what was
    added to it, so tools and tests can walk every option of every command without argparse's
    private attributes.

    Attributes:
        arguments: every option (and positional) added, in order, groups included.
        subcommands: name -> parser of each sub-command added through ``add_subparsers``.

    Examples:
        >>> p = CommandParser(prog="demo")
        >>> _ = p.add_argument("--games", type=int)
        >>> [a.option_strings[-1] for a in p.arguments]
        ['--help', '--games']
        >>> sub = p.add_subparsers(dest="verb")
        >>> _ = sub.add_parser("odds")
        >>> list(p.subcommands)
        ['odds']
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.arguments: list[argparse.Action] = []
        self.subcommands: dict[str, CommandParser] = {}
        kwargs.setdefault("formatter_class", HelpFormatter)
        for key in ("description", "epilog"):
            if kwargs.get(key):
                kwargs[key] = wrap_lines(kwargs[key])
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **name_long_choices(args, strict_types(kwargs)))
        self.arguments.append(action)
        return action

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        return _recording(super().add_argument_group(*args, **kwargs), self)

    def add_mutually_exclusive_group(self, *args: Any, **kwargs: Any) -> Any:
        return _recording(super().add_mutually_exclusive_group(*args, **kwargs), self)

    def add_subparsers(self, **kwargs: Any) -> Any:
        kwargs.setdefault("parser_class", CommandParser)
        action = super().add_subparsers(**kwargs)
        add = action.add_parser

        def add_parser(name: str, **more: Any) -> Any:
            sub = add(name, **more)
            self.subcommands[name] = sub
            return sub

        setattr(action, "add_parser", add_parser)
        return action

    def error(self, message: str) -> NoReturn:
        # argparse quotes the bad value in full: shorten long ones (a 5000-digit --space ...)
        self.exit(2, f"{self.prog}: error: {_short_message(message)} (see '{self.prog} --help')\n")


def _recording(group: Any, owner: CommandParser) -> Any:
    """A parser's option group whose ``add_argument`` names long choice lists like the parser's
    and records the option on the parser (nested groups too)."""
    add = group.add_argument

    def add_argument(*args: Any, **kwargs: Any) -> argparse.Action:
        action: argparse.Action = add(*args, **name_long_choices(args, strict_types(kwargs)))
        owner.arguments.append(action)
        return action

    setattr(group, "add_argument", add_argument)
    if hasattr(group, "add_mutually_exclusive_group"):
        nest = group.add_mutually_exclusive_group
        setattr(group, "add_mutually_exclusive_group", lambda *a, **k: _recording(nest(*a, **k), owner))
    return group


#: argparse actions that store the value they read (the ones a ``type=`` applies to).
_VALUE_ACTIONS = (None, "store", "append", "extend")


def strict_types(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``add_argument`` keywords with the library's strict readers in place of Python's: a
    ``type=int`` reads [`int_arg`][dreidelpoker.limits.int_arg] (ASCII digits, at most 100),
    ``type=float`` [`float_arg`][dreidelpoker.limits.float_arg], and a value option declared
    without a type [`text_arg`][dreidelpoker.limits.text_arg] (bounded length). Every command
    gets them, a game from another package included. A path option says ``type=str``: its
    length is checked with the path (by [`dreidelpoker.files`][dreidelpoker.files]).

    Parameters:
        kwargs: the keywords given to ``add_argument``.

    Returns:
        The keywords to pass on.

    Examples:
        >>> strict_types({"type": int})["type"].__name__
        'int_arg'
        >>> strict_types({"default": "GH"})["type"].__name__
        'text_arg'
        >>> "type" in strict_types({"action": "store_true"})
        False
    """
    kind = kwargs.get("type")
    if kind is int:
        return {**kwargs, "type": int_arg}
    if kind is float:
        return {**kwargs, "type": float_arg}
    if "type" not in kwargs and kwargs.get("action") in _VALUE_ACTIONS and kwargs.get("nargs") != 0:
        return {**kwargs, "type": text_arg}
    return kwargs


def command_parsers(parser: CommandParser) -> dict[tuple[str, str], CommandParser]:
    """``(verb, game) -> that command's parser`` for every command of a parser made by
    [`build_parser`][dreidelpoker.cli.build_parser].

    Parameters:
        parser: the whole ``dreidelpoker`` parser.

    Returns:
        Every ``VERB GAME`` parser, verbs in ``--help`` order.

    Examples:
        >>> ("odds", "two-dreidel") in command_parsers(build_parser(["--help"]))
        True
    """
    return {(verb, game): gp for verb, vp in parser.subcommands.items() for game, gp in vp.subcommands.items()}


def _join_dash_values(argv: list[str]) -> list[str]:
    """``--deck -1-5-5-1`` -> ``--deck=-1-5-5-1``, so a value that starts with a minus sign
    reaches our own check (and its clear message) instead of argparse's "expected one
    argument". Only tokens like ``-1-5-5-1`` or ``-1,5,3`` (a minus, a digit, then more
    than a plain negative number) are joined; argparse already takes ``-5`` as a value."""
    out: list[str] = []
    for token in argv:
        prev = out[-1] if out else ""
        if (prev.startswith("--") and "=" not in prev and len(token) > 2 and token[0] == "-" and token[1].isdigit()
                and not token[1:].isdigit()):
            out[-1] = f"{prev}={token}"
        else:
            out.append(token)
    return out


def _short_message(text: str, limit: int = 500) -> str:
    """One line, with long quoted values shortened and the whole cut to about ``limit``
    characters: a safety net under messages that quote a value in full."""
    line = re.sub(r"'([^'\n]{60,})'", lambda m: shorten(m.group(1)), _one_line(text))
    return line if len(line) <= limit else f"{line[:limit // 2]} … {line[-limit // 3:]}"


def _warning_line(where: str) -> Callable[..., None]:
    """A ``warnings.showwarning`` that prints one line naming the command."""
    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: Any = None, line: str | None = None) -> None:
        print(f"{where}: warning: {_one_line(str(message))}", file=sys.stderr)
    return show


def _one_line(text: str) -> str:
    """Collapse a message to one line, so every error is exactly one line on stderr."""
    return "; ".join(part.strip() for part in str(text).splitlines() if part.strip()) or "(no message)"


def game_commands(game: GameInfo[Any]) -> dict[str, CliCommand]:
    """A game's CLI commands: its own, plus the generic ``equity`` when it has an analysis
    protocol but no equity command of its own, and the generic ``simulate``, ``sweep``,
    ``compare`` and ``skill`` when it can be played whole (a game's own command of the same verb wins).

    Parameters:
        game: a registered game.

    Returns:
        ``{verb: CliCommand}`` for every command the game offers.
    """
    from .explore import explore_commands
    from .play.cli import play_commands, search_commands
    from .play.study_cli import study_commands

    commands = {**play_commands(game), **study_commands(game), **search_commands(game), **explore_commands(game),
                **game.commands}
    if game.analysis is not None and "equity" not in commands:
        from .analysis import equity_command

        commands["equity"] = equity_command(game.analysis)
    return commands


def game_command(game: GameInfo[Any], verb: str) -> CliCommand:
    """``game_commands(game)[verb]``, importing only what that one command needs (the
    generic simulation and equity modules are heavy).

    Parameters:
        game: a registered game.
        verb: one of its CLI verbs.

    Returns:
        The command.

    Raises:
        KeyError: when the game has no such verb.

    Examples:
        >>> game_command(get_game("two-dreidel"), "odds").help
        'exact distribution of the kept two-card hand from a fresh deck'
    """
    if verb in game.commands:
        return game.commands[verb]
    from .explore import explore_commands

    explorers = explore_commands(game)
    if verb in explorers:
        return explorers[verb]
    return game_commands(game)[verb]


def command_index() -> dict[str, dict[str, str]]:
    """verb -> {game -> one-line help} of every command, verbs in ``--help`` order and
    games by name: the installed games from their manifests (none imported), plus any game
    registered in this session.

    Returns:
        The table ``--help`` lists.

    Examples:
        >>> list(command_index()["odds"])
        ['domino-poker', 'two-dreidel']
    """
    by_verb: dict[str, dict[str, str]] = {}
    for name, manifest in manifests().items():
        for verb, help_text in manifest.verbs().items():
            by_verb.setdefault(verb, {})[name] = help_text
    for game in session_games():
        for verb, command in game_commands(game).items():
            by_verb.setdefault(verb, {})[game.name] = command.help
    order = sorted(by_verb, key=lambda v: (list(VERB_HELP).index(v) if v in VERB_HELP else 99, v))
    return {verb: dict(sorted(by_verb[verb].items())) for verb in order}


def _command(verb: str, name: str) -> CliCommand:
    """The command ``VERB GAME``, importing as little as it can: a game's own command loads
    the module of its command table (not the game's analysis and play specs)."""
    manifest = manifests().get(name)
    if manifest is not None and manifest.commands and verb in manifest.command_help:
        commands: Mapping[str, CliCommand] = load(manifest.commands)
        return with_help(commands[verb], manifest.command_help[verb])
    return game_command(get_game(name), verb)


def _fill_game_parser(parser: CommandParser, verb: str, name: str) -> None:
    command = _command(verb, name)
    parser.description = wrap_lines(command.description or command.help)
    command.add_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=_DEBUG_HELP)
    parser.set_defaults(_command=command)


def _chosen(argv: Sequence[str] | None) -> tuple[str, str] | None:
    """The ``(verb, game)`` an argument list names (its first two words that are no
    option: the top-level options take no value), or ``None``."""
    if argv is None:
        return None
    words = [a for a in argv if not a.startswith("-")][:2]
    return (words[0], words[1]) if len(words) == 2 else None


def build_parser(argv: Sequence[str] | None = None) -> CommandParser:
    """The ``dreidelpoker`` argument parser: one sub-command per verb, one per game under it.

    Parameters:
        argv: the command line it will parse: then only the ``VERB GAME`` parser it chooses
            is built, with its options (and imports its game), and ``--help`` imports no game. ``None``
            fills every command's parser (every game is imported), for tools and tests that
            read all of them.

    Returns:
        The parser.
    """
    chosen = _chosen(argv)
    parser = CommandParser(
        prog="dreidelpoker",
        description="Exact odds and analyses for Two Dreidel, Dice Poker, Domino Poker, Skirmish, Queenie and classic dreidel.",
        epilog="Examples: dreidelpoker odds two-dreidel --deck 2-6-6-2 --json\n"
        "          dreidelpoker equity two-dreidel --hand GH --opponents 2",
    )
    from ._version import __version__

    parser.add_argument("--version", action="version", version=f"dreidelpoker {__version__}")
    parser.add_argument("--debug", action="store_true", help=_DEBUG_HELP)
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND", parser_class=CommandParser)
    verbs.required = True
    index = command_index()
    # A command line naming a real VERB GAME reads no other command's parser, and the usage lines
    # and errors name no sibling: building the 60 others cost more than parsing (argparse.py).
    only = chosen if chosen is not None and chosen[1] in index.get(chosen[0], {}) else None
    for verb, helps in index.items():
        if only is not None and verb != only[0]:
            continue
        verb_help = VERB_HELP.get(verb, verb)  # plain text; argparse %-formats help (not descriptions)
        vp = verbs.add_parser(verb, help=verb_help.replace("%", "%%"), description=verb_help)
        gsub = vp.add_subparsers(dest="game", metavar="GAME", parser_class=CommandParser)
        gsub.required = True
        for name, help_text in helps.items():
            if only is not None and name != only[1]:
                continue
            gp = gsub.add_parser(
                name,
                help=help_text.replace("%", "%%"),  # argparse %-formats help, not descriptions
                    )
            if argv is None or chosen == (verb, name):
                _fill_game_parser(gp, verb, name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code.

    Exit codes: 0 success; 2 bad input, i.e. a usage error or the project's own
    [`InputError`][dreidelpoker.InputError] (one line on stderr, with its traceback above it
    only under ``--debug`` or ``DREIDELPOKER_DEBUG=1``); 130 on Ctrl-C (one line); 1 for
    anything else, which is a bug: its traceback, then one line asking for a report.

    Parameters:
        argv: the arguments after the program name (default ``sys.argv[1:]``).

    Returns:
        The exit code.

    Examples:
        >>> main(["odds", "two-dreidel", "--deck", "1-5-5"])  # doctest: +SKIP
        2
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args_list or os.environ.get("DREIDELPOKER_DEBUG", "") not in ("", "0")
    where = "dreidelpoker"
    try:
        argv_joined = _join_dash_values(args_list)
        args = build_parser(argv_joined).parse_args(argv_joined)
        where = f"dreidelpoker {args.verb} {args.game}"
        with use_progress(not args.json), warnings.catch_warnings():  # bars on stderr, only on a terminal
            warnings.showwarning = _warning_line(where)  # e.g. a stale cache entry: one line, not two
            result = args._command.run(args)
        text = json.dumps(result.to_dict(), indent=2, ensure_ascii=False) if args.json else result.to_text()
    except InputError as exc:
        if debug:
            traceback.print_exc(file=sys.stderr)
        print(f"{where}: error: {_short_message(str(exc))}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print(f"{where}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:  # anything else is a bug of ours, not bad input: show where it broke
        traceback.print_exc(file=sys.stderr)
        print(f"{where}: internal error ({type(exc).__name__}: {_one_line(str(exc))[:200]}); this is a bug in "
              "dreidelpoker, please report it with the command line and the traceback above", file=sys.stderr)
        return EXIT_INTERNAL
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped early: that is not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except KeyboardInterrupt:
        print(f"{where}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


def console() -> NoReturn:
    """The ``dreidelpoker`` console script: [`main`][dreidelpoker.cli.main], then exit with its code.

    After Ctrl-C (exit code 130) the process ends at once, without Python's teardown of
    every loaded module (seconds on a busy machine): pools and clients are already closed
    by then, and the interrupt gets its answer within a second or two.

    Raises:
        SystemExit: always, with the exit code.
    """
    code = main()
    if code == EXIT_INTERRUPTED:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    console()
