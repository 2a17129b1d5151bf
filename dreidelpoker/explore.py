"""``dreidelpoker explore GAME``: open a game's explorer as a live app in Voilà.

The docs site shows the explorers as static snapshots (no kernel runs there); this
command writes a one-cell notebook that displays the explorer and serves it with Voilà
on 127.0.0.1, so the controls work.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Mapping
from typing import Any

from .errors import InputError
from .limits import int_arg
from .games.registry import CliCommand, GameInfo, games, generic_help, get_game

__all__ = ["explore_commands", "explorer_notebook", "voila_command"]

def _explorers(game: str) -> Mapping[str, str]:
    """The game's explorers from its manifest (``{}`` for a game without one)."""
    return get_game(game).explorers


def explorer_notebook(game: str, which: str | None = None) -> dict[str, Any]:
    """The one-cell notebook (nbformat 4 JSON) that displays ``game``'s explorer.

    Parameters:
        game: a game with an explorer (``GameInfo.explorers``, from its manifest).
        which: the explorer's name (default: the game's first).

    Returns:
        The notebook as a dict.

    Raises:
        ValueError: for a game without an explorer or an unknown explorer name.

    Examples:
        >>> explorer_notebook("dice-poker")["cells"][0]["source"]
        'from dreidelpoker.widgets.dice_poker import dice_poker_explorer\\ndice_poker_explorer()'
    """
    options = _explorers(game)
    if not options:
        with_one = ", ".join(g.name for g in games() if g.explorers)
        raise InputError(f"no explorer for {game!r}; games with one: {with_one}")
    name = which or next(iter(options))
    if name not in options:
        raise InputError(f"--explorer {name!r} is not one of {', '.join(options)} for {game}")
    module, factory = options[name].split(":")
    return {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "code", "id": "explorer", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": f"from {module} import {factory}\n{factory}()"}],
    }


def voila_command(notebook: Path, *, port: int = 8866, open_browser: bool = True) -> list[str]:
    """The Voilà command line serving ``notebook`` on 127.0.0.1.

    Parameters:
        notebook: the notebook to serve.
        port: the port on 127.0.0.1.
        open_browser: open it in the default browser.

    Returns:
        The command as a list of arguments (for ``subprocess``).

    Examples:
        >>> voila_command(Path("x.ipynb"), port=9000, open_browser=False)[-3:]
        ['--port=9000', '--Voila.ip=127.0.0.1', '--no-browser']
    """
    cmd = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", "--Voila.ip=127.0.0.1"]
    return cmd + ([] if open_browser else ["--no-browser"])


@dataclass(frozen=True)
class ExploreResult:
    """What ``explore`` did (or, with ``--dry-run``, would do)."""

    game: str
    explorer: str
    notebook: str
    command: tuple[str, ...]
    launched: bool

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "explorer": self.explorer, "notebook": self.notebook,
                "command": list(self.command), "launched": self.launched}

    def to_text(self) -> str:
        verb = "served" if self.launched else "would serve"
        return f"{verb} the {self.game} {self.explorer} explorer with: {' '.join(self.command)}"


def _add_arguments(game: str) -> Any:
    def add(p: argparse.ArgumentParser) -> None:
        p.add_argument("--explorer", choices=list(_explorers(game)), default=next(iter(_explorers(game))),
                       help="which explorer (default: %(default)s)")
        p.add_argument("--port", type=int_arg, default=8866, help="port on 127.0.0.1 (default: %(default)s)")
        p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
        p.add_argument("--dry-run", action="store_true", help="write the notebook and print the command only")
    return add


def _run(game: str) -> Any:
    def run(args: argparse.Namespace) -> ExploreResult:
        if not 1 <= args.port <= 65535:
            raise InputError(f"--port {args.port} must be between 1 and 65535")
        notebook = explorer_notebook(game, args.explorer)
        if args.dry_run:  # nothing written, nothing started
            nb = Path(tempfile.gettempdir()) / "dreidelpoker-explore" / f"{game}-{args.explorer}.ipynb"
            cmd = voila_command(nb, port=args.port, open_browser=not args.no_browser)
            return ExploreResult(game, args.explorer, str(nb), tuple(cmd), launched=False)
        folder = Path(tempfile.mkdtemp(prefix="dreidelpoker-explore-"))
        nb = folder / f"{game}-{args.explorer}.ipynb"
        nb.write_text(json.dumps(notebook, indent=1))
        cmd = voila_command(nb, port=args.port, open_browser=not args.no_browser)
        if shutil.which("voila") is None and not _has_voila():
            raise InputError("Voilà is not installed: pip install voila (or dreidelpoker[test])")
        print(f"serving the {game} explorer on http://127.0.0.1:{args.port}/ (Ctrl-C stops it)", flush=True)
        try:
            subprocess.run(cmd, cwd=folder, check=False, env=dict(os.environ))
        except KeyboardInterrupt:
            pass
        return ExploreResult(game, args.explorer, str(nb), tuple(cmd), launched=True)
    return run


def _has_voila() -> bool:
    import importlib.util

    return importlib.util.find_spec("voila") is not None


def explore_commands(game: GameInfo[Any]) -> dict[str, CliCommand]:
    """The ``explore`` command of a game that has an explorer (else nothing).

    Parameters:
        game: a registered game.

    Returns:
        ``{"explore": CliCommand}`` for a game whose manifest names an explorer, else ``{}``.

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> list(explore_commands(get_game("dice-poker")))
        ['explore']
    """
    if not game.explorers:
        return {}
    return {"explore": CliCommand(
        help=generic_help("explore", game.title),
        description=f"Serve the {game.title} explorer as a live app with Voilà on 127.0.0.1 "
                    "(the docs site shows only a static snapshot).",
        add_arguments=_add_arguments(game.name),
        run=_run(game.name),
        examples=(("--dry-run",),),
    )}
