"""`dreidelpoker equity two-dreidel` with drawn cards, opponents' discards and top-two-only."""

from __future__ import annotations

import json

import pytest

from dreidelpoker.cli import main
from dreidelpoker.games.two_dreidel import equity
from dreidelpoker.games.two_dreidel.odds.information import opponent_posterior
from dreidelpoker.games.two_dreidel.odds.table import put_back_equities
from tests.cli_run import run_cli as run


def test_hand_form_keeps_its_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "two-dreidel", "--hand", "GH", "--opponents", "2", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"win", "tie", "lose", "equity", "hand", "opponents"} <= set(data)
    ref = equity("GH", opponents=2)
    assert data["equity"] == f"{ref.equity.p}/{ref.equity.q}"


def test_drawn_with_discards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "two-dreidel", "--drawn", "GHN", "--opponent-discard", "GH,NN",
                       "--opponent-discard", "HH,HN", "--json")
    assert code == 0
    data = json.loads(out)
    posts = [opponent_posterior(discards="GH,NN"), opponent_posterior(discards="HH,HN")]
    table = put_back_equities("GHN", opponents=posts)
    assert [c["put_back"] for c in data["choices"]] == [c.put_back for c in table.choices]
    assert [c["equity"] for c in data["choices"]] == [str(c.equity) for c in table.choices]
    assert data["best"] == table.best.put_back and data["opponents"] == 2
    assert data["opponent_hands"][0]["hand"] == posts[0].hand.to_dict()["probabilities"]


def test_top_two_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "two-dreidel", "--hand", "HN", "--opponent-discard", "NN", "--top-two-only",
                       "--hand-number", "5", "--json")
    assert code == 0
    data = json.loads(out)
    post = opponent_posterior(discards="NN", hand_number=5, visibility="top-two")
    assert data["opponent_hands"][0]["hand"] == post.hand.to_dict()["probabilities"]


def test_text_and_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "two-dreidel", "--drawn", "HNS", "--top", "S", "--opponent-discard", "-")
    assert code == 0 and "best: put back" in out and "opponent 1: hand 1" in out
    code, out, _ = run(capsys, "equity", "two-dreidel", "--hand", "GH", "--samples", "500", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "monte-carlo" and data["samples"] == 500 and data["seed"] == 3


def test_spin_table_from_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from dreidelpoker.games.two_dreidel.odds.spin_decision import spin_table

    code, out, _ = run(capsys, "equity", "two-dreidel", "--drawn", "GHN", "--opponent-discard", "GH,NN",
                       "--opponent-discard", "HH,HN", "--pot", "4", "--stack", "8", "--opponent-stacks", "6,3",
                       "--json")
    assert code == 0
    data = json.loads(out)
    posts = [opponent_posterior(discards="GH,NN"), opponent_posterior(discards="HH,HN")]
    best = put_back_equities("GHN", opponents=posts).best
    ref = spin_table(pot=4, equity=best.equity, hero_stack=8, opponents=[6, 3])
    assert data["spin"] == ref.to_dict()
    code, out, _ = run(capsys, "equity", "two-dreidel", "--hand", "HN", "--pot", "3")
    assert code == 0 and "break-even equity" in out and "assumptions" in out


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--drawn", "GHN", "--opponent-discard", "GG"], "holds 2 G but the deck 1-5-5-1 holds only 1"),
        (["--drawn", "GHN", "--opponent-discard", "GS,GH"], "could not have produced them"),
        (["--drawn", "GGH"], "hold 2 G but the deck 1-5-5-1 holds only 1"),
        (["--drawn", "GHN", "--top", "S"], "inconsistent with the known top card S"),
        (["--hand", "GH", "--opponents", "0"], "from 1 to 7, got 0"),
        (["--hand", "GH", "--opponents", "8"], "from 1 to 7, got 8"),
        (["--hand", "GH", "--drawn", "GHN"], "give either --hand"),
        ([], "give either --hand"),
        (["--hand", "GH", "--top-two-only"], "add --opponent-discard"),
        (["--hand", "GH", "--opponent-discard", "GH", "--top-two-only"], "--top-two-only needs --hand-number"),
        (["--hand", "GH", "--opponents", "2", "--opponent-discard", "GH"], "give one per opponent"),
        (["--hand", "GH", "--opponent-discard", "GH", "--opponent-discard", "HH,NN"], "equally long"),
        (["--hand", "GH", "--policy", "keep-best"], "unknown policy 'keep-best'"),
        (["--hand", "GH", "--stack", "3"], "add --pot"),
        (["--hand", "GH", "--pot", "3", "--opponent-stacks", "4,4"], "gives 2 stacks for 1 opponent"),
        (["--hand", "GH", "--pot", "3", "--opponent-stacks", "a"], "must be whole numbers"),
        (["--hand", "GH", "--pot", "-3"], "--pot must be a number of chips from 0 to 10,000"),
    ],
)
def test_bad_input_exits_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, _out, err = run(capsys, "equity", "two-dreidel", *argv)
    assert code == 2
    assert message in err and err.startswith("dreidelpoker equity two-dreidel: error:")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hand", "GG"], "holds 2 G but the deck 1-5-5-1 holds only 1"),
        (["--hand", "GH", "--deck", "0-5-5-1"], "holds 1 G but the deck 0-5-5-1 holds only 0"),
        (["--drawn", "GH"], "--drawn takes your 3 drawn cards, got 2"),
        (["--hand", "GH", "--pot", "4", "--stack", "-1"], "--stack must be a number of chips from 0 to 10,000"),
    ],
)
def test_impossible_hero_input(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:

    assert main(["equity", "two-dreidel", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_spin_rule_options_reach_the_spin_table(capsys: pytest.CaptureFixture[str]) -> None:
    import json


    # Pot 5: Hey costs 3 rounded up, 2 rounded down (RULES.md 1.4).
    for rounding, cost in (("up", 3), ("down", 2)):
        assert main(["equity", "two-dreidel", "--hand", "GH", "--pot", "5", "--half-pot-rounding", rounding, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        hey = [row for row in data["spin"]["faces"] if row["face"] == "H"][0]
        assert hey["buy_in"] == cost
