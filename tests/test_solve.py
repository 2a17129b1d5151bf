"""The generic solver against literature values (Kuhn poker -1/18, rock-paper-scissors) and
independent brute-force best responses. Kuhn poker and RPS are written here, in the tests only."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from dreidelpoker.games.protocol import Turn
from dreidelpoker.solve import cfr_plus, exploitability_of, extensive_form, nash_conv, profile_value, solve
from dreidelpoker.solve.exact import best_response_value
from dreidelpoker.solve.examples import matrix_game

CARDS = "JQK"


@dataclass(frozen=True)
class Kuhn:
    """Kuhn poker: ante 1, one card each from J<Q<K, seat 0 checks or bets 1, ..."""

    cards: tuple[int, ...] = ()
    history: str = ""

    num_players = 2
    rounds = 0
    truncated = False
    log: tuple[Any, ...] = ()

    @property
    def is_terminal(self) -> bool:
        return self.turn is Turn.TERMINAL

    @property
    def turn(self) -> Turn:
        if len(self.cards) < 2:
            return Turn.CHANCE
        if self.history in ("pp", "bb", "bp", "pbb", "pbp"):
            return Turn.TERMINAL
        return Turn.PLAYER

    @property
    def current_players(self) -> tuple[int, ...]:
        return (len(self.history) % 2,) if self.turn is Turn.PLAYER else ()

    def legal_actions(self, player: int) -> tuple[str, ...]:
        return ("p", "b")

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        return tuple((c, 1) for c in range(3) if c not in self.cards)

    def apply(self, action: Any) -> Kuhn:
        if self.turn is Turn.CHANCE:
            return type(self)(self.cards + (action,), self.history)
        return type(self)(self.cards, self.history + action)

    def apply_joint(self, actions: Mapping[int, Any]) -> Kuhn:
        raise AssertionError("no simultaneous moves")

    def returns(self) -> tuple[int, int]:
        h = self.history
        if self.turn is not Turn.TERMINAL:
            return (0, 0)
        if h == "bp":
            return (1, -1)
        if h == "pbp":
            return (-1, 1)
        stake = 2 if "b" in h else 1
        win = 1 if self.cards[0] > self.cards[1] else -1
        return (win * stake, -win * stake)

    def observation(self, player: int) -> tuple[str, str]:
        card = CARDS[self.cards[player]] if len(self.cards) > player else "?"
        return (card, self.history)


@dataclass(frozen=True)
class RPS:
    """Rock-paper-scissors, simultaneous, win 1 / lose 1."""

    moves: tuple[int, int] | None = None
    num_players = 2
    rounds = 0
    truncated = False
    log: tuple[Any, ...] = ()

    @property
    def turn(self) -> Turn:
        return Turn.SIMULTANEOUS if self.moves is None else Turn.TERMINAL

    @property
    def current_players(self) -> tuple[int, ...]:
        return (0, 1) if self.moves is None else ()

    def legal_actions(self, player: int) -> tuple[str, ...]:
        return ("rock", "paper", "scissors")

    def chance_outcomes(self) -> tuple[tuple[Any, int], ...]:
        return ()

    def apply(self, action: Any) -> RPS:
        raise AssertionError

    def apply_joint(self, actions: Mapping[int, Any]) -> RPS:
        order = self.legal_actions(0)
        return type(self)((order.index(actions[0]), order.index(actions[1])))

    def returns(self) -> tuple[int, int]:
        if self.moves is None:
            return (0, 0)
        d = (self.moves[0] - self.moves[1]) % 3
        v = 0 if d == 0 else (1 if d == 1 else -1)
        return (v, -v)

    def observation(self, player: int) -> tuple[str, int | None]:
        return ("rps", None if self.moves is None else self.moves[player])


def test_kuhn_value_is_minus_one_eighteenth() -> None:
    sol = solve(Kuhn())
    assert sol.value == Fraction(-1, 18)
    assert sol.nash_conv == 0 and sol.exact
    assert sol.form.describe() == "58 nodes, 30 leaves, information sets 6 / 6, sequences 13 / 13"
    # literature: seat 0 bets the K three times as often as it bluffs the J (alpha family)
    s0 = sol.strategy(0)
    alpha = s0[("J", "")]["b"]
    assert 0 <= alpha <= Fraction(1, 3)
    assert s0[("K", "")]["b"] == 3 * alpha
    assert s0[("Q", "pb")]["b"] == alpha + Fraction(1, 3)
    s1 = sol.strategy(1)
    assert s1[("J", "b")]["b"] == 0 and s1[("K", "b")]["b"] == 1 and s1[("Q", "b")]["b"] == Fraction(1, 3)
    assert s1[("J", "p")]["b"] == Fraction(1, 3)
    assert sol.to_dict()["value"] == ["-1/18", "1/18"]
    df = sol.to_pandas()
    assert len(df) == 24 and abs(df.groupby(["seat", "observation"]).probability.sum() - 1).max() < 1e-12


def test_rock_paper_scissors() -> None:
    sol = solve(RPS())
    third = Fraction(1, 3)
    assert sol.value == 0 and sol.nash_conv == 0
    assert sol.strategies == ([[third] * 3], [[third] * 3])
    # the second mover cannot see the first move: one information set each
    assert [len(s) for s in sol.form.infosets] == [1, 1]


def test_biased_matrix_game_literature() -> None:
    # Morra-like 2x2: value (ad - bc) / (a + d - b - c) = (3*1 - (-1)*(-2)) / (3 + 1 + 1 + 2) = 1/7
    sol = solve(matrix_game([[3, -1], [-2, 1]]))
    assert sol.value == Fraction(1, 7) and sol.nash_conv == 0
    assert sol.strategies[0] == [[Fraction(3, 7), Fraction(4, 7)]]


def _brute_force_value(state: Kuhn, plans: tuple[dict[Any, str], dict[Any, str]] | None,
                       mixed: tuple[dict[Any, Any], dict[Any, Any]]) -> Fraction:
    """Expected payoff to seat 0 by walking the game tree directly (independent of the solver)."""
    if state.turn is Turn.TERMINAL:
        return Fraction(state.returns()[0])
    if state.turn is Turn.CHANCE:
        outs = state.chance_outcomes()
        total = sum(w for _o, w in outs)
        return sum((Fraction(w, total) * _brute_force_value(state.apply(o), plans, mixed) for o, w in outs),
                   Fraction(0))
    p = state.current_players[0]
    key = state.observation(p)
    if plans is not None and key in plans[p]:
        return _brute_force_value(state.apply(plans[p][key]), plans, mixed)
    probs = mixed[p][key]
    return sum((Fraction(pr) * _brute_force_value(state.apply(a), plans, mixed) for a, pr in probs.items() if pr),
               Fraction(0))


def test_exact_best_response_matches_brute_force_over_pure_strategies() -> None:
    form = extensive_form(Kuhn())
    # an arbitrary exact mixed strategy for each seat
    mixed: tuple[dict[Any, Any], dict[Any, Any]] = ({}, {})
    behaviour: tuple[list[list[Fraction]], list[list[Fraction]]] = ([], [])
    for p in (0, 1):
        for i, info in enumerate(form.infosets[p]):
            b = Fraction(i + 1, 2 * len(form.infosets[p]) + p + 1)
            mixed[p][info.key] = {"p": 1 - b, "b": b}
            behaviour[p].append([1 - b, b])
    for p in (0, 1):
        keys = [info.key for info in form.infosets[p]]
        values = []
        for choice in itertools.product("pb", repeat=len(keys)):
            plan: dict[Any, str] = dict(zip(keys, choice))
            plans = (plan, {}) if p == 0 else ({}, plan)
            values.append(_brute_force_value(Kuhn(), plans, mixed))
        expected = max(values) if p == 0 else min(values)
        assert best_response_value(form, p, behaviour[1 - p]) == expected
    assert profile_value(form, behaviour) == _brute_force_value(Kuhn(), None, mixed)
    assert nash_conv(form, behaviour) > 0


def test_cfr_plus_converges_on_kuhn() -> None:
    form = extensive_form(Kuhn())
    res = cfr_plus(form, iterations=300, check_every=50, progress=False)
    checks = [nc for _t, nc in res.history]
    assert checks[-1] < 5e-3 and checks[-1] < checks[0]
    assert abs(profile_value(form, res.strategies) - (-1 / 18)) < 5e-3
    sol = solve(form, method="cfr+", iterations=200, target=1e-2)
    assert sol.method == "cfr+" and sol.nash_conv <= 1e-2 and sol.iterations <= 200


def test_exploitability_of_fixed_policies() -> None:
    form = extensive_form(Kuhn())
    value = Fraction(-1, 18)
    always_bet = exploitability_of(form, 0, lambda obs, legal: "b", value=value)
    # brute force: seat 1's best reply to "always bet" (call with K and Q, fold J; ...)
    mixed = ({info.key: {"b": 1} for info in form.infosets[0]}, {})
    worst = min(_brute_force_value(Kuhn(), ({}, dict(zip([i.key for i in form.infosets[1]], c))), mixed)
                for c in itertools.product("pb", repeat=len(form.infosets[1])))
    assert always_bet == value - worst and always_bet > 0
    sol = solve(form)
    assert sol.exploitability_of(0, sol.policy(0)) == 0
    assert sol.exploitability_of(1, sol.policy(1)) == 0


@pytest.mark.parametrize("kwargs, message", [
    ({"method": "magic"}, "method must be one of"),
    ({"method": "cfr+", "iterations": 0}, "iterations must be an integer from 1 to 1,000,000, got 0"),
])
def test_bad_input(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        solve(RPS(), **kwargs)


def test_rejects_non_zero_sum_and_imperfect_recall() -> None:
    @dataclass(frozen=True)
    class Forgetful(Kuhn):
        def observation(self, player: int) -> tuple[str, str]:
            return (CARDS[self.cards[player]], "")  # forgets the betting

    with pytest.raises(ValueError, match="perfect recall"):
        extensive_form(Forgetful())

    @dataclass(frozen=True)
    class Generous(RPS):
        def returns(self) -> tuple[int, int]:
            return (1, 1)

    with pytest.raises(ValueError, match="zero-sum"):
        extensive_form(Generous())
    with pytest.raises(ValueError, match="max_nodes"):
        extensive_form(Kuhn(), max_nodes=10)
