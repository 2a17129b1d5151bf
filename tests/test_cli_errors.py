"""How the command line fails: our input errors exit 2 with one line, bugs are reported as
internal errors (their traceback and a request to report), Ctrl-C exits 130, usage errors are one line."""

from __future__ import annotations

import argparse

import pytest

from dreidelpoker import cli
from dreidelpoker.errors import InputError, InputTypeError, shorten
from dreidelpoker.games.registry import CliCommand
from tests.cli_run import run_cli as run


def _patched_run(monkeypatch: pytest.MonkeyPatch, exc: BaseException) -> None:
    """Make ``odds two-dreidel`` raise ``exc`` from inside its command."""
    original = cli.build_parser

    def build(argv: list[str] | None = None) -> argparse.ArgumentParser:
        parser = original(argv)

        def boom(args: argparse.Namespace) -> object:
            raise exc

        game = parser.subcommands["odds"].subcommands["two-dreidel"]
        old: CliCommand = game.get_default("_command")
        game.set_defaults(_command=CliCommand(help=old.help, add_arguments=old.add_arguments, run=boom))
        return parser

    monkeypatch.setattr(cli, "build_parser", build)


def test_input_error_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "odds", "two-dreidel", "--deck", "1-5-5")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("dreidelpoker odds two-dreidel: error: deck")


@pytest.mark.parametrize("exc", [TypeError("'NoneType' object is not iterable"), ValueError("math domain error"),
                                 KeyError("x"), AttributeError("oops")])
def test_a_bug_is_an_internal_error_not_bad_input(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch, exc: Exception) -> None:
    _patched_run(monkeypatch, exc)
    code, out, err = run(capsys, "odds", "two-dreidel")
    assert code == cli.EXIT_INTERNAL == 1
    assert err.startswith("Traceback (most recent call last)") and f"{type(exc).__name__}" in err
    last = err.rstrip().splitlines()[-1]
    assert last.startswith("dreidelpoker odds two-dreidel: internal error") and type(exc).__name__ in last
    assert "report" in last and "traceback above" in last


def test_debug_shows_the_traceback_of_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "odds", "two-dreidel", "--deck", "1-5-5", "--debug")
    assert code == 2 and "Traceback (most recent call last)" in err and "InputError" in err
    assert err.rstrip().splitlines()[-1].startswith("dreidelpoker odds two-dreidel: error: deck")


@pytest.mark.parametrize("exc", [InputError("--deck 'x' is not a deck"), InputTypeError("deck must be text")])
def test_own_errors_exit_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                           exc: Exception) -> None:
    _patched_run(monkeypatch, exc)
    code, _, err = run(capsys, "odds", "two-dreidel")
    assert (code, err) == (2, f"dreidelpoker odds two-dreidel: error: {exc}\n")


def test_ctrl_c_is_one_line_exit_130(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _patched_run(monkeypatch, KeyboardInterrupt())
    code, out, err = run(capsys, "odds", "two-dreidel")
    assert (code, out, err) == (130, "", "dreidelpoker odds two-dreidel: interrupted\n")


def test_multi_line_messages_become_one_line(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _patched_run(monkeypatch, InputError("first\nsecond"))
    assert run(capsys, "odds", "two-dreidel")[2] == "dreidelpoker odds two-dreidel: error: first; second\n"


@pytest.mark.parametrize("args", [["odds"], ["odds", "nope"], ["chain", "classic-dreidel", "--players", "x",
                                                                "--coins", "2"], ["frobnicate"],
                                  ["equity", "dice-poker", "--dice"]])
def test_usage_errors_are_one_line_pointing_to_help(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--help" in err and "usage:" not in err


def test_simulate_help_has_no_doubled_percent(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0 and "%%" not in out
    code, out, _ = run(capsys, "simulate", "classic-dreidel", "--help")
    assert code == 0 and "%%" not in out


def test_shorten() -> None:
    assert shorten("abc") == "'abc'"
    long = shorten("y" * 10_000)
    assert len(long) < 90 and "10002 characters" in long
    assert shorten(-(10 ** 9000)) == "an integer of 9001 digits"
    assert shorten(10 ** 100) == "an integer of 101 digits"
    assert shorten(12345) == "12345"


def test_library_raises_only_its_own_input_errors() -> None:
    """Input checks raise InputError/InputTypeError, so the CLI can tell bad input from a bug.

    A plain ``raise ValueError(...)`` / ``raise TypeError(...)`` in the package would make the
    CLI report bad input as an internal error. Mark a deliberate exception (a bug check, not
    input) with the comment ``# not input``.
    """
    import pathlib
    import re

    import dreidelpoker

    root = pathlib.Path(dreidelpoker.__file__).parent
    bad = []
    for path in sorted(root.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"raise (ValueError|TypeError)\(", line) and "# not input" not in line:
                bad.append(f"{path.relative_to(root)}:{n}")
    assert not bad, ("use dreidelpoker.errors.InputError / InputTypeError for input checks "
                     f"(or mark '# not input'): {bad}")
