"""The open questions of Queenie, Skirmish and classic dreidel, measured with the study layer (issue 21 item 7).

Paired, seat-rotated studies on :func:`dreidelpoker.play.compare` (game ``i`` of every cell
from ``SeedSequence(seed, spawn_key=(i,))``, so two line-ups that differ in one seat's bot
are compared game by game):

* ``queenie-lead``: four players, ``heuristic x4`` against the same table with line-up
  position 1 replaced by a ``HeuristicBot`` identical but for its choice between equal lowest
  cards: ``plain`` (the first legal card), ``best-early`` / ``best-late`` (the usual
  ``best_lead`` only early / late in the deal);
* ``queenie-swap``: the same with position 1 ignoring one swap reason of ``hand_score``
  (a Queen, Jacks, colour imbalance, high cards, low cards, runs) — what each reason is worth;
* ``skirmish``: ``optimal`` against ``greedy`` and ``greedy x2`` on the same deals (the paired
  gap) and the first pile's link to the game;
* ``classic``: classic dreidel at 2-6 players (10 coins each, the rules' ante), every seat's
  share of wins minus 1/n; heads-up with enough games to check the exact chain's +0.0057 for
  seat 1 within 3.29 standard errors while a simulator with no seat advantage would miss it by 5.

Output: one tidy row per cell and measure (``Comparison.rows``), plus the paired line-up
differences and seat advantages, in ``dreidelpoker/data/other_games_study.csv`` with
provenance (library version, git commit, command, seed) in ``other_games_study.json``.

Command (about 25 CPU-minutes, most of it Skirmish's 2 x 100,000 games; two worker processes; 58 minutes
wall under ``nice -n 10`` on the shared 2-core machine at load 6-7; resumable from ``--store``)::

    .venv/bin/python benchmarks/other_games_study.py --workers 2

"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from two_dreidel_study import git_commit  # benchmarks/ beside this script

import dreidelpoker
from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.queenie import QueenieRules
from dreidelpoker.games.queenie.bots import SCORE_WEIGHTS, HeuristicBot
from dreidelpoker.games.skirmish import SkirmishRules
from dreidelpoker.play import compare
from dreidelpoker.play.stats import difference_estimate

DATA = Path(__file__).resolve().parent.parent / "dreidelpoker" / "data"
LEADS = ("plain", "best-early", "best-late")


def paired_rows(c: Any, block: str, players: int, base_lineup: str, measure: str) -> list[dict[str, Any]]:
    """Every other line-up's ``measure`` minus the base line-up's, paired game by game (the same seeds)."""
    base = c.result("base", base_lineup).per_game(measure)
    rows = []
    for lu in c.lineups:
        if lu == base_lineup:
            continue
        v = c.result("base", lu).per_game(measure)
        d = difference_estimate(v, base, seed=c.seed)
        rows.append({"block": block, "players": players, "variant": "base", "lineup": lu, "measure": measure,
                     "games": c.games, "value": d.value, "low": d.low, "high": d.high, "interval": d.kind,
                     "against": base_lineup, "seed": c.seed, "batch": c.batch, "budget": c.budget,
                     "kind": "paired difference"})
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--queenie-games", type=int, default=10_000)
    p.add_argument("--skirmish-games", type=int, default=100_000,
                   help="games per line-up (100,000: a 95%% half-width of about 0.35 points on the paired gap, "
                        "enough to bound a gap of about 0.65 points below 1)")
    p.add_argument("--classic-games", type=int, default=50_000, help="games per player count, 3-6 players")
    p.add_argument("--classic-heads-up-games", type=int, default=200_000,
                   help="games at 2 players (200,000: standard error 0.0011 against an exact advantage of 0.0057)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--store", default=".other-games-study-store")
    p.add_argument("--out", default=str(DATA / "other_games_study.csv"))
    args = p.parse_args()
    started = {"commit": git_commit(), "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
               "load_average_at_start": os.getloadavg(), "niceness": os.nice(0)}  # the code that runs
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    t0 = time.perf_counter()
    frames: list[pd.DataFrame] = []
    blocks: list[dict[str, Any]] = []

    def run(block: str, players: int, variants: Any, lineups: Any, metrics: list[str], games: int,
            paired: list[tuple[str, str]] = (), batch: int | None = None) -> Any:
        t = time.perf_counter()
        c = compare(variants, lineups=lineups, players=players, metrics=metrics, games=games, batch=batch,
                    seed=args.seed, executor=executor, progress=True, store=args.store)
        frame = c.to_pandas()
        frame.insert(0, "block", block)
        frame.insert(1, "players", players)
        frame["seed"], frame["batch"], frame["budget"], frame["kind"] = c.seed, c.batch, c.budget, "cell"
        frames.append(frame)
        for base_lineup, measure in paired:
            frames.append(pd.DataFrame(paired_rows(c, block, players, base_lineup, measure)))
        blocks.append({"block": block, "players": players, "games_per_cell": c.games, "stopped_on": c.stopped_on,
                       "seconds": round(time.perf_counter() - t, 1)})
        print(f"{block} at {players} players: {c.stop_text()} ({time.perf_counter() - t:.0f} s)", flush=True)
        return c

    q = QueenieRules(players=4)
    equal = ("heuristic",) * 4
    lead = {"heuristic x4": equal} | {f"lead={x}": (HeuristicBot(lead=x, name=f"heuristic lead={x}"),) + equal[1:]
                                      for x in LEADS}
    run("queenie-lead", 4, {"base": q}, lead, ["return:1", "win:1", "deals"], args.queenie_games,
        paired=[("heuristic x4", "return:1"), ("heuristic x4", "win:1")])
    swap = {"heuristic x4": equal} | {f"ignore {r}": (HeuristicBot(ignore=(r,), name=f"heuristic ignoring {r}"),)
                                      + equal[1:] for r in SCORE_WEIGHTS}
    run("queenie-swap", 4, {"base": q}, swap, ["return:1", "win:1", "swaps"], args.queenie_games,
        paired=[("heuristic x4", "return:1"), ("heuristic x4", "win:1")])

    c = run("skirmish", 2, {"base": SkirmishRules()},
            {"greedy x2": ("greedy", "greedy"), "optimal vs greedy": ("optimal", "greedy")},
            ["win:1", "skirmishes", "first_pile_seat1", "seat_win:1"], args.skirmish_games,
            paired=[("greedy x2", "win:1")], batch=500)
    # The first pile: seat 1's share of games won after winning the first pile minus after losing it.
    rows = []
    for lu in c.lineups:
        res = c.result("base", lu)
        first, won = res.per_game("first_pile_seat1"), res.per_game("seat_win:1")
        after_win, after_loss = won[first == 1], won[first == 0]
        d = difference_estimate(after_win, after_loss, paired=False, seed=c.seed)
        rows.append({"block": "skirmish", "players": 2, "variant": "base", "lineup": lu,
                     "measure": "first_pile_advantage", "games": c.games, "samples": int(after_win.size + after_loss.size),
                     "value": d.value, "low": d.low, "high": d.high, "interval": d.kind, "seed": c.seed,
                     "batch": c.batch, "budget": c.budget, "kind": "won after winning the first pile minus after losing it"})
    frames.append(pd.DataFrame(rows))

    for n in range(2, 7):
        games = args.classic_heads_up_games if n == 2 else args.classic_games
        c = run("classic", n, {"base": ClassicDreidelRules(players=n, coins=10)}, None, ["spins"], games,
                batch=2000 if n == 2 else 600)  # big batches: fewer store files for cheap games
        rows = []
        for s, e in enumerate(c.seat_advantage()):
            rows.append({"block": "classic", "players": n, "variant": "base", "lineup": c.lineups[0],
                         "measure": f"seat_advantage:{s + 1}", "games": c.games, "samples": e.samples,
                         "value": e.value, "low": e.low, "high": e.high, "interval": e.kind, "seed": c.seed,
                         "batch": c.batch, "budget": c.budget, "kind": "share won minus 1/n"})
        frames.append(pd.DataFrame(rows))
    if executor is not None:
        executor.shutdown()
    table = pd.concat(frames, ignore_index=True)
    out = Path(args.out)
    tmp = out.with_suffix(".tmp")
    table.to_csv(tmp, index=False)
    os.replace(tmp, out)
    provenance = {
        "library_version": dreidelpoker.__version__, "git_commit": started["commit"], "python": platform.python_version(),
        "command": " ".join([".venv/bin/python", "benchmarks/other_games_study.py", *sys.argv[1:]]),
        "seed": args.seed, "workers": args.workers,
        "seeding": "game i of every cell: numpy SeedSequence(seed, spawn_key=(i,)); line-ups rotated round the seats",
        "seconds": round(time.perf_counter() - t0, 1), "started": started["started"],
        "load_average_at_start": started["load_average_at_start"], "load_average": os.getloadavg(),
        "niceness": started["niceness"], "blocks": blocks,
        "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "numpy": np.__version__,
    }
    out.with_suffix(".json").write_text(json.dumps(provenance, indent=1) + "\n")
    print(f"wrote {out} ({len(table)} rows) in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
