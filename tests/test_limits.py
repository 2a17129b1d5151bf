"""Issue 15: every count has a documented bound, checked before any work; big chains are
refused at once by a cheap size estimate; the estimates are checked against real chains."""

from __future__ import annotations

import argparse

import pytest

from dreidelpoker.errors import InputError, ResourceLimitError
from dreidelpoker.games.classic_dreidel import size as classic_size
from dreidelpoker.games.classic_dreidel.chain import analyze, dreidel_chain
from dreidelpoker.games.classic_dreidel.rules import ClassicDreidelRules
from dreidelpoker.games.two_dreidel.rulebook import size as td_size
from dreidelpoker.games.two_dreidel.deck_cycle.chain import deck_chain
from dreidelpoker.games.two_dreidel.rulebook.rules import TwoDreidelRules
from dreidelpoker.limits import MAX_SAMPLES, int_arg
from dreidelpoker.validation import check_count, check_seed
from tests.cli_run import run_cli as run


@pytest.mark.parametrize(("players", "coins"), [(2, 5), (2, 20), (3, 4), (4, 3)])
def test_classic_estimate_is_within_a_factor_of_two(players: int, coins: int) -> None:
    rules = ClassicDreidelRules(players=players, coins=coins)
    real = len(dreidel_chain(rules=rules, exact=False))
    assert real / 2 <= classic_size.estimated_states(rules) <= real * 2


@pytest.mark.parametrize("deck", ["1-5-5-1", "2-7-7-2", "3-3-3-3", "1-10-10-1"])
def test_two_dreidel_estimate_is_close(deck: str) -> None:
    rules = TwoDreidelRules(deck=deck)
    real = deck_chain(rules=rules).n_states
    assert 0.9 * real <= td_size.estimated_states(rules) <= 1.1 * real


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["chain", "classic-dreidel", "--players", "2", "--coins", "1000"], "--max-states"),
        (["chain", "classic-dreidel", "--players", "3", "--coins", str(10 ** 12)], "about 10^"),
        (["chain", "classic-dreidel", "--players", "4", "--coins", "10", "--max-states", "1000"], "--max-states"),
        (["chain", "two-dreidel", "--deck", "100-100-100-100"], "--max-states"),
        (["chain", "two-dreidel", "--deck", "20-20-20-20"], "--max-states"),
        (["chain", "two-dreidel", "--deck", "5000-1-1-1"], "from 0 to 1000"),
        (["simulate", "classic-dreidel", "--players", "2", "--coins", "3", "--games", str(10 ** 10)], "--games"),
        (["simulate", "classic-dreidel", "--players", "2", "--coins", "1000000000", "--games", "1"],
         "cut short"),
        (["simulate", "classic-dreidel", "--players", "2", "--coins", "3", "--seed", "-1"], "--seed"),
        (["chain", "classic-dreidel", "--players", "2", "--coins", "2", "--max-states", "0"], "--max-states"),
    ],
)
def test_runaway_inputs_are_refused_at_once(capsys: pytest.CaptureFixture[str], args: list[str],
                                            needle: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "", err
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_api_refuses_big_chains_before_work() -> None:
    with pytest.raises(ResourceLimitError, match="max_states=3,000,000"):
        analyze(rules=ClassicDreidelRules(players=2, coins=1000))
    with pytest.raises(ResourceLimitError, match="raise max_states"):
        deck_chain(rules=TwoDreidelRules(deck="100-100-100-100"))
    assert issubclass(ResourceLimitError, InputError)


def test_bounded_counts() -> None:
    assert check_count(MAX_SAMPLES, "samples", low=2, high=MAX_SAMPLES) == MAX_SAMPLES
    with pytest.raises(InputError, match=r"samples must be an integer from 2 to 10,000,000, got 1\b"):
        check_count(1, "samples", low=2, high=MAX_SAMPLES)
    with pytest.raises(TypeError, match="got float 2.5"):
        check_count(2.5, "samples", low=2, high=MAX_SAMPLES)
    with pytest.raises(InputError, match="an integer of 5001 digits"):
        check_seed(10 ** 5000)
    assert check_seed(2 ** 128 - 1) == 2 ** 128 - 1


@pytest.mark.parametrize("text", ["²", "1e3", "", "x", "1.5", "٣"])
def test_int_arg_refuses_non_integers(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="is not an integer"):
        int_arg(text)


def test_int_arg_refuses_thousands_of_digits_briefly() -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=r"too many digits") as info:
        int_arg("9" * 5000)
    assert len(str(info.value)) < 120
