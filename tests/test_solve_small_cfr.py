"""CFR+'s small path (plain Python on the sequence form, issue 22) runs the same iterations
as the vectorised path: the same average strategies and NashConv history on Kuhn poker,
rock-paper-scissors, a biased matrix game and a Two Dreidel spin game; it is chosen for
small trees only."""

from __future__ import annotations

import pytest

from dreidelpoker.games.two_dreidel import TwoDreidelRules, kept_hand_distribution
from dreidelpoker.games.two_dreidel.spin_game.game import new_spin_game
from dreidelpoker.solve import cfr as C
from dreidelpoker.solve.efg import extensive_form
from dreidelpoker.solve.examples import matrix_game
from tests.test_solve import RPS, Kuhn


def _spin_game():  # type: ignore[no-untyped-def]
    rules = TwoDreidelRules(deck="1-3-3-1")
    h = dict(kept_hand_distribution(rules).weights)
    return new_spin_game(rules, hands=[h, h], pot=2, stacks=[2, 2], spins=1, betting=True)


GAMES = {"kuhn": Kuhn, "rps": RPS, "biased": lambda: matrix_game([[3, -1, 0], [-2, 4, 1]]), "spin": _spin_game}


@pytest.mark.parametrize("name", list(GAMES))
def test_both_paths_give_the_same_iterations(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    form = extensive_form(GAMES[name]())
    runs = []
    for limit in (10**9, 0):  # the small path, then the vectorised one
        monkeypatch.setattr(C, "SMALL_TREE", limit)
        runs.append(C.cfr_plus(form, iterations=120, check_every=30, progress=False))
    small, flat = runs
    assert small.iterations == flat.iterations
    assert [t for t, _ in small.history] == [t for t, _ in flat.history]
    for (_, a), (_, b) in zip(small.history, flat.history):
        assert a == pytest.approx(b, abs=1e-9)
    for p in (0, 1):
        for sa, sb in zip(small.strategies[p], flat.strategies[p]):
            assert sa == pytest.approx(sb, abs=1e-9)


def test_kuhn_takes_the_small_path_and_a_big_tree_does_not() -> None:
    assert C.SequenceCFR.of(extensive_form(Kuhn())) is not None
    rules = TwoDreidelRules(deck="2-6-6-2")
    h = dict(kept_hand_distribution(rules).weights)
    big = extensive_form(new_spin_game(rules, hands=[h, h], pot=4, stacks=[8, 8], spins=2, betting=True))
    assert C.SequenceCFR.of(big) is None


def test_kuhn_small_path_reaches_the_literature_value() -> None:
    # Kuhn poker's value to the first seat is -1/18 (Kuhn 1950)
    form = extensive_form(Kuhn())
    res = C.cfr_plus(form, iterations=3000, check_every=3000, progress=False)
    from dreidelpoker.solve.exact import profile_value

    assert float(profile_value(form, res.strategies)) == pytest.approx(-1 / 18, abs=2e-3)
    assert res.history[-1][1] < 1e-3
