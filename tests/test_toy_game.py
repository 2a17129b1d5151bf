"""A toy game defined in the tests only: the generic engines, the CLI and every
conformance check work for it with no edit to the library."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
import sympy

from dreidelpoker.analysis import exact_equity, monte_carlo_equity
from dreidelpoker.cli import main
from dreidelpoker.games.registry import GameInfo, games, register, unregister

from .conformance import CHECKS, check_cli
from .toy_high_card import TOY, HighCardRules


@pytest.fixture
def toy() -> Iterator[GameInfo]:
    register(TOY)
    try:
        yield TOY
    finally:
        unregister(TOY.name)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__.removeprefix("check_"))
def test_toy_passes_conformance(toy: GameInfo, check: Callable[[GameInfo], None]) -> None:
    check(toy)


def test_toy_cli_conformance(toy: GameInfo, capsys: pytest.CaptureFixture[str]) -> None:
    assert toy in games()
    check_cli(toy, capsys)


def test_toy_exact_values(toy: GameInfo) -> None:
    g = toy.analysis
    assert g is not None
    rules = HighCardRules()
    # Card 5 against 2 opponents from {1, 2, 3, 4, 6}: it wins unless one holds the 6.
    r = exact_equity(g, g.known("5", opponents=2, rules=rules), rules=rules)
    assert (r.win, r.tie, r.equity) == (sympy.Rational(3, 5), 0, sympy.Rational(3, 5))
    # An unknown card heads-up: by symmetry 1/2.
    assert exact_equity(g, g.known("", opponents=1, rules=rules), rules=rules).equity == sympy.Rational(1, 2)
    four = HighCardRules.presets()["four"]
    assert exact_equity(g, g.known("3", opponents=1, rules=four), rules=four).win == sympy.Rational(2, 3)
    est = monte_carlo_equity(g, g.known("5", opponents=2, rules=rules), rules=rules, samples=5000, seed=3)
    assert est.contains("win", 0.6) and est.samples == 5000


def test_toy_cli_numbers(toy: GameInfo, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "toy-high-card", "--hand", "5", "--opponents", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["win"], data["equity"]) == ("3/5", "3/5")
    assert main(["equity", "toy-high-card", "--hand", "9", "--json"]) == 2
    assert "hand '9' must be one card from 1 to 6" in capsys.readouterr().err


def test_toy_is_gone_after_the_test() -> None:
    assert "toy-high-card" not in [g.name for g in games()]
