"""Dice Poker played whole (issue 23): the hand's order of play, chips, privacy, replays,
the bots, an exact case for the simulator, and bad input."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.games.dice_poker import DicePokerRules, new_game
from dreidelpoker.games.dice_poker.bots import BOTS, showdown_equity
# (the function, from its module: once the submodule ``equity`` is imported, the package's lazy
# attribute of that name is the module)
from dreidelpoker.games.dice_poker.equity import equity, heads_up_equity_table
from dreidelpoker.games.dice_poker.game import DicePokerGame, hand_rank
from dreidelpoker.games.dice_poker.play import PLAY
from dreidelpoker.games.protocol import Turn
from dreidelpoker.montecarlo import wilson_interval
from dreidelpoker.play import replay, simulate
from dreidelpoker.play.bots import IllegalActionError, make_bot
from dreidelpoker.play.runner import play_game
from dreidelpoker.sampler import Sampler

from .cli_run import run_cli

RULES = DicePokerRules()


def _play_out(state: DicePokerGame, bots: list[Any], rng: np.random.Generator) -> DicePokerGame:
    while state.turn is not Turn.TERMINAL:
        if state.turn is Turn.CHANCE:
            outcomes = state.chance_outcomes()
            weights = np.array([w for _o, w in outcomes], dtype=float)
            state = state.apply(outcomes[int(rng.choice(len(outcomes), p=weights / weights.sum()))][0])
        else:
            (seat,) = state.current_players
            legal = state.legal_actions(seat)
            action = bots[seat](state.observation(seat), legal, Sampler(rng))
            assert action in legal
            state = state.apply(action)
    return state


def test_the_order_of_a_hand_once_and_per_card() -> None:
    for betting, rounds in (("once", 2), ("per-card", 4)):
        rules = DicePokerRules(betting=betting)
        g = new_game(rules, players=3)
        assert g.turn is Turn.CHANCE and g.returns() == (-1, -1, -1)
        g = g.apply((6, 5, 3)).apply((2, 2, 1)).apply((4, 4, 4))
        assert g.turn is Turn.PLAYER and g.current_players == (0,)
        assert g.legal_actions(0) == ("check", "bet")
        bots = [make_bot(PLAY, "calling-station", rules=rules)] * 3
        end = _play_out(g, bots, np.random.default_rng(0))
        assert len(end.history) == rounds
        assert all(len(c) == 3 for c in end.cards)
        assert sum(end.deck) == 52 - 9
        assert sum(end.returns()) == 0


def test_cards_come_one_at_a_time_with_the_deck_weights() -> None:
    g = new_game(RULES).apply(((6, 5, 3), (2, 2, 1))).apply("check").apply("check")
    assert g.turn is Turn.CHANCE
    assert dict(g.chance_outcomes()) == {r: 4 for r in range(2, 15)}
    g = g.apply(14).apply(14)
    assert dict(g.chance_outcomes())[14] == 2
    assert g.cards == ((14,), (14,)) or g.cards == ((14, 14), ())


def test_showdown_uses_the_evaluator_and_splits_exactly() -> None:
    g = new_game(RULES, players=3).apply(((6, 5, 3), (6, 5, 3), (1, 1, 1)))
    for _ in range(3):
        g = g.apply("check")
    # the same dice and the same ranks: the first two split the pot of 3 exactly
    g = g.apply((14, 14, 2, 13, 13, 2, 3, 4, 5))
    assert g.cards == ((14, 13, 3), (14, 13, 4), (2, 2, 5))
    ranks = [hand_rank(g.dice[s], g.cards[s], rules=RULES) for s in range(3)]
    for _ in range(3):
        g = g.apply("check")
    top = max(ranks)
    winners = [s for s in range(3) if ranks[s] == top]
    assert g.returns() == tuple((Fraction(3, len(winners)) if s in winners else 0) - 1 for s in range(3))
    tie = new_game(RULES).apply(((6, 5, 3), (6, 5, 3))).apply("check").apply("check")
    tie = tie.apply((14, 14, 13, 13, 2, 2)).apply("check").apply("check")
    assert tie.returns() == (0, 0) and tie.shown == ((14, 13, 2), (14, 13, 2))


def test_a_fold_ends_the_hand_unshown() -> None:
    g = new_game(RULES).apply(((6, 5, 3), (2, 2, 1))).apply("bet").apply("fold")
    assert g.turn is Turn.TERMINAL and g.returns() == (1, -1) and g.shown == ()
    assert "seat 1 wins the pot of 3 unshown" in [e.text for e in g.log]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), betting=st.sampled_from(["once", "per-card"]),
       limit=st.sampled_from(["fixed", "pot"]), max_raises=st.integers(0, 3))
def test_random_hands_conserve_chips_and_keep_cards_private(seed: int, players: int, betting: str, limit: str,
                                                           max_raises: int) -> None:
    rules = DicePokerRules(betting=betting, limit=limit, max_raises=max_raises)  # type: ignore[arg-type]
    rng = np.random.default_rng(seed)
    bots = [make_bot(PLAY, name, rules=rules) for name in rng.choice(sorted(BOTS), players)]
    state = new_game(rules, players=players)
    while state.turn is not Turn.TERMINAL:
        # Privacy: another seat's cards never change what a seat sees before the showdown.
        for seat in range(players):
            obs = state.observation(seat)
            assert obs.cards == state.cards[seat] and obs.shown == ()
        if state.turn is Turn.CHANCE:
            state = state.apply(state.sample_chance(Sampler(rng)))
        else:
            (seat,) = state.current_players
            legal = state.legal_actions(seat)
            state = state.apply(bots[seat](state.observation(seat), legal, Sampler(rng)))
        assert sum(state.deck) + sum(map(len, state.cards)) == 52
    assert sum(state.returns()) == 0
    assert all(r >= -c for r, c in zip(state.returns(), state.betting.committed))


def test_observations_hide_other_cards() -> None:
    a = new_game(RULES).apply(((6, 5, 3), (2, 2, 1))).apply("check").apply("check").apply((2, 3, 4, 5, 6, 7))
    b = new_game(RULES).apply(((6, 5, 3), (2, 2, 1))).apply("check").apply("check").apply((2, 9, 4, 10, 6, 11))
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    assert all(e.visible(0) is False for e in a.log if e.kind == "deal" and e.player == 1)


def test_replay_reproduces_and_same_seed_same_games() -> None:
    rules = DicePokerRules(betting="per-card", limit="pot")
    res = simulate(rules, ["equity", "tight", "random"], games=20, seed=3, progress=False, keep_history=True)
    again = simulate(rules, ["equity", "tight", "random"], games=20, seed=3, progress=False, keep_history=True)
    assert res.records == again.records
    for rec in res.records:
        assert rec.history is not None
        final = replay(new_game(rules, players=3), rec.history)
        assert final.returns() == rec.returns


def test_calling_stations_heads_up_win_as_often_as_the_equity_engine_says() -> None:
    # No betting decision changes anything: both check every round. From a fixed roll, seat 1
    # wins with the exact probability of the equity engine (its win field).
    start = new_game(RULES).apply(((6, 5, 4), (5, 3, 3)))
    exact = equity("6,5,4", opponent_dice=["5,3,3"], method="exact")
    bots = [make_bot(PLAY, "calling-station", rules=RULES)] * 2
    n, wins, ties = 3000, 0, 0
    for i in range(n):
        final, _h, _k = play_game(start, bots, np.random.SeedSequence(11, spawn_key=(i,)))
        r = final.returns()
        wins += r[0] == 1
        ties += r[0] == 0
    for observed, p in ((wins, exact.win), (ties, exact.tie)):
        low, high = wilson_interval(observed / n, n, z=3.29)  # 99.9%
        assert low <= float(p) <= high, (observed / n, float(p))


def test_whole_random_deals_are_fair_between_calling_stations() -> None:
    # Over random rolls the two seats are symmetric: seat 1's mean return is 0 (in a 99.9% interval).
    res = simulate(RULES, ["calling-station"] * 2, games=3000, seed=5, progress=False)
    x = np.array([float(r.returns[0]) for r in res.records])
    assert abs(x.mean()) <= 3.29 * x.std(ddof=1) / np.sqrt(len(x))
    assert all(r.metrics["pot"] == 2 and r.metrics["showdown"] == 1 for r in res.records)


def test_the_equity_bot_reads_the_exact_engine() -> None:
    g = new_game(RULES).apply(((6, 5, 3), (2, 2, 1))).apply("check").apply("check").apply((13, 2, 12, 3, 10, 4))
    obs = g.observation(0)
    assert obs.cards == (13, 12, 10)
    exact = equity("6,5,3", "K,Q,10", opponent_dice=["2,2,1"], method="exact").equity
    assert heads_up_equity_table((6, 5, 3), (2, 2, 1)).exact((13, 12, 10)) == exact
    assert showdown_equity(obs) == pytest.approx(float(exact), abs=1e-15)


@pytest.mark.parametrize("known", ["", "K", "K,K", "2,2,2", "A,7", "9,8,7"])
def test_equity_table_matches_the_engine_for_every_count_of_known_cards(known: str) -> None:
    names = {"K": 13, "A": 14}
    ranks = [names.get(x) or int(x) for x in known.split(",")] if known else []
    table = heads_up_equity_table((5, 5, 2), (6, 4, 1))
    assert table.exact(ranks) == equity("5,5,2", known or None, opponent_dice=["6,4,1"], method="exact").equity


# -- bad input ------------------------------------------------------------------------------


def test_player_counts_outside_the_engine_are_refused() -> None:
    with pytest.raises(ValueError, match=r"players must be an integer from 2 to 8, got 9 \(whole Dice Poker games"):
        new_game(DicePokerRules(players=9))
    with pytest.raises(ValueError, match=r"players must be an integer from 2 to 8, got 9 \(players of dice-poker\)"):
        simulate(RULES, players=9, games=1, progress=False)


@pytest.mark.parametrize("action, message", [("bet 2", "legal now: check, bet"), ("raise", "legal now: check, bet"),
                                             (3, "action: one of check, bet")])
def test_bets_outside_the_limits_are_refused(action: Any, message: str) -> None:
    g = new_game(RULES).apply(((6, 5, 3), (2, 2, 1)))
    with pytest.raises(ValueError, match=message):
        g.apply(action)
    pot = new_game(DicePokerRules(limit="pot")).apply(((6, 5, 3), (2, 2, 1)))
    assert pot.legal_actions(0) == ("check", "bet 1", "bet 2")
    with pytest.raises(ValueError, match="'bet 3' is not allowed"):
        pot.apply("bet 3")


def test_a_user_bot_playing_an_illegal_action_stops_the_game() -> None:
    def cheater(obs: Any, legal: Any, rng: Any) -> str:
        return "raise 100"

    with pytest.raises(IllegalActionError, match="'raise 100', which is not legal"):
        simulate(RULES, [cheater, "tight"], games=1, progress=False)


def test_bad_chance_outcomes_are_refused() -> None:
    with pytest.raises(ValueError, match="three dice from 1 to 6"):
        new_game(RULES).apply((7, 1, 1))
    g = new_game(RULES).apply(((6, 5, 3), (2, 2, 1))).apply("check").apply("check")
    with pytest.raises(ValueError, match="a card rank left in the deck"):
        g.apply(15)


# -- CLI ------------------------------------------------------------------------------------


def test_cli_simulate_and_sweep(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "simulate", "dice-poker", "--bots", "equity,tight,random", "--games", "30",
                           "--betting", "per-card", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 30 and "pot" in json.dumps(data)
    code, out, _ = run_cli(capsys, "sweep", "dice-poker", "--bots", "equity,tight", "--games", "10",
                           "--limits", "fixed,pot", "--json")
    assert code == 0 and "betting=per-card, limit=pot" in out


@pytest.mark.parametrize("args, message", [
    (("--players", "9"), "2 to 8"),
    (("--bots", "equity,shark"), "unknown bot 'shark'"),
    (("--betting", "twice"), "invalid choice: 'twice'"),
    (("--limit", "no"), "invalid choice: 'no'"),
    (("--max-raises", "11"), "max_raises must be an integer from 0 to 10"),
])
def test_cli_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                          message: str) -> None:
    code, _out, err = run_cli(capsys, "simulate", "dice-poker", "--games", "2", *args)
    assert code == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize("options", [(1, 2), (2, 1)])
def test_tight_bot_categories_match_the_evaluator_for_every_class(options: tuple[int, int]) -> None:
    from dreidelpoker.games.dice_poker.bots import category_held
    from dreidelpoker.games.dice_poker.space import DICE_MULTISETS, RANK_TRIPLES, keys_for_dice

    for dice in DICE_MULTISETS:
        keys = keys_for_dice(dice, options)
        assert [category_held(dice, t, options) for t in RANK_TRIPLES] == [k[0] for k in keys]


@pytest.mark.parametrize("roll", [(True, 1, 1), (1.0, 2, 3), [1, 2, 3], (1, 2), (0, 1, 2)])
def test_rolls_must_be_three_whole_dice(roll: Any) -> None:
    with pytest.raises(ValueError, match="three dice from 1 to 6"):
        new_game(RULES).apply(roll)
