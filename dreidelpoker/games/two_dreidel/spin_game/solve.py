"""The heads-up spin game of Two Dreidel, solved: equilibrium calls and bets, bluffing, exploitability.

[`solve_spin_game`][dreidelpoker.games.two_dreidel.spin_game.solve.solve_spin_game] builds [`spin_game`][dreidelpoker.games.two_dreidel.spin_game.game] from any
pair of deck states (each seat's hand distribution is the exact posterior from its public
discards, [`opponent_posterior`][dreidelpoker.games.two_dreidel.opponent_posterior]), solves it
with the generic solver ([`dreidelpoker.solve`][dreidelpoker.solve]) and reports:

* the equilibrium **call probability** of every hand at the first spin, per face, and the
  **bet frequency** of every hand in the first betting round;
* the **game value** to each seat (exact), and the exact NashConv of the rounded solution;
* the **bluffing frequency**: among the decisions that a *weak* hand (one that loses at
  showdown more often than it wins against the other seat's hand distribution) takes in
  equilibrium play, weighted by how often each decision is reached, the share that are
  calls (at a spin) and bets (in a betting round);
* the **exploitability** of the current [`spin_decision`][dreidelpoker.games.two_dreidel.spin_decision]
  advice (call exactly when its EV is not negative; in betting rounds check, and call a bet
  when the showdown equity reaches the pot odds) and of any other policy: what it loses
  per game against a best response, compared with the game value.
"""

from __future__ import annotations

import argparse
import html
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any, cast

import numpy as np

from ...._fractions import frac_str
from ....exact import ExactMapping
from ....solve import GameSolution, solve
from ....solve.cfr import FlatForm
from ...registry import CliCommand, get_game
from ..odds.information import opponent_posterior, parse_discards
from ..rulebook.rules import TwoDreidelRules
from ..odds.spin_decision import spin_decision
from .solve_bots import bot_policy
from .game import SpinGameSetup, new_spin_game
from ....errors import InputError, ResourceLimitError
from ....limits import int_arg, progress_bar
from ....rules_cli import add_rules_flags, rules_from_args
from ....strict_numbers import parse_integer
from ....validation import check_arguments, default_rules

__all__ = ["SpinGameSolution", "advice_policy", "solve_spin_game", "SOLVE_COMMAND"]

Policy = Callable[[Hashable, tuple[Hashable, ...]], Any]


def _num(v: Any) -> Any:
    """An exact number (int, Fraction, sympy Rational) as ``"p/q"`` for JSON, a float as itself."""
    return float(v) if isinstance(v, float) else frac_str(v)


@dataclass(frozen=True)
class SpinGameSolution:
    """The solved heads-up spin game (see the module docstring).

    Attributes:
        setup: the game (hands and weights per seat, pot, stacks, options).
        solution: the generic [`GameSolution`][dreidelpoker.solve.GameSolution].
        equity: each seat's showdown equity per hand against the other seat's distribution.
        calls: rows ``(seat, hand, face, call probability)`` at the first spin.
        bets: rows ``(seat, hand, face, bet probability)`` at each seat's first chance to bet
            after both call the first spin (seat 2 opens; seat 1 after a check).
        bluffing: per seat ``{"call": f, "bet": f, "weak_hands": share}`` (see the module docstring).
        exploitability: policy name -> per seat exploitability (chips per game).

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules, solve_spin_game
        >>> sol = solve_spin_game(TwoDreidelRules(), pot=2, stacks=(2, 2))
        >>> sol.solution.nash_conv  # an exact equilibrium: no seat gains by deviating
        0
        >>> len(sol.bluffing), sorted(sol.bluffing[0])
        (2, ['bet', 'call', 'weak_hands'])
    """

    setup: SpinGameSetup
    solution: GameSolution
    equity: tuple[ExactMapping[str], ExactMapping[str]]
    calls: tuple[tuple[int, str, str, Any], ...]
    bets: tuple[tuple[int, str, str, Any], ...]
    bluffing: tuple[dict[str, float], dict[str, float]]
    exploitability: dict[str, tuple[Any, Any]] = field(default_factory=dict)

    @property
    def value(self) -> tuple[Any, Any]:
        """The game value to seat 1 (the button) and seat 2."""
        return (self.solution.value_for(0), self.solution.value_for(1))

    def call_probability(self, seat: int, hand: str, face: str) -> Any:
        """The equilibrium probability that ``seat`` calls the first spin ``face`` holding ``hand``."""
        for s, h, f, p in self.calls:
            if (s, h, f) == (seat, hand, face):
                return p
        raise InputError(f"no first-spin decision for seat {seat} with hand {hand!r} on face {face!r}")

    def to_dict(self) -> dict[str, Any]:
        s = self.setup
        return {
            "deck": s.rules.deck_label, "pot": s.pot, "stacks": list(s.stacks), "spins": s.spins,
            "betting": s.betting, "carry_share": frac_str(s.carry_share),
            "hands": [{h: w for h, w in zip(s.hands[i], s.weights[i])} for i in (0, 1)],
            "value": [_num(v) for v in self.value],
            "nash_conv": _num(self.solution.nash_conv), "exact": self.solution.exact,
            "method": self.solution.method, "iterations": self.solution.iterations,
            "tree": self.solution.form.describe(),
            "calls": [{"seat": a + 1, "hand": h, "face": f, "call": float(p)} for a, h, f, p in self.calls],
            "bets": [{"seat": a + 1, "hand": h, "face": f, "bet": float(p)} for a, h, f, p in self.bets],
            "bluffing": [dict(b, seat=i + 1) for i, b in enumerate(self.bluffing)],
            "exploitability": {k: [_num(v[0]), _num(v[1])] for k, v in self.exploitability.items()},
        }

    def to_pandas(self) -> Any:
        """The call and bet tables as one tidy DataFrame: seat, hand, face, decision, probability."""
        import pandas as pd

        rows = [{"seat": a + 1, "hand": h, "face": f, "decision": "call", "probability": float(p)}
                for a, h, f, p in self.calls]
        rows += [{"seat": a + 1, "hand": h, "face": f, "decision": "bet", "probability": float(p)}
                 for a, h, f, p in self.bets]
        return pd.DataFrame(rows, columns=["seat", "hand", "face", "decision", "probability"])

    def call_table(self, seat: int) -> Any:
        """Hands × faces of the equilibrium call probability at the first spin (a DataFrame)."""
        df = self.to_pandas()
        df = df[(df.seat == seat + 1) & (df.decision == "call")]
        faces = list(self.setup.rules.spin_faces)
        return df.pivot(index="hand", columns="face", values="probability").reindex(
            index=list(self.setup.hands[seat]), columns=faces)

    def to_text(self) -> str:
        s = self.setup
        lines = [
            f"Two Dreidel spin game, deck {s.rules.deck_label}, pot {s.pot}, stacks {s.stacks[0]},{s.stacks[1]}, "
            f"{s.spins} spin(s), betting {'on' if s.betting else 'off'}, carried pot {frac_str(s.carry_share)} "
            "to the button",
            self.solution.to_text().replace("value to seat 1:", "value (chips per game) to seat 1 (button):"),
        ]
        for seat in (0, 1):
            tab = self.call_table(seat)
            lines.append(f"seat {seat + 1}: call probability at the first spin")
            lines.append(tab.to_string(float_format=lambda x: f"{x:.3f}"))
            b = self.bluffing[seat]
            lines.append(f"seat {seat + 1} bluffing (weak hands {b['weak_hands']:.1%} of deals): calls "
                         f"{b['call']:.1%} of weak-hand spin decisions, bets {b['bet']:.1%} of weak-hand "
                         "betting decisions")
        for name, (e0, e1) in self.exploitability.items():
            lines.append(f"exploitability of {name}: as seat 1 {float(e0):.4f}, as seat 2 {float(e1):.4f} "
                         "chips per game")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self.to_text()) + "</pre>"

    def __repr__(self) -> str:
        return f"SpinGameSolution(value={self.value!r}, nash_conv={self.solution.nash_conv!r})"

    def plot(self, ax: Any = None) -> Any:
        """Heatmaps of the call probability by hand and face, one per seat (stacked, so that
        each keeps the page's width on a phone; pass two axes to place them elsewhere)."""
        import matplotlib.pyplot as plt

        if ax is None:
            _fig, ax = plt.subplots(2, 1, figsize=(6, 7.5), layout="constrained")
        for seat, a in zip((0, 1), np.atleast_1d(ax)):
            tab = self.call_table(seat)
            im = a.imshow(tab.to_numpy(dtype=float), vmin=0, vmax=1, cmap="viridis", aspect="auto")
            a.set_xticks(range(len(tab.columns)), list(tab.columns))
            a.set_yticks(range(len(tab.index)), list(tab.index))
            a.set_title(f"seat {seat + 1}{' (button)' if seat == 0 else ''}: P(call)")
        plt.colorbar(im, ax=ax)
        return ax


def _hand_weights(rules: TwoDreidelRules, discards: Any, policy: str, length: int) -> dict[str, int]:
    d = discards if discards is not None else ["?"] * length
    post = opponent_posterior(rules, discards=d, policy=policy, visibility="all")
    return {h: w for h, w in post.hand.weights.items() if w}


def _equities(setup: SpinGameSetup) -> tuple[ExactMapping[str], ExactMapping[str]]:
    w0, w1 = setup.weights
    t0, t1 = sum(w0), sum(w1)
    e0 = {h: Fraction(sum(setup.points[i][j] * w1[j] for j in range(len(w1))), 2 * t1)
          for i, h in enumerate(setup.hands[0])}
    e1 = {h: Fraction(sum((2 - setup.points[i][j]) * w0[i] for i in range(len(w0))), 2 * t0)
          for j, h in enumerate(setup.hands[1])}
    return ExactMapping(e0), ExactMapping(e1)


def _weak(setup: SpinGameSetup) -> tuple[set[str], set[str]]:
    """Hands that lose at showdown more often than they win against the other seat's hands."""
    w0, w1 = setup.weights
    weak0 = {h for i, h in enumerate(setup.hands[0])
             if sum(w1[j] for j in range(len(w1)) if setup.points[i][j] == 0)
             > sum(w1[j] for j in range(len(w1)) if setup.points[i][j] == 2)}
    weak1 = {h for j, h in enumerate(setup.hands[1])
             if sum(w0[i] for i in range(len(w0)) if setup.points[i][j] == 2)
             > sum(w0[i] for i in range(len(w0)) if setup.points[i][j] == 0)}
    return weak0, weak1


def advice_policy(setup: SpinGameSetup, seat: int) -> Policy:
    """The current advice as a policy for ``seat``: call a spin when
    [`spin_decision`][dreidelpoker.games.two_dreidel.spin_decision] says the call is worth at least
    folding (equity against the other seat's whole hand distribution, its stack); in a
    betting round check, and call a bet when the equity reaches the pot odds.

    Parameters:
        setup: the spin game.
        seat: the seat (0 or 1).

    Returns:
        The policy.
    """
    equity = _equities(setup)[seat].fractions()
    rules = setup.rules

    @cache
    def decide(face: str, pot: int, eq: Fraction, mine: int, theirs: int) -> str:
        d = spin_decision(face, pot=pot, equity=eq, rules=rules, hero_stack=mine, opponents=[theirs])
        return "fold" if d.decision == "fold" else "call"

    def policy(obs: Hashable, legal: tuple[Hashable, ...]) -> Hashable:
        hand, public, pot, paid = cast(tuple[str, tuple[str, ...], int, tuple[int, int]], obs)
        if "check" in legal:
            return "check"
        stacks = (setup.stacks[0] - paid[0], setup.stacks[1] - paid[1])
        if public[-1].startswith("spin "):
            if legal == ("fold",):
                return "fold"
            return decide(public[-1][5:], pot, equity[hand], stacks[seat], stacks[1 - seat])
        bet = int(public[-1].rsplit(" ", 1)[1])
        return "call" if equity[hand] * (pot + 2 * bet) >= bet else "fold"

    return policy


def _tables(setup: SpinGameSetup, sol: GameSolution) -> tuple[tuple[tuple[int, str, str, Any], ...],
                                                                tuple[tuple[int, str, str, Any], ...]]:
    faces = setup.rules.spin_faces
    calls, bets = [], []
    for seat in (0, 1):
        strat = sol.strategy(seat)
        for hand in setup.hands[seat]:
            for face in faces:
                for key, probs in strat.items():
                    h, public = key[0], key[1]  # type: ignore[index]
                    if h != hand:
                        continue
                    if public == (f"spin {face}",) and "call" in probs:
                        calls.append((seat, hand, face, probs["call"]))
                    opening = (f"spin {face}", "calls CC") if seat == 1 else (f"spin {face}", "calls CC",
                                                                              "seat 2 check")
                    if public == opening and "check" in probs:
                        bets.append((seat, hand, face, 1 - probs["check"]))
    return tuple(calls), tuple(bets)


def _bluffing(setup: SpinGameSetup, sol: GameSolution) -> tuple[dict[str, float], dict[str, float]]:
    form = sol.form
    strategies = sol.fractions()[2]
    reach = FlatForm(form).joint_reach(strategies)
    weak = _weak(setup)
    out: list[dict[str, float]] = []
    deal_w = [np.asarray(w, dtype=float) / sum(w) for w in setup.weights]
    for p in (0, 1):
        dec = np.flatnonzero((form.kind == 1) & (form.player == p))
        set_reach = np.bincount(form.infoset[dec], weights=reach[dec], minlength=len(form.infosets[p]))
        num = {"call": 0.0, "bet": 0.0}
        den = {"call": 0.0, "bet": 0.0}
        for info, probs, rch in zip(form.infosets[p], strategies[p], set_reach):
            if info.key[0] not in weak[p]:  # type: ignore[index]
                continue
            acts = dict(zip(info.actions, probs))
            if "call" in acts and "check" not in acts and str(info.key[1][-1]).startswith("spin "):  # type: ignore[index]
                num["call"] += rch * float(acts["call"])
                den["call"] += rch
            elif "check" in acts:
                num["bet"] += rch * (1 - float(acts["check"]))
                den["bet"] += rch
        share = float(sum(w for h, w in zip(setup.hands[p], deal_w[p]) if h in weak[p]))
        out.append({"call": num["call"] / den["call"] if den["call"] else 0.0,
                    "bet": num["bet"] / den["bet"] if den["bet"] else 0.0,
                    "weak_hands": share})
    return out[0], out[1]


@check_arguments
def solve_spin_game(
    rules: TwoDreidelRules | None = None,
    *,
    pot: int = 4,
    stacks: Sequence[int] = (8, 8),
    discards: Sequence[Any] = (None, None),
    policy: str = "normal-best",
    spins: int = 2,
    betting: bool = True,
    carry_share: Fraction | int | str = Fraction(1, 2),
    method: str = "lp",
    iterations: int = 1000,
    bots: dict[str, Any] | None = None,
    samples: int = 16,
) -> SpinGameSolution:
    """Solve the heads-up spin game (module docstring) from the two seats' public discards.

    Parameters:
        rules: the Two Dreidel rules (deck, spin faces, buy-ins, short stacks).
        pot: the pot before the first spin (a positive integer).
        stacks: the chips behind of seat 1 (the button, who spins) and seat 2.
        discards: each seat's public discard history (``"GH,NN"``; ``None``: unseen), the
            kept hands of earlier hands; both seats have played the same number of hands.
        policy: the keep policy both seats are assumed to follow (for the posteriors).
        spins: 1 or 2 spins (rounds 2 and 3).
        betting: add the abstracted no-limit round after each spin both seats call.
        carry_share: the button's share of a pot that carries over (default 1/2: split).
        method: ``"lp"`` (exact) or ``"cfr+"``.
        iterations: CFR+ iterations.
        bots: whole-game bots to measure, ``{name: factory(rules)}`` (default: every bot of
            the whole-game engine; ``{}`` for none).
        samples: how often a bot is asked at each decision (its empirical mix is measured).

    Returns:
        A [`SpinGameSolution`][dreidelpoker.games.two_dreidel.spin_game.solve.SpinGameSolution].

    Raises:
        ValueError: for a pot or stacks that are not positive integers, a discard history
            that is impossible under the stated policy, or histories of different lengths.

    Examples:
        >>> sol = solve_spin_game(TwoDreidelRules(deck="2-6-6-2"), pot=4, stacks=(8, 8), spins=1, betting=False)
        >>> sol.value, sol.solution.nash_conv
        ((0, 0), 0)
        >>> sol.call_probability(1, "GG", "G")
        1
    """
    rules = default_rules(rules, TwoDreidelRules)
    if isinstance(discards, str) or len(discards) != 2:
        raise InputError(f"discards must give one history per seat (2), got {discards!r}")
    lengths = {len(parse_discards(d, rules=rules)) for d in discards if d is not None}
    if len(lengths) > 1:
        raise InputError(f"both seats draw every hand, so their discard histories must be equally long; got "
                         f"lengths {sorted(lengths)} (use '?' for an unseen hand)")
    length = lengths.pop() if lengths else 0
    hands = [_hand_weights(rules, d, policy, length) for d in discards]
    state = new_spin_game(rules, hands=hands, pot=pot, stacks=stacks, spins=spins, betting=betting,
                          carry_share=carry_share)
    sol = solve(state, method=method, iterations=iterations)
    setup = state.setup
    calls, bets = _tables(setup, sol)
    measured: dict[str, tuple[Any, Any]] = {}
    named: dict[str, tuple[Policy, Policy]] = {
        "spin_decision advice": (advice_policy(setup, 0), advice_policy(setup, 1))}
    if bots is None:
        play = get_game("two-dreidel").play  # the registry, not play_spec: no import circle
        bots = dict(play.bots) if play is not None else {}
    if bots:
        for name, factory in bots.items():
            bot = factory(rules)
            named[name] = (bot_policy(bot, setup, 0, samples=samples), bot_policy(bot, setup, 1, samples=samples))
    # A bar on a terminal or in Jupyter, under use_progress(True) (the CLI), after a second of work.
    with progress_bar(len(named), "spin game: measuring bots", unit=" bots", min_total=0) as bar:
        for name, (p0, p1) in named.items():
            measured[name] = (sol.exploitability_of(0, p0), sol.exploitability_of(1, p1))
            bar.update(1)
    return SpinGameSolution(setup, sol, _equities(setup), calls, bets, _bluffing(setup, sol), measured)


# -- CLI --------------------------------------------------------------------------------
def _positive_pair(text: str) -> list[int]:
    parts = [p.strip() for p in str(text).split(",")]
    try:
        vals = [parse_integer(p) for p in parts]
    except ValueError:
        raise InputError(f"stacks must be two positive integers like 8,8, got {text!r}") from None
    if len(vals) != 2 or any(v < 1 for v in vals):
        raise InputError(f"stacks must be two positive integers like 8,8, got {text!r}")
    return vals


#: The largest pot or stack ``solve two-dreidel`` takes (the tree grows with every bet size).
MAX_SOLVE_STACK = 128


def _add_arguments(p: argparse.ArgumentParser) -> None:
    from ..deck_cycle.policies import POLICIES

    p.add_argument("--pot", type=int_arg, default=4, help="the pot before the first spin (default 4)")
    p.add_argument("--stacks", default="8,8", help="chips behind of the button (who spins) and the other seat "
                   "(default 8,8)")
    p.add_argument("--discard", default=None, help="the button's public discards, e.g. GH,NN (default: unseen)")
    p.add_argument("--opponent-discard", default=None, help="the other seat's public discards, e.g. GH,NN")
    p.add_argument("--policy", default="normal-best", choices=list(POLICIES), help="keep policy assumed for "
                   "the posteriors (default normal-best)")
    p.add_argument("--spins", type=int_arg, default=2, choices=(1, 2), help="spins to play: 1 or 2 (default 2)")
    p.add_argument("--no-betting", action="store_true", help="no betting round after the spins")
    p.add_argument("--carry-share", default="1/2", help="the button's share of a carried-over pot (default 1/2)")
    p.add_argument("--method", default="lp", choices=("lp", "cfr+"), help="exact LP (default) or CFR+")
    p.add_argument("--iterations", type=int_arg, default=1000, help="CFR+ iterations (default 1000)")
    # every rules field that the spin game uses: --deck, --spin-probabilities, --half-pot-rounding …
    add_rules_flags(p, TwoDreidelRules, exclude={
        **{f: "the spin game starts from --pot and --stacks" for f in ("chips_per_player", "starting_chips", "blind")},
        "streets": "the spin-game solver models one street order only (the default); other orders are not solved"})


def _run(args: argparse.Namespace) -> SpinGameSolution:
    if args.iterations < 1:
        raise InputError(f"--iterations must be a positive integer, got {args.iterations}")
    if args.method != "cfr+" and args.iterations != 1000:
        raise InputError("--iterations applies to --method cfr+ only (the LP takes no iterations); "
                         "give --method cfr+ or leave --iterations out")
    if args.pot < 1:
        raise InputError(f"--pot must be a positive integer, got {args.pot}")
    try:
        share = Fraction(args.carry_share)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"--carry-share must be a number from 0 to 1 like 1/2, got {args.carry_share!r}") from None
    stacks = _positive_pair(args.stacks)
    if max(stacks) > MAX_SOLVE_STACK or args.pot > MAX_SOLVE_STACK:
        raise ResourceLimitError(
            f"--pot {args.pot} --stacks {args.stacks}: the exact spin-game solver takes pots and stacks of at most "
            f"{MAX_SOLVE_STACK} chips (every bet size is an action, so the tree grows with the stacks; 64,64 takes "
            "about 15-40 s); use smaller stacks")
    return solve_spin_game(rules_from_args(TwoDreidelRules, args), pot=args.pot, stacks=stacks,
                           discards=(args.discard, args.opponent_discard), policy=args.policy, spins=args.spins,
                           betting=not args.no_betting, carry_share=share, method=args.method,
                           iterations=args.iterations)


SOLVE_COMMAND = CliCommand(
    description=("Solve Two Dreidel's heads-up spin game exactly (sequence-form LP, verified by exact best "
                 "responses): the button spins, both lay call or fold together, optional abstracted "
                 "no-limit betting (check, 1/2 pot, pot, all-in; call or fold), both spins, showdown."),
    add_arguments=_add_arguments,
    run=_run,
    examples=(("--deck", "2-6-6-2", "--spins", "1", "--no-betting"),),
)
