"""Classic dreidel's manifest: what the registry reads before importing any of the game
(listed under the entry-point group ``dreidelpoker.games`` in ``pyproject.toml``)."""

from __future__ import annotations

from ..registry import GameManifest

__all__ = ["MANIFEST"]

MANIFEST = GameManifest(
    name="classic-dreidel",
    title="Classic dreidel",
    summary="The traditional game as an absorbing Markov chain: length and seat unfairness.",
    rules="dreidelpoker.games.classic_dreidel.rules:ClassicDreidelRules",
    play="dreidelpoker.games.classic_dreidel.play:PLAY",
    play_cli="dreidelpoker.games.classic_dreidel.play:PLAY_CLI",
    commands="dreidelpoker.games.classic_dreidel.cli:COMMANDS",
    command_help={
        "chain": "expected number of spins and each seat's win probability (absorbing Markov chain)",
    },
    explorers={
        "table": "dreidelpoker.widgets.classic_dreidel:classic_dreidel_explorer",
    },
    searchable=True,
)
