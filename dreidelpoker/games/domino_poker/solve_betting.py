"""Domino Poker's betting round, heads-up, solved by CFR+ over all 15,504 hands.

Both seats ante, get five tiles each (uniform over disjoint pairs of hands: card removal
is exact), then one fixed-limit round ([Domino Poker rules: play][rules-5-1]): seat 1 (eldest) checks or bets,
bets and raises are ``max_bet`` chips, at most ``max_raises`` raises, showdown by the
library's strength order (no two hands tie). The solver is
[`dreidelpoker.solve.ranges.range_cfr_plus`][dreidelpoker.solve.ranges.range_cfr_plus]; the showdown against a whole range uses
the same exact hand order as [`heads_up_wins`][dreidelpoker.games.domino_poker.heads_up_wins]
(the tests check the two agree).

**Bluffing.** A hand is *weak* when it loses at showdown against a random hand more often
than it wins (it beats fewer than half of the 3,003 hands an opponent can hold). A
*bluff* is a bet or raise with a weak hand; a *value bet* one with a strong hand. The
frequencies are weighted by how often each decision is reached in equilibrium play
(own reach × the opponent's reach over the hands it can hold, card removal included).
"""

from __future__ import annotations

from ...errors import InputError, InputTypeError

import argparse
import html
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...solve.ranges import LimitRound, RangeCFRResult, RangeGame, range_cfr_plus, reach_weighted
from ..registry import CliCommand
from .equity import heads_up_wins
from .rules import DominoPokerRules
from .table import strength_tables
from ...validation import check_arguments, check_count, default_rules
from ...solve._iterate import check_iteration_options

__all__ = ["DATA_FILE", "DominoBettingSolution", "MAX_SOLVER_RAISES", "solve_betting", "SOLVE_COMMAND"]

#: The solver accepts ``max_raises`` from 0 to this.
MAX_SOLVER_RAISES = 6
#: Precomputed results for the notebook (written by ``python -m dreidelpoker.games.domino_poker.solve_betting``).
DATA_FILE = Path(__file__).with_name("betting_solution.json")

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class DominoBettingSolution:
    """The CFR+ solution of the heads-up betting round.

    Attributes:
        rules: the rules solved (``ante``, ``max_bet``, ``max_raises``).
        result: the raw [`RangeCFRResult`][dreidelpoker.solve.ranges.RangeCFRResult].
        categories: rows per category: hands, share of weak hands, and per seat the
            reach-weighted aggression (bet or raise) frequency.
        bluffing: per seat ``{"bluff": f, "value_bet": f, "bluff_share_of_bets": f}``.
        opening: seat 1's opening bet probability per hand (strength order, weakest first).
        after_check: seat 2's bet probability after a check, per hand (strength order).
    """

    rules: DominoPokerRules
    result: RangeCFRResult
    categories: tuple[dict[str, Any], ...]
    bluffing: tuple[dict[str, float], dict[str, float]]
    opening: FloatArray
    after_check: FloatArray

    @property
    def value(self) -> tuple[float, float]:
        """The value of the CFR+ average profile to seat 1 and seat 2 (chips per hand)."""
        return (self.result.value, -self.result.value)

    @property
    def nash_conv(self) -> float:
        """NashConv reached: within this of the game value, for both seats together."""
        return self.result.nash_conv

    def to_dict(self) -> dict[str, Any]:
        return {
            "ante": self.rules.ante, "bet": self.rules.max_bet, "max_raises": self.rules.max_raises,
            "low_runs": self.rules.low_runs, "iterations": self.result.iterations,
            "value": list(self.value), "nash_conv": self.nash_conv,
            "nash_conv_per_ante": self.nash_conv / max(self.rules.ante, 1),
            "history": [list(h) for h in self.result.history],
            "bluffing": [dict(b, seat=i + 1) for i, b in enumerate(self.bluffing)],
            "categories": list(self.categories),
            "bet_by_strength": _binned(self.opening, self.after_check),
        }

    def to_pandas(self) -> Any:
        """The category table as a DataFrame."""
        import pandas as pd

        return pd.DataFrame(list(self.categories))

    def to_text(self) -> str:
        r = self.rules
        lines = [
            f"Domino Poker betting round, heads-up: ante {r.ante}, bets of {r.max_bet}, at most {r.max_raises} "
            f"raise(s); CFR+ {self.result.iterations} iterations over 15,504 hands",
            f"NashConv {self.nash_conv:.5f} chips ({self.nash_conv / max(r.ante, 1):.3%} of the ante)",
            f"value: seat 1 (eldest) {self.value[0]:+.4f}, seat 2 {self.value[1]:+.4f} chips per hand",
        ]
        for i, b in enumerate(self.bluffing):
            lines.append(f"seat {i + 1}: weak hands bet/raise {b['bluff']:.1%} of their chances, strong hands "
                         f"{b['value_bet']:.1%}; bluffs are {b['bluff_share_of_bets']:.1%} of its bets and raises")
        lines.append("'lots of bluffing' is answered against a baseline poker game for 2 to 4 players: "
                     "dreidelpoker solve domino-poker --players N [--baseline]")
        lines.append(self.to_pandas().to_string(index=False, float_format=lambda x: f"{x:.3f}"))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self.to_text()) + "</pre>"

    def __repr__(self) -> str:
        return f"DominoBettingSolution(value={self.value[0]:+.5f}, nash_conv={self.nash_conv:.5f})"

    def plot(self, ax: Any = None, bins: int = 50) -> Any:
        """Bet frequency by hand strength (percentile), seat 1 opening and seat 2 after a check."""
        return plot_bet_by_strength(_binned(self.opening, self.after_check, bins), ax=ax)


def _binned(opening: FloatArray, after_check: FloatArray, bins: int = 50) -> dict[str, list[float]]:
    edges = np.linspace(0, len(opening), bins + 1).astype(int)
    mid = [float((a + b) / 2 / len(opening)) for a, b in zip(edges[:-1], edges[1:])]
    return {"strength_percentile": mid,
            "seat1_open": [float(opening[a:b].mean()) for a, b in zip(edges[:-1], edges[1:])],
            "seat2_after_check": [float(after_check[a:b].mean()) for a, b in zip(edges[:-1], edges[1:])]}


@check_arguments
def plot_bet_by_strength(data: dict[str, list[float]], ax: Any = None) -> Any:
    """Plot binned bet frequencies (``to_dict()["bet_by_strength"]``) against hand strength.

    Parameters:
        data: the ``bet_by_strength`` part of a solution's ``to_dict()`` (or of
            [`load_precomputed`][dreidelpoker.games.domino_poker.load_precomputed]).
        ax: matplotlib axes to draw on; a new figure when ``None``.

    Returns:
        The matplotlib axes.

    Raises:
        InputError: ``data`` lacks the bet-by-strength series.
        InputTypeError: ``ax`` is not matplotlib axes.

    Examples:
        >>> ax = plot_bet_by_strength(load_precomputed()["bet_by_strength"])
        >>> ax.get_ylabel()
        'bet probability'
    """
    import matplotlib.pyplot as plt

    missing = [k for k in ("strength_percentile", "seat1_open", "seat2_after_check") if k not in data]
    if missing:
        raise InputError(f"data must be a solution's bet_by_strength, with {', '.join(missing)}; got keys {sorted(data)}")
    if ax is not None and not hasattr(ax, "plot"):
        raise InputTypeError(f"ax must be matplotlib axes or None, got {type(ax).__name__}")
    if ax is None:
        _fig, ax = plt.subplots(figsize=(7, 3.5))
    x = data["strength_percentile"]
    ax.plot(x, data["seat1_open"], label="seat 1 opens with a bet")
    ax.plot(x, data["seat2_after_check"], label="seat 2 bets after a check")
    ax.axvline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("hand strength (share of hands it beats)")
    ax.set_ylabel("bet probability")
    ax.set_ylim(-0.02, 1.02)
    ax.legend()
    return ax


def _check_rules(rules: DominoPokerRules) -> None:
    if rules.players != 2:
        raise InputError(f"the betting solver is heads-up: players must be 2, got {rules.players}")
    if not rules.fixed_limit:
        raise InputError(f"the betting solver needs fixed-limit bets (min_bet == max_bet), got "
                         f"{rules.min_bet}..{rules.max_bet}")
    mr = rules.max_raises
    mr = check_count(mr, "max_raises", low=0, high=MAX_SOLVER_RAISES, hint="for the solver")
    if rules.ante < 1:
        raise InputError(f"ante must be at least 1 for the solver (a pot worth fighting for), got {rules.ante}")
    if rules.stack < rules.max_bet * (mr + 1):
        raise InputError(f"stack ({rules.stack}) must be at least bet x (max_raises + 1) = {rules.max_bet * (mr + 1)} "
                         "for the solver (it plays every raise the cap allows)")


def _reach_frequencies(game: RangeGame, res: RangeCFRResult, weak: npt.NDArray[np.bool_]) -> tuple[
        dict[int, FloatArray], list[dict[str, float]]]:
    """Per seat: reach weight of each aggressive chance per hand, and the bluff summary."""
    aggressive: dict[int, FloatArray] = {}
    out: list[dict[str, float]] = []
    for p in (0, 1):
        own = reach_weighted(res.nodes, res.average, p)
        opp = reach_weighted_opponent(res, p)
        num_bet = np.zeros(game.num_hands)
        den = np.zeros(game.num_hands)
        for node in res.nodes:
            if node.terminal or node.player != p:
                continue
            acts = node.actions
            agg = [i for i, a in enumerate(acts) if a in ("b", "r")]
            if not agg:
                continue
            w = own[node.index] * game.disjoint(opp[node.index])
            num_bet += w * res.average[node.index][:, agg].sum(axis=1)
            den += w
        aggressive[p] = np.divide(num_bet, den, out=np.zeros_like(den), where=den > 0)
        bluff = float(num_bet[weak].sum() / den[weak].sum())
        value = float(num_bet[~weak].sum() / den[~weak].sum())
        out.append({"bluff": bluff, "value_bet": value,
                    "bluff_share_of_bets": float(num_bet[weak].sum() / num_bet.sum())})
        aggressive[p + 2] = den
    return aggressive, out


def reach_weighted_opponent(res: RangeCFRResult, player: int) -> dict[int, FloatArray]:
    """At every node where ``player`` acts, the opponent's own reach per hand."""
    other = reach_weighted(res.nodes, res.average, 1 - player)
    h = next(iter(res.average.values())).shape[0]
    reach: dict[int, FloatArray] = {0: np.ones(h)}
    out: dict[int, FloatArray] = {}
    for node in res.nodes:
        if node.terminal:
            continue
        r = reach[node.index]
        if node.player == player:
            out[node.index] = r
        for a, c in enumerate(node.children):
            if node.player == 1 - player:
                reach[c.index] = other[node.index] * res.average[node.index][:, a]
            else:
                reach[c.index] = r
    return out


def solve_betting(
    rules: DominoPokerRules | None = None,
    *,
    iterations: int = 200,
    target: float | None = None,
    check_every: int = 10,
    progress: bool = True,
) -> DominoBettingSolution:
    """Solve the heads-up betting round of Domino Poker by CFR+.

    Parameters:
        rules: the rules (heads-up, fixed-limit; ``max_raises`` from 0 to 6; ``ante`` >= 1).
        iterations: the most CFR+ iterations.
        target: stop once the NashConv is at most this many chips (``None``: run them all).
        check_every: measure the NashConv this often.
        progress: show a progress bar.

    Returns:
        A [`DominoBettingSolution`][dreidelpoker.games.domino_poker.solve_betting.DominoBettingSolution].

    Raises:
        ValueError: for rules the solver does not take, or an iteration count that is not
            a positive integer.

    Examples:
        >>> sol = solve_betting(DominoPokerRules(max_raises=0), iterations=2, progress=False)
        >>> sol.result.iterations, len(sol.opening)
        (2, 15504)
    """
    rules = default_rules(rules, DominoPokerRules)
    _check_rules(rules)
    check_iteration_options(iterations, check_every, target)
    t = strength_tables(rules.low_runs)
    game = _range_game(rules.low_runs)
    spec = LimitRound(ante=rules.ante, bet=rules.max_bet, max_raises=int(rules.max_raises or 0))
    res = range_cfr_plus(game, spec, iterations=iterations, check_every=check_every, target=target,
                         progress=progress)
    wins = heads_up_wins(rules=rules)
    weak = wins * 2 < game.disjoint_count
    agg, bluffing = _reach_frequencies(game, res, weak)
    names = rules.categories
    cats: list[dict[str, Any]] = []
    for rank in range(len(names) - 1, -1, -1):
        sel = t.category == rank
        if not sel.any():
            continue
        row: dict[str, Any] = {"category": names[rank], "hands": int(sel.sum()),
                               "weak share": float(weak[sel].mean())}
        for p in (0, 1):
            w = agg[p + 2][sel]
            row[f"seat {p + 1} bet/raise"] = float((agg[p][sel] * w).sum() / w.sum()) if w.sum() else 0.0
        cats.append(row)
    order = np.argsort(t.strength)
    root = res.nodes[0]
    k = next(c for c in root.children if c.history == "k")
    opening = res.average[root.index][:, root.actions.index("b")][order]
    after = res.average[k.index][:, k.actions.index("b")][order]
    return DominoBettingSolution(rules, res, tuple(cats), (bluffing[0], bluffing[1]), opening, after)


def _range_game(low_runs: Any) -> RangeGame:
    t = strength_tables(low_runs)
    return RangeGame(masks=np.asarray(t.masks, dtype=np.int64), strength=np.asarray(t.strength, dtype=np.int64))


def load_precomputed() -> dict[str, Any]:
    """The committed precomputed solution (default rules, ``max_raises=2``), as ``to_dict()``.

    Returns:
        The solution's JSON-safe dict: value, NashConv, bluffing, bet frequencies by strength.

    Examples:
        >>> load_precomputed()["max_raises"]
        2
    """
    return dict(json.loads(DATA_FILE.read_text()))


# -- CLI --------------------------------------------------------------------------------
def _add_arguments(p: argparse.ArgumentParser) -> None:
    from ...limits import float_arg, int_arg
    from ...rules_cli import add_rules_flags

    p.add_argument("--bet", type=int_arg, default=1, help="the fixed bet and raise size (default 1)")
    p.add_argument("--iterations", type=int_arg, default=200, help="most CFR+ iterations (default 200)")
    p.add_argument("--target", type=float_arg, default=None, help="stop once NashConv is at most this (chips)")
    p.add_argument("--bands", type=int_arg, default=None,
                   help="solve on this many strength bands (default: every hand heads-up, 8 bands with 3 or 4 players)")
    p.add_argument("--samples", type=int_arg, default=None,
                   help="random deals behind a 3- or 4-player band table (default 2,000,000)")
    p.add_argument("--baseline", action="store_true",
                   help="solve the baseline instead: generalised Kuhn poker with --bands cards, the same betting")
    # every other rules field: --players (2 to 4), --ante, --max-raises (0 to MAX_SOLVER_RAISES), --low-runs
    add_rules_flags(p, DominoPokerRules, exclude={
        "min_bet": "the solver is fixed-limit: --bet sets it",
        "max_bet": "the solver is fixed-limit: --bet sets it", "betting": "the solver is fixed-limit",
        "session_hands": "the solver plays one hand"})


def _run(args: argparse.Namespace) -> Any:
    from ...rules_cli import rules_from_args
    from .multiway import DEFAULT_BANDS, DEFAULT_SAMPLES, solve_multiway

    rules: DominoPokerRules = rules_from_args(DominoPokerRules, args, min_bet=args.bet, max_bet=args.bet)
    progress = not args.json and sys.stderr.isatty()
    if rules.players == 2 and args.bands is None and not args.baseline:
        if args.samples is not None:
            raise InputError("--samples does not apply heads-up on every hand (the solve is exact); give --bands "
                             "with 3 or 4 players")
        return solve_betting(rules, iterations=args.iterations, target=args.target, progress=progress)
    if args.samples is not None and (rules.players == 2 or args.baseline):
        raise InputError("--samples applies to Domino Poker's 3- and 4-player band tables only (heads-up tables "
                         "and the baseline are exact)")
    return solve_multiway(rules, bands=args.bands or DEFAULT_BANDS, iterations=args.iterations, target=args.target,
                          samples=args.samples or DEFAULT_SAMPLES, baseline=args.baseline, progress=progress)


SOLVE_COMMAND = CliCommand(
    add_arguments=_add_arguments,
    run=_run,
    examples=(("--max-raises", "0", "--iterations", "1"), ("--players", "3", "--iterations", "50")),
)


if __name__ == "__main__":  # pragma: no cover - writes the notebook's data file
    sol = solve_betting(DominoPokerRules(max_raises=2), iterations=150, target=0.005, progress=True)
    from ...files import write_text_atomic

    write_text_atomic(DATA_FILE, json.dumps(sol.to_dict(), indent=1) + "\n")
    print(sol.to_text())
