"""Files and caches that never lie (issue 20, item 3).

Output paths (``sweep --cache``, ``--plot``, the demo's and the study's ``--out``) are
checked before any work and give one line naming the path and the problem; every write is
atomic; a cache entry carries its record count, parameters and a checksum, and one that does
not match is reported and played again; public constructors taking weights refuse negative,
NaN and non-summing ones.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import warnings
from pathlib import Path
from typing import Any

import pytest

from dreidelpoker.errors import InputError
from dreidelpoker.files import (MAX_NAME_BYTES, PLOT_SUFFIXES, check_output_file, check_output_folder,
                                save_figure_atomic, write_text_atomic)
from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.markov import MarkovChain
from dreidelpoker.play.store import StaleEntryWarning
from dreidelpoker.play.sweep import sweep
from tests.cli_run import run_cli

sweep_module = importlib.import_module("dreidelpoker.play.sweep")
SWEEP = ["sweep", "classic-dreidel", "--players", "2", "--coins", "2", "--games", "6", "--seed", "3"]
ROOT = os.geteuid() == 0


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game played fails the test: the check must come before the work."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("games were played before the bad path was refused")
    monkeypatch.setattr(sweep_module, "run_tasks", refuse)


def _one_line(err: str, *needles: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err, err
    for n in needles:
        assert n in err, (n, err)


# -- paths checked before any work ---------------------------------------------------------
def test_cache_at_an_existing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, no_games: None) -> None:
    f = tmp_path / "cells.json"
    f.write_text("{}")
    code, out, err = run_cli(capsys, *SWEEP, "--cache", str(f))
    assert code == 2 and out == ""
    _one_line(err, str(f), "not a folder")


def test_cache_at_dev_null(capsys: pytest.CaptureFixture[str], no_games: None) -> None:
    code, _out, err = run_cli(capsys, *SWEEP, "--cache", "/dev/null")
    assert code == 2
    _one_line(err, "/dev/null", "not a folder")


def test_cache_in_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path, no_games: None) -> None:
    target = tmp_path / "no" / "such" / "cache"
    code, _out, err = run_cli(capsys, *SWEEP, "--cache", str(target))
    assert code == 2
    _one_line(err, str(target), "does not exist")
    assert not (tmp_path / "no").exists()


def test_cache_in_an_unwritable_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path, no_games: None) -> None:
    # /proc refuses new files even to root; a chmod-ed folder is tried too when not root.
    places = [Path("/proc/self/dreidel-cache")]
    if not ROOT:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        places.append(locked / "cache")
    for target in places:
        code, _out, err = run_cli(capsys, *SWEEP, "--cache", str(target))
        assert code == 2, err
        _one_line(err, str(target))
        assert "cannot" in err or "does not exist" in err


def test_too_long_paths(capsys: pytest.CaptureFixture[str], tmp_path: Path, no_games: None) -> None:
    long_name = tmp_path / ("c" * (MAX_NAME_BYTES + 1))
    code, _out, err = run_cli(capsys, *SWEEP, "--cache", str(long_name))
    assert code == 2
    _one_line(err, "longer than 255 bytes")
    deep = "/".join(["d" * 200] * 25)
    code, _out, err = run_cli(capsys, *SWEEP, "--plot", str(tmp_path / deep / "p.png"))
    assert code == 2
    _one_line(err, "the file system takes at most 4,096")


def test_plot_to_a_folder_is_refused_and_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        no_games: None) -> None:
    folder = tmp_path / "plots"
    folder.mkdir()
    code, _out, err = run_cli(capsys, *SWEEP, "--plot", str(folder))
    assert code == 2
    _one_line(err, str(folder), "is a folder")
    code, _out, err = run_cli(capsys, *SWEEP, "--plot", str(tmp_path / "plots_no_suffix"))
    assert code == 2
    _one_line(err, "no file extension")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plots"]
    assert not list(folder.iterdir())


@pytest.mark.parametrize("name", ["plot.xyz", "plot.png.txt", "/dev/null", "missing/plot.png"])
def test_bad_plot_paths(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                        no_games: None, name: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, *SWEEP, "--plot", name)
    assert code == 2 and out == ""
    _one_line(err, name)


def test_plot_suffixes_are_ones_matplotlib_writes() -> None:
    from matplotlib.backend_bases import FigureCanvasBase

    writable = {"." + k for k in FigureCanvasBase.get_supported_filetypes()}
    assert set(PLOT_SUFFIXES) <= writable


def test_good_paths_work_end_to_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cache, plot = tmp_path / "cache", tmp_path / "out.svg"
    code, out, err = run_cli(capsys, *SWEEP, "--cache", str(cache), "--plot", str(plot), "--json")
    assert code == 0, err
    assert plot.read_text().lstrip().startswith("<?xml")
    entries = list(cache.iterdir())
    assert len(entries) == 1 and entries[0].suffix == ".json"
    stored = json.loads(entries[0].read_text())
    assert stored["count"] == 6 and len(stored["records"]) == 6 and len(stored["sha256"]) == 64
    assert json.loads(stored["key"])["games"] == 6
    assert not [p for p in tmp_path.rglob("*.tmp")]


def test_api_checks_the_cache_folder_before_any_game(tmp_path: Path, no_games: None) -> None:
    f = tmp_path / "file"
    f.write_text("")
    with pytest.raises(InputError, match="cache_dir .* not a folder"):
        sweep({"rules": ClassicDreidelRules(players=2, coins=2)}, games=4, cache_dir=f, progress=False)


def test_demo_out_is_checked_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dreidelpoker import demo

    f = tmp_path / "results"
    f.write_text("")
    assert demo.main(["--out", str(f)]) == 2
    _one_line(capsys.readouterr().err, str(f), "not a folder")


def test_study_out_is_checked_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dreidelpoker.games.skirmish import study

    with pytest.raises(SystemExit) as info:
        study.main(["--games", "2", "--out", str(tmp_path / "missing" / "s.json")])
    assert info.value.code == 2
    assert "does not exist" in capsys.readouterr().err


# -- cache entries that carry what they claim ----------------------------------------------
def _sweep_json(capsys: pytest.CaptureFixture[str], cache: Path) -> tuple[dict[str, Any], str]:
    code, out, err = run_cli(capsys, *SWEEP, "--cache", str(cache), "--json")
    assert code == 0, err
    return json.loads(out), err


def _tamper(cache: Path, change: Any) -> Path:
    (entry,) = list(cache.iterdir())
    stored = json.loads(entry.read_text())
    change(stored)
    entry.write_text(json.dumps(stored))
    return entry


def _halve(stored: dict[str, Any]) -> None:
    stored["records"] = stored["records"][:3]


def _halve_and_claim(stored: dict[str, Any]) -> None:
    from dreidelpoker.play.store import _digest  # the test forges a self-consistent entry

    stored["records"] = stored["records"][:3]
    stored["count"] = 3
    stored["sha256"] = _digest(stored["records"])


def _edit_a_record(stored: dict[str, Any]) -> None:
    stored["records"][0]["returns"] = [r * -1 for r in stored["records"][0]["returns"]]


def _other_key(stored: dict[str, Any]) -> None:
    key = json.loads(stored["key"])
    key["seed"] = 999
    stored["key"] = json.dumps(key, sort_keys=True)


@pytest.mark.parametrize("change", [_halve, _halve_and_claim, _edit_a_record, _other_key])
def test_an_entry_that_does_not_match_is_reported_and_played_again(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Any) -> None:
    cache = tmp_path / "cache"
    fresh, _ = _sweep_json(capsys, tmp_path / "fresh")  # the truth, from an empty cache
    _sweep_json(capsys, cache)
    entry = _tamper(cache, change)
    again, err = _sweep_json(capsys, cache)
    assert again == fresh  # never the half (or edited) records
    _one_line(err, str(entry), "played again")
    assert json.loads(entry.read_text())["count"] == 6  # rewritten whole
    third, err = _sweep_json(capsys, cache)
    assert third == fresh and err == ""


def test_a_corrupt_entry_is_one_line_before_any_game(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    _sweep_json(capsys, cache)
    (entry,) = list(cache.iterdir())
    for junk in ("{not json", "[1, 2]", '{"key": "x"}', ""):
        entry.write_text(junk)
        monkeypatch.setattr(sweep_module, "run_tasks", lambda *a, **k: (_ for _ in ()).throw(AssertionError()))
        code, _out, err = run_cli(capsys, *SWEEP, "--cache", str(cache))
        assert code == 2, (junk, err)
        _one_line(err, str(entry), "is not a stored batch")


def test_api_warns_on_a_stale_entry(tmp_path: Path) -> None:
    rules = ClassicDreidelRules(players=2, coins=2)
    first = sweep({"rules": rules}, games=6, seed=3, cache_dir=tmp_path, progress=False)
    _tamper(tmp_path, _halve)
    with pytest.warns(StaleEntryWarning, match="holds 3 records"):
        again = sweep({"rules": rules}, games=6, seed=3, cache_dir=tmp_path, progress=False)
    assert again.to_dict() == first.to_dict()


# -- atomic writes -------------------------------------------------------------------------
def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "plot.png"
    target.write_bytes(b"old")

    class Boom:
        def savefig(self, f: Any, **kwargs: Any) -> None:
            f.write(b"half a pict")
            raise KeyboardInterrupt  # a Ctrl-C in the middle of the write

    with pytest.raises(KeyboardInterrupt):
        save_figure_atomic(Boom(), target)
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plot.png"]
    write_text_atomic(target, "new")
    assert target.read_text() == "new" and len(list(tmp_path.iterdir())) == 1


def test_the_sweep_plot_is_saved_atomically(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import dreidelpoker.files as files

    calls: list[Path] = []
    real = files._write_atomic

    def watched(path: Path, write: Any) -> None:
        calls.append(path)
        real(path, write)

    monkeypatch.setattr(files, "_write_atomic", watched)
    plot = tmp_path / "p.png"
    code, _out, err = run_cli(capsys, *SWEEP, "--plot", str(plot))
    assert code == 0, err
    assert calls == [plot] and plot.read_bytes()[:4] == b"\x89PNG"


def test_folder_and_file_checks_directly(tmp_path: Path) -> None:
    made = check_output_folder(tmp_path / "new", what="--cache")
    assert made.is_dir()
    assert check_output_folder(tmp_path / "later", what="--cache", create=False) == tmp_path / "later"
    assert not (tmp_path / "later").exists()
    assert check_output_file(tmp_path / "a.PNG", what="--plot", suffixes=PLOT_SUFFIXES).name == "a.PNG"
    for bad in ("", "  ", "a\x00b"):
        with pytest.raises(InputError, match="not a usable path"):
            check_output_folder(bad, what="--cache")
    with pytest.raises(TypeError):
        check_output_file(3, what="--plot")


# -- constructors that take weights ---------------------------------------------------------
@pytest.mark.parametrize(("rows", "exact", "message"), [
    ([{0: 2, 1: -1}, {1: 1}], True, "negative"),
    ([{0: float("nan"), 1: 1.0}, {1: 1.0}], False, "finite"),
    ([{0: math.inf}, {1: 1.0}], False, "finite"),
    ([{0: 0.5, 1: 0.6}, {1: 1.0}], False, "sum to"),
    ([{0: "1/2", 1: "1/3"}, {1: 1}], True, "sum to 5/6"),
    ([{0: 1}, {7: 1}], True, "not an index"),
    ([{0: 1}], True, "one row per state"),
])
def test_markov_chain_constructor_refuses_bad_weights(rows: Any, exact: bool, message: str) -> None:
    with pytest.raises(InputError, match=message):
        MarkovChain(["a", "b"], rows, exact=exact)


def test_markov_chain_constructor_and_matrix_agree() -> None:
    direct = MarkovChain(["a", "b"], [{0: "1/2", 1: "1/2"}, {1: 1}], exact=True)
    built = MarkovChain.from_matrix([["1/2", "1/2"], [0, 1]], states=["a", "b"])
    assert direct.absorption_probabilities("a") == built.absorption_probabilities("a")
    for bad in ([[-1, 2], [0, 1]], [[float("nan"), 1.0], [0.0, 1.0]]):
        with pytest.raises(InputError):
            MarkovChain.from_matrix(bad, exact=False)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), 1.5, -1, 0, True, "10"])
def test_max_states_must_be_a_positive_integer(bad: Any) -> None:
    from dreidelpoker.games import classic_dreidel as cd
    from dreidelpoker.games import two_dreidel as td
    from dreidelpoker.games.classic_dreidel.float_chain import float_absorption
    from dreidelpoker.games.two_dreidel.deck_cycle.strategy import PutBackMDP

    calls = [
        lambda: MarkovChain.from_successors([0], lambda k: {0: 1}, max_states=bad),
        lambda: td.deck_chain(td.TwoDreidelRules(), max_states=bad),
        lambda: PutBackMDP(td.TwoDreidelRules(), max_states=bad),
        lambda: float_absorption(cd.ClassicDreidelRules(players=2, coins=1), max_states=bad),
    ]
    for call in calls:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with pytest.raises(InputError, match="max_states"):
                call()


# -- the study commands' --store and --plot --------------------------------------------------
COMPARE = ["compare", "classic-dreidel", "--players", "2", "--coins", "2", "--variant", "coins=3", "--games", "8"]


@pytest.mark.parametrize(("option", "value", "problem"), [
    ("--store", "/dev/null", "not a folder"),
    ("--store", "missing/deeper/store", "does not exist"),
    ("--plot", "plot.xyz", "unknown file type"),
    ("--plot", "missing/plot.png", "does not exist"),
])
def test_compare_checks_its_paths_first(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path, option: str, value: str, problem: str) -> None:
    monkeypatch.chdir(tmp_path)
    study = importlib.import_module("dreidelpoker.play.study")

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("games were played before the bad path was refused")

    monkeypatch.setattr(study, "_run_cells", refuse)
    code, out, err = run_cli(capsys, *COMPARE, option, value)
    assert code == 2 and out == ""
    _one_line(err, option, value, problem)


def test_compare_plot_is_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "diff.png"
    code, _out, err = run_cli(capsys, *COMPARE, "--plot", str(plot), "--store", str(tmp_path / "store"))
    assert code == 0, err
    assert plot.read_bytes()[:4] == b"\x89PNG" and (tmp_path / "store").is_dir()
    assert not list(tmp_path.rglob("*.tmp"))
