"""Skirmish's [`PlaySpec`][dreidelpoker.play.PlaySpec]: what the runner, the sweep and
the ``simulate skirmish`` / ``sweep skirmish`` CLI verbs read.

Per-game metrics (``SimulationResult`` summarises them with intervals):

* ``skirmishes``, ``cards_played`` (cards laid on lines and piles, both players);
* ``captures_seat1``/``2``, ``piles_won_seat1``/``2``, ``pile_ties``, ``reshuffles``;
* ``pile_flow_seat1``: cards seat 1 won net through piles; ``capture_flow_seat1``: cards
  seat 1 won net through captures (each capture moves one opponent card);
* ``first_pile_seat1``: 1 if seat 1 won the first pile, 0 if it lost it, 0.5 on a tie.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping

from ..protocol import LeadAgainst, PlaySpec
from ..registry import PlayCliSpec
from .bots import BOTS
from .game import SkirmishGame, new_game
from .rules import SkirmishRules
from ...errors import InputError

__all__ = ["PLAY", "PLAY_CLI", "metrics", "rules_from_args"]


def metrics(final: SkirmishGame) -> dict[str, float]:
    """The per-game figures of a finished game (see the module docstring).

    Parameters:
        final: a finished game.

    Returns:
        ``{metric: value}``, floats.
    """
    st = final.stats
    first = st[6]
    return {
        "skirmishes": float(final.skirmishes), "cards_played": float(st[0]),
        "captures_seat1": float(st[1]), "captures_seat2": float(st[2]),
        "piles_won_seat1": float(st[3]), "piles_won_seat2": float(st[4]), "pile_ties": float(st[7]),
        "pile_flow_seat1": float(st[5]), "capture_flow_seat1": float(st[1] - st[2]),
        "first_pile_seat1": 1.0 if first == 0 else 0.0 if first == 1 else 0.5,
        "reshuffles": float(st[8]),
    }


METRIC_HELP = {
    "skirmishes": "skirmishes until the game ends",
    "cards_played": "cards laid on lines and piles by both players",
    "captures_seat1": "captures made by seat 1", "captures_seat2": "captures made by seat 2",
    "piles_won_seat1": "piles won by seat 1", "piles_won_seat2": "piles won by seat 2",
    "pile_ties": "skirmishes whose piles tied",
    "pile_flow_seat1": "cards seat 1 won net through the piles",
    "capture_flow_seat1": "cards seat 1 won net through captures",
    "first_pile_seat1": "1 if seat 1 won the first pile, 0 if it lost it, 0.5 on a tie",
    "reshuffles": "discards shuffled into a new draw pile",
}


def rules_from_args(args: argparse.Namespace) -> SkirmishRules:
    """The rules given by the generated rules options ([`dreidelpoker.rules_cli.add_rules_flags`][dreidelpoker.rules_cli.add_rules_flags]).

    Parameters:
        args: the parsed command line.

    Returns:
        The rules.

    Raises:
        ValueError: a bad option value (naming it).
    """
    from ...rules_cli import rules_from_args as generated

    rules: SkirmishRules = generated(SkirmishRules, args)
    return rules


def add_sweep_arguments(p: argparse.ArgumentParser) -> None:
    """The variants a sweep runs over: ``--ties`` and ``--line-sizes`` (comma lists); the other
    rules options (``--pile-size``, ``--deck``, ``--lose-at``) hold for every cell."""
    p.add_argument("--ties", default="own-pile,war", help="tie rules to sweep (default own-pile,war)")
    p.add_argument("--line-sizes", default="5", help="line sizes to sweep, e.g. 0,3,5 (default 5)")


def rules_grid_from_args(args: argparse.Namespace) -> Mapping[str, SkirmishRules]:
    """``{label: rules}`` for every tie rule x line size of `add_sweep_arguments`.

    Raises:
        ValueError: an unknown tie rule or a bad line size.
    """
    from ...rules_cli import rules_from_args

    grid: dict[str, SkirmishRules] = {}
    for tie in (t.strip() for t in args.ties.split(",")):
        for size in args.line_sizes.split(","):
            if not re.fullmatch(r"\s*[0-9]{1,3}\s*", size, flags=re.ASCII):
                raise InputError(f"line-sizes: {size!r} is not an integer like 5")
            n = int(size)
            grid[f"tie={tie}, line={n}"] = rules_from_args(SkirmishRules, args, tie=tie, line_size=n)
    return grid


def _new_game(rules: SkirmishRules, *, players: int | None = None, hand_limit: int | None = None) -> SkirmishGame:
    return new_game(rules, players=players, hand_limit=hand_limit)


# Module-level functions only: a spec pickles by reference onto process and Dask workers.
PLAY: PlaySpec[SkirmishRules] = PlaySpec(
    new_game=_new_game,
    bots=BOTS,
    default_bots=LeadAgainst("optimal"),
    metrics=metrics,
    min_players=2,
    max_players=2,
    round_name="skirmish",
    default_hand_limit=10_000,
    metric_help=METRIC_HELP,
)

#: The command line's side of ``simulate`` and ``sweep``.
PLAY_CLI: PlayCliSpec[SkirmishRules] = PlayCliSpec(
    rules_from_args=rules_from_args,
    add_sweep_arguments=add_sweep_arguments,
    rules_grid_from_args=rules_grid_from_args,
    cli_exclude={"skirmish_limit": "a game's length limit is --hand-limit, in skirmishes"},
    sweep_fields={"tie": "--ties", "line_size": "--line-sizes"},
)
