"""Queenie's [`PlaySpec`][dreidelpoker.play.PlaySpec]: bots, metrics and CLI options.

A game on the engine is one **session** of ``session_deals`` deals (default 1), so
``simulate(QueenieRules(), games=1000)`` plays 1,000 deals; the metrics are per deal
averages over the session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..protocol import LeadAgainst, PlaySpec, SameBot
from ..registry import PlayCliSpec
from ...caches import bounded_cache
from .bots import always_swap_bot, make_heuristic, make_lookahead, never_swap_bot, random_queenie_bot
from .game import (
    T_BLOCKED, T_CARDS, T_MAX_OUT_POT, T_MAX_QUEEN_POT, T_OUT_CARRIED, T_QUEEN_CARRIED, T_QUEEN_DEAD, T_RUNS,
    T_SWAPS, T_TURNS, QueenieGame, new_game,
)
from .rules import QueenieRules
from ...errors import InputError
from ...strict_numbers import parse_integer

if TYPE_CHECKING:  # annotations only: a simulation never builds a parser, so it does not load argparse
    import argparse

__all__ = ["PLAY", "PLAY_CLI", "metrics"]

def metrics(final: QueenieGame) -> dict[str, float]:
    """Per-deal averages over a finished session, and pot sizes.

    Parameters:
        final: a finished session.

    Returns:
        ``deals`` (deals played in the session: the game's length), ``cards``, ``runs``,
        ``turns`` (per deal), ``blocked``, ``out_carried``,
        ``queen_carried``, ``queen_dead``, ``swaps`` (shares of deals), ``out_pot_end``,
        ``queen_pot_end`` (pots left at the end), ``max_out_pot``, ``max_queen_pot``,
        and per seat ``out_wins_seatK`` / ``queen_wins_seatK`` (shares of deals) and
        ``chips_per_deal_seatK``.
    """
    d = max(1, final.deals)
    t = final.tally
    m: dict[str, float] = {
        "deals": float(final.deals), "cards": t[T_CARDS] / d, "runs": t[T_RUNS] / d, "turns": t[T_TURNS] / d,
        "blocked": t[T_BLOCKED] / d, "out_carried": t[T_OUT_CARRIED] / d, "queen_carried": t[T_QUEEN_CARRIED] / d,
        "queen_dead": t[T_QUEEN_DEAD] / d, "swaps": t[T_SWAPS] / d,
        "out_pot_end": float(final.pots[0]), "queen_pot_end": float(final.pots[1]),
        "max_out_pot": float(t[T_MAX_OUT_POT]), "max_queen_pot": float(t[T_MAX_QUEEN_POT]),
    }
    for (out_key, queen_key, chips_key), out, queen, chips in zip(_seat_keys(final.num_players), final.out_wins,
                                                                  final.queen_wins, final.chips):
        m[out_key] = out / d
        m[queen_key] = queen / d
        m[chips_key] = chips / d
    return m


@bounded_cache(maxsize=16)
def _seat_keys(players: int) -> tuple[tuple[str, str, str], ...]:
    """The per-seat metric names (written once per player count, not once per game)."""
    return tuple((f"out_wins_seat{i}", f"queen_wins_seat{i}", f"chips_per_deal_seat{i}") for i in range(1, players + 1))


METRIC_HELP = {
    "deals": "deals played in the session (the game's length)",
    "cards": "cards played per deal",
    "runs": "runs per deal",
    "turns": "turns per deal (a player's unbroken stretch of cards in a run)",
    "blocked": "share of deals blocked (nobody goes out)",
    "out_carried": "share of deals whose going-out pot carried over",
    "queen_carried": "share of deals whose queen pot carried over",
    "queen_dead": "share of deals whose queen-pot Queen was dead",
    "swaps": "share of deals with a swap",
    "out_pot_end": "going-out pot left at the end of the session",
    "queen_pot_end": "queen pot left at the end of the session",
    "max_out_pot": "largest going-out pot played for in the session",
    "max_queen_pot": "largest queen pot played for in the session",
}


def adapt_rules(players: int, *, rules: QueenieRules) -> QueenieRules:
    """``rules`` for ``players`` players."""
    return _adapt(rules, players)


def _adapt(rules: QueenieRules, players: int) -> QueenieRules:
    """The play spec's hook: ``rules`` for ``players`` players."""
    return rules if rules.players == players else replace(rules, players=players)


def add_sweep_arguments(parser: argparse.ArgumentParser) -> None:
    """``--vary FIELD=A,B``: the rules variants a sweep runs over (every rules field is also a
    single-value option, generated from [`QueenieRules`][dreidelpoker.games.queenie.QueenieRules], that holds for every cell)."""
    parser.add_argument("--vary", action="append", default=[], metavar="FIELD=A,B",
                        help="a rules option to sweep over, e.g. --vary dealing=dummy-first,players-first")


def rules_grid_from_args(args: argparse.Namespace) -> Mapping[str, QueenieRules]:
    """``{label: rules}`` for every combination of the ``--vary`` values.

    Raises:
        ValueError: an unknown field or a value outside those documented.
    """
    from ...rules_cli import DEST_PREFIX, rules_flags, rules_from_args

    base: QueenieRules = rules_from_args(QueenieRules, args)
    grid: dict[str, QueenieRules] = {base.variant: base}
    flags = {f.field: f for f in rules_flags(QueenieRules) if f.skip is None and f.field != "players"}
    varied: set[str] = set()
    for spec in getattr(args, "vary", []) or []:
        name, _, values = spec.partition("=")
        name = name.strip().replace("-", "_")
        if name not in flags or not values:
            raise InputError(f"vary: expected FIELD=A,B with FIELD one of {', '.join(sorted(flags))}; got {spec!r}")
        flag = flags[name]
        if name in varied:  # a second --vary would silently replace the first
            raise InputError(f"--vary {name} is given twice; list every value once: --vary {name}=A,B,C")
        if hasattr(args, DEST_PREFIX + name):
            raise InputError(f"--vary {name}=... and {flag.flag} both set {name}; give one of them")
        varied.add(name)
        new: dict[str, QueenieRules] = {}
        for rules in grid.values():
            for v in values.split(","):
                value: Any = v.strip()
                if flag.kind == "int":
                    try:
                        value = parse_integer(value, what=f"--vary {name}")
                    except InputError as exc:
                        raise InputError(f"{exc} ({name} takes whole numbers)") from None
                r = replace(rules, **{name: value})
                new[r.variant] = r
        grid = new
    return grid


PLAY: PlaySpec[QueenieRules] = PlaySpec(
    new_game=new_game,
    bots={"never-swap": SameBot(never_swap_bot), "always-swap": SameBot(always_swap_bot),
          "random": SameBot(random_queenie_bot), "heuristic": make_heuristic, "lookahead": make_lookahead},
    default_bots=LeadAgainst("heuristic", ("random",)),
    metrics=metrics,
    min_players=3,
    max_players=8,
    round_name="deal",
    default_hand_limit=100_000,
    adapt_rules=_adapt,
    players_in_rules="players",
    metric_help=METRIC_HELP,
)

#: The command line's side of ``simulate`` and ``sweep``.
PLAY_CLI: PlayCliSpec[QueenieRules] = PlayCliSpec(
    add_sweep_arguments=add_sweep_arguments,
    rules_grid_from_args=rules_grid_from_args,
)
