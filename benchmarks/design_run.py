"""The stored variant search behind the notebook and docs page "Designing a variant" (issue 24),
and its speed benchmark: a 50-trial search over Two Dreidel decks and chips with three targets.

The author's three aims, as targets met only when the whole 95% interval is on the right side:

* fast: the median number of hands per game between 8 and 25 (``hands:median in 8..25``);
* high-stakes: at least a quarter of hands with someone all-in (``all_in_rate >= 0.25``);
* strategic: the equity bot wins at least 10 points more often than its fair share against
  random bots (``skill_gap >= 0.10``), and as much more as possible (``--maximize skill_gap``).

The search walks the deck (each symbol 1..10 cards, 8..30 in all) and the chips per player
(2..12) with the blind, streets, draw/put-back, rounding and visibility at the rules' values;
three players at the table, all-equal ``equity`` bots for pace and stakes. Every trial plays
the same seeded games (common random numbers), and the three best proposals are played again
with a fresh seed and four times the games before they are reported (the winner's curse).

Output: the Optuna SQLite storage ``dreidelpoker/data/two_dreidel_design.db`` (package data:
the notebook, the docs and the designer read it with :func:`dreidelpoker.play.stored_search`) and its
provenance ``two_dreidel_design.json`` beside it (library and Optuna versions, git commit,
command, the search's arguments, wall and CPU seconds, load before and after, the proposal).

Command (the full run; ``--workers 2`` uses both cores)::

    .venv/bin/python benchmarks/design_run.py --workers 2

The speed target of issue 24 is that this run finishes in under 15 minutes on this 2-core
machine; the JSON records the wall time and the load it ran under.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import dreidelpoker
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.play import search

DATA = Path(__file__).resolve().parent.parent / "dreidelpoker" / "data"

#: The search's arguments (besides rules, storage, workers and progress): the notebook passes
#: the same ones to ``load_search``, read back from the JSON.
PLAN: dict[str, Any] = {
    "targets": ["hands:median in 8..25", "all_in_rate >= 0.25", "skill_gap >= 0.1"],
    "maximize": ["skill_gap"],
    "players": 3,
    "games": 400,
    "seed": 2026,
    "fixed": {"blind": 1, "streets": "bet-spin-spin", "half_pot_rounding": "up", "discard_visibility": "all"},
    "choices": {"draw/put_back": ["3/1"]},
}


def _git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True,
                              cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=50)
    parser.add_argument("--games", type=int, default=PLAN["games"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--reevaluate", type=int, default=3)
    parser.add_argument("--out", type=Path, default=DATA / "two_dreidel_design.db",
                        help="the storage to write (replaced; its JSON goes beside it)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the stored search instead of replacing it (its JSON keeps the first "
                             "run's figures and records this run under 'resumed')")
    args = parser.parse_args(argv)
    plan = {**PLAN, "games": args.games}
    earlier = json.loads(args.out.with_suffix(".json").read_text()) if args.resume else None
    if args.out.exists() and not args.resume:
        args.out.unlink()
    load_before = os.getloadavg()
    wall, cpu = time.perf_counter(), _cpu_seconds()
    result = search(TwoDreidelRules(), **plan, trials=args.trials, storage=args.out, workers=args.workers,
                    reevaluate=args.reevaluate, progress=True)
    wall, cpu = time.perf_counter() - wall, _cpu_seconds() - cpu
    provenance = {
        "library_version": dreidelpoker.__version__,
        "optuna_version": __import__("optuna").__version__,
        "python": platform.python_version(),
        "git_commit": _git_commit(),
        "command": " ".join([".venv/bin/python", "benchmarks/design_run.py", *(argv or sys.argv[1:])]),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "game": "two-dreidel",
        "rules_fields": {},  # the base rules: the game's defaults (deck 1-5-5-1, 4 chips per player, blind 1)
        "rules": "TwoDreidelRules() (deck 1-5-5-1, 4 chips per player, blind 1, bet-spin-spin)",
        "plan": plan,
        "trials": args.trials,
        "workers": args.workers,
        "reevaluate": args.reevaluate,
        "reevaluate_games": 4 * args.games,
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(cpu, 1),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "finished_trials": len(result.trials),
        "invalid_trials": len(result.invalid),
        "proposal": result.proposal(),
    }
    if earlier is not None:  # the first run's figures stay; this run is recorded beside them
        resumed = {k: provenance[k] for k in ("command", "date", "git_commit", "wall_seconds", "cpu_seconds",
                                              "load_before", "load_after")}
        provenance = {**earlier, "finished_trials": provenance["finished_trials"],
                      "invalid_trials": provenance["invalid_trials"], "proposal": provenance["proposal"],
                      "resumed": [*earlier.get("resumed", []), resumed]}
    args.out.with_suffix(".json").write_text(json.dumps(provenance, indent=1) + "\n")
    print(result.proposal())
    print(f"{args.trials} trials in {wall / 60:.1f} min wall, {cpu / 60:.1f} min CPU "
          f"(load {load_before[0]:.1f} before, {os.getloadavg()[0]:.1f} after)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
