"""Hands per second of whole Two Dreidel games on one core, by line-up (issue 9).

Each line-up plays ``--games`` seeded games serially; the figure is hands per second of
CPU time of this process (``time.process_time``, honest on a shared machine) and of wall
time. The equity bots are measured twice: cold (empty caches) and warm (the caches of the
first run kept: the steady state of a long simulation, where exact equities are looked
up by observation class instead of recomputed).

The rule-based line-ups (random, calling-station, tight) now play on the batch path
(issue 22: ``TwoDreidelGame.run_turns`` plays each game in one loop over plain values,
``whole_game/batch.py``), about 2.7-3.9x the hands a CPU-second of the engine path below;
the equity bots, and every game played with ``keep_history``, still take the engine path.
``--steps`` prints the per-step rows against OpenSpiel (see ``docs/speed.md``).

What bounds the engine path's speed (printed as "steps/hand" and "us/step"): every hand is a sequence
of engine steps -- one chance draw per player, one simultaneous put-back, the betting
actions, the spins and the simultaneous call/fold reveals -- all through the one protocol
(``GameState.apply`` / ``apply_joint``, ``observation``, ``legal_actions``). A step costs
one copy of the state (an immutable named tuple: a ``__slots__`` working copy written by
name, the changed fields, one tuple), one log node whose text is written only when read,
and per deciding seat an observation built field by field by name, a stored legal-action
tuple and the bot's call; chance and every seat draw through the one sampler (``dreidelpoker.sampler.Sampler``:
exact integers by rejection on 62-bit words read from the generator in blocks). A step sets only the turn and legal actions of the phase it
enters; the next seat to act and its bet sizes are found in one pass; draws and put-backs
come with their log lines, observed labels and next deck from per-rules tables; the end
of a hand notes its figures as one tuple (folded when the figures are read).

Counted in Python bytecodes (``--bytecodes``: ``sys.settrace`` opcode events over 12
games after 100 warm-up games, 6 and 30 for tight; load-independent) a hand costs about
5,010 (random x4), 6,910 (calling-station x2, 12 steps a hand) and 4,580 (tight x4)
(5,050, 7,100 and 4,700 before showdowns with two seats in were settled from a table of
the two kept hands),
against 6,600, 9,150 and 6,450 before this round (main at e6bed03, counted the same way;
about 15,000, 23,500 and 14,800 before the first speed work). Two costs the bytecodes do
not show were also cut: the cyclic garbage collector walked each game's growing log again and again (~15% of the
time; the runner now pauses it for each game, see ``dreidelpoker.play.runner``), and a
short game spent about a quarter of its time setting up (the rules checks, now made once
per rules object, and the first block of raw words of each generator, now 16 words). What
is left is spread thin over the step: the runner's loop (~60 bytecodes a step), ``apply``
(~35) and the log node (~30), an observation (~35 bytecodes, but ~1-2 us: it builds a
22-field tuple from seven pieces), the betting step (~170 with finding the next seat), and
the end and start of a hand (~550 a hand: payouts, discards, next decks, elimination,
blind). At 20-30 ns a bytecode on the shared machine that is 100-200 us a hand: measured
at load 2.2, 9,450 (random x4), 9,300 (calling-station x2) and 14,350 (tight x4) hands
per CPU-second (at load 1.5 before the two-seat showdown table: 10,100, 6,170 and 12,300;
5,500, 3,700 and 6,800 before this round); calling-station x2 (12 steps a hand) stays
just below the issue's 10,000, random x4 reaches it on a quieter machine.
The equity bot adds a few dictionary look-ups per decision once its caches are warm, and
exact posterior and equity computations (milliseconds each) only on a cache miss.

The rule-based line-ups are timed after two untimed warm-up games (the first ``simulate``
imports the game registry and builds the per-rules tables: a cost of the process, not of
a hand).

Command::

    .venv/bin/python benchmarks/bench_play.py            # about a minute
    .venv/bin/python benchmarks/bench_play.py --games 400 --json
    .venv/bin/python benchmarks/bench_play.py --bytecodes   # bytecodes a hand (slow: traced)
    .venv/bin/python benchmarks/bench_play.py --steps 3     # per step against OpenSpiel (needs open_spiel)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import replace
from typing import Any

import fair_classic_dreidel
import os

from _timing import COLD_PROCESS, Row, cold_pair, interleaved, python

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.whole_game.equity_bot import cache_info, clear_caches
from dreidelpoker.play import simulate

LINEUPS = {
    "random x4": "random,random,random,random",
    "calling-station x2": "calling-station,calling-station",
    "tight x4": "tight,tight,tight,tight",
    "equity + random x3": "equity,random,random,random",
    "equity x4": "equity,equity,equity,equity",
}


def warm_up(bots: str) -> None:
    """Play two untimed games: the first ``simulate`` imports the game registry and builds the
    per-rules tables (draw classes, put-back choices, hand strengths), a one-time cost of the
    process, not of a hand."""
    simulate(TwoDreidelRules(), bots=bots, games=2, seed=10_000, progress=False)


def bench(bots: str, games: int, seed: int) -> dict[str, float]:
    rules = TwoDreidelRules()
    cpu, wall = time.process_time(), time.perf_counter()
    res = simulate(rules, bots=bots, games=games, seed=seed, progress=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    hands = sum(r.rounds for r in res.records)
    steps = sum(r.steps for r in res.records)
    return {"games": games, "hands": hands, "hands_per_s_cpu": hands / cpu, "hands_per_s_wall": hands / wall,
            "steps_per_hand": steps / hands, "us_per_step_cpu": 1e6 * cpu / steps}


def bytecodes(bots: str, games: int, warm: int) -> tuple[float, float]:
    """Python bytecodes a hand (``sys.settrace`` opcode events), and steps a hand, over ``games``
    seeded games played after ``warm`` untimed ones (so the per-rules tables are built)."""
    import sys
    from types import FrameType

    simulate(TwoDreidelRules(), bots=bots, games=warm, seed=10_000, progress=False)
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        res = simulate(TwoDreidelRules(), bots=bots, games=games, seed=1, progress=False)
    finally:
        sys.settrace(None)
    hands = sum(r.rounds for r in res.records)
    return count / hands, sum(r.steps for r in res.records) / hands


def _classic_rows(runs: int) -> list[Row]:
    """Classic dreidel 4 x 10 through ``simulate`` against a plain Python loop of the same rules
    (``fair_classic_dreidel.play``), every call a first call: 20 games a call (fewer than
    ``ClassicDreidelGame.run_games`` plays across games: each by ``run_chance``, the streams
    hashed at once), 80 (across games until 60 are left, those by ``run_chance``), 200 and
    2,000 (pieces of up to 1,000 played across games at once in numpy)."""
    rules = ClassicDreidelRules(players=4, coins=10)
    out = []
    for games, target, how in ((20, 1.0, "one by one"), (80, 1.0, "across games, the last 60 one by one"),
                               (200, 1.0, "across games in numpy"), (2000, 2.0, "across games in numpy")):
        lib = simulate(rules, games=games, seed=1, progress=False)
        fair = fair_classic_dreidel.play(4, 10, games, 1)
        spins_lib = [r.rounds for r in lib.records]
        spins_fair = [f[0] for f in fair]
        se = (statistics.pvariance(spins_lib) / games + statistics.pvariance(spins_fair) / games) ** 0.5
        assert abs(statistics.mean(spins_lib) - statistics.mean(spins_fair)) < 5 * se, "the two disagree on the rules"
        # the same games every call (seed 1 both sides), each side's time per spin of its own games
        t_lib, t_fair = interleaved(lambda: simulate(rules, games=games, seed=1, progress=False),
                                    lambda: fair_classic_dreidel.play(4, 10, games, 1), runs)
        out.append(Row(f"classic dreidel 4x10, {games:,} games ({how}): simulate vs a plain loop",
                       [1000 * t / sum(spins_lib) for t in t_lib], [1000 * t / sum(spins_fair) for t in t_fair],
                       target=target, note=f"times per 1,000 spins; issue 22: at least {target:g}x"
                                           + (" (numpy across games)" if target > 1 else "")))
    # what a user pays in a fresh process: imports included, CPU time (user + system)
    here = os.path.dirname(os.path.abspath(__file__))
    lib_argv = python("from dreidelpoker.games.classic_dreidel import ClassicDreidelRules\n"
                      "from dreidelpoker.play import simulate\n"
                      "simulate(ClassicDreidelRules(players=4, coins=10), games=2000, seed=1, progress=False)")
    fair_argv = python(f"import sys; sys.path.insert(0, {here!r})\nimport fair_classic_dreidel\n"
                       "fair_classic_dreidel.play(4, 10, 2000, 1)")
    t_lib, t_fair = cold_pair(lib_argv, fair_argv, runs, cpu=True)
    out.append(Row("classic dreidel 4x10, 2,000 games, a fresh process each: simulate vs a plain loop", t_lib, t_fair,
                   target=2.0, kind=COLD_PROCESS, note="CPU time of the whole process, imports included (the plain "
                                                       "loop imports numpy only)"))
    return out


#: The "comparable poker game" of the second row: OpenSpiel's ``universal_poker`` at 4 players,
#: limit betting, two rounds (2 hole cards, then a 3-card flop), blinds 1 and 2.
UNIVERSAL_POKER = ("universal_poker(betting=limit,numPlayers=4,numRounds=2,blind=1 2 0 0,raiseSize=2 4,"
                   "firstPlayer=3 1,maxRaises=3 3,numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3)")


def _openspiel_steps(game: Any, steps: int, seed: int) -> int:
    """Random play of an OpenSpiel game from Python for at least ``steps`` steps; the steps played."""
    import random

    rng = random.Random(seed)
    done = 0
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.randrange(len(outcomes))][0]  # the deals are uniform
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            done += 1
    return done


def openspiel_actions(records: Any) -> int:
    """Steps counted the way OpenSpiel counts them: every chance outcome and every seat's action
    is one step (a simultaneous put-back or spin call of ``k`` seats is ``k`` steps; the
    engine's ``GameRecord.steps`` counts it as one)."""
    return sum(len(item[1]) if item[0] == "joint" else 1 for r in records for item in r.history)


def _engine_rows(runs: int, games: int = 1000) -> list[Row]:
    """Two Dreidel random x4 whole games (``simulate``: the batch path, the per-rules tables built
    afresh in every call) against OpenSpiel's C++ ``leduc_poker`` (4 players) and
    ``universal_poker`` (`UNIVERSAL_POKER`) driven from Python with random actions, per step
    counted OpenSpiel's way (`openspiel_actions`) (issue 22: at most 2x OpenSpiel's cost)."""
    work = "Two Dreidel random x4 ({} games), per step vs OpenSpiel {} from Python"
    names = (("leduc_poker(players=4)", "leduc_poker", {"players": 4}), ("universal_poker (4p limit, 2 rounds)",
                                                                         UNIVERSAL_POKER, None))
    try:
        import pyspiel
    except ImportError:
        return [Row(work.format(games, name), [], [], target=0.5,
                    note="skipped: OpenSpiel is not installed (pip install 'dreidelpoker[bench]')")
                for name, _g, _p in names]
    rules = TwoDreidelRules()
    bots = "random,random,random,random"
    simulate(rules, bots=bots, games=2, seed=10_000, progress=False)  # import the registry
    history = simulate(rules, bots=bots, games=games, seed=1, progress=False, keep_history=True)
    steps = openspiel_actions(history.records)
    assert [replace(r, history=None) for r in history.records] == list(
        simulate(rules, bots=bots, games=games, seed=1, progress=False).records), "the batch path plays other games"
    out = []
    for name, game_name, params in names:
        game = pyspiel.load_game(game_name, params) if params else pyspiel.load_game(game_name)
        os_steps = _openspiel_steps(game, steps, 1)
        t_lib, t_fair = interleaved(lambda: simulate(rules, bots=bots, games=games, seed=1, progress=False),
                                    lambda: _openspiel_steps(game, steps, 1), runs)
        out.append(Row(work.format(games, name), [1000 * t / steps for t in t_lib],
                       [1000 * t / os_steps for t in t_fair], target=0.5,
                       note=f"times per 1,000 steps ({steps:,} steps: every chance outcome and every seat's action); "
                            "target: at most 2x OpenSpiel's cost per step"))
    return out


def rows(runs: int) -> list[Row]:
    """The rows of ``make bench``: classic dreidel against a plain loop, engine steps against OpenSpiel."""
    return _classic_rows(runs) + _engine_rows(runs)


def main() -> None:
    p = argparse.ArgumentParser(description="Two Dreidel whole-game speed by line-up")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--bytecodes", action="store_true", help="count bytecodes a hand of the rule-based line-ups")
    p.add_argument("--steps", type=int, metavar="RUNS",
                   help="only the per-step rows against OpenSpiel, RUNS interleaved runs (before/after: run it with "
                        "PYTHONPATH set to an older tree unpacked by git archive)")
    args = p.parse_args()
    if args.steps:
        from _timing import print_table

        print_table(_engine_rows(args.steps), runs=args.steps)
        return
    if args.bytecodes:
        for name, bots, games, warm in (("random x4", LINEUPS["random x4"], 12, 100),
                                        ("calling-station x2", LINEUPS["calling-station x2"], 12, 100),
                                        ("tight x4", LINEUPS["tight x4"], 6, 30)):
            per_hand, steps = bytecodes(bots, games, warm)
            print(f"{name:<30}{per_hand:>8.0f} bytecodes a hand{steps:>8.1f} steps a hand")
        return
    out: dict[str, dict[str, float]] = {}
    for name, bots in LINEUPS.items():
        if "equity" in bots:
            clear_caches()
            out[name + " (cold)"] = bench(bots, args.games, args.seed)
            out[name + " (warm)"] = bench(bots, args.games, args.seed + 1)
            out[name + " (warm)"]["library_calls"] = float(cache_info()["posterior_calls"] + cache_info()["equity_calls"])
        else:
            warm_up(bots)
            out[name] = bench(bots, args.games, args.seed)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{'line-up':<30}{'hands':>8}{'hands/s cpu':>13}{'hands/s wall':>14}{'steps/hand':>12}{'us/step':>9}")
    for name, r in out.items():
        print(f"{name:<30}{r['hands']:>8.0f}{r['hands_per_s_cpu']:>13.0f}{r['hands_per_s_wall']:>14.0f}"
              f"{r['steps_per_hand']:>12.1f}{r['us_per_step_cpu']:>9.1f}")


if __name__ == "__main__":
    main()
