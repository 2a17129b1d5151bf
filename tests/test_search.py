"""The variant search (dreidelpoker.play.search): a planted optimum, resume after kill -9,
reproducibility, parallel workers, targets judged on whole intervals, bad input."""

from __future__ import annotations

import math
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from dreidelpoker.errors import InputError
from dreidelpoker.games.protocol import PlaySpec
from dreidelpoker.games.queenie import QueenieRules
from dreidelpoker.games.registry import GameInfo, register, unregister
from dreidelpoker.play.search import SearchResult, Target, load_search, search
from dreidelpoker.play.stats import Estimate
from dreidelpoker.search_space import Choice, Counts, IntRange, SearchSpace

from .cli_run import run_cli
from .play_toy import ToyState, _default, _high_factory, _uniform_factory


# -- a toy game whose only measure is an exact function of its rules: the optimum is planted ----------
@dataclass(frozen=True)
class PlantedRules:
    cards: int = 3
    x: int = 0
    y: str = "a"
    counts: tuple[int, ...] = (1, 1)
    search_space: ClassVar[SearchSpace] = SearchSpace((
        IntRange("x", 0, 20), Choice("y", ("a", "b", "c")),
        Counts("counts", ("p", "q"), low=0, high=6, total_low=2, total_high=8)))


def _score(rules: PlantedRules, players: int) -> float:
    # the planted optimum: x = 13, y = "b", counts = (5, 2)
    return -((rules.x - 13) ** 2) - (0 if rules.y == "b" else 7) - abs(rules.counts[0] - 5) - abs(rules.counts[1] - 2)


def _new_game(rules: PlantedRules, *, players: int, hand_limit: int | None = None) -> ToyState:
    return ToyState(rules)  # type: ignore[arg-type]


def _metrics(final: ToyState) -> dict[str, float]:
    return {"raised": float(bool(final.raised))}


PLANTED_SPEC = PlaySpec(new_game=_new_game, bots={"uniform": _uniform_factory, "high": _high_factory},
                        default_bots=_default, metrics=_metrics, min_players=2, max_players=2,
                        metric_help={"raised": "seat 1 raised"},
                        exact_metrics={"score": ("the planted objective", _score)})


@pytest.fixture()
def planted() -> Any:
    register(GameInfo(name="planted-toy", title="Planted toy", summary="a toy with a planted optimum",
                      rules_type=PlantedRules, play=PLANTED_SPEC))
    yield PlantedRules
    unregister("planted-toy")


def test_finds_a_planted_optimum(planted: Any) -> None:
    r = search(PlantedRules(), maximize=["score"], trials=60, storage=None, progress=False, reevaluate=0, seed=1)
    best = r.front[0]
    assert best["settings"]["x"] == 13 and best["settings"]["y"] == "b"
    assert best["estimates"]["score"].value >= -2  # within two steps of the planted counts
    # an exhaustive check of what the search reports: every row's score is the planted function's
    for row in r.trials:
        s = row["settings"]
        rules = PlantedRules(x=s["x"], y=s["y"], counts=tuple(int(c) for c in s["counts"].split("-")))
        assert row["estimates"]["score"].value == _score(rules, 2)


def test_a_target_narrows_the_front(planted: Any) -> None:
    r = search(PlantedRules(), targets=["score >= -40"], minimize=["score"], trials=40, storage=None,
               progress=False, reevaluate=0, seed=2)
    met = [row for row in r.trials if row["status"] == "met"]
    assert met, "some trial meets the target"
    assert all(row["estimates"]["score"].value >= -40 for row in r.front)
    # minimising among those meeting the target: the front's best is the lowest score still >= -40
    assert r.front[0]["estimates"]["score"].value == min(row["estimates"]["score"].value for row in met)


def test_count_totals_outside_the_space_are_refused(planted: Any) -> None:
    r = search(PlantedRules(), maximize=["score"], trials=30, storage=None, progress=False, reevaluate=0, seed=3)
    for row in r.trials:
        assert 2 <= sum(int(c) for c in row["settings"]["counts"].split("-")) <= 8
    assert all("total" in why for _, why in r.invalid)


# -- targets are judged on whole intervals ------------------------------------------------------------
@pytest.mark.parametrize("text, low, high, status", [
    ("m >= 0.25", 0.26, 0.4, "met"), ("m >= 0.25", 0.2, 0.4, "not established"), ("m >= 0.25", 0.1, 0.2, "missed"),
    ("m <= 3", 1, 2.9, "met"), ("m <= 3", 1, 3.1, "not established"), ("m in 10..25", 11, 24, "met"),
    ("m in 10..25", 9, 12, "not established"), ("m in 10..25", 26, 30, "missed"),
])
def test_target_status(text: str, low: float, high: float, status: str) -> None:
    assert Target.parse(text).status(Estimate((low + high) / 2, low, high, 100)) == status


@pytest.mark.parametrize("text", ["m >= __import__('os')", "m >= 9**9", "m", "m in 5..1", "m => 3", "1m >= 2",
                                  "m >= nan", "m >= 1e400"])
def test_bad_targets(text: str) -> None:
    with pytest.raises(InputError):
        Target.parse(text)


# -- the real games ----------------------------------------------------------------------------------
def _table(r: SearchResult) -> list[tuple[Any, ...]]:
    return [(row["trial"], tuple(sorted(row["settings"].items())),
             tuple((m, e.value, e.low, e.high) for m, e in sorted(row["estimates"].items()))) for row in r.trials]


def test_seeded_search_is_reproducible() -> None:
    kw: dict[str, Any] = dict(targets=["swaps >= 0.2"], minimize=["cards"], trials=5, games=30, storage=None,
                              progress=False, reevaluate=1, seed=4)
    a, b = search(QueenieRules(players=3), **kw), search(QueenieRules(players=3), **kw)
    assert _table(a) == _table(b)
    assert a.to_dict() == b.to_dict()


def test_trials_share_their_games() -> None:
    # common random numbers: every trial plays the same deals, so one variant proposed twice scores the same
    r = search(QueenieRules(players=3), minimize=["cards"], trials=4, games=20, storage=None, progress=False,
               reevaluate=0, fixed={"dealing": "dummy-first", "queen_card": "deck", "no_colour": "pass-on",
                                    "blocked": "carry-over", "queen_card_queen": "carry-over"},
               ranges={"swap_cost": (1, 1), "first_swap_cost": (0, 0)})
    figures = {(row["estimates"]["cards"].value, row["estimates"]["cards"].low) for row in r.trials}
    assert len(r.trials) == 4 and len(figures) == 1


def test_output_and_reevaluation(tmp_path: Path) -> None:
    db = tmp_path / "q.db"
    r = search(QueenieRules(players=3), targets=["cards >= 10"], minimize=["swaps"], trials=4, games=30,
               storage=db, progress=False, reevaluate=2, seed=5)
    # the best two trials, the runner-up too when the front is one row (a single objective)
    assert len(r.reevaluated) == min(2, len(r.trials))
    assert {x["trial"] for x in r.reevaluated} >= {r.front[0]["trial"]}
    for again in r.reevaluated:
        assert again["games"] == 120 and again["seed"] != r.plan.seed
    d = r.to_dict()
    assert d["proposal"] == r.proposal() and "replayed with a fresh seed" in d["proposal"]
    assert "<table" in r._repr_html_()
    assert list(r.to_pandas("trials").columns[:2]) == ["trial", "status"]
    # the stored search reads back without playing a trial
    stored = load_search(db, rules=QueenieRules(players=3), targets=["cards >= 10"], minimize=["swaps"], games=30,
                         seed=5, reevaluate=2)
    assert _table(stored) == _table(r)
    assert [x["estimates"] for x in stored.reevaluated] == [x["estimates"] for x in r.reevaluated]
    import matplotlib

    matplotlib.use("Agg")
    assert r.plot_front() is not None and r.plot_targets("swap_cost") is not None


def test_parallel_workers_share_the_storage(tmp_path: Path) -> None:
    db = tmp_path / "w.db"
    r = search(QueenieRules(players=3), minimize=["cards"], trials=4, games=20, storage=db, progress=False,
               reevaluate=0, workers=2)
    assert len(r.trials) + len(r.invalid) == 4
    again = search(QueenieRules(players=3), minimize=["cards"], trials=4, games=20, storage=db, progress=False,
                   reevaluate=0)
    assert _table(again) == _table(r)  # nothing left to run: the stored trials are the answer


def test_dask_workers(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    db = tmp_path / "d.db"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as c, \
            distributed.Client(c) as client:
        r = search(QueenieRules(players=3), minimize=["cards"], trials=3, games=20, storage=db, progress=False,
                   reevaluate=0, executor=client.get_executor(), workers=2)
    assert len(r.trials) + len(r.invalid) == 3


def _finished(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db) as con:
            return int(con.execute("select count(*) from trials where state = 'COMPLETE'").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_resume_after_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "kill.db"
    cmd = [sys.executable, "-m", "dreidelpoker", "design", "queenie", "--minimize", "cards",
           "--trials", "2000", "--games", "30", "--storage", str(db), "--reevaluate", "0", "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while _finished(db) < 3 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = _finished(db)
    assert 3 <= done < 2000, "killed mid-search"
    with sqlite3.connect(db) as con:
        before = con.execute("select number, state from trials where state = 'COMPLETE' order by number").fetchall()
    small = [*cmd[:cmd.index("--trials") + 1], str(done + 2), *cmd[cmd.index("--trials") + 2:]]
    out = subprocess.run(small, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    with sqlite3.connect(db) as con:
        after = con.execute("select number, state from trials where state = 'COMPLETE' order by number").fetchall()
        running = con.execute("select count(*) from trials where state = 'RUNNING'").fetchone()[0]
    assert set(before) <= set(after), "every finished trial is kept"
    assert len(after) >= done + 1 and running == 0


# -- bad input: one line, exit 2, storage untouched ---------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["--minimize", "nonsense"], "unknown measure"),
    (["--fix", "nope=3", "--minimize", "skirmishes"], "has no field"),
    (["--range", "line_size=0..99", "--minimize", "skirmishes"], "not inside"),
    (["--target", "skirmishes >= 5", "--target", "skirmishes <= 3"], "contradict"),
    (["--choices", "tie=nope", "--minimize", "skirmishes"], "offers"),
    ([], "at least one target"),
    (["--minimize", "skirmishes", "--trials", "0"], "trials"),
])
def test_cli_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], words: str) -> None:
    db = tmp_path / "bad.db"
    code, out, err = run_cli(capsys, *["design", "skirmish", *args, "--storage", str(db)])
    assert code == 2 and words in err and "Traceback" not in err
    assert not db.exists()


def test_storage_problems(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    not_db = tmp_path / "notes.txt"
    not_db.write_text("hello")
    code, _, err = run_cli(capsys, *["design", "skirmish", "--minimize", "skirmishes", "--storage", str(not_db)])
    assert code == 2 and "not a SQLite database" in err and not_db.read_text() == "hello"
    code, _, err = run_cli(capsys, *["design", "skirmish", "--minimize", "skirmishes", "--storage",
                            str(tmp_path / "missing" / "x.db")])
    assert code == 2 and "does not exist" in err
    # a storage of another search is refused and left as it was
    db = tmp_path / "q.db"
    search(QueenieRules(players=3), minimize=["cards"], trials=2, games=10, storage=db, progress=False, reevaluate=0)
    size = db.stat().st_size
    code, _, err = run_cli(capsys, *["design", "skirmish", "--minimize", "skirmishes", "--storage", str(db)])
    assert code == 2 and "another game's search" in err and db.stat().st_size == size
    with pytest.raises(InputError, match="another search"):
        search(QueenieRules(players=3), minimize=["swaps"], trials=2, games=10, storage=db, progress=False)


def test_cli_json_and_space(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import json

    code, out, _ = run_cli(capsys, *["design", "two-dreidel", "--space", "--json"])
    assert code == 0 and "streets" in json.loads(out)["choices"]
    code, out, err = run_cli(capsys, *["design", "queenie", "--minimize", "cards", "--trials", "2", "--games", "10",
                              "--reevaluate", "1", "--storage", str(tmp_path / "c.db"), "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert d["game"] == "queenie" and d["trials"] + d["invalid"] == 2 and d["proposal"]


def test_two_dreidel_exact_objectives_are_exact() -> None:
    from dreidelpoker.games.two_dreidel import TwoDreidelRules
    from dreidelpoker.games.two_dreidel.designer import trump_share

    r = search(TwoDreidelRules(), maximize=["trump_share"], trials=3, storage=None, progress=False, reevaluate=0,
               players=2, choices={"draw/put_back": ["3/1"]})
    for row in r.trials:
        deck = row["settings"]["deck"]
        assert row["estimates"]["trump_share"].kind == "exact"
        assert math.isclose(row["estimates"]["trump_share"].value, float(trump_share(TwoDreidelRules(deck=deck))))


def test_a_plugin_poker_member_with_its_own_symbols() -> None:
    # five symbols, no other argument: aliases, the search space and the analyses follow the symbols
    from dreidelpoker.games.two_dreidel import TwoDreidelRules, equity, kept_hand_distribution
    from dreidelpoker.play import simulate

    r = TwoDreidelRules(symbols=("A", "B", "C", "D", "E"), symbol_names=("Ace", "Bell", "Crown", "Dove", "Eye"),
                        deck=(2, 3, 3, 3, 2), trumps=frozenset({("E", "A")}))
    assert dict(r.aliases) == {}
    assert sum(kept_hand_distribution(rules=r).probabilities().values()) == 1
    assert 0 <= equity("AB", opponents=1, rules=r).equity <= 1
    assert simulate(r, games=6, players=2, seed=1, progress=False).games == 6
    assert r.searchable().describe()[0] == "deck A-B-C-D-E: each 1..10, total 10..30"
    found = search(r, maximize=["trump_share"], trials=3, storage=None, progress=False, reevaluate=0, players=2,
                   choices={"draw/put_back": ["3/1"]})
    assert all(len(row["settings"]["deck"].split("-")) == 5 for row in found.trials)


def test_design_is_offered_only_where_the_rules_declare_a_search_space(capsys: pytest.CaptureFixture[str]) -> None:
    # A playable game without a search space gets no `design` (the tests' toy); the built-in games
    # all have one, and each manifest says so without importing the game (`dreidelpoker --help`).
    from dreidelpoker.cli import command_index, game_commands
    from dreidelpoker.games.registry import GameInfo, get_game, manifests, register, unregister
    from dreidelpoker.search_space import SearchSpace
    from tests import play_toy

    assert not hasattr(play_toy.ToyRules, "search_space")
    toy = register(GameInfo(name="toy-no-space", title="Toy", summary="tests only", rules_type=play_toy.ToyRules,
                            play=play_toy.SPEC))
    try:
        assert "design" not in game_commands(toy) and "simulate" in game_commands(toy)
        assert "toy-no-space" not in command_index()["design"]
        code, _out, err = run_cli(capsys, "design", "toy-no-space", "--space")
        assert code == 2 and err.count("\n") == 1 and "toy-no-space" in err and "Traceback" not in err
    finally:
        unregister(toy.name)
    for name, manifest in manifests().items():
        declares = isinstance(getattr(get_game(name).rules_type, "search_space", None), SearchSpace)
        assert manifest.searchable == declares, name
        assert ("design" in manifest.verbs()) == declares, name
