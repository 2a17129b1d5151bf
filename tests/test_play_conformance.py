"""One conformance test over every game that can be played whole (issue 9, OpenSpiel's
``random_sim_test`` in spirit): every registered bot plays, observations stay private,
logs replay, and the same seed gives the same games."""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest

from dreidelpoker.games.protocol import Event, GameState, Turn
from dreidelpoker.games.registry import GameInfo, playable_games
from dreidelpoker.play import replay, simulate
from dreidelpoker.play.bots import make_bot

PLAYABLE = playable_games()
LIMIT = 12  # rounds per game: enough to cross several rounds, cheap enough for the suite


def _rules(game: GameInfo) -> Any:
    rules = game.rules_type()
    spec = game.play
    assert spec is not None
    if spec.adapt_rules is not None:
        rules = spec.adapt_rules(rules, spec.min_players)
    return rules


def test_classic_dreidel_is_playable() -> None:
    assert "classic-dreidel" in [g.name for g in PLAYABLE]


#: Each game's default line-up at 4 players (2 for Skirmish), as its docs describe it.
DEFAULT_LINEUPS = {
    "two-dreidel": ("equity", "tight", "calling-station", "random"),
    "domino-poker": ("equity", "tight", "calling-station", "random"),
    "dice-poker": ("equity", "tight", "tight", "tight"),
    "queenie": ("heuristic", "random", "random", "random"),
    "classic-dreidel": ("spinner",) * 4,
    "skirmish": ("optimal", "optimal"),
}


@pytest.mark.parametrize("name", list(DEFAULT_LINEUPS))
def test_each_game_has_its_default_lineup(name: str) -> None:
    spec = next(g for g in PLAYABLE if g.name == name).play
    assert spec is not None
    expected = DEFAULT_LINEUPS[name]
    assert spec.default_bots(len(expected)) == expected
    assert all(b in spec.bots for b in spec.default_bots(spec.max_players))


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda g: g.name)
def test_every_bot_plays_legal_games(game: GameInfo) -> None:
    spec = game.play
    assert spec is not None
    n = spec.min_players
    for name in spec.bots:
        res = simulate(_rules(game), [name] * n, games=2, seed=1, progress=False, hand_limit=LIMIT)
        assert res.games == 2 and all(r.rounds <= LIMIT for r in res.records)


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda g: g.name)
def test_same_seed_same_games_and_logs_replay(game: GameInfo) -> None:
    spec = game.play
    assert spec is not None
    rules = _rules(game)
    a = simulate(rules, games=3, seed=7, players=spec.min_players, progress=False, hand_limit=LIMIT,
                 keep_history=True)
    b = simulate(rules, games=3, seed=7, players=spec.min_players, progress=False, hand_limit=LIMIT,
                 keep_history=True)
    assert a.records == b.records
    for rec in a.records:
        assert rec.history is not None
        start = spec.new_game(rules, players=spec.min_players, hand_limit=LIMIT)
        final = replay(start, rec.history)
        assert final.turn is Turn.TERMINAL
        assert tuple(final.returns()) == rec.returns


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda g: g.name)
def test_states_are_immutable_and_observations_private(game: GameInfo) -> None:
    spec = game.play
    assert spec is not None
    rules = _rules(game)
    n = spec.min_players
    state = spec.new_game(rules, players=n, hand_limit=LIMIT)
    assert isinstance(state, GameState)
    state_type = type(state)
    rng = np.random.default_rng(0)
    bots = [make_bot(spec, name, rules=rules) for name in spec.default_bots(n)]
    for _ in range(400):
        if state.turn is Turn.TERMINAL:
            break
        log_before = list(state.log)
        for seat in range(n):
            obs = state.observation(seat)
            hash(obs)  # observations are frozen values
            assert not _reaches(obs, state_type), f"seat {seat + 1}'s observation reaches the state"
        if state.turn is Turn.CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and all(isinstance(w, int) and w > 0 for _, w in outcomes)
            nxt = state.apply(outcomes[int(rng.integers(len(outcomes)))][0])
        elif state.turn is Turn.PLAYER:
            (seat,) = state.current_players
            legal = state.legal_actions(seat)
            assert legal
            nxt = state.apply(bots[seat](state.observation(seat), legal, rng))
        else:
            joint = {s: bots[s](state.observation(s), state.legal_actions(s), rng) for s in state.current_players}
            nxt = state.apply_joint(joint)
        assert list(state.log) == log_before, "apply changed the old state's log"
        assert len(nxt.log) >= len(log_before)
        assert all(isinstance(e, Event) and e.text for e in nxt.log)
        state = nxt


def _reaches(root: object, forbidden: type, limit: int = 20_000) -> bool:
    seen: set[int] = set()
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        if isinstance(obj, forbidden):
            return True
        seen.add(id(obj))
        todo.extend(gc.get_referents(obj))
    return False
