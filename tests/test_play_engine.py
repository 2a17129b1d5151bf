"""The whole-game engine: runner, bots, executors, sweeps (issue 9, items 1-4 and 7)."""

from __future__ import annotations

import gc
import json
import math
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
import scipy.stats

from tests import play_toy
from dreidelpoker.cli import main
from dreidelpoker.errors import InputError
from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, analyze
from dreidelpoker.games.protocol import GameState, Turn
from dreidelpoker.games.registry import GameInfo, get_game, register, unregister
from dreidelpoker.play import IllegalActionError, replay, simulate
from dreidelpoker.play.cluster import local_cluster
from dreidelpoker.play.runner import MAX_GAMES, GameRecord, run_tasks
from dreidelpoker.play.stats import proportion_estimate
from dreidelpoker.play.sweep import sweep


@pytest.fixture
def toy() -> Iterator[GameInfo]:
    game = register(GameInfo(name="toy-high-card", title="Toy", summary="tests only",
                             rules_type=play_toy.ToyRules, play=play_toy.SPEC))
    yield game
    unregister(game.name)


def test_toy_state_follows_the_protocol(toy: GameInfo) -> None:
    s = play_toy.new_game(play_toy.ToyRules(), players=2)
    assert isinstance(s, GameState)
    s1 = s.apply(2)
    assert s.cards == () and s1.cards == (2,)  # apply leaves the old state unchanged


def test_simultaneous_choices_are_made_from_the_same_state(toy: GameInfo) -> None:
    seen: list[Any] = []

    def spy(obs: Any, legal: Any, rng: np.random.Generator) -> Any:
        seen.append(obs)
        return legal[0]

    simulate(play_toy.ToyRules(), [spy, spy], games=1, seed=0, progress=False)
    reveal = [o for o in seen if o.raised is not None]
    # Both seats choose before either choice is applied: neither log shows a reveal yet.
    assert len(reveal) == 2 and all(o.public_log[-1] == "seat 1 raises" for o in reveal)


def _reachable(root: object, limit: int = 10_000) -> list[object]:
    seen: dict[int, object] = {}
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def test_a_bot_cannot_reach_hidden_information(toy: GameInfo) -> None:
    observations: list[Any] = []

    def snoop(obs: Any, legal: Any, rng: np.random.Generator) -> Any:
        observations.append(obs)
        return legal[0]

    res = simulate(play_toy.ToyRules(), [snoop, "uniform"], games=30, seed=5, progress=False, keep_history=True)
    assert observations
    for obs in observations:
        reachable = _reachable(obs)
        assert not any(isinstance(o, play_toy.ToyState) for o in reachable)
        # The opponent's card appears nowhere in seat 1's log lines.
        assert all("seat 2 gets" not in line for line in obs.public_log)
    # ...although the games really dealt seat 2 a card.
    assert all(h[0][0] == "chance" for h in (r.history for r in res.records) if h)


def test_illegal_action_names_bot_state_and_legal_actions(toy: GameInfo) -> None:
    def cheat(obs: Any, legal: Any, rng: np.random.Generator) -> str:
        return "all-in"

    with pytest.raises(IllegalActionError, match=r"bot 'cheat' in seat 1 chose 'all-in'.*legal actions: 'raise', 'check'"):
        simulate(play_toy.ToyRules(), [cheat, "uniform"], games=1, seed=0, progress=False)


def test_replayed_history_reproduces_the_game(toy: GameInfo) -> None:
    res = simulate(play_toy.ToyRules(), "high,uniform", games=20, seed=11, progress=False, keep_history=True)
    for rec in res.records:
        assert rec.history is not None
        final = replay(play_toy.new_game(play_toy.ToyRules(), players=2), rec.history)
        assert final.turn is Turn.TERMINAL and final.returns() == rec.returns


def test_toy_values_match_exact_enumeration(toy: GameInfo) -> None:
    # Exact expected return of "high" (seat 1) against "uniform" (seat 2), enumerated by hand.
    from fractions import Fraction
    from itertools import permutations

    total = Fraction(0)
    for c1, c2 in permutations((1, 2, 3), 2):
        raised = c1 == 3
        stay1 = c1 >= 2
        for stay2 in (True, False):  # uniform: stay or leave with 1/2 each
            s = play_toy.ToyState(play_toy.ToyRules(), (c1, c2), raised, (stay1, stay2))
            total += Fraction(s.returns()[0], 6 * 2)
    res = simulate(play_toy.ToyRules(), "high,uniform", games=4000, seed=2, progress=False)
    est = res.estimate("return_seat1")
    assert abs(est.value - float(total)) < 4.5 * est.std / math.sqrt(est.samples)


def test_classic_dreidel_simulator_agrees_with_the_exact_chain() -> None:
    rules = ClassicDreidelRules(players=2, coins=3)
    exact = analyze(rules=rules, method="exact")
    res = simulate(rules, games=3000, seed=4, progress=False)
    spins = res.estimate("spins")
    assert abs(spins.value - float(exact.expected_spins)) < 4.5 * spins.std / math.sqrt(spins.samples)
    p1 = float(exact.win_probabilities[0])
    w = res.win_rates()[0]
    assert abs(w.value - p1) < 4.5 * math.sqrt(p1 * (1 - p1) / w.samples)


def test_same_records_serially_on_processes_and_on_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = ClassicDreidelRules(players=3, coins=2)
    serial = simulate(rules, games=60, seed=9, progress=False)
    with ProcessPoolExecutor(2) as ex:
        pooled = simulate(rules, games=60, seed=9, progress=False, executor=ex)
    assert pooled.records == serial.records
    pytest.importorskip("distributed")
    import dask

    grid = {"rules": {"2 coins": rules, "3 coins": ClassicDreidelRules(players=3, coins=3)}, "players": [2, 3]}
    serial_sweep = [r.records for _, r in sweep(grid, games=2500, seed=9, progress=False).cells]
    # As a plain LocalCluster earlier in the session would have left it (its nanny sets it
    # in this process's environment): local_cluster's workers start without it all the same.
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    with local_cluster(2) as client:
        # Its workers run with PLAY_DASK_CONFIG: no profiler, the C allocator's own trim
        # threshold; the session's own settings are left as they were, and it listens on 127.0.0.1.
        settings = client.run(lambda dask_worker: ("profile" in dask_worker.periodic_callbacks,
                                                   os.environ.get("MALLOC_TRIM_THRESHOLD_")))
        assert list(settings.values()) == [(False, None), (False, None)]
        assert dask.config.get("distributed.worker.profile.enabled") is True
        assert client.scheduler_info()["address"].startswith("tcp://127.0.0.1:")
        on_dask = simulate(rules, games=60, seed=9, progress=False, executor=client)
        # 4 cells of 2,500 games: pieces of up to 1,000 games, each shipped back as one object
        dask_sweep = [r.records for _, r in sweep(grid, games=2500, seed=9, progress=False, executor=client).cells]
    assert client.status == "closed" and os.environ["MALLOC_TRIM_THRESHOLD_"] == "65536"
    assert on_dask.records == serial.records
    assert dask_sweep == serial_sweep and all(type(r) is GameRecord for cell in dask_sweep for r in cell)


@pytest.mark.parametrize("workers", [0, -1, 257, 2.5, "2", True])
def test_local_cluster_refuses_a_bad_worker_count_before_starting(workers: Any) -> None:
    with pytest.raises(InputError, match="workers"):
        with local_cluster(workers):
            pass


@pytest.mark.parametrize("indices", [[3, 6, 9, 12], [0, 2, 5], [7], list(range(40, 90))])
def test_tasks_of_spaced_or_uneven_games_give_the_serial_records(indices: list[int]) -> None:
    """A task's games may be every n-th (a rotated study) or any list: on any executor the
    records are the serial ones, in the order of ``indices``."""
    spec = get_game("classic-dreidel").play
    task = (spec, ClassicDreidelRules(players=3, coins=2), ("spinner",) * 3, [5, 1], indices, 200, False)
    serial = [recs for _, recs in run_tasks([task], None)]
    with ThreadPoolExecutor(2) as ex:
        assert [recs for _, recs in run_tasks([task], ex)] == serial
    with ProcessPoolExecutor(1) as pool:
        assert [recs for _, recs in run_tasks([task], pool)] == serial
    assert [r.index for r in serial[0]] == indices


def test_wilson_interval_matches_scipy() -> None:
    for k, n in ((0, 50), (7, 40), (81, 263), (40, 40)):
        ours = proportion_estimate(k, n)
        ref = scipy.stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        assert ours.low == pytest.approx(ref.low, abs=1e-9) and ours.high == pytest.approx(ref.high, abs=1e-9)


def test_sweep_cells_are_independent_and_cached(tmp_path: Any) -> None:
    grid = {"rules": {"2 coins": ClassicDreidelRules(coins=2)}, "players": [2, 3]}
    a = sweep(grid, games=40, seed=3, progress=False, cache_dir=tmp_path)
    b = sweep({**grid, "players": [3]}, games=40, seed=3, progress=False)
    assert a.cells[1][1].records == b.cells[0][1].records  # a cell does not depend on its neighbours
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    again = sweep(grid, games=40, seed=3, progress=False, cache_dir=tmp_path)
    assert [r.records for _, r in again.cells] == [r.records for _, r in a.cells]
    rows = a.to_pandas()
    assert set(rows["metric"]) >= {"spins", "steps", "win_rate_seat1"} and a.length_metric == "spins"


def test_sweep_plot_counts_players_in_whole_numbers() -> None:
    import matplotlib.pyplot as plt

    res = sweep({"rules": {"2 coins": ClassicDreidelRules(coins=2)}, "players": [3, 4, 5]}, games=30, seed=3,
                progress=False)
    ax = res.plot("spins")
    assert all(float(t).is_integer() for t in ax.get_xticks())
    plt.close("all")


def test_sweep_resumes_from_cache_without_replaying(tmp_path: Any, toy: GameInfo) -> None:
    calls = {"n": 0}

    grid = {"rules": play_toy.ToyRules(), "bots": [("high", "uniform")]}
    first = sweep(grid, games=10, seed=1, progress=False, cache_dir=tmp_path)
    original = play_toy.SPEC.new_game

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        return original(*args, **kwargs)

    object.__setattr__(play_toy.SPEC, "new_game", counting)
    try:
        second = sweep(grid, games=10, seed=1, progress=False, cache_dir=tmp_path)
    finally:
        object.__setattr__(play_toy.SPEC, "new_game", original)
    assert calls["n"] == 0 and second.cells[0][1].records == first.cells[0][1].records


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"games": 0}, r"games must be an integer from 1 to 1,000,000, got 0"),
        ({"games": MAX_GAMES + 1}, r"games must be an integer from 1 to 1,000,000"),
        ({"games": 10, "bots": "spinner,nobody"}, r"bots: unknown bot 'nobody' for classic-dreidel; known bots: spinner"),
        ({"games": 10, "bots": "spinner,spinner", "players": 3}, r"bots: 2 bots given for 3 players"),
        ({"games": 10, "players": 9}, r"players must be an integer from 2 to 8, got 9 \(players of classic-dreidel\)"),
        ({"games": 10, "hand_limit": 0}, r"hand_limit must be an integer from 1"),
        ({"games": 10, "seed": -1}, r"seed must be an integer from 0"),
    ],
)
def test_bad_input_names_the_argument(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(ClassicDreidelRules(players=2, coins=2), progress=False, **kwargs)


def test_rules_of_a_game_that_cannot_be_played() -> None:
    # A registered game without a play spec (the tests' toy: every built-in game is played whole).
    from dreidelpoker.games.registry import register, unregister

    from .toy_high_card import TOY, HighCardRules

    register(TOY)
    try:
        with pytest.raises(ValueError, match="cannot be played whole"):
            simulate(HighCardRules(), games=1)
    finally:
        unregister(TOY.name)


def test_hand_limit_is_reported_not_hidden() -> None:
    res = simulate(ClassicDreidelRules(players=4, coins=10), games=5, seed=1, progress=False, hand_limit=3)
    assert res.truncated == 5 and res.finished == 0
    assert "hit the limit of 3 spins" in res.to_text()
    assert res.to_dict()["games_hit_limit"] == 5
    assert all(math.isnan(e.value) for e in res.win_rates())


def test_sweep_cli_json_and_unreachable_scheduler(capsys: Any) -> None:
    assert main(["sweep", "classic-dreidel", "--players", "2-3", "--games", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [c["players"] for c in out["cells"]] == [2, 3]
    assert main(["sweep", "two-dreidel", "--players", "2", "--games", "5", "--bots", "random,x*"]) == 2
    assert "unknown bot 'x'" in capsys.readouterr().err
    pytest.importorskip("distributed")
    assert main(["sweep", "classic-dreidel", "--games", "5", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert "--scheduler tcp://127.0.0.1:9: cannot connect" in capsys.readouterr().err
