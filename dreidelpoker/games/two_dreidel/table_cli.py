"""``dreidelpoker equity two-dreidel``: a kept hand, or drawn cards with each put-back choice,
against opponents drawing from fresh decks or known only by their public discards."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Literal

from ...equity import EquityResult
from .odds.equity import MAX_OPPONENTS, equity
from .odds.information import OpponentPosterior, table_posteriors
from .deck_cycle.policies import POLICIES
from .rulebook.ranking import format_hand, parse_cards, parse_hand
from .rulebook.rules import TwoDreidelRules
from .odds.spin_decision import SpinTable, spin_table
from ...montecarlo import MonteCarloEstimate
from .odds.table import PutBackTable, monte_carlo_equity, put_back_equities
from ...errors import InputError, shorten
from ...limits import MAX_STACK, int_arg, monte_carlo_options
from ...rules_cli import DEST_PREFIX, add_rules_flags, rules_from_args
from ...strict_numbers import parse_integer



def add_equity_arguments(p: argparse.ArgumentParser) -> None:
    """Arguments of ``equity two-dreidel``.

    Parameters:
        p: the command's parser.
    """
    p.add_argument("--hand", metavar="CARDS", default=None, help='your two kept cards, e.g. GH, "גה" or ♠♥')
    p.add_argument("--policy", default="normal-best",
                   help=f"keep policy the opponents play: {', '.join(POLICIES)} (default normal-best)")
    p.add_argument("--opponents", type=int_arg, default=None,
                   help=f"number of opponents, 1 to {MAX_OPPONENTS} (default 1, or one per --opponent-discard)")
    p.add_argument("--drawn", metavar="CARDS", help="your three drawn cards (instead of --hand): shows the equity "
                   "of each put-back choice, e.g. --drawn GHN")
    p.add_argument("--top", metavar="CARD", help="the card you put back last hand (checked against --drawn)")
    p.add_argument("--opponent-discard", metavar="HISTORY", action="append", default=None,
                   help="one opponent's discarded hands, oldest first, e.g. GH,NN ('?' for an unseen hand, "
                   "'-' for none yet); repeat once per opponent")
    p.add_argument("--top-two-only", action="store_true",
                   help="only the top two cards of each discard pile are public (the same as --discard-visibility "
                   "top-two): give each opponent's last kept hand and --hand-number")
    p.add_argument("--hand-number", type=int_arg, default=None, help="the current hand number (needed with --top-two-only)")
    p.add_argument("--pot", type=int_arg, default=None,
                   help="the pot when the dreidel lands: adds the spin table (EV of calling each face)")
    p.add_argument("--stack", type=int_arg, default=None, help="your chips, for the spin table (default: deep)")
    p.add_argument("--opponent-stacks", metavar="CHIPS", default=None,
                   help="opponents' chips for the spin table, e.g. 6,3 (default: deep)")
    p.add_argument("--samples", type=int_arg, default=None, help="Monte Carlo with this many samples instead of exact")
    p.add_argument("--seed", type=int_arg, default=None, help="seed for --samples (default 0; only with --samples)")
    # every rules field the equity or its spin table uses: --deck, --half-pot-rounding, --short-stack …
    add_rules_flags(p, TwoDreidelRules, exclude={
        f: "equity and the spin table do not depend on it (see simulate)"
        for f in ("chips_per_player", "starting_chips", "blind", "streets")})


@dataclass(frozen=True)
class EquityOutput:
    """What ``equity two-dreidel`` prints."""

    result: EquityResult | PutBackTable | MonteCarloEstimate
    rules: TwoDreidelRules
    hero: str
    opponents: int
    posteriors: tuple[OpponentPosterior, ...] = ()
    spin: SpinTable | None = None

    def to_dict(self) -> dict[str, Any]:
        head: dict[str, Any] = {"game": "two-dreidel", "deck": self.rules.deck_label}
        key = "drawn" if isinstance(self.result, PutBackTable) else "hand"
        head.update({key: self.hero, "opponents": self.opponents})
        head.update({k: v for k, v in self.result.to_dict().items() if k != key})
        if self.posteriors:
            head["opponent_hands"] = [p.to_dict() for p in self.posteriors]
        if self.spin is not None:
            head["spin"] = self.spin.to_dict()
        return head

    def to_text(self) -> str:
        parts = [self.result.to_text()]
        for i, p in enumerate(self.posteriors, start=1):
            parts.append(f"opponent {i}: {p.to_text()}")
        if self.spin is not None:
            parts.append(self.spin.to_text())
        return "\n\n".join(parts)


#: Rules fields that only the spin table (--pot) uses.
_SPIN_FIELDS = ("spin_faces", "spin_probabilities", "spin_buy_ins", "half_pot_rounding", "short_stack")


def _given(args: argparse.Namespace, field: str) -> bool:
    """Whether the command line set rules field ``field``."""
    return hasattr(args, DEST_PREFIX + field)


def run_equity(args: argparse.Namespace) -> EquityOutput:
    """Run ``equity two-dreidel``: a hand's equity, or a put-back table for drawn cards.

    Parameters:
        args: the parsed command line.

    Returns:
        What the command prints (text or JSON).

    Raises:
        ValueError: both or neither of ``--hand`` and ``--drawn``, or options that do not fit together.
    """
    rules: TwoDreidelRules = rules_from_args(TwoDreidelRules, args)
    if args.top_two_only:  # the shorthand of --discard-visibility top-two
        rules = rules_from_args(TwoDreidelRules, args, discard_visibility="top-two")
    top_two = rules.discard_visibility == "top-two"
    if (args.hand is None) == (args.drawn is None):
        raise InputError("give either --hand CARDS (your two kept cards) or --drawn CARDS (your three drawn cards)")
    if args.drawn is not None:
        n_drawn = len(parse_cards(args.drawn, what="--drawn", rules=rules))
        if n_drawn != rules.draw:
            raise InputError(
                f"--drawn takes your {rules.draw} drawn cards, got {n_drawn} in {args.drawn!r}; "
                "for the two cards you kept, give them with --hand"
            )
    if top_two and args.hand_number is None and args.opponent_discard is not None:
        flag = "--top-two-only" if args.top_two_only else "--discard-visibility top-two"
        raise InputError(f"{flag} needs --hand-number (the current hand number, 1 for the first hand)")
    for flag, value in (("--stack", args.stack), ("--pot", args.pot)):
        if value is not None and not 0 <= value <= MAX_STACK:
            raise InputError(f"{flag} must be a number of chips from 0 to {MAX_STACK:,}, got {shorten(value)}")
    if args.pot is None:
        given = [f"--{f.replace('_', '-')}" for f in _SPIN_FIELDS if _given(args, f)]
        if given:
            raise InputError(f"{', '.join(given)} applies only with --pot (the spin table); without it the "
                             "equity does not depend on the spin rules")
    if args.policy not in POLICIES:
        raise InputError(f"unknown policy {args.policy!r}; known policies: {', '.join(POLICIES)}")
    posteriors: tuple[OpponentPosterior, ...] = ()
    opponents: Any
    if args.opponent_discard is not None:
        histories = ["" if h.strip() == "-" else h for h in args.opponent_discard]
        if args.opponents is not None and args.opponents != len(histories):
            raise InputError(
                f"--opponents {args.opponents} but {len(histories)} --opponent-discard given; give one per opponent"
            )
        posteriors = tuple(table_posteriors(
            rules, discards=histories, hand_number=args.hand_number,
            visibility="top-two" if top_two else "all", policy=args.policy,
        ))
        opponents = list(posteriors)
        n = len(posteriors)
    else:
        if args.top_two_only or args.hand_number is not None:
            raise InputError("--top-two-only and --hand-number describe opponents' discards: add --opponent-discard")
        n = 1 if args.opponents is None else args.opponents
        opponents = n
    if args.top is not None and args.drawn is None:
        raise InputError("--top checks your drawn cards: use it with --drawn")
    method: Literal["exact", "monte-carlo"] = "exact" if args.samples is None else "monte-carlo"
    samples, seed = monte_carlo_options(args.samples, args.seed, monte_carlo=method == "monte-carlo",
                                        default_samples=20_000, how="--samples N")
    if args.drawn is not None:
        hero = args.drawn
    else:
        hero = format_hand(parse_hand(args.hand, rules=rules), rules=rules)
    result: EquityResult | PutBackTable | MonteCarloEstimate
    if args.drawn is not None:
        result = put_back_equities(hero, rules=rules, opponents=opponents, policy=args.policy, top=args.top,
                                   method=method, samples=samples, seed=seed)
    elif method == "exact":
        result = equity(hero, rules=rules, opponents=opponents, policy=args.policy)
    else:
        result = monte_carlo_equity(hero, rules=rules, opponents=opponents, policy=args.policy, samples=samples,
                                    seed=seed)
    label = result.drawn if isinstance(result, PutBackTable) else hero
    spin = None
    if args.pot is not None:
        eq = result.best.equity if isinstance(result, PutBackTable) else result.equity
        stacks: int | list[int | None] = n
        if args.opponent_stacks is not None:
            try:
                stacks = [parse_integer(x) for x in args.opponent_stacks.split(",")]
            except ValueError:
                raise InputError(f"--opponent-stacks {args.opponent_stacks!r} must be whole numbers like 6,3") from None
            if len(stacks) != n:
                raise InputError(f"--opponent-stacks gives {len(stacks)} stacks for {n} opponent(s)")
        spin = spin_table(pot=args.pot, equity=eq, rules=rules, hero_stack=args.stack, opponents=stacks)
    elif args.stack is not None or args.opponent_stacks is not None:
        raise InputError("--stack and --opponent-stacks are for the spin table: add --pot")
    return EquityOutput(result, rules, label, n, posteriors, spin)
