"""Dice Poker (Sycarion)'s manifest: what the registry reads before importing any of the game
(listed under the entry-point group ``dreidelpoker.games`` in ``pyproject.toml``)."""

from __future__ import annotations

from ..registry import GameManifest

__all__ = ["MANIFEST"]

MANIFEST = GameManifest(
    name="dice-poker",
    title="Dice Poker (Sycarion)",
    summary="Three public dice, summed or alone, plus three hidden cards: six-value poker with no flushes.",
    rules="dreidelpoker.games.dice_poker.rules:DicePokerRules",
    analysis="dreidelpoker.games.dice_poker.analysis:DICE_POKER",
    play="dreidelpoker.games.dice_poker.play:PLAY",
    play_cli="dreidelpoker.games.dice_poker.play:PLAY_CLI",
    commands="dreidelpoker.games.dice_poker.cli:COMMANDS",
    command_help={
        "equity": "exact (or Monte Carlo) equity of your dice and known cards against opponents' dice",
        "table": "exact category table (whole space, or given dice and known cards) with inversions flagged",
        "solve": "heads-up equilibrium of one betting structure (equity-bucket abstraction): values, bluffing, "
                 "pace and every bot's exploitability",
    },
    explorers={
        "table": "dreidelpoker.widgets.dice_poker:dice_poker_explorer",
    },
    searchable=True,
)
