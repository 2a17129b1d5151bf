"""Two Dreidel's CLI commands (``odds``, ``equity``, ``chain`` and ``solve``), named in its
manifest.

Light on purpose: this module imports the rules and the keep policies only. Each command
imports its engine when it runs (and ``solve``, from [`solve_spin`][dreidelpoker.games.two_dreidel.spin_game.solve], when first looked
up), so ``dreidelpoker odds two-dreidel`` loads neither the chain, the equity tables nor the
solver.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...limits import int_arg
from ...validation import check_count
from ..._lazy import LazyRefs
from ..registry import CliCommand, CliResult
from .deck_cycle.policies import POLICIES
from .rulebook.rules import TwoDreidelRules
from ...rules_cli import add_rules_flags, rules_from_args

if TYPE_CHECKING:
    from ...exact import Distribution
    from .deck_cycle.chain import DeckChain, HeadsUpLongRun

_POLICY_HELP = f"keep policy of every player: {', '.join(POLICIES)} (default normal-best)"


#: Rules fields of the spin and the betting: they do not change which hands are kept.
_SPIN_AND_BETTING_FIELDS = {f: "spins and betting do not change which hands are kept (see simulate, solve)"
                           for f in ("spin_faces", "spin_probabilities", "spin_buy_ins", "half_pot_rounding",
                                     "chips_per_player", "starting_chips", "blind", "streets", "short_stack")}


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--policy", default="normal-best", choices=list(POLICIES), help=_POLICY_HELP)
    # the deck-cycle rules: --deck, --trumps, --draw …; the discard rule matters only to posteriors
    add_rules_flags(p, TwoDreidelRules, exclude={
        **_SPIN_AND_BETTING_FIELDS,
        "discard_visibility": "every hand here is counted from the deck; the rule matters to equity's posteriors"})


def _rules(args: argparse.Namespace) -> TwoDreidelRules:
    rules: TwoDreidelRules = rules_from_args(TwoDreidelRules, args)
    return rules


@dataclass(frozen=True)
class _OddsOutput:
    dist: Distribution[str]
    rules: TwoDreidelRules
    policy: str

    def to_dict(self) -> dict[str, Any]:
        d = self.dist.to_dict()
        return {"game": "two-dreidel", "deck": self.rules.deck_label, "policy": self.policy,
                "hands": d["probabilities"], "denominator": d["total"]}

    def to_text(self) -> str:
        from .odds.kept_hand import odds_table_text

        return odds_table_text(self.dist)


def _run_odds(args: argparse.Namespace) -> _OddsOutput:
    from .odds.kept_hand import kept_hand_distribution

    rules = _rules(args)
    return _OddsOutput(kept_hand_distribution(rules, policy=args.policy), rules, args.policy)


@dataclass(frozen=True)
class _ChainOutput:
    chain: DeckChain
    heads_up: HeadsUpLongRun

    def to_dict(self) -> dict[str, Any]:
        from ..._fractions import frac_str

        d = self.chain.to_dict()
        held = self.chain.symbol_frequencies()
        d["held"] = {r["symbol"]: frac_str(r["P(held)"]) for r in held.records()}
        d["reshuffle_hands"] = [r[0] for r in self.chain.reshuffle_schedule().rows if r[2] == 1]
        figures = self.heads_up.fractions()
        d["heads_up"] = {"opponent": self.heads_up.opponent, "equity": frac_str(figures["equity"]),
                         "trump": frac_str(figures["trump"])}
        return d

    def to_text(self) -> str:
        from ...display import number_text

        lines = [self.chain.to_text(), "", "held in the long run:"]
        for r in self.chain.symbol_frequencies().records():
            lines.append(f"  {r['name']:<8}{number_text(r['P(held)'])}")
        figures = self.heads_up.fractions()
        lines.append(f"against {self.heads_up.opponent}: long-run equity {number_text(figures['equity'])}, "
                     f"a trump decides {number_text(figures['trump'])} of showdowns")
        return "\n".join(lines)


#: ``chain two-dreidel --max-states`` default: about a minute of work today.
CLI_MAX_STATES = 20_000
#: The most ``--max-states`` may raise it to (about an hour of work).
_STATES_CEILING = 1_000_000


def _add_chain(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("--max-states", type=int_arg, default=CLI_MAX_STATES,
                   help=f"refuse decks whose chain is estimated above this many states (default {CLI_MAX_STATES:,}; "
                   "about prod(count + 1) / 2, e.g. 285 for 2-7-7-2)")
    p.add_argument("--opponent", default=None, choices=list(POLICIES),
                   help="the heads-up opponent's keep policy for the trump figures (default: the same as --policy)")


def _run_chain(args: argparse.Namespace) -> _ChainOutput:
    from .deck_cycle.chain import deck_chain, heads_up_long_run
    from .rulebook.size import check_chain_size

    rules = _rules(args)
    max_states = check_count(args.max_states, "--max-states", low=1, high=_STATES_CEILING,
                             hint="about 3 ms a state: the ceiling is about an hour of work")
    check_chain_size(max_states, option="--max-states", rules=rules)
    chain = deck_chain(rules, policy=args.policy, max_states=max_states)
    opp = (chain if args.opponent in (None, args.policy)
           else deck_chain(rules, policy=args.opponent, max_states=max_states))
    return _ChainOutput(chain, heads_up_long_run(rules, hero=chain, opponent=opp))


def _add_equity(p: argparse.ArgumentParser) -> None:
    from .table_cli import add_equity_arguments

    add_equity_arguments(p)


def _run_equity(args: argparse.Namespace) -> CliResult:
    from .table_cli import run_equity

    return run_equity(args)


COMMANDS: LazyRefs[CliCommand] = LazyRefs({
    "solve": "dreidelpoker.games.two_dreidel.spin_game.solve:SOLVE_COMMAND",
    "odds": CliCommand(
        add_arguments=_common,
        run=_run_odds,
        examples=((), ("--deck", "2-7-7-2", "--policy", "keep-shin")),
    ),
    "equity": CliCommand(
        add_arguments=_add_equity,
        run=_run_equity,
        examples=(
            ("--hand", "GH"),
            ("--hand", "NS", "--opponents", "3", "--deck", "2-6-6-2"),
            ("--drawn", "GHN", "--opponent-discard", "GH,NN", "--opponent-discard", "HH,HN"),
            ("--drawn", "HNS", "--opponent-discard", "NN", "--top-two-only", "--hand-number", "5"),
        ),
    ),
    "chain": CliCommand(
        description=(
            "Exact long-run frequency of each kept hand when one player cycles their deck for ever "
            "(the Two Dreidel rules: deck cycle), the chain's number of states and period, the reshuffle hands, how often "
            "each symbol is held, and how often a trump decides a heads-up showdown."
        ),
        add_arguments=_add_chain,
        run=_run_chain,
        examples=((), ("--deck", "2-7-7-2", "--policy", "keep-shin", "--opponent", "normal-best")),
    ),
})
