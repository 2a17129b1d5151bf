"""Every ``--help`` page fits in 100 columns, however wide the terminal (a new user's review
found descriptions of 270 columns), and keeps its examples one a line."""

from __future__ import annotations

import pytest

from dreidelpoker import cli, rules_cli
from dreidelpoker.cli import command_index

PAGES = [(verb,) for verb in command_index()] + [
    (verb, game) for verb, games in command_index().items() for game in games]


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as info:
        cli.build_parser().parse_args([*args, "--help"])
    assert info.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("columns", [250, 80])
def test_top_help_fits(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    text = _help(capsys)
    assert max(map(len, text.splitlines())) <= min(rules_cli.HELP_WIDTH, columns)
    assert "Examples: dreidelpoker odds two-dreidel --deck 2-6-6-2 --json\n" in text  # one example a line


@pytest.mark.parametrize("args", PAGES, ids=" ".join)
def test_every_help_page_fits_in_100_columns(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                             args: tuple[str, ...]) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    lines = _help(capsys, *args).splitlines()
    wide = [line for line in lines if len(line) > rules_cli.HELP_WIDTH]
    assert not wide, f"{' '.join(args)} --help: {len(wide)} line(s) over {rules_cli.HELP_WIDTH} columns: {wide[0][:120]}"
