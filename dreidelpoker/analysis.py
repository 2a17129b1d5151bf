"""The generic analysis engines, written once against the game protocol.

[`exact_equity`][dreidelpoker.analysis.exact_equity] sums the game's exact deal classes through its own ``showdown``;
[`monte_carlo_equity`][dreidelpoker.analysis.monte_carlo_equity] samples seeded deals the same way.  Both ask the game for its own
specialised path first (``fast_*``; the games keep those where they are measurably
faster) and fall back to the generic work. `equity_command` is the generic
``dreidelpoker equity GAME`` command for a game that declares none of its own.
None of this module knows a game: see [`dreidelpoker.games.protocol`][dreidelpoker.games.protocol].
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import numpy as np

from .equity import EquityAccumulator, EquityResult
from .games.protocol import AnalysisGame
from .games.registry import CliCommand, generic_help
from .montecarlo import MonteCarloEstimate, ShowdownTally
from .errors import InputError
from .limits import MAX_SAMPLES, int_arg, monte_carlo_options, progress_bar
from .validation import check_count, check_seed
from .rules_cli import add_rules_flags, rules_from_args

__all__ = ["exact_equity", "monte_carlo_equity"]

H = TypeVar("H")
K = TypeVar("K")
R = TypeVar("R")
Method = Literal["exact", "monte-carlo"]
_METHODS = ("exact", "monte-carlo")


def exact_equity(game: AnalysisGame[H, K, R], known: K, *, rules: R, fast: bool = True) -> EquityResult:
    """Exact equity of the hero (player 0) over every deal class of ``known``.

    Args:
        game: the game (its registered ``GameInfo.analysis``).
        known: what is known, e.g. ``game.known("GH", opponents=2, rules=rules)``.
        rules: the game's rules.
        fast: use the game's own specialised path when it has one.

    Returns:
        An [`EquityResult`][dreidelpoker.EquityResult] of exact sympy Rationals.

    Raises:
        ValueError: if ``known`` admits no deal.

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> g = get_game("two-dreidel").analysis
        >>> rules = g.rules_type()
        >>> exact_equity(g, g.known("GH", opponents=1, rules=rules), rules=rules, fast=False).equity
        10/11
    """
    if fast:
        result = game.fast_exact_equity(known, rules=rules)
        if result is not None:
            return result
    outcomes: Counter[tuple[int, bool]] = Counter()
    players = 1
    for hands, weight in game.deals(known, rules=rules):
        if weight:
            winners = game.showdown(hands, rules=rules)
            outcomes[len(winners), 0 in winners] += weight
            players = max(players, len(hands))
    if not outcomes:
        raise InputError(f"no deal completes {game.describe(known, rules=rules)}")
    acc = EquityAccumulator(players)
    for (k, hero), weight in sorted(outcomes.items()):
        acc.add(weight, winners=k, hero_wins=hero)
    return acc.result(game.describe(known, rules=rules))


def monte_carlo_equity(game: AnalysisGame[H, K, R], known: K, *, rules: R, samples: int = 20_000,
                       seed: int = 0, confidence: float = 0.95, fast: bool = True) -> MonteCarloEstimate:
    """A seeded Monte Carlo estimate of the hero's equity (same seed, same answer).

    Args:
        game: the game.
        known: what is known.
        rules: the game's rules.
        samples: number of sampled deals, 2 to `MAX_SAMPLES` (memory stays constant).
        seed: a non-negative integer seed for ``numpy.random.SeedSequence``.
        confidence: the level of every interval.
        fast: use the game's own vectorised sampler when it has one.

    Returns:
        A [`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate] with an interval for every field.

    Raises:
        ValueError: for a bad ``samples``, ``seed`` or ``confidence``.

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> g = get_game("two-dreidel").analysis
        >>> rules = g.rules_type()
        >>> est = monte_carlo_equity(g, g.known("GH", opponents=1, rules=rules), rules=rules,
        ...                          samples=2000, seed=1, fast=False)
        >>> est.contains("equity", 10 / 11), est.samples
        (True, 2000)
    """
    check_count(samples, "samples", low=2, high=MAX_SAMPLES)
    check_seed(seed)
    if not 0 < confidence < 1:
        raise InputError(f"confidence must be between 0 and 1, got {confidence!r}")
    if fast:
        result = game.fast_monte_carlo_equity(known, rules=rules, samples=samples, seed=seed, confidence=confidence)
        if result is not None:
            return result
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    tally = ShowdownTally(game.max_players)
    with progress_bar(samples, "sampling deals", unit=" deals") as bar:
        for i in range(samples):
            hands = game.sample_deal(known, rules=rules, rng=rng)
            winners = game.showdown(hands, rules=rules)
            tally.add(winners=len(winners), hero_wins=0 in winners)
            if i % 10_000 == 9_999:
                bar.update(10_000)
    return tally.estimate(seed=seed, confidence=confidence, description=game.describe(known, rules=rules),
                          details={"engine": "generic"})


@dataclass(frozen=True)
class _EquityOutput:
    result: EquityResult | MonteCarloEstimate

    def to_dict(self) -> dict[str, Any]:
        return self.result.to_dict()

    def to_text(self) -> str:
        return self.result.to_text()


def equity_command(game: AnalysisGame[H, K, R]) -> CliCommand:
    """The generic ``dreidelpoker equity GAME`` command of a game that has none of its own.

    Options: ``--hand`` (the hero's known cards as the game writes them, empty = none),
    ``--opponents``, ``--method exact|monte-carlo``, ``--samples``, ``--seed``, and one
    option per rules field ([`add_rules_flags`][dreidelpoker.rules_cli.add_rules_flags]).

    Parameters:
        game: the game's analysis protocol (``get_game(name).analysis``).

    Returns:
        The ``equity`` command, ready to register in ``GameInfo.commands``.

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> cmd = equity_command(get_game("two-dreidel").analysis)
        >>> cmd.examples[0][:2]
        ('--hand', 'GH')
    """

    def add_arguments(p: argparse.ArgumentParser) -> None:
        p.add_argument("--hand", default="", help="the hero's known cards (default: none known)")
        p.add_argument("--opponents", type=int_arg, default=1, help="number of opponents (default 1)")
        p.add_argument("--method", choices=_METHODS, default="exact", help="exact (default) or monte-carlo")
        p.add_argument("--samples", type=int_arg, default=None,
                       help=f"Monte Carlo samples, 2 to {MAX_SAMPLES:,} (default 20000; with --method monte-carlo)")
        p.add_argument("--seed", type=int_arg, default=None, help="Monte Carlo seed (default 0; with --method monte-carlo)")
        add_rules_flags(p, game.rules_type, exclude={"players": "one seat per opponent (--opponents), plus yours"})

    def run(args: argparse.Namespace) -> _EquityOutput:
        rules = rules_from_args(game.rules_type, args)
        known = game.known(args.hand, opponents=args.opponents, rules=rules)
        samples, seed = monte_carlo_options(args.samples, args.seed, monte_carlo=args.method == "monte-carlo",
                                            default_samples=20_000, how="--method monte-carlo")
        if args.method == "exact":
            return _EquityOutput(exact_equity(game, known, rules=rules))
        return _EquityOutput(monte_carlo_equity(game, known, rules=rules, samples=samples, seed=seed))

    hand = game.example_known[0] if game.example_known else ""
    return CliCommand(
        help=generic_help("equity", ""),
        add_arguments=add_arguments,
        run=run,
        examples=(("--hand", hand, "--opponents", "1"),
                  ("--hand", hand, "--method", "monte-carlo", "--samples", "2000", "--seed", "1")),
    )
