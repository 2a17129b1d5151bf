"""The toy game's manifest: the one thing dreidelpoker reads before importing the game."""

from __future__ import annotations

from dreidelpoker.games.registry import GameManifest

MANIFEST = GameManifest(
    name="toy-duel",
    title="Duel (toy)",
    summary="One card each from a small deck; raise or check, stay or leave; the higher card wins.",
    rules="dreidelpoker_toy_duel.rules:DuelRules",
    analysis="dreidelpoker_toy_duel.analysis:DUEL",
    play="dreidelpoker_toy_duel.play:PLAY",
    searchable=True,  # DuelRules declares a search_space
)
