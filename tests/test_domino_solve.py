"""The range CFR+ solver and Domino Poker's solved betting round.

Checks: the card-removal sums against brute force; the range solver against the exact
sequence-form LP on a small card-removal game written here as a game state; the showdown
order against the library's heads-up win counts; the committed data file against a fresh
small run (their values must agree within the sum of their NashConvs)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from dreidelpoker.cli import main
from dreidelpoker.games.domino_poker import DominoPokerRules, heads_up_wins
from dreidelpoker.games.domino_poker.solve_betting import load_precomputed, solve_betting
from dreidelpoker.games.protocol import Turn
from dreidelpoker.solve import solve
from dreidelpoker.solve.ranges import LimitRound, RangeGame, range_cfr_plus
from dreidelpoker.games.domino_poker.table import strength_tables

ITEMS = 5
HANDS = [sum(1 << i for i in c) for c in itertools.combinations(range(ITEMS), 2)]
RNG = np.random.default_rng(3)
STRENGTH = RNG.permutation(len(HANDS))


def test_card_removal_sums_match_brute_force() -> None:
    g = RangeGame(masks=np.array(HANDS), strength=STRENGTH)
    w = RNG.random(len(HANDS))
    for h, m in enumerate(HANDS):
        dis = [o for o, mo in enumerate(HANDS) if not m & mo]
        assert g.disjoint(w)[h] == pytest.approx(sum(w[o] for o in dis))
        assert g.weaker(w)[h] == pytest.approx(sum(w[o] for o in dis if STRENGTH[o] < STRENGTH[h]))
    assert g.disjoint_count == 3  # C(3, 2) hands avoid a 2-item hand among 5 items


def test_showdown_order_is_the_librarys_heads_up_win_matrix() -> None:
    t = strength_tables("flush")
    g = RangeGame(masks=np.asarray(t.masks), strength=np.asarray(t.strength))
    assert np.array_equal(np.rint(g.weaker(np.ones(g.num_hands))).astype(np.int64), heads_up_wins())
    assert g.disjoint_count == 3003


@dataclass(frozen=True)
class TinyLimit:
    """The same game as the range solver's, as a plain game state (deal, then a limit round)."""

    hands: tuple[int, ...] = ()
    history: str = ""
    max_raises: int = 1
    num_players = 2
    rounds = 0
    truncated = False
    log: tuple[Any, ...] = ()

    def _paid(self) -> list[int]:
        paid = [1, 1]
        for i, a in enumerate(self.history):
            p = i % 2
            if a == "b":
                paid[p] += 1
            elif a == "r":
                paid[p] = paid[1 - p] + 1
            elif a == "c":
                paid[p] = paid[1 - p]
        return paid

    @property
    def turn(self) -> Turn:
        if len(self.hands) < 2:
            return Turn.CHANCE
        h = self.history
        if h in ("kk",) or h.endswith("c") or h.endswith("f"):
            return Turn.TERMINAL
        return Turn.PLAYER

    @property
    def current_players(self) -> tuple[int, ...]:
        return (len(self.history) % 2,) if self.turn is Turn.PLAYER else ()

    def legal_actions(self, player: int) -> tuple[str, ...]:
        if not self.history or self.history == "k":
            return ("k", "b")
        raises = self.history.count("r")
        return ("f", "c") + (("r",) if raises < self.max_raises else ())

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        used = 0 if not self.hands else HANDS[self.hands[0]]
        return tuple((i, 1) for i, m in enumerate(HANDS) if not m & used)

    def apply(self, action: Any) -> TinyLimit:
        if self.turn is Turn.CHANCE:
            return TinyLimit(self.hands + (action,), "", self.max_raises)
        return TinyLimit(self.hands, self.history + action, self.max_raises)

    def apply_joint(self, actions: Mapping[int, Any]) -> TinyLimit:
        raise AssertionError

    def returns(self) -> tuple[int, int]:
        if self.turn is not Turn.TERMINAL:
            return (0, 0)
        paid = self._paid()
        if self.history.endswith("f"):
            folder = (len(self.history) - 1) % 2
            v = -paid[0] if folder == 0 else paid[1]
            return (v, -v)
        win = 1 if STRENGTH[self.hands[0]] > STRENGTH[self.hands[1]] else -1
        return (win * paid[0], -win * paid[0])

    def observation(self, player: int) -> tuple[int, str]:
        return (self.hands[player] if len(self.hands) > player else -1, self.history)


def test_range_cfr_matches_the_exact_lp_on_a_small_card_removal_game() -> None:
    exact = solve(TinyLimit())
    assert exact.nash_conv == 0
    g = RangeGame(masks=np.array(HANDS), strength=STRENGTH)
    res = range_cfr_plus(g, LimitRound(ante=1, bet=1, max_raises=1), iterations=600, check_every=600,
                         progress=False)
    assert res.nash_conv < 2e-3
    assert abs(res.value - float(exact.value)) <= res.nash_conv + 1e-9


def test_kuhn_in_range_form() -> None:
    kuhn = RangeGame(masks=np.array([1, 2, 4]), strength=np.array([0, 1, 2]))
    res = range_cfr_plus(kuhn, LimitRound(ante=1, bet=1, max_raises=0), iterations=600, check_every=600,
                         progress=False)
    assert abs(res.value + 1 / 18) <= res.nash_conv + 1e-9 and res.nash_conv < 1e-3


def test_precomputed_data_matches_a_fresh_small_run() -> None:
    data = load_precomputed()
    assert data["max_raises"] == 2 and data["nash_conv_per_ante"] < 0.01
    fresh = solve_betting(DominoPokerRules(max_raises=2), iterations=10, check_every=10, progress=False)
    # both values are within their NashConv of the game value
    assert abs(fresh.value[0] - data["value"][0]) <= fresh.nash_conv + data["nash_conv"]
    assert [c["category"] for c in fresh.categories] == [c["category"] for c in data["categories"]]
    assert [c["hands"] for c in fresh.categories] == [c["hands"] for c in data["categories"]]
    assert sum(c["hands"] for c in data["categories"]) == 15504
    assert fresh.to_pandas().shape[0] == len(fresh.categories)


@pytest.mark.parametrize("rules, kwargs, message", [
    (DominoPokerRules(max_raises=None), {}, "max_raises must be an integer from 0 to 6"),
    (DominoPokerRules(max_raises=7), {}, "max_raises must be an integer from 0 to 6"),
    (DominoPokerRules(players=3), {}, "players must be 2"),
    (DominoPokerRules(max_bet=2), {}, "fixed-limit"),
    (DominoPokerRules(), {"iterations": 0}, "iterations must be an integer from 1 to 1,000,000, got 0"),
])
def test_bad_input(rules: DominoPokerRules, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        solve_betting(rules, progress=False, **kwargs)


def test_cli_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (["--max-raises", "9"], ["--max-raises", "-1"], ["--iterations", "0"]):
        assert main(["solve", "domino-poker", *bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "error" in err
