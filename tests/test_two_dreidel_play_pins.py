"""Seeded whole games of Two Dreidel stay the same game for game (issue 9, the speed work).

Two kinds of check:

* **Protocol path = replay.** Every seeded game the runner plays is replayed step by step
  from a fresh state; at every state the replay must agree with an independent
  re-derivation: the same log lines in the same order (text and visibility), the
  observations the bots were shown equal to the ones the replay gives, chips conserved.
* **Regression pins.** The SHA-256 digests below were produced by the *old* engine
  (main at commit 1ad325e, before the speed work, with ``python
  tests/test_two_dreidel_play_pins.py``) over the records (returns, rounds, steps,
  metrics, every applied action), the full event logs and every observation of every
  seat at every state. The faster engine must reproduce them exactly: the same seed gives
  the same games, the same logs and the same observations. (These are the only figures
  here taken from code; they were taken before the change and pin it.)
"""

from __future__ import annotations

import hashlib
import sys
from typing import Any

import numpy as np
import pytest

from dreidelpoker.games.protocol import Turn, format_log
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.play import new_game
from dreidelpoker.games.two_dreidel.play_spec import PLAY
from dreidelpoker.play import simulate
from dreidelpoker.play.bots import make_bot
from dreidelpoker.play.runner import play_game, replay

#: name -> (rules options, line-up, games, seed, hand limit)
CASES: dict[str, tuple[dict[str, Any], str, int, int, int]] = {
    "random x4": ({}, "random,random,random,random", 30, 11, 300),
    "calling-station x2": ({}, "calling-station,calling-station", 30, 12, 300),
    "tight x4": ({}, "tight,tight,tight,tight", 8, 13, 300),
    "equity + random x2": ({}, "equity,random,random", 3, 14, 40),
    "equity-best vs tight": ({"deck": "2-6-6-2"}, "equity-best,tight", 3, 15, 40),
    "equilibrium vs random": ({}, "equilibrium,random", 4, 16, 60),
    "options": ({"streets": "spins-then-bet", "short_stack": "fold", "discard_visibility": "top-two", "blind": 2,
                 "half_pot_rounding": "down", "spin_probabilities": ("1/2", "1/6", "1/6", "1/6")},
                "random,tight,calling-station", 20, 17, 300),
    "draw4 x3": ({"draw": 4, "put_back": 1, "deck": "2-2-2-2"}, "random,tight,random", 15, 18, 300),
    "spin-spin-bet x5": ({"streets": "spin-spin-bet", "blind": 0, "chips_per_player": 2},
                         "random,tight,calling-station,random,tight", 8, 19, 300),
}

#: Produced by the engine before the speed work (see the module docstring).
PINNED: dict[str, str] = {
    'random x4': '3ff7d7d803c0e0ce06c93469a3f13a7e41f63a560c04835dbe9576b83b803740',
    'calling-station x2': 'a15b044264892b5d16771e01862c446cc19bb90187e2fee7a79a010400c9dae3',
    'tight x4': 'c0c82c29dfb4abd8de4079050c287dc69f1cafae91522434f884e4bded7ea8e2',
    'equity + random x2': '32764d9119873087e521b4894291026ca4a349e04cee92a421fb87e3b5a4f868',
    'equity-best vs tight': '97fad473bc606b321970e1837c10f28d41a3174d547b88b06c4422cf3df07eb1',
    'equilibrium vs random': '14338d46f35d0e9f1ff11691d030dfdb0b5a401b833accbb5dd9222916793b0e',
    'options': '46e185c01deb4b66e0c086c3091d7e89ee4476763a087fc531cd9f138c7cd83f',
    'draw4 x3': '5e72d8a0c9ba429db50f0bffd97d99644c1e58c895888c7d82112a5c3e629019',
    'spin-spin-bet x5': '6d9e35ea77a2422903be11c4d9e0a1f691bcde037551b7c7a43581b843e1540c',
}


def _games(case: str) -> tuple[Any, Any, list[Any]]:
    options, bots, games, seed, limit = CASES[case]
    rules = TwoDreidelRules(**options)
    res = simulate(rules, bots, games=games, seed=seed, progress=False, hand_limit=limit, keep_history=True)
    return rules, res, list(res.records)


def _old_spelling(text: str) -> str:
    # The pins were taken when the deck-state class was still called ChainState; it is the
    # one DeckState now (issue 13), the same fields and values under a new name.
    return text.replace("DeckState(", "ChainState(")


def _walk(rules: Any, players: int, limit: int, history: Any, h: Any) -> Any:
    """Replay ``history`` from a fresh state, hashing every log line, every seat's observation
    and the legal actions at every state; checks the log only ever grows at its end."""
    state = new_game(rules, players=players, hand_limit=limit)
    seen = 0
    total = state.t.total_chips
    for item in list(history) + [None]:
        log = list(state.log)
        for e in log[seen:]:
            h.update(repr((e.kind, e.text, e.player, e.public, tuple(e.visible_to))).encode())
        seen = len(log)
        for seat in range(players):
            h.update(_old_spelling(repr(state.observation(seat))).encode())
            h.update(repr(state.legal_actions(seat)).encode())
        assert sum(state.stacks) + state.pot == total
        if item is None:
            break
        kind = item[0]
        if kind == "chance":
            assert item[1] in dict(state.chance_outcomes())
            state = state.apply(item[1])
        elif kind == "player":
            assert item[2] in state.legal_actions(item[1])
            state = state.apply(item[2])
        else:
            for seat, action in item[1]:
                assert action in state.legal_actions(seat)
            state = state.apply_joint(dict(item[1]))
    return state


def digest(case: str) -> str:
    """The digest of one case: records, histories, logs and observations (see the docstring)."""
    rules, res, records = _games(case)
    _options, bots, _games_n, _seed, limit = CASES[case]
    players = len(bots.split(","))
    h = hashlib.sha256()
    for rec in records:
        h.update(repr((rec.index, rec.returns, rec.winners, rec.rounds, rec.truncated, rec.steps,
                       sorted(rec.metrics.items()), rec.history)).encode())
    for rec in records[:4]:
        final = _walk(rules, players, limit, rec.history, h)
        assert final.turn is Turn.TERMINAL and tuple(final.returns()) == rec.returns
        for seat in (None, *range(players)):
            h.update(format_log(final.log, player=seat).encode())
    return h.hexdigest()


@pytest.mark.parametrize("case", sorted(CASES))
def test_seeded_games_are_pinned(case: str) -> None:
    assert digest(case) == PINNED[case]


@pytest.mark.parametrize("case", ["random x4", "options", "draw4 x3"])
def test_protocol_path_equals_a_fresh_replay(case: str) -> None:
    options, bots, _g, seed, limit = CASES[case]
    rules = TwoDreidelRules(**options)
    lineup = bots.split(",")
    players = len(lineup)
    for i in range(6):
        played = [make_bot(PLAY, b, rules=rules) for b in lineup]
        final, history, steps = play_game(new_game(rules, players=players, hand_limit=limit), played,
                                          np.random.SeedSequence(seed, spawn_key=(i,)), keep_history=True)
        again = replay(new_game(rules, players=players, hand_limit=limit), history)
        assert final == again and final.log == again.log and len(history) == steps
        assert [(e.kind, e.text, e.player, e.public, e.visible_to) for e in final.log] == \
            [(e.kind, e.text, e.player, e.public, e.visible_to) for e in again.log]
        assert format_log(final.log) == format_log(again.log)
        assert final.returns() == again.returns() and sum(final.returns()) + final.carry == 0 or final.truncated


if __name__ == "__main__":  # print the digests (how PINNED was made, before the speed work)
    for name in CASES if len(sys.argv) < 2 else sys.argv[1:]:
        print(f"    {name!r}: {digest(name)!r},")
