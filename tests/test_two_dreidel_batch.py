"""The runner's batch path for Two Dreidel (issue 22): ``TwoDreidelGame.run_turns`` plays whole
games in one loop over plain values (``whole_game.batch.play_hands``) when the bots offer a
plain policy, and reaches the state the steps one by one reach -- same draws from the same
samplers, same decisions, every field but the log -- under every rules option; the records
are the step-by-step path's, serially, on processes and on Dask."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.play_spec import PLAY
from dreidelpoker.games.two_dreidel.whole_game.play import new_game
from dreidelpoker.play import IllegalActionError, simulate
from dreidelpoker.play.runner import sample_chance
from dreidelpoker.sampler import Sampler

#: Every rules option the whole game reads: streets, short stacks, visibility, blinds,
#: rounding, faces and buy-ins, draws and put-backs, decks, chips, trumps.
RULES = [
    TwoDreidelRules(),
    TwoDreidelRules(streets="spins-then-bet", short_stack="fold", discard_visibility="top-two", blind=2,
                    half_pot_rounding="down", spin_probabilities=("1/2", "1/6", "1/6", "1/6")),
    TwoDreidelRules(draw=4, put_back=1, deck="2-2-2-2"),
    TwoDreidelRules(streets="spin-spin-bet", blind=0, chips_per_player=2),
    TwoDreidelRules(draw=2, put_back=0),
    TwoDreidelRules(deck="2-7-7-2", chips_per_player=8, short_stack="fold"),
    TwoDreidelRules(draw=4, put_back=2, deck="2-6-6-2", trumps=frozenset({("N", "G")})),
    TwoDreidelRules(spin_buy_ins=("pot", "one-chip", "nothing", "half-pot"), blind=3, chips_per_player=3),
]

#: Line-ups of the bots with a plain policy (random, calling-station, tight), by player count.
LINEUPS = {
    2: [("random", "random"), ("calling-station", "calling-station"), ("tight", "random")],
    3: [("random", "tight", "calling-station"), ("tight", "tight", "tight")],
    4: [("random",) * 4, ("calling-station", "random", "tight", "random")],
    6: [("random", "tight", "calling-station", "random", "tight", "random")],
}


def _step_by_step(state: Any, chance: Sampler, bots: list[Any], rngs: list[Sampler]) -> tuple[Any, int]:
    steps = 0
    while state.turn.value != "terminal":
        turn = state.turn.value
        if turn == "chance":
            state = state.apply(sample_chance(state, chance))
        elif turn == "player":
            seat = state.current_players[0]
            state = state.apply(bots[seat](state.observation(seat), state.legal_actions(seat), rngs[seat]))
        else:
            state = state.apply_joint({s: bots[s](state.observation(s), state.legal_actions(s), rngs[s])
                                       for s in state.current_players})
        steps += 1
    return state, steps


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.label)
def test_run_turns_reaches_the_state_of_the_steps_one_by_one(rules: TwoDreidelRules) -> None:
    for players, lineups in LINEUPS.items():
        for k, names in enumerate(lineups):
            for seed in range(3):
                start = new_game(rules, players=players, hand_limit=(400, 7, 1)[seed])
                bots = [PLAY.bots[b](rules) for b in names]
                rngs = [Sampler(100 * seed + s) for s in range(players)]
                one, k1 = _step_by_step(start, Sampler(seed + k), bots, rngs)
                chance = Sampler(seed + k)
                batch_rngs = [Sampler(100 * seed + s) for s in range(players)]
                batch, k2 = start.run_turns(chance, _no_decide, 10**9, log=False, seats=list(zip(bots, batch_rngs)))
                assert k2 == k1 > 0
                assert batch._replace(log=None) == one._replace(log=None)
                assert batch.log == start.log  # no log lines written
                # every stream stands where the steps leave it
                ref_chance, ref_rngs = Sampler(seed + k), [Sampler(100 * seed + s) for s in range(players)]
                _step_by_step(start, ref_chance, bots, ref_rngs)
                assert chance.integers(1 << 40) == ref_chance.integers(1 << 40)
                assert [r.integers(1 << 40) for r in batch_rngs] == [r.integers(1 << 40) for r in ref_rngs]


def _no_decide(seat: int, observation: Any, legal: Any) -> Any:
    raise AssertionError("the batch path asks each seat's plain policy, not decide")


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.label)
def test_records_with_and_without_history_are_the_same(rules: TwoDreidelRules) -> None:
    for players in (2, 3, 5):
        names = ("random", "tight", "calling-station", "random", "tight")[:players]
        batch = simulate(rules, ",".join(names), games=12, seed=players, progress=False)
        steps = simulate(rules, ",".join(names), games=12, seed=players, progress=False, keep_history=True)
        assert [replace(r, history=None) for r in steps.records] == list(batch.records)


def test_the_loop_declines_what_it_cannot_play() -> None:
    rules = TwoDreidelRules()
    start = new_game(rules, players=3)
    plain = [(PLAY.bots["random"](rules), Sampler(s)) for s in range(3)]
    mine = [(lambda obs, legal, rng: legal[0], Sampler(9))] + plain[1:]  # a bot without a plain policy
    assert start.run_turns(Sampler(0), _no_decide, 10**9, log=False, seats=mine) == (start, 0)
    assert start.run_turns(Sampler(0), _no_decide, 10**9, log=True, seats=plain) == (start, 0)
    assert start.run_turns(Sampler(0), _no_decide, 10**9, log=False) == (start, 0)
    assert start.run_turns(Sampler(0), _no_decide, 1_000, log=False, seats=plain) == (start, 0)  # may need more
    mid = start.apply(sample_chance(start, Sampler(1)))  # a hand under way
    assert mid.run_turns(Sampler(0), _no_decide, 10**9, log=False, seats=plain) == (mid, 0)
    # a line-up with a bot of its own is played step by step: the same records either way
    lineup = ["equity", "random", "tight"]
    batch = simulate(rules, lineup, games=3, seed=4, hand_limit=30, progress=False)
    steps = simulate(rules, lineup, games=3, seed=4, hand_limit=30, progress=False, keep_history=True)
    assert [replace(r, history=None) for r in steps.records] == list(batch.records)


def test_an_illegal_action_is_still_refused() -> None:
    def cheat(observation: Any, legal: Any, rng: Any) -> Any:
        return "peek"

    with pytest.raises(IllegalActionError, match="'peek', which is not legal"):
        simulate(TwoDreidelRules(), [cheat, "random", "random"], games=2, seed=1, progress=False)


def test_batch_records_on_processes_and_dask() -> None:
    from concurrent.futures import ProcessPoolExecutor

    rules = TwoDreidelRules(deck="2-6-6-2")
    lineup = "random,tight,calling-station,random"
    serial = simulate(rules, lineup, games=24, seed=2, progress=False)
    with ProcessPoolExecutor(2) as ex:
        pooled = simulate(rules, lineup, games=24, seed=2, progress=False, executor=ex)
    assert pooled.records == serial.records
    distributed = pytest.importorskip("distributed")
    with distributed.Client(n_workers=2, threads_per_worker=1, processes=True,
                            dashboard_address="127.0.0.1:0") as client:
        on_dask = simulate(rules, lineup, games=24, seed=2, progress=False, executor=client)
    assert on_dask.records == serial.records
