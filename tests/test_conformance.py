"""One conformance test over every registered game (OpenSpiel-style)."""

from __future__ import annotations

import dataclasses
import json
import re
from fractions import Fraction
from typing import Any

import pytest

from dreidelpoker.cli import main
from dreidelpoker.games import games, get_game
from dreidelpoker.play.cli import all_commands

GAMES = games()
COMMANDS = [(g.name, verb, cmd) for g in GAMES for verb, cmd in all_commands(g).items()]
FRACTION = re.compile(r"^-?\d+(/\d+)?$")


def test_registry_lookup() -> None:
    assert [g.name for g in GAMES] == sorted(g.name for g in GAMES)
    with pytest.raises(ValueError, match="unknown game 'poker'; known games"):
        get_game("poker")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_rules_are_frozen_keyword_only_with_defaults(game: Any) -> None:
    rules = game.rules_type()
    assert dataclasses.is_dataclass(rules)
    field = dataclasses.fields(rules)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rules, field, getattr(rules, field))
    assert dataclasses.replace(rules) == rules
    with pytest.raises(TypeError):
        game.rules_type(*[getattr(rules, f.name) for f in dataclasses.fields(rules)][:1])
    assert game.title and game.summary


def _check_fractions(value: Any) -> None:
    if isinstance(value, dict):
        for v in value.values():
            _check_fractions(v)
    elif isinstance(value, list):
        for v in value:
            _check_fractions(v)
    elif isinstance(value, str) and FRACTION.match(value):
        Fraction(value)


@pytest.mark.parametrize(("game", "verb", "cmd"), COMMANDS, ids=[f"{v}-{g}" for g, v, _ in COMMANDS])
def test_cli_commands_help_and_examples(
    capsys: pytest.CaptureFixture[str], game: str, verb: str, cmd: Any
) -> None:
    with pytest.raises(SystemExit) as exc:
        main([verb, game, "--help"])
    assert exc.value.code == 0
    assert "--json" in capsys.readouterr().out
    assert cmd.examples, f"{verb} {game} declares no examples for the conformance test"
    for args in cmd.examples:
        assert main([verb, game, *args, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        _check_fractions(data)
        assert main([verb, game, *args]) == 0
        assert capsys.readouterr().out.strip()
