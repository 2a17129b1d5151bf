"""CLI fuzz suite (issue 15): for every registered verb and game, malformed arguments give
exit code 2, exactly one line on stderr and no traceback.

Hypothesis puts one bad value into one option of a command's own example (a valid
command line), so each case is bad in exactly one place. Cases run in-process through
``cli.main`` (fast); a few run as subprocesses with a generous timeout, which checks the
real console script and that runaway inputs are refused before the work starts.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dreidelpoker import cli
from tests.cli_run import run_cli

#: Options that take a file or folder name: any text is a valid name, so they are not fuzzed.
PATH_OPTIONS = {"--cache", "--plot", "--out", "--output", "--store"}
# Values no option of any game accepts.
BAD_VALUES = ["@", "-1-5-5-1", "²", "1e999", "9" * 5000, "x" * 300, "-7", "0.5", "@,@", "nan", "∞", "-", "--"]


def _game_parsers() -> list[tuple[str, str, cli.CommandParser]]:
    """(verb, game, that command's parser) for every command of the CLI."""
    return [(verb, game, gp) for (verb, game), gp in cli.command_parsers(cli.build_parser()).items()]


def _commands() -> list[tuple[str, str, tuple[str, ...], list[str]]]:
    """(verb, game, example args, value-taking options) for every registered command."""
    out = []
    for verb, game, gp in _game_parsers():
        command = gp.get_default("_command")
        options = [a.option_strings[-1] for a in gp.arguments
                   if a.option_strings and a.nargs != 0 and a.dest not in ("help", "debug")
                   and not PATH_OPTIONS & set(a.option_strings)]
        example = command.examples[0] if command.examples else ()
        out.append((verb, game, tuple(example), options))
    return out


COMMANDS = _commands()


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    return run_cli(capsys, *argv)


@pytest.mark.parametrize(("verb", "game", "example", "options"), COMMANDS,
                         ids=[f"{c[0]}-{c[1]}" for c in COMMANDS])
def test_one_bad_value_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: object, verb: str, game: str,
                                          example: tuple[str, ...], options: list[str]) -> None:
    monkeypatch.chdir(tmp_path)  # nothing a command might write lands in the repository
    if not options:
        pytest.skip("no option takes a value")

    @settings(max_examples=3, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(option=st.sampled_from(options), bad=st.sampled_from(BAD_VALUES), joined=st.booleans())
    def case(option: str, bad: str, joined: bool) -> None:
        tail = [f"{option}={bad}"] if joined else [option, bad]
        code, out, err = _run(capsys, [verb, game, *example, *tail])
        assert code == 2, (tail, code, err[-300:])
        assert err.count("\n") == 1 and err.endswith("\n"), err[-300:]
        assert "Traceback" not in err and "internal error" not in err
        assert len(err) < 700, "the bad value is shortened"

    case()


@pytest.mark.parametrize(("verb", "game", "example", "options"), COMMANDS,
                         ids=[f"{c[0]}-{c[1]}" for c in COMMANDS])
def test_unknown_option_and_stray_argument(capsys: pytest.CaptureFixture[str], verb: str, game: str,
                                           example: tuple[str, ...], options: list[str]) -> None:
    for tail in (["--no-such-option"], ["--json=@"], ["stray", "words"]):
        code, _, err = _run(capsys, [verb, game, *example, *tail])
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (tail, err)
        # a usage error points to --help ("stray words" may instead be read as a value and refused)
        assert "--help" in err or tail == ["stray", "words"], (tail, err)


# Each must be refused before the work starts: a subprocess with a generous timeout.
# (the other runaway inputs of the issue are refused in-process in tests/test_limits.py)
RUNAWAY = [
    ["chain", "classic-dreidel", "--players", "2", "--coins", "1000"],
    ["equity", "two-dreidel", "--hand", "GH", "--samples", "10000000000"],
    ["odds", "two-dreidel", "--deck", "-1-5-5-1"],
]


@pytest.mark.parametrize("argv", [
    ["simulate", "classic-dreidel", "--players", "2", "--coins", "3", "--games", "10000000000"],
    ["equity", "two-dreidel", "--hand", "GH", "--top-two-only", "--opponent-discard", "HN", "--hand-number", "1000000000000"],
    ["equity", "dice-poker", "--dice=-1,5,3", "--opponent-dice", "2,2,1"],
    ["equity", "dice-poker", "--dice", "²,5,3", "--opponent-dice", "2,2,1"],
    ["equity", "domino-poker", "--hand", "6-6,5-5,2-4,3-1,4-6", "--opponents=-1"],
    ["equity", "dice-poker", "--dice", "6,5,3", "--opponent-dice", "2,2,1", "--method", "exact", "--samples", "5"],
    ["equity", "two-dreidel", "--hand", "GH", "--seed", "3"],
    ["equity", "two-dreidel", "--hand", "GH", "--samples", "1"],
    ["odds", "two-dreidel", "--deck", "1" * 5000],
])
def test_issue_inputs_in_process(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = _run(capsys, argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) < 400


@pytest.mark.parametrize("argv", RUNAWAY, ids=[" ".join(a)[:60] for a in RUNAWAY])
def test_console_script_refuses_runaway_input(argv: list[str]) -> None:
    proc = subprocess.run([sys.executable, "-m", "dreidelpoker", *argv], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2, proc.stderr[-500:]
    assert proc.stdout == "" and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_no_game_command_takes_a_positional_argument() -> None:
    """Every value a game command reads is a named option, which the option fuzz above covers
    (the one positional, ``equity two-dreidel HAND``, became ``--hand``)."""
    for verb, game, gp in _game_parsers():
        positionals = [a for a in gp.arguments if not a.option_strings]
        assert positionals == [], (verb, game, [a.dest for a in positionals])


# -- every option x every kind of bad value (issue 20, item 8) --------------------------------

#: One value of each hostile kind; no option of any command accepts any of them.
HOSTILE = ["@", "²", "٣", "nan", "-7", "1e999", "9" * 5000, "__import__('os').system('touch pwned') or 1",
           "1/0", "0x10"]
#: Seconds one case may take: a refusal is immediate.
CASE_SECONDS = 10


@pytest.mark.parametrize(("verb", "game", "example", "options"), COMMANDS,
                         ids=[f"{c[0]}-{c[1]}" for c in COMMANDS])
def test_every_option_refuses_every_hostile_value(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Any, verb: str, game: str, example: tuple[str, ...],
                                                  options: list[str]) -> None:
    import signal

    monkeypatch.chdir(tmp_path)

    def alarm(signum: int, frame: Any) -> None:
        raise TimeoutError

    old = signal.signal(signal.SIGALRM, alarm)
    problems = []
    try:
        for option in options:
            for bad in HOSTILE:
                signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
                try:
                    code, out, err = _run(capsys, [verb, game, *example, f"{option}={bad}"])
                except TimeoutError:
                    problems.append(f"{option}={bad[:40]}: ran past {CASE_SECONDS} s")
                    continue
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                if code != 2 or err.count("\n") != 1 or "Traceback" in err or "internal error" in err:
                    problems.append(f"{option}={bad[:40]}: exit {code}, {err.strip()[-200:]!r}")
    finally:
        signal.signal(signal.SIGALRM, old)
    assert not (tmp_path / "pwned").exists(), "a code-like value was run"
    assert problems == [], "\n".join(problems)
