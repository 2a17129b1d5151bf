"""The big Two Dreidel sweep behind the notebook "Is Two Dreidel fast, strategic and high-stakes?".

Runs :func:`dreidelpoker.play.sweep` over 5 decks (the three presets and two of our own:
``1-3-3-1``, a thin deck that reshuffles often, and ``3-5-5-3``, rich in Gimels and
Shins) x 2..8 players x starting chips 2, 4 and 8 times the number of players at a mixed
table (equity, tight, calling-station, random, ...), the skill test at 4x chips (the
equity bot against random bots on every deck, and against tight bots on 1-5-5-1), plus
classic dreidel with the same players and coins
(chips 2x and 4x players; 8x is too long to simulate here). It writes the tidy table
(one row per cell and metric, with 95% intervals) to
``dreidelpoker/data/two_dreidel_sweep.csv`` (package data), which the notebook reads.

Command (about 40 minutes with two workers on a busy 2-core machine; resumable through
the cache folder)::

    .venv/bin/python benchmarks/two_dreidel_sweep.py --games 24 --skill-games 12 --classic-games 12 --workers 2

"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pandas as pd

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.play import sweep

DECKS = ("1-5-5-1", "2-6-6-2", "2-7-7-2", "1-3-3-1", "3-5-5-3")
CHIPS = (2, 4, 8)
PLAYERS = list(range(2, 9))


def mixed(players: int) -> tuple[str, ...]:
    """Seat 1 equity; the others tight, calling-station, random in turn (the default table)."""
    others = ("tight", "calling-station", "random")
    return ("equity",) + tuple(others[i % 3] for i in range(players - 1))


def versus_random(players: int) -> tuple[str, ...]:
    """The equity bot in seat 1 against random bots (the skill edge)."""
    return ("equity",) + ("random",) * (players - 1)


def versus_tight(players: int) -> tuple[str, ...]:
    """The equity bot in seat 1 against tight bots (a harder field)."""
    return ("equity",) + ("tight",) * (players - 1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=24)
    p.add_argument("--skill-games", type=int, default=12)
    p.add_argument("--classic-games", type=int, default=12)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--cache", default=".sweep-cache")
    p.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "dreidelpoker" / "data"
                                        / "two_dreidel_sweep.csv"))
    args = p.parse_args()
    executor = None
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(args.workers)
    t0 = time.perf_counter()
    rules = {f"{d}|{c}": TwoDreidelRules(deck=d, chips_per_player=c) for d in DECKS for c in CHIPS}
    table = sweep({"rules": rules, "players": PLAYERS, "bots": {"mixed": mixed}},
                  games=args.games, seed=args.seed, executor=executor, cache_dir=args.cache, hand_limit=2000)
    skill_rules = {f"{d}|4": TwoDreidelRules(deck=d, chips_per_player=4) for d in DECKS}
    skill = sweep({"rules": skill_rules, "players": PLAYERS, "bots": {"equity-vs-random": versus_random}},
                  games=args.skill_games, seed=args.seed, executor=executor, cache_dir=args.cache, hand_limit=2000)
    tight = sweep({"rules": {"1-5-5-1|4": skill_rules["1-5-5-1|4"]}, "players": PLAYERS,
                   "bots": {"equity-vs-tight": versus_tight}},
                  games=args.skill_games, seed=args.seed, executor=executor, cache_dir=args.cache, hand_limit=2000)
    frames = [r.to_pandas().assign(game="two-dreidel") for r in (table, skill, tight)]
    classic = {f"classic|{c}": {n: ClassicDreidelRules(players=n, coins=c * n) for n in PLAYERS} for c in (2, 4)}
    for label, by_players in classic.items():
        for n, r in by_players.items():
            res = sweep({"rules": {label: r}}, games=args.classic_games, seed=args.seed, executor=executor,
                        cache_dir=args.cache)
            frames.append(res.to_pandas().assign(game="classic-dreidel"))
    df = pd.concat(frames, ignore_index=True)
    split = df["rules"].str.split("|", expand=True)
    df["deck"], df["chips_per_player"] = split[0], split[1].astype(int)
    df = df.drop(columns=["rules"])
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(out, index=False, float_format="%.6g")
    print(f"wrote {len(df)} rows to {out} in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
