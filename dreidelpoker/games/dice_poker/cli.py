"""Dice Poker's CLI commands (``table`` and ``equity``), registered through the game registry."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from ...equity import EquityResult
from ..._lazy import LazyRefs
from ..registry import CliCommand
from .cards import parse_cards, parse_dice
from ...montecarlo import MonteCarloEstimate
from .equity import EXACT_CELL_LIMIT, OpponentDice, equity, parse_opponent_dice
from .rules import MAX_PLAYERS, DicePokerRules
from .tables import SPACES, CategoryTable, category_table, conditional_table, designer_answers
from ...errors import InputError
from ...limits import MAX_SAMPLES, int_arg, monte_carlo_options
from ...validation import check_count
from ...rules_cli import add_rules_flags, rules_from_args


#: The betting fields: no option of the commands that value hands (no betting happens there).
_BETTING_FIELDS = {f: "hands are valued here; betting is played by simulate and solve"
                  for f in ("ante", "bet", "betting", "limit", "max_raises")}


def _rules_args(p: argparse.ArgumentParser, *, exclude: dict[str, str] | None = None) -> None:
    # the rules fields that matter to valuing hands (--straights-from-one, --bobtail-from-one …)
    add_rules_flags(p, DicePokerRules, exclude={**_BETTING_FIELDS, **(exclude or {})})


def _rules(args: argparse.Namespace) -> DicePokerRules:
    rules: DicePokerRules = rules_from_args(DicePokerRules, args)
    return rules


@dataclass(frozen=True)
class _TableOutput:
    table: CategoryTable
    extra: dict[str, Any]
    extra_text: str

    def to_dict(self) -> dict[str, Any]:
        return {**self.table.to_dict(), **self.extra}

    def to_text(self) -> str:
        return self.table.to_text() + (("\n" + self.extra_text) if self.extra_text else "")


def _add_table(p: argparse.ArgumentParser) -> None:
    p.add_argument("--space", default="ordered", choices=list(SPACES),
                   help="outcome space of the counts: " + "; ".join(f"{k} = {v}" for k, v in SPACES.items())
                   + " (default ordered)")
    p.add_argument("--dice", help="condition on these three dice, e.g. 6,5,3 (then counts are card sets)")
    p.add_argument("--cards", help="with --dice: also condition on 1 to 3 known cards, e.g. K or K,Q")
    _rules_args(p, exclude={"players": "a category table counts one hand's outcomes, at any table size"})


def _run_table(args: argparse.Namespace) -> _TableOutput:
    rules = _rules(args)
    if args.cards and not args.dice:
        raise InputError("--cards needs --dice: a conditional table is given the dice and then some cards")
    if args.dice:
        if args.space != "ordered":
            raise InputError("--space applies to the whole-space table; a conditional table counts card sets")
        d = parse_dice(args.dice)
        cards = parse_cards(args.cards)
        table = conditional_table(d, cards, rules=rules)
        return _TableOutput(table, {"dice": list(d), "cards": [str(c) for c in cards]}, "")
    table = category_table(rules=rules, space=args.space)
    answers = designer_answers(rules=rules)
    return _TableOutput(table, {"designer": answers.to_dict()}, answers.to_text())


@dataclass(frozen=True)
class _EquityOutput:
    result: EquityResult | MonteCarloEstimate
    dice: tuple[int, ...]
    cards: tuple[str, ...]
    opponent_dice: list[OpponentDice]

    def to_dict(self) -> dict[str, Any]:
        base = {"game": "dice-poker", "dice": list(self.dice), "cards": list(self.cards),
                "opponent_dice": ["?" if o is None else list(o) for o in self.opponent_dice]}
        if isinstance(self.result, EquityResult):
            return {**base, "method": "exact", **self.result.to_dict()}
        return {**base, **self.result.to_dict()}

    def to_text(self) -> str:
        return self.result.to_text()


def _add_equity(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dice", required=True, help="your three dice, e.g. 6,5,3")
    p.add_argument("--cards", help="0 to 3 of your cards, ranks or rank+suit, e.g. K or KS,QH")
    p.add_argument("--opponents", type=int_arg, default=None,
                   help="number of opponents (default: one per --opponent-dice); those without --opponent-dice"
                        " have not rolled yet")
    p.add_argument("--opponent-dice", nargs="+", action="extend", metavar="DICE",
                   help="each opponent's three dice, e.g. --opponent-dice 2,2,1 4,4,3;"
                        " 'any' for an opponent who has not rolled yet (averaged over all 216 rolls)")
    p.add_argument("--dead", help="cards known to be out of play (seen elsewhere), e.g. AS,AH,7")
    p.add_argument("--method", default="auto", choices=["auto", "exact", "monte-carlo"],
                   help=f"exact enumeration, Monte Carlo, or auto: exact up to {EXACT_CELL_LIMIT:,} cells"
                        " (every heads-up case; three players when you know a card)")
    p.add_argument("--max-exact-cells", type=int_arg, default=EXACT_CELL_LIMIT,
                   help=f"largest enumeration (product of the players' class counts) to do exactly"
                        f" (default {EXACT_CELL_LIMIT:,}; about 80 ns a cell)")
    p.add_argument("--samples", type=int_arg, default=None,
                   help=f"Monte Carlo samples, 2 to {MAX_SAMPLES:,} (default 200000; not with --method exact)")
    p.add_argument("--seed", type=int_arg, default=None, help="Monte Carlo seed (default 0; not with --method exact)")
    _rules_args(p, exclude={"players": "one seat per --opponent-dice, plus yours"})


def _run_equity(args: argparse.Namespace) -> _EquityOutput:
    if not args.opponent_dice and args.opponents is None:
        raise InputError("give the opponents with --opponents N and/or their dice with --opponent-dice, "
                         "e.g. --opponent-dice 2,2,1 4,4,3")
    rules = _rules(args)
    d = parse_dice(args.dice)
    cards = parse_cards(args.cards)
    opp = parse_opponent_dice(args.opponent_dice) if args.opponent_dice else []
    if args.opponents is not None:
        n = check_count(args.opponents, "--opponents", low=max(1, len(opp)), high=MAX_PLAYERS - 1,
                        hint="at least one per --opponent-dice")
        opp += [None] * (n - len(opp))
    samples, seed = monte_carlo_options(args.samples, args.seed, default_samples=200_000,
                                        monte_carlo=None if args.method == "auto" else args.method == "monte-carlo",
                                        how="--method monte-carlo (or auto)")
    result = equity(d, cards, opponent_dice=opp, rules=rules, method=args.method, samples=samples,
                    seed=seed, dead=args.dead, max_exact_cells=args.max_exact_cells)
    given = [flag for flag, value in (("--samples", args.samples), ("--seed", args.seed)) if value is not None]
    if given and isinstance(result, EquityResult):  # auto chose the exact count: say so, never ignore them
        raise InputError(f"{' and '.join(given)} applies to Monte Carlo only, and auto computed this exactly "
                         f"(within --max-exact-cells); add --method monte-carlo or leave {' and '.join(given)} out")
    return _EquityOutput(result, d, tuple(str(c) for c in cards), opp)


COMMANDS: LazyRefs[CliCommand] = LazyRefs({
    "table": CliCommand(
        add_arguments=_add_table,
        run=_run_table,
        examples=((), ("--space", "dice-multiset"), ("--dice", "6,5,3", "--cards", "K")),
    ),
    "equity": CliCommand(
        add_arguments=_add_equity,
        run=_run_equity,
        examples=(("--dice", "6,5,3", "--cards", "K", "--opponent-dice", "2,2,1"),),
    ),
    "solve": "dreidelpoker.games.dice_poker.solve:SOLVE_COMMAND",
})
