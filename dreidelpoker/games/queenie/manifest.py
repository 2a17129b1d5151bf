"""Queenie's manifest: what the registry reads before importing any of the game
(listed under the entry-point group ``dreidelpoker.games`` in ``pyproject.toml``)."""

from __future__ import annotations

from ..registry import GameManifest

__all__ = ["MANIFEST"]

MANIFEST = GameManifest(
    name="queenie",
    title="Queenie",
    summary="The two-pot card game: sessions of deals with bots, exact dead-Queen and blocked-deal odds.",
    rules="dreidelpoker.games.queenie.rules:QueenieRules",
    play="dreidelpoker.games.queenie.play:PLAY",
    play_cli="dreidelpoker.games.queenie.play:PLAY_CLI",
    explorers={
        "deal": "dreidelpoker.widgets.queenie:queenie_explorer",
    },
    searchable=True,
)
