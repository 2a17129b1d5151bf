"""Domino Poker CLI: `table`, `equity` and `odds` through dreidelpoker.cli.main."""

from __future__ import annotations

import json
from math import comb

from tests import domino_oracle as bf
import pytest
import sympy

from dreidelpoker.cli import main
from tests.cli_run import run_cli as run


def test_table_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "domino-poker", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["total"] == 15504 and d["ordered_draws"] == 1_860_480
    cats = d["categories"]
    assert [c["rank"] for c in cats] == list(range(9, -1, -1))
    assert cats[0]["name"] == "Royal" and cats[-1]["name"] == "High card"
    # counts against the oracle, probabilities as "p/q"
    oracle: dict[str, int] = {}
    for h in bf.all_hands():
        name = bf.category(h)[1]
        oracle[name] = oracle.get(name, 0) + 1
    for c in cats:
        assert c["count"] == oracle.get(c["name"], 0)
        assert sympy.Rational(c["probability"]) == sympy.Rational(c["count"], 15504)
    assert sum(c["count"] for c in cats) == d["total"]
    assert {"higher": "Full house", "lower": "Three of a kind"} in d["inversions"]


@pytest.mark.parametrize("option, n", [("flush", 10), ("straight", 13), ("high-card", 10)])
def test_table_options(capsys: pytest.CaptureFixture[str], option: str, n: int) -> None:
    code, out, _ = run(capsys, "table", "domino-poker", "--low-runs", option, "--json")
    d = json.loads(out)
    assert code == 0 and d["rules"]["low_runs"] == option and len(d["categories"]) == n


def test_table_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "domino-poker")
    assert code == 0
    assert "Royal" in out and "1,860,480" in out and "inversions" in out
    assert "equally likely but ranked differently: Straight sixes, Straight fives, Straight fours" in out


def test_equity_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,4-6", "--json")
    assert code == 0
    d = json.loads(out)
    win, tie, lose, share12, deals = bf.naive_equity(
        [(6, 6), (5, 5), (4, 2), (3, 1), (6, 4)], [[]]
    )
    assert d["deals"] == deals == comb(15, 5)
    assert (d["win"], d["tie"], d["lose"]) == (
        str(sympy.Rational(win, deals)), str(sympy.Rational(tie, deals)), str(sympy.Rational(lose, deals)))
    assert sympy.Rational(d["equity"]) == sympy.Rational(share12, 12 * deals)
    assert d["opponents"] == 1 and d["hand"] == "[6-6] [6-4] [5-5] [4-2] [3-1]"


def test_equity_with_known_opponents(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,4-6",
                       "--opponent-tiles", "2-2,3-3,4-4,5-1,5-3", "--opponents", "2", "--json")
    d = json.loads(out)
    assert code == 0 and d["win"] == "0" and d["opponents"] == 2
    assert d["known_opponents"] == ["[5-3] [5-1] [4-4] [3-3] [2-2]"]


def test_equity_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "domino-poker", "--hand", "2-2,3-3,4-4,5-5,6-6", "--opponents", "3")
    assert code == 0 and "equity" in out and "756,756" in out


def test_odds_blocking(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "domino-poker", "--hand", "6-6,5-5", "--json")
    d = json.loads(out)
    assert code == 0 and d["hands"] == comb(18, 5)
    royal = d["categories"][0]
    assert royal["name"] == "Royal" and royal["probability"] == "0" and royal["change"] == "-1/15504"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,1-1"], r"[1-1] is removed"),
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,0-4"], "blank"),
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,7-4"], "outside 1..6"),
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,6-6"], "repeat [6-6]"),
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,4-6,2-2"], "at most 5 tiles, got 6"),
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,4-6", "--opponents", "4"], "--opponents must be 1 to 3"),
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,4-6", "--opponents", "0"], "--opponents must be 1 to 3"),
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,4-6", "--opponent-tiles", "6-6"], "in both your hand and opponent 1's hand"),
        (["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,4-6", "--opponent-tiles", "2-2", "--opponent-tiles", "3-3", "--opponents", "1"],
         "2 --opponent-tiles given"),
        (["odds", "domino-poker", "--hand", "6-6,x"], "not a tile"),
    ],
)
def test_cli_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"dreidelpoker {argv[0]} domino-poker: error: ") and message in err


def test_cli_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["table", "domino-poker", "--low-runs", "straights"])
    assert e.value.code == 2
    assert "invalid choice: 'straights'" in capsys.readouterr().err
