"""Domino Poker's CLI commands: ``table``, ``equity`` and ``odds`` (blocking)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from ...equity import EquityResult
from ..registry import CliCommand
from .blocking import blocking
from .equity import equity
from .rules import DominoPokerRules
from .table import category_table
from .tiles import MAX_PLAYERS, format_tiles, parse_tiles
from .solve_betting import SOLVE_COMMAND
from ...errors import InputError
from ...limits import int_arg
from ...rules_cli import add_rules_flags, rules_from_args

#: The betting fields: no option of the commands that value hands (no betting happens there).
_BETTING_FIELDS = {f: "hands are valued here; betting is played by simulate and solve"
                  for f in ("ante", "min_bet", "max_bet", "max_raises", "betting", "stack", "session_hands")}


def _rules_args(p: argparse.ArgumentParser, *, exclude: dict[str, str] | None = None) -> None:
    # the rules fields that matter to valuing hands (--low-runs; --players where it applies)
    add_rules_flags(p, DominoPokerRules, exclude={**_BETTING_FIELDS, **(exclude or {})})


def _rules(args: argparse.Namespace, **fixed: Any) -> DominoPokerRules:
    rules: DominoPokerRules = rules_from_args(DominoPokerRules, args, **fixed)
    return rules


def _run_table(args: argparse.Namespace) -> Any:
    return category_table(rules=_rules(args))


@dataclass(frozen=True)
class _EquityOutput:
    result: EquityResult
    hand: str
    opponents: int
    known: tuple[str, ...]
    low_runs: str

    def to_dict(self) -> dict[str, Any]:
        return {"game": "domino-poker", "hand": self.hand, "opponents": self.opponents,
                "known_opponents": list(self.known), "low_runs": self.low_runs,
                **self.result.to_dict(), "deals": self.result.details.get("deals")}

    def to_text(self) -> str:
        return self.result.to_text() + f"\n(exact over {self.result.details.get('deals'):,} equally likely deals)"


def _add_equity(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hand", required=True, help="your tiles, e.g. 6-6,5-5,2-4,3-1,4-6 (5 tiles; fewer = partly unknown)")
    p.add_argument("--opponents", type=int_arg, default=None,
                   help=f"number of opponents, 1 to {MAX_PLAYERS - 1} (default 1, or one per --opponent-tiles)")
    p.add_argument("--opponent-tiles", action="append", default=[], metavar="TILES",
                   help="known tiles of the next opponent (repeatable; 1 to 5 tiles each, the rest unknown)")
    _rules_args(p, exclude={"players": "one seat per opponent (--opponents), plus yours"})


def _run_equity(args: argparse.Namespace) -> _EquityOutput:
    rules = _rules(args)
    known = list(args.opponent_tiles)
    n = args.opponents if args.opponents is not None else max(1, len(known))
    if not 1 <= n <= MAX_PLAYERS - 1:
        raise InputError(
            f"--opponents must be 1 to {MAX_PLAYERS - 1} (2 to {MAX_PLAYERS} players; 20 tiles deal at most "
            f"{MAX_PLAYERS} hands of 5), got {n}"
        )
    if len(known) > n:
        raise InputError(f"{len(known)} --opponent-tiles given but --opponents is {n}; give at most one "
                         "--opponent-tiles per opponent")
    specs: list[Any] = known + [None] * (n - len(known))
    result = equity(args.hand, opponents=specs, rules=rules)
    hand = format_tiles(parse_tiles(args.hand, what="hand"))
    return _EquityOutput(result, hand, n, tuple(format_tiles(parse_tiles(k)) for k in known), rules.low_runs)


def _add_odds(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hand", default="", help="tiles you hold or have seen, e.g. 6-6,5-5 (default none)")
    _rules_args(p, exclude={"players": "the blocking odds are the same at any table size"})


def _run_odds(args: argparse.Namespace) -> Any:
    return blocking(args.hand, rules=_rules(args))


COMMANDS = {
    "solve": SOLVE_COMMAND,
    "table": CliCommand(
        add_arguments=_rules_args,
        run=_run_table,
        examples=((), ("--low-runs", "straight")),
    ),
    "equity": CliCommand(
        add_arguments=_add_equity,
        run=_run_equity,
        examples=(("--hand", "6-6,5-5,2-4,3-1,4-6"), ("--hand", "6-5,6-4,6-3,6-2,6-1", "--opponents", "2")),
        description="Exact equity of your hand against 1 to 3 opponents whose tiles are unknown "
        "or partly known.\nExample: dreidelpoker equity domino-poker --hand 6-6,5-5,2-4,3-1,4-6 --opponents 3",
    ),
    "odds": CliCommand(
        add_arguments=_add_odds,
        run=_run_odds,
        examples=(("--hand", "6-6,5-5"),),
    ),
}
