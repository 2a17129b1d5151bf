"""The runner's batch path (issue 22): classic dreidel's ``run_chance`` plays the same games
as the spins one by one -- same draws, same final state (but its log), same records --
under every rules option, serially, on processes and on Dask."""

from __future__ import annotations

import itertools
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.classic_dreidel.play import new_game
from dreidelpoker.play import simulate
from dreidelpoker.play.runner import sample_chance
from dreidelpoker.sampler import Sampler

OPTIONS = [
    ClassicDreidelRules(players=p, coins=c, hey_rounding=h, elimination=e, reante=r, stopping=s)
    for (p, c), h, e, r, s in itertools.product(
        [(2, 3), (3, 4), (4, 2)], ["up", "down", "continuous"], ["cannot-pay", "zero"], [True, False],
        ["last-survivor", "first-elimination", "first-gimel"])
] + [ClassicDreidelRules(players=3, coins=5, face_probabilities=("1/2", "1/6", "1/6", "1/6")),
     ClassicDreidelRules(players=2, coins=4, face_probabilities=("1/10", "3/10", "0", "3/5"))]


def _step_by_step(state, stream: Sampler, limit: int):  # type: ignore[no-untyped-def]
    steps = 0
    while state.turn.value == "chance" and steps < limit:
        state = state.apply(sample_chance(state, stream))
        steps += 1
    return state, steps


def _same(a, b) -> None:  # type: ignore[no-untyped-def]
    assert (a.chain_state, a.spins, a.cut, a.net) == (b.chain_state, b.spins, b.cut, b.net)
    assert [type(x) for x in a.net] == [type(x) for x in b.net]
    assert a.returns() == b.returns()


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: r.label)
def test_run_chance_plays_the_spins_one_by_one(rules: ClassicDreidelRules) -> None:
    if rules.elimination == "zero" and rules.coins < 2:
        pytest.skip("refused by the rules")
    for seed in range(12):
        for limit, max_steps in ((10_000_000, 10**9), (7, 10**9), (10_000_000, 5)):
            start = replace(new_game(rules), hand_limit=limit)
            one, k1 = _step_by_step(start, Sampler(np.random.default_rng(seed)), max_steps)
            stream = Sampler(np.random.default_rng(seed))
            batch, k2 = start.run_chance(stream, max_steps)
            _same(one, batch)
            assert k1 == k2 == batch.spins
            # the stream stands where the spins one by one leave it
            ref = Sampler(np.random.default_rng(seed))
            _step_by_step(start, ref, max_steps)
            assert stream.integers(1 << 40) == ref.integers(1 << 40)


def test_continuous_pot_stays_exact() -> None:
    rules = ClassicDreidelRules(players=3, coins=4, hey_rounding="continuous")
    batch, _ = new_game(rules).run_chance(Sampler(np.random.default_rng(5)), 10**9)
    assert all(isinstance(v, (int, Fraction)) for v in batch.net)


def test_a_game_over_runs_nothing() -> None:
    done, _ = new_game(ClassicDreidelRules(players=2, coins=2)).run_chance(Sampler(np.random.default_rng(1)), 10**9)
    assert done.run_chance(Sampler(np.random.default_rng(1)), 10**9) == (done, 0)


@pytest.mark.parametrize("rules", [ClassicDreidelRules(players=4, coins=5),
                                   ClassicDreidelRules(players=3, coins=3, stopping="first-elimination",
                                                       hey_rounding="continuous")])
def test_records_with_and_without_history_are_the_same(rules: ClassicDreidelRules) -> None:
    batch = simulate(rules, games=60, seed=11, progress=False)
    steps = simulate(rules, games=60, seed=11, progress=False, keep_history=True)  # the step-by-step path
    assert [replace(r, history=None) for r in steps.records] == list(batch.records)
    cut = simulate(rules, games=30, seed=3, progress=False, hand_limit=20)
    cut_steps = simulate(rules, games=30, seed=3, progress=False, hand_limit=20, keep_history=True)
    assert [replace(r, history=None) for r in cut_steps.records] == list(cut.records)
    assert any(r.truncated for r in cut.records)


def test_batch_records_on_processes_and_dask() -> None:
    rules = ClassicDreidelRules(players=3, coins=4)
    serial = simulate(rules, games=40, seed=2, progress=False)
    with ProcessPoolExecutor(2) as ex:
        assert simulate(rules, games=40, seed=2, progress=False, executor=ex).records == serial.records
    distributed = pytest.importorskip("distributed")
    with distributed.Client(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as client:
        assert simulate(rules, games=40, seed=2, progress=False, executor=client).records == serial.records


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.PCG64DXSM, np.random.Philox, np.random.SFC64,
                                  np.random.MT19937])
def test_chance_words_are_numpys_bounded_integers(bits: type) -> None:
    # the stream reads raw words for speed; they must be what rng.integers(2**62) gives,
    # block after block (so the step path's draws never changed)
    stream = Sampler(np.random.Generator(bits(9)))
    ref = np.random.Generator(bits(9))
    got = [stream.integers(1 << 61) for _ in range(512 + 1024 + 7)]
    want = [w % (1 << 61) for w in ref.integers(0, 1 << 62, size=512 + 1024 + 7, dtype=np.int64).tolist()]
    assert got == want


@pytest.mark.parametrize("total", [1, 4, 6, 4096, (1 << 61) + 1])
def test_block_and_advance_draw_what_integers_draws(total: int) -> None:
    a, b = Sampler(np.random.default_rng(4)), Sampler(np.random.default_rng(4))
    got: list[int] = []
    while len(got) < 1500:
        block = a.block(total)
        take = max(1, len(block) // 3)
        got += block[:take]
        a.advance(take)
    assert got == [b.integers(total) for _ in range(len(got))]
    table = [f"x{i}" for i in range(total)] if total <= 4096 else None
    if table is not None:
        assert a.block(total, table)[:3] == [table[b.integers(total)] for _ in range(3)]
    with pytest.raises(ValueError):
        a.block(0)


def test_chunks_per_worker_and_records_whatever_the_chunks() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from dreidelpoker.play.runner import TASKS_PER_WORKER, chunk_count, worker_count

    assert chunk_count(4000, 2) == 2 * TASKS_PER_WORKER
    assert chunk_count(4000, 2, cells=2) == TASKS_PER_WORKER  # cells share the workers' tasks
    assert chunk_count(4000, 2, cells=100) == 4  # at most 1,000 games a task
    assert chunk_count(3, 8) == 3 and chunk_count(10, 2, cells=100) == 1
    assert chunk_count(250, 1) == 100  # serially: pieces for the progress bar
    with ThreadPoolExecutor(3) as ex:  # a pool's own count is private: the machine's CPUs size the chunks
        assert worker_count(ex) == max(1, os.cpu_count() or 1)
    rules = ClassicDreidelRules(players=3, coins=3)
    base = simulate(rules, games=30, seed=6, progress=False)
    with ThreadPoolExecutor(2) as ex:
        for chunks in (1, 7, 30):
            assert simulate(rules, games=30, seed=6, progress=False, executor=ex, chunks=chunks).records == base.records


def test_dask_client_reports_its_workers() -> None:
    distributed = pytest.importorskip("distributed")
    from dreidelpoker.play.runner import worker_count

    with distributed.Client(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as client:
        assert worker_count(client) == 2


@pytest.fixture
def small_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_games`` on a few games, few at a time (each column playing game after game), in
    short passes, down to the last game (every path of it)."""
    import dreidelpoker.games.classic_dreidel.play as play

    monkeypatch.setattr(play, "_WIDTH", 8)
    monkeypatch.setattr(play, "_FEW_GAMES", 1)
    monkeypatch.setattr(play, "_SPIN_CHUNK", 7)


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: r.label)
def test_run_games_plays_each_game_as_its_spins_one_by_one(rules: ClassicDreidelRules, small_passes: None) -> None:
    if rules.elimination == "zero" and rules.coins < 2:
        pytest.skip("refused by the rules")
    for limit, max_steps in ((10_000_000, 10**9), (9, 10**9), (10_000_000, 6)):
        start = replace(new_game(rules), hand_limit=limit)
        across = type(start).run_games([start] * 30, [Sampler(np.random.default_rng(s)) for s in range(30)], max_steps)
        if rules.hey_rounding == "continuous":
            assert across is None  # exact Fractions: one by one
            continue
        assert across is not None
        for seed, (final, steps) in enumerate(across):
            one, k = _step_by_step(start, Sampler(np.random.default_rng(seed)), max_steps)
            _same(one, final)
            assert steps == k == final.spins


def test_run_games_plays_few_games_one_by_one() -> None:
    # fewer games than numpy's cost a spin pays for: each by run_chance, the streams hashed at once
    start = new_game(ClassicDreidelRules(players=4, coins=5))
    few = type(start).run_games([start] * 7, [Sampler.spawned(3, (i, 0)) for i in range(7)], 10**9)
    assert few is not None and len(few) == 7
    for i, (final, steps) in enumerate(few):
        one, k = _step_by_step(start, Sampler.spawned(3, (i, 0)), 10**9)
        _same(one, final)
        assert steps == k == final.spins


def test_run_games_declines_what_it_does_not_play() -> None:
    start = new_game(ClassicDreidelRules(players=3, coins=3))
    streams = [Sampler(s) for s in range(100)]
    moved = start.apply("N")
    assert type(start).run_games([moved] * 100, streams, 10**9) is None  # games under way
    assert type(start).run_games([start] * 100, streams, 10**9) is not None


def test_records_across_games_are_the_records_one_by_one() -> None:
    rules = ClassicDreidelRules(players=4, coins=6)
    across = simulate(rules, games=900, seed=4, progress=False)  # pieces of 1,000 serially: played across games
    steps = simulate(rules, games=900, seed=4, progress=False, keep_history=True)
    assert [replace(r, history=None) for r in steps.records] == list(across.records)
    with ProcessPoolExecutor(2) as ex:
        assert simulate(rules, games=900, seed=4, progress=False, executor=ex, chunks=2).records == across.records


@pytest.mark.parametrize("rules", [ClassicDreidelRules(players=3, coins=4),
                                   ClassicDreidelRules(players=5, coins=3, elimination="zero", hey_rounding="down"),
                                   ClassicDreidelRules(players=4, coins=3, stopping="first-elimination"),
                                   ClassicDreidelRules(players=4, coins=3, stopping="first-gimel", reante=False)],
                         ids=lambda r: r.label)
def test_columns_handed_on_play_the_records_one_by_one(rules: ClassicDreidelRules,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # a run's own streams (hashed together, drawn side by side), few columns, each playing
    # game after game from its own stream; with a spin limit that cuts games between passes
    import dreidelpoker.games.classic_dreidel.play as play

    monkeypatch.setattr(play, "_WIDTH", 40)
    monkeypatch.setattr(play, "_FEW_GAMES", 6)
    monkeypatch.setattr(play, "_SPIN_CHUNK", 16)
    for limit in (None, 23):
        across = simulate(rules, games=420, seed=8, progress=False, hand_limit=limit)
        steps = simulate(rules, games=420, seed=8, progress=False, hand_limit=limit, keep_history=True)
        assert [replace(r, history=None) for r in steps.records] == list(across.records)
