"""Skirmish's own CLI command: ``solve skirmish`` (the exact capture phase).

``simulate skirmish`` and ``sweep skirmish`` are the generic verbs built from
[`PLAY`][dreidelpoker.games.skirmish.play.PLAY].
"""

from __future__ import annotations

import argparse
from typing import Any

from ..registry import CliCommand
from .solver import solve_capture


def _add_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mine", required=True, help="your skirmish line, e.g. 9,4,4,K,2 (cards 2-9, 10 or T, J, Q, K, A)")
    p.add_argument("--theirs", required=True, help="the opponent's line, as long as yours, e.g. Q,J,3,3,8")
    p.add_argument("--first", default="mine", help="who captures first: mine (default) or theirs")


def _run_solve(args: argparse.Namespace) -> Any:
    return solve_capture(args.mine, args.theirs, args.first)


COMMANDS = {
    "solve": CliCommand(
        add_arguments=_add_solve,
        run=_run_solve,
        examples=(("--mine", "9,4,4,K,2", "--theirs", "Q,J,3,3,8"),
                  ("--mine", "A,2", "--theirs", "K,3", "--first", "theirs")),
        description="Solve a Skirmish capture phase exactly (minimax over every order of captures, memoized "
        "on the multiset position). Prints the cards each side ends the phase with under optimal play, the "
        "best capture, the whole principal line and what every alternative first capture loses.\n\n"
        "Example: dreidelpoker solve skirmish --mine 9,4,4,K,2 --theirs Q,J,3,3,8 --first mine --json",
    ),
}
