"""The solved Two Dreidel spin game, checked by an independent computation of the one-spin
game written here from RULES.md 1.4 (no betting: a Bayesian simultaneous call/fold game)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dreidelpoker.cli import main
from dreidelpoker.games.two_dreidel import TwoDreidelRules, kept_hand_distribution
from dreidelpoker.games.two_dreidel.rulebook.ranking import heads_up_share, parse_hand
from dreidelpoker.games.two_dreidel.spin_game.solve import solve_spin_game
from dreidelpoker.games.two_dreidel.spin_game.game import new_spin_game
from dreidelpoker.solve import extensive_form, solve

RULES = TwoDreidelRules(deck="2-6-6-2")
POT = 4
BUY_IN = {"G": 4, "H": 2, "N": 0, "S": 1}


@pytest.fixture(scope="module")
def one_spin():  # type: ignore[no-untyped-def]
    return solve_spin_game(RULES, pot=POT, stacks=(8, 8), spins=1, betting=False)


def _payoffs(share: Fraction, b: int) -> dict[tuple[bool, bool], Fraction]:
    """Seat 0's payoff (chips back − chips paid − half the starting pot) by who calls."""
    half = Fraction(POT, 2)
    return {(True, True): share * (POT + 2 * b) - b - half, (True, False): POT - half,
            (False, True): -half, (False, False): POT * Fraction(1, 2) - half}


def test_one_spin_equilibrium_by_independent_check(one_spin) -> None:  # type: ignore[no-untyped-def]
    sol = one_spin
    assert sol.solution.nash_conv == 0
    dist = kept_hand_distribution(RULES).weights
    hands = [h for h, w in dist.items() if w]
    call = {(s, h, f): p for s, h, f, p in sol.calls}
    total = sum(dist.values())
    value = Fraction(0)
    for face, b in BUY_IN.items():
        for seat in (0, 1):
            for mine in hands:
                ev = {True: Fraction(0), False: Fraction(0)}
                for theirs in hands:
                    a, o = (mine, theirs) if seat == 0 else (theirs, mine)
                    share = heads_up_share(parse_hand(a, rules=RULES), parse_hand(o, rules=RULES), rules=RULES)
                    pay = _payoffs(share, b)
                    q = call[(1 - seat, theirs, face)]
                    for me in (True, False):
                        for other in (True, False):
                            key = (me, other) if seat == 0 else (other, me)
                            u = pay[key] if seat == 0 else -pay[key]
                            ev[me] += Fraction(dist[theirs], total) * (q if other else 1 - q) * u
                p = call[(seat, mine, face)]
                if p > 0:
                    assert ev[True] >= ev[False], (seat, mine, face)
                if p < 1:
                    assert ev[False] >= ev[True], (seat, mine, face)
                if seat == 0:
                    value += Fraction(1, 4) * Fraction(dist[mine], total) * (p * ev[True] + (1 - p) * ev[False])
    assert value == sol.value[0]
    # the bluffing frequency: weak hands' share of calls, each first-spin decision equally likely per face
    weak = {h for h in hands if sum(dist[o] for o in hands if heads_up_share(parse_hand(h, rules=RULES),
                                                                           parse_hand(o, rules=RULES), rules=RULES) == 0)
            > sum(dist[o] for o in hands if heads_up_share(parse_hand(h, rules=RULES), parse_hand(o, rules=RULES), rules=RULES) == 1)}
    expect = sum(float(dist[h] * call[(0, h, f)]) for h in weak for f in "GHNS") / (4 * sum(dist[h] for h in weak))
    assert sol.bluffing[0]["call"] == pytest.approx(expect, abs=1e-12)
    assert sol.bluffing[0]["weak_hands"] == pytest.approx(sum(dist[h] for h in weak) / total)


@pytest.mark.parametrize("name", ["spin_decision advice", "calling-station"])
def test_exploitability_by_independent_best_response(one_spin, name: str) -> None:  # type: ignore[no-untyped-def]
    sol = one_spin
    dist = kept_hand_distribution(RULES).weights
    hands = [h for h, w in dist.items() if w]
    total = sum(dist.values())
    eq = sol.equity[0]
    # the advice calls when EV(call) = eq (POT + 2b) - b >= 0 against a caller (spin_decision's model)
    advice = {(h, f): (eq[h] * (POT + 2 * b) - b >= 0) or name == "calling-station"
              for h in hands for f, b in BUY_IN.items()}
    br = Fraction(0)  # seat 1 best-responds to the advice of seat 0: seat 0's payoff
    for face, b in BUY_IN.items():
        for theirs in hands:
            best = None
            for other in (True, False):
                u = Fraction(0)
                for mine in hands:
                    share = heads_up_share(parse_hand(mine, rules=RULES), parse_hand(theirs, rules=RULES), rules=RULES)
                    u += Fraction(dist[mine], total) * _payoffs(share, b)[(advice[(mine, face)], other)]
                best = u if best is None else min(best, u)
            assert best is not None
            br += Fraction(1, 4) * Fraction(dist[theirs], total) * best
    assert sol.exploitability[name][0] == sol.value[0] - br > 0


def test_equilibrium_bot_is_unexploitable_in_its_own_game(one_spin) -> None:  # type: ignore[no-untyped-def]
    assert one_spin.exploitability["equilibrium"] == (0, 0)
    assert all(e[0] > 0 for name, e in one_spin.exploitability.items() if name != "equilibrium")


def test_betting_game_solves_and_cfr_agrees() -> None:
    rules = TwoDreidelRules()
    sol = solve_spin_game(rules, pot=2, stacks=(3, 3), spins=1, betting=True)
    assert abs(float(sol.solution.nash_conv)) < 1e-9
    state = new_spin_game(rules, hands=[dict(kept_hand_distribution(rules).weights)] * 2, pot=2,
                          stacks=[3, 3], spins=1, betting=True)
    form = extensive_form(state)
    cfr = solve(form, method="cfr+", iterations=400, check_every=100)
    assert cfr.nash_conv < 0.02
    assert abs(float(cfr.value) - float(sol.value[0])) < 0.02
    assert 0 <= sol.bluffing[1]["bet"] <= 1 and sol.bets
    d = sol.to_dict()
    assert d["value"][0] == json.loads(json.dumps(d))["value"][0]
    assert set(sol.to_pandas().decision) == {"call", "bet"}


def test_spin_game_protocol_and_payoffs_conserve_chips() -> None:
    g = new_spin_game(RULES, hands=[{"GH": 1}, {"NN": 1}], pot=4, stacks=[8, 3], spins=1, betting=False)
    s = g.apply((0, 0)).apply(0)  # G: buy-in 4, seat 2 has only 3
    end = s.apply_joint({0: "call", 1: "call"})
    assert end.is_terminal and end.pot == 4 + 4 + 3
    # GH beats NN: seat 1 gets the main pot 4 + 3 + 3 and its unmatched chip back
    assert end.returns() == (11 - 4 - 2, -3 - 2)
    assert sum(end.returns()) == 0
    carried = s.apply_joint({0: "fold", 1: "fold"})
    assert carried.returns() == (0, 0)
    fold_rules = TwoDreidelRules(deck="2-6-6-2", short_stack="fold")
    g2 = new_spin_game(fold_rules, hands=[{"GH": 1}, {"NN": 1}], pot=4, stacks=[8, 3], spins=1, betting=False)
    assert g2.apply((0, 0)).apply(0).legal_actions(1) == ("fold",)


@pytest.mark.parametrize("kwargs, message", [
    ({"pot": 0}, "pot must be an integer from 1 to 10,000"),
    ({"stacks": (8, 0)}, r"stacks\[1\] must be an integer from 1 to 10,000"),
    ({"stacks": (8, 8, 8)}, "stacks must be two positive integers"),
    ({"discards": ("GH,GN", None)}, "could not have produced"),
    ({"discards": ("GH", "GH,NN")}, "equally long"),
    ({"carry_share": 2}, "carry_share must be a number from 0 to 1"),
])
def test_bad_input(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"pot": 4, "stacks": (8, 8), "spins": 1, "betting": False}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        solve_spin_game(TwoDreidelRules(), **args)  # type: ignore[arg-type]


def test_impossible_under_policy_is_rejected() -> None:
    # normal-best keeps HS only from H, S, S, which a 1-5-5-1 deck cannot draw
    with pytest.raises(ValueError, match="impossible under the assumed keep policy 'normal-best'"):
        solve_spin_game(TwoDreidelRules(), discards=("HS", "HH"), spins=1, betting=False)


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "two-dreidel", "--deck", "2-6-6-2", "--spins", "1", "--no-betting", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == ["0", "0"] and out["nash_conv"] == "0" and out["exact"]
    for bad in (["--stacks", "8,x"], ["--stacks", "0,8"], ["--pot", "0"], ["--iterations", "0"],
                ["--opponent-discard", "GH,GN"]):
        assert main(["solve", "two-dreidel", "--spins", "1", "--no-betting", *bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "error" in err
