"""Input that was once taken silently (issue 20, "More input taken silently").

``--aliases G=H`` read the hand GH as HH; a second ``--vary`` on a field dropped the first;
``--vary ante=1,2 --ante 5`` ignored ``--ante``; non-ASCII digits passed some options and not
others. (``--plot FOLDER``, sums of 1.0000000001 and ``max_states=nan`` are tested in
``test_files_safe.py`` and ``test_no_eval.py``.)
"""

from __future__ import annotations

import json

import pytest

from dreidelpoker.errors import InputError, InputTypeError
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from tests.cli_run import run_cli


def test_an_alias_that_shadows_a_symbol_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "equity", "two-dreidel", "--hand", "GH", "--aliases", "G=H")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "the hand GH would read as HH" in err
    with pytest.raises(InputError, match="alias g=N would make 'g' mean N"):
        TwoDreidelRules(aliases={"g": "N"})
    with pytest.raises(InputError, match="one character"):
        TwoDreidelRules(aliases={"gh": "G"})
    with pytest.raises(InputTypeError, match="aliases must be a Mapping"):
        TwoDreidelRules(aliases="G=H")  # type: ignore[arg-type]


def test_harmless_aliases_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "equity", "two-dreidel", "--hand", "gh", "--aliases", "g=G,h=H,x=N", "--json")
    assert code == 0, err
    plain = run_cli(capsys, "equity", "two-dreidel", "--hand", "GH", "--json")[1]
    assert json.loads(out)["equity"] == json.loads(plain)["equity"]
    assert TwoDreidelRules(aliases={"x": "N", "G": "G"}).aliases == {"x": "N", "G": "G"}


QUEENIE_SWEEP = ["sweep", "queenie", "--games", "4", "--seed", "1"]


def test_a_field_varied_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, *QUEENIE_SWEEP, "--vary", "ante=1,2", "--vary", "ante=3")
    assert code == 2 and err.count("\n") == 1 and "--vary ante is given twice" in err


def test_vary_and_the_fields_own_option_conflict(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, *QUEENIE_SWEEP, "--vary", "ante=1,2", "--ante", "5")
    assert code == 2 and err.count("\n") == 1 and "--vary ante=... and --ante both set ante" in err


def test_vary_alone_sweeps_every_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, *QUEENIE_SWEEP, "--vary", "ante=1,2", "--vary", "swap-cost=0,1", "--json")
    assert code == 0, err
    assert len(json.loads(out)["cells"]) == 4


@pytest.mark.parametrize("argv", [
    ["odds", "two-dreidel", "--deck", "١-٥-٥-١"],
    ["odds", "two-dreidel", "--deck", "１-5-5-1"],
    ["sweep", "classic-dreidel", "--players", "٢-٣", "--games", "2"],
    ["simulate", "classic-dreidel", "--players", "٢", "--coins", "2", "--games", "2"],
    ["equity", "dice-poker", "--dice", "٦,٥,٣", "--opponent-dice", "2,2,1"],
    ["equity", "domino-poker", "--hand", "٦-٦,5-5,2-4,3-1,4-6"],
    ["equity", "two-dreidel", "--hand", "GH", "--opponents", "٢"],
    ["simulate", "two-dreidel", "--players", "2", "--games", "2", "--spin-probabilities", "١/٤,1/4,1/4,1/4"],
    ["sweep", "queenie", "--games", "2", "--vary", "ante=١,2"],
])
def test_non_ascii_digits_are_refused_by_every_kind_of_option(capsys: pytest.CaptureFixture[str],
                                                             argv: list[str]) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, (argv, err)


@pytest.mark.parametrize("argv", [
    ["odds", "two-dreidel", "--deck", "1-5-5-1"],
    ["sweep", "classic-dreidel", "--players", "2-3", "--games", "2"],
    ["equity", "dice-poker", "--dice", "6,5,3", "--opponent-dice", "2,2,1"],
])
def test_the_same_options_in_ascii_work(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _out, err = run_cli(capsys, *argv)
    assert code == 0, err


@pytest.mark.parametrize("players", ["2-" + "9" * 30, "2-" + "9" * 5000, "2-100000", "2-1000000000"])
def test_huge_player_ranges_are_one_line(capsys: pytest.CaptureFixture[str], players: str) -> None:
    code, out, err = run_cli(capsys, "sweep", "classic-dreidel", "--players", players, "--games", "2")
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) < 400
