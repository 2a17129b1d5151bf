"""One conformance test over every registered game (OpenSpiel-style); the checks are in
``tests/conformance.py``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dreidelpoker.games.registry import games, get_game
from dreidelpoker.games.registry import GameInfo

from .conformance import CHECKS, check_cli

#: The library's own games, pinned: a game added to the library adds its name here (a game
#: from another installed package joins the suite too: tests/test_game_from_another_package.py).
REGISTERED = [
    "classic-dreidel",
    "dice-poker",
    "domino-poker",
    "queenie",
    "skirmish",
    "two-dreidel",
]

GAMES = games()


def test_the_library_games_are_pinned() -> None:
    from importlib.metadata import distribution

    own = [ep.name for ep in distribution("dreidelpoker").entry_points if ep.group == "dreidelpoker.games"]
    assert sorted(own) == sorted(REGISTERED)
    assert set(REGISTERED) <= {g.name for g in GAMES}


def test_registry_lookup() -> None:
    with pytest.raises(ValueError, match="unknown game 'poker'; known games"):
        get_game("poker")
    assert get_game("two-dreidel") is next(g for g in GAMES if g.name == "two-dreidel")


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__.removeprefix("check_"))
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_conformance(game: GameInfo, check: Callable[[GameInfo], None]) -> None:
    check(game)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_cli_conformance(capsys: pytest.CaptureFixture[str], game: GameInfo) -> None:
    check_cli(game, capsys)
