"""Skirmish's manifest: what the registry reads before importing any of the game
(listed under the entry-point group ``dreidelpoker.games`` in ``pyproject.toml``)."""

from __future__ import annotations

from ..registry import GameManifest

__all__ = ["MANIFEST"]

MANIFEST = GameManifest(
    name="skirmish",
    title="Skirmish",
    summary="The War variant: whole games on the engine, the capture phase solved exactly.",
    rules="dreidelpoker.games.skirmish.rules:SkirmishRules",
    play="dreidelpoker.games.skirmish.play:PLAY",
    play_cli="dreidelpoker.games.skirmish.play:PLAY_CLI",
    commands="dreidelpoker.games.skirmish.cli:COMMANDS",
    command_help={
        "solve": "the capture phase solved exactly: value, best capture, principal line",
    },
    explorers={
        "table": "dreidelpoker.widgets.skirmish:skirmish_explorer",
    },
    searchable=True,
)
