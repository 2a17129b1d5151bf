"""Domino Poker played whole: the betting rules, properties of whole games (chips conserved,
only legal actions, replay, private tiles), the simulator against an exact expectation, and
bad input."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.cli import main
from tests.cli_run import run_cli
from dreidelpoker.games.domino_poker import DominoPokerRules, heads_up_wins
from dreidelpoker.games.domino_poker.bots import BOTS, live_equity, sized_action, win_rate
from dreidelpoker.games.domino_poker.equity import equity
from dreidelpoker.games.domino_poker.game import hand_tiles, new_game
from dreidelpoker.games.domino_poker.tiles import TILES
from dreidelpoker.games.protocol import Turn
from dreidelpoker.play import IllegalActionError, replay, simulate
from dreidelpoker.games.domino_poker.table import strength_tables

DEAL_4 = tuple(range(20))  # seat k (eldest first) gets tiles k, k+4, k+8, ...


def _dealt(rules: DominoPokerRules) -> Any:
    return new_game(rules).apply(DEAL_4[:5 * rules.players])


def test_betting_round_reads_like_the_rules() -> None:
    g = _dealt(DominoPokerRules(players=3))
    assert g.turn is Turn.PLAYER and g.current_players == (0,) and g.pot == 3
    assert g.legal_actions(0) == ("check", "bet 1") and g.legal_actions(1) == ()
    g = g.apply("check").apply("bet 1")
    assert g.current_players == (2,) and g.legal_actions(2) == ("call", "raise 1", "fold")
    g = g.apply("raise 1")  # seat 3 puts in 2
    assert g.paid == (1, 2, 3) and g.current_players == (0,)
    g = g.apply("fold")  # seat 1 folds without showing
    g = g.apply("raise 1").apply("raise 1")  # raises 2 and 3: the cap
    assert g.raises == 3 and g.legal_actions(1) == ("call", "fold")
    g = g.apply("call")
    assert g.turn is Turn.TERMINAL and g.pot == 1 + 5 + 5
    assert sum(g.returns()) == 0
    shown = {s for s, _ in g.last_hand.shown}
    assert shown == {1, 2} and g.last_hand.showdown  # the folded hand is never shown
    text = "\n".join(e.text for e in g.log)
    assert "seat 1 folds" in text and "seat 1 shows" not in text


def test_everyone_folds_to_a_bet() -> None:
    g = _dealt(DominoPokerRules(players=4)).apply("bet 1").apply("fold").apply("fold").apply("fold")
    assert g.turn is Turn.TERMINAL and g.returns() == (3, -1, -1, -1) and not g.last_hand.showdown
    assert g.last_hand.shown == ()


def test_checked_round_goes_to_showdown_and_the_best_hand_wins() -> None:
    g = _dealt(DominoPokerRules(players=4))
    for _ in range(4):
        g = g.apply("check")
    t = strength_tables()
    best = max(range(4), key=lambda s: int(t.by_mask[g.holdings[s]]))
    assert g.last_hand.winners == (best,) and g.returns()[best] == 3


def test_limits() -> None:
    assert _dealt(DominoPokerRules(min_bet=1, max_bet=3)).legal_actions(0) == ("check", "bet 1", "bet 2", "bet 3")
    nl = DominoPokerRules(betting="no-limit", stack=10)
    g = _dealt(nl)
    assert g.legal_actions(0) == ("check",) + tuple(f"bet {k}" for k in range(1, 11))
    # a no-limit raise is at least the last bet or raise, up to the stack after calling; all-in when short
    g = g.apply("bet 4")  # seat 1 has put in 1 + 4 of its 1 + 10
    assert g.legal_actions(1) == ("call", "raise 4", "raise 5", "raise 6", "fold")
    assert g.apply("raise 5").legal_actions(0) == ("call", "raise 1", "fold")  # 1 chip left: all-in for less
    short = _dealt(DominoPokerRules(max_raises=None, stack=2)).apply("bet 1").apply("raise 1")
    assert short.legal_actions(0) == ("call", "fold")  # no cap on raises, but the stack is spent
    with pytest.raises(ValueError, match="'bet 11' is not allowed for seat 1; legal now: check, bet 1, .*bet 10"):
        _dealt(nl).apply("bet 11")
    with pytest.raises(ValueError, match="'raise 1' is not allowed"):
        _dealt(nl).apply("raise 1")


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), betting=st.sampled_from(["limit", "no-limit"]), seed=st.integers(0, 10_000),
       bots=st.lists(st.sampled_from(sorted(BOTS)), min_size=4, max_size=4),
       raises=st.sampled_from([0, 1, 3, None]), hands=st.integers(1, 4))
def test_whole_games_conserve_chips_and_tiles(players: int, betting: str, seed: int, bots: list[str],
                                              raises: int | None, hands: int) -> None:
    rules = DominoPokerRules(players=players, betting=betting, max_raises=raises, stack=6,  # type: ignore[arg-type]
                             session_hands=hands)
    res = simulate(rules, bots[:players], games=3, seed=seed, progress=False, keep_history=True)
    for rec in res.records:
        assert sum(Fraction(r) for r in rec.returns) == 0
        assert rec.rounds == hands and not rec.truncated
        state = new_game(rules)
        for item in rec.history or ():
            if item[0] == "player":
                assert item[2] in state.legal_actions(item[1])
            state = replay(state, [item])
            assert state.tile_count() == len(TILES)
            # nobody ever puts in more than the ante and the stack
            assert all(p <= rules.ante + rules.stack for p in state.paid)
        assert state.turn is Turn.TERMINAL and tuple(state.returns()) == rec.returns


def test_observations_hide_the_other_hands() -> None:
    g = _dealt(DominoPokerRules(players=4))
    for seat in range(4):
        obs = g.observation(seat)
        assert obs.hand == g.holdings[seat]
        values = [v for v in obs if isinstance(v, int)]
        for other in range(4):
            if other != seat:
                assert g.holdings[other] not in values
    g = g.apply("bet 1").apply("fold").apply("call").apply("call")
    shown = dict(g.observation(0).last_hand.shown)
    assert 1 not in shown and shown[2] == g.holdings[2]  # shown at the showdown, folded never


def test_illegal_action_from_a_user_bot_stops_the_game() -> None:
    def cheat(obs: Any, legal: Any, rng: Any) -> str:
        return "bet 5"

    with pytest.raises(IllegalActionError, match="seat 1 chose 'bet 5'"):
        simulate(DominoPokerRules(), [cheat, "random"], games=1, seed=0, progress=False)


def test_bots_and_equity() -> None:
    rules = DominoPokerRules()
    wins = heads_up_wins()
    t = strength_tables()
    for i in (0, 7, 15503):
        assert win_rate(int(t.masks[i]), rules=rules) == wins[i] / 3003
    for mask in (int(t.masks[5]), int(t.masks[12345])):
        for k in (1, 2, 3):
            assert live_equity(mask, k, rules=rules) == pytest.approx(float(equity(hand_tiles(mask), opponents=k).equity),
                                                                      abs=1e-15)
    g = _dealt(DominoPokerRules(betting="no-limit", stack=8))
    obs = g.observation(0)
    legal = g.legal_actions(0)
    assert [sized_action(obs, legal, f) for f in (0.0, 0.5, 1.0, math.inf)] == ["bet 1", "bet 1", "bet 2", "bet 8"]


def test_tight_against_a_calling_station_matches_the_exact_expectation() -> None:
    """Heads-up, tight in seat 1 (eldest) and a calling station: tight bets exactly the hands
    whose heads-up win rate is at least 0.8 and is always called; otherwise both check. So
    seat 1 wins (2e - 1) times its stake on a hand of win rate e; averaged over the 15,504
    equally likely hands that is an exact expectation."""
    wins = heads_up_wins()
    exact = Fraction(0)
    for w in wins.tolist():
        stake = 2 if Fraction(w, 3003) >= Fraction(8, 10) else 1
        exact += stake * (2 * Fraction(w, 3003) - 1)
    exact /= len(wins)
    games = 20_000
    res = simulate(DominoPokerRules(), ["tight", "calling-station"], games=games, seed=11, progress=False)
    x = np.array([float(r.returns[0]) for r in res.records])
    assert abs(x.mean() - float(exact)) <= 4 * x.std() / math.sqrt(games)
    assert float(exact) > 0.05  # the bets earn: a real effect, not zero


@pytest.mark.parametrize("argv, message", [
    (["simulate", "domino-poker", "--players", "5"], "from 2 to 4, got 5"),
    (["simulate", "domino-poker", "--bots", "equity,shark"], "unknown bot 'shark'"),
    (["simulate", "domino-poker", "--betting", "pot-limit"], "invalid choice: 'pot-limit'"),
    (["simulate", "domino-poker", "--betting", "no-limit", "--max-bet", "3"], "does not apply to no-limit"),
    (["simulate", "domino-poker", "--max-bet", "0"], "max_bet must be an integer >= 1"),
    (["simulate", "domino-poker", "--stack", "0"], "stack must be an integer >= 1"),
])
def test_cli_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, *argv, "--games", "3")
    assert code == 2 and err.count("\n") == 1 and message in err


def test_cli_simulate_and_sweep(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["simulate", "domino-poker", "--players", "3", "--games", "30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 30 and len(out["bots"]) == 3
    assert main(["sweep", "domino-poker", "--players", "2", "--vary", "betting=limit,no-limit", "--games", "20",
                 "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)["cells"]
    assert [c["rules"] for c in cells] == ["betting=limit", "betting=no-limit"]


def test_shipped_multiway_wins_are_the_engines_counts() -> None:
    """Every option's shipped counts: one winner per deal, and sampled hands' counts equal the
    exact equity engine's own enumeration (it counts each hand's deals over the 15 tiles left,
    not over 10-tile sets). The default option's whole table equals a fresh run of the engine
    that wrote it (``compute_multiway_wins``; its example runs it for "high-card"): the same code
    for every option, and 10 s each."""
    from dreidelpoker.games.domino_poker import LOW_RUN_OPTIONS
    from dreidelpoker.games.domino_poker.equity import MULTIWAY_DEALS, compute_multiway_wins, multiway_wins
    from dreidelpoker.games.domino_poker.table import ALL_HANDS

    rng = np.random.default_rng(5)
    for opt in LOW_RUN_OPTIONS:
        w = multiway_wins(opt, compute=False)
        assert w is not None and w.shape == (len(ALL_HANDS), 3), opt
        # each unordered deal of k + 1 hands has one winner
        assert int(w[:, 0].sum()) == 15504 * 3003 // 2 and int(w[:, 1].sum()) == 15504 * 3003 * 252 // 6, opt
        assert int(w[:, 2].sum()) == 488_864_376, opt
        rules = DominoPokerRules(low_runs=opt)
        for i in [len(ALL_HANDS) - 1, *rng.choice(len(ALL_HANDS), 6, replace=False).tolist()]:
            for k in (1, 2, 3):
                want = equity(ALL_HANDS[i], opponents=k, rules=rules).equity
                assert Fraction(int(w[i, k - 1]), MULTIWAY_DEALS[k - 1]) == want, (opt, i, k)
    assert np.array_equal(multiway_wins("flush"), compute_multiway_wins("flush"))  # type: ignore[arg-type]
