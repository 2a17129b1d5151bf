"""The runner's batch path for Queenie (issue 22): ``QueenieGame.run_turns`` plays the same
sessions as the steps one by one -- same draws, same decisions asked with the same
observations, same final state and log, same records -- under every rules option and bot,
and stops where a step limit says."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dreidelpoker.games.queenie import QueenieRules
from dreidelpoker.games.queenie.game import new_game
from dreidelpoker.play import IllegalActionError, simulate
from dreidelpoker.play.runner import sample_chance
from dreidelpoker.sampler import Sampler

OPTIONS = [
    QueenieRules(players=5, session_deals=6),
    QueenieRules(players=3, direction="left", dealing="players-first", session_deals=5),
    QueenieRules(players=4, queen_card="dummy", queen_card_queen="redraw", session_deals=5),
    QueenieRules(players=6, queen_card_queen="to-going-out", no_colour="next-any", blocked="fewest-cards",
                 session_deals=4, swap_cost=2, first_swap_cost=1),
    QueenieRules(players=3, deck_suits=2, deck_ranks=9, session_deals=6),
]
LINEUP = ("heuristic", "random", "always-swap", "never-swap", "random", "heuristic")


def _step_by_step(state: Any, chance: Sampler, bots: list[Any], rngs: list[Sampler], limit: int,
                  asked: list[Any]) -> tuple[Any, int]:
    steps = 0
    while steps < limit and state.turn.value != "terminal":
        if state.turn.value == "chance":
            state = state.apply(sample_chance(state, chance))
        else:
            seat = state.current_players[0]
            obs, legal = state.observation(seat), state.legal_actions(seat)
            asked.append((seat, obs, legal))
            state = state.apply(bots[seat](obs, legal, rngs[seat]))
        steps += 1
    return state, steps


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: r.variant)
def test_run_turns_plays_the_steps_one_by_one(rules: QueenieRules) -> None:
    from dreidelpoker.games.queenie.play import PLAY

    n = rules.players
    for seed in range(6):
        for limit in (10**9, 3, 17):
            names = LINEUP[seed % 3:seed % 3 + n] if seed % 3 + n <= len(LINEUP) else LINEUP[:n]
            bots = [PLAY.bots[b](rules) for b in names]
            start = new_game(rules)
            one_asked: list[Any] = []
            one, k1 = _step_by_step(start, Sampler(seed), bots, [Sampler(100 + s) for s in range(n)], limit, one_asked)
            batch_asked: list[Any] = []
            rngs = [Sampler(100 + s) for s in range(n)]

            def decide(seat: int, obs: Any, legal: Any) -> Any:
                batch_asked.append((seat, obs, legal))
                return bots[seat](obs, legal, rngs[seat])

            chance = Sampler(seed)
            batch, k2 = start.run_turns(chance, decide, limit)
            assert (batch, k2) == (one, k1)
            assert batch_asked == one_asked
            assert [e.text for e in batch.log] == [e.text for e in one.log]
            ref = Sampler(seed)
            _step_by_step(start, ref, bots, [Sampler(100 + s) for s in range(n)], limit, [])
            assert chance.integers(1 << 40) == ref.integers(1 << 40)  # the stream stands where the steps leave it


@pytest.mark.parametrize("rules", OPTIONS[:3], ids=lambda r: r.variant)
def test_records_with_and_without_history_are_the_same(rules: QueenieRules) -> None:
    bots = ",".join(LINEUP[:rules.players])
    batch = simulate(rules, bots, games=25, seed=5, progress=False)
    steps = simulate(rules, bots, games=25, seed=5, progress=False, keep_history=True)  # the step-by-step path
    assert [replace(r, history=None) for r in steps.records] == list(batch.records)


def test_an_illegal_action_is_refused_in_the_batch_path() -> None:
    def cheat(observation: Any, legal: Any, rng: Any) -> Any:
        return "peek"

    with pytest.raises(IllegalActionError, match="'peek', which is not legal"):
        simulate(QueenieRules(players=3), [cheat, "random", "random"], games=2, seed=1, progress=False)


def test_batch_records_on_processes_and_dask() -> None:
    from concurrent.futures import ProcessPoolExecutor

    rules = QueenieRules(players=4, session_deals=3)
    serial = simulate(rules, "heuristic,random,always-swap,never-swap", games=30, seed=2, progress=False)
    with ProcessPoolExecutor(2) as ex:
        pooled = simulate(rules, "heuristic,random,always-swap,never-swap", games=30, seed=2, progress=False,
                          executor=ex)
    assert pooled.records == serial.records
    distributed = pytest.importorskip("distributed")
    with distributed.Client(n_workers=2, threads_per_worker=1, processes=True,
                            dashboard_address="127.0.0.1:0") as client:
        on_dask = simulate(rules, "heuristic,random,always-swap,never-swap", games=30, seed=2, progress=False,
                           executor=client)
    assert on_dask.records == serial.records


#: Every rules option; sessions long enough to be shuffled ahead (`_SHUFFLES_AHEAD`), the
#: deck's queen-pot card redrawn there too (shuffled ahead, then moved), and play to the left
#: dealt players first there (each card's holder is worked out ahead from the button).
TIGHT = OPTIONS + [
    QueenieRules(players=4, queen_card_queen="redraw", session_deals=40),
    QueenieRules(players=5, direction="left", dealing="players-first", session_deals=36),
    QueenieRules(players=6, deck_suits=2, deck_ranks=9, session_deals=33),
    QueenieRules(players=8, session_deals=3, ante=2, swap_cost=3),
    QueenieRules(players=4, deck_ranks=4, queen_card="dummy", dealing="players-first", session_deals=7),
    QueenieRules(players=5, session_deals=1),
]


@pytest.mark.parametrize("rules", TIGHT, ids=lambda r: r.variant)
def test_the_tight_loop_gives_the_engines_records(rules: QueenieRules) -> None:
    """The batch path (whole deals over plain ints, shuffled ahead, observations only for bots
    that read them) against the engine's steps one by one (``keep_history``), for many seeds."""
    n = rules.players
    for names in (("never-swap",) * n, ("always-swap",) * n, (LINEUP * 2)[1:n + 1], ("random",) * n):
        batch = simulate(rules, names, games=12, seed=11, progress=False)
        steps = simulate(rules, names, games=12, seed=11, progress=False, keep_history=True)
        assert [replace(r, history=None) for r in steps.records] == list(batch.records), names


@pytest.mark.parametrize("rules", TIGHT[:6], ids=lambda r: r.variant)
def test_the_tight_loop_stops_where_the_steps_do(rules: QueenieRules) -> None:
    """``run_turns(log=False)`` reaches the state the steps one by one reach (all but the log),
    with a step budget that ends the session, stops it between deals or inside one, and
    gives ``None`` for the observation exactly where ``observes`` says the bot reads none."""
    from dreidelpoker.games.queenie.play import PLAY

    n = rules.players
    names = (LINEUP * 2)[2:n + 2]
    bots = [PLAY.bots[b](rules) for b in names]
    start = new_game(rules, hand_limit=36)

    def observes(seat: int, legal: Any) -> bool:
        return names[seat] != "random" and (names[seat] == "heuristic" or "keep" not in legal)

    for seed in range(4):
        for limit in (10**9, 1, 9, 41, 150, 2100):  # 2,100 steps: 35 deals shuffled ahead, then the budget
            one, k1 = _step_by_step(start, Sampler(seed), bots, [Sampler(100 + s) for s in range(n)], limit, [])
            rngs = [Sampler(100 + s) for s in range(n)]
            blind = []

            def decide(seat: int, obs: Any, legal: Any) -> Any:
                if obs is None:
                    blind.append(seat)
                assert (obs is None) == (not observes(seat, legal))
                return bots[seat](obs, legal, rngs[seat])

            chance = Sampler(seed)
            tight, k2 = start.run_turns(chance, decide, limit, log=False, observes=observes)
            assert (tight, k2) == (one, k1)
            if limit == 10**9:
                assert len(tight.log) == len(start.log)  # whole deals write no log lines
            ref = Sampler(seed)
            _step_by_step(start, ref, bots, [Sampler(100 + s) for s in range(n)], limit, [])
            assert chance.integers(1 << 40) == ref.integers(1 << 40)  # the stream stands where the steps leave it
            if limit == 10**9 and "random" in names:
                assert blind


def test_engine_records_on_processes_match_the_tight_loop() -> None:
    from concurrent.futures import ProcessPoolExecutor

    rules = QueenieRules(players=5, session_deals=40, queen_card_queen="redraw")
    names = "never-swap,random,always-swap,never-swap,heuristic"
    engine = simulate(rules, names, games=16, seed=4, progress=False, keep_history=True)
    with ProcessPoolExecutor(2) as ex:
        pooled = simulate(rules, names, games=16, seed=4, progress=False, executor=ex)
    assert pooled.records == tuple(replace(r, history=None) for r in engine.records)


def test_best_lead_reads_the_sorted_hand_as_the_rule_says() -> None:
    """The bots' lead (by bisection on the sorted hand) against the rule written plainly:
    most own cards in a row, then the longest suit, then the lowest card."""
    import random

    from dreidelpoker.games.queenie.bots import best_lead

    def plain(hand: list[int], legal: list[int], ranks: int) -> int:
        def key(c: int) -> tuple[int, int, int]:
            run = 0
            while (c + run + 1) % ranks and c + run + 1 in hand:
                run += 1
            return run, sum(1 for x in hand if x // ranks == c // ranks), -c
        return max(legal, key=key)

    rnd = random.Random(3)
    for _ in range(3000):
        ranks = rnd.choice((2, 5, 13))
        hand = rnd.sample(range(4 * ranks), rnd.randrange(1, 4 * ranks))
        legal = rnd.sample(hand, rnd.randrange(1, min(4, len(hand)) + 1))
        assert best_lead(hand, legal, ranks) == plain(hand, legal, ranks)
