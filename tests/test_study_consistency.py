"""The study layer's rules, held once (issue 21 follow-ups):

* **Draws**: every win figure (``win_rates``, ``seat_advantage``, ``per_game("win:K")``,
  ``per_game("seat_win:S")``, so every study and skill gap) counts a game every seat drew as
  an n-way split, 1/n to each seat, as a k-way split counts 1/k. The shares of a finished
  game sum to 1.
* **Rates are declared**: a metric's mean gets a Wilson interval only when the game declares
  the metric a 0/1 event (``PlaySpec.rate_metrics``) or it is a win share; a count that
  happens to be 1 in every game (Queenie's ``deals``) keeps a bootstrap interval.
* **Resume keys carry the engine's versions**: a stored batch is keyed with the library's
  ``__version__`` and the ``SAMPLER_VERSION``; a batch from another version is played again.
"""

from __future__ import annotations

import importlib
import math
from pathlib import Path

import numpy as np
import pytest

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.dice_poker import DicePokerRules
from dreidelpoker.games.queenie import QueenieRules
from dreidelpoker.play import GameRecord, SimulationResult, compare, simulate
from dreidelpoker.play import store as store_module
from dreidelpoker.sampler import SAMPLER_VERSION

sweep_module = importlib.import_module("dreidelpoker.play.sweep")  # the package's `sweep` is the function


def _result(records: list[GameRecord]) -> SimulationResult:
    return SimulationResult(game="g", rules=None, bots=("a", "b"), games=len(records), seed=0, hand_limit=99,
                            round_name="hand", records=tuple(records))


# -- draws ------------------------------------------------------------------------------------
def test_one_rule_for_draws_in_every_win_figure() -> None:
    res = _result([
        GameRecord(0, (2, -2), (0,), 5, False, 9),    # seat 1 wins
        GameRecord(1, (0, 0), (0, 1), 5, False, 9),   # a split (as the runner never writes it: equal best returns)
        GameRecord(2, (0, 0), (), 5, False, 9),       # a draw: every seat the same return
        GameRecord(3, (1, -1), (), 99, True, 9),      # cut at the limit: no winner, left out
    ])
    # By the rule: seat 1 has 1 + 1/2 + 1/2 of 3 finished games, seat 2 has 0 + 1/2 + 1/2.
    assert res.finished == 3 and res.draws == 1
    rates = res.win_rates()
    assert rates[0].value == pytest.approx(2 / 3) and rates[1].value == pytest.approx(1 / 3)
    assert all(e.kind == "proportion" and e.samples == 3 for e in rates)
    for s in (1, 2):
        for name in (f"seat_win:{s}", f"win:{s}"):
            v = res.per_game(name)
            assert math.isnan(v[3]) and float(np.nanmean(v)) == pytest.approx(rates[s - 1].value), name
    advantage = res.seat_advantage()
    assert advantage[0].value == pytest.approx(2 / 3 - 1 / 2) and advantage[1].value == pytest.approx(1 / 3 - 1 / 2)
    assert res.to_dict()["games_drawn"] == 1
    assert any("1 of the 3 finished games were draws" in n for n in res.to_dict()["notes"])


def test_real_draws_count_the_same_in_simulate_and_in_a_study() -> None:
    # A Queenie session can end with every seat level (no chip changed hands): a draw.
    rules = QueenieRules()
    res = simulate(rules, players=3, games=200, seed=1, progress=False)
    level = sum(1 for r in res.records if not r.truncated and len(set(r.returns)) == 1)
    assert res.draws == level > 0
    rates = res.win_rates()
    assert sum(e.value for e in rates) == pytest.approx(1.0)  # draws once counted 0 for everyone: the sum fell short
    c = compare(rules, players=3, lineups=res.bots, metrics=["seat_win:1", "seat_win:2", "seat_win:3"], games=200,
                seed=1, rotate=False, progress=False)
    for s in (1, 2, 3):
        assert c.estimate(c.base, f"seat_win:{s}").value == pytest.approx(rates[s - 1].value)


# -- declared rates ---------------------------------------------------------------------------
def test_a_constant_count_is_not_a_rate() -> None:
    c = compare(QueenieRules(), players=3, metrics=["deals"], games=30, seed=1, progress=False)
    values = c.result(c.base).per_game("deals")
    assert np.all(values == 1)  # one deal a session under the default rules
    e = c.estimate(c.base, "deals")
    assert e.kind == "bootstrap" and e.value == e.low == e.high == 1.0  # a Wilson interval would dip below 1
    assert c.result(c.base).estimate("deals").kind == "mean"


def test_a_declared_rate_gets_wilson_in_simulate_and_in_a_study() -> None:
    res = simulate(DicePokerRules(), players=2, games=200, seed=2, progress=False)
    assert res.rate_metrics == {"showdown", "split"}
    shown = res.estimate("showdown")
    n = len(res.metric_values("showdown"))
    assert shown.kind == "proportion" and shown.value == pytest.approx(sum(res.metric_values("showdown")) / n)
    assert 0 <= shown.low <= shown.value <= shown.high <= 1
    assert res.estimate("pot").kind == "mean"
    c = compare(DicePokerRules(), players=2, metrics=["showdown", "pot", "folds"], games=200, seed=2, progress=False)
    assert c.estimate(c.base, "showdown").kind == "proportion"
    assert c.estimate(c.base, "pot").kind == "bootstrap"
    folds = c.result(c.base).per_game("folds")
    assert set(np.unique(folds)) <= {0.0, 1.0}  # heads-up: at most one fold a hand, a 0/1 count ...
    assert c.estimate(c.base, "folds").kind == "bootstrap"  # ... and still not declared a rate


# -- resume keys ------------------------------------------------------------------------------
def test_the_resume_key_holds_the_library_and_sampler_versions() -> None:
    import json

    from dreidelpoker import __version__

    key = json.loads(store_module.batch_key(game="g", rules=None, lineup=("a",), rotated=False, seed=1,
                                            hand_limit=9, batch_size=10, batch=0))
    assert key["version"] == __version__ and key["sampler"] == SAMPLER_VERSION


@pytest.mark.parametrize("changed", ["SAMPLER_VERSION", "__version__"])
def test_batches_of_another_engine_version_are_played_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            changed: str) -> None:
    variants = {"3 coins": ClassicDreidelRules(players=2, coins=3), "4 coins": ClassicDreidelRules(players=2, coins=4)}
    first = compare(variants, games=40, batch=20, seed=1, store=tmp_path, progress=False)
    assert len(list(tmp_path.glob("*.json"))) == 4
    compare(variants, games=40, batch=20, seed=1, store=tmp_path, progress=False)
    assert len(list(tmp_path.glob("*.json"))) == 4  # the same engine: every batch read back
    monkeypatch.setattr(store_module, changed, "another")
    again = compare(variants, games=40, batch=20, seed=1, store=tmp_path, progress=False)
    assert len(list(tmp_path.glob("*.json"))) == 8  # every batch played and stored again
    assert again.to_dict() == first.to_dict()  # the same games: only the key changed


def test_a_sweep_cell_key_holds_the_sampler_version_but_its_seed_does_not() -> None:
    import json

    cell = sweep_module.SweepCell("r", ClassicDreidelRules(players=2, coins=3), 2, "spinner", ("spinner", "spinner"))
    key = cell.key("classic-dreidel", 10, 1, 99)
    assert json.loads(key)["sampler"] == SAMPLER_VERSION
    assert "sampler" not in json.loads(sweep_module.key_without_seed(key))  # a new sampler keeps the cell's seed
