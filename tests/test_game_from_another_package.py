"""A game from another installed distribution joins with no edit to dreidelpoker (issue 25,
item 4): ``tests/toy_dist`` is such a distribution, with its own ``pyproject.toml`` and one
entry point. The tests "install" it the way pip would, as a ``*.dist-info`` folder holding
that entry point on ``sys.path`` (``pip install tests/toy_dist`` does the same, slower), and
show that the registry, the command line (``--help``, ``equity``, ``simulate``, ``sweep``),
``simulate``/``sweep`` and the study layer (``compare``) in Python and the conformance suites
see the game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from dreidelpoker.games import registry

TOY_DIST = Path(__file__).resolve().parent / "toy_dist"
ROOT = TOY_DIST.parents[1]


def _install(site: Path) -> Path:
    """Write the toy's ``dist-info`` (its metadata and the entry points of its ``pyproject.toml``)
    into ``site``; return ``site``."""
    project = tomllib.loads((TOY_DIST / "pyproject.toml").read_text())["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    lines = [f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items())
             for group, eps in project["entry-points"].items()]
    (info / "entry_points.txt").write_text("\n".join(lines))
    return site


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """The toy installed in this process (and the environment a subprocess needs for it)."""
    site = _install(tmp_path / "site")
    monkeypatch.syspath_prepend(str(TOY_DIST))
    monkeypatch.syspath_prepend(str(site))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(TOY_DIST), str(ROOT)]))
    yield env
    monkeypatch.undo()
    registry.manifests()  # read again without the toy


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_the_registry_finds_the_game_by_its_entry_point(installed: dict[str, str]) -> None:
    assert "toy-duel" in registry.manifests()
    game = registry.get_game("toy-duel")
    assert game.title == "Duel (toy)" and game.play is not None and game.analysis is not None
    assert "toy-duel" in [g.name for g in registry.games()]
    from dreidelpoker_toy_duel.rules import DuelRules

    assert registry.game_for_rules(DuelRules()) is game


def test_simulate_and_sweep_in_python(installed: dict[str, str]) -> None:
    from dreidelpoker_toy_duel.rules import DuelRules

    from dreidelpoker.play import simulate
    from dreidelpoker.play.sweep import sweep

    res = simulate(DuelRules(), ["high", "uniform"], games=200, seed=3, progress=False)
    assert res.game == "toy-duel" and res.games == res.finished == 200 and len(res.win_rates()) == 2
    # The same seed gives the same games (the toy's chance draws go through the runner's sampler).
    assert simulate(DuelRules(), ["high", "uniform"], games=200, seed=3, progress=False).records == res.records
    grid = sweep({"rules": {"4": DuelRules(deck_size=4), "6": DuelRules()}}, games=20, seed=1, progress=False)
    assert len(grid.cells) == 2


def test_the_study_layer_compares_its_variants(installed: dict[str, str]) -> None:
    from dreidelpoker_toy_duel.rules import DuelRules

    from dreidelpoker.play.study import compare, named_lineups

    assert named_lineups(DuelRules(), players=2)
    study = compare({"six": DuelRules(), "four": DuelRules(deck_size=4)}, lineups="high,uniform", games=40,
                    seed=5, progress=False)
    assert study.to_dict()["game"] == "toy-duel" and len(study.cells) == 2


def test_the_command_line_lists_and_runs_it(installed: dict[str, str]) -> None:
    helped = _run(installed, "-m", "dreidelpoker", "simulate", "--help")
    assert helped.returncode == 0 and "toy-duel" in helped.stdout, helped.stderr
    for args in (["equity", "toy-duel", "--hand", "5", "--opponents", "1"],
                 ["simulate", "toy-duel", "--games", "30", "--seed", "2", "--deck-size", "4"],
                 ["sweep", "toy-duel", "--games", "10", "--bots", "high,uniform", "--bots", "uniform,uniform"]):
        done = _run(installed, "-m", "dreidelpoker", *args, "--json")
        assert done.returncode == 0, (args, done.stderr[-800:])
        json.loads(done.stdout)
    equity = json.loads(_run(installed, "-m", "dreidelpoker", "equity", "toy-duel", "--hand", "5", "--json").stdout)
    assert equity["win"] == "4/5"  # card 5 of 1..6 against one unknown card: it loses only to the 6


def test_the_conformance_suites_and_the_cli_fuzz_run_over_it(installed: dict[str, str]) -> None:
    """The analysis and play conformance checks and the CLI fuzz (every option of every
    command, bad values: one line, exit 2) pass for the game the docs' template describes;
    the fuzz found a bug the template had (``"²".isdigit()`` is true)."""
    done = _run(installed, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                "tests/test_conformance.py", "tests/test_play_conformance.py", "tests/test_cli_fuzz.py",
                "-k", "toy-duel")
    assert done.returncode == 0, done.stdout[-2000:]
    passed = int(done.stdout.rsplit(" passed", 1)[0].rsplit(None, 1)[-1])
    assert passed >= 15, done.stdout[-800:]
