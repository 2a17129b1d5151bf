"""How the registry plays Domino Poker whole ([`PLAY`][dreidelpoker.games.domino_poker.play.PLAY], ``GameInfo.play``): bots by name,
the default line-up, per-game metrics and the ``simulate`` / ``sweep`` CLI options.

A game on the engine is one **session** of ``session_hands`` hands (default 1, so
``simulate(DominoPokerRules(), games=1000)`` plays 1,000 hands); the metrics are per-hand
averages over the session. Every field is a module-level function, so the spec pickles by
reference onto process and Dask workers.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import replace

from ..protocol import LeadAgainst, PlaySpec
from ..registry import PlayCliSpec
from .bots import BOTS
from .game import (
    T_ACTIONS, T_BETS, T_CALLS, T_CHECKS, T_FOLDS, T_MAX_POT, T_POT, T_RAISES, T_SHOWDOWNS, DominoPokerGame, new_game,
)
from .rules import DominoPokerRules
from .tiles import MAX_PLAYERS
from ...caches import bounded_cache
from ...errors import InputError

__all__ = [
    "METRIC_HELP", "PLAY", "PLAY_CLI", "add_sweep_arguments", "metrics", "rules_grid_from_args",
    "solved_exploitability",
]


def metrics(final: DominoPokerGame) -> dict[str, float]:
    """Per-hand averages over a finished session.

    Parameters:
        final: a finished session.

    Returns:
        ``hands``, ``actions``, ``bets``, ``raises``, ``calls``, ``checks``, ``folds`` (per
        hand), ``showdown_rate`` (share of hands shown down), ``pot`` (mean pot),
        ``max_pot``, and per seat ``chips_per_hand_seatK`` and ``win_rate_seatK`` (share of
        hands it took the pot, split pots counted for each winner).
    """
    d = max(1, final.hands_played)
    t = final.tally
    m: dict[str, float] = {
        "hands": float(final.hands_played), "actions": t[T_ACTIONS] / d, "bets": t[T_BETS] / d,
        "raises": t[T_RAISES] / d, "calls": t[T_CALLS] / d, "checks": t[T_CHECKS] / d, "folds": t[T_FOLDS] / d,
        "showdown_rate": t[T_SHOWDOWNS] / d, "pot": t[T_POT] / d, "max_pot": float(t[T_MAX_POT]),
    }
    for (chips_key, win_key), chips, wins in zip(_seat_keys(final.rules.players), final.chips, final.wins):
        m[chips_key] = float(chips) / d
        m[win_key] = wins / d
    return m


@bounded_cache(maxsize=8)
def _seat_keys(players: int) -> tuple[tuple[str, str], ...]:
    return tuple((f"chips_per_hand_seat{i}", f"win_rate_seat{i}") for i in range(1, players + 1))


METRIC_HELP = {
    "hands": "hands played in the session (the game's length)",
    "actions": "betting actions per hand (check, bet, call, raise, fold)",
    "bets": "bets per hand", "raises": "raises per hand", "calls": "calls per hand",
    "checks": "checks per hand", "folds": "folds per hand",
    "showdown_rate": "share of hands that reached a showdown",
    "pot": "mean pot per hand (antes included)",
    "max_pot": "the largest pot of the session",
}


def _adapt(rules: DominoPokerRules, players: int) -> DominoPokerRules:
    """The play spec's hook: ``rules`` for ``players`` players."""
    return rules if rules.players == players else replace(rules, players=players)


def solved_exploitability(rules: DominoPokerRules) -> tuple[str, dict[str, tuple[float, ...]]]:
    """Each bot's best-response gains in the whole heads-up hand, exactly
    ([`domino_exploitability`][dreidelpoker.games.domino_poker.exploit.domino_exploitability]).

    Parameters:
        rules: the rules (played heads-up, one hand).

    Returns:
        ``(what was solved, {bot: (seat 1, seat 2)})`` in chips per hand.
    """
    from .exploit import domino_exploitability  # loads only when asked

    return domino_exploitability(rules)


def _new_game(rules: DominoPokerRules, *, players: int | None = None, hand_limit: int | None = None) -> DominoPokerGame:
    return new_game(rules, players=players, hand_limit=hand_limit)


def add_sweep_arguments(parser: argparse.ArgumentParser) -> None:
    """``--vary FIELD=A,B``: the rules variants a sweep runs over (every rules field is also a
    single-value option that holds for every cell).

    Parameters:
        parser: the ``sweep domino-poker`` parser.
    """
    parser.add_argument("--vary", action="append", default=[], metavar="FIELD=A,B",
                        help="a rules option to sweep over, e.g. --vary max-raises=0,1,3 or --vary betting=limit,no-limit")


def rules_grid_from_args(args: argparse.Namespace) -> Mapping[str, DominoPokerRules]:
    """``{label: rules}`` for every combination of the ``--vary`` values (each value parsed as
    [`rules_variant`][dreidelpoker.play.variants.rules_variant] parses it).

    Parameters:
        args: the parsed command line.

    Returns:
        The rules variants, labelled ``"field=value, ..."`` (``"default"`` without ``--vary``).

    Raises:
        ValueError: an unknown field, a field varied twice or also set alone, or a value
            outside those documented.
    """
    from ...play.variants import rules_variant
    from ...rules_cli import DEST_PREFIX, rules_from_args

    base: DominoPokerRules = rules_from_args(DominoPokerRules, args)
    grid: dict[str, DominoPokerRules] = {"": base}
    varied: set[str] = set()
    for spec in getattr(args, "vary", []) or []:
        name, _, values = spec.partition("=")
        name = name.strip().replace("-", "_")
        if not name or not values or name == "players":
            raise InputError(f"vary: expected FIELD=A,B with FIELD a rules field other than players "
                             f"(--players takes a list); got {spec!r}")
        if name in varied:  # a second --vary would silently replace the first
            raise InputError(f"--vary {name} is given twice; list every value once: --vary {name}=A,B,C")
        if hasattr(args, DEST_PREFIX + name):
            raise InputError(f"--vary {name}=... and --{name.replace('_', '-')} both set {name}; give one of them")
        varied.add(name)
        grid = {(label + ", " if label else "") + f"{name}={v.strip()}": rules_variant(rules, f"{name}={v.strip()}")
                for label, rules in grid.items() for v in values.split(",")}
    return grid if "" not in grid else {"default": base}


PLAY: PlaySpec[DominoPokerRules] = PlaySpec(
    new_game=_new_game,
    bots=BOTS,
    default_bots=LeadAgainst("equity", ("tight", "calling-station", "random")),
    metrics=metrics,
    min_players=2,
    max_players=MAX_PLAYERS,
    round_name="hand",
    default_hand_limit=1_000_000,
    adapt_rules=_adapt,
    players_in_rules="players",
    metric_help=METRIC_HELP,
    exploitability=solved_exploitability,
)

#: The command line's side of ``simulate`` and ``sweep``.
PLAY_CLI: PlayCliSpec[DominoPokerRules] = PlayCliSpec(
    add_sweep_arguments=add_sweep_arguments,
    rules_grid_from_args=rules_grid_from_args,
)
