"""Dice Poker CLI: `dreidelpoker table dice-poker` and `dreidelpoker equity dice-poker`."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from dreidelpoker.cli import main


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_table_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, ["table", "dice-poker", "--json"])
    assert d["space"] == "ordered" and d["total"] == 216 * math.comb(52, 3)
    cats = d["categories"]
    assert isinstance(cats, list) and len(cats) == 15
    assert [c["rank"] for c in cats] == list(range(14, -1, -1))  # strongest first
    assert cats[14]["name"] == "High card" and cats[0]["name"] == "Six of a kind"
    assert cats[0]["count"] == 20 and cats[0]["probability"] == "1/238680"
    assert sum(Fraction(c["probability"]) for c in cats) == 1
    assert sum(c["count"] for c in cats) == d["total"]
    assert d["inversions"] and {"higher", "lower"} <= set(d["inversions"][0])
    assert d["designer"]["six_of_a_kind"]["ordered"] == 20


def test_table_other_space_and_conditional(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, ["table", "dice-poker", "--space", "dice-multiset", "--json"])
    assert d["space"] == "dice-multiset" and d["total"] == 56 * 22100
    d = _json(capsys, ["table", "dice-poker", "--dice", "6,6,6", "--cards", "K,K", "--json"])
    assert d["total"] == 50 and d["dice"] == [6, 6, 6] and d["cards"] == ["K", "K"]
    assert d["space"] == "conditional"
    assert main(["table", "dice-poker", "--no-straights-from-one"]) == 0
    out = capsys.readouterr().out
    assert "Six of a kind" in out and "inversions" in out and "4,773,600" in out


def test_equity_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, ["equity", "dice-poker", "--dice", "6,5,3", "--cards", "K", "--opponent-dice", "2,2,1",
                       "--json"])
    assert {"win", "tie", "lose", "equity"} <= set(d)
    assert d["method"] == "exact"
    assert Fraction(d["win"]) + Fraction(d["tie"]) + Fraction(d["lose"]) == 1


def test_equity_equal_dice_is_half(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, ["equity", "dice-poker", "--dice", "3,3,2", "--opponent-dice", "2,3,3", "--json"])
    assert d["equity"] == "1/2"


def test_equity_against_an_unknown_roll(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, ["equity", "dice-poker", "--dice", "6,5,3", "--cards", "K,Q,J", "--opponent-dice", "any",
                       "--json"])
    assert d["method"] == "exact" and d["opponent_dice"] == ["?"]
    assert Fraction(d["win"]) + Fraction(d["tie"]) + Fraction(d["lose"]) == 1


def test_equity_several_opponents_and_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, ["equity", "dice-poker", "--dice", "6,5,3", "--opponent-dice", "2,2,1", "4,4,3",
                       "--samples", "5000", "--seed", "3", "--json"])
    assert d["method"] == "monte-carlo" and d["samples"] == 5000 and d["seed"] == 3
    assert d["opponent_dice"] == [[2, 2, 1], [4, 4, 3]]
    assert 0 <= d["equity"] <= 1 and "intervals" in d
    assert main(["equity", "dice-poker", "--dice", "6,5,3", "--opponent-dice", "2,2,1"]) == 0
    assert "equity" in capsys.readouterr().out


@pytest.mark.parametrize("argv,fragment", [
    (["equity", "dice-poker", "--dice", "6,5,7", "--opponent-dice", "2,2,1"], "7 is outside 1-6"),
    (["equity", "dice-poker", "--dice", "6,5", "--opponent-dice", "2,2,1"], "got 2 dice"),
    (["equity", "dice-poker", "--dice", "6,5,3", "--cards", "KS,KS", "--opponent-dice", "2,2,1"], "duplicate card KS"),
    (["equity", "dice-poker", "--dice", "6,5,3", "--cards", "Z", "--opponent-dice", "2,2,1"], "unknown card 'Z'"),
    (["equity", "dice-poker", "--dice", "6,5,3"], "--opponent-dice"),
    (["equity", "dice-poker", "--dice", "6,5,3", "--opponent-dice", "2,2"], "opponent 1's dice"),
    (["equity", "dice-poker", "--dice", "6,5,3", "--opponent-dice", *(["1,1,1"] * 17)], "at most 17 players"),
    (["equity", "dice-poker", "--dice", "6,5,3", "--cards", "K,K,K", "--dead", "K,K", "--opponent-dice", "1,1,1"],
     "the deck holds 4 of each rank"),
    (["table", "dice-poker", "--cards", "K"], "--cards needs --dice"),
    (["table", "dice-poker", "--dice", "9,9,9"], "9 is outside 1-6"),
])
def test_bad_input_exits_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "error:" in err and fragment in err


def test_unknown_option_value_is_an_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["table", "dice-poker", "--space", "unordered"])
    assert e.value.code == 2
    assert "invalid choice: 'unordered'" in capsys.readouterr().err
