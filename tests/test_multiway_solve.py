"""The n-player betting-round CFR+ and the bluffing measures: Kuhn poker's known equilibrium,
brute-force best responses over pure strategies, the public tree against the whole-game
engine, and Domino Poker's strength-band deal tables against the exact equity engine."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from dreidelpoker.games.domino_poker import DominoPokerRules
from dreidelpoker.games.domino_poker.equity import MULTIWAY_DEALS, multiway_wins
from dreidelpoker.games.domino_poker.game import new_game
from dreidelpoker.games.domino_poker.multiway import (
    domino_deal_table, load_bluffing, solve_multiway,
)
from dreidelpoker.games.domino_poker.table import strength_tables
from dreidelpoker.games.protocol import Turn
from dreidelpoker.solve.multiway import (
    MultiwayRound, bluffing, card_deal_table, multiway_cfr_plus, multiway_tree, profile_values,
)

KUHN = card_deal_table(cards=3, players=2)
KUHN_ROUND = MultiwayRound(players=2, ante=1, bet=1, max_raises=0)


@pytest.fixture(scope="module")
def kuhn():  # type: ignore[no-untyped-def]
    return multiway_cfr_plus(KUHN, KUHN_ROUND, iterations=3000, check_every=500, progress=False)


def _node(res, history):  # type: ignore[no-untyped-def]
    return next(n for n in res.nodes if n.history == history)


def test_kuhn_poker_equilibrium(kuhn) -> None:  # type: ignore[no-untyped-def]
    assert kuhn.nash_conv < 2e-4
    assert abs(kuhn.values[0] + 1 / 18) <= kuhn.nash_conv
    root = kuhn.average[_node(kuhn, "").index]
    alpha = root[0, 1]  # J bets
    assert -1e-3 <= alpha <= 1 / 3 + 1e-3
    assert root[2, 1] == pytest.approx(3 * alpha, abs=3e-3)  # K bets 3 alpha
    assert root[1, 1] == pytest.approx(0, abs=3e-3)  # Q never opens


def test_kuhn_bluff_figures_follow_from_alpha(kuhn) -> None:  # type: ignore[no-untyped-def]
    rep = bluffing(KUHN, kuhn)
    alpha = kuhn.average[_node(kuhn, "").index][0, 1]
    # seat 1: J bluffs alpha, K bets 3 alpha: a quarter of its bets are bluffs, whatever alpha
    assert rep.bluff_share[0] == pytest.approx(1 / 4, abs=3e-3)
    assert rep.bets[0] == pytest.approx((alpha + 3 * alpha) / 3, abs=3e-3)
    # seat 2 after a check: J bets 1/3 against seat 1's checking range without the J, K always
    j = (1 / 3) * (1 + (1 - 3 * alpha)) / 2
    k = ((1 - alpha) + 1) / 2
    assert rep.bluff_share[1] == pytest.approx(j / (j + k), abs=3e-3)


def _kuhn_value(p1: dict[str, float], p2: dict[str, float]) -> float:
    """Seat 1's exact value: p1 maps "J" (open) and "Jkb" (call after check-bet) to bet/call
    probabilities, p2 maps "Jb" (call a bet) and "Jk" (bet after a check)."""
    total = 0.0
    for a, b in itertools.permutations(range(3), 2):
        ca, cb = "JQK"[a], "JQK"[b]
        win = 1 if a > b else -1
        bet = p1[ca]
        v_bet = p2[cb + "b"] * 2 * win + (1 - p2[cb + "b"]) * 1
        v_check_bet = p1[ca + "kb"] * 2 * win + (1 - p1[ca + "kb"]) * -1
        v_check = p2[cb + "k"] * v_check_bet + (1 - p2[cb + "k"]) * win
        total += (bet * v_bet + (1 - bet) * v_check) / 6
    return total


def _strategy(res, strategies, seat):  # type: ignore[no-untyped-def]
    out = {}
    for n in res.nodes:
        if n.terminal or n.player != seat:
            continue
        aggressive = n.actions.index("b") if "b" in n.actions else n.actions.index("c")
        for c in range(3):
            key = "JQK"[c] + ({"": "", "k": "k", "b": "b", "kb": "kb"}[n.history])
            out[key] = float(strategies[n.index][c, aggressive])
    return out


def test_value_of_bluffing_against_brute_force_best_responses(kuhn) -> None:  # type: ignore[no-untyped-def]
    rep = bluffing(KUHN, kuhn)
    avg = kuhn.average
    p1, p2 = _strategy(kuhn, avg, 0), _strategy(kuhn, avg, 1)
    # seat 1 without bluffs: the J never bets (J is the only hand whose equity is below 1/4)
    honest1 = dict(p1, J=0.0)
    pure = [dict(zip(("Jb", "Qb", "Kb", "Jk", "Qk", "Kk"), bits)) for bits in itertools.product((0.0, 1.0), repeat=6)]
    worst1 = min(_kuhn_value(honest1, s) for s in pure)
    assert rep.guaranteed_without_bluffs[0] == pytest.approx(worst1, abs=1e-9)
    assert rep.guaranteed[0] == pytest.approx(min(_kuhn_value(p1, s) for s in pure), abs=1e-9)
    # seat 2 without bluffs: the J never bets after a check
    honest2 = dict(p2, Jk=0.0)
    pure1 = [dict(zip(("J", "Q", "K", "Jkb", "Qkb", "Kkb"), bits)) for bits in itertools.product((0.0, 1.0), repeat=6)]
    worst2 = min(-_kuhn_value(s, honest2) for s in pure1)
    assert rep.guaranteed_without_bluffs[1] == pytest.approx(worst2, abs=1e-9)
    assert rep.value_of_bluffing[1] > 0.05  # bluffing the J is worth real chips to seat 2
    assert profile_values(KUHN, kuhn.nodes, avg)[0] == pytest.approx(_kuhn_value(p1, p2), abs=1e-12)


@pytest.mark.parametrize("players, raises", [(2, 3), (3, 1), (4, 1)])
def test_public_tree_is_the_whole_game_betting(players: int, raises: int) -> None:
    """Every path of the solver's tree is a legal betting sequence of the game engine, with the
    same chips paid, and the engine's legal actions are the tree's."""
    spec = MultiwayRound(players=players, ante=1, bet=1, max_raises=raises)
    nodes = multiway_tree(spec)
    words = {"k": "check", "b": "bet 1", "c": "call", "f": "fold", "r": "raise 1"}
    dealt = new_game(DominoPokerRules(players=players, max_raises=raises)).apply(tuple(range(5 * players)))

    def walk(idx: int, state) -> int:  # type: ignore[no-untyped-def]
        node = nodes[idx]
        assert tuple(state.paid) == node.paid
        if node.terminal:
            assert state.turn is Turn.TERMINAL
            return 1
        assert state.current_players == (node.player,)
        # the same actions (the engine lists them in its own order: call, raises, fold)
        assert sorted(state.legal_actions(node.player)) == sorted(words[a] for a in node.actions)
        return sum(walk(c, state.apply(words[a])) for a, c in zip(node.actions, node.children))

    leaves = walk(0, dealt)
    assert leaves == sum(1 for n in nodes if n.terminal)


def test_heads_up_band_table_is_exact() -> None:
    t = domino_deal_table(players=2, bands=4)
    assert t.weights.sum() == pytest.approx(1, abs=1e-12)
    assert float(t.weights @ t.shares[0b11][:, 0]) == pytest.approx(0.5, abs=1e-12)  # seats are symmetric
    # the band's heads-up equity from the exact win counts (15504 x 3003 ordered pairs)
    wins = multiway_wins()
    band = np.asarray(strength_tables().strength) * 4 // 15504
    for b in range(4):
        sel = t.buckets[:, 0] == b
        eq = float((t.weights[sel] * t.shares[0b11][sel, 0]).sum() / t.weights[sel].sum())
        assert eq == pytest.approx(wins[band == b, 0].sum() / (3003 * (band == b).sum()), abs=1e-12)


def test_sampled_tables_agree_with_the_exact_multiway_equity() -> None:
    samples = 200_000
    wins = multiway_wins()
    band = np.asarray(strength_tables().strength) * 4 // 15504
    for players in (3, 4):
        t = domino_deal_table(players=players, bands=4, samples=samples, seed=3)
        full = (1 << players) - 1
        share = t.shares[full][:, 0]
        for b in range(4):
            sel = t.buckets[:, 0] == b
            p = float(t.weights[sel].sum())
            est = float((t.weights[sel] * share[sel]).sum()) / p
            exact = wins[band == b, players - 2].sum() / (MULTIWAY_DEALS[players - 2] * (band == b).sum())
            sd = math.sqrt(exact * (1 - exact) / (samples * p))
            assert abs(est - exact) <= 4.5 * sd + 1e-12, (players, b, est, exact)


def test_three_players_report_each_seats_gain() -> None:
    sol = solve_multiway(DominoPokerRules(players=3, max_raises=1), bands=3, iterations=60, samples=20_000,
                         progress=False)
    r = sol.result
    assert len(r.gains) == 3 and all(g >= -1e-9 for g in r.gains)
    assert sum(r.values) == pytest.approx(0, abs=1e-9)  # chips only change hands
    assert r.nash_conv == pytest.approx(sum(r.gains))
    assert 0 <= sol.bluffs.bluff_share[0] <= 1


def test_precomputed_comparison_is_consistent() -> None:
    comp = load_bluffing()
    assert {r["players"] for r in comp.rows} == {2, 3, 4}
    for r in comp.rows:
        assert sum(r["values"]) == pytest.approx(0, abs=1e-9)
        assert r["nash_conv"] < 0.05 * comp.rules["ante"] * r["players"]
        assert all(0 <= s <= 1 for s in r["bluff_share"])
    fresh = solve_multiway(DominoPokerRules(), iterations=150, progress=False)
    stored = next(r for r in comp.rows if r["players"] == 2 and r["game"] == "domino-poker")
    # two approximate solutions of one zero-sum game: values within the sum of their NashConvs
    assert abs(fresh.result.values[0] - stored["values"][0]) <= fresh.result.nash_conv + stored["nash_conv"]
    assert "2 players:" in comp.verdict() and len(comp.summary()) == 6


@pytest.mark.parametrize("kwargs, message", [
    (dict(rules=DominoPokerRules(betting="no-limit")), "fixed-limit"),
    (dict(rules=DominoPokerRules(max_raises=None)), "max_raises must be an integer from 0 to 6"),
    (dict(rules=DominoPokerRules(ante=0)), "ante must be at least 1"),
    (dict(rules=DominoPokerRules(stack=2)), "stack"),
    (dict(bands=1), "bands must be an integer from 2 to 64"),
    (dict(samples=5), "samples must be"),
])
def test_bad_input(kwargs, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        solve_multiway(iterations=1, progress=False, **kwargs)


def test_exact_fraction_identity_for_kuhn_round() -> None:
    # sanity of the tree's chip accounting: a check-down in Kuhn pays exactly the antes
    nodes = multiway_tree(KUHN_ROUND)
    kk = next(n for n in nodes if n.history == "kk")
    assert kk.paid == (1, 1) and Fraction(sum(kk.paid)) == 2


def test_cli_solve_players(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tests.cli_run import run_cli

    code, out, _err = run_cli(capsys, "solve", "domino-poker", "--players", "4", "--max-raises", "0", "--bands", "2",
                              "--samples", "20000", "--iterations", "5", "--json")
    d = json.loads(out)
    assert code == 0 and d["players"] == 4 and len(d["gains"]) == 4 and d["game"] == "domino-poker"
    code, out, _err = run_cli(capsys, "solve", "domino-poker", "--players", "3", "--baseline", "--bands", "4",
                              "--max-raises", "0", "--iterations", "5")
    assert code == 0 and "generalised Kuhn poker with 4 cards" in out and "seat 3" in out
    for bad, message in ((["--samples", "100000"], "--samples does not apply"),
                         (["--players", "5"], "players must be 2, 3 or 4"),
                         (["--players", "3", "--bands", "1"], "bands must be"),
                         (["--players", "3", "--baseline", "--samples", "20000"], "--samples applies")):
        code, _out, err = run_cli(capsys, "solve", "domino-poker", "--iterations", "1", *bad)
        assert code == 2 and err.count("\n") == 1 and message in err


def test_compare_bluffing_small_run() -> None:
    import matplotlib.pyplot as plt

    from dreidelpoker.games.domino_poker.multiway import compare_bluffing

    comp = compare_bluffing(DominoPokerRules(max_raises=1), players=(2, 3), bands=3, iterations=5, samples=10_000,
                            progress=False)
    assert [(r["players"], r["game"]) for r in comp.rows] == [(2, "domino-poker"), (2, "kuhn-3"),
                                                             (3, "domino-poker"), (3, "kuhn-3")]
    assert len(comp.to_pandas()) == 2 * 2 + 2 * 3 and "3 players:" in comp.to_text()
    ax = comp.plot()
    assert len(ax.patches) == 4
    plt.close("all")
