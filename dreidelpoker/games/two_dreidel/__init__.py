"""Two Dreidel and its family ("Plugin Poker"): rules, ranking, exact odds and equity,
the deck cycle, whole games and the spin game.

The package has one room per concept, each lower room knowing nothing of the higher ones:

- ``rulebook``: the rules object, hand ranking, deck states, deck sizes and the chip rules
  of one hand (buy-ins, bet ranges, showdown payouts).
- ``deck_cycle``: put-back policies, the exact deck-cycle Markov chain and the best
  put-back strategy.
- ``odds``: kept-hand odds, exact equity, what a player knows of an opponent, equity at the
  table and spin decisions.
- ``whole_game``: whole games played to the last chip, and the bots that play them.
- ``spin_game``: the heads-up spin game, its solver and the ``equilibrium`` bot built on it.

The doors the registry opens stay at the top: ``manifest`` (read before anything else),
``play_spec`` (the whole-game entry), ``cli`` and ``table_cli`` (the commands) and
``designer`` (a variant's numbers across all rooms).

Lazy imports: ``from dreidelpoker.games import two_dreidel`` loads no submodule. Every public
name is listed in ``_EXPORTS`` with the submodule that defines it and imported on first access
(``dreidelpoker._lazy.lazy_exports``, as every package does), so the CLI's ``odds
two-dreidel`` loads the rules, the deck and the odds only (no sympy, numpy or scipy). A new
public name goes into ``_EXPORTS`` and ``__all__``; never import a submodule at the top
of this file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports, names_from

#: Public name -> where it is defined; each is imported on first access.
_EXPORTS = {
    **names_from(".deck_cycle.chain", "DeckChain", "HeadsUpLongRun", "deck_chain", "heads_up_long_run"),
    **names_from(".rulebook.deck", "DeckState"),
    **names_from(".odds.equity", "equity", "equity_table", "heads_up_matrix", "possible_hands"),
    **names_from(".odds.kept_hand", "KeptHandFormulas", "kept_hand_distribution", "kept_hand_formulas"),
    **names_from(".deck_cycle.policies", "POLICIES", "greedy_equity_policy"),
    **names_from(".rulebook.ranking", "compare", "format_hand", "parse_hand", "showdown", "trumps"),
    **names_from(".rulebook.rules", "TwoDreidelRules"),
    **names_from(".deck_cycle.strategy", "BestResponse", "EquilibriumResult", "best_put_back_policy",
                 "exploitability", "put_back_equilibrium"),
    **names_from(".odds.at_the_table", "TableReport", "at_the_table"),
    **names_from(".whole_game.play", "TwoDreidelGame", "new_game"),
    **names_from(".play_spec", "PLAY"),
    **names_from(".whole_game.bots", "calling_station_bot", "random_bot", "tight_bot"),
    **names_from(".whole_game.equity_bot", "equity_bot"),
    **names_from(".spin_game.equilibrium_bot", "equilibrium_bot"),
    **names_from(".spin_game.solve", "SpinGameSolution", "solve_spin_game"),
    **names_from(".odds.information", "OpponentPosterior", "opponent_posterior", "table_posteriors"),
    **names_from(".odds.spin_decision", "SpinDecision", "SpinTable", "spin_decision", "spin_table"),
    **names_from(".odds.table", "PutBackTable", "before_draw_equity", "monte_carlo_equity",
                 "put_back_equities"),
}

if TYPE_CHECKING:  # static checkers see the real names
    from .deck_cycle.chain import DeckChain, HeadsUpLongRun, deck_chain, heads_up_long_run
    from .rulebook.deck import DeckState
    from .odds.equity import equity, equity_table, heads_up_matrix, possible_hands
    from .odds.kept_hand import KeptHandFormulas, kept_hand_distribution, kept_hand_formulas
    from .deck_cycle.policies import POLICIES, greedy_equity_policy
    from .rulebook.ranking import compare, format_hand, parse_hand, showdown, trumps
    from .rulebook.rules import TwoDreidelRules
    from .deck_cycle.strategy import (
        BestResponse, EquilibriumResult, best_put_back_policy, exploitability, put_back_equilibrium,
    )
    from . import deck_cycle, odds, rulebook, spin_game, whole_game
    from .odds.at_the_table import TableReport, at_the_table
    from .whole_game.play import TwoDreidelGame, new_game
    from .play_spec import PLAY
    from .whole_game.bots import calling_station_bot, random_bot, tight_bot
    from .whole_game.equity_bot import equity_bot
    from .spin_game.equilibrium_bot import equilibrium_bot
    from .spin_game.solve import SpinGameSolution, solve_spin_game
    from .odds.information import OpponentPosterior, opponent_posterior, table_posteriors
    from .odds.spin_decision import SpinDecision, SpinTable, spin_decision, spin_table
    from .odds.table import PutBackTable, before_draw_equity, monte_carlo_equity, put_back_equities

__all__ = [
    "BestResponse", "DeckChain", "DeckState", "EquilibriumResult", "HeadsUpLongRun",
    "KeptHandFormulas", "OpponentPosterior", "PLAY", "POLICIES", "PutBackTable", "SpinDecision",
    "SpinGameSolution", "SpinTable", "TableReport", "TwoDreidelGame", "TwoDreidelRules",
    "at_the_table", "before_draw_equity", "best_put_back_policy", "calling_station_bot", "compare",
    "deck_chain", "deck_cycle", "equilibrium_bot", "equity", "equity_bot", "equity_table",
    "exploitability", "format_hand", "greedy_equity_policy", "heads_up_long_run", "heads_up_matrix",
    "kept_hand_distribution", "kept_hand_formulas", "monte_carlo_equity", "new_game", "odds",
    "opponent_posterior", "parse_hand", "possible_hands", "put_back_equilibrium",
    "put_back_equities", "random_bot", "rulebook", "showdown", "solve_spin_game", "spin_decision",
    "spin_game", "spin_table", "table_posteriors", "tight_bot", "trumps", "whole_game",
]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
