"""Two Dreidel's CLI commands (``odds`` and ``equity``), registered through the game registry."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from ...equity import EquityResult
from ...exact import Distribution
from ..registry import CliCommand
from .equity import MAX_OPPONENTS, equity
from .odds import kept_hand_distribution, odds_table_text
from .policies import POLICIES
from .rules import DECK_PRESETS, TwoDreidelRules
from .table_cli import add_equity_arguments, run_equity

_DECK_HELP = f"deck distribution g-h-n-s: a preset ({', '.join(DECK_PRESETS)}) or any counts (default 1-5-5-1)"
_POLICY_HELP = f"keep policy of every player: {', '.join(POLICIES)} (default normal-best)"


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--deck", default="1-5-5-1", help=_DECK_HELP)
    p.add_argument("--policy", default="normal-best", choices=list(POLICIES), help=_POLICY_HELP)


@dataclass(frozen=True)
class _OddsOutput:
    dist: Distribution[str]
    rules: TwoDreidelRules
    policy: str

    def to_dict(self) -> dict[str, Any]:
        d = self.dist.to_dict()
        return {"game": "two-dreidel", "deck": self.rules.deck_label, "policy": self.policy,
                "hands": d["probabilities"], "total": d["total"]}

    def to_text(self) -> str:
        return odds_table_text(self.dist)


@dataclass(frozen=True)
class _EquityOutput:
    result: EquityResult
    rules: TwoDreidelRules
    hand: str
    opponents: int

    def to_dict(self) -> dict[str, Any]:
        return {"game": "two-dreidel", "deck": self.rules.deck_label, "hand": self.hand,
                "opponents": self.opponents, **self.result.to_dict()}

    def to_text(self) -> str:
        return self.result.to_text()


def _run_odds(args: argparse.Namespace) -> _OddsOutput:
    rules = TwoDreidelRules(deck=args.deck)
    return _OddsOutput(kept_hand_distribution(rules, policy=args.policy), rules, args.policy)


def _add_equity(p: argparse.ArgumentParser) -> None:
    p.add_argument("hand", metavar="HAND", help='your two kept cards, e.g. GH, "גה" or ♠♥')
    _common(p)
    p.add_argument("--opponents", type=int, default=1, help=f"number of opponents, 1 to {MAX_OPPONENTS} (default 1)")


def _run_equity(args: argparse.Namespace) -> _EquityOutput:
    from .ranking import format_hand, parse_hand

    rules = TwoDreidelRules(deck=args.deck)
    hand = format_hand(parse_hand(args.hand, rules), rules)
    result = equity(hand, rules=rules, opponents=args.opponents, policy=args.policy)
    return _EquityOutput(result, rules, hand, args.opponents)


COMMANDS = {
    "odds": CliCommand(
        help="exact distribution of the kept two-card hand from a fresh deck",
        add_arguments=_common,
        run=_run_odds,
        examples=((), ("--deck", "2-7-7-2", "--policy", "keep-shin")),
    ),
    "equity": CliCommand(
        help="exact equity of a kept hand, or of each put-back choice for drawn cards, against opponents "
        "drawing from fresh decks or known by their public discards",
        add_arguments=add_equity_arguments,
        run=run_equity,
        examples=(
            ("GH",),
            ("NS", "--opponents", "3", "--deck", "2-6-6-2"),
            ("--drawn", "GHN", "--opponent-discard", "GH,NN", "--opponent-discard", "HH,HN"),
            ("--drawn", "HNS", "--opponent-discard", "NN", "--top-two-only", "--hand-number", "5"),
        ),
    ),
}
