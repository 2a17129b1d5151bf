"""Two Dreidel's manifest: what the registry reads before importing any of the game
(listed under the entry-point group ``dreidelpoker.games`` in ``pyproject.toml``)."""

from __future__ import annotations

from ..registry import GameManifest

__all__ = ["MANIFEST"]

MANIFEST = GameManifest(
    name="two-dreidel",
    title="Two Dreidel",
    summary="Dreidel-flavoured high-card poker from private Dominion-style decks.",
    rules="dreidelpoker.games.two_dreidel.rulebook.rules:TwoDreidelRules",
    analysis="dreidelpoker.games.two_dreidel.odds.analysis:TWO_DREIDEL",
    play="dreidelpoker.games.two_dreidel.play_spec:PLAY",
    play_cli="dreidelpoker.games.two_dreidel.play_spec:PLAY_CLI",
    commands="dreidelpoker.games.two_dreidel.cli:COMMANDS",
    command_help={
        "odds": "exact distribution of the kept two-card hand from a fresh deck",
        "equity": "exact equity of a kept hand, or of each put-back choice for drawn cards, against opponents "
                  "drawing from fresh decks or known by their public discards",
        "chain": "the exact deck-cycle Markov chain: long-run kept-hand frequencies, states, period",
        "solve": "equilibrium of the heads-up spin game: call/bet strategy per hand, value, bluffing, exploitability",
    },
    explorers={
        "table": "dreidelpoker.widgets.two_dreidel:two_dreidel_explorer",
        "designer": "dreidelpoker.widgets.two_dreidel:two_dreidel_designer",
    },
    searchable=True,
)
