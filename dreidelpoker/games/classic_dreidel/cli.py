"""Classic dreidel's CLI commands: ``chain classic-dreidel`` and ``simulate classic-dreidel``."""

from __future__ import annotations

import argparse
from typing import Any

from ..registry import CliCommand
from .chain import AUTO_EXACT_MAX_STATES, analyze
from .rules import ELIMINATIONS, STOPPING_RULES, ClassicDreidelRules
from .simulate import simulate


def _int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    return value


def _rules_arguments(p: argparse.ArgumentParser, *, continuous: bool) -> None:
    # Required on purpose: 4 players x 10 coins is a 641,244-state chain (minutes, not seconds).
    p.add_argument("--players", type=_int, required=True, help="number of players, 2 to 8")
    p.add_argument("--coins", type=_int, required=True,
                   help="coins per player at the start"
                   + ("" if continuous else " (auto gives exact answers up to about 22 coins for 2 players, "
                      "4 for 3, 1 for 4; floating point beyond)"))
    roundings = ["up", "down", "continuous"] if continuous else ["up", "down"]
    p.add_argument("--hey-rounding", choices=roundings, default="up",
                   help="Hey takes half the pot rounded up (default) or down"
                   + (", or exactly half of a continuous pot" if continuous else ""))
    p.add_argument("--elimination", choices=list(ELIMINATIONS), default="cannot-pay",
                   help="out when unable to pay (default) or on reaching zero coins")
    p.add_argument("--no-reante", dest="reante", action="store_false",
                   help="do not re-ante when the pot is empty (default: everyone re-antes)")
    p.add_argument("--stopping", choices=list(STOPPING_RULES), default="last-survivor",
                   help="when the game ends (default last-survivor)")


def _rules(args: argparse.Namespace) -> ClassicDreidelRules:
    return ClassicDreidelRules(players=args.players, coins=args.coins, hey_rounding=args.hey_rounding,
                               elimination=args.elimination, reante=args.reante, stopping=args.stopping)


def _add_chain(p: argparse.ArgumentParser) -> None:
    _rules_arguments(p, continuous=False)
    p.add_argument("--method", choices=["auto", "exact", "float"], default="auto",
                   help=f"exact rationals, floating point, or auto (exact up to {AUTO_EXACT_MAX_STATES} states)")


def _run_chain(args: argparse.Namespace) -> Any:
    return analyze(rules=_rules(args), method=args.method)


def _add_simulate(p: argparse.ArgumentParser) -> None:
    _rules_arguments(p, continuous=True)
    p.add_argument("--games", type=_int, default=10_000, help="number of games (default 10000)")
    p.add_argument("--seed", type=_int, default=0, help="seed of the numpy SeedSequence (default 0)")


def _run_simulate(args: argparse.Namespace) -> Any:
    return simulate(rules=_rules(args), games=args.games, seed=args.seed)


COMMANDS = {
    "chain": CliCommand(
        help="expected number of spins and each seat's win probability (absorbing Markov chain)",
        add_arguments=_add_chain,
        run=_run_chain,
        examples=(("--players", "2", "--coins", "2"), ("--players", "3", "--coins", "2", "--hey-rounding", "down")),
        description="Classic dreidel as an absorbing Markov chain: the expected number of spins and each "
        "seat's probability of winning, seat 1 spinning first. Exact ('p/q') for small chip counts, "
        "floating point beyond.\n\nExample: dreidelpoker chain classic-dreidel --players 3 --coins 3 --json",
    ),
    "simulate": CliCommand(
        help="seeded Monte Carlo simulation of classic dreidel, with 95% confidence intervals",
        add_arguments=_add_simulate,
        run=_run_simulate,
        examples=(("--players", "3", "--coins", "3", "--games", "200", "--seed", "7"),),
    ),
}
