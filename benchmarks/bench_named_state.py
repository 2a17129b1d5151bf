"""What named access to the whole-game Two Dreidel state would cost (issue 25 item 5).

The state (``TwoDreidelGame``) is an immutable named tuple: fields are read by name
(``state.stacks``; observations are built that way), and a step makes the next state from
a working copy of the fields. Today the working copy is a list (``list(state)``, written by
field index, made back into the tuple in one C call). The issue asks for named fields
throughout unless named access costs more than 15% of hands per second. This script
measures the step's copy both ways on the states of real games, then projects the
whole-game speed:

* ``list``: ``list(state)``, three fields written by index, ``tuple.__new__`` back (today);
* ``slots draft``: a ``__slots__`` dataclass made from the state, three fields written by
  name, read back by one ``operator.attrgetter`` of every field (the fastest named copy we
  found);
* ``_replace``: the named tuple's own ``_replace`` of three fields;
* ``frozen slots state``: the state itself a frozen ``__slots__`` dataclass, a step one
  ``dataclasses.replace`` of three fields.

Each step copies the state once, so a variant's cost per hand is its extra time per copy
times the engine's steps per hand; the projection divides the measured hands per
CPU-second *of the step-by-step path* by ``1 + hands_per_s * steps_per_hand * extra``. Since
the batch path (``whole_game.batch``) plays the rule-based line-ups of ``simulate`` with no
state between steps, the copy is paid only on the step-by-step path: games kept for replay
(``keep_history=True``, measured here), bots without a plain policy (``equity``), and callers
of ``apply`` themselves.

Measured (issue 25, load 11-13, 2 cores shared): the copy costs 0.49 us as a list, 1.37 us
as a slots draft, 1.39 us by ``_replace``, 8.1 us as a frozen slots dataclass; projected
-8% (random x4), -12% (calling-station x2), -11% (tight x4) hands per CPU-second for the
slots draft. The slots draft was then built into the engine (``apply`` makes
``_Draft(*state)``, the transitions write ``v.stacks`` etc., ``attrgetter`` of every field
makes the next state) and timed against the list in alternating fresh processes, 300 games
a line-up, five pairs: random x4 -4% to -12%, calling-station x2 -11% to -19% (median
-17%), tight x4 -9% to -16% (median -12%); the pinned games were unchanged. Over the 15% the
issue allows for the 12-step calling-station hands, so the engine keeps the list working
copy; reads (observations, bots, the runner) are by name.

Measured again after the batch path landed (1 Dec, 22:04-22:09, load 4.7-5.5, 2 cores
shared): the copy costs 0.57 us as a list and 1.7 us as a slots draft. The slots draft was
built into a copy of the engine mechanically (``v = _Draft(*self)``, every ``v[_X]`` written
``v.x``, ``attrgetter`` of every field back; the pinned games unchanged) and timed against
the list in alternating fresh processes, 300 games a line-up, three pairs: on the batch
path (``simulate``) no difference beyond noise (+2% to +15%, the list first); on the
step-by-step path (``keep_history=True``) random x4 -7.5%, +0.3%, -4.7%; calling-station x2
-7.1%, +5.0%, +6.3%; tight x4 -17.7%, -6.8%, -7.2%; equity x4 +0.8%, +2.7%, -3.7%. Counted
in bytecodes (load-independent) the step path's hand grows by 10% (random x4), 13%
(calling-station x2) and 13% (tight x4); the batch path's by none. This script's
projection from the step path agrees (about -8% to -10%). Again on main at b587245 (22:35,
load 5.0-7.3, three pairs): batch path +0.7%, +5.1%, +1.0% (medians, noise); step path
random x4 -8.7% (-8.3% to -13.0%), calling-station x2 -9.0% (-6.2% to -13.1%), tight x4
-5.7% (-5.3% to -9.5%), equity x4 -1.8%; bytecodes +10%, +13%, +13% on the step path.

Usage: ``python benchmarks/bench_named_state.py [--games 60] [--repeat 5]``
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from operator import attrgetter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_play import LINEUPS  # noqa: E402

from dreidelpoker.games.protocol import Turn  # noqa: E402
from dreidelpoker.games.two_dreidel import TwoDreidelRules, new_game  # noqa: E402
from dreidelpoker.games.two_dreidel.whole_game.play import StateFields, TwoDreidelGame  # noqa: E402
from dreidelpoker.play import simulate  # noqa: E402
from dreidelpoker.sampler import Sampler  # noqa: E402

FIELDS = StateFields._fields
_TUPLE = tuple.__new__
# the three fields a typical step writes (a bet: stacks, bets, pot)
I_STACKS, I_BETS, I_POT = FIELDS.index("stacks"), FIELDS.index("bets"), FIELDS.index("pot")

Draft = dataclasses.make_dataclass("Draft", [(f, Any) for f in FIELDS], slots=True)
Frozen = dataclasses.make_dataclass("Frozen", [(f, Any) for f in FIELDS], slots=True, frozen=True)
_ALL = attrgetter(*FIELDS)


def states(games: int, seed: int) -> list[TwoDreidelGame]:
    """Every state of ``games`` four-player games with random legal choices."""
    out: list[TwoDreidelGame] = []
    rng = Sampler(seed)
    for g in range(games):
        s = new_game(TwoDreidelRules(), players=4, hand_limit=60)
        while s.turn is not Turn.TERMINAL:
            out.append(s)
            if s.turn is Turn.CHANCE:
                outcomes = s.chance_outcomes()
                s = s.apply(outcomes[int(rng.integers(len(outcomes)))][0])
            elif s.turn is Turn.PLAYER:
                legal = s.legal_actions(s.current_players[0])
                s = s.apply(legal[int(rng.integers(len(legal)))])
            else:
                s = s.apply_joint({p: (lambda la: la[int(rng.integers(len(la)))])(s.legal_actions(p))
                                   for p in s.current_players})
    return out


def by_list(s: Any) -> Any:
    v = list(s)
    v[I_STACKS], v[I_BETS], v[I_POT] = s.stacks, s.bets, s.pot
    return _TUPLE(TwoDreidelGame, v)


def by_slots_draft(s: Any) -> Any:
    d = Draft(*s)
    d.stacks, d.bets, d.pot = s.stacks, s.bets, s.pot
    return _TUPLE(TwoDreidelGame, _ALL(d))


def by_replace(s: Any) -> Any:
    return s._replace(stacks=s.stacks, bets=s.bets, pot=s.pot)


def by_frozen(s: Any) -> Any:
    return dataclasses.replace(s, stacks=s.stacks, bets=s.bets, pot=s.pot)


def step_path(bots: str, games: int) -> tuple[float, float]:
    """Hands per CPU-second and steps per hand of ``games`` seeded games played step by step
    (``keep_history=True``: the path that copies the state), after two untimed games."""
    simulate(TwoDreidelRules(), bots=bots, games=2, seed=10_000, progress=False, keep_history=True)
    t0 = time.process_time()
    res = simulate(TwoDreidelRules(), bots=bots, games=games, seed=1, progress=False, keep_history=True)
    cpu = time.process_time() - t0
    hands = sum(r.rounds for r in res.records)
    return hands / cpu, sum(r.steps for r in res.records) / hands


def per_copy(fn: Callable[[Any], Any], sample: list[Any], repeat: int) -> float:
    """Best-of-``repeat`` CPU seconds a copy."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        for s in sample:
            fn(s)
        best = min(best, (time.process_time() - t0) / len(sample))
    return best


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    sample = states(args.games, 1)
    frozen = [Frozen(*s) for s in sample]
    base = per_copy(by_list, sample, args.repeat)
    costs = {"list (today)": base, "slots draft": per_copy(by_slots_draft, sample, args.repeat),
             "_replace": per_copy(by_replace, sample, args.repeat),
             "frozen slots state": per_copy(by_frozen, frozen, args.repeat)}
    print(f"{len(sample):,} states; CPU time a step's copy (best of {args.repeat}):")
    for name, c in costs.items():
        print(f"  {name:<22}{c * 1e6:>7.2f} us")
    print(f"\nstep-by-step path\n{'line-up':<22}{'hands/s cpu':>12}{'steps/hand':>11}" + "".join(f"{n:>20}" for n in list(costs)[1:]))
    for name in ("random x4", "calling-station x2", "tight x4"):
        h, steps = step_path(LINEUPS[name], 300)
        cells = []
        for c in list(costs.values())[1:]:
            projected = h / (1 + h * steps * (c - base))
            cells.append(f"{projected:>11,.0f} ({projected / h - 1:+.0%})")
        print(f"{name:<22}{h:>12,.0f}{steps:>11.1f}" + "".join(f"{c:>20}" for c in cells))


if __name__ == "__main__":
    main()
