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
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Mapping
from typing import Any

from .errors import InputError
from .files import write_text_atomic
from .limits import int_arg
from .games.registry import CliCommand, GameInfo, games, generic_help, get_game

__all__ = ["ExploreResult", "explore_commands", "explorer_notebook", "serving_port", "voila_command",
           "voila_environment"]

#: A Jupyter data folder shipped with the package: it holds the ``dreidelpoker`` Voilà template
#: (Voilà's "lab" template without its stylesheets from a CDN), so an explorer's page loads
#: nothing from outside 127.0.0.1.
VOILA_DATA = Path(__file__).resolve().parent / "widgets" / "voila_share"

#: Lab extensions kept out of an explorer's page: jupytext's is a notebook-editor extension that
#: fails to start inside Voilà (a console error on every page).
VOILA_DENIED_EXTENSIONS = ("jupyterlab-jupytext",)

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
    """The Voilà command line serving ``notebook`` on 127.0.0.1 with the package's template.

    Run it with [`voila_environment`][dreidelpoker.explore.voila_environment]'s environment,
    which tells Voilà where that template is.

    Parameters:
        notebook: the notebook to serve.
        port: the port on 127.0.0.1.
        open_browser: open it in the default browser.

    Returns:
        The command as a list of arguments (for ``subprocess``).

    Examples:
        >>> voila_command(Path("x.ipynb"), port=9000, open_browser=False)[4:]
        ['--port=9000', '--Voila.ip=127.0.0.1', '--template=dreidelpoker', '--VoilaConfiguration.extension_denylist=["jupyterlab-jupytext"]', '--no-browser']
    """
    cmd = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", "--Voila.ip=127.0.0.1",
           "--template=dreidelpoker",
           f"--VoilaConfiguration.extension_denylist={json.dumps(list(VOILA_DENIED_EXTENSIONS))}"]
    return cmd + ([] if open_browser else ["--no-browser"])


def voila_environment(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment to run [`voila_command`][dreidelpoker.explore.voila_command] in.

    Parameters:
        environ: the environment to start from (default: this process's).

    Returns:
        A copy of it whose ``JUPYTER_PATH`` starts with the package's Jupyter data folder,
        where Voilà finds the ``dreidelpoker`` template.

    Examples:
        >>> env = voila_environment({"JUPYTER_PATH": "/elsewhere"})
        >>> env["JUPYTER_PATH"].endswith("voila_share" + os.pathsep + "/elsewhere")
        True
    """
    env = dict(os.environ if environ is None else environ)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(VOILA_DATA), env.get("JUPYTER_PATH", "")]))
    return env


@dataclass(frozen=True)
class ExploreResult:
    """What ``explore`` did (or, with ``--dry-run``, would do): the notebook written, the URL
    served (the port really used), the Voilà command and a note when the port was busy.

    Examples:
        >>> ExploreResult("dice-poker", "table", "x.ipynb", ("voila",), launched=False,
        ...               url="http://127.0.0.1:8866/").to_dict()["url"]
        'http://127.0.0.1:8866/'
    """

    game: str
    explorer: str
    notebook: str
    command: tuple[str, ...]
    launched: bool
    url: str = ""
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "explorer": self.explorer, "notebook": self.notebook, "url": self.url,
                "command": list(self.command), "launched": self.launched, "note": self.note}

    def to_text(self) -> str:
        if self.launched:
            return f"served the {self.game} {self.explorer} explorer at {self.url}"
        return "\n".join(filter(None, [
            f"wrote {self.notebook}", self.note,
            f"would serve the {self.game} {self.explorer} explorer at {self.url} with: {' '.join(self.command)}"]))


def serving_port(requested: int) -> tuple[int, str]:
    """The port to serve on: ``requested`` if it is free on 127.0.0.1, else a free one.

    Parameters:
        requested: the port asked for.

    Returns:
        ``(port, note)``; the note says why the port differs (empty when it does not).

    Examples:
        >>> import socket
        >>> with socket.socket() as busy:
        ...     busy.bind(("127.0.0.1", 0)); busy.listen()
        ...     port, note = serving_port(busy.getsockname()[1])
        ...     port != busy.getsockname()[1], note.endswith("is busy")
        (True, True)
    """
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", requested))
            return requested, ""
        except OSError:
            pass
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1]), f"port {requested} is busy"


def _add_arguments(game: str) -> Any:
    def add(p: argparse.ArgumentParser) -> None:
        p.add_argument("--explorer", choices=list(_explorers(game)), default=next(iter(_explorers(game))),
                       help="which explorer (default: %(default)s)")
        p.add_argument("--port", type=int_arg, default=8866,
                       help="port on 127.0.0.1 (default: %(default)s; a free one if it is busy, and the URL says which)")
        p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
        p.add_argument("--dry-run", action="store_true",
                       help="write the notebook and print the URL and the command, without starting Voilà")
    return add


def _run(game: str) -> Any:
    def run(args: argparse.Namespace) -> ExploreResult:
        if not 1 <= args.port <= 65535:
            raise InputError(f"--port {args.port} must be between 1 and 65535")
        notebook = explorer_notebook(game, args.explorer)
        folder = Path(tempfile.mkdtemp(prefix="dreidelpoker-explore-"))
        nb = folder / f"{game}-{args.explorer}.ipynb"
        write_text_atomic(nb, json.dumps(notebook, indent=1))
        port, note = serving_port(args.port)
        url = f"http://127.0.0.1:{port}/"
        # port_retries=0: Voilà serves on exactly this port or stops, so the URL printed is the real one.
        cmd = voila_command(nb, port=port, open_browser=not args.no_browser) + ["--Voila.port_retries=0"]
        if args.dry_run:
            return ExploreResult(game, args.explorer, str(nb), tuple(cmd), launched=False, url=url,
                                 note=f"{note}; serving on {port} instead" if note else "")
        # A served explorer's folder is temporary: removed when Voilà stops, however it stops
        # (a dry run keeps it: its notebook is what the run reports).
        try:
            if shutil.which("voila") is None and not _has_voila():
                raise InputError("Voilà is not installed: pip install voila (or dreidelpoker[test])")
            busy = f" ({note})" if note else ""
            print(f"serving the {game} explorer on {url}{busy} (Ctrl-C stops it)", flush=True)
            # Ctrl-C stops Voilà too (subprocess.run kills it) and reaches the CLI: one line, exit 130.
            proc = subprocess.run(cmd, cwd=folder, check=False, env=voila_environment())
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        if proc.returncode != 0:
            raise InputError(f"Voilà stopped with exit code {proc.returncode} (see its messages above)")
        return ExploreResult(game, args.explorer, str(nb), tuple(cmd), launched=True, url=url, note=note)
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
