"""Heads-up Dice Poker equilibria on the equity-bucket abstraction (issue 23)."""

from __future__ import annotations

import numpy as np
import pytest

from dreidelpoker.games.dice_poker import DicePokerRules
from dreidelpoker.games.dice_poker.solve import AbstractDicePoker, abstraction, solve_dice_poker
from dreidelpoker.solve import extensive_form, solve

from .cli_run import run_cli


@pytest.fixture(scope="module")
def once() -> object:
    return abstraction("once", 3, (6,))


def test_the_abstraction_agrees_with_the_equity_engine(once: object) -> None:
    data = once
    assert abs(data.dice_prob.sum() - 1) < 1e-12  # type: ignore[attr-defined]
    for k in range(3):
        joint, result = data.joint[k], data.result[k]  # type: ignore[attr-defined]
        assert abs(joint.sum() - 1) < 1e-9
        # E[+1 win / -1 loss] = 2 * equity - 1: the enumeration of every card class against the
        # exact dice-alone equity of the equity tables
        assert abs((joint * result).sum() - (2 * data.dice_equity[k] - 1)) < 1e-9  # type: ignore[attr-defined]
    # by symmetry seat 1's mean equity after the cards is one half, as is seat 2's
    for seat in (0, 1):
        w, eq = data.step_weight[seat][0], data.step_equity[seat][0]  # type: ignore[attr-defined]
        assert abs((w * eq).sum() - 0.5) < 1e-9
        assert np.all(np.diff(eq) > 0)  # buckets are ordered by equity


def test_lp_solution_is_an_equilibrium_of_the_abstraction(once: object) -> None:
    sol = solve_dice_poker(DicePokerRules(max_raises=0), buckets=(3, (6,)))
    assert sol.method == "lp" and abs(sol.nash_conv) < 1e-9
    assert sol.value[0] == -sol.value[1]
    # CFR+ on the same tree approaches the same value
    form = extensive_form(AbstractDicePoker.start(abstraction("once", 3, (6,)), rules=DicePokerRules(max_raises=0)))
    cfr = solve(form, method="cfr+", iterations=300, check_every=100)
    unit = 2.0 ** -24  # the abstract game pays in 2**-24 chips
    assert abs(float(cfr.value) * unit - sol.value[0]) <= float(cfr.nash_conv) * unit + 1e-9
    for name, e in sol.bots.items():
        assert e["seat1"] >= -1e-9 and e["seat2"] >= -1e-9, name
    assert sol.bots["random"]["mean"] > sol.bots["equity"]["mean"]
    for b in sol.bluffing:
        assert 0 <= b["bluff_share"] <= 1 and b["bluff_value"] >= -1e-9
    assert sol.pace["pot"] >= 2
    df = sol.to_pandas()
    assert df["value"].tolist() == list(sol.value)
    assert df["exploitability: random"].tolist() == [sol.bots["random"]["seat1"], sol.bots["random"]["seat2"]]


def test_bad_solver_input() -> None:
    with pytest.raises(ValueError, match="heads-up"):
        solve_dice_poker(DicePokerRules(players=3))
    with pytest.raises(ValueError, match="fixed limit"):
        solve_dice_poker(DicePokerRules(limit="pot"))
    with pytest.raises(ValueError, match="per-card solves take at most 1 raise"):
        solve_dice_poker(DicePokerRules(betting="per-card"))
    with pytest.raises(ValueError, match="needs 1 to 8 dice buckets and 3 card bucket"):
        solve_dice_poker(DicePokerRules(betting="per-card", max_raises=1), buckets=(3, (4,)))
    # An empty value is refused, not read as "the default" (it once solved the default buckets).
    for empty in ((), [], (3, ())):
        with pytest.raises(ValueError, match="buckets"):
            solve_dice_poker(DicePokerRules(max_raises=0), buckets=empty)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="method must be"):
        solve_dice_poker(DicePokerRules(max_raises=0), method="")


def test_cli_solve(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "dice-poker", "--betting", "once", "--max-raises", "0",
                           "--card-buckets", "3")
    assert code == 0 and "exploitability" in out, _
    code, _out, err = run_cli(capsys, "solve", "dice-poker", "--card-buckets", "x")
    assert code == 2 and "card-buckets: whole numbers" in err
    code, _out, err = run_cli(capsys, "solve", "dice-poker", "--method", "lp", "--iterations", "5")
    assert code == 2 and "the LP takes no iterations" in err


def test_skill_gap_shows_the_solved_exploitability() -> None:
    from dreidelpoker.play import skill_gap

    sg = skill_gap(DicePokerRules(max_raises=0), players=2, games=20, seed=0, progress=False, exploitability=True)
    assert "heads-up equilibrium of betting 'once'" in sg.exploitability_note
    assert set(sg.exploitability) == {"random", "calling-station", "tight", "equity"}
    assert sg.exploitability["random"][0] > sg.exploitability["equity"][0]
