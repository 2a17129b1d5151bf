"""The command line: JSON shapes, human output, and errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from tests.cli_run import run_cli as run


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "two-dreidel", "--json")
    assert code == 0
    data = json.loads(out)
    hands = {h: Fraction(p) for h, p in data["hands"].items()}
    assert sum(hands.values()) == 1
    assert hands["HH"] == Fraction(7, 22)  # (C(5,2)*6 + C(5,3)) / C(12,3): HH kept from HHN, HHS, HHH
    assert list(hands) == ["GH", "GN", "HH", "HN", "NN"]


def test_odds_deck_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "two-dreidel", "--deck", "2-6-6-2", "--json")
    assert code == 0 and json.loads(out)["deck"] == "2-6-6-2"
    assert "GG" in json.loads(out)["hands"]


def test_equity_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "two-dreidel", "--hand", "GH", "--json")
    data = json.loads(out)
    assert code == 0
    # GH loses to nothing a normal-best 1-5-5-1 opponent keeps; ties only with GH (2/11).
    assert (data["win"], data["tie"], data["lose"], data["equity"]) == ("9/11", "2/11", "0", "10/11")


def test_equity_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "two-dreidel", "--hand", "גה", "--opponents", "3")
    assert code == 0 and "equity" in out and "win" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "two-dreidel", "--hand", "GHN"], "2 cards, got 3"),
        (["equity", "two-dreidel", "--hand", "GX"], "unknown symbol"),
        (["equity", "two-dreidel", "--hand", "GH", "--opponents", "0"], "opponents must be an integer from 1 to 7"),
        (["equity", "two-dreidel", "--hand", "GH", "--opponents", "8"], "opponents must be an integer from 1 to 7"),
        (["odds", "two-dreidel", "--deck", "1-5-5"], "has 3 counts"),
        (["odds", "two-dreidel", "--deck", "-1-5-5-1"], "deck"),
        (["odds", "two-dreidel", "--deck", "1-1-1-0"], "at least 4"),
        (["odds", "two-dreidel", "--policy", "best"], "invalid choice"),
        (["odds", "no-such-game"], "invalid choice"),
    ],
)
def test_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_help_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--help"], ["odds", "--help"], ["odds", "two-dreidel", "--help"], ["equity", "two-dreidel", "--help"]):
        code, out, _ = run(capsys, *args)
        assert code == 0 and "usage" in out


def test_console_script_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "dreidelpoker", "equity", "two-dreidel", "--hand", "GH", "--opponents", "9"],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "opponents must be" in proc.stderr
