"""Classic dreidel's CLI: ``chain classic-dreidel``, and the rules options of the generic
``simulate classic-dreidel`` / ``sweep classic-dreidel`` verbs (the play spec reads them)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ...errors import InputError, ResourceLimitError
from ...limits import int_arg
from ...validation import check_count
from ..registry import CliCommand
from ...rules_cli import DEST_PREFIX, add_rules_flags, rules_from_args
from .rules import ClassicDreidelRules
from .size import check_chain_size


_int = int_arg


def _rules_arguments(p: argparse.ArgumentParser) -> None:
    # Required on purpose: 4 players x 10 coins is a 641,244-state chain (minutes, not seconds).
    # Stored where the generated rules options are (rules__*), so they build the rules the same way.
    p.add_argument("--players", dest=DEST_PREFIX + "players", type=_int, required=True, help="number of players, 2 to 8")
    p.add_argument("--coins", dest=DEST_PREFIX + "coins", type=_int, required=True,
                   help="coins per player at the start (auto gives exact answers up to about 22 coins for 2 players, "
                   "4 for 3, 1 for 4; floating point beyond)")
    add_rules_flags(p, ClassicDreidelRules)  # every other field: --hey-rounding, --no-reante, --face-probabilities …


def _rules(args: argparse.Namespace, **fixed: Any) -> ClassicDreidelRules:
    rules: ClassicDreidelRules = rules_from_args(ClassicDreidelRules, args, **fixed)
    return rules


#: ``chain classic-dreidel --max-states`` default: about a million states is minutes and a few GB.
CLI_MAX_STATES = 1_000_000


def _add_chain(p: argparse.ArgumentParser) -> None:
    from .chain import AUTO_EXACT_MAX_STATES  # (the chain and sympy: loaded for this verb only, not for simulate)

    _rules_arguments(p)
    p.add_argument("--method", choices=["auto", "exact", "float"], default="auto",
                   help=f"exact rationals, floating point, or auto (exact up to {AUTO_EXACT_MAX_STATES} states)")
    p.add_argument("--max-states", type=_int, default=CLI_MAX_STATES,
                   help=f"refuse chains estimated above this many states (default {CLI_MAX_STATES:,}; "
                   "4 players x 10 coins has 641,244)")


def _run_chain(args: argparse.Namespace) -> Any:
    rules = _rules(args)
    max_states = check_count(args.max_states, "--max-states", low=1, high=10 ** 9)
    check_chain_size(max_states, option="--max-states", rules=rules)
    from .chain import analyze

    return analyze(rules=rules, method=args.method, max_states=max_states, progress=not args.json and sys.stderr.isatty())


#: The simulator stops a game after this many spins (the play spec's default limit).
SIMULATE_MAX_SPINS = 10_000_000


def _check_reachable(rules: ClassicDreidelRules) -> None:
    if rules.stopping != "first-gimel":
        # A player pays at most 1 coin per spin (an ante), 2 on their own spin (Shin, then an
        # ante): going out with C coins takes at least C * players / (players + 1) spins.
        at_least = rules.coins * rules.players // (rules.players + 1)
        if at_least > SIMULATE_MAX_SPINS:
            raise ResourceLimitError(
                f"--coins {rules.coins:,}: every game lasts at least {at_least:,} spins, over the simulator's "
                f"limit of {SIMULATE_MAX_SPINS:,} spins a game, so every game would be cut short; use fewer coins"
            )
        # Game length grows with (coins x players)^2 (Robinson and Vijay); coins^2 players^2 / 4 is
        # about half the exact mean at 4 x 10 (856 spins), so a game this long is the rule, not the tail.
        typical = (rules.coins * rules.players) ** 2 // 4
        if typical > SIMULATE_MAX_SPINS:
            raise ResourceLimitError(
                f"--coins {rules.coins:,} at {rules.players} players: a typical game lasts over {typical:,} spins "
                f"(length grows with (coins x players)^2), past the simulator's limit of {SIMULATE_MAX_SPINS:,} "
                "spins a game, so most games would be cut short; use fewer coins (the exact chain answers "
                "small tables: dreidelpoker chain classic-dreidel)"
            )


def play_rules_from_args(args: argparse.Namespace) -> ClassicDreidelRules:
    """The rules of ``simulate classic-dreidel`` (4 players unless ``--players`` says otherwise;
    every other field from the generated rules options).

    Parameters:
        args: the parsed command line.

    Returns:
        The rules.

    Raises:
        ResourceLimitError: so many coins that every game would outlast the simulator's spin limit.
    """
    rules = _rules(args, **({"players": args.players} if args.players is not None else {}))
    _check_reachable(rules)
    return rules


def add_play_sweep_arguments(p: argparse.ArgumentParser) -> None:
    """Classic dreidel's rules variants on ``sweep classic-dreidel``: a list of coin counts
    (every other rules field is a generated option that holds for every cell).

    Parameters:
        p: the command's parser.
    """
    p.add_argument("--coins", default="10", help="coins per player, one or a list like 3,5,10 (default 10)")


def play_rules_grid_from_args(args: argparse.Namespace) -> dict[str, ClassicDreidelRules]:
    """``{"N coins": rules}`` for each ``--coins`` value (the player count is set per cell).

    Parameters:
        args: the parsed command line.

    Returns:
        The rules of each sweep cell, by label.

    Raises:
        ValueError: a ``--coins`` entry that is not a count from 1 to 10**9.
        ResourceLimitError: so many coins that every game would outlast the simulator's spin limit.
    """
    grid: dict[str, ClassicDreidelRules] = {}
    for text in str(args.coins).split(","):
        try:
            value = int_arg(text.strip())
        except argparse.ArgumentTypeError as exc:
            raise InputError(f"--coins: {exc}; give one count or a list like 3,5,10") from None
        coins = check_count(value, "--coins", low=1, high=10 ** 9)
        rules = _rules(args, players=2, coins=coins)
        _check_reachable(rules)
        grid[f"{coins} coins"] = rules
    return grid


COMMANDS = {
    "chain": CliCommand(
        add_arguments=_add_chain,
        run=_run_chain,
        examples=(("--players", "2", "--coins", "2"), ("--players", "3", "--coins", "2", "--hey-rounding", "down")),
        description="Classic dreidel as an absorbing Markov chain: the expected number of spins and each "
        "seat's probability of winning, seat 1 spinning first. Exact ('p/q') for small chip counts, "
        "floating point beyond.\n\nExample: dreidelpoker chain classic-dreidel --players 3 --coins 3 --json",
    ),
}
