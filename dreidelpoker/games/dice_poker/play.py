"""Dice Poker's [`PlaySpec`][dreidelpoker.play.PlaySpec]: what the runner, the sweep and
the ``simulate dice-poker`` / ``sweep dice-poker`` CLI verbs read.

A game is one hand ([`game`][dreidelpoker.games.dice_poker.game]). Per-game metrics (a [`SimulationResult`][dreidelpoker.play.SimulationResult]
summarises them with intervals): ``actions`` (betting actions in the hand), ``bets``
(bets and raises), ``folds``, ``pot`` (chips in the pot at the end, antes included),
``showdown`` (1 when two or more seats showed down), ``rounds`` (betting rounds played)
and ``split`` (1 when the pot was split).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import replace

from ..betting_round import is_aggressive
from ..protocol import LeadAgainst, PlaySpec
from ..registry import PlayCliSpec
from ...errors import InputError
from .bots import BOTS
from .game import DicePokerGame, new_game
from .rules import BETTING_STRUCTURES, PLAY_MAX_PLAYERS, DicePokerRules

__all__ = ["METRIC_HELP", "PLAY", "PLAY_CLI", "metrics", "solved_exploitability"]


def metrics(final: DicePokerGame) -> dict[str, float]:
    """The figures of one finished hand (see the module docstring).

    Parameters:
        final: a finished hand.

    Returns:
        ``{metric: value}``.

    Examples:
        >>> from dreidelpoker.games.dice_poker.game import new_game
        >>> g = new_game(DicePokerRules()).apply(((6, 5, 3), (2, 2, 1))).apply("bet").apply("fold")
        >>> metrics(g)["actions"], metrics(g)["pot"], metrics(g)["showdown"]
        (2.0, 3.0, 0.0)
    """
    actions = [a for rnd in final.history for _s, a in rnd]
    winners = sum(1 for r, c in zip(final.returns(), final.betting.committed) if r + c > 0)
    showdown = bool(final.shown)
    return {
        "actions": float(len(actions)),
        "bets": float(sum(1 for a in actions if is_aggressive(a))),
        "folds": float(sum(1 for a in actions if a == "fold")),
        "pot": float(final.pot),
        "showdown": 1.0 if showdown else 0.0,
        "rounds": float(len(final.history)),
        "split": 1.0 if showdown and winners > 1 else 0.0,
    }


METRIC_HELP = {
    "actions": "betting actions in the hand (checks, bets, calls, raises, folds)",
    "bets": "bets and raises in the hand",
    "folds": "folds in the hand",
    "pot": "chips in the pot at the end of the hand (antes included)",
    "showdown": "1 when two or more players showed their cards",
    "rounds": "betting rounds played (the dice round included)",
    "split": "1 when the pot was split between equal hands",
}


def _adapt(rules: DicePokerRules, players: int) -> DicePokerRules:
    return rules if rules.players == players else replace(rules, players=players)


def add_sweep_arguments(parser: argparse.ArgumentParser) -> None:
    """``--bettings`` and ``--limits`` (comma lists): the rules variants a sweep runs over.

    Parameters:
        parser: the command's parser.
    """
    parser.add_argument("--bettings", default="once,per-card",
                        help="betting structures to sweep (default once,per-card)")
    parser.add_argument("--limits", default="fixed", help="limits to sweep, e.g. fixed,pot (default fixed)")


def rules_grid_from_args(args: argparse.Namespace) -> Mapping[str, DicePokerRules]:
    """``{label: rules}`` for every betting structure x limit of `add_sweep_arguments`.

    Parameters:
        args: the parsed command line.

    Returns:
        The rules variants by label.

    Raises:
        ValueError: an unknown betting structure or limit.
    """
    from ...rules_cli import rules_from_args

    grid: dict[str, DicePokerRules] = {}
    for betting in (b.strip() for b in args.bettings.split(",")):
        if betting not in BETTING_STRUCTURES:
            raise InputError(f"bettings: {betting!r} is not a betting structure; use {', '.join(BETTING_STRUCTURES)}")
        for limit in (x.strip() for x in args.limits.split(",")):
            if limit not in ("fixed", "pot"):
                raise InputError(f"limits: {limit!r} is not a limit; use fixed, pot")
            grid[f"betting={betting}, limit={limit}"] = rules_from_args(DicePokerRules, args, betting=betting,
                                                                         limit=limit)
    return grid


def solved_exploitability(rules: DicePokerRules) -> tuple[str, dict[str, tuple[float, ...]]]:
    """Each bot's exploitability in the heads-up equilibrium of these rules' betting structure
    ([`solve_dice_poker`][dreidelpoker.games.dice_poker.solve.solve_dice_poker] with its defaults:
    fixed limit, one raise a round, the equity-bucket abstraction).

    Parameters:
        rules: the rules (their betting structure, ante, bet and ranking options; heads-up).

    Returns:
        ``(what was solved, {bot: (seat 1, seat 2) exploitability})`` in chips per hand.

    Examples:
        >>> note, ex = solved_exploitability(DicePokerRules())  # doctest: +SKIP
        >>> ex["random"][0] > ex["equity"][0]  # doctest: +SKIP
        True
    """
    from .solve import solve_dice_poker  # the solver loads only when asked

    sol = solve_dice_poker(replace(rules, players=2, limit="fixed", max_raises=1))
    note = (f"heads-up equilibrium of betting {rules.betting!r} (fixed limit, one raise a round) on the "
            f"equity-bucket abstraction ({sol.method}): chips per hand a best response gains, seat 1 and seat 2")
    return note, {b: (e["seat1"], e["seat2"]) for b, e in sol.bots.items()}


def _new_game(rules: DicePokerRules, *, players: int | None = None, hand_limit: int | None = None) -> DicePokerGame:
    return new_game(rules, players=players, hand_limit=hand_limit)


# Module-level functions only: a spec pickles by reference onto process and Dask workers.
PLAY: PlaySpec[DicePokerRules] = PlaySpec(
    new_game=_new_game,
    bots=BOTS,
    default_bots=LeadAgainst("equity", ("tight",)),
    metrics=metrics,
    min_players=2,
    max_players=PLAY_MAX_PLAYERS,
    round_name="hand",
    default_hand_limit=1,
    adapt_rules=_adapt,
    players_in_rules="players",
    metric_help=METRIC_HELP,
    rate_metrics=frozenset({"showdown", "split"}),
    exploitability=solved_exploitability,
)

#: The command line's side of ``simulate`` and ``sweep``.
PLAY_CLI: PlayCliSpec[DicePokerRules] = PlayCliSpec(
    add_sweep_arguments=add_sweep_arguments,
    rules_grid_from_args=rules_grid_from_args,
    sweep_fields={"betting": "--bettings", "limit": "--limits"},
)
