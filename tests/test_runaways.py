"""Every runaway input of issue 20 ("Why", item 6) is refused before the work starts, with the bound
in its one-line message, or finishes within its bound. Each case runs in-process under a time
limit far below the work it would have started."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.cli_run import run_cli

SKIRMISH_26 = "2,3,4,5,6,7,8,9,10,J,Q,K,A,2,3,4,5,6,7,8,9,10,J,Q,K,A"

#: (command line, text the one-line refusal must hold: the bound or the option that raises it)
REFUSED = [
    (["solve", "domino-poker", "--target", "nan"], "not a finite number"),
    (["solve", "domino-poker", "--target=-1"], "target must be a finite number > 0"),
    (["solve", "skirmish", "--mine", SKIRMISH_26, "--theirs", SKIRMISH_26], "over the limit of 1,000,000"),
    (["simulate", "skirmish", "--line-size", "26", "--games", "1"], "over the limit of 1,000,000"),
    (["simulate", "skirmish", "--bots", "optimal,optimal", "--line-size", "13", "--pile-size", "1", "--games", "1"],
     "over the limit of 1,000,000"),
    (["sweep", "classic-dreidel", "--players", "2-1000000000"], "at most 1,000"),
    (["sweep", "classic-dreidel", "--players", "2-" + "9" * 40], "at most 1,000"),
    (["chain", "classic-dreidel", "--players", "3", "--coins", "8", "--method", "exact"], "exact limit of 10,000"),
    (["chain", "two-dreidel", "--deck", "30-30-30-30", "--max-states", "100000000"], "from 1 to 1,000,000"),
    (["odds", "two-dreidel", "--deck", "100-100-100-100", "--draw", "200", "--put-back", "198"],
     "work limit of 10,000,000"),
    (["equity", "two-dreidel", "--hand", "GH", "--samples", "10000000", "--opponents", "7"], "limit of 20,000,000"),
    (["equity", "two-dreidel", "--hand", "GH", "--pot", "1000000000000"], "from 0 to 10,000"),
    (["simulate", "classic-dreidel", "--players", "2", "--coins", "100000000", "--games", "1"], "limit of 10,000,000"),
]


@contextmanager
def _limit(seconds: float) -> Iterator[None]:
    def alarm(signum: int, frame: Any) -> None:
        raise TimeoutError(f"ran past {seconds} s: not refused before the work")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize(("argv", "bound"), REFUSED, ids=[" ".join(a)[:70] for a, _ in REFUSED])
def test_runaway_is_refused_at_once_with_its_bound(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                   bound: str) -> None:
    with _limit(20):
        code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err[-300:]
    assert bound in err and "Traceback" not in err, err


def test_the_api_is_bounded_too() -> None:
    from dreidelpoker.errors import InputError, ResourceLimitError
    from dreidelpoker.games import classic_dreidel, two_dreidel
    from dreidelpoker.games.skirmish.solver import capture_value

    with _limit(20):
        with pytest.raises(ResourceLimitError, match="exact limit"):
            classic_dreidel.analyze(rules=classic_dreidel.ClassicDreidelRules(players=3, coins=8), method="exact")
        with pytest.raises(ResourceLimitError, match="capture positions"):
            capture_value(list(range(2, 15)) * 2, list(range(2, 15)) * 2)
        with pytest.raises(ResourceLimitError, match="work limit"):
            two_dreidel.TwoDreidelRules(deck="100-100-100-100", draw=200, put_back=198)
        with pytest.raises(ResourceLimitError, match="hands to draw"):
            two_dreidel.monte_carlo_equity("GH", opponents=7, samples=10_000_000)
        with pytest.raises(InputError, match="target must be a finite number > 0"):
            from dreidelpoker.games.domino_poker.solve_betting import solve_betting
            solve_betting(iterations=1, target=float("nan"))


def test_solve_two_dreidel_stacks_are_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "solve", "two-dreidel", "--stacks", "10000,10000")
    assert code == 2 and "at most 128 chips" in err and "Traceback" not in err


def test_sweep_classic_dreidel_with_a_million_coins_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "sweep", "classic-dreidel", "--coins", "1000000", "--games", "2")
    assert code == 2 and "most games would be cut short" in err
    code, _, err = run_cli(capsys, "simulate", "classic-dreidel", "--players", "2", "--coins", "100000",
                           "--games", "1")
    assert code == 2 and "most games would be cut short" in err


FAINT_GIMEL = ("1/1000000", "0", "999999/1000000", "0")


def test_a_faint_face_is_refused_on_the_cli_and_in_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    """A face probability of 1/1,000,000 (issue 20): Gimel alone moves coins, so a game of
    2 x 3 coins lasts millions of spins, drawn one by one. The exact chain (another engine)
    says how long; the simulator refuses before the first game, on the command line and in
    the API, and plays it when ``hand_limit`` bounds each game."""
    from dreidelpoker.errors import ResourceLimitError
    from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, analyze, new_game
    from dreidelpoker.play import simulate

    rules = ClassicDreidelRules(players=2, coins=3, face_probabilities=FAINT_GIMEL)
    assert analyze(rules=rules, method="exact").expected_spins > 5_000_000  # the oracle: a runaway indeed
    with _limit(20):
        code, out, err = run_cli(capsys, "simulate", "classic-dreidel", "--players", "2", "--coins", "3",
                                 "--games", "10", "--face-probabilities", ",".join(FAINT_GIMEL))
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert "over the limit of 1,000,000 spins a game" in err and "Traceback" not in err
        code, _, err = run_cli(capsys, "sweep", "classic-dreidel", "--players", "2", "--coins", "3", "--games", "2",
                               "--face-probabilities", ",".join(FAINT_GIMEL))
        assert code == 2 and "over the limit of 1,000,000 spins a game" in err, err
        with pytest.raises(ResourceLimitError, match="over the limit of 1,000,000 spins a game"):
            simulate(rules, games=10, seed=1, progress=False)
        with pytest.raises(ResourceLimitError, match="hand_limit"):
            new_game(rules)
        cut = simulate(rules, games=2, seed=1, progress=False, hand_limit=1_000)
    assert [r.rounds for r in cut.records] == [1_000, 1_000]  # cut at the bound (a Gimel in 1,000 spins is rare)
