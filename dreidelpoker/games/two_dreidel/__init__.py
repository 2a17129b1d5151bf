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
name is listed in ``_LAZY`` as ``name -> submodule`` and imported on first access
(``dreidelpoker._lazy.lazy_exports``, as every package does), so the CLI's ``odds
two-dreidel`` loads the rules, the deck and the odds only (no sympy, numpy or scipy). A new
public name adds one line to ``_LAZY`` and ``__all__``; never import a submodule at the top
of this file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports

#: Public name -> the submodule (relative to this package) that defines it.
_LAZY: dict[str, str] = {
    # deck_cycle.chain
    "DeckChain": ".deck_cycle.chain",
    "HeadsUpLongRun": ".deck_cycle.chain",
    "deck_chain": ".deck_cycle.chain",
    "heads_up_long_run": ".deck_cycle.chain",
    # rulebook.deck
    "DeckState": ".rulebook.deck",
    # odds.equity
    "equity": ".odds.equity",
    "equity_table": ".odds.equity",
    "heads_up_matrix": ".odds.equity",
    "possible_hands": ".odds.equity",
    # odds.kept_hand
    "KeptHandFormulas": ".odds.kept_hand",
    "kept_hand_distribution": ".odds.kept_hand",
    "kept_hand_formulas": ".odds.kept_hand",
    # deck_cycle.policies
    "POLICIES": ".deck_cycle.policies",
    "greedy_equity_policy": ".deck_cycle.policies",
    # rulebook.ranking
    "compare": ".rulebook.ranking",
    "format_hand": ".rulebook.ranking",
    "parse_hand": ".rulebook.ranking",
    "showdown": ".rulebook.ranking",
    "trumps": ".rulebook.ranking",
    # rulebook.rules
    "TwoDreidelRules": ".rulebook.rules",
    # deck_cycle.strategy
    "BestResponse": ".deck_cycle.strategy",
    "EquilibriumResult": ".deck_cycle.strategy",
    "best_put_back_policy": ".deck_cycle.strategy",
    "exploitability": ".deck_cycle.strategy",
    "put_back_equilibrium": ".deck_cycle.strategy",
    # odds.at_the_table
    "TableReport": ".odds.at_the_table",
    "at_the_table": ".odds.at_the_table",
    # whole_game.play
    "TwoDreidelGame": ".whole_game.play",
    "new_game": ".whole_game.play",
    # play_spec
    "PLAY": ".play_spec",
    # whole_game bots
    "calling_station_bot": ".whole_game.bots",
    "random_bot": ".whole_game.bots",
    "tight_bot": ".whole_game.bots",
    "equity_bot": ".whole_game.equity_bot",
    # spin_game
    "equilibrium_bot": ".spin_game.equilibrium_bot",
    "SpinGameSolution": ".spin_game.solve",
    "solve_spin_game": ".spin_game.solve",
    # odds.information
    "OpponentPosterior": ".odds.information",
    "opponent_posterior": ".odds.information",
    "table_posteriors": ".odds.information",
    # odds.spin_decision
    "SpinDecision": ".odds.spin_decision",
    "SpinTable": ".odds.spin_decision",
    "spin_decision": ".odds.spin_decision",
    "spin_table": ".odds.spin_decision",
    # odds.table
    "PutBackTable": ".odds.table",
    "before_draw_equity": ".odds.table",
    "monte_carlo_equity": ".odds.table",
    "put_back_equities": ".odds.table",
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


__getattr__, __dir__ = lazy_exports(__name__, {name: f"{module}:{name}" for name, module in _LAZY.items()})
