"""Two Dreidel played whole (issue 9): rules of a hand, invariants, replay, hidden information, bad input."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dreidelpoker.games.protocol import Turn
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.rulebook.betting import award, bet_range, showdown_payouts, side_pots
from dreidelpoker.games.two_dreidel.rulebook.deck import DeckState
from dreidelpoker.games.two_dreidel.whole_game.play import TwoDreidelGame, TwoDreidelObservation, new_game
from dreidelpoker.games.two_dreidel.play_spec import PLAY
from dreidelpoker.play import IllegalActionError, simulate
from dreidelpoker.play.runner import play_game, replay, sample_chance
from dreidelpoker.sampler import Sampler

R = TwoDreidelRules()


def _walk(state: TwoDreidelGame, bots: Sequence[Any], seed: int, check: Any = None) -> tuple[TwoDreidelGame, list[Any]]:
    """Play to the end, calling ``check(state)`` on every state; returns the final state and the steps."""
    rng = Sampler(seed)
    steps: list[Any] = []
    while state.turn is not Turn.TERMINAL:
        if check is not None:
            check(state)
        if state.turn is Turn.CHANCE:
            a = sample_chance(state, rng)
            assert a in dict(state.chance_outcomes())
            steps.append(("chance", a))
            state = state.apply(a)
        elif state.turn is Turn.PLAYER:
            s = state.current_players[0]
            legal = state.legal_actions(s)
            a = bots[s](state.observation(s), legal, rng)
            assert a in legal
            steps.append(("player", s, a))
            state = state.apply(a)
        else:
            joint = {}
            for s in state.current_players:
                legal = state.legal_actions(s)
                joint[s] = bots[s](state.observation(s), legal, rng)
                assert joint[s] in legal
            steps.append(("joint", tuple(sorted(joint.items()))))
            state = state.apply_joint(joint)
    if check is not None:
        check(state)
    return state, steps


def _invariants(state: TwoDreidelGame) -> None:
    t = state.t
    assert all(s >= 0 for s in state.stacks)
    assert sum(state.stacks) + state.pot == t.total_chips
    pots, left = side_pots(state.contrib, state.in_hand, state.carry)
    assert sum(a for a, _ in pots) + left == state.pot
    for i, deck in enumerate(state.decks):  # cards conserved: pile + discard + hand (+ put-back on top)
        if state.alive[i]:
            held = len(state.kept[i] or state.drawn[i] or ()) if state.phase != "draw" or state.drawn[i] else 0
            on_top = len(state.back[i] or ()) if state.kept[i] is not None and state.back[i] is not None else 0
            assert sum(deck.deck) + sum(deck.discard) + held + on_top == t.rules.deck_size or state.phase == "over"


RULE_OPTIONS = st.fixed_dictionaries({
    "deck": st.sampled_from(["1-5-5-1", "2-6-6-2", "1-1-1-1", "0-2-3-1", "3-1-1-3"]),
    "streets": st.sampled_from(sorted(["bet-spin-spin", "spin-spin-bet", "spins-then-bet"])),
    "half_pot_rounding": st.sampled_from(["up", "down"]),
    "short_stack": st.sampled_from(["all-in", "fold"]),
    "discard_visibility": st.sampled_from(["all", "top-two"]),
    "chips_per_player": st.integers(1, 4),
    "blind": st.integers(0, 2),
    "spin_probabilities": st.sampled_from([("1/4",) * 4, ("1/2", "1/6", "1/6", "1/6"), ("0", "1/3", "1/3", "1/3")]),
})


def _random(obs: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
    return legal[int(rng.integers(len(legal)))]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=RULE_OPTIONS, players=st.integers(2, 5), seed=st.integers(0, 10_000),
       family=st.sampled_from(["standard", "draw4"]))
def test_invariants_and_replay_over_the_family(options: dict[str, Any], players: int, seed: int, family: str) -> None:
    if family == "draw4":
        options = dict(options, draw=4, put_back=1, deck="2-2-2-2")
    rules = TwoDreidelRules(**options)
    from dreidelpoker.games.two_dreidel.whole_game.bots import random_bot, tight_bot

    bots = [(random_bot if i % 2 else tight_bot)(rules) for i in range(players)]
    start = new_game(rules, players=players, hand_limit=40)
    final, steps = _walk(start, bots, seed, _invariants)
    assert final.is_terminal
    assert replay(start, steps) == final  # a replayed log reproduces the game
    if not final.truncated:
        assert sum(1 for a in final.alive if a) == 1
        assert sum(final.returns()) == 0
    else:
        assert final.hands == 40


def test_side_pots_and_odd_chips() -> None:
    assert side_pots([10, 6, 10], [True, True, True]) == ([(18, (0, 1, 2)), (8, (0, 2))], 0)
    assert side_pots([5, 5], [False, False], carry=3) == ([], 13)
    # GH beats HN in normal order but HS ... here NS trumps GH: the trump wins the main pot
    pay, left, trump = showdown_payouts([(0, 1), (2, 3), (1, 2)], [6, 2, 6], [True, True, True], button=0, rules=R)
    assert left == 0 and trump
    assert pay == [8, 6, 0]  # NS wins the main pot (3 x 2); GH wins the side pot 8 (GH beats HN)
    # a three-way tie of 10 chips: 3 each and the odd chip to the first winner left of the button
    pay, _, _ = showdown_payouts([(1, 2)] * 3, [3, 3, 4], [True, True, True], button=1, rules=R)
    assert pay == [3, 3, 4]
    assert award([3, 1, 5], 1, carry=2) == ([0, 5, 0], 6)
    assert bet_range(stack=4, to_call=0, min_raise=1, bets=[0, 0], stacks=[9, 4], live=[True, True], seat=1) == range(1, 5)


def _script(state: TwoDreidelGame, chance: list[str], actions: list[Any]) -> TwoDreidelGame:
    """Apply scripted chance outcomes and player actions in order (joint actions as dicts)."""
    chance, actions = list(chance), list(actions)
    while state.turn is not Turn.TERMINAL and (chance or actions):
        if state.turn is Turn.CHANCE:
            state = state.apply(chance.pop(0))
        elif state.turn is Turn.PLAYER:
            state = state.apply(actions.pop(0))
        else:
            state = state.apply_joint(actions.pop(0))
    return state


def test_one_hand_by_the_rules() -> None:
    """Heads-up, 8 chips each: blind, draws, put-backs, betting, two spins, showdown."""
    g = new_game(R, players=2)
    assert g.stacks == (7, 8) and g.pot == 1 and g.button == 0
    # seat 2 draws first (left of the button), then the button
    g = _script(g, ["GHN", "HNS"], [{0: "S", 1: "N"}])
    assert g.turn is Turn.PLAYER and g.current_players == (1,)
    assert g.legal_actions(1)[:2] == ("fold", "call") and g.legal_actions(1)[2] == 2  # min raise: 1 more
    g = g.apply("call")  # seat 2 calls the blind
    assert g.legal_actions(0)[0] == "check"  # the button has the option
    g = g.apply("check")
    assert g.turn is Turn.CHANCE and g.pot == 2
    g = g.apply("H")  # Hey: half of 2 = 1
    assert g.buy_in == 1 and g.turn is Turn.SIMULTANEOUS
    g = g.apply_joint({0: "call", 1: "call"})
    assert g.pot == 4 and g.stacks == (6, 6)
    g = g.apply("check").apply(3)  # seat 2 checks, the button bets 3
    g = g.apply("call")
    assert g.pot == 10
    g = g.apply("G")  # Gimel: the whole pot, 10: both are short and go all-in for less
    g = g.apply_joint({0: "call", 1: "call"})
    # both are all-in, nobody can bet: showdown. Seat 2 kept GH (drew GHN, put back N), the
    # button HN (drew HNS, put back S): GH wins the 16 chips and the game.
    assert g.is_terminal
    assert g.stacks == (0, 16) and g.returns() == (-8, 8)
    log = "\n".join(e.text for e in g.log)
    assert "showdown" in log and "holds every chip" in log


def test_nobody_calls_carries_the_pot_and_one_caller_wins() -> None:
    g = new_game(R, players=3)
    g = _script(g, ["HNN", "HNN", "HNN", "N"], [{0: "N", 1: "N", 2: "N"}, "call", "call", "check",
                                                 {0: "fold", 1: "fold", 2: "fold"}])
    assert g.carry == 3 and g.hands == 1 and g.pot == 3 + 1  # the carry plus the next blind
    g = _script(g, ["HNN", "HNN", "HNN", "S"], [{0: "N", 1: "N", 2: "N"}, "call", "call", "check",
                                                 {0: "call", 1: "fold", 2: "fold"}])
    assert g.hands == 2 and g.carry == 0 and g.stacks == (16, 10, 9)  # seat 1 paid 1+1 and won 7; seat 3 posts the next blind
    assert sum(g.stacks) + g.pot == 36


def test_short_stack_fold_option() -> None:
    rules = TwoDreidelRules(short_stack="fold", starting_chips=3)
    g = new_game(rules, players=2)
    g = _script(g, ["HNN", "HNN"], [{0: "N", 1: "N"}, 2])  # seat 2 raises to 2
    assert "call" in g.legal_actions(0)
    g = g.apply("call")
    g = g.apply("G")  # buy-in 4 with stacks 1 and 1: both must fold
    assert g.legal_actions(0) == ("fold",) and g.legal_actions(1) == ("fold",)


def test_observations_hide_other_hands_and_hold_no_state() -> None:
    g = new_game(R, players=3)
    g = _script(g, ["HNS", "HHN", "GHN"], [])  # seats 2, 3, then the button (seat 1) draw
    a = g.apply_joint({0: "N", 1: "S", 2: "H"})
    b = g.apply_joint({0: "H", 1: "S", 2: "H"})  # seat 1 chooses differently
    assert a.observation(1) == b.observation(1) and a.observation(2) == b.observation(2)
    assert a.observation(0) != b.observation(0)
    obs = a.observation(1)

    def walk(x: Any) -> None:
        assert not isinstance(x, TwoDreidelGame)
        if isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif dataclasses.is_dataclass(x):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))
        else:
            assert isinstance(x, (int, str, bool, type(None))), type(x)

    walk(obs)
    assert isinstance(obs, TwoDreidelObservation) and isinstance(obs.deck, DeckState)
    assert obs.hand == "HN" and obs.drawn == "HNS" and obs.put_back == "S"
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.pot = 0  # type: ignore[misc]


def test_top_two_visibility_shows_last_kept_hand_only() -> None:
    rules = TwoDreidelRules(discard_visibility="top-two")
    g = new_game(rules, players=2)
    for _ in range(2):
        g = _script(g, ["HNN", "HNN"], [{0: "N", 1: "N"}, "fold"])
    obs = g.observation(0)
    assert obs.discards == (("HN",), ("HN",)) and obs.hand_number == 3
    full = _script(new_game(R, players=2), ["HNN", "HNN"], [{0: "N", 1: "N"}, "fold"])
    full = _script(full, ["HNN", "HNN"], [{0: "N", 1: "N"}, "fold"])
    assert full.observation(0).discards == (("HN", "HN"), ("HN", "HN"))


def test_simulate_default_lineup_and_bad_input() -> None:
    res = simulate(R, players=3, games=20, seed=7, progress=False)
    assert res.games == 20 and len(res.bots) == 3
    assert res.to_dict()["metrics"]["hands"]["mean"]["samples"] == 20
    with pytest.raises(ValueError, match="players"):
        simulate(R, players=1, games=5, progress=False)
    with pytest.raises(ValueError, match="players"):
        simulate(R, players=9, games=5, progress=False)
    with pytest.raises(ValueError, match="unknown bot 'shark'"):
        simulate(R, bots="random,shark", games=5, progress=False)
    with pytest.raises(ValueError, match="2 bots given for 3 players"):
        simulate(R, bots=["random", "random"], players=3, games=5, progress=False)
    with pytest.raises(ValueError, match="starting_chips"):
        TwoDreidelRules(starting_chips=0)
    with pytest.raises(ValueError, match="chips_per_player"):
        TwoDreidelRules(chips_per_player=0)

    def cheat(obs: Any, legal: Sequence[Any], rng: Any) -> Any:
        return 10**6 if obs.phase == "bet" else legal[0]

    with pytest.raises(IllegalActionError, match="bot 'cheat' in seat 1 chose 1000000.*legal actions"):
        simulate(R, bots=[cheat, "random"], games=1, seed=1, progress=False)


def test_play_spec_is_registered() -> None:
    from dreidelpoker.games.registry import get_game

    assert get_game("two-dreidel").play is PLAY
    assert set(PLAY.bots) >= {"random", "calling-station", "tight"}
    final, _h, _n = play_game(new_game(R, players=4, hand_limit=5), [PLAY.bots["random"](R)] * 4,
                              np.random.SeedSequence(3))
    assert final.is_terminal and set(PLAY.metrics(final)) <= set(PLAY.metric_help)
    assert {'hands', 'spins', 'spins_per_hand', 'button_edge'} <= set(PLAY.metrics(final))


def test_equity_bot_cache_by_observation_class_is_exact() -> None:
    """The equity bot's cached equity equals the library's answer from the full discard history."""
    from dreidelpoker.games.two_dreidel.whole_game.equity_bot import EquityBot
    from dreidelpoker.games.two_dreidel.odds.information import opponent_posterior
    from dreidelpoker.games.two_dreidel.odds.equity import equity as hand_equity

    rules = TwoDreidelRules(starting_chips=400)
    bot = EquityBot(rules, aggression=0.05)
    seen = []

    def spy(obs: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if obs.phase == "bet" and obs.hand_number > 2 and (not seen or seen[-1].hand_number < obs.hand_number):
            seen.append(obs)  # one decision per hand, across reshuffles
        return bot(obs, legal, rng)

    others = PLAY.bots["tight"](rules)
    _walk(new_game(rules, players=3, hand_limit=25), [spy, others, others], seed=4)
    assert len(seen) >= 8 and seen[-1].hand_number >= 13  # past two reshuffles of the 1-5-5-1 deck
    for obs in seen:
        seats = obs.opponents_in_hand
        posts = [opponent_posterior(rules, discards=list(obs.discards[s])) for s in seats]
        exact = hand_equity(obs.hand, rules=rules, opponents=posts).equity
        assert bot.equity(obs, obs.hand, seats) == pytest.approx(float(exact), abs=1e-12)
        fresh = EquityBot(rules)  # no memo of earlier hands: walks the class cache from the start
        assert fresh.equity(obs, obs.hand, seats) == pytest.approx(float(exact), abs=1e-12)


def test_equity_bot_beats_random_bots() -> None:
    res = simulate(R, bots="equity,random,random", games=30, seed=3, progress=False)
    assert res.win_rates()[0].low > 1 / 3


@pytest.mark.parametrize("args, message", [
    (["--players", "1"], "players must be an integer from 2 to 8, got 1 (players of two-dreidel)"),
    (["--players", "9"], "players must be an integer from 2 to 8, got 9 (players of two-dreidel)"),
    (["--players", "3", "--bots", "equity,shark,random"], "unknown bot 'shark'"),
    (["--players", "3", "--bots", "equity,random"], "2 bots given for 3 players"),
    (["--players", "3", "--chips-per-player", "0"], "chips_per_player must be an integer >= 1, got 0"),
    (["--players", "3", "--starting-chips", "0"], "starting_chips must be an integer >= 1, got 0 (or None)"),
    (["--players", "3", "--games", "0"], "games"),
    (["--players", "3", "--games", "-5"], "games"),
])
def test_cli_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    from dreidelpoker.cli import main

    try:
        code = main(["simulate", "two-dreidel", *args])
    except SystemExit as exc:
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_cli_default_lineup_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from dreidelpoker.cli import main

    assert main(["simulate", "two-dreidel", "--players", "3", "--games", "20", "--seed", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # The default line-up is an all-equal table of the lead bot, and the output names it.
    assert data["bots"] == ["equity", "equity", "equity"] and data["games"] == 20
    assert data["lineup"] == "equity x3"
    assert data["win_rates"][0]["ci95"][0] <= data["win_rates"][0]["value"] <= data["win_rates"][0]["ci95"][1]


def test_an_observation_is_the_state_read_by_name() -> None:
    """Every observation field is the state's field of that meaning (named, not positional)."""
    same = {"contributions": "contrib", "round_bets": "bets", "spins": "spun", "discards": "seen", "street": "step"}
    own = ("drawn", "hand", "put_back", "deck")

    def check(state: TwoDreidelGame) -> None:
        for seat in range(len(state.stacks)):
            obs = state.observation(seat)._asdict()
            assert obs.pop("seat") == seat
            assert obs.pop("to_call") == max(0, state.high - state.bets[seat])
            assert tuple(obs.pop(f) for f in own) == state.labs[seat]
            assert obs == {f: getattr(state, same.get(f, f)) for f in obs}

    for rules in (R, TwoDreidelRules(discard_visibility="top-two", short_stack="fold")):
        _walk(new_game(rules, players=3, hand_limit=6), [_random] * 3, seed=5, check=check)
