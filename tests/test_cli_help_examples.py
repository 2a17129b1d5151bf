"""The examples printed by ``simulate GAME --help`` run as written (with fewer games)."""

from __future__ import annotations

import re

import pytest

from dreidelpoker.cli import main
from dreidelpoker.games.registry import playable_games
from dreidelpoker.play.result import plural


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize("game", [g.name for g in playable_games()])
def test_simulate_help_example_runs(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(["simulate", game], capsys)
    m = re.search(r"Example: dreidelpoker (simulate .*)", text)
    if m is None:
        pytest.skip(f"{game} has its own simulate command without an example")
    argv = m.group(1).split()
    argv[argv.index("--games") + 1] = "2"
    assert main(argv) == 0, capsys.readouterr().err


def test_a_game_with_one_player_count_needs_no_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "skirmish", "--games", "2", "--seed", "1", "--deck", "1-6x2",
                 "--line-size", "2", "--pile-size", "2"]) == 0
    assert "skirmish: 2 games, 2 players" in capsys.readouterr().out


def test_missing_players_says_what_is_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "two-dreidel", "--games", "2"]) == 2
    assert "players: give the number of players (2 to 8 for two-dreidel)" in capsys.readouterr().err


def test_round_names_are_pluralised() -> None:
    assert [plural(w) for w in ("hand", "spin", "deal", "skirmish")] == ["hands", "spins", "deals", "skirmishes"]
    from dreidelpoker.games.skirmish import SkirmishRules
    from dreidelpoker.play import simulate

    res = simulate(SkirmishRules(deck=(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6), line_size=2, pile_size=2),
                   players=2, games=2, seed=1, progress=False)
    assert res.length_metric == "skirmishes" and "rounds" not in res.metric_names


def test_sweep_fill_lineup_without_players(capsys: pytest.CaptureFixture[str]) -> None:
    # one player count: the fill line-up needs no --players
    assert main(["sweep", "skirmish", "--games", "2", "--line-sizes", "2", "--ties", "war",
                 "--bots", "greedy,random*"]) == 0
    assert "greedy,random*" in capsys.readouterr().out
    # several: one line saying what is missing, not an internal error
    assert main(["sweep", "two-dreidel", "--games", "2", "--decks", "1-5-5-1", "--bots", "equity,random*"]) == 2
    assert "players: a line-up filled per player count (equity,random*) needs the player counts" in capsys.readouterr().err


def test_sweep_bots_help_names_this_games_bots(capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(_help(["sweep", "skirmish"], capsys).split())
    assert "known: greedy, optimal, random, spendthrift" in text and "equity" not in text
    assert "game length in skirmishes" in text


@pytest.mark.parametrize("game", ["skirmish", "queenie"])
def test_sweep_help_example_runs(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(["sweep", game], capsys)
    argv = re.search(r"Example: dreidelpoker (sweep .*)", text).group(1).split()  # type: ignore[union-attr]
    argv[argv.index("--games") + 1] = "1"
    if game == "skirmish":
        argv += ["--ties", "war"]
    assert main(argv) == 0, capsys.readouterr().err


def test_sweep_skirmish_takes_the_fixed_rules_options(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["sweep", "skirmish", "--games", "2", "--ties", "war", "--line-sizes", "2", "--deck", "1-6x2",
                 "--pile-size", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cells"][0]["rules"] == "tie=war, line=2"
    import argparse

    from dreidelpoker.games.skirmish.play import PLAY_CLI, add_sweep_arguments, rules_grid_from_args
    from dreidelpoker.games.skirmish.rules import SkirmishRules
    from dreidelpoker.rules_cli import add_rules_flags

    parser = argparse.ArgumentParser()
    add_sweep_arguments(parser)
    add_rules_flags(parser, SkirmishRules, exclude=dict(PLAY_CLI.sweep_fields))
    grid = rules_grid_from_args(parser.parse_args(["--ties", "war", "--deck", "1-6x2", "--pile-size", "2"]))
    (rules,) = grid.values()
    assert rules.deck == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6) and rules.pile_size == 2
    assert main(["sweep", "skirmish", "--games", "2", "--deck", "1-6"]) == 2
    err = capsys.readouterr().err
    assert "--deck: deck: expected" in err and err.count("\n") == 1
