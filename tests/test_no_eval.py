"""No user string is ever evaluated (issue 20, item 1).

Code-like text goes into every rules field of every registered game (Python API) and into
every value-taking option of every CLI command (the list is read from the parsers
themselves); a marker file the payload would create never appears, and no payload ever
reaches ``sympy.sympify`` / ``parse_expr`` / ``eval`` / ``exec``. Numbers are read by
:mod:`dreidelpoker.strict_numbers` only; ``9**9**9`` is refused at once.
"""

from __future__ import annotations

import builtins
import dataclasses
import importlib
import subprocess
import sys
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import sympy

from dreidelpoker.errors import InputError, InputTypeError
from dreidelpoker.games.registry import games
from dreidelpoker.games.two_dreidel.rulebook.rules import TwoDreidelRules
from dreidelpoker.strict_numbers import MAX_DIGITS, parse_exact, parse_float, parse_integer, sympy_number
from tests.cli_run import run_cli
from tests.test_cli_fuzz import PATH_OPTIONS, _game_parsers

TAG = "dp_marker_no_eval"


def _payloads(marker: Path) -> list[str]:
    """Code that would create ``marker`` if anything evaluated it (as Python or through sympy)."""
    return [
        f"__import__('os').system('touch {marker}') or 1/4",
        f"open('{marker}', 'w') and 1/4",
        f"exec(\"open('{marker}','w')\") or 1",
        f"(lambda: open('{marker}', 'w'))() and 1",
        f"__import__('pathlib').Path('{marker}').touch() or 1",
    ]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Records every string that reaches sympify / parse_expr / eval / exec and holds the tag."""
    seen: list[str] = []

    def wrap(fn: Any, *, uses_frame: bool = False) -> Any:
        def watched(*args: Any, **kwargs: Any) -> Any:
            for a in (*args, *kwargs.values()):
                if isinstance(a, str) and TAG in a:
                    seen.append(a)
            if uses_frame and len(args) == 1 and not kwargs:
                # eval/exec without namespaces run in the caller's: hand them on.
                caller = sys._getframe(1)
                return fn(args[0], caller.f_globals, caller.f_locals)
            return fn(*args, **kwargs)
        return watched

    sympify_module = importlib.import_module("sympy.core.sympify")
    parser_module = importlib.import_module("sympy.parsing.sympy_parser")

    monkeypatch.setattr(sympy, "sympify", wrap(sympy.sympify))
    monkeypatch.setattr(sympify_module, "sympify", wrap(sympify_module.sympify))
    monkeypatch.setattr(parser_module, "parse_expr", wrap(parser_module.parse_expr))
    monkeypatch.setattr(builtins, "eval", wrap(builtins.eval, uses_frame=True))
    monkeypatch.setattr(builtins, "exec", wrap(builtins.exec, uses_frame=True))
    yield seen


def _rules_cases() -> list[tuple[str, type, str]]:
    out = []
    for game in games():
        rules_type = game.rules_type
        if not dataclasses.is_dataclass(rules_type):
            continue
        for f in dataclasses.fields(rules_type):
            if f.init:
                out.append((game.name, rules_type, f.name))
    return out


RULES_CASES = _rules_cases()


def test_every_game_has_rules_fields() -> None:
    names = {g for g, _t, _f in RULES_CASES}
    assert {"two-dreidel", "classic-dreidel", "dice-poker", "domino-poker", "queenie", "skirmish"} <= names
    assert ("two-dreidel", TwoDreidelRules, "spin_probabilities") in RULES_CASES


@pytest.mark.parametrize(("game", "rules_type", "field_name"), RULES_CASES,
                         ids=[f"{g}.{f}" for g, _t, f in RULES_CASES])
def test_code_in_a_rules_field_never_runs(tmp_path: Path, spy: list[str], game: str, rules_type: type,
                                          field_name: str) -> None:
    marker = tmp_path / TAG
    for payload in _payloads(marker):
        default = getattr(rules_type(), field_name)
        size = len(default) if isinstance(default, tuple) and default else 4
        values: list[Any] = [payload, (payload,) * size, (payload, *(["1/4"] * (size - 1))),
                             {payload: payload}, [payload]]
        for value in values:
            try:
                rules_type(**{field_name: value})
            except Exception:  # noqa: BLE001 - refusing is right; how clearly is tested elsewhere
                pass
            assert not marker.exists(), (field_name, value)
    assert not spy, spy[:3]


def _cli_cases() -> list[tuple[str, str, tuple[str, ...], str]]:
    out = []
    for verb, game, gp in _game_parsers():
        command = gp.get_default("_command")
        example = tuple(command.examples[0]) if command.examples else ()
        for action in gp.arguments:
            if not action.option_strings or action.nargs == 0 or action.dest in ("help", "debug"):
                continue
            if PATH_OPTIONS & set(action.option_strings):
                continue  # a file name is never evaluated: any text is a valid name
            out.append((verb, game, example, action.option_strings[-1]))
    return out


CLI_CASES = _cli_cases()


def test_cli_cases_cover_the_reported_options() -> None:
    options = {(v, g, o) for v, g, _e, o in CLI_CASES}
    for verb in ("odds", "equity", "solve"):
        assert (verb, "two-dreidel", "--spin-probabilities") in options
    assert len(CLI_CASES) > 250


@pytest.mark.parametrize(("verb", "game", "example", "option"), CLI_CASES,
                         ids=[f"{c[0]}-{c[1]}{c[3]}" for c in CLI_CASES])
def test_code_in_a_cli_option_never_runs(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path, spy: list[str], verb: str, game: str,
                                         example: tuple[str, ...], option: str) -> None:
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / TAG
    payload = _payloads(marker)[0]
    for value in (payload, f"{payload},1/4,1/4,1/4"):
        code, _out, err = run_cli(capsys, verb, game, *example, f"{option}={value}")
        assert not marker.exists(), (option, value)
        assert "Traceback" not in err and "internal error" not in err, err[-400:]
    assert not spy, spy[:3]


def test_issue_command_refuses_the_payload_without_running_it(tmp_path: Path) -> None:
    """The exact command of issue 20, as a real process."""
    marker = tmp_path / "pwned"
    for verb in ("odds", "equity", "solve"):
        extra = ["--hand", "GH"] if verb == "equity" else ["--spins", "1", "--no-betting"] if verb == "solve" else []
        proc = subprocess.run(
            [sys.executable, "-m", "dreidelpoker", verb, "two-dreidel", *extra, "--spin-probabilities",
             f"__import__('os').system('touch {marker}') or 1/4,1/4,1/4,1/4"],
            capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr
        assert proc.stdout == "" and proc.stderr.count("\n") == 1, proc.stderr
        # odds now refuses the option itself (spins do not change its answer); the others read it.
        assert "is not an exact number" in proc.stderr or (verb == "odds" and "does not apply" in proc.stderr)
        assert not marker.exists()


def test_power_tower_is_refused_at_once() -> None:
    start = time.monotonic()
    with pytest.raises(InputError, match="is not an exact number"):
        TwoDreidelRules(spin_probabilities=("9**9**9", 0, 0, 0))
    with pytest.raises(InputError, match="is not an integer"):
        parse_integer("9**9**9")
    for text in ("9**9**9", "1e999999999", "10**10**10", "2^1000000"):
        with pytest.raises(InputError):
            parse_exact(text)
    assert time.monotonic() - start < 1.0


def test_power_tower_on_the_command_line_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    start = time.monotonic()
    code, out, err = run_cli(capsys, "equity", "two-dreidel", "--hand", "GH", "--spin-probabilities", "9**9**9,0,0,0")
    assert code == 2 and out == "" and err.count("\n") == 1 and "9**9**9" in err
    assert time.monotonic() - start < 5.0


def test_probabilities_must_sum_to_exactly_one() -> None:
    near = ("0.2500000000025",) * 4  # sums to 1.00000000001
    with pytest.raises(InputError, match="sum to 1"):
        TwoDreidelRules(spin_probabilities=near)
    with pytest.raises(InputError, match="sum to 1"):
        TwoDreidelRules(spin_probabilities=("1/4", "1/4", "1/4", "0.2500000001"))
    with pytest.raises(InputError, match="sum to 1"):
        TwoDreidelRules(spin_probabilities=(0.25, 0.25, 0.25, 0.2500000001))
    # Exact decimals and floats whose printed decimals sum to 1 are fine.
    assert TwoDreidelRules(spin_probabilities=("0.1", "0.2", "0.3", "0.4")).spin_probabilities == (
        sympy.Rational(1, 10), sympy.Rational(1, 5), sympy.Rational(3, 10), sympy.Rational(2, 5))
    TwoDreidelRules(spin_probabilities=(0.1, 0.2, 0.3, 0.4))
    # Symbols from a Python caller stay allowed.
    g = sympy.Symbol("g")
    assert TwoDreidelRules(spin_probabilities=(g, 1 - g, 0, 0)).spin_probabilities[0] == g


def test_probabilities_summing_past_one_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, "solve", "two-dreidel", "--spins", "1", "--no-betting", "--spin-probabilities",
                              "0.2500000000025,0.2500000000025,0.2500000000025,0.2500000000025")
    assert code == 2 and "sum to 1" in err and err.count("\n") == 1


@pytest.mark.parametrize("text", ["٣", "３", "²", "½", "1٣", "٣/٤", "0.٥", "⅓"])
def test_non_ascii_digits_are_refused_everywhere(text: str) -> None:
    with pytest.raises(InputError, match="non-ASCII digit"):
        parse_exact(text)
    with pytest.raises(InputError, match="is not an integer"):
        parse_integer(text)
    with pytest.raises(InputError, match="non-ASCII digit"):
        TwoDreidelRules(spin_probabilities=(text, "1/4", "1/4", "1/4"))


def _integer_options() -> list[tuple[str, str, tuple[str, ...], str]]:
    """Every option whose argparse type reads an integer, found in the parsers."""
    from dreidelpoker.limits import int_arg

    out = []
    for verb, game, gp in _game_parsers():
        command = gp.get_default("_command")
        example = tuple(command.examples[0]) if command.examples else ()
        for action in gp.arguments:
            if action.option_strings and action.type is int_arg:
                out.append((verb, game, example, action.option_strings[-1]))
    return out


INTEGER_OPTIONS = _integer_options()


def test_every_integer_option_reads_integers_strictly() -> None:
    """No option parses whole numbers with ``int()`` (which takes other scripts' digits)."""
    assert len(INTEGER_OPTIONS) > 40
    loose = []
    for verb, game, gp in _game_parsers():
        for action in gp.arguments:
            if action.type in (int, float):
                loose.append((verb, game, action.option_strings))
    assert not loose, loose


@pytest.mark.parametrize(("verb", "game", "example", "option"), INTEGER_OPTIONS,
                         ids=[f"{c[0]}-{c[1]}{c[3]}" for c in INTEGER_OPTIONS])
def test_non_ascii_digits_refused_by_every_integer_option(capsys: pytest.CaptureFixture[str], verb: str,
                                                          game: str, example: tuple[str, ...],
                                                          option: str) -> None:
    code, out, err = run_cli(capsys, verb, game, *example, f"{option}=٣")
    assert code == 2 and out == "" and "non-ASCII digit" in err and err.count("\n") == 1, err


def test_parser_forms_and_bounds() -> None:
    assert parse_exact("1/4") == Fraction(1, 4)
    assert parse_exact(" -3 / 8 ") == Fraction(-3, 8)
    assert parse_exact("0.1") == Fraction(1, 10)
    assert parse_exact(".5") == parse_exact("0.5") == parse_exact("1/2")
    assert parse_exact("2.") == 2
    assert parse_integer("+1_000") == 1000
    assert parse_float("1/8") == 0.125
    for bad in ("1e3", "nan", "inf", "-inf", "NaN", "oo", "1/0", "", " ", "1/2/3", "1__0", "0x10", "1.2.3",
                "pi", "E", "I", "(1)", "1 2", "--1", "+-1", "True", "1/-2"):
        with pytest.raises(InputError):
            parse_exact(bad)
    with pytest.raises(InputError, match="too many digits"):
        parse_exact("1" * (MAX_DIGITS + 1))
    with pytest.raises(InputError, match="too many digits"):
        parse_exact("1/" + "1" * (MAX_DIGITS + 1))
    with pytest.raises(InputError, match="too many digits"):
        parse_integer("9" * 5000)
    with pytest.raises(InputError, match="longer than"):
        parse_exact("x" * 300)
    assert parse_exact("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)


def test_sympy_number_never_reads_text_with_sympy() -> None:
    g = sympy.Symbol("g")
    assert sympy_number(g) is g
    assert sympy_number("3/4") == sympy.Rational(3, 4)
    assert sympy_number(Fraction(1, 3)) == sympy.Rational(1, 3)
    with pytest.raises(InputError):
        sympy_number("g")  # text naming a symbol is not a number; build sympy.Symbol in Python
    with pytest.raises(InputError, match="finite"):
        sympy_number(float("inf"))
    with pytest.raises(InputTypeError):
        sympy_number(True)

    class Sneaky:
        def __str__(self) -> str:
            return "__import__('os').getcwd()"

    with pytest.raises(InputTypeError):
        sympy_number(Sneaky())  # sympify(strict=True) does not fall back to str()


def test_callback_results_are_never_evaluated(tmp_path: Path, spy: list[str]) -> None:
    """``Distribution.expectation`` and ``MarkovChain.long_run_average`` take callbacks whose
    results once went through sympify; a text result is now read strictly."""
    from dreidelpoker.exact import Distribution
    from dreidelpoker.markov import MarkovChain

    marker = tmp_path / TAG
    payload = _payloads(marker)[0]
    d = Distribution.from_weights({"a": 1, "b": 3})
    assert d.expectation(lambda k: "1/2" if k == "a" else 2) == sympy.Rational(13, 8)
    with pytest.raises(InputError):
        d.expectation(lambda k: payload)
    chain = MarkovChain.from_matrix([[0, 1], [1, 0]])
    assert chain.long_run_average(lambda s: "3/2" if s else 0) == sympy.Rational(3, 4)
    with pytest.raises(InputError):
        chain.long_run_average(lambda s: payload)
    float_chain = MarkovChain.from_matrix([[0, 1], [1, 0]], exact=False)
    with pytest.raises(InputError):
        float_chain.long_run_average(lambda s: "nan")
    assert not marker.exists() and not spy


def test_markov_text_probabilities_are_strict() -> None:
    from dreidelpoker.markov import MarkovChain

    for bad in ("nan", "٣/٤", "1e-1", "9**9**9"):
        with pytest.raises(InputError):
            MarkovChain.from_matrix([[bad, "1/4"], [0, 1]], exact=False)
        with pytest.raises(InputError):
            MarkovChain.from_matrix([[bad, "1/4"], [0, 1]])


def test_vary_values_are_strict(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, "sweep", "queenie", "--games", "2", "--vary", "players=٣,4")
    assert code == 2 and err.count("\n") == 1, err
