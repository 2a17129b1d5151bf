"""The command line's table of contents: every built-in ``dreidelpoker VERB GAME`` command
and its one-line help, so that ``dreidelpoker --help`` and ``dreidelpoker VERB --help``
list every command without importing any game (sympy, numpy, scipy and the game modules
load only when a command runs, or its own ``--help`` is asked for).

This is data copied from the registry: ``tests/test_cli_lazy.py`` checks that it equals
what the registered games declare ([`dreidelpoker.cli.command_index`][dreidelpoker.cli.command_index]), and prints the
new table to paste here when a game adds, removes or rewords a command.
"""

from __future__ import annotations

__all__ = ["BUILTIN_COMMANDS", "BUILTIN_COMMAND_MODULES"]

#: game -> the module whose ``COMMANDS`` is that game's own ``GameInfo.commands``: running one
#: of those commands imports that module, not the game's registry entry (whose analysis and
#: play specs load numpy and the solvers).
BUILTIN_COMMAND_MODULES: dict[str, str] = {
    "classic-dreidel": "dreidelpoker.games.classic_dreidel.cli",
    "dice-poker": "dreidelpoker.games.dice_poker.cli",
    "domino-poker": "dreidelpoker.games.domino_poker.cli",
    "skirmish": "dreidelpoker.games.skirmish.cli",
    "two-dreidel": "dreidelpoker.games.two_dreidel.cli",
}

#: verb -> {game -> one-line help}, verbs in the order ``--help`` lists them, games by name.
BUILTIN_COMMANDS: dict[str, dict[str, str]] = {
    "odds": {
        "domino-poker": "blocking: an opponent's exact category odds given the tiles you hold",
        "two-dreidel": "exact distribution of the kept two-card hand from a fresh deck",
    },
    "equity": {
        "dice-poker": "exact (or Monte Carlo) equity of your dice and known cards against opponents' dice",
        "domino-poker": "exact win / tie / lose / equity of a hand against 1 to 3 opponents",
        "two-dreidel": "exact equity of a kept hand, or of each put-back choice for drawn cards, against opponents "
                       "drawing from fresh decks or known by their public discards",
    },
    "table": {
        "dice-poker": "exact category table (whole space, or given dice and known cards) with inversions flagged",
        "domino-poker": "exact category table over the 15,504 hands, with rank-versus-probability inversions",
    },
    "chain": {
        "classic-dreidel": "expected number of spins and each seat's win probability (absorbing Markov chain)",
        "two-dreidel": "the exact deck-cycle Markov chain: long-run kept-hand frequencies, states, period",
    },
    "simulate": {
        "classic-dreidel": "play seeded whole games of Classic dreidel with bots; win rates and metrics with 95% intervals",
        "dice-poker": "play seeded whole games of Dice Poker (Sycarion) with bots; win rates and metrics with 95% "
                      "intervals",
        "queenie": "play seeded whole games of Queenie with bots; win rates and metrics with 95% intervals",
        "skirmish": "play seeded whole games of Skirmish with bots; win rates and metrics with 95% intervals",
        "two-dreidel": "play seeded whole games of Two Dreidel with bots; win rates and metrics with 95% intervals",
    },
    "sweep": {
        "classic-dreidel": "simulate Classic dreidel over rules variants x player counts x bot line-ups",
        "dice-poker": "simulate Dice Poker (Sycarion) over rules variants x player counts x bot line-ups",
        "queenie": "simulate Queenie over rules variants x player counts x bot line-ups",
        "skirmish": "simulate Skirmish over rules variants x player counts x bot line-ups",
        "two-dreidel": "simulate Two Dreidel over rules variants x player counts x bot line-ups",
    },
    "design": {
        "queenie": "search Queenie's rules for variants that meet your targets (Optuna, resumable on SQLite)",
        "skirmish": "search Skirmish's rules for variants that meet your targets (Optuna, resumable on SQLite)",
        "two-dreidel": "search Two Dreidel's rules for variants that meet your targets (Optuna, resumable on SQLite)",
    },
    "solve": {
        "domino-poker": "CFR+ equilibrium of the heads-up betting round: value, bluff and value-bet frequencies by "
                        "category",
        "skirmish": "the capture phase solved exactly: value, best capture, principal line",
        "two-dreidel": "equilibrium of the heads-up spin game: call/bet strategy per hand, value, bluffing, "
                       "exploitability",
    },
    "explore": {
        "classic-dreidel": "open the Classic dreidel explorer live in Voilà",
        "dice-poker": "open the Dice Poker (Sycarion) explorer live in Voilà",
        "domino-poker": "open the Domino Poker explorer live in Voilà",
        "queenie": "open the Queenie explorer live in Voilà",
        "skirmish": "open the Skirmish explorer live in Voilà",
        "two-dreidel": "open the Two Dreidel explorer live in Voilà",
    },
}
