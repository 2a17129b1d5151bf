"""Skill gap and ratings; the compare/skill CLI; resuming after kill -9; the same study serially,
on processes and on Dask."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from dreidelpoker.errors import InputError
from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.skirmish import SkirmishRules
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.play import compare, ratings, skill_gap

from .cli_run import run_cli
from .interrupt import ctrl_c, start_cli, wait_until


def test_ratings_recover_random_below_tight_below_equity_in_two_dreidel() -> None:
    r = ratings(TwoDreidelRules(), bots=["random", "tight", "equity"], players=2, games=300, resamples=30, seed=1,
                progress=False)
    assert r.order() == ["random", "tight", "equity"]
    assert r["random"].high < r["tight"].low  # random is clearly the weakest
    assert all(x.low <= x.mu <= x.high for x in r.ratings)
    assert r.tables == (("random", "tight"), ("random", "equity"), ("tight", "equity"))
    assert all(x.games == 600 for x in r.ratings)  # two tables of 300 each


def test_skill_gap_is_share_won_minus_one_over_n_against_random_bots() -> None:
    sg = skill_gap(TwoDreidelRules(), bots=["tight", "random"], players=3, games=120, seed=2, progress=False)
    res = sg.study.result("rules", "tight")
    assert res.bots == ("tight", "random", "random") and res.rotated
    share = res.per_game("win:1").mean()
    g = sg.gap("tight")
    assert g.value == pytest.approx(share - 1 / 3)
    assert -1 / 3 <= g.low <= g.value <= g.high <= 2 / 3
    # A random bot against random bots has no edge: its interval holds 0.
    r = sg.gap("random")
    assert r.low <= 0 <= r.high
    assert sg.gap("tight").low > 0 and sg.strongest == "tight"


def test_a_game_with_one_bot_has_no_skill_to_measure() -> None:
    sg = skill_gap(ClassicDreidelRules(players=3), games=50, progress=False)
    assert sg.bots == () and sg.strongest is None
    assert "no choice" in sg.to_text()
    with pytest.raises(InputError, match="at least 2 bots"):
        ratings(ClassicDreidelRules(players=3), games=10, progress=False)


def test_skill_gap_shows_exploitability_in_the_solved_spin_game() -> None:
    pytest.importorskip("scipy")
    sg = skill_gap(TwoDreidelRules(deck="1-5-5-1"), bots=["tight"], players=2, games=20, seed=1, progress=False,
                   exploitability=True)
    if not sg.exploitability:
        pytest.skip("the game declares no solved sub-game")
    assert sg.exploitability["tight"][0] > 0
    assert "exploitab" in sg.to_text()


def test_bad_skill_input_is_refused() -> None:
    with pytest.raises(InputError, match="unknown bot"):
        skill_gap(SkirmishRules(), bots=["shark"], games=10, progress=False)
    with pytest.raises(InputError, match="baseline"):
        skill_gap(SkirmishRules(), baseline="shark", games=10, progress=False)
    with pytest.raises(InputError, match="above 0"):
        skill_gap(SkirmishRules(), precision=-1, games=10, progress=False)
    with pytest.raises(InputError, match="resamples"):
        ratings(SkirmishRules(), resamples=5, games=10, progress=False)


# -- the same study on any executor --------------------------------------------------------------
def _study(executor: object = None) -> dict[str, object]:
    c = compare({"4": ClassicDreidelRules(players=3, coins=4), "5": ClassicDreidelRules(players=3, coins=5)},
                metrics=["spins", "spins:median", "win:1"], precision={"spins": "15%"}, games=600, batch=30,
                seed=11, executor=executor, progress=False)
    return c.to_dict()


def test_identical_results_serially_on_processes_and_on_dask() -> None:
    serial = _study()
    with ProcessPoolExecutor(2) as ex:
        assert _study(ex) == serial
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert _study(client) == serial


# -- resumable ---------------------------------------------------------------------------------------
_SCRIPT = """
import json, sys
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.play import compare, rules_variants
c = compare(rules_variants(TwoDreidelRules(), ["deck=2-7-7-2"]), players=2, metrics=["hands", "all_in_rate"],
            games=int(sys.argv[2]), batch=10, seed=5, progress=False, store=sys.argv[1])
print(json.dumps(c.to_dict()))
"""


def _run_study(store: Path, games: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", _SCRIPT, str(store), str(games)], stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONHASHSEED": "0"})


def test_a_study_killed_mid_run_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    games = 200
    store = tmp_path / "store"
    proc = _run_study(store, games)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list(store.glob("*.json"))) < 3:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    finished = len(list(store.glob("*.json")))
    assert 3 <= finished < 2 * games // 10, finished  # killed mid-run, some batches on disk
    for f in store.glob("*.tmp"):
        f.unlink()  # a temporary file a kill left behind is never read (only *.json is)
    resumed = _run_study(store, games)
    out, _ = resumed.communicate(timeout=600)
    fresh = _run_study(tmp_path / "fresh", games)
    out2, _ = fresh.communicate(timeout=600)
    assert json.loads(out) == json.loads(out2)


def test_a_corrupt_or_foreign_batch_file_is_played_again(tmp_path: Path) -> None:
    rules = ClassicDreidelRules(players=2, coins=3)
    first = compare({"a": rules, "b": ClassicDreidelRules(players=2, coins=4)}, games=40, batch=20, seed=1,
                    store=tmp_path, progress=False)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    files[0].write_text(files[0].read_text()[:-40])  # cut short
    data = json.loads(files[1].read_text())
    data["records"][0]["rounds"] += 1  # edited: the checksum no longer matches
    files[1].write_text(json.dumps(data))
    again = compare({"a": rules, "b": ClassicDreidelRules(players=2, coins=4)}, games=40, batch=20, seed=1,
                    store=tmp_path, progress=False)
    assert again.to_dict() == first.to_dict()


# -- the command line ---------------------------------------------------------------------------------
def test_compare_cli_json_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", "two-dreidel", "--players", "2", "--variant", "streets=spins-then-bet", "--variant",
            "deck=2-7-7-2", "--metric", "hands", "--metric", "all_in_rate", "--precision", "hands=30%",
            "--games", "40", "--batch", "10", "--store", str(tmp_path), "--json"]
    code, out, err = run_cli(capsys, *args)
    assert code == 0, err
    d = json.loads(out)
    assert d["stopped_on"] in ("precision", "budget")
    assert {r["variant"] for r in d["rows"]} == {"base", "streets=spins-then-bet", "deck=2-7-7-2"}
    assert d["cells"][0]["bots"] == ["equity", "equity"]  # the default line-up is an all-equal table, named
    code2, out2, _ = run_cli(capsys, *args)
    assert code2 == 0 and json.loads(out2) == d


@pytest.mark.parametrize(("args", "words"), [
    (["--variant", "colour=red"], "no field"),
    (["--variant", "deck=2-7-7-2", "--metric", "nonsense"], "unknown metric"),
    (["--variant", "deck=2-7-7-2", "--precision", "hands=0"], "above 0"),
    (["--variant", "deck=2-7-7-2", "--precision", "hands"], "METRIC=HALF-WIDTH"),
    (["--variant", "deck=2-7-7-2", "--games", "2000000"], "games"),
    (["--variant", "deck=2-7-7-2", "--bots", "equity,tight,random"], "3 bots given for 2 players"),
    ([], "at least one rules variant"),
])
def test_compare_cli_bad_input_is_one_line_exit_2_and_nothing_stored(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                      args: list[str], words: str) -> None:
    store = tmp_path / "store"
    code, _, err = run_cli(capsys, "compare", "two-dreidel", "--players", "2", *args, "--store", str(store))
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert not store.exists()


def test_skill_cli_with_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "skill", "skirmish", "--games", "40", "--ratings", "--rating-games", "20",
                             "--resamples", "20", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert {b["bot"] for b in d["skill_gap"]["bots"]} == {"greedy", "optimal", "spendthrift"}
    assert len(d["ratings"]["ratings"]) == 4


def test_compare_json_records_every_field_of_the_base_rules(capsys: pytest.CaptureFixture[str]) -> None:
    import dataclasses

    from dreidelpoker.games.dice_poker import DicePokerRules

    code, out, err = run_cli(capsys, "compare", "dice-poker", "--variant", "bet=2", "--ante", "3", "--no-straights-from-one",
                             "--games", "4", "--json")
    assert code == 0, err
    base = json.loads(out)["base_rules"]
    assert set(base) == {f.name for f in dataclasses.fields(DicePokerRules)}  # every field, not a label
    assert (base["ante"], base["straights_from_one"], base["bet"]) == (3, False, 1)  # as typed; the variant has bet 2
    assert DicePokerRules(**base) == DicePokerRules(ante=3, straights_from_one=False, players=base["players"])


@pytest.mark.parametrize("args", [["--ratings"], ["--ratings", "--rating-games", "4"], ["--coins", "3"], ["--games", "9"],
                                  ["--exploitability"], ["--no-reante", "--seed", "2"]])
def test_skill_of_a_one_bot_game_refuses_each_option_in_one_line(capsys: pytest.CaptureFixture[str],
                                                                  args: list[str]) -> None:
    code, out, err = run_cli(capsys, "skill", "classic-dreidel", *args)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    for words in ("not apply", "one bot (spinner)", "no choice to measure or rate", "with no options", args[0]):
        assert words in err, (words, err)
    code, out, _err = run_cli(capsys, "skill", "classic-dreidel")  # what is allowed: the plain answer
    assert code == 0 and "skill gap 0 by definition" in out


def test_exploitability_is_refused_where_no_sub_game_is_solved(capsys: pytest.CaptureFixture[str]) -> None:
    from dreidelpoker.games.queenie import QueenieRules

    with pytest.raises(InputError, match="exploitability does not apply to Queenie"):
        skill_gap(QueenieRules(), games=4, progress=False, exploitability=True)
    code, _out, err = run_cli(capsys, "skill", "skirmish", "--games", "4", "--exploitability")
    assert code == 2 and "--exploitability does not apply to Skirmish" in err and err.count("\n") == 1


def test_results_plot_and_display_themselves() -> None:
    sg = skill_gap(SkirmishRules(), games=20, seed=1, progress=False)
    assert len(sg.plot().lines) >= 1 and "skill gap" in sg._repr_html_()
    r = ratings(SkirmishRules(), bots=["random", "optimal"], games=20, resamples=20, seed=1, progress=False)
    assert r.plot().get_xlabel().startswith("openskill") and "ratings" in r._repr_html_()
    c = sg.study
    assert c.plot("win:1").get_xlabel().startswith("win:1") and "<table>" in c._repr_html_()
    assert list(c.to_pandas().columns)[:3] == ["variant", "lineup", "measure"]


def test_ctrl_c_keeps_finished_batches_and_the_command_resumes(tmp_path: Path) -> None:
    store = tmp_path / "store"
    argv = ["compare", "two-dreidel", "--players", "2", "--variant", "deck=2-7-7-2", "--games", "4000", "--batch",
            "10", "--store", str(store), "--json"]
    proc, _tag = start_cli(argv, cwd=tmp_path, new_session=False)
    wait_until(lambda: len(list(store.glob("*.json"))) >= 4, proc, "four batches were on disk")
    _, err, _elapsed = ctrl_c(proc, group=False)
    assert proc.returncode == 130 and "interrupted" in err, err[-2000:]
    kept = len(list(store.glob("*.json")))
    assert kept >= 4
    resumed = [sys.executable, "-m", "dreidelpoker", *argv]
    resumed[resumed.index("4000")] = "20"
    done = subprocess.run(resumed, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games_per_cell"] == 20
