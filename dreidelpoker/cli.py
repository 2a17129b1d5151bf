"""The ``dreidelpoker`` command line. Commands are ``dreidelpoker VERB GAME [options]``;
each game contributes its verbs through the registry, so this module knows no game."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from .analysis import equity_command
from .explore import explore_commands
from .games.registry import CliCommand, GameInfo, games
from .play.cli import play_commands

VERB_HELP = {
    "odds": "exact odds of a game's hands",
    "equity": "exact win / tie / lose probabilities and pot equity",
    "table": "exact category tables",
    "chain": "Markov-chain analyses (deck cycles, game length)",
    "simulate": "play seeded whole games with bots (Monte Carlo with 95%% intervals)",
    "sweep": "simulate over rules variants x player counts x bot line-ups",
    "solve": "exact solutions of a game's decisions (Skirmish's capture phase)",
}


class _Parser(argparse.ArgumentParser):
    """argparse, but errors say what is allowed and exit with code 2 without a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def game_commands(game: GameInfo) -> dict[str, CliCommand]:
    """A game's CLI commands: its own, plus the generic ``equity`` when it has an analysis
    protocol but no equity command of its own, and the generic ``simulate`` and ``sweep``
    when it can be played whole (a game's own command of the same verb wins)."""
    commands = {**play_commands(game), **explore_commands(game), **game.commands}
    if game.analysis is not None and "equity" not in commands:
        commands["equity"] = equity_command(game.analysis)
    return commands


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dreidelpoker",
        description="Exact odds and analyses for Two Dreidel, Dice Poker, Domino Poker and classic dreidel.",
        epilog="Examples: dreidelpoker odds two-dreidel --deck 2-6-6-2 --json\n"
        "          dreidelpoker equity two-dreidel GH --opponents 2",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"dreidelpoker {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND", parser_class=_Parser)
    verbs.required = True
    by_verb: dict[str, list[tuple[str, CliCommand]]] = {}
    for game in games():
        for verb, command in game_commands(game).items():
            by_verb.setdefault(verb, []).append((game.name, command))
    for verb in sorted(by_verb, key=lambda v: (list(VERB_HELP).index(v) if v in VERB_HELP else 99, v)):
        vp = verbs.add_parser(verb, help=VERB_HELP.get(verb, verb),
                                description=VERB_HELP.get(verb, verb).replace("%%", "%"))
        gsub = vp.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
        gsub.required = True
        for name, command in by_verb[verb]:
            gp = gsub.add_parser(
                name,
                help=command.help,
                description=command.description or command.help,
                formatter_class=argparse.RawDescriptionHelpFormatter,
            )
            command.add_arguments(gp)
            gp.add_argument("--json", action="store_true", help="print machine-readable JSON")
            gp.set_defaults(_command=command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result = args._command.run(args)
    except (ValueError, TypeError) as exc:
        print(f"dreidelpoker {args.verb} {args.game}: error: {exc}", file=sys.stderr)
        return 2
    try:
        if args.json:
            print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        else:
            print(result.to_text())
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped early: that is not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
