"""Domino Poker's manifest: what the registry reads before importing any of the game
(listed under the entry-point group ``dreidelpoker.games`` in ``pyproject.toml``)."""

from __future__ import annotations

from ..registry import GameManifest

__all__ = ["MANIFEST"]

MANIFEST = GameManifest(
    name="domino-poker",
    title="Domino Poker",
    summary="Five-tile poker with a 20-tile double-six set (no blanks, no [1-1]).",
    rules="dreidelpoker.games.domino_poker.rules:DominoPokerRules",
    analysis="dreidelpoker.games.domino_poker.analysis:DOMINO_POKER",
    play="dreidelpoker.games.domino_poker.play:PLAY",
    play_cli="dreidelpoker.games.domino_poker.play:PLAY_CLI",
    commands="dreidelpoker.games.domino_poker.cli:COMMANDS",
    command_help={
        "odds": "blocking: an opponent's exact category odds given the tiles you hold",
        "equity": "exact win / tie / lose / equity of a hand against 1 to 3 opponents",
        "table": "exact category table over the 15,504 hands, with rank-versus-probability inversions",
        "solve": "CFR+ equilibrium of the betting round (2 to 4 players): values, best-response gains, bluffing",
    },
    explorers={
        "table": "dreidelpoker.widgets.domino_poker:explorer",
    },
    searchable=True,
)
