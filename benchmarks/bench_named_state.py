"""What named fields cost the whole-game Two Dreidel state (issue 25 item 5).

The state (``TwoDreidelGame``) is an immutable named tuple, read by name (``state.stacks``;
observations are built field by field that way); a step makes the next state from a
working copy of its fields. Until issue 25 item 5 the working copy was a list
(``list(state)``, written through 38 module-level index constants, made back into the
tuple in one C call). It is now a mutable ``__slots__`` record of the same fields
(``play._Draft``: the state unpacked into its slots, the transitions write ``v.stacks``
etc., the slots read back into one tuple make the next state). The issue keeps named
fields unless they cost more than 15% of hands per second.

This script measures, on the tree it imports:

* the copy a step makes, on the states of real games: ``list`` (the working copy before),
  ``dataclass draft`` (a slots dataclass made by ``Draft(*state)``, read back by an
  ``attrgetter`` of every field: the first named copy tried, about twice the engine's
  record, which unpacks and reads back its slots in Python bytecodes) and the named
  tuple's own ``_replace``, each writing three fields;
* hands per CPU-second of the *step-by-step path* (``keep_history=True``, the path that
  copies the state once a step; the equity bots always take it) and of the *batch path*
  (``simulate`` of the rule-based line-ups: ``whole_game.batch`` plays whole hands over
  plain values, no state between steps, so the working copy is not on it).

Before/after: unpack the commit before into a folder (``git archive``) and run this script
alternately with ``PYTHONPATH`` set to that folder and to this tree, ``--json``, comparing
the hands per CPU-second line by line (the machine is shared: interleave, note ``uptime``).

History. Projected from the copy alone before the batch path (load 11-13): -8% (random x4),
-12% (calling-station x2), -11% (tight x4); a first engine copy measured -4% to -19%.
After the batch path landed, a mechanically converted engine copy against the list (three
alternating pairs each time, 300 games a line-up): batch path no difference beyond noise;
step path random x4 -5% to -9%, calling-station x2 +5% to -9%, tight x4 -6% to -7%, equity
x4 about 0% (medians), bytecodes a hand +10% to +13% on the step path, none on the batch
path. Under 15%: the engine now uses named fields.

Landed (1 Dec, 22:55-23:00, load 5.7-7.5, 2 cores shared; main at 01619d1 unpacked by
``git archive`` against this tree, ``--json --games 300``, three alternating pairs): with a
dataclass draft the step path lost -12% to -15% (calling-station x2 -15%), so the engine's
record unpacks and reads back its slots instead; with it, step path random x4 +12%, -8%,
-14%; calling-station x2 -2%, -4%, +1%; tight x4 +3%, 0%, -10%; equity x4 +20%, +10%,
-12%; batch path -7% to +17% (noise: no state on it). One copy and the next state (best
of 15): list 0.68 us, record 2.01 us, dataclass draft 2.93 us. Bytecodes a hand on the
step path (``keep_history``): 6,644 -> 7,948 (random x4), 8,593 -> 10,713
(calling-station x2), 5,778 -> 7,240 (tight x4): the record's slot stores and loads are
bytecodes, each cheaper than a generic one.

Usage: ``python benchmarks/bench_named_state.py [--games 300] [--json]``
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Callable
from operator import attrgetter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_play import LINEUPS  # noqa: E402

import dreidelpoker  # noqa: E402
from dreidelpoker.games.protocol import Turn  # noqa: E402
from dreidelpoker.games.two_dreidel import TwoDreidelRules, new_game  # noqa: E402
from dreidelpoker.games.two_dreidel.whole_game.play import StateFields, TwoDreidelGame  # noqa: E402
from dreidelpoker.play import simulate  # noqa: E402
from dreidelpoker.sampler import Sampler  # noqa: E402

FIELDS = StateFields._fields
_TUPLE = tuple.__new__
# the three fields a typical step writes (a bet: stacks, bets, pot)
I_STACKS, I_BETS, I_POT = FIELDS.index("stacks"), FIELDS.index("bets"), FIELDS.index("pot")

Draft = dataclasses.make_dataclass("Draft", FIELDS, slots=True)
_ALL = attrgetter(*FIELDS)
#: The line-ups timed, with the games of each (the equity bots' hands cost more).
TIMED = (("random x4", 1), ("calling-station x2", 1), ("tight x4", 1), ("equity x4", 6))


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


def hands_per_cpu_second(bots: str, games: int, keep_history: bool) -> tuple[float, float]:
    """Hands per CPU-second and steps per hand of ``games`` seeded games (``keep_history``:
    the step-by-step path; else ``simulate``'s own choice, the batch path for rule-based
    bots), after two untimed games."""
    simulate(TwoDreidelRules(), bots=bots, games=2, seed=10_000, progress=False, keep_history=keep_history)
    t0 = time.process_time()
    res = simulate(TwoDreidelRules(), bots=bots, games=games, seed=1, progress=False, keep_history=keep_history)
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
    p.add_argument("--games", type=int, default=300, help="games a line-up (the equity line-up plays a sixth)")
    p.add_argument("--repeat", type=int, default=5, help="runs of the copy timing (the best counts)")
    p.add_argument("--json", action="store_true", help="only the hands per CPU-second, as JSON (for a before/after)")
    args = p.parse_args()
    out: dict[str, float] = {}
    for name, share in TIMED:
        games = max(1, args.games // share)
        out["step " + name], _steps = hands_per_cpu_second(LINEUPS[name], games, True)
        if "equity" not in name:  # (the equity bots have no plain policy: no batch path)
            out["batch " + name], _steps = hands_per_cpu_second(LINEUPS[name], games, False)
    if args.json:
        print(json.dumps({"tree": str(Path(dreidelpoker.__file__).parent.parent), **out}))
        return
    sample = states(60, 1)
    costs = {"list (before)": per_copy(by_list, sample, args.repeat),
             "dataclass draft": per_copy(by_slots_draft, sample, args.repeat),
             "_replace": per_copy(by_replace, sample, args.repeat)}
    print(f"{len(sample):,} states; CPU time a step's copy (best of {args.repeat}):")
    for name, c in costs.items():
        print(f"  {name:<22}{c * 1e6:>7.2f} us")
    print(f"\n{'path, line-up':<30}{'hands/s cpu':>12}")
    for name, h in out.items():
        print(f"{name:<30}{h:>12,.0f}")


if __name__ == "__main__":
    main()
